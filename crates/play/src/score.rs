//! Keeping score over a game of several rounds.

use std::fmt;
use std::time::Duration;

use crate::round::{Outcome, Round};

/// The tally of a game.
///
/// `Display` gives a one-line summary:
///
/// ```
/// use std::time::Duration;
/// use reckon_core::{Rules, Solver};
/// use reckon_play::{Round, Score};
///
/// let mut solver = Solver::new(Rules::game24());
/// let mut score = Score::default();
/// let mut round = Round::new("3 5 8 11".parse().unwrap(), &mut solver);
/// round.answer("(11-8)*(3+5)").unwrap();
/// score.record(&round, Duration::from_millis(12_340));
/// let mut round = Round::new("1 1 1 1".parse().unwrap(), &mut solver);
/// round.show();
/// score.record(&round, Duration::from_secs(75));
/// assert_eq!(score.to_string(), "won 1 of 2 rounds (1 solved, 1 shown) in 1m27.3s");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Rounds finished.
    pub rounds: u32,
    /// Rounds solved.
    pub solved: u32,
    /// Rounds rightly passed as unsolvable.
    pub passed: u32,
    /// Rounds wrongly passed.
    pub wrong_passes: u32,
    /// Rounds given up with `show`.
    pub shown: u32,
    /// Rounds left unfinished (the player quit during them); they count
    /// neither as won nor as lost, but their hints, wrong answers and time do.
    pub unfinished: u32,
    /// Hints taken over all rounds.
    pub hints: u32,
    /// Wrong answers over all rounds.
    pub wrong_answers: u32,
    /// Time spent over all rounds.
    pub time: Duration,
}

impl Score {
    /// Adds a round, finished or not, that took `elapsed`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use reckon_core::{Rules, Solver};
    /// use reckon_play::{Round, Score};
    ///
    /// let mut solver = Solver::new(Rules::game24());
    /// let mut score = Score::default();
    /// let mut round = Round::new("3 3 8 8".parse().unwrap(), &mut solver);
    /// round.answer("3*8").unwrap();
    /// round.hint();
    /// score.record(&round, Duration::from_secs(30)); // the player quit here
    /// assert_eq!((score.rounds, score.unfinished), (0, 1));
    /// assert_eq!(score.to_string(), "won 0 of 0 rounds (1 hint, 1 wrong answer) in 30.0s");
    /// ```
    pub fn record(&mut self, round: &Round, elapsed: Duration) {
        self.rounds += u32::from(round.outcome().is_some());
        match round.outcome() {
            Some(Outcome::Solved) => self.solved += 1,
            Some(Outcome::Passed) => self.passed += 1,
            Some(Outcome::WrongPass) => self.wrong_passes += 1,
            Some(Outcome::Shown) => self.shown += 1,
            None => self.unfinished += 1,
        }
        self.hints += round.hints();
        self.wrong_answers += round.wrong_answers();
        self.time += elapsed;
    }

    /// Rounds won: solved or rightly passed.
    pub fn won(&self) -> u32 {
        self.solved + self.passed
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "won {} of {}", self.won(), plural(self.rounds, "round", "rounds"))?;
        write_tally(
            f,
            &[
                (self.solved, "solved", "solved"),
                (self.passed, "right pass", "right passes"),
                (self.wrong_passes, "wrong pass", "wrong passes"),
                (self.shown, "shown", "shown"),
                (self.hints, "hint", "hints"),
                (self.wrong_answers, "wrong answer", "wrong answers"),
            ],
            self.time,
        )
    }
}

/// `n` and the noun of its number.
pub(crate) fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The counts of a score that are not zero, in brackets, then its time:
/// ` (3 solved, 1 hint) in 2m 10s`.
pub(crate) fn write_tally(f: &mut fmt::Formatter<'_>, counts: &[(u32, &str, &str)], time: Duration) -> fmt::Result {
    let parts: Vec<String> =
        counts.iter().filter(|&&(n, _, _)| n > 0).map(|&(n, one, many)| plural(n, one, many)).collect();
    if !parts.is_empty() {
        write!(f, " ({})", parts.join(", "))?;
    }
    write!(f, " in {}", Elapsed(time))
}

/// A duration as players read it: `4.2s`, `1m05.0s`, to a tenth of a second
/// (rounded down), in whole-number arithmetic.
///
/// ```
/// use std::time::Duration;
/// use reckon_play::Elapsed;
/// assert_eq!(Elapsed(Duration::from_millis(4_250)).to_string(), "4.2s");
/// assert_eq!(Elapsed(Duration::from_millis(65_000)).to_string(), "1m05.0s");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elapsed(pub Duration);

impl fmt::Display for Elapsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = self.0.as_millis() / 100;
        let (minutes, tenths) = (tenths / 600, tenths % 600);
        let (seconds, tenth) = (tenths / 10, tenths % 10);
        if minutes > 0 { write!(f, "{minutes}m{seconds:02}.{tenth}s") } else { write!(f, "{seconds}.{tenth}s") }
    }
}
