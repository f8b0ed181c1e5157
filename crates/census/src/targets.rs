//! A census over many targets at once: one reachable-value set per hand.

use reckon_core::{Hand, Reach, TooManyValues};

/// The whole-number targets in a range that one hand reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetFacts {
    pub hand: Hand,
    /// Ascending.
    pub reached: Vec<i64>,
}

/// The targets in `lo..=hi` that `hand` reaches under the rules of `reach`
/// (its own target is ignored), unless working them out would not fit in
/// memory.
pub fn targets_reached(reach: &mut Reach, hand: &Hand, lo: i64, hi: i64) -> Result<TargetFacts, TooManyValues> {
    Ok(TargetFacts { hand: hand.clone(), reached: reach.integers_in(hand, lo, hi)? })
}

/// Per-target statistics over many hands; mergeable like [`crate::Summary`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetSummary {
    pub lo: i64,
    pub hi: i64,
    pub hands: usize,
    /// For each target from `lo`, how many hands reach it.
    pub per_target: Vec<usize>,
    /// How many hands reach every target of the range.
    pub reach_all: usize,
    /// How many (hand, target) games are solvable.
    pub games_solvable: usize,
}

impl TargetSummary {
    /// An empty summary for `lo..=hi`.
    pub fn new(lo: i64, hi: i64) -> TargetSummary {
        let width = usize::try_from(hi - lo + 1).unwrap_or(0);
        TargetSummary { lo, hi, hands: 0, per_target: vec![0; width], reach_all: 0, games_solvable: 0 }
    }

    /// Adds one hand.
    pub fn add(&mut self, facts: &TargetFacts) {
        self.hands += 1;
        for &t in &facts.reached {
            if let Some(slot) = usize::try_from(t - self.lo).ok().and_then(|i| self.per_target.get_mut(i)) {
                *slot += 1;
                self.games_solvable += 1;
            }
        }
        self.reach_all += usize::from(facts.reached.len() == self.per_target.len());
    }

    /// Adds the hands of another summary over the same range.
    pub fn merge(&mut self, other: &TargetSummary) {
        assert_eq!((self.lo, self.hi), (other.lo, other.hi), "summaries of different ranges");
        self.hands += other.hands;
        self.per_target.iter_mut().zip(&other.per_target).for_each(|(a, b)| *a += b);
        self.reach_all += other.reach_all;
        self.games_solvable += other.games_solvable;
    }
}
