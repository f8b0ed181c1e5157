//! An index of a part's values when they are whole numbers in a narrow
//! range: a look-up by value is a bit test and a population count.

/// Where each of a narrow range of whole numbers is among them: a bit per
/// number of the range and the count of values before each word, so that a
/// look-up is a bit test and a population count, with no hashing.
#[derive(Debug)]
pub(super) struct Dense {
    min: i64,
    bits: Box<[u64]>,
    before: Box<[u32]>,
}

impl Dense {
    /// The index of `values` (sorted, distinct), if they span at most four
    /// words of bits each: narrow enough that the bits cost less than a
    /// hash table would.
    pub(super) fn of(values: &[i64]) -> Option<Dense> {
        let (&min, &max) = (values.first()?, values.last()?);
        let words = usize::try_from(max.abs_diff(min) / 64 + 1).ok().filter(|&w| w <= 4 * values.len())?;
        let mut bits = vec![0_u64; words].into_boxed_slice();
        for &v in values {
            let at = v.abs_diff(min);
            bits[(at / 64) as usize] |= 1 << (at % 64);
        }
        Some(Dense::of_bits(min, bits))
    }

    /// The index of `count` values already marked in `marked` (by
    /// [`crate::sorted::whole_numbers_marked`]), on the terms of
    /// [`Dense::of`].
    pub(super) fn of_marked(marked: crate::sorted::Marked, count: usize) -> Option<Dense> {
        // The words up to the largest value's: the span `of` measures.
        let words = marked.bits.iter().rposition(|&word| word != 0).map_or(0, |last| last + 1);
        let mut bits = marked.bits.into_vec();
        bits.truncate(words);
        (words <= 4 * count).then(|| Dense::of_bits(marked.min, bits.into_boxed_slice()))
    }

    /// The index of the values marked in `bits`, bit `i` for `min + i`.
    fn of_bits(min: i64, bits: Box<[u64]>) -> Dense {
        let mut before = Vec::with_capacity(bits.len());
        let mut seen = 0;
        for word in &bits {
            before.push(seen);
            seen += word.count_ones();
        }
        Dense { min, bits, before: before.into_boxed_slice() }
    }

    /// Where `v` is among the values.
    pub(super) fn position(&self, v: i64) -> Option<usize> {
        let at = u64::try_from(v.checked_sub(self.min)?).ok()?;
        let word_at = usize::try_from(at / 64).ok()?;
        let word = *self.bits.get(word_at)?;
        let bit = 1_u64 << (at % 64);
        (word & bit != 0).then(|| (self.before[word_at] + (word & (bit - 1)).count_ones()) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_positions_are_positions() {
        let values = [-3, 0, 1, 63, 64, 65, 200];
        let dense = Dense::of(&values).unwrap();
        for v in -70..300 {
            assert_eq!(dense.position(v), values.iter().position(|&x| x == v), "{v}");
        }
        assert_eq!(dense.position(i64::MIN), None);
        assert_eq!(dense.position(i64::MAX), None);
        assert!(Dense::of(&[0, 1 << 40]).is_none());
        let (sorted, marked) = crate::sorted::whole_numbers_marked(vec![200, 65, -3, 1, 63, 0, 64, 1]);
        let marked = Dense::of_marked(marked.unwrap(), sorted.len()).unwrap();
        for v in -70..300 {
            assert_eq!(marked.position(v), dense.position(v), "{v}");
        }
    }
}
