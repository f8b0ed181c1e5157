//! The computer opponent: how long it thinks about a hand before it
//! answers.
//!
//! A person finds a plain sum at once and a solution through a fraction
//! late or never; the computer plays like one. Its time is drawn, for each
//! round, from a span that depends on the hand's [`Difficulty`] (a hand
//! without a solution takes as long as a hard one: seeing that there is
//! none is the hard part) and on the [`Opponent`]; an expert is quick on
//! everything. The draw comes from the duel's seed and the round's number,
//! so a seed fixes every thinking time as it fixes the deal.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand_chacha::ChaCha8Rng;

use crate::deal::below;
use crate::difficulty::Difficulty;

/// How strong the computer is: its thinking time on each hand is drawn
/// from [`Opponent::span_ms`] for the hand's difficulty (a hand without a
/// solution takes as long as a hard one), by the duel's seed and the
/// round's number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// Slow, and much slower on hard hands: a child's game.
    Easy,
    /// About as quick as a practised player.
    #[default]
    Normal,
    /// Quick on every hand.
    Expert,
}

impl Opponent {
    /// Every level, weakest first.
    pub const ALL: [Opponent; 3] = [Opponent::Easy, Opponent::Normal, Opponent::Expert];

    /// The level's name, as the command line and the API write it.
    pub const fn name(self) -> &'static str {
        match self {
            Opponent::Easy => "easy",
            Opponent::Normal => "normal",
            Opponent::Expert => "expert",
        }
    }

    /// The shortest and longest time, in milliseconds, this level takes
    /// on a hand of `difficulty` (`None`: a hand without a solution).
    pub const fn span_ms(self, difficulty: Option<Difficulty>) -> (u64, u64) {
        match (self, difficulty) {
            (Opponent::Easy, Some(Difficulty::Easy)) => (8_000, 14_000),
            (Opponent::Easy, Some(Difficulty::Medium)) => (16_000, 26_000),
            (Opponent::Easy, Some(Difficulty::Hard) | None) => (35_000, 55_000),
            (Opponent::Normal, Some(Difficulty::Easy)) => (4_000, 7_000),
            (Opponent::Normal, Some(Difficulty::Medium)) => (8_000, 13_000),
            (Opponent::Normal, Some(Difficulty::Hard) | None) => (16_000, 26_000),
            (Opponent::Expert, Some(Difficulty::Easy)) => (1_000, 2_000),
            (Opponent::Expert, Some(Difficulty::Medium)) => (1_500, 3_000),
            (Opponent::Expert, Some(Difficulty::Hard) | None) => (2_500, 4_500),
        }
    }

    /// A thinking time for a hand of `difficulty`, drawn by `rng` from
    /// [`Opponent::span_ms`], to the whole millisecond.
    pub(crate) fn thinking_time(self, difficulty: Option<Difficulty>, rng: &mut ChaCha8Rng) -> Duration {
        let (shortest, longest) = self.span_ms(difficulty);
        let ms = shortest + below(rng, u128::from(longest - shortest + 1)) as u64;
        Duration::from_millis(ms)
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not `easy`, `normal` or `expert`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no opponent `{0}`: expected easy, normal or expert")]
pub struct ParseOpponentError(String);

impl FromStr for Opponent {
    type Err = ParseOpponentError;

    fn from_str(s: &str) -> Result<Opponent, ParseOpponentError> {
        Opponent::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| ParseOpponentError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::generator;

    #[test]
    fn harder_hands_and_weaker_levels_take_longer() {
        let bands = [Some(Difficulty::Easy), Some(Difficulty::Medium), Some(Difficulty::Hard)];
        for level in Opponent::ALL {
            for pair in bands.windows(2) {
                assert!(level.span_ms(pair[0]).1 <= level.span_ms(pair[1]).1, "{level}");
            }
        }
        for band in bands {
            assert!(Opponent::Expert.span_ms(band).1 < Opponent::Normal.span_ms(band).0);
            assert!(Opponent::Normal.span_ms(band).1 < Opponent::Easy.span_ms(band).0);
        }
        let mut rng = generator(3);
        for _ in 0..100 {
            let time = Opponent::Normal.thinking_time(Some(Difficulty::Medium), &mut rng);
            assert!((8_000..=13_000).contains(&time.as_millis()));
        }
    }

    #[test]
    fn names_read_back() {
        for level in Opponent::ALL {
            assert_eq!(level.name().parse(), Ok(level));
        }
        assert_eq!(
            "hard".parse::<Opponent>().unwrap_err().to_string(),
            "no opponent `hard`: expected easy, normal or expert"
        );
    }
}
