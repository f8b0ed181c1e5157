//! A hand: the multiset of card values a puzzle starts from.

use std::fmt;

use crate::number::{ParseNumberError, Rational};

/// The most cards a hand may hold. The search is exponential in the number of
/// cards; beyond this an unsolvable hand would take hours.
pub const MAX_CARDS: usize = 10;

/// A multiset of card values, kept sorted so that equal hands compare equal.
///
/// ```
/// use reckon_core::Hand;
/// let hand: Hand = "8 3 8 3".parse().unwrap();
/// assert_eq!(hand.to_string(), "3 3 8 8");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hand {
    cards: Vec<Rational>,
}

/// Why a hand was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// No cards at all.
    #[error("the hand is empty")]
    Empty,
    /// More cards than the search supports.
    #[error("{0} cards is more than the {MAX_CARDS} supported")]
    TooManyCards(usize),
    /// A comma with no card on one side of it (`3,,4`): a card left out,
    /// not one fewer card.
    #[error("a comma with no card on one side of it")]
    MissingCard,
    /// A token that is not a number.
    #[error(transparent)]
    Number(#[from] ParseNumberError),
}

impl Hand {
    /// The most cards a hand holds: every engine answers up to this many,
    /// within its memory and search limits.
    pub const MAX_CARDS: usize = MAX_CARDS;

    /// A hand of the given cards, in any order.
    pub fn new(mut cards: Vec<Rational>) -> Result<Hand, HandError> {
        if cards.is_empty() {
            return Err(HandError::Empty);
        }
        if cards.len() > MAX_CARDS {
            return Err(HandError::TooManyCards(cards.len()));
        }
        cards.sort_unstable();
        Ok(Hand { cards })
    }

    /// A hand of whole-number cards.
    pub fn from_integers(cards: &[i64]) -> Result<Hand, HandError> {
        Hand::new(cards.iter().map(|&c| Rational::from_integer(c)).collect())
    }

    /// Parses tokens such as `["3", "7/2", "-1"]`.
    pub fn parse_tokens<'a>(tokens: impl IntoIterator<Item = &'a str>) -> Result<Hand, HandError> {
        let cards = tokens.into_iter().map(str::parse).collect::<Result<Vec<Rational>, _>>()?;
        Hand::new(cards)
    }

    /// The cards in ascending order.
    pub fn cards(&self) -> &[Rational] {
        &self.cards
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Has a card beyond 64-bit parts? Such a hand (as one whose target
    /// is) goes straight to the engines' big rationals: 64-bit arithmetic
    /// would only overflow.
    pub(crate) fn beyond_64_bits(&self) -> bool {
        self.cards.iter().any(|card| card.is_kept())
    }

    /// Always false: a hand has at least one card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

impl std::str::FromStr for Hand {
    type Err = HandError;

    /// Numbers separated by spaces and/or commas; a comma stands between
    /// two cards.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // One pass over the bytes: a batch reads a hand a line, and the
        // line is most of the work of deciding a small hand.
        let mut tokens = Vec::with_capacity(8);
        let mut token_start = None;
        // Is the field since the last comma blank so far; was one blank?
        let (mut field_blank, mut left_out) = (true, false);
        for (at, byte) in s.bytes().enumerate() {
            if matches!(byte, b' ' | b'\t' | b',') {
                if let Some(start) = token_start.take() {
                    tokens.push(&s[start..at]);
                }
                if byte == b',' {
                    left_out |= field_blank;
                    field_blank = true;
                }
            } else {
                token_start.get_or_insert(at);
                field_blank = false;
            }
        }
        if let Some(start) = token_start {
            tokens.push(&s[start..]);
        }
        // A field between commas with no card in it; a line of only commas
        // has no card at all, and is an empty hand.
        if (left_out || field_blank) && !tokens.is_empty() {
            return Err(HandError::MissingCard);
        }
        Hand::parse_tokens(tokens)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written whole, then handed over once: a batch names every hand it
        // answers, and a writer pays for each piece it is handed.
        let mut text = String::with_capacity(3 * self.cards.len());
        for (i, card) in self.cards.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            card.write_to(&mut text)?;
        }
        f.write_str(&text)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_parsed() {
        let hand: Hand = "8, 3,8 3".parse().unwrap();
        assert_eq!(hand.to_string(), "3 3 8 8");
        let hand: Hand = "7/2 -1 0".parse().unwrap();
        assert_eq!(hand.to_string(), "-1 0 7/2");
    }

    #[test]
    fn rejects_bad_hands() {
        assert_eq!("".parse::<Hand>(), Err(HandError::Empty));
        assert_eq!("1 x 3".parse::<Hand>(), Err(HandError::Number(ParseNumberError::Invalid("x".into()))));
        assert_eq!("1 1 1 1 1 1 1 1 1 1 1".parse::<Hand>(), Err(HandError::TooManyCards(11)));
        for left_out in ["3,,4 5 6", "3,4,5,", ",3 4", "3 , ,4"] {
            assert_eq!(left_out.parse::<Hand>(), Err(HandError::MissingCard), "{left_out}");
        }
    }

    proptest::proptest! {
        /// The one-pass reader agrees with reading by splits: spaces, tabs
        /// and commas between tokens, a blank field between commas refused.
        #[test]
        fn reads_as_splitting_does(line in "[0-9 ,\t/.x-]{0,16}") {
            let tokens: Vec<&str> = line.split([' ', ',', '\t']).filter(|t| !t.is_empty()).collect();
            let left_out = line.split(',').any(|field| field.trim_matches([' ', '\t']).is_empty());
            let expected =
                if left_out && !tokens.is_empty() { Err(HandError::MissingCard) } else { Hand::parse_tokens(tokens) };
            proptest::prop_assert_eq!(line.parse::<Hand>(), expected, "{:?}", line);
        }
    }
}
