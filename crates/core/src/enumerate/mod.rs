//! Every solution of a hand, as a stream.
//!
//! Listing distinct solutions needs *all* of them, not the first one, and no
//! pruning that could lose one: the canonical forms decide later which are
//! the same. The enumeration works in two passes over the sub-multisets of
//! the hand:
//!
//! 1. bottom up, the set of values each sub-multiset can make under the
//!    rules (operator set and domain applied at every step);
//! 2. top down, goal directed: to make `v` from a set of cards, split it in
//!    two, take a value `a` the left part makes and solve `a op b = v` for
//!    the `b` the right part must make. Only expressions that reach the
//!    target are ever built.
//!
//! Sub-multisets are memoized by their sorted cards in an [`Enumerator`], so
//! equal cards are one sub-multiset, and hands that share a sub-hand (1820
//! hands of four cards 1..13 have only 455 distinct triples) share its value
//! set and the expressions it makes for each value asked of it. Arithmetic
//! runs on 64-bit rationals; if any value of the first pass overflows, the
//! hand is enumerated again with big rationals, so a solution is never lost
//! to overflow.

mod by_value;
mod dense;
mod enumerator;
mod finish;
mod four;
mod list;
mod nodes;
mod parts;
mod sets;
#[cfg(test)]
mod tests;
mod top_down;
mod trees;

use hashbrown::HashMap;
use smallvec::SmallVec;

use crate::budget::MemoryBudget;
use crate::number::{Number, Rational};
use crate::rules::{CardUse, Domain, Op, OpSet, Rules};
use crate::strategy::most_bytes_listed;
use crate::values::make::{self, Keep, Part, Unmade};
use crate::values::ways::{Way, Ways};
use crate::values::{CardIds, Key, PAIR_SLOTS, Subsets, key, sub_multisets};

use self::by_value::ValueKeys;
use self::dense::Dense;
pub use self::enumerator::{Enumerator, Solution, TooManySolutions, all_solutions, for_each_solution};
use self::finish::{Finishers, Positions, TwoStepsByCards, position};
use self::four::TripleLists;
use self::list::{ChainEnd, Grouping, List, TwinFacts, ids};
pub use self::nodes::{Node, NodeId, Nodes};
use self::parts::RepeatedSplits;
use self::top_down::most_pairs;
pub use self::trees::{Rewrites, Trees};

/// The bytes a node takes in [`Nodes`]: the node and its chain end.
const NODE_BYTES: usize = std::mem::size_of::<Node>() + std::mem::size_of::<ChainEnd>();

/// The nodes an enumerator makes room for when it is made: grown from
/// nothing, they would be copied a dozen times over while the first few
/// hundred hands are listed. Untouched room costs next to nothing.
const NODE_ROOM: usize = 1 << 15;

/// The sub-multisets a memo makes room for when it is made: a set is a
/// few hundred bytes, and growing the list of them step by step from
/// nothing copies it over and over while the first hands are listed.
const SET_ROOM: usize = 1 << 10;

/// The two-step finishers a memo makes room for: one per ordered pair of
/// the card ids that have slots of their own (see [`Subsets`]), a few
/// hundred bytes each.
const TWO_STEPS_ROOM: usize = PAIR_SLOTS;

/// Past this many nodes, the nodes and the memo of expressions are dropped
/// before the next hand: they only save time, and a run over many large
/// hands must not grow without bound.
const EXPR_MEMO_LIMIT: usize = 1 << 18;

/// The two passes in number type `N`, memoized by sorted sub-multiset.
#[derive(Debug)]
struct Memo<N> {
    ops: OpSet,
    domain: Domain,
    grouping: Grouping,
    cards: CardIds<Rational>,
    /// Each sub-multiset of cards met, by place.
    sets: Subsets<Set<N>>,
    /// Which nodes are the expressions worth a value of a set that has no
    /// value list (see [`EAGER_CARDS`]); sets with one keep theirs, and
    /// triples listed by `four` keep theirs too.
    asked: HashMap<(usize, N), List>,
    /// The splits of sub-multisets with equal cards, by pattern.
    repeated_splits: RepeatedSplits,
    /// The finishers met at a top split, kept for their room.
    met: Vec<(Op, bool, usize, usize)>,
    /// The ways a hand's two parts make the target, kept for their room.
    top: Vec<Combo>,
    /// How a pair's values finish the target through two cards, by the
    /// two cards' ids (outer, inner); see `four`.
    two_steps: TwoStepsByCards<N>,
    /// What a card and a triple found, kept empty for the next (see `four`).
    hits: Option<Box<four::ByPartner<N>>>,
    /// The memory a hand may take: its nodes and raw solutions together
    /// may take [`most_bytes_listed`] of it (see
    /// [`Enumerator::with_memory_budget`]).
    budget: MemoryBudget,
    /// The raw solutions the hand's top combos found so far may make:
    /// counted as they are found, so that the lists still to be made are
    /// refused as soon as they would not fit beside them.
    top_solutions: usize,
    /// Whether the last hand was refused for the budget: the `None` that
    /// ended it is no overflow.
    refused: bool,
}

/// Sub-multisets of up to this many cards get their value set as soon as
/// they are met (and share it across hands). Larger ones, whose sets are
/// large and costly (a Countdown hand's five-card parts), are only asked
/// "which expressions make `v`?", answered top down from their parts.
const EAGER_CARDS: usize = 4;

/// Sub-multisets of up to this many cards keep how each of their values
/// is made (see `ways`). Four cards would make them faster to list too,
/// but a census of five-card hands holds 1820 such sets of thousands of
/// ways each, twice the memory for no gain in time.
const WAYS_CARDS: usize = 3;

/// A sub-multiset of cards: its values and its splits. Laid out in
/// order, so that what a hand reads of each of its parts sits together
/// in the first 64 bytes, what a triple keeps for four-card hands next,
/// and what is read when a set is made last: the sets of a listing are
/// some 200 KB, read cold hand after hand, and a hand's reads spread
/// over all four of a set's cache lines miss more often.
#[derive(Debug)]
#[repr(C)]
struct Set<N> {
    /// The number of cards.
    cards: usize,
    /// Every value it makes, sorted and distinct; `None` until needed for
    /// a set of more than [`EAGER_CARDS`] cards.
    values: Option<Box<[N]>>,
    /// Which nodes are the expressions worth each of `values`, by
    /// position, once asked.
    lists: Box<[Option<List>]>,
    /// The order keys of its values, for a pair once it was looked up
    /// (see `by_value`).
    keys: Option<Box<ValueKeys>>,
    /// How its values finish the target, once it was the walked side of a
    /// top split.
    finishers: Option<Box<Finishers<N>>>,
    /// Where each value is, once it was the looked-up side of a top split.
    positions: Option<Box<Positions>>,
    /// What a triple without values keeps for the hands of four cards
    /// that hold it, once one did (see `four`). Inline, not boxed: every
    /// such hand reads its splits right after this set, and a box is one
    /// more cold line to wait for.
    triple: Option<TripleLists<N>>,
    /// Its splits into two non-empty parts, as indices into `sets`, each
    /// unordered pair once.
    splits: Box<[(usize, usize)]>,
    /// The same values as plain integers, when they are all whole.
    whole: Option<Box<[i64]>>,
    /// How each of `values` is made from its parts' values, for a set
    /// whose values were made in rationals when it was met.
    ways: Option<Ways>,
    /// Which trees its lists hold.
    grouping: Grouping,
    /// The card's id, for a single card (its value is the memo's, by id).
    card: Option<u8>,
}

impl<N: Number> Set<N> {
    fn with_values(&mut self, SetValues { values, whole, dense, ways }: SetValues<N>) {
        self.lists = vec![None; values.len()].into_boxed_slice();
        self.whole = whole;
        self.ways = ways;
        self.positions = dense.map(|dense| Box::new(Positions::dense(dense)));
        self.values = Some(values);
    }
}

/// A set's values, sorted and distinct.
struct SetValues<N> {
    values: Box<[N]>,
    /// The same as plain integers, when they are all whole in a
    /// whole-number domain.
    whole: Option<Box<[i64]>>,
    /// Their index, when the integers that made them already hold it.
    dense: Option<Dense>,
    /// How each is made, when that was kept.
    ways: Option<Ways>,
}

/// How to finish a value from two parts: `left op right`, each part's
/// expressions a list of nodes.
type Combo = (Op, List, List);

/// A value `b` that may finish: `(op, a_first, b, where b is among the
/// other part's values when it has them)`.
type Partner<N> = (Op, bool, N, Option<usize>);

impl<N: Number> Memo<N> {
    /// An empty memo whose hands keep within `budget`.
    fn new(ops: OpSet, domain: Domain, grouping: Grouping, budget: MemoryBudget) -> Memo<N> {
        Memo {
            ops,
            domain,
            grouping,
            cards: CardIds::new(),
            // Room for the sub-multisets of a few hundred hands, as for nodes.
            sets: Subsets::with_room(SET_ROOM),
            asked: HashMap::new(),
            repeated_splits: RepeatedSplits::default(),
            met: Vec::new(),
            top: Vec::new(),
            two_steps: TwoStepsByCards::with_room(TWO_STEPS_ROOM),
            hits: None,
            budget,
            top_solutions: 0,
            refused: false,
        }
    }

    /// Counts the raw solutions the top combos from `counted` on may make
    /// (and moves `counted` past them); `None`, the hand refused, if they
    /// and the nodes made so far would take more than the budget.
    fn count_top_solutions(&mut self, nodes: &Nodes, combos: &[Combo], counted: &mut usize) -> Option<()> {
        self.top_solutions = self.top_solutions.saturating_add(most_pairs(&combos[*counted..]));
        *counted = combos.len();
        self.within_budget(nodes.len())
    }

    /// `None`, the hand refused, if `nodes` nodes and the raw solutions of
    /// the top combos counted so far would take more than the budget.
    #[inline]
    fn within_budget(&mut self, nodes: usize) -> Option<()> {
        let solutions = self.top_solutions.saturating_mul(std::mem::size_of::<Solution>());
        if nodes.saturating_mul(NODE_BYTES).saturating_add(solutions) > most_bytes_listed(self.budget) {
            return self.refuse();
        }
        Some(())
    }

    /// Was the last hand refused for the budget, not ended by an overflow?
    /// Forgotten once told.
    fn take_refused(&mut self) -> bool {
        std::mem::take(&mut self.refused)
    }

    /// Notes that the hand is refused for the budget: `None`, which ends it.
    #[cold]
    fn refuse<T>(&mut self) -> Option<T> {
        self.refused = true;
        None
    }

    fn forget_lists(&mut self) {
        self.asked.clear();
        for set in self.sets.iter_mut() {
            set.lists.iter_mut().for_each(|list| *list = None);
            if let Some(triple) = &mut set.triple {
                triple.forget_lists();
            }
        }
    }

    /// Every solution of `cards` (sorted) under `rules`, handed to `visit`;
    /// `None`, before anything is visited, if some arithmetic overflowed or
    /// the hand is refused for the budget (then `refused` is set).
    fn solutions(
        &mut self,
        nodes: &mut Nodes,
        cards: &[Rational],
        rules: &Rules,
        visit: &mut dyn FnMut(Solution, &Nodes),
    ) -> Option<()> {
        if !self.cards.has_room_for(cards.len()) {
            *self = Memo::new(self.ops, self.domain, self.grouping, self.budget);
        }
        let cards = self.cards.ids_of(cards);
        self.top_solutions = 0;
        let target = N::from_rational(rules.target);
        // The target is the value of a solution's last step, which the
        // domain holds like every other step (as the search and the oracle
        // do): outside it, only a lone card, which takes no step, can be a
        // solution.
        let reachable = self.domain.allows(&target);
        // A chain grouped from the left passes through values between its
        // parts and its result, which is in the domain when there are steps.
        let grouping = self.grouping_of(&cards);
        // Room for every sub-multiset of a small hand at once, instead of
        // growing the memo step by step.
        self.sets.reserve(1 << cards.len().min(8));
        // Everything that can overflow happens before anything is visited.
        // The whole hand's values are never built: the target is reached
        // from its parts.
        let mut lists = Vec::new();
        if rules.card_use == CardUse::Subset {
            for subset in sub_multisets(&cards) {
                if subset.len() < cards.len() && (reachable || subset.len() == 1) {
                    let id = self.set_of(&subset, true)?;
                    lists.push(self.list_of(nodes, id, &target)?);
                }
            }
        }
        let mut combos = std::mem::take(&mut self.top);
        combos.clear();
        if cards.len() == 1 {
            let id = self.set_of(&cards, true)?;
            lists.push(self.list_of(nodes, id, &target)?);
        } else if !reachable {
            // No last step ends outside the domain.
        } else if cards.len() == 4 && !target.is_zero() {
            // The triples' value sets are left unmade: see `four`.
            let mut top = four::FourSplits::new();
            self.four_card_splits(&cards, &mut top)?;
            self.four_card_combos(nodes, &top, (&target, grouping), &mut combos)?;
        } else {
            let top = self.split_ids(&cards, true)?;
            self.top_combos(nodes, &top, &target, &mut combos)?;
        }
        // Each solution is a node of a lone list or a pair of a combo's
        // lists: their number is bounded before any is visited, and a
        // caller that keeps them all stores that many beside the nodes.
        let lone = lists.iter().map(|list| list.len()).fold(0, usize::saturating_add);
        self.top_solutions = most_pairs(&combos).saturating_add(lone);
        if self.within_budget(nodes.len()).is_none() {
            self.top = combos;
            return None;
        }
        let nodes = &*nodes;
        for list in lists {
            for e in ids(list.all()) {
                visit(Solution::of(nodes.get(e)), nodes);
            }
        }
        for &(op, ls, rs) in &combos {
            grouping.for_each_pair(op, ls, rs, &nodes.chain_ends, |l, r, _| visit(Solution::Binary(op, l, r), nodes));
        }
        self.top = combos;
        Some(())
    }
}
