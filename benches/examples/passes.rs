//! Runs one of the benches' workloads a given number of times, each pass
//! from a fresh memo as a criterion iteration does, for
//! `cargo xtask instructions`, which counts the instructions of a pass
//! under callgrind: a figure that stays put on a machine whose speed
//! drifts from run to run.
//!
//! Usage: `passes WORKLOAD N`, or `passes --list`.

use std::hint::black_box;
use std::process::ExitCode;

use reckon_benches::{
    DISTINCT_FOUR_CARD_SOLUTIONS, RAW_FOUR_CARD_SOLUTIONS, SOLVABLE_COUNTDOWN_GAMES, SOLVABLE_FIVE_CARD_HANDS,
    SOLVABLE_FOUR_CARD_HANDS, all_hands, count_distinct_all, countdown_census, countdown_selections, decide_all,
    distinct_all, raw_all, target,
};
use reckon_canonical::{Level, distinct_solutions};
use reckon_core::{Hand, Rational, Rules};

/// A workload: its name, and what makes one pass of it from its input.
type Workload = (&'static str, fn() -> Box<dyn Fn()>);

const WORKLOADS: [Workload; 7] = [
    ("decide-4", || counting(4, decide_all, SOLVABLE_FOUR_CARD_HANDS)),
    ("list-4", || counting(4, distinct_all, DISTINCT_FOUR_CARD_SOLUTIONS)),
    ("raw-4", || counting(4, raw_all, RAW_FOUR_CARD_SOLUTIONS)),
    ("count-4", || counting(4, count_distinct_all, DISTINCT_FOUR_CARD_SOLUTIONS)),
    ("decide-5", || counting(5, decide_all, SOLVABLE_FIVE_CARD_HANDS)),
    ("countdown-game", || {
        let hand: Hand = "1 3 7 10 25 50".parse().expect("a hand");
        let rules = Rules::countdown(Rational::from_integer(765));
        Box::new(move || assert!(!distinct_solutions(black_box(&hand), &rules, Level::FourNums).is_empty()))
    }),
    ("countdown-census", || {
        let selections = countdown_selections();
        Box::new(move || assert_eq!(countdown_census(black_box(&selections)), SOLVABLE_COUNTDOWN_GAMES))
    }),
];

/// A pass of `count` over every hand of `cards` cards 1..13 for 24, which
/// must count `expected`.
fn counting(cards: usize, count: fn(&[Hand], Rules) -> usize, expected: usize) -> Box<dyn Fn()> {
    let hands = all_hands(cards, 1, 13);
    Box::new(move || assert_eq!(count(black_box(&hands), target(24)), expected))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        WORKLOADS.iter().for_each(|(name, _)| println!("{name}"));
        return ExitCode::SUCCESS;
    }
    let (Some(name), Some(Ok(passes))) = (args.first(), args.get(1).map(|n| n.parse::<usize>())) else {
        eprintln!("usage: passes WORKLOAD N, or passes --list");
        return ExitCode::from(2);
    };
    let Some((_, make)) = WORKLOADS.iter().find(|(known, _)| known == name) else {
        eprintln!("no workload named {name:?}; passes --list names them");
        return ExitCode::from(2);
    };
    let pass = make();
    (0..passes).for_each(|_| pass());
    ExitCode::SUCCESS
}
