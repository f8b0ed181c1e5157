//! The one calculation of a [`Rank`] without tidying: what each part of a
//! solution adds to it, worked out from its two sides' shares. A tree is
//! walked ([`rank_of`](super::rank_of)) and the enumerator's nodes are
//! cached ([`NodeRanks`](super::NodeRanks)) through these same steps.
//!
//! Tidying turns each chain of `+` and `-` (`*` and `/`) into `a+b-c-d`
//! (`a*b/c/d`), so a tree adds its chain parts' brackets, inverse
//! operators, length and parts worth less than zero, and which of its
//! parts end up inverted depends only on whether the tree itself is.

use reckon_core::Rational;
use reckon_core::rules::Op;

use super::{Rank, decimal_digits};

/// What a tree adds to a chain it is part of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Share {
    /// Its parts in the chain.
    pub(super) parts: u32,
    /// How many of them are inverted when the tree is not.
    pub(super) inverted: u32,
    /// Brackets, inverse operators and length inside the parts, and the
    /// operators between them.
    pub(super) rank: Rank,
}

/// What an operator between two parts adds: one character.
const OPERATOR: Rank = Rank { below_zero: 0, brackets: 0, inverse_ops: 0, len: 1 };

impl Share {
    /// The rank it adds to a chain, inverted there or not.
    fn rank(self, inverted: bool) -> Rank {
        let flipped = if inverted { self.parts - self.inverted } else { self.inverted };
        Rank { inverse_ops: self.rank.inverse_ops + flipped, ..self.rank }
    }
}

/// The chain a tree is: a card is a part of any chain as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ChainKind {
    Card,
    Sum,
    Product,
}

/// A tree's share in a chain of its own kind, with what its share in a
/// chain of the other kind follows from: its kind, and whether it is
/// worth less than zero (a part of a chain that is counts in the rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TreeShare {
    pub(super) own: Share,
    pub(super) kind: ChainKind,
    pub(super) negative: bool,
}

impl TreeShare {
    /// The share of a card, `None` for one that is negative, not whole or
    /// beyond 64 bits, whose printing depends on its place.
    #[inline]
    pub(super) fn card(card: Rational) -> Option<TreeShare> {
        let whole = card.to_i64().filter(|n| !n.is_negative())?;
        Some(TreeShare {
            own: Share { parts: 1, inverted: 0, rank: Rank { len: decimal_digits(whole), ..Rank::default() } },
            kind: ChainKind::Card,
            negative: false,
        })
    }

    /// The share of `left op right`, which is `negative` or not.
    #[inline]
    pub(super) fn binary(op: Op, left: TreeShare, right: TreeShare, negative: bool) -> TreeShare {
        let kind = if op.is_additive() { ChainKind::Sum } else { ChainKind::Product };
        TreeShare { own: chain_share(op, left, right), kind, negative }
    }

    /// The rank of the tree as a whole tidied solution.
    pub(super) fn rank(self) -> Rank {
        self.own.rank(false)
    }

    /// Its share in an additive chain or not: in a chain of the other
    /// kind it is one part, tidied on its own.
    #[inline]
    fn in_chain(self, additive: bool) -> Share {
        let part = |rank: Rank| Share {
            parts: 1,
            inverted: 0,
            rank: Rank { below_zero: rank.below_zero + u32::from(self.negative), ..rank },
        };
        match self.kind {
            // A sum inside a product is bracketed.
            ChainKind::Sum if !additive => part(self.own.rank(false) + Rank { brackets: 1, len: 2, ..Rank::default() }),
            ChainKind::Product if additive => part(self.own.rank(false)),
            _ => self.own,
        }
    }
}

/// The rank of the tidied solution `left op right`, whatever its sign:
/// the whole is not a part of a chain.
#[inline]
pub(super) fn solution_rank(op: Op, left: TreeShare, right: TreeShare) -> Rank {
    chain_share(op, left, right).rank(false)
}

/// The share of `left op right` in a chain of `op`'s own kind: its two
/// sides' parts together.
#[inline]
fn chain_share(op: Op, left: TreeShare, right: TreeShare) -> Share {
    let additive = op.is_additive();
    let (left, right) = (left.in_chain(additive), right.in_chain(additive));
    let right_inverted = if matches!(op, Op::Sub | Op::Div) { right.parts - right.inverted } else { right.inverted };
    Share {
        parts: left.parts + right.parts,
        inverted: left.inverted + right_inverted,
        rank: left.rank + right.rank + OPERATOR,
    }
}
