//! The function-level normal form on ids: sums and products flattened,
//! their parts sorted, sums oriented, combined from two stored forms
//! with the parts gathered on the stack where they are few.

use reckon_core::Expr;
use reckon_core::rules::Op;

use super::shapes::Shape;
use super::{FormId, FormStore, Parts, SignedId};

impl FormStore {
    /// The form of the expression `e`, its parts stored on the way.
    pub(crate) fn of_expr(&mut self, e: &Expr) -> SignedId {
        match e {
            Expr::Num(card) => self.leaf(*card),
            Expr::Binary(step) => {
                let (a, b) = (self.of_expr(&step.left), self.of_expr(&step.right));
                self.combine(step.op, a, b)
            }
        }
    }

    /// The form of `a op b`, as [`crate::form::TreeForm::combine`].
    pub(crate) fn combine(&mut self, op: Op, a: SignedId, b: SignedId) -> SignedId {
        let sum = matches!(op, Op::Add | Op::Sub);
        if !self.flattens(a.form, sum) && !self.flattens(b.form, sum) {
            return self.combine_two(op, a, b);
        }
        if self.part_count(a.form, sum) + self.part_count(b.form, sum) <= FEW_PARTS {
            return self.combine_few(op, a, b);
        }
        let (mut kept, mut inverted) = (Parts::new(), Parts::new());
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

    /// [`FormStore::combine`] where the whole has at most [`FEW_PARTS`]
    /// parts, as forms of four cards do: the sides are gathered on the
    /// stack, and no shape is built unless new.
    fn combine_few(&mut self, op: Op, a: SignedId, b: SignedId) -> SignedId {
        let (mut kept, mut inverted) = (StackSide::EMPTY, StackSide::EMPTY);
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

    /// As [`FormStore::add_terms`], onto sides on the stack.
    #[inline(always)]
    fn gather_terms(&self, t: SignedId, subtract: bool, kept: &mut StackSide, inverted: &mut StackSide) {
        let flip = t.negative ^ subtract;
        match self.shapes.get(t.form) {
            Shape::Sum(plus, minus) => {
                plus.iter().for_each(|&term| self.place_term(term, flip, kept, inverted));
                minus.iter().for_each(|&term| self.place_term(term, !flip, kept, inverted));
            }
            _ => self.place_term(t.form, flip, kept, inverted),
        }
    }

    /// Places a term that is no sum, as [`FormStore::sum`] would: a sign-free
    /// term is added either way.
    #[inline(always)]
    fn place_term(&self, term: FormId, minus: bool, kept: &mut StackSide, inverted: &mut StackSide) {
        if minus && !self.facts(term).sign_free { inverted.push(term) } else { kept.push(term) }
    }

    /// As [`FormStore::add_factors`], onto sides on the stack.
    #[inline(always)]
    fn gather_factors(&self, t: FormId, divide: bool, kept: &mut StackSide, inverted: &mut StackSide) {
        let (to_kept, to_inverted) = if divide { (inverted, kept) } else { (kept, inverted) };
        match self.shapes.get(t) {
            Shape::Prod(num, den) => {
                num.iter().for_each(|&factor| to_kept.push(factor));
                den.iter().for_each(|&factor| to_inverted.push(factor));
            }
            _ => to_kept.push(t),
        }
    }

    /// As [`FormStore::sum`], of terms placed on the stack. The sides are
    /// sorted where they were gathered, not moved: a side just written
    /// an id at a time and then copied whole is read before the writes
    /// have landed, and the copy waits for them.
    #[inline(always)]
    fn sum_of_sides(&mut self, kept: &mut StackSide, inverted: &mut StackSide) -> SignedId {
        kept.sort();
        inverted.sort();
        let negative = kept.len.cmp(&inverted.len).then_with(|| kept.as_slice().cmp(inverted.as_slice())).is_lt();
        let (kept, inverted) = if negative { (inverted, kept) } else { (kept, inverted) };
        SignedId { negative, form: self.intern_sides(true, kept, inverted) }
    }

    /// As [`FormStore::product`], of factors placed on the stack (sorted in
    /// place, as by [`FormStore::sum_of_sides`]).
    #[inline(always)]
    fn product_of_sides(&mut self, negative: bool, kept: &mut StackSide, inverted: &mut StackSide) -> SignedId {
        kept.sort();
        inverted.sort();
        let form = self.intern_sides(false, kept, inverted);
        SignedId { negative: negative && !self.facts(form).sign_free, form }
    }

    /// [`FormStore::combine`] of two parts that are not taken apart, most
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
    fn sum(&mut self, mut kept: Parts, mut inverted: Parts) -> SignedId {
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
    fn product(&mut self, negative: bool, mut kept: Parts, mut inverted: Parts) -> SignedId {
        sort_side(&mut kept);
        sort_side(&mut inverted);
        let form = self.intern(Shape::Prod(&kept, &inverted));
        SignedId { negative: negative && !self.facts(form).sign_free, form }
    }

    /// Inlined for the usual term that is no sum; a sum's terms are
    /// taken over out of line.
    #[inline]
    fn add_terms(&self, t: SignedId, subtract: bool, plus: &mut Parts, minus: &mut Parts) {
        let flip = t.negative ^ subtract;
        match self.shapes.get(t.form) {
            Shape::Sum(p, m) if flip => take_over(m, p, plus, minus),
            Shape::Sum(p, m) => take_over(p, m, plus, minus),
            _ if flip => minus.push(t.form),
            _ => plus.push(t.form),
        }
    }

    /// As [`FormStore::add_terms`], for factors.
    #[inline]
    fn add_factors(&self, t: FormId, divide: bool, num: &mut Parts, den: &mut Parts) {
        match self.shapes.get(t) {
            Shape::Prod(n, d) if divide => take_over(d, n, num, den),
            Shape::Prod(n, d) => take_over(n, d, num, den),
            _ if divide => den.push(t),
            _ => num.push(t),
        }
    }

    /// The sum or product `form` with its parts at `dropped` (kept parts
    /// first) dropped, or the first replaced by `with`, as [`FormStore::join`]
    /// builds the rest: the other parts are never sums (products)
    /// themselves, so they are taken over as they are.
    pub(super) fn with_parts_replaced(&mut self, form: FormId, dropped: &[usize], with: Option<SignedId>) -> SignedId {
        let (sum, kept, inverted) = self.sides(form).expect("a sum or a product");
        let invert = dropped[0] >= kept.len();
        let left = kept.len() + inverted.len() - dropped.len();
        if left + with.map_or(0, |part| self.part_count(part.form, sum)) <= FEW_PARTS {
            return self.with_few_parts_replaced(form, dropped, with);
        }
        let (mut rest_kept, mut rest_inverted) = (Parts::new(), Parts::new());
        // Each side taken over apart: no test of which side a part is on.
        let taken = |side: &[FormId], first: usize, rest: &mut Parts| {
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

    /// [`FormStore::with_parts_replaced`] where the result has at most
    /// [`FEW_PARTS`] parts: its sides are gathered on the stack.
    fn with_few_parts_replaced(&mut self, form: FormId, dropped: &[usize], with: Option<SignedId>) -> SignedId {
        let (sum, kept, inverted) = self.sides(form).expect("a sum or a product");
        let kept_count = kept.len();
        let (mut rest_kept, mut rest_inverted) = (StackSide::EMPTY, StackSide::EMPTY);
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

    /// The sum (or product) of `parts`, each inverted or not, as
    /// combining them one at a time would make it.
    pub(super) fn join(&mut self, sum: bool, parts: &[(bool, SignedId)]) -> SignedId {
        if let [(false, only)] = parts {
            return *only;
        }
        let (mut kept, mut inverted) = (Parts::new(), Parts::new());
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
}

/// The most parts a form is combined with its sides on the stack: those
/// of four cards.
const FEW_PARTS: usize = 4;

/// One side of a form of at most [`FEW_PARTS`] parts, on the stack.
#[derive(Clone, Copy)]
pub(super) struct StackSide {
    ids: [FormId; FEW_PARTS],
    len: usize,
}

impl StackSide {
    const EMPTY: StackSide = StackSide { ids: [FormId(0); FEW_PARTS], len: 0 };

    fn push(&mut self, id: FormId) {
        self.ids[self.len] = id;
        self.len += 1;
    }

    pub(super) fn as_slice(&self) -> &[FormId] {
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
fn take_over(to_kept: &[FormId], to_inverted: &[FormId], kept: &mut Parts, inverted: &mut Parts) {
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
fn sort_side(ids: &mut Parts) {
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
