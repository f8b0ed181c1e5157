//! Hands of four cards, decided by pairs.
//!
//! Every expression of four cards combines two of them first (a tree with
//! four leaves has two leaves under one node); what is left is an
//! expression of the other two cards and that pair's value `v`, in one of
//! three shapes: `(a∘b)∘v`, `a∘(b∘v)` or `b∘(a∘v)`. So a hand makes the
//! target exactly when, for some pairing of its cards, a value of one pair
//! is among the *pair targets* of the other: the values `v` that finish in
//! one of those shapes. A census of 1820 hands has 91 pairs, whose pair
//! targets are made once; a hand is then at most six meetings of a pair's
//! values with the other pair's targets, where the splits take fifteen.

use super::ValueSets;
use super::ids::key;
use super::targets::{ROOT, TargetId};
use crate::number::Number;

/// What a pair of cards brings to a four-card hand.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pair {
    /// The index of the pair's value set.
    set: usize,
    /// Its pair targets; `None` when a card's partners are every value
    /// (`0 * x = 0`), which the splits handle instead.
    targets: Option<TargetId>,
}

/// Pairs by the ids of their two cards, the smaller first, for one target.
#[derive(Debug, Default)]
pub(super) struct Pairs {
    by_ids: Vec<Vec<Option<Pair>>>,
}

impl Pairs {
    pub(super) fn get(&self, a: u8, b: u8) -> Option<Pair> {
        *self.by_ids.get(usize::from(a))?.get(usize::from(b))?
    }

    pub(super) fn insert(&mut self, a: u8, b: u8, pair: Pair) {
        let (a, b) = (usize::from(a), usize::from(b));
        if self.by_ids.len() <= a {
            self.by_ids.resize_with(a + 1, Vec::new);
        }
        if self.by_ids[a].len() <= b {
            self.by_ids[a].resize(b + 1, None);
        }
        self.by_ids[a][b] = Some(pair);
    }
}

/// The three ways to pair four sorted ids, each as its two pairs.
fn pairings(ids: [u8; 4]) -> [[(u8, u8); 2]; 3] {
    let [w, x, y, z] = ids;
    [[(w, x), (y, z)], [(w, y), (x, z)], [(w, z), (x, y)]]
}

impl<N: Number> ValueSets<N> {
    /// Can the four cards `ids` (sorted) make the root target? `None` on overflow.
    pub(super) fn decide_four(&mut self, ids: [u8; 4]) -> Option<bool> {
        let all = pairings(ids);
        for (at, &[p, q]) in all.iter().enumerate() {
            // Equal cards pair alike more than once: meet each pairing once.
            let same = |&[r, s]: &[(u8, u8); 2]| (r, s) == (p, q) || (r, s) == (q, p);
            if all[..at].iter().any(same) {
                continue;
            }
            let (p_pair, q_pair) = (self.pair(p)?, self.pair(q)?);
            let (Some(p_targets), Some(q_targets)) = (p_pair.targets, q_pair.targets) else {
                return self.decide_in(&ids, ROOT);
            };
            if self.targets.get(p_targets).meet(&self.sets[q_pair.set])
                || p != q && self.targets.get(q_targets).meet(&self.sets[p_pair.set])
            {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The value set and pair targets of the cards `a <= b`, made if new.
    fn pair(&mut self, (a, b): (u8, u8)) -> Option<Pair> {
        if let Some(known) = self.targets.pairs.get(a, b) {
            return Some(known);
        }
        let set = self.set_of_key(key(&[a, b]))?;
        let (a_set, b_set) = (self.set_of_key(key(&[a]))?, self.set_of_key(key(&[b]))?);
        let targets = self.targets.of_pair(self.ops, self.domain, &self.sets, set, [a_set, b_set])?;
        let pair = Pair { set, targets };
        self.targets.pairs.insert(a, b, pair);
        Some(pair)
    }
}

#[cfg(test)]
mod tests {
    use crate::number::Rational;
    use crate::rules::{Domain, OpSet};
    use crate::values::ValueSets;
    use crate::values::targets::ROOT;

    /// Every hand of four of `cards`, each as sorted values.
    fn hands(cards: &[Rational]) -> Vec<[Rational; 4]> {
        let mut out = Vec::new();
        for a in 0..cards.len() {
            for b in a..cards.len() {
                for c in b..cards.len() {
                    for d in c..cards.len() {
                        out.push([cards[a], cards[b], cards[c], cards[d]]);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn pairings_decide_as_the_splits_do() {
        let mut cards: Vec<Rational> = (0..=9).map(Rational::from_integer).collect();
        cards.extend(["1/2", "-3"].map(|v| v.parse::<Rational>().unwrap()));
        let hands = hands(&cards);
        for target in ["24", "10", "0", "1/2", "-3"].map(|v| v.parse::<Rational>().unwrap()) {
            for ops in ["+-*/", "+-", "*/", "-/"].map(|v| v.parse::<OpSet>().unwrap()) {
                for domain in [Domain::Rational, Domain::NonNegative, Domain::PositiveInteger] {
                    let mut by_pairs = ValueSets::<Rational>::new(ops, domain);
                    let mut by_splits = ValueSets::<Rational>::new(ops, domain);
                    for hand in &hands {
                        let paired = by_pairs.decide_all(hand, &target).unwrap();
                        let ids = by_splits.ids_of(hand);
                        by_splits.targets.root_at(&target);
                        let split = domain.allows(&target) && by_splits.decide_in(&ids, ROOT).unwrap();
                        assert_eq!(paired, split, "{hand:?} to {target} under {ops:?} in {domain:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn each_shape_is_a_pair_target() {
        let mut sets = ValueSets::<Rational>::new(OpSet::ALL, Domain::Rational);
        let ints = |v: [i64; 4]| v.map(Rational::from_integer);
        let target = Rational::from_integer(24);
        // (a∘b)∘v: (5+1)*(5-1); a∘(b∘v): 5*(5-1/5); b∘(a∘v) with a < b: 8/(3-8/3).
        for hand in [ints([1, 1, 5, 5]), ints([1, 5, 5, 5]), ints([3, 3, 8, 8])] {
            assert_eq!(sets.decide_all(&hand, &target), Some(true), "{hand:?}");
        }
        assert_eq!(sets.decide_all(&ints([1, 1, 1, 1]), &target), Some(false));
    }
}
