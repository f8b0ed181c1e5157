//! An expression one operator at a time, wherever it is stored.

use reckon_core::engine::{NodeId, Nodes, Solution};
use reckon_core::rules::Op;
use reckon_core::{Expr, Rational};

/// An expression seen one operator at a time, wherever it is stored: a
/// tree, or the nodes of an [`Enumerator`](reckon_core::engine::Enumerator).
pub(crate) trait Tree: Copy {
    fn view(self) -> View<Self>;
}

/// A card, or `left op right`.
#[derive(Clone, Copy)]
pub(crate) enum View<T> {
    Card(Rational),
    Binary(Op, T, T),
}

impl<'a> Tree for &'a Expr {
    fn view(self) -> View<&'a Expr> {
        match self {
            Expr::Num(card) => View::Card(*card),
            Expr::Binary(step) => View::Binary(step.op, &step.left, &step.right),
        }
    }
}

/// A part of a solution among the enumerator's nodes.
#[derive(Clone, Copy)]
pub(crate) struct NodePart<'a> {
    pub(crate) nodes: &'a Nodes,
    pub(crate) id: NodeId,
}

impl<'a> Tree for NodePart<'a> {
    fn view(self) -> View<NodePart<'a>> {
        match self.nodes.get(self.id) {
            reckon_core::engine::Node::Card(card) => View::Card(card),
            reckon_core::engine::Node::Binary(op, l, r) => {
                View::Binary(op, NodePart { nodes: self.nodes, id: l }, NodePart { nodes: self.nodes, id: r })
            }
        }
    }
}

/// A whole solution: its top operator is not a node.
#[derive(Clone, Copy)]
pub(crate) struct NodeSolution<'a> {
    pub(crate) nodes: &'a Nodes,
    pub(crate) solution: Solution,
}

impl<'a> NodeSolution<'a> {
    /// The top operator over its two parts, each a node.
    pub(crate) fn view(self) -> View<NodePart<'a>> {
        match self.solution {
            Solution::Card(card) => View::Card(card),
            Solution::Binary(op, l, r) => {
                View::Binary(op, NodePart { nodes: self.nodes, id: l }, NodePart { nodes: self.nodes, id: r })
            }
        }
    }
}

/// Either a solution's top or a part of it, to walk both alike.
#[derive(Clone, Copy)]
pub(crate) enum SolutionOrPart<'a> {
    Whole(NodeSolution<'a>),
    Part(NodePart<'a>),
}

impl<'a> Tree for SolutionOrPart<'a> {
    fn view(self) -> View<SolutionOrPart<'a>> {
        let part = |at: View<NodePart<'a>>| match at {
            View::Card(card) => View::Card(card),
            View::Binary(op, l, r) => View::Binary(op, SolutionOrPart::Part(l), SolutionOrPart::Part(r)),
        };
        match self {
            SolutionOrPart::Whole(top) => part(top.view()),
            SolutionOrPart::Part(at) => part(at.view()),
        }
    }
}
