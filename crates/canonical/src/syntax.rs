//! The `syntax` level over the enumerator's nodes: each tree, up to the
//! order of the operands of `+` and `*`, stored once under a small id.
//!
//! Two trees get the same id exactly when they are equal once commutative
//! operands are ordered: a tree's id is made from its operator and its
//! children's ids, the children of `+` and `*` in id order. So a node's
//! key is one lookup, and a raw solution's is its two nodes' ids, with no
//! tree built.

use hashbrown::HashMap;
use reckon_core::Rational;
use reckon_core::engine::{Node, NodeId, Nodes, Solution};
use reckon_core::rules::Op;

/// A tree stored at the syntax level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    Card(Rational),
    /// `left op right`; for `+` and `*` the smaller id on the left.
    Binary(Op, u32, u32),
}

impl Shape {
    fn binary(op: Op, l: u32, r: u32) -> Shape {
        if op.is_commutative() && l > r { Shape::Binary(op, r, l) } else { Shape::Binary(op, l, r) }
    }
}

/// The syntax id of every node met, kept while the enumerator's node ids
/// stay valid.
#[derive(Debug, Default)]
pub(crate) struct SyntaxIds {
    ids: HashMap<Shape, u32>,
    of_node: Vec<Option<u32>>,
    epoch: u64,
}

impl SyntaxIds {
    /// Drops every tree if there are many: between hands, since ids are
    /// only compared within one hand.
    pub(crate) fn limit(&mut self, most: usize) {
        if self.ids.len() > most {
            self.ids.clear();
            self.of_node.clear();
        }
    }

    /// Forgets the ids of nodes if the nodes were replaced (the shapes
    /// themselves stay valid).
    pub(crate) fn follow(&mut self, epoch: u64) {
        if epoch != self.epoch {
            self.of_node.clear();
            self.epoch = epoch;
        }
    }

    /// The key of a whole solution: equal exactly for the same tree up to
    /// the order of commutative operands.
    pub(crate) fn of_solution(&mut self, nodes: &Nodes, solution: Solution) -> Shape {
        match solution {
            Solution::Card(card) => Shape::Card(card),
            Solution::Binary(op, l, r) => Shape::binary(op, self.of_node(nodes, l), self.of_node(nodes, r)),
        }
    }

    fn of_node(&mut self, nodes: &Nodes, id: NodeId) -> u32 {
        if let Some(Some(known)) = self.of_node.get(id.index()) {
            return *known;
        }
        let shape = match nodes.get(id) {
            Node::Card(card) => Shape::Card(card),
            Node::Binary(op, l, r) => Shape::binary(op, self.of_node(nodes, l), self.of_node(nodes, r)),
        };
        let next = u32::try_from(self.ids.len()).expect("fewer than 2^32 trees");
        let syntax = *self.ids.entry(shape).or_insert(next);
        if self.of_node.len() <= id.index() {
            self.of_node.resize(nodes.len().max(id.index() + 1), None);
        }
        self.of_node[id.index()] = Some(syntax);
        syntax
    }
}
