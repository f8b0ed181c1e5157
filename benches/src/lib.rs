//! Workloads shared by reckon's criterion benches: the hand lists and the
//! in-project baseline each workload is compared with.

use reckon_canonical::{Distinct, DistinctSolver, Level};
use std::ops::ControlFlow;
use std::sync::Arc;

use reckon_census::{HandSpace, map_in_order};
use reckon_core::engine::{Enumerator, Rewrites, SharedSets, Trees};
use reckon_core::{Hand, Rational, Reach, Rules, Solver, oracle};

// The allocator of the `reckon` binary, so that the benches measure what
// it runs: mimalloc in place of `malloc` (see the binary's `main.rs`).
use mimalloc as _;

/// The hands of four cards 1..13 that make 24, of 1820: what every
/// deciding engine must count, so that a faster one is not a wrong one.
pub const SOLVABLE_FOUR_CARD_HANDS: usize = 1362;

/// The hands of five cards 1..13 that make 24, of 6188.
pub const SOLVABLE_FIVE_CARD_HANDS: usize = 6104;

/// The distinct (`4nums`) solutions of the 1820 hands of four cards 1..13
/// for 24, as 4nums.com and yuuki15/24 list them.
pub const DISTINCT_FOUR_CARD_SOLUTIONS: usize = 3017;

/// The (selection, target) pairs of the Countdown census that are
/// solvable: 13,243 selections against targets 100..=999.
pub const SOLVABLE_COUNTDOWN_GAMES: usize = 10_871_986;

/// Every hand of `n` cards with values in `lo..=hi`, ascending.
pub fn all_hands(n: usize, lo: i64, hi: i64) -> Vec<Hand> {
    fn extend(prefix: &mut Vec<i64>, n: usize, lo: i64, hi: i64, out: &mut Vec<Hand>) {
        if prefix.len() == n {
            out.push(Hand::from_integers(prefix).expect("a valid hand"));
            return;
        }
        let start = prefix.last().copied().unwrap_or(lo);
        for v in start..=hi {
            prefix.push(v);
            extend(prefix, n, lo, hi, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), n, lo, hi, &mut out);
    out
}

/// `count` hands of `n` cards 1..=13 from a fixed pseudo-random sequence,
/// so that every run measures the same hands.
pub fn random_hands(n: usize, count: usize, seed: u64) -> Vec<Hand> {
    let mut state = seed;
    let mut next = move || {
        // SplitMix64: tiny, well distributed, stable across platforms.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..count)
        .map(|_| {
            let cards: Vec<i64> = (0..n).map(|_| 1 + (next() % 13) as i64).collect();
            Hand::from_integers(&cards).expect("a valid hand")
        })
        .collect()
}

/// How many hands can make the target, decided the way a census does:
/// value sets per sub-multiset, shared between hands, target inverted at
/// the top split.
pub fn decide_all(hands: &[Hand], rules: Rules) -> usize {
    let mut reach = Reach::new(rules);
    hands.iter().filter(|hand| reach.decide(hand)).count()
}

/// The same count by the pick-two-and-combine search (one solver, memo shared).
pub fn decide_all_by_search(hands: &[Hand], rules: Rules) -> usize {
    let mut solver = Solver::new(rules);
    hands.iter().filter(|hand| solver.decide(hand)).count()
}

/// The total number of distinct solutions at the `4nums` level, every
/// hand listed by one solver (sub-hands shared between hands).
pub fn distinct_all(hands: &[Hand], rules: Rules) -> usize {
    let mut solver = DistinctSolver::new(rules, Level::FourNums);
    let mut total = 0;
    solver.solve_each(hands, |_, listed| total += listed.len());
    total
}

/// The raw solutions of the 1820 hands of four cards 1..13 for 24 that a
/// [`DistinctSolver`] at the `4nums` level classifies: one or more trees
/// of each class, those that group their chains from the left, less
/// those with a better-read twin of the same class.
pub const RAW_FOUR_CARD_SOLUTIONS: usize = 3682;

/// The first stage of [`distinct_all`] alone: the raw solutions of every
/// hand, as its solver enumerates them, counted.
pub fn raw_all(hands: &[Hand], rules: Rules) -> usize {
    let mut enumerator = Enumerator::of_trees(rules, Trees::LeftGroupedUpTo(Rewrites::ALL));
    let mut raw = 0;
    hands.iter().for_each(|hand| enumerator.visit_solutions(hand, |_, _| raw += 1));
    raw
}

/// [`distinct_all`] without its last stage: the classes counted, with no
/// solution chosen, tidied and built to show each.
pub fn count_distinct_all(hands: &[Hand], rules: Rules) -> usize {
    let mut solver = DistinctSolver::new(rules, Level::FourNums);
    let mut total = 0;
    solver.count_each(hands, |_, count| total += count);
    total
}

/// The same total from the oracle's raw expressions, deduplicated.
pub fn distinct_all_by_oracle(hands: &[Hand], rules: Rules) -> usize {
    hands
        .iter()
        .map(|hand| {
            let mut distinct = Distinct::new(Level::FourNums);
            oracle::solutions(hand, &rules).into_iter().for_each(|e| {
                distinct.insert(e);
            });
            distinct.len()
        })
        .sum()
}

/// The Countdown census: for every selection of the standard pool, the
/// targets 100..=999 it reaches; returns the number of solvable games.
pub fn countdown_census(selections: &[Hand]) -> usize {
    let mut reach = Reach::new(Rules::countdown(Rational::from_integer(100)));
    selections.iter().map(|hand| reach.integers_in(hand, 100, 999).expect("six numbers fit in memory").len()).sum()
}

/// The same census on `threads` threads, as `reckon census` runs it: the
/// threads share value sets, and results come back in selection order.
pub fn countdown_census_on(selections: &[Hand], threads: usize) -> usize {
    let rules = Rules::countdown(Rational::from_integer(100));
    let shared = Arc::new(SharedSets::default());
    let mut games = 0;
    map_in_order(
        selections,
        threads,
        || Reach::new(rules).sharing(&shared),
        |reach, hand| reach.integers_in(hand, 100, 999).expect("six numbers fit in memory").len(),
        |_| {},
        |chunk| {
            games += chunk.iter().sum::<usize>();
            ControlFlow::Continue(())
        },
    )
    .expect("census threads start");
    games
}

/// The Countdown selections.
pub fn countdown_selections() -> Vec<Hand> {
    HandSpace::countdown().hands()
}

/// The same count by the brute-force oracle: the baseline.
pub fn decide_all_by_oracle(hands: &[Hand], rules: Rules) -> usize {
    hands.iter().filter(|hand| oracle::decide(hand, &rules)).count()
}

/// The rules of the 24 game with target `t`.
pub fn target(t: i64) -> Rules {
    Rules::with_target(Rational::from_integer(t))
}
