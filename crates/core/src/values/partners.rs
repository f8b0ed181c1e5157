//! Finishing partners: deciding a hand never builds the hand's own value
//! set. At the top split, the values `a` of one side that can reach the
//! target each name the few partners `b` (`t-a`, `a-t`, `t+a`, `t/a`,
//! `t*a`, `a/t`) that finish with them; the split finishes when one of
//! those is among the other side's values. The partners of a set are
//! computed once per target and kept, so that the many hands sharing a
//! sub-multiset share the work.

use crate::number::Number;
use crate::rules::{Op, OpSet};

/// The values that finish with some value of one set.
#[derive(Debug)]
pub(crate) struct Partners<N> {
    /// Sorted, duplicate-free.
    values: Box<[N]>,
    /// Every partner finishes: `0 * b = 0` for a target of zero.
    any: bool,
    /// Every non-zero partner finishes: `0 / b = 0` for a target of zero.
    any_non_zero: bool,
}

impl<N: Number> Partners<N> {
    /// The partners of the values in `set` under `ops` for `target`.
    ///
    /// A partner that overflows `N` is left out: it cannot be among the
    /// other side's values, which all fit.
    pub(crate) fn of(ops: OpSet, set: &[N], target: &N) -> Partners<N> {
        let mut values = Vec::with_capacity(6 * set.len());
        let (mut any, mut any_non_zero) = (false, false);
        let t = target;
        for a in set {
            let mut push = |b: Option<N>| values.extend(b);
            if ops.contains(Op::Add) {
                push(t.sub(a));
            }
            if ops.contains(Op::Sub) {
                push(a.sub(t));
                push(t.add(a));
            }
            if ops.contains(Op::Mul) {
                if a.is_zero() {
                    any |= t.is_zero();
                } else {
                    push(t.div(a));
                }
            }
            if ops.contains(Op::Div) {
                if !a.is_zero() {
                    push(t.mul(a));
                    if !t.is_zero() {
                        push(a.div(t));
                    }
                } else {
                    any_non_zero |= t.is_zero();
                }
            }
        }
        values.sort_unstable();
        values.dedup();
        Partners { values: values.into_boxed_slice(), any, any_non_zero }
    }

    /// Is one of `look` (sorted, not empty) a partner?
    pub(crate) fn meet(&self, look: &[N]) -> bool {
        if self.any || self.any_non_zero && look.iter().any(|b| !b.is_zero()) {
            return true;
        }
        // Search the larger list for each member of the smaller.
        let (few, many) = if self.values.len() <= look.len() { (&*self.values, look) } else { (look, &*self.values) };
        few.iter().any(|v| many.binary_search(v).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rational;

    fn r(n: i64) -> Rational {
        Rational::from_integer(n)
    }

    #[test]
    fn partners_of_one_value() {
        let partners = Partners::of(OpSet::ALL, &[r(4)], &r(24));
        let shown: Vec<String> = partners.values.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["-20", "1/6", "6", "20", "28", "96"]);
        assert!(partners.meet(&[r(1), r(6)]));
        assert!(!partners.meet(&[r(1), r(7)]));
    }

    #[test]
    fn zero_target_and_zero_values() {
        let zero = r(0);
        let times_zero = Partners::of("*".parse().unwrap(), &[zero], &zero);
        assert!(times_zero.meet(&[r(7)]), "0 * 7 = 0");
        let over = Partners::of("/".parse().unwrap(), &[zero], &zero);
        assert!(over.meet(&[r(7)]), "0 / 7 = 0");
        assert!(!over.meet(&[zero]), "0 / 0 has no value");
        let under = Partners::of("/".parse().unwrap(), &[r(7)], &zero);
        assert!(under.meet(&[zero]), "0 / 7 = 0, 7 on this side");
    }
}
