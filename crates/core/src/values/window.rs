//! Whole-number targets in a window, for positive whole-number domains
//! (Countdown) and positive cards: the top split only visits the pairs whose result lands in
//! the window.
//!
//! A Countdown census asks, for each of 13,243 selections of six numbers,
//! which targets in 100..=999 it reaches. The value set of all six numbers
//! is large and mostly outside the window; building it would dominate the
//! census. With every value positive, each operator's result is monotone in
//! its partner, so for a value `a` of one side the partners `b` that land in
//! the window form one contiguous run of the other side's sorted values.

use crate::number::Rational;
use crate::rules::{CardUse, Domain, Op};

use super::{ValueSets, splits, sub_multisets};

/// A set of whole numbers in `lo..=hi`.
struct Window {
    lo: i64,
    bits: Vec<u64>,
    len: usize,
    filled: usize,
}

impl Window {
    fn new(lo: i64, hi: i64) -> Window {
        let len = usize::try_from(hi - lo + 1).expect("lo <= hi");
        Window { lo, bits: vec![0; len.div_ceil(64)], len, filled: 0 }
    }

    fn mark(&mut self, v: Rational) {
        if v.is_integer() {
            self.mark_integer(v.numer());
        }
    }

    fn mark_integer(&mut self, v: i64) {
        let Ok(i) = usize::try_from(v - self.lo) else { return };
        if i < self.len && self.bits[i / 64] & (1 << (i % 64)) == 0 {
            self.bits[i / 64] |= 1 << (i % 64);
            self.filled += 1;
        }
    }

    fn is_full(&self) -> bool {
        self.filled == self.len
    }

    fn values(&self) -> Vec<i64> {
        (0..self.len).filter(|i| self.bits[i / 64] & (1 << (i % 64)) != 0).map(|i| self.lo + i as i64).collect()
    }
}

impl ValueSets<Rational> {
    /// The whole numbers in `lo..=hi` (with `lo >= 1`) that `cards` (sorted)
    /// reach under `card_use`; `None` on overflow. Only for the positive
    /// whole-number domain and positive whole-number cards, where every
    /// value is a positive whole number.
    pub(crate) fn positive_integers_in(
        &mut self,
        cards: &[Rational],
        card_use: CardUse,
        lo: i64,
        hi: i64,
    ) -> Option<Vec<i64>> {
        debug_assert!(self.domain == Domain::PositiveInteger && lo >= 1 && lo <= hi);
        let mut window = Window::new(lo, hi);
        let (lo_r, hi_r) = (Rational::from_integer(lo), Rational::from_integer(hi));
        let subsets = match card_use {
            CardUse::All => vec![cards.into()],
            CardUse::Subset => sub_multisets(cards),
        };
        // Smaller subsets first: their value sets are needed anyway, and
        // they often fill the window before the whole hand is looked at.
        for subset in subsets.iter().filter(|s| s.len() < cards.len()) {
            let values = self.values(subset)?;
            let from = values.partition_point(|v| *v < lo_r);
            values[from..].iter().take_while(|v| **v <= hi_r).for_each(|&v| window.mark(v));
            if window.is_full() {
                return Some(window.values());
            }
        }
        if cards.len() == 1 {
            window.mark(cards[0]);
        } else {
            self.top_split_in_window(cards, &mut window, lo, hi)?;
        }
        Some(window.values())
    }

    /// Marks every `a op b` in the window over the splits of `cards`.
    ///
    /// Every value here is a positive whole number (the domain says so for
    /// two cards or more, and the caller checked the cards), so the values
    /// are compared and combined as plain integers.
    fn top_split_in_window(&mut self, cards: &[Rational], window: &mut Window, lo: i64, hi: i64) -> Option<()> {
        let ops = self.ops;
        for (left, right) in splits(cards) {
            let (a_values, b_values) = (self.values(&left)?, self.values(&right)?);
            let (walk, look) =
                if a_values.len() <= b_values.len() { (a_values, b_values) } else { (b_values, a_values) };
            for a in walk.iter().map(|v| v.numer()) {
                // The partners of `a` in `from..=to`, each combined by `combine`.
                let mut run = |from: i64, to: i64, combine: &dyn Fn(i64) -> Option<i64>| {
                    let start = look.partition_point(|b| b.numer() < from);
                    for b in look[start..].iter().map(|b| b.numer()).take_while(|&b| b <= to) {
                        if let Some(v) = combine(b) {
                            window.mark_integer(v);
                        }
                    }
                };
                if ops.contains(Op::Add) {
                    run(lo - a, hi - a, &|b| Some(a + b));
                }
                if ops.contains(Op::Sub) {
                    run(a - hi, a - lo, &|b| Some(a - b));
                    run(a + lo, a.saturating_add(hi), &|b| Some(b - a));
                }
                if ops.contains(Op::Mul) {
                    run((lo + a - 1) / a, hi / a, &|b| Some(a * b));
                }
                if ops.contains(Op::Div) {
                    run((a + hi - 1) / hi, a / lo, &|b| (a % b == 0).then(|| a / b));
                    run(a.saturating_mul(lo), a.saturating_mul(hi), &|b| (b % a == 0).then(|| b / a));
                }
                if window.is_full() {
                    return Some(());
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OpSet;

    #[test]
    fn window_agrees_with_the_full_value_set() {
        for cards in [&[1, 3, 7, 10, 25, 50][..], &[2, 2, 5, 9], &[75, 100, 3], &[1, 1, 2, 2, 3, 3], &[7]] {
            let cards: Vec<Rational> = cards.iter().map(|&c| Rational::from_integer(c)).collect();
            for card_use in [CardUse::All, CardUse::Subset] {
                let mut sets = ValueSets::new(OpSet::ALL, Domain::PositiveInteger);
                let all = sets.reachable(&cards, card_use).unwrap();
                let expected: Vec<i64> = all.iter().map(|v| v.numer()).filter(|v| (5..=999).contains(v)).collect();
                let mut fresh = ValueSets::new(OpSet::ALL, Domain::PositiveInteger);
                assert_eq!(fresh.positive_integers_in(&cards, card_use, 5, 999).unwrap(), expected, "{cards:?}");
            }
        }
    }
}
