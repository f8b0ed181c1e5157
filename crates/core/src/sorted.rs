//! The one place the values a step makes are sorted and their repeats
//! dropped, for both engines (the value sets and the enumerator).
//!
//! Combining two sets of values makes many repeats, and under whole-number
//! rules the values crowd near the smallest of them. Marking a value in a
//! bit set drops its repeats for one OR and reads back in order, so the
//! values near the smallest are marked and only the rest are sorted.

/// `values` ascending, each once.
///
/// The bit set starts at the smallest value. When the values span at most
/// four words of bits each, it holds them all and nothing is sorted;
/// otherwise it spans an eighth of a word per value (as much memory as
/// the list, over sixty-four) and the values beyond it are sorted, which
/// in measurements beats sorting them all by a sixth on a Countdown
/// census and loses nothing where the values spread evenly.
pub(crate) fn whole_numbers(values: Vec<i64>) -> Vec<i64> {
    whole_numbers_marked(values).0
}

/// The bit set [`whole_numbers_marked`] read the values from, when it held
/// them all: bit `i` for the value `min + i`.
pub(crate) struct Marked {
    pub(crate) min: i64,
    pub(crate) bits: Box<[u64]>,
}

/// [`whole_numbers`], with the bit set it marked them in when that holds
/// every value: an index of them, at no further cost.
pub(crate) fn whole_numbers_marked(values: Vec<i64>) -> (Vec<i64>, Option<Marked>) {
    let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
        return (values, None);
    };
    let span_words = max.abs_diff(min) / 64 + 1;
    let len = values.len() as u64;
    let words = if span_words <= 4 * len { span_words } else { len / 8 + 1 };
    let mut bits = vec![0_u64; usize::try_from(words).expect("no more words than values")];
    let mut beyond = Vec::new();
    for v in values {
        let at = v.abs_diff(min);
        match bits.get_mut((at / 64) as usize) {
            Some(word) => *word |= 1 << (at % 64),
            None => beyond.push(v),
        }
    }
    let mut sorted = Vec::with_capacity(beyond.len() + bits.len());
    for (word_at, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let at = word_at as u64 * 64 + u64::from(word.trailing_zeros());
            // `min + at` is at most `max`: it fits.
            sorted.push(min.wrapping_add_unsigned(at));
            word &= word - 1;
        }
    }
    if beyond.is_empty() {
        return (sorted, Some(Marked { min, bits: bits.into_boxed_slice() }));
    }
    beyond.sort_unstable();
    beyond.dedup();
    sorted.extend(beyond);
    (sorted, None)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn narrow_spread_and_extreme_values() {
        assert_eq!(whole_numbers(vec![]), Vec::<i64>::new());
        assert_eq!(whole_numbers(vec![5, -1, 5, 0, -1]), [-1, 0, 5]);
        assert_eq!(whole_numbers(vec![3, 1_000_000, 2, 3, 64, 999_999]), [2, 3, 64, 999_999, 1_000_000]);
        assert_eq!(whole_numbers(vec![i64::MAX, i64::MIN, 0, i64::MAX]), [i64::MIN, 0, i64::MAX]);
    }

    /// The bits handed back mark exactly the values, from the smallest.
    #[test]
    fn marked_bits_are_the_values() {
        let (sorted, marked) = whole_numbers_marked(vec![70, 3, 64, 3, -1, 0]);
        let marked = marked.expect("a narrow span is marked whole");
        let read: Vec<i64> = (0..marked.bits.len() as i64 * 64)
            .filter(|&i| marked.bits[(i / 64) as usize] & (1 << (i % 64)) != 0)
            .map(|i| marked.min + i)
            .collect();
        assert_eq!((sorted.clone(), read), (vec![-1, 0, 3, 64, 70], sorted));
        assert!(whole_numbers_marked(vec![0, 1 << 40, 5]).1.is_none(), "a wide span is partly sorted");
    }

    proptest! {
        /// Whatever the spread, the same as sorting and dropping repeats.
        #[test]
        fn agrees_with_sorting(
            near in prop::collection::vec(-300_i64..300, 0..200),
            far in prop::collection::vec(any::<i64>(), 0..20),
        ) {
            let values: Vec<i64> = near.into_iter().chain(far).collect();
            let mut expected = values.clone();
            expected.sort_unstable();
            expected.dedup();
            prop_assert_eq!(whole_numbers(values), expected);
        }
    }
}
