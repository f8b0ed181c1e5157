//! Every solution of a hand, as a stream.
//!
//! Listing distinct solutions needs *all* of them, not the first one, and no
//! pruning that could lose one: the canonical forms decide later which are
//! the same. The enumeration works in two passes over the sub-multisets of
//! the hand:
//!
//! 1. bottom up, the set of values each sub-multiset can make under the
//!    rules (operator set and domain applied at every step);
//! 2. top down, goal directed: to make `v` from a set of cards, split it in
//!    two, take a value `a` the left part makes and solve `a op b = v` for
//!    the `b` the right part must make. Only expressions that reach the
//!    target are ever built.
//!
//! Card positions holding equal values are interchangeable, so each
//! sub-multiset is handled once, through one representative bit mask.
//! Arithmetic runs on 64-bit rationals; if any value of the first pass
//! overflows, the whole hand is enumerated again with big rationals, so a
//! solution is never lost to overflow.

use crate::expr::Expr;
use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{CardUse, Op, Rules};

/// Calls `visit` once for every solution of `hand` under `rules`.
///
/// Every expression tree that makes the target is visited, up to the order
/// of the operands of `+` and `*` and up to which of several equal-valued
/// cards sits where: those are the same tree at every level of
/// distinctness, so the stream carries each such tree at least once and
/// usually once. Under [`CardUse::Subset`] the solutions over every
/// non-empty sub-multiset of the cards are visited, single cards included.
///
/// ```
/// use reckon_core::{for_each_solution, Hand, Rules};
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// let mut found = Vec::new();
/// for_each_solution(&hand, &Rules::game24(), |e| found.push(e.to_string()));
/// assert_eq!(found, ["8/(3-8/3)"]);
/// ```
pub fn for_each_solution(hand: &Hand, rules: &Rules, mut visit: impl FnMut(Expr)) {
    match Tables::<Rational>::build(hand, rules) {
        Some(tables) => tables.solutions(&mut visit),
        None => Tables::<BigRational>::build(hand, rules).expect("big rationals do not overflow").solutions(&mut visit),
    }
}

/// Every solution of `hand` under `rules`, collected; see [`for_each_solution`].
///
/// ```
/// use reckon_core::{all_solutions, Hand, Rational, Rules};
/// let hand: Hand = "1 2".parse().unwrap();
/// let sums = all_solutions(&hand, &Rules::with_target(Rational::from_integer(3)));
/// assert_eq!(sums.len(), 1);
/// assert_eq!(sums[0].to_string(), "1+2");
/// ```
pub fn all_solutions(hand: &Hand, rules: &Rules) -> Vec<Expr> {
    let mut out = Vec::new();
    for_each_solution(hand, rules, |e| out.push(e));
    out
}

/// The values each sub-multiset of the cards makes, by representative mask.
struct Tables<N> {
    rules: Rules,
    cards: Vec<Rational>,
    /// The representative of each mask: the same multiset of values, taking
    /// the lowest positions of each run of equal cards.
    canon: Vec<usize>,
    /// For each representative proper sub-mask, its values, sorted and
    /// distinct (a single card's is the card). The whole hand's values are
    /// never built: the second pass reaches the target from its parts.
    values: Vec<Vec<N>>,
}

impl<N: Number> Tables<N> {
    /// The first pass; `None` if some arithmetic overflowed.
    fn build(hand: &Hand, rules: &Rules) -> Option<Tables<N>> {
        let cards = hand.cards().to_vec();
        let n = cards.len();
        let canon = representatives(&cards);
        let all = (1usize << n) - 1;
        let mut values: Vec<Vec<N>> = vec![Vec::new(); 1 << n];
        let mut made: Vec<N> = Vec::new();
        for mask in 1..all {
            if canon[mask] != mask {
                continue;
            }
            made.clear();
            if mask.is_power_of_two() {
                made.push(N::from_rational(cards[mask.trailing_zeros() as usize]));
            } else {
                for (left, right) in splits(mask, &canon) {
                    for a in &values[left] {
                        for b in &values[right] {
                            let (ops, count) = orientations(a, b, left == right);
                            for &(op, x, y) in &ops[..count] {
                                if !rules.ops.contains(op) || (op == Op::Div && y.is_zero()) {
                                    continue;
                                }
                                let v = op.apply(x, y)?;
                                if rules.domain.allows(&v) {
                                    made.push(v);
                                }
                            }
                        }
                    }
                }
                made.sort_unstable();
                made.dedup();
            }
            values[mask] = made.clone();
        }
        Some(Tables { rules: *rules, cards, canon, values })
    }

    /// The second pass: every solution, handed to `visit`.
    fn solutions(&self, visit: &mut dyn FnMut(Expr)) {
        let target = N::from_rational(self.rules.target);
        let all = (1usize << self.cards.len()) - 1;
        let masks: Vec<usize> = match self.rules.card_use {
            CardUse::All => vec![all],
            CardUse::Subset => (1..=all).filter(|&m| self.canon[m] == m).collect(),
        };
        for mask in masks {
            // The whole hand has no table; emitting finds out.
            if mask == all || self.values[mask].binary_search(&target).is_ok() {
                self.emit(mask, &target, visit);
            }
        }
    }

    /// Every expression over the cards of representative `mask` worth `v`,
    /// handed to `visit`; nothing if the cards cannot make `v`.
    fn emit(&self, mask: usize, v: &N, visit: &mut dyn FnMut(Expr)) {
        if mask.is_power_of_two() {
            let card = N::from_rational(self.cards[mask.trailing_zeros() as usize]);
            if card == *v {
                visit(Expr::Num(self.cards[mask.trailing_zeros() as usize]));
            }
            return;
        }
        let mut found = Vec::new();
        for (left, right) in splits(mask, &self.canon) {
            let same = left == right;
            // Partners cover both orders, so walk the side with fewer values.
            let (left, right) =
                if self.values[left].len() > self.values[right].len() { (right, left) } else { (left, right) };
            for a in &self.values[left] {
                found.clear();
                self.partners(a, v, right, same, &mut found);
                for (op, left_first, b) in found.drain(..) {
                    let (lm, lv, rm, rv) = if left_first { (left, a, right, &b) } else { (right, &b, left, a) };
                    let rights = self.collect(rm, rv);
                    self.emit(lm, lv, &mut |l| {
                        for r in &rights {
                            visit(Expr::binary(op, l.clone(), r.clone()));
                        }
                    });
                }
            }
        }
    }

    fn collect(&self, mask: usize, v: &N) -> Vec<Expr> {
        let mut out = Vec::new();
        self.emit(mask, v, &mut |e| out.push(e));
        out
    }

    /// The ways to finish `v` from a left value `a`: each operator with the
    /// side `a` goes on (true: `a op b`) and a value `b` the right part
    /// (a proper sub-mask) makes, pushed onto `out`.
    ///
    /// An inverse operation that overflows loses nothing: its exact result
    /// does not fit in `N`, so no value of the right part can be it (the
    /// first pass built those values without overflow).
    fn partners(&self, a: &N, v: &N, right: usize, same: bool, out: &mut Vec<(Op, bool, N)>) {
        let made = &self.values[right];
        let ops = self.rules.ops;
        let mut offer = |op: Op, left_first: bool, b: Option<N>| {
            if let Some(b) = b.filter(|b| made.binary_search(b).is_ok()) {
                // Equal halves make the same trees either way round: keep
                // one orientation, and for + and * one order of the values.
                let mirrored = !left_first || (op.is_commutative() && *a > b);
                if ops.contains(op) && !(same && mirrored) {
                    out.push((op, left_first, b));
                }
            }
        };
        // a + b = v
        offer(Op::Add, true, v.sub(a));
        // a - b = v and b - a = v
        offer(Op::Sub, true, a.sub(v));
        offer(Op::Sub, false, v.add(a));
        // a * b = v: with a = 0 every b works when v = 0.
        if a.is_zero() {
            if v.is_zero() {
                for b in made {
                    offer(Op::Mul, true, Some(b.clone()));
                }
            }
        } else {
            offer(Op::Mul, true, v.div(a));
        }
        // a / b = v with b nonzero: with v = 0, a = 0 and any b.
        if v.is_zero() {
            if a.is_zero() {
                for b in made.iter().filter(|b| !b.is_zero()) {
                    offer(Op::Div, true, Some(b.clone()));
                }
            }
        } else if !a.is_zero() {
            offer(Op::Div, true, a.div(v));
        }
        // b / a = v with a nonzero.
        if !a.is_zero() {
            offer(Op::Div, false, v.mul(a));
        }
    }
}

/// The six ways to combine two values: `+` and `*` once, `-` and `/` both
/// ways round (only one way when both sides are the same sub-multiset, whose
/// values are then drawn from the same set anyway); the first `count` hold.
fn orientations<'a, N>(a: &'a N, b: &'a N, same: bool) -> ([(Op, &'a N, &'a N); 6], usize) {
    let all = [(Op::Add, a, b), (Op::Mul, a, b), (Op::Sub, a, b), (Op::Div, a, b), (Op::Sub, b, a), (Op::Div, b, a)];
    (all, if same { 4 } else { 6 })
}

/// For every mask, the representative mask of the same multiset of values.
/// The cards are sorted, so equal values sit in runs.
fn representatives(cards: &[Rational]) -> Vec<usize> {
    let n = cards.len();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, c) in cards.iter().enumerate() {
        match runs.last_mut() {
            Some((start, len)) if cards[*start] == *c => *len += 1,
            _ => runs.push((i, 1)),
        }
    }
    (0..1usize << n)
        .map(|mask| {
            runs.iter().fold(0, |acc, &(start, len)| {
                let run = ((1usize << len) - 1) << start;
                let count = (mask & run).count_ones();
                acc | (((1usize << count) - 1) << start)
            })
        })
        .collect()
}

/// The ways to split `mask` into two non-empty parts, as unordered pairs of
/// representative masks, each pair once.
fn splits(mask: usize, canon: &[usize]) -> Vec<(usize, usize)> {
    let low = mask & mask.wrapping_neg();
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut left = (mask - 1) & mask;
    while left > 0 {
        if left & low != 0 {
            let (a, b) = (canon[left], canon[mask ^ left]);
            let pair = (a.min(b), a.max(b));
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
        left = (left - 1) & mask;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle;
    use std::collections::BTreeSet;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    /// A key that forgets the operand order of `+` and `*`.
    fn unordered(e: &Expr) -> String {
        match e {
            Expr::Num(r) => r.to_string(),
            Expr::Binary(op, l, r) => {
                let (mut a, mut b) = (unordered(l), unordered(r));
                if op.is_commutative() && a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                format!("({a}{op}{b})")
            }
        }
    }

    fn keys(exprs: &[Expr]) -> BTreeSet<String> {
        exprs.iter().map(unordered).collect()
    }

    #[test]
    fn agrees_with_the_oracle() {
        let cases = [
            ("3 3 8 8", Rules::game24()),
            ("1 2 3 4", Rules::game24()),
            ("0 0 0 0", Rules::with_target(Rational::ZERO)),
            ("0 1 2 12", Rules::game24()),
            ("1 1 1 10", Rules::with_target(Rational::from_integer(10))),
            ("2 2 2 2", Rules::with_target(Rational::from_integer(1))),
            ("1 5 5 5", Rules::game24()),
            ("3 7 25 50", Rules::countdown(Rational::from_integer(75))),
            ("1 2 4 6", Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(3)) }),
            ("2 3 4 -5", Rules { domain: crate::Domain::Integer, ..Rules::with_target(Rational::from_integer(-7)) }),
        ];
        for (cards, rules) in cases {
            let h = hand(cards);
            let ours = all_solutions(&h, &rules);
            let theirs = oracle::solutions(&h, &rules);
            assert_eq!(keys(&ours), keys(&theirs), "{cards} under {rules:?}");
            for e in &ours {
                assert_eq!(e.value_big().unwrap(), rules.target.to_big(), "{e:?}");
            }
        }
    }

    #[test]
    fn overflow_falls_back_to_big_numbers() {
        let a = 3_037_000_500_i64;
        let target = Rational::from_integer(9_223_372_033_963_249_500);
        let rules = Rules { ops: "*-".parse().unwrap(), ..Rules::with_target(target) };
        let h = Hand::from_integers(&[a, a, a]).unwrap();
        let found: Vec<String> = all_solutions(&h, &rules).iter().map(ToString::to_string).collect();
        assert_eq!(found, [format!("{a}*{a}-{a}")]);
    }

    #[test]
    fn representatives_take_the_lowest_equal_cards() {
        let canon = representatives(hand("1 1 2").cards());
        assert_eq!(canon[0b010], 0b001);
        assert_eq!(canon[0b110], 0b101);
        assert_eq!(canon[0b111], 0b111);
    }
}
