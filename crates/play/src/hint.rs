//! Hints: the first step of a solution, so the player still does the rest.

use std::fmt;

use reckon_core::{BigRational, Expr, Rational};

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

/// What a hint tells the player about a round, as every front end words
/// it after `hint:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Start with this step.
    Start(Hint),
    /// A lone card is the target (under rules that allow any subset).
    NoStepNeeded(Rational),
    /// No solution: no first step leads to the target.
    NoStep(Rational),
}

impl Advice {
    /// The step to start with, if there is one.
    pub fn hint(&self) -> Option<&Hint> {
        match self {
            Advice::Start(hint) => Some(hint),
            Advice::NoStepNeeded(_) | Advice::NoStep(_) => None,
        }
    }
}

impl fmt::Display for Advice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Advice::Start(hint) => write!(f, "start with {hint}"),
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
}
