//! The readability [`Rank`] of raw solutions over the enumerator's nodes,
//! each node's [`TreeShare`] worked out once and kept: a solution's rank
//! is then its two nodes' shares put together, with no walk of the tree.
//! Whether a node is worth less than zero the enumerator knows, as it
//! made each node for a value.

use reckon_core::engine::{Node, NodeId, Nodes, Solution};

use super::Rank;
use super::share::{ChainKind, Share, TreeShare, solution_rank};

/// A node's [`TreeShare`], not yet worked out, or none that is fast (a
/// card that is negative or not whole, printed depending on its place,
/// is in it; or a count past 16 bits).
#[derive(Clone, Copy, Debug)]
enum StoredShare {
    Unknown,
    Slow,
    Fast(PackedShare, ChainKind),
}

/// A [`TreeShare`] as the table keeps it, but for its kind, in counts of
/// 8 and 16 bits: twelve bytes a node with its kind, not twenty-eight.
/// The table is read at random, a node or two for every raw solution,
/// and the smaller it is the more of it stays in cache. The counts of a
/// chain's parts are at most its cards.
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

impl StoredShare {
    /// `share` as the table keeps it: [`StoredShare::Slow`] if there is
    /// none or a count does not fit.
    fn of(share: Option<TreeShare>) -> StoredShare {
        let Some(TreeShare { own, kind, negative }) = share else { return StoredShare::Slow };
        let (small, large) = (|n: u32| u8::try_from(n).ok(), |n: u32| u16::try_from(n).ok());
        let packed = || {
            Some(PackedShare {
                parts: small(own.parts)?,
                inverted: small(own.inverted)?,
                below_zero: small(own.rank.below_zero)?,
                negative,
                brackets: large(own.rank.brackets)?,
                inverse_ops: large(own.rank.inverse_ops)?,
                len: large(own.rank.len)?,
            })
        };
        packed().map_or(StoredShare::Slow, |packed| StoredShare::Fast(packed, kind))
    }

    /// The share kept, if one is.
    #[inline]
    fn share(self) -> Option<TreeShare> {
        let StoredShare::Fast(packed, kind) = self else { return None };
        let rank = Rank {
            below_zero: packed.below_zero.into(),
            brackets: packed.brackets.into(),
            inverse_ops: packed.inverse_ops.into(),
            len: packed.len.into(),
        };
        let own = Share { parts: packed.parts.into(), inverted: packed.inverted.into(), rank };
        Some(TreeShare { own, kind, negative: packed.negative })
    }
}

/// The shares of nodes, kept while the enumerator's node ids stay valid.
#[derive(Debug, Default)]
pub(crate) struct NodeRanks {
    shares: Vec<StoredShare>,
    epoch: u64,
}

/// How many ids beyond the nodes made so far the table makes room for.
const ROOM_AHEAD: usize = 1 << 10;

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
            Solution::Card(card) => TreeShare::card(card).map(TreeShare::rank),
            Solution::Binary(op, l, r) => Some(solution_rank(op, self.share(nodes, l)?, self.share(nodes, r)?)),
        }
    }

    /// Inlined for the usual share worked out before; the rest out of line.
    #[inline]
    fn share(&mut self, nodes: &Nodes, id: NodeId) -> Option<TreeShare> {
        match self.shares.get(id.index()) {
            Some(StoredShare::Unknown) | None => self.new_share(nodes, id),
            Some(known) => *known,
        }
        .share()
    }

    #[inline(never)]
    fn new_share(&mut self, nodes: &Nodes, id: NodeId) -> StoredShare {
        let share = match nodes.get(id) {
            Node::Card(card) => TreeShare::card(card),
            Node::Binary(op, l, r) => 'share: {
                let Some(left) = self.share(nodes, l) else { break 'share None };
                let Some(right) = self.share(nodes, r) else { break 'share None };
                Some(TreeShare::binary(op, left, right, nodes.is_below_zero(id)))
            }
        };
        let known = StoredShare::of(share);
        if self.shares.len() <= id.index() {
            // Nodes are made a few at a time between solutions: room for
            // ids to come as well, so that this is seldom done.
            let room = nodes.len().max(id.index() + 1) + ROOM_AHEAD;
            self.shares.resize(room, StoredShare::Unknown);
        }
        self.shares[id.index()] = known;
        known
    }
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
        let share = TreeShare { own: Share { parts: 3, inverted: 1, rank }, kind: ChainKind::Sum, negative: true };
        assert_eq!(StoredShare::of(Some(share)).share(), Some(share));
        let long = Share { parts: 1, inverted: 0, rank: Rank { len: 70_000, ..Rank::default() } };
        assert_eq!(StoredShare::of(Some(TreeShare { own: long, ..share })).share(), None);
        let wide = Share { parts: 300, inverted: 0, rank: Rank::default() };
        assert_eq!(StoredShare::of(Some(TreeShare { own: wide, ..share })).share(), None);
        assert_eq!(StoredShare::of(None).share(), None);
        assert_eq!(std::mem::size_of::<StoredShare>(), 12, "twelve bytes a node");
    }
}
