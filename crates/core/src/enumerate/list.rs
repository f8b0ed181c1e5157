//! The expressions of one part worth one value, and the pairs of two such
//! lists an operator joins.
//!
//! A list is a run of consecutive nodes holding its products (top operator
//! `*` or `/`) before its sums (`+` or `-`). An enumerator that makes one
//! grouping of each chain (see [`Trees::LeftGrouped`]) then keeps two
//! products of runs instead of looking at every pair's operators, and
//! orders a chain's parts with one compare of [`Tail`]s per pair.

use crate::number::Number;
use crate::rules::{Op, OpSet};

use super::NodeId;

/// The last part of a chain made by a [`Grouping`] that orders chains:
/// whether it is inverted, then its node id. A part may follow only a
/// tail no greater than its own, which fixes the order of the chain's
/// parts. Meaningless for a node that is not such a chain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Tail {
    inverted: bool,
    part: u32,
}

impl Tail {
    fn new(inverted: bool, part: NodeId) -> Tail {
        Tail { inverted, part: part.0 }
    }
}

/// Which expression trees an [`Enumerator`](super::Enumerator) makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trees {
    /// Every tree, up to the order of the operands of `+` and `*`.
    All,
    /// Of the trees that only group a chain of `+` and `-` (or of `*` and
    /// `/`) differently, such as `a-(b-c)` and `a+c-b`, at least one: no
    /// sum is the right operand of `-` and no two sums are joined by `+`,
    /// and the same for products, `/` and `*`. That one evaluates its
    /// chain from the left (`a+c-b`), so it keeps every intermediate value
    /// inside any domain the others keep theirs in. A chain whose grouping
    /// operator (`+` or `*`) is not allowed keeps every grouping.
    ///
    /// Its parts also come in one order: the kept ones (after `+` or `*`)
    /// before the inverted ones (after `-` or `/`), each in the order of
    /// their node ids, so `a+b+c+d` is made once, not twelve times.
    /// Evaluated in that order, a chain passes through values between its
    /// kept parts' total and its own value, so no domain rejects it where
    /// it accepts the chain.
    ///
    /// Trees that group alike tidy to the same expression and are the same
    /// solution at every level above `syntax`, so listing distinct
    /// solutions needs only these, far fewer than all.
    LeftGrouped,
    /// As [`Trees::LeftGrouped`], and, where `*` is allowed, no tree that
    /// divides a chain of `*` and `/` by a part worth exactly one when the
    /// chain's kept parts (those multiplied) hold one worth neither one
    /// nor minus one: the tree that multiplies by that part instead is
    /// made, and passes through the same values. Where a factor worth one
    /// is a decoration (the `4nums` level), that other kept part keeps
    /// the two trees' decorations the same, so they are one solution, and
    /// the product, with one inverse operator fewer and the same brackets,
    /// reads better wherever the cards are whole and not negative.
    LeftGroupedNoDivisionByOne,
}

/// A run of consecutive node ids, `start..end`.
type Span = (u32, u32);

pub(super) fn ids((start, end): Span) -> impl Iterator<Item = NodeId> {
    (start..end).map(NodeId)
}

/// The expressions of one part worth one value: nodes `start..sums` are
/// products, `sums..end` are sums; or a single card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct List {
    start: u32,
    sums: u32,
    end: u32,
    /// A card is neither a sum nor a product.
    card: bool,
    ones: Ones,
}

/// What a [`Grouping`] that makes no division by one (see
/// [`Trees::LeftGroupedNoDivisionByOne`]) needs to know of a list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Ones {
    /// The list's value is exactly one.
    worth_one: bool,
    /// Every node of the list, read as a chain of `*` and `/` (a node of
    /// another kind as a chain of itself alone), multiplies a part worth
    /// neither one nor minus one.
    keeps_other_factor: bool,
}

impl Ones {
    /// A list of value `v` whose nodes are no products (a card's).
    pub(super) fn of_part<N: Number>(v: &N) -> Ones {
        Ones { worth_one: v.is_one(), keeps_other_factor: !is_plus_or_minus_one(v) }
    }

    /// The list of value `v` made of `combos`: a product keeps the kept
    /// parts of its left chain and, if it multiplies, of its right one.
    pub(super) fn of_combos<N: Number>(v: &N, combos: &[(Op, List, List)]) -> Ones {
        let part = !is_plus_or_minus_one(v);
        let keeps_other_factor = combos.iter().all(|&(op, left, right)| match op {
            Op::Mul => left.ones.keeps_other_factor || right.ones.keeps_other_factor,
            Op::Div => left.ones.keeps_other_factor,
            Op::Add | Op::Sub => part,
        });
        Ones { worth_one: v.is_one(), keeps_other_factor }
    }
}

fn is_plus_or_minus_one<N: Number>(v: &N) -> bool {
    v.is_one() || v.neg().is_some_and(|minus| minus.is_one())
}

impl List {
    pub(super) const EMPTY: List =
        List { start: 0, sums: 0, end: 0, card: false, ones: Ones { worth_one: false, keeps_other_factor: false } };

    /// The single card at `at`.
    pub(super) fn card(at: NodeId, ones: Ones) -> List {
        List { start: at.0, sums: at.0 + 1, end: at.0 + 1, card: true, ones }
    }

    /// Products at `start..sums`, sums at `sums..end`.
    pub(super) fn of(start: usize, sums: usize, end: usize, ones: Ones) -> List {
        let id = |i: usize| u32::try_from(i).expect("fewer than 2^32 nodes");
        List { start: id(start), sums: id(sums), end: id(end), card: false, ones }
    }

    pub(super) fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// Every node of the list.
    pub(super) fn all(self) -> Span {
        (self.start, self.end)
    }

    /// The nodes whose top operator is of the same kind as `+` (when
    /// `additive`) or `*`: those that would extend such a chain.
    fn chains(self, additive: bool) -> Span {
        match (self.card, additive) {
            (true, _) => (self.end, self.end),
            (false, true) => (self.sums, self.end),
            (false, false) => (self.start, self.sums),
        }
    }

    /// The node of a card's list.
    pub(super) fn card_node(self) -> Option<NodeId> {
        self.single().filter(|_| self.card)
    }

    /// Could a chain of `+` (when `additive`) or `*`, made by a grouping
    /// from the part `part` and a node of this list, end no later than
    /// `node`, the part coming no later? A chain of the list whose tail
    /// (among `tails`) the part may follow ends it at the part (see
    /// [`Grouping::pairs_into`]), and a part of the list at the later of
    /// the two.
    pub(super) fn may_end_chain_by(self, additive: bool, (part, node): (NodeId, NodeId), tails: &[Tail]) -> bool {
        let parts = self.parts(additive);
        (parts.0 < parts.1 && parts.0 <= node.0)
            || ids(self.chains(additive)).any(|chain| tails[chain.index()] <= Tail::new(false, part))
    }

    /// The node of a list of one node.
    fn single(self) -> Option<NodeId> {
        (self.end - self.start == 1).then_some(NodeId(self.start))
    }

    /// For a list of one node: is that node a chain of `+` (when
    /// `additive`) or `*`, among [`List::chains`]? A sum when the sums
    /// start with it, a product otherwise, unless it is a card.
    fn single_is_chain(self, additive: bool) -> bool {
        debug_assert_eq!(self.end - self.start, 1);
        !self.card && (self.sums == self.start) == additive
    }

    /// The nodes that are parts of such a chain, not chains of it.
    fn parts(self, additive: bool) -> Span {
        match (self.card, additive) {
            (true, _) => self.all(),
            (false, true) => (self.start, self.sums),
            (false, false) => (self.sums, self.end),
        }
    }
}

/// Which chains an enumerator groups from the left only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Grouping {
    sums: bool,
    products: bool,
    /// No tree divides by a part worth one (see [`Trees::LeftGroupedNoDivisionByOne`]).
    no_division_by_one: bool,
}

impl Grouping {
    /// Every tree, whatever the operators.
    pub(super) const EVERY: Grouping = Grouping { sums: false, products: false, no_division_by_one: false };

    pub(super) fn new(trees: Trees, ops: OpSet) -> Grouping {
        let left = matches!(trees, Trees::LeftGrouped | Trees::LeftGroupedNoDivisionByOne);
        Grouping {
            sums: left && ops.contains(Op::Add),
            products: left && ops.contains(Op::Mul),
            // Its twin multiplies by the part.
            no_division_by_one: trees == Trees::LeftGroupedNoDivisionByOne && ops.contains(Op::Mul),
        }
    }

    /// True if the chains of `op`'s kind are grouped from the left.
    pub(super) fn groups_chains(self, op: Op) -> bool {
        if op.is_additive() { self.sums } else { self.products }
    }

    /// True if `l op r` is made for no `r` that is a chain of `op`'s kind
    /// (a sum for `-`, a product for `/`): those chains are grouped.
    pub(super) fn drops_right_chains(self, op: Op) -> bool {
        !op.is_commutative() && self.groups_chains(op)
    }

    /// Calls `pair` with every `(l, r)` of `left` and `right` such that
    /// `l op r` is one of the trees made, and the [`Tail`] of that tree;
    /// `tails` are those of the nodes so far.
    pub(super) fn for_each_pair(
        self,
        op: Op,
        left: List,
        right: List,
        tails: &[Tail],
        pair: impl FnMut(NodeId, NodeId, Tail),
    ) {
        self.pairs_into(op, left, right, &mut Visit { tails, pair });
    }

    /// [`Grouping::for_each_pair`] into a sink that reads the tails of the
    /// lists' nodes itself: the nodes' own store can take the pairs as
    /// they come, since only older nodes' tails are read. Inlined: most
    /// calls join two lists of one node, a few compares.
    #[inline]
    pub(super) fn pairs_into(self, op: Op, left: List, right: List, sink: &mut impl PairSink) {
        if self.no_division_by_one && op == Op::Div && right.ones.worth_one && left.ones.keeps_other_factor {
            return;
        }
        let additive = op.is_additive();
        // Most lists joined are of one node each: that one pair is decided
        // without setting up the loops below.
        if let (Some(l), Some(r)) = (left.single(), right.single()) {
            if let Some(tail) = self.single_pair(op, additive, (l, left), (r, right), sink) {
                sink.pair(l, r, tail);
            }
            return;
        }
        self.looped_pairs_into(op, additive, left, right, sink);
    }

    /// [`Grouping::pairs_into`] for lists of any length.
    fn looped_pairs_into(self, op: Op, additive: bool, left: List, right: List, sink: &mut impl PairSink) {
        if !(if additive { self.sums } else { self.products }) {
            for l in ids(left.all()) {
                for r in ids(right.all()) {
                    sink.pair(l, r, Tail::default());
                }
            }
            return;
        }
        if op.is_commutative() {
            // Either side may be the chain so far, not both. Two parts
            // come in the split's order, whatever their ids; equal lists
            // would make each pair twice, so one order is kept.
            let same = left == right;
            for l in ids(left.parts(additive)) {
                for r in ids(right.parts(additive)) {
                    if !same || l <= r {
                        sink.pair(l, r, Tail::new(false, l.max(r)));
                    }
                }
                for r in ids(right.chains(additive)) {
                    if sink.tail(r) <= Tail::new(false, l) {
                        sink.pair(l, r, Tail::new(false, l));
                    }
                }
            }
            if !same {
                for l in ids(left.chains(additive)) {
                    for r in ids(right.parts(additive)) {
                        if sink.tail(l) <= Tail::new(false, r) {
                            sink.pair(l, r, Tail::new(false, r));
                        }
                    }
                }
            }
        } else {
            for r in ids(right.parts(additive)) {
                let after = Tail::new(true, r);
                for l in ids(left.parts(additive)) {
                    sink.pair(l, r, after);
                }
                for l in ids(left.chains(additive)) {
                    if sink.tail(l) <= after {
                        sink.pair(l, r, after);
                    }
                }
            }
        }
    }
}

impl Grouping {
    /// What [`Grouping::pairs_into`] makes of two lists of one node each,
    /// `l` of `left` and `r` of `right`: the tail of `l op r` if that tree
    /// is made. Each node is either a part or a chain, so exactly one of
    /// its loops meets the pair.
    #[inline]
    fn single_pair(
        self,
        op: Op,
        additive: bool,
        (l, left): (NodeId, List),
        (r, right): (NodeId, List),
        sink: &impl PairSink,
    ) -> Option<Tail> {
        if !(if additive { self.sums } else { self.products }) {
            return Some(Tail::default());
        }
        let (l_chain, r_chain) = (left.single_is_chain(additive), right.single_is_chain(additive));
        if op.is_commutative() {
            // Equal lists are one node, a part or a chain on both sides.
            match (l_chain, r_chain) {
                (false, false) => Some(Tail::new(false, l.max(r))),
                (false, true) => (sink.tail(r) <= Tail::new(false, l)).then(|| Tail::new(false, l)),
                (true, false) => (left != right && sink.tail(l) <= Tail::new(false, r)).then(|| Tail::new(false, r)),
                (true, true) => None,
            }
        } else {
            let after = Tail::new(true, r);
            match (l_chain, r_chain) {
                (_, true) => None,
                (false, false) => Some(after),
                (true, false) => (sink.tail(l) <= after).then_some(after),
            }
        }
    }
}

/// Where [`Grouping::pairs_into`] reads chains' tails and puts the pairs.
pub(super) trait PairSink {
    /// The tail of the node `id`, made before the pairs.
    fn tail(&self, id: NodeId) -> Tail;
    fn pair(&mut self, l: NodeId, r: NodeId, tail: Tail);
}

/// A sink that hands each pair to a closure.
struct Visit<'a, F> {
    tails: &'a [Tail],
    pair: F,
}

impl<F: FnMut(NodeId, NodeId, Tail)> PairSink for Visit<'_, F> {
    fn tail(&self, id: NodeId) -> Tail {
        self.tails[id.index()]
    }

    fn pair(&mut self, l: NodeId, r: NodeId, tail: Tail) {
        (self.pair)(l, r, tail);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(grouping: Grouping, op: Op, left: List, right: List) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        grouping.for_each_pair(op, left, right, &[Tail::default(); 32], |l, r, _| out.push((l.0, r.0)));
        out.sort_unstable();
        out
    }

    /// Nodes 0..2 are products and 2..4 sums on the left; on the right 10
    /// is a product and 11 a sum; 20 is a card.
    #[test]
    fn left_grouping_keeps_chains_on_the_left_only() {
        let (left, right, card) = (
            List::of(0, 2, 4, Ones::default()),
            List::of(10, 11, 12, Ones::default()),
            List::card(NodeId(20), Ones::default()),
        );
        let every = Grouping::EVERY;
        let grouped = Grouping::new(Trees::LeftGrouped, OpSet::ALL);
        assert_eq!(pairs(every, Op::Sub, left, right).len(), 8);
        assert_eq!(pairs(grouped, Op::Sub, left, right), [(0, 10), (1, 10), (2, 10), (3, 10)]);
        assert_eq!(pairs(grouped, Op::Div, left, right), [(0, 11), (1, 11), (2, 11), (3, 11)]);
        // Two sums are not joined by `+`; a sum and a product are.
        assert_eq!(pairs(grouped, Op::Add, left, right), [(0, 10), (0, 11), (1, 10), (1, 11), (2, 10), (3, 10)]);
        // A card is a part of every chain.
        assert_eq!(pairs(grouped, Op::Sub, left, card).len(), 4);
        assert_eq!(pairs(grouped, Op::Mul, card, right), [(20, 10), (20, 11)]);
    }

    /// Collects pairs and reads tails from a table.
    struct Collect<'a>(&'a [Tail], Vec<(NodeId, NodeId, Tail)>);

    impl PairSink for Collect<'_> {
        fn tail(&self, id: NodeId) -> Tail {
            self.0[id.index()]
        }

        fn pair(&mut self, l: NodeId, r: NodeId, tail: Tail) {
            self.1.push((l, r, tail));
        }
    }

    /// Two lists of one node each get the pair the loops would give them,
    /// whatever the nodes' kinds and tails.
    #[test]
    fn one_node_lists_pair_as_the_loops_do() {
        // Node 3 is a card, 4 a product, 5 a sum, 6 another sum; their tails
        // fall before, between and after the nodes'.
        let lists = [
            List::card(NodeId(3), Ones::default()),
            List::of(4, 5, 5, Ones::default()),
            List::of(5, 5, 6, Ones::default()),
            List::of(6, 6, 7, Ones::default()),
        ];
        for tails in
            [[Tail::new(false, NodeId(0)); 8], [Tail::new(false, NodeId(5)); 8], [Tail::new(true, NodeId(9)); 8]]
        {
            for grouping in [Grouping::EVERY, Grouping::new(Trees::LeftGrouped, OpSet::ALL)] {
                for op in Op::ALL {
                    for (left, right) in lists.iter().flat_map(|&l| lists.iter().map(move |&r| (l, r))) {
                        let additive = op.is_additive();
                        let (mut fast, mut looped) = (Collect(&tails, Vec::new()), Collect(&tails, Vec::new()));
                        grouping.pairs_into(op, left, right, &mut fast);
                        grouping.looped_pairs_into(op, additive, left, right, &mut looped);
                        assert_eq!(fast.1, looped.1, "{op:?} {left:?} {right:?} {grouping:?}");
                    }
                }
            }
        }
    }

    /// Without `+`, `a-(b-c)` has no other grouping: sums are kept as the
    /// right operand of `-`.
    #[test]
    fn a_chain_without_its_grouping_operator_keeps_every_grouping() {
        let grouped = Grouping::new(Trees::LeftGrouped, "-*/".parse().unwrap());
        assert_eq!(
            pairs(grouped, Op::Sub, List::of(0, 2, 4, Ones::default()), List::of(10, 11, 12, Ones::default())).len(),
            8
        );
        assert_eq!(
            pairs(grouped, Op::Div, List::of(0, 2, 4, Ones::default()), List::of(10, 11, 12, Ones::default())).len(),
            4
        );
    }

    /// Without divisions by one, a list worth one is joined by every
    /// operator but `/` on its right, and only where `*` may take its
    /// place and the left list multiplies a part worth neither one nor
    /// minus one.
    #[test]
    fn no_division_by_one_drops_only_divisions_by_a_list_worth_one() {
        let ones = |v: i64| Ones::of_part(&crate::Rational::from_integer(v));
        let (left, one, card_one) =
            (List::of(0, 2, 4, ones(12)), List::of(10, 11, 12, ones(1)), List::card(NodeId(20), ones(1)));
        let dropping = Grouping::new(Trees::LeftGroupedNoDivisionByOne, OpSet::ALL);
        let grouped = Grouping::new(Trees::LeftGrouped, OpSet::ALL);
        for right in [one, card_one] {
            assert!(pairs(dropping, Op::Div, left, right).is_empty());
            assert!(!pairs(grouped, Op::Div, left, right).is_empty());
            for op in [Op::Add, Op::Sub, Op::Mul] {
                assert_eq!(pairs(dropping, op, left, right), pairs(grouped, op, left, right), "{op:?}");
            }
            // One divided by the list is no division by one.
            assert_eq!(pairs(dropping, Op::Div, right, left), pairs(grouped, Op::Div, right, left));
            // A chain whose kept parts are all worth one (or minus one) may
            // lose them as decorations: `1/(5-4)` is not `1*(5-4)`.
            for v in [1, -1] {
                let ones_only = List::of(0, 2, 4, ones(v));
                assert_eq!(pairs(dropping, Op::Div, ones_only, right), pairs(grouped, Op::Div, ones_only, right));
            }
        }
        // Without `*` there is no twin to make instead.
        let without_mul = Grouping::new(Trees::LeftGroupedNoDivisionByOne, "+-/".parse().unwrap());
        assert_eq!(pairs(without_mul, Op::Div, left, card_one).len(), 4);
    }

    /// A list keeps a factor other than one where every product of it
    /// multiplies one: a sum or card not worth one or minus one, or a
    /// product of a left chain (or, for `*`, a right one) that keeps one.
    #[test]
    fn a_list_keeps_another_factor_where_every_node_does() {
        let r = |v: i64| crate::Rational::from_integer(v);
        let list = |v: i64| List::of(0, 1, 2, Ones::of_part(&r(v)));
        for (v, keeps) in [(3, true), (1, false), (-1, false), (0, true)] {
            assert_eq!(list(v).ones.keeps_other_factor, keeps, "{v}");
        }
        let of = |v: i64, combos: &[(Op, List, List)]| Ones::of_combos(&r(v), combos).keeps_other_factor;
        assert!(of(3, &[(Op::Mul, list(1), list(3))]));
        assert!(!of(3, &[(Op::Div, list(1), list(3)), (Op::Mul, list(3), list(1))]));
        assert!(of(2, &[(Op::Div, list(6), list(3)), (Op::Add, list(1), list(1))]));
        assert!(!of(1, &[(Op::Mul, list(3), list(3)), (Op::Sub, list(3), list(2))]));
    }
}
