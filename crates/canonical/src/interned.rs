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
//! two expressions get the same id exactly when [`Signed::of`] gives them
//! the same form. [`Forms::tree`] turns an id back into that form.

use hashbrown::HashTable;
use reckon_core::{Op, Rational};
use smallvec::SmallVec;

use crate::form::{self, Node, Signed};
use crate::shapes::{Shape, Shapes};

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
type Children = SmallVec<[FormId; 4]>;

/// What the `4nums` level needs to know of a stored form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Facts {
    /// Its value, if it fits in 64-bit parts. Up to sign: a sum's
    /// orientation here may be the opposite of its tree's, which may
    /// change the sign of the sums and products around it.
    pub(crate) value: Option<Rational>,
    /// Nothing in it is a neutral decoration or could be one: no part
    /// worth zero, no factor worth one (or minus one), no two terms of
    /// equal magnitude in a sum of three or more, no
    /// factors and divisors of equal product. Such a form is its own
    /// `4nums` core.
    pub(crate) plain: bool,
    /// Its sign is its own: a card, or a product of cards. A form with a
    /// sum in it may be stored against its tree's orientation, which
    /// flips its sign.
    pub(crate) fixed_sign: bool,
    /// It is its own negation once equal cards are interchanged (see
    /// [`form::sign_free`]): it carries no sign, and a sum adds it.
    pub(crate) sign_free: bool,
}

/// [`Facts`] as stored: the value with a flag for whether there is one,
/// rather than an `Option` with a word of its own, 24 bytes rather than
/// 32. Every form met has them, and they are read cold across the store.
#[derive(Clone, Copy, Debug)]
struct StoredFacts {
    value: Rational,
    flags: u8,
}

impl StoredFacts {
    const VALUED: u8 = 1;
    const PLAIN: u8 = 2;
    const FIXED_SIGN: u8 = 4;
    const SIGN_FREE: u8 = 8;

    fn of(facts: Facts) -> StoredFacts {
        let flag = |set: bool, flag: u8| if set { flag } else { 0 };
        StoredFacts {
            value: facts.value.unwrap_or(Rational::ZERO),
            flags: flag(facts.value.is_some(), Self::VALUED)
                | flag(facts.plain, Self::PLAIN)
                | flag(facts.fixed_sign, Self::FIXED_SIGN)
                | flag(facts.sign_free, Self::SIGN_FREE),
        }
    }

    fn facts(self) -> Facts {
        let has = |flag: u8| self.flags & flag != 0;
        Facts {
            value: has(Self::VALUED).then_some(self.value),
            plain: has(Self::PLAIN),
            fixed_sign: has(Self::FIXED_SIGN),
            sign_free: has(Self::SIGN_FREE),
        }
    }
}

/// The `4nums` level might take out another pair than the one found.
struct Unsure;

/// The store of forms.
#[derive(Debug, Default)]
pub(crate) struct Forms {
    /// Each form's shape, as [`Node`] with ids for children.
    shapes: Shapes,
    facts: Vec<StoredFacts>,
    /// The id of every shape with the high half of its shape's hash, so
    /// that a probe compares a shape only when the hashes agree. Half a
    /// hash keeps an entry to eight bytes: the table is probed at random
    /// for every form met, and the smaller it is the more of it stays in
    /// cache. Growing it hashes the shapes again, which room made at
    /// once makes rare.
    ids: HashTable<(u32, FormId)>,
    /// What [`Forms::without_a_one`] made of each form asked as a part: a
    /// part sits in the tops of many solutions of one hand. By id, the
    /// place of the answer among `found_without_a_one` plus one, or zero
    /// if not asked: four bytes a form, since about one form in ten is
    /// asked and the list is written out to the last id asked.
    parts_without_a_one: Vec<u32>,
    found_without_a_one: Vec<Option<(SignedId, SignedId)>>,
}

impl Forms {
    /// An empty store with room for `n` forms.
    pub(crate) fn with_capacity(n: usize) -> Forms {
        Forms {
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

    /// The form of `a op b`, as [`Signed::combine`].
    pub(crate) fn combine(&mut self, op: Op, a: SignedId, b: SignedId) -> SignedId {
        let sum = matches!(op, Op::Add | Op::Sub);
        if !self.flattens(a.form, sum) && !self.flattens(b.form, sum) {
            return self.combine_two(op, a, b);
        }
        if self.part_count(a.form, sum) + self.part_count(b.form, sum) <= FEW_PARTS {
            return self.combine_few(op, a, b);
        }
        let (mut kept, mut inverted) = (Children::new(), Children::new());
        match op {
            Op::Add | Op::Sub => {
                self.add_terms(a, false, &mut kept, &mut inverted);
                self.add_terms(b, op == Op::Sub, &mut kept, &mut inverted);
                self.sum(kept, inverted)
            }
            Op::Mul | Op::Div => {
                self.add_factors(a.form, false, &mut kept, &mut inverted);
                self.add_factors(b.form, op == Op::Div, &mut kept, &mut inverted);
                self.product(a.negative ^ b.negative, kept, inverted)
            }
        }
    }

    /// Is `form` a sum (a product, if not `sum`), whose parts a sum (a
    /// product) takes over?
    #[inline]
    fn flattens(&self, form: FormId, sum: bool) -> bool {
        self.shapes.parts_if(form, sum).is_some()
    }

    /// The number of parts `form` brings to a sum (a product, if not
    /// `sum`): its own if it is one, else itself.
    #[inline]
    fn part_count(&self, form: FormId, sum: bool) -> usize {
        self.shapes.parts_if(form, sum).unwrap_or(1)
    }

    /// [`Forms::combine`] where the whole has at most [`FEW_PARTS`]
    /// parts, as forms of four cards do: the sides are gathered on the
    /// stack, and no shape is built unless new.
    fn combine_few(&mut self, op: Op, a: SignedId, b: SignedId) -> SignedId {
        let (mut kept, mut inverted) = (Side::EMPTY, Side::EMPTY);
        let invert_b = matches!(op, Op::Sub | Op::Div);
        if matches!(op, Op::Add | Op::Sub) {
            self.gather_terms(a, false, &mut kept, &mut inverted);
            self.gather_terms(b, invert_b, &mut kept, &mut inverted);
            self.sum_of_sides(&mut kept, &mut inverted)
        } else {
            self.gather_factors(a.form, false, &mut kept, &mut inverted);
            self.gather_factors(b.form, invert_b, &mut kept, &mut inverted);
            self.product_of_sides(a.negative ^ b.negative, &mut kept, &mut inverted)
        }
    }

    /// As [`Forms::add_terms`], onto sides on the stack.
    #[inline(always)]
    fn gather_terms(&self, t: SignedId, subtract: bool, kept: &mut Side, inverted: &mut Side) {
        let flip = t.negative ^ subtract;
        match self.shapes.get(t.form) {
            Shape::Sum(plus, minus) => {
                plus.iter().for_each(|&term| self.place_term(term, flip, kept, inverted));
                minus.iter().for_each(|&term| self.place_term(term, !flip, kept, inverted));
            }
            _ => self.place_term(t.form, flip, kept, inverted),
        }
    }

    /// Places a term that is no sum, as [`Forms::sum`] would: a sign-free
    /// term is added either way.
    #[inline(always)]
    fn place_term(&self, term: FormId, minus: bool, kept: &mut Side, inverted: &mut Side) {
        if minus && !self.facts(term).sign_free { inverted.push(term) } else { kept.push(term) }
    }

    /// As [`Forms::add_factors`], onto sides on the stack.
    #[inline(always)]
    fn gather_factors(&self, t: FormId, divide: bool, kept: &mut Side, inverted: &mut Side) {
        let (to_kept, to_inverted) = if divide { (inverted, kept) } else { (kept, inverted) };
        match self.shapes.get(t) {
            Shape::Prod(num, den) => {
                num.iter().for_each(|&factor| to_kept.push(factor));
                den.iter().for_each(|&factor| to_inverted.push(factor));
            }
            _ => to_kept.push(t),
        }
    }

    /// As [`Forms::sum`], of terms placed on the stack. The sides are
    /// sorted where they were gathered, not moved: a side just written
    /// an id at a time and then copied whole is read before the writes
    /// have landed, and the copy waits for them.
    #[inline(always)]
    fn sum_of_sides(&mut self, kept: &mut Side, inverted: &mut Side) -> SignedId {
        kept.sort();
        inverted.sort();
        let negative = kept.len.cmp(&inverted.len).then_with(|| kept.as_slice().cmp(inverted.as_slice())).is_lt();
        let (kept, inverted) = if negative { (inverted, kept) } else { (kept, inverted) };
        SignedId { negative, form: self.intern_sides(true, kept, inverted) }
    }

    /// As [`Forms::product`], of factors placed on the stack (sorted in
    /// place, as by [`Forms::sum_of_sides`]).
    #[inline(always)]
    fn product_of_sides(&mut self, negative: bool, kept: &mut Side, inverted: &mut Side) -> SignedId {
        kept.sort();
        inverted.sort();
        let form = self.intern_sides(false, kept, inverted);
        SignedId { negative: negative && !self.facts(form).sign_free, form }
    }

    /// [`Forms::combine`] of two parts that are not taken apart, most
    /// forms met: the sides of a form of two are known without lists to
    /// fill and sort.
    fn combine_two(&mut self, op: Op, a: SignedId, b: SignedId) -> SignedId {
        let (low, high) = if a.form <= b.form { (a.form, b.form) } else { (b.form, a.form) };
        match op {
            Op::Add | Op::Sub => {
                // As `sum` places them: a sign-free term is added either way.
                let minus = |t: SignedId, subtract: bool| t.negative ^ subtract && !self.facts(t.form).sign_free;
                let (minus_a, minus_b) = (minus(a, false), minus(b, op == Op::Sub));
                if minus_a == minus_b {
                    // `a+b`, or its negation `-(a+b)`.
                    SignedId { negative: minus_a, form: self.intern_two(true, low, high, false) }
                } else {
                    // Of `x-y` and `-(y-x)`, the one that adds the larger id.
                    let added = if minus_a { b.form } else { a.form };
                    SignedId { negative: added < high, form: self.intern_two(true, high, low, true) }
                }
            }
            Op::Mul | Op::Div => {
                let form = if op == Op::Mul {
                    self.intern_two(false, low, high, false)
                } else {
                    self.intern_two(false, a.form, b.form, true)
                };
                SignedId { negative: a.negative ^ b.negative && !self.facts(form).sign_free, form }
            }
        }
    }

    /// The sum of the terms `kept` less the terms `inverted`. A sign-free
    /// term is added either way.
    fn sum(&mut self, mut kept: Children, mut inverted: Children) -> SignedId {
        if inverted.iter().any(|t| self.facts(*t).sign_free) {
            kept.extend(inverted.iter().copied().filter(|t| self.facts(*t).sign_free));
            inverted.retain(|t| !self.facts(*t).sign_free);
        }
        sort_side(&mut kept);
        sort_side(&mut inverted);
        // Of `s` and `-s` keep the one whose added terms sort first.
        let negative = kept.len().cmp(&inverted.len()).then_with(|| kept.cmp(&inverted)).is_lt();
        let shape = if negative { Shape::Sum(&inverted, &kept) } else { Shape::Sum(&kept, &inverted) };
        SignedId { negative, form: self.intern(shape) }
    }

    /// The product of the factors `kept` over the divisors `inverted`,
    /// negated if `negative`.
    fn product(&mut self, negative: bool, mut kept: Children, mut inverted: Children) -> SignedId {
        sort_side(&mut kept);
        sort_side(&mut inverted);
        let form = self.intern(Shape::Prod(&kept, &inverted));
        SignedId { negative: negative && !self.facts(form).sign_free, form }
    }

    /// Inlined for the usual term that is no sum; a sum's terms are
    /// taken over out of line.
    #[inline]
    fn add_terms(&self, t: SignedId, subtract: bool, plus: &mut Children, minus: &mut Children) {
        let flip = t.negative ^ subtract;
        match self.shapes.get(t.form) {
            Shape::Sum(p, m) if flip => take_over(m, p, plus, minus),
            Shape::Sum(p, m) => take_over(p, m, plus, minus),
            _ if flip => minus.push(t.form),
            _ => plus.push(t.form),
        }
    }

    /// As [`Forms::add_terms`], for factors.
    #[inline]
    fn add_factors(&self, t: FormId, divide: bool, num: &mut Children, den: &mut Children) {
        match self.shapes.get(t) {
            Shape::Prod(n, d) if divide => take_over(d, n, num, den),
            Shape::Prod(n, d) => take_over(n, d, num, den),
            _ if divide => den.push(t),
            _ => num.push(t),
        }
    }

    fn intern(&mut self, shape: Shape<'_>) -> FormId {
        let hash = hash_of(shape);
        if let Some(id) = self.find(hash, |stored| stored == shape) {
            return id;
        }
        let facts = self.facts_of(shape);
        self.store(hash, shape, facts)
    }

    /// [`Forms::intern`] for the sum (or product) of `a` and `b`, `b`
    /// subtracted (divided by) if `b_inverted`, with its sides in order:
    /// compared and hashed as two ids, with no shape built unless new.
    /// Inlined at each call, where the kind and the sides are known.
    #[inline(always)]
    fn intern_two(&mut self, sum: bool, a: FormId, b: FormId, b_inverted: bool) -> FormId {
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

    /// [`Forms::intern`] for the sum (or product) of the sorted sides
    /// `kept` and `inverted`: no shape is built unless new. Inlined, as
    /// the kind is known at each call.
    #[inline(always)]
    fn intern_sides(&mut self, sum: bool, kept: &Side, inverted: &Side) -> FormId {
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

    /// The value folded one side after the other, then each flag in a
    /// pass of its own that stops at the first part deciding it: a form
    /// is stored for most expressions met.
    fn facts_of(&self, shape: Shape<'_>) -> Facts {
        match shape {
            Shape::Leaf(card) => Facts { value: Some(card), plain: true, fixed_sign: true, sign_free: false },
            Shape::Sum(plus, minus) => self.facts_of_sides(true, plus, minus),
            Shape::Prod(num, den) => self.facts_of_sides(false, num, den),
        }
    }

    /// [`Forms::facts_of`] a sum (or product) of the sides `kept` and
    /// `inverted`.
    fn facts_of_sides(&self, sum: bool, kept: &[FormId], inverted: &[FormId]) -> Facts {
        if let ([a, b], []) | ([a], [b]) = (kept, inverted) {
            let facts = self.facts_of_two(sum, *a, *b, !inverted.is_empty());
            debug_assert_eq!(facts, self.facts_of_parts(sum, kept, inverted), "{kept:?} {inverted:?}");
            return facts;
        }
        if kept.len() + inverted.len() == 3 && !kept.is_empty() {
            let facts = self.facts_of_three(sum, kept, inverted);
            debug_assert_eq!(facts, self.facts_of_parts(sum, kept, inverted), "{kept:?} {inverted:?}");
            return facts;
        }
        self.facts_of_parts(sum, kept, inverted)
    }

    /// [`Forms::facts_of`] for a sum or product of three parts, the first
    /// kept: the next most forms stored after those of two. Each part's
    /// facts are looked up once and every flag worked out from them.
    #[inline(never)]
    fn facts_of_three(&self, sum: bool, kept: &[FormId], inverted: &[FormId]) -> Facts {
        let ids: [FormId; 3] = std::array::from_fn(|i| if i < kept.len() { kept[i] } else { inverted[i - kept.len()] });
        let facts = ids.map(|id| self.facts(id));
        // Folded as the passes fold it: the first part, then the others.
        let fold = || {
            (1..3).try_fold(facts[0].value?, |acc, i| {
                let v = facts[i].value?;
                match (sum, i >= kept.len()) {
                    (true, false) => acc.checked_add(v),
                    (true, true) => acc.checked_sub(v),
                    (false, false) => acc.checked_mul(v),
                    (false, true) => acc.checked_div(v),
                }
            })
        };
        let value = fold();
        let magnitudes = facts.map(|facts| facts.value.and_then(magnitude));
        let neutral = |m: Rational| m.is_zero() || (!sum && m == Rational::ONE);
        let plain_parts = (0..3).all(|i| facts[i].plain && magnitudes[i].is_some_and(|m| !neutral(m)));
        if sum {
            // Two terms of equal magnitude may be a cancelled pair, unless
            // both have a sign of their own on one side (see `may_pair`).
            let pair = |i: usize, j: usize| {
                magnitudes[i] == magnitudes[j]
                    && !(facts[i].fixed_sign && facts[j].fixed_sign && (i >= kept.len()) == (j >= kept.len()))
            };
            let plain = plain_parts && !(pair(1, 0) || pair(2, 0) || pair(2, 1));
            let sign_free = kept.iter().filter(|t| !self.facts(**t).sign_free).eq(inverted.iter());
            Facts { value, plain, fixed_sign: false, sign_free }
        } else {
            // Only two factors over a divisor may have a factor and the
            // divisor of equal products (see `equal_products`).
            let equal_products = kept.len() == 2
                && (magnitudes.contains(&None) || magnitudes[0] == magnitudes[2] || magnitudes[1] == magnitudes[2]);
            let plain = plain_parts && !equal_products;
            let fixed_sign = ids.iter().all(|id| self.shapes.is_leaf(*id));
            let sign_free = facts.iter().any(|facts| facts.sign_free);
            Facts { value, plain, fixed_sign, sign_free }
        }
    }

    /// [`Forms::facts_of`] for a sum or product of any number of parts;
    /// out of line, as most forms have two.
    #[inline(never)]
    fn facts_of_parts(&self, sum: bool, kept: &[FormId], inverted: &[FormId]) -> Facts {
        let fold = |start: Option<Rational>, ids: &[FormId], op: fn(Rational, Rational) -> Option<Rational>| {
            ids.iter().try_fold(start?, |acc, &id| op(acc, self.facts(id).value?))
        };
        let value = if sum {
            fold(fold(Some(Rational::ZERO), kept, Rational::checked_add), inverted, Rational::checked_sub)
        } else {
            fold(fold(Some(Rational::ONE), kept, Rational::checked_mul), inverted, Rational::checked_div)
        };
        let parts = || kept.iter().chain(inverted).copied();
        // Values are known up to sign, so the checks compare magnitudes.
        let neutral = |m: Rational| m.is_zero() || (!sum && m == Rational::ONE);
        let plain_parts = parts().all(|part| {
            let facts = self.facts(part);
            facts.plain && facts.value.and_then(magnitude).is_some_and(|m| !neutral(m))
        });
        if sum {
            let plain = plain_parts && !(kept.len() + inverted.len() > 2 && self.may_pair(kept, inverted));
            let sign_free = kept.iter().filter(|t| !self.facts(**t).sign_free).eq(inverted.iter());
            Facts { value, plain, fixed_sign: false, sign_free }
        } else {
            let plain = plain_parts && !self.equal_products(kept, inverted);
            let fixed_sign = parts().all(|part| self.shapes.is_leaf(part));
            let sign_free = parts().any(|part| self.facts(part).sign_free);
            Facts { value, plain, fixed_sign, sign_free }
        }
    }

    /// [`Forms::facts_of`] for the sum or product of two parts, `b`
    /// subtracted or divided by if `b_inverted`: most forms stored. Each
    /// flag is that of the passes over all parts, with no pair of parts to
    /// compare but the two (which may only cancel in three parts or more).
    /// Inlined, so that each call works out only its own kind.
    #[inline(always)]
    fn facts_of_two(&self, sum: bool, a: FormId, b: FormId, b_inverted: bool) -> Facts {
        let (facts_a, facts_b) = (self.facts(a), self.facts(b));
        let value = match (facts_a.value, facts_b.value, sum, b_inverted) {
            (Some(x), Some(y), true, false) => x.checked_add(y),
            (Some(x), Some(y), true, true) => x.checked_sub(y),
            (Some(x), Some(y), false, false) => x.checked_mul(y),
            (Some(x), Some(y), false, true) => x.checked_div(y),
            _ => None,
        };
        let plain_part = |facts: Facts| {
            facts.plain && facts.value.and_then(magnitude).is_some_and(|m| !m.is_zero() && (sum || m != Rational::ONE))
        };
        let plain = plain_part(facts_a) && plain_part(facts_b);
        if sum {
            // The added terms that are not sign-free are the subtracted ones.
            let sign_free =
                if b_inverted { !facts_a.sign_free && a == b } else { facts_a.sign_free && facts_b.sign_free };
            Facts { value, plain, fixed_sign: false, sign_free }
        } else {
            let card = |id: FormId| self.shapes.is_leaf(id);
            Facts { value, plain, fixed_sign: card(a) && card(b), sign_free: facts_a.sign_free || facts_b.sign_free }
        }
    }

    /// Could some factors `num` (not all) and some divisors `den` of a
    /// product have equal products? Compared by magnitude, so also true
    /// for products of opposite sign. Only two factors or more with a
    /// divisor can: their magnitudes are listed only then.
    fn equal_products(&self, num: &[FormId], den: &[FormId]) -> bool {
        if num.len() < 2 || den.is_empty() {
            return false;
        }
        // The usual `a*b/c`: a factor alone against the divisor, with no
        // sets of parts to list.
        if let ([a, b], [c]) = (num, den) {
            let (a, b, c) = (self.magnitude_of(*a), self.magnitude_of(*b), self.magnitude_of(*c));
            return a.is_none() || b.is_none() || c.is_none() || a == c || b == c;
        }
        let magnitudes = |ids: &[FormId]| -> Values { ids.iter().map(|&id| self.magnitude_of(id)).collect() };
        let (num, den) = (magnitudes(num), magnitudes(den));
        // True when unsure: a value that does not fit, or too many parts.
        if num.len() + den.len() > 12 || num.iter().chain(&den).any(Option::is_none) {
            return true;
        }
        // The product of the parts of `values` picked by the bits of `mask`.
        let product = |values: &[Option<Rational>], mask: usize| {
            (0..values.len())
                .filter(|b| mask >> b & 1 == 1)
                .try_fold(Rational::ONE, |acc, b| acc.checked_mul(values[b]?))
        };
        // Inline for the usual one or two divisors: a form is stored per
        // expression met, and most products with a divisor are checked here.
        let inverted: SmallVec<[Option<Rational>; 4]> = (1usize..1 << den.len()).map(|m| product(&den, m)).collect();
        (1usize..1 << num.len())
            .filter(|m| (m.count_ones() as usize) < num.len())
            .map(|m| product(&num, m))
            .any(|p| p.is_none() || inverted.contains(&p))
    }

    /// The magnitude of the value of `form`, if it has one that fits:
    /// values are compared up to sign where a part stored here may be
    /// oriented against its tree.
    fn magnitude_of(&self, form: FormId) -> Option<Rational> {
        self.facts(form).value.and_then(magnitude)
    }

    /// Is one of the parts `kept` and `inverted` worth zero, or of a value
    /// that does not fit (which might be zero)? A product with such a part
    /// is a zero product, whatever its one factors and pairs: taking one
    /// out could fold the zero away.
    fn has_zero_part(&self, kept: &[FormId], inverted: &[FormId]) -> bool {
        kept.iter().chain(inverted).any(|&part| self.facts(part).value.is_none_or(|v| v.is_zero()))
    }

    /// Could two of the terms `plus` and `minus` of a sum be a cancelled
    /// pair? Two terms of equal magnitude may be one even on one side: a
    /// part oriented here against its tree has the opposite sign, so a
    /// pair the tree subtracts may sit on one side here. Two parts of
    /// fixed sign on one side (`7+7`) stay there in the tree.
    fn may_pair(&self, plus: &[FormId], minus: &[FormId]) -> bool {
        let term = |i: usize| {
            let (side, id) = if i < plus.len() { (false, plus[i]) } else { (true, minus[i - plus.len()]) };
            let facts = self.facts(id);
            (side, facts.value.and_then(magnitude), facts.fixed_sign)
        };
        (1..plus.len() + minus.len()).any(|i| {
            let (side, m, fixed) = term(i);
            (0..i).any(|j| {
                let (other_side, n, other_fixed) = term(j);
                m == n && !(fixed && other_fixed && side == other_side)
            })
        })
    }

    /// Is `form` a sum of plain terms none worth zero, worth something
    /// other than zero, whose terms of equal magnitude are the same form?
    /// Then the only decorations the `4nums` level could find in it are
    /// cancelled pairs of equal terms, which come back where they were.
    /// (A pair of different terms, `2*2` and `4`, may come back each on
    /// the other's side.)
    pub(crate) fn is_sum_of_plain_terms(&self, form: FormId) -> bool {
        let Shape::Sum(kept, inverted) = self.shapes.get(form) else { return false };
        let non_zero = |facts: Facts| facts.value.is_some_and(|v| !v.is_zero());
        let terms = || kept.iter().chain(inverted);
        non_zero(self.facts(form))
            && terms()
                .all(|&term| self.facts(term).plain && non_zero(self.facts(term)) && self.magnitude_of(term).is_some())
            && terms()
                .enumerate()
                .all(|(i, &a)| terms().skip(i + 1).all(|&b| a == b || self.magnitude_of(a) != self.magnitude_of(b)))
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

    /// The form `id` with one *one factor* taken out where the `4nums`
    /// level takes it out: a factor or divisor of a product that keeps
    /// another factor (`x*1`, `x/1`, not `1/x`) and is worth one, a card 1
    /// or a plain part such as `(5-4)` (or a sum worth minus one, whose
    /// sign moves to the rest); with that factor as the `4nums` key holds
    /// it. `None` if there is none. The first one found is taken; callers
    /// check the result is plain to know it was the only decoration.
    pub(crate) fn without_a_one(&mut self, id: SignedId) -> Option<(SignedId, SignedId)> {
        let (sum, kept, inverted) = self.sides(id.form)?;
        if !sum && self.has_zero_part(kept, inverted) {
            return None;
        }
        let kept_count = kept.len();
        if !sum {
            let mut found = kept.iter().chain(inverted).enumerate().filter_map(|(at, &part)| {
                Some((at, self.one_factor(part).filter(|_| at >= kept_count || kept_count > 1)?))
            });
            let first = found.next();
            // Of two different factors worth one, where taking one leaves
            // the other alone in the product, the tree takes the first in
            // its own order, which ids do not tell.
            if let Some((_, (one, _))) = first
                && found.any(|(_, (other, _))| other.form != one.form)
            {
                return None;
            }
            if let Some((at, (one, minus_one))) = first {
                // The rest is worth the product over the factor as stored,
                // and the key keeps the product's value.
                let mut rebuilt = self.with_parts_replaced(id.form, &[at], None);
                rebuilt.negative ^= id.negative ^ minus_one;
                return Some((rebuilt, one));
            }
        }
        let (at, (without, one)) = self.in_first_decorated_part(id.form, Forms::part_without_a_one)?;
        let mut rebuilt = self.with_parts_replaced(id.form, &[at], Some(without));
        rebuilt.negative ^= id.negative;
        Some((rebuilt, one))
    }

    /// [`Forms::without_a_one`] of a part of a larger form, worked out once
    /// per part.
    fn part_without_a_one(&mut self, part: SignedId) -> Option<(SignedId, SignedId)> {
        debug_assert!(!part.negative, "parts are asked unsigned");
        let at = part.form.index();
        if let Some(&known) = self.parts_without_a_one.get(at).filter(|&&known| known != 0) {
            return self.found_without_a_one[known as usize - 1];
        }
        let found = self.without_a_one(part);
        if self.parts_without_a_one.len() <= at {
            self.parts_without_a_one.resize(self.len(), 0);
        }
        self.found_without_a_one.push(found);
        self.parts_without_a_one[at] = u32::try_from(self.found_without_a_one.len()).expect("fewer than 2^32 forms");
        found
    }

    /// The first part of the sum or product `form` (kept parts first) of
    /// which `take` makes something, with where it is; plain parts, cards
    /// among them, are passed over, since nothing in them is a decoration.
    fn in_first_decorated_part<T>(
        &mut self,
        form: FormId,
        mut take: impl FnMut(&mut Forms, SignedId) -> Option<T>,
    ) -> Option<(usize, T)> {
        let count = self.sides(form).map_or(0, |(_, kept, inverted)| kept.len() + inverted.len());
        for at in 0..count {
            let part = SignedId { negative: false, form: self.part(form, at) };
            if !self.facts(part.form).plain
                && let Some(found) = take(self, part)
            {
                return Some((at, found));
            }
        }
        None
    }

    /// The part at `at` of the sum or product `form`, its kept parts first.
    fn part(&self, form: FormId, at: usize) -> FormId {
        let (_, kept, inverted) = self.sides(form).expect("a sum or a product");
        if at < kept.len() { kept[at] } else { inverted[at - kept.len()] }
    }

    /// The sum or product `form` with its parts at `dropped` (kept parts
    /// first) dropped, or the first replaced by `with`, as [`Forms::join`]
    /// builds the rest: the other parts are never sums (products)
    /// themselves, so they are taken over as they are.
    fn with_parts_replaced(&mut self, form: FormId, dropped: &[usize], with: Option<SignedId>) -> SignedId {
        let (sum, kept, inverted) = self.sides(form).expect("a sum or a product");
        let invert = dropped[0] >= kept.len();
        let left = kept.len() + inverted.len() - dropped.len();
        if left + with.map_or(0, |part| self.part_count(part.form, sum)) <= FEW_PARTS {
            return self.with_few_parts_replaced(form, dropped, with);
        }
        let (mut rest_kept, mut rest_inverted) = (Children::new(), Children::new());
        // Each side taken over apart: no test of which side a part is on.
        let taken = |side: &[FormId], first: usize, rest: &mut Children| {
            for (n, &part) in (first..).zip(side) {
                if !dropped.contains(&n) {
                    rest.push(part);
                }
            }
        };
        taken(kept, 0, &mut rest_kept);
        taken(inverted, kept.len(), &mut rest_inverted);
        let mut negative = false;
        match with {
            None if rest_kept.len() == 1 && rest_inverted.is_empty() => {
                return SignedId { negative: false, form: rest_kept[0] };
            }
            None => {}
            Some(part) if sum => self.add_terms(part, invert, &mut rest_kept, &mut rest_inverted),
            Some(part) => {
                negative = part.negative;
                self.add_factors(part.form, invert, &mut rest_kept, &mut rest_inverted);
            }
        }
        if sum { self.sum(rest_kept, rest_inverted) } else { self.product(negative, rest_kept, rest_inverted) }
    }

    /// [`Forms::with_parts_replaced`] where the result has at most
    /// [`FEW_PARTS`] parts: its sides are gathered on the stack.
    fn with_few_parts_replaced(&mut self, form: FormId, dropped: &[usize], with: Option<SignedId>) -> SignedId {
        let (sum, kept, inverted) = self.sides(form).expect("a sum or a product");
        let kept_count = kept.len();
        let (mut rest_kept, mut rest_inverted) = (Side::EMPTY, Side::EMPTY);
        let mut subtracted = 0;
        for (n, &part) in kept.iter().chain(inverted).enumerate() {
            if dropped.contains(&n) {
                continue;
            }
            if n < kept_count {
                rest_kept.push(part);
            } else if sum {
                subtracted += 1;
                self.place_term(part, true, &mut rest_kept, &mut rest_inverted);
            } else {
                rest_inverted.push(part);
            }
        }
        let invert = dropped[0] >= kept_count;
        match with {
            // A lone kept part is the rest as it is.
            None if rest_kept.len == 1 && subtracted == 0 && rest_inverted.len == 0 => {
                SignedId { negative: false, form: rest_kept.ids[0] }
            }
            None if sum => self.sum_of_sides(&mut rest_kept, &mut rest_inverted),
            None => self.product_of_sides(false, &mut rest_kept, &mut rest_inverted),
            Some(part) if sum => {
                self.gather_terms(part, invert, &mut rest_kept, &mut rest_inverted);
                self.sum_of_sides(&mut rest_kept, &mut rest_inverted)
            }
            Some(part) => {
                self.gather_factors(part.form, invert, &mut rest_kept, &mut rest_inverted);
                self.product_of_sides(part.negative, &mut rest_kept, &mut rest_inverted)
            }
        }
    }

    /// The form `form` as a one factor of the `4nums` level, if it is
    /// one: a card 1, or a plain sum (nothing inside it is taken out
    /// first) worth one or minus one. With the factor as its tree orients
    /// it (see [`Forms::tree`]), and whether the form as stored is worth
    /// minus one.
    fn one_factor(&self, form: FormId) -> Option<(SignedId, bool)> {
        let facts = self.facts(form);
        let value = facts.value.filter(|v| facts.plain && magnitude(*v) == Some(Rational::ONE))?;
        match self.shapes.get(form) {
            Shape::Leaf(_) => (value == Rational::ONE).then_some((SignedId { negative: false, form }, false)),
            Shape::Sum(..) => {
                let turned = self.turned_in_tree(form);
                Some((SignedId { negative: turned, form }, value != Rational::ONE))
            }
            // A product is never a factor: products flatten.
            Shape::Prod(..) => None,
        }
    }

    /// Is the sum `form` stored against the orientation of its tree (see
    /// [`Forms::tree`])? A difference of two cards, the usual sum worth
    /// one (`5-4`), is turned when its cards sort the other way, as
    /// [`form::sum`] orients it; other sums, few, build the tree.
    fn turned_in_tree(&self, form: FormId) -> bool {
        let card = |id: FormId| match self.shapes.get(id) {
            Shape::Leaf(card) => Some(card),
            _ => None,
        };
        let turned = match self.shapes.get(form) {
            Shape::Sum(kept, inverted) if kept.len() == 1 && inverted.len() == 1 => {
                card(kept[0]).zip(card(inverted[0])).map(|(added, subtracted)| added < subtracted)
            }
            _ => None,
        };
        let turned = turned.unwrap_or_else(|| self.tree(SignedId { negative: false, form }).negative);
        debug_assert_eq!(turned, self.tree(SignedId { negative: false, form }).negative);
        turned
    }

    /// The form `id` with one *cancelled pair* of equal parts taken out
    /// where the `4nums` level takes it out, and that part: an added and a
    /// subtracted term of a sum of three or more (`2*(2+12-2)`), or a
    /// factor and a divisor of a product that keeps another factor
    /// (`2*2*12/2`). The rest keeps the value of `id`. `None` if there is
    /// none, or where the level might take another pair than this one (a
    /// part of equal value that is not the same form, or a divisor worth
    /// one, which is a one factor first). The first found is taken;
    /// callers check the result is plain to know it was the only one.
    pub(crate) fn without_a_pair(&mut self, id: SignedId) -> Option<(SignedId, FormId)> {
        let pair = match self.own_pair(id.form) {
            Ok(pair) => pair,
            Err(Unsure) => return None,
        };
        let (_, kept, inverted) = self.sides(id.form)?;
        let kept_count = kept.len();
        let (mut rebuilt, part) = match pair {
            Some(part) => {
                // One of each side: the rest keeps the value.
                let at_kept = kept.iter().position(|&p| p == part).expect("a kept part");
                let at_inverted = kept_count + inverted.iter().position(|&p| p == part).expect("an inverted part");
                (self.with_parts_replaced(id.form, &[at_kept, at_inverted], None), part)
            }
            None => {
                let (at, (without, part)) = self.in_first_decorated_part(id.form, Forms::without_a_pair)?;
                (self.with_parts_replaced(id.form, &[at], Some(without)), part)
            }
        };
        rebuilt.negative ^= id.negative;
        Some((rebuilt, part))
    }

    /// The part of a cancelled pair among the terms or factors of `form`
    /// itself, a sum or a product: `Ok(None)` if there is none (or `form`
    /// is a card), `Err` if the level might take another.
    fn own_pair(&self, form: FormId) -> Result<Option<FormId>, Unsure> {
        let Some((sum, kept, inverted)) = self.sides(form) else { return Ok(None) };
        let magnitude = |part: FormId| self.magnitude_of(part).ok_or(Unsure);
        // Two terms of a sum on one side may be on opposite sides in the
        // tree, unless both have a sign of their own (see `Facts::plain`).
        let fixed = |part: FormId| self.facts(part).fixed_sign;
        for one_side in [kept, inverted] {
            for (at, &a) in one_side.iter().enumerate() {
                for &b in &one_side[at + 1..] {
                    if sum && a != b && magnitude(a)? == magnitude(b)? && !(fixed(a) && fixed(b)) {
                        return Err(Unsure);
                    }
                }
            }
        }
        // Parts of equal value on opposite sides: a pair, if each is the
        // same form and no other part is worth as much.
        let mut part = None;
        for &k in kept {
            for &i in inverted {
                if magnitude(k)? != magnitude(i)? {
                    continue;
                }
                if k != i || part.is_some_and(|p| p != k) {
                    return Err(Unsure);
                }
                part = Some(k);
            }
        }
        let Some(part) = part else { return Ok(None) };
        if !sum && self.has_zero_part(kept, inverted) {
            return Err(Unsure);
        }
        let all = || kept.iter().chain(inverted).copied();
        let m = magnitude(part)?;
        for p in all() {
            if p != part && magnitude(p)? == m {
                return Err(Unsure);
            }
        }
        let enough = if sum { kept.len() + inverted.len() >= 3 } else { kept.len() >= 2 };
        // Zero terms and one factors are taken out as such first, and so
        // is anything inside the part.
        let neutral = m.is_zero() || (!sum && m == Rational::ONE);
        if !enough || neutral || !self.facts(part).plain {
            return Err(Unsure);
        }
        Ok(Some(part))
    }

    /// `rest` with the cancelled pair of `part` added back at the top, as
    /// the `4nums` form keeps it: `rest + part - part`.
    pub(crate) fn with_pair(&mut self, rest: SignedId, part: FormId) -> SignedId {
        let part = SignedId { negative: false, form: part };
        self.join(true, &[(false, rest), (false, part), (true, part)])
    }

    /// The sum (or product) of `parts`, each inverted or not, as
    /// combining them one at a time would make it.
    fn join(&mut self, sum: bool, parts: &[(bool, SignedId)]) -> SignedId {
        if let [(false, only)] = parts {
            return *only;
        }
        let (mut kept, mut inverted) = (Children::new(), Children::new());
        let mut negative = false;
        for &(invert, part) in parts {
            if sum {
                self.add_terms(part, invert, &mut kept, &mut inverted);
            } else {
                negative ^= part.negative;
                self.add_factors(part.form, invert, &mut kept, &mut inverted);
            }
        }
        if sum { self.sum(kept, inverted) } else { self.product(negative, kept, inverted) }
    }

    /// The form of `id` as [`Signed::of`] builds it: the same multisets
    /// of parts, sorted and oriented once rather than a part at a time.
    pub(crate) fn tree(&self, id: SignedId) -> Signed {
        let part = |form: &FormId| self.tree(SignedId { negative: false, form: *form });
        let mut tree = match self.shapes.get(id.form) {
            Shape::Leaf(card) => Signed::leaf(card),
            Shape::Sum(plus, minus) => {
                let (mut kept, mut inverted) = (Vec::with_capacity(plus.len()), Vec::with_capacity(minus.len()));
                for (subtract, term) in plus.iter().map(|f| (false, f)).chain(minus.iter().map(|f| (true, f))) {
                    // A term is never a sum, but its sign may differ from the id's.
                    let term = part(term);
                    if term.negative ^ subtract { &mut inverted } else { &mut kept }.push(term.node);
                }
                form::sum(kept, inverted)
            }
            Shape::Prod(num, den) => {
                let mut negative = false;
                let mut factors = |ids: &[FormId]| -> Vec<Node> {
                    ids.iter()
                        .map(|f| {
                            let factor = part(f);
                            negative ^= factor.negative;
                            factor.node
                        })
                        .collect()
                };
                let (mut kept, mut inverted) = (factors(num), factors(den));
                kept.sort_unstable();
                inverted.sort_unstable();
                // A product with a sign-free factor carries no sign, as
                // `Signed::combine` makes it: its factors' signs here say
                // only how each happens to be stored.
                let negative = negative && !self.facts(id.form).sign_free;
                Signed { negative, node: Node::Prod { num: kept, den: inverted } }
            }
        };
        tree.negative ^= id.negative;
        tree
    }

    /// The id of a form built by [`crate::form`].
    pub(crate) fn of_tree(&mut self, tree: &Signed) -> SignedId {
        let mut id = self.of_node(&tree.node);
        id.negative ^= tree.negative;
        id
    }

    /// As combining the parts one at a time, but storing only the whole.
    fn of_node(&mut self, node: &Node) -> SignedId {
        let (kept, inverted) = match node {
            Node::Leaf(card) => return self.leaf(*card),
            Node::Sum { plus, minus } | Node::Prod { num: plus, den: minus } => (plus, minus),
        };
        let parts: SmallVec<[(bool, SignedId); 8]> = kept
            .iter()
            .map(|n| (false, n))
            .chain(inverted.iter().map(|n| (true, n)))
            .map(|(invert, part)| (invert, self.of_node(part)))
            .collect();
        self.join(matches!(node, Node::Sum { .. }), &parts)
    }
}

type Values = SmallVec<[Option<Rational>; 4]>;

/// The most parts a form is combined with its sides on the stack: those
/// of four cards.
const FEW_PARTS: usize = 4;

/// One side of a form of at most [`FEW_PARTS`] parts, on the stack.
#[derive(Clone, Copy)]
struct Side {
    ids: [FormId; FEW_PARTS],
    len: usize,
}

impl Side {
    const EMPTY: Side = Side { ids: [FormId(0); FEW_PARTS], len: 0 };

    fn push(&mut self, id: FormId) {
        self.ids[self.len] = id;
        self.len += 1;
    }

    fn as_slice(&self) -> &[FormId] {
        &self.ids[..self.len]
    }

    /// Sorted in place by insertion: a few ids.
    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0 && self.ids[j - 1] > self.ids[j] {
                self.ids.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// Adds the sides `to_kept` and `to_inverted` of a sum or product to those
/// of another.
#[inline(never)]
fn take_over(to_kept: &[FormId], to_inverted: &[FormId], kept: &mut Children, inverted: &mut Children) {
    // Pushed one by one: `extend_from_slice` inserts through a general
    // path and library copies, costly for a few ids.
    for &id in to_kept {
        kept.push(id);
    }
    for &id in to_inverted {
        inverted.push(id);
    }
}

/// Sorts the ids of one side. Most sides hold one or two ids: those are
/// ordered directly, cheaper than the general sort for every form met.
fn sort_side(ids: &mut Children) {
    match ids.as_mut_slice() {
        [] | [_] => {}
        [a, b] => {
            if *a > *b {
                std::mem::swap(a, b);
            }
        }
        more => more.sort_unstable(),
    }
}

/// A hash of a shape: a few words folded by multiplication, cheaper than
/// a general hasher over the shape's fields; the final wide product
/// spreads every word into the low bits (the bucket) and the high bits
/// (the tag) the table reads.
fn hash_of(shape: Shape<'_>) -> u64 {
    match shape {
        // Two's complement bits: the cast keeps every value apart.
        Shape::Leaf(card) => spread(mix(mix(0, card.numer() as u64), card.denom() as u64)),
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

/// `|v|`, if it fits.
fn magnitude(v: Rational) -> Option<Rational> {
    if v < Rational::ZERO { Rational::ZERO.checked_sub(v) } else { Some(v) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbrown::HashMap;
    use reckon_core::{Expr, Hand, Rules, all_solutions};

    fn id_of(forms: &mut Forms, e: &Expr) -> SignedId {
        match e {
            Expr::Num(card) => forms.leaf(*card),
            Expr::Binary(step) => {
                let (a, b) = (id_of(forms, &step.left), id_of(forms, &step.right));
                forms.combine(step.op, a, b)
            }
        }
    }

    /// The stored form of the expression `text`, and the `4nums` form its
    /// tree gets, which keys taken on the stored forms must match.
    fn stored(forms: &mut Forms, text: &str) -> (SignedId, crate::fournums::Form) {
        let id = id_of(forms, &reckon_core::parse_expr(text).unwrap());
        (id, crate::fournums::Form::of_function(forms.tree(id)))
    }

    /// Each form is stored once and found again by its id, also after the
    /// table of ids has grown many times over from nothing, hashing every
    /// stored shape again each time.
    #[test]
    fn forms_are_found_again_after_the_table_grows() {
        let mut forms = Forms::default();
        let all = all_solutions(&"1 2 3 4 5".parse::<Hand>().unwrap(), &Rules::game24());
        let first: Vec<SignedId> = all.iter().map(|e| id_of(&mut forms, e)).collect();
        let stored = forms.len();
        assert!(stored > 256, "enough forms to grow the table: {stored}");
        let again: Vec<SignedId> = all.iter().map(|e| id_of(&mut forms, e)).collect();
        assert_eq!(first, again);
        assert_eq!(forms.len(), stored, "nothing stored twice");
    }

    /// A form is `plain` only if it is its own `4nums` core, however its
    /// sums are oriented by the order forms were stored in. With 9 stored
    /// before 6, `9-6` is kept as `-(6-9)`, so `75/(9-6)` sits among the
    /// subtracted terms of `5+75/(9-6)-25`, beside the 25 it cancels.
    #[test]
    fn a_pair_on_one_side_of_a_stored_sum_is_not_plain() {
        let mut forms = Forms::default();
        forms.leaf(Rational::from_integer(9));
        forms.leaf(Rational::from_integer(6));
        let e = reckon_core::parse_expr("100*(5+75/(9-6)-25)").unwrap();
        let id = id_of(&mut forms, &e);
        let four_nums = crate::fournums::Form::of_function(forms.tree(id));
        assert_ne!(four_nums.core, forms.tree(id), "the pair is stripped");
        assert!(!forms.facts(id.form).plain);
    }

    /// Equal cards added together are no cancelled pair; equal terms on
    /// opposite sides may be.
    #[test]
    fn equal_cards_on_one_side_are_plain() {
        let mut forms = Forms::default();
        let mut plain = |text: &str| {
            let id = id_of(&mut forms, &reckon_core::parse_expr(text).unwrap());
            forms.facts(id.form).plain
        };
        assert!(plain("7+7+10"));
        assert!(plain("6*(6+6-8)"));
        assert!(plain("2*3+2*3+12"));
        assert!(!plain("11+4*6-11"));
        assert!(!plain("2*(9-6)+2*(9-6)+3"), "a product of a sum may be stored with the opposite sign");
    }

    /// A literal one is taken out of a product that keeps another factor.
    #[test]
    fn a_one_factor_is_taken_out_where_the_4nums_level_takes_it() {
        let mut forms = Forms::default();
        let mut without = |text: &str| {
            let id = id_of(&mut forms, &reckon_core::parse_expr(text).unwrap());
            forms.without_a_one(id).map(|(core, _)| forms.tree(core))
        };
        let form = |text: &str| Signed::of(&reckon_core::parse_expr(text).unwrap());
        assert_eq!(without("1*(4+8+12)"), Some(form("4+8+12")));
        assert_eq!(without("12+1*(4+8)"), Some(form("12+4+8")));
        assert_eq!(without("2*(3+9)/1"), Some(form("2*(3+9)")));
        assert_eq!(without("13+13-2/1"), Some(form("13+13-2")));
        assert_eq!(without("8-(1*3-5)"), Some(form("8-(3-5)")));
        assert_eq!(without("1/(2+3)"), None, "the only factor kept");
        assert_eq!(without("2*3+4"), None);
    }

    /// A part worth one is taken out as a card 1 is, as the `4nums` form
    /// of the whole tree takes it: the same core, sign and all, and the
    /// same one factor. Where taking one of two different parts worth one
    /// would leave the other alone, none is taken.
    #[test]
    fn a_part_worth_one_is_taken_out_as_the_tree_form_takes_it() {
        let mut forms = Forms::default();
        let cases = [
            "(5-4)*(4+8+12)",
            "(4+8+12)/(7-6)",
            "(2+6-9)*5*100",
            "100*(9-2-6)*5",
            "13+13-2/(3-2)",
            "8-(3*(6-5)-5)",
            "(13-12)*(4-1)*8",
            "(2*3-5)*(4+4)*3",
            "(12-11)*(2*12)",
            "(1-2)*(3-10)*(8-5)",
        ];
        for text in cases {
            let (id, tree) = stored(&mut forms, text);
            let (core, one) = forms.without_a_one(id).expect(text);
            assert!(forms.facts(core.form).plain, "{text}");
            assert_eq!((forms.tree(core), tree.one), (tree.core, Some(forms.tree(one))), "{text}");
        }
        let (id, _) = stored(&mut forms, "100*(4+(3-2)*(7-6))");
        assert_eq!(forms.without_a_one(id), None, "two different parts worth one in one product");
        let (id, _) = stored(&mut forms, "(5-4)*(9+3)*2*(2-3)");
        assert!(forms.without_a_one(id).is_none_or(|(core, _)| !forms.facts(core.form).plain), "two ones");
        let (id, _) = stored(&mut forms, "2-1*(-1+1)");
        assert_eq!(forms.without_a_one(id), None, "a one times a zero is a zero product");
    }

    /// A sum whose only decorations could be cancelled pairs of equal
    /// terms is its own `4nums` core; one with a pair of different terms
    /// of equal value, or a decoration inside a term, is not said to be.
    #[test]
    fn a_sum_of_plain_terms_keeps_its_pairs_of_equal_terms() {
        let mut forms = Forms::default();
        let mut sum_of_plain_terms = |text: &str| {
            let (id, tree) = stored(&mut forms, text);
            (forms.is_sum_of_plain_terms(id.form), tree.core == forms.tree(id))
        };
        assert_eq!(sum_of_plain_terms("2+2*12-2"), (true, true));
        assert_eq!(sum_of_plain_terms("1+3*8-1"), (true, true));
        assert_eq!(sum_of_plain_terms("7+7+10"), (true, true));
        assert_eq!(sum_of_plain_terms("8*75-100-2*2+4"), (false, false), "a pair of different terms");
        assert!(!sum_of_plain_terms("1*5+3*7-2").0, "a one factor in a term");
        assert!(!sum_of_plain_terms("24+3-3+0").0, "a zero term");
        assert!(!sum_of_plain_terms("2*(2+12-2)").0, "a product");
    }

    /// A cancelled pair of equal parts is taken out and comes back at the
    /// top as the tree form has it; where the tree form might take
    /// another pair, or the parts hold decorations of their own, none is
    /// taken.
    #[test]
    fn a_cancelled_pair_of_equal_parts_moves_to_the_top_as_the_tree_form_moves_it() {
        let mut forms = Forms::default();
        let cases = [
            "2*(2+12-2)",
            "3*2*12/3",
            "3*(8+5-5)",
            "(7-13*2/13)*4",
            "100-(5+3*6-3*6)",
            "(10*10-4)/(5-1+4-4)",
            "12*(2+2-2)",
            "2*2*12/2",
            "12+10*12/10",
        ];
        for text in cases {
            let (id, tree) = stored(&mut forms, text);
            let (rest, part) = forms.without_a_pair(id).expect(text);
            assert!(forms.facts(rest.form).plain, "{text}");
            let with_pair = forms.with_pair(rest, part);
            assert_eq!((forms.tree(with_pair), tree.one), (tree.core, None), "{text}");
        }
        let mut unsure = |text: &str| {
            let (id, _) = stored(&mut forms, text);
            forms.without_a_pair(id).is_none_or(|(rest, _)| !forms.facts(rest.form).plain)
        };
        assert!(unsure("8*75-100-2*2+4"), "different parts of equal value");
        assert!(unsure("3*(5-2)*12/3"), "another part worth as much as the pair");
        assert!(unsure("1+2*(-1+1)/2"), "a pair in a zero product");
        assert!(unsure("1*75+10*50-1*75"), "a one factor inside the parts");
        assert!(unsure("(5-4)*24/(5-4)"), "a divisor worth one");
        assert!(unsure("3*(8+5-5)*(6-2+2)"), "two pairs");
    }

    /// An id turns back into its tree form whatever order the forms were
    /// stored in: ids decide how a stored sum is oriented, so a factor of
    /// a product may be stored as its tree's negation, and a product with
    /// a sign-free factor (`(-1-(-1))*(1-(-1)*(-1))`, worth zero, its own
    /// negation once equal cards change places) carries no sign however
    /// its factors are stored.
    #[test]
    fn ids_turn_back_into_their_tree_forms_in_any_order_of_storing() {
        let rules = Rules::with_target(Rational::ZERO);
        let solutions: Vec<Expr> = ["-1 -1 -1 -1 -1", "-1 -1 -1 -1 1", "-1 -1 1 1 2", "-1 0 1 2", "-2 -1 1 2"]
            .iter()
            .flat_map(|cards| all_solutions(&cards.parse::<Hand>().unwrap(), &rules))
            .collect();
        for reversed in [false, true] {
            let mut forms = Forms::default();
            let order: Vec<&Expr> =
                if reversed { solutions.iter().rev().collect() } else { solutions.iter().collect() };
            for e in order {
                let id = id_of(&mut forms, e);
                // Products only: a sum's sign-free terms are added before
                // it is oriented, and may end up subtracted when it is, so
                // that such a tree form is not one a sum of its terms
                // makes again.
                if matches!(e, Expr::Binary(step) if matches!(step.op, Op::Mul | Op::Div)) {
                    assert_eq!(forms.tree(id), Signed::of(e), "{e}, stored reversed: {reversed}");
                }
            }
        }
    }

    /// Ids agree with the tree forms: the same id exactly for the same
    /// form, and an id turns back into its form.
    #[test]
    fn ids_are_the_tree_forms() {
        let mut forms = Forms::default();
        let mut seen: HashMap<SignedId, Signed> = HashMap::new();
        let mut trees: HashMap<Signed, SignedId> = HashMap::new();
        for (cards, target) in
            [("1 2 3 4", 24), ("3 3 8 8", 24), ("2 2 2 3", 24), ("1 5 5 5", 24), ("0 1 10 13", 10), ("1 1 2 10", 10)]
        {
            let hand: Hand = cards.parse().unwrap();
            for e in all_solutions(&hand, &Rules::with_target(Rational::from_integer(target))) {
                let id = id_of(&mut forms, &e);
                let tree = Signed::of(&e);
                assert_eq!(forms.tree(id), tree, "{e}");
                assert_eq!(forms.of_tree(&tree), id, "{e}");
                assert_eq!(*seen.entry(id).or_insert_with(|| tree.clone()), tree, "{e}");
                assert_eq!(*trees.entry(tree).or_insert(id), id, "{e}");
            }
        }
    }
}
