//! The help of every command, as a player reads it.

use insta::assert_snapshot;

use crate::reckon;

/// `reckon [SUBCOMMAND] --help`, which exits 0 and writes stdout only.
fn help(subcommand: Option<&str>) -> String {
    let args: Vec<&str> = subcommand.into_iter().chain(["--help"]).collect();
    let run = reckon(args).run();
    assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{run}");
    run.stdout
}

#[test]
fn top_level() {
    assert_snapshot!("reckon", help(None));
}

#[test]
fn solve() {
    assert_snapshot!("solve", help(Some("solve")));
}

#[test]
fn census() {
    assert_snapshot!("census", help(Some("census")));
}

#[test]
fn reach() {
    assert_snapshot!("reach", help(Some("reach")));
}

#[test]
fn check() {
    assert_snapshot!("check", help(Some("check")));
}

#[test]
fn play() {
    assert_snapshot!("play", help(Some("play")));
}

#[test]
fn expressions() {
    assert_snapshot!("expressions", help(Some("expressions")));
}

#[test]
fn serve() {
    assert_snapshot!("serve", help(Some("serve")));
}

#[test]
fn completions() {
    assert_snapshot!("completions", help(Some("completions")));
}

/// Every subcommand shows examples; none lists an option it does not take.
#[test]
fn every_subcommand_has_examples() {
    for subcommand in ["solve", "census", "reach", "check", "play", "expressions", "serve", "completions"] {
        assert!(help(Some(subcommand)).contains("\nExamples"), "{subcommand}");
    }
}

#[test]
fn reach_takes_no_target() {
    assert!(!help(Some("reach")).contains("--target"));
    let run = reckon(["reach", "-t", "10", "1", "2", "3", "4"]).run();
    assert_eq!(run.status, 2, "{run}");
    assert!(run.stderr.contains("unexpected argument '-t'"), "{run}");
}

#[test]
fn the_short_help_points_to_the_exit_statuses() {
    let run = reckon(["-h"]).run();
    assert!(run.stdout.contains("Exit status: 0 solved, 1 no solution, 2 bad input (see --help)."), "{run}");
}

/// Words for definitions, not for players, stay out of the help.
#[test]
fn plain_words() {
    for subcommand in [None, Some("census"), Some("reach"), Some("check"), Some("play"), Some("expressions")] {
        let text = help(subcommand);
        for jargon in ["rational function", "preset", "Countdown pool", "4nums.com", "shard of", "slices"] {
            assert!(!text.contains(jargon), "{subcommand:?} says {jargon}");
        }
    }
}
