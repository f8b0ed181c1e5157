//! The one place where two values are combined.
//!
//! Everything that builds values bottom up (the depth-first search, and
//! `values::make`, which makes a part's values for both memos, as
//! rationals or as plain integers) makes the results of two values here,
//! so that "which operators, which order, which divisions, which domain,
//! what overflow means" is decided once.
//! The engines that work top down, from the target to the partner a value
//! needs, invert the operators in [`Op::each_partner`](crate::rules::Op);
//! the brute-force oracle keeps its own plain loop on purpose, since it is
//! what the engines are tested against.

use crate::number::Number;
use crate::rules::{Domain, Op, OpSet};

/// Which way round a result took its two operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// `a op b`.
    AsGiven,
    /// `b op a`.
    Swapped,
}

impl Order {
    /// The operands in this order.
    #[inline(always)]
    pub(crate) fn arrange<T>(self, a: T, b: T) -> (T, T) {
        match self {
            Order::AsGiven => (a, b),
            Order::Swapped => (b, a),
        }
    }
}

/// A number type the kernel can combine: every exact [`Number`], and plain
/// `i64` for whole-number domains, where no value has a denominator.
pub(crate) trait Arithmetic: Sized {
    fn add(&self, other: &Self) -> Option<Self>;
    fn sub(&self, other: &Self) -> Option<Self>;
    fn mul(&self, other: &Self) -> Option<Self>;
    /// `self / other` for a non-zero `other`; `None` on overflow.
    fn div(&self, other: &Self) -> Option<Self>;
    fn is_zero(&self) -> bool;
    /// False only when `self / other` certainly leaves a remainder.
    fn may_divide_wholly(&self, other: &Self) -> bool;
    /// May a step take this value under `domain`?
    fn allowed_in(&self, domain: Domain) -> bool;
}

impl<N: Number> Arithmetic for N {
    #[inline(always)]
    fn add(&self, other: &Self) -> Option<Self> {
        Number::add(self, other)
    }
    #[inline(always)]
    fn sub(&self, other: &Self) -> Option<Self> {
        Number::sub(self, other)
    }
    #[inline(always)]
    fn mul(&self, other: &Self) -> Option<Self> {
        Number::mul(self, other)
    }
    #[inline(always)]
    fn div(&self, other: &Self) -> Option<Self> {
        Number::div(self, other)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Number::is_zero(self)
    }
    #[inline(always)]
    fn may_divide_wholly(&self, other: &Self) -> bool {
        Number::may_divide_wholly(self, other)
    }
    #[inline(always)]
    fn allowed_in(&self, domain: Domain) -> bool {
        domain.allows(self)
    }
}

/// Whole numbers as plain integers: no gcd, no denominator to check, and a
/// division with a remainder is skipped by one `%`.
impl Arithmetic for i64 {
    #[inline(always)]
    fn add(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    #[inline(always)]
    fn sub(&self, other: &Self) -> Option<Self> {
        self.checked_sub(*other)
    }
    #[inline(always)]
    fn mul(&self, other: &Self) -> Option<Self> {
        self.checked_mul(*other)
    }
    #[inline(always)]
    fn div(&self, other: &Self) -> Option<Self> {
        self.checked_div(*other)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline(always)]
    fn may_divide_wholly(&self, other: &Self) -> bool {
        // `checked_rem` fails only for `i64::MIN % -1`, whose quotient
        // overflows: answer true, so that the division reports it.
        self.checked_rem(*other).is_none_or(|r| r == 0)
    }
    #[inline(always)]
    fn allowed_in(&self, domain: Domain) -> bool {
        match domain {
            Domain::NonNegative => *self >= 0,
            Domain::PositiveInteger => *self > 0,
            Domain::Rational | Domain::Integer => true,
        }
    }
}

/// One result that overflowed the number type; the caller decides whether
/// that ends its work (a value set is then made again in big rationals) or
/// only this branch (the search counts it and goes on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overflowed;

/// Calls `emit(op, order, value)` with every `a op b` (and, if
/// `both_ways`, every `b op a`) that `ops` allows and `domain` admits, in
/// the order `a+b`, `a*b`, `a-b`, `b-a`, `a/b`, `b/a`. Divisions by zero
/// are skipped, and so, in whole-number domains, are divisions that leave
/// a remainder, before they are made. A result that overflows is skipped
/// and reported in the answer after the others are made.
///
/// `both_ways` is false when `b op a` is made elsewhere: when `a` and `b`
/// are equal, or come from one set that is walked in both orders.
#[inline(always)]
pub(crate) fn combine<T: Arithmetic>(
    ops: OpSet,
    domain: Domain,
    a: &T,
    b: &T,
    both_ways: bool,
    mut emit: impl FnMut(Op, Order, T),
) -> Result<(), Overflowed> {
    let mut overflowed = false;
    let mut offer = |op: Op, order: Order, value: Option<T>| match value {
        Some(v) if v.allowed_in(domain) => emit(op, order, v),
        Some(_) => {}
        None => overflowed = true,
    };
    if ops.contains(Op::Add) {
        offer(Op::Add, Order::AsGiven, a.add(b));
    }
    if ops.contains(Op::Mul) {
        offer(Op::Mul, Order::AsGiven, a.mul(b));
    }
    if ops.contains(Op::Sub) {
        offer(Op::Sub, Order::AsGiven, a.sub(b));
        if both_ways {
            offer(Op::Sub, Order::Swapped, b.sub(a));
        }
    }
    if ops.contains(Op::Div) {
        let whole_only = domain.whole_numbers_only();
        let divides = |x: &T, y: &T| !y.is_zero() && (!whole_only || x.may_divide_wholly(y));
        if divides(a, b) {
            offer(Op::Div, Order::AsGiven, a.div(b));
        }
        if both_ways && divides(b, a) {
            offer(Op::Div, Order::Swapped, b.div(a));
        }
    }
    if overflowed { Err(Overflowed) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rational;

    fn made<T: Arithmetic + Copy>(ops: &str, domain: Domain, a: T, b: T, both_ways: bool) -> Vec<(Op, Order, T)> {
        let mut out = Vec::new();
        combine(ops.parse().unwrap(), domain, &a, &b, both_ways, |op, order, v| out.push((op, order, v))).unwrap();
        out
    }

    #[test]
    fn every_operator_both_ways_in_a_fixed_order() {
        let r = Rational::from_integer;
        let shown: Vec<String> = made("+-*/", Domain::Rational, r(3), r(2), true)
            .iter()
            .map(|(op, order, v)| {
                let (x, y) = order.arrange(3, 2);
                format!("{x}{op}{y}={v}")
            })
            .collect();
        assert_eq!(shown, ["3+2=5", "3*2=6", "3-2=1", "2-3=-1", "3/2=3/2", "2/3=2/3"]);
    }

    #[test]
    fn one_way_leaves_the_swapped_results_out() {
        let shown: Vec<(Op, i64)> =
            made("+-*/", Domain::Integer, 6i64, 3, false).iter().map(|&(op, _, v)| (op, v)).collect();
        assert_eq!(shown, [(Op::Add, 9), (Op::Mul, 18), (Op::Sub, 3), (Op::Div, 2)]);
    }

    #[test]
    fn the_domain_and_the_operators_filter() {
        let r = Rational::from_integer;
        let values = |ops, domain, a, b| -> Vec<Rational> {
            made(ops, domain, r(a), r(b), true).into_iter().map(|(_, _, v)| v).collect()
        };
        assert_eq!(values("-/", Domain::PositiveInteger, 6, 4), [r(2)]);
        assert_eq!(values("-/", Domain::NonNegative, 2, 4), [r(2), Rational::new(1, 2).unwrap(), r(2)]);
        assert_eq!(values("+", Domain::Rational, 0, 0), [r(0)]);
        assert_eq!(values("/", Domain::Rational, 0, 5), [r(0)], "5/0 is skipped");
        // The whole-number path agrees with the rational one.
        let whole: Vec<i64> = made("+-*/", Domain::PositiveInteger, 12i64, 5, true).iter().map(|t| t.2).collect();
        let exact: Vec<i64> =
            values("+-*/", Domain::PositiveInteger, 12, 5).iter().map(|v| v.to_i64().unwrap()).collect();
        assert_eq!(whole, exact);
    }

    #[test]
    fn overflow_is_reported_after_the_other_results() {
        let mut out = Vec::new();
        let answer = combine(OpSet::ALL, Domain::Integer, &i64::MAX, &2, true, |op, _, v| out.push((op, v)));
        assert_eq!(answer, Err(Overflowed));
        assert_eq!(out, [(Op::Sub, i64::MAX - 2), (Op::Sub, 2 - i64::MAX)]);
        let at_the_edge = combine(OpSet::ALL, Domain::Integer, &i64::MIN, &-1, false, |_, _, _| {});
        assert_eq!(at_the_edge, Err(Overflowed), "i64::MIN / -1");
    }
}
