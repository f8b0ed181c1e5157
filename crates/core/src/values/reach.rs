//! [`Reach`]: the value sets in 64-bit rationals, redone in big rationals
//! for a hand where those overflow, behind the questions a user asks of
//! them (decide, reach, closest, whole numbers in a window).

use std::fmt;
use std::sync::Arc;

use num_traits::Signed;

use crate::budget::MemoryBudget;
use crate::hand::Hand;
use crate::number::{BigRational, Number, Rational};
use crate::rules::{Domain, Rules};

use super::{SharedSets, ValueSets};

/// Reachable values under one set of rules, in exact arithmetic that never
/// overflows: 64-bit rationals, and big rationals for a hand where those
/// overflow. Memoized across hands.
///
/// ```
/// use reckon_core::{Hand, Rational, Reach, Rules};
/// let mut reach = Reach::new(Rules::game24());
/// let hand: Hand = "4 4 4 4".parse().unwrap();
/// let made = reach.integers_in(&hand, 0, 10).unwrap();
/// assert_eq!(made, (0..=9).collect::<Vec<_>>());
/// assert!(reach.decide(&"3 3 8 8".parse().unwrap()));
/// ```
#[derive(Debug)]
pub struct Reach {
    rules: Rules,
    fast: ValueSets<Rational>,
    big: Option<ValueSets<BigRational>>,
}

impl Reach {
    /// A memo for `rules`; the target is used by [`Reach::decide`] only.
    pub fn new(rules: Rules) -> Reach {
        Reach { rules, fast: ValueSets::new(rules.ops, rules.domain), big: None }
    }

    /// Shares value sets with the other memos given the same `shared`
    /// (typically one per thread of a census): a set one of them made is
    /// not made again by another. Sets overflowing 64-bit parts stay private.
    pub fn sharing(mut self, shared: &Arc<SharedSets>) -> Reach {
        self.fast = self.fast.sharing(shared);
        self
    }

    /// Keeps each hand within `budget` instead of the process's (see
    /// [`MemoryBudget`]): a hand whose value sets would not fit is decided
    /// by a search, and its reach is refused with [`TooManyValues`].
    pub fn with_memory_budget(mut self, budget: MemoryBudget) -> Reach {
        self.fast.budget = budget;
        if let Some(big) = &mut self.big {
            big.budget = budget;
        }
        self
    }

    /// The rules this memo applies.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    fn big(&mut self) -> &mut ValueSets<BigRational> {
        let (rules, budget) = (self.rules, self.fast.budget);
        self.big.get_or_insert_with(|| ValueSets { budget, ..ValueSets::new(rules.ops, rules.domain) })
    }

    /// The number of values the memo holds, a measure of its memory.
    pub(crate) fn stored_values(&self) -> usize {
        self.fast.stored + self.big.as_ref().map_or(0, |big| big.stored)
    }

    /// Can `hand` make the target of the rules?
    pub fn decide(&mut self, hand: &Hand) -> bool {
        self.decide_target(hand, self.rules.target)
    }

    /// Can `hand` make `target` under the rules' operators, domain and card
    /// use? A hand whose value sets would not fit in memory is decided by
    /// a search instead, which needs little memory but may take long.
    pub fn decide_target(&mut self, hand: &Hand, target: Rational) -> bool {
        match self.try_decide_target(hand, target) {
            Some(answer) => answer,
            None => crate::search::decide_by_searching(hand, &Rules { target, ..self.rules }, self.fast.budget),
        }
    }

    /// [`Reach::decide_target`] by the value sets alone: `None` when they
    /// would not fit in memory.
    pub(crate) fn try_decide_target(&mut self, hand: &Hand, target: Rational) -> Option<bool> {
        let card_use = self.rules.card_use;
        let fast = !hand.beyond_64_bits() && !target.is_kept();
        if fast && let Some(answer) = self.fast.decide(hand.cards(), &target, card_use) {
            return Some(answer);
        }
        if !fast || self.fast.take_refused().is_none() {
            let cards: Vec<BigRational> = hand.cards().iter().map(|c| c.to_big()).collect();
            if let Some(answer) = self.big().decide(&cards, &target.to_big(), card_use) {
                return Some(answer);
            }
            self.big().take_refused();
        }
        None
    }

    /// The values `hand` makes that are nearest to the rules' target,
    /// ascending: the target alone when the hand makes it, else the nearest
    /// below and the nearest above when they are equally far, or the one
    /// that is nearer.
    ///
    /// ```
    /// use reckon_core::{Hand, Rational, Reach, Rules};
    /// let mut reach = Reach::new(Rules::countdown(Rational::from_integer(831)));
    /// let hand: Hand = "1 3 7 10 25 50".parse().unwrap();
    /// let nearest = reach.closest(&hand).unwrap();
    /// assert_eq!(nearest, [Rational::from_integer(830), Rational::from_integer(832)]);
    /// ```
    pub fn closest(&mut self, hand: &Hand) -> Result<Vec<Rational>, TooManyValues> {
        let target = self.rules.target;
        Ok(match self.reachable(hand)? {
            Reachable::Fast(values) => {
                nearest(&values, &target, |v| (v.to_big() - target.to_big()).abs()).into_iter().copied().collect()
            }
            Reachable::Big(values) => {
                let target = target.to_big();
                nearest(&values, &target, |v| (v - &target).abs()).into_iter().map(Rational::from_big).collect()
            }
        })
    }

    /// Every value `hand` makes under the rules' card use, sorted: in
    /// 64-bit rationals, or in big ones when those overflow; or why they
    /// would not fit in memory.
    fn reachable(&mut self, hand: &Hand) -> Result<Reachable, TooManyValues> {
        let card_use = self.rules.card_use;
        let (hand_cards, budget) = (hand.len(), self.fast.budget);
        let too_many = |cards| TooManyValues { cards, hand: hand_cards, budget };
        if !hand.beyond_64_bits() {
            if let Some(values) = self.fast.reachable(hand.cards(), card_use) {
                return Ok(Reachable::Fast(values));
            }
            if let Some(cards) = self.fast.take_refused() {
                return Err(too_many(cards));
            }
        }
        let cards: Vec<BigRational> = hand.cards().iter().map(|c| c.to_big()).collect();
        match self.big().reachable(&cards, card_use) {
            Some(values) => Ok(Reachable::Big(values)),
            None => Err(too_many(self.big().take_refused().unwrap_or(hand.len()))),
        }
    }

    /// Every whole number in `lo..=hi` that `hand` can make, ascending, or
    /// why they cannot be worked out within memory.
    pub fn integers_in(&mut self, hand: &Hand, lo: i64, hi: i64) -> Result<Vec<i64>, TooManyValues> {
        let card_use = self.rules.card_use;
        let positive_cards = hand.cards().iter().all(|c| c.is_positive() && c.is_integer());
        // The window keeps a bit set of the values up to twice `hi` for
        // every sub-multiset: worth it for a census's few hundred targets
        // (32 KB a set at most), not for "every whole number" or a window
        // far out, where the full value sets are smaller.
        let narrow = lo.max(1) <= hi && hi.saturating_sub(lo.max(1)) < 1 << 16 && hi < 1 << 17;
        if self.rules.domain == Domain::PositiveInteger && positive_cards && narrow && !hand.beyond_64_bits() {
            // Every value is positive, so only the positive part of the range matters.
            if let Some(made) = self.fast.positive_integers_in(hand.cards(), card_use, lo.max(1), hi) {
                return Ok(made);
            }
        }
        let in_range = |v: i64| (lo..=hi).contains(&v);
        Ok(match self.reachable(hand)? {
            Reachable::Fast(values) => {
                values.iter().filter(|v| v.is_integer()).map(|v| v.numer()).filter(|&v| in_range(v)).collect()
            }
            Reachable::Big(values) => values
                .iter()
                .filter(|v| v.is_integer())
                .filter_map(|v| i64::try_from(v.to_integer()).ok())
                .filter(|&v| in_range(v))
                .collect(),
        })
    }
}

/// The values a hand makes, in the number type that held them.
enum Reachable {
    Fast(Vec<Rational>),
    Big(Vec<BigRational>),
}

/// The values of `sorted` nearest to `target` (see [`Reach::closest`]),
/// `distance` measuring each exactly.
fn nearest<'a, N: Ord>(sorted: &'a [N], target: &N, distance: impl Fn(&N) -> BigRational) -> Vec<&'a N> {
    let at = sorted.partition_point(|v| v < target);
    if sorted.get(at) == Some(target) {
        return vec![&sorted[at]];
    }
    match (at.checked_sub(1).map(|below| &sorted[below]), sorted.get(at)) {
        (Some(below), Some(above)) => match distance(below).cmp(&distance(above)) {
            std::cmp::Ordering::Less => vec![below],
            std::cmp::Ordering::Equal => vec![below, above],
            std::cmp::Ordering::Greater => vec![above],
        },
        (below, above) => below.or(above).into_iter().collect(),
    }
}

/// Why the numbers a hand makes were not worked out: the values of some
/// of its cards would take more memory than the [`MemoryBudget`] allows,
/// typically eight distinct cards or more under the default one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyValues {
    /// The cards of the set that was refused.
    cards: usize,
    /// The cards of the hand.
    hand: usize,
    /// The budget it did not fit in.
    budget: MemoryBudget,
}

impl fmt::Display for TooManyValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cards, hand) = (self.cards, self.hand);
        if cards < hand {
            write!(f, "working out every value {cards} of these {hand} cards make")?;
        } else {
            write!(f, "working out every value these {hand} cards make")?;
        }
        write!(
            f,
            " would take more than the {} of memory allowed; try fewer cards, cards that repeat, or more memory",
            self.budget
        )
    }
}

impl std::error::Error for TooManyValues {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_values_are_the_target_or_its_nearest_neighbours() {
        let sorted: Vec<Rational> = [1, 5, 9, 20].map(Rational::from_integer).to_vec();
        let near = |t: i64| {
            let target = Rational::from_integer(t);
            let found = nearest(&sorted, &target, |v| (v.to_big() - target.to_big()).abs());
            found.into_iter().map(|v| v.numer()).collect::<Vec<_>>()
        };
        assert_eq!(near(5), [5], "the target itself");
        assert_eq!(near(7), [5, 9], "a tie keeps both");
        assert_eq!(near(8), [9]);
        assert_eq!(near(-3), [1], "below every value");
        assert_eq!(near(100), [20], "above every value");
        assert!(nearest(&[], &Rational::from_integer(1), |v: &Rational| v.to_big()).is_empty());
    }
}
