//! Short lists sorted by a value, looked up by value many times.
//!
//! A part's finishers and a pair of cards' two-step finishers are made
//! once and met by the values of many hands' parts, most of which they do
//! not hold. Comparing rationals costs a multiplication each and finding
//! a rational's order key a division, so each list keeps its values'
//! order keys and a bit filter of them, and a part looked up value by
//! value keeps its own values' keys: a miss is then one bit test, a hit
//! a search over words.

use crate::number::Number;

/// An item of a [`ByValue`] list: it is looked up by this value.
pub(super) trait Valued<N> {
    fn value(&self) -> &N;
}

/// Items sorted by value.
#[derive(Debug)]
pub(super) struct ByValue<T> {
    items: Vec<T>,
    /// The order keys of the items' values, when they all have one.
    keys: Option<Box<[u64]>>,
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
        // The keys straight into a list of their length, and the items
        // kept in theirs: a list cut to its length is a copy.
        let mut keys = Vec::with_capacity(items.len());
        for item in &items {
            match item.value().order_key() {
                Some(key) => keys.push(key),
                None => return ByValue { items, keys: None, filter: ValueFilter::EVERY_VALUE },
            }
        }
        let filter = ValueFilter::of_keys(keys.iter().copied().map(Some));
        ByValue { items, keys: Some(keys.into_boxed_slice()), filter }
    }

    /// Every item, sorted by value.
    pub(super) fn items(&self) -> &[T] {
        &self.items
    }

    /// False if none of the values `keys` stands for is an item's value:
    /// a few words compared instead of a look-up per value.
    pub(super) fn may_meet(&self, keys: &ValueKeys) -> bool {
        self.filter.0.iter().zip(&keys.filter.0).any(|(a, b)| a & b != 0)
    }

    /// The items whose value is `v`, whose order key is `key`. Order keys
    /// are equal exactly when values are, and a value with a key is never
    /// equal to one without.
    pub(super) fn with<N: Number>(&self, v: &N, key: Option<u64>) -> &[T]
    where
        T: Valued<N>,
    {
        if !self.filter.may_hold(key) {
            return &[];
        }
        let (start, len) = match (&self.keys, key) {
            (Some(keys), Some(key)) => {
                let start = keys.partition_point(|&k| k < key);
                (start, keys[start..].iter().take_while(|&&k| k == key).count())
            }
            _ => {
                let start = self.items.partition_point(|item| item.value() < v);
                (start, self.items[start..].iter().take_while(|item| item.value() == v).count())
            }
        };
        &self.items[start..start + len]
    }
}

/// The order keys of a part's values (see [`Number::order_key`]), with
/// their filter, made once per part so that looking its values up in a
/// [`ByValue`] divides nothing.
#[derive(Debug)]
pub(super) struct ValueKeys {
    keys: Box<[Option<u64>]>,
    filter: ValueFilter,
}

impl ValueKeys {
    pub(super) fn of<N: Number>(values: &[N]) -> ValueKeys {
        let keys: Box<[Option<u64>]> = values.iter().map(N::order_key).collect();
        let filter = ValueFilter::of_keys(keys.iter().copied());
        ValueKeys { keys, filter }
    }

    /// The order key of the value at `at`.
    pub(super) fn key(&self, at: usize) -> Option<u64> {
        self.keys[at]
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
        let mut bits = [0; FILTER_WORDS];
        for key in keys {
            match key {
                Some(key) => bits[bit(key) / 64] |= 1 << (bit(key) % 64),
                None => return ValueFilter::EVERY_VALUE,
            }
        }
        ValueFilter(bits)
    }

    /// False if the value with order key `key` is certainly none of the values.
    fn may_hold(&self, key: Option<u64>) -> bool {
        key.is_none_or(|key| self.0[bit(key) / 64] & 1 << (bit(key) % 64) != 0)
    }
}

/// The bit of a [`ValueFilter`] for an order key, from its product with an
/// odd constant, whose top bits depend on every bit of the key.
fn bit(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - (FILTER_WORDS * 64).trailing_zeros())) as usize
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

    /// A filter turns away no value it was made of, and lets every value
    /// through once one has no order key.
    #[test]
    fn a_filter_holds_its_values() {
        let values: Vec<Rational> = (-30..=30).flat_map(|n| [r(n, 1), r(n, 7), r(1, n.max(1))]).collect();
        let filter = ValueFilter::of_keys(values.iter().map(Rational::order_key));
        assert!(values.iter().all(|v| filter.may_hold(v.order_key())));
        let others = (1000..1100).map(|n| r(n, 3)).filter(|v| !filter.may_hold(v.order_key())).count();
        assert!(others > 50, "most other values are turned away: {others} of 100");
        let big = [Rational::from_integer(1 << 40)];
        assert!(ValueFilter::of_keys(big.iter().map(Rational::order_key)).may_hold(r(5, 1).order_key()));
        let unkeyed = BigRational::from_integer(3.into());
        assert!(ValueFilter::of_keys([unkeyed.order_key()].into_iter()).may_hold(Some(0)));
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
        assert!(by_value.keys.is_none() && keyed.keys.is_some());
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
        let mut turned_away = 0;
        for v in &probes {
            let meets = keyed.may_meet(&ValueKeys::of(&[r(1000, 1), *v]));
            assert!(meets || !keyed.items().contains(&Item(*v)), "{v}");
            turned_away += usize::from(!meets);
        }
        assert!(turned_away > probes.len() / 2, "most values that are not items are turned away");
    }
}
