//! The first pass: which sub-multisets a hand splits into, and the set
//! of values each makes, combined bottom up.

use super::*;

impl<N: Number> Memo<N> {
    /// The index of the cards `ids` (sorted) in `sets`, with its values if
    /// `eager` and it has at most [`EAGER_CARDS`] cards; `None` on
    /// overflow.
    #[inline]
    pub(super) fn set_of(&mut self, ids: &[u8], eager: bool) -> Option<usize> {
        let id = match self.sets.by_index(ids) {
            Some(id) => id,
            None => self.indexed_set(ids)?,
        };
        if eager && ids.len() <= EAGER_CARDS {
            self.ensure_values(id)?;
        }
        Some(id)
    }

    /// [`Memo::set_of`] for cards with no slot of their own (or not stored
    /// yet): found by their key, or stored; out of line.
    #[inline(never)]
    pub(super) fn indexed_set(&mut self, ids: &[u8]) -> Option<usize> {
        let key = key(ids);
        match self.sets.by_key(key) {
            Some(id) => Some(id),
            None => self.new_set(ids, key),
        }
    }

    /// Stores the set of the cards `ids` (sorted), packed as `key`, with
    /// its splits and, for a single card, its value; `None` on overflow.
    pub(super) fn new_set(&mut self, ids: &[u8], key: Key) -> Option<usize> {
        let mut set = Set {
            card: None,
            values: None,
            whole: None,
            lists: Box::new([]),
            ways: None,
            triple: None,
            finishers: None,
            keys: None,
            positions: None,
            splits: Box::new([]),
            cards: ids.len(),
            grouping: self.grouping_of(ids),
        };
        if let [id] = ids {
            let card = *self.cards.value(*id);
            set.card = Some(*id);
            let value = N::from_rational(card);
            let whole = value.to_i64().map(|v| Box::new([v]) as Box<[i64]>);
            set.with_values(SetValues { values: Box::new([value]), whole, dense: None, ways: None });
        } else {
            set.splits = match ids {
                [_, _] | [_, _, _] => self.small_splits(ids)?,
                _ => self.split_ids(ids, true)?.into_boxed_slice(),
            };
        }
        Some(self.sets.keep(ids, key, set))
    }

    /// The trees made over the cards `ids`: a tree grouped from the left
    /// has its parts as intermediate values, so it stays in the domain
    /// only if the cards are in it (`-2` is a card under non-negative
    /// rules, but `-2+x` may not be a value).
    pub(super) fn grouping_of(&self, ids: &[u8]) -> Grouping {
        if ids.iter().all(|&id| self.domain.allows(&N::from_rational(*self.cards.value(id)))) {
            self.grouping
        } else {
            Grouping::EVERY
        }
    }

    /// Makes sure set `id` has its values; `None` on overflow.
    #[inline]
    pub(super) fn ensure_values(&mut self, id: usize) -> Option<()> {
        if self.sets[id].values.is_none() {
            return self.make_values(id);
        }
        Some(())
    }

    /// [`Memo::ensure_values`] for a set without them, out of line.
    #[inline(never)]
    pub(super) fn make_values(&mut self, id: usize) -> Option<()> {
        let pairs = self.sets[id].splits.clone();
        let values = self.combine_all(&pairs, self.sets[id].cards <= WAYS_CARDS)?;
        self.sets[id].with_values(values);
        Some(())
    }

    /// The sorted, distinct values made by combining the two parts of
    /// one of `pairs`, and how each is made if `with_ways`; `None` on
    /// overflow, or when they would take more than the memory budget
    /// (then the hand is refused).
    pub(super) fn combine_all(&mut self, pairs: &[(usize, usize)], with_ways: bool) -> Option<SetValues<N>> {
        for &(left, right) in pairs {
            self.ensure_values(left)?;
            self.ensure_values(right)?;
        }
        let part = |id: usize| Part { id, values: self.values(id), whole: self.sets[id].whole.as_deref() };
        let splits: SmallVec<[_; 8]> = pairs.iter().map(|&(left, right)| (part(left), part(right))).collect();
        let keep = Keep { ways: with_ways, whole: true };
        let made = make::make(self.ops, self.domain, &splits, keep, most_bytes_listed(self.budget));
        drop(splits);
        match made {
            Ok(made) => {
                let dense = made.marked.and_then(|marked| Dense::of_marked(marked, made.values.len()));
                Some(SetValues {
                    values: made.values.into_boxed_slice(),
                    whole: made.whole.map(Vec::into_boxed_slice),
                    dense,
                    ways: made.ways,
                })
            }
            Err(Unmade::Overflow) => None,
            Err(Unmade::TooLarge) => self.refuse(),
        }
    }

    /// Can `x / y` be a value of this domain? Whole-number domains skip
    /// divisions that leave a remainder before making the fraction.
    pub(super) fn may_divide(&self, x: &N, y: &N) -> bool {
        !y.is_zero() && (!self.domain.whole_numbers_only() || x.may_divide_wholly(y))
    }

    /// The values of set `id`, which must have them.
    pub(super) fn values(&self, id: usize) -> &[N] {
        self.sets[id].values.as_deref().expect("values built before use")
    }

    /// The splits of the cards `ids` (sorted, at least two) as pairs of set
    /// indices, the parts with their values if `eager` (see [`Memo::set_of`]).
    pub(super) fn split_ids(&mut self, ids: &[u8], eager: bool) -> Option<Vec<(usize, usize)>> {
        // `n` cards have at most 2^(n-1) - 1 splits.
        let mut pairs = Vec::with_capacity((1 << (ids.len().min(12) - 1)) - 1);
        let masks = self.repeated_splits.masks(ids);
        parts::for_each_split(ids, masks, |left, right| {
            pairs.push(self.ordered(left, right, eager)?);
            Some(())
        })?;
        Some(pairs)
    }

    /// [`Memo::split_ids`] of two or three cards `ids` (sorted), with the
    /// parts' values: each card against the others, each way of splitting
    /// equal cards once. Every hand of four cards meets such parts first,
    /// and a mask per split costs more than the splits themselves.
    pub(super) fn small_splits(&mut self, ids: &[u8]) -> Option<Box<[(usize, usize)]>> {
        let splits = match *ids {
            [a, b] => Box::new([self.ordered(&[a], &[b], true)?]) as Box<[_]>,
            [_, _, _] => {
                let mut splits = Vec::with_capacity(3);
                self.single_card_splits(ids, true, |split| splits.push(split))?;
                splits.into_boxed_slice()
            }
            _ => unreachable!("two or three cards"),
        };
        debug_assert_eq!(*splits, *self.split_ids(ids, true)?, "{ids:?}");
        Some(splits)
    }

    /// Hands `push` each card of `ids` (sorted, three or four cards)
    /// against the others, in the order of [`Memo::split_ids`], with the
    /// parts' values if `eager`; `None` on overflow. A closure, not
    /// `Extend`: a small vector's `extend` by one costs several pushes.
    pub(super) fn single_card_splits(
        &mut self,
        ids: &[u8],
        eager: bool,
        mut push: impl FnMut((usize, usize)),
    ) -> Option<()> {
        debug_assert!((3..=4).contains(&ids.len()));
        for at in 0..ids.len() {
            // Equal cards leave the same rest.
            if at > 0 && ids[at] == ids[at - 1] {
                continue;
            }
            // The others: those after `at` one place down.
            let mut rest = [0; 3];
            for (k, slot) in rest.iter_mut().enumerate().take(ids.len() - 1) {
                *slot = ids[k + usize::from(k >= at)];
            }
            push(self.ordered(&[ids[at]], &rest[..ids.len() - 1], eager)?);
        }
        Some(())
    }

    /// The sets of the parts `one` and `other` of a split, with their
    /// values if `eager`: the smaller cards on the left, so that `1 2`
    /// reads `1+2`.
    pub(super) fn ordered(&mut self, one: &[u8], other: &[u8], eager: bool) -> Option<(usize, usize)> {
        let (left, right) = if self.cards.le(one, other) { (one, other) } else { (other, one) };
        Some((self.set_of(left, eager)?, self.set_of(right, eager)?))
    }
}
