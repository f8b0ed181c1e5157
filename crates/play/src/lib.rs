//! The 24 game as a library: deal a hand, judge an answer, give a hint,
//! show a solution, keep score; rate a hand's difficulty; and the
//! Countdown numbers game as the show plays it ([`CountdownDealer`],
//! [`CountdownRound`], [`points`]); and the duel against the computer
//! ([`Duel`]).
//!
//! Why a crate of its own: a terminal game, a graphical one and a web page
//! should share every rule of play, so none of them holds game logic. That
//! logic is not engine work, though: dealing needs a random number generator
//! and judging speaks to players in words, and reckon-core stays free of
//! both. So the engine stays small and exact, and this crate sits between it
//! and every front end.
//!
//! A whole round, as a front end would drive it:
//!
//! ```
//! use reckon_play::{DealSpec, Dealer, Outcome, PassResult};
//!
//! // The same seed deals the same hands everywhere.
//! let mut dealer = Dealer::new(DealSpec::default(), 2024).unwrap();
//! let mut round = dealer.next_round().unwrap();
//! println!("make {} from {}", round.target(), round.hand());
//!
//! match round.answer("1+2+3") {
//!     Ok(verdict) if verdict.is_correct() => println!("ok: {verdict}"),
//!     Ok(verdict) => println!("wrong: {verdict}"),
//!     Err(e) => println!("{e} at bytes {:?}", e.span()),
//! }
//! if let Some(hint) = round.hint() {
//!     println!("start with {hint}");
//! }
//! match round.pass() {
//!     PassResult::Correct => println!("right, there is no solution"),
//!     PassResult::Wrong(solution) => println!("wrong, there is one: {solution}"),
//! }
//! assert!(matches!(round.outcome(), Some(Outcome::Passed | Outcome::WrongPass)));
//! ```

mod countdown;
mod deal;
mod difficulty;
mod duel;
mod hint;
mod judge;
mod round;
mod score;
mod solutions;

pub use countdown::{
    Answered, BestAnswer, CountdownDeal, CountdownDealError, CountdownDealer, CountdownOutcome, CountdownRound,
    CountdownScore, Declaration, LARGE, MAX_LARGE, NUMBERS, SMALL, TARGETS, points,
};
pub use deal::{DealError, DealSpec, Dealer, MAX_TRIES, random_seed};
pub use difficulty::{Difficulty, EASY_SOLUTIONS, Facts, ParseDifficultyError, Rater};
pub use duel::{
    DeckError, Duel, DuelAnswer, DuelSpec, MAX_DECK, Message, NoRoundInPlay, Opponent, ParseOpponentError, RoundEnd,
    RoundResult, Side, TURNED_UP, Table,
};
pub use hint::{Advice, Hint, WholeSolution};
pub use judge::{Problem, Verdict, judge};
pub use round::{Outcome, PassResult, Round};
pub use score::{Elapsed, Score};
pub use solutions::{Solutions, SolutionsSummary};
