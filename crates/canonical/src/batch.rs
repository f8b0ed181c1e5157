//! A run of hands enumerated before any of them is classified.

use std::borrow::Borrow;
use std::iter::Peekable;

use reckon_core::engine::{Enumerator, Solution};
use reckon_core::{Hand, TooManySolutions};

/// The raw solutions of a run of hands, enumerated one after another
/// before any is classified. Classifying and showing solutions is code of
/// its own, as large as the enumerator's: taken hand by hand, each pushes
/// the other out of the processor's instruction cache at every hand, and
/// listing the 1820 hands of four cards 1..13 missed that cache three
/// times as often as it does a run at a time.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    solutions: Vec<Solution>,
    /// For each hand taken: where its solutions end in `solutions`, or
    /// why the enumerator refused it; `None` if it was left to be answered
    /// some other way.
    ends: Vec<Option<Result<usize, TooManySolutions>>>,
}

/// The most hands a run takes: past a few hundred, a longer run spares
/// no more cache misses.
pub(crate) const MOST_HANDS: usize = 256;

/// A run ends once it holds this many solutions, so that a run of large
/// hands, with thousands of solutions each, stays a few hundred kilobytes.
const MOST_SOLUTIONS: usize = 1 << 14;

impl Batch {
    /// Takes hands from `hands` into `run`, one after another, and
    /// enumerates those that `here` picks by `enumerator`, until the run
    /// is full, `hands` ends, or the enumerator would drop the nodes that
    /// the solutions of the run so far are made of. Takes at least one
    /// hand, if there is one, and looks at most one hand past the run.
    pub(crate) fn enumerate<H: Borrow<Hand>>(
        &mut self,
        enumerator: &mut Enumerator,
        hands: &mut Peekable<impl Iterator<Item = H>>,
        run: &mut Vec<H>,
        here: impl Fn(&Hand) -> bool,
    ) {
        self.solutions.clear();
        self.ends.clear();
        run.clear();
        while self.ends.len() < MOST_HANDS && self.solutions.len() < MOST_SOLUTIONS {
            let Some(hand) = hands.peek() else { break };
            let hand = hand.borrow();
            let enumerated = here(hand);
            // A hand with no solution holds no node: dropping them after it is harmless.
            if enumerated && enumerator.forgets_before_next_hand() && !self.solutions.is_empty() {
                break;
            }
            let end = enumerated.then(|| {
                let solutions = &mut self.solutions;
                enumerator.try_visit_solutions(hand, |solution, _| solutions.push(solution))?;
                Ok(solutions.len())
            });
            self.ends.push(end);
            run.extend(hands.next());
        }
    }

    /// The raw solutions of each hand taken, in order, or why it was
    /// refused; `None` for a hand that was not enumerated.
    pub(crate) fn hands(&self) -> impl Iterator<Item = Option<Result<&[Solution], TooManySolutions>>> {
        let mut start = 0;
        self.ends.iter().map(move |end| {
            end.map(|end| {
                end.map(|end| {
                    let solutions = &self.solutions[start..end];
                    start = end;
                    solutions
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use reckon_core::Rules;

    use super::*;
    use reckon_core::budget::MemoryBudget;

    fn hands(cards: &[&str]) -> Vec<Hand> {
        cards.iter().map(|cards| cards.parse().unwrap()).collect()
    }

    /// Enumerates a run from the start of `hands`; returns how many it took.
    fn enumerate(
        batch: &mut Batch,
        enumerator: &mut Enumerator,
        hands: &[Hand],
        here: impl Fn(&Hand) -> bool,
    ) -> usize {
        let mut run = Vec::new();
        batch.enumerate(enumerator, &mut hands.iter().peekable(), &mut run, here);
        assert!(run.iter().copied().eq(&hands[..run.len()]), "the run is the first hands, in order");
        run.len()
    }

    /// Each hand's solutions are those the enumerator visits for it alone,
    /// and a hand left out takes its place in the run with none.
    #[test]
    fn keeps_each_hands_solutions_in_its_place() {
        let hands = hands(&["3 3 8 8", "1 1 1 1", "1 2 3 4", "4 4 10 10", "6 6 6 6"]);
        let mut enumerator = Enumerator::new(Rules::game24());
        let mut batch = Batch::default();
        let taken = enumerate(&mut batch, &mut enumerator, &hands, |hand| hand.to_string() != "1 2 3 4");
        assert_eq!(taken, hands.len());
        let counts: Vec<Option<usize>> =
            batch.hands().map(|solutions| solutions.map(|solutions| solutions.map_or(0, <[_]>::len))).collect();
        let alone = |hand: &Hand| {
            let mut count = 0;
            Enumerator::new(Rules::game24()).visit_solutions(hand, |_, _| count += 1);
            count
        };
        let expected: Vec<Option<usize>> =
            hands.iter().map(|hand| (hand.to_string() != "1 2 3 4").then(|| alone(hand))).collect();
        assert_eq!(counts, expected);
        assert_eq!(counts[1], Some(0), "1 1 1 1 has no solution");
    }

    /// A run takes at most `MOST_HANDS` hands, and the next run starts
    /// afresh.
    #[test]
    fn a_run_is_at_most_so_many_hands() {
        let hands = vec!["3 3 8 8".parse::<Hand>().unwrap(); MOST_HANDS + 3];
        let mut enumerator = Enumerator::new(Rules::game24());
        let mut batch = Batch::default();
        assert_eq!(enumerate(&mut batch, &mut enumerator, &hands, |_| true), MOST_HANDS);
        assert_eq!(enumerate(&mut batch, &mut enumerator, &hands[MOST_HANDS..], |_| true), 3);
        assert_eq!(batch.hands().count(), 3);
        assert!(batch.hands().all(|solutions| solutions.is_some_and(|s| s.is_ok_and(|s| !s.is_empty()))));
    }

    /// A hand past the enumerator's memory budget is refused in its place,
    /// with no solutions, and the hands around it keep theirs.
    #[test]
    fn a_refused_hand_keeps_its_place() {
        let hands = hands(&["3 3 8 8", "1 2 3 4 5 6", "6 6 6 6"]);
        let mut enumerator = Enumerator::new(Rules::game24()).with_memory_budget(MemoryBudget::from_bytes(1 << 17));
        let mut batch = Batch::default();
        assert_eq!(enumerate(&mut batch, &mut enumerator, &hands, |_| true), hands.len());
        let counts: Vec<Result<usize, TooManySolutions>> =
            batch.hands().map(|solutions| solutions.expect("every hand enumerated").map(<[_]>::len)).collect();
        let mut alone = 0;
        Enumerator::new(Rules::game24()).visit_solutions(&hands[2], |_, _| alone += 1);
        assert_eq!(counts[0], Ok(1));
        assert!(counts[1].is_err());
        assert_eq!(counts[2], Ok(alone), "{counts:?}");
    }
}
