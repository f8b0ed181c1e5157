//! The pick-two-and-combine search: decide a hand and find one solution.
//!
//! A state is the sorted multiset of values still to be combined. The search
//! picks two of them, replaces them by a result, and recurses. Three prunings
//! keep it small without losing a solution:
//! - commutativity: `a+b` and `a*b` are tried once per pair, `a-b`, `b-a`,
//!   `a/b`, `b/a` each;
//! - duplicate values: among equal values only the first is picked, since
//!   the others lead to the same states;
//! - memoized failures: a state (its multiset of values) that failed is never
//!   searched again, also not for the next hand solved under the same rules.

use hashbrown::HashSet;
use smallvec::SmallVec;

use crate::budget::MemoryBudget;
use crate::combine::{Order, combine};
use crate::enumerate::{Enumerator, Trees};
use crate::expr::Expr;
use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{CardUse, Op, Rules};
use crate::strategy::{
    Decision, Engine, KEPT_VALUES, MOST_STATES_SEARCHED, SEARCH_BUDGET, decision, most_failed_states,
};
use crate::values::Reach;

/// Solves hands under one set of rules, remembering failed states between hands.
///
/// Arithmetic runs on 64-bit rationals; if anything overflows and no solution
/// was found, the hand is searched again with big rationals, so the answer is
/// always exact and complete.
///
/// ```
/// use reckon_core::{Hand, Rules, Solver};
/// let mut solver = Solver::new(Rules::game24());
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// assert_eq!(solver.solve(&hand).unwrap().to_string(), "8/(3-8/3)");
/// assert!(!solver.decide(&"1 1 1 1".parse().unwrap()));
/// ```
///
/// Which engine answers is the strategy's choice (`strategy.rs`): small
/// hands are decided by value sets kept across hands, so a batch of them
/// costs little more than reading it.
#[derive(Debug)]
pub struct Solver {
    fast: Search<Rational>,
    big: Option<Search<BigRational>>,
    /// The value sets of the hands decided so far, made when first needed.
    sets: Option<Reach>,
    /// The states a search visits before it asks the value sets.
    states_before_sets: u64,
    /// The memory a hand may take, which each engine holds to its share of.
    memory: MemoryBudget,
    /// The engines asked for the last answer, in order.
    route: SmallVec<[Engine; 4]>,
}

impl Solver {
    /// A solver for `rules`, within the process's [`MemoryBudget`].
    pub fn new(rules: Rules) -> Solver {
        let memory = MemoryBudget::of_process();
        Solver {
            fast: Search::new(rules, memory),
            big: None,
            sets: None,
            states_before_sets: SEARCH_BUDGET,
            memory,
            route: SmallVec::new(),
        }
    }

    /// Keeps each hand within `memory` instead of the process's budget:
    /// the search's memory of failed states, the value sets and the
    /// enumerator hold to their shares of it (see `strategy`).
    ///
    /// ```
    /// use reckon_core::budget::MemoryBudget;
    /// use reckon_core::{Rules, Solver};
    /// let mut solver = Solver::new(Rules::game24()).with_memory_budget("64M".parse().unwrap());
    /// assert!(solver.decide(&"3 3 8 8".parse().unwrap()));
    /// ```
    pub fn with_memory_budget(mut self, memory: MemoryBudget) -> Solver {
        let rules = self.fast.rules;
        (self.fast, self.big, self.sets, self.memory) = (Search::new(rules, memory), None, None, memory);
        self
    }

    /// The rules this solver applies.
    pub fn rules(&self) -> &Rules {
        &self.fast.rules
    }

    /// The engines that answered the last question, in the order the
    /// strategy asked them: what it chose for that hand, for tests and
    /// diagnostics.
    ///
    /// ```
    /// use reckon_core::Solver;
    /// use reckon_core::engine::Engine;
    /// let mut solver = Solver::new(reckon_core::Rules::game24());
    /// solver.solve(&"3 3 8 8".parse().unwrap());
    /// assert_eq!(solver.route(), [Engine::ValueSets, Engine::Search]);
    /// solver.solve(&"1 1 1 1 1 1 1 1 1".parse().unwrap());
    /// assert_eq!(solver.route(), [Engine::Search]);
    /// ```
    pub fn route(&self) -> &[Engine] {
        &self.route
    }

    /// One expression that makes the target from `hand`, or `None` if there
    /// is none. Complete for any hand: past eight cards it may search for
    /// a very long time; [`Solver::try_solve`] gives up instead.
    pub fn solve(&mut self, hand: &Hand) -> Option<Expr> {
        self.solve_within(hand, false, u64::MAX).expect("a search without a limit answers")
    }

    /// [`Solver::solve`], giving up on a hand whose search would visit more
    /// than ten million states: some seconds, however many cards.
    ///
    /// ```
    /// use reckon_core::{Hand, Rational, Rules, Solver};
    /// let mut solver = Solver::new(Rules::with_target(Rational::new(1, 1000003).unwrap()));
    /// assert_eq!(solver.try_solve(&"1 2 3 4".parse().unwrap()), Ok(None));
    /// ```
    ///
    /// Nine distinct cards that cannot make the target: after some seconds
    /// the search gives up.
    ///
    /// ```no_run
    /// # use reckon_core::{Hand, Rational, Rules, Solver};
    /// # let mut solver = Solver::new(Rules::with_target(Rational::new(1, 1000003).unwrap()));
    /// let nine: Hand = "2 3 5 7 11 13 17 19 23".parse().unwrap();
    /// assert!(solver.try_decide(&nine).is_err());
    /// ```
    pub fn try_solve(&mut self, hand: &Hand) -> Result<Option<Expr>, TooManyStates> {
        self.solve_within(hand, false, MOST_STATES_SEARCHED)
    }

    /// [`Solver::solve`] for a hand the caller knows has a solution (a
    /// census decides every hand first): no value sets asked.
    pub fn solve_solvable(&mut self, hand: &Hand) -> Option<Expr> {
        self.solve_within(hand, true, u64::MAX).expect("a search without a limit answers")
    }

    /// Can the target be made from `hand`? Complete for any hand, like
    /// [`Solver::solve`]; [`Solver::try_decide`] gives up instead.
    pub fn decide(&mut self, hand: &Hand) -> bool {
        self.decide_within(hand, u64::MAX).expect("a search without a limit answers")
    }

    /// [`Solver::decide`], giving up like [`Solver::try_solve`].
    pub fn try_decide(&mut self, hand: &Hand) -> Result<bool, TooManyStates> {
        self.decide_within(hand, MOST_STATES_SEARCHED)
    }

    /// Answers as [`Solver::find_within`] does; where a solution may use
    /// any of the cards, without the parts that change nothing (see
    /// [`without_neutral_parts`]).
    fn solve_within(&mut self, hand: &Hand, known: bool, most_states: u64) -> Result<Option<Expr>, TooManyStates> {
        let found = self.find_within(hand, known, most_states)?;
        Ok(match self.fast.rules.card_use {
            CardUse::Subset => found.map(without_neutral_parts),
            CardUse::All => found,
        })
    }

    /// Answers as the [strategy](crate::strategy) says: a small hand is
    /// decided by value sets first (unless it is `known` to have a
    /// solution), then searched; a search past its budget of states asks
    /// the value sets whether the hand has a solution, and the enumerator
    /// finds it. Where neither fits in memory, a search of at most
    /// `most_states` answers.
    fn find_within(&mut self, hand: &Hand, known: bool, most_states: u64) -> Result<Option<Expr>, TooManyStates> {
        self.route.clear();
        let decision = decision(hand.len());
        if !known && decision == Decision::ValueSets && self.decided(hand) == Some(false) {
            return Ok(None);
        }
        let budget = if decision == Decision::Search { most_states } else { self.states_before_sets };
        match self.search_within(hand, budget) {
            SearchEnd::Found(expr) => return Ok(Some(expr)),
            SearchEnd::NotFound => return Ok(None),
            SearchEnd::GaveUp if decision == Decision::Search => return Err(TooManyStates::of(hand, most_states)),
            SearchEnd::GaveUp => {}
            SearchEnd::Overflowed => unreachable!("big rationals do not overflow"),
        }
        match if known { Some(true) } else { self.decided(hand) } {
            Some(false) => Ok(None),
            Some(true) => match self.listed_solution(hand) {
                Some(expr) => Ok(Some(expr)),
                None => self.search_to_the_end(hand, most_states),
            },
            None => self.search_to_the_end(hand, most_states),
        }
    }

    fn decide_within(&mut self, hand: &Hand, most_states: u64) -> Result<bool, TooManyStates> {
        self.route.clear();
        let decision = decision(hand.len());
        if decision == Decision::ValueSets {
            if let Some(answer) = self.decided(hand) {
                return Ok(answer);
            }
        }
        let budget = if decision == Decision::Search { most_states } else { self.states_before_sets };
        match self.search_within(hand, budget) {
            SearchEnd::Found(_) => Ok(true),
            SearchEnd::NotFound => Ok(false),
            SearchEnd::GaveUp if decision == Decision::Search => Err(TooManyStates::of(hand, most_states)),
            SearchEnd::GaveUp => match self.decided(hand) {
                Some(answer) => Ok(answer),
                None => Ok(self.search_to_the_end(hand, most_states)?.is_some()),
            },
            SearchEnd::Overflowed => unreachable!("big rationals do not overflow"),
        }
    }

    /// A search of at most `most_states` states, in big rationals if 64
    /// bits overflow: the answer where the other engines would not fit in
    /// memory.
    fn search_to_the_end(&mut self, hand: &Hand, most_states: u64) -> Result<Option<Expr>, TooManyStates> {
        match self.search_within(hand, most_states) {
            SearchEnd::Found(expr) => Ok(Some(expr)),
            SearchEnd::NotFound => Ok(None),
            SearchEnd::GaveUp => Err(TooManyStates::of(hand, most_states)),
            SearchEnd::Overflowed => unreachable!("big rationals do not overflow"),
        }
    }

    fn search_within(&mut self, hand: &Hand, budget: u64) -> SearchEnd {
        self.route.push(Engine::Search);
        let fast = if hand.beyond_64_bits() || self.fast.rules.target.is_kept() {
            SearchEnd::Overflowed
        } else {
            self.fast.run(hand, budget)
        };
        match fast {
            SearchEnd::Overflowed => {
                let rules = self.fast.rules;
                let memory = self.memory;
                self.big.get_or_insert_with(|| Search::new(rules, memory)).run(hand, budget)
            }
            outcome => outcome,
        }
    }

    /// Has `hand` a solution, by the value sets? `None` if they would not
    /// fit in memory. They are kept for the next hand, which shares most
    /// of them in a batch, until they hold more than [`KEPT_VALUES`] values.
    fn decided(&mut self, hand: &Hand) -> Option<bool> {
        self.route.push(Engine::ValueSets);
        let rules = self.fast.rules;
        let memory = self.memory;
        let sets = self.sets.get_or_insert_with(|| Reach::new(rules).with_memory_budget(memory));
        let answer = sets.try_decide_target(hand, rules.target);
        if sets.stored_values() > KEPT_VALUES {
            self.sets = None;
        }
        answer
    }

    /// The first solution of `hand` the enumerator finds (see
    /// [`SEARCH_BUDGET`]); `None` for a hand whose expressions would not
    /// fit in its memory budget.
    fn listed_solution(&mut self, hand: &Hand) -> Option<Expr> {
        self.route.push(Engine::Enumerator);
        let mut first = None;
        let mut enumerator = Enumerator::of_trees(self.fast.rules, Trees::LeftGrouped).with_memory_budget(self.memory);
        let listed = enumerator.try_visit_solutions(hand, |solution, nodes| {
            first.get_or_insert_with(|| solution.to_expr(nodes));
        });
        listed.ok().and(first)
    }
}

/// `expr` less its parts that change nothing, and their cards: a part worth
/// one that multiplies or divides, a part worth zero that is added or
/// subtracted. A search takes cards in the order of their values, so under
/// rules that let a solution use any of the cards it may find `1*3*x` where
/// a player writes `3*x`. Every value left was made along the way before,
/// so the rules accept what is left as they accepted the whole.
fn without_neutral_parts(expr: Expr) -> Expr {
    let Expr::Binary(step) = expr else { return expr };
    let step = *step;
    let (left, right) = (without_neutral_parts(step.left), without_neutral_parts(step.right));
    let worth = |part: &Expr, v: i64| part.value_big().is_ok_and(|value| value == BigRational::from_integer(v.into()));
    match step.op {
        Op::Mul | Op::Div if worth(&right, 1) => left,
        Op::Mul if worth(&left, 1) => right,
        Op::Add | Op::Sub if worth(&right, 0) => left,
        Op::Add if worth(&left, 0) => right,
        op => Expr::binary(op, left, right),
    }
}

/// Why a hand was not answered: its search visited more states than
/// [`Solver::try_solve`] allows without meeting the target or ruling it out.
/// Only hands of many cards get here, mostly nine or ten whose target is
/// out of reach: their value sets would not fit in memory, and a search
/// proves that no solution exists only by visiting every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStates {
    cards: usize,
    states: u64,
}

impl TooManyStates {
    fn of(hand: &Hand, states: u64) -> TooManyStates {
        TooManyStates { cards: hand.len(), states }
    }
}

impl std::fmt::Display for TooManyStates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "gave up on these {} cards after searching {} million states without finding the target or ruling it \
             out; try fewer cards",
            self.cards,
            self.states / 1_000_000
        )
    }
}

impl std::error::Error for TooManyStates {}

/// Decides `hand` by a search to the end, for a hand whose value sets would
/// not fit in memory: the search keeps little, however many cards.
/// Its failed states are kept within `memory`.
pub(crate) fn decide_by_searching(hand: &Hand, rules: &Rules, memory: MemoryBudget) -> bool {
    let mut solver = Solver::new(*rules).with_memory_budget(memory);
    solver.search_to_the_end(hand, u64::MAX).expect("a search without a limit answers").is_some()
}

/// One solution of `hand` under `rules`, or `None` if it has none.
///
/// ```
/// use reckon_core::{Hand, Rational, Rules, solve};
/// let hand: Hand = "1 2 3 4".parse().unwrap();
/// let expr = solve(&hand, &Rules::with_target(Rational::from_integer(10))).unwrap();
/// assert_eq!(expr.value().unwrap(), Rational::from_integer(10));
/// ```
pub fn solve(hand: &Hand, rules: &Rules) -> Option<Expr> {
    Solver::new(*rules).solve(hand)
}

/// How a search run ended.
enum SearchEnd {
    Found(Expr),
    NotFound,
    /// Not found, but some arithmetic overflowed, so the answer is unknown.
    Overflowed,
    /// Not found within the budget of states.
    GaveUp,
}

#[derive(Clone, Debug)]
struct Item<N> {
    value: N,
    /// Index of the card (below the hand's length) or of the step that made it.
    node: usize,
}

#[derive(Debug)]
struct Search<N> {
    rules: Rules,
    target: N,
    failed: HashSet<Vec<N>>,
    /// The values of the state being looked up in `failed`.
    probe: Vec<N>,
    /// The most failed states remembered at once (see [`most_failed_states`]).
    most_failed: usize,
    /// Counts overflows; a state whose subtree overflowed is not memoized,
    /// because its failure is not a proof.
    overflows: u64,
    cards: Vec<Rational>,
    /// The combinations on the current path: `(op, left node, right node)`.
    steps: Vec<(Op, usize, usize)>,
    /// The states this run may still visit.
    budget: u64,
    /// The budget ran out: the states left are not failures, not memoized.
    gave_up: bool,
}

impl<N: Number> Search<N> {
    fn new(rules: Rules, memory: MemoryBudget) -> Search<N> {
        Search {
            rules,
            target: N::from_rational(rules.target),
            failed: HashSet::new(),
            probe: Vec::new(),
            most_failed: most_failed_states(memory),
            overflows: 0,
            cards: Vec::new(),
            steps: Vec::new(),
            budget: 0,
            gave_up: false,
        }
    }

    /// Searches `hand`, giving up after visiting `budget` states.
    fn run(&mut self, hand: &Hand, budget: u64) -> SearchEnd {
        self.cards = hand.cards().to_vec();
        self.steps.clear();
        (self.budget, self.gave_up) = (budget, false);
        let overflows_before = self.overflows;
        let items: Vec<Item<N>> =
            hand.cards().iter().enumerate().map(|(node, &c)| Item { value: N::from_rational(c), node }).collect();
        match self.search(&items) {
            Some(node) => SearchEnd::Found(self.build(node)),
            None if self.gave_up => SearchEnd::GaveUp,
            None if self.overflows == overflows_before => SearchEnd::NotFound,
            None => SearchEnd::Overflowed,
        }
    }

    fn build(&self, node: usize) -> Expr {
        match node.checked_sub(self.cards.len()) {
            None => Expr::Num(self.cards[node]),
            Some(step) => {
                let (op, l, r) = self.steps[step];
                Expr::binary(op, self.build(l), self.build(r))
            }
        }
    }

    /// Orders the operands of `+` and `*` for reading: a compound operand
    /// first (`(1+2)+3`, `(11-8)*(3+5)`), otherwise as the values are sorted.
    fn oriented(&self, op: Op, l: usize, r: usize) -> (Op, usize, usize) {
        let is_card = |node: usize| node < self.cards.len();
        if op.is_commutative() && is_card(l) && !is_card(r) { (op, r, l) } else { (op, l, r) }
    }

    /// Searches a state whose items are sorted by value; returns the node that
    /// makes the target.
    fn search(&mut self, items: &[Item<N>]) -> Option<usize> {
        if self.rules.card_use == CardUse::Subset {
            if let Some(hit) = items.iter().find(|it| it.value == self.target) {
                return Some(hit.node);
            }
        }
        if items.len() == 1 {
            return (items[0].value == self.target).then_some(items[0].node);
        }
        // Looked up as a slice of a buffer kept for it: a key is stored
        // only for a state that failed, and most states are looked up.
        self.probe.clear();
        self.probe.extend(items.iter().map(|it| it.value.clone()));
        if self.failed.contains(self.probe.as_slice()) {
            return None;
        }
        if self.budget == 0 {
            self.gave_up = true;
            return None;
        }
        self.budget -= 1;
        let overflows_before = self.overflows;
        let (mut rest, mut next) = (Vec::with_capacity(items.len()), Vec::with_capacity(items.len()));
        for i in 0..items.len() {
            if i > 0 && items[i].value == items[i - 1].value {
                continue;
            }
            for j in i + 1..items.len() {
                if j > i + 1 && items[j].value == items[j - 1].value {
                    continue;
                }
                let (a, b) = (&items[i], &items[j]);
                // With equal values, b-a and b/a repeat a-b and a/b.
                let both_ways = a.value != b.value;
                let mut results: SmallVec<[(Op, Order, N); 6]> = SmallVec::new();
                let (ops, domain) = (self.rules.ops, self.rules.domain);
                if combine(ops, domain, &a.value, &b.value, both_ways, |op, order, v| results.push((op, order, v)))
                    .is_err()
                {
                    self.overflows += 1;
                }
                if results.is_empty() {
                    continue;
                }
                // The items the pair leaves, sorted still: each result goes in among them.
                rest.clear();
                rest.extend(items.iter().enumerate().filter(|&(k, _)| k != i && k != j).map(|(_, it)| it.clone()));
                for (op, order, value) in results {
                    let (l, r) = order.arrange(a.node, b.node);
                    let node = self.cards.len() + self.steps.len();
                    let at = rest.partition_point(|it: &Item<N>| it.value < value);
                    next.clear();
                    next.extend(rest[..at].iter().cloned());
                    next.push(Item { value, node });
                    next.extend(rest[at..].iter().cloned());
                    self.steps.push(self.oriented(op, l, r));
                    if let Some(found) = self.search(&next) {
                        return Some(found);
                    }
                    if self.gave_up {
                        return None;
                    }
                    self.steps.pop();
                }
            }
        }
        if self.overflows == overflows_before {
            // The memo only saves work: past a bound, forget it rather than
            // let a long search of many cards take all the memory.
            if self.failed.len() >= self.most_failed {
                self.failed.clear();
            }
            self.failed.insert(items.iter().map(|it| it.value.clone()).collect());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn classic_hands() {
        let mut solver = Solver::new(Rules::game24());
        for (cards, expected) in [("3 3 8 8", Some("8/(3-8/3)")), ("1 1 1 1", None)] {
            assert_eq!(solver.solve(&hand(cards)).map(|e| e.to_string()).as_deref(), expected);
        }
    }

    #[test]
    fn every_found_solution_is_exact() {
        let mut solver = Solver::new(Rules::game24());
        for cards in ["1 5 5 5", "3 3 7 7", "1 3 4 6", "4 4 7 7", "1 2 3 4", "13 13 13 13 1"] {
            let h = hand(cards);
            let expr = solver.solve(&h).unwrap_or_else(|| panic!("{cards} is solvable"));
            assert_eq!(expr.value().unwrap(), Rational::from_integer(24), "{expr}");
            assert_eq!(expr.cards(), h.cards());
        }
    }

    /// A search that gives up early and asks the value sets answers as
    /// one that does not, solutions included: what it visited before it
    /// gave up is not taken for failure.
    #[test]
    fn a_search_that_gives_up_answers_alike() {
        for target in [24, 10, 1] {
            let rules = Rules::with_target(Rational::from_integer(target));
            let mut patient = Solver::new(rules);
            let mut hasty = Solver { states_before_sets: 3, ..Solver::new(rules) };
            for a in 1..=7 {
                for b in a..=7 {
                    for c in b..=7 {
                        for d in [c, c + 3, c + 6] {
                            let h = Hand::from_integers(&[a, b, c, d]).unwrap();
                            let (slow, quick) = (patient.solve(&h), hasty.solve(&h));
                            assert_eq!(quick.is_some(), slow.is_some(), "{h} -> {target}");
                            assert_eq!(hasty.decide(&h), slow.is_some(), "{h} -> {target}");
                            if let Some(e) = quick {
                                assert_eq!(e.value().unwrap(), rules.target, "{e}");
                                assert_eq!(e.cards(), h.cards(), "{e}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// A solver held to a small memory budget answers as one that is not:
    /// its value sets refused (a few values a set), it searches.
    #[test]
    fn a_small_memory_budget_changes_the_route_not_the_answer() {
        let rules = Rules::game24();
        let mut roomy = Solver::new(rules);
        let mut tight = Solver::new(rules).with_memory_budget(MemoryBudget::from_bytes(256));
        for cards in ["1 2 3 4 5", "2 3 5 7 11", "3 3 8 8 13", "1 1 1 1 1", "5 5 5 5 5"] {
            let h = hand(cards);
            let expected = crate::oracle::decide(&h, &rules);
            assert_eq!(roomy.decide(&h), expected, "{h}");
            assert_eq!(roomy.route(), [Engine::ValueSets], "{h}");
            assert_eq!(tight.decide(&h), expected, "{h}");
            assert_eq!(tight.route(), [Engine::ValueSets, Engine::Search], "{h}: its sets refused");
            assert_eq!(tight.solve(&h).is_some(), expected, "{h}");
        }
    }

    /// A solution the search would take minutes to meet among the states
    /// of eight cards: past the budget, the enumerator finds it.
    #[test]
    fn a_solution_among_few_is_found_past_the_budget() {
        let rules = Rules::with_target(Rational::from_integer(40321));
        let h = hand("1 2 3 4 5 6 7 8");
        let expr = Solver::new(rules).solve(&h).expect("2*3*4*5*6*7*8+1");
        assert_eq!(expr.value().unwrap(), rules.target, "{expr}");
        assert_eq!(expr.cards(), h.cards(), "{expr}");
    }

    /// Where any of the cards may be used, a found solution has no part
    /// that changes nothing, and stays a valid answer.
    #[test]
    fn subset_use_leaves_out_parts_that_change_nothing() {
        let countdown = |target| Rules::countdown(Rational::from_integer(target));
        let found = |cards: &str, rules: &Rules| solve(&hand(cards), rules).unwrap().to_string();
        assert_eq!(found("1 3 7 10 25 50", &countdown(765)), "3*((50-10)*7-25)");
        let trimmed = without_neutral_parts("(2-1)*3*(4+0)/(5-4)+(0*7)-(6-6)".parse().unwrap());
        assert_eq!(trimmed.to_string(), "3*4");
        let one = without_neutral_parts("1/(2-1)+0".parse().unwrap());
        assert_eq!(one.to_string(), "1");
        for cards in ["1 1 2 3 4 5", "0 1 1 6 4 1", "1 2 3 5 25 100"] {
            for target in [1, 24, 100, 125] {
                let rules = countdown(target);
                if let Some(e) = solve(&hand(cards), &rules) {
                    assert_eq!(e.value().unwrap(), rules.target, "{e}");
                    assert_eq!(without_neutral_parts(e.clone()), e, "{cards} -> {target}");
                }
            }
        }
    }

    #[test]
    fn subset_use_may_take_a_single_card() {
        let rules = Rules::countdown(Rational::from_integer(25));
        assert_eq!(solve(&hand("3 25"), &rules).unwrap().to_string(), "25");
    }

    #[test]
    fn overflow_falls_back_to_big_numbers() {
        let (h, rules) = crate::test_hands::overflowing_product();
        let a = h.cards()[0];
        let expr = solve(&h, &rules).expect("a*a-a makes the target");
        assert_eq!(expr.value_big().unwrap(), rules.target.to_big());
        assert_eq!(expr.to_string(), format!("{a}*{a}-{a}"));
    }
}
