//! Hand spaces: which hands a census visits, in ascending order, and shards of them.

use std::fmt;
use std::str::FromStr;

use reckon_core::Hand;

/// The multisets of `cards` values drawn from a pool in which each value has
/// a copy limit, listed in ascending order.
///
/// ```
/// use reckon_census::HandSpace;
/// assert_eq!(HandSpace::range(4, 1, 13, None).hands().len(), 1820);
/// assert_eq!(HandSpace::range(4, 1, 13, Some(1)).hands().len(), 715);
/// assert_eq!(HandSpace::countdown().hands().len(), 13_243);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandSpace {
    /// `(value, copies available)`, ascending by value.
    pool: Vec<(i64, usize)>,
    cards: usize,
}

impl HandSpace {
    /// Hands of `cards` values from `lo..=hi`, each value at most `max_copies` times.
    pub fn range(cards: usize, lo: i64, hi: i64, max_copies: Option<usize>) -> HandSpace {
        let copies = max_copies.unwrap_or(cards).min(cards);
        HandSpace { pool: (lo..=hi).map(|v| (v, copies)).collect(), cards }
    }

    /// The Countdown selections: six numbers from two each of 1..=10 and one
    /// each of 25, 50, 75 and 100.
    pub fn countdown() -> HandSpace {
        let small = (1..=10).map(|v| (v, 2));
        let large = [25, 50, 75, 100].into_iter().map(|v| (v, 1));
        HandSpace { pool: small.chain(large).collect(), cards: 6 }
    }

    /// The same space with at most `most` copies of each value.
    ///
    /// ```
    /// use reckon_census::HandSpace;
    /// assert_eq!(HandSpace::countdown().with_max_copies(1).hands().len(), 3003);
    /// ```
    pub fn with_max_copies(mut self, most: usize) -> HandSpace {
        self.pool.iter_mut().for_each(|(_, copies)| *copies = (*copies).min(most));
        self
    }

    /// The number of hands of [`HandSpace::range`] with these arguments,
    /// without listing them (or their values): `u128::MAX` if that many or
    /// more.
    ///
    /// ```
    /// use reckon_census::HandSpace;
    /// assert_eq!(HandSpace::range_len(4, 1, 13, None), 1820);
    /// assert_eq!(HandSpace::range_len(1, -(1 << 62), 1 << 62, None), 1 + (1 << 63));
    /// ```
    pub fn range_len(cards: usize, lo: i64, hi: i64, max_copies: Option<usize>) -> u128 {
        let copies = max_copies.unwrap_or(cards).min(cards);
        let values = u128::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(0);
        // The coefficient of x^cards in (1 + x + ... + x^copies)^values,
        // by repeated squaring, each polynomial cut at degree `cards`.
        let times = |a: &[u128], b: &[u128]| -> Vec<u128> {
            let mut out = vec![0u128; cards + 1];
            for (i, &x) in a.iter().enumerate() {
                for (j, &y) in b.iter().enumerate().take(cards + 1 - i) {
                    out[i + j] = out[i + j].saturating_add(x.saturating_mul(y));
                }
            }
            out
        };
        let mut power: Vec<u128> = (0..=cards).map(|degree| u128::from(degree <= copies)).collect();
        let mut result: Vec<u128> = (0..=cards).map(|degree| u128::from(degree == 0)).collect();
        let mut exponent = values;
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = times(&result, &power);
            }
            power = times(&power, &power);
            exponent >>= 1;
        }
        result[cards]
    }

    /// The number of cards per hand.
    pub fn cards(&self) -> usize {
        self.cards
    }

    /// The values a hand may hold, ascending, each with how many copies.
    pub fn pool(&self) -> &[(i64, usize)] {
        &self.pool
    }

    /// Every hand of the space, ascending.
    pub fn hands(&self) -> Vec<Hand> {
        let mut out = Vec::new();
        let mut prefix = Vec::with_capacity(self.cards);
        self.extend(0, &mut prefix, &mut out);
        out
    }

    fn extend(&self, from: usize, prefix: &mut Vec<i64>, out: &mut Vec<Hand>) {
        if prefix.len() == self.cards {
            out.push(Hand::from_integers(prefix).expect("census hands are small"));
            return;
        }
        for (i, &(value, copies)) in self.pool.iter().enumerate().skip(from) {
            let used = prefix.iter().rev().take_while(|&&v| v == value).count();
            if used < copies {
                prefix.push(value);
                // The same value may follow while copies last: stay at `i`.
                self.extend(i, prefix, out);
                prefix.pop();
            }
        }
    }
}

/// The `index`-th of `count` equal slices of a list (1-based), as `I/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// Why a shard was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("'{0}' is not a shard: expected I/N, e.g. 2/8")]
    Syntax(String),
    #[error("shard {0}/{1} does not exist: I must be between 1 and N")]
    OutOfRange(usize, usize),
}

impl Shard {
    /// The whole list.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Which slice this is, from 1.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Into how many slices the list is cut.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The items of `items` that fall in this shard.
    pub fn slice<'a, T>(&self, items: &'a [T]) -> &'a [T] {
        let len = items.len();
        &items[(self.index - 1) * len / self.count..self.index * len / self.count]
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let syntax = || ShardError::Syntax(s.to_owned());
        let (i, n) = s.split_once('/').ok_or_else(syntax)?;
        let (index, count) = (i.trim().parse().map_err(|_| syntax())?, n.trim().parse().map_err(|_| syntax())?);
        if index == 0 || index > count {
            return Err(ShardError::OutOfRange(index, count));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_have_the_known_sizes() {
        assert_eq!(HandSpace::range(4, 1, 10, None).hands().len(), 715);
        assert_eq!(HandSpace::range(5, 1, 13, None).hands().len(), 6188);
        assert_eq!(HandSpace::range(4, 1, 13, Some(4)).hands().len(), 1820);
        assert_eq!(HandSpace::range(4, 1, 13, Some(3)).hands().len(), 1820 - 13);
        let hands = HandSpace::range(2, 1, 3, None).hands();
        let shown: Vec<String> = hands.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["1 1", "1 2", "1 3", "2 2", "2 3", "3 3"]);
    }

    /// Counted without listing, a space has as many hands as listed.
    #[test]
    fn range_len_counts_the_hands() {
        for cards in 1..=6 {
            for hi in 1..=7 {
                for copies in [None, Some(1), Some(2), Some(3)] {
                    let listed = HandSpace::range(cards, 1, hi, copies).hands().len() as u128;
                    assert_eq!(
                        HandSpace::range_len(cards, 1, hi, copies),
                        listed,
                        "{cards} cards, 1..={hi}, {copies:?}"
                    );
                }
            }
        }
        assert_eq!(HandSpace::range_len(1, i64::MIN, i64::MAX, None), 1 << 64);
        assert_eq!(HandSpace::range_len(10, i64::MIN, i64::MAX, None), u128::MAX);
    }

    #[test]
    fn shards_cover_the_list_once() {
        let items: Vec<usize> = (0..10).collect();
        let parts: Vec<&[usize]> =
            (1..=3).map(|i| format!("{i}/3").parse::<Shard>().unwrap()).map(|s| s.slice(&items)).collect();
        assert_eq!(parts.concat(), items);
        assert_eq!("0/3".parse::<Shard>(), Err(ShardError::OutOfRange(0, 3)));
        assert!(matches!("x".parse::<Shard>(), Err(ShardError::Syntax(_))));
    }
}
