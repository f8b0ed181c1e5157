//! The expressions an enumerator has made, each stored once.

use super::list::{ChainEnd, Grouping, List, PairSink};
use crate::expr::Expr;
use crate::number::Rational;
use crate::rules::Op;

/// Where an expression is among an [`Enumerator`](super::Enumerator)'s [`Nodes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(super) u32);

impl NodeId {
    /// The position in [`Nodes`], for tables indexed by node.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One expression found by an [`Enumerator`](super::Enumerator): a card, or an operator over
/// two expressions found before it.
#[derive(Debug, Clone, Copy)]
pub enum Node {
    /// A card.
    Card(Rational),
    /// `left op right`.
    Binary(Op, NodeId, NodeId),
}

/// The expressions an [`Enumerator`](super::Enumerator) has found, each stored once and
/// shared by every larger expression built on it: a sub-hand's
/// expressions serve every hand that contains it, and a caller can
/// remember what it learned about a node instead of rebuilding a tree.
#[derive(Debug, Default)]
pub struct Nodes {
    pub(super) nodes: Vec<Node>,
    /// The chain end of each node, as a chain.
    pub(super) chain_ends: Vec<ChainEnd>,
    /// Whether each node is worth less than zero, up to the last node
    /// that is (those after it are not): marked a list at a time, and only
    /// for lists of negative values, so that most lists write nothing.
    pub(super) below_zero: Vec<bool>,
    /// Bumped whenever the nodes are dropped and their ids reused.
    pub(super) epoch: u64,
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
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.chain_ends.clear();
        self.below_zero.clear();
        self.epoch += 1;
    }

    /// Is the expression at `id` worth less than zero? Known without
    /// arithmetic, as every node was made for a value asked of it.
    pub fn is_below_zero(&self, id: NodeId) -> bool {
        self.below_zero.get(id.index()).copied().unwrap_or(false)
    }

    /// Marks the nodes from `start` on, the last made, as worth less than zero.
    pub(super) fn mark_below_zero(&mut self, start: usize) {
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

    pub(super) fn push(&mut self, node: Node, chain_end: ChainEnd) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(node);
        self.chain_ends.push(chain_end);
        id
    }

    /// Pushes `l op r` for every pair `grouping` makes of `left` and `right`.
    #[inline]
    pub(super) fn push_pairs(&mut self, grouping: Grouping, op: Op, left: List, right: List) {
        grouping.pairs_into(op, left, right, &mut Pushed { nodes: self, op });
    }
}

/// Pushes each pair as a node `l op r`, its chain end with it: the chain ends read
/// are of the lists' nodes, older than any pushed here.
struct Pushed<'a> {
    nodes: &'a mut Nodes,
    op: Op,
}

impl PairSink for Pushed<'_> {
    fn chain_end(&self, id: NodeId) -> ChainEnd {
        self.nodes.chain_ends[id.index()]
    }

    fn pair(&mut self, l: NodeId, r: NodeId, chain_end: ChainEnd) {
        self.nodes.nodes.push(Node::Binary(self.op, l, r));
        self.nodes.chain_ends.push(chain_end);
    }
}
