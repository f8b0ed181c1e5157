//! Target sets: deciding a hand never builds the hand's own value set, and
//! not the value sets of its largest parts either.
//!
//! At a split, the values `a` of one side that can reach a target `t` each
//! name the few partners `b` (`t-a`, `a-t`, `t+a`, `t/a`, `t*a`, `a/t`)
//! that finish with them; the split finishes when one of those is among
//! the other side's values. The partners of a whole value set for a whole
//! set of targets are again a set of targets, so when one side is a single
//! card, the other side (three cards or more) need not have its value set
//! built: it is asked whether it can make one of the card's partners, which
//! splits it in turn. A census of four-card hands then builds no value set
//! of three cards at all.
//!
//! Target sets are kept per (targets, value set), so that the many hands
//! sharing a card or a sub-multiset share the work.

use std::sync::Arc;

use hashbrown::{HashMap, HashSet};

use super::four::Pairs;

use crate::number::Number;
use crate::rules::{Domain, Op, OpSet};

/// A target set, by its place in [`TargetSets`].
pub(super) type TargetId = u32;

/// The one target asked of a whole hand.
pub(super) const ROOT: TargetId = 0;

/// Values that finish, hashed: a meeting with a small value set probes
/// them, one with a large (sorted) value set searches it for each of them.
#[derive(Debug)]
pub(super) struct TargetSet<N> {
    values: HashSet<N>,
    /// Every value finishes: `0 * b = 0` for a target of zero.
    any: bool,
    /// Every non-zero value finishes: `0 / b = 0` for a target of zero.
    any_non_zero: bool,
}

impl<N: Number> TargetSet<N> {
    fn of(values: Vec<N>, any: bool, any_non_zero: bool) -> TargetSet<N> {
        let mut set = HashSet::with_capacity(values.len());
        set.extend(values);
        TargetSet { values: set, any, any_non_zero }
    }

    /// Keeps only the values `keep` says.
    fn retain(&mut self, keep: impl Fn(&N) -> bool) {
        self.values.retain(keep);
    }

    /// Does every value, or every non-zero value, finish? Such a set is
    /// met by a built value set rather than asked of a part.
    pub(super) fn is_open(&self) -> bool {
        self.any || self.any_non_zero
    }

    /// Is one of `look` (sorted) a target?
    pub(super) fn meet(&self, look: &[N]) -> bool {
        if self.any && !look.is_empty() || self.any_non_zero && look.iter().any(|b| !b.is_zero()) {
            return true;
        }
        // A probe of the hash costs about what one step of a binary search does.
        let search_steps = look.len().max(1).ilog2() as usize + 1;
        if look.len() <= self.values.len() * search_steps {
            look.iter().any(|b| self.values.contains(b))
        } else {
            self.values.iter().any(|t| look.binary_search(t).is_ok())
        }
    }
}

/// The target sets derived from one target, numbered.
#[derive(Debug)]
pub(super) struct TargetSets<N> {
    /// The target all others derive from, if one was set.
    root: Option<N>,
    /// By id; `ROOT` holds the root target alone.
    sets: Vec<TargetSet<N>>,
    /// The partners of a value set (by its index) for a target set, and
    /// whether only those the domain allows were kept.
    partners: HashMap<u64, TargetId>,
    /// The pairs of cards of four-card hands, with their pair targets.
    pub(super) pairs: Pairs,
}

impl<N: Number> TargetSets<N> {
    pub(super) fn new() -> TargetSets<N> {
        TargetSets { root: None, sets: Vec::new(), partners: HashMap::new(), pairs: Pairs::default() }
    }

    /// Makes `target` the root, forgetting every set derived from another.
    pub(super) fn root_at(&mut self, target: &N) {
        if self.root.as_ref() != Some(target) {
            self.sets = vec![TargetSet::of(vec![target.clone()], false, false)];
            self.partners.clear();
            self.pairs = Pairs::default();
            self.root = Some(target.clone());
        }
    }

    pub(super) fn get(&self, id: TargetId) -> &TargetSet<N> {
        &self.sets[id as usize]
    }

    /// The values that finish, under `ops`, with some value of `set` (the
    /// value set with index `set_index`) to make one of `targets`.
    ///
    /// With `allowed`, only the values `allowed` allows: the targets of a
    /// part of two cards or more, whose value is an intermediate result.
    /// Without, the set may also be met by a single card, which any domain allows.
    ///
    /// A set with `allowed` is asked of a part, and its own partners are
    /// taken in turn: a partner that overflows `N` could still be made by
    /// that part, through intermediate results that overflow too but are
    /// never worked out here, so it is reported (`None`) and the hand is
    /// redone in big numbers. A set without is only met by built value
    /// sets, whose values all fit: an overflowing partner is left out.
    pub(super) fn partners(
        &mut self,
        ops: OpSet,
        allowed: Option<Domain>,
        targets: TargetId,
        set_index: usize,
        set: &[N],
    ) -> Option<TargetId> {
        // One word hashes faster than a tuple: `targets` fits 32 bits, and
        // value sets are far fewer than 2^31.
        let key = u64::from(targets) << 32 | (set_index as u64) << 1 | u64::from(allowed.is_some());
        debug_assert!(set_index < 1 << 31);
        if let Some(&known) = self.partners.get(&key) {
            return Some(known);
        }
        let overflowing = if allowed.is_some() { Overflowing::Reported } else { Overflowing::LeftOut };
        let mut made = Partners::default();
        made.add(ops, set, self.get(targets), overflowing)?;
        let mut made = made.into_set();
        if let Some(domain) = allowed {
            made.retain(|v| domain.allows(v));
        }
        let id = TargetId::try_from(self.sets.len()).expect("fewer than 2^32 target sets");
        self.sets.push(made);
        self.partners.insert(key, id);
        Some(id)
    }

    /// The pair targets of two cards (see `four`): the values `v` that make
    /// the root as `(a∘b)∘v`, `a∘(b∘v)` or `b∘(a∘v)`, where `sets[pair]`
    /// holds the values `a∘b` and `cards` are the indices of the cards' own
    /// sets. `Some(None)` when the partners of a card are open; `None` on
    /// overflow.
    pub(super) fn of_pair(
        &mut self,
        ops: OpSet,
        domain: Domain,
        sets: &[Arc<[N]>],
        pair: usize,
        cards: [usize; 2],
    ) -> Option<Option<TargetId>> {
        // Gathered whole and hashed once: the three shapes share many values.
        // Every `v` is met by a value of two cards, which fits.
        let mut made = Partners::default();
        // `(a∘b)∘v`: any `v` is a value of two cards, which the domain allowed.
        made.add(ops, &sets[pair], self.get(ROOT), Overflowing::LeftOut)?;
        let orders: &[[usize; 2]] = if cards[0] == cards[1] { &[[0, 1]] } else { &[[0, 1], [1, 0]] };
        for &[outer, inner] in orders {
            // `b∘v` is an intermediate result: the domain must allow it.
            let outer = cards[outer];
            let finish_outer = self.partners(ops, Some(domain), ROOT, outer, &sets[outer])?;
            if self.get(finish_outer).is_open() {
                return Some(None);
            }
            made.add(ops, &sets[cards[inner]], self.get(finish_outer), Overflowing::LeftOut)?;
        }
        let id = TargetId::try_from(self.sets.len()).expect("fewer than 2^32 target sets");
        self.sets.push(made.into_set());
        Some(Some(id))
    }
}

/// The values that finish with some value of `set` to make one of
/// `targets`, leaving out those that overflow.
#[cfg(test)]
fn partners_of<N: Number>(ops: OpSet, set: &[N], targets: &TargetSet<N>) -> TargetSet<N> {
    let mut made = Partners::default();
    made.add(ops, set, targets, Overflowing::LeftOut).expect("overflows are left out");
    made.into_set()
}

/// What becomes of a partner that overflows `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overflowing {
    /// It is left out: the set is met by value sets whose values all fit.
    LeftOut,
    /// It is reported: the set is asked of a part, which might make it.
    Reported,
}

/// Partners gathered for a target set, repeats and all.
#[derive(Debug)]
struct Partners<N> {
    values: Vec<N>,
    any: bool,
    any_non_zero: bool,
}

impl<N> Default for Partners<N> {
    fn default() -> Self {
        Partners { values: Vec::new(), any: false, any_non_zero: false }
    }
}

impl<N: Number> Partners<N> {
    /// Adds the values that finish with some value of `set` to make one of
    /// `targets`; `None` if one overflows and `overflowing` says to report it.
    fn add(&mut self, ops: OpSet, set: &[N], targets: &TargetSet<N>, overflowing: Overflowing) -> Option<()> {
        debug_assert!(!targets.is_open(), "an open set is met, not derived from");
        self.values.reserve(6 * set.len() * targets.values.len());
        for t in targets.values.iter() {
            for a in set {
                for (op, a_first, partner) in Op::partners(a, t) {
                    match partner {
                        _ if !ops.contains(op) => {}
                        Some(b) => self.values.push(b),
                        None if overflowing == Overflowing::Reported && defined(op, a_first, a, t) => return None,
                        None => {}
                    }
                }
                // `0 * b = 0` for every `b`, `0 / b = 0` for every non-zero `b`.
                if a.is_zero() && t.is_zero() {
                    self.any |= ops.contains(Op::Mul);
                    self.any_non_zero |= ops.contains(Op::Div);
                }
            }
        }
        Some(())
    }

    fn into_set(self) -> TargetSet<N> {
        TargetSet::of(self.values, self.any, self.any_non_zero)
    }
}

/// Does `a` have a partner for `t` by `op` (`a` first or not), as
/// [`Op::partners`] lists them? A partner that exists but is missing overflowed.
fn defined<N: Number>(op: Op, a_first: bool, a: &N, t: &N) -> bool {
    match op {
        Op::Add | Op::Sub => true,
        // `a * b = t`, `b / a = t`: no `b` for a zero `a`.
        Op::Mul => !a.is_zero(),
        // `a / b = t`: `b = a / t`, none for a zero `t`.
        Op::Div => !a.is_zero() && (!a_first || !t.is_zero()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rational;

    fn r(n: i64) -> Rational {
        Rational::from_integer(n)
    }

    fn partners(ops: &str, set: &[Rational], target: Rational) -> TargetSet<Rational> {
        partners_of(ops.parse().unwrap(), set, &TargetSet::of(vec![target], false, false))
    }

    #[test]
    fn partners_of_one_value() {
        let four = partners("+-*/", &[r(4)], r(24));
        let mut shown: Vec<Rational> = four.values.iter().copied().collect();
        shown.sort_unstable();
        let shown: Vec<String> = shown.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["-20", "1/6", "6", "20", "28", "96"]);
        assert!(four.meet(&[r(1), r(6)]));
        assert!(!four.meet(&[r(1), r(7)]));
        let long: Vec<Rational> = (-1000..1000).map(r).collect();
        assert!(four.meet(&long), "a long set is searched, not probed");
    }

    #[test]
    fn partners_of_partners() {
        // 3 * (x - 1) = 24 with x = 9: the partners of 3, then of 1.
        let three = partners("+-*/", &[r(3)], r(24));
        let one = partners_of("+-*/".parse().unwrap(), &[r(1)], &three);
        assert!(one.meet(&[r(9)]));
        assert!(!one.meet(&[r(10)]), "nothing with 1 and 3 makes 24 from 10");
    }

    /// A partner that overflows is left out of a set met by value sets, and
    /// reported for a set asked of a part (see [`TargetSets::partners`]).
    #[test]
    fn overflowing_partners_are_left_out_or_reported() {
        let huge = [r(i64::MAX - 1)];
        let ops = "+-*/".parse().unwrap();
        let mut sets = TargetSets::new();
        sets.root_at(&r(24));
        let met = sets.partners(ops, None, ROOT, 0, &huge).expect("left out");
        let shown: Vec<String> = sets.get(met).values.iter().map(ToString::to_string).collect();
        assert!(shown.contains(&"-9223372036854775782".to_owned()) && shown.len() == 4, "{shown:?}");
        assert_eq!(sets.partners(ops, Some(Domain::Rational), ROOT, 0, &huge), None, "24 + a overflows");
        // Partners that are not defined (division by zero) are no overflow.
        let zero = [r(0)];
        assert!(sets.partners(ops, Some(Domain::Rational), ROOT, 1, &zero).is_some());
        let small = [r(5)];
        let asked = sets.partners(ops, Some(Domain::Rational), ROOT, 2, &small).unwrap();
        assert_eq!(sets.get(asked).values.len(), 6);
    }

    #[test]
    fn zero_target_and_zero_values() {
        let zero = r(0);
        let times_zero = partners("*", &[zero], zero);
        assert!(times_zero.is_open() && times_zero.meet(&[r(7)]), "0 * 7 = 0");
        let over = partners("/", &[zero], zero);
        assert!(over.meet(&[r(7)]), "0 / 7 = 0");
        assert!(!over.meet(&[zero]), "0 / 0 has no value");
        let under = partners("/", &[r(7)], zero);
        assert!(under.meet(&[zero]), "0 / 7 = 0, 7 on this side");
    }
}
