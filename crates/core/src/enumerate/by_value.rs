//! Short lists sorted by a value, or kept as they came, looked up by value many times.
//!
//! A part's finishers and a pair of cards' two-step finishers are made
//! once and met by the values of many hands' parts, most of which they do
//! not hold. Comparing rationals costs a multiplication each and finding
//! a rational's order key a division, so each list keeps its values'
//! order keys and a bit filter of them, and a part looked up value by
//! value keeps its own values' keys: a miss is then one bit test, a hit
//! a probe or two of a small hash table of keys.

use hashbrown::HashTable;

use crate::number::Number;
use crate::values::KeyOrder;

/// An item of a [`ByValue`] list: it is looked up by this value.
pub(super) trait Valued<N> {
    fn value(&self) -> &N;
}

/// Items sorted by value.
#[derive(Debug)]
pub(super) struct ByValue<T> {
    items: Vec<T>,
    /// Where the items of each order key are, when every value has one.
    index: Option<KeyIndex>,
    /// Most values looked up are none of the items': this says so without a search.
    filter: ValueFilter,
}

impl<T> ByValue<T> {
    /// The list of `items`, which must be sorted by value.
    pub(super) fn of_sorted<N: Number>(items: Vec<T>) -> ByValue<T>
    where
        T: Valued<N>,
    {
        debug_assert!(items.is_sorted_by(|x, y| x.value() <= y.value()));
        let mut keys = Vec::with_capacity(items.len());
        for item in &items {
            match item.value().order_key() {
                Some(key) => keys.push(key),
                None => return ByValue { items, index: None, filter: ValueFilter::EVERY_VALUE },
            }
        }
        ByValue::keyed(items, || keys.iter().copied())
    }

    /// The list of `items`, in any order: sorted here by value, equal
    /// values in the order they came. Sorted by their order keys when
    /// every value has one, words compared and moved instead of values,
    /// and those keys are then the index's, worked out once.
    pub(super) fn of_unsorted<N: Number>(mut items: Vec<T>) -> ByValue<T>
    where
        T: Valued<N> + Clone,
    {
        let Some(order) = KeyOrder::of(items.iter().map(Valued::value)) else {
            items.sort_by(|x, y| x.value().cmp(y.value()));
            return ByValue::of_sorted(items);
        };
        ByValue::keyed(order.positions().map(|at| items[at].clone()).collect(), || order.keys())
    }

    /// The list of `items`, sorted, whose values' order keys `keys` lists
    /// in order, each time it is called: walked twice, never gathered.
    fn keyed<K: Iterator<Item = u64>>(items: Vec<T>, keys: impl Fn() -> K) -> ByValue<T> {
        let filter = ValueFilter::of_keys(keys().map(Some));
        ByValue { index: Some(KeyIndex::of_sorted(items.len(), keys())), items, filter }
    }

    /// Every item, sorted by value.
    pub(super) fn items(&self) -> &[T] {
        &self.items
    }

    /// False if none of the values `keys` stands for is an item's value:
    /// a few words compared instead of a look-up per value.
    pub(super) fn may_meet(&self, keys: &ValueKeys) -> bool {
        // Every word at once, without a branch per word: most lists miss.
        self.filter.0.iter().zip(&keys.filter.0).fold(0, |shared, (a, b)| shared | a & b) != 0
    }

    /// The items whose value is `v`, whose order key is `key`. Order keys
    /// are equal exactly when values are, and a value with a key is never
    /// equal to one without.
    pub(super) fn with<N: Number>(&self, v: &N, key: Option<u64>) -> &[T]
    where
        T: Valued<N>,
    {
        self.with_probe(v, Probe::of(key))
    }

    /// [`ByValue::with`] the order key of `v` as a [`Probe`]. Always
    /// inlined: a part's values are looked up one by one in the hot loop
    /// of the top split, and a call costs about as much as a miss.
    #[inline(always)]
    pub(super) fn with_probe<N: Number>(&self, v: &N, probe: Probe) -> &[T]
    where
        T: Valued<N>,
    {
        if !self.filter.may_hold(probe) {
            return &[];
        }
        let (start, len) = match &self.index {
            Some(index) if probe.key != Run::NO_KEY => index.run(probe),
            // A value without an order key equals no item of an indexed
            // list, all of which have one: the search finds none of them.
            _ => {
                let start = self.items.partition_point(|item| item.value() < v);
                (start, self.items[start..].iter().take_while(|item| item.value() == v).count())
            }
        };
        &self.items[start..start + len]
    }
}

/// At most [`UNSORTED_ROOM`] items, in the order they came, looked up by
/// value only. A list that is looked up but never walked need not be
/// put in any order: the index keeps each order key's items as a bit per
/// position, so that making it moves no item. Nor does it keep the
/// values, which only the index needs, unless some value has no order
/// key: then each is compared.
#[derive(Debug)]
pub(super) struct Unsorted<N, T> {
    items: Vec<T>,
    /// The items' values, when they have no index.
    values: Vec<N>,
    /// The positions of the items of each order key, when every value has one.
    index: Option<MaskIndex>,
    filter: ValueFilter,
}

/// The most items an [`Unsorted`] list holds: a bit each in a word. A pair
/// of cards has 36 two-step finishers at most.
const UNSORTED_ROOM: usize = 64;

impl<N: Number, T> Unsorted<N, T> {
    /// The list of `items`, at most [`UNSORTED_ROOM`] of them, as they
    /// are, each of the value at its place among `values`.
    pub(super) fn of(values: Vec<N>, items: Vec<T>) -> Unsorted<N, T> {
        assert!(items.len() <= UNSORTED_ROOM, "a bit per item");
        assert_eq!(values.len(), items.len(), "a value per item");
        let mut index = MaskIndex::with_room(items.len());
        let mut filter = ValueFilter([0; FILTER_WORDS]);
        for (at, value) in values.iter().enumerate() {
            let Some(key) = value.order_key() else {
                return Unsorted { items, values, index: None, filter: ValueFilter::EVERY_VALUE };
            };
            filter.add(key);
            index.add(key, at);
        }
        Unsorted { items, values: Vec::new(), index: Some(index), filter }
    }

    /// False if none of the values `keys` stands for is an item's value
    /// (see [`ByValue::may_meet`]).
    pub(super) fn may_meet(&self, keys: &ValueKeys) -> bool {
        self.filter.0.iter().zip(&keys.filter.0).fold(0, |shared, (a, b)| shared | a & b) != 0
    }

    /// The items whose value is `v`, whose order key is `key`, in the order they came.
    #[cfg(test)]
    pub(super) fn with(&self, v: &N, key: Option<u64>) -> Matches<'_, T> {
        self.with_probe(v, Probe::of(key))
    }

    /// [`Unsorted::with`] the order key of `v` as a [`Probe`]. Always
    /// inlined, as [`ByValue::with_probe`] is.
    #[inline(always)]
    pub(super) fn with_probe(&self, v: &N, probe: Probe) -> Matches<'_, T> {
        let mask = if !self.filter.may_hold(probe) {
            0
        } else {
            match &self.index {
                Some(index) => index.mask(probe),
                // Few items, and none with an order key to look up: each compared.
                None => {
                    (0..).zip(&self.values).filter(|(_, value)| *value == v).fold(0, |mask, (at, _)| mask | 1 << at)
                }
            }
        };
        Matches { items: &self.items, mask }
    }
}

/// The items of an [`Unsorted`] list at the set bits of `mask`, in order.
pub(super) struct Matches<'a, T> {
    items: &'a [T],
    mask: u64,
}

impl<'a, T> Iterator for Matches<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        if self.mask == 0 {
            return None;
        }
        let at = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        self.items.get(at)
    }
}

/// Where the items of each order key are in an [`Unsorted`] list: each
/// order key met, with a bit per position. A listing makes one for each
/// pair of cards, and each is probed a few times by each of a dozen hands.
type MaskIndex = KeyTable<KeyMask>;

/// The positions of the items of one order key, a bit each.
#[derive(Debug, Clone, Copy)]
struct KeyMask {
    key: u64,
    mask: u64,
}

impl Keyed for KeyMask {
    fn key(&self) -> u64 {
        self.key
    }
}

impl MaskIndex {
    /// Adds the item at `at`, of order key `key`.
    fn add(&mut self, key: u64, at: usize) {
        debug_assert_ne!(key, Run::NO_KEY);
        match self.0.find_mut(spread(key), |entry| entry.key == key) {
            Some(known) => known.mask |= 1 << at,
            None => self.insert_new(KeyMask { key, mask: 1 << at }),
        }
    }

    /// The positions of the items of the order key of `probe`: none for
    /// a value without one, all items having one. Always inlined, as the
    /// look-ups of [`Unsorted::with_probe`] are.
    #[inline(always)]
    fn mask(&self, probe: Probe) -> u64 {
        self.get(probe).map_or(0, |entry| entry.mask)
    }
}

/// Entries found by their order keys, hashed by the keys' [`spread`],
/// which a [`Probe`] carries: a look-up hashes nothing.
#[derive(Debug)]
struct KeyTable<E>(HashTable<E>);

/// An entry of a [`KeyTable`], found by its order key.
trait Keyed {
    fn key(&self) -> u64;
}

impl<E: Keyed + Copy> KeyTable<E> {
    /// A table with no keys and room for `keys` of them.
    fn with_room(keys: usize) -> KeyTable<E> {
        KeyTable(HashTable::with_capacity(keys))
    }

    /// The entry of the key of `probe`, if any. Always inlined: it is
    /// every look-up's loop.
    #[inline(always)]
    fn get(&self, Probe { key, spread }: Probe) -> Option<E> {
        self.0.find(spread, |entry| entry.key() == key).copied()
    }

    /// Puts `entry`, whose key is known to be new, in the table.
    fn insert_new(&mut self, entry: E) {
        self.0.insert_unique(spread(entry.key()), entry, |entry| spread(entry.key()));
    }
}

/// A value's order key with its [`spread`], which picks both its bit in a
/// [`ValueFilter`] and its bucket in a [`KeyTable`]: worked out once
/// for a value looked up in many lists.
#[derive(Debug, Clone, Copy)]
pub(super) struct Probe {
    /// [`Run::NO_KEY`] for a value without an order key.
    key: u64,
    spread: u64,
}

impl Probe {
    fn of(key: Option<u64>) -> Probe {
        let key = key.unwrap_or(Run::NO_KEY);
        Probe { key, spread: spread(key) }
    }
}

/// Where the items of each order key are in a list sorted by key: one
/// run of equal keys per entry. Cheaper than bisecting the keys, each
/// step of which is a branch mispredicted half the time.
type KeyIndex = KeyTable<Run>;

/// The items of one order key: `len` of them from `start`.
#[derive(Debug, Clone, Copy)]
struct Run {
    key: u64,
    start: u32,
    len: u32,
}

impl Run {
    /// The key of a value with none: order keys are above zero (see
    /// [`Number::order_key`]).
    const NO_KEY: u64 = 0;
}

impl Keyed for Run {
    fn key(&self) -> u64 {
        self.key
    }
}

impl KeyIndex {
    /// The index of `keys`, `len` of them, which must be sorted.
    fn of_sorted(len: usize, keys: impl Iterator<Item = u64>) -> KeyIndex {
        // Room for every key, though equal keys share an entry: counting
        // them costs more than the room.
        let mut index = KeyIndex::with_room(len);
        let mut last: Option<Run> = None;
        for (start, key) in keys.enumerate() {
            debug_assert_ne!(key, Run::NO_KEY);
            if let Some(run) = &mut last
                && run.key == key
            {
                run.len += 1;
                continue;
            }
            // Sorted, so a key not the last run's is new.
            if let Some(run) = last.replace(Run { key, start: start as u32, len: 1 }) {
                index.insert_new(run);
            }
        }
        if let Some(run) = last {
            index.insert_new(run);
        }
        index
    }

    /// The start and number of the items of the order key of `probe`.
    /// Always inlined, as the look-ups of [`ByValue::with_probe`] are.
    #[inline(always)]
    fn run(&self, probe: Probe) -> (usize, usize) {
        self.get(probe).map_or((0, 0), |run| (run.start as usize, run.len as usize))
    }
}

/// The order keys of a part's values (see [`Number::order_key`]), with
/// their filter, made once per part so that looking its values up in a
/// [`ByValue`] divides nothing.
#[derive(Debug)]
pub(super) struct ValueKeys {
    probes: Box<[Probe]>,
    filter: ValueFilter,
}

impl ValueKeys {
    pub(super) fn of<N: Number>(values: &[N]) -> ValueKeys {
        let probes: Box<[Probe]> = values.iter().map(|v| Probe::of(v.order_key())).collect();
        let filter = ValueFilter::of_keys(probes.iter().map(|probe| Some(probe.key).filter(|&key| key != Run::NO_KEY)));
        ValueKeys { probes, filter }
    }

    /// The order key of every value, as a [`Probe`], in order: zipped
    /// with the values, no index to check.
    pub(super) fn probes(&self) -> &[Probe] {
        &self.probes
    }
}

/// A bit for each of some values, picked by its order key: a value whose
/// bit is clear is none of them.
#[derive(Debug)]
struct ValueFilter([u64; FILTER_WORDS]);

const FILTER_WORDS: usize = 8;

impl ValueFilter {
    /// The filter that no value fails: a value without an order key passes
    /// every test.
    const EVERY_VALUE: ValueFilter = ValueFilter([u64::MAX; FILTER_WORDS]);

    /// The filter of the values with these order keys.
    fn of_keys(keys: impl Iterator<Item = Option<u64>>) -> ValueFilter {
        let mut filter = ValueFilter([0; FILTER_WORDS]);
        for key in keys {
            match key {
                Some(key) => filter.add(key),
                None => return ValueFilter::EVERY_VALUE,
            }
        }
        filter
    }

    /// Lets the value of order key `key` through.
    fn add(&mut self, key: u64) {
        let bit = bit(spread(key));
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    /// False if the value of `probe` is certainly none of the values.
    fn may_hold(&self, Probe { key, spread }: Probe) -> bool {
        let bit = bit(spread);
        key == Run::NO_KEY || self.0[bit / 64] & 1 << (bit % 64) != 0
    }
}

/// The bit of a [`ValueFilter`] for an order key: the top bits of its [`spread`].
fn bit(spread: u64) -> usize {
    (spread >> (64 - (FILTER_WORDS * 64).trailing_zeros())) as usize
}

/// An order key's product with an odd constant, whose top bits depend on
/// every bit of the key, with its top half folded onto its bottom half: a
/// [`HashTable`] picks a bucket by the low bits of a hash, and a whole
/// number's key, and so its product, has 32 low bits of zero. The top
/// bits, which pick a [`ValueFilter`]'s bit, are the product's.
fn spread(key: u64) -> u64 {
    let product = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    product ^ product >> 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::{BigRational, Rational};

    fn r(n: i64, d: i64) -> Rational {
        Rational::new(n, d).unwrap()
    }

    /// An item that is its value.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Item(Rational);

    impl Valued<Rational> for Item {
        fn value(&self) -> &Rational {
            &self.0
        }
    }

    /// An item that is its value, with the order it came in.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Tagged(Rational, usize);

    impl Valued<Rational> for Tagged {
        fn value(&self) -> &Rational {
            &self.0
        }
    }

    /// An unsorted list finds each value's items in the order they came,
    /// whether its values have order keys or not.
    #[test]
    fn unsorted_lists_find_items_in_the_order_they_came() {
        for values in [vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], vec![2, 7, 1, 8], vec![4, 4, 4], vec![]] {
            for big in [None, Some(r(1 << 20, 1))] {
                let mut items: Vec<Tagged> = values.iter().enumerate().map(|(at, &v)| Tagged(r(v, 7), at)).collect();
                items.extend(big.map(|v| Tagged(v, values.len())));
                let list = Unsorted::of(items.iter().map(|item| item.0).collect(), items.clone());
                for v in items.iter().map(|item| item.0).chain([r(10, 7), r(1 << 20, 3)]) {
                    let expected: Vec<&Tagged> = items.iter().filter(|item| item.0 == v).collect();
                    assert_eq!(list.with(&v, v.order_key()).collect::<Vec<_>>(), expected, "{v}");
                }
            }
        }
    }

    /// A filter turns away no value it was made of, and lets every value
    /// through once one has no order key.
    #[test]
    fn a_filter_holds_its_values() {
        let values: Vec<Rational> = (-30..=30).flat_map(|n| [r(n, 1), r(n, 7), r(1, n.max(1))]).collect();
        let filter = ValueFilter::of_keys(values.iter().map(Rational::order_key));
        assert!(values.iter().all(|v| filter.may_hold(Probe::of(v.order_key()))));
        let others = (1000..1100).map(|n| r(n, 3)).filter(|v| !filter.may_hold(Probe::of(v.order_key()))).count();
        assert!(others > 50, "most other values are turned away: {others} of 100");
        let big = [Rational::from_integer(1 << 40)];
        assert!(ValueFilter::of_keys(big.iter().map(Rational::order_key)).may_hold(Probe::of(r(5, 1).order_key())));
        let unkeyed = BigRational::from_integer(3.into());
        assert!(ValueFilter::of_keys([unkeyed.order_key()].into_iter()).may_hold(Probe::of(Some(1))));
    }

    /// Every key of a long list, most buckets taken and runs of equal keys
    /// among them, is found with its whole run; a key not in it finds none.
    #[test]
    fn a_key_index_finds_every_run() {
        let mut keys: Vec<u64> = (-150..150)
            .flat_map(|n| vec![r(n, 7); 1 + n.unsigned_abs() as usize % 3])
            .filter_map(|v| v.order_key())
            .collect();
        keys.sort();
        let index = KeyIndex::of_sorted(keys.len(), keys.iter().copied());
        for (at, &key) in keys.iter().enumerate() {
            let (start, len) = index.run(Probe::of(Some(key)));
            assert!(start <= at && at < start + len, "{key}");
            assert!(keys[start..start + len].iter().all(|&k| k == key));
            assert!(start == 0 || keys[start - 1] != key);
            assert!(keys.get(start + len) != Some(&key));
        }
        for v in (-150..150).map(|n| r(n, 11)).filter(|v| !v.is_integer()) {
            assert_eq!(index.run(Probe::of(v.order_key())), (0, 0), "{v}");
        }
    }

    /// Looked up by key or by value, with or without keys on either side,
    /// a list finds exactly its items of that value, and two lists' keys
    /// meet when they share a value.
    #[test]
    fn looks_values_up_by_key_and_by_value() {
        let mut values = [r(3, 1), r(-2, 5), r(3, 1), r(1 << 20, 1), r(7, 3), r(-2, 5), r(3, 1)];
        values.sort();
        let by_value = ByValue::of_sorted(values.iter().copied().map(Item).collect());
        let keyed = ByValue::of_sorted(values.iter().copied().filter(|v| v.order_key().is_some()).map(Item).collect());
        assert!(by_value.index.is_none() && keyed.index.is_some());
        let probes: Vec<Rational> =
            (-20..=20).flat_map(|n| [r(n, 1), r(n, 5), r(n, 3)]).chain([r(1 << 20, 1)]).collect();
        for list in [&by_value, &keyed] {
            for v in &probes {
                let expected = list.items().iter().filter(|item| item.0 == *v).count();
                for key in [v.order_key(), None] {
                    let found = list.with(v, key);
                    assert!(found.len() == expected && found.iter().all(|item| item.0 == *v), "{v}");
                }
            }
        }
        let items: Vec<Item> = [r(3, 1), r(-2, 5), r(7, 3), r(3, 1), r(-2, 5), r(3, 1), r(1, 9)].map(Item).to_vec();
        // Unsorted: each value's items found all the same.
        let unsorted = Unsorted::of(items.iter().map(|item| item.0).collect(), items.clone());
        for v in &probes {
            let found: Vec<&Item> = unsorted.with(v, v.order_key()).collect();
            assert_eq!(found, items.iter().filter(|item| item.0 == *v).collect::<Vec<_>>());
        }
        let mut turned_away = 0;
        for v in &probes {
            let meets = keyed.may_meet(&ValueKeys::of(&[r(1000, 1), *v]));
            assert!(meets || !keyed.items().contains(&Item(*v)), "{v}");
            turned_away += usize::from(!meets);
        }
        assert!(turned_away > probes.len() / 2, "most values that are not items are turned away");
    }
}
