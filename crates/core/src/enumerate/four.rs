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

use super::finish::{NoTwoSteps, PARTNERS, TwoStep, TwoSteps, two_steps};
use super::{ChainEnd, Combo, Grouping, List, Memo, NodeId, Nodes};
use crate::values::{SLOTTED_IDS, pair_slot, small_slot, triple_slot};

/// What a hand's single card and triple found for one value `u` of the
/// triple: the values (at `at`) of the pair of a split (among
/// `TripleLists::splits`) that make `u` with the split's card, `u` making
/// the target with the single card.
#[derive(Debug)]
pub(super) struct Hits<N> {
    /// `u`, once hit.
    u: Option<N>,
    /// The ways the triple makes `u`, as bits of a set that counts up in
    /// the order of (inner step, split, position): sorted and distinct as
    /// they come. A position is below six (a pair has at most six values),
    /// a split below three, an inner step below eight: each word holds
    /// the ways of one inner operator, in the order of `Op::ALL`.
    ways: [u64; 4],
    /// How `u` finishes the target with the single card: a bit per outer step.
    finishes: u8,
}

impl<N: Number> Hits<N> {
    const NONE: Hits<N> = Hits { u: None, ways: [0; 4], finishes: 0 };

    fn add(&mut self, steps: &TwoSteps<N>, step: &TwoStep, split: usize, at: usize) {
        debug_assert!(at < 8 && split < 4);
        let u = || &steps.us[usize::from(step.u)];
        debug_assert!(self.u.as_ref().is_none_or(|known| known == u()), "one u per place");
        // Looked up only for the first way of each `u`.
        self.u.get_or_insert_with(|| u().clone());
        let way = side_bit(step.inner) << 5 | split << 3 | at;
        self.ways[way / 64] |= 1 << (way % 64);
        self.finishes |= 1 << side_bit(step.outer);
    }
}

impl<N> Hits<N> {
    /// The finishes of `u` that `grouping` makes any tree of: `x - T`
    /// joins no sum `T` when sums are grouped, nor `x / T` a product when
    /// products are, so with no way to the other kind (see `ways`) those
    /// finishes make nothing.
    ///
    /// Nor does `x + T` join a sum `T` unless its last part comes no later
    /// than the card `x` among the nodes. A sum made by `-` ends with an
    /// inverted part, which never does, and one made as `y + v` ends no
    /// earlier than the card `y` (and the node `v`, a part): `ends_by`
    /// says whether a word of those ways may make one that does. The
    /// same holds for `x * T` and products. The triple's cards are the
    /// hand's, so it groups its chains as the hand does.
    fn finishes_made(&self, grouping: Grouping, ends_by: impl Fn(Op, u64) -> bool) -> u8 {
        let word = |op: Op| self.ways[op as usize];
        let (sums, products) = (word(Op::Add) | word(Op::Sub) != 0, word(Op::Mul) | word(Op::Div) != 0);
        let mut made = self.finishes;
        if grouping.drops_right_chains(Op::Sub) && !products {
            made &= !(1 << side_bit((Op::Sub, true)));
        }
        if grouping.drops_right_chains(Op::Div) && !sums {
            made &= !(1 << side_bit((Op::Div, true)));
        }
        for (op, other_kind) in [(Op::Add, products), (Op::Mul, sums)] {
            let finish = 1 << side_bit((op, true));
            if made & finish != 0 && !other_kind && grouping.groups_chains(op) && !ends_by(op, word(op)) {
                made &= !finish;
            }
        }
        made
    }
}

/// The hits of a card and a triple, by the place of their `u` among the
/// card's partners (see `TwoSteps::us`).
pub(super) type ByPartner<N> = [Hits<N>; PARTNERS];

/// What a triple without values keeps for the hands of four cards that
/// hold it.
#[derive(Debug)]
pub(super) struct TripleLists<N> {
    /// Its splits into a card and a pair, `(y, p)`, in the order of `y`
    /// (the order its ways are listed in): the first `count` of them.
    splits: [(usize, usize); 3],
    count: usize,
    /// Which nodes are the expressions worth each value it was asked for,
    /// sorted by value: a dozen or so, looked up faster than hashed.
    asked: Vec<(N, List)>,
}

impl<N> TripleLists<N> {
    /// Drops the lists, whose nodes are dropped.
    pub(super) fn forget_lists(&mut self) {
        self.asked.clear();
    }
}

/// The values a triple is first made room for in its list of asked
/// values: 1..13 ask one for eleven on average.
const ASKED_ROOM: usize = 16;

/// A list of asked values shorter than this is scanned, a longer one bisected.
const SCANNED_ASKED: usize = 32;

/// A triple's splits into a card and a pair, in order (see `TripleLists::splits`).
type CardSplits = [(usize, usize)];

/// The splits of a hand of four cards: its two-and-two splits, then its
/// single cards against the other three. Seven at most, in a plain array:
/// a small vector checks where its items live on every push.
pub(super) struct FourSplits {
    splits: [(usize, usize); 7],
    len: usize,
    /// How many of them, first, are two-and-two splits.
    pairings: usize,
}

impl FourSplits {
    /// No splits yet. Filled in place by [`Memo::four_card_splits`]:
    /// returned, the array would be copied on the way.
    pub(super) fn new() -> FourSplits {
        FourSplits { splits: [(0, 0); 7], len: 0, pairings: 0 }
    }

    fn push(&mut self, split: (usize, usize)) {
        self.splits[self.len] = split;
        self.len += 1;
    }

    /// Pushes a two-and-two split unless it is there already, either way
    /// round: equal cards make the same pairing twice.
    #[inline]
    fn push_pairing(&mut self, split: (usize, usize)) {
        if !self.as_slice().iter().any(|&(l, r)| (l, r) == split || (r, l) == split) {
            self.push(split);
        }
    }

    pub(super) fn as_slice(&self) -> &[(usize, usize)] {
        &self.splits[..self.len]
    }
}

impl<N: Number> Memo<N> {
    /// Fills `splits`, empty, with the splits of the four cards `ids`
    /// (sorted), each way of splitting equal cards once, with the smaller
    /// cards on the left (as [`Memo::split_ids`] makes them, without its
    /// masks and lists: every hand of a listing asks this once); `None`
    /// on overflow.
    pub(super) fn four_card_splits(&mut self, ids: &[u8], splits: &mut FourSplits) -> Option<()> {
        let ids: [u8; 4] = ids.try_into().expect("four cards");
        if self.stored_four_card_splits(ids, splits) {
            debug_assert_eq!(splits.as_slice(), self.split_ids(&ids, false)?.as_slice(), "{ids:?}");
            return Some(());
        }
        // The three ways to pair them: a pair, then the other two cards
        // (in the order of [`Memo::split_ids`]).
        let [a, b, c, d] = ids;
        for (pair, other) in [([b, c], [a, d]), ([b, d], [a, c]), ([c, d], [a, b])] {
            splits.push_pairing(self.ordered(&pair, &other, false)?);
        }
        splits.pairings = splits.len;
        self.single_card_splits(&ids, false, |split| splits.push(split))?;
        debug_assert_eq!(splits.as_slice(), self.split_ids(&ids, false)?.as_slice(), "{ids:?}");
        Some(())
    }

    /// [`Memo::four_card_splits`] when every part is stored with a slot of
    /// its own and ids compare as values do, as when hands come in
    /// ascending order: the sorted ids then say which part of each split
    /// comes first, with no comparison of parts, and each part is found
    /// at its slot. False, with `splits` left empty, otherwise.
    fn stored_four_card_splits(&self, [a, b, c, d]: [u8; 4], splits: &mut FourSplits) -> bool {
        if !self.cards.in_value_order() || d >= SLOTTED_IDS {
            return false;
        }
        let Some(slots) = self.sets.slots() else {
            return false;
        };
        let card_set = |id: u8| self.sets.of_card(id);
        // The cards are known to be slotted (the largest is), so their
        // slots need no check against the table's length.
        let stored = |slot: usize, ids: &[u8]| {
            debug_assert_eq!(Some(slot), small_slot(ids));
            Some(slots[slot]? as usize)
        };
        let pair = |x: u8, y: u8| stored(pair_slot(x, y), &[x, y]);
        let triple = |x: u8, y: u8, z: u8| stored(triple_slot(x, y, z), &[x, y, z]);
        let parts = || {
            let pairs = [pair(a, b)?, pair(a, c)?, pair(a, d)?, pair(b, c)?, pair(b, d)?, pair(c, d)?];
            let triples = [triple(a, b, c)?, triple(a, b, d)?, triple(a, c, d)?, triple(b, c, d)?];
            Some((pairs, triples, [card_set(a)?, card_set(b)?, card_set(c)?, card_set(d)?]))
        };
        let Some(([ab, ac, ad, bc, bd, cd], [abc, abd, acd, bcd], [card_a, card_b, card_c, card_d])) = parts() else {
            return false;
        };
        // The pairings, the smaller pair first: the one holding `a`, the
        // smallest card, unless `a = b`, when `b c` is `a c`, no larger
        // than `a d`.
        let pairings = [if a < b { (ad, bc) } else { (bc, ad) }, (ac, bd), (ab, cd)];
        for split in pairings {
            splits.push_pairing(split);
        }
        splits.pairings = splits.len;
        // A single card no smaller than the others' first comes second,
        // and a card equal to the one before it leaves the same rest.
        splits.push((card_a, bcd));
        if b != a {
            splits.push((acd, card_b));
        }
        if c != b {
            splits.push((abd, card_c));
        }
        if d != c {
            splits.push((abc, card_d));
        }
        true
    }

    /// [`Memo::top_combos`] for a hand of four cards, split into `splits`
    /// whose parts of three cards have no values yet; `None` on overflow.
    pub(super) fn four_card_combos(
        &mut self,
        nodes: &mut Nodes,
        splits: &FourSplits,
        (target, grouping): (&N, Grouping),
        combos: &mut Vec<Combo>,
    ) -> Option<()> {
        // The two-and-two splits, whose parts are pairs with their values,
        // met in one call: in order, as one by one.
        let (pairings, singles) = splits.as_slice().split_at(splits.pairings);
        for &(left, right) in pairings {
            self.ensure_values(left)?;
            self.ensure_values(right)?;
        }
        self.top_combos(nodes, pairings, target, combos)?;
        for &(left, right) in singles {
            let (card, rest) = if self.sets[left].cards == 1 { (left, right) } else { (right, left) };
            if self.sets[card].cards == 1 && self.sets[rest].values.is_none() {
                match self.card_and_triple(nodes, card, rest, (target, grouping), combos) {
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
    /// make `target` that the hand's `grouping` may make a tree of,
    /// listing the triple's expressions for the values asked of it.
    fn card_and_triple(
        &mut self,
        nodes: &mut Nodes,
        x: usize,
        t: usize,
        (target, grouping): (&N, Grouping),
        combos: &mut Vec<Combo>,
    ) -> Result<(), NoTwoSteps> {
        if self.sets[t].triple.is_none() {
            let triple = self.triple_lists(t);
            // The pairs' values are looked up by their order keys in
            // every hand that holds the triple: made once, here.
            for &(_, p) in &triple.splits[..triple.count] {
                self.ensure_keys(p);
            }
            self.sets[t].triple = Some(triple);
        }
        // A copy: the memo is borrowed mutably while they are walked.
        let (splits, count) =
            self.sets[t].triple.as_ref().map(|triple| (triple.splits, triple.count)).expect("made above");
        let splits = &splits[..count];
        // One value `u` of the triple at a time, in order: its ways, then
        // how it finishes. The `u` are the partners of `x` whatever the
        // split, so each has its place among them (see `TwoSteps::us`).
        // Kept empty between hands: clearing the few hits a hand makes
        // costs less than zeroing all six. Dropped, not kept, on an error.
        let mut hits = self.hits.take().unwrap_or_else(|| Box::new([const { Hits::NONE }; PARTNERS]));
        debug_assert!(hits.iter().all(|hit| hit.u.is_none() && hit.ways == [0; 4] && hit.finishes == 0));
        let hit = self.hits_of(x, splits, target, &mut hits)?;
        self.combos_of_hits(nodes, (x, t, splits), grouping, (&mut hits, hit), combos).ok_or(NoTwoSteps::Overflow)?;
        self.hits = Some(hits);
        Ok(())
    }

    /// The [`TripleLists`] of triple `t`, with no lists yet; out of line,
    /// as it is made once per triple.
    #[inline(never)]
    fn triple_lists(&self, t: usize) -> TripleLists<N> {
        let (mut splits, of_t) = ([(0, 0); 3], &self.sets[t].splits);
        debug_assert!(of_t.len() <= 3, "a card against the other two, each card once");
        for (split, &(a, b)) in splits.iter_mut().zip(of_t) {
            *split = if self.sets[a].cards == 1 { (a, b) } else { (b, a) };
        }
        // Three at most: an insertion sort costs less than the library's
        // sort sets up.
        for i in 1..of_t.len() {
            for j in (1..=i).rev() {
                if splits[j] < splits[j - 1] {
                    splits.swap(j, j - 1);
                }
            }
        }
        // Room for the dozen or so values a triple is asked for at once,
        // instead of growing step by step.
        TripleLists { splits, count: of_t.len(), asked: Vec::with_capacity(ASKED_ROOM) }
    }

    /// Adds to `hits` every value of a pair of a triple, split into
    /// `splits`, that makes a `u` with the split's card, `u` finishing
    /// `target` with the card `x`; returns which places of `hits` it
    /// filled, a bit each, so that the empty ones are not looked at.
    fn hits_of(
        &mut self,
        x: usize,
        splits: &CardSplits,
        target: &N,
        hits: &mut ByPartner<N>,
    ) -> Result<u8, NoTwoSteps> {
        let mut hit = 0;
        for (split, &(y, p)) in splits.iter().enumerate() {
            let (sets, ops, domain) = (&self.sets, self.ops, self.domain);
            let values = |set: usize| sets[set].values.as_deref().expect("cards and pairs have their values");
            let card = |set: usize| sets[set].card.expect("a split's single card");
            let steps = self
                .two_steps
                .get_or_make((card(x), card(y)), || two_steps(ops, domain, &values(x)[0], &values(y)[0], target));
            let steps = steps.as_ref().map_err(|no| *no)?;
            let keys = sets[p].keys.as_ref().expect("made with the triple's lists");
            // Most pairs have no value among the steps: one test of their filters says so.
            if !steps.steps.may_meet(keys) {
                continue;
            }
            for (at, (v, &probe)) in values(p).iter().zip(keys.probes()).enumerate() {
                for step in steps.steps.with_probe(v, probe) {
                    // The partners of `x` are the same whatever the split's card.
                    hits[usize::from(step.u)].add(steps, step, split, at);
                    hit |= 1 << step.u;
                }
            }
        }
        Ok(hit)
    }

    /// The combos of `hits` for the card `x` and triple `t`, in the order
    /// of their `u`, leaving `hits` empty (unless it returns `None`); the
    /// places filled are the bits of `hit`.
    fn combos_of_hits(
        &mut self,
        nodes: &mut Nodes,
        (x, t, splits): (usize, usize, &CardSplits),
        grouping: Grouping,
        (hits, hit): (&mut ByPartner<N>, u8),
        combos: &mut Vec<Combo>,
    ) -> Option<()> {
        let card = self.list_at(nodes, x, 0)?;
        let x_node = card.card_node().expect("a card's list");
        for place in bits_of(hit.into()) {
            let hit = &mut hits[place];
            // A `u` no finish makes a tree of is not listed here: a hand
            // that can use its list makes it.
            let finishes = hit
                .finishes_made(grouping, |op, word| self.chain_ends_by((x_node, &nodes.chain_ends), splits, op, word));
            if finishes == 0 {
                *hit = Hits::NONE;
                continue;
            }
            let u = hit.u.as_ref().expect("a place with ways has its u");
            // Most triples are asked for a dozen or so values: scanned,
            // they are found faster than bisected.
            let asked = self.asked_of(t);
            let at = if asked.len() < SCANNED_ASKED {
                asked.iter().position(|(made, _)| made >= u).unwrap_or(asked.len())
            } else {
                bisected(asked, u)
            };
            let list = match asked.get(at) {
                Some((made, list)) if made == u => *list,
                _ => {
                    let list = self.triple_list(nodes, t, splits, (u, &hit.ways))?;
                    self.asked_of(t).insert(at, (u.clone(), list));
                    list
                }
            };
            // Each finish once, in order: a bit each.
            if !list.is_empty() {
                for (op, card_first) in sides_of_bits(finishes.into()) {
                    combos.push(if card_first { (op, card, list) } else { (op, list, card) });
                }
            }
            *hit = Hits::NONE;
        }
        Some(())
    }

    /// Could a way among `word`, the ways of `Hits::ways` with the
    /// commutative inner operator `op`, make a chain `y op v` of the
    /// triple split into `splits` that ends no later than `x_node`? Its
    /// card `y` must come no later, and its pair's list for `v` (its
    /// nodes' chain ends among `chain_ends`) hold a part no later or a chain that
    /// `y` may follow. A card not listed yet will come after `x`; a
    /// pair's list not made yet may hold such a chain.
    fn chain_ends_by(
        &self,
        (x_node, chain_ends): (NodeId, &[ChainEnd]),
        splits: &CardSplits,
        op: Op,
        word: u64,
    ) -> bool {
        let additive = op.is_additive();
        bits_of(word).any(|way| {
            // A way's bit in its word: its side, then its split, then its position.
            let ((y, p), at) = (splits[way >> 3 & 3], way & 7);
            let Some(y_node) = self.sets[y].lists[0].and_then(List::card_node).filter(|&y_node| y_node <= x_node)
            else {
                return false;
            };
            self.sets[p].lists[at].is_none_or(|pair| pair.may_end_chain_by(additive, (y_node, x_node), chain_ends))
        })
    }

    /// The lists triple `t` was asked for, by value.
    fn asked_of(&mut self, t: usize) -> &mut Vec<(N, List)> {
        &mut self.sets[t].triple.as_mut().expect("made when first met").asked
    }

    /// The expressions of triple `t`, split into `splits`, worth the `u`
    /// the `ways` (see [`Hits`]) make.
    fn triple_list(
        &mut self,
        nodes: &mut Nodes,
        t: usize,
        splits: &CardSplits,
        (u, ways): (&N, &[u64; 4]),
    ) -> Option<List> {
        // Not `with_capacity`: it returns the inline array by value, a copy.
        let mut parts: SmallVec<[Combo; 8]> = SmallVec::new();
        for (word, &bits) in ways.iter().enumerate() {
            for way in bits_of(bits) {
                let way = word * 64 + way;
                let ((op, card_first), (y, p), at) = (side_of_bit(way >> 5), splits[way >> 3 & 3], way & 7);
                let (card, pair) = (self.list_at(nodes, y, 0)?, self.list_at(nodes, p, at)?);
                if !pair.is_empty() {
                    parts.push(if card_first { (op, card, pair) } else { (op, pair, card) });
                }
            }
        }
        self.push_combos(nodes, t, &parts, u)
    }
}

/// Where `u` is, or would go, among the values of a long list of asked
/// values; out of line, as lists that long are rare.
#[cold]
#[inline(never)]
fn bisected<N: Ord>(asked: &[(N, List)], u: &N) -> usize {
    asked.partition_point(|(made, _)| made < u)
}

/// An operator with the side its operand goes on (true: first) as a bit
/// below 8, the bits counting up in the order of the pairs.
fn side_bit((op, first): (Op, bool)) -> usize {
    op as usize * 2 + usize::from(first)
}

/// The pair of [`side_bit`] `bit`.
fn side_of_bit(bit: usize) -> (Op, bool) {
    (Op::ALL[bit / 2], bit % 2 == 1)
}

/// The pairs of the set bits of `bits` (each a [`side_bit`]), in order.
fn sides_of_bits(bits: u64) -> impl Iterator<Item = (Op, bool)> {
    bits_of(bits).map(side_of_bit)
}

/// The positions of the set bits of `bits`, lowest first.
fn bits_of(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        (bit < 64).then_some(bit)
    })
}
