//! The readability [`Rank`] of raw solutions over the enumerator's nodes,
//! each node's share worked out once: a solution's rank is then its two
//! nodes' shares added up, with no walk of the tree.
//!
//! The same count as `distinct::rank_of`: tidying turns each chain of `+`
//! and `-` (`*` and `/`) into `a+b-c-d` (`a*b/c/d`), so a node adds its
//! chain parts' brackets, inverse operators, length and parts worth less
//! than zero, and which of its parts end up inverted depends only on
//! whether the node itself is. Whether a node is worth less than zero the
//! enumerator knows, as it made each node for a value.

use reckon_core::Rational;
use reckon_core::engine::{Node, NodeId, Nodes, Solution};
use reckon_core::rules::Op;

use super::{Rank, decimal_digits};

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
        Rank { inverse_ops: self.rank.inverse_ops + flipped, ..self.rank }
    }

    /// The share in an additive chain or not of a node of `kind` whose
    /// share in a chain of its own kind is this one: in a chain of the
    /// other kind it is one part, tidied on its own, which counts if the
    /// node is `negative`.
    #[inline]
    fn in_chain(self, kind: ChainKind, negative: bool, additive: bool) -> Share {
        let part = |rank: Rank| Share {
            parts: 1,
            inverted: 0,
            rank: Rank { below_zero: rank.below_zero + u32::from(negative), ..rank },
        };
        match kind {
            // A sum inside a product is bracketed.
            ChainKind::Sum if !additive => part(self.rank(false) + Rank { brackets: 1, len: 2, ..Rank::default() }),
            ChainKind::Product if additive => part(self.rank(false)),
            _ => self,
        }
    }
}

/// The chain a node is: a card is a part of any chain as it is.
#[derive(Clone, Copy, Debug)]
enum ChainKind {
    Card,
    Sum,
    Product,
}

/// A node's share in a chain of its own kind, not yet worked out, or none
/// that is fast (a card that is negative or not whole, printed depending
/// on its place, is in it; or a count past 16 bits).
#[derive(Clone, Copy, Debug)]
enum StoredShare {
    Unknown,
    Slow,
    Fast(PackedShare, ChainKind),
}

/// A [`Share`] as the table keeps it, with whether the node is worth
/// less than zero, in counts of 8 and 16 bits: twelve bytes a node with
/// its kind, not twenty-eight. The table is read at random, a node or two
/// for every raw solution, and the smaller it is the more of it stays in
/// cache. The counts of a chain's parts are at most its cards.
#[derive(Clone, Copy, Debug)]
struct PackedShare {
    parts: u8,
    inverted: u8,
    below_zero: u8,
    negative: bool,
    brackets: u16,
    inverse_ops: u16,
    len: u16,
}

impl PackedShare {
    /// `share` packed, if every count fits, with the node's sign.
    fn of(share: Share, negative: bool) -> Option<PackedShare> {
        let (small, large) = (|n: u32| u8::try_from(n).ok(), |n: u32| u16::try_from(n).ok());
        Some(PackedShare {
            parts: small(share.parts)?,
            inverted: small(share.inverted)?,
            below_zero: small(share.rank.below_zero)?,
            negative,
            brackets: large(share.rank.brackets)?,
            inverse_ops: large(share.rank.inverse_ops)?,
            len: large(share.rank.len)?,
        })
    }

    fn share(self) -> Share {
        let rank = Rank {
            below_zero: self.below_zero.into(),
            brackets: self.brackets.into(),
            inverse_ops: self.inverse_ops.into(),
            len: self.len.into(),
        };
        Share { parts: self.parts.into(), inverted: self.inverted.into(), rank }
    }
}

impl StoredShare {
    /// The share worked out of a node that is `negative` or not, `None`
    /// for none that is fast.
    fn of(share: Option<Share>, negative: bool, kind: ChainKind) -> StoredShare {
        share
            .and_then(|share| PackedShare::of(share, negative))
            .map_or(StoredShare::Slow, |packed| StoredShare::Fast(packed, kind))
    }
}

/// The shares of nodes in chains of their own kind, kept while the
/// enumerator's node ids stay valid: a node's share in a chain of the
/// other kind follows from it.
#[derive(Debug, Default)]
pub(crate) struct NodeRanks {
    shares: Vec<StoredShare>,
    epoch: u64,
}

/// How many ids beyond the nodes made so far the table makes room for.
const ROOM_AHEAD: usize = 1 << 10;

/// What an operator between two parts adds: one character.
const OPERATOR: Rank = Rank { below_zero: 0, brackets: 0, inverse_ops: 0, len: 1 };

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
            Solution::Card(card) => (card.is_integer() && !card.numer().is_negative()).then(|| card_rank(card)),
            Solution::Binary(op, l, r) => {
                let additive = op.is_additive();
                let left = self.share(nodes, l, additive)?.rank(false);
                let right = self.share(nodes, r, additive)?.rank(matches!(op, Op::Sub | Op::Div));
                Some(left + right + OPERATOR)
            }
        }
    }

    /// Inlined for the usual share worked out before; the rest out of line.
    #[inline]
    fn share(&mut self, nodes: &Nodes, id: NodeId, additive: bool) -> Option<Share> {
        let known = match self.shares.get(id.index()) {
            Some(StoredShare::Unknown) | None => self.new_share(nodes, id),
            Some(known) => *known,
        };
        match known {
            StoredShare::Fast(own, kind) => Some(own.share().in_chain(kind, own.negative, additive)),
            StoredShare::Slow | StoredShare::Unknown => None,
        }
    }

    #[inline(never)]
    fn new_share(&mut self, nodes: &Nodes, id: NodeId) -> StoredShare {
        let known = match nodes.get(id) {
            Node::Card(card) if card.is_integer() && !card.numer().is_negative() => {
                StoredShare::of(Some(Share { parts: 1, inverted: 0, rank: card_rank(card) }), false, ChainKind::Card)
            }
            Node::Card(_) => StoredShare::Slow,
            Node::Binary(op, l, r) => {
                let kind = if op.is_additive() { ChainKind::Sum } else { ChainKind::Product };
                StoredShare::of(self.chain_share(nodes, op, l, r), nodes.is_below_zero(id), kind)
            }
        };
        if self.shares.len() <= id.index() {
            // Nodes are made a few at a time between solutions: room for
            // ids to come as well, so that this is seldom done.
            let room = nodes.len().max(id.index() + 1) + ROOM_AHEAD;
            self.shares.resize(room, StoredShare::Unknown);
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
            rank: left.rank + right.rank + OPERATOR,
        })
    }
}

/// The rank of a whole card that is not negative: its digits.
fn card_rank(card: Rational) -> Rank {
    Rank { len: decimal_digits(card.numer()), ..Rank::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A share comes back from the table as it went in, and one with a
    /// count too large for its field is not kept as fast: its rank is then
    /// worked out from the tree, exactly.
    #[test]
    fn packed_shares_are_exact_or_slow() {
        let rank = Rank { below_zero: 1, brackets: 2, inverse_ops: 1, len: 9 };
        let share = Share { parts: 3, inverted: 1, rank };
        let packed = PackedShare::of(share, true).expect("small counts fit");
        let back = packed.share();
        assert_eq!((back.parts, back.inverted, back.rank, packed.negative), (3, 1, rank, true));
        let long = Share { parts: 1, inverted: 0, rank: Rank { len: 70_000, ..Rank::default() } };
        assert!(PackedShare::of(long, false).is_none());
        let wide = Share { parts: 300, inverted: 0, rank: Rank::default() };
        assert!(PackedShare::of(wide, false).is_none());
        assert!(matches!(StoredShare::of(Some(long), false, ChainKind::Card), StoredShare::Slow));
        assert!(matches!(StoredShare::of(Some(share), false, ChainKind::Sum), StoredShare::Fast(_, ChainKind::Sum)));
        assert_eq!(std::mem::size_of::<StoredShare>(), 12, "twelve bytes a node");
    }
}
