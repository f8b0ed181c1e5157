//! Where each sub-multiset of cards is kept: the one index by which the
//! value sets and the enumerator find the parts of a hand, each keeping
//! what it works out about a part in the place the index gives.
//!
//! A sub-multiset is named by the sorted ids of its cards ([`CardIds`]),
//! packed in a [`Key`]. A hand asks for its single cards, pairs and
//! triples first and most often, so those are found by array index rather
//! than by hashing: a card by its id, a pair or triple of ids below
//! [`SLOTTED_IDS`] at a slot of its own. The rest are found by key, with
//! the same results.
//!
//! [`CardIds`]: super::CardIds

use std::ops::{Deref, DerefMut};

use hashbrown::HashMap;

use super::ids::Key;

/// The bits of an id in the index of a slot.
const SLOT_ID_BITS: u32 = 4;

/// The ids whose pairs and triples have slots of their own: ids are given
/// in the order cards are first met, so these are the first sixteen
/// distinct cards a memo meets, whatever their values. Sixteen keeps the
/// slots (pairs, then triples) within some 35 KB, beside the parts they
/// find in a core's cache, and a slot's index a shift of ids.
pub(crate) const SLOTTED_IDS: u8 = 1 << SLOT_ID_BITS;

/// The number of slots of pairs.
pub(crate) const PAIR_SLOTS: usize = SLOTTED_IDS as usize * SLOTTED_IDS as usize;

/// The number of slots of [`small_slot`]: pairs, then triples.
pub(crate) const SMALL_SLOTS: usize = PAIR_SLOTS + PAIR_SLOTS * SLOTTED_IDS as usize;

/// An id's bits in a slot's index.
const ID_MASK: u8 = SLOTTED_IDS - 1;

/// What is kept for each sub-multiset, by place, with the place of each.
/// Dereferences to the list of what is kept, in the order it was kept.
#[derive(Debug)]
pub(crate) struct Subsets<T> {
    kept: Vec<T>,
    /// The place of every sub-multiset, by key.
    by_key: HashMap<Key, usize>,
    /// The place of each single card, by id.
    by_card: Vec<Option<usize>>,
    /// The places of pairs and triples of ids below [`SLOTTED_IDS`], by [`small_slot`];
    /// empty until one is kept.
    by_slot: Vec<Option<u32>>,
}

impl<T> Subsets<T> {
    /// An empty index with room for `room` sub-multisets: grown from
    /// nothing, the list would be copied over and over while the first
    /// hands are answered.
    pub(crate) fn with_room(room: usize) -> Subsets<T> {
        Subsets {
            kept: Vec::with_capacity(room),
            by_key: HashMap::with_capacity(room),
            by_card: Vec::new(),
            by_slot: Vec::new(),
        }
    }

    /// Makes room for `more` sub-multisets at once.
    pub(crate) fn reserve(&mut self, more: usize) {
        self.kept.reserve(more);
        self.by_key.reserve(more);
    }

    /// The place of the cards `ids` (sorted) if they are a single card, or
    /// a pair or triple with a slot, and kept: found with no hashing.
    #[inline]
    pub(crate) fn by_index(&self, ids: &[u8]) -> Option<usize> {
        match ids {
            [card] => self.by_card.get(usize::from(*card)).copied().flatten(),
            _ => small_slot(ids).and_then(|slot| self.by_slot.get(slot).copied().flatten()).map(|at| at as usize),
        }
    }

    /// The place of the sub-multiset packed in `key`, if kept.
    #[inline]
    pub(crate) fn by_key(&self, key: Key) -> Option<usize> {
        self.by_key.get(&key).copied()
    }

    /// The place of the single card `id`, if kept.
    #[inline]
    pub(crate) fn of_card(&self, id: u8) -> Option<usize> {
        self.by_card.get(usize::from(id)).copied().flatten()
    }

    /// Every slot of [`small_slot`], once a pair or triple is kept: a
    /// caller that knows its ids below [`SLOTTED_IDS`] reads them with no check of
    /// their bounds.
    pub(crate) fn slots(&self) -> Option<&[Option<u32>; SMALL_SLOTS]> {
        <&[Option<u32>; SMALL_SLOTS]>::try_from(self.by_slot.as_slice()).ok()
    }

    /// Keeps `item` for the cards `ids` (sorted), packed as `key`, and
    /// returns its place.
    pub(crate) fn keep(&mut self, ids: &[u8], key: Key, item: T) -> usize {
        let at = self.kept.len();
        self.kept.push(item);
        self.by_key.insert(key, at);
        if let [card] = *ids {
            let card = usize::from(card);
            if self.by_card.len() <= card {
                self.by_card.resize(card + 1, None);
            }
            self.by_card[card] = Some(at);
        }
        if let Some(slot) = small_slot(ids) {
            if self.by_slot.len() <= slot {
                self.by_slot.resize(SMALL_SLOTS, None);
            }
            self.by_slot[slot] = u32::try_from(at).ok();
        }
        at
    }
}

impl<T> Deref for Subsets<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.kept
    }
}

impl<T> DerefMut for Subsets<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.kept
    }
}

/// Where the sub-multiset `ids` (sorted) of two or three cards is among
/// the slots, if its ids are below [`SLOTTED_IDS`]: every hand of four
/// cards looks up ten such parts, and an index is cheaper than hashing.
pub(crate) fn small_slot(ids: &[u8]) -> Option<usize> {
    match *ids {
        [a, b] if b < SLOTTED_IDS => Some(pair_slot(a, b)),
        [a, b, c] if c < SLOTTED_IDS => Some(triple_slot(a, b, c)),
        _ => None,
    }
}

/// The slot of the pair `a b`, ids below [`SLOTTED_IDS`] (sorted, for a
/// set of two cards; in order, for the outer and inner cards of two-step
/// finishers): masked, so that a caller that knows them below it needs no
/// check of the slot's bounds.
pub(crate) fn pair_slot(a: u8, b: u8) -> usize {
    usize::from(a & ID_MASK) << SLOT_ID_BITS | usize::from(b & ID_MASK)
}

/// The slot of the triple `a b c`, ids sorted and below [`SLOTTED_IDS`]
/// (see [`pair_slot`]).
pub(crate) fn triple_slot(a: u8, b: u8, c: u8) -> usize {
    PAIR_SLOTS + (pair_slot(a, b) << SLOT_ID_BITS | usize::from(c & ID_MASK))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::key;

    /// Every pair and triple of slotted ids has a slot of its own, and
    /// larger ids none.
    #[test]
    fn small_parts_have_slots_of_their_own() {
        let mut seen = vec![false; SMALL_SLOTS];
        for a in 0..SLOTTED_IDS {
            for b in a..SLOTTED_IDS {
                let mut parts = vec![vec![a, b]];
                parts.extend((b..SLOTTED_IDS).map(|c| vec![a, b, c]));
                for ids in parts {
                    let slot = small_slot(&ids).expect("slotted ids");
                    assert!(!std::mem::replace(&mut seen[slot], true), "{ids:?}");
                }
            }
        }
        assert_eq!(small_slot(&[3, 16]), None);
        assert_eq!(small_slot(&[1, 2, 40]), None);
        assert_eq!(small_slot(&[1, 2, 3, 4]), None);
    }

    /// A kept part is found by key, and by index where it has one.
    #[test]
    fn kept_parts_are_found_every_way() {
        let mut subsets = Subsets::with_room(4);
        let parts: [&[u8]; 5] = [&[3], &[1, 2], &[0, 5, 9], &[2, 20], &[1, 2, 3, 4]];
        for (at, ids) in parts.iter().enumerate() {
            assert_eq!(subsets.keep(ids, key(ids), at * 10), at);
        }
        for (at, ids) in parts.iter().enumerate() {
            assert_eq!(subsets.by_key(key(ids)), Some(at), "{ids:?}");
            assert_eq!(subsets[at], at * 10);
        }
        assert_eq!(subsets.of_card(3), Some(0));
        assert_eq!(subsets.by_index(&[1, 2]), Some(1));
        assert_eq!(subsets.by_index(&[0, 5, 9]), Some(2));
        assert_eq!(subsets.by_index(&[2, 20]), None, "no slot: found by key only");
        assert_eq!(subsets.slots().map(|slots| slots[pair_slot(1, 2)]), Some(Some(1)));
        assert_eq!(subsets.by_key(key(&[7])), None);
    }
}
