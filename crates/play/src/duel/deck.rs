//! The duel's deck: which cards it holds, shuffled from a seed and split
//! into the two players' piles.

use rand_chacha::ChaCha8Rng;
use reckon_core::{Rational, Rules};

use crate::deal::below;

/// The most cards a duel's deck may hold: enough for any real deck, and
/// few enough that a whole game travels in one web request.
pub const MAX_DECK: usize = 400;

/// The cards each player turns up in a round.
pub const TURNED_UP: usize = 2;

/// The deck a duel is played with, and the target.
///
/// The default is the game as children play it: ace (1) to 10 in four
/// suits, 40 cards, make 24.
///
/// ```
/// use reckon_play::DuelSpec;
/// let spec = DuelSpec::default();
/// assert_eq!((spec.low, spec.high, spec.copies, spec.deck().len()), (1, 10, 4, 40));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelSpec {
    /// The smallest card value.
    pub low: i64,
    /// The largest card value.
    pub high: i64,
    /// How many cards of each value the deck holds (four suits: 4).
    pub copies: u32,
    /// The target and the rules every hand is played under.
    pub rules: Rules,
}

impl Default for DuelSpec {
    fn default() -> Self {
        DuelSpec { low: 1, high: 10, copies: 4, rules: Rules::game24() }
    }
}

/// Why a deck cannot be played with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// `low > high`.
    #[error("the range {low}..{high} is empty")]
    EmptyRange {
        /// The smallest value asked for.
        low: i64,
        /// The largest value asked for.
        high: i64,
    },
    /// No copies of each value.
    #[error("a deck needs at least one card of each value")]
    NoCopies,
    /// Too few cards for each player to turn up two.
    #[error("a duel needs a deck of at least 4 cards, not {0}")]
    TooSmall(u128),
    /// More cards than [`MAX_DECK`].
    #[error("a deck of {0} cards is more than the {MAX_DECK} a duel allows")]
    TooLarge(u128),
    /// Piles and table that are not the spec's deck.
    #[error("the piles and the table are not the deck: {0}")]
    NotTheDeck(String),
}

impl DuelSpec {
    /// Checks that the deck can be played with.
    pub fn check(&self) -> Result<(), DeckError> {
        if self.low > self.high {
            return Err(DeckError::EmptyRange { low: self.low, high: self.high });
        }
        if self.copies == 0 {
            return Err(DeckError::NoCopies);
        }
        let values = (i128::from(self.high) - i128::from(self.low) + 1) as u128;
        let size = values.saturating_mul(u128::from(self.copies));
        if size < (2 * TURNED_UP) as u128 {
            return Err(DeckError::TooSmall(size));
        }
        if size > MAX_DECK as u128 {
            return Err(DeckError::TooLarge(size));
        }
        Ok(())
    }

    /// Every card of the deck, in order of value (call [`DuelSpec::check`]
    /// first: an unchecked spec may describe a deck too large to make).
    pub fn deck(&self) -> Vec<i64> {
        (self.low..=self.high).flat_map(|value| std::iter::repeat_n(value, self.copies as usize)).collect()
    }

    /// The target.
    pub fn target(&self) -> Rational {
        self.rules.target
    }
}

/// The deck shuffled by `rng` (Fisher–Yates, with this crate's own
/// unbiased draw so a seed shuffles alike everywhere) and dealt alternately
/// into two piles, the first card to the player. Both piles hold the same
/// number of cards when the deck's size is even; else the player's holds
/// one more.
pub(crate) fn shuffle_and_split(spec: &DuelSpec, rng: &mut ChaCha8Rng) -> [Vec<i64>; 2] {
    let mut deck = spec.deck();
    for i in (1..deck.len()).rev() {
        let j = below(rng, i as u128 + 1) as usize;
        deck.swap(i, j);
    }
    let mut piles = [Vec::with_capacity(deck.len() / 2 + 1), Vec::with_capacity(deck.len() / 2)];
    for (i, card) in deck.into_iter().enumerate() {
        piles[i % 2].push(card);
    }
    piles
}

/// Checks that `held` (both piles and the table) is exactly `spec`'s deck:
/// no card missing, none added, none twice too often.
pub(crate) fn check_whole_deck(spec: &DuelSpec, mut held: Vec<i64>) -> Result<(), DeckError> {
    let deck = spec.deck();
    held.sort_unstable();
    if held == deck {
        return Ok(());
    }
    if let Some(&stray) = held.iter().find(|&&c| c < spec.low || c > spec.high) {
        return Err(DeckError::NotTheDeck(format!("{stray} is not a card of {}..={}", spec.low, spec.high)));
    }
    for value in spec.low..=spec.high {
        let count = held.iter().filter(|&&c| c == value).count();
        if count != spec.copies as usize {
            return Err(DeckError::NotTheDeck(format!("they hold {count} of {value}, the deck {}", spec.copies)));
        }
    }
    Err(DeckError::NotTheDeck(format!("they hold {} cards, the deck {}", held.len(), deck.len())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::generator;

    #[test]
    fn a_seed_always_shuffles_alike() {
        // Pinned: if this changes, every published duel seed plays otherwise.
        let [player, computer] = shuffle_and_split(&DuelSpec::default(), &mut generator(1));
        assert_eq!((player.len(), computer.len()), (20, 20));
        insta::assert_snapshot!(format!("{player:?}\n{computer:?}"), @r"
        [2, 6, 3, 4, 5, 7, 4, 10, 10, 3, 1, 2, 6, 5, 1, 9, 9, 6, 1, 2]
        [4, 1, 7, 5, 9, 5, 8, 7, 3, 7, 8, 8, 4, 3, 10, 6, 9, 10, 8, 2]
        ");
        let mut all = [player, computer].concat();
        all.sort_unstable();
        assert_eq!(all, DuelSpec::default().deck());
    }

    #[test]
    fn bad_decks_are_refused() {
        let spec = |low, high, copies| DuelSpec { low, high, copies, ..DuelSpec::default() };
        assert_eq!(spec(5, 4, 4).check(), Err(DeckError::EmptyRange { low: 5, high: 4 }));
        assert_eq!(spec(1, 10, 0).check(), Err(DeckError::NoCopies));
        assert_eq!(spec(1, 3, 1).check().unwrap_err().to_string(), "a duel needs a deck of at least 4 cards, not 3");
        assert_eq!(spec(1, 13, 40).check(), Err(DeckError::TooLarge(520)));
        assert!(matches!(spec(i64::MIN, i64::MAX, u32::MAX).check(), Err(DeckError::TooLarge(_))));
        assert_eq!(spec(1, 1, 4).check(), Ok(()));
    }

    #[test]
    fn a_deck_that_is_not_the_spec_is_named() {
        let spec = DuelSpec { high: 2, copies: 2, ..DuelSpec::default() };
        assert_eq!(check_whole_deck(&spec, vec![2, 1, 2, 1]), Ok(()));
        let wrong = |held: Vec<i64>| check_whole_deck(&spec, held).unwrap_err().to_string();
        assert_eq!(wrong(vec![1, 1, 2, 7]), "the piles and the table are not the deck: 7 is not a card of 1..=2");
        assert_eq!(wrong(vec![1, 1, 1, 2]), "the piles and the table are not the deck: they hold 3 of 1, the deck 2");
    }
}
