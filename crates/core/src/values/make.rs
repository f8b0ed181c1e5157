//! The one place a part's values are made from the values of its splits,
//! for both memos: the value sets, which decide and reach, and the
//! enumerator, which lists.
//!
//! A part of two or more cards makes every `a op b` of a value `a` of one
//! side of a split and a value `b` of the other, over all its splits:
//! every result is made here, checked against a memory budget before any
//! is, sorted and freed of repeats, and, when the caller asks, recorded
//! with the way it was made. Under a whole-number domain the parts'
//! values are combined as plain `i64` when they all fit: no denominators,
//! no gcd, a division with a remainder skipped by one `%`.

use std::borrow::Cow;

use crate::combine::combine;
use crate::number::{Number, Rational};
use crate::rules::{Domain, OpSet};
use crate::sorted::{self, Marked};

use super::KeyOrder;
use super::ways::{self, Operand, Way, Ways};

/// One side of a split as the maker reads it.
#[derive(Clone, Copy)]
pub(crate) struct Part<'a, N> {
    /// Its place in the caller's memo, which ways name.
    pub(crate) id: usize,
    /// Its values, sorted and distinct.
    pub(crate) values: &'a [N],
    /// The same as plain integers, when the caller keeps them.
    pub(crate) whole: Option<&'a [i64]>,
}

/// What the caller keeps of a part beside its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keep {
    /// How each value is made (not for values made as plain integers).
    pub(crate) ways: bool,
    /// The values as plain integers, under a whole-number domain.
    pub(crate) whole: bool,
}

/// A part's values, made.
pub(crate) struct PartValues<N> {
    /// Sorted and distinct.
    pub(crate) values: Vec<N>,
    /// The same as plain integers, if kept.
    pub(crate) whole: Option<Vec<i64>>,
    /// The bit set the plain integers were sorted in, when it holds them all.
    pub(crate) marked: Option<Marked>,
    /// How each value is made, if kept.
    pub(crate) ways: Option<Ways>,
}

/// Why a part's values were not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unmade {
    /// A result overflowed the number type: the caller asks again in big rationals.
    Overflow,
    /// The results would take more than the budget before their repeats
    /// are dropped: nothing was made.
    TooLarge,
}

/// The values of a part whose splits are `splits`, each one unordered pair
/// of sides (a side paired with itself makes each `a op b` once, since the
/// pair `(b, a)` makes `b op a`). At most `most_bytes` of results are made.
pub(crate) fn make<N: Number>(
    ops: OpSet,
    domain: Domain,
    splits: &[(Part<'_, N>, Part<'_, N>)],
    keep: Keep,
    most_bytes: usize,
) -> Result<PartValues<N>, Unmade> {
    // What the sides could make, known before a value is made: past the
    // budget the part is refused rather than allocated, and below it the
    // room is taken up front instead of growing the list step by step.
    let room = splits
        .iter()
        .map(|(left, right)| left.values.len().saturating_mul(right.values.len()))
        .fold(0usize, usize::saturating_add)
        .saturating_mul(ops.results_per_pair());
    let bytes_each = if keep.ways { std::mem::size_of::<(N, Way)>() } else { std::mem::size_of::<N>() };
    if room.saturating_mul(bytes_each) > most_bytes {
        return Err(Unmade::TooLarge);
    }
    if domain.whole_numbers_only()
        && let Some(made) = make_whole(ops, domain, splits, keep, room)
    {
        return Ok(made);
    }
    let (values, ways) =
        if keep.ways { with_ways(ops, domain, splits, room)? } else { (plain(ops, domain, splits, room)?, None) };
    let whole = if keep.whole && domain.whole_numbers_only() { values.iter().map(N::to_i64).collect() } else { None };
    Ok(PartValues { values, whole, marked: None, ways })
}

/// Every result, sorted and distinct.
fn plain<N: Number>(
    ops: OpSet,
    domain: Domain,
    splits: &[(Part<'_, N>, Part<'_, N>)],
    room: usize,
) -> Result<Vec<N>, Unmade> {
    let mut made = Vec::with_capacity(room);
    for (left, right) in splits {
        combine_sides(domain, ops, left.values, right.values, left.id == right.id, &mut made)
            .ok_or(Unmade::Overflow)?;
    }
    Ok(sorted_without_repeats(made))
}

/// Every result, sorted and distinct, with the ways each is made.
fn with_ways<N: Number>(
    ops: OpSet,
    domain: Domain,
    splits: &[(Part<'_, N>, Part<'_, N>)],
    room: usize,
) -> Result<(Vec<N>, Option<Ways>), Unmade> {
    let mut made = Vec::with_capacity(room);
    for (left, right) in splits {
        let same = left.id == right.id;
        for (i, a) in left.values.iter().enumerate() {
            for (j, b) in right.values.iter().enumerate() {
                combine(ops, domain, a, b, !same, |op, order, v| {
                    // Equal halves make `a+b` again as `b+a`: one of them.
                    if !(same && op.is_commutative() && i > j) {
                        let (left, right) = order.arrange(Operand::new(left.id, i), Operand::new(right.id, j));
                        made.push((v, Way { op, left, right }));
                    }
                })
                .map_err(|_| Unmade::Overflow)?;
            }
        }
    }
    let (values, ways) = ways::sorted(made);
    Ok((values, Some(ways)))
}

/// [`make`] in plain integers, when every side's values fit in `i64`
/// (sides that do not keep them as integers are converted, a pass over
/// each against the product of the two); `None` otherwise, and when a
/// result does not fit (the caller's number type then knows what to do
/// with it).
fn make_whole<N: Number>(
    ops: OpSet,
    domain: Domain,
    splits: &[(Part<'_, N>, Part<'_, N>)],
    keep: Keep,
    room: usize,
) -> Option<PartValues<N>> {
    let mut made = Vec::with_capacity(room);
    for (left, right) in splits {
        let same = left.id == right.id;
        let a = integers(left)?;
        let b = if same { Cow::Borrowed(&*a) } else { integers(right)? };
        combine_integers(ops, domain == Domain::PositiveInteger, &a, &b, same, &mut made)?;
    }
    let (made, marked) = sorted::whole_numbers_marked(made);
    let values = made.iter().map(|&v| N::from_rational(Rational::from_integer(v))).collect();
    Some(PartValues { values, whole: keep.whole.then_some(made), marked, ways: None })
}

/// The values of `part` as plain integers, if they all fit.
fn integers<'a, N: Number>(part: &Part<'a, N>) -> Option<Cow<'a, [i64]>> {
    match part.whole {
        Some(whole) => Some(Cow::Borrowed(whole)),
        None => part.values.iter().map(N::to_i64).collect::<Option<Vec<i64>>>().map(Cow::Owned),
    }
}

/// Every allowed `a op b` and `b op a` of `a` in `left` and `b` in `right`,
/// pushed onto `out`: the same values, in any order, as combining them as
/// fractions, with only the positive ones when `positive_only`. When `same`
/// (both sides are one part) only `a op b` is made: `b op a` comes from the
/// pair the other way round. `None` if a result does not fit in `i64`.
fn combine_integers(
    ops: OpSet,
    positive_only: bool,
    left: &[i64],
    right: &[i64],
    same: bool,
    out: &mut Vec<i64>,
) -> Option<()> {
    // Each domain a constant of its own loop, so that the kernel's domain
    // check folds to one comparison.
    if positive_only {
        combine_sides(Domain::PositiveInteger, ops, left, right, same, out)
    } else {
        combine_sides(Domain::Integer, ops, left, right, same, out)
    }
}

/// Every allowed `a op b` of `a` in `left` and `b` in `right`, and `b op
/// a` unless `same` (both sides are one part, whose pair the other way
/// round makes it), pushed onto `out`; `None` on overflow.
#[inline(always)]
fn combine_sides<T: crate::combine::Arithmetic>(
    domain: Domain,
    ops: OpSet,
    left: &[T],
    right: &[T],
    same: bool,
    out: &mut Vec<T>,
) -> Option<()> {
    for a in left {
        for b in right {
            combine(ops, domain, a, b, !same, |_, _, v| out.push(v)).ok()?;
        }
    }
    Some(())
}

/// `values` sorted, each once. Whole numbers (every value of a whole-number
/// domain) go through the shared [`sorted::whole_numbers`]. Other small
/// values sort by their order keys.
pub(crate) fn sorted_without_repeats<N: Number>(mut values: Vec<N>) -> Vec<N> {
    if let Some(whole) = values.iter().map(N::to_i64).collect::<Option<Vec<i64>>>() {
        return sorted::whole_numbers(whole).into_iter().map(|v| N::from_rational(Rational::from_integer(v))).collect();
    }
    if let Some(order) = KeyOrder::of(values.iter()) {
        let mut sorted = Vec::with_capacity(order.distinct());
        sorted.extend(order.first_of_each().map(|at| values[at].clone()));
        return sorted;
    }
    values.sort_unstable();
    values.dedup();
    values
}

#[cfg(test)]
mod tests {
    use super::*;

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
        sorted::whole_numbers(out)
    }

    #[test]
    fn integers_make_what_fractions_make() {
        let sets: [&[i64]; 4] = [&[0, 1, 2], &[-6, -1, 3, 4, 12], &[7], &[-3, 0, 5, 10]];
        for left in sets {
            for right in sets {
                for positive_only in [false, true] {
                    let mut out = Vec::new();
                    combine_integers(OpSet::ALL, positive_only, left, right, false, &mut out).unwrap();
                    assert_eq!(sorted::whole_numbers(out), as_fractions(left, right, false, positive_only));
                }
            }
            let mut out = Vec::new();
            combine_integers(OpSet::ALL, true, left, left, true, &mut out).unwrap();
            assert_eq!(sorted::whole_numbers(out), as_fractions(left, left, true, true));
        }
    }

    #[test]
    fn integer_overflow_is_reported() {
        let mut out = Vec::new();
        assert_eq!(combine_integers(OpSet::ALL, true, &[i64::MAX], &[2], false, &mut out), None);
        assert_eq!(combine_integers(OpSet::ALL, false, &[i64::MIN], &[-1], true, &mut out), None);
    }

    fn ints(v: &[i64]) -> Vec<Rational> {
        v.iter().map(|&n| Rational::from_integer(n)).collect()
    }

    /// Every way of keeping what is made gives the same values: as
    /// rationals, as integers, with and without ways.
    #[test]
    fn what_is_kept_does_not_change_the_values() {
        let (a, b) = (ints(&[1, 2, 3]), ints(&[2, 5]));
        let (wa, wb): (&'static [i64], &'static [i64]) = (&[1, 2, 3], &[2, 5]);
        for domain in [Domain::Rational, Domain::Integer, Domain::PositiveInteger] {
            let mut seen = Vec::new();
            for with_integers in [false, true] {
                let whole = |w: &'static [i64]| with_integers.then_some(w);
                let splits = [
                    (
                        Part { id: 0, values: &a[..], whole: whole(wa) },
                        Part { id: 1, values: &b[..], whole: whole(wb) },
                    ),
                    (
                        Part { id: 0, values: &a[..], whole: whole(wa) },
                        Part { id: 0, values: &a[..], whole: whole(wa) },
                    ),
                ];
                for ways in [false, true] {
                    let made = make(OpSet::ALL, domain, &splits, Keep { ways, whole: true }, usize::MAX).unwrap();
                    assert_eq!(made.ways.is_some(), ways && !domain.whole_numbers_only());
                    assert_eq!(made.whole.is_some(), domain.whole_numbers_only());
                    seen.push(made.values);
                }
            }
            assert!(seen.windows(2).all(|pair| pair[0] == pair[1]), "{domain:?}: {seen:?}");
        }
    }

    #[test]
    fn overflow_and_the_budget_are_told_apart() {
        let huge = [Rational::from_integer(i64::MAX)];
        let part = Part { id: 0, values: &huge[..], whole: None };
        let keep = Keep { ways: false, whole: false };
        let overflow = make(OpSet::ALL, Domain::Rational, &[(part, part)], keep, usize::MAX);
        assert_eq!(overflow.err(), Some(Unmade::Overflow));
        let tight = make(OpSet::ALL, Domain::Rational, &[(part, part)], keep, 8);
        assert_eq!(tight.err(), Some(Unmade::TooLarge));
    }
}
