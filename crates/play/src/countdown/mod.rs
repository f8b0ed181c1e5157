//! The Countdown numbers game as the show plays it: the player picks how
//! many large numbers to take, six numbers and a target from 100 to 999
//! are dealt, and an answer scores by how near it comes.
//!
//! - [`CountdownDealer`] deals [`CountdownDeal`]s from a seed, as the
//!   classic [`Dealer`](crate::Dealer) deals hands: the same seed and
//!   choices deal the same games on every machine;
//! - [`CountdownRound`] judges answers (any of the numbers, each at most
//!   once, every step a positive whole number), keeps the best one, and
//!   knows the best answer the numbers allow;
//! - [`points`] is the show's scoring and [`CountdownScore`] the tally.
//!
//! ```
//! use std::time::Duration;
//! use reckon_play::{Answered, CountdownDealer, CountdownRound};
//!
//! let mut dealer = CountdownDealer::new(2024);
//! let deal = dealer.deal(2).unwrap();
//! let mut round = CountdownRound::new(deal, None).unwrap();
//! if let Answered::Declared(declaration) = round.answer("25+50", Duration::ZERO) {
//!     println!("{declaration}: {} points", declaration.points());
//! }
//! println!("{}", round.best());
//! ```

mod deal;
mod round;
mod score;

pub use deal::{CountdownDeal, CountdownDealError, CountdownDealer, LARGE, MAX_LARGE, NUMBERS, SMALL, TARGETS};
pub use round::{Answered, BestAnswer, CountdownOutcome, CountdownRound, Declaration};
pub use score::{CountdownScore, points};
