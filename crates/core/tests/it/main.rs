//! Integration tests of reckon-core: the search against the brute-force
//! oracle, published facts, and the laws every printed solution obeys.

mod any_size;
mod oracle_agreement;
mod printed;
mod published;

use itertools::Itertools;
use reckon_core::{Hand, Rational};

/// Every hand of `n` cards with values in `lo..=hi`, ascending.
pub fn all_hands(n: usize, lo: i64, hi: i64) -> impl Iterator<Item = Hand> {
    (lo..=hi).combinations_with_replacement(n).map(|cards| Hand::from_integers(&cards).unwrap())
}

pub fn int(n: i64) -> Rational {
    Rational::from_integer(n)
}
