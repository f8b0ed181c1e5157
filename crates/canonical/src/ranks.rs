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

    /// The share in an additive chain or not of a node of `kind` whose
    /// share in a chain of its own kind is this one: in a chain of the
    /// other kind it is one part, tidied on its own.
    #[inline]
    fn in_chain(self, kind: Kind, additive: bool) -> Share {
        match kind {
            // A sum inside a product is bracketed.
            Kind::Sum if !additive => Share { parts: 1, inverted: 0, rank: add(self.rank(false), (1, 0, 2)) },
            Kind::Product if additive => Share { parts: 1, inverted: 0, rank: self.rank(false) },
            _ => self,
        }
    }
}

/// The chain a node is: a card is a part of any chain as it is.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Card,
    Sum,
    Product,
}

/// A node's share in a chain of its own kind, not yet worked out, or none
/// that is fast (a card that is negative or not whole, printed depending
/// on its place, is in it; or a count past 16 bits).
#[derive(Clone, Copy, Debug)]
enum Known {
    Unknown,
    Slow,
    Fast(Packed, Kind),
}

/// A [`Share`] as the table keeps it, in 16-bit counts: twelve bytes a
/// node with its kind, not twenty-four. The table is read at random, a
/// node or two for every raw solution, and the smaller it is the more of
/// it stays in cache.
#[derive(Clone, Copy, Debug)]
struct Packed([u16; 5]);

impl Packed {
    /// `share` packed, if every count fits.
    fn of(share: Share) -> Option<Packed> {
        let (parts, inverted, (brackets, inverse, length)) = (share.parts, share.inverted, share.rank);
        let mut packed = [0; 5];
        for (to, count) in packed.iter_mut().zip([parts, inverted, brackets, inverse, length]) {
            *to = u16::try_from(count).ok()?;
        }
        Some(Packed(packed))
    }

    fn share(self) -> Share {
        let [parts, inverted, brackets, inverse, length] = self.0.map(u32::from);
        Share { parts, inverted, rank: (brackets, inverse, length) }
    }
}

impl Known {
    /// The share worked out, `None` for none that is fast.
    fn of(share: Option<Share>, kind: Kind) -> Known {
        share.and_then(Packed::of).map_or(Known::Slow, |packed| Known::Fast(packed, kind))
    }
}

/// The shares of nodes in chains of their own kind, kept while the
/// enumerator's node ids stay valid: a node's share in a chain of the
/// other kind follows from it.
#[derive(Debug, Default)]
pub(crate) struct NodeRanks {
    shares: Vec<Known>,
    epoch: u64,
}

/// How many ids beyond the nodes made so far the table makes room for.
const ROOM_AHEAD: usize = 1 << 10;

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
                let additive = op.is_additive();
                let left = self.share(nodes, l, additive)?.rank(false);
                let right = self.share(nodes, r, additive)?.rank(matches!(op, Op::Sub | Op::Div));
                Some(add(add(left, right), (0, 0, 1)))
            }
        }
    }

    /// Inlined for the usual share worked out before; the rest out of line.
    #[inline]
    fn share(&mut self, nodes: &Nodes, id: NodeId, additive: bool) -> Option<Share> {
        let known = match self.shares.get(id.index()) {
            Some(Known::Unknown) | None => self.new_share(nodes, id),
            Some(known) => *known,
        };
        match known {
            Known::Fast(own, kind) => Some(own.share().in_chain(kind, additive)),
            Known::Slow | Known::Unknown => None,
        }
    }

    #[inline(never)]
    fn new_share(&mut self, nodes: &Nodes, id: NodeId) -> Known {
        let known = match nodes.get(id) {
            Node::Card(card) if card.is_integer() && !card.numer().is_negative() => {
                Known::of(Some(Share { parts: 1, inverted: 0, rank: (0, 0, decimal_digits(card.numer())) }), Kind::Card)
            }
            Node::Card(_) => Known::Slow,
            Node::Binary(op, l, r) => {
                let kind = if op.is_additive() { Kind::Sum } else { Kind::Product };
                Known::of(self.chain_share(nodes, op, l, r), kind)
            }
        };
        if self.shares.len() <= id.index() {
            // Nodes are made a few at a time between solutions: room for
            // ids to come as well, so that this is seldom done.
            let room = nodes.len().max(id.index() + 1) + ROOM_AHEAD;
            self.shares.resize(room, Known::Unknown);
        }
        self.shares[id.index()] = known;
        known
    }

    /// The share of `l op r` in a chain of `op`'s own kind: its two sides'
    /// parts together.
    fn chain_share(&mut self, nodes: &Nodes, op: Op, l: NodeId, r: NodeId) -> Option<Share> {
        let additive = op.is_additive();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A share comes back from the table as it went in, and one with a
    /// count past 16 bits is not kept as fast: its rank is then worked
    /// out from the tree, exactly.
    #[test]
    fn packed_shares_are_exact_or_slow() {
        let share = Share { parts: 3, inverted: 1, rank: (2, 1, 9) };
        let back = Packed::of(share).expect("small counts fit").share();
        assert_eq!((back.parts, back.inverted, back.rank), (3, 1, (2, 1, 9)));
        let long = Share { parts: 1, inverted: 0, rank: (0, 0, 70_000) };
        assert!(Packed::of(long).is_none());
        assert!(matches!(Known::of(Some(long), Kind::Card), Known::Slow));
        assert!(matches!(Known::of(Some(share), Kind::Sum), Known::Fast(_, Kind::Sum)));
    }
}
