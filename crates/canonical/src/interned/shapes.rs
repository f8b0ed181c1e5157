//! The shapes of stored forms, packed: a card's value, or a sum's or a
//! product's two sides of form ids.
//!
//! Listing the 1820 hands of four cards stores some 6,700 forms, nearly
//! all met once, so the store is written far more than it is read: each
//! shape takes 20 bytes, with no heap of its own, and dropping the store
//! reads none of them. (An enum of two small vectors took 56, and its
//! drop read every one back, cold, to see whether it had spilled.)

use reckon_core::Rational;

use crate::interned::FormId;

/// A stored form's shape, borrowed from the store. Equal exactly when the
/// forms are, since their parts are stored once each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape<'a> {
    Leaf(Rational),
    /// Added and subtracted terms, never sums.
    Sum(&'a [FormId], &'a [FormId]),
    /// Factors and divisors, never products.
    Prod(&'a [FormId], &'a [FormId]),
}

/// The parts a shape holds inline: all those of forms of four cards.
const INLINE: usize = 4;

/// One shape as stored. `parts` holds a sum's or product's kept parts,
/// then its inverted ones, when there are at most [`INLINE`]; else
/// `kept` is [`SPILLED`] and `parts` holds where they start among
/// [`Shapes::spilled`] and how many there are of each. A card's value
/// is at `parts[0]` among [`Shapes::cards`].
#[derive(Clone, Copy, Debug)]
struct PackedShape {
    kind: ShapeKind,
    kept: u8,
    inverted: u8,
    parts: [FormId; INLINE],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ShapeKind {
    Leaf,
    Sum,
    Prod,
}

/// The `kept` of a shape whose parts are spilled.
const SPILLED: u8 = u8::MAX;

/// Every stored shape, by id.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shapes {
    packed: Vec<PackedShape>,
    /// The values of cards, by the shapes' `parts[0]`: a dozen or so.
    cards: Vec<Rational>,
    /// The parts of shapes with more than [`INLINE`], one after another.
    spilled: Vec<FormId>,
}

impl Shapes {
    pub(crate) fn with_capacity(n: usize) -> Shapes {
        Shapes { packed: Vec::with_capacity(n), cards: Vec::new(), spilled: Vec::new() }
    }

    pub(crate) fn clear(&mut self) {
        self.packed.clear();
        self.cards.clear();
        self.spilled.clear();
    }

    pub(crate) fn len(&self) -> usize {
        self.packed.len()
    }

    /// The shape of `id`. Always inlined: combining forms reads the
    /// shapes of both parts, and a call costs more than the read.
    #[inline(always)]
    pub(crate) fn get(&self, id: FormId) -> Shape<'_> {
        let packed = &self.packed[id.index()];
        let sides = || match packed.kept {
            SPILLED => self.spilled_sides(packed),
            kept => {
                let (kept, rest) = packed.parts.split_at(usize::from(kept));
                (kept, &rest[..usize::from(packed.inverted)])
            }
        };
        match packed.kind {
            ShapeKind::Leaf => Shape::Leaf(self.cards[packed.parts[0].index()]),
            ShapeKind::Sum => {
                let (kept, inverted) = sides();
                Shape::Sum(kept, inverted)
            }
            ShapeKind::Prod => {
                let (kept, inverted) = sides();
                Shape::Prod(kept, inverted)
            }
        }
    }

    /// The sides of a shape whose parts are spilled; out of line, as
    /// only forms of more than four cards have them.
    #[inline(never)]
    fn spilled_sides(&self, packed: &PackedShape) -> (&[FormId], &[FormId]) {
        let [start, kept, inverted, _] = packed.parts.map(FormId::index);
        let kept_end = start + kept;
        (&self.spilled[start..kept_end], &self.spilled[kept_end..kept_end + inverted])
    }

    /// Is `id` a card? Without building its shape.
    #[inline(always)]
    pub(crate) fn is_leaf(&self, id: FormId) -> bool {
        self.packed[id.index()].kind == ShapeKind::Leaf
    }

    /// The number of parts of `id` if it is a sum (a product, if not
    /// `sum`); read without building its shape.
    #[inline(always)]
    pub(crate) fn parts_if(&self, id: FormId, sum: bool) -> Option<usize> {
        let packed = &self.packed[id.index()];
        let kind = if sum { ShapeKind::Sum } else { ShapeKind::Prod };
        (packed.kind == kind).then(|| match packed.kept {
            SPILLED => packed.parts[1].index() + packed.parts[2].index(),
            kept => usize::from(kept) + usize::from(packed.inverted),
        })
    }

    /// Stores `shape` as the next id. Always inlined: where a form is
    /// stored its kind and lengths are mostly known, and the copy of its
    /// parts comes down to a few moves.
    #[inline(always)]
    pub(crate) fn push(&mut self, shape: Shape<'_>) {
        let (kind, kept, inverted) = match shape {
            Shape::Leaf(card) => return self.push_leaf(card),
            Shape::Sum(kept, inverted) => (ShapeKind::Sum, kept, inverted),
            Shape::Prod(kept, inverted) => (ShapeKind::Prod, kept, inverted),
        };
        if kept.len() + inverted.len() > INLINE {
            return self.push_spilled(kind, kept, inverted);
        }
        let mut parts = [FormId::from_index(0); INLINE];
        // One by one: a copy of a slice of unknown length calls the library.
        for (slot, &part) in parts.iter_mut().zip(kept.iter().chain(inverted)) {
            *slot = part;
        }
        // Both at most `INLINE`: the casts keep them.
        self.packed.push(PackedShape { kind, kept: kept.len() as u8, inverted: inverted.len() as u8, parts });
    }

    #[inline(never)]
    fn push_leaf(&mut self, card: Rational) {
        let mut parts = [FormId::from_index(0); INLINE];
        parts[0] = FormId::from_index(self.cards.len());
        self.cards.push(card);
        self.packed.push(PackedShape { kind: ShapeKind::Leaf, kept: 0, inverted: 0, parts });
    }

    #[inline(never)]
    fn push_spilled(&mut self, kind: ShapeKind, kept: &[FormId], inverted: &[FormId]) {
        let start = self.spilled.len();
        self.spilled.extend_from_slice(kept);
        self.spilled.extend_from_slice(inverted);
        let [at, kept_count, inverted_count] = [start, kept.len(), inverted.len()].map(FormId::from_index);
        let parts = [at, kept_count, inverted_count, FormId::from_index(0)];
        self.packed.push(PackedShape { kind, kept: SPILLED, inverted: 0, parts });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(ids: &[usize]) -> Vec<FormId> {
        ids.iter().map(|&id| FormId::from_index(id)).collect()
    }

    /// Every shape comes back as it was stored, inline or spilled, on
    /// either side.
    #[test]
    fn shapes_come_back_as_stored() {
        let sides = [
            (vec![], vec![]),
            (vec![1], vec![]),
            (vec![1], vec![2]),
            (vec![1, 2, 3, 4], vec![]),
            (vec![3], vec![1, 2, 9]),
            (vec![1, 2, 3], vec![4, 5]),
            (vec![7; 9], vec![8; 3]),
            (vec![], vec![1, 2, 3, 4, 5]),
        ];
        let mut shapes = Shapes::default();
        let mut expected = Vec::new();
        for (n, (kept, inverted)) in sides.iter().enumerate() {
            let (kept, inverted) = (ids(kept), ids(inverted));
            let card = Rational::new(n as i64, 7).unwrap();
            for shape in [Shape::Leaf(card), Shape::Sum(&kept, &inverted), Shape::Prod(&kept, &inverted)] {
                shapes.push(shape);
            }
            expected.push((card, kept, inverted));
        }
        assert_eq!(shapes.len(), 3 * sides.len());
        for (n, (card, kept, inverted)) in expected.iter().enumerate() {
            let at = |k: usize| FormId::from_index(3 * n + k);
            assert_eq!(shapes.get(at(0)), Shape::Leaf(*card));
            assert!(shapes.is_leaf(at(0)) && !shapes.is_leaf(at(1)) && !shapes.is_leaf(at(2)));
            assert_eq!(shapes.get(at(1)), Shape::Sum(kept, inverted));
            assert_eq!(shapes.get(at(2)), Shape::Prod(kept, inverted));
        }
    }
}
