//! Listing many hands: the engine's shared nodes meet the forms stored
//! once, so a raw solution costs one combination of two known forms.

use hashbrown::HashSet;
use reckon_core::{CardUse, Enumerator, Expr, Hand, NodeId, Nodes, Rational, Rules, Solution, TooManySolutions, Trees};

use crate::batch::Batch;
use crate::distinct::{Members, Shown, TidyRoom, Tree, View, display_level, keeps_grouping, rank_of, tidy_view};
use crate::few::FewMap;
use crate::fournums::Form;
use crate::interned::{Forms, SignedId};
use crate::level::Level;
use crate::ranks::NodeRanks;
use crate::syntax::SyntaxIds;

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
    forms: NodeForms,
    ranks: NodeRanks,
    syntax: SyntaxIds,
    /// Kept between hands for their room.
    classes: Classes,
    /// Lists, for a solver that leaves out trees with a better twin (see
    /// [`Trees::LeftGroupedForFourNums`]), the hands with a card that is
    /// negative or not whole, whose printing depends on its place: there
    /// a left-out twin may read better (`-2/(5-4)` against `(5-4)*(-2)`).
    /// Made when first needed.
    with_every_twin: Option<Box<DistinctSolver>>,
    /// The best member of each class of the hands of the run being
    /// listed; kept between runs for its room.
    shown: Shown<Solution>,
    /// The raw solutions of the run of hands being answered; kept
    /// between runs for its room.
    batch: Batch,
}

/// The function-level form of every node met, kept while the
/// enumerator's node ids stay valid.
#[derive(Debug, Default)]
struct NodeForms {
    forms: Forms,
    of_node: Vec<Option<SignedId>>,
    epoch: u64,
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

impl NodeForms {
    /// Drops every form if there are more than `most`: between hands,
    /// since classes compare forms only within one hand.
    fn limit(&mut self, most: usize) {
        if self.forms.len() > most {
            self.forms.clear();
            self.of_node.clear();
        }
    }

    /// Forgets the forms of nodes if their ids were reused (the forms
    /// themselves stay valid).
    fn follow(&mut self, epoch: u64) {
        if epoch != self.epoch {
            self.of_node.clear();
            self.epoch = epoch;
        }
    }

    /// Inlined for the usual node met before; the rest out of line.
    #[inline]
    fn of_node(&mut self, nodes: &Nodes, id: NodeId) -> SignedId {
        if let Some(Some(known)) = self.of_node.get(id.index()) {
            return *known;
        }
        self.of_new_node(nodes, id)
    }

    #[inline(never)]
    fn of_new_node(&mut self, nodes: &Nodes, id: NodeId) -> SignedId {
        let form = match nodes.get(id) {
            reckon_core::Node::Card(card) => self.forms.leaf(card),
            reckon_core::Node::Binary(op, l, r) => {
                let (a, b) = (self.of_node(nodes, l), self.of_node(nodes, r));
                self.forms.combine(op, a, b)
            }
        };
        if self.of_node.len() <= id.index() {
            self.of_node.resize(nodes.len().max(id.index() + 1), None);
        }
        self.of_node[id.index()] = Some(form);
        form
    }

    fn of_solution(&mut self, nodes: &Nodes, solution: Solution) -> SignedId {
        match solution {
            Solution::Card(card) => self.forms.leaf(card),
            Solution::Binary(op, l, r) => {
                let (a, b) = (self.of_node(nodes, l), self.of_node(nodes, r));
                self.forms.combine(op, a, b)
            }
        }
    }

    /// The `4nums` key of the form `function`: taken on the stored forms
    /// where [`NodeForms::four_nums_on_forms`] can, else
    /// [`Form::of_function`] with its parts stored as forms.
    fn four_nums(&mut self, function: SignedId) -> FourNums {
        match self.four_nums_on_forms(function) {
            Some(key) => {
                debug_assert_eq!(self.four_nums_by_tree(function), key, "{:?}", self.forms.tree(function));
                key
            }
            None => self.four_nums_by_tree(function),
        }
    }

    /// The `4nums` key of `function` when it has nothing to strip or only
    /// cancelled pairs among the terms of its top sum (the form itself),
    /// or when all it has is one one factor, one cancelled pair of equal
    /// parts, or two cards 1; `None` otherwise.
    fn four_nums_on_forms(&mut self, function: SignedId) -> Option<FourNums> {
        let forms = &mut self.forms;
        // A cancelled pair comes back at the top as `+x-y`: from the top
        // sum, it comes back where it was.
        if forms.facts(function.form).plain || forms.is_sum_of_plain_terms(function.form) {
            return Some(FourNums::of_core(function, None));
        }
        // Most forms that are not plain only multiply or divide by a part
        // worth one (a card 1, or a plain part such as `(5-4)`), or else
        // hold a cancelled pair of equal parts. The rest must not be worth
        // zero: a product of a one factor and a zero is a zero product.
        let nonzero_plain = |forms: &Forms, id: SignedId| {
            forms.facts(id.form).plain && forms.facts(id.form).value.is_some_and(|v| !v.is_zero())
        };
        let without_one = forms.without_a_one(function);
        if let Some((core, one)) = without_one.filter(|(core, _)| nonzero_plain(forms, *core)) {
            return Some(FourNums::of_core(core, Some(one)));
        }
        if let Some((rest, part)) = forms.without_a_pair(function).filter(|(rest, _)| nonzero_plain(forms, *rest)) {
            return Some(FourNums::of_core(forms.with_pair(rest, part), None));
        }
        // Two cards 1 taken out are a cancelled pair: `x*1*1 = x+1-1`.
        let card_one = forms.leaf(Rational::ONE);
        let (core, _) = without_one.filter(|&(_, one)| one == card_one)?;
        let (rest, _) =
            forms.without_a_one(core).filter(|&(rest, one)| one == card_one && nonzero_plain(forms, rest))?;
        Some(FourNums::of_core(forms.with_pair(rest, card_one.form), None))
    }

    /// Out of line: few forms need it, and [`Classes::of`] is hot.
    #[inline(never)]
    fn four_nums_by_tree(&mut self, function: SignedId) -> FourNums {
        let form = Form::of_function(self.forms.tree(function));
        let forms = &mut self.forms;
        FourNums {
            core: forms.of_tree(&form.core),
            one: form.one.as_ref().map(|one| forms.of_tree(one)),
            zeros: form.zeros,
            zero_product: form
                .zero_product
                .map(|(factors, cards)| (factors.iter().map(|f| forms.of_tree(f)).collect(), cards)),
        }
    }
}

/// A `4nums` [`Form`] with its parts stored as forms: equal exactly when
/// the forms are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct FourNums {
    core: SignedId,
    one: Option<SignedId>,
    zeros: usize,
    zero_product: Option<(Vec<SignedId>, Vec<Rational>)>,
}

impl FourNums {
    /// The key of a form with no zero terms and no zero product.
    fn of_core(core: SignedId, one: Option<SignedId>) -> FourNums {
        FourNums { core, one, zeros: 0, zero_product: None }
    }
}

/// The classes of one hand's solutions above the syntax level.
#[derive(Debug, Default)]
struct Classes {
    /// The class of each function-level form, by its [`SignedId::key`].
    by_function: FewMap<u64, usize>,
    /// At the `4nums` level, the class of each key with nothing but a
    /// core and maybe a one factor, most keys: several forms may share
    /// one. Keyed by [`core_key`].
    by_core: FewMap<u128, usize>,
    /// The class of every other key.
    by_key: FewMap<FourNums, usize>,
    count: usize,
}

impl Classes {
    fn clear(&mut self) {
        self.by_function.clear();
        self.by_core.clear();
        self.by_key.clear();
        self.count = 0;
    }

    /// The class of the solution with form `function`: its number, and
    /// whether it is new. Forms stored after the first `known` (most
    /// solutions' tops are new forms) are in no key met before, so they
    /// are not looked for.
    fn of(&mut self, level: Level, forms: &mut NodeForms, function: SignedId, known: usize) -> (usize, bool) {
        if !function.form.stored_after(known)
            && let Some(seen) = self.by_function.get(&function.key())
        {
            return (seen, false);
        }
        let next = self.count;
        let class = match level {
            Level::Function => next,
            // The `4nums` key depends on the form only and is costly:
            // once per form.
            _ => match forms.four_nums(function) {
                FourNums { core, one, zeros: 0, zero_product: None } if core.form.stored_after(known) => {
                    self.by_core.insert_new(core_key(core, one), next);
                    next
                }
                FourNums { core, one, zeros: 0, zero_product: None } => {
                    self.by_core.get_or_insert(core_key(core, one), next)
                }
                key => self.by_key.get_or_insert(key, next),
            },
        };
        self.by_function.insert_new(function.key(), class);
        self.count += usize::from(class == next);
        (class, class == next)
    }
}

/// A `4nums` key of a core and maybe a one factor as one number (see
/// [`SignedId::key`]): the one's key, plus one, above the core's.
fn core_key(core: SignedId, one: Option<SignedId>) -> u128 {
    u128::from(core.key()) | u128::from(one.map_or(0, |one| one.key() + 1)) << 64
}

/// A part of a solution among the enumerator's nodes.
#[derive(Clone, Copy)]
struct At<'a> {
    nodes: &'a Nodes,
    id: NodeId,
}

impl<'a> Tree for At<'a> {
    fn view(self) -> View<At<'a>> {
        match self.nodes.get(self.id) {
            reckon_core::Node::Card(card) => View::Card(card),
            reckon_core::Node::Binary(op, l, r) => {
                View::Binary(op, At { nodes: self.nodes, id: l }, At { nodes: self.nodes, id: r })
            }
        }
    }
}

/// A whole solution: its top operator is not a node.
#[derive(Clone, Copy)]
struct Top<'a> {
    nodes: &'a Nodes,
    solution: Solution,
}

impl<'a> Top<'a> {
    /// The top operator over its two parts, each a node.
    fn view(self) -> View<At<'a>> {
        match self.solution {
            Solution::Card(card) => View::Card(card),
            Solution::Binary(op, l, r) => {
                View::Binary(op, At { nodes: self.nodes, id: l }, At { nodes: self.nodes, id: r })
            }
        }
    }
}

/// Either a solution's top or a part of it, to walk both alike.
#[derive(Clone, Copy)]
enum Walk<'a> {
    Top(Top<'a>),
    At(At<'a>),
}

impl<'a> Tree for Walk<'a> {
    fn view(self) -> View<Walk<'a>> {
        let part = |at: View<At<'a>>| match at {
            View::Card(card) => View::Card(card),
            View::Binary(op, l, r) => View::Binary(op, Walk::At(l), Walk::At(r)),
        };
        match self {
            Walk::Top(top) => part(top.view()),
            Walk::At(at) => part(at.view()),
        }
    }
}

/// Solutions as members of [`Shown`]: kept as two node ids, built as a
/// tree only if shown or tied. Each has the value `target`.
struct Solutions<'a> {
    nodes: &'a Nodes,
    target: Rational,
}

impl Members for Solutions<'_> {
    type Member = Solution;

    fn tidy(&self, level: Level, member: &Solution, room: &mut TidyRoom) -> Expr {
        // Below the top, parts are walked as nodes: smaller to pass than `Walk`.
        tidy_view(level, Top { nodes: self.nodes, solution: *member }.view(), Some(self.target), room)
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
            forms: NodeForms { forms: Forms::with_capacity(ROOM), of_node: Vec::with_capacity(ROOM), epoch: 0 },
            ranks: NodeRanks::with_capacity(ROOM),
            syntax: SyntaxIds::default(),
            classes: Classes::default(),
            with_every_twin: None,
            shown: Shown::idle(),
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
        self.try_solve_each(std::slice::from_ref(hand), |_, solutions| listed = solutions);
        listed
    }

    /// Hands `each` the distinct solutions of each of `hands`, in order,
    /// as [`DistinctSolver::solve`] lists them hand by hand; sooner, for
    /// many hands, since it enumerates a run of them before it classifies
    /// any: the code of each stage then stays in the processor's
    /// instruction cache for the whole run. A listing handed over and
    /// dropped leaves its memory to the next.
    ///
    /// ```
    /// use reckon_canonical::{DistinctSolver, Level};
    /// use reckon_core::{Hand, Rules};
    /// let hands: Vec<Hand> = ["3 3 8 8", "1 1 1 1", "6 6 6 6"].iter().map(|h| h.parse().unwrap()).collect();
    /// let mut counts = Vec::new();
    /// DistinctSolver::new(Rules::game24(), Level::FourNums).solve_each(&hands, |_, listed| counts.push(listed.len()));
    /// assert_eq!(counts, [1, 0, 2]);
    /// ```
    ///
    /// # Panics
    ///
    /// If a hand is refused (see [`DistinctSolver::try_solve_each`]).
    pub fn solve_each(&mut self, hands: &[Hand], mut each: impl FnMut(&Hand, Vec<Expr>)) {
        self.try_solve_each(hands, |hand, listed| each(hand, listed.unwrap_or_else(|refused| panic!("{refused}"))));
    }

    /// Hands `each` the distinct solutions of each of `hands`, in order, as
    /// [`DistinctSolver::solve_each`] does, or why a hand's were not listed
    /// (see [`DistinctSolver::try_solve`]): a refused hand takes its place
    /// and the hands after it are answered.
    pub fn try_solve_each(&mut self, hands: &[Hand], mut each: impl FnMut(&Hand, Result<Vec<Expr>, TooManySolutions>)) {
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
        self.try_count_each(std::slice::from_ref(hand), |_, counted| count = counted);
        count
    }

    /// Hands `each` the number of distinct solutions of each of `hands`,
    /// in order, as [`DistinctSolver::count`] counts them hand by hand,
    /// and sooner (see [`DistinctSolver::solve_each`]).
    ///
    /// # Panics
    ///
    /// If a hand is refused (see [`DistinctSolver::try_count_each`]).
    pub fn count_each(&mut self, hands: &[Hand], mut each: impl FnMut(&Hand, usize)) {
        self.try_count_each(hands, |hand, count| each(hand, count.unwrap_or_else(|refused| panic!("{refused}"))));
    }

    /// Hands `each` the number of distinct solutions of each of `hands`, in
    /// order, as [`DistinctSolver::count_each`] does, or why a hand's were
    /// not counted (see [`DistinctSolver::try_solve_each`]).
    pub fn try_count_each(&mut self, hands: &[Hand], mut each: impl FnMut(&Hand, Result<usize, TooManySolutions>)) {
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
    /// a time: the run's picked hands are
    /// first handed to `prepare`, one after another, and then every hand
    /// of the run to `answer`. Neither may use the enumerator for a hand
    /// that was picked: the solutions of the run's later hands are made of
    /// its nodes.
    fn answer_in_runs(
        &mut self,
        hands: &[Hand],
        here: impl Fn(&Hand) -> bool,
        mut prepare: impl FnMut(&mut DistinctSolver, &Hand, &[Solution]),
        mut answer: impl FnMut(&mut DistinctSolver, &Hand, Option<Result<&[Solution], TooManySolutions>>),
    ) {
        // Out of the solver while it is read, so that `answer` may borrow the solver.
        let mut batch = std::mem::take(&mut self.batch);
        let mut rest = hands;
        while !rest.is_empty() {
            let (run, after) = rest.split_at(batch.enumerate(&mut self.enumerator, rest, &here));
            for (hand, solutions) in run.iter().zip(batch.hands()) {
                if let Some(Ok(solutions)) = solutions {
                    self.limit();
                    prepare(self, hand, solutions);
                }
            }
            for (hand, solutions) in run.iter().zip(batch.hands()) {
                self.limit();
                answer(self, hand, solutions);
            }
            rest = after;
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
        let mut held = Held::Nothing;
        for &solution in solutions {
            let slow = || rank_of(display, Walk::Top(Top { nodes, solution }));
            // Node ranks are those of solutions tidied above the syntax level.
            let fast = if display == level { ranks.of_solution(nodes, solution) } else { None };
            let rank = fast.unwrap_or_else(slow);
            debug_assert_eq!(rank, slow(), "{}", solution.to_expr(nodes));
            held.pass((rank, solution), |(rank, solution)| {
                let known = forms.forms.len();
                let function = forms.of_solution(nodes, solution);
                let class = classes.of(level, forms, function, known);
                shown.place(&Solutions { nodes, target }, rank, class, solution);
            });
        }
        if let Some((rank, solution)) = held.lone() {
            shown.place(&Solutions { nodes, target }, rank, (0, true), solution);
        }
    }

    /// The listing of the first hand classified and not yet shown.
    fn show_next(&mut self) -> Vec<Expr> {
        let target = self.rules().target;
        self.shown.take_sorted(&Solutions { nodes: self.enumerator.nodes(), target })
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
            return DistinctSolver::showing(*self.rules(), level, true, Trees::All).try_solve(hand);
        }
        let rules = *self.rules();
        let solver = self
            .with_every_twin
            .get_or_insert_with(|| Box::new(DistinctSolver::showing(rules, level, false, Trees::LeftGrouped)));
        solver.try_solve(hand)
    }

    /// [`DistinctSolver::solve`] at the syntax level. Every member of a
    /// class tidies to the same tree, so the first one met is shown and
    /// only it is built.
    fn solve_syntax(&mut self, hand: &Hand) -> Result<Vec<Expr>, TooManySolutions> {
        let (mut seen, mut shown) = (HashSet::new(), Shown::new(Level::Syntax));
        let target = self.rules().target;
        let syntax = &mut self.syntax;
        self.enumerator.try_visit_solutions(hand, |solution, nodes| {
            syntax.follow(nodes.epoch());
            if seen.insert(syntax.of_solution(nodes, solution)) {
                shown.place(&Solutions { nodes, target }, Default::default(), (seen.len() - 1, true), solution);
            }
        })?;
        Ok(shown.into_sorted(&Solutions { nodes: self.enumerator.nodes(), target }))
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
        let mut held = Held::Nothing;
        for &solution in solutions {
            held.pass(solution, |solution| {
                let known = forms.forms.len();
                let function = forms.of_solution(nodes, solution);
                classes.of(level, forms, function, known);
            });
        }
        if held.lone().is_some() { 1 } else { classes.count }
    }
}

/// Does a solver at `level` list `hand` from its own enumerator's
/// solutions? Not at the syntax level, whose solutions are told apart
/// as they come; nor when a card lies outside the domain, or is negative
/// or not whole while the solver leaves out trees with a better twin
/// (see [`DistinctSolver::solve_elsewhere`]).
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

fn listed_here(level: Level, keeps_grouping: bool, trees: Trees, rules: &Rules, hand: &Hand) -> bool {
    level != Level::Syntax
        && (keeps_grouping || display_level(level, rules, hand) != Level::Syntax)
        && (trees != Trees::LeftGroupedForFourNums || hand.cards().iter().all(is_whole_and_not_negative))
}

/// The trees a solver at `level` needs, showing its solutions with their
/// own grouping if `keeps_grouping`: shown as they were made, each tree
/// may be the most readable; shown tidied above the syntax level, trees
/// that group alike are one solution, and at the `4nums` level so are
/// the twins that `Trees::LeftGroupedForFourNums` leaves out and the
/// better-read ones it makes.
fn trees_for(level: Level, keeps_grouping: bool) -> Trees {
    match level {
        _ if keeps_grouping => Trees::All,
        Level::FourNums => Trees::LeftGroupedForFourNums,
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
enum Held<T> {
    Nothing,
    First(T),
    Passed,
}

impl<T> Held<T> {
    /// Hands `classify` what may share a class: nothing yet for the first
    /// solution, the first and `solution` for the second, `solution` after.
    fn pass(&mut self, solution: T, mut classify: impl FnMut(T)) {
        match std::mem::replace(self, Held::Passed) {
            Held::Nothing => *self = Held::First(solution),
            Held::First(first) => {
                classify(first);
                classify(solution);
            }
            Held::Passed => classify(solution),
        }
    }

    /// The only solution, if there was exactly one.
    fn lone(self) -> Option<T> {
        match self {
            Held::First(only) => Some(only),
            Held::Nothing | Held::Passed => None,
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
mod tests {
    use super::*;

    /// Countdown players write the shortest solutions first: the listing
    /// puts the fewest numbers used first, each group simplest first.
    #[test]
    fn countdown_listings_put_the_fewest_cards_first() {
        let rules = Rules::countdown(Rational::from_integer(765));
        let hand: Hand = "1 3 7 10 25 50".parse().unwrap();
        let listed = DistinctSolver::new(rules, Level::FourNums).solve(&hand);
        let used: Vec<usize> = listed.iter().map(|solution| solution.cards().len()).collect();
        assert!(used.is_sorted(), "{used:?}");
        assert_eq!(listed[0].to_string(), "(50+1)*(25-10)");
        // Every card used under the 24 game's rules: the order is the
        // simplest first alone.
        let mut plain = DistinctSolver::new(Rules::game24(), Level::FourNums);
        assert_eq!(plain.solve(&"2 4 8 10".parse().unwrap())[0].to_string(), "10+8+4+2");
    }

    /// A hand past the enumerator's memory budget is refused in its place,
    /// at every level and whether listed or counted, and the hands around
    /// it get what a fresh solver gives them.
    #[test]
    fn a_refused_hand_takes_its_place_and_the_batch_goes_on() {
        let rules = Rules::game24();
        let hands: Vec<Hand> = ["3 3 8 8", "1 2 3 4 5 6", "2 4 8 10"].iter().map(|h| h.parse().unwrap()).collect();
        for level in Level::ALL {
            let tight = || {
                let mut solver = DistinctSolver::new(rules, level);
                solver.enumerator = Enumerator::of_trees(rules, solver.trees).with_memory_budget(1 << 16);
                solver
            };
            let mut counted = Vec::new();
            tight().try_count_each(&hands, |_, count| counted.push(count));
            let mut listed = Vec::new();
            tight().try_solve_each(&hands, |_, solutions| listed.push(solutions.map(|s| s.len())));
            for answers in [&counted, &listed] {
                assert_eq!(answers[0], Ok(count_distinct(&hands[0], &rules, level)), "{level:?}");
                assert!(answers[1].is_err(), "{level:?}: {answers:?}");
                assert_eq!(answers[2], Ok(count_distinct(&hands[2], &rules, level)), "{level:?}");
            }
            assert!(tight().try_solve(&hands[1]).is_err());
            assert!(tight().try_count(&hands[1]).is_err());
        }
    }

    /// A solver that shares sub-hands between hands lists and counts what
    /// a fresh one does, representatives included, also once it has
    /// dropped the forms it stored (the limit is small in tests).
    #[test]
    fn a_shared_solver_lists_what_a_fresh_one_does() {
        let rules = Rules::game24();
        let mut shared = DistinctSolver::new(rules, Level::FourNums);
        let mut dropped = false;
        let special = ["1 2 3 4", "1 2 3 5", "1 2 4 4", "2 3 4 4", "1 1 2 3", "3 3 8 8", "1 2 3 4", "0 1 2 12"];
        let small = (1..=6).flat_map(|a| (a..=6).flat_map(move |b| (b..=6).map(move |c| format!("{a} {b} {c} 6"))));
        for cards in special.into_iter().map(str::to_owned).chain(small) {
            let hand: Hand = cards.parse().unwrap();
            let text = |list: Vec<Expr>| list.iter().map(ToString::to_string).collect::<Vec<_>>();
            let fresh = text(DistinctSolver::new(rules, Level::FourNums).solve(&hand));
            let stored = shared.forms.forms.len();
            assert_eq!(text(shared.solve(&hand)), fresh, "{cards}");
            let listed = shared.forms.forms.len();
            assert_eq!(shared.count(&hand), fresh.len(), "{cards}");
            dropped |= listed < stored || shared.forms.forms.len() < listed;
        }
        assert!(dropped, "the stored forms crossed the limit");
    }

    /// Hand after hand, the enumerator drops its nodes once they are many
    /// and reuses their ids: what the solver knew of the old nodes must
    /// not be taken for the new ones.
    #[test]
    fn lists_what_a_fresh_solver_does_when_node_ids_are_reused() {
        let rules = Rules::countdown(Rational::from_integer(500));
        let mut shared = DistinctSolver::new(rules, Level::FourNums);
        let mut reused = 0;
        let mut state = 7u64;
        while reused < 2 {
            let cards: Vec<i64> = (0..6)
                .map(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100][(state >> 33) as usize % 14]
                })
                .collect();
            let hand = Hand::from_integers(&cards).unwrap();
            let epoch = shared.enumerator.epoch();
            let text = |list: Vec<Expr>| list.iter().map(ToString::to_string).collect::<Vec<_>>();
            let fresh = text(DistinctSolver::new(rules, Level::FourNums).solve(&hand));
            // Ids are reused at the start of whichever call comes first.
            assert_eq!(shared.count(&hand), fresh.len(), "{hand}");
            let listed = shared.solve(&hand);
            let keys: HashSet<_> = listed.iter().map(|e| crate::key(Level::FourNums, e)).collect();
            assert_eq!(keys.len(), listed.len(), "{hand}: duplicates");
            assert_eq!(text(listed), fresh, "{hand}");
            reused += usize::from(shared.enumerator.epoch() != epoch);
        }
    }

    /// The listings a run of hands gets, each as a fresh solver lists it
    /// alone, at every level and whichever way each hand is listed:
    /// cards outside the domain, negative and not whole ones among them.
    #[test]
    fn lists_a_run_of_hands_as_a_fresh_solver_lists_each() {
        let text = |list: &[Expr]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        let hands: Vec<Hand> = ["3 3 8 8", "-2 5 4 1", "1 1 1 1", "1/2 3 4 8", "0 2 3 4", "6 6 6 6", "2 4 8 10"]
            .iter()
            .map(|cards| cards.parse().unwrap())
            .collect();
        let positive = Rules { domain: reckon_core::Domain::PositiveInteger, ..Rules::game24() };
        for rules in [Rules::game24(), positive] {
            for level in [Level::Syntax, Level::Function, Level::FourNums] {
                let (mut listed, mut counted) = (Vec::new(), Vec::new());
                let mut solver = DistinctSolver::new(rules, level);
                solver.solve_each(&hands, |hand, list| listed.push((hand.clone(), text(&list))));
                solver.count_each(&hands, |_, count| counted.push(count));
                let fresh: Vec<(Hand, Vec<String>)> = hands
                    .iter()
                    .map(|hand| (hand.clone(), text(&DistinctSolver::new(rules, level).solve(hand))))
                    .collect();
                assert_eq!(listed, fresh, "{level:?}");
                let fresh_counts: Vec<usize> = fresh.iter().map(|(_, list)| list.len()).collect();
                assert_eq!(counted, fresh_counts, "{level:?}");
            }
        }
    }

    /// A run ends before the enumerator drops the nodes its solutions are
    /// made of: a long run of large hands, over which the enumerator
    /// drops its nodes (after some 5,600 hands of six), lists what a
    /// solver asked hand by hand lists (which is what a fresh one lists:
    /// see above).
    #[test]
    fn a_run_of_hands_ends_where_node_ids_are_reused() {
        let rules = Rules::countdown(Rational::from_integer(500));
        let mut state = 7u64;
        let hands: Vec<Hand> = (0..6000)
            .map(|_| {
                let cards: Vec<i64> = (0..6)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100][(state >> 33) as usize % 14]
                    })
                    .collect();
                Hand::from_integers(&cards).unwrap()
            })
            .collect();
        let (mut in_runs, mut one_by_one) =
            (DistinctSolver::new(rules, Level::FourNums), DistinctSolver::new(rules, Level::FourNums));
        let epoch = in_runs.enumerator.epoch();
        let mut listed = hands.iter();
        in_runs.solve_each(&hands, |hand, list| {
            assert_eq!(Some(hand), listed.next(), "hands in order");
            assert_eq!(list, one_by_one.solve(hand), "{hand}");
        });
        assert_eq!(listed.next(), None, "every hand answered");
        assert!(in_runs.enumerator.epoch() > epoch, "node ids were reused within the run");
    }

    /// Is every step of `e`, as written, in `domain`?
    fn steps_in(e: &Expr, domain: reckon_core::Domain) -> bool {
        match e {
            Expr::Num(_) => true,
            Expr::Binary(step) => {
                e.value().is_ok_and(|v| domain.allows(&v))
                    && steps_in(&step.left, domain)
                    && steps_in(&step.right, domain)
            }
        }
    }

    fn uses_only(e: &Expr, ops: reckon_core::OpSet) -> bool {
        match e {
            Expr::Num(_) => true,
            Expr::Binary(step) => ops.contains(step.op) && uses_only(&step.left, ops) && uses_only(&step.right, ops),
        }
    }

    /// At every level the solver lists what deduplicating every raw
    /// solution one by one lists, with only the operators the rules allow.
    #[test]
    fn lists_what_deduplicating_trees_lists() {
        let text = |list: Vec<Expr>| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        let with = |rules: Rules, target: i64, ops: &str, domain| Rules {
            target: Rational::from_integer(target),
            ops: ops.parse().unwrap(),
            domain,
            ..rules
        };
        let hands_and_rules = [
            ("1 2 3 4", Rules::game24()),
            ("2 2 2 3", Rules::game24()),
            ("3 3 8 8", Rules::game24()),
            ("1 1 5 5", Rules::game24()),
            ("0 1 2 12", Rules::game24()),
            ("6 6 6 6", Rules::game24()),
            ("2 3 7 25 50", Rules::countdown(Rational::from_integer(350))),
            // Cards outside the domain, and operator subsets.
            ("-2 1 3 4", with(Rules::game24(), 6, "+-*/", reckon_core::Domain::NonNegative)),
            ("-3 1 2 9", with(Rules::game24(), 3, "+-*/", reckon_core::Domain::NonNegative)),
            ("1/2 3 4 6", with(Rules::game24(), 12, "+-*/", reckon_core::Domain::Integer)),
            ("2 3 4 6", with(Rules::game24(), 1, "-/", reckon_core::Domain::Rational)),
            ("2 3 4 6", with(Rules::game24(), 9, "-*/", reckon_core::Domain::PositiveInteger)),
            // Without `*` (or `+`) a solution is shown as it was made:
            // regrouped, `8/(4/2/6)` would read `8*6*2/4`.
            ("2 4 6 8", with(Rules::game24(), 24, "+-/", reckon_core::Domain::Rational)),
            ("1 2 9", with(Rules::game24(), 10, "-*/", reckon_core::Domain::Rational)),
            ("1 2 3 4", with(Rules::game24(), 0, "-", reckon_core::Domain::Integer)),
            // With a card outside the domain too: regrouped, `3-(5+(-2))`
            // would read `3-5-(-2)`, through -2.
            ("-2 3 5", with(Rules::game24(), 0, "+-*/", reckon_core::Domain::NonNegative)),
            ("-2 1 3 4", with(Rules::game24(), 2, "+-*/", reckon_core::Domain::NonNegative)),
        ];
        for level in Level::ALL {
            for (cards, rules) in hands_and_rules {
                let mut shared = DistinctSolver::new(rules, level);
                let hand: Hand = cards.parse().unwrap();
                let mut by_trees = crate::Distinct::for_hand(level, &rules, &hand);
                by_trees.extend(reckon_core::all_solutions(&hand, &rules));
                let expected = text(fewest_cards_first(by_trees.into_sorted(), &rules));
                assert!(!expected.is_empty(), "{cards} has solutions under {rules:?}");
                let listed = shared.solve(&hand);
                for e in &listed {
                    assert!(uses_only(e, rules.ops), "{e} for {cards} at {level} under {rules:?}");
                    let printed = if level == Level::Syntax {
                        e.grouped().to_string()
                    } else {
                        e.in_domain(rules.domain).to_string()
                    };
                    // Read back, a fraction card is a division, a step of its own.
                    let read = reckon_core::parse_expr(&printed).unwrap();
                    let whole_cards = hand.cards().iter().all(|card| card.is_integer());
                    assert!(!whole_cards || steps_in(&read, rules.domain), "{printed}: {cards} at {level}, {rules:?}");
                }
                assert_eq!(text(listed), expected, "{cards} at {level} under {rules:?}");
                assert_eq!(shared.count(&hand), expected.len(), "{cards} at {level} under {rules:?}");
            }
        }
    }
}
