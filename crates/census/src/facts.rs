//! What a census records about one hand.

use std::sync::Arc;

use reckon_core::engine::SharedSets;
use reckon_core::rules::Domain;
use reckon_core::{Expr, Hand, Reach, Rules, Solver, TooManySolutions};
use reckon_play::{Difficulty, Facts, Rater};

/// The facts a census row holds about one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandFacts {
    pub hand: Hand,
    pub solvable: bool,
    /// One solution, when solvable (absent when read back from a shard file).
    pub solution: Option<Expr>,
    /// Solvable, but not with whole-number intermediate results.
    pub needs_fractions: bool,
    /// Solvable, but not without a negative intermediate result.
    pub needs_negatives: bool,
    /// The number of distinct solutions, when counted.
    pub distinct: Option<usize>,
    /// When rated: the hand's difficulty, `None` without a solution (the
    /// rating of reckon-play, the same as `reckon play` deals by).
    pub difficulty: Option<Option<Difficulty>>,
}

/// Counts the distinct solutions of a hand, or says why they would not fit
/// in memory; supplied by the caller, who chooses the level of
/// distinctness. It may keep a memo between hands: each analyser (one per
/// thread) owns its own counter.
pub type Counter = Box<dyn FnMut(&Hand, &Rules) -> Result<usize, TooManySolutions> + Send>;

/// Whether and how an [`Analyser`] counts distinct solutions.
enum Counting {
    Not,
    /// By the caller's counter.
    By(Counter),
    /// At the `4nums` level, from the listing the rating reads.
    ByRating,
}

/// Works out [`HandFacts`] hand after hand, keeping its memos between hands.
///
/// "Needs fractions" and "needs negatives" compare the rules with a
/// narrower domain, so they are only recorded under the rational domain
/// (under any other domain they are `false`).
///
/// ```
/// use reckon_census::Analyser;
/// use reckon_core::Rules;
/// let mut analyser = Analyser::new(Rules::game24());
/// let facts = analyser.analyse(&"3 3 8 8".parse().unwrap()).unwrap();
/// assert!(facts.solvable && facts.needs_fractions && !facts.needs_negatives);
/// ```
pub struct Analyser {
    rules: Rules,
    reach: Reach,
    solver: Solver,
    whole: Reach,
    non_negative: Reach,
    counting: Counting,
    /// With ratings: the rater, kept across hands.
    rater: Option<Rater>,
}

impl std::fmt::Debug for Analyser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyser").field("rules", &self.rules).finish_non_exhaustive()
    }
}

impl Analyser {
    /// An analyser for `rules`, without distinct-solution counts.
    pub fn new(rules: Rules) -> Analyser {
        Analyser {
            rules,
            reach: Reach::new(rules),
            solver: Solver::new(rules),
            whole: Reach::new(Rules { domain: Domain::Integer, ..rules }),
            non_negative: Reach::new(Rules { domain: Domain::NonNegative, ..rules }),
            counting: Counting::Not,
            rater: None,
        }
    }

    /// Shares value sets with the other analysers given the same `shared`
    /// (one per thread of a census), so each set is made once.
    pub fn sharing(mut self, shared: &Arc<SharedSets>) -> Analyser {
        // One store serves all three: sets are kept apart by domain.
        self.reach = Reach::new(self.rules).sharing(shared);
        self.whole = Reach::new(*self.whole.rules()).sharing(shared);
        self.non_negative = Reach::new(*self.non_negative.rules()).sharing(shared);
        self
    }

    /// Also counts the distinct solutions of every solvable hand with `counter`.
    pub fn with_counter(mut self, counter: Counter) -> Analyser {
        self.counting = Counting::By(counter);
        self
    }

    /// Also rates the difficulty of every hand.
    pub fn with_rating(mut self) -> Analyser {
        self.rater = Some(Rater::new(self.rules));
        self
    }

    /// Also rates every hand, and counts its distinct solutions at the
    /// `4nums` level with the same listing the rating reads: one listing
    /// a hand, where [`Analyser::with_counter`] and
    /// [`Analyser::with_rating`] would make two.
    pub fn with_rating_and_count(mut self) -> Analyser {
        self.counting = Counting::ByRating;
        self.with_rating()
    }

    /// The facts about `hand`, or, when counting or rating, why its
    /// distinct solutions would not fit in memory.
    pub fn analyse(&mut self, hand: &Hand) -> Result<HandFacts, TooManySolutions> {
        let solvable = self.reach.decide(hand);
        let rated = match &mut self.rater {
            Some(rater) if solvable => Some(rater.facts(hand)?),
            _ => None,
        };
        let difficulty = self.rater.as_ref().map(|_| rated.as_ref().and_then(Facts::difficulty));
        let distinct = match &mut self.counting {
            Counting::Not => None,
            Counting::By(count) if solvable => Some(count(hand, &self.rules)?),
            Counting::ByRating => Some(rated.as_ref().map_or(0, |facts| facts.distinct)),
            Counting::By(_) => Some(0),
        };
        let solution = if solvable { self.solver.solve_solvable(hand) } else { None };
        debug_assert_eq!(solution.is_some(), solvable, "the search and the value sets agree on {hand}");
        let rational = self.rules.domain == Domain::Rational;
        Ok(HandFacts {
            hand: hand.clone(),
            solvable,
            solution,
            needs_fractions: solvable && rational && !self.whole.decide(hand),
            needs_negatives: solvable && rational && !self.non_negative.decide(hand),
            distinct,
            difficulty,
        })
    }
}
