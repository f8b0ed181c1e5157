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

use hashbrown::HashMap;
use smallvec::SmallVec;

use crate::expr::Expr;
use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{CardUse, Domain, Op, OpSet, Rules};
use crate::values::{Cards, splits, sub_multisets};

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
}

impl Nodes {
    /// The node at `id`.
    pub fn get(&self, id: NodeId) -> Node {
        self.nodes[id.index()]
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

    fn push(&mut self, node: Node) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(node);
        id
    }

    /// The ids from `start` up to the last node.
    fn since(&self, start: usize) -> Span {
        (start as u32, self.nodes.len() as u32)
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

/// A run of consecutive node ids, `start..end`: the expressions of one
/// part worth one value are made one after another.
type Span = (u32, u32);

fn ids((start, end): Span) -> impl Iterator<Item = NodeId> {
    (start..end).map(NodeId)
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
    /// Bumped whenever the nodes are dropped and their ids reused.
    epoch: u64,
    fast: Memo<Rational>,
    big: Option<Memo<BigRational>>,
}

impl Enumerator {
    /// An empty memo for `rules`.
    pub fn new(rules: Rules) -> Enumerator {
        Enumerator { rules, nodes: Nodes::default(), epoch: 0, fast: Memo::new(rules.ops, rules.domain), big: None }
    }

    /// The rules this enumerator applies.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Calls `visit` once for every solution of `hand`; see [`for_each_solution`].
    pub fn for_each_solution(&mut self, hand: &Hand, mut visit: impl FnMut(Expr)) {
        self.visit_solutions(hand, |s, nodes| visit(s.to_expr(nodes)));
    }

    /// Calls `visit` once for every solution of `hand`, with the nodes its
    /// parts are in; the same solutions as [`Enumerator::for_each_solution`].
    pub fn visit_solutions(&mut self, hand: &Hand, mut visit: impl FnMut(Solution, &Nodes)) {
        if self.nodes.len() > EXPR_MEMO_LIMIT {
            self.nodes = Nodes::default();
            self.epoch += 1;
            self.fast.forget_lists();
            if let Some(big) = &mut self.big {
                big.forget_lists();
            }
        }
        let rules = self.rules;
        if self.fast.solutions(&mut self.nodes, hand.cards(), &rules, &mut visit).is_none() {
            let big = self.big.get_or_insert_with(|| Memo::new(rules.ops, rules.domain));
            big.solutions(&mut self.nodes, hand.cards(), &rules, &mut visit).expect("big rationals do not overflow");
        }
    }

    /// Changes whenever node ids are reused for other expressions: what a
    /// caller remembers about nodes is valid while the epoch stays the same.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }
}

/// Past this many nodes, the nodes and the memo of expressions are dropped
/// before the next hand: they only save time, and a run over many large
/// hands must not grow without bound.
const EXPR_MEMO_LIMIT: usize = 1 << 18;

/// The two passes in number type `N`, memoized by sorted sub-multiset.
#[derive(Debug)]
struct Memo<N> {
    ops: OpSet,
    domain: Domain,
    /// Where each sorted multiset of cards is in `sets`.
    index: HashMap<Cards<Rational>, usize>,
    sets: Vec<Set<N>>,
    /// Which nodes are the expressions of a set worth a value.
    lists: HashMap<(usize, N), Span>,
}

/// Sub-multisets of up to this many cards get their value set as soon as
/// they are met (and share it across hands). Larger ones, whose sets are
/// large and costly (a Countdown hand's five-card parts), are only asked
/// "which expressions make `v`?", answered top down from their parts.
const EAGER_CARDS: usize = 4;

/// A sub-multiset of cards: its values and its splits.
#[derive(Debug)]
struct Set<N> {
    /// The card, for a single card.
    card: Option<Rational>,
    /// Every value it makes, sorted and distinct; `None` until needed for
    /// a set of more than [`EAGER_CARDS`] cards.
    values: Option<Box<[N]>>,
    /// Its splits into two non-empty parts, as indices into `sets`, each
    /// unordered pair once.
    splits: Box<[(usize, usize)]>,
    /// The number of cards.
    cards: usize,
}

/// How to finish a value from two parts: `left op right`, each part's
/// expressions a span of nodes.
type Combo = (Op, Span, Span);

impl<N: Number> Memo<N> {
    fn new(ops: OpSet, domain: Domain) -> Memo<N> {
        Memo { ops, domain, index: HashMap::new(), sets: Vec::new(), lists: HashMap::new() }
    }

    fn forget_lists(&mut self) {
        self.lists.clear();
    }

    /// Every solution of `cards` (sorted) under `rules`, handed to `visit`;
    /// `None`, before anything is visited, if some arithmetic overflowed.
    fn solutions(
        &mut self,
        nodes: &mut Nodes,
        cards: &[Rational],
        rules: &Rules,
        visit: &mut dyn FnMut(Solution, &Nodes),
    ) -> Option<()> {
        let target = N::from_rational(rules.target);
        // Everything that can overflow happens before anything is visited.
        // The whole hand's values are never built: the target is reached
        // from its parts.
        let mut lists = Vec::new();
        // A part makes the target only if its values may hold it.
        if rules.card_use == CardUse::Subset && self.domain.allows(&target) {
            for subset in sub_multisets(cards) {
                if subset.len() < cards.len() {
                    let id = self.set_of(&subset)?;
                    lists.push(self.list_of(nodes, id, &target)?);
                }
            }
        }
        let combos = if cards.len() == 1 {
            let id = self.set_of(cards)?;
            lists.push(self.list_of(nodes, id, &target)?);
            Vec::new()
        } else {
            let top = self.split_ids(cards)?;
            self.combos(nodes, &top, &target)?
        };
        let nodes = &*nodes;
        for list in lists {
            for e in ids(list) {
                visit(Solution::of(nodes.get(e)), nodes);
            }
        }
        for (op, ls, rs) in combos {
            for l in ids(ls) {
                for r in ids(rs) {
                    visit(Solution::Binary(op, l, r), nodes);
                }
            }
        }
        Some(())
    }

    /// The index of `cards` (sorted) in `sets`, with its values if it has at
    /// most [`EAGER_CARDS`] cards; `None` on overflow.
    fn set_of(&mut self, cards: &[Rational]) -> Option<usize> {
        if let Some(&id) = self.index.get(cards) {
            return Some(id);
        }
        let set = if let [card] = cards {
            Set { card: Some(*card), values: Some(Box::new([N::from_rational(*card)])), splits: Box::new([]), cards: 1 }
        } else {
            let pairs = self.split_ids(cards)?;
            let values = if cards.len() <= EAGER_CARDS { Some(self.combine_all(&pairs)?) } else { None };
            Set { card: None, values, splits: pairs.into_boxed_slice(), cards: cards.len() }
        };
        self.sets.push(set);
        self.index.insert(Cards::from(cards), self.sets.len() - 1);
        Some(self.sets.len() - 1)
    }

    /// Makes sure set `id` has its values; `None` on overflow.
    fn ensure_values(&mut self, id: usize) -> Option<()> {
        if self.sets[id].values.is_none() {
            let pairs = self.sets[id].splits.clone();
            let values = self.combine_all(&pairs)?;
            self.sets[id].values = Some(values);
        }
        Some(())
    }

    /// The sorted, distinct values made by combining the two parts of
    /// one of `pairs`; `None` on overflow.
    fn combine_all(&mut self, pairs: &[(usize, usize)]) -> Option<Box<[N]>> {
        let mut made = Vec::new();
        for &(left, right) in pairs {
            self.ensure_values(left)?;
            self.ensure_values(right)?;
            let same = left == right;
            for a in self.values(left) {
                for b in self.values(right) {
                    let (ops, count) = orientations(a, b, same);
                    for &(op, x, y) in &ops[..count] {
                        if !self.ops.contains(op) || (op == Op::Div && y.is_zero()) {
                            continue;
                        }
                        let v = op.apply(x, y)?;
                        if self.domain.allows(&v) {
                            made.push(v);
                        }
                    }
                }
            }
        }
        made.sort_unstable();
        made.dedup();
        Some(made.into_boxed_slice())
    }

    /// The values of set `id`, which must have them.
    fn values(&self, id: usize) -> &[N] {
        self.sets[id].values.as_deref().expect("values built before use")
    }

    /// The splits of `cards` (sorted, at least two) as pairs of set indices.
    fn split_ids(&mut self, cards: &[Rational]) -> Option<Vec<(usize, usize)>> {
        let mut pairs = Vec::new();
        for (left, right) in splits(cards) {
            // The smaller cards on the left, so that `1 2` reads `1+2`.
            let (left, right) = if left <= right { (left, right) } else { (right, left) };
            pairs.push((self.set_of(&left)?, self.set_of(&right)?));
        }
        Some(pairs)
    }

    /// The nodes of every expression over set `id` worth `v`; `None` on
    /// overflow.
    fn list_of(&mut self, nodes: &mut Nodes, id: usize, v: &N) -> Option<Span> {
        if let Some(&known) = self.lists.get(&(id, v.clone())) {
            return Some(known);
        }
        let list = if let Some(card) = self.sets[id].card {
            let start = nodes.len();
            if N::from_rational(card) == *v {
                nodes.push(Node::Card(card));
            }
            nodes.since(start)
        } else {
            let splits: SmallVec<[(usize, usize); 32]> = self.sets[id].splits.iter().copied().collect();
            let combos = self.combos(nodes, &splits, v)?;
            // Made after the parts' lists, so that they are consecutive.
            let start = nodes.len();
            for (op, ls, rs) in combos {
                for l in ids(ls) {
                    for r in ids(rs) {
                        nodes.push(Node::Binary(op, l, r));
                    }
                }
            }
            nodes.since(start)
        };
        self.lists.insert((id, v.clone()), list);
        Some(list)
    }

    /// Every way to make `v` by combining the two parts of one of `splits`;
    /// `None` on overflow.
    fn combos(&mut self, nodes: &mut Nodes, splits: &[(usize, usize)], v: &N) -> Option<Vec<Combo>> {
        let mut combos = Vec::new();
        let mut found = Vec::new();
        for &(left, right) in splits {
            let same = left == right;
            let (left, right) = self.walk_and_look(left, right)?;
            for i in 0..self.values(left).len() {
                let a = self.values(left)[i].clone();
                if a.is_zero() && v.is_zero() {
                    // Every value of the other part may finish: list them.
                    self.ensure_values(right)?;
                }
                found.clear();
                self.partners(&a, v, right, same, &mut found)?;
                for (op, left_first, b) in found.drain(..) {
                    let (lm, lv, rm, rv) = if left_first { (left, &a, right, &b) } else { (right, &b, left, &a) };
                    let (ls, rs) = (self.list_of(nodes, lm, lv)?, self.list_of(nodes, rm, rv)?);
                    if ls.0 < ls.1 && rs.0 < rs.1 {
                        combos.push((op, ls, rs));
                    }
                }
            }
        }
        Some(combos)
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
    /// `right` has its values, only the `b` among them; otherwise every
    /// candidate the domain allows, for the caller to ask `right` for.
    ///
    /// An inverse operation that overflows loses nothing when `right` has
    /// its values: its exact result does not fit in `N`, so it is none of
    /// them (they were built without overflow). Otherwise `right` might
    /// make it through values that do fit, so the overflow is reported:
    /// `None`.
    fn partners(&self, a: &N, v: &N, right: usize, same: bool, out: &mut Vec<(Op, bool, N)>) -> Option<()> {
        let made = self.sets[right].values.as_deref();
        let (ops, domain) = (self.ops, self.domain);
        let mut overflowed = false;
        let mut offer = |op: Op, left_first: bool, b: Option<N>| {
            if !ops.contains(op) {
                return;
            }
            let Some(b) = b else {
                overflowed |= made.is_none();
                return;
            };
            let possible = match made {
                Some(made) => holds(made, &b),
                None => domain.allows(&b),
            };
            if !possible {
                return;
            }
            // Equal halves make the same trees either way round: keep
            // one orientation, and for + and * one order of the values.
            let mirrored = !left_first || (op.is_commutative() && *a > b);
            if !(same && mirrored) {
                out.push((op, left_first, b));
            }
        };
        // a + b = v
        offer(Op::Add, true, v.sub(a));
        // a - b = v and b - a = v
        offer(Op::Sub, true, a.sub(v));
        offer(Op::Sub, false, v.add(a));
        // a * b = v: with a = 0 every b works when v = 0 (the caller made
        // sure `right` has its values).
        if a.is_zero() {
            if v.is_zero() {
                for b in made.unwrap_or_default() {
                    offer(Op::Mul, true, Some(b.clone()));
                }
            }
        } else {
            offer(Op::Mul, true, v.div(a));
        }
        // a / b = v with b nonzero: with v = 0, a = 0 and any b.
        if v.is_zero() {
            if a.is_zero() {
                for b in made.unwrap_or_default().iter().filter(|b| !b.is_zero()) {
                    offer(Op::Div, true, Some(b.clone()));
                }
            }
        } else if !a.is_zero() {
            offer(Op::Div, true, a.div(v));
        }
        // b / a = v with a nonzero.
        if !a.is_zero() {
            offer(Op::Div, false, v.mul(a));
        }
        (!overflowed).then_some(())
    }
}

/// Is `v` among the sorted `values`? A few values are scanned: that is
/// faster than bisecting them, and most parts asked are that small.
fn holds<N: Ord>(values: &[N], v: &N) -> bool {
    if values.len() <= 8 { values.contains(v) } else { values.binary_search(v).is_ok() }
}

/// The six ways to combine two values: `+` and `*` once, `-` and `/` both
/// ways round (only one way when both sides are the same sub-multiset, whose
/// values are then drawn from the same set anyway); the first `count` hold.
fn orientations<'a, N>(a: &'a N, b: &'a N, same: bool) -> ([(Op, &'a N, &'a N); 6], usize) {
    let all = [(Op::Add, a, b), (Op::Mul, a, b), (Op::Sub, a, b), (Op::Div, a, b), (Op::Sub, b, a), (Op::Div, b, a)];
    (all, if same { 4 } else { 6 })
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
            Expr::Binary(op, l, r) => {
                let (mut a, mut b) = (unordered(l), unordered(r));
                if op.is_commutative() && a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                format!("({a}{op}{b})")
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

    #[test]
    fn overflow_falls_back_to_big_numbers() {
        let a = 3_037_000_500_i64;
        let target = Rational::from_integer(9_223_372_033_963_249_500);
        let rules = Rules { ops: "*-".parse().unwrap(), ..Rules::with_target(target) };
        let h = Hand::from_integers(&[a, a, a]).unwrap();
        let found: Vec<String> = all_solutions(&h, &rules).iter().map(ToString::to_string).collect();
        assert_eq!(found, [format!("{a}*{a}-{a}")]);
    }

    #[test]
    fn a_shared_enumerator_visits_what_a_fresh_one_does() {
        let rules = Rules::game24();
        let mut shared = Enumerator::new(rules);
        for cards in ["1 2 3 4", "1 2 3 5", "2 3 4 4", "1 1 2 3", "3 3 8 8", "1 2 3 4"] {
            let h = hand(cards);
            let mut ours = Vec::new();
            shared.for_each_solution(&h, |e| ours.push(e));
            assert_eq!(keys(&ours), keys(&all_solutions(&h, &rules)), "{cards}");
            assert_eq!(ours.len(), all_solutions(&h, &rules).len(), "{cards}");
        }
    }
}
