//! The splits of a sub-multiset of cards, in the order of
//! [`splits`](crate::values::splits), listed faster for distinct cards.

use crate::values::{Cards, splits};

/// Cards past this many are split by the general odometer.
const MASKED_UP_TO: usize = 16;

/// Calls `visit` with the two parts of every split of `ids` (sorted) into
/// two non-empty parts, each unordered pair once, the smaller part first,
/// the most balanced splits first: the splits of [`splits`], in its order.
/// Distinct cards (the common case) are split by position masks of each
/// size in increasing order, which is the order the general odometer over
/// groups of equal cards takes for them, without visiting the masks of
/// every other size. Stops at the first `None` and returns it.
pub(super) fn for_each_split(ids: &[u8], mut visit: impl FnMut(&[u8], &[u8]) -> Option<()>) -> Option<()> {
    let n = ids.len();
    if n > MASKED_UP_TO || !ids.is_sorted_by(|a, b| a < b) {
        for (smaller, larger) in splits(ids) {
            visit(&smaller, &larger)?;
        }
        return Some(());
    }
    for smaller in (1..=n / 2).rev() {
        // Gosper's hack: the next larger mask with as many bits.
        let mut mask: u32 = (1 << smaller) - 1;
        while mask < 1 << n {
            // Two halves of one size: each unordered pair once, the one
            // whose smaller part leaves out the first card.
            if 2 * smaller != n || mask & 1 == 0 {
                let (mut small, mut large) = (Cards::new(), Cards::new());
                for (at, &id) in ids.iter().enumerate() {
                    if mask >> at & 1 == 1 { small.push(id) } else { large.push(id) }
                }
                visit(&small, &large)?;
            }
            let low = mask & mask.wrapping_neg();
            let carried = mask + low;
            mask = (((carried ^ mask) >> 2) / low) | carried;
        }
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
