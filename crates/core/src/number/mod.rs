//! Exact numbers: a fast overflow-checked rational and the big-number fallback.
//!
//! The search is generic over [`Number`] so that the same code runs on the
//! fast [`Rational`] (64-bit parts, 128-bit intermediates) and, when that
//! overflows, on [`BigRational`], which cannot. An overflow is therefore never
//! a wrong answer and never a silently missing solution.

use std::cmp::Ordering;
use std::fmt;
use std::hash::Hash;
use std::num::NonZeroI64;
use std::str::FromStr;

use num_bigint::BigInt;
pub use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// An exact rational number of any size: `num/den` in lowest terms with
/// 64-bit parts, or a larger value kept for the process (see `big`).
///
/// Arithmetic is checked: an operation on values beyond 64-bit parts, or
/// whose exact result does not fit in them, returns `None` rather than a
/// wrong value; [`Rational::to_big`] computes on without limits.
///
/// ```
/// use reckon_core::Rational;
/// let r: Rational = "8/3".parse().unwrap();
/// let three = Rational::from_integer(3);
/// assert_eq!(three.checked_sub(r).unwrap().to_string(), "1/3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i64,
    /// Never zero, and typed so: `Option<Rational>` and an `Expr` take
    /// 16 bytes, not 24, and an option comes back from arithmetic in two
    /// registers. Negative for a kept value (see `big`).
    den: NonZeroI64,
}

/// The denominator of every whole number.
const WHOLE: NonZeroI64 = NonZeroI64::new(1).unwrap();

// The zero a denominator never is marks `None`, as the layout promises.
const _: () = assert!(size_of::<Option<Rational>>() == size_of::<Rational>());

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: WHOLE };
    /// One.
    pub const ONE: Rational = Rational { num: 1, den: WHOLE };

    /// The whole number `n`.
    pub const fn from_integer(n: i64) -> Rational {
        Rational { num: n, den: WHOLE }
    }

    /// `num/den` in lowest terms; `None` when `den` is zero or the reduced
    /// value does not fit.
    pub fn new(num: i64, den: i64) -> Option<Rational> {
        if den == 0 {
            return None;
        }
        Rational::from_wide(i128::from(num), i128::from(den))
    }

    /// Reduces a 128-bit fraction and narrows it, or `None` if it does not fit.
    fn from_wide(num: i128, den: i128) -> Option<Rational> {
        debug_assert!(den != 0);
        let (num, den) = if den < 0 { (num.checked_neg()?, den.checked_neg()?) } else { (num, den) };
        // Usually both fit in 64 bits, where dividing by the gcd is one
        // instruction instead of a call.
        if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den)) {
            // The gcd divides `d`, so it fits, and `n / g` cannot overflow.
            let g = i64::try_from(gcd_u64(n.unsigned_abs(), d.unsigned_abs())).ok()?;
            return Rational::of_parts(n / g, d / g);
        }
        let g = gcd_u128(num.unsigned_abs(), den.unsigned_abs());
        let g = i128::try_from(g).ok()?;
        let (num, den) = if g > 1 { (num / g, den / g) } else { (num, den) };
        Rational::of_parts(i64::try_from(num).ok()?, i64::try_from(den).ok()?)
    }

    /// `num/den`, already in lowest terms with `den > 0`; `None` only
    /// for a zero `den`, which lowest terms never leave.
    #[inline(always)]
    fn of_parts(num: i64, den: i64) -> Option<Rational> {
        Some(Rational { num, den: NonZeroI64::new(den)? })
    }

    /// The numerator and the denominator (positive), if the value has
    /// 64-bit parts.
    ///
    /// ```
    /// use reckon_core::Rational;
    /// assert_eq!("-6/4".parse::<Rational>().unwrap().parts(), Some((-3, 2)));
    /// assert_eq!("2/18446744073709551616".parse::<Rational>().unwrap().parts(), None);
    /// ```
    pub const fn parts(self) -> Option<(i64, i64)> {
        if self.is_kept() { None } else { Some((self.num, self.den.get())) }
    }

    /// The numerator of a value with 64-bit parts, for the engines' fast
    /// paths, which never hold a kept value (of one, its sign).
    pub(crate) const fn numer(self) -> i64 {
        self.num
    }

    /// The value as a 64-bit whole number, if it is one.
    pub const fn to_i64(self) -> Option<i64> {
        if self.has_whole_parts() { Some(self.num) } else { None }
    }

    /// Is this a whole number?
    #[inline]
    pub fn is_integer(self) -> bool {
        self.has_whole_parts() || self.is_kept() && big::is_integer(self)
    }

    /// Is this a whole number with 64-bit parts? The test every fast path
    /// of the arithmetic starts with.
    const fn has_whole_parts(self) -> bool {
        self.den.get() == 1
    }

    /// Is this a value beyond 64-bit parts, kept for the process?
    pub(crate) const fn is_kept(self) -> bool {
        self.den.get() < 0
    }

    /// Is this exactly zero?
    pub const fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Is this greater than zero?
    pub const fn is_positive(self) -> bool {
        self.num > 0
    }

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Rational) -> Option<Rational> {
        if self.has_whole_parts() && other.has_whole_parts() {
            return self.num.checked_add(other.num).map(Rational::from_integer);
        }
        if self.is_kept() || other.is_kept() {
            return None;
        }
        if let Some(sum) = self.plus_whole(other) {
            return Some(sum);
        }
        let (a, b, c, d) = self.wide_parts(other);
        Rational::from_wide(a.checked_mul(d)?.checked_add(c.checked_mul(b)?)?, b.checked_mul(d)?)
    }

    /// `self - other`, or `None` on overflow.
    pub fn checked_sub(self, other: Rational) -> Option<Rational> {
        if self.has_whole_parts() && other.has_whole_parts() {
            return self.num.checked_sub(other.num).map(Rational::from_integer);
        }
        if self.is_kept() || other.is_kept() {
            return None;
        }
        if let Some(difference) = self.minus_whole(other) {
            return Some(difference);
        }
        let (a, b, c, d) = self.wide_parts(other);
        Rational::from_wide(a.checked_mul(d)?.checked_sub(c.checked_mul(b)?)?, b.checked_mul(d)?)
    }

    /// `self * other`, or `None` on overflow. Whole numbers, most values
    /// met, are multiplied where the call is; the rest out of line.
    #[inline]
    pub fn checked_mul(self, other: Rational) -> Option<Rational> {
        if self.has_whole_parts() && other.has_whole_parts() {
            return self.num.checked_mul(other.num).map(Rational::from_integer);
        }
        self.times_fraction(other)
    }

    /// [`Rational::checked_mul`] where a value is a fraction.
    #[inline(never)]
    fn times_fraction(self, other: Rational) -> Option<Rational> {
        if self.is_kept() || other.is_kept() {
            return None;
        }
        if let Some(product) = self.times_whole(other) {
            return Some(product);
        }
        let (a, b, c, d) = self.wide_parts(other);
        Rational::from_wide(a * c, b * d)
    }

    /// `self / other`, or `None` on overflow or when `other` is zero.
    /// Whole numbers that divide exactly, most divisions met, are divided
    /// where the call is, with no wide arithmetic or gcd; the rest out of
    /// line, whole numbers that leave a remainder by a gcd of their own.
    #[inline]
    pub fn checked_div(self, other: Rational) -> Option<Rational> {
        if self.has_whole_parts() && other.has_whole_parts() && other.num != 0 {
            match self.num.checked_rem(other.num) {
                Some(0) => return self.num.checked_div(other.num).map(Rational::from_integer),
                // One gcd in 64 bits, out of line.
                Some(_) => return Rational::whole_over_whole(self.num, other.num),
                // `i64::MIN / -1` goes the wide way.
                None => {}
            }
        }
        self.over_fraction(other)
    }

    /// [`Rational::checked_div`] where a value is a fraction, `other` is
    /// zero, or the quotient is `i64::MIN / -1`.
    #[inline(never)]
    fn over_fraction(self, other: Rational) -> Option<Rational> {
        if other.num == 0 || self.is_kept() || other.is_kept() {
            return None;
        }
        if let Some(quotient) = self.over_whole(other) {
            return Some(quotient);
        }
        let (a, b, c, d) = self.wide_parts(other);
        Rational::from_wide(a * d, b * c)
    }

    // A fraction `a/b` in lowest terms and a whole number `c` (the values
    // of three cards are mostly such pairs) combine with at most one small
    // gcd and no wide arithmetic. Each of the following answers only when
    // exactly one operand is whole and nothing overflows; `None` sends the
    // caller to the general rule, which knows whether the result fits.

    /// `a / b` for whole `a` and `b` that leave a remainder: `b` is not
    /// zero, and their gcd fits (neither is zero).
    #[inline(never)]
    fn whole_over_whole(a: i64, b: i64) -> Option<Rational> {
        let g = gcd_i64(a, b)?;
        let (num, den) = (a / g, b / g);
        if den < 0 { Rational::of_parts(num.checked_neg()?, den.checked_neg()?) } else { Rational::of_parts(num, den) }
    }

    /// `a/b + c = (a + c*b)/b`, in lowest terms since `a/b` is.
    fn plus_whole(self, other: Rational) -> Option<Rational> {
        let (Rational { num: a, den }, c) = fraction_and_whole(self, other)?;
        Some(Rational { num: a.checked_add(c.checked_mul(den.get())?)?, den })
    }

    /// `a/b - c = (a - c*b)/b` and `c - a/b = (c*b - a)/b`.
    fn minus_whole(self, other: Rational) -> Option<Rational> {
        let (Rational { num: a, den }, c) = fraction_and_whole(self, other)?;
        let whole_first = self.has_whole_parts();
        let cb = c.checked_mul(den.get())?;
        Some(Rational { num: if whole_first { cb.checked_sub(a)? } else { a.checked_sub(cb)? }, den })
    }

    /// `a/b * c = (a * c/g) / (b/g)` with `g = gcd(b, c)`: `a` and `b`
    /// share no factor, so no other reduction is left.
    fn times_whole(self, other: Rational) -> Option<Rational> {
        let (Rational { num: a, den: b }, c) = fraction_and_whole(self, other)?;
        let b = b.get();
        let g = gcd_i64(b, c)?;
        Rational::of_parts(a.checked_mul(c / g)?, b / g)
    }

    /// `(a/b) / c = (a/g) / (b * c/g)` and `c / (a/b) = (c/g * b) / (a/g)`
    /// with `g = gcd(a, c)`, the sign then moved to the numerator. `c` and
    /// `a` are not zero when divided by.
    fn over_whole(self, other: Rational) -> Option<Rational> {
        let (Rational { num: a, den: b }, c) = fraction_and_whole(self, other)?;
        let b = b.get();
        let g = gcd_i64(a, c)?;
        let (num, den) =
            if self.has_whole_parts() { ((c / g).checked_mul(b)?, a / g) } else { (a / g, b.checked_mul(c / g)?) };
        if den < 0 { Rational::of_parts(num.checked_neg()?, den.checked_neg()?) } else { Rational::of_parts(num, den) }
    }

    fn wide_parts(self, other: Rational) -> (i128, i128, i128, i128) {
        (i128::from(self.num), i128::from(self.den.get()), i128::from(other.num), i128::from(other.den.get()))
    }

    /// The same value as a big rational.
    pub fn to_big(self) -> BigRational {
        if self.is_kept() {
            return big::value_of(self).clone();
        }
        // Parts in lowest terms with a positive denominator need no reducing.
        BigRational::new_raw(BigInt::from(self.num), BigInt::from(self.den.get()))
    }

    /// The same value as a rational, of any size.
    ///
    /// ```
    /// use reckon_core::Rational;
    /// let big = "18446744073709551616".parse::<Rational>().unwrap();
    /// assert_eq!(Rational::from_big(&big.to_big()), big);
    /// assert_eq!(big.to_string(), "18446744073709551616");
    /// ```
    pub fn from_big(big: &BigRational) -> Rational {
        Rational::fitting(big).unwrap_or_else(|| big::keep(big))
    }

    /// The value as a rational with 64-bit parts, if it has them: never
    /// kept, so that the engines can turn any result back.
    pub fn fitting(big: &BigRational) -> Option<Rational> {
        let num = i64::try_from(big.numer()).ok()?;
        let den = i64::try_from(big.denom()).ok()?;
        Rational::new(num, den)
    }
}

impl Default for Rational {
    fn default() -> Self {
        Rational::ZERO
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Self {
        Rational::from_integer(n)
    }
}

impl Ord for Rational {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Equal denominators include one kept value compared with itself.
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        // One test for both: a kept value's denominator is negative.
        if (self.den.get() | other.den.get()) < 0 {
            return self.cmp_big(other);
        }
        // Both products fit in i128, and denominators are positive.
        (i128::from(self.num) * i128::from(other.den.get())).cmp(&(i128::from(other.num) * i128::from(self.den.get())))
    }
}

impl Rational {
    /// [`Ord::cmp`] where a value is kept: out of line, as the engines
    /// never meet one.
    #[cold]
    #[inline(never)]
    fn cmp_big(&self, other: &Self) -> Ordering {
        self.to_big().cmp(&other.to_big())
    }
}

impl PartialOrd for Rational {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Rational {
    /// Writes what [`Display`](fmt::Display) prints straight to `out`.
    pub(crate) fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        self.write_bracketed(out, false)
    }

    /// Writes the number as a card of an expression: a fraction in
    /// brackets of its own, `(7/2)`, so that it does not read as a division.
    pub(crate) fn write_card_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        self.write_bracketed(out, true)
    }

    /// Writes the number, a fraction in brackets if `bracketed`.
    #[inline(always)]
    fn write_bracketed(&self, out: &mut impl fmt::Write, bracketed: bool) -> fmt::Result {
        // A whole number below 100, as most cards are, digit by digit:
        // cheaper than a number formatter and a string copy.
        if let Ok(n @ 0..100) = u8::try_from(self.num)
            && self.has_whole_parts()
        {
            if n >= 10 {
                out.write_char(char::from(b'0' + n / 10))?;
            }
            return out.write_char(char::from(b'0' + n % 10));
        }
        if self.is_kept() {
            return write_big(*self, out, bracketed);
        }
        // Every shown solution is printed, and so are the members tied
        // for showing: plain digits cost a fraction of `write!`.
        let mut digits = itoa::Buffer::new();
        let bracketed = bracketed && !self.has_whole_parts();
        if bracketed {
            out.write_char('(')?;
        }
        out.write_str(digits.format(self.num))?;
        if !self.has_whole_parts() {
            out.write_char('/')?;
            out.write_str(digits.format(self.den.get()))?;
        }
        if bracketed {
            out.write_char(')')?;
        }
        Ok(())
    }
}

/// Writes a kept value, a fraction in brackets if `bracketed`.
#[cold]
#[inline(never)]
fn write_big(kept: Rational, out: &mut impl fmt::Write, bracketed: bool) -> fmt::Result {
    let big = big::value_of(kept);
    if bracketed && !big.is_integer() { write!(out, "({big})") } else { write!(out, "{big}") }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Debug for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    // Values are usually tiny; take the 64-bit path whenever both fit.
    if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
        return u128::from(gcd_u64(x, y));
    }
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The fraction and the whole number of `x` and `y`, if exactly one is whole.
fn fraction_and_whole(x: Rational, y: Rational) -> Option<(Rational, i64)> {
    match (x.has_whole_parts(), y.has_whole_parts()) {
        (true, false) => Some((y, x.num)),
        (false, true) => Some((x, y.num)),
        _ => None,
    }
}

/// The gcd of two numbers, positive unless both are zero; `None` if it
/// is `2^63`.
fn gcd_i64(a: i64, b: i64) -> Option<i64> {
    i64::try_from(gcd_u64(a.unsigned_abs(), b.unsigned_abs())).ok()
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

mod big;
mod generic;
mod text;

pub use self::generic::Number;
pub(crate) use self::generic::ORDER_KEY_BITS;
pub use self::text::{MOST_DIGITS, ParseNumberError};

#[cfg(test)]
mod tests {
    use super::generic::{KEY_SCALE_BITS, KEYED_BELOW};
    use super::*;

    /// The shortcut for whole numbers gives what num-rational gives.
    #[test]
    fn big_whole_arithmetic_agrees_with_num_rational() {
        let values: Vec<BigRational> = ["9223372036854775807", "-3", "0", "7/2", "-18446744073709551616/3"]
            .iter()
            .map(|s| s.parse::<BigRational>().unwrap())
            .collect();
        for a in &values {
            for b in &values {
                assert_eq!(Number::add(a, b), Some(a + b), "{a} + {b}");
                assert_eq!(Number::sub(a, b), Some(a - b), "{a} - {b}");
                assert_eq!(Number::mul(a, b), Some(a * b), "{a} * {b}");
            }
        }
    }

    /// Order keys order small values exactly, the closest ones included,
    /// and stop where they no longer could.
    #[test]
    fn order_keys_order_small_values() {
        let edge = (KEYED_BELOW - 1) as i64;
        let limit = 1u64 << ORDER_KEY_BITS;
        let mut values: Vec<Rational> = [
            (0, 1),
            (1, 1),
            (-1, 1),
            (1, edge),
            (1, edge - 1),
            (-1, edge),
            (-1, edge - 1),
            (edge, 1),
            (-edge, 1),
            (edge, edge - 1),
            (edge - 1, edge - 2),
            (edge - 2, edge - 1),
            (edge - 1, edge),
            (7, 3),
            (-7, 3),
            (24, 1),
        ]
        .iter()
        .map(|&(n, d)| Rational::new(n, d).unwrap())
        .collect();
        values.sort();
        for pair in values.windows(2) {
            let (a, b) = (pair[0].order_key().unwrap(), pair[1].order_key().unwrap());
            assert!(0 < a && a < b && b < limit, "{} and {}", pair[0], pair[1]);
        }
        // Each key is the value scaled by 2^32, floored, and offset by 2^48.
        for (n, d) in (-300..300).flat_map(|n| (1..300).map(move |d| (n, d))).chain([(-edge, edge - 1), (edge, 2)]) {
            let v = Rational::new(n, d).unwrap();
            let floored = (v.num << KEY_SCALE_BITS).div_euclid(v.den.get());
            assert_eq!(v.order_key(), Some((floored + (1 << 48)) as u64), "{v}");
        }
        assert_eq!(Rational::from_integer(edge + 1).order_key(), None);
        assert_eq!(Rational::new(1, edge + 1).unwrap().order_key(), None);
        assert_eq!(BigRational::from_integer(3.into()).order_key(), None);
    }

    fn r(s: &str) -> Rational {
        s.parse().unwrap()
    }

    #[test]
    fn parses_integers_fractions_and_decimals() {
        assert_eq!(r("-3"), Rational::from_integer(-3));
        assert_eq!(r("14/4").to_string(), "7/2");
        assert_eq!(r("-7/2").to_string(), "-7/2");
        assert_eq!(r("2.50").to_string(), "5/2");
        assert_eq!(r("+4"), Rational::from_integer(4));
        assert_eq!(r("6/3"), Rational::from_integer(2));
    }

    #[test]
    fn rejects_bad_numbers() {
        assert_eq!("x".parse::<Rational>(), Err(ParseNumberError::Invalid("x".into())));
        assert_eq!("1/0".parse::<Rational>(), Err(ParseNumberError::ZeroDenominator("1/0".into())));
        assert_eq!("".parse::<Rational>(), Err(ParseNumberError::Empty));
        let long = "9".repeat(MOST_DIGITS + 1);
        assert!(matches!(long.parse::<Rational>(), Err(ParseNumberError::TooLarge(_))));
        assert!(matches!(Rational::parse_fitting("99999999999999999999"), Err(ParseNumberError::Beyond64Bits(_))));
        assert!(matches!("1/-2".parse::<Rational>(), Err(ParseNumberError::Invalid(_))));
        assert!(matches!("-".parse::<Rational>(), Err(ParseNumberError::Invalid(_))));
        assert!(matches!("1.2.3".parse::<Rational>(), Err(ParseNumberError::Invalid(_))));
    }

    #[test]
    fn arithmetic_is_exact() {
        assert_eq!(r("8").checked_div(r("3")).unwrap(), r("8/3"));
        assert_eq!(r("3").checked_sub(r("8/3")).unwrap(), r("1/3"));
        assert_eq!(r("8").checked_div(r("1/3")).unwrap(), r("24"));
        assert_eq!(r("1/2").checked_add(r("1/3")).unwrap(), r("5/6"));
        assert_eq!(r("2/3").checked_mul(r("3/4")).unwrap(), r("1/2"));
        assert_eq!(r("5").checked_div(Rational::ZERO), None);
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let big = Rational::from_integer(i64::MAX);
        assert_eq!(big.checked_add(Rational::ONE), None);
        assert_eq!(big.checked_mul(Rational::from_integer(2)), None);
        assert_eq!(Rational::ONE.checked_div(big).unwrap().checked_div(big), None);
        assert_eq!(big.checked_mul(r("3/2")), None);
        assert_eq!(big.checked_mul(r("1/3")), Rational::new(i64::MAX, 3));
        assert_eq!(r("9223372036854775806").checked_mul(r("1/2")).unwrap(), r("4611686018427387903"));
    }

    /// Each operation gives the exact result whenever it fits, and `None`
    /// otherwise: the same answer as big rationals, for operands at the
    /// edges of 64 bits and every mix of whole numbers and fractions.
    fn agrees_with_big_rationals(x: Rational, y: Rational) {
        type Op = fn(Rational, Rational) -> Option<Rational>;
        type BigOp = fn(&BigRational, &BigRational) -> Option<BigRational>;
        let ops: [(&str, Op, BigOp); 4] = [
            ("+", Rational::checked_add, |a, b| Some(a + b)),
            ("-", Rational::checked_sub, |a, b| Some(a - b)),
            ("*", Rational::checked_mul, |a, b| Some(a * b)),
            ("/", Rational::checked_div, |a, b| (!Zero::is_zero(b)).then(|| a / b)),
        ];
        for (name, op, big) in ops {
            let exact = big(&x.to_big(), &y.to_big()).and_then(|v| Rational::fitting(&v));
            assert_eq!(op(x, y), exact, "{x} {name} {y}");
        }
    }

    #[test]
    fn arithmetic_agrees_with_big_rationals_at_the_edges() {
        let (max, min) = (i64::MAX, i64::MIN);
        let parts = [
            (0, 1),
            (1, 1),
            (-1, 1),
            (7, 1),
            (-12, 1),
            (max, 1),
            (min, 1),
            (min + 1, 1),
            (1 << 62, 1),
            (1, 2),
            (-3, 4),
            (8, 3),
            (1, max),
            (-1, max),
            (max, 2),
            (min + 1, 2),
            (max - 1, max),
            (1 << 40, 3),
            (3, 1 << 40),
            (6, 1 << 62),
        ];
        let values: Vec<Rational> = parts.iter().map(|&(n, d)| Rational::new(n, d).unwrap()).collect();
        for &x in &values {
            for &y in &values {
                agrees_with_big_rationals(x, y);
            }
            let fits = |v: BigRational| Rational::fitting(&v).filter(|r| r.to_big() == v);
            assert_eq!(Number::neg(&x), fits(-x.to_big()), "-{x}");
            if !x.is_zero() {
                assert_eq!(Number::recip(&x), fits(x.to_big().recip()), "1/{x}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn arithmetic_agrees_with_big_rationals(
            (a, b, c, d) in (-1i64 << 20..1 << 20, 1i64..1 << 12, -1i64 << 20..1 << 20, 1i64..1 << 12),
            whole in 0..3usize,
        ) {
            // Mostly a whole number with a fraction, the case with its own
            // rules; small enough that most results fit (the edges are
            // tested above).
            let x = Rational::new(a, if whole == 0 { 1 } else { b }).unwrap();
            let y = Rational::new(c, if whole == 1 { 1 } else { d }).unwrap();
            agrees_with_big_rationals(x, y);
            agrees_with_big_rationals(y, x);
        }
    }

    #[test]
    fn ordering_compares_values() {
        assert!(r("1/3") < r("1/2"));
        assert!(r("-1/2") < r("-1/3"));
        assert!(r("7/2") > r("3"));
    }

    #[test]
    fn gcd_matches_euclid() {
        for a in 0..60u64 {
            for b in 0..60u64 {
                let (mut x, mut y) = (a, b);
                while y != 0 {
                    (x, y) = (y, x % y);
                }
                assert_eq!(gcd_u64(a, b), x, "gcd({a},{b})");
            }
        }
    }
}
