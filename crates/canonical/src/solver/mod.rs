//! Listing many hands: the engine's shared nodes meet the forms stored
//! once, so a raw solution costs one combination of two known forms.

mod node_forms;

use std::borrow::Borrow;

use hashbrown::HashSet;
use reckon_core::budget::MemoryBudget;
use reckon_core::engine::{Enumerator, Nodes, Rewrites, Solution, Trees};
use reckon_core::rules::CardUse;
use reckon_core::{Expr, Hand, Rational, Rules, TooManySolutions};

use crate::batch::Batch;
use crate::classes::ClassNumbers;
use crate::interned::FormStore;
use crate::level::Level;
use crate::rank::{NodeRanks, rank_of};
use crate::shown::{BestOfClasses, Members};
use crate::syntax::SyntaxIds;
use crate::tidy::{TidyRoom, display_level, keeps_grouping, tidy_view};
use crate::view::{NodeSolution, SolutionOrPart};
use node_forms::FormsOfNodes;

/// Lists or counts the distinct solutions of hand after hand under one set
/// of rules at one level, sharing the work on common sub-hands between
/// hands (see [`Enumerator`]). What it learns of the enumerator's nodes
/// (their forms and rank shares) is kept between hands too.
///
/// ```
/// use reckon_canonical::{DistinctSolver, Level};
/// use reckon_core::Rules;
/// let mut solver = DistinctSolver::new(Rules::game24(), Level::FourNums);
/// assert_eq!(solver.solve(&"3 3 8 8".parse().unwrap())[0].to_string(), "8/(3-8/3)");
/// assert_eq!(solver.count(&"2 4 8 10".parse().unwrap()), 11);
/// ```
#[derive(Debug)]
pub struct DistinctSolver {
    level: Level,
    /// Its solutions keep their own grouping when shown: see [`display_level`].
    keeps_grouping: bool,
    trees: Trees,
    enumerator: Enumerator,
    forms: FormsOfNodes,
    ranks: NodeRanks,
    syntax: SyntaxIds,
    /// Kept between hands for their room.
    classes: ClassNumbers,
    /// Lists, for a solver that leaves out trees with a better twin (see
    /// [`FOUR_NUMS_TREES`]), the hands with a card that is
    /// negative or not whole, whose printing depends on its place: there
    /// a left-out twin may read better (`-2/(5-4)` against `(5-4)*(-2)`).
    /// Made when first needed.
    with_every_twin: Option<Box<DistinctSolver>>,
    /// The best member of each class of the hands of the run being
    /// listed; kept between runs for its room.
    shown: BestOfClasses<Solution>,
    /// The raw solutions of the run of hands being answered; kept
    /// between runs for its room.
    batch: Batch,
}

/// The room a solver makes for forms and nodes when it is made: about
/// what listing the 1820 hands of four cards 1..13 stores (6,723 forms).
/// A list is only touched as it fills, so a solver for one small hand
/// costs little more; but the hash table of forms is probed all over,
/// and made much larger than its entries need it spreads them over more
/// cache lines: with room for 32,768 the listing was about a tenth slower.
const ROOM: usize = 1 << 13;

/// Past this many stored forms (or trees at the syntax level), a solver
/// drops them before the next hand: they only save time, and the top of
/// every solution is a new form, so a long run over large hands would
/// otherwise grow without bound. Small in unit tests, so that they cross
/// it.
const STORED_LIMIT: usize = if cfg!(test) { 1 << 8 } else { 1 << 16 };

/// Solutions as members of [`BestOfClasses`]: kept as two node ids, built as a
/// tree only if shown or tied. Each has the value `target`.
struct NodeMembers<'a> {
    nodes: &'a Nodes,
    target: Rational,
}

impl Members for NodeMembers<'_> {
    type Member = Solution;

    fn tidy(&self, level: Level, member: &Solution, room: &mut TidyRoom) -> Expr {
        // Below the top, parts are walked as nodes: smaller to pass than `SolutionOrPart`.
        tidy_view(level, NodeSolution { nodes: self.nodes, solution: *member }.view(), Some(self.target), room)
    }
}

impl DistinctSolver {
    /// A solver for `rules` at `level`, with an empty memo.
    pub fn new(rules: Rules, level: Level) -> DistinctSolver {
        let keeps_grouping = level == Level::Syntax || keeps_grouping(&rules);
        DistinctSolver::showing(rules, level, keeps_grouping, trees_for(level, keeps_grouping))
    }

    /// A solver of `trees` whose solutions keep their own grouping when
    /// shown, if `keeps_grouping`, or are tidied at `level`.
    fn showing(rules: Rules, level: Level, keeps_grouping: bool, trees: Trees) -> DistinctSolver {
        DistinctSolver {
            level,
            keeps_grouping,
            trees,
            enumerator: Enumerator::of_trees(rules, trees),
            // Room for what a few hundred hands store, made at once:
            // grown from nothing, the tables are copied a dozen times over.
            forms: FormsOfNodes { forms: FormStore::with_capacity(ROOM), of_node: Vec::with_capacity(ROOM), epoch: 0 },
            ranks: NodeRanks::with_capacity(ROOM),
            syntax: SyntaxIds::default(),
            classes: ClassNumbers::default(),
            with_every_twin: None,
            shown: BestOfClasses::idle(),
            batch: Batch::default(),
        }
    }

    /// The rules this solver applies.
    pub fn rules(&self) -> &Rules {
        self.enumerator.rules()
    }

    /// The level this solver dedups at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Keeps each hand within `budget` instead of the process's (see
    /// [`MemoryBudget`]): a hand whose expressions or raw solutions would
    /// not fit is refused with [`TooManySolutions`].
    ///
    /// ```
    /// use reckon_canonical::{DistinctSolver, Level};
    /// use reckon_core::{Rules, budget::MemoryBudget};
    /// let mut solver = DistinctSolver::new(Rules::game24(), Level::FourNums).with_memory_budget(MemoryBudget::from_bytes(1 << 20));
    /// assert_eq!(solver.try_count(&"2 4 8 10".parse().unwrap()), Ok(11));
    /// assert!(solver.try_count(&"1 2 3 4 5 6 7".parse().unwrap()).is_err());
    /// ```
    pub fn with_memory_budget(self, budget: MemoryBudget) -> DistinctSolver {
        DistinctSolver {
            enumerator: self.enumerator.with_memory_budget(budget),
            with_every_twin: self.with_every_twin.map(|solver| Box::new(solver.with_memory_budget(budget))),
            ..self
        }
    }

    /// Drops what the last hands stored if it has grown large.
    fn limit(&mut self) {
        self.forms.limit(STORED_LIMIT);
        self.syntax.limit(STORED_LIMIT);
    }

    /// The distinct solutions of `hand`, simplest first; see [`distinct_solutions`].
    ///
    /// # Panics
    ///
    /// If the hand is refused (see [`DistinctSolver::try_solve`]).
    pub fn solve(&mut self, hand: &Hand) -> Vec<Expr> {
        self.try_solve(hand).unwrap_or_else(|refused| panic!("{refused}"))
    }

    /// The distinct solutions of `hand`, simplest first, or why they were
    /// not listed: a hand whose raw solutions would take more memory than
    /// the enumerator allows itself (see [`Enumerator::try_visit_solutions`])
    /// is refused before the memory is spent.
    ///
    /// ```
    /// use reckon_canonical::{DistinctSolver, Level};
    /// use reckon_core::Rules;
    /// let mut solver = DistinctSolver::new(Rules::game24(), Level::FourNums);
    /// assert_eq!(solver.try_solve(&"6 6 6 6".parse().unwrap()).map(|listed| listed.len()), Ok(2));
    /// ```
    pub fn try_solve(&mut self, hand: &Hand) -> Result<Vec<Expr>, TooManySolutions> {
        let mut listed = Ok(Vec::new());
        self.try_solve_each([hand], |_, solutions| listed = solutions);
        listed
    }

    /// Hands `each` the distinct solutions of each of `hands`, in order,
    /// as [`DistinctSolver::solve`] lists them hand by hand, and sooner.
    /// `hands` may be any number of hands: a slice, or an iterator that
    /// yields them as they come, read a few hundred hands ahead of the
    /// answers at most and not again once it has ended. A listing handed
    /// over and dropped leaves its memory to the next.
    ///
    /// ```
    /// use reckon_canonical::{DistinctSolver, Level};
    /// use reckon_core::{Hand, Rules};
    /// let mut solver = DistinctSolver::new(Rules::game24(), Level::FourNums);
    /// let hands: Vec<Hand> = ["3 3 8 8", "1 1 1 1", "6 6 6 6"].iter().map(|h| h.parse().unwrap()).collect();
    /// let mut counts = Vec::new();
    /// solver.solve_each(&hands, |_, listed| counts.push(listed.len()));
    /// assert_eq!(counts, [1, 0, 2]);
    /// // Hands as they come, from any iterator:
    /// let coming = ["2 4 8 10", "1 2 3 4"].into_iter().map(|h| h.parse::<Hand>().unwrap());
    /// solver.solve_each(coming, |_, listed| counts.push(listed.len()));
    /// assert_eq!(counts, [1, 0, 2, 11, 3]);
    /// ```
    ///
    /// # Panics
    ///
    /// If a hand is refused (see [`DistinctSolver::try_solve_each`]).
    pub fn solve_each<H: Borrow<Hand>>(
        &mut self,
        hands: impl IntoIterator<Item = H>,
        mut each: impl FnMut(&Hand, Vec<Expr>),
    ) {
        self.try_solve_each(hands, |hand, listed| each(hand, listed.unwrap_or_else(|refused| panic!("{refused}"))));
    }

    /// Hands `each` the distinct solutions of each of `hands`, in order, as
    /// [`DistinctSolver::solve_each`] does, or why a hand's were not listed
    /// (see [`DistinctSolver::try_solve`]): a refused hand takes its place
    /// and the hands after it are answered.
    pub fn try_solve_each<H: Borrow<Hand>>(
        &mut self,
        hands: impl IntoIterator<Item = H>,
        mut each: impl FnMut(&Hand, Result<Vec<Expr>, TooManySolutions>),
    ) {
        let (level, keeps_grouping, trees, rules) = (self.level, self.keeps_grouping, self.trees, *self.rules());
        let here = |hand: &Hand| listed_here(level, keeps_grouping, trees, &rules, hand);
        let classify =
            |solver: &mut DistinctSolver, hand: &Hand, solutions: &[Solution]| solver.classify(hand, solutions);
        self.answer_in_runs(hands, here, classify, |solver, hand, solutions| {
            let listed = match solutions {
                Some(Ok(_)) => Ok(solver.show_next()),
                Some(Err(refused)) => Err(refused),
                None => solver.solve_elsewhere(hand),
            };
            each(hand, listed.map(|listed| fewest_cards_first(listed, &rules)));
        });
    }

    /// The number of distinct solutions of `hand`; see [`count_distinct`].
    ///
    /// # Panics
    ///
    /// If the hand is refused (see [`DistinctSolver::try_count`]).
    pub fn count(&mut self, hand: &Hand) -> usize {
        self.try_count(hand).unwrap_or_else(|refused| panic!("{refused}"))
    }

    /// The number of distinct solutions of `hand`, or why they were not
    /// counted (see [`DistinctSolver::try_solve`]).
    pub fn try_count(&mut self, hand: &Hand) -> Result<usize, TooManySolutions> {
        let mut count = Ok(0);
        self.try_count_each([hand], |_, counted| count = counted);
        count
    }

    /// Hands `each` the number of distinct solutions of each of `hands`,
    /// in order, as [`DistinctSolver::count`] counts them hand by hand,
    /// and sooner (see [`DistinctSolver::solve_each`]).
    ///
    /// # Panics
    ///
    /// If a hand is refused (see [`DistinctSolver::try_count_each`]).
    pub fn count_each<H: Borrow<Hand>>(
        &mut self,
        hands: impl IntoIterator<Item = H>,
        mut each: impl FnMut(&Hand, usize),
    ) {
        self.try_count_each(hands, |hand, count| each(hand, count.unwrap_or_else(|refused| panic!("{refused}"))));
    }

    /// Hands `each` the number of distinct solutions of each of `hands`, in
    /// order, as [`DistinctSolver::count_each`] does, or why a hand's were
    /// not counted (see [`DistinctSolver::try_solve_each`]).
    pub fn try_count_each<H: Borrow<Hand>>(
        &mut self,
        hands: impl IntoIterator<Item = H>,
        mut each: impl FnMut(&Hand, Result<usize, TooManySolutions>),
    ) {
        let level = self.level;
        self.answer_in_runs(
            hands,
            |_| level != Level::Syntax,
            |_, _, _| {},
            |solver, hand, solutions| {
                let count = match solutions {
                    Some(Ok(solutions)) => Ok(solver.count_enumerated(solutions)),
                    Some(Err(refused)) => Err(refused),
                    None => solver.count_syntax(hand),
                };
                each(hand, count);
            },
        );
    }

    /// Answers each of `hands` in order with `answer`, given the hand's
    /// raw solutions (or why the enumerator refused it) if `here` picked
    /// it to be enumerated by this solver's enumerator, a run of hands at
    /// a time (see [`Batch`]): the run's picked hands are first handed to
    /// `prepare`, one after another, and then every hand of the run to
    /// `answer`. Neither may use the enumerator for a hand that was
    /// picked: the solutions of the run's later hands are made of its
    /// nodes.
    fn answer_in_runs<H: Borrow<Hand>>(
        &mut self,
        hands: impl IntoIterator<Item = H>,
        here: impl Fn(&Hand) -> bool,
        mut prepare: impl FnMut(&mut DistinctSolver, &Hand, &[Solution]),
        mut answer: impl FnMut(&mut DistinctSolver, &Hand, Option<Result<&[Solution], TooManySolutions>>),
    ) {
        // Out of the solver while it is read, so that `answer` may borrow the solver.
        let mut batch = std::mem::take(&mut self.batch);
        let mut hands = hands.into_iter().peekable();
        let mut run = Vec::new();
        loop {
            batch.enumerate(&mut self.enumerator, &mut hands, &mut run, &here);
            if run.is_empty() {
                break;
            }
            for (hand, solutions) in run.iter().zip(batch.hands()) {
                if let Some(Ok(solutions)) = solutions {
                    self.limit();
                    prepare(self, hand.borrow(), solutions);
                }
            }
            for (hand, solutions) in run.iter().zip(batch.hands()) {
                self.limit();
                answer(self, hand.borrow(), solutions);
            }
        }
        self.batch = batch;
    }

    /// Classifies the raw `solutions` of `hand`, made by this solver's
    /// enumerator and still valid, keeping the best of each class for
    /// [`DistinctSolver::show_next`]. Classifying a run of hands before
    /// showing any keeps each stage's code in the instruction cache, as
    /// enumerating a run before classifying does.
    fn classify(&mut self, hand: &Hand, solutions: &[Solution]) {
        let level = self.level;
        let display = display_level(level, self.rules(), hand);
        let target = self.rules().target;
        let nodes = self.enumerator.nodes();
        let (forms, ranks, classes, shown) = (&mut self.forms, &mut self.ranks, &mut self.classes, &mut self.shown);
        // Node ids may have been reused since the last hand.
        forms.follow(nodes.epoch());
        ranks.follow(nodes.epoch());
        classes.clear();
        shown.begin(display);
        let mut held = HeldFirst::Nothing;
        for &solution in solutions {
            let slow = || rank_of(display, SolutionOrPart::Whole(NodeSolution { nodes, solution }));
            // Node ranks are those of solutions tidied above the syntax level.
            let fast = if display == level { ranks.of_solution(nodes, solution) } else { None };
            let rank = fast.unwrap_or_else(slow);
            debug_assert_eq!(rank, slow(), "{}", solution.to_expr(nodes));
            held.pass((rank, solution), |(rank, solution)| {
                let known = forms.forms.len();
                let function = forms.of_solution(nodes, solution);
                let class = classes.of(level, &mut forms.forms, function, known);
                shown.place(&NodeMembers { nodes, target }, rank, class, solution);
            });
        }
        if let Some((rank, solution)) = held.lone() {
            shown.place(&NodeMembers { nodes, target }, rank, (0, true), solution);
        }
    }

    /// The listing of the first hand classified and not yet shown.
    fn show_next(&mut self) -> Vec<Expr> {
        let target = self.rules().target;
        self.shown.take_sorted(&NodeMembers { nodes: self.enumerator.nodes(), target })
    }

    /// Lists a hand that [`listed_here`] leaves to another solver, or to
    /// [`DistinctSolver::solve_syntax`].
    fn solve_elsewhere(&mut self, hand: &Hand) -> Result<Vec<Expr>, TooManySolutions> {
        let level = self.level;
        if level == Level::Syntax {
            return self.solve_syntax(hand);
        }
        if display_level(level, self.rules(), hand) == Level::Syntax && !self.keeps_grouping {
            // A card outside the domain: this hand's solutions keep their
            // own grouping, and every tree may be the one shown.
            let solver = DistinctSolver::showing(*self.rules(), level, true, Trees::All);
            return solver.with_memory_budget(self.enumerator.memory_budget()).try_solve(hand);
        }
        let (rules, budget) = (*self.rules(), self.enumerator.memory_budget());
        let solver = self.with_every_twin.get_or_insert_with(|| {
            Box::new(DistinctSolver::showing(rules, level, false, Trees::LeftGrouped).with_memory_budget(budget))
        });
        solver.try_solve(hand)
    }

    /// [`DistinctSolver::solve`] at the syntax level. Every member of a
    /// class tidies to the same tree, so the first one met is shown and
    /// only it is built.
    fn solve_syntax(&mut self, hand: &Hand) -> Result<Vec<Expr>, TooManySolutions> {
        let (mut seen, mut shown) = (HashSet::new(), BestOfClasses::new(Level::Syntax));
        let target = self.rules().target;
        let syntax = &mut self.syntax;
        self.enumerator.try_visit_solutions(hand, |solution, nodes| {
            syntax.follow(nodes.epoch());
            if seen.insert(syntax.of_solution(nodes, solution)) {
                shown.place(&NodeMembers { nodes, target }, Default::default(), (seen.len() - 1, true), solution);
            }
        })?;
        Ok(shown.into_sorted(&NodeMembers { nodes: self.enumerator.nodes(), target }))
    }

    /// [`DistinctSolver::count`] at the syntax level.
    fn count_syntax(&mut self, hand: &Hand) -> Result<usize, TooManySolutions> {
        let mut seen = HashSet::new();
        let syntax = &mut self.syntax;
        self.enumerator.try_visit_solutions(hand, |solution, nodes| {
            syntax.follow(nodes.epoch());
            seen.insert(syntax.of_solution(nodes, solution));
        })?;
        Ok(seen.len())
    }

    /// The number of classes of a hand's raw `solutions`, made by this
    /// solver's enumerator and still valid.
    fn count_enumerated(&mut self, solutions: &[Solution]) -> usize {
        let level = self.level;
        let nodes = self.enumerator.nodes();
        let (forms, classes) = (&mut self.forms, &mut self.classes);
        forms.follow(nodes.epoch());
        classes.clear();
        let mut held = HeldFirst::Nothing;
        for &solution in solutions {
            held.pass(solution, |solution| {
                let known = forms.forms.len();
                let function = forms.of_solution(nodes, solution);
                classes.of(level, &mut forms.forms, function, known);
            });
        }
        if held.lone().is_some() { 1 } else { classes.count }
    }
}

/// Under rules that take any selection of the cards (Countdown), the
/// solutions that use the fewest cards first, as players write them; each
/// group stays simplest first.
fn fewest_cards_first(mut listed: Vec<Expr>, rules: &Rules) -> Vec<Expr> {
    if rules.card_use == CardUse::Subset {
        // A stable sort: the readability order holds within each group.
        listed.sort_by_cached_key(|solution| solution.cards().len());
    }
    listed
}

/// Does a solver at `level` list `hand` from its own enumerator's
/// solutions? Not at the syntax level, whose solutions are told apart
/// as they come; nor when a card lies outside the domain, or is negative
/// or not whole while the solver leaves out trees with a better twin
/// (see [`DistinctSolver::solve_elsewhere`]).
fn listed_here(level: Level, keeps_grouping: bool, trees: Trees, rules: &Rules, hand: &Hand) -> bool {
    level != Level::Syntax
        && (keeps_grouping || display_level(level, rules, hand) != Level::Syntax)
        && (!matches!(trees, Trees::LeftGroupedUpTo(_)) || hand.cards().iter().all(is_whole_and_not_negative))
}

/// The trees a `4nums` listing needs: both of core's rewrites turn a tree
/// into one of its class. Dividing by a part worth one is multiplying by
/// it (`x/1 = x*1`, a one factor), and adding a negative product with a
/// difference turned round is the same function of the cards.
const FOUR_NUMS_TREES: Trees = Trees::LeftGroupedUpTo(Rewrites::ALL);

/// The trees a solver at `level` needs, showing its solutions with their
/// own grouping if `keeps_grouping`: shown as they were made, each tree
/// may be the most readable; shown tidied above the syntax level, trees
/// that group alike are one solution, and at the `4nums` level so are
/// the twins of [`FOUR_NUMS_TREES`].
fn trees_for(level: Level, keeps_grouping: bool) -> Trees {
    match level {
        _ if keeps_grouping => Trees::All,
        Level::FourNums => FOUR_NUMS_TREES,
        Level::Syntax | Level::Function => Trees::LeftGrouped,
    }
}

/// Is `card` printed alike wherever it sits in a solution?
fn is_whole_and_not_negative(card: &Rational) -> bool {
    card.is_integer() && *card >= Rational::ZERO
}

/// A hand's first solution, held back until a second one comes: a lone
/// solution is a class of its own and needs no form, and about one
/// solvable hand of four cards 1..13 in four has a single solution.
enum HeldFirst<T> {
    Nothing,
    First(T),
    Passed,
}

impl<T> HeldFirst<T> {
    /// Hands `classify` what may share a class: nothing yet for the first
    /// solution, the first and `solution` for the second, `solution` after.
    fn pass(&mut self, solution: T, mut classify: impl FnMut(T)) {
        match std::mem::replace(self, HeldFirst::Passed) {
            HeldFirst::Nothing => *self = HeldFirst::First(solution),
            HeldFirst::First(first) => {
                classify(first);
                classify(solution);
            }
            HeldFirst::Passed => classify(solution),
        }
    }

    /// The only solution, if there was exactly one.
    fn lone(self) -> Option<T> {
        match self {
            HeldFirst::First(only) => Some(only),
            HeldFirst::Nothing | HeldFirst::Passed => None,
        }
    }
}

/// The distinct solutions of `hand` under `rules` at `level`, simplest first.
/// For many hands, a [`DistinctSolver`] is faster.
///
/// # Panics
///
/// If the hand is refused for its memory: for hands that may come from a
/// user, call [`DistinctSolver::try_solve`].
///
/// ```
/// use reckon_canonical::{distinct_solutions, Level};
/// use reckon_core::{Hand, Rules};
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// let list = distinct_solutions(&hand, &Rules::game24(), Level::FourNums);
/// assert_eq!(list.len(), 1);
/// assert_eq!(list[0].to_string(), "8/(3-8/3)");
/// ```
pub fn distinct_solutions(hand: &Hand, rules: &Rules, level: Level) -> Vec<Expr> {
    DistinctSolver::new(*rules, level).solve(hand)
}

/// The number of distinct solutions of `hand` under `rules` at `level`.
/// For many hands, a [`DistinctSolver`] is faster.
///
/// # Panics
///
/// If the hand is refused for its memory: for hands that may come from a
/// user, call [`DistinctSolver::try_count`].
///
/// ```
/// use reckon_canonical::{count_distinct, Level};
/// use reckon_core::{Hand, Rules};
/// let hand: Hand = "2 4 8 10".parse().unwrap();
/// assert_eq!(count_distinct(&hand, &Rules::game24(), Level::FourNums), 11);
/// ```
pub fn count_distinct(hand: &Hand, rules: &Rules, level: Level) -> usize {
    DistinctSolver::new(*rules, level).count(hand)
}

#[cfg(test)]
mod tests;
