//! The show's scoring, and the tally of a game of several rounds.

use std::fmt;
use std::time::Duration;

use crate::countdown::round::{CountdownOutcome, CountdownRound};
use crate::score::{plural, write_tally};

/// The points of an answer `distance` away from the target, as the show
/// scores it: 10 exact, 7 within 5, 5 within 10, else none.
///
/// ```
/// use reckon_play::points;
/// assert_eq!([0, 1, 5, 6, 10, 11].map(points), [10, 7, 7, 5, 5, 0]);
/// ```
pub const fn points(distance: u64) -> u32 {
    match distance {
        0 => 10,
        1..=5 => 7,
        6..=10 => 5,
        _ => 0,
    }
}

/// The tally of a Countdown game.
///
/// `Display` gives a one-line summary: `17 of 20 points in 2 rounds (1
/// exact, 1 within 5) in 1m05.0s`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountdownScore {
    /// Rounds finished.
    pub rounds: u32,
    /// Points over all rounds.
    pub points: u32,
    /// Rounds answered exactly.
    pub exact: u32,
    /// Rounds answered 1 to 5 away.
    pub within_5: u32,
    /// Rounds answered 6 to 10 away.
    pub within_10: u32,
    /// Rounds left unfinished (the player quit during them): their points
    /// count, but not as a round.
    pub unfinished: u32,
    /// Answers that broke the rules, over all rounds.
    pub wrong_answers: u32,
    /// Time spent over all rounds.
    pub time: Duration,
}

impl CountdownScore {
    /// Adds a round, finished or not, that took `elapsed`.
    pub fn record(&mut self, round: &CountdownRound, elapsed: Duration) {
        match round.outcome() {
            Some(CountdownOutcome::Exact | CountdownOutcome::Stopped | CountdownOutcome::TimeUp) => self.rounds += 1,
            None => self.unfinished += 1,
        }
        let points = round.points();
        self.points += points;
        match points {
            10 => self.exact += 1,
            7 => self.within_5 += 1,
            5 => self.within_10 += 1,
            _ => {}
        }
        self.wrong_answers += round.wrong_answers();
        self.time += elapsed;
    }

    /// The most points the finished rounds could have scored.
    pub fn most(&self) -> u32 {
        self.rounds * points(0)
    }
}

impl fmt::Display for CountdownScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {} points in {}", self.points, self.most(), plural(self.rounds, "round", "rounds"))?;
        write_tally(
            f,
            &[
                (self.exact, "exact", "exact"),
                (self.within_5, "within 5", "within 5"),
                (self.within_10, "within 10", "within 10"),
                (self.wrong_answers, "wrong answer", "wrong answers"),
            ],
            self.time,
        )
    }
}
