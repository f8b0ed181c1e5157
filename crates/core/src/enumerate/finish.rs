//! Finishing the target at a hand's top split without arithmetic per hand.
//!
//! A value `a` of one part finishes a non-zero target `t` only with the few
//! `b` that solve `a op b = t` or `b op a = t`: `t-a`, `a-t`, `t+a`, `t/a`,
//! `a/t`, `t*a`. A part is the walked side of the top split of many hands,
//! so these are worked out once per part and kept, sorted by `b`; a hand's
//! split is then a meeting of two sorted lists.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

use crate::number::Number;
use crate::rules::{Op, OpSet};

use super::whole::Dense;

/// One way a value of a part finishes the target with a value `b` of the
/// other part.
#[derive(Debug, Clone)]
pub(super) struct Finisher<N> {
    /// The other part's value.
    pub(super) partner: N,
    pub(super) op: Op,
    /// True for `a op b`, false for `b op a`.
    pub(super) a_first: bool,
    /// Where `a` is among this part's values.
    pub(super) at: u32,
}

/// The finishers of every value of `values` (sorted) for `target`, which
/// must not be zero, sorted by partner. A partner that overflows `N` is
/// left out: the other part's values all fit, so it is none of them.
pub(super) fn finishers<N: Number>(ops: OpSet, values: &[N], target: &N) -> Box<[Finisher<N>]> {
    debug_assert!(!target.is_zero());
    let t = target;
    let mut out = Vec::with_capacity(6 * values.len());
    for (at, a) in values.iter().enumerate() {
        let at = u32::try_from(at).expect("fewer than 2^32 values");
        let mut offer = |op: Op, a_first: bool, partner: Option<N>| {
            if let Some(partner) = partner.filter(|_| ops.contains(op)) {
                out.push(Finisher { partner, op, a_first, at });
            }
        };
        // With `a = 0` no product or quotient makes a non-zero target: those have no partner.
        for (op, a_first, partner) in Op::partners(a, t) {
            offer(op, a_first, partner);
        }
    }
    // Stable: ties keep the order of values and operators.
    out.sort_by(|x, y| x.partner.cmp(&y.partner));
    out.into_boxed_slice()
}

/// Calls `meet` with every finisher whose partner is among `values`
/// (sorted, distinct) and the partner's position there. Each element of the
/// shorter list is looked up in the longer one.
pub(super) fn meet<N: Number>(
    finishers: &[Finisher<N>],
    values: &[N],
    positions: &Positions,
    mut meet: impl FnMut(&Finisher<N>, usize),
) {
    if finishers.len() <= values.len() {
        for f in finishers {
            if let Some(at) = positions.of(values, &f.partner) {
                meet(f, at);
            }
        }
    } else {
        for (at, b) in values.iter().enumerate() {
            let start = finishers.partition_point(|f| f.partner < *b);
            for f in finishers[start..].iter().take_while(|f| f.partner == *b) {
                meet(f, at);
            }
        }
    }
}

/// Where `v` is among the sorted, distinct `values`. A few values are
/// scanned: that is faster than bisecting them, and most parts are small.
pub(super) fn position<N: Ord>(values: &[N], v: &N) -> Option<usize> {
    if values.len() <= 8 { values.iter().position(|x| x == v) } else { values.binary_search(v).ok() }
}

/// A hash index of a large value set: a three-card part has a hundred
/// values or more and is looked up by every hand that contains it, where
/// bisecting costs a mispredicted branch per step.
#[derive(Debug, Default)]
pub(super) struct Positions {
    /// Positions in the values, by the values' hashes; empty for a small
    /// set, or one with a dense index.
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
    /// For whole numbers in a narrow range, a faster index than hashing.
    dense: Option<Dense>,
}

/// Sets of at most this many values are scanned or bisected instead.
const INDEXED_FROM: usize = 24;

impl Positions {
    /// The index of whole values from their [`Dense`] index.
    pub(super) fn dense(dense: Dense) -> Positions {
        Positions { dense: Some(dense), ..Positions::default() }
    }

    /// The index of `values`, which are `whole` when that is given.
    pub(super) fn of_values<N: Number>(values: &[N], whole: Option<&[i64]>) -> Positions {
        let mut index = Positions { dense: whole.and_then(Dense::of), ..Positions::default() };
        if index.dense.is_none() && values.len() >= INDEXED_FROM {
            let hasher = &index.hasher;
            index.table.reserve(values.len(), |&at| hasher.hash_one(&values[at as usize]));
            for (at, v) in values.iter().enumerate() {
                let at = u32::try_from(at).expect("fewer than 2^32 values");
                index.table.insert_unique(hasher.hash_one(v), at, |&at| hasher.hash_one(&values[at as usize]));
            }
        }
        index
    }

    /// Where `v` is among `values`, the set this index was made for.
    pub(super) fn of<N: Number>(&self, values: &[N], v: &N) -> Option<usize> {
        // Most partners asked for are out of range (negative, or past the
        // largest value): two comparisons answer them without hashing.
        if values.first().is_none_or(|first| v < first) || values.last().is_none_or(|last| v > last) {
            return None;
        }
        if let Some(dense) = &self.dense {
            return dense.position(v.to_i64()?);
        }
        if values.len() < INDEXED_FROM {
            return position(values, v);
        }
        let found = self.table.find(self.hasher.hash_one(v), |&at| values[at as usize] == *v);
        found.map(|&at| at as usize)
    }
}
