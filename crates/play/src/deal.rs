//! Dealing hands: reproducibly from a seed, like drawing from a deck.

use std::collections::HashMap;
use std::fmt;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use reckon_core::{Hand, Rational, Rules, Solver, TooManyStates};

use crate::difficulty::{Difficulty, Rater};
use crate::round::Round;

/// How many hands [`Dealer::deal`] tries before giving up on
/// [`DealSpec::solvable_only`] or [`DealSpec::difficulty`]. About four in
/// five classic hands are solvable, and one in eight is hard; a spec that
/// misses this many times almost surely has no such hand at all.
pub const MAX_TRIES: u32 = 10_000;

/// What kind of hands to deal.
///
/// The default is the classic game: four cards from a deck of 1 to 13 in
/// four suits, make 24.
///
/// ```
/// use reckon_play::DealSpec;
/// let spec = DealSpec { cards: 5, solvable_only: true, ..DealSpec::default() };
/// assert_eq!((spec.low, spec.high, spec.max_copies), (1, 13, Some(4)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealSpec {
    /// Cards per hand.
    pub cards: usize,
    /// The smallest card value.
    pub low: i64,
    /// The largest card value.
    pub high: i64,
    /// How many cards of each value the deck holds (`Some(4)`: four suits),
    /// or `None` for an endless supply, each card drawn independently.
    pub max_copies: Option<u32>,
    /// Deal only hands that can make the target.
    pub solvable_only: bool,
    /// Deal only hands of this difficulty (which have a solution, so this
    /// implies `solvable_only`).
    pub difficulty: Option<Difficulty>,
    /// The target and the rules every round is played under.
    pub rules: Rules,
}

impl Default for DealSpec {
    fn default() -> Self {
        DealSpec {
            cards: 4,
            low: 1,
            high: 13,
            max_copies: Some(4),
            solvable_only: false,
            difficulty: None,
            rules: Rules::game24(),
        }
    }
}

/// Why no hand could be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A hand needs at least one card.
    #[error("a hand needs at least one card")]
    NoCards,
    /// More cards than the solver supports.
    #[error("{0} cards is more than the {max} supported", max = Hand::MAX_CARDS)]
    TooManyCards(usize),
    /// `low > high`.
    #[error("the range {low}..{high} is empty")]
    EmptyRange {
        /// The smallest value asked for.
        low: i64,
        /// The largest value asked for.
        high: i64,
    },
    /// The deck has fewer cards than one hand needs.
    #[error("a deck of {deck} cards cannot deal {cards}")]
    DeckTooSmall {
        /// Cards in the deck.
        deck: u128,
        /// Cards a hand needs.
        cards: usize,
    },
    /// The engine gave up on a hand: nine or ten cards whose target may be
    /// out of reach.
    #[error("{0}")]
    GaveUp(TooManyStates),
    /// [`DealSpec::solvable_only`] and no solvable hand turned up.
    #[error("no hand that makes {target} turned up in {MAX_TRIES} deals")]
    NoSolvableHand {
        /// The target no hand made.
        target: Rational,
    },
    /// [`DealSpec::difficulty`] and no hand of it turned up.
    #[error("no {difficulty} hand that makes {target} turned up in {MAX_TRIES} deals")]
    NoHandOfDifficulty {
        /// The difficulty asked for.
        difficulty: Difficulty,
        /// The target.
        target: Rational,
    },
}

/// A reproducible source of hands.
///
/// The same spec and seed deal the same hands, in the same order, on every
/// platform and in every version: the generator is ChaCha8 seeded with the
/// seed's little-endian bytes, and the draw from the deck is this crate's own
/// code, not a library routine whose algorithm may change.
///
/// ```
/// use reckon_play::{DealSpec, Dealer};
/// let mut a = Dealer::new(DealSpec::default(), 7).unwrap();
/// let mut b = Dealer::new(DealSpec::default(), 7).unwrap();
/// let hand = a.deal().unwrap();
/// assert_eq!(hand, b.deal().unwrap());
/// assert_eq!(hand.len(), 4);
/// ```
pub struct Dealer {
    spec: DealSpec,
    rng: ChaCha8Rng,
    solver: Solver,
    /// Rates hands for [`DealSpec::difficulty`]; made when first needed.
    rater: Option<Rater>,
}

impl fmt::Debug for Dealer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dealer").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl Dealer {
    /// A dealer for `spec`, starting from `seed`; fails if the spec can
    /// never deal a hand.
    pub fn new(spec: DealSpec, seed: u64) -> Result<Dealer, DealError> {
        if spec.cards == 0 {
            return Err(DealError::NoCards);
        }
        if spec.cards > Hand::MAX_CARDS {
            return Err(DealError::TooManyCards(spec.cards));
        }
        if spec.low > spec.high {
            return Err(DealError::EmptyRange { low: spec.low, high: spec.high });
        }
        if let Some(copies) = spec.max_copies {
            let deck = range_size(&spec) * u128::from(copies);
            if deck < spec.cards as u128 {
                return Err(DealError::DeckTooSmall { deck, cards: spec.cards });
            }
        }
        Ok(Dealer { solver: Solver::new(spec.rules), rater: None, spec, rng: generator(seed) })
    }

    /// The spec this dealer deals from.
    pub fn spec(&self) -> &DealSpec {
        &self.spec
    }

    /// The solver for the spec's rules, whose memory of failed states
    /// carries over from hand to hand.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The next hand the spec allows: a fresh deck each time, shuffled,
    /// and dealt again until the hand is solvable or of the difficulty
    /// when the spec asks for that.
    pub fn deal(&mut self) -> Result<Hand, DealError> {
        if !self.spec.solvable_only && self.spec.difficulty.is_none() {
            return Ok(self.draw());
        }
        for _ in 0..MAX_TRIES {
            let hand = self.draw();
            if self.fits_within_limits(&hand).map_err(DealError::GaveUp)? {
                return Ok(hand);
            }
        }
        let target = self.spec.rules.target;
        Err(match self.spec.difficulty {
            Some(difficulty) => DealError::NoHandOfDifficulty { difficulty, target },
            None => DealError::NoSolvableHand { target },
        })
    }

    /// Does `hand` meet the spec's [`DealSpec::solvable_only`] and
    /// [`DealSpec::difficulty`]? With [`Dealer::draw`], for a front end that
    /// deals as [`Dealer::deal`] does but looks at a clock between hands.
    /// A hand the engine gives up on does not fit.
    pub fn fits(&mut self, hand: &Hand) -> bool {
        self.fits_within_limits(hand).unwrap_or(false)
    }

    /// [`Dealer::fits`], or why the engine gave up on `hand`.
    fn fits_within_limits(&mut self, hand: &Hand) -> Result<bool, TooManyStates> {
        if (self.spec.solvable_only || self.spec.difficulty.is_some()) && !self.solver.try_decide(hand)? {
            return Ok(false);
        }
        let Some(wanted) = self.spec.difficulty else { return Ok(true) };
        let rules = self.spec.rules;
        let rater = self.rater.get_or_insert_with(|| Rater::new(rules));
        // A hand whose listing would not fit in memory is not dealt.
        Ok(rater.facts(hand).is_ok_and(|facts| facts.difficulty() == Some(wanted)))
    }

    /// The next hand, ready to play.
    ///
    /// ```
    /// use reckon_play::{DealSpec, Dealer};
    /// let spec = DealSpec { solvable_only: true, ..DealSpec::default() };
    /// let round = Dealer::new(spec, 1).unwrap().next_round().unwrap();
    /// assert!(round.has_solution());
    /// ```
    pub fn next_round(&mut self) -> Result<Round, DealError> {
        let hand = self.deal()?;
        Round::try_new(hand, &mut self.solver).map_err(DealError::GaveUp)
    }

    /// One hand from a fresh deck, whatever the spec's
    /// [`DealSpec::solvable_only`] and [`DealSpec::difficulty`].
    pub fn draw(&mut self) -> Hand {
        let size = range_size(&self.spec);
        let mut cards = Vec::with_capacity(self.spec.cards);
        match self.spec.max_copies {
            None => {
                for _ in 0..self.spec.cards {
                    let offset = below(&mut self.rng, size);
                    cards.push(value_at(&self.spec, offset));
                }
            }
            Some(copies) => {
                // Draw without replacement from `size` values times `copies`:
                // pick a slot of the full deck uniformly and keep it only if
                // that copy is still in the deck. Each remaining card has the
                // same chance, and nothing of deck size is ever allocated.
                let copies = u128::from(copies);
                let mut dealt: HashMap<u128, u128> = HashMap::new();
                while cards.len() < self.spec.cards {
                    let slot = below(&mut self.rng, size * copies);
                    let (offset, copy) = (slot / copies, slot % copies);
                    let taken = dealt.entry(offset).or_default();
                    if copy < copies - *taken {
                        *taken += 1;
                        cards.push(value_at(&self.spec, offset));
                    }
                }
            }
        }
        Hand::new(cards).expect("the card count was checked in Dealer::new")
    }
}

/// The generator for `seed`: ChaCha8 keyed by the seed's little-endian
/// bytes, the rest of the key zero.
pub(crate) fn generator(seed: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

fn range_size(spec: &DealSpec) -> u128 {
    // At most 2^64, so it fits; times a u32 count it still fits in u128.
    (i128::from(spec.high) - i128::from(spec.low) + 1) as u128
}

fn value_at(spec: &DealSpec, offset: u128) -> Rational {
    let value = i128::from(spec.low) + offset as i128;
    Rational::from_integer(i64::try_from(value).expect("offset lies within low..=high"))
}

/// A uniform integer in `0..n`, `n > 0`, by rejection: unbiased, and defined
/// here so that its results never change with a dependency's version.
pub(crate) fn below(rng: &mut ChaCha8Rng, n: u128) -> u128 {
    debug_assert!(n > 0);
    if let Ok(n) = u64::try_from(n) {
        // Words below 2^64 mod n would make the low residues more likely.
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = rng.next_u64();
            if x >= threshold {
                return u128::from(x % n);
            }
        }
    }
    let threshold = n.wrapping_neg() % n;
    loop {
        let x = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        if x >= threshold {
            return x % n;
        }
    }
}

/// A seed for when the player gives none: different on every call.
///
/// Drawn from the standard library's per-process random hash keys and the
/// clock, so no operating-system randomness crate is needed.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deals(spec: DealSpec, seed: u64, n: usize) -> Vec<String> {
        let mut dealer = Dealer::new(spec, seed).unwrap();
        (0..n).map(|_| dealer.deal().unwrap().to_string()).collect()
    }

    #[test]
    fn a_seed_always_deals_the_same_hands() {
        // Pinned: if this changes, every published seed deals other hands.
        assert_eq!(deals(DealSpec::default(), 42, 3), ["3 4 5 13", "5 7 11 12", "3 4 11 13"]);
        assert_ne!(deals(DealSpec::default(), 43, 3), deals(DealSpec::default(), 42, 3));
    }

    #[test]
    fn the_deck_limits_copies() {
        let spec = DealSpec { cards: 8, low: 1, high: 2, max_copies: Some(4), ..DealSpec::default() };
        for seed in 0..20 {
            assert_eq!(deals(spec.clone(), seed, 1), ["1 1 1 1 2 2 2 2"]);
        }
        let spec = DealSpec { cards: 3, low: 5, high: 9, max_copies: Some(1), ..DealSpec::default() };
        for seed in 0..50 {
            let hand: Hand = deals(spec.clone(), seed, 1)[0].parse().unwrap();
            let c = hand.cards();
            assert!(c[0] < c[1] && c[1] < c[2], "{hand:?}");
            assert!(c.iter().all(|&v| (5..=9).contains(&v.to_i64().unwrap())));
        }
    }

    #[test]
    fn unlimited_copies_cover_the_range() {
        let spec = DealSpec { cards: 10, low: -2, high: 2, max_copies: None, ..DealSpec::default() };
        let mut seen = std::collections::BTreeSet::new();
        let mut dealer = Dealer::new(spec, 3).unwrap();
        for _ in 0..20 {
            seen.extend(dealer.deal().unwrap().cards().iter().map(|c| c.to_i64().unwrap()));
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [-2, -1, 0, 1, 2]);
    }

    #[test]
    fn solvable_only_deals_solvable_hands() {
        let spec = DealSpec { solvable_only: true, ..DealSpec::default() };
        let mut dealer = Dealer::new(spec, 9).unwrap();
        for _ in 0..50 {
            let hand = dealer.deal().unwrap();
            assert!(reckon_core::oracle::decide(&hand, &Rules::game24()), "{hand}");
        }
    }

    #[test]
    fn a_difficulty_deals_only_hands_of_it() {
        for difficulty in Difficulty::ALL {
            let spec = DealSpec { difficulty: Some(difficulty), ..DealSpec::default() };
            let mut dealer = Dealer::new(spec, 5).unwrap();
            for _ in 0..30 {
                let hand = dealer.deal().unwrap();
                let facts = crate::Facts::of(&hand, &Rules::game24()).unwrap();
                assert_eq!(facts.difficulty(), Some(difficulty), "{hand}");
            }
        }
        // Pinned: the hard hands of a seed.
        let hard = DealSpec { difficulty: Some(Difficulty::Hard), ..DealSpec::default() };
        assert_eq!(deals(hard, 42, 3), ["1 4 4 6", "1 5 6 9", "4 9 10 11"]);
        let never = DealSpec { cards: 2, difficulty: Some(Difficulty::Hard), ..DealSpec::default() };
        assert_eq!(
            Dealer::new(never, 0).unwrap().deal().unwrap_err().to_string(),
            "no hard hand that makes 24 turned up in 10000 deals"
        );
    }

    #[test]
    fn impossible_specs_are_refused() {
        let bad = |spec: DealSpec| Dealer::new(spec, 0).unwrap_err();
        let d = DealSpec::default;
        assert_eq!(bad(DealSpec { cards: 0, ..d() }), DealError::NoCards);
        assert_eq!(bad(DealSpec { cards: 11, ..d() }), DealError::TooManyCards(11));
        assert_eq!(bad(DealSpec { low: 5, high: 4, ..d() }), DealError::EmptyRange { low: 5, high: 4 });
        assert_eq!(
            bad(DealSpec { high: 1, max_copies: Some(3), ..d() }).to_string(),
            "a deck of 3 cards cannot deal 4"
        );
        let never = DealSpec { low: 1, high: 1, max_copies: None, solvable_only: true, ..d() };
        assert_eq!(
            Dealer::new(never, 0).unwrap().deal().unwrap_err().to_string(),
            "no hand that makes 24 turned up in 10000 deals"
        );
    }

    #[test]
    fn huge_ranges_do_not_overflow() {
        let spec = DealSpec { low: i64::MIN, high: i64::MAX, max_copies: Some(u32::MAX), ..DealSpec::default() };
        assert_eq!(deals(spec, 5, 2).len(), 2);
    }

    #[test]
    fn random_seeds_differ() {
        assert_ne!(random_seed(), random_seed());
    }
}
