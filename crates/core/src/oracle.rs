//! A deliberately simple brute force over every expression, for tests and as
//! the benchmark baseline.
//!
//! No pruning and no memo across hands: every ordered split of every subset
//! of the cards, every operator, a set of values per subset. Values are
//! 64-bit rationals, and if anything overflows the whole computation is
//! redone in big rationals. It is slow on purpose, so that it is obviously
//! right.

use std::collections::BTreeSet;

use hashbrown::HashSet;

use crate::expr::Expr;
use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{CardUse, Op, Rules};

/// The values each subset of the cards can make, indexed by bit mask;
/// `None` if some arithmetic overflowed `N`.
fn values_by_subset<N: Number>(hand: &Hand, rules: &Rules) -> Option<Vec<HashSet<N>>> {
    let n = hand.len();
    let mut values: Vec<HashSet<N>> = vec![HashSet::new(); 1 << n];
    for mask in 1..1usize << n {
        if mask.is_power_of_two() {
            values[mask].insert(N::from_rational(hand.cards()[mask.trailing_zeros() as usize]));
            continue;
        }
        let mut made = HashSet::new();
        for left in submasks(mask) {
            let right = mask ^ left;
            for a in &values[left] {
                for b in &values[right] {
                    for op in rules.ops.iter() {
                        if op == Op::Div && b.is_zero() {
                            continue;
                        }
                        let v = op.apply(a, b)?;
                        if rules.domain.allows(&v) {
                            made.insert(v);
                        }
                    }
                }
            }
        }
        values[mask] = made;
    }
    Some(values)
}

/// [`values_by_subset`] in big rationals, computed with 64-bit rationals
/// when nothing overflows (the common case, and much faster).
fn big_values_by_subset(hand: &Hand, rules: &Rules) -> Vec<HashSet<BigRational>> {
    match values_by_subset::<Rational>(hand, rules) {
        Some(values) => values.into_iter().map(|set| set.into_iter().map(Rational::to_big).collect()).collect(),
        None => values_by_subset::<BigRational>(hand, rules).expect("big rationals do not overflow"),
    }
}

/// The non-empty proper submasks of `mask`.
fn submasks(mask: usize) -> impl Iterator<Item = usize> {
    (1..mask).filter(move |s| s & mask == *s)
}

/// The masks whose subsets the rules allow as a whole expression.
fn allowed_masks(n: usize, rules: &Rules) -> Vec<usize> {
    let all = (1usize << n) - 1;
    match rules.card_use {
        CardUse::All => vec![all],
        CardUse::Subset => (1..=all).collect(),
    }
}

/// Can the target be made? Decided by exhaustive enumeration of values.
pub fn decide(hand: &Hand, rules: &Rules) -> bool {
    let values = big_values_by_subset(hand, rules);
    let target = rules.target.to_big();
    allowed_masks(hand.len(), rules).into_iter().any(|m| values[m].contains(&target))
}

/// Every whole-number value in `lo..=hi` the hand can make.
pub fn reachable_integers(hand: &Hand, rules: &Rules, lo: i64, hi: i64) -> BTreeSet<i64> {
    let values = big_values_by_subset(hand, rules);
    allowed_masks(hand.len(), rules)
        .into_iter()
        .flat_map(|m| values[m].iter().filter(|v| v.is_integer()).filter_map(|v| i64::try_from(v.to_integer()).ok()))
        .filter(|v| (lo..=hi).contains(v))
        .collect()
}

/// Every expression tree that makes the target: each ordered split, each
/// operator, commutative or not, so `a+b` and `b+a` both appear. Cards of
/// equal value are distinct leaves, so a repeated value repeats expressions.
pub fn solutions(hand: &Hand, rules: &Rules) -> Vec<Expr> {
    let n = hand.len();
    let mut exprs: Vec<Vec<(Expr, BigRational)>> = vec![Vec::new(); 1 << n];
    for mask in 1..1usize << n {
        if mask.is_power_of_two() {
            let card = hand.cards()[mask.trailing_zeros() as usize];
            exprs[mask].push((Expr::Num(card), card.to_big()));
            continue;
        }
        let mut made = Vec::new();
        for left in submasks(mask) {
            let right = mask ^ left;
            for (l, a) in &exprs[left] {
                for (r, b) in &exprs[right] {
                    for op in rules.ops.iter() {
                        if let Some(v) = op.apply(a, b).filter(|v| rules.domain.allows(v)) {
                            made.push((Expr::binary(op, l.clone(), r.clone()), v));
                        }
                    }
                }
            }
        }
        exprs[mask] = made;
    }
    let target = rules.target.to_big();
    allowed_masks(n, rules)
        .into_iter()
        .flat_map(|m| std::mem::take(&mut exprs[m]))
        .filter(|(_, v)| *v == target)
        .map(|(e, _)| e)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rational;
    use crate::rules::Op;

    #[test]
    fn small_cases_by_hand() {
        let hand: Hand = "3 3 8 8".parse().unwrap();
        assert!(decide(&hand, &Rules::game24()));
        assert!(!decide(&"1 1 1 1".parse().unwrap(), &Rules::game24()));
        // 1 2 make 3 as 1+2 and 2+1 only.
        let sums = solutions(&"1 2".parse().unwrap(), &Rules::with_target(Rational::from_integer(3)));
        assert_eq!(
            sums,
            vec![Expr::binary(Op::Add, Expr::int(1), Expr::int(2)), Expr::binary(Op::Add, Expr::int(2), Expr::int(1))]
        );
    }

    #[test]
    fn reachable_whole_numbers() {
        let hand: Hand = "4 4 4 4".parse().unwrap();
        let made = reachable_integers(&hand, &Rules::game24(), 0, 10);
        assert_eq!(made.into_iter().collect::<Vec<_>>(), (0..=9).collect::<Vec<_>>());
    }
}
