//! Splitting a multiset of cards: every sub-expression of a hand combines
//! the values of two complementary sub-multisets.

use smallvec::SmallVec;

use super::ids::{Key, push_n};

/// A few cards, inline: sub-multisets are made and looked up in the hot
/// loop, and hands rarely exceed eight cards.
pub(crate) type Cards<N> = SmallVec<[N; 8]>;

/// The distinct ways to split a sorted multiset into two non-empty parts,
/// each unordered pair once, the most balanced first: deciding a hand looks
/// at them in this order, and balanced splits only need small value sets.
/// Lazy, so that a decision that ends early builds no more splits.
pub(crate) fn splits<N: Clone + Ord>(cards: &[N]) -> Splits<N> {
    let groups = group(cards);
    let counts = smallvec::smallvec![0; groups.len()];
    Splits { groups, total: cards.len(), smaller: cards.len() / 2, counts }
}

pub(crate) struct Splits<N> {
    groups: SmallVec<[(N, usize); 8]>,
    total: usize,
    /// The size of the smaller part of the splits being listed; 0 when done.
    smaller: usize,
    /// How many of each group the smaller part takes: an odometer.
    counts: SmallVec<[usize; 8]>,
}

impl<N: Clone + Ord> Splits<N> {
    /// Moves the odometer on; false when it wrapped around to all zeros.
    fn advance(&mut self) -> bool {
        for (count, (_, available)) in self.counts.iter_mut().zip(&self.groups) {
            if *count < *available {
                *count += 1;
                return true;
            }
            *count = 0;
        }
        false
    }

    /// Moves on to the next split; `false` when there are no more. The
    /// smaller part is then `counts` of each group, the larger the rest.
    fn next_split(&mut self) -> bool {
        while self.smaller > 0 {
            if !self.advance() {
                self.smaller -= 1;
                continue;
            }
            if self.counts.iter().sum::<usize>() != self.smaller {
                continue;
            }
            // Two parts of equal size: each unordered pair once.
            if 2 * self.smaller == self.total && !self.counts_at_most_rest() {
                continue;
            }
            return true;
        }
        false
    }

    /// Is `counts` no greater than the rest, compared group by group?
    fn counts_at_most_rest(&self) -> bool {
        let rest = self.groups.iter().zip(&self.counts).map(|((_, n), c)| n - c);
        self.counts.iter().copied().le(rest)
    }

    /// Each part's count of each group: the smaller part, then the larger.
    fn parts(&self) -> impl Iterator<Item = (&N, usize, usize)> {
        self.groups.iter().zip(&self.counts).map(|((v, n), &c)| (v, c, n - c))
    }
}

impl<N: Clone + Ord> Iterator for Splits<N> {
    type Item = (Cards<N>, Cards<N>);

    fn next(&mut self) -> Option<Self::Item> {
        if !self.next_split() {
            return None;
        }
        let (mut smaller, mut larger) = (Cards::new(), Cards::new());
        for (v, in_smaller, in_larger) in self.parts() {
            smaller.extend(std::iter::repeat_n(v.clone(), in_smaller));
            larger.extend(std::iter::repeat_n(v.clone(), in_larger));
        }
        Some((smaller, larger))
    }
}

/// The splits of sorted card ids as the keys of their two parts, in the
/// order of [`splits`]: the hot loop of deciding a hand needs only the keys.
pub(crate) fn key_splits(ids: &[u8]) -> KeySplits<'_> {
    if maskable(ids) {
        KeySplits::Distinct { ids, masks: split_masks(ids.len()) }
    } else {
        KeySplits::Repeated(splits(ids))
    }
}

/// See [`key_splits`]. Distinct cards (the common case) are split by
/// position masks, with no odometer over groups of equal cards.
pub(crate) enum KeySplits<'a> {
    Distinct { ids: &'a [u8], masks: SplitMasks },
    Repeated(Splits<u8>),
}

impl Iterator for KeySplits<'_> {
    type Item = (Key, Key);

    fn next(&mut self) -> Option<(Key, Key)> {
        match self {
            KeySplits::Distinct { ids, masks } => {
                let mask = masks.next()?;
                let (mut part, mut rest) = (0, 0);
                for (at, &id) in ids.iter().enumerate() {
                    if mask >> at & 1 == 1 {
                        part = push_n(part, id, 1);
                    } else {
                        rest = push_n(rest, id, 1);
                    }
                }
                Some((part, rest))
            }
            KeySplits::Repeated(splits) => {
                if !splits.next_split() {
                    return None;
                }
                let (mut smaller, mut larger) = (0, 0);
                for (&id, in_smaller, in_larger) in splits.parts() {
                    (smaller, larger) = (push_n(smaller, id, in_smaller), push_n(larger, id, in_larger));
                }
                Some((smaller, larger))
            }
        }
    }
}

/// Cards past this many are split by the general odometer, not by masks.
pub(crate) const MASKED_UP_TO: usize = 16;

/// Can the sorted card ids `ids` be split by [`split_masks`]? Yes when the
/// cards are distinct (the common case) and few enough for a mask.
pub(crate) fn maskable(ids: &[u8]) -> bool {
    ids.len() <= MASKED_UP_TO && ids.is_sorted_by(|a, b| a < b)
}

/// The splits of `n` distinct cards as the position masks of their smaller
/// part, in the order [`splits`] takes for them: sizes from the most
/// balanced down, the masks of one size in increasing order, and of two
/// halves of one size the one that leaves out the first card. Listing the
/// masks of each size directly skips the odometer's visits to every other.
pub(crate) fn split_masks(n: usize) -> SplitMasks {
    debug_assert!(n <= MASKED_UP_TO);
    let size = n / 2;
    SplitMasks { n, size, mask: (1 << size) - 1 }
}

/// See [`split_masks`].
pub(crate) struct SplitMasks {
    n: usize,
    /// The size of the smaller part being listed; 0 when done.
    size: usize,
    /// The next mask of that size to look at.
    mask: u32,
}

impl Iterator for SplitMasks {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        loop {
            if self.size == 0 {
                return None;
            }
            if self.mask >= 1 << self.n {
                self.size -= 1;
                self.mask = (1 << self.size) - 1;
                continue;
            }
            let current = self.mask;
            // Gosper's hack: the next larger mask with as many bits.
            let low = current & current.wrapping_neg();
            let carried = current + low;
            self.mask = (((carried ^ current) >> 2) / low) | carried;
            if 2 * self.size != self.n || current & 1 == 0 {
                return Some(current);
            }
        }
    }
}

/// Every distinct non-empty sub-multiset of a sorted multiset.
pub(crate) fn sub_multisets<N: Clone + Ord>(cards: &[N]) -> Vec<Cards<N>> {
    let groups = group(cards);
    let mut out = Vec::new();
    for_each_count_vector(&groups, |counts| {
        if counts.iter().any(|&c| c > 0) {
            out.push(expand(&groups, counts));
        }
    });
    out
}

/// Runs of equal values: `(value, how many)`.
pub(crate) fn group<N: Clone + Ord>(cards: &[N]) -> SmallVec<[(N, usize); 8]> {
    let mut groups: SmallVec<[(N, usize); 8]> = SmallVec::new();
    for card in cards {
        match groups.last_mut() {
            Some((v, n)) if v == card => *n += 1,
            _ => groups.push((card.clone(), 1)),
        }
    }
    groups
}

/// Calls `f` with every vector `c` with `0 <= c[i] <= groups[i].1`.
fn for_each_count_vector<N>(groups: &[(N, usize)], mut f: impl FnMut(&[usize])) {
    let mut counts: SmallVec<[usize; 8]> = smallvec::smallvec![0; groups.len()];
    loop {
        f(&counts);
        let mut i = 0;
        loop {
            if i == groups.len() {
                return;
            }
            if counts[i] < groups[i].1 {
                counts[i] += 1;
                break;
            }
            counts[i] = 0;
            i += 1;
        }
    }
}

fn expand<N: Clone>(groups: &[(N, usize)], counts: &[usize]) -> Cards<N> {
    groups.iter().zip(counts).flat_map(|((v, _), &c)| std::iter::repeat_n(v.clone(), c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::ids::key;
    use crate::values::tests::ints;

    #[test]
    fn splits_each_unordered_pair_once() {
        let shown: Vec<String> = splits(&ints(&[1, 1, 2])).map(|(a, b)| format!("{a:?}|{b:?}")).collect();
        assert_eq!(shown, ["[1]|[1, 2]", "[2]|[1, 1]"]);
        let shown: Vec<String> = splits(&ints(&[1, 1, 2, 3])).map(|(a, b)| format!("{a:?}|{b:?}")).collect();
        assert_eq!(shown, ["[1, 3]|[1, 2]", "[2, 3]|[1, 1]", "[1]|[1, 2, 3]", "[2]|[1, 1, 3]", "[3]|[1, 1, 2]"]);
        assert_eq!(splits(&ints(&[1, 2, 3, 4])).count(), 7);
        assert_eq!(splits(&ints(&[5, 5, 5, 5])).count(), 2);
        assert_eq!(splits(&ints(&[1, 2, 3, 4, 5, 6])).count(), 31);
        assert_eq!(sub_multisets(&ints(&[1, 1, 2])).len(), 5);
    }

    #[test]
    fn key_splits_are_the_keys_of_the_splits() {
        let hands: [&[u8]; 9] = [
            &[0, 0, 1],
            &[0, 0, 1, 2],
            &[3, 3, 3, 3],
            &[0, 1, 1, 2, 4, 4, 7],
            &[0, 1],
            &[0, 1, 2, 3],
            &[0, 2, 3, 5, 7],
            &[0, 1, 2, 3, 4, 5],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        ];
        for ids in hands {
            let keyed: Vec<(Key, Key)> = splits(ids).map(|(a, b)| (key(&a), key(&b))).collect();
            assert_eq!(key_splits(ids).collect::<Vec<_>>(), keyed, "{ids:?}");
        }
    }
}
