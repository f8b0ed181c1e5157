//! The readability [`Rank`] of raw solutions over the enumerator's nodes,
//! each node's share worked out once: a solution's rank is then its two
//! nodes' shares added up, with no walk of the tree.
//!
//! The same count as `distinct::rank_of`: tidying turns each chain of `+`
//! and `-` (`*` and `/`) into `a+b-c-d` (`a*b/c/d`), so a node adds its
//! chain parts' brackets, inverse operators and length, and which of its
//! parts end up inverted depends only on whether the node itself is.

use reckon_core::{Node, NodeId, Nodes, Op, Solution};

use crate::distinct::{Rank, decimal_digits};

/// What a node adds to a chain it is part of.
#[derive(Clone, Copy, Debug)]
struct Share {
    /// Its parts in the chain.
    parts: u32,
    /// How many of them are inverted when the node is not.
    inverted: u32,
    /// Brackets, inverse operators and length inside the parts, and the
    /// operators between them.
    rank: Rank,
}

impl Share {
    /// The rank it adds to a chain, inverted there or not.
    fn rank(self, inverted: bool) -> Rank {
        let flipped = if inverted { self.parts - self.inverted } else { self.inverted };
        (self.rank.0, self.rank.1 + flipped, self.rank.2)
    }
}

/// A share not yet worked out, or one that has no fast rank (a card that is
/// negative or not whole, printed depending on its place).
#[derive(Clone, Copy, Debug)]
enum Known {
    Unknown,
    Slow,
    Fast(Share),
}

/// The shares of nodes as parts of an additive and of a multiplicative
/// chain, kept while the enumerator's node ids stay valid.
#[derive(Debug, Default)]
pub(crate) struct NodeRanks {
    shares: Vec<[Known; 2]>,
    epoch: u64,
}

fn is_additive(op: Op) -> bool {
    op.precedence() == Op::Add.precedence()
}

fn add(a: Rank, b: Rank) -> Rank {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

impl NodeRanks {
    /// Room for the shares of `n` nodes.
    pub(crate) fn with_capacity(n: usize) -> NodeRanks {
        NodeRanks { shares: Vec::with_capacity(n), epoch: 0 }
    }

    /// Forgets the shares if node ids were reused.
    pub(crate) fn follow(&mut self, epoch: u64) {
        if epoch != self.epoch {
            self.shares.clear();
            self.epoch = epoch;
        }
    }

    /// The rank of the tidied `solution`, or `None` where it has a card
    /// whose text depends on its place.
    pub(crate) fn of_solution(&mut self, nodes: &Nodes, solution: Solution) -> Option<Rank> {
        match solution {
            Solution::Card(card) => {
                (card.is_integer() && !card.numer().is_negative()).then(|| (0, 0, decimal_digits(card.numer())))
            }
            Solution::Binary(op, l, r) => {
                let additive = is_additive(op);
                let left = self.share(nodes, l, additive)?.rank(false);
                let right = self.share(nodes, r, additive)?.rank(matches!(op, Op::Sub | Op::Div));
                Some(add(add(left, right), (0, 0, 1)))
            }
        }
    }

    /// Inlined for the usual share worked out before; the rest out of line.
    #[inline]
    fn share(&mut self, nodes: &Nodes, id: NodeId, additive: bool) -> Option<Share> {
        if let Some(known) = self.shares.get(id.index()) {
            match known[usize::from(additive)] {
                Known::Fast(share) => return Some(share),
                Known::Slow => return None,
                Known::Unknown => {}
            }
        }
        self.new_share(nodes, id, additive)
    }

    #[inline(never)]
    fn new_share(&mut self, nodes: &Nodes, id: NodeId, additive: bool) -> Option<Share> {
        let share = match nodes.get(id) {
            Node::Binary(op, l, r) if is_additive(op) == additive => self.chain_share(nodes, op, l, r),
            // A part of the chain: tidied on its own.
            Node::Card(card) => (card.is_integer() && !card.numer().is_negative()).then(|| Share {
                parts: 1,
                inverted: 0,
                rank: (0, 0, decimal_digits(card.numer())),
            }),
            Node::Binary(op, l, r) => {
                let own = is_additive(op);
                // Its share in a chain of its own, mostly not worked out
                // either, is worked out and kept here rather than by a call.
                let inner = match self.shares.get(id.index()).map(|known| known[usize::from(own)]) {
                    Some(Known::Fast(share)) => Some(share),
                    Some(Known::Slow) => None,
                    _ => {
                        let inner = self.chain_share(nodes, op, l, r);
                        self.keep(nodes, id, own, inner);
                        inner
                    }
                };
                // A sum inside a product is bracketed.
                let brackets = if own && !additive { (1, 0, 2) } else { (0, 0, 0) };
                inner.map(|inner| Share { parts: 1, inverted: 0, rank: add(inner.rank(false), brackets) })
            }
        };
        self.keep(nodes, id, additive, share);
        share
    }

    /// Keeps the share of node `id` in an additive chain or not.
    #[inline]
    fn keep(&mut self, nodes: &Nodes, id: NodeId, additive: bool, share: Option<Share>) {
        if self.shares.len() <= id.index() {
            self.shares.resize(nodes.len().max(id.index() + 1), [Known::Unknown; 2]);
        }
        self.shares[id.index()][usize::from(additive)] = share.map_or(Known::Slow, Known::Fast);
    }

    /// The share of `l op r` in a chain of `op`'s own kind: its two sides'
    /// parts together.
    #[inline]
    fn chain_share(&mut self, nodes: &Nodes, op: Op, l: NodeId, r: NodeId) -> Option<Share> {
        let additive = is_additive(op);
        let (left, right) = (self.share(nodes, l, additive)?, self.share(nodes, r, additive)?);
        let right_inverted =
            if matches!(op, Op::Sub | Op::Div) { right.parts - right.inverted } else { right.inverted };
        Some(Share {
            parts: left.parts + right.parts,
            inverted: left.inverted + right_inverted,
            rank: add(add(left.rank, right.rank), (0, 0, 1)),
        })
    }
}
