//! The splits of a sub-multiset of cards, in the order of
//! [`splits`], listed faster for distinct cards and, for equal cards, by
//! the masks of their pattern worked out once.

use std::iter::repeat_n;

use hashbrown::HashMap;
use smallvec::SmallVec;

use crate::values::{MASKED_UP_TO, group, maskable, split_masks, splits};

/// The sizes of the groups of equal cards of sorted card ids, in order:
/// `1 1 2 3` and `4 4 5 9` are both `2 1 1`, and split alike.
type Pattern = SmallVec<[u8; 8]>;

/// Position masks of the smaller parts of splits.
pub(super) type Masks = SmallVec<[u32; 16]>;

/// The splits of sub-multisets with equal cards by their [`Pattern`], so
/// that the odometer over groups of equal cards runs once per pattern
/// instead of once per sub-multiset.
#[derive(Debug, Default)]
pub(super) struct RepeatedSplits {
    /// Keyed by the pattern as one word, cheaper to make and hash than
    /// the list of sizes: the number of cards, and which cards equal the
    /// one before them.
    by_pattern: HashMap<u32, Box<[u32]>>,
}

impl RepeatedSplits {
    /// The masks of the splits of `ids` (sorted), in the order of
    /// [`splits`], if they have equal cards and are few enough for masks.
    pub(super) fn masks(&mut self, ids: &[u8]) -> Option<Masks> {
        if maskable(ids) || ids.len() > MASKED_UP_TO {
            return None;
        }
        // Which cards equal the one before them: that is the pattern, in
        // one word (at most 16 cards).
        let equal_to_previous =
            ids.windows(2).enumerate().fold(0u32, |bits, (at, w)| bits | u32::from(w[0] == w[1]) << at);
        let code = (ids.len() as u32) << 16 | equal_to_previous;
        let masks = self.by_pattern.entry(code).or_insert_with(|| {
            // At most 16 cards, so every size fits a byte.
            let pattern: Pattern = group(ids).iter().map(|&(_, size)| size as u8).collect();
            masks_of(&pattern)
        });
        Some(masks.iter().copied().collect())
    }
}

/// The masks of the splits of any cards with groups of `pattern` sizes:
/// a part with `c` cards of a group takes that group's first `c` places.
fn masks_of(pattern: &[u8]) -> Box<[u32]> {
    let ids: Vec<u8> = (0u8..).zip(pattern).flat_map(|(group, &size)| repeat_n(group, usize::from(size))).collect();
    let starts: Vec<usize> = pattern
        .iter()
        .scan(0, |start, &size| {
            let at = *start;
            *start += usize::from(size);
            Some(at)
        })
        .collect();
    splits(&ids)
        .map(|(smaller, _)| {
            let mut mask = 0;
            for (group, &start) in starts.iter().enumerate() {
                let taken = smaller.iter().filter(|&&id| usize::from(id) == group).count();
                mask |= ((1 << taken) - 1) << start;
            }
            mask
        })
        .collect()
}

/// Calls `visit` with the two parts of every split of `ids` (sorted) into
/// two non-empty parts: the splits of [`splits`], in its order, listed by
/// position masks when the cards are distinct (the common case) or when
/// `repeated` gives the masks of their pattern. Stops at the first `None`
/// and returns it.
pub(super) fn for_each_split(
    ids: &[u8],
    repeated: Option<Masks>,
    mut visit: impl FnMut(&[u8], &[u8]) -> Option<()>,
) -> Option<()> {
    // Parts in arrays rather than growable lists: every new sub-multiset
    // and every hand of more than four cards lists its splits.
    let by_mask = |mask: u32| {
        let (mut small, mut large) = ([0; MASKED_UP_TO], [0; MASKED_UP_TO]);
        let (mut in_small, mut in_large) = (0, 0);
        for (at, &id) in ids.iter().enumerate() {
            if mask >> at & 1 == 1 {
                small[in_small] = id;
                in_small += 1;
            } else {
                large[in_large] = id;
                in_large += 1;
            }
        }
        visit(&small[..in_small], &large[..in_large])
    };
    if let Some(masks) = repeated {
        return masks.into_iter().try_for_each(by_mask);
    }
    if maskable(ids) {
        return split_masks(ids.len()).try_for_each(by_mask);
    }
    for (smaller, larger) in splits(ids) {
        visit(&smaller, &larger)?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal cards are split by the masks of their pattern, worked out
    /// once and shared by every sub-multiset of that pattern.
    #[test]
    fn splits_as_the_odometer_does() {
        let hands: [&[u8]; 12] = [
            &[0, 1],
            &[0, 1, 2],
            &[0, 1, 2, 3],
            &[0, 2, 3, 5, 7],
            &[0, 1, 2, 3, 4, 5],
            &[1, 1, 2],
            &[4, 4, 9],
            &[0, 0, 1, 1],
            &[3, 5, 5, 5],
            &[2, 7, 7, 9],
            &[6, 8, 8, 11],
            &[0, 0, 0, 1, 1, 2, 3, 3],
        ];
        let mut repeated = RepeatedSplits::default();
        for ids in hands {
            let mut ours = Vec::new();
            for_each_split(ids, repeated.masks(ids), |a, b| {
                ours.push((a.to_vec(), b.to_vec()));
                Some(())
            });
            let theirs: Vec<_> = splits(ids).map(|(a, b)| (a.to_vec(), b.to_vec())).collect();
            assert_eq!(ours, theirs, "{ids:?}");
        }
        assert_eq!(repeated.by_pattern.len(), 5, "patterns 2 1, 2 2, 1 3, 1 2 1 and 3 2 1 2");
    }
}
