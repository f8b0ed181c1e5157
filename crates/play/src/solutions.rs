//! Every distinct solution of a hand, for when a round is over: how many
//! there are, which of them the player found, and the list.

use std::fmt;

use reckon_canonical::{DistinctSolver, Key, Level, key};
use reckon_core::{Expr, Hand, Rational, Rules, TooManySolutions};

/// The distinct solutions of a hand at the `4nums` level, simplest first,
/// as `reckon --all` lists them.
///
/// ```
/// use reckon_core::Rules;
/// use reckon_play::Solutions;
/// let hand = "1 1 5 5".parse().unwrap();
/// let solutions = Solutions::of(&hand, &Rules::game24()).unwrap();
/// let found = "(5-1)*(1+5)".parse().unwrap();
/// assert_eq!(solutions.summary(Some(&found)).to_string(), "1 of 2 distinct solutions");
/// assert_eq!(solutions.summary(None).to_string(), "2 distinct solutions");
/// assert_eq!(solutions.lines(), ["5*5*1-1 = 24", "(5+1)*(5-1) = 24"]);
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    listed: Vec<Expr>,
    keys: Vec<Key>,
    rules: Rules,
}

impl Solutions {
    /// The distinct solutions of `hand` under `rules`, or why they would
    /// not fit in memory.
    pub fn of(hand: &Hand, rules: &Rules) -> Result<Solutions, TooManySolutions> {
        Solutions::with_solver(hand, &mut DistinctSolver::new(*rules, Level::FourNums))
    }

    /// The same, with a solver kept across hands (at the `4nums` level).
    pub fn with_solver(hand: &Hand, solver: &mut DistinctSolver) -> Result<Solutions, TooManySolutions> {
        let listed = solver.try_solve(hand)?;
        let keys = listed.iter().map(|e| key(Level::FourNums, e)).collect();
        Ok(Solutions { listed, keys, rules: *solver.rules() })
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.listed.len()
    }

    /// None at all?
    pub fn is_empty(&self) -> bool {
        self.listed.is_empty()
    }

    /// The solutions, simplest first.
    pub fn listed(&self) -> &[Expr] {
        &self.listed
    }

    /// The target they make.
    pub fn target(&self) -> Rational {
        self.rules.target
    }

    /// Which of them (counting from 0) `answer` is the same solution as.
    pub fn position(&self, answer: &Expr) -> Option<usize> {
        let wanted = key(Level::FourNums, answer);
        self.keys.iter().position(|k| *k == wanted)
    }

    /// Each solution as `show` writes it, with `= target`.
    pub fn lines(&self) -> Vec<String> {
        let target = self.rules.target;
        self.listed.iter().map(|e| format!("{} = {target}", Level::FourNums.written(e, self.rules.domain))).collect()
    }

    /// How many there are, and whether `answer` (the player's correct
    /// answer, if any) is one of them.
    pub fn summary(&self, answer: Option<&Expr>) -> SolutionsSummary {
        SolutionsSummary { count: self.len(), found: answer.is_some_and(|a| self.position(a).is_some()) }
    }
}

/// `1 of 3 distinct solutions`, `3 distinct solutions`, `the only
/// distinct solution`, `no solution`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionsSummary {
    /// Distinct solutions.
    pub count: usize,
    /// Did the player find one of them?
    pub found: bool,
}

impl fmt::Display for SolutionsSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.count == 1 { "" } else { "s" };
        match (self.count, self.found) {
            (0, _) => f.write_str("no solution"),
            (1, true) => f.write_str("the only distinct solution"),
            (n, true) => write!(f, "1 of {n} distinct solutions"),
            (n, false) => write!(f, "{n} distinct solution{plural}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries() {
        let solutions = |cards: &str| Solutions::of(&cards.parse().unwrap(), &Rules::game24()).unwrap();
        let answer = |text: &str| text.parse::<Expr>().unwrap();
        let three = solutions("3 3 8 8");
        assert_eq!(three.summary(Some(&answer("8/(3-8/3)"))).to_string(), "the only distinct solution");
        assert_eq!(three.summary(None).to_string(), "1 distinct solution");
        assert_eq!(solutions("1 1 1 1").summary(None).to_string(), "no solution");
        // The same solution written another way is found.
        let hand = solutions("2 4 8 10");
        assert_eq!(hand.len(), 11);
        let written = hand.position(&answer("(10-4)*8/2")).unwrap();
        assert_eq!(hand.position(&answer("8 ÷ 2 × (10 − 4)")), Some(written));
        assert_eq!(hand.position(&answer("(10-4)*8/2+0")), None, "not a solution of this hand");
        let first = hand.listed()[0].clone();
        assert_eq!(hand.position(&first), Some(0));
    }
}
