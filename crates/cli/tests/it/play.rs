//! `reckon play`: scripted sessions through piped stdin, with `--seed` for
//! the deal and the hidden `--fixed-time` for the clock.

use std::process::{Command, Stdio};

use insta::assert_snapshot;

use crate::reckon;

/// Seed 2 deals 2 2 5 13 (no solution), 1 2 4 11, 1 3 7 11 (no solution),
/// 1 2 5 8 and 1 2 12 12: a right pass, a wrong answer, a hint, a right
/// answer, a parse error, a division by zero, a show, a wrong pass, quit.
#[test]
fn scripted_session() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--rounds", "5", "--fixed-time", "3"])
        .stdin("pass\n1+2+4+11\nhint\n(4 - 2) × (1 + 11)\n7*(3+1\n8/(11-11)\nshow\npass\nquit\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, quit. (seed 2)

    round 1 of 5: 2 2 5 13
    > pass
    right: 2 2 5 13 cannot make 24
    time: 3.0s

    round 2 of 5: 1 2 4 11
    > 1+2+4+11
    wrong: 1+2+4+11 = 18, not 24
    > hint
    hint: start with 4-2 = 2
    > (4 - 2) × (1 + 11)
    ok: (4-2)*(1+11) = 24
    time: 3.0s

    round 3 of 5: 1 3 7 11
    > 7*(3+1
    error: unbalanced bracket
      |
    1 | 7*(3+1
      |   ^ this bracket is never closed
    > 8/(11-11)
    error: division by zero
      |
    1 | 8/(11-11)
      |   ^^^^^^^ this divisor is zero
    > show
    no solution: 1 3 7 11 cannot make 24
    time: 3.0s

    round 4 of 5: 1 2 5 8
    > pass
    wrong: there is a solution: (5-1*2)*8 = 24
    time: 3.0s

    round 5 of 5: 1 2 12 12
    > quit

    score: won 2 of 4 rounds (1 solved, 1 right pass, 1 wrong pass, 1 shown, 1 hint, 2 wrong answers) in 15.0s
    ");
}

/// Each hint gives away more of one solution: its first step, its first
/// two, then all of it; the next round starts again from the first step.
#[test]
fn hints_give_away_more_each_time() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--rounds", "2", "--solvable-only", "--fixed-time", "4"])
        .stdin("hint\nhint\nhint\n(4-2)*(1+11)\nhint\nshow\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, quit. (seed 2)

    round 1 of 2: 1 2 4 11
    > hint
    hint: start with 4-2 = 2
    > hint
    hint: start with 4-2 = 2, then 1+11 = 12
    > hint
    hint: solution: (4-2)*(1+11) = 24
    > (4-2)*(1+11)
    ok: (4-2)*(1+11) = 24
    time: 4.0s

    round 2 of 2: 1 2 5 8
    > hint
    hint: start with 1*2 = 2
    > show
    solution: (5-1*2)*8 = 24
    time: 4.0s

    score: won 1 of 2 rounds (1 solved, 1 shown, 4 hints) in 8.0s
    ");
}

#[test]
fn end_of_input_ends_the_game() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--fixed-time", "1"])
        .stdin("pass\n\n(4-2)*(1+11)\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, quit. (seed 2)

    round 1: 2 2 5 13
    > pass
    right: 2 2 5 13 cannot make 24
    time: 1.0s

    round 2: 1 2 4 11
    > 
    > (4-2)*(1+11)
    ok: (4-2)*(1+11) = 24
    time: 1.0s

    round 3: 1 3 7 11
    > 

    score: won 2 of 2 rounds (1 solved, 1 right pass) in 3.0s
    ");
}

#[test]
fn hint_and_show_without_a_solution() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--rounds", "1", "--fixed-time", "1"])
        .stdin("hint\nshow\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, quit. (seed 2)

    round 1 of 1: 2 2 5 13
    > hint
    hint: no first step leads to 24
    > show
    no solution: 2 2 5 13 cannot make 24
    time: 1.0s

    score: won 0 of 1 round (1 shown, 1 hint) in 1.0s
    ");
}

/// Five cards from 1..9 with one of each, make 10, solvable hands only; and
/// Countdown rules, where any of the cards may be used.
#[test]
fn other_games() {
    assert_snapshot!(reckon(["play", "--seed", "5", "--cards", "5", "--range", "1..=9", "-t", "10", "--solvable-only", "--max-copies", "1", "--rounds", "2", "--fixed-time", "2"])
        .stdin("hint\nshow\nhelp\nshow\n").run(), @r"
    status: 0
    --- stdout
    Make 10 with every card once. Type an expression, or pass, hint, show, quit. (seed 5)

    round 1 of 2: 1 2 3 5 8
    > hint
    hint: start with 1+2 = 3
    > show
    solution: (8-(1+2+3))*5 = 10
    time: 2.0s

    round 2 of 2: 1 3 4 6 7
    > help
    type an expression such as (11-8)*(3+5), or pass, hint, show, quit
    > show
    solution: (6-(1+3))*7-4 = 10
    time: 2.0s

    score: won 0 of 2 rounds (2 shown, 1 hint) in 4.0s
    ");
    assert_snapshot!(reckon(["play", "--seed", "1", "--rules", "countdown", "-t", "100", "--cards", "6", "--range", "1-10", "--max-copies", "2", "--rounds", "1", "--fixed-time", "5"])
        .stdin("10*10\n10*(6+4)\n").run(), @r"
    status: 0
    --- stdout
    Make 100 with some of the cards, each at most once. Type an expression, or pass, hint, show, quit. (seed 1)

    round 1 of 1: 1 4 4 6 8 10
    > 10*10
    wrong: 10*10 = 100; uses 10 twice but the hand has one 10
    > 10*(6+4)
    ok: 10*(6+4) = 100
    time: 5.0s

    score: won 1 of 1 round (1 solved, 1 wrong answer) in 5.0s
    ");
}

#[test]
fn impossible_deals() {
    assert_snapshot!(reckon(["play", "--range", "5..=1"])
        .stdin("").run(), @r"
    status: 2
    --- stderr
    error: invalid value '5..=1' for '--range <LO..=HI>': '5..=1' is an empty range: 5 is above 1

    For more information, try '--help'.
    ");
    assert_snapshot!(reckon(["play", "--cards", "5", "--range", "1..=1"])
        .stdin("").run(), @r"
    status: 2
    --- stderr
    error: a deck of 4 cards cannot deal 5
    ");
    assert_snapshot!(reckon(["play", "--seed", "1", "--solvable-only", "--range", "1..=1", "--max-copies", "unlimited", "-t", "5"])
        .stdin("").run(), @r"
    status: 2
    --- stderr
    error: no hand that makes 5 turned up in 10000 deals
    ");
}

/// Colour only on a terminal: a pipe gets plain text even without NO_COLOR.
#[test]
fn no_colour_through_a_pipe() {
    let output = Command::new(env!("CARGO_BIN_EXE_reckon"))
        .args(["play", "--seed", "2", "--rounds", "2"])
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("round 1 of 2"), "{stdout}");
    assert!(!stdout.contains('\x1b'), "{stdout:?}");
}

/// A line that is not UTF-8 is refused, as a batch refuses it, and the game goes on.
#[test]
fn a_line_that_is_not_text_is_a_bad_answer() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--rounds", "1", "--fixed-time", "1"])
        .stdin_bytes(b"\xff\xfe\npass\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, quit. (seed 2)

    round 1 of 1: 2 2 5 13
    > ��
    error: the line is not UTF-8 text
    > pass
    right: 2 2 5 13 cannot make 24
    time: 1.0s

    score: won 1 of 1 round (1 right pass) in 1.0s
    ");
}
