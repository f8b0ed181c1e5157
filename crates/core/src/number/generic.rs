//! The [`Number`] trait the engines are generic over, and its two
//! implementations: the fast [`Rational`] and the [`BigRational`] it falls
//! back to.

use super::*;

/// What the search needs of a number type: exact, ordered, hashable, with
/// arithmetic that reports overflow instead of wrapping.
pub trait Number: Clone + Ord + Hash + fmt::Debug + fmt::Display {
    /// The card value in this representation.
    fn from_rational(r: Rational) -> Self;
    /// `self + other`, `None` on overflow.
    fn add(&self, other: &Self) -> Option<Self>;
    /// `self - other`, `None` on overflow.
    fn sub(&self, other: &Self) -> Option<Self>;
    /// `self * other`, `None` on overflow.
    fn mul(&self, other: &Self) -> Option<Self>;
    /// `self / other` for a non-zero `other`, `None` on overflow.
    fn div(&self, other: &Self) -> Option<Self>;
    /// `-self`, `None` on overflow.
    fn neg(&self) -> Option<Self>;
    /// `1 / self` for a non-zero `self`, `None` on overflow.
    fn recip(&self) -> Option<Self>;
    /// Is this zero?
    fn is_zero(&self) -> bool;
    /// Is this exactly one?
    fn is_one(&self) -> bool;
    /// Is this a whole number?
    fn is_integer(&self) -> bool;
    /// Is this greater than zero?
    fn is_positive(&self) -> bool;
    /// Is this less than zero?
    fn is_negative(&self) -> bool {
        !self.is_zero() && !self.is_positive()
    }
    /// This value as a 64-bit whole number, if it is one.
    fn to_i64(&self) -> Option<i64>;
    /// Could `self / other` (for a non-zero `other`) be a whole number?
    /// False only when it certainly is not, so that searches over whole
    /// numbers skip the division; an overflowing division answers true
    /// and then reports its overflow.
    fn may_divide_wholly(&self, other: &Self) -> bool {
        self.div(other).is_none_or(|q| q.is_integer())
    }
    /// A number above 0 and below 2^49 that orders small values as they order
    /// themselves, equal exactly when they are: sorting by it is sorting
    /// by value, a word compared instead of two products. `None` for
    /// values too large for one (and by default).
    fn order_key(&self) -> Option<u64> {
        None
    }
}

/// Numerators and denominators below this have an [`Number::order_key`].
pub(super) const KEYED_BELOW: u64 = 1 << 16;

/// The scale of an order key, `2^32`: two distinct values with
/// denominators below [`KEYED_BELOW`] differ by more than `2^-32`, so
/// their scaled floors differ.
pub(super) const KEY_SCALE_BITS: u32 = 32;

/// Every order key is below `2^ORDER_KEY_BITS`: a scaled value is below
/// `2^48` in magnitude, and is offset by `2^48`.
pub(crate) const ORDER_KEY_BITS: u32 = 49;

impl Number for Rational {
    fn from_rational(r: Rational) -> Self {
        r
    }
    fn add(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    fn sub(&self, other: &Self) -> Option<Self> {
        self.checked_sub(*other)
    }
    fn mul(&self, other: &Self) -> Option<Self> {
        self.checked_mul(*other)
    }
    fn div(&self, other: &Self) -> Option<Self> {
        self.checked_div(*other)
    }
    fn neg(&self) -> Option<Self> {
        if self.is_kept() {
            return None;
        }
        Some(Rational { num: self.num.checked_neg()?, den: self.den })
    }
    fn recip(&self) -> Option<Self> {
        debug_assert!(self.num != 0);
        if self.is_kept() {
            return None;
        }
        // Still in lowest terms; the sign moves to the numerator, and only
        // a numerator of `i64::MIN` leaves a denominator too large.
        if self.num < 0 {
            Rational::of_parts(-self.den.get(), self.num.checked_neg()?)
        } else {
            Rational::of_parts(self.den.get(), self.num)
        }
    }
    fn is_zero(&self) -> bool {
        Rational::is_zero(*self)
    }
    fn is_one(&self) -> bool {
        *self == Rational::ONE
    }
    fn is_integer(&self) -> bool {
        Rational::is_integer(*self)
    }
    fn is_positive(&self) -> bool {
        Rational::is_positive(*self)
    }
    fn to_i64(&self) -> Option<i64> {
        Rational::to_i64(*self)
    }
    fn may_divide_wholly(&self, other: &Self) -> bool {
        if self.has_whole_parts() && other.has_whole_parts() {
            // `None` only for `i64::MIN % -1`, whose quotient overflows.
            return self.num.checked_rem(other.num).is_none_or(|r| r == 0);
        }
        // A quotient is never a kept value.
        self.checked_div(*other).is_none_or(Rational::has_whole_parts)
    }
    fn order_key(&self) -> Option<u64> {
        // One test covers both parts: a kept value's negative denominator
        // is a large unsigned one.
        if (self.num.unsigned_abs() | self.den.get() as u64) >= KEYED_BELOW {
            return None;
        }
        // Below 2^48 in magnitude, so the key offset by 2^48 is below 2^49.
        let scaled = (self.num << KEY_SCALE_BITS) as u64;
        // `den <= 1` is `den == 1`, and tells the division below it
        // that `den` is not zero.
        if self.den.get() <= 1 {
            return Some(scaled.wrapping_add(1 << 48));
        }
        // The scaled value over `den`, floored and offset by 2^48, is the
        // scaled value offset by `den * 2^48` over `den`: a dividend above
        // zero and below 2^64, which an unsigned division floors as it is.
        let den = self.den.get() as u64;
        Some(scaled.wrapping_add(den << 48) / den)
    }
}

/// Whole numbers add, subtract and multiply to whole numbers with no
/// reduction. num-rational reduces every result by a binary gcd, which
/// with a denominator of 1 takes time quadratic in the numerator's bits:
/// a product of a thousand 63-bit cards took seconds.
fn whole_op(a: &BigRational, b: &BigRational, op: impl Fn(&BigInt, &BigInt) -> BigInt) -> Option<BigRational> {
    (a.is_integer() && b.is_integer()).then(|| BigRational::from_integer(op(a.numer(), b.numer())))
}

impl Number for BigRational {
    fn from_rational(r: Rational) -> Self {
        r.to_big()
    }
    fn add(&self, other: &Self) -> Option<Self> {
        Some(whole_op(self, other, |a, b| a + b).unwrap_or_else(|| self + other))
    }
    fn sub(&self, other: &Self) -> Option<Self> {
        Some(whole_op(self, other, |a, b| a - b).unwrap_or_else(|| self - other))
    }
    fn mul(&self, other: &Self) -> Option<Self> {
        Some(whole_op(self, other, |a, b| a * b).unwrap_or_else(|| self * other))
    }
    fn div(&self, other: &Self) -> Option<Self> {
        (!Zero::is_zero(other)).then(|| self / other)
    }
    fn neg(&self) -> Option<Self> {
        Some(-self)
    }
    fn recip(&self) -> Option<Self> {
        Some(BigRational::recip(self))
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn is_one(&self) -> bool {
        One::is_one(self)
    }
    fn is_integer(&self) -> bool {
        BigRational::is_integer(self)
    }
    fn is_positive(&self) -> bool {
        Signed::is_positive(self)
    }
    fn to_i64(&self) -> Option<i64> {
        self.is_integer().then(|| i64::try_from(self.to_integer()).ok()).flatten()
    }
}
