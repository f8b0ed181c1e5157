//! Card ids: the memo's keys are sub-multisets of cards, so cards are
//! interned as small ids and a sub-multiset is its sorted ids packed into
//! one integer. Hashing and comparing that is far cheaper than hashing the
//! cards' values on every lookup of the hot loop.

use hashbrown::HashMap;

use super::splits::Cards;
use crate::hand::MAX_CARDS;
use crate::number::Number;

/// The ids of some cards, sorted.
pub(crate) type Ids = Cards<u8>;

/// A sub-multiset of cards: its sorted ids, one byte each (id + 1, so that
/// no card is zero), packed.
pub(crate) type Key = u128;

// Every hand fits in a key.
const _: () = assert!(MAX_CARDS * 8 <= Key::BITS as usize);

/// The most distinct card values one memo tells apart; ids are bytes.
const MAX_IDS: usize = u8::MAX as usize;

/// Whole cards from 0 to below this find their ids by index, not by hash:
/// most hands are of small whole numbers, and every hand asks for its ids.
const INDEXED_CARDS: usize = 64;

/// Card values by id, and ids by value.
#[derive(Debug)]
pub(crate) struct CardIds<N> {
    values: Vec<N>,
    /// The ids of the whole cards `0..INDEXED_CARDS`, by value, plus one
    /// (zero: no id yet).
    indexed: [u8; INDEXED_CARDS],
    /// The ids of every other card.
    ids: HashMap<N, u8>,
    /// True while every new value was larger than those before it, as in
    /// hands listed in ascending order: ids then order cards as their
    /// values do, and comparing ids compares values.
    ids_by_value: bool,
}

impl<N: Number> CardIds<N> {
    pub(crate) fn new() -> CardIds<N> {
        CardIds { values: Vec::new(), indexed: [0; INDEXED_CARDS], ids: HashMap::new(), ids_by_value: true }
    }

    /// Could `more` new card values still get ids? When not, the memo
    /// starts afresh: ids, and every set keyed by them.
    pub(crate) fn has_room_for(&self, more: usize) -> bool {
        self.values.len() + more <= MAX_IDS
    }

    /// The sorted ids of `cards`, giving new values new ids. The caller
    /// made room (see [`CardIds::has_room_for`]).
    pub(crate) fn ids_of(&mut self, cards: &[N]) -> Ids {
        let mut ids = Ids::new();
        for card in cards {
            ids.push(self.id_of(card));
        }
        // Sorted cards mostly get ids in their order already.
        if !ids.is_sorted() {
            ids.sort_unstable();
        }
        ids
    }

    fn id_of(&mut self, card: &N) -> u8 {
        let index = card.to_i64().and_then(|v| usize::try_from(v).ok()).filter(|&v| v < INDEXED_CARDS);
        match index {
            Some(at) if self.indexed[at] != 0 => return self.indexed[at] - 1,
            None => {
                if let Some(&id) = self.ids.get(card) {
                    return id;
                }
            }
            Some(_) => {}
        }
        let id = u8::try_from(self.values.len()).expect("the caller made room for new ids");
        self.ids_by_value &= self.values.last().is_none_or(|last| last < card);
        self.values.push(card.clone());
        match index {
            // Ids stay below `MAX_IDS`, so one more still fits a byte.
            Some(at) => self.indexed[at] = id + 1,
            None => {
                self.ids.insert(card.clone(), id);
            }
        }
        id
    }

    /// The value of the card with this id.
    pub(crate) fn value(&self, id: u8) -> &N {
        &self.values[usize::from(id)]
    }

    /// True while ids compare as the cards' values do (see `ids_by_value`).
    pub(crate) fn in_value_order(&self) -> bool {
        self.ids_by_value
    }

    /// Do the cards `a` come before the cards `b`, compared by value?
    pub(crate) fn le(&self, a: &[u8], b: &[u8]) -> bool
    where
        N: Ord,
    {
        if self.ids_by_value {
            return a.iter().le(b);
        }
        a.iter().map(|&id| self.value(id)).le(b.iter().map(|&id| self.value(id)))
    }
}

/// The key of a sorted list of ids.
pub(crate) fn key(ids: &[u8]) -> Key {
    debug_assert!(ids.len() <= MAX_CARDS && ids.is_sorted());
    ids.iter().fold(0, |key, &id| push_n(key, id, 1))
}

/// `key` with `n` more cards of id `id`, no smaller than its own.
pub(crate) fn push_n(key: Key, id: u8, n: usize) -> Key {
    (0..n).fold(key, |key, _| key << 8 | Key::from(id + 1))
}

/// How many cards a key packs.
pub(crate) fn cards_in(key: Key) -> usize {
    (Key::BITS - key.leading_zeros()).div_ceil(8) as usize
}

/// The sorted ids a key packs.
pub(crate) fn ids_of_key(key: Key) -> Ids {
    let ids: Ids = key.to_be_bytes().into_iter().filter(|&b| b != 0).map(|b| b - 1).collect();
    debug_assert!(ids.is_sorted());
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rational;
    use crate::values::tests::ints;

    #[test]
    fn equal_cards_share_an_id_and_keys_are_canonical() {
        let mut ids = CardIds::new();
        let hand = ids.ids_of(&ints(&[5, 3, 5, 9]));
        assert_eq!(hand.as_slice(), [0, 0, 1, 2]);
        assert_eq!(ids.value(1), &Rational::from_integer(3));
        assert_eq!(key(&ids.ids_of(&ints(&[9, 5]))), key(&[0, 2]));
        assert_ne!(key(&[0]), key(&[0, 0]), "a card and two equal cards differ");
        assert!(ids.has_room_for(MAX_IDS - 3) && !ids.has_room_for(MAX_IDS - 2));
        // Ids first seen out of order are compared by value.
        assert!(ids.le(&[1], &[0]) && !ids.le(&[0], &[1]) && ids.le(&[1, 2], &[0]));
        assert_eq!(ids_of_key(key(&[0, 0, 2, 254])).as_slice(), [0, 0, 2, 254]);
        assert_eq!([cards_in(key(&[0, 0, 2, 254])), cards_in(key(&[0])), cards_in(key(&[254]))], [4, 1, 1]);
    }

    /// Ids given in ascending order of value compare as their values do.
    #[test]
    fn ascending_ids_compare_as_values() {
        let mut ids = CardIds::new();
        ids.ids_of(&ints(&[2, 3, 7]));
        assert!(ids.ids_by_value);
        assert!(ids.le(&[0, 2], &[1]) && !ids.le(&[2], &[0, 1]) && ids.le(&[0], &[0, 0]));
        ids.ids_of(&ints(&[1]));
        assert!(!ids.ids_by_value && ids.le(&[3], &[0]));
    }

    /// Cards found by index and cards found by hash get ids alike: one per
    /// value, in the order first seen, whatever the path.
    #[test]
    fn indexed_and_hashed_cards_share_one_numbering() {
        let edge = INDEXED_CARDS as i64;
        let cards: Vec<Rational> = [0, edge - 1, edge, -1, 1, 63, 64]
            .into_iter()
            .map(Rational::from_integer)
            .chain(["1/2", "127/2"].map(|v| v.parse::<Rational>().unwrap()))
            .collect();
        let mut ids = CardIds::new();
        for (n, card) in cards.iter().enumerate() {
            let id = ids.ids_of(std::slice::from_ref(card))[0];
            let first = cards.iter().position(|c| c == card).unwrap();
            let distinct_before = cards[..first].iter().collect::<hashbrown::HashSet<_>>().len();
            assert_eq!(usize::from(id), distinct_before, "card {n}: {card}");
            assert_eq!(ids.value(id), card);
        }
    }
}
