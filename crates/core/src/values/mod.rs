//! Reachable values: the set of values each sub-multiset of cards can make,
//! memoized across hands.
//!
//! This is the fast path for questions about many hands or many targets at
//! once (a census, `reach`): a census of 1820 hands of four cards has only
//! 91 distinct pairs and 455 distinct triples, so their value sets are
//! computed once and shared. Deciding a hand never builds the hand's own
//! value set: at the top split, for each value `a` of one side, only the few
//! `b` with `a op b = target` can finish, and they are looked up on the
//! other side. A single card split from three or more goes one step
//! further (see `targets`): the larger part is asked for the card's
//! partners, so its value set is not built either. A hand of four cards
//! is decided by its pairings instead (see `four`): a value of one pair
//! among the values that finish with the other.
//!
//! Two things here serve the enumerator as well: `subsets`, where both
//! memos find and keep a part, and `make`, where both make a part's
//! values from its splits (and the enumerator's `ways` of making them).

mod four;
mod ids;
pub(crate) mod make;
mod order;
mod reach;
mod shared;
mod splits;
mod subsets;
mod targets;
pub(crate) mod ways;
mod window;

use std::sync::Arc;

use hashbrown::HashMap;

use crate::budget::MemoryBudget;
use crate::number::Number;
use crate::rules::{CardUse, Domain, OpSet};
use crate::strategy::most_bytes_made;

pub(crate) use self::ids::{CardIds, Key, key};
use self::ids::{Ids, cards_in, ids_of_key};
use self::make::{Keep, Part, Unmade};
pub(crate) use self::order::KeyOrder;
pub use self::reach::{Reach, TooManyValues};
pub use self::shared::SharedSets;
use self::splits::key_splits;
pub(crate) use self::splits::{Cards, MASKED_UP_TO, group, maskable, split_masks, splits, sub_multisets};
pub(crate) use self::subsets::{PAIR_SLOTS, SLOTTED_IDS, Subsets, pair_slot, small_slot, triple_slot};
use self::targets::{ROOT, TargetId, TargetSets};
use self::window::WindowBits;

/// The fewest cards whose value set is fetched from or offered to a shared store.
const SHARED_FROM_CARDS: usize = 3;

/// Value sets by sub-multiset for one operator set and domain, in number type `N`.
///
/// Every method returns `None` when some arithmetic overflowed `N`; the
/// caller then asks again in [`BigRational`] (see [`Reach`]).
#[derive(Debug)]
pub(crate) struct ValueSets<N> {
    ops: OpSet,
    domain: Domain,
    cards: CardIds<N>,
    /// Sorted, duplicate-free values of each sub-multiset met (every card
    /// used once). Held by place: lookups in the hot loop borrow, and
    /// partners and bits are kept by the same place.
    sets: Subsets<Arc<[N]>>,
    /// The sets of values that finish, derived from the target being decided.
    targets: TargetSets<N>,
    /// The splits of parts asked for targets, as (walk, look) set indices:
    /// a part is asked again by every hand that holds it.
    split_sets: HashMap<Key, Box<[(usize, usize)]>>,
    /// Low values of sets as bits, for whole-number windows.
    window_bits: WindowBits,
    /// Where sets made by other memos are found, and this one's are offered.
    shared: Option<Arc<SharedSets<N>>>,
    /// The number of values in `sets`.
    stored: usize,
    /// The memory a hand may take (see [`most_bytes_made`]).
    pub(super) budget: MemoryBudget,
    /// The number of cards of a set that would have taken more memory
    /// than the budget allows to make, and was not made.
    refused: Option<usize>,
}

impl<N: Number> ValueSets<N> {
    /// An empty memo for these operators and this domain.
    pub fn new(ops: OpSet, domain: Domain) -> ValueSets<N> {
        ValueSets {
            ops,
            domain,
            cards: CardIds::new(),
            sets: Subsets::with_room(0),
            targets: TargetSets::new(),
            split_sets: HashMap::new(),
            window_bits: WindowBits::default(),
            shared: None,
            stored: 0,
            budget: MemoryBudget::of_process(),
            refused: None,
        }
    }

    /// Takes sets from `shared` and offers it the sets made here.
    pub fn sharing(mut self, shared: &Arc<SharedSets<N>>) -> ValueSets<N> {
        self.shared = Some(Arc::clone(shared));
        self
    }

    /// The sorted ids of `cards`; when the ids run out, the memo starts afresh.
    fn ids_of(&mut self, cards: &[N]) -> Ids {
        if !self.cards.has_room_for(cards.len()) {
            let (shared, budget) = (self.shared.take(), self.budget);
            *self = ValueSets::new(self.ops, self.domain);
            (self.shared, self.budget) = (shared, budget);
        }
        self.cards.ids_of(cards)
    }

    /// Every value `cards` (sorted) can make, using each card exactly once, sorted.
    pub fn values(&mut self, cards: &[N]) -> Option<&[N]> {
        let ids = self.ids_of(cards);
        let set = self.set_of(&ids)?;
        Some(&self.sets[set])
    }

    /// The index in `sets` of the values of the cards `ids`, computed if new.
    fn set_of(&mut self, ids: &[u8]) -> Option<usize> {
        self.set_of_key(key(ids))
    }

    /// The index in `sets` of the values of the cards packed in `key`, computed if new.
    fn set_of_key(&mut self, key: Key) -> Option<usize> {
        if let Some(known) = self.sets.by_key(key) {
            return Some(known);
        }
        let ids = ids_of_key(key);
        let values = self.fetch_or_make(&ids)?;
        self.stored += values.len();
        Some(self.sets.keep(&ids, key, values))
    }

    /// The values of the cards `ids`: from the shared store when another
    /// memo made them, else made here (and offered to the store).
    fn fetch_or_make(&mut self, ids: &[u8]) -> Option<Arc<[N]>> {
        // Small sets cost less to make than to fetch under a lock.
        let Some(shared) = self.shared.clone().filter(|_| ids.len() >= SHARED_FROM_CARDS) else {
            return self.make(ids).map(Arc::from);
        };
        let key = self.shared_key(ids);
        if let Some(found) = shared.get(&key) {
            return Some(found);
        }
        let made = Arc::from(self.make(ids)?);
        Some(shared.offer(key, made))
    }

    /// The values of the cards `ids`, sorted: a card's own value, or every
    /// combination of the values of the two parts of every split.
    fn make(&mut self, ids: &[u8]) -> Option<Vec<N>> {
        if let [id] = ids {
            return Some(vec![self.cards.value(*id).clone()]);
        }
        // The most uneven splits first: a hand too large for memory is then
        // refused at its first large part, before its balanced splits have
        // made and kept the sets of every middling part (ten distinct cards:
        // 120 sets of seven, minutes and gigabytes).
        let mut parts: Vec<(Key, Key)> = key_splits(ids).collect();
        parts.sort_by_key(|&(left, right)| std::cmp::Reverse(cards_in(left).max(cards_in(right))));
        let splits: Vec<(usize, usize)> =
            parts.into_iter().map(|(left, right)| self.walk_and_look(left, right)).collect::<Option<_>>()?;
        let part = |id: usize| Part { id, values: &self.sets[id][..], whole: None };
        let splits: Vec<_> = splits.into_iter().map(|(walk, look)| (part(walk), part(look))).collect();
        let keep = Keep { ways: false, whole: false };
        let made = make::make(self.ops, self.domain, &splits, keep, most_bytes_made(self.budget));
        drop(splits);
        match made {
            Ok(made) => Some(made.values),
            Err(Unmade::Overflow) => None,
            Err(Unmade::TooLarge) => {
                self.refused = Some(ids.len());
                None
            }
        }
    }

    /// The number of cards of a set refused for its size since the last
    /// call, if any: a `None` from this memo was not an overflow then.
    fn take_refused(&mut self) -> Option<usize> {
        self.refused.take()
    }

    /// The key of the cards `ids` in the shared store: their values, sorted
    /// (ids are this memo's own).
    fn shared_key(&self, ids: &[u8]) -> (OpSet, Domain, Cards<N>) {
        let mut cards: Cards<N> = ids.iter().map(|&id| self.cards.value(id).clone()).collect();
        cards.sort_unstable();
        (self.ops, self.domain, cards)
    }

    /// The sets of the two sides of a split: the one with fewer values first.
    fn walk_and_look(&mut self, left: Key, right: Key) -> Option<(usize, usize)> {
        let (a, b) = (self.set_of_key(left)?, self.set_of_key(right)?);
        Some(if self.sets[a].len() <= self.sets[b].len() { (a, b) } else { (b, a) })
    }

    /// Can `cards` (sorted) make `target` using every card once?
    #[cfg(test)]
    pub(crate) fn decide_all(&mut self, cards: &[N], target: &N) -> Option<bool> {
        let ids = self.ids_of(cards);
        self.decide_ids(&ids, target)
    }

    fn decide_ids(&mut self, ids: &[u8], target: &N) -> Option<bool> {
        if let [id] = ids {
            return Some(self.cards.value(*id) == target);
        }
        if !self.domain.allows(target) {
            return Some(false);
        }
        self.targets.root_at(target);
        if let &[w, x, y, z] = ids {
            return self.decide_four([w, x, y, z]);
        }
        self.decide_in(ids, ROOT)
    }

    /// Can the cards `ids` (two or more) make one of the target set `targets`?
    ///
    /// A split of one card from three or more asks the larger part for the
    /// card's partners instead of building its value set; any other split
    /// meets the partners of one side with the values of the other. Only one
    /// level descends: deeper, the target sets grow faster than the value
    /// sets they spare.
    fn decide_in(&mut self, ids: &[u8], targets: TargetId) -> Option<bool> {
        for (smaller, larger) in key_splits(ids) {
            if cards_in(smaller) == 1 && cards_in(larger) >= 3 {
                let card = self.set_of_key(smaller)?;
                // The larger part's value is an intermediate result: the domain must allow it.
                let allowed = Some(self.domain);
                let partners = self.targets.partners(self.ops, allowed, targets, card, &self.sets[card])?;
                if !self.targets.get(partners).is_open() {
                    if self.meet_every_split(larger, partners)? {
                        return Some(true);
                    }
                    continue;
                }
            }
            // The partners of the side with fewer values, met by the other's values.
            let (walk, look) = self.walk_and_look(smaller, larger)?;
            let partners = self.targets.partners(self.ops, None, targets, walk, &self.sets[walk])?;
            if self.targets.get(partners).meet(&self.sets[look]) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Can the cards packed in `key` make one of `targets`, by meeting the
    /// partners of one side of a split with the values of the other?
    fn meet_every_split(&mut self, key: Key, targets: TargetId) -> Option<bool> {
        if !self.split_sets.contains_key(&key) {
            let mut pairs = Vec::new();
            for (smaller, larger) in key_splits(&ids_of_key(key)) {
                pairs.push(self.walk_and_look(smaller, larger)?);
            }
            self.split_sets.insert(key, pairs.into_boxed_slice());
        }
        for &(walk, look) in self.split_sets[&key].iter() {
            let partners = self.targets.partners(self.ops, None, targets, walk, &self.sets[walk])?;
            if self.targets.get(partners).meet(&self.sets[look]) {
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
                let ids = self.ids_of(cards);
                let mut all = Vec::new();
                for subset in sub_multisets(&ids) {
                    let set = self.set_of(&subset)?;
                    all.extend(self.sets[set].iter().cloned());
                }
                all.sort_unstable();
                all.dedup();
                Some(all)
            }
        }
    }

    /// Can `cards` (sorted) make `target` under `card_use`?
    pub fn decide(&mut self, cards: &[N], target: &N, card_use: CardUse) -> Option<bool> {
        let ids = self.ids_of(cards);
        match card_use {
            CardUse::All => self.decide_ids(&ids, target),
            CardUse::Subset => {
                for subset in sub_multisets(&ids) {
                    if self.decide_ids(&subset, target)? {
                        return Some(true);
                    }
                }
                Some(false)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Hand;
    use crate::number::Rational;
    use crate::rules::Rules;

    pub(super) fn ints(v: &[i64]) -> Vec<Rational> {
        v.iter().map(|&n| Rational::from_integer(n)).collect()
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
    fn more_card_values_than_ids_start_the_memo_afresh() {
        let mut reach = Reach::new(Rules::game24());
        for n in 1..400 {
            let hand = Hand::from_integers(&[n, n + 24]).unwrap();
            assert!(reach.decide(&hand), "{hand}");
            assert!(!reach.decide(&Hand::from_integers(&[n, 1000 + n]).unwrap()));
        }
        // The same for the whole-number window, whose bits go with the memo.
        let mut reach = Reach::new(Rules::countdown(Rational::from_integer(100)));
        for n in 1..400 {
            let hand = Hand::from_integers(&[n, n + 100, 2 * n + 300]).unwrap();
            let expected: Vec<i64> =
                crate::oracle::reachable_integers(&hand, reach.rules(), 100, 999).into_iter().collect();
            assert_eq!(reach.integers_in(&hand, 100, 999).unwrap(), expected, "{hand}");
        }
    }

    #[test]
    fn countdown_reach() {
        let mut reach = Reach::new(Rules::countdown(Rational::from_integer(765)));
        let game: Hand = "1 3 7 10 25 50".parse().unwrap();
        assert!(reach.decide(&game));
        assert!(!reach.decide_target(&game, Rational::from_integer(831)));
        let small: Hand = "1 1 2 2 3 3".parse().unwrap();
        assert!(reach.integers_in(&small, 100, 999).unwrap().is_empty());
        // A range far wider than any window: every positive whole number.
        let everything = reach.integers_in(&small, 1, i64::MAX).unwrap();
        assert_eq!(
            everything,
            crate::oracle::reachable_integers(&small, reach.rules(), 1, i64::MAX).into_iter().collect::<Vec<_>>()
        );
        assert_eq!(everything.iter().zip(1..).find(|(v, n)| *v != n).map(|(_, n)| n), Some(58));
    }

    /// A set that would take more memory than the budget is refused before
    /// it is made: reach says so, and deciding falls back to a search.
    #[test]
    fn a_set_past_the_memory_budget_is_refused_not_made() {
        let rules = Rules::game24();
        let hand = Hand::from_integers(&[2, 3, 5, 7, 11]).unwrap();
        let mut tight = Reach::new(rules).with_memory_budget(MemoryBudget::from_bytes(128 * 1024));
        let err = tight.integers_in(&hand, 0, 100).unwrap_err();
        assert!(err.to_string().starts_with("working out every value"), "{err}");
        assert!(Reach::new(rules).integers_in(&hand, 0, 100).is_ok());
        for cards in [[2, 3, 5, 7, 11], [1, 2, 3, 4, 5], [3, 3, 8, 8, 13], [1, 1, 1, 1, 1]] {
            let hand = Hand::from_integers(&cards).unwrap();
            let expected = crate::oracle::decide(&hand, &rules);
            let mut tight = Reach::new(rules).with_memory_budget(MemoryBudget::from_bytes(128 * 1024));
            assert_eq!(tight.decide(&hand), expected, "{hand}");
        }
    }
}
