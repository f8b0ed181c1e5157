//! One round of the game: a hand, the player's moves, and how it ended.

use num_traits::Signed;
use reckon_core::expr::ParseErrorKind;
use reckon_core::number::BigRational;
use reckon_core::rules::Domain;
use reckon_core::{Expr, Hand, ParseError, Rational, Rules, Solver, TooManyStates};

use crate::hint::{Advice, Hint};
use crate::judge::{Verdict, judge};

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A correct answer.
    Solved,
    /// A correct claim that the hand has no solution.
    Passed,
    /// A claim of no solution for a hand that has one.
    WrongPass,
    /// The player asked to see the solution.
    Shown,
}

impl Outcome {
    /// Does this outcome win the round?
    pub const fn is_win(self) -> bool {
        matches!(self, Outcome::Solved | Outcome::Passed)
    }
}

/// The answer to [`Round::pass`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PassResult {
    /// Right: the hand has no solution.
    Correct,
    /// Wrong: here is a solution.
    Wrong(Expr),
}

/// One hand to play, with its solution worked out in advance so that hints,
/// `show` and `pass` answer at once, all with the same solution: each hint
/// gives away more of it (see [`Advice::for_solution`]), and it passes
/// through no negative value when the hand has such a solution, since a
/// step like `3-6 = -3` is the last a player would think of.
///
/// Time is not kept here: a front end measures it as it sees fit and hands
/// it to [`Score::record`](crate::Score::record).
///
/// ```
/// use reckon_core::{Rules, Solver};
/// use reckon_play::{Outcome, Round};
///
/// let mut solver = Solver::new(Rules::game24());
/// let mut round = Round::new("3 5 8 11".parse().unwrap(), &mut solver);
/// assert_eq!(round.advice().to_string(), "start with 3+5 = 8");
/// assert_eq!(round.advice().to_string(), "start with 3+5 = 8, then 11-8 = 3");
/// let verdict = round.answer("(11-8)*(3+4)").unwrap();
/// assert_eq!(verdict.to_string(), "(11-8)*(3+4) = 21, not 24; uses 4, which is not in the hand; does not use 5");
/// assert!(round.answer("(11 − 8) × (3 + 5)").unwrap().is_correct());
/// assert_eq!(round.outcome(), Some(Outcome::Solved));
/// assert_eq!((round.hints(), round.wrong_answers()), (2, 1));
///
/// let mut round = Round::new("1 1 1 1".parse().unwrap(), &mut solver);
/// assert_eq!(round.pass(), reckon_play::PassResult::Correct);
/// ```
#[derive(Clone, Debug)]
pub struct Round {
    hand: Hand,
    rules: Rules,
    solution: Option<Expr>,
    hints: u32,
    /// Hints given, also after the round ended: which hint comes next.
    hints_given: u32,
    wrong_answers: u32,
    outcome: Option<Outcome>,
    /// The correct answer that ended the round as solved.
    solved_with: Option<Expr>,
}

impl Round {
    /// A round for `hand` under `solver`'s rules.
    pub fn new(hand: Hand, solver: &mut Solver) -> Round {
        let solution = solver.solve(&hand).map(|found| preferred_solution(&hand, solver, found, Solver::solve));
        Round::with_solution(hand, solver, solution)
    }

    /// [`Round::new`] for a hand the engine can answer within its limits:
    /// one of nine or ten cards may make the search give up.
    pub(crate) fn try_new(hand: Hand, solver: &mut Solver) -> Result<Round, TooManyStates> {
        let within_limits = |solver: &mut Solver, hand: &Hand| solver.try_solve(hand).ok().flatten();
        let solution = solver.try_solve(&hand)?.map(|found| preferred_solution(&hand, solver, found, within_limits));
        Ok(Round::with_solution(hand, solver, solution))
    }

    fn with_solution(hand: Hand, solver: &Solver, solution: Option<Expr>) -> Round {
        Round {
            solution,
            rules: *solver.rules(),
            hand,
            hints: 0,
            hints_given: 0,
            wrong_answers: 0,
            outcome: None,
            solved_with: None,
        }
    }

    /// The cards.
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The rules, including the target.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The value to make.
    pub fn target(&self) -> Rational {
        self.rules.target
    }

    /// Can the target be made? (Asking does not count as a hint; a front
    /// end that shows this gives the game away.)
    pub fn has_solution(&self) -> bool {
        self.solution.is_some()
    }

    /// Parses and judges a typed answer. A correct one ends the round as
    /// [`Outcome::Solved`]; a wrong one counts against the player, and so
    /// does a division by zero, which is a well-formed answer without a
    /// value. Other text that does not parse counts as nothing.
    pub fn answer(&mut self, text: &str) -> Result<Verdict, ParseError> {
        let expr: Expr = text.parse().inspect_err(|err: &ParseError| {
            if err.kind() == ParseErrorKind::DivisionByZero && self.outcome.is_none() {
                self.wrong_answers += 1;
            }
        })?;
        Ok(self.answer_expr(&expr))
    }

    /// Judges an answer built by other means, such as a graphical editor.
    pub fn answer_expr(&mut self, expr: &Expr) -> Verdict {
        let verdict = judge(expr, Some(&self.hand), &self.rules);
        if self.outcome.is_none() {
            if verdict.is_correct() {
                self.outcome = Some(Outcome::Solved);
                self.solved_with = Some(expr.clone());
            } else {
                self.wrong_answers += 1;
            }
        }
        verdict
    }

    /// Claims that the hand has no solution, and ends the round.
    pub fn pass(&mut self) -> PassResult {
        let result = match &self.solution {
            None => PassResult::Correct,
            Some(expr) => PassResult::Wrong(expr.clone()),
        };
        self.finish(match result {
            PassResult::Correct => Outcome::Passed,
            PassResult::Wrong(_) => Outcome::WrongPass,
        });
        result
    }

    /// Takes the next hint, as [`Round::advice`] does, and returns the
    /// first step of the solution, or `None` when there is no solution
    /// (which is a hint too: it counts as one) or it is a lone card.
    pub fn hint(&mut self) -> Option<Hint> {
        self.advice().hint().cloned()
    }

    /// Takes the next hint: the first gives the first step of the
    /// solution, the second the first two steps, the third and any later
    /// the whole solution. Hints count against the player while the round
    /// is on.
    pub fn advice(&mut self) -> Advice {
        if self.outcome.is_none() {
            self.hints += 1;
        }
        self.hints_given = self.hints_given.saturating_add(1);
        self.advice_at(self.hints_given)
    }

    /// Hint number `number` of this round (1 for the first), without
    /// taking it: for a front end that keeps the count of hints itself.
    pub fn advice_at(&self, number: u32) -> Advice {
        Advice::for_solution(self.solution.as_ref(), number, self.target(), self.rules.domain)
    }

    /// Gives up and reveals a solution (`None`: there is none), ending the
    /// round as [`Outcome::Shown`].
    pub fn show(&mut self) -> Option<&Expr> {
        self.finish(Outcome::Shown);
        self.solution.as_ref()
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }

    /// How the round ended, or `None` while it is still on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The answer that solved the round, once one has.
    pub fn solved_with(&self) -> Option<&Expr> {
        self.solved_with.as_ref()
    }

    /// Hints taken.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// Wrong answers given (answers that did not parse are not counted).
    pub fn wrong_answers(&self) -> u32 {
        self.wrong_answers
    }
}

/// The solution of `hand` to show, given one `found` under `solver`'s
/// rules: `found` when it takes no negative step, else one that `solve`
/// finds in a domain without negatives, else `found` after all. A
/// solution without negative steps costs no second search.
fn preferred_solution(
    hand: &Hand,
    solver: &Solver,
    found: Expr,
    solve: impl Fn(&mut Solver, &Hand) -> Option<Expr>,
) -> Expr {
    let rules = *solver.rules();
    let Some(domain) = non_negative_part(rules.domain) else { return found };
    // A negative target is a negative step of every solution.
    if !domain.allows(&rules.target) || non_negative_value(&found).is_some() {
        return found;
    }
    solve(&mut Solver::new(Rules { domain, ..rules }), hand).unwrap_or(found)
}

/// The domain of the values of `domain` that are not negative, as near as
/// a [`Domain`] comes: `None` when `domain` holds no negative value. Of the
/// whole numbers the positive ones are the nearest, so a solution through
/// zero but no negative value is taken only when the rules' solver finds
/// it first.
fn non_negative_part(domain: Domain) -> Option<Domain> {
    match domain {
        Domain::Rational => Some(Domain::NonNegative),
        Domain::Integer => Some(Domain::PositiveInteger),
        Domain::NonNegative | Domain::PositiveInteger => None,
    }
}

/// The value of `expr`, or `None` when a step of it is negative (or
/// divides by zero). Cards are not steps: a negative card may be dealt.
fn non_negative_value(expr: &Expr) -> Option<BigRational> {
    match expr {
        Expr::Num(card) => Some(card.to_big()),
        Expr::Binary(step) => {
            let left = non_negative_value(&step.left)?;
            let right = non_negative_value(&step.right)?;
            step.op.apply(&left, &right).filter(|value| !value.is_negative())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_ends_once() {
        let mut solver = Solver::new(Rules::game24());
        let mut round = Round::new("3 3 8 8".parse().unwrap(), &mut solver);
        assert!(round.answer("3+").is_err());
        assert_eq!(round.wrong_answers(), 0);
        assert!(round.answer("8/(3-3)").is_err());
        assert_eq!(round.wrong_answers(), 1);
        assert_eq!(round.pass(), PassResult::Wrong("8/(3-8/3)".parse().unwrap()));
        assert_eq!(round.outcome(), Some(Outcome::WrongPass));
        // Later moves still answer but do not change the result.
        assert!(round.answer("8/(3-8/3)").unwrap().is_correct());
        assert_eq!(round.show().unwrap().to_string(), "8/(3-8/3)");
        assert_eq!(round.outcome(), Some(Outcome::WrongPass));
    }

    fn round_of(cards: &str, target: i64) -> Round {
        Round::new(cards.parse().unwrap(), &mut Solver::new(Rules::with_target(Rational::from_integer(target))))
    }

    #[test]
    fn each_hint_gives_away_more_of_one_solution() {
        let mut round = round_of("1 2 4 11", 24);
        let solution = round.solution.clone().unwrap();
        let hints: Vec<String> = (0..4).map(|_| round.advice().to_string()).collect();
        assert_eq!(
            hints,
            [
                "start with 4-2 = 2",
                "start with 4-2 = 2, then 1+11 = 12",
                "solution: (4-2)*(1+11) = 24",
                "solution: (4-2)*(1+11) = 24",
            ]
        );
        assert_eq!(round.hints(), 4);
        // Every hint, and then show, walks the same solution.
        for number in 1..=3 {
            let advice = round.advice_at(number);
            assert_eq!(advice.hint(), Hint::first_step(&solution).as_ref());
            let steps = solution.steps().unwrap();
            assert_eq!(advice.steps()[1..], steps[1..advice.steps().len()]);
        }
        assert_eq!(round.show(), Some(&solution));
        // After the round, hints go on but no longer count.
        assert_eq!(round.hint().unwrap().to_string(), "4-2 = 2");
        assert_eq!(round.hints(), 4);
    }

    #[test]
    fn hints_prefer_a_solution_without_negative_values() {
        let hand: Hand = "3 6 7".parse().unwrap();
        let rules = Rules::with_target(Rational::from_integer(10));
        assert_eq!(Solver::new(rules).solve(&hand).unwrap().to_string(), "7-(3-6)");
        let mut round = Round::new(hand, &mut Solver::new(rules));
        assert_eq!(round.advice().to_string(), "start with 6-3 = 3");
        assert_eq!(round.advice().to_string(), "start with 6-3 = 3, then 3+7 = 10");
        assert_eq!(round.advice().to_string(), "solution: 6-3+7 = 10");
        assert_eq!(round.show().unwrap().to_string(), "6-3+7");
    }

    #[test]
    fn without_a_solution_free_of_negatives_hints_take_the_rules_own() {
        // Every solution passes through a negative value: -13+1 or -13*x.
        let hand: Hand = "-13 1 3 5".parse().unwrap();
        let non_negative = Rules { domain: Domain::NonNegative, ..Rules::game24() };
        assert_eq!(Solver::new(non_negative).solve(&hand), None);
        let mut round = Round::new(hand, &mut Solver::new(Rules::game24()));
        assert_eq!(round.advice().to_string(), "start with -13+1 = -12");
        assert_eq!(round.advice().to_string(), "start with -13+1 = -12, then 3-5 = -2");
        assert_eq!(round.advice().to_string(), "solution: (-13+1)*(3-5) = 24");
        // So does a negative target, which every solution ends on.
        let rules = Rules::with_target(Rational::from_integer(-4));
        let own = Solver::new(rules).solve(&"3 6 7".parse().unwrap());
        assert_eq!(round_of("3 6 7", -4).solution, own);
    }

    #[test]
    fn under_whole_numbers_the_preference_keeps_to_them() {
        let rules = Rules { domain: Domain::Integer, ..Rules::with_target(Rational::from_integer(10)) };
        let mut round = Round::new("3 6 7".parse().unwrap(), &mut Solver::new(rules));
        assert_eq!(round.advice().to_string(), "start with 6-3 = 3");
    }

    #[test]
    fn hints_and_show_without_a_solution() {
        let mut solver = Solver::new(Rules::game24());
        let mut round = Round::new("1 1 1 1".parse().unwrap(), &mut solver);
        assert!(!round.has_solution());
        assert_eq!(round.hint(), None);
        assert_eq!(round.hints(), 1);
        assert_eq!(round.advice().to_string(), "no first step leads to 24");
        assert_eq!(round.advice().to_string(), "no first step leads to 24");
        assert_eq!(round.show(), None);
        assert_eq!(round.outcome(), Some(Outcome::Shown));
    }
}
