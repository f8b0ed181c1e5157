//! The top of a four-card hand without the value sets of its triples.
//!
//! A hand of four cards splits into a single card `x` and a triple `T`
//! four ways. Meeting `x`'s finishers with `T`'s values needs `T`'s whole
//! value set, a hundred values and more, made and sorted for each of the
//! 455 triples of 1..13, though a hand asks it for at most six of them.
//! Instead, `T` is split once more, into a card `y` and a pair `p`: a
//! value `v` of the pair finishes the target as `x op (y op v)` only for
//! the few `v` that [`TwoSteps`](super::finish::TwoSteps) works out once per ordered pair of cards. Each
//! value of the pair (six at most) is looked up there, and what meets
//! says how the triple makes each value `u` it is asked for, so its
//! expressions worth `u` are listed from those ways, as when its value
//! set keeps them.
//!
//! Every expression of `T` is `y op p` for one of its splits, so the ways
//! found over all of them are all of `T`'s ways to make `u`: the list is
//! complete and kept for the next hand that asks `T` for `u`.

use smallvec::SmallVec;

use crate::number::Number;
use crate::rules::Op;

use super::finish::{NoTwoSteps, TwoStep, two_steps};
use super::{Combo, List, Memo, Nodes};

/// A value `v` of pair `p` that makes `u` with card `y`, and `u` the
/// target with the hand's single card.
#[derive(Debug, Clone)]
pub(super) struct Hit<N> {
    u: N,
    outer: (Op, bool),
    inner: (Op, bool),
    y: usize,
    p: usize,
    at: usize,
}

/// A way a triple makes a value: `y op p` (or `p op y`) with the value
/// at `at` of pair `p`.
type TripleWay = ((Op, bool), usize, usize, usize);

/// The splits of a hand of four cards: its two-and-two splits, then its
/// single cards against the other three.
pub(super) type FourSplits = SmallVec<[(usize, usize); 7]>;

/// The three ways to pair four cards, by position: a pair, then the
/// other two cards (in the order of [`Memo::split_ids`]).
const PAIRINGS: [([usize; 2], [usize; 2]); 3] = [([1, 2], [0, 3]), ([1, 3], [0, 2]), ([2, 3], [0, 1])];

impl<N: Number> Memo<N> {
    /// The splits of the four cards `ids` (sorted), each way of splitting
    /// equal cards once, with the smaller cards on the left (as
    /// [`Memo::split_ids`] makes them, without its masks and lists: every
    /// hand of a listing asks this once); `None` on overflow.
    pub(super) fn four_card_splits(&mut self, ids: &[u8]) -> Option<FourSplits> {
        let ids: [u8; 4] = ids.try_into().expect("four cards");
        let mut splits = FourSplits::new();
        for (pair, other) in PAIRINGS {
            let split = self.ordered(&pair.map(|at| ids[at]), &other.map(|at| ids[at]), false)?;
            // Equal cards make the same pairing twice.
            if !splits.iter().any(|&(l, r)| (l, r) == split || (r, l) == split) {
                splits.push(split);
            }
        }
        self.single_card_splits(&ids, false, &mut splits)?;
        debug_assert_eq!(splits.as_slice(), self.split_ids(&ids, false)?.as_slice(), "{ids:?}");
        Some(splits)
    }

    /// [`Memo::top_combos`] for a hand of four cards, split into `splits`
    /// whose parts of three cards have no values yet; `None` on overflow.
    pub(super) fn four_card_combos(
        &mut self,
        nodes: &mut Nodes,
        splits: &[(usize, usize)],
        target: &N,
        combos: &mut Vec<Combo>,
    ) -> Option<()> {
        for &(left, right) in splits {
            let (card, rest) = if self.sets[left].cards == 1 { (left, right) } else { (right, left) };
            if self.sets[card].cards == 1 && self.sets[rest].values.is_none() {
                match self.card_and_triple(nodes, card, rest, target, combos) {
                    Ok(()) => continue,
                    Err(NoTwoSteps::Overflow) => return None,
                    // Left to the triple's value set.
                    Err(NoTwoSteps::EveryValue) => {}
                }
            }
            self.ensure_values(left)?;
            self.ensure_values(right)?;
            self.top_combos(nodes, &[(left, right)], target, combos)?;
        }
        Some(())
    }

    /// Pushes onto `combos` every way the card `x` and the triple `t`
    /// make `target`, listing the triple's expressions for the values
    /// asked of it.
    fn card_and_triple(
        &mut self,
        nodes: &mut Nodes,
        x: usize,
        t: usize,
        target: &N,
        combos: &mut Vec<Combo>,
    ) -> Result<(), NoTwoSteps> {
        let mut hits = std::mem::take(&mut self.hits);
        hits.clear();
        let result = self.hits_of(x, t, target, &mut hits).and_then(|()| {
            // One value `u` of the triple at a time: its ways, then how it finishes.
            hits.sort_unstable_by(|a, b| a.u.cmp(&b.u));
            self.combos_of_hits(nodes, x, t, &hits, combos).ok_or(NoTwoSteps::Overflow)
        });
        self.hits = hits;
        result
    }

    /// Pushes onto `hits` every value of a pair of the triple `t` that
    /// finishes `target` with a card of `t` and then the card `x`.
    fn hits_of(&mut self, x: usize, t: usize, target: &N, hits: &mut Vec<Hit<N>>) -> Result<(), NoTwoSteps> {
        // By index: each pair's keys are made (and the memo borrowed
        // mutably) on the way.
        for split in 0..self.sets[t].splits.len() {
            let (a, b) = self.sets[t].splits[split];
            // A card `y` and a pair `p`.
            let (y, p) = if self.sets[a].cards == 1 { (a, b) } else { (b, a) };
            self.ensure_keys(p);
            let (sets, ops, domain) = (&self.sets, self.ops, self.domain);
            let values = |set: usize| sets[set].values.as_deref().expect("cards and pairs have their values");
            let steps = self
                .two_steps
                .entry((x, y))
                .or_insert_with(|| two_steps(ops, domain, &values(x)[0], &values(y)[0], target));
            let steps = steps.as_ref().map_err(|no| *no)?;
            let keys = sets[p].keys.as_ref().expect("made above");
            // Most pairs have no value among the steps: one test of their filters says so.
            if !steps.may_meet(keys) {
                continue;
            }
            for (at, v) in values(p).iter().enumerate() {
                for TwoStep { u, outer, inner, .. } in steps.with(v, keys.key(at)) {
                    hits.push(Hit { u: u.clone(), outer: *outer, inner: *inner, y, p, at });
                }
            }
        }
        Ok(())
    }

    /// The combos of `hits` (sorted by `u`) for the card `x` and triple `t`.
    fn combos_of_hits(
        &mut self,
        nodes: &mut Nodes,
        x: usize,
        t: usize,
        hits: &[Hit<N>],
        combos: &mut Vec<Combo>,
    ) -> Option<()> {
        let card = self.list_at(nodes, x, 0)?;
        for same_u in hits.chunk_by(|a, b| a.u == b.u) {
            let u = &same_u[0].u;
            let list = match self.asked.get(&(t, u.clone())) {
                Some(&known) => known,
                None => {
                    let list = self.triple_list(nodes, t, same_u)?;
                    self.asked.insert((t, u.clone()), list);
                    list
                }
            };
            if list.is_empty() {
                continue;
            }
            let mut finishes: SmallVec<[(Op, bool); 6]> = same_u.iter().map(|hit| hit.outer).collect();
            finishes.sort_unstable();
            finishes.dedup();
            for (op, card_first) in finishes {
                combos.push(if card_first { (op, card, list) } else { (op, list, card) });
            }
        }
        Some(())
    }

    /// The expressions of triple `t` worth the `u` of `hits`, from the
    /// ways the hits found (a way is found once per finish of `u`).
    fn triple_list(&mut self, nodes: &mut Nodes, t: usize, hits: &[Hit<N>]) -> Option<List> {
        // A few ways, most found once or twice: kept sorted and distinct
        // as they come, cheaper than sorting and deduplicating a copy.
        let mut ways: SmallVec<[TripleWay; 8]> = SmallVec::new();
        for h in hits {
            let way = (h.inner, h.y, h.p, h.at);
            let at = ways.iter().position(|w| *w >= way).unwrap_or(ways.len());
            if ways.get(at) != Some(&way) {
                ways.insert(at, way);
            }
        }
        // Not `with_capacity`: it returns the inline array by value, a copy.
        let mut parts: SmallVec<[Combo; 8]> = SmallVec::new();
        for &((op, card_first), y, p, at) in &ways {
            let (card, pair) = (self.list_at(nodes, y, 0)?, self.list_at(nodes, p, at)?);
            if !pair.is_empty() {
                parts.push(if card_first { (op, card, pair) } else { (op, pair, card) });
            }
        }
        Some(self.push_combos(nodes, t, &parts))
    }
}
