//! How a finished round of the duel is told to the player, the same in
//! every front end: a headline (`ok`, `wrong`, `computer, after 5.3s`)
//! and an account of the round.

use std::fmt;

use reckon_core::{Expr, Hand, Rules};

use super::{RoundEnd, RoundResult};
use crate::score::Elapsed;

impl RoundEnd {
    /// The four cards as a hand.
    pub fn hand(&self) -> Hand {
        Hand::from_integers(&self.cards).expect("four cards make a hand")
    }

    /// The first word or words of the round's message: `ok`, `right`,
    /// `wrong`, or `computer, after 5.3s` when the computer's time ran out.
    pub fn headline(&self) -> String {
        match self.result {
            RoundResult::Solved(_) => "ok".to_owned(),
            RoundResult::RightPass => "right".to_owned(),
            RoundResult::WrongPass(_) => "wrong".to_owned(),
            RoundResult::ComputerSolved(_) | RoundResult::NoSolution => {
                format!("computer, after {}", Elapsed(self.thinking_time))
            }
        }
    }

    /// Was the round good for the player (won, or rightly passed)?
    pub fn went_well(&self) -> bool {
        matches!(self.result, RoundResult::Solved(_) | RoundResult::RightPass)
    }

    /// The rest of the message, under `rules`: the solution said and who
    /// takes the cards, e.g. `4*3+7+5 = 24, and takes 3 4 5 7`.
    pub fn account(&self, rules: &Rules) -> String {
        let target = rules.target;
        let hand = self.hand();
        let shown = |solution: &Expr| format!("{} = {target}", solution.in_domain(rules.domain));
        match &self.result {
            RoundResult::Solved(answer) => format!("{}: you take {hand}", shown(answer)),
            RoundResult::RightPass | RoundResult::NoSolution => format!("{hand} cannot make {target}: a draw"),
            RoundResult::WrongPass(solution) => format!("the computer shows {}, and takes {hand}", shown(solution)),
            RoundResult::ComputerSolved(solution) => format!("{}, and takes {hand}", shown(solution)),
        }
    }

    /// The whole message: `headline: account`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use reckon_core::Rules;
    /// use reckon_play::{RoundEnd, RoundResult};
    ///
    /// let end = RoundEnd {
    ///     number: 2,
    ///     cards: [3, 4, 7, 5],
    ///     result: RoundResult::ComputerSolved("4*3+7+5".parse().unwrap()),
    ///     thinking_time: Duration::from_millis(5_300),
    /// };
    /// assert_eq!(end.message(&Rules::game24()).to_string(), "computer, after 5.3s: 4*3+7+5 = 24, and takes 3 4 5 7");
    /// ```
    pub fn message<'a>(&'a self, rules: &'a Rules) -> Message<'a> {
        Message { end: self, rules }
    }
}

/// A round's whole message; see [`RoundEnd::message`].
#[derive(Clone, Copy, Debug)]
pub struct Message<'a> {
    end: &'a RoundEnd,
    rules: &'a Rules,
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.end.headline(), self.end.account(self.rules))
    }
}
