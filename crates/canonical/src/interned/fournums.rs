//! `4nums` stripping on ids, for the decorations whose place is certain:
//! one one factor, or one cancelled pair of equal parts.
//!
//! Where the level could take out another part than the one found here,
//! nothing is taken, and the caller strips the form's tree instead.

use reckon_core::Rational;

use super::facts::{Facts, magnitude};
use super::shapes::Shape;
use super::{FormId, FormStore, SignedId};
use crate::fournums::FourNumsForm;

/// The `4nums` level might take out another pair than the one found.
struct AmbiguousPair;

impl FormStore {
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
        let (at, (without, one)) = self.in_first_decorated_part(id.form, FormStore::part_without_a_one)?;
        let mut rebuilt = self.with_parts_replaced(id.form, &[at], Some(without));
        rebuilt.negative ^= id.negative;
        Some((rebuilt, one))
    }

    /// [`FormStore::without_a_one`] of a part of a larger form, worked out once
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
        mut take: impl FnMut(&mut FormStore, SignedId) -> Option<T>,
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

    /// The form `form` as a one factor of the `4nums` level, if it is
    /// one: a card 1, or a plain sum (nothing inside it is taken out
    /// first) worth one or minus one. With the factor as its tree orients
    /// it (see [`FormStore::tree`]), and whether the form as stored is worth
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
    /// [`FormStore::tree`])? A difference of two cards, the usual sum worth
    /// one (`5-4`), is turned when its cards sort the other way, as
    /// [`crate::form::sum`] orients it; other sums, few, build the tree.
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
            Err(AmbiguousPair) => return None,
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
                let (at, (without, part)) = self.in_first_decorated_part(id.form, FormStore::without_a_pair)?;
                (self.with_parts_replaced(id.form, &[at], Some(without)), part)
            }
        };
        rebuilt.negative ^= id.negative;
        Some((rebuilt, part))
    }

    /// The part of a cancelled pair among the terms or factors of `form`
    /// itself, a sum or a product: `Ok(None)` if there is none (or `form`
    /// is a card), `Err` if the level might take another.
    fn own_pair(&self, form: FormId) -> Result<Option<FormId>, AmbiguousPair> {
        let Some((sum, kept, inverted)) = self.sides(form) else { return Ok(None) };
        let magnitude = |part: FormId| self.magnitude_of(part).ok_or(AmbiguousPair);
        // Two terms of a sum on one side may be on opposite sides in the
        // tree, unless both have a sign of their own (see `Facts::plain`).
        let fixed = |part: FormId| self.facts(part).fixed_sign;
        for one_side in [kept, inverted] {
            for (at, &a) in one_side.iter().enumerate() {
                for &b in &one_side[at + 1..] {
                    if sum && a != b && magnitude(a)? == magnitude(b)? && !(fixed(a) && fixed(b)) {
                        return Err(AmbiguousPair);
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
                    return Err(AmbiguousPair);
                }
                part = Some(k);
            }
        }
        let Some(part) = part else { return Ok(None) };
        if !sum && self.has_zero_part(kept, inverted) {
            return Err(AmbiguousPair);
        }
        let all = || kept.iter().chain(inverted).copied();
        let m = magnitude(part)?;
        for p in all() {
            if p != part && magnitude(p)? == m {
                return Err(AmbiguousPair);
            }
        }
        let enough = if sum { kept.len() + inverted.len() >= 3 } else { kept.len() >= 2 };
        // Zero terms and one factors are taken out as such first, and so
        // is anything inside the part.
        let neutral = m.is_zero() || (!sum && m == Rational::ONE);
        if !enough || neutral || !self.facts(part).plain {
            return Err(AmbiguousPair);
        }
        Ok(Some(part))
    }

    /// `rest` with the cancelled pair of `part` added back at the top, as
    /// the `4nums` form keeps it: `rest + part - part`.
    pub(crate) fn with_pair(&mut self, rest: SignedId, part: FormId) -> SignedId {
        let part = SignedId { negative: false, form: part };
        self.join(true, &[(false, rest), (false, part), (true, part)])
    }
}

impl FormStore {
    /// The `4nums` key of the form `function`: taken on the stored forms
    /// where [`FormStore::four_nums_on_forms`] can, else
    /// [`FourNumsForm::of_function`] with its parts stored as forms.
    pub(crate) fn four_nums_key(&mut self, function: SignedId) -> FourNumsKey {
        match self.four_nums_on_forms(function) {
            Some(key) => {
                debug_assert_eq!(self.four_nums_by_tree(function), key, "{:?}", self.tree(function));
                key
            }
            None => self.four_nums_by_tree(function),
        }
    }

    /// The `4nums` key of `function` when it has nothing to strip or only
    /// cancelled pairs among the terms of its top sum (the form itself),
    /// or when all it has is one one factor, one cancelled pair of equal
    /// parts, or two cards 1; `None` otherwise.
    fn four_nums_on_forms(&mut self, function: SignedId) -> Option<FourNumsKey> {
        let forms = self;
        // Worth one, the core may itself be a one factor: decided on the
        // tree (see `FourNumsForm::of_function`).
        if forms.magnitude_of(function.form) == Some(Rational::ONE) && !forms.facts(function.form).plain {
            return None;
        }
        // A lone card 0 is a zero term of an empty core (`0 = 0+`, see
        // `FourNumsForm::of_function`): decided on the tree, as the few
        // other forms worth zero are.
        if forms.facts(function.form).value == Some(Rational::ZERO) {
            return None;
        }
        // A cancelled pair comes back at the top as `+x-y`: from the top
        // sum, it comes back where it was.
        if forms.facts(function.form).plain || forms.is_sum_of_plain_terms(function.form) {
            return Some(FourNumsKey::of_core(function, None));
        }
        // Most forms that are not plain only multiply or divide by a part
        // worth one (a card 1, or a plain part such as `(5-4)`), or else
        // hold a cancelled pair of equal parts. The rest must not be worth
        // zero: a product of a one factor and a zero is a zero product.
        let nonzero_plain = |forms: &FormStore, id: SignedId| {
            forms.facts(id.form).plain && forms.facts(id.form).value.is_some_and(|v| !v.is_zero())
        };
        let without_one = forms.without_a_one(function);
        if let Some((core, one)) = without_one.filter(|(core, _)| nonzero_plain(forms, *core)) {
            return Some(FourNumsKey::of_core(core, Some(one)));
        }
        if let Some((rest, part)) = forms.without_a_pair(function).filter(|(rest, _)| nonzero_plain(forms, *rest)) {
            return Some(FourNumsKey::of_core(forms.with_pair(rest, part), None));
        }
        // Two cards 1 taken out are a cancelled pair: `x*1*1 = x+1-1`.
        let card_one = forms.leaf(Rational::ONE);
        let (core, _) = without_one.filter(|&(_, one)| one == card_one)?;
        let (rest, _) =
            forms.without_a_one(core).filter(|&(rest, one)| one == card_one && nonzero_plain(forms, rest))?;
        Some(FourNumsKey::of_core(forms.with_pair(rest, card_one.form), None))
    }

    /// Out of line: few forms need it, and [`crate::classes::ClassNumbers::of`] is hot.
    #[inline(never)]
    fn four_nums_by_tree(&mut self, function: SignedId) -> FourNumsKey {
        let form = FourNumsForm::of_function(self.tree(function));
        let forms = self;
        FourNumsKey {
            core: forms.of_tree(&form.core),
            one: form.one.as_ref().map(|one| forms.of_tree(one)),
            zeros: form.zeros,
            zero_product: form
                .zero_product
                .map(|(factors, cards)| (factors.iter().map(|f| forms.of_tree(f)).collect(), cards)),
        }
    }
}

/// The `4nums` key of a form: [`FourNumsForm`] with its parts stored as
/// forms, equal exactly when the tree forms are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FourNumsKey {
    pub(crate) core: SignedId,
    pub(crate) one: Option<SignedId>,
    pub(crate) zeros: usize,
    pub(crate) zero_product: Option<(Vec<SignedId>, Vec<Rational>)>,
}

impl FourNumsKey {
    /// The key of a form with no zero terms and no zero product.
    fn of_core(core: SignedId, one: Option<SignedId>) -> FourNumsKey {
        FourNumsKey { core, one, zeros: 0, zero_product: None }
    }
}
