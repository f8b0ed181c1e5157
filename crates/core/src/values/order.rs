//! Sorting small values as words.
//!
//! Comparing two rationals takes two wide products; comparing their order
//! keys (see [`Number::order_key`]) takes one integer compare. Each value
//! is sorted as one word, its key above its position, so that the sort
//! moves words and the values are gathered once, in order, afterwards.

use crate::number::{Number, ORDER_KEY_BITS};

/// The low bits of a sort word: the value's position.
const PLACE_BITS: u32 = 64 - ORDER_KEY_BITS;

/// The positions of some values in ascending order of value.
pub(crate) struct KeyOrder {
    words: Vec<u64>,
}

impl KeyOrder {
    /// The order of `values`, or `None` if one of them has no order key
    /// or there are too many to pack their positions beside their keys.
    pub(crate) fn of<'a, N: Number + 'a>(values: impl ExactSizeIterator<Item = &'a N>) -> Option<KeyOrder> {
        if values.len() > 1 << PLACE_BITS {
            return None;
        }
        let mut words = Vec::with_capacity(values.len());
        for (at, value) in (0u64..).zip(values) {
            words.push(value.order_key()? << PLACE_BITS | at);
        }
        words.sort_unstable();
        Some(KeyOrder { words })
    }

    /// The number of distinct values.
    pub(crate) fn distinct(&self) -> usize {
        usize::from(!self.words.is_empty()) + self.words.windows(2).filter(|w| key(w[0]) != key(w[1])).count()
    }

    /// Every position, in ascending order of value, equal values by
    /// position (each word holds its position below its key).
    pub(crate) fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().map(|&word| place(word))
    }

    /// Every order key, ascending: the keys of [`KeyOrder::positions`]' values.
    pub(crate) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.words.iter().map(|&word| key(word))
    }

    /// The position of one value of each distinct value, ascending.
    pub(crate) fn first_of_each(&self) -> impl Iterator<Item = usize> + '_ {
        let mut last = None;
        self.words.iter().filter_map(move |&word| {
            let new = last != Some(key(word));
            last = Some(key(word));
            new.then_some(place(word))
        })
    }
}

/// The order key in a sort word.
fn key(word: u64) -> u64 {
    word >> PLACE_BITS
}

/// The position in a sort word.
fn place(word: u64) -> usize {
    (word & ((1 << PLACE_BITS) - 1)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::{BigRational, Rational};

    #[test]
    fn orders_small_values_and_refuses_large_ones() {
        let r = |n: i64, d: i64| Rational::new(n, d).unwrap();
        let values = [r(5, 1), r(-2, 3), r(5, 1), r(1, 3), r(-7, 1)];
        let order = KeyOrder::of(values.iter()).unwrap();
        assert_eq!(order.distinct(), 4);
        let sorted: Vec<Rational> = order.positions().map(|at| values[at]).collect();
        assert_eq!(sorted, [r(-7, 1), r(-2, 3), r(1, 3), r(5, 1), r(5, 1)]);
        let each: Vec<Rational> = order.first_of_each().map(|at| values[at]).collect();
        assert_eq!(each, [r(-7, 1), r(-2, 3), r(1, 3), r(5, 1)]);
        assert!(KeyOrder::of([r(1 << 20, 1)].iter()).is_none());
        assert!(KeyOrder::of([BigRational::from_integer(3.into())].iter()).is_none());
        assert_eq!(KeyOrder::of(std::iter::empty::<&Rational>()).unwrap().distinct(), 0);
    }
}
