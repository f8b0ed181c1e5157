//! Folding per-hand facts into a census summary.

use std::collections::BTreeMap;

use reckon_core::Hand;
use reckon_play::Difficulty;

use crate::facts::HandFacts;

/// How many of the hardest and of the easiest hands a summary keeps unless told.
pub const TOP: usize = 10;

/// The statistics of a census; built hand by hand, and mergeable, so that
/// shards computed apart give the summary of the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub hands: usize,
    pub solvable: usize,
    /// The hands that are solvable only with fractions along the way.
    pub needs_fractions: Vec<Hand>,
    pub needs_negatives: usize,
    /// Total distinct solutions, when counted.
    pub distinct: Option<usize>,
    /// Distinct solutions per hand → number of hands, when counted.
    pub histogram: BTreeMap<usize, usize>,
    /// The solvable hands with the fewest distinct solutions, fraction-only
    /// hands first among equals: `(hand, count, needs fractions)`.
    pub hardest: Vec<(Hand, usize, bool)>,
    /// The hands with the most distinct solutions, hands that need no
    /// fractions first among equals: `(hand, count, needs fractions)`.
    pub easiest: Vec<(Hand, usize, bool)>,
    /// How many hands `hardest` and `easiest` keep.
    pub top: usize,
    /// Solvable hands in each difficulty band, when rated.
    pub difficulty: Option<BTreeMap<Difficulty, usize>>,
}

impl Default for Summary {
    fn default() -> Summary {
        Summary::with_top(TOP)
    }
}

impl Summary {
    /// An empty summary that keeps the `top` hardest and easiest hands.
    pub fn with_top(top: usize) -> Summary {
        Summary {
            hands: 0,
            solvable: 0,
            needs_fractions: Vec::new(),
            needs_negatives: 0,
            distinct: None,
            histogram: BTreeMap::new(),
            hardest: Vec::new(),
            easiest: Vec::new(),
            top,
            difficulty: None,
        }
    }

    /// Adds one hand.
    pub fn add(&mut self, facts: &HandFacts) {
        self.hands += 1;
        self.solvable += usize::from(facts.solvable);
        if facts.needs_fractions {
            self.needs_fractions.push(facts.hand.clone());
        }
        self.needs_negatives += usize::from(facts.needs_negatives);
        if let Some(count) = facts.distinct {
            *self.distinct.get_or_insert(0) += count;
            *self.histogram.entry(count).or_default() += 1;
            if facts.solvable {
                self.hardest.push((facts.hand.clone(), count, facts.needs_fractions));
                self.easiest.push((facts.hand.clone(), count, facts.needs_fractions));
                self.trim_top();
            }
        }
        if let Some(rating) = facts.difficulty {
            let bands = self.difficulty.get_or_insert_with(BTreeMap::new);
            if let Some(band) = rating {
                *bands.entry(band).or_default() += 1;
            }
        }
    }

    /// Adds the hands of another summary.
    pub fn merge(&mut self, other: Summary) {
        self.hands += other.hands;
        self.solvable += other.solvable;
        self.needs_fractions.extend(other.needs_fractions);
        self.needs_fractions.sort();
        self.needs_negatives += other.needs_negatives;
        if let Some(d) = other.distinct {
            *self.distinct.get_or_insert(0) += d;
        }
        for (count, hands) in other.histogram {
            *self.histogram.entry(count).or_default() += hands;
        }
        self.hardest.extend(other.hardest);
        self.easiest.extend(other.easiest);
        self.trim_top();
        if let Some(other) = other.difficulty {
            let bands = self.difficulty.get_or_insert_with(BTreeMap::new);
            for (band, hands) in other {
                *bands.entry(band).or_default() += hands;
            }
        }
    }

    /// Keeps the `top` hardest and easiest hands. Sorting only when a
    /// list has grown to twice its length keeps adding a hand cheap.
    fn trim_top(&mut self) {
        if self.hardest.len() >= 2 * self.top.max(1) {
            self.finish_top();
        }
    }

    /// Sorts and cuts `hardest` and `easiest` to their final `top` hands;
    /// [`Summary::add`] and [`Summary::merge`] leave extra hands in them.
    pub fn finish_top(&mut self) {
        self.hardest.sort_by(|(ha, ca, fa), (hb, cb, fb)| (ca, !fa, ha).cmp(&(cb, !fb, hb)));
        self.hardest.truncate(self.top);
        self.easiest.sort_by(|(ha, ca, fa), (hb, cb, fb)| (cb, fa, ha).cmp(&(ca, fb, hb)));
        self.easiest.truncate(self.top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(
        cards: &str,
        solvable: bool,
        fractions: bool,
        distinct: usize,
        difficulty: Option<Difficulty>,
    ) -> HandFacts {
        HandFacts {
            hand: cards.parse().unwrap(),
            solvable,
            solution: None,
            needs_fractions: fractions,
            needs_negatives: false,
            distinct: Some(distinct),
            difficulty: Some(difficulty),
        }
    }

    #[test]
    fn merging_halves_equals_the_whole() {
        let all = [
            facts("1 1 1 1", false, false, 0, None),
            facts("3 3 8 8", true, true, 1, Some(Difficulty::Hard)),
            facts("1 2 3 4", true, false, 9, Some(Difficulty::Easy)),
            facts("2 2 2 3", true, false, 1, Some(Difficulty::Easy)),
        ];
        let mut whole = Summary::default();
        all.iter().for_each(|f| whole.add(f));
        let (mut a, mut b) = (Summary::default(), Summary::default());
        all[..2].iter().for_each(|f| a.add(f));
        all[2..].iter().for_each(|f| b.add(f));
        a.merge(b);
        a.finish_top();
        whole.finish_top();
        assert_eq!(a, whole);
        assert_eq!(whole.distinct, Some(11));
        let bands = BTreeMap::from([(Difficulty::Easy, 2), (Difficulty::Hard, 1)]);
        assert_eq!(whole.difficulty, Some(bands), "unsolvable hands have no band");
        assert_eq!(whole.hardest[0].0.to_string(), "3 3 8 8", "fraction-only first among equals");
        assert_eq!(whole.easiest[0].0.to_string(), "1 2 3 4", "the most solutions first");
        assert_eq!(whole.easiest[1].0.to_string(), "2 2 2 3", "no fractions first among equals");
    }

    #[test]
    fn top_keeps_as_many_as_asked() {
        let mut summary = Summary::with_top(1);
        for (cards, count) in [("1 2 3 4", 9), ("2 2 2 3", 1), ("1 1 4 6", 4), ("3 3 8 8", 1)] {
            summary.add(&facts(cards, true, cards == "3 3 8 8", count, None));
        }
        summary.finish_top();
        assert_eq!(summary.hardest, [("3 3 8 8".parse().unwrap(), 1, true)]);
        assert_eq!(summary.easiest, [("1 2 3 4".parse().unwrap(), 9, false)]);
    }
}
