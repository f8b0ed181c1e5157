//! Value sets of whole-number domains, made in plain integers.
//!
//! Under whole-number rules (Countdown) every value is a whole number, so
//! the sets of small parts can be combined, sorted and deduplicated as
//! `i64` instead of as fractions: no denominators to check, no gcd, and
//! divisions with a remainder are skipped by one `%`.

use crate::combine;
use crate::rules::{Domain, OpSet};

/// Every allowed `a op b` and `b op a` of `a` in `left` and `b` in `right`,
/// pushed onto `out`: the same values, in any order, as combining them as
/// fractions, with only the positive ones when `positive_only`. When `same`
/// (both parts are one set) only `a op b` is made: `b op a` comes from the
/// pair the other way round. `None` if a result does not fit in `i64`;
/// the caller then combines them as its own number type, which knows
/// what to do with overflow.
pub(super) fn combine(
    ops: OpSet,
    positive_only: bool,
    left: &[i64],
    right: &[i64],
    same: bool,
    out: &mut Vec<i64>,
) -> Option<()> {
    out.reserve(left.len() * right.len() * if same { 4 } else { 6 });
    // Each domain a constant of its own loop, so that the kernel's domain
    // check folds to one comparison.
    if positive_only {
        combine_in(Domain::PositiveInteger, ops, left, right, same, out)
    } else {
        combine_in(Domain::Integer, ops, left, right, same, out)
    }
}

#[inline(always)]
fn combine_in(domain: Domain, ops: OpSet, left: &[i64], right: &[i64], same: bool, out: &mut Vec<i64>) -> Option<()> {
    for a in left {
        for b in right {
            combine::combine(ops, domain, a, b, !same, |_, _, v| out.push(v)).ok()?;
        }
    }
    Some(())
}

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
    use crate::number::{Number, Rational};

    /// The values combining as fractions keeps, for whole-number domains.
    fn as_fractions(left: &[i64], right: &[i64], same: bool, positive_only: bool) -> Vec<i64> {
        let mut out = Vec::new();
        for &a in left {
            for &b in right {
                let (x, y) = (Rational::from_integer(a), Rational::from_integer(b));
                let mut made = vec![x.add(&y), x.mul(&y), x.sub(&y), (b != 0).then(|| x.div(&y)).flatten()];
                if !same {
                    made.extend([y.sub(&x), (a != 0).then(|| y.div(&x)).flatten()]);
                }
                out.extend(made.into_iter().flatten().filter_map(|v| v.to_i64()));
            }
        }
        out.retain(|&v| !positive_only || v > 0);
        crate::sorted::whole_numbers(out)
    }

    #[test]
    fn makes_what_fractions_make() {
        let sets: [&[i64]; 4] = [&[0, 1, 2], &[-6, -1, 3, 4, 12], &[7], &[-3, 0, 5, 10]];
        for left in sets {
            for right in sets {
                for positive_only in [false, true] {
                    let mut out = Vec::new();
                    combine(OpSet::ALL, positive_only, left, right, false, &mut out).unwrap();
                    assert_eq!(crate::sorted::whole_numbers(out), as_fractions(left, right, false, positive_only));
                }
            }
            let mut out = Vec::new();
            combine(OpSet::ALL, true, left, left, true, &mut out).unwrap();
            assert_eq!(crate::sorted::whole_numbers(out), as_fractions(left, left, true, true));
        }
    }

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

    #[test]
    fn overflow_is_reported() {
        let mut out = Vec::new();
        assert_eq!(combine(OpSet::ALL, true, &[i64::MAX], &[2], false, &mut out), None);
        assert_eq!(combine(OpSet::ALL, false, &[i64::MIN], &[-1], true, &mut out), None);
    }
}
