//! Function-level forms stored once each, named by small ids.
//!
//! The same algebra as [`crate::form`], but a form's children are ids of
//! forms already stored, so combining two forms, comparing and hashing
//! them cost a few words instead of a tree. Listing solutions of many
//! hands meets the same sub-expressions over and over; each gets its form
//! once.
//!
//! Children are sorted by id rather than by structure, and a sum is
//! oriented by that order: a different but equally canonical choice, so
//! two expressions get the same id exactly when their tree forms are the
//! same. [`FormStore::tree`] turns an id back into that form.

mod facts;
mod fournums;
mod normalize;
mod shapes;
mod table;
mod trees;

use hashbrown::HashTable;
use reckon_core::Rational;
use smallvec::SmallVec;

pub(crate) use facts::Facts;
use facts::StoredFacts;
pub(crate) use fournums::FourNumsKey;
use shapes::{Shape, Shapes};

/// A stored form without its sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct FormId(u32);

impl FormId {
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn from_index(index: usize) -> FormId {
        FormId(u32::try_from(index).expect("fewer than 2^32 forms"))
    }

    /// Was this form stored after the first `count` forms? Then no key
    /// made before they were all stored can hold it.
    pub(crate) fn stored_after(self, count: usize) -> bool {
        self.index() >= count
    }
}

/// A stored form with a sign: the expression equals the form or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct SignedId {
    pub(crate) negative: bool,
    pub(crate) form: FormId,
}

impl SignedId {
    /// The id as one number, equal exactly when the ids are: a key made
    /// in a register, where the pair of fields is made in memory a part
    /// at a time, and read back whole waits for the parts to land.
    pub(crate) fn key(self) -> u64 {
        u64::from(self.form.0) << 1 | u64::from(self.negative)
    }
}

/// Children of a sum or a product: forms of four cards fit inline.
type Parts = SmallVec<[FormId; 4]>;

/// The store of forms.
#[derive(Clone, Debug, Default)]
pub(crate) struct FormStore {
    /// Each form's shape, as [`crate::form::TreeNode`] with ids for children.
    shapes: Shapes,
    facts: Vec<StoredFacts>,
    /// The id of every shape with the high half of its shape's hash, so
    /// that a probe compares a shape only when the hashes agree. Half a
    /// hash keeps an entry to eight bytes: the table is probed at random
    /// for every form met, and the smaller it is the more of it stays in
    /// cache. Growing it hashes the shapes again, which room made at
    /// once makes rare.
    ids: HashTable<(u32, FormId)>,
    /// What [`FormStore::without_a_one`] made of each form asked as a part: a
    /// part sits in the tops of many solutions of one hand. By id, the
    /// place of the answer among `found_without_a_one` plus one, or zero
    /// if not asked: four bytes a form, since about one form in ten is
    /// asked and the list is written out to the last id asked.
    parts_without_a_one: Vec<u32>,
    found_without_a_one: Vec<Option<(SignedId, SignedId)>>,
}

impl FormStore {
    /// An empty store with room for `n` forms.
    pub(crate) fn with_capacity(n: usize) -> FormStore {
        FormStore {
            shapes: Shapes::with_capacity(n),
            facts: Vec::with_capacity(n),
            ids: HashTable::with_capacity(n),
            parts_without_a_one: Vec::with_capacity(n),
            found_without_a_one: Vec::new(),
        }
    }

    /// Forgets every form, keeping the room they took.
    pub(crate) fn clear(&mut self) {
        self.shapes.clear();
        self.facts.clear();
        self.ids.clear();
        self.parts_without_a_one.clear();
        self.found_without_a_one.clear();
    }

    /// The number of forms stored.
    pub(crate) fn len(&self) -> usize {
        self.shapes.len()
    }

    pub(crate) fn facts(&self, id: FormId) -> Facts {
        self.facts[id.index()].facts()
    }

    pub(crate) fn leaf(&mut self, card: Rational) -> SignedId {
        SignedId { negative: false, form: self.intern(Shape::Leaf(card)) }
    }

    /// Whether `form` is a sum, and its kept and inverted parts; `None`
    /// for a card.
    #[inline]
    fn sides(&self, form: FormId) -> Option<(bool, &[FormId], &[FormId])> {
        match self.shapes.get(form) {
            Shape::Leaf(_) => None,
            Shape::Sum(kept, inverted) => Some((true, kept, inverted)),
            Shape::Prod(kept, inverted) => Some((false, kept, inverted)),
        }
    }

    /// The part at `at` of the sum or product `form`, its kept parts first.
    fn part(&self, form: FormId, at: usize) -> FormId {
        let (_, kept, inverted) = self.sides(form).expect("a sum or a product");
        if at < kept.len() { kept[at] } else { inverted[at - kept.len()] }
    }
}

#[cfg(test)]
mod tests;
