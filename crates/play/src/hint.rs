//! Hints: a solution given away a little at a time. The first hint is its
//! first step, the second its first two steps, the third the whole of it,
//! so a player who is nearly there still does the rest.

use std::fmt;

use reckon_core::number::BigRational;
use reckon_core::rules::Domain;
use reckon_core::{Expr, Rational};

/// One combination of two cards that a solution starts with.
///
/// `Display` gives `11-8 = 3`, or just `8/3` when the value reads the same.
///
/// ```
/// use reckon_play::Hint;
/// let solution = "8/(3-8/3)".parse().unwrap();
/// assert_eq!(Hint::first_step(&solution).unwrap().to_string(), "8/3");
/// let solution = "(11-8)*(3+5)".parse().unwrap();
/// assert_eq!(Hint::first_step(&solution).unwrap().to_string(), "11-8 = 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    step: Expr,
    value: BigRational,
}

impl Hint {
    /// The leftmost combination of two cards in `solution`: a step that can
    /// be taken first. `None` for a single card, which has no steps, or when
    /// that step divides by zero.
    pub fn first_step(solution: &Expr) -> Option<Hint> {
        let step = leftmost_step(solution)?;
        Some(Hint { value: step.value_big().ok()?, step: step.clone() })
    }

    /// The step, e.g. `11-8`.
    pub fn step(&self) -> &Expr {
        &self.step
    }

    /// Its value, e.g. `3`.
    pub fn value(&self) -> &BigRational {
        &self.value
    }
}

/// The first node, in evaluation order, whose operands are both cards.
fn leftmost_step(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Num(_) => None,
        Expr::Binary(step) => match (&step.left, &step.right) {
            (Expr::Num(_), Expr::Num(_)) => Some(e),
            (l, r) => leftmost_step(l).or_else(|| leftmost_step(r)),
        },
    }
}

/// A solution worked one operation at a time, as hints give it away: the
/// first step as [`Hint`] words it, each later one as [`Expr::steps`] does
/// (`3-8/3 = 1/3`), without the `= value` of a step that reads as its
/// value, as `Hint` leaves it off. `None` for a single card, which has no
/// steps, or an expression that divides by zero.
fn worked_steps(solution: &Expr) -> Option<(Hint, Vec<String>)> {
    let first = Hint::first_step(solution)?;
    let mut steps = solution.steps().ok()?;
    for step in steps.iter_mut().skip(1) {
        if let Some((operation, value)) = step.rsplit_once(" = ")
            && operation == value
        {
            *step = operation.to_owned();
        }
    }
    // Both walks take the leftmost operation on two cards first.
    *steps.first_mut()? = first.to_string();
    Some((first, steps))
}

/// The whole solution, as the hints after the steps give it.
///
/// `Display` gives what `show` prints: `solution: 8/(3-8/3) = 24`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WholeSolution {
    first: Hint,
    steps: Vec<String>,
    written: String,
    target: Rational,
}

impl WholeSolution {
    /// The solution as `show` writes it under the rules' domain, e.g.
    /// `8/(3-8/3)`.
    pub fn written(&self) -> &str {
        &self.written
    }

    /// Every step, first to last, worded as the hints word them.
    pub fn steps(&self) -> &[String] {
        &self.steps
    }
}

impl fmt::Display for WholeSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "solution: {} = {}", self.written, self.target)
    }
}

/// What a hint tells the player about a round, as every front end words
/// it after `hint:`. Each hint of a round gives away more of the same
/// solution; see [`Advice::for_solution`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// The first hint: start with this step.
    Start(Hint),
    /// The second hint: start with this step, then take the next one,
    /// worded with the values it combines, e.g. `3-8/3 = 1/3`.
    Then(Hint, String),
    /// The third hint and any after it: the whole solution.
    Solution(WholeSolution),
    /// A lone card is the target (under rules that allow any subset).
    NoStepNeeded(Rational),
    /// No solution: no first step leads to the target.
    NoStep(Rational),
}

impl Advice {
    /// Hint number `number` (1 for the first; 0 reads as 1) of a round
    /// whose solution is `solution` (`None`: there is none) and whose
    /// target is `target`; the whole solution is written for `domain`, as
    /// `show` writes it.
    ///
    /// ```
    /// use reckon_core::Rational;
    /// use reckon_core::rules::Domain;
    /// use reckon_play::Advice;
    /// let solution = "(11-8)*(3+5)".parse().unwrap();
    /// let hint = |n| Advice::for_solution(Some(&solution), n, Rational::from_integer(24), Domain::Rational).to_string();
    /// assert_eq!(hint(1), "start with 11-8 = 3");
    /// assert_eq!(hint(2), "start with 11-8 = 3, then 3+5 = 8");
    /// assert_eq!(hint(3), "solution: (11-8)*(3+5) = 24");
    /// assert_eq!(hint(4), hint(3));
    /// ```
    pub fn for_solution(solution: Option<&Expr>, number: u32, target: Rational, domain: Domain) -> Advice {
        let Some(solution) = solution else { return Advice::NoStep(target) };
        let Some((first, steps)) = worked_steps(solution) else { return Advice::NoStepNeeded(target) };
        match number {
            0 | 1 => Advice::Start(first),
            // A solution of one step has no second to add.
            2 => match steps.get(1) {
                Some(next) => Advice::Then(first, next.clone()),
                None => Advice::Start(first),
            },
            _ => Advice::Solution(WholeSolution {
                first,
                steps,
                written: solution.in_domain(domain).to_string(),
                target,
            }),
        }
    }

    /// The step to start with, if there is one: the first step of the
    /// solution, whichever hint this is.
    pub fn hint(&self) -> Option<&Hint> {
        match self {
            Advice::Start(hint) | Advice::Then(hint, _) => Some(hint),
            Advice::Solution(whole) => Some(&whole.first),
            Advice::NoStepNeeded(_) | Advice::NoStep(_) => None,
        }
    }

    /// The steps this hint gives away, first to last; none when there is
    /// no step to take.
    pub fn steps(&self) -> Vec<String> {
        match self {
            Advice::Start(hint) => vec![hint.to_string()],
            Advice::Then(hint, next) => vec![hint.to_string(), next.clone()],
            Advice::Solution(whole) => whole.steps.clone(),
            Advice::NoStepNeeded(_) | Advice::NoStep(_) => Vec::new(),
        }
    }

    /// The whole solution, once a hint gives it.
    pub fn solution(&self) -> Option<&WholeSolution> {
        match self {
            Advice::Solution(whole) => Some(whole),
            _ => None,
        }
    }
}

impl fmt::Display for Advice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Advice::Start(hint) => write!(f, "start with {hint}"),
            Advice::Then(hint, next) => write!(f, "start with {hint}, then {next}"),
            Advice::Solution(whole) => write!(f, "{whole}"),
            Advice::NoStepNeeded(target) => write!(f, "no step is needed: a card is {target}"),
            Advice::NoStep(target) => write!(f, "no first step leads to {target}"),
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = self.step.to_string();
        let value = self.value.to_string();
        if step == value { f.write_str(&step) } else { write!(f, "{step} = {value}") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint(solution: &str) -> Option<String> {
        Hint::first_step(&solution.parse().unwrap()).map(|h| h.to_string())
    }

    #[test]
    fn first_steps() {
        assert_eq!(hint("6*4").as_deref(), Some("6*4 = 24"));
        assert_eq!(hint("((1+2)+3)*4").as_deref(), Some("1+2 = 3"));
        assert_eq!(hint("4*(1+2+3)").as_deref(), Some("1+2 = 3"));
        assert_eq!(hint("13-(1-12)").as_deref(), Some("1-12 = -11"));
        assert_eq!(hint("24"), None);
    }

    fn advice(solution: &str, number: u32) -> String {
        let solution: Expr = solution.parse().unwrap();
        Advice::for_solution(Some(&solution), number, Rational::from_integer(24), Domain::Rational).to_string()
    }

    #[test]
    fn each_hint_gives_away_more() {
        assert_eq!(advice("8/(3-8/3)", 0), "start with 8/3");
        assert_eq!(advice("8/(3-8/3)", 1), "start with 8/3");
        assert_eq!(advice("8/(3-8/3)", 2), "start with 8/3, then 3-8/3 = 1/3");
        assert_eq!(advice("8/(3-8/3)", 3), "solution: 8/(3-8/3) = 24");
        assert_eq!(advice("8/(3-8/3)", u32::MAX), "solution: 8/(3-8/3) = 24");
        // The second step combines values, not cards.
        assert_eq!(advice("(4-2)*12", 2), "start with 4-2 = 2, then 2*12 = 24");
        assert_eq!(advice("13*(1-3)+50", 2), "start with 1-3 = -2, then 13*(-2) = -26");
    }

    #[test]
    fn short_solutions_and_none() {
        assert_eq!(advice("6*4", 2), "start with 6*4 = 24");
        assert_eq!(advice("6*4", 3), "solution: 6*4 = 24");
        assert_eq!(advice("24", 3), "no step is needed: a card is 24");
        let target = Rational::from_integer(24);
        assert_eq!(Advice::for_solution(None, 3, target, Domain::Rational).to_string(), "no first step leads to 24");
    }

    #[test]
    fn every_hint_names_the_first_step_and_the_steps_it_gives() {
        let solution: Expr = "8/(3-8/3)".parse().unwrap();
        let target = Rational::from_integer(24);
        let hints: Vec<Advice> =
            (1..=3).map(|n| Advice::for_solution(Some(&solution), n, target, Domain::Rational)).collect();
        for hint in &hints {
            assert_eq!(hint.hint().unwrap().to_string(), "8/3");
        }
        assert_eq!(hints[0].steps(), ["8/3"]);
        assert_eq!(hints[1].steps(), ["8/3", "3-8/3 = 1/3"]);
        assert_eq!(hints[2].steps(), ["8/3", "3-8/3 = 1/3", "8/(1/3) = 24"]);
        assert_eq!(hints[2].solution().unwrap().written(), "8/(3-8/3)");
        assert!(hints[1].solution().is_none());
    }

    /// The whole solution is written as `show` writes it for the domain.
    #[test]
    fn the_whole_solution_is_written_for_the_domain() {
        let solution = Expr::binary(
            reckon_core::rules::Op::Mul,
            Expr::int(3),
            Expr::binary(reckon_core::rules::Op::Mul, Expr::int(-5), Expr::int(-2)),
        );
        let whole = |domain| Advice::for_solution(Some(&solution), 3, Rational::from_integer(30), domain).to_string();
        assert_eq!(whole(Domain::Rational), "solution: 3*(-5)*(-2) = 30");
        assert_eq!(whole(Domain::PositiveInteger), "solution: 3*(-5*(-2)) = 30");
    }
}
