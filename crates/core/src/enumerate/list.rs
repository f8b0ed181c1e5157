//! The expressions of one part worth one value, and the pairs of two such
//! lists an operator joins.
//!
//! A list is a run of consecutive nodes holding its products (top operator
//! `*` or `/`) before its sums (`+` or `-`). An enumerator that makes one
//! grouping of each chain (see [`Trees::LeftGrouped`]) then keeps two
//! products of runs instead of looking at every pair's operators, and
//! orders a chain's parts with one compare of [`ChainEnd`]s per pair.

use crate::number::Number;
use crate::rules::{Domain, Op, OpSet};

use super::NodeId;
use super::trees::{Rewrites, Trees};

/// The last part of a chain made by a [`Grouping`] that orders chains:
/// whether it is inverted, then its node id. A part may follow only a
/// chain end no greater than its own, which fixes the order of the chain's
/// parts. Meaningless for a node that is not such a chain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct ChainEnd {
    inverted: bool,
    part: u32,
}

impl ChainEnd {
    fn new(inverted: bool, part: NodeId) -> ChainEnd {
        ChainEnd { inverted, part: part.0 }
    }
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
    twins: TwinFacts,
}

/// What a [`Grouping`] that leaves out trees with a better twin (see
/// [`Rewrites`]) needs to know of a list: facts kept as bits of one byte,
/// so that a list, copied at every join, stays sixteen bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TwinFacts(u8);

impl TwinFacts {
    /// The list's value is exactly one.
    const WORTH_ONE: u8 = 1;
    /// Every node of the list, read as a chain of `*` and `/` (a node of
    /// another kind as a chain of itself alone), multiplies a part worth
    /// neither one nor minus one.
    const KEEPS_OTHER_FACTOR: u8 = 2;
    /// Every node of the list, read so, has a part that is a difference
    /// of two parts (`a-b`), which turned round (`b-a`) negates it.
    const TURNS_A_DIFFERENCE: u8 = 4;
    /// The list's value is less than zero.
    const BELOW_ZERO: u8 = 8;

    /// Nothing known: no tree of the list is left out.
    pub(super) const NONE: TwinFacts = TwinFacts(0);

    fn new<N: Number>(v: &N, keeps_other_factor: bool, turns_a_difference: bool) -> TwinFacts {
        let bit = |fact: bool, bit: u8| if fact { bit } else { 0 };
        TwinFacts(
            bit(v.is_one(), TwinFacts::WORTH_ONE)
                | bit(keeps_other_factor, TwinFacts::KEEPS_OTHER_FACTOR)
                | bit(turns_a_difference, TwinFacts::TURNS_A_DIFFERENCE)
                | bit(v.is_negative(), TwinFacts::BELOW_ZERO),
        )
    }

    /// A card of value `v`.
    pub(super) fn of_card<N: Number>(v: &N) -> TwinFacts {
        TwinFacts::new(v, !is_plus_or_minus_one(v), false)
    }

    /// The list of value `v` made of `combos`: a product's parts are those
    /// of its two sides, read as chains, and a difference is a part of
    /// its own when neither side is a sum.
    pub(super) fn of_combos<N: Number>(v: &N, combos: &[(Op, List, List)]) -> TwinFacts {
        let part = !is_plus_or_minus_one(v);
        let keeps_other_factor = combos.iter().all(|&(op, left, right)| match op {
            Op::Mul => left.twins.keeps_other_factor() || right.twins.keeps_other_factor(),
            Op::Div => left.twins.keeps_other_factor(),
            Op::Add | Op::Sub => part,
        });
        let turns_a_difference = combos.iter().all(|&(op, left, right)| match op {
            Op::Mul | Op::Div => left.twins.turns_a_difference() || right.twins.turns_a_difference(),
            Op::Sub => !left.has_sums() && !right.has_sums(),
            Op::Add => false,
        });
        TwinFacts::new(v, keeps_other_factor, turns_a_difference)
    }

    fn worth_one(self) -> bool {
        self.0 & TwinFacts::WORTH_ONE != 0
    }

    fn keeps_other_factor(self) -> bool {
        self.0 & TwinFacts::KEEPS_OTHER_FACTOR != 0
    }

    fn turns_a_difference(self) -> bool {
        self.0 & TwinFacts::TURNS_A_DIFFERENCE != 0
    }

    pub(super) fn below_zero(self) -> bool {
        self.0 & TwinFacts::BELOW_ZERO != 0
    }
}

fn is_plus_or_minus_one<N: Number>(v: &N) -> bool {
    v.is_one() || v.neg().is_some_and(|minus| minus.is_one())
}

impl List {
    pub(super) const EMPTY: List = List { start: 0, sums: 0, end: 0, card: false, twins: TwinFacts::NONE };

    /// The single card at `at`.
    pub(super) fn card(at: NodeId, twins: TwinFacts) -> List {
        List { start: at.0, sums: at.0 + 1, end: at.0 + 1, card: true, twins }
    }

    /// Products at `start..sums`, sums at `sums..end`.
    pub(super) fn of(start: usize, sums: usize, end: usize, twins: TwinFacts) -> List {
        let id = |i: usize| u32::try_from(i).expect("fewer than 2^32 nodes");
        List { start: id(start), sums: id(sums), end: id(end), card: false, twins }
    }

    /// Does the list hold a sum?
    fn has_sums(self) -> bool {
        !self.card && self.sums < self.end
    }

    pub(super) fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The number of nodes of the list.
    pub(super) fn len(self) -> usize {
        (self.end - self.start) as usize
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
    /// `node`, the part coming no later? A chain of the list whose chain end
    /// (among `chain_ends`) the part may follow ends it at the part (see
    /// [`Grouping::pairs_into`]), and a part of the list at the later of
    /// the two.
    pub(super) fn may_end_chain_by(
        self,
        additive: bool,
        (part, node): (NodeId, NodeId),
        chain_ends: &[ChainEnd],
    ) -> bool {
        let parts = self.parts(additive);
        (parts.0 < parts.1 && parts.0 <= node.0)
            || ids(self.chains(additive)).any(|chain| chain_ends[chain.index()] <= ChainEnd::new(false, part))
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
    /// The trees it leaves out for a better twin (see [`Rewrites`]):
    /// divisions by a part worth one, and subtracted products worth less
    /// than zero with a difference for a part.
    no_division_by_one: bool,
    no_subtracted_difference: bool,
}

impl Grouping {
    /// Every tree, whatever the operators.
    pub(super) const EVERY: Grouping =
        Grouping { sums: false, products: false, no_division_by_one: false, no_subtracted_difference: false };

    pub(super) fn new(trees: Trees, ops: OpSet, domain: Domain) -> Grouping {
        let (left, rewrites) = match trees {
            Trees::All => (false, Rewrites::default()),
            Trees::LeftGrouped => (true, Rewrites::default()),
            Trees::LeftGroupedUpTo(rewrites) => (true, rewrites),
        };
        Grouping {
            sums: left && ops.contains(Op::Add),
            products: left && ops.contains(Op::Mul),
            no_division_by_one: rewrites.divisor_worth_one_multiplied && ops.contains(Op::Mul),
            // The twin's steps are the same but for signs.
            no_subtracted_difference: rewrites.negative_product_added
                && ops.contains(Op::Add)
                && matches!(domain, Domain::Rational | Domain::Integer),
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
    /// `l op r` is one of the trees made, and the [`ChainEnd`] of that tree;
    /// `chain_ends` are those of the nodes so far.
    pub(super) fn for_each_pair(
        self,
        op: Op,
        left: List,
        right: List,
        chain_ends: &[ChainEnd],
        pair: impl FnMut(NodeId, NodeId, ChainEnd),
    ) {
        self.pairs_into(op, left, right, &mut Visit { chain_ends, pair });
    }

    /// [`Grouping::for_each_pair`] into a sink that reads the chain ends of the
    /// lists' nodes itself: the nodes' own store can take the pairs as
    /// they come, since only older nodes' chain ends are read. Always inlined:
    /// most calls join two lists of one node, a few compares, and left to
    /// itself the compiler calls it.
    #[inline(always)]
    pub(super) fn pairs_into(self, op: Op, left: List, right: List, sink: &mut impl PairSink) {
        if op == Op::Div && self.no_division_by_one && right.twins.worth_one() && left.twins.keeps_other_factor() {
            return;
        }
        if op == Op::Sub
            && self.no_subtracted_difference
            && right.twins.turns_a_difference()
            && right.twins.below_zero()
        {
            return;
        }
        let additive = op.is_additive();
        // Most lists joined are of one node each: that one pair is decided
        // without setting up the loops below.
        if let (Some(l), Some(r)) = (left.single(), right.single()) {
            if let Some(chain_end) = self.single_pair(op, additive, (l, left), (r, right), sink) {
                sink.pair(l, r, chain_end);
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
                    sink.pair(l, r, ChainEnd::default());
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
                        sink.pair(l, r, ChainEnd::new(false, l.max(r)));
                    }
                }
                for r in ids(right.chains(additive)) {
                    if sink.chain_end(r) <= ChainEnd::new(false, l) {
                        sink.pair(l, r, ChainEnd::new(false, l));
                    }
                }
            }
            if !same {
                for l in ids(left.chains(additive)) {
                    for r in ids(right.parts(additive)) {
                        if sink.chain_end(l) <= ChainEnd::new(false, r) {
                            sink.pair(l, r, ChainEnd::new(false, r));
                        }
                    }
                }
            }
        } else {
            for r in ids(right.parts(additive)) {
                let after = ChainEnd::new(true, r);
                for l in ids(left.parts(additive)) {
                    sink.pair(l, r, after);
                }
                for l in ids(left.chains(additive)) {
                    if sink.chain_end(l) <= after {
                        sink.pair(l, r, after);
                    }
                }
            }
        }
    }
}

impl Grouping {
    /// What [`Grouping::pairs_into`] makes of two lists of one node each,
    /// `l` of `left` and `r` of `right`: the chain end of `l op r` if that tree
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
    ) -> Option<ChainEnd> {
        if !(if additive { self.sums } else { self.products }) {
            return Some(ChainEnd::default());
        }
        let (l_chain, r_chain) = (left.single_is_chain(additive), right.single_is_chain(additive));
        if op.is_commutative() {
            // Equal lists are one node, a part or a chain on both sides.
            match (l_chain, r_chain) {
                (false, false) => Some(ChainEnd::new(false, l.max(r))),
                (false, true) => (sink.chain_end(r) <= ChainEnd::new(false, l)).then(|| ChainEnd::new(false, l)),
                (true, false) => {
                    (left != right && sink.chain_end(l) <= ChainEnd::new(false, r)).then(|| ChainEnd::new(false, r))
                }
                (true, true) => None,
            }
        } else {
            let after = ChainEnd::new(true, r);
            match (l_chain, r_chain) {
                (_, true) => None,
                (false, false) => Some(after),
                (true, false) => (sink.chain_end(l) <= after).then_some(after),
            }
        }
    }
}

/// Where [`Grouping::pairs_into`] reads chains' chain ends and puts the pairs.
pub(super) trait PairSink {
    /// The chain end of the node `id`, made before the pairs.
    fn chain_end(&self, id: NodeId) -> ChainEnd;
    fn pair(&mut self, l: NodeId, r: NodeId, chain_end: ChainEnd);
}

/// A sink that hands each pair to a closure.
struct Visit<'a, F> {
    chain_ends: &'a [ChainEnd],
    pair: F,
}

impl<F: FnMut(NodeId, NodeId, ChainEnd)> PairSink for Visit<'_, F> {
    fn chain_end(&self, id: NodeId) -> ChainEnd {
        self.chain_ends[id.index()]
    }

    fn pair(&mut self, l: NodeId, r: NodeId, chain_end: ChainEnd) {
        (self.pair)(l, r, chain_end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(grouping: Grouping, op: Op, left: List, right: List) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        grouping.for_each_pair(op, left, right, &[ChainEnd::default(); 32], |l, r, _| out.push((l.0, r.0)));
        out.sort_unstable();
        out
    }

    /// Nodes 0..2 are products and 2..4 sums on the left; on the right 10
    /// is a product and 11 a sum; 20 is a card.
    #[test]
    fn left_grouping_keeps_chains_on_the_left_only() {
        let (left, right, card) = (
            List::of(0, 2, 4, TwinFacts::NONE),
            List::of(10, 11, 12, TwinFacts::NONE),
            List::card(NodeId(20), TwinFacts::NONE),
        );
        let every = Grouping::EVERY;
        let grouped = Grouping::new(Trees::LeftGrouped, OpSet::ALL, Domain::Rational);
        assert_eq!(pairs(every, Op::Sub, left, right).len(), 8);
        assert_eq!(pairs(grouped, Op::Sub, left, right), [(0, 10), (1, 10), (2, 10), (3, 10)]);
        assert_eq!(pairs(grouped, Op::Div, left, right), [(0, 11), (1, 11), (2, 11), (3, 11)]);
        // Two sums are not joined by `+`; a sum and a product are.
        assert_eq!(pairs(grouped, Op::Add, left, right), [(0, 10), (0, 11), (1, 10), (1, 11), (2, 10), (3, 10)]);
        // A card is a part of every chain.
        assert_eq!(pairs(grouped, Op::Sub, left, card).len(), 4);
        assert_eq!(pairs(grouped, Op::Mul, card, right), [(20, 10), (20, 11)]);
    }

    /// Collects pairs and reads chain ends from a table.
    struct Collect<'a>(&'a [ChainEnd], Vec<(NodeId, NodeId, ChainEnd)>);

    impl PairSink for Collect<'_> {
        fn chain_end(&self, id: NodeId) -> ChainEnd {
            self.0[id.index()]
        }

        fn pair(&mut self, l: NodeId, r: NodeId, chain_end: ChainEnd) {
            self.1.push((l, r, chain_end));
        }
    }

    /// Two lists of one node each get the pair the loops would give them,
    /// whatever the nodes' kinds and chain ends.
    #[test]
    fn one_node_lists_pair_as_the_loops_do() {
        // Node 3 is a card, 4 a product, 5 a sum, 6 another sum; their chain ends
        // fall before, between and after the nodes'.
        let lists = [
            List::card(NodeId(3), TwinFacts::NONE),
            List::of(4, 5, 5, TwinFacts::NONE),
            List::of(5, 5, 6, TwinFacts::NONE),
            List::of(6, 6, 7, TwinFacts::NONE),
        ];
        for chain_ends in [
            [ChainEnd::new(false, NodeId(0)); 8],
            [ChainEnd::new(false, NodeId(5)); 8],
            [ChainEnd::new(true, NodeId(9)); 8],
        ] {
            for grouping in [Grouping::EVERY, Grouping::new(Trees::LeftGrouped, OpSet::ALL, Domain::Rational)] {
                for op in Op::ALL {
                    for (left, right) in lists.iter().flat_map(|&l| lists.iter().map(move |&r| (l, r))) {
                        let additive = op.is_additive();
                        let (mut fast, mut looped) =
                            (Collect(&chain_ends, Vec::new()), Collect(&chain_ends, Vec::new()));
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
        let grouped = Grouping::new(Trees::LeftGrouped, "-*/".parse().unwrap(), Domain::Rational);
        assert_eq!(
            pairs(grouped, Op::Sub, List::of(0, 2, 4, TwinFacts::NONE), List::of(10, 11, 12, TwinFacts::NONE)).len(),
            8
        );
        assert_eq!(
            pairs(grouped, Op::Div, List::of(0, 2, 4, TwinFacts::NONE), List::of(10, 11, 12, TwinFacts::NONE)).len(),
            4
        );
    }

    /// Without divisions by one, a list worth one is joined by every
    /// operator but `/` on its right, and only where `*` may take its
    /// place and the left list multiplies a part worth neither one nor
    /// minus one.
    #[test]
    fn no_division_by_one_drops_only_divisions_by_a_list_worth_one() {
        let ones = |v: i64| TwinFacts::of_card(&crate::Rational::from_integer(v));
        let (left, one, card_one) =
            (List::of(0, 2, 4, ones(12)), List::of(10, 11, 12, ones(1)), List::card(NodeId(20), ones(1)));
        let dropping = Grouping::new(Trees::LeftGroupedUpTo(Rewrites::ALL), OpSet::ALL, Domain::Rational);
        let grouped = Grouping::new(Trees::LeftGrouped, OpSet::ALL, Domain::Rational);
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
        let without_mul =
            Grouping::new(Trees::LeftGroupedUpTo(Rewrites::ALL), "+-/".parse().unwrap(), Domain::Rational);
        assert_eq!(pairs(without_mul, Op::Div, left, card_one).len(), 4);
    }

    /// A list keeps a factor other than one where every product of it
    /// multiplies one: a sum or card not worth one or minus one, or a
    /// product of a left chain (or, for `*`, a right one) that keeps one.
    #[test]
    fn a_list_keeps_another_factor_where_every_node_does() {
        let r = |v: i64| crate::Rational::from_integer(v);
        let list = |v: i64| List::of(0, 1, 2, TwinFacts::of_card(&r(v)));
        for (v, keeps) in [(3, true), (1, false), (-1, false), (0, true)] {
            assert_eq!(list(v).twins.keeps_other_factor(), keeps, "{v}");
        }
        let of = |v: i64, combos: &[(Op, List, List)]| TwinFacts::of_combos(&r(v), combos).keeps_other_factor();
        assert!(of(3, &[(Op::Mul, list(1), list(3))]));
        assert!(!of(3, &[(Op::Div, list(1), list(3)), (Op::Mul, list(3), list(1))]));
        assert!(of(2, &[(Op::Div, list(6), list(3)), (Op::Add, list(1), list(1))]));
        assert!(!of(1, &[(Op::Mul, list(3), list(3)), (Op::Sub, list(3), list(2))]));
    }

    /// A product list turns a difference where every combo's product has
    /// one for a part, on either side; a difference of two parts that are
    /// no sums is such a part, a longer sum is not. Only such a product
    /// worth less than zero is never subtracted, where `+` is allowed and
    /// the domain holds every whole number.
    #[test]
    fn no_subtracted_difference_drops_only_products_that_turn_one() {
        let r = |v: i64| crate::Rational::from_integer(v);
        let card = |at: u32| List::card(NodeId(at), TwinFacts::of_card(&r(3)));
        let sums = List::of(4, 4, 6, TwinFacts::NONE);
        let twins = |combos: &[(Op, List, List)]| TwinFacts::of_combos(&r(-2), combos);
        let difference = List::of(6, 6, 7, twins(&[(Op::Sub, card(1), card(2))]));
        assert!(difference.twins.turns_a_difference());
        assert!(!twins(&[(Op::Sub, sums, card(2))]).turns_a_difference(), "a+b-c");
        assert!(!twins(&[(Op::Add, card(1), card(2))]).turns_a_difference());
        let product = List::of(8, 9, 9, twins(&[(Op::Mul, card(3), difference)]));
        assert!(product.twins.turns_a_difference());
        assert!(twins(&[(Op::Div, card(3), difference), (Op::Mul, product, card(3))]).turns_a_difference());
        assert!(!twins(&[(Op::Mul, product, card(3)), (Op::Add, card(1), card(2))]).turns_a_difference());

        let left = List::of(0, 2, 4, TwinFacts::NONE);
        let dropping = Grouping::new(Trees::LeftGroupedUpTo(Rewrites::ALL), OpSet::ALL, Domain::Rational);
        let grouped = Grouping::new(Trees::LeftGrouped, OpSet::ALL, Domain::Rational);
        assert!(pairs(dropping, Op::Sub, left, product).is_empty());
        assert!(!pairs(grouped, Op::Sub, left, product).is_empty());
        // Worth more than zero, the product is kept: its twin would add a
        // negative part.
        let positive = List::of(8, 9, 9, TwinFacts::of_combos(&r(2), &[(Op::Mul, card(3), difference)]));
        assert!(positive.twins.turns_a_difference());
        assert_eq!(pairs(dropping, Op::Sub, left, positive), pairs(grouped, Op::Sub, left, positive));
        for op in [Op::Add, Op::Mul, Op::Div] {
            assert_eq!(pairs(dropping, op, left, product), pairs(grouped, op, left, product), "{op:?}");
        }
        // The twin's steps pass through negative values, and it adds.
        for (ops, domain) in [(OpSet::ALL, Domain::NonNegative), ("-*/".parse().unwrap(), Domain::Rational)] {
            let with = |trees| Grouping::new(trees, ops, domain);
            let (kept, plain) = (with(Trees::LeftGroupedUpTo(Rewrites::ALL)), with(Trees::LeftGrouped));
            assert!(!pairs(kept, Op::Sub, left, product).is_empty());
            assert_eq!(pairs(kept, Op::Sub, left, product), pairs(plain, Op::Sub, left, product), "{domain:?}");
        }
    }
}
