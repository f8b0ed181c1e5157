//! [`Enumerator`], the enumeration's interface: a memo that streams every
//! solution of one hand after another, its [`Solution`]s, and the memory
//! budget past which it refuses a hand ([`TooManySolutions`]).

use std::fmt;

use crate::budget::MemoryBudget;
use crate::expr::Expr;
use crate::hand::Hand;
use crate::number::{BigRational, Rational};
use crate::rules::{Op, Rules};

use super::{EXPR_MEMO_LIMIT, Grouping, Memo, NODE_ROOM, Node, NodeId, Nodes, Trees};

/// One solution as an [`Enumerator`] finds it: its parts are nodes, and
/// the solution itself need never be built, since most solutions are the
/// same as an earlier one at some level.
#[derive(Debug, Clone, Copy)]
pub enum Solution {
    /// A single card (a one-card hand, or one card under [`CardUse::Subset`](crate::rules::CardUse::Subset)).
    Card(Rational),
    /// `left op right`.
    Binary(Op, NodeId, NodeId),
}

impl Solution {
    /// The solution as an expression tree.
    pub fn to_expr(self, nodes: &Nodes) -> Expr {
        match self {
            Solution::Card(card) => Expr::Num(card),
            Solution::Binary(op, l, r) => Expr::binary(op, nodes.to_expr(l), nodes.to_expr(r)),
        }
    }

    pub(super) fn of(node: Node) -> Solution {
        match node {
            Node::Card(card) => Solution::Card(card),
            Node::Binary(op, l, r) => Solution::Binary(op, l, r),
        }
    }
}

/// Calls `visit` once for every solution of `hand` under `rules`.
///
/// Every expression tree that makes the target is visited, up to the order
/// of the operands of `+` and `*` and up to which of several equal-valued
/// cards sits where: those are the same tree at every level of
/// distinctness, so the stream carries each such tree at least once and
/// usually once. Under [`CardUse::Subset`](crate::rules::CardUse::Subset) the solutions over every
/// non-empty sub-multiset of the cards are visited, single cards included.
/// For many hands under the same rules, an [`Enumerator`] shares the work.
///
/// ```
/// use reckon_core::{Hand, Rules};
/// use reckon_core::engine::for_each_solution;
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// let mut found = Vec::new();
/// for_each_solution(&hand, &Rules::game24(), |e| found.push(e.to_string()));
/// assert_eq!(found, ["8/(3-8/3)"]);
/// ```
pub fn for_each_solution(hand: &Hand, rules: &Rules, visit: impl FnMut(Expr)) {
    Enumerator::new(*rules).for_each_solution(hand, visit);
}

/// Every solution of `hand` under `rules`, collected; see [`for_each_solution`].
///
/// ```
/// use reckon_core::{Hand, Rational, Rules};
/// use reckon_core::engine::all_solutions;
/// let hand: Hand = "1 2".parse().unwrap();
/// let sums = all_solutions(&hand, &Rules::with_target(Rational::from_integer(3)));
/// assert_eq!(sums.len(), 1);
/// assert_eq!(sums[0].to_string(), "1+2");
/// ```
pub fn all_solutions(hand: &Hand, rules: &Rules) -> Vec<Expr> {
    let mut out = Vec::new();
    for_each_solution(hand, rules, |e| out.push(e));
    out
}

/// Streams every solution of hand after hand under one set of rules,
/// keeping the value sets of sub-hands, and the expressions they make for
/// the values asked of them, between hands.
///
/// Visits exactly what [`for_each_solution`] visits, possibly in another
/// order. The memo of expressions is dropped between hands once it holds
/// more than a few hundred thousand of them; the value sets are kept.
///
/// ```
/// use reckon_core::Rules;
/// use reckon_core::engine::Enumerator;
/// let mut enumerator = Enumerator::new(Rules::game24());
/// let mut count = 0;
/// for cards in ["3 3 8 8", "1 2 3 4", "1 1 1 1"] {
///     enumerator.for_each_solution(&cards.parse().unwrap(), |_| count += 1);
/// }
/// assert_eq!(count, 1 + 52);
/// ```
#[derive(Debug)]
pub struct Enumerator {
    rules: Rules,
    nodes: Nodes,
    fast: Memo<Rational>,
    big: Option<Memo<BigRational>>,
}

impl Enumerator {
    /// An empty memo for `rules`, making every tree.
    pub fn new(rules: Rules) -> Enumerator {
        Enumerator::of_trees(rules, Trees::All)
    }

    /// An empty memo for `rules`, making the trees `trees`: with
    /// [`Trees::LeftGrouped`] it visits fewer solutions, but at least one
    /// of those that group alike, and with
    /// [`Trees::LeftGroupedUpTo`] fewer still.
    pub fn of_trees(rules: Rules, trees: Trees) -> Enumerator {
        let grouping = Grouping::new(trees, rules.ops, rules.domain);
        // Room for the nodes of a few hundred hands, made at once (see `NODE_ROOM`).
        let nodes = Nodes {
            nodes: Vec::with_capacity(NODE_ROOM),
            chain_ends: Vec::with_capacity(NODE_ROOM),
            ..Nodes::default()
        };
        let fast = Memo::new(rules.ops, rules.domain, grouping, MemoryBudget::of_process());
        Enumerator { rules, nodes, fast, big: None }
    }

    /// The rules this enumerator applies.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Keeps each hand within `budget` instead of the process's (see
    /// [`MemoryBudget`]): the nodes made for its parts and its raw
    /// solutions as a caller that keeps them stores them may take half of
    /// it (see `strategy::most_bytes_listed`), and the values made for any
    /// one part are held to that too. A hand past it is refused, before the
    /// memory is spent, with [`TooManySolutions`].
    pub fn with_memory_budget(mut self, budget: MemoryBudget) -> Enumerator {
        self.fast.budget = budget;
        if let Some(big) = &mut self.big {
            big.budget = budget;
        }
        self
    }

    /// The memory a hand may take (see [`Enumerator::with_memory_budget`]).
    pub fn memory_budget(&self) -> MemoryBudget {
        self.fast.budget
    }

    /// Calls `visit` once for every solution of `hand`; see [`for_each_solution`].
    ///
    /// # Panics
    ///
    /// If the hand is refused (see [`Enumerator::try_visit_solutions`]).
    pub fn for_each_solution(&mut self, hand: &Hand, mut visit: impl FnMut(Expr)) {
        self.visit_solutions(hand, |s, nodes| visit(s.to_expr(nodes)));
    }

    /// Calls `visit` once for every solution of `hand`, with the nodes its
    /// parts are in; the same solutions as [`Enumerator::for_each_solution`].
    ///
    /// # Panics
    ///
    /// If the hand is refused (see [`Enumerator::try_visit_solutions`]):
    /// for hands that may come from a user, call that instead.
    pub fn visit_solutions(&mut self, hand: &Hand, visit: impl FnMut(Solution, &Nodes)) {
        if let Err(refused) = self.try_visit_solutions(hand, visit) {
            panic!("{refused}");
        }
    }

    /// Calls `visit` once for every solution of `hand`, with the nodes its
    /// parts are in, as [`Enumerator::visit_solutions`] does; or, for a hand
    /// whose expressions would take more memory than the budget allows (see
    /// [`Enumerator::with_memory_budget`]), visits nothing and says so. The
    /// refusal comes before the memory is spent: the number of nodes each
    /// part's list is made of, and of raw solutions, is known before any
    /// of them is made.
    ///
    /// ```
    /// use reckon_core::Rules;
    /// use reckon_core::engine::Enumerator;
    /// use reckon_core::budget::MemoryBudget;
    /// let mut tight = Enumerator::new(Rules::game24()).with_memory_budget(MemoryBudget::from_bytes(128));
    /// let mut visited = 0;
    /// let refused = tight.try_visit_solutions(&"1 2 3 4".parse().unwrap(), |_, _| visited += 1);
    /// assert_eq!(refused.unwrap_err().to_string(), "listing every solution of these 4 cards would take more \
    ///     than the 128 bytes of memory allowed; try fewer cards, or more memory");
    /// assert_eq!(visited, 0);
    /// ```
    pub fn try_visit_solutions(
        &mut self,
        hand: &Hand,
        mut visit: impl FnMut(Solution, &Nodes),
    ) -> Result<(), TooManySolutions> {
        if self.forgets_before_next_hand() {
            self.nodes.clear();
            self.fast.forget_lists();
            if let Some(big) = &mut self.big {
                big.forget_lists();
            }
        }
        let rules = self.rules;
        let refused = TooManySolutions { cards: hand.len(), budget: self.fast.budget };
        if !hand.beyond_64_bits() && !rules.target.is_kept() {
            if self.fast.solutions(&mut self.nodes, hand.cards(), &rules, &mut visit).is_some() {
                return Ok(());
            }
            if self.fast.take_refused() {
                return Err(refused);
            }
        }
        let (grouping, budget) = (self.fast.grouping, self.fast.budget);
        let big = self.big.get_or_insert_with(|| Memo::new(rules.ops, rules.domain, grouping, budget));
        match big.solutions(&mut self.nodes, hand.cards(), &rules, &mut visit) {
            Some(()) => Ok(()),
            None if big.take_refused() => Err(refused),
            None => unreachable!("big rationals do not overflow"),
        }
    }

    /// Will the next hand's [`Enumerator::visit_solutions`] drop the nodes
    /// (and change the epoch)? Until it does, the solutions visited so far
    /// stay valid, so that a caller may enumerate a run of hands before
    /// it reads any of their solutions.
    pub fn forgets_before_next_hand(&self) -> bool {
        self.nodes.len() > EXPR_MEMO_LIMIT
    }

    /// The expressions found so far: those of the last hand's solutions among them.
    pub fn nodes(&self) -> &Nodes {
        &self.nodes
    }

    /// The epoch of the [`Nodes`]: it changes, before a hand's solutions
    /// are visited, whenever node ids are reused.
    pub fn epoch(&self) -> u64 {
        self.nodes.epoch()
    }
}

/// Why the solutions of a hand were not listed: the expressions its parts
/// make, or its raw solutions, would take more memory than the
/// [`MemoryBudget`] allows, typically nine distinct cards or more under
/// the default one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManySolutions {
    /// The cards of the hand.
    cards: usize,
    /// The budget they did not fit in.
    budget: MemoryBudget,
}

impl fmt::Display for TooManySolutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "listing every solution of these {} cards would take more than the {} of memory allowed; try fewer \
             cards, or more memory",
            self.cards, self.budget
        )
    }
}

impl std::error::Error for TooManySolutions {}
