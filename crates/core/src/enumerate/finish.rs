//! Finishing the target at a hand's top split without arithmetic per hand.
//!
//! A value `a` of one part finishes a non-zero target `t` only with the few
//! `b` that solve `a op b = t` or `b op a = t`: `t-a`, `a-t`, `t+a`, `t/a`,
//! `a/t`, `t*a`. A part is the walked side of the top split of many hands,
//! so these are worked out once per part and kept, sorted by `b`; a hand's
//! split is then a meeting of two sorted lists.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use smallvec::SmallVec;

use crate::number::Number;
use crate::rules::{Domain, Op, OpSet};

use super::by_value::{ByValue, Unsorted, ValueKeys, Valued};
use super::dense::Dense;
use crate::values::{PAIR_SLOTS, SLOTTED_IDS, pair_slot};

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

impl<N> Valued<N> for Finisher<N> {
    fn value(&self) -> &N {
        &self.partner
    }
}

/// The finishers of a part's values, sorted by partner.
pub(super) type Finishers<N> = ByValue<Finisher<N>>;

/// The finishers of every value of `values` (sorted) for `target`, which
/// must not be zero, sorted by partner. A partner that overflows `N` is
/// left out: the other part's values all fit, so it is none of them.
/// Out of line: made once per part, it would only crowd the hot loop
/// of the top split it is called from.
#[inline(never)]
pub(super) fn finishers<N: Number>(ops: OpSet, values: &[N], target: &N) -> Finishers<N> {
    debug_assert!(!target.is_zero());
    let t = target;
    let mut out = Vec::with_capacity(6 * values.len());
    for (at, a) in values.iter().enumerate() {
        let at = u32::try_from(at).expect("fewer than 2^32 values");
        // With `a = 0` no product or quotient makes a non-zero target: those have no partner.
        Op::each_partner(a, t, |op, a_first, partner| {
            if let Some(partner) = partner.filter(|_| ops.contains(op)) {
                out.push(Finisher { partner, op, a_first, at });
            }
        });
    }
    // Ties keep the order of values and operators.
    ByValue::of_unsorted(out)
}

/// Calls `meet` with every finisher whose partner is among `values`
/// (sorted, distinct, with their order `keys` if they were kept) and the
/// partner's position there. Each element of the shorter list is looked
/// up in the longer one.
pub(super) fn meet<N: Number>(
    finishers: &Finishers<N>,
    values: &[N],
    positions: &Positions,
    keys: Option<&ValueKeys>,
    mut meet: impl FnMut(&Finisher<N>, usize),
) {
    let list = finishers.items();
    if list.len() <= values.len() {
        for f in list {
            if let Some(at) = positions.of(values, &f.partner) {
                meet(f, at);
            }
        }
    } else if keys.is_none_or(|keys| finishers.may_meet(keys)) {
        match keys {
            Some(keys) => {
                for (at, (b, &probe)) in values.iter().zip(keys.probes()).enumerate() {
                    for f in finishers.with_probe(b, probe) {
                        meet(f, at);
                    }
                }
            }
            None => {
                for (at, b) in values.iter().enumerate() {
                    for f in finishers.with(b, b.order_key()) {
                        meet(f, at);
                    }
                }
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

/// One way a value `v` of a pair finishes the target through two single
/// cards, `outer` and `inner`: `outer op (inner op v)`, each operator's
/// operands in either order. The inner result `u` is a value of the
/// three cards `inner` and the pair. Five bytes: `v` is only looked up,
/// so the list of them keeps it (see [`Unsorted`]), and the steps of
/// every pair of cards in a batch are read cold by each hand that holds it.
#[derive(Debug, Clone, Copy)]
pub(super) struct TwoStep {
    /// Where `u` is among [`TwoSteps::us`].
    pub(super) u: u8,
    /// The outer operator, and true for `outer op u`.
    pub(super) outer: (Op, bool),
    /// The inner operator, and true for `inner op v`.
    pub(super) inner: (Op, bool),
}

/// Why there are no [`TwoSteps`] to look values up in.
#[derive(Debug, Clone, Copy)]
pub(super) enum NoTwoSteps {
    /// A partner does not fit in `N`: the hand needs wider numbers.
    Overflow,
    /// The inner card is zero and a partner of the outer one is zero:
    /// `0*v` makes it for every `v`, which a list of values cannot hold.
    EveryValue,
}

/// The [`TwoStep`]s of two cards, looked up by `v`.
#[derive(Debug)]
pub(super) struct TwoSteps<N> {
    /// Only looked up, never walked: in the order they were made.
    pub(super) steps: Unsorted<N, TwoStep>,
    /// The values `u` the steps pass through, sorted and distinct: the
    /// outer card's partners, the same whatever the inner card, and six
    /// at most (one per operator and side, see [`Op::partners`]).
    pub(super) us: SmallVec<[N; PARTNERS]>,
}

/// The partners a value has for a target at most: one per operator and side.
pub(super) const PARTNERS: usize = 6;

/// The [`TwoSteps`] of each ordered pair of cards met, by the cards' ids
/// (see [`CardIds`](crate::values::CardIds)), made when first asked for.
/// Every single card against a triple asks for three, a listing of the
/// four-card hands of 1..13 some 22 thousand times: slotted ids find
/// theirs at an index in a table of bytes, not by hashing, and the steps
/// themselves are kept in the order they were made, where the hands that
/// made them, close in order, find them close together.
#[derive(Debug)]
pub(super) struct TwoStepsByCards<N> {
    /// For ids `x` and `y` below [`SLOTTED_IDS`], the place of their steps
    /// at [`pair_slot`]`(x, y)`.
    small: [u8; PAIR_SLOTS],
    /// The places of the steps of other pairs of ids.
    other: HashMap<(u8, u8), usize>,
    made: Vec<Result<TwoSteps<N>, NoTwoSteps>>,
}

impl<N> TwoStepsByCards<N> {
    /// No place: above the place of any steps kept in `small`.
    const NOWHERE: u8 = u8::MAX;

    /// None made yet, with room for the steps of `pairs` pairs of cards.
    pub(super) fn with_room(pairs: usize) -> TwoStepsByCards<N> {
        TwoStepsByCards { small: [Self::NOWHERE; PAIR_SLOTS], other: HashMap::new(), made: Vec::with_capacity(pairs) }
    }

    /// The steps of the outer card `x` and the inner card `y`, by id,
    /// made by `make` if these are the first asked for.
    #[inline(always)]
    pub(super) fn get_or_make(
        &mut self,
        (x, y): (u8, u8),
        make: impl FnOnce() -> Result<TwoSteps<N>, NoTwoSteps>,
    ) -> &Result<TwoSteps<N>, NoTwoSteps> {
        let slot = (x < SLOTTED_IDS && y < SLOTTED_IDS).then(|| pair_slot(x, y));
        let place = match slot {
            Some(slot) if self.small[slot] != Self::NOWHERE => usize::from(self.small[slot]),
            _ => self.place_of((x, y), slot, make),
        };
        &self.made[place]
    }

    /// The place of the steps of `x` and `y` when `small` has none:
    /// kept among `other`, or made now and placed at `slot` (theirs in
    /// `small`, if any). Out of line: each pair of slotted ids comes here
    /// once, and other ids are rare.
    #[inline(never)]
    fn place_of(
        &mut self,
        (x, y): (u8, u8),
        slot: Option<usize>,
        make: impl FnOnce() -> Result<TwoSteps<N>, NoTwoSteps>,
    ) -> usize {
        if let Some(&place) = self.other.get(&(x, y)) {
            return place;
        }
        let place = self.made.len();
        self.made.push(make());
        // A place a byte cannot hold, past the 255th pair made, is kept
        // among the others.
        match (slot, u8::try_from(place).ok().filter(|&place| place != Self::NOWHERE)) {
            (Some(slot), Some(byte)) => self.small[slot] = byte,
            _ => {
                self.other.insert((x, y), place);
            }
        }
        place
    }
}

/// Every [`TwoStep`] for the cards `outer` and `inner` and a non-zero
/// `target`: the partners `u` of `outer`, each kept if `domain` allows
/// it, and the partners `v` of `inner` for each `u`. Out of line: made
/// once per ordered pair of cards, it would only crowd the hot loop of
/// the hand it is called from.
#[inline(never)]
pub(super) fn two_steps<N: Number>(
    ops: OpSet,
    domain: Domain,
    outer: &N,
    inner: &N,
    target: &N,
) -> Result<TwoSteps<N>, NoTwoSteps> {
    debug_assert!(!target.is_zero());
    // The partners `u` of the outer card that `ops` and `domain` allow,
    // kept as they are worked out.
    let (mut outer_partners, mut overflow) = (SmallVec::<[(Op, bool, N); PARTNERS]>::new(), false);
    Op::each_partner(outer, target, |op, first, u| match u {
        Some(u) if ops.contains(op) && domain.allows(&u) => outer_partners.push((op, first, u)),
        Some(_) => {}
        None => overflow |= overflowed(ops, (op, first), outer, target),
    });
    if overflow {
        return Err(NoTwoSteps::Overflow);
    }
    let mut us: SmallVec<[N; PARTNERS]> = outer_partners.iter().map(|(_, _, u)| u.clone()).collect();
    us.sort_unstable();
    us.dedup();
    // Six partners of six partners at most.
    let (mut vs, mut steps) = (Vec::with_capacity(PARTNERS * PARTNERS), Vec::with_capacity(PARTNERS * PARTNERS));
    for (outer_op, outer_first, u) in &outer_partners {
        if u.is_zero() && inner.is_zero() && (ops.contains(Op::Mul) || ops.contains(Op::Div)) {
            return Err(NoTwoSteps::EveryValue);
        }
        let at = us.iter().position(|made| made == u).expect("every u is among them");
        let at = u8::try_from(at).expect("six at most");
        let mut overflow = false;
        Op::each_partner(inner, u, |inner_op, inner_first, v| match v {
            Some(v) if ops.contains(inner_op) => {
                let (outer, inner) = ((*outer_op, *outer_first), (inner_op, inner_first));
                vs.push(v);
                steps.push(TwoStep { u: at, outer, inner });
            }
            Some(_) => {}
            None => overflow |= overflowed(ops, (inner_op, inner_first), inner, u),
        });
        if overflow {
            return Err(NoTwoSteps::Overflow);
        }
    }
    Ok(TwoSteps { steps: Unsorted::of(vs, steps), us })
}

/// Whether the partner of `a` for `t` by `op` on its side (see
/// [`Op::partners`]), found missing, exists under `ops` though: it
/// overflowed. A zero `a` with a zero `t` is the caller's to handle.
fn overflowed<N: Number>(ops: OpSet, (op, a_first): (Op, bool), a: &N, t: &N) -> bool {
    ops.contains(op)
        && match op {
            Op::Add | Op::Sub => true,
            Op::Mul => !a.is_zero(),
            Op::Div => !a.is_zero() && (!a_first || !t.is_zero()),
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rational;

    fn r(n: i64, d: i64) -> Rational {
        Rational::new(n, d).unwrap()
    }

    /// Each pair of ids finds the steps made for it, and each is made
    /// once: ids past [`SLOTTED_IDS`], and more pairs than a byte can place, included.
    #[test]
    fn two_steps_by_cards_keeps_each_pair_apart() {
        let (ops, t) = (OpSet::ALL, Rational::from_integer(24));
        let card = |id: u8| Rational::from_integer(i64::from(id) + 1);
        let mut by_cards = TwoStepsByCards::with_room(0);
        for round in 0..2 {
            for x in 0..20u8 {
                for y in 0..20u8 {
                    let mut made = false;
                    let steps = by_cards.get_or_make((x, y), || {
                        made = true;
                        two_steps(ops, Domain::Rational, &card(x), &card(y), &t)
                    });
                    let expected = two_steps(ops, Domain::Rational, &card(x), &card(y), &t).unwrap();
                    let steps = steps.as_ref().unwrap();
                    assert_eq!(steps.us, expected.us, "{x} {y}");
                    let v = card(y);
                    let found = |steps: &TwoSteps<Rational>| steps.steps.with(&v, v.order_key()).count();
                    assert_eq!(found(steps), found(&expected), "{x} {y}");
                    assert_eq!(made, round == 0, "made once: {x} {y}");
                }
            }
        }
        assert_eq!(by_cards.made.len(), 400);
    }

    /// Two-step finishers are exactly the values `v` with
    /// `x op (y op v) = t`, operands either way round, that a list of
    /// candidates holds.
    #[test]
    fn two_steps_are_every_way_through_two_cards() {
        let ops = OpSet::ALL;
        let candidates: Vec<Rational> = (-40..=40)
            .flat_map(|n| (1..=13).map(move |d| r(n, d)))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let combine =
            |op: Op, first: bool, a: Rational, b: Rational| if first { op.apply(&a, &b) } else { op.apply(&b, &a) };
        for (x, y, t) in [(3, 8, 24), (1, 1, 24), (0, 5, 24), (6, 0, 10), (24, 2, 24)] {
            let (x, y, t) = (Rational::from_integer(x), Rational::from_integer(y), Rational::from_integer(t));
            let steps = two_steps(ops, Domain::Rational, &x, &y, &t).unwrap();
            for v in &candidates {
                let mut expected = Vec::new();
                for op1 in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                    for op2 in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                        for (first1, first2) in [(true, true), (true, false), (false, true), (false, false)] {
                            let commuted = |op: Op, first: bool| !first && matches!(op, Op::Add | Op::Mul);
                            if commuted(op1, first1) || commuted(op2, first2) {
                                continue;
                            }
                            let u = combine(op2, first2, y, *v);
                            if u.and_then(|u| combine(op1, first1, x, u)) == Some(t) {
                                expected.push(((op1, first1), (op2, first2)));
                            }
                        }
                    }
                }
                let found: Vec<_> = steps.steps.with(v, v.order_key()).collect();
                assert!(found.iter().all(|s| combine(s.inner.0, s.inner.1, y, *v) == Some(steps.us[usize::from(s.u)])));
                let mut found: Vec<_> = found.iter().map(|s| (s.outer, s.inner)).collect();
                found.sort();
                expected.sort();
                assert_eq!(found, expected, "{x} and {y} to {t} from {v}");
            }
        }
        // `24 - (0 * v)` is 24 for every `v`.
        let (zero, t) = (Rational::ZERO, Rational::from_integer(24));
        assert!(matches!(two_steps(ops, Domain::Rational, &t, &zero, &t), Err(NoTwoSteps::EveryValue)));
    }
}
