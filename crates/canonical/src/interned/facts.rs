//! What the `4nums` level needs to know of each stored form, worked out
//! once, when the form is stored: its value and whether it could hold a
//! neutral decoration. Most forms hold none, and for them the `4nums` key
//! is the form itself.

use reckon_core::Rational;
use smallvec::SmallVec;

use super::shapes::Shape;
use super::{FormId, FormStore};

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
    /// [`crate::form::sign_free`]): it carries no sign, and a sum adds it.
    pub(crate) sign_free: bool,
}

/// [`Facts`] as stored: the value with a flag for whether there is one,
/// rather than an `Option` with a word of its own, 24 bytes rather than
/// 32. Every form met has them, and they are read cold across the store.
#[derive(Clone, Copy, Debug)]
pub(super) struct StoredFacts {
    value: Rational,
    flags: u8,
}

impl StoredFacts {
    const VALUED: u8 = 1;
    const PLAIN: u8 = 2;
    const FIXED_SIGN: u8 = 4;
    const SIGN_FREE: u8 = 8;

    pub(super) fn of(facts: Facts) -> StoredFacts {
        let flag = |set: bool, flag: u8| if set { flag } else { 0 };
        StoredFacts {
            value: facts.value.unwrap_or(Rational::ZERO),
            flags: flag(facts.value.is_some(), Self::VALUED)
                | flag(facts.plain, Self::PLAIN)
                | flag(facts.fixed_sign, Self::FIXED_SIGN)
                | flag(facts.sign_free, Self::SIGN_FREE),
        }
    }

    pub(super) fn facts(self) -> Facts {
        let has = |flag: u8| self.flags & flag != 0;
        Facts {
            value: has(Self::VALUED).then_some(self.value),
            plain: has(Self::PLAIN),
            fixed_sign: has(Self::FIXED_SIGN),
            sign_free: has(Self::SIGN_FREE),
        }
    }
}

impl FormStore {
    /// The value folded one side after the other, then each flag in a
    /// pass of its own that stops at the first part deciding it: a form
    /// is stored for most expressions met.
    pub(super) fn facts_of(&self, shape: Shape<'_>) -> Facts {
        match shape {
            Shape::Leaf(card) => Facts { value: Some(card), plain: true, fixed_sign: true, sign_free: false },
            Shape::Sum(plus, minus) => self.facts_of_sides(true, plus, minus),
            Shape::Prod(num, den) => self.facts_of_sides(false, num, den),
        }
    }

    /// [`FormStore::facts_of`] a sum (or product) of the sides `kept` and
    /// `inverted`.
    pub(super) fn facts_of_sides(&self, sum: bool, kept: &[FormId], inverted: &[FormId]) -> Facts {
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

    /// [`FormStore::facts_of`] for a sum or product of three parts, the first
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

    /// [`FormStore::facts_of`] for a sum or product of any number of parts;
    /// out of line, as most forms have two.
    #[inline(never)]
    pub(super) fn facts_of_parts(&self, sum: bool, kept: &[FormId], inverted: &[FormId]) -> Facts {
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

    /// [`FormStore::facts_of`] for the sum or product of two parts, `b`
    /// subtracted or divided by if `b_inverted`: most forms stored. Each
    /// flag is that of the passes over all parts, with no pair of parts to
    /// compare but the two (which may only cancel in three parts or more).
    /// Inlined, so that each call works out only its own kind.
    #[inline(always)]
    pub(super) fn facts_of_two(&self, sum: bool, a: FormId, b: FormId, b_inverted: bool) -> Facts {
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
    pub(super) fn magnitude_of(&self, form: FormId) -> Option<Rational> {
        self.facts(form).value.and_then(magnitude)
    }

    /// Is one of the parts `kept` and `inverted` worth zero, or of a value
    /// that does not fit (which might be zero)? A product with such a part
    /// is a zero product, whatever its one factors and pairs: taking one
    /// out could fold the zero away.
    pub(super) fn has_zero_part(&self, kept: &[FormId], inverted: &[FormId]) -> bool {
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
}

type Values = SmallVec<[Option<Rational>; 4]>;

/// `|v|`, if it fits.
pub(super) fn magnitude(v: Rational) -> Option<Rational> {
    if v < Rational::ZERO { Rational::ZERO.checked_sub(v) } else { Some(v) }
}
