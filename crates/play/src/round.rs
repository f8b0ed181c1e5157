//! One round of the game: a hand, the player's moves, and how it ended.

use reckon_core::{Expr, Hand, ParseError, ParseErrorKind, Rational, Rules, Solver};

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
/// `show` and `pass` answer at once.
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
/// assert_eq!(round.hint().unwrap().to_string(), "3+5 = 8");
/// let verdict = round.answer("(11-8)*(3+4)").unwrap();
/// assert_eq!(verdict.to_string(), "(11-8)*(3+4) = 21, not 24; uses 4, which is not in the hand; does not use 5");
/// assert!(round.answer("(11 − 8) × (3 + 5)").unwrap().is_correct());
/// assert_eq!(round.outcome(), Some(Outcome::Solved));
/// assert_eq!((round.hints(), round.wrong_answers()), (1, 1));
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
    wrong_answers: u32,
    outcome: Option<Outcome>,
}

impl Round {
    /// A round for `hand` under `solver`'s rules.
    pub fn new(hand: Hand, solver: &mut Solver) -> Round {
        Round { solution: solver.solve(&hand), rules: *solver.rules(), hand, hints: 0, wrong_answers: 0, outcome: None }
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

    /// The first step of the solution, or `None` when there is no solution
    /// (which is a hint too: it counts as one) or it is a lone card.
    pub fn hint(&mut self) -> Option<Hint> {
        if self.outcome.is_none() {
            self.hints += 1;
        }
        self.solution.as_ref().and_then(Hint::first_step)
    }

    /// [`Round::hint`] as the player is told it.
    pub fn advice(&mut self) -> Advice {
        match self.hint() {
            Some(hint) => Advice::Start(hint),
            None if self.has_solution() => Advice::NoStepNeeded(self.target()),
            None => Advice::NoStep(self.target()),
        }
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

    /// Hints taken.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// Wrong answers given (answers that did not parse are not counted).
    pub fn wrong_answers(&self) -> u32 {
        self.wrong_answers
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

    #[test]
    fn hints_and_show_without_a_solution() {
        let mut solver = Solver::new(Rules::game24());
        let mut round = Round::new("1 1 1 1".parse().unwrap(), &mut solver);
        assert!(!round.has_solution());
        assert_eq!(round.hint(), None);
        assert_eq!(round.hints(), 1);
        assert_eq!(round.show(), None);
        assert_eq!(round.outcome(), Some(Outcome::Shown));
    }
}
