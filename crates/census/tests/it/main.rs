//! Integration tests of reckon-census: published facts, fraction-only hands,
//! Countdown, shards and thread counts.

use std::ops::ControlFlow;

use reckon_canonical::{DistinctSolver, Level};
use reckon_census::{Analyser, HandFacts, HandSpace, Shard, Summary, map_in_order};
use reckon_core::{Hand, Rational, Reach, Rules};

fn census(space: &HandSpace, rules: Rules, threads: usize, count: bool) -> (Vec<HandFacts>, Summary) {
    let hands = space.hands();
    let mut rows = Vec::new();
    let mut summary = Summary::default();
    let init = || {
        let analyser = Analyser::new(rules);
        if count {
            let mut solver = DistinctSolver::new(rules, Level::FourNums);
            analyser.with_counter(Box::new(move |hand, _| solver.try_count(hand)))
        } else {
            analyser
        }
    };
    map_in_order(
        &hands,
        threads,
        init,
        |a, hand| a.analyse(hand).expect("hands of four cards fit in memory"),
        |_| {},
        |chunk| {
            chunk.iter().for_each(|f| summary.add(f));
            rows.extend(chunk);
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    summary.finish_top();
    (rows, summary)
}

fn target(t: i64) -> Rules {
    Rules::with_target(Rational::from_integer(t))
}

#[test]
fn published_solvable_counts() {
    let (_, s) = census(&HandSpace::range(4, 1, 13, None), target(24), 2, false);
    assert_eq!((s.solvable, s.hands), (1362, 1820));
    let (_, s) = census(&HandSpace::range(4, 1, 10, None), target(24), 2, false);
    assert_eq!((s.solvable, s.hands), (566, 715));
    let (_, s) = census(&HandSpace::range(4, 1, 13, None), target(10), 2, false);
    assert_eq!((s.solvable, s.hands), (1540, 1820));
}

#[test]
fn distinct_solutions_total_3017() {
    let (_, s) = census(&HandSpace::range(4, 1, 13, None), target(24), 2, true);
    assert_eq!(s.distinct, Some(3017));
    assert_eq!(s.histogram.values().sum::<usize>(), 1820);
    assert_eq!(s.histogram.get(&0), Some(&458));
    assert_eq!(s.histogram.keys().max(), Some(&11));
}

/// Counting from the rating's listing gives the counts a counter of its
/// own gives, and the ratings of a rating alone.
#[test]
fn a_rated_count_is_the_counters() {
    let rules = target(24);
    let mut counted = Analyser::new(rules).with_rating().with_counter({
        let mut solver = DistinctSolver::new(rules, Level::FourNums);
        Box::new(move |hand, _| solver.try_count(hand))
    });
    let mut rated = Analyser::new(rules).with_rating_and_count();
    for hand in HandSpace::range(4, 1, 9, None).hands() {
        let (a, b) = (counted.analyse(&hand).unwrap(), rated.analyse(&hand).unwrap());
        assert_eq!(a, b, "{hand}");
        assert!(b.distinct.is_some() && b.difficulty.is_some(), "{hand}");
    }
}

#[test]
fn fraction_only_hands() {
    let (rows, s) = census(&HandSpace::range(4, 1, 13, None), target(24), 1, false);
    let listed: Vec<String> = s.needs_fractions.iter().map(ToString::to_string).collect();
    for hand in ["3 3 8 8", "1 5 5 5", "3 3 7 7", "1 3 4 6", "4 4 7 7"] {
        assert!(listed.iter().any(|h| h == hand), "{hand} needs fractions: {listed:?}");
    }
    // Every row's solution is exact and uses the hand.
    for row in rows.iter().filter(|r| r.solvable) {
        let expr = row.solution.as_ref().unwrap();
        assert_eq!(expr.value().unwrap(), Rational::from_integer(24));
        assert_eq!(expr.cards(), row.hand.cards());
    }
}

#[test]
fn thread_count_does_not_change_the_rows() {
    let space = HandSpace::range(4, 1, 10, Some(4));
    let (one, s1) = census(&space, target(24), 1, true);
    let (two, s2) = census(&space, target(24), 2, true);
    assert_eq!(one, two);
    assert_eq!(s1, s2);
}

#[test]
fn shards_concatenate_to_the_whole() {
    let hands = HandSpace::range(4, 1, 13, None).hands();
    let parts: Vec<Hand> =
        (1..=3).flat_map(|i| format!("{i}/3").parse::<Shard>().unwrap().slice(&hands).to_vec()).collect();
    assert_eq!(parts, hands);
}

#[test]
fn countdown_games() {
    let mut reach = Reach::new(Rules::countdown(Rational::from_integer(765)));
    let game: Hand = "1 3 7 10 25 50".parse().unwrap();
    assert!(reach.decide(&game));
    assert!(!reach.decide_target(&game, Rational::from_integer(831)));
    let small: Hand = "1 1 2 2 3 3".parse().unwrap();
    assert_eq!(reckon_census::targets_reached(&mut reach, &small, 100, 999).unwrap().reached, Vec::<i64>::new());
}

#[test]
fn countdown_selections_agree_with_the_oracle() {
    let rules = Rules::countdown(Rational::from_integer(100));
    let mut reach = Reach::new(rules);
    let selections = HandSpace::countdown().hands();
    assert_eq!(selections.len(), 13_243);
    for hand in selections.iter().step_by(37) {
        let expected: Vec<i64> = reckon_core::oracle::reachable_integers(hand, &rules, 100, 999).into_iter().collect();
        assert_eq!(reckon_census::targets_reached(&mut reach, hand, 100, 999).unwrap().reached, expected, "{hand}");
    }
}
