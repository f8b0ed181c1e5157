//! How readable a solution is.
//!
//! A [`Rank`] is defined on the tidied solution as printed ([`Rank::of`]).
//! It is worked out without tidying by one calculation (`share.rs`) with
//! two drivers: [`rank_of`] walks a tree, and [`NodeRanks`] keeps each of
//! the enumerator's nodes' shares between solutions.

mod nodes;
mod share;

use reckon_core::number::{BigRational, Number};
use reckon_core::rules::Op;
use reckon_core::{Expr, Rational};

use crate::level::Level;
use crate::tidy::tidy;
use crate::view::{Tree, View};

pub(crate) use nodes::NodeRanks;
use share::TreeShare;

/// How readable a tidied expression is, all but its text: lower is more
/// readable, field by field. Small, since one is kept per class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Rank {
    /// Parts of chains worth less than zero (see [`parts_below_zero`]).
    pub(crate) below_zero: u32,
    /// Pairs of brackets.
    pub(crate) brackets: u32,
    /// `-` and `/` operators.
    pub(crate) inverse_ops: u32,
    /// Characters of the text.
    pub(crate) len: u32,
}

impl std::ops::Add for Rank {
    type Output = Rank;
    fn add(self, other: Rank) -> Rank {
        Rank {
            below_zero: self.below_zero + other.below_zero,
            brackets: self.brackets + other.brackets,
            inverse_ops: self.inverse_ops + other.inverse_ops,
            len: self.len + other.len,
        }
    }
}

impl Rank {
    /// The rank of `e` as it is printed (tidied, for a member shown).
    pub(crate) fn of(e: &Expr) -> Rank {
        let text = printed(e);
        let count = |n: usize| u32::try_from(n).expect("expressions shorter than 2^32");
        Rank {
            below_zero: parts_below_zero(e),
            brackets: count(text.matches('(').count()),
            inverse_ops: inverse_ops(e),
            len: count(text.len()),
        }
    }
}

fn inverse_ops(e: &Expr) -> u32 {
    match e {
        Expr::Num(_) => 0,
        Expr::Binary(step) => {
            u32::from(matches!(step.op, Op::Sub | Op::Div)) + inverse_ops(&step.left) + inverse_ops(&step.right)
        }
    }
}

/// How many parts of the chains of `e` (the sub-expressions that are a
/// card, or whose operator is of the other kind than their parent's, `+`
/// and `-` against `*` and `/`) are worth less than zero, worked out
/// exactly (in big rationals if 64 bits overflow). Tidied, a chain of
/// parts that are not negative goes through no negative value on its way
/// (its sums come before its differences), so a tidied tree of cards that
/// are not negative goes through one exactly when it has such a part:
/// `4nums` writes a negative part the positive way round, `(3-1)*(13-1)`
/// rather than `(1-3)*(1-13)`.
pub(crate) fn parts_below_zero<T: Tree>(e: T) -> u32 {
    fn walk<T: Tree, N: Number>(e: T, parent_additive: Option<bool>, count: &mut u32) -> Option<N> {
        let (value, additive) = match e.view() {
            View::Card(card) => (N::from_rational(card), None),
            View::Binary(op, l, r) => {
                let additive = op.is_additive();
                let (a, b) = (walk::<T, N>(l, Some(additive), count)?, walk::<T, N>(r, Some(additive), count)?);
                (op.apply(&a, &b)?, Some(additive))
            }
        };
        let is_part = parent_additive.is_some() && additive != parent_additive;
        *count += u32::from(is_part && value.is_negative());
        Some(value)
    }
    let mut count = 0;
    if walk::<T, Rational>(e, None, &mut count).is_some() {
        return count;
    }
    count = 0;
    // A solution has no division by zero: only an overflow comes here.
    walk::<T, BigRational>(e, None, &mut count).map_or(0, |_| count)
}

/// The text of `e`, printed into room for a typical solution at once
/// rather than grown a few characters at a time.
fn printed(e: &Expr) -> String {
    let mut text = String::with_capacity(32);
    e.write_to(&mut text).expect("printing to a string does not fail");
    text
}

/// The [`Rank`] of the tidied `solution`, wherever it is stored, without
/// building it where that is easy: above the syntax level, with whole
/// cards that are not negative. Its parts' shares are worked out as
/// [`NodeRanks`] works out a node's, each part's sign from its value.
pub(crate) fn rank_of<T: Tree>(level: Level, solution: T) -> Rank {
    let fast = match level {
        Level::Syntax => None,
        Level::Function | Level::FourNums => match tree_share::<T, Rational>(solution) {
            Ok((share, _)) => Some(share),
            Err(Unshared::Overflow) => tree_share::<T, BigRational>(solution).ok().map(|(share, _)| share),
            Err(Unshared::PlacedCard) => None,
        },
    };
    fast.map_or_else(|| Rank::of(&tidy(level, solution)), TreeShare::rank)
}

/// Why a tree has no [`TreeShare`] in numbers of type `N`.
enum Unshared {
    /// A card that is negative or not whole: its printing depends on its place.
    PlacedCard,
    /// A value past the numbers' range (or a division by zero, which no
    /// solution holds).
    Overflow,
}

/// The share of `e` and its value, its parts' shares put together.
fn tree_share<T: Tree, N: Number>(e: T) -> Result<(TreeShare, N), Unshared> {
    match e.view() {
        View::Card(card) => Ok((TreeShare::card(card).ok_or(Unshared::PlacedCard)?, N::from_rational(card))),
        View::Binary(op, l, r) => {
            let ((left, a), (right, b)) = (tree_share::<T, N>(l)?, tree_share::<T, N>(r)?);
            let value = op.apply(&a, &b).ok_or(Unshared::Overflow)?;
            Ok((TreeShare::binary(op, left, right, value.is_negative()), value))
        }
    }
}

fn decimal_digits(mut n: i64) -> u32 {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tidy::same_tidy;
    use crate::view::{NodeSolution, SolutionOrPart};
    use reckon_core::engine::{Enumerator, all_solutions};
    use reckon_core::{Hand, Rules};

    #[test]
    fn parts_below_zero_are_counted_exactly() {
        let below_zero = |e: &str| parts_below_zero(&reckon_core::parse_expr(e).unwrap());
        assert_eq!(below_zero("(1-3)*(1-13)"), 2);
        assert_eq!(below_zero("(13-1)*(3-1)"), 0);
        assert_eq!(below_zero("1-1+0"), 0, "zero is not negative");
        assert_eq!(below_zero("1-3"), 0, "the whole is not a part");
        assert_eq!(below_zero("2*(0-3)+7"), 2, "a part inside a part");
        // A step inside a chain is not a part: tidied, this chain is
        // `1/3+1-1/2`, which goes through no negative value.
        assert_eq!(below_zero("(1/3-1/2+1)*6"), 0, "fractions");
        // Past 64 bits the parts are worked out in big rationals.
        assert_eq!(below_zero("(1-9223372036854775807*4)/2"), 1);
    }

    /// The rank computed without tidying is the rank of the tidied form,
    /// and expressions said to tidy alike do.
    #[test]
    fn rank_without_tidying_is_exact() {
        let cases = [
            ("1 2 3 4", 24),
            ("3 3 8 8", 24),
            ("1 5 5 5", 24),
            ("0 1 10 13", 10),
            ("1 1 10 12", 24),
            ("2 4 8 10", 24),
            ("1 3 7 10 25", 765),
        ];
        let mut alike = 0;
        for (cards, target) in cases {
            let hand: Hand = cards.parse().unwrap();
            let all = all_solutions(&hand, &Rules::with_target(Rational::from_integer(target)));
            for e in &all {
                for level in [Level::Function, Level::FourNums] {
                    assert_eq!(rank_of(level, e), Rank::of(&tidy(level, e)), "{e}");
                }
            }
            // Solutions said to tidy alike do.
            for a in all.iter().take(200) {
                for b in all.iter().take(200) {
                    if same_tidy(a, b) {
                        assert_eq!(tidy(Level::FourNums, a), tidy(Level::FourNums, b), "{a} and {b}");
                        alike += usize::from(a != b);
                    }
                }
            }
        }
        assert!(alike > 0, "some different solutions tidy alike");
        // Past 64 bits the shares are worked out in big rationals.
        let large = reckon_core::parse_expr("(1-9223372036854775807*4)/2").unwrap();
        assert_eq!(rank_of(Level::FourNums, &large), Rank::of(&tidy(Level::FourNums, &large)));
    }

    /// A solution over the enumerator's nodes ranks alike whether its
    /// nodes' shares are kept or its tree is walked, and a card whose
    /// printing depends on its place leaves it to be tidied.
    #[test]
    fn node_ranks_are_tree_ranks() {
        let (mut kept, mut tidied) = (0, 0);
        let mut ranks = NodeRanks::default();
        let mut enumerator = Enumerator::new(Rules::game24());
        for cards in ["1 2 3 4", "3 3 8 8", "0 1 10 13", "1/2 3 7 8", "-2 5 4 1", "1 1 10 12"] {
            enumerator.visit_solutions(&cards.parse().unwrap(), |solution, nodes| {
                ranks.follow(nodes.epoch());
                let tree = SolutionOrPart::Whole(NodeSolution { nodes, solution });
                let walked = rank_of(Level::FourNums, tree);
                assert_eq!(walked, Rank::of(&tidy(Level::FourNums, tree)), "{}", solution.to_expr(nodes));
                match ranks.of_solution(nodes, solution) {
                    Some(rank) => {
                        assert_eq!(rank, walked, "{}", solution.to_expr(nodes));
                        kept += 1;
                    }
                    None => tidied += 1,
                }
            });
        }
        assert!(kept > 0 && tidied > 0, "{kept} kept, {tidied} tidied");
    }
}
