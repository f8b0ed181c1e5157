//! The splits of a sub-multiset of cards, in the order of
//! [`splits`], listed faster for distinct cards.

use crate::values::{Cards, maskable, split_masks, splits};

/// Calls `visit` with the two parts of every split of `ids` (sorted) into
/// two non-empty parts: the splits of [`splits`], in its order, listed by
/// position masks when the cards are distinct (the common case). Stops at
/// the first `None` and returns it.
pub(super) fn for_each_split(ids: &[u8], mut visit: impl FnMut(&[u8], &[u8]) -> Option<()>) -> Option<()> {
    if !maskable(ids) {
        for (smaller, larger) in splits(ids) {
            visit(&smaller, &larger)?;
        }
        return Some(());
    }
    for mask in split_masks(ids.len()) {
        let (mut small, mut large) = (Cards::new(), Cards::new());
        for (at, &id) in ids.iter().enumerate() {
            if mask >> at & 1 == 1 { small.push(id) } else { large.push(id) }
        }
        visit(&small, &large)?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_the_odometer_does() {
        let hands: [&[u8]; 7] =
            [&[0, 1], &[0, 1, 2], &[0, 1, 2, 3], &[0, 2, 3, 5, 7], &[0, 1, 2, 3, 4, 5], &[1, 1, 2], &[0, 0, 1, 1]];
        for ids in hands {
            let mut ours = Vec::new();
            for_each_split(ids, |a, b| {
                ours.push((a.to_vec(), b.to_vec()));
                Some(())
            });
            let theirs: Vec<_> = splits(ids).map(|(a, b)| (a.to_vec(), b.to_vec())).collect();
            assert_eq!(ours, theirs, "{ids:?}");
        }
    }
}
