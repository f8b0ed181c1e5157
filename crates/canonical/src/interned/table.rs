//! The hash-consing table: each shape is stored once and found again by
//! its hash, so that two equal forms get one id and comparing forms is
//! comparing ids. The hash is its own, a few multiplications over the
//! shape's words, as every form met is hashed and a general hasher over
//! the same words costs more.

use super::facts::{Facts, StoredFacts};
use super::normalize::StackSide;
use super::shapes::Shape;
use super::{FormId, FormStore};

impl FormStore {
    pub(super) fn intern(&mut self, shape: Shape<'_>) -> FormId {
        let hash = hash_of(shape);
        if let Some(id) = self.find(hash, |stored| stored == shape) {
            return id;
        }
        let facts = self.facts_of(shape);
        self.store(hash, shape, facts)
    }

    /// [`FormStore::intern`] for the sum (or product) of `a` and `b`, `b`
    /// subtracted (divided by) if `b_inverted`, with its sides in order:
    /// compared and hashed as two ids, with no shape built unless new.
    /// Inlined at each call, where the kind and the sides are known.
    #[inline(always)]
    pub(super) fn intern_two(&mut self, sum: bool, a: FormId, b: FormId, b_inverted: bool) -> FormId {
        let (kept, inverted): (&[FormId], &[FormId]) = if b_inverted { (&[a], &[b]) } else { (&[a, b], &[]) };
        // Each case hashed apart, its lengths known.
        let hash = if b_inverted { hash_of_parts(sum, &[a], &[b]) } else { hash_of_parts(sum, &[a, b], &[]) };
        let same = |stored: Shape<'_>| match stored {
            Shape::Sum(k, i) if sum => k == kept && i == inverted,
            Shape::Prod(k, i) if !sum => k == kept && i == inverted,
            _ => false,
        };
        if let Some(id) = self.find(hash, same) {
            return id;
        }
        let facts = self.facts_of_two(sum, a, b, b_inverted);
        debug_assert_eq!(facts, self.facts_of_parts(sum, kept, inverted));
        self.store(hash, if sum { Shape::Sum(kept, inverted) } else { Shape::Prod(kept, inverted) }, facts)
    }

    /// [`FormStore::intern`] for the sum (or product) of the sorted sides
    /// `kept` and `inverted`: no shape is built unless new. Inlined, as
    /// the kind is known at each call.
    #[inline(always)]
    pub(super) fn intern_sides(&mut self, sum: bool, kept: &StackSide, inverted: &StackSide) -> FormId {
        let (k, i) = (kept.as_slice(), inverted.as_slice());
        let hash = hash_of_parts(sum, k, i);
        let same = |stored: Shape<'_>| match stored {
            Shape::Sum(sk, si) if sum => sk == k && si == i,
            Shape::Prod(sk, si) if !sum => sk == k && si == i,
            _ => false,
        };
        if let Some(id) = self.find(hash, same) {
            return id;
        }
        let facts = self.facts_of_sides(sum, k, i);
        self.store(hash, if sum { Shape::Sum(k, i) } else { Shape::Prod(k, i) }, facts)
    }

    /// The id of the stored shape of hash `hash` that is `same`, if any.
    #[inline]
    fn find(&self, hash: u64, same: impl Fn(Shape<'_>) -> bool) -> Option<FormId> {
        let shapes = &self.shapes;
        let tag = high_half(hash);
        self.ids.find(hash, |&(h, id)| h == tag && same(shapes.get(id))).map(|&(_, id)| id)
    }

    /// Stores `shape`, not stored yet, of hash `hash` and with `facts`:
    /// inlined, as most forms met are new.
    #[inline(always)]
    fn store(&mut self, hash: u64, shape: Shape<'_>, facts: Facts) -> FormId {
        let id = FormId::from_index(self.shapes.len());
        self.facts.push(StoredFacts::of(facts));
        self.shapes.push(shape);
        let shapes = &self.shapes;
        self.ids.insert_unique(hash, (high_half(hash), id), |&(_, id)| hash_of(shapes.get(id)));
        id
    }
}

/// A hash of a shape: a few words folded by multiplication, cheaper than
/// a general hasher over the shape's fields; the final wide product
/// spreads every word into the low bits (the bucket) and the high bits
/// (the tag) the table reads.
fn hash_of(shape: Shape<'_>) -> u64 {
    match shape {
        // Two's complement bits: the cast keeps every value apart. Cards
        // beyond 64-bit parts, rare, share one hash.
        Shape::Leaf(card) => {
            let (num, den) = card.parts().unwrap_or((0, 0));
            spread(mix(mix(0, num as u64), den as u64))
        }
        Shape::Sum(kept, inverted) => hash_of_parts(true, kept, inverted),
        Shape::Prod(kept, inverted) => hash_of_parts(false, kept, inverted),
    }
}

/// The half of a hash kept beside its id: the table finds a bucket by the
/// low bits, and a mismatch is told by the high ones.
fn high_half(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// [`hash_of`] a sum (or product) of the sides `kept` and `inverted`.
#[inline]
fn hash_of_parts(sum: bool, kept: &[FormId], inverted: &[FormId]) -> u64 {
    let ids = |h: u64, ids: &[FormId]| ids.iter().fold(h, |h, id| mix(h, u64::from(id.0)));
    let kind = if sum { 1 } else { 2 };
    let lengths = (kept.len() as u64) << 32 | inverted.len() as u64;
    spread(ids(ids(mix(kind, lengths), kept), inverted))
}

const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

/// One word folded into a hash.
#[inline]
fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(MULTIPLIER)
}

/// The final wide product of [`hash_of`].
#[inline]
fn spread(h: u64) -> u64 {
    let wide = u128::from(h) * u128::from(MULTIPLIER);
    (wide as u64) ^ (wide >> 64) as u64
}
