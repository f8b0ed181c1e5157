//! How hard a hand is, rated from what the engine knows about it.
//!
//! The rating reads four facts of a hand under its rules ([`Facts`]):
//!
//! - `distinct`: how many distinct solutions it has, at the `4nums` level
//!   of reckon-canonical (what players call different solutions);
//! - `needs_fraction`: every solution passes through a fraction;
//! - `needs_negative`: every solution passes through a negative value;
//! - the easiest solution, the one with the fewest operations and then the
//!   fewest `levels`: how often, from the top of its tree down, a sum gives
//!   way to a product or a product to a sum (`1*2*3*4` has one level,
//!   `(11-8)*(3+5)` two, `8/(3-8/3)` three).
//!
//! The rule, the same in every front end ([`Difficulty::rate`]):
//!
//! - **hard**: every solution needs a fraction or a negative value, or
//!   even the easiest solution is three or more levels deep;
//! - **easy**: the easiest solution is one level deep (a plain sum or
//!   product), or two deep and the hand has at least [`EASY_SOLUTIONS`]
//!   distinct solutions;
//! - **medium**: every other hand with a solution.
//!
//! How long the easiest solution is enters through the choice of it: the
//! fewest operations first, which matters where the rules let a solution
//! use some of the cards (Countdown).
//!
//! A hand without a solution has no rating: its difficulty is seeing that.
//! docs/difficulty.md gives the reasons and the share of each band.

use std::fmt;
use std::str::FromStr;

use reckon_canonical::{DistinctSolver, Level};
use reckon_core::rules::Domain;
use reckon_core::{Expr, Hand, Reach, Rules, TooManySolutions};

/// The fewest distinct solutions of an easy hand.
pub const EASY_SOLUTIONS: usize = 3;

/// How hard a hand is, by the rule of docs/difficulty.md ([`Difficulty::rate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// A plain sum or product, or several ways in and a shallow one.
    Easy,
    /// Neither easy nor hard.
    Medium,
    /// Only through fractions or negative values, or deep at best.
    Hard,
}

impl Difficulty {
    /// Every band, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The band's name, as the command line and the API write it.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The band of a hand with these facts, or `None` when it has no
    /// solution.
    ///
    /// ```
    /// use reckon_core::Rules;
    /// use reckon_play::{Difficulty, Facts};
    /// let rate = |cards: &str| Facts::of(&cards.parse().unwrap(), &Rules::game24()).unwrap().difficulty();
    /// assert_eq!(rate("1 2 3 4"), Some(Difficulty::Easy));
    /// assert_eq!(rate("3 3 8 8"), Some(Difficulty::Hard));
    /// assert_eq!(rate("1 1 1 1"), None);
    /// ```
    pub fn rate(facts: &Facts) -> Option<Difficulty> {
        if facts.distinct == 0 {
            None
        } else if facts.needs_fraction || facts.needs_negative || facts.levels >= 3 {
            Some(Difficulty::Hard)
        } else if facts.levels <= 1 || facts.distinct >= EASY_SOLUTIONS {
            Some(Difficulty::Easy)
        } else {
            Some(Difficulty::Medium)
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not `easy`, `medium` or `hard`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no difficulty `{0}`: expected easy, medium or hard")]
pub struct ParseDifficultyError(String);

impl FromStr for Difficulty {
    type Err = ParseDifficultyError;

    fn from_str(s: &str) -> Result<Difficulty, ParseDifficultyError> {
        Difficulty::ALL.into_iter().find(|d| d.name() == s).ok_or_else(|| ParseDifficultyError(s.to_owned()))
    }
}

/// What the rating of a hand reads ([`Difficulty::rate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Distinct solutions at the `4nums` level.
    pub distinct: usize,
    /// Every solution passes through a fraction (never under rules that
    /// allow only whole numbers).
    pub needs_fraction: bool,
    /// Every solution passes through a negative value (never under rules
    /// that allow only positive numbers).
    pub needs_negative: bool,
    /// The easiest solution: the fewest operations, then the fewest levels,
    /// then first as reckon-canonical lists them.
    pub easiest: Option<Expr>,
    /// Operations of the easiest solution.
    pub steps: usize,
    /// Levels of the easiest solution: the sums and products on the
    /// longest way from its top to a card, a run of one kind counting once.
    pub levels: usize,
}

impl Facts {
    /// The facts of `hand` under `rules`, or why its solutions would not
    /// fit in memory. [`Rater`] keeps its memos for the next hand.
    pub fn of(hand: &Hand, rules: &Rules) -> Result<Facts, TooManySolutions> {
        Rater::new(*rules).facts(hand)
    }

    /// The hand's band; see [`Difficulty::rate`].
    pub fn difficulty(&self) -> Option<Difficulty> {
        Difficulty::rate(self)
    }
}

/// Rates hand after hand under one set of rules, keeping what it works
/// out for the next: the `4nums` listing's memo and the value sets that
/// tell whether a hand needs fractions or negative values.
///
/// ```
/// use reckon_core::Rules;
/// use reckon_play::{Difficulty, Rater};
/// let mut rater = Rater::new(Rules::game24());
/// let facts = rater.facts(&"3 3 8 8".parse().unwrap()).unwrap();
/// assert_eq!((facts.distinct, facts.needs_fraction), (1, true));
/// assert_eq!(facts.difficulty(), Some(Difficulty::Hard));
/// ```
#[derive(Debug)]
pub struct Rater {
    solver: DistinctSolver,
    /// The rules narrowed to whole numbers, when they allow fractions.
    whole: Option<Reach>,
    /// The rules narrowed to values of no sign, when they allow negatives.
    non_negative: Option<Reach>,
}

impl Rater {
    /// A rater for `rules`.
    pub fn new(rules: Rules) -> Rater {
        let narrowed = |domain: Option<Domain>| domain.map(|domain| Reach::new(Rules { domain, ..rules }));
        Rater {
            solver: DistinctSolver::new(rules, Level::FourNums),
            whole: narrowed(whole_part(rules.domain)),
            non_negative: narrowed(non_negative_part(rules.domain)),
        }
    }

    /// The rules hands are rated under.
    pub fn rules(&self) -> &Rules {
        self.solver.rules()
    }

    /// The facts of `hand`, or why its solutions would not fit in memory.
    pub fn facts(&mut self, hand: &Hand) -> Result<Facts, TooManySolutions> {
        let solutions = self.solver.try_solve(hand)?;
        Ok(self.facts_of_listed(hand, &solutions))
    }

    /// The facts of `hand` whose distinct solutions at the `4nums` level,
    /// as reckon-canonical lists them under the rater's rules, are
    /// `solutions`: for a caller that listed them already.
    pub fn facts_of_listed(&mut self, hand: &Hand, solutions: &[Expr]) -> Facts {
        let easiest = solutions.iter().min_by_key(|e| (e.len(), levels(e))).cloned();
        let solvable = easiest.is_some();
        let needs = |narrowed: &mut Option<Reach>| solvable && narrowed.as_mut().is_some_and(|r| !r.decide(hand));
        Facts {
            distinct: solutions.len(),
            needs_fraction: needs(&mut self.whole),
            needs_negative: needs(&mut self.non_negative),
            steps: easiest.as_ref().map_or(0, |e| e.len() - 1),
            levels: easiest.as_ref().map_or(0, levels),
            easiest,
        }
    }
}

/// The whole-number part of `domain`, or `None` when it holds no fraction.
fn whole_part(domain: Domain) -> Option<Domain> {
    match domain {
        Domain::Rational => Some(Domain::Integer),
        Domain::NonNegative => Some(Domain::PositiveInteger),
        Domain::Integer | Domain::PositiveInteger => None,
    }
}

/// The part of `domain` without negative values, as near as a [`Domain`]
/// comes (of the whole numbers, the positive ones), or `None` when it holds
/// no negative value.
pub(crate) fn non_negative_part(domain: Domain) -> Option<Domain> {
    match domain {
        Domain::Rational => Some(Domain::NonNegative),
        Domain::Integer => Some(Domain::PositiveInteger),
        Domain::NonNegative | Domain::PositiveInteger => None,
    }
}

/// The levels of `expr`: a card has none, and an operation one more than
/// its deepest operand, unless that operand is of its own kind (both sums
/// and differences, or both products and quotients).
fn levels(expr: &Expr) -> usize {
    fn below(expr: &Expr, additive: bool) -> usize {
        match expr {
            Expr::Num(_) => 0,
            Expr::Binary(step) => {
                let own = step.op.is_additive();
                let deeper = below(&step.left, own).max(below(&step.right, own));
                deeper + usize::from(own != additive)
            }
        }
    }
    match expr {
        Expr::Num(_) => 0,
        Expr::Binary(step) => {
            let own = step.op.is_additive();
            1 + below(&step.left, own).max(below(&step.right, own))
        }
    }
}

#[cfg(test)]
mod tests {
    use reckon_core::Rational;

    use super::*;

    fn facts(cards: &str, rules: &Rules) -> String {
        let facts = Facts::of(&cards.parse().unwrap(), rules).unwrap();
        let easiest = facts.easiest.as_ref().map(|e| e.in_domain(rules.domain).to_string());
        format!(
            "{cards}: {:?}; {} distinct, fraction {}, negative {}, easiest {easiest:?} ({} steps, {} levels)",
            facts.difficulty(),
            facts.distinct,
            facts.needs_fraction,
            facts.needs_negative,
            facts.steps,
            facts.levels
        )
    }

    /// One fixed hand in each band, with the facts that put it there.
    #[test]
    fn a_hand_in_each_band() {
        let rated: Vec<String> = ["1 2 3 4", "2 2 2 3", "1 1 5 5", "1 2 7 7", "3 3 8 8", "1 1 1 1"]
            .iter()
            .map(|h| facts(h, &Rules::game24()))
            .collect();
        insta::assert_snapshot!(rated.join("\n"), @r#"
        1 2 3 4: Some(Easy); 3 distinct, fraction false, negative false, easiest Some("4*3*2*1") (3 steps, 1 levels)
        2 2 2 3: Some(Easy); 2 distinct, fraction false, negative false, easiest Some("3*2*2*2") (3 steps, 1 levels)
        1 1 5 5: Some(Medium); 2 distinct, fraction false, negative false, easiest Some("5*5*1-1") (3 steps, 2 levels)
        1 2 7 7: Some(Hard); 1 distinct, fraction false, negative false, easiest Some("(7*7-1)/2") (3 steps, 3 levels)
        3 3 8 8: Some(Hard); 1 distinct, fraction true, negative false, easiest Some("8/(3-8/3)") (3 steps, 3 levels)
        1 1 1 1: None; 0 distinct, fraction false, negative false, easiest None (0 steps, 0 levels)
        "#);
    }

    #[test]
    fn negative_values_and_countdown() {
        let ten = Rules::with_target(Rational::from_integer(10));
        let countdown = Rules::countdown(Rational::from_integer(765));
        let rated = [facts("-13 1 3 5", &Rules::game24()), facts("3 6 7", &ten), facts("1 3 7 10 25 50", &countdown)];
        insta::assert_snapshot!(rated.join("\n"), @r#"
        -13 1 3 5: Some(Hard); 1 distinct, fraction false, negative true, easiest Some("(3-5)*(1+(-13))") (3 steps, 2 levels)
        3 6 7: Some(Easy); 1 distinct, fraction false, negative false, easiest Some("7+6-3") (2 steps, 1 levels)
        1 3 7 10 25 50: Some(Easy); 13 distinct, fraction false, negative false, easiest Some("(50+1)*(25-10)") (3 steps, 2 levels)
        "#);
    }

    #[test]
    fn levels_count_changes_of_kind() {
        let levels_of = |text: &str| levels(&text.parse().unwrap());
        assert_eq!(levels_of("7"), 0);
        assert_eq!(levels_of("1*2*3*4"), 1);
        assert_eq!(levels_of("1+2-3+4"), 1);
        assert_eq!(levels_of("(11-8)*(3+5)"), 2);
        assert_eq!(levels_of("8/(3-8/3)"), 3);
        assert_eq!(levels_of("(1+2)*3+4"), 3);
    }

    #[test]
    fn names_read_back() {
        for band in Difficulty::ALL {
            assert_eq!(band.name().parse(), Ok(band));
        }
        assert_eq!(
            "tricky".parse::<Difficulty>().unwrap_err().to_string(),
            "no difficulty `tricky`: expected easy, medium or hard"
        );
    }
}
