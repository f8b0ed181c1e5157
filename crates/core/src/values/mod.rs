//! Reachable values: the set of values each sub-multiset of cards can make,
//! memoized across hands.
//!
//! This is the fast path for questions about many hands or many targets at
//! once (a census, `reach`): a census of 1820 hands of four cards has only
//! 91 distinct pairs and 455 distinct triples, so their value sets are
//! computed once and shared. Deciding a hand never builds the hand's own
//! value set: at the top split, for each value `a` of one side, only the few
//! `b` with `a op b = target` can finish, and they are looked up on the
//! other side.

mod window;

use hashbrown::HashMap;
use smallvec::SmallVec;

use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{CardUse, Domain, Op, OpSet, Rules};

/// Value sets by sub-multiset for one operator set and domain, in number type `N`.
///
/// Every method returns `None` when some arithmetic overflowed `N`; the
/// caller then asks again in [`BigRational`] (see [`Reach`]).
#[derive(Debug)]
pub struct ValueSets<N> {
    ops: OpSet,
    domain: Domain,
    /// Where the value set of each sorted multiset of cards is in `sets`.
    index: HashMap<Cards<N>, usize>,
    /// Sorted, duplicate-free values of a multiset (every card used once).
    /// Held by index, not shared pointer: lookups in the hot loop borrow.
    sets: Vec<Box<[N]>>,
}

impl<N: Number> ValueSets<N> {
    /// An empty memo for these operators and this domain.
    pub fn new(ops: OpSet, domain: Domain) -> ValueSets<N> {
        ValueSets { ops, domain, index: HashMap::new(), sets: Vec::new() }
    }

    /// Every value `cards` (sorted) can make, using each card exactly once, sorted.
    pub fn values(&mut self, cards: &[N]) -> Option<&[N]> {
        let id = self.set_of(cards)?;
        Some(&self.sets[id])
    }

    /// The index in `sets` of the values of `cards`, computed if new.
    fn set_of(&mut self, cards: &[N]) -> Option<usize> {
        if let Some(&known) = self.index.get(cards) {
            return Some(known);
        }
        let values: Box<[N]> = if cards.len() == 1 {
            Box::from(cards)
        } else {
            let mut made = Vec::new();
            for (left, right) in splits(cards) {
                let (a, b) = (self.set_of(&left)?, self.set_of(&right)?);
                for x in self.sets[a].iter() {
                    for y in self.sets[b].iter() {
                        self.combine(x, y, |v| made.push(v))?;
                    }
                }
            }
            made.sort_unstable();
            made.dedup();
            made.into_boxed_slice()
        };
        self.sets.push(values);
        self.index.insert(Cards::from(cards), self.sets.len() - 1);
        Some(self.sets.len() - 1)
    }

    /// The value sets of the two sides of a split: the smaller first.
    fn walk_and_look(&mut self, left: &[N], right: &[N]) -> Option<(&[N], &[N])> {
        let (a, b) = (self.set_of(left)?, self.set_of(right)?);
        let (a, b) = (&self.sets[a], &self.sets[b]);
        Some(if a.len() <= b.len() { (a, b) } else { (b, a) })
    }

    /// Calls `out` with every allowed `a op b` and `b op a`; `None` on overflow.
    fn combine(&self, a: &N, b: &N, mut out: impl FnMut(N)) -> Option<()> {
        let mut emit = |v: N| {
            if self.domain.allows(&v) {
                out(v);
            }
        };
        if self.ops.contains(Op::Add) {
            emit(a.add(b)?);
        }
        if self.ops.contains(Op::Mul) {
            emit(a.mul(b)?);
        }
        if self.ops.contains(Op::Sub) {
            emit(a.sub(b)?);
            emit(b.sub(a)?);
        }
        if self.ops.contains(Op::Div) {
            if !b.is_zero() {
                emit(a.div(b)?);
            }
            if !a.is_zero() {
                emit(b.div(a)?);
            }
        }
        Some(())
    }

    /// Can `cards` (sorted) make `target` using every card once?
    pub fn decide_all(&mut self, cards: &[N], target: &N) -> Option<bool> {
        if cards.len() == 1 {
            return Some(cards[0] == *target);
        }
        if !self.domain.allows(target) {
            return Some(false);
        }
        let ops = self.ops;
        for (left, right) in splits(cards) {
            // Walk the smaller side, look the partner up in the larger one.
            let (walk, look) = self.walk_and_look(&left, &right)?;
            if walk.iter().any(|a| finishes(ops, a, look, target)) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Every value `cards` (sorted) can make under `card_use`, sorted.
    pub fn reachable(&mut self, cards: &[N], card_use: CardUse) -> Option<Vec<N>> {
        match card_use {
            CardUse::All => Some(self.values(cards)?.to_vec()),
            CardUse::Subset => {
                let mut all = Vec::new();
                for subset in sub_multisets(cards) {
                    all.extend(self.values(&subset)?.iter().cloned());
                }
                all.sort_unstable();
                all.dedup();
                Some(all)
            }
        }
    }

    /// Can `cards` (sorted) make `target` under `card_use`?
    pub fn decide(&mut self, cards: &[N], target: &N, card_use: CardUse) -> Option<bool> {
        match card_use {
            CardUse::All => self.decide_all(cards, target),
            CardUse::Subset => {
                for subset in sub_multisets(cards) {
                    if self.decide_all(&subset, target)? {
                        return Some(true);
                    }
                }
                Some(false)
            }
        }
    }
}

/// Is there a `b` in `look` with `a op b` or `b op a` equal to `target`?
fn finishes<N: Number>(ops: OpSet, a: &N, look: &[N], target: &N) -> bool {
    // A partner that overflows cannot be in `look`: its values all fit.
    let has = |b: Option<N>| b.is_some_and(|b| look.binary_search(&b).is_ok());
    let add = || has(target.sub(a));
    let sub = || has(a.sub(target)) || has(target.add(a));
    let mul = || if a.is_zero() { target.is_zero() } else { has(target.div(a)) };
    let div = || {
        let b_over_a = !a.is_zero() && has(target.mul(a));
        let a_over_b = if target.is_zero() {
            a.is_zero() && look.iter().any(|b| !b.is_zero())
        } else {
            !a.is_zero() && has(a.div(target))
        };
        b_over_a || a_over_b
    };
    (ops.contains(Op::Add) && add())
        || (ops.contains(Op::Sub) && sub())
        || (ops.contains(Op::Mul) && mul())
        || (ops.contains(Op::Div) && div())
}

/// A few cards, inline: sub-multisets are made and looked up in the hot
/// loop, and hands rarely exceed eight cards.
pub(crate) type Cards<N> = SmallVec<[N; 8]>;

/// The distinct ways to split a sorted multiset into two non-empty parts,
/// each unordered pair once, the most balanced first: deciding a hand looks
/// at them in this order, and balanced splits only need small value sets.
/// Lazy, so that a decision that ends early builds no more splits.
pub(crate) fn splits<N: Clone + Ord>(cards: &[N]) -> Splits<N> {
    let groups = group(cards);
    let counts = smallvec::smallvec![0; groups.len()];
    Splits { groups, total: cards.len(), smaller: cards.len() / 2, counts }
}

pub(crate) struct Splits<N> {
    groups: SmallVec<[(N, usize); 8]>,
    total: usize,
    /// The size of the smaller part of the splits being listed; 0 when done.
    smaller: usize,
    /// How many of each group the smaller part takes: an odometer.
    counts: SmallVec<[usize; 8]>,
}

impl<N: Clone + Ord> Splits<N> {
    /// Moves the odometer on; false when it wrapped around to all zeros.
    fn advance(&mut self) -> bool {
        for (count, (_, available)) in self.counts.iter_mut().zip(&self.groups) {
            if *count < *available {
                *count += 1;
                return true;
            }
            *count = 0;
        }
        false
    }
}

impl<N: Clone + Ord> Iterator for Splits<N> {
    type Item = (Cards<N>, Cards<N>);

    fn next(&mut self) -> Option<Self::Item> {
        while self.smaller > 0 {
            if !self.advance() {
                self.smaller -= 1;
                continue;
            }
            if self.counts.iter().sum::<usize>() != self.smaller {
                continue;
            }
            let rest: SmallVec<[usize; 8]> = self.groups.iter().zip(&self.counts).map(|((_, n), c)| n - c).collect();
            // Two parts of equal size: each unordered pair once.
            if 2 * self.smaller == self.total && self.counts > rest {
                continue;
            }
            return Some((expand(&self.groups, &self.counts), expand(&self.groups, &rest)));
        }
        None
    }
}

/// Every distinct non-empty sub-multiset of a sorted multiset.
pub(crate) fn sub_multisets<N: Clone + Ord>(cards: &[N]) -> Vec<Cards<N>> {
    let groups = group(cards);
    let mut out = Vec::new();
    for_each_count_vector(&groups, |counts| {
        if counts.iter().any(|&c| c > 0) {
            out.push(expand(&groups, counts));
        }
    });
    out
}

/// Runs of equal values: `(value, how many)`.
fn group<N: Clone + Ord>(cards: &[N]) -> SmallVec<[(N, usize); 8]> {
    let mut groups: SmallVec<[(N, usize); 8]> = SmallVec::new();
    for card in cards {
        match groups.last_mut() {
            Some((v, n)) if v == card => *n += 1,
            _ => groups.push((card.clone(), 1)),
        }
    }
    groups
}

/// Calls `f` with every vector `c` with `0 <= c[i] <= groups[i].1`.
fn for_each_count_vector<N>(groups: &[(N, usize)], mut f: impl FnMut(&[usize])) {
    let mut counts: SmallVec<[usize; 8]> = smallvec::smallvec![0; groups.len()];
    loop {
        f(&counts);
        let mut i = 0;
        loop {
            if i == groups.len() {
                return;
            }
            if counts[i] < groups[i].1 {
                counts[i] += 1;
                break;
            }
            counts[i] = 0;
            i += 1;
        }
    }
}

fn expand<N: Clone>(groups: &[(N, usize)], counts: &[usize]) -> Cards<N> {
    groups.iter().zip(counts).flat_map(|((v, _), &c)| std::iter::repeat_n(v.clone(), c)).collect()
}

/// Reachable values under one set of rules, in exact arithmetic that never
/// overflows: 64-bit rationals, and big rationals for a hand where those
/// overflow. Memoized across hands.
///
/// ```
/// use reckon_core::{Hand, Reach, Rules, Rational};
/// let mut reach = Reach::new(Rules::game24());
/// let hand: Hand = "4 4 4 4".parse().unwrap();
/// let made = reach.integers_in(&hand, 0, 10);
/// assert_eq!(made, (0..=9).collect::<Vec<_>>());
/// assert!(reach.decide(&"3 3 8 8".parse().unwrap()));
/// ```
#[derive(Debug)]
pub struct Reach {
    rules: Rules,
    fast: ValueSets<Rational>,
    big: Option<ValueSets<BigRational>>,
}

impl Reach {
    /// A memo for `rules`; the target is used by [`Reach::decide`] only.
    pub fn new(rules: Rules) -> Reach {
        Reach { rules, fast: ValueSets::new(rules.ops, rules.domain), big: None }
    }

    /// The rules this memo applies.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    fn big(&mut self) -> &mut ValueSets<BigRational> {
        let rules = self.rules;
        self.big.get_or_insert_with(|| ValueSets::new(rules.ops, rules.domain))
    }

    /// Can `hand` make the target of the rules?
    pub fn decide(&mut self, hand: &Hand) -> bool {
        self.decide_target(hand, self.rules.target)
    }

    /// Can `hand` make `target` under the rules' operators, domain and card use?
    pub fn decide_target(&mut self, hand: &Hand, target: Rational) -> bool {
        let card_use = self.rules.card_use;
        if let Some(answer) = self.fast.decide(hand.cards(), &target, card_use) {
            return answer;
        }
        let cards: Vec<BigRational> = hand.cards().iter().map(|c| c.to_big()).collect();
        self.big().decide(&cards, &target.to_big(), card_use).expect("big rationals do not overflow")
    }

    /// Every whole number in `lo..=hi` that `hand` can make, ascending.
    pub fn integers_in(&mut self, hand: &Hand, lo: i64, hi: i64) -> Vec<i64> {
        let card_use = self.rules.card_use;
        let positive_cards = hand.cards().iter().all(|c| c.is_positive() && c.is_integer());
        // The window is a bit set: worth it for a census's few hundred
        // targets, not for "every whole number" (there the full set is smaller).
        let narrow = lo.max(1) <= hi && hi.saturating_sub(lo.max(1)) < 1 << 16;
        if self.rules.domain == Domain::PositiveInteger && positive_cards && narrow {
            // Every value is positive, so only the positive part of the range matters.
            if let Some(made) = self.fast.positive_integers_in(hand.cards(), card_use, lo.max(1), hi) {
                return made;
            }
        }
        let in_range = |v: i64| (lo..=hi).contains(&v);
        if let Some(values) = self.fast.reachable(hand.cards(), card_use) {
            return values.iter().filter(|v| v.is_integer()).map(|v| v.numer()).filter(|&v| in_range(v)).collect();
        }
        let cards: Vec<BigRational> = hand.cards().iter().map(|c| c.to_big()).collect();
        let values = self.big().reachable(&cards, card_use).expect("big rationals do not overflow");
        values
            .iter()
            .filter(|v| v.is_integer())
            .filter_map(|v| i64::try_from(v.to_integer()).ok())
            .filter(|&v| in_range(v))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Vec<Rational> {
        v.iter().map(|&n| Rational::from_integer(n)).collect()
    }

    #[test]
    fn splits_each_unordered_pair_once() {
        let shown: Vec<String> = splits(&ints(&[1, 1, 2])).map(|(a, b)| format!("{a:?}|{b:?}")).collect();
        assert_eq!(shown, ["[1]|[1, 2]", "[2]|[1, 1]"]);
        let shown: Vec<String> = splits(&ints(&[1, 1, 2, 3])).map(|(a, b)| format!("{a:?}|{b:?}")).collect();
        assert_eq!(shown, ["[1, 3]|[1, 2]", "[2, 3]|[1, 1]", "[1]|[1, 2, 3]", "[2]|[1, 1, 3]", "[3]|[1, 1, 2]"]);
        assert_eq!(splits(&ints(&[1, 2, 3, 4])).count(), 7);
        assert_eq!(splits(&ints(&[5, 5, 5, 5])).count(), 2);
        assert_eq!(splits(&ints(&[1, 2, 3, 4, 5, 6])).count(), 31);
        assert_eq!(sub_multisets(&ints(&[1, 1, 2])).len(), 5);
    }

    #[test]
    fn value_sets_of_small_hands() {
        let mut sets = ValueSets::<Rational>::new(OpSet::ALL, Domain::Rational);
        let v = sets.values(&ints(&[1, 2])).unwrap();
        assert_eq!(format!("{v:?}"), "[-1, 1/2, 1, 2, 3]");
        let mut whole = ValueSets::<Rational>::new(OpSet::ALL, Domain::PositiveInteger);
        assert_eq!(format!("{:?}", whole.values(&ints(&[1, 2])).unwrap()), "[1, 2, 3]");
    }

    #[test]
    fn decides_like_the_classic_facts() {
        let mut reach = Reach::new(Rules::game24());
        for (cards, solvable) in [("3 3 8 8", true), ("1 1 1 1", false), ("1 5 5 5", true), ("0 0 0 0", false)] {
            assert_eq!(reach.decide(&cards.parse().unwrap()), solvable, "{cards}");
        }
        let mut zero = Reach::new(Rules::with_target(Rational::ZERO));
        assert!(zero.decide(&"0 5".parse().unwrap()));
        assert!(zero.decide(&"0 0 0 5".parse().unwrap()));
    }

    #[test]
    fn countdown_reach() {
        let mut reach = Reach::new(Rules::countdown(Rational::from_integer(765)));
        let game: Hand = "1 3 7 10 25 50".parse().unwrap();
        assert!(reach.decide(&game));
        assert!(!reach.decide_target(&game, Rational::from_integer(831)));
        let small: Hand = "1 1 2 2 3 3".parse().unwrap();
        assert!(reach.integers_in(&small, 100, 999).is_empty());
        // A range far wider than any window: every positive whole number.
        let everything = reach.integers_in(&small, 1, i64::MAX);
        assert_eq!(
            everything,
            crate::oracle::reachable_integers(&small, reach.rules(), 1, i64::MAX).into_iter().collect::<Vec<_>>()
        );
        assert_eq!(everything.iter().zip(1..).find(|(v, n)| *v != n).map(|(_, n)| n), Some(58));
    }
}
