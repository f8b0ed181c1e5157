//! Whole-number targets in a window, for positive whole-number domains
//! (Countdown) and positive whole-number cards: the top split only visits
//! the pairs whose result lands in the window.
//!
//! A Countdown census asks, for each of 13,243 selections of six numbers,
//! which targets in 100..=999 it reaches. The value set of all six numbers
//! is large and mostly outside the window; building it would dominate the
//! census. With every value positive, each operator's result is monotone in
//! its partner, so for a value `a` of one side the partners `b` that land in
//! the window form one contiguous run of the other side's sorted values.
//! For `+` and `-` that run maps onto the window by a shift, so the other
//! side is turned into a bit set once and shifted into the window a word
//! at a time.

use hashbrown::HashMap;

use crate::number::Rational;
use crate::rules::{CardUse, Domain, Op};

use super::{ValueSets, key_splits, sub_multisets};
use crate::values::ids::{Ids, Key};

/// A set of whole numbers in `lo..=hi`.
struct Window {
    lo: i64,
    bits: Vec<u64>,
    len: usize,
}

impl Window {
    fn new(lo: i64, hi: i64) -> Window {
        let len = usize::try_from(hi - lo + 1).expect("lo <= hi");
        Window { lo, bits: vec![0; len.div_ceil(64)], len }
    }

    fn mark(&mut self, v: Rational) {
        if v.is_integer() {
            self.mark_integer(v.numer());
        }
    }

    fn mark_integer(&mut self, v: i64) {
        let Ok(i) = usize::try_from(v - self.lo) else { return };
        if i < self.len {
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    /// Adds `lo + i` for every `i` with bit `i + offset` set in `source`.
    fn or_shifted(&mut self, source: &Bits, offset: i64) {
        let (first, shift) = (offset.div_euclid(64), offset.rem_euclid(64) as u32);
        let word = |i: i64| usize::try_from(i).ok().and_then(|i| source.words.get(i)).copied().unwrap_or(0);
        let mut low = word(first);
        for (i, target) in (first + 1..).zip(self.bits.iter_mut()) {
            let high = word(i);
            // `checked_shl` because a shift by 64 is no shift at all.
            *target |= (low >> shift) | high.checked_shl(64 - shift).unwrap_or(0);
            low = high;
        }
        // Bits past the end of the window are not targets.
        if self.len % 64 != 0 {
            *self.bits.last_mut().expect("a window is not empty") &= (1 << (self.len % 64)) - 1;
        }
    }

    fn is_full(&self) -> bool {
        self.bits.iter().map(|w| w.count_ones() as usize).sum::<usize>() == self.len
    }

    fn values(&self) -> Vec<i64> {
        (0..self.len).filter(|i| self.bits[i / 64] & (1 << (i % 64)) != 0).map(|i| self.lo + i as i64).collect()
    }
}

/// The values `0..len` of a sorted set of positive whole numbers, as bits,
/// forwards (bit `v` for value `v`) or backwards (bit `len - 1 - v`).
#[derive(Debug)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn of(values: &[Rational], len: usize, backwards: bool) -> Bits {
        let mut words = vec![0u64; len.div_ceil(64)];
        for v in values.iter().map(|v| v.numer()).take_while(|&v| v < len as i64) {
            let bit = if backwards { len - 1 - v as usize } else { v as usize };
            words[bit / 64] |= 1 << (bit % 64);
        }
        Bits { words }
    }
}

/// The low values of a set both ways, as bits.
#[derive(Debug)]
struct LowBits {
    forwards: Bits,
    backwards: Bits,
}

/// The [`LowBits`] of value sets, by set index, for one bit length: a
/// census asks every hand for the same window, and the sets of its
/// sub-hands are shared, so their bits are made once.
#[derive(Debug, Default)]
pub(super) struct WindowBits {
    len: usize,
    by_set: HashMap<usize, LowBits>,
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
        // Partners up to `reach` are shifted in as bits, larger ones walked.
        let reach = 2 * hi + 1;
        let bit_len = usize::try_from(reach).ok()?;
        // Ids first: running out of them starts the whole memo afresh, bits too.
        let ids = self.ids_of(cards);
        if self.window_bits.len != bit_len {
            self.window_bits = WindowBits { len: bit_len, by_set: HashMap::new() };
        }
        let subsets = match card_use {
            CardUse::All => vec![ids.clone()],
            CardUse::Subset => sub_multisets(&ids),
        };
        // Smaller subsets first: their value sets are needed anyway, and
        // they often fill the window before the whole hand is looked at.
        for subset in subsets.iter().filter(|s| s.len() < cards.len()) {
            let set = self.set_of(subset)?;
            window.or_shifted(&self.low_bits(set).forwards, lo);
            if window.is_full() {
                return Some(window.values());
            }
        }
        if cards.len() == 1 {
            window.mark(cards[0]);
        } else {
            self.top_split_in_window(&ids, &mut window, lo, hi)?;
        }
        Some(window.values())
    }

    /// The bits of the values of set `set` below the bit length in use.
    fn low_bits(&mut self, set: usize) -> &LowBits {
        let (len, values) = (self.window_bits.len, &self.sets[set]);
        self.window_bits.by_set.entry(set).or_insert_with(|| LowBits {
            forwards: Bits::of(values, len, false),
            backwards: Bits::of(values, len, true),
        })
    }

    /// Marks every `a op b` in the window over the splits of `cards`.
    ///
    /// Every value here is a positive whole number (the domain says so for
    /// two cards or more, and the caller checked the cards), so the values
    /// are compared and combined as plain integers.
    fn top_split_in_window(&mut self, ids: &Ids, window: &mut Window, lo: i64, hi: i64) -> Option<()> {
        let ops = self.ops;
        let reach = 2 * hi + 1;
        // A single card against the rest first: the rest's values are
        // already made (every subset's are) and dense, so a few shifts
        // often fill the window before the balanced splits are walked.
        let mut splits: Vec<(Key, Key)> = key_splits(ids).collect();
        splits.reverse();
        for (left, right) in splits {
            let (walk, look) = self.walk_and_look(left, right)?;
            self.low_bits(look);
            let bits = &self.window_bits.by_set[&look];
            let (walk, look) = (&self.sets[walk], &self.sets[look]);
            for a in walk.iter().map(|v| v.numer()) {
                let run = |window: &mut Window, from, to, combine: &dyn Fn(i64) -> Option<i64>| {
                    mark_run(window, look, from, to, combine);
                };
                if ops.contains(Op::Add) {
                    // a + b = lo + i  <=>  b = i + (lo - a); b <= hi - a < reach.
                    window.or_shifted(&bits.forwards, lo - a);
                }
                if ops.contains(Op::Sub) {
                    // b - a = lo + i  <=>  b = i + (lo + a).
                    if hi + a < reach {
                        window.or_shifted(&bits.forwards, lo + a);
                    } else {
                        run(window, a + lo, a.saturating_add(hi), &|b| Some(b - a));
                    }
                    // a - b = lo + i  <=>  b = a - lo - i, bit reach-1-b backwards.
                    if a - lo < reach {
                        window.or_shifted(&bits.backwards, reach - 1 - a + lo);
                    } else {
                        run(window, a - hi, a - lo, &|b| Some(a - b));
                    }
                }
                if ops.contains(Op::Mul) {
                    run(window, (lo + a - 1) / a, hi / a, &|b| Some(a * b));
                }
                if ops.contains(Op::Div) {
                    run(window, (a + hi - 1) / hi, a / lo, &|b| (a % b == 0).then(|| a / b));
                    run(window, a.saturating_mul(lo), a.saturating_mul(hi), &|b| (b % a == 0).then(|| b / a));
                }
            }
            if window.is_full() {
                return Some(());
            }
        }
        Some(())
    }
}

/// Marks `combine(b)` for the partners `b` in `from..=to` of sorted `look`.
fn mark_run(window: &mut Window, look: &[Rational], from: i64, to: i64, combine: &dyn Fn(i64) -> Option<i64>) {
    if from > to {
        return;
    }
    let start = look.partition_point(|b| b.numer() < from);
    for b in look[start..].iter().map(|b| b.numer()).take_while(|&b| b <= to) {
        if let Some(v) = combine(b) {
            window.mark_integer(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OpSet;

    #[test]
    fn window_agrees_with_the_full_value_set() {
        let hands: [&[i64]; 7] = [
            &[1, 3, 7, 10, 25, 50],
            &[2, 2, 5, 9],
            &[75, 100, 3],
            &[1, 1, 2, 2, 3, 3],
            &[7],
            &[100, 75, 50, 25, 9, 10],
            &[4, 4, 6, 8, 8],
        ];
        for cards in hands {
            let mut cards: Vec<Rational> = cards.iter().map(|&c| Rational::from_integer(c)).collect();
            cards.sort_unstable();
            for ops in ["+-*/", "+-", "-", "*/", "+", "-*"] {
                let ops: OpSet = ops.parse().unwrap();
                for (lo, hi) in [(100, 999), (1, 50), (5, 2000), (700, 710)] {
                    for card_use in [CardUse::All, CardUse::Subset] {
                        let mut sets = ValueSets::new(ops, Domain::PositiveInteger);
                        let all = sets.reachable(&cards, card_use).unwrap();
                        let expected: Vec<i64> =
                            all.iter().map(|v| v.numer()).filter(|v| (lo..=hi).contains(v)).collect();
                        let mut fresh = ValueSets::new(ops, Domain::PositiveInteger);
                        let got = fresh.positive_integers_in(&cards, card_use, lo, hi).unwrap();
                        assert_eq!(got, expected, "{cards:?} {ops} {lo}..={hi} {card_use:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn bits_shift_across_words() {
        let values: Vec<Rational> = [0, 1, 63, 64, 65, 130].iter().map(|&v| Rational::from_integer(v)).collect();
        let bits = Bits::of(&values, 200, false);
        let shifted = |offset: i64| {
            let mut window = Window::new(10, 150);
            window.or_shifted(&bits, offset);
            window.values()
        };
        assert_eq!(shifted(0), [10, 11, 73, 74, 75, 140]);
        assert_eq!(shifted(-1), [11, 12, 74, 75, 76, 141]);
        assert_eq!(shifted(63), [10, 11, 12, 77]);
        assert_eq!(shifted(-20), [30, 31, 93, 94, 95], "bits past the window's end are dropped");
        assert_eq!(shifted(1000), [0; 0]);
        let backwards = Bits::of(&values, 200, true);
        let mut window = Window::new(10, 150);
        window.or_shifted(&backwards, 199);
        assert_eq!(window.values(), [10], "value 0 is the last bit");
    }
}
