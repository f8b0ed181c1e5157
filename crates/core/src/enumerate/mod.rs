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
mod finish;
mod four;
mod list;
mod parts;
mod ways;
mod whole;

use std::fmt;

use hashbrown::HashMap;
use smallvec::SmallVec;

use crate::combine::combine;
use crate::expr::Expr;
use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{CardUse, Domain, Op, OpSet, Rules};
use crate::strategy::MOST_BYTES_LISTED;
use crate::values::{CardIds, Key, key, sorted_without_repeats, sub_multisets};

use self::by_value::ValueKeys;
use self::finish::{Finishers, Positions, TwoStepsByCards, position};
use self::four::TripleLists;
pub use self::list::Trees;
use self::list::{Grouping, List, PairSink, Tail, Twins, ids};
use self::parts::RepeatedSplits;
use self::ways::{Operand, Way, Ways};
use self::whole::Dense;

/// Where an expression is among an [`Enumerator`]'s [`Nodes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The position in [`Nodes`], for tables indexed by node.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One expression found by an [`Enumerator`]: a card, or an operator over
/// two expressions found before it.
#[derive(Debug, Clone, Copy)]
pub enum Node {
    /// A card.
    Card(Rational),
    /// `left op right`.
    Binary(Op, NodeId, NodeId),
}

/// The expressions an [`Enumerator`] has found, each stored once and
/// shared by every larger expression built on it: a sub-hand's
/// expressions serve every hand that contains it, and a caller can
/// remember what it learned about a node instead of rebuilding a tree.
#[derive(Debug, Default)]
pub struct Nodes {
    nodes: Vec<Node>,
    /// The tail of each node, as a chain.
    tails: Vec<Tail>,
    /// Whether each node is worth less than zero, up to the last node
    /// that is (those after it are not): marked a list at a time, and only
    /// for lists of negative values, so that most lists write nothing.
    below_zero: Vec<bool>,
    /// Bumped whenever the nodes are dropped and their ids reused.
    epoch: u64,
}

impl Nodes {
    /// The node at `id`.
    pub fn get(&self, id: NodeId) -> Node {
        self.nodes[id.index()]
    }

    /// Changes whenever node ids are reused for other expressions: what a
    /// caller remembers about nodes is valid while the epoch stays the same.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Drops every node: their ids will be reused.
    fn clear(&mut self) {
        self.nodes.clear();
        self.tails.clear();
        self.below_zero.clear();
        self.epoch += 1;
    }

    /// Is the expression at `id` worth less than zero? Known without
    /// arithmetic, as every node was made for a value asked of it.
    pub fn is_below_zero(&self, id: NodeId) -> bool {
        self.below_zero.get(id.index()).copied().unwrap_or(false)
    }

    /// Marks the nodes from `start` on, the last made, as worth less than zero.
    fn mark_below_zero(&mut self, start: usize) {
        self.below_zero.resize(start, false);
        self.below_zero.resize(self.nodes.len(), true);
    }

    /// The number of nodes: every id is below it.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True if there are no nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The expression at `id` as a tree.
    pub fn to_expr(&self, id: NodeId) -> Expr {
        match self.get(id) {
            Node::Card(card) => Expr::Num(card),
            Node::Binary(op, l, r) => Expr::binary(op, self.to_expr(l), self.to_expr(r)),
        }
    }

    /// The number of cards in the expression at `id`.
    pub fn cards(&self, id: NodeId) -> usize {
        match self.get(id) {
            Node::Card(_) => 1,
            Node::Binary(_, l, r) => self.cards(l) + self.cards(r),
        }
    }

    fn push(&mut self, node: Node, tail: Tail) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(node);
        self.tails.push(tail);
        id
    }

    /// Pushes `l op r` for every pair `grouping` makes of `left` and `right`.
    #[inline]
    fn push_pairs(&mut self, grouping: Grouping, op: Op, left: List, right: List) {
        grouping.pairs_into(op, left, right, &mut Pushed { nodes: self, op });
    }
}

/// Pushes each pair as a node `l op r`, its tail with it: the tails read
/// are of the lists' nodes, older than any pushed here.
struct Pushed<'a> {
    nodes: &'a mut Nodes,
    op: Op,
}

impl PairSink for Pushed<'_> {
    fn tail(&self, id: NodeId) -> Tail {
        self.nodes.tails[id.index()]
    }

    fn pair(&mut self, l: NodeId, r: NodeId, tail: Tail) {
        self.nodes.nodes.push(Node::Binary(self.op, l, r));
        self.nodes.tails.push(tail);
    }
}

/// One solution as an [`Enumerator`] finds it: its parts are nodes, and
/// the solution itself need never be built, since most solutions are the
/// same as an earlier one at some level.
#[derive(Debug, Clone, Copy)]
pub enum Solution {
    /// A single card (a one-card hand, or one card under [`CardUse::Subset`]).
    Card(Rational),
    /// `left op right`.
    Binary(Op, NodeId, NodeId),
}

impl Solution {
    /// The solution as an expression tree.
    pub fn to_expr(self, nodes: &Nodes) -> Expr {
        match self {
            Solution::Card(card) => Expr::Num(card),
            Solution::Binary(op, l, r) => Expr::binary(op, nodes.to_expr(l), nodes.to_expr(r)),
        }
    }

    fn of(node: Node) -> Solution {
        match node {
            Node::Card(card) => Solution::Card(card),
            Node::Binary(op, l, r) => Solution::Binary(op, l, r),
        }
    }
}

/// Calls `visit` once for every solution of `hand` under `rules`.
///
/// Every expression tree that makes the target is visited, up to the order
/// of the operands of `+` and `*` and up to which of several equal-valued
/// cards sits where: those are the same tree at every level of
/// distinctness, so the stream carries each such tree at least once and
/// usually once. Under [`CardUse::Subset`] the solutions over every
/// non-empty sub-multiset of the cards are visited, single cards included.
/// For many hands under the same rules, an [`Enumerator`] shares the work.
///
/// ```
/// use reckon_core::{for_each_solution, Hand, Rules};
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// let mut found = Vec::new();
/// for_each_solution(&hand, &Rules::game24(), |e| found.push(e.to_string()));
/// assert_eq!(found, ["8/(3-8/3)"]);
/// ```
pub fn for_each_solution(hand: &Hand, rules: &Rules, visit: impl FnMut(Expr)) {
    Enumerator::new(*rules).for_each_solution(hand, visit);
}

/// Every solution of `hand` under `rules`, collected; see [`for_each_solution`].
///
/// ```
/// use reckon_core::{all_solutions, Hand, Rational, Rules};
/// let hand: Hand = "1 2".parse().unwrap();
/// let sums = all_solutions(&hand, &Rules::with_target(Rational::from_integer(3)));
/// assert_eq!(sums.len(), 1);
/// assert_eq!(sums[0].to_string(), "1+2");
/// ```
pub fn all_solutions(hand: &Hand, rules: &Rules) -> Vec<Expr> {
    let mut out = Vec::new();
    for_each_solution(hand, rules, |e| out.push(e));
    out
}

/// Streams every solution of hand after hand under one set of rules,
/// keeping the value sets of sub-hands, and the expressions they make for
/// the values asked of them, between hands.
///
/// Visits exactly what [`for_each_solution`] visits, possibly in another
/// order. The memo of expressions is dropped between hands once it holds
/// more than a few hundred thousand of them; the value sets are kept.
///
/// ```
/// use reckon_core::{Enumerator, Rules};
/// let mut enumerator = Enumerator::new(Rules::game24());
/// let mut count = 0;
/// for cards in ["3 3 8 8", "1 2 3 4", "1 1 1 1"] {
///     enumerator.for_each_solution(&cards.parse().unwrap(), |_| count += 1);
/// }
/// assert_eq!(count, 1 + 52);
/// ```
#[derive(Debug)]
pub struct Enumerator {
    rules: Rules,
    nodes: Nodes,
    fast: Memo<Rational>,
    big: Option<Memo<BigRational>>,
}

impl Enumerator {
    /// An empty memo for `rules`, making every tree.
    pub fn new(rules: Rules) -> Enumerator {
        Enumerator::of_trees(rules, Trees::All)
    }

    /// An empty memo for `rules`, making the trees `trees`: with
    /// [`Trees::LeftGrouped`] it visits fewer solutions, but at least one
    /// of those that group alike, and with
    /// [`Trees::LeftGroupedForFourNums`] fewer still.
    pub fn of_trees(rules: Rules, trees: Trees) -> Enumerator {
        let grouping = Grouping::new(trees, rules.ops, rules.domain);
        // Room for the nodes of a few hundred hands, made at once (see `NODE_ROOM`).
        let nodes =
            Nodes { nodes: Vec::with_capacity(NODE_ROOM), tails: Vec::with_capacity(NODE_ROOM), ..Nodes::default() };
        Enumerator { rules, nodes, fast: Memo::new(rules.ops, rules.domain, grouping), big: None }
    }

    /// The rules this enumerator applies.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Limits the memory the expressions of one hand may take (about a
    /// gigabyte unless told, see [`MOST_BYTES_LISTED`]): the nodes made
    /// for its parts, and, apart, its raw solutions as a caller that keeps
    /// them stores them. A hand past it is refused, before the memory is
    /// spent, with [`TooManySolutions`].
    pub fn with_memory_budget(mut self, bytes: usize) -> Enumerator {
        self.fast.most_bytes = bytes;
        if let Some(big) = &mut self.big {
            big.most_bytes = bytes;
        }
        self
    }

    /// Calls `visit` once for every solution of `hand`; see [`for_each_solution`].
    ///
    /// # Panics
    ///
    /// If the hand is refused (see [`Enumerator::try_visit_solutions`]).
    pub fn for_each_solution(&mut self, hand: &Hand, mut visit: impl FnMut(Expr)) {
        self.visit_solutions(hand, |s, nodes| visit(s.to_expr(nodes)));
    }

    /// Calls `visit` once for every solution of `hand`, with the nodes its
    /// parts are in; the same solutions as [`Enumerator::for_each_solution`].
    ///
    /// # Panics
    ///
    /// If the hand is refused (see [`Enumerator::try_visit_solutions`]):
    /// for hands that may come from a user, call that instead.
    pub fn visit_solutions(&mut self, hand: &Hand, visit: impl FnMut(Solution, &Nodes)) {
        if let Err(refused) = self.try_visit_solutions(hand, visit) {
            panic!("{refused}");
        }
    }

    /// Calls `visit` once for every solution of `hand`, with the nodes its
    /// parts are in, as [`Enumerator::visit_solutions`] does; or, for a hand
    /// whose expressions would take more memory than the budget allows (see
    /// [`Enumerator::with_memory_budget`]), visits nothing and says so. The
    /// refusal comes before the memory is spent: the number of nodes each
    /// part's list is made of, and of raw solutions, is known before any
    /// of them is made.
    ///
    /// ```
    /// use reckon_core::{Enumerator, Rules};
    /// let mut tight = Enumerator::new(Rules::game24()).with_memory_budget(64);
    /// let mut visited = 0;
    /// let refused = tight.try_visit_solutions(&"1 2 3 4".parse().unwrap(), |_, _| visited += 1);
    /// assert_eq!(refused.unwrap_err().to_string(),
    ///     "listing every solution of these 4 cards would take more than about 2 GB of memory; try fewer cards");
    /// assert_eq!(visited, 0);
    /// ```
    pub fn try_visit_solutions(
        &mut self,
        hand: &Hand,
        mut visit: impl FnMut(Solution, &Nodes),
    ) -> Result<(), TooManySolutions> {
        if self.forgets_before_next_hand() {
            self.nodes.clear();
            self.fast.forget_lists();
            if let Some(big) = &mut self.big {
                big.forget_lists();
            }
        }
        let rules = self.rules;
        let refused = TooManySolutions { cards: hand.len() };
        if self.fast.solutions(&mut self.nodes, hand.cards(), &rules, &mut visit).is_some() {
            return Ok(());
        }
        if self.fast.take_refused() {
            return Err(refused);
        }
        let (grouping, most_bytes) = (self.fast.grouping, self.fast.most_bytes);
        let big = self.big.get_or_insert_with(|| Memo { most_bytes, ..Memo::new(rules.ops, rules.domain, grouping) });
        match big.solutions(&mut self.nodes, hand.cards(), &rules, &mut visit) {
            Some(()) => Ok(()),
            None if big.take_refused() => Err(refused),
            None => unreachable!("big rationals do not overflow"),
        }
    }

    /// Will the next hand's [`Enumerator::visit_solutions`] drop the nodes
    /// (and change the epoch)? Until it does, the solutions visited so far
    /// stay valid, so that a caller may enumerate a run of hands before
    /// it reads any of their solutions.
    pub fn forgets_before_next_hand(&self) -> bool {
        self.nodes.len() > EXPR_MEMO_LIMIT
    }

    /// The expressions found so far: those of the last hand's solutions among them.
    pub fn nodes(&self) -> &Nodes {
        &self.nodes
    }

    /// The epoch of the [`Nodes`]: it changes, before a hand's solutions
    /// are visited, whenever node ids are reused.
    pub fn epoch(&self) -> u64 {
        self.nodes.epoch()
    }
}

/// Why the solutions of a hand were not listed: the expressions its parts
/// make, or its raw solutions, would take more memory than reckon allows
/// itself (about 2 GB in all), typically nine distinct cards or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManySolutions {
    /// The cards of the hand.
    cards: usize,
}

impl fmt::Display for TooManySolutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "listing every solution of these {} cards would take more than about 2 GB of memory; try fewer cards",
            self.cards
        )
    }
}

impl std::error::Error for TooManySolutions {}

/// The bytes a node takes in [`Nodes`]: the node and its tail.
const NODE_BYTES: usize = std::mem::size_of::<Node>() + std::mem::size_of::<Tail>();

/// The nodes an enumerator makes room for when it is made: grown from
/// nothing, they would be copied a dozen times over while the first few
/// hundred hands are listed. Untouched room costs next to nothing.
const NODE_ROOM: usize = 1 << 15;

/// The sub-multisets a memo makes room for when it is made: the 559
/// parts of the 1820 hands of four cards 1..13 fit. A set is a few hundred
/// bytes, and growing the list of them step by step copies it over and
/// over.
const SET_ROOM: usize = 1 << 10;

/// The two-step finishers a memo makes room for: one per ordered pair of
/// cards, 169 for 1..13, a few hundred bytes each.
const TWO_STEPS_ROOM: usize = 13 * 13;

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
    /// Where each sub-multiset of cards is in `sets`.
    index: HashMap<Key, usize>,
    /// Where each single card is in `sets`, by card id: every hand asks
    /// for its cards, and an index is cheaper than hashing.
    card_sets: Vec<Option<usize>>,
    /// Where the sets of two or three cards are in `sets`, by
    /// [`small_slot`]; empty until one is stored.
    small_sets: Vec<Option<u32>>,
    sets: Vec<Set<N>>,
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
    /// The most bytes the nodes and the raw solutions of one hand may take
    /// together (see [`Enumerator::with_memory_budget`]).
    most_bytes: usize,
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
    fn with_values(&mut self, Made { values, whole, dense, ways }: Made<N>) {
        self.lists = vec![None; values.len()].into_boxed_slice();
        self.whole = whole;
        self.ways = ways;
        self.positions = dense.map(|dense| Box::new(Positions::dense(dense)));
        self.values = Some(values);
    }
}

/// A set's values, sorted and distinct.
struct Made<N> {
    values: Box<[N]>,
    /// The same as plain integers, when they are all whole in a
    /// whole-number domain.
    whole: Option<Box<[i64]>>,
    /// Their index, when the integers that made them already hold it.
    dense: Option<Dense>,
    /// How each is made, when that was kept.
    ways: Option<Ways>,
}

/// The slots of [`small_slot`]: pairs, then triples.
const SMALL_SLOTS: usize = 16 * 16 + 16 * 16 * 16;

/// Where the sub-multiset `ids` (sorted) of two or three cards is among a
/// memo's `small_sets`, if its ids are below 16: every hand of four cards
/// looks up ten such parts, and an index is cheaper than hashing.
fn small_slot(ids: &[u8]) -> Option<usize> {
    match *ids {
        [a, b] if b < 16 => Some(pair_slot(a, b)),
        [a, b, c] if c < 16 => Some(triple_slot(a, b, c)),
        _ => None,
    }
}

/// The slot of the pair `a b`, ids below 16 (sorted, for a set of two
/// cards; in order, for the outer and inner cards of two-step finishers):
/// masked, so that a caller that knows them below 16 needs no check of the
/// slot's bounds.
fn pair_slot(a: u8, b: u8) -> usize {
    usize::from(a & 15) << 4 | usize::from(b & 15)
}

/// The slot of the triple `a b c`, ids sorted and below 16 (see [`pair_slot`]).
fn triple_slot(a: u8, b: u8, c: u8) -> usize {
    16 * 16 + (usize::from(a & 15) << 8 | usize::from(b & 15) << 4 | usize::from(c & 15))
}

/// How to finish a value from two parts: `left op right`, each part's
/// expressions a list of nodes.
type Combo = (Op, List, List);

/// A value `b` that may finish: `(op, a_first, b, where b is among the
/// other part's values when it has them)`.
type Partner<N> = (Op, bool, N, Option<usize>);

impl<N: Number> Memo<N> {
    fn new(ops: OpSet, domain: Domain, grouping: Grouping) -> Memo<N> {
        Memo {
            ops,
            domain,
            grouping,
            cards: CardIds::new(),
            // Room for the sub-multisets of a few hundred hands, as for nodes.
            index: HashMap::with_capacity(SET_ROOM),
            card_sets: Vec::new(),
            small_sets: Vec::new(),
            sets: Vec::with_capacity(SET_ROOM),
            asked: HashMap::new(),
            repeated_splits: RepeatedSplits::default(),
            met: Vec::new(),
            top: Vec::new(),
            two_steps: TwoStepsByCards::with_room(TWO_STEPS_ROOM),
            hits: None,
            most_bytes: MOST_BYTES_LISTED,
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
        if nodes.saturating_mul(NODE_BYTES).saturating_add(solutions) > self.most_bytes {
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
        for set in &mut self.sets {
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
            *self = Memo { most_bytes: self.most_bytes, ..Memo::new(self.ops, self.domain, self.grouping) };
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
        let parts = 1 << cards.len().min(8);
        self.index.reserve(parts);
        self.sets.reserve(parts);
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
            grouping.for_each_pair(op, ls, rs, &nodes.tails, |l, r, _| visit(Solution::Binary(op, l, r), nodes));
        }
        self.top = combos;
        Some(())
    }

    /// The index of the cards `ids` (sorted) in `sets`, with its values if
    /// `eager` and it has at most [`EAGER_CARDS`] cards; `None` on
    /// overflow.
    #[inline]
    fn set_of(&mut self, ids: &[u8], eager: bool) -> Option<usize> {
        let known = match ids {
            [card] => self.card_sets.get(usize::from(*card)).copied().flatten(),
            _ => small_slot(ids).and_then(|slot| self.small_sets.get(slot).copied().flatten()).map(|at| at as usize),
        };
        let id = match known {
            Some(id) => id,
            None => self.indexed_set(ids)?,
        };
        if eager && ids.len() <= EAGER_CARDS {
            self.ensure_values(id)?;
        }
        Some(id)
    }

    /// [`Memo::set_of`] for cards with no slot of their own (or not stored
    /// yet): found by their key, or stored; out of line.
    #[inline(never)]
    fn indexed_set(&mut self, ids: &[u8]) -> Option<usize> {
        let key = key(ids);
        match self.index.get(&key) {
            Some(&id) => Some(id),
            None => self.new_set(ids, key),
        }
    }

    /// Stores the set of the cards `ids` (sorted), packed as `key`, with
    /// its splits and, for a single card, its value; `None` on overflow.
    fn new_set(&mut self, ids: &[u8], key: Key) -> Option<usize> {
        let mut set = Set {
            card: None,
            values: None,
            whole: None,
            lists: Box::new([]),
            ways: None,
            triple: None,
            finishers: None,
            keys: None,
            positions: None,
            splits: Box::new([]),
            cards: ids.len(),
            grouping: self.grouping_of(ids),
        };
        if let [id] = ids {
            let card = *self.cards.value(*id);
            set.card = Some(*id);
            let value = N::from_rational(card);
            let whole = value.to_i64().map(|v| Box::new([v]) as Box<[i64]>);
            set.with_values(Made { values: Box::new([value]), whole, dense: None, ways: None });
        } else {
            set.splits = match ids {
                [_, _] | [_, _, _] => self.small_splits(ids)?,
                _ => self.split_ids(ids, true)?.into_boxed_slice(),
            };
        }
        let at = self.sets.len();
        if let Some(card) = set.card {
            let card = usize::from(card);
            if self.card_sets.len() <= card {
                self.card_sets.resize(card + 1, None);
            }
            self.card_sets[card] = Some(at);
        }
        self.sets.push(set);
        self.index.insert(key, at);
        if let Some(slot) = small_slot(ids) {
            if self.small_sets.len() <= slot {
                self.small_sets.resize(SMALL_SLOTS, None);
            }
            self.small_sets[slot] = u32::try_from(at).ok();
        }
        Some(at)
    }

    /// The trees made over the cards `ids`: a tree grouped from the left
    /// has its parts as intermediate values, so it stays in the domain
    /// only if the cards are in it (`-2` is a card under non-negative
    /// rules, but `-2+x` may not be a value).
    fn grouping_of(&self, ids: &[u8]) -> Grouping {
        if ids.iter().all(|&id| self.domain.allows(&N::from_rational(*self.cards.value(id)))) {
            self.grouping
        } else {
            Grouping::EVERY
        }
    }

    /// Makes sure set `id` has its values; `None` on overflow.
    #[inline]
    fn ensure_values(&mut self, id: usize) -> Option<()> {
        if self.sets[id].values.is_none() {
            return self.make_values(id);
        }
        Some(())
    }

    /// [`Memo::ensure_values`] for a set without them, out of line.
    #[inline(never)]
    fn make_values(&mut self, id: usize) -> Option<()> {
        let pairs = self.sets[id].splits.clone();
        let values = self.combine_all(&pairs, self.sets[id].cards <= WAYS_CARDS)?;
        self.sets[id].with_values(values);
        Some(())
    }

    /// The sorted, distinct values made by combining the two parts of
    /// one of `pairs`, and how each is made if `with_ways`; `None` on
    /// overflow.
    fn combine_all(&mut self, pairs: &[(usize, usize)], with_ways: bool) -> Option<Made<N>> {
        for &(left, right) in pairs {
            self.ensure_values(left)?;
            self.ensure_values(right)?;
        }
        if let Some(values) = self.combine_whole(pairs) {
            return Some(values);
        }
        // Six results per pair of values at most: room for all of them up
        // front, instead of growing the list step by step.
        let room: usize = pairs.iter().map(|&(l, r)| self.values(l).len() * self.values(r).len() * 6).sum();
        let (mut made, mut ways) =
            if with_ways { (Vec::new(), Vec::with_capacity(room)) } else { (Vec::with_capacity(room), Vec::new()) };
        for &(left, right) in pairs {
            let same = left == right;
            for (i, a) in self.values(left).iter().enumerate() {
                for (j, b) in self.values(right).iter().enumerate() {
                    // One set walked against itself makes `b op a` as the pair `(j, i)`.
                    combine(self.ops, self.domain, a, b, !same, |op, order, v| {
                        if !with_ways {
                            made.push(v);
                        } else if !(same && op.is_commutative() && i > j) {
                            // Equal halves make `a+b` again as `b+a`: one of them.
                            let (left, right) = order.arrange(Operand::new(left, i), Operand::new(right, j));
                            ways.push((v, Way { op, left, right }));
                        }
                    })
                    .ok()?;
                }
            }
        }
        let (values, ways) = if with_ways {
            let (values, ways) = ways::sorted(ways);
            (values, Some(ways))
        } else {
            (sorted_without_repeats(made), None)
        };
        let values = values.into_boxed_slice();
        let whole = if self.domain.whole_numbers_only() { values.iter().map(N::to_i64).collect() } else { None };
        Some(Made { values, whole, dense: None, ways })
    }

    /// [`Memo::combine_all`] in plain integers, for a whole-number domain
    /// whose parts' values all fit in `i64`; `None` otherwise, and when a
    /// result does not fit.
    fn combine_whole(&self, pairs: &[(usize, usize)]) -> Option<Made<N>> {
        if !self.domain.whole_numbers_only() {
            return None;
        }
        let positive_only = self.domain == Domain::PositiveInteger;
        let whole = |id: usize| self.sets[id].whole.as_deref();
        let room = pairs.iter().map(|&(l, r)| Some(whole(l)?.len() * whole(r)?.len() * 6)).sum::<Option<usize>>()?;
        let mut made = Vec::with_capacity(room);
        for &(left, right) in pairs {
            let (a, b) = (self.sets[left].whole.as_deref()?, self.sets[right].whole.as_deref()?);
            whole::combine(self.ops, positive_only, a, b, left == right, &mut made)?;
        }
        let (made, dense) = whole::sorted_without_repeats(made);
        let values = made.iter().map(|&v| N::from_rational(Rational::from_integer(v))).collect();
        Some(Made { values, whole: Some(made.into_boxed_slice()), dense, ways: None })
    }

    /// Can `x / y` be a value of this domain? Whole-number domains skip
    /// divisions that leave a remainder before making the fraction.
    fn may_divide(&self, x: &N, y: &N) -> bool {
        !y.is_zero() && (!self.domain.whole_numbers_only() || x.may_divide_wholly(y))
    }

    /// The values of set `id`, which must have them.
    fn values(&self, id: usize) -> &[N] {
        self.sets[id].values.as_deref().expect("values built before use")
    }

    /// The splits of the cards `ids` (sorted, at least two) as pairs of set
    /// indices, the parts with their values if `eager` (see [`Memo::set_of`]).
    fn split_ids(&mut self, ids: &[u8], eager: bool) -> Option<Vec<(usize, usize)>> {
        // `n` cards have at most 2^(n-1) - 1 splits.
        let mut pairs = Vec::with_capacity((1 << (ids.len().min(12) - 1)) - 1);
        let masks = self.repeated_splits.masks(ids);
        parts::for_each_split(ids, masks, |left, right| {
            pairs.push(self.ordered(left, right, eager)?);
            Some(())
        })?;
        Some(pairs)
    }

    /// [`Memo::split_ids`] of two or three cards `ids` (sorted), with the
    /// parts' values: each card against the others, each way of splitting
    /// equal cards once. Every hand of four cards meets such parts first,
    /// and a mask per split costs more than the splits themselves.
    fn small_splits(&mut self, ids: &[u8]) -> Option<Box<[(usize, usize)]>> {
        let splits = match *ids {
            [a, b] => Box::new([self.ordered(&[a], &[b], true)?]) as Box<[_]>,
            [_, _, _] => {
                let mut splits = Vec::with_capacity(3);
                self.single_card_splits(ids, true, |split| splits.push(split))?;
                splits.into_boxed_slice()
            }
            _ => unreachable!("two or three cards"),
        };
        debug_assert_eq!(*splits, *self.split_ids(ids, true)?, "{ids:?}");
        Some(splits)
    }

    /// Hands `push` each card of `ids` (sorted, three or four cards)
    /// against the others, in the order of [`Memo::split_ids`], with the
    /// parts' values if `eager`; `None` on overflow. A closure, not
    /// `Extend`: a small vector's `extend` by one costs several pushes.
    fn single_card_splits(&mut self, ids: &[u8], eager: bool, mut push: impl FnMut((usize, usize))) -> Option<()> {
        debug_assert!((3..=4).contains(&ids.len()));
        for at in 0..ids.len() {
            // Equal cards leave the same rest.
            if at > 0 && ids[at] == ids[at - 1] {
                continue;
            }
            // The others: those after `at` one place down.
            let mut rest = [0; 3];
            for (k, slot) in rest.iter_mut().enumerate().take(ids.len() - 1) {
                *slot = ids[k + usize::from(k >= at)];
            }
            push(self.ordered(&[ids[at]], &rest[..ids.len() - 1], eager)?);
        }
        Some(())
    }

    /// The sets of the parts `one` and `other` of a split, with their
    /// values if `eager`: the smaller cards on the left, so that `1 2`
    /// reads `1+2`.
    fn ordered(&mut self, one: &[u8], other: &[u8], eager: bool) -> Option<(usize, usize)> {
        let (left, right) = if self.cards.le(one, other) { (one, other) } else { (other, one) };
        Some((self.set_of(left, eager)?, self.set_of(right, eager)?))
    }

    /// The nodes of every expression over set `id` worth `v`; `None` on
    /// overflow.
    fn list_of(&mut self, nodes: &mut Nodes, id: usize, v: &N) -> Option<List> {
        if let Some(values) = &self.sets[id].values {
            return match position(values, v) {
                Some(at) => self.list_at(nodes, id, at),
                None => Some(List::EMPTY),
            };
        }
        if let Some(&known) = self.asked.get(&(id, v.clone())) {
            return Some(known);
        }
        let list = self.make_list(nodes, id, v)?;
        self.asked.insert((id, v.clone()), list);
        Some(list)
    }

    /// [`Memo::list_of`] the value at position `at` of set `id`'s values.
    #[inline]
    fn list_at(&mut self, nodes: &mut Nodes, id: usize, at: usize) -> Option<List> {
        match self.sets[id].lists[at] {
            Some(known) => Some(known),
            None => self.make_list_at(nodes, id, at),
        }
    }

    /// [`Memo::list_at`] for a list not made yet: kept apart, so that a
    /// look-up of a known list is inlined without this one's frame.
    #[inline(never)]
    fn make_list_at(&mut self, nodes: &mut Nodes, id: usize, at: usize) -> Option<List> {
        let list = if let Some(count) = self.sets[id].ways.as_ref().map(|ways| ways.of(at).len()) {
            let mut combos: SmallVec<[Combo; 16]> = SmallVec::new();
            for k in 0..count {
                // By index: the parts' lists may be made (and the memo
                // borrowed mutably) between two ways.
                let ways = self.sets[id].ways.as_ref().expect("checked above");
                let Way { op, left, right } = ways.of(at)[k];
                let ls = self.list_at(nodes, left.set as usize, left.at as usize)?;
                let rs = self.list_at(nodes, right.set as usize, right.at as usize)?;
                if !ls.is_empty() && !rs.is_empty() {
                    combos.push((op, ls, rs));
                }
            }
            let v = self.values(id)[at].clone();
            self.push_combos(nodes, id, &combos, &v)?
        } else {
            let v = self.values(id)[at].clone();
            self.make_list(nodes, id, &v)?
        };
        self.sets[id].lists[at] = Some(list);
        Some(list)
    }

    /// Makes the nodes of every expression over set `id` worth `v`.
    fn make_list(&mut self, nodes: &mut Nodes, id: usize, v: &N) -> Option<List> {
        if let Some(card) = self.sets[id].card.map(|card| *self.cards.value(card)) {
            let made = N::from_rational(card) == *v;
            return Some(if made {
                let (at, twins) = (nodes.push(Node::Card(card), Tail::default()), Twins::of_card(&card));
                if twins.below_zero() {
                    nodes.mark_below_zero(at.index());
                }
                List::card(at, twins)
            } else {
                List::EMPTY
            });
        }
        let splits: SmallVec<[(usize, usize); 32]> = self.sets[id].splits.iter().copied().collect();
        let combos = self.combos(nodes, &splits, v)?;
        self.push_combos(nodes, id, &combos, v)
    }

    /// Makes the nodes of `combos`, the ways set `id` makes `v`, as that
    /// value's list: after the parts' lists, so that they are consecutive,
    /// and products before sums. `None`, before any is made, if they could
    /// take the nodes past the budget (see [`Memo::within_budget`]).
    fn push_combos(&mut self, nodes: &mut Nodes, id: usize, combos: &[Combo], v: &N) -> Option<List> {
        self.within_budget(nodes.len().saturating_add(most_pairs(combos)))?;
        let (start, grouping) = (nodes.len(), self.sets[id].grouping);
        for &(op, ls, rs) in combos {
            if !op.is_additive() {
                nodes.push_pairs(grouping, op, ls, rs);
            }
        }
        let sums = nodes.len();
        for &(op, ls, rs) in combos {
            if op.is_additive() {
                nodes.push_pairs(grouping, op, ls, rs);
            }
        }
        let twins = Twins::of_combos(v, combos);
        if twins.below_zero() {
            nodes.mark_below_zero(start);
        }
        Some(List::of(start, sums, nodes.len(), twins))
    }

    /// [`Memo::combos`] for the whole hand's `target`, pushed onto
    /// `combos`: a split whose parts both have their values meets the
    /// walked part's finishers with the other part's values, with no
    /// arithmetic.
    fn top_combos(
        &mut self,
        nodes: &mut Nodes,
        splits: &[(usize, usize)],
        target: &N,
        combos: &mut Vec<Combo>,
    ) -> Option<()> {
        if target.is_zero() {
            combos.extend(self.combos(nodes, splits, target)?);
            return Some(());
        }
        let mut met = std::mem::take(&mut self.met);
        let mut counted = combos.len();
        for &(left, right) in splits {
            self.count_top_solutions(nodes, combos, &mut counted)?;
            // Two parts with their values meet, the one with fewer walked
            // (as `walk_and_look` picks); otherwise the part without them
            // is asked for the values that finish.
            let (l, r) = (&self.sets[left], &self.sets[right]);
            let (Some(l_values), Some(r_values)) = (&l.values, &r.values) else {
                combos.extend(self.combos(nodes, &[(left, right)], target)?);
                continue;
            };
            let ((walk, walked), (look, looked)) =
                if l_values.len() > r_values.len() { ((right, r), (left, l)) } else { ((left, l), (right, r)) };
            let same = left == right;
            // What the meeting needs is made once per part: checked at once.
            let (walked, looked) = if walked.finishers.is_none()
                || looked.positions.is_none()
                || (looked.cards == 2 && looked.keys.is_none())
            {
                self.prepare_meeting(walk, look, target);
                (&self.sets[walk], &self.sets[look])
            } else {
                (walked, looked)
            };
            let values = walked.values.as_deref().expect("the walked part has its values");
            let finishers = walked.finishers.as_ref().expect("made above");
            let positions = looked.positions.as_ref().expect("made above");
            met.clear();
            let (values_looked, keys) = (looked.values.as_deref().unwrap_or_default(), looked.keys.as_deref());
            // Finishers whose two lists are made are combos at once, until
            // one needs a list made: it and those after it wait for the
            // memo, in order.
            let mut waiting = false;
            finish::meet(finishers, values_looked, positions, keys, |f, b| {
                // Equal halves make the same trees either way round: keep
                // one orientation, and for + and * one order of the values
                // (compared only then: most halves differ).
                let mirrored = || !f.a_first || (f.op.is_commutative() && values[f.at as usize] > f.partner);
                if same && mirrored() {
                    return;
                }
                let a = f.at as usize;
                if !waiting {
                    if let (Some(walked), Some(looked)) = (walked.lists[a], looked.lists[b]) {
                        let (ls, rs) = if f.a_first { (walked, looked) } else { (looked, walked) };
                        if !ls.is_empty() && !rs.is_empty() {
                            combos.push((f.op, ls, rs));
                        }
                        return;
                    }
                    waiting = true;
                }
                met.push((f.op, f.a_first, a, b));
            });
            for &(op, a_first, a, b) in &met {
                let (walked, looked) = (self.list_at(nodes, walk, a)?, self.list_at(nodes, look, b)?);
                let (ls, rs) = if a_first { (walked, looked) } else { (looked, walked) };
                if !ls.is_empty() && !rs.is_empty() {
                    combos.push((op, ls, rs));
                }
            }
        }
        self.met = met;
        self.count_top_solutions(nodes, combos, &mut counted)
    }

    /// Makes what [`Memo::top_combos`] meets the parts `walk` and `look`,
    /// which have their values, with: the finishers of `walk`, the
    /// positions of `look`'s values and, for a pair, their keys. Out of
    /// line, as each is made once per part.
    #[inline(never)]
    fn prepare_meeting(&mut self, walk: usize, look: usize, target: &N) {
        if self.sets[walk].finishers.is_none() {
            self.sets[walk].finishers = Some(Box::new(finish::finishers(self.ops, self.values(walk), target)));
        }
        self.ensure_positions(look);
        if self.sets[look].cards == 2 {
            self.ensure_keys(look);
        }
    }

    /// Every way to make `v` by combining the two parts of one of `splits`;
    /// `None` on overflow.
    fn combos(&mut self, nodes: &mut Nodes, splits: &[(usize, usize)], v: &N) -> Option<Vec<Combo>> {
        let mut combos = Vec::new();
        let mut found = Vec::new();
        for &(left, right) in splits {
            let same = left == right;
            let (left, right) = self.walk_and_look(left, right)?;
            self.ensure_positions(right);
            for i in 0..self.values(left).len() {
                let a = self.values(left)[i].clone();
                if a.is_zero() && v.is_zero() {
                    // Every value of the other part may finish: list them.
                    self.ensure_values(right)?;
                }
                found.clear();
                self.partners(&a, v, right, same, &mut found)?;
                for (op, a_first, b, at) in found.drain(..) {
                    let walked = self.list_at(nodes, left, i)?;
                    let looked = match at {
                        Some(at) => self.list_at(nodes, right, at)?,
                        None => self.list_of(nodes, right, &b)?,
                    };
                    let (ls, rs) = if a_first { (walked, looked) } else { (looked, walked) };
                    if !ls.is_empty() && !rs.is_empty() {
                        combos.push((op, ls, rs));
                    }
                }
            }
        }
        Some(combos)
    }

    /// Makes sure set `id`, which must have its values, has their order
    /// keys: a pair's few values are looked up one by one.
    #[inline]
    fn ensure_keys(&mut self, id: usize) {
        if self.sets[id].keys.is_none() {
            self.make_keys(id);
        }
    }

    #[inline(never)]
    fn make_keys(&mut self, id: usize) {
        let set = &mut self.sets[id];
        set.keys = Some(Box::new(ValueKeys::of(set.values.as_deref().expect("values built before use"))));
    }

    /// Makes sure set `id`, if it has its values, has their index.
    #[inline]
    fn ensure_positions(&mut self, id: usize) {
        let set = &self.sets[id];
        if set.values.is_some() && set.positions.is_none() {
            self.make_positions(id);
        }
    }

    #[inline(never)]
    fn make_positions(&mut self, id: usize) {
        let set = &mut self.sets[id];
        let values = set.values.as_deref().expect("checked by ensure_positions");
        set.positions = Some(Box::new(Positions::of_values(values, set.whole.as_deref())));
    }

    /// The two parts of a split, the one to walk first: it has its values,
    /// and fewer of them when both do. Partners cover both orders.
    fn walk_and_look(&mut self, left: usize, right: usize) -> Option<(usize, usize)> {
        let (l, r) = (&self.sets[left], &self.sets[right]);
        let walk_right = match (&l.values, &r.values) {
            (Some(a), Some(b)) => a.len() > b.len(),
            (None, Some(_)) => true,
            (Some(_), None) => false,
            (None, None) => {
                let walk_right = l.cards > r.cards;
                self.ensure_values(if walk_right { right } else { left })?;
                walk_right
            }
        };
        Some(if walk_right { (right, left) } else { (left, right) })
    }

    /// The ways to finish `v` from a value `a` of the walked part: each
    /// operator with the side `a` goes on (true: `a op b`) and a value `b`
    /// the other part (set `right`) may make, pushed onto `out`. When
    /// `right` has its values, only the `b` among them, with its position;
    /// otherwise every candidate the domain allows, for the caller to ask
    /// `right` for.
    ///
    /// An inverse operation that overflows loses nothing when `right` has
    /// its values: its exact result does not fit in `N`, so it is none of
    /// them (they were built without overflow). Otherwise `right` might
    /// make it through values that do fit, so the overflow is reported:
    /// `None`.
    fn partners(&self, a: &N, v: &N, right: usize, same: bool, out: &mut Vec<Partner<N>>) -> Option<()> {
        let made = self.sets[right].values.as_deref();
        // A quotient left with a remainder is no value of a whole-number
        // domain, but a single card may be worth it (`3/2` is a card even
        // where no step may make it): skip it only when `right` is not one.
        let may_be_quotient = |x: &N, y: &N| !y.is_zero() && (self.sets[right].card.is_some() || self.may_divide(x, y));
        let positions = &self.sets[right].positions;
        let (ops, domain) = (self.ops, self.domain);
        let mut overflowed = false;
        let mut offer = |op: Op, a_first: bool, b: Option<N>, at: Option<usize>| {
            if !ops.contains(op) {
                return;
            }
            let Some(b) = b else {
                overflowed |= made.is_none();
                return;
            };
            let at = match (made, at) {
                (Some(_), Some(at)) => Some(at),
                (Some(made), None) => match positions.as_ref().map_or_else(|| position(made, &b), |p| p.of(made, &b)) {
                    Some(at) => Some(at),
                    None => return,
                },
                (None, _) if domain.allows(&b) => None,
                (None, _) => return,
            };
            // Equal halves make the same trees either way round: keep
            // one orientation, and for + and * one order of the values.
            let mirrored = !a_first || (op.is_commutative() && *a > b);
            if !(same && mirrored) {
                out.push((op, a_first, b, at));
            }
        };
        // a + b = v
        offer(Op::Add, true, v.sub(a), None);
        // a - b = v and b - a = v
        offer(Op::Sub, true, a.sub(v), None);
        offer(Op::Sub, false, v.add(a), None);
        // a * b = v: with a = 0 every b works when v = 0 (the caller made
        // sure `right` has its values).
        if a.is_zero() {
            if v.is_zero() {
                for (at, b) in made.unwrap_or_default().iter().enumerate() {
                    offer(Op::Mul, true, Some(b.clone()), Some(at));
                }
            }
        } else if may_be_quotient(v, a) {
            offer(Op::Mul, true, v.div(a), None);
        }
        // a / b = v with b nonzero: with v = 0, a = 0 and any b.
        if v.is_zero() {
            if a.is_zero() {
                for (at, b) in made.unwrap_or_default().iter().enumerate().filter(|(_, b)| !b.is_zero()) {
                    offer(Op::Div, true, Some(b.clone()), Some(at));
                }
            }
        } else if !a.is_zero() && may_be_quotient(a, v) {
            offer(Op::Div, true, a.div(v), None);
        }
        // b / a = v with a nonzero.
        if !a.is_zero() {
            offer(Op::Div, false, v.mul(a), None);
        }
        (!overflowed).then_some(())
    }
}

/// The most pairs `combos` make, each of a node of its left list and one
/// of its right list: as many raw solutions of a hand for its top combos,
/// or nodes of a list for the combos that make it.
fn most_pairs(combos: &[Combo]) -> usize {
    combos.iter().map(|&(_, ls, rs)| ls.len().saturating_mul(rs.len())).fold(0, usize::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle;
    use std::collections::BTreeSet;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    /// A key that forgets the operand order of `+` and `*`.
    fn unordered(e: &Expr) -> String {
        match e {
            Expr::Num(r) => r.to_string(),
            Expr::Binary(step) => {
                let (mut a, mut b) = (unordered(&step.left), unordered(&step.right));
                if step.op.is_commutative() && a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                format!("({a}{}{b})", step.op)
            }
        }
    }

    fn keys(exprs: &[Expr]) -> BTreeSet<String> {
        exprs.iter().map(unordered).collect()
    }

    #[test]
    fn agrees_with_the_oracle() {
        let cases = [
            ("3 3 8 8", Rules::game24()),
            ("1 2 3 4", Rules::game24()),
            ("0 0 0 0", Rules::with_target(Rational::ZERO)),
            ("0 1 2 12", Rules::game24()),
            ("1 1 1 10", Rules::with_target(Rational::from_integer(10))),
            ("2 2 2 2", Rules::with_target(Rational::from_integer(1))),
            ("1 5 5 5", Rules::game24()),
            ("3 7 25 50", Rules::countdown(Rational::from_integer(75))),
            ("1 2 4 6", Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(3)) }),
            ("2 3 4 -5", Rules { domain: crate::Domain::Integer, ..Rules::with_target(Rational::from_integer(-7)) }),
            // Parts of more than four cards are asked for values, not listed.
            ("1 3 7 10 25 50", Rules::countdown(Rational::from_integer(765))),
            ("1 2 3 4 6", Rules::with_target(Rational::from_integer(97))),
            ("0 1 2 2 3", Rules { card_use: CardUse::Subset, ..Rules::with_target(Rational::ZERO) }),
            // A fraction card is no value of a whole-number domain, but a
            // part that is one card may be asked for it: `(2*1*1)*(3/2)*1`.
            (
                "3/2 2 1 1 1",
                Rules {
                    ops: "*".parse().unwrap(),
                    domain: Domain::Integer,
                    ..Rules::with_target(Rational::from_integer(3))
                },
            ),
            (
                "3 4 2/3 3/2 2",
                Rules {
                    ops: "+*".parse().unwrap(),
                    domain: Domain::Integer,
                    ..Rules::with_target(Rational::from_integer(10))
                },
            ),
            (
                "3/2 3/2 5 6 1",
                Rules {
                    ops: "-*".parse().unwrap(),
                    domain: Domain::PositiveInteger,
                    ..Rules::with_target(Rational::from_integer(3))
                },
            ),
            ("-1 -2 4/3 3/2 7", Rules::countdown(Rational::from_integer(4))),
        ];
        for (cards, rules) in cases {
            let h = hand(cards);
            let ours = all_solutions(&h, &rules);
            let theirs = oracle::solutions(&h, &rules);
            assert_eq!(keys(&ours), keys(&theirs), "{cards} under {rules:?}");
            for e in &ours {
                assert_eq!(e.value_big().unwrap(), rules.target.to_big(), "{e:?}");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 400, ..Default::default() })]

        /// Four cards take their own way to the target (see `four`): the
        /// same solutions as the oracle's, under every domain and operator
        /// set, with zeros, negative cards and fractions, and targets the
        /// domain does not allow.
        #[test]
        fn four_cards_agree_with_the_oracle(
            cards in proptest::collection::vec(proptest::sample::select(vec![-2, 0, 1, 2, 3, 4, 6, 9, 12]), 4),
            half in proptest::bool::ANY,
            target in -6i64..=30,
            ops in proptest::sample::select(vec!["+-*/", "+-*", "-*/", "+-/", "+*", "-/", "*/"]),
            domain in proptest::sample::select(vec![Domain::Rational, Domain::NonNegative, Domain::Integer, Domain::PositiveInteger]),
            card_use in proptest::sample::select(vec![CardUse::All, CardUse::All, CardUse::Subset]),
        ) {
            let mut cards: Vec<Rational> = cards.into_iter().map(Rational::from_integer).collect();
            if half {
                cards[0] = Rational::new(1, 2).unwrap();
            }
            let h = Hand::new(cards).unwrap();
            let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, card_use };
            proptest::prop_assert_eq!(keys(&all_solutions(&h, &rules)), keys(&oracle::solutions(&h, &rules)), "{} under {:?}", h, rules);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 60, ..Default::default() })]

        /// Five cards ask their parts of four for values: the same
        /// solutions as the oracle's, with fraction and negative cards
        /// that whole-number domains exempt, as they exempt every card.
        #[test]
        fn five_cards_agree_with_the_oracle(
            cards in proptest::collection::vec(proptest::sample::select(vec!["-1", "0", "1", "2", "3", "4", "6", "1/2", "3/2", "2/3"]), 5),
            target in -2i64..=12,
            ops in proptest::sample::select(vec!["+-*/", "+*", "-*", "*/", "*"]),
            domain in proptest::sample::select(vec![Domain::Rational, Domain::Integer, Domain::PositiveInteger]),
            card_use in proptest::sample::select(vec![CardUse::All, CardUse::All, CardUse::Subset]),
        ) {
            let h: Hand = cards.join(" ").parse().unwrap();
            let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, card_use };
            proptest::prop_assert_eq!(keys(&all_solutions(&h, &rules)), keys(&oracle::solutions(&h, &rules)), "{} under {:?}", h, rules);
        }
    }

    /// A card worth the target next to a zero: `0*v` makes the zero the
    /// card leaves for every `v`, and the triple's values are made instead.
    #[test]
    fn four_cards_with_a_zero_beside_the_target() {
        for cards in ["0 3 5 24", "0 0 24 24", "0 2 2 24"] {
            let h = hand(cards);
            let rules = Rules::game24();
            assert_eq!(keys(&all_solutions(&h, &rules)), keys(&oracle::solutions(&h, &rules)), "{cards}");
        }
    }

    /// A partner of a card that does not fit sends a hand of four cards
    /// to big numbers, where its solutions are found.
    #[test]
    fn four_cards_that_overflow_agree_with_the_oracle() {
        let a = 3_037_000_500_i64;
        let h = Hand::from_integers(&[a, a, a, 1]).unwrap();
        let rules = Rules { ops: "*-/".parse().unwrap(), ..Rules::with_target(Rational::from_integer(a * (a - 1))) };
        let ours = all_solutions(&h, &rules);
        assert!(!ours.is_empty());
        assert_eq!(keys(&ours), keys(&oracle::solutions(&h, &rules)));
    }

    #[test]
    fn overflow_falls_back_to_big_numbers() {
        let (h, rules) = crate::test_hands::overflowing_product();
        let found: Vec<String> = all_solutions(&h, &rules).iter().map(ToString::to_string).collect();
        let a = h.cards()[0];
        assert_eq!(found, [format!("{a}*{a}-{a}")]);
    }

    /// A key that forgets how each chain of `+` and `-` (or `*` and `/`)
    /// is grouped and in what order its parts come, but not which parts
    /// are subtracted or divided: what tidying an expression forgets.
    fn chains(e: &Expr) -> String {
        fn parts(e: &Expr, additive: bool, inverted: bool, kept: &mut Vec<String>, minus: &mut Vec<String>) {
            match e {
                Expr::Binary(step) if step.op.is_additive() == additive => {
                    parts(&step.left, additive, inverted, kept, minus);
                    parts(&step.right, additive, inverted ^ matches!(step.op, Op::Sub | Op::Div), kept, minus);
                }
                _ if inverted => minus.push(chains(e)),
                _ => kept.push(chains(e)),
            }
        }
        match e {
            Expr::Num(r) => r.to_string(),
            Expr::Binary(step) => {
                let additive = step.op.is_additive();
                let (mut kept, mut minus) = (Vec::new(), Vec::new());
                parts(e, additive, false, &mut kept, &mut minus);
                kept.sort();
                minus.sort();
                let (plus, inverse) = if additive { ('+', '-') } else { ('*', '/') };
                format!("({}{inverse}{})", kept.join(&plus.to_string()), minus.join(&inverse.to_string()))
            }
        }
    }

    fn solutions_of(trees: Trees, h: &Hand, rules: Rules) -> Vec<Expr> {
        let mut out = Vec::new();
        Enumerator::of_trees(rules, trees).for_each_solution(h, |e| out.push(e));
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 600, ..Default::default() })]

        /// Left-grouped trees are some of all trees, and every tree has one
        /// among them that groups and orders its chains alike, under every
        /// domain and operator set.
        #[test]
        fn every_tree_has_a_left_grouped_one_alike(
            cards in proptest::collection::vec(proptest::sample::select(vec![-2, 0, 1, 2, 3, 4, 6, 9, 12]), 2..=6),
            half in proptest::bool::ANY,
            target in -6i64..=30,
            ops in proptest::sample::select(vec!["+-*/", "+-*", "-*/", "+-/", "+*", "-/", "+-", "*/"]),
            domain in proptest::sample::select(vec![Domain::Rational, Domain::NonNegative, Domain::Integer, Domain::PositiveInteger]),
            card_use in proptest::sample::select(vec![CardUse::All, CardUse::Subset]),
        ) {
            let mut cards: Vec<Rational> = cards.into_iter().map(Rational::from_integer).collect();
            if half {
                cards[0] = Rational::new(1, 2).unwrap();
            }
            let h = Hand::new(cards).unwrap();
            let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, card_use };
            let all = solutions_of(Trees::All, &h, rules);
            let left = solutions_of(Trees::LeftGrouped, &h, rules);
            proptest::prop_assert!(keys(&left).is_subset(&keys(&all)), "{h} under {rules:?}");
            let grouped = |list: &[Expr]| list.iter().map(chains).collect::<BTreeSet<_>>();
            proptest::prop_assert_eq!(grouped(&left), grouped(&all), "{} under {:?}", h, rules);
        }
    }

    /// Left-grouped trees skip regroupings: `a-(b-c)` is made as `a+c-b`.
    #[test]
    fn left_grouped_trees_skip_regroupings() {
        let rules = Rules::with_target(Rational::from_integer(5));
        let shown =
            |trees| solutions_of(trees, &hand("2 4 7"), rules).iter().map(ToString::to_string).collect::<Vec<_>>();
        assert!(shown(Trees::All).contains(&"7-(4-2)".to_string()));
        assert!(!shown(Trees::LeftGrouped).contains(&"7-(4-2)".to_string()));
        assert!(shown(Trees::LeftGrouped).iter().any(|s| s == "2+7-4" || s == "7+2-4"));
    }

    /// Left-grouped trees put a chain's parts in one order: a sum of four
    /// cards is made once, not once per order of its parts.
    #[test]
    fn left_grouped_trees_skip_reorderings() {
        let rules = Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(10)) };
        let shown = |trees| solutions_of(trees, &hand("1 2 3 4"), rules).len();
        assert_eq!(shown(Trees::All), 15, "every grouping of the sum, up to the order of the operands of +");
        assert_eq!(shown(Trees::LeftGrouped), 1);
        let rules = Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(4)) };
        let sums: Vec<String> =
            solutions_of(Trees::LeftGrouped, &hand("1 2 3 4"), rules).iter().map(ToString::to_string).collect();
        // 4+3-2-1 and 1+2+4-3 once each, kept parts before inverted ones.
        assert_eq!(sums.len(), 2, "{sums:?}");
        assert!(sums.iter().all(|s| !s.contains("-") || s.rfind('+') < s.find('-')), "{sums:?}");
    }

    #[test]
    fn a_shared_enumerator_visits_what_a_fresh_one_does() {
        let rules = Rules::game24();
        let mut shared = Enumerator::new(rules);
        // Triples first met in a hand of four cards have no values until
        // a hand of five asks for them.
        let hands = ["1 2 3 4", "1 2 3 5", "2 3 4 4", "1 1 2 3", "1 2 3 4 5", "2 3 4 4 6", "3 3 8 8", "1 2 3 4"];
        for cards in hands {
            let h = hand(cards);
            let mut ours = Vec::new();
            shared.for_each_solution(&h, |e| ours.push(e));
            assert_eq!(keys(&ours), keys(&all_solutions(&h, &rules)), "{cards}");
            assert_eq!(ours.len(), all_solutions(&h, &rules).len(), "{cards}");
        }
    }

    /// A triple shared by many hands is asked for many values, past the
    /// length its list of them is scanned at: each hand still visits what
    /// a fresh enumerator does.
    #[test]
    fn a_triple_asked_for_many_values_lists_each() {
        let rules = Rules::game24();
        let mut shared = Enumerator::new(rules);
        for x in (1..=150).rev() {
            let h = Hand::from_integers(&[2, 3, 7, x]).unwrap();
            let mut ours = Vec::new();
            shared.for_each_solution(&h, |e| ours.push(e));
            assert_eq!(keys(&ours), keys(&all_solutions(&h, &rules)), "{h}");
        }
    }

    /// A hand whose nodes or raw solutions would take more than the memory
    /// budget is refused before anything is visited and before the nodes
    /// pass it, whichever part finds it out; within the budget the same
    /// solutions are visited as without one.
    #[test]
    fn a_hand_past_the_memory_budget_is_refused_before_visiting() {
        let rules = Rules::game24();
        let big = hand("1 2 3 4 5 6");
        let all = all_solutions(&big, &rules);
        let mut outcomes = Vec::new();
        for shift in 6..=26 {
            let budget = 1 << shift;
            let mut tight = Enumerator::new(rules).with_memory_budget(budget);
            let mut visited = Vec::new();
            match tight.try_visit_solutions(&big, |s, nodes| visited.push(s.to_expr(nodes))) {
                Ok(()) => {
                    assert_eq!(keys(&visited), keys(&all), "within {budget} bytes");
                    assert_eq!(visited.len(), all.len(), "within {budget} bytes");
                    outcomes.push(true);
                }
                Err(refused) => {
                    assert!(visited.is_empty(), "refused within {budget} bytes, yet visited");
                    // Beside the cards' own nodes, one per card.
                    let made = tight.nodes().len().saturating_sub(big.len());
                    assert!(made * NODE_BYTES <= budget, "nodes past {budget} bytes");
                    assert_eq!(
                        refused.to_string(),
                        "listing every solution of these 6 cards would take more than about 2 GB of memory; try fewer cards"
                    );
                    // The memo is left sound: given room, it lists the
                    // hand, and another, as a fresh one does.
                    let mut roomy = tight.with_memory_budget(MOST_BYTES_LISTED);
                    for h in [&big, &hand("3 3 8 8")] {
                        let mut listed = Vec::new();
                        roomy.for_each_solution(h, |e| listed.push(e));
                        assert_eq!(keys(&listed), keys(&all_solutions(h, &rules)), "{h} after a refusal");
                    }
                    outcomes.push(false);
                }
            }
        }
        // Refused under the smallest budgets, listed under the largest, and
        // never refused under a larger budget than one that lists.
        assert_eq!(outcomes.first(), Some(&false));
        assert_eq!(outcomes.last(), Some(&true));
        assert!(outcomes.windows(2).all(|w| w[0] <= w[1]), "{outcomes:?}");
    }

    /// A budget that holds the nodes but not the raw solutions beside them
    /// refuses the hand: the solutions are counted, with the nodes, before
    /// any is visited.
    #[test]
    fn a_hand_whose_raw_solutions_would_not_fit_is_refused() {
        let rules = Rules::game24();
        let h = hand("1 2 3 4 5 6");
        let mut enumerator = Enumerator::new(rules);
        let mut count = 0;
        enumerator.visit_solutions(&h, |_, _| count += 1);
        let nodes = enumerator.nodes().len() * NODE_BYTES;
        let mut tight = Enumerator::new(rules).with_memory_budget(nodes + std::mem::size_of::<Solution>());
        let mut visited = 0;
        assert!(tight.try_visit_solutions(&h, |_, _| visited += 1).is_err());
        assert_eq!(visited, 0);
        assert!(tight.nodes().len() * NODE_BYTES <= nodes);
        let solutions = count * std::mem::size_of::<Solution>();
        let mut roomy = Enumerator::new(rules).with_memory_budget(nodes + solutions);
        let mut visited = 0;
        assert!(roomy.try_visit_solutions(&h, |_, _| visited += 1).is_ok());
        assert_eq!(visited, count);
    }

    /// A hand that overflows 64 bits and goes on in big numbers is refused
    /// there too, not taken for an overflow again.
    #[test]
    fn a_refusal_in_big_numbers_is_no_overflow() {
        let (h, rules) = crate::test_hands::overflowing_product();
        let mut tight = Enumerator::new(rules).with_memory_budget(8);
        assert!(tight.try_visit_solutions(&h, |_, _| {}).is_err());
        let mut roomy = Enumerator::new(rules);
        let mut found = 0;
        assert!(roomy.try_visit_solutions(&h, |_, _| found += 1).is_ok());
        assert_eq!(found, 1);
    }

    /// Every pair and triple of ids below 16 has a slot of its own, and
    /// larger ids none.
    #[test]
    fn small_parts_have_slots_of_their_own() {
        let mut seen = vec![false; SMALL_SLOTS];
        for a in 0..16u8 {
            for b in a..16 {
                let mut parts = vec![vec![a, b]];
                parts.extend((b..16).map(|c| vec![a, b, c]));
                for ids in parts {
                    let slot = small_slot(&ids).expect("ids below 16");
                    assert!(!std::mem::replace(&mut seen[slot], true), "{ids:?}");
                }
            }
        }
        assert_eq!(small_slot(&[3, 16]), None);
        assert_eq!(small_slot(&[1, 2, 40]), None);
        assert_eq!(small_slot(&[1, 2, 3, 4]), None);
    }
}
