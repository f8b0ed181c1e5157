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
    Make 24 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 2)

    round 1 of 5: 2 2 5 13
    [won 0/0] > pass
    right: 2 2 5 13 cannot make 24
    time: 3.0s

    round 2 of 5: 1 2 4 11
    [won 1/1] > 1+2+4+11
    wrong: 1+2+4+11 = 18, not 24
    [won 1/1] > hint
    hint: start with 4-2 = 2
    [won 1/1] > (4 - 2) × (1 + 11)
    ok: (4-2)*(1+11) = 24
    1 of 3 distinct solutions (all lists them)
    time: 3.0s

    round 3 of 5: 1 3 7 11
    [won 2/2] > 7*(3+1
    error: unbalanced bracket
      |
    1 | 7*(3+1
      |   ^ this bracket is never closed
    [won 2/2] > 8/(11-11)
    error: division by zero
      |
    1 | 8/(11-11)
      |   ^^^^^^^ this divisor is zero
    [won 2/2] > show
    no solution: 1 3 7 11 cannot make 24
    time: 3.0s

    round 4 of 5: 1 2 5 8
    [won 2/3] > pass
    wrong: there is a solution: (5-1*2)*8 = 24
    4 distinct solutions (all lists them)
    time: 3.0s

    round 5 of 5: 1 2 12 12
    [won 2/4] > quit

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
    Make 24 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 2)

    round 1 of 2: 1 2 4 11
    [won 0/0] > hint
    hint: start with 4-2 = 2
    [won 0/0] > hint
    hint: start with 4-2 = 2, then 1+11 = 12
    [won 0/0] > hint
    hint: solution: (4-2)*(1+11) = 24
    [won 0/0] > (4-2)*(1+11)
    ok: (4-2)*(1+11) = 24
    1 of 3 distinct solutions (all lists them)
    time: 4.0s

    round 2 of 2: 1 2 5 8
    [won 1/1] > hint
    hint: start with 1*2 = 2
    [won 1/1] > show
    solution: (5-1*2)*8 = 24
    4 distinct solutions (all lists them)
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
    Make 24 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 2)

    round 1: 2 2 5 13
    [won 0/0] > pass
    right: 2 2 5 13 cannot make 24
    time: 1.0s

    round 2: 1 2 4 11
    [won 1/1] > 
    [won 1/1] > (4-2)*(1+11)
    ok: (4-2)*(1+11) = 24
    1 of 3 distinct solutions (all lists them)
    time: 1.0s

    round 3: 1 3 7 11
    [won 2/2] > 

    score: won 2 of 2 rounds (1 solved, 1 right pass) in 3.0s
    ");
}

#[test]
fn hint_and_show_without_a_solution() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--rounds", "1", "--fixed-time", "1"])
        .stdin("hint\nshow\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 2)

    round 1 of 1: 2 2 5 13
    [won 0/0] > hint
    hint: no first step leads to 24
    [won 0/0] > show
    no solution: 2 2 5 13 cannot make 24
    time: 1.0s

    score: won 0 of 1 round (1 shown, 1 hint) in 1.0s
    ");
}

/// Five cards from 1..9 with one of each, make 10, solvable hands only; and
/// Countdown's rules on a hand of the classic dealer, where any of the
/// cards may be used.
#[test]
fn other_games() {
    assert_snapshot!(reckon(["play", "--seed", "5", "--cards", "5", "--range", "1..=9", "-t", "10", "--solvable-only", "--max-copies", "1", "--rounds", "2", "--fixed-time", "2"])
        .stdin("hint\nshow\nhelp\nshow\n").run(), @r"
    status: 0
    --- stdout
    Make 10 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 5)

    round 1 of 2: 1 2 3 5 8
    [won 0/0] > hint
    hint: start with 1+2 = 3
    [won 0/0] > show
    solution: (8-(1+2+3))*5 = 10
    71 distinct solutions (all lists them)
    time: 2.0s

    round 2 of 2: 1 3 4 6 7
    [won 0/1] > help
    type an expression such as (11-8)*(3+5), or pass, hint, show, all, quit
    [won 0/1] > show
    solution: (6-(1+3))*7-4 = 10
    44 distinct solutions (all lists them)
    time: 2.0s

    score: won 0 of 2 rounds (2 shown, 1 hint) in 4.0s
    ");
    assert_snapshot!(reckon(["play", "--seed", "1", "--use", "subset", "--domain", "positive", "-t", "100", "--cards", "6", "--range", "1-10", "--max-copies", "2", "--rounds", "1", "--fixed-time", "5"])
        .stdin("10*10\n10*(6+4)\n").run(), @r"
    status: 0
    --- stdout
    Make 100 with some of the cards, each at most once. Type an expression, or pass, hint, show, all, quit. (seed 1)

    round 1 of 1: 1 4 4 6 8 10
    [won 0/0] > 10*10
    wrong: 10*10 = 100; uses 10 twice but the hand has one 10
    [won 0/0] > 10*(6+4)
    ok: 10*(6+4) = 100
    1 of 109 distinct solutions (all lists them)
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
    Make 24 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 2)

    round 1 of 1: 2 2 5 13
    [won 0/0] > ��
    error: the line is not UTF-8 text
    [won 0/0] > pass
    right: 2 2 5 13 cannot make 24
    time: 1.0s

    score: won 1 of 1 round (1 right pass) in 1.0s
    ");
}

/// `all` lists every distinct solution: of the hand just finished when it
/// comes first in a round, else of this hand, which it gives up.
#[test]
fn all_lists_every_distinct_solution() {
    assert_snapshot!(reckon(["play", "--seed", "2", "--rounds", "3", "--solvable-only", "--fixed-time", "1"])
        .stdin("(4-2)*(1+11)\nall\nhint\nall\nall\n").run(), @r"
    status: 0
    --- stdout
    Make 24 with every card once. Type an expression, or pass, hint, show, all, quit. (seed 2)

    round 1 of 3: 1 2 4 11
    [won 0/0] > (4-2)*(1+11)
    ok: (4-2)*(1+11) = 24
    1 of 3 distinct solutions (all lists them)
    time: 1.0s

    round 2 of 3: 1 2 5 8
    [won 1/1] > all
    3 distinct solutions of 1 2 4 11:
      (11+1)*4/2 = 24
      (11-1)*2+4 = 24
      (11+1)*(4-2) = 24
    [won 1/1] > hint
    hint: start with 1*2 = 2
    [won 1/1] > all
    4 distinct solutions of 1 2 5 8:
      (8+5-1)*2 = 24
      8*(5*1-2) = 24
      8*(5+1)/2 = 24
      (8-2)*(5-1) = 24
    4 distinct solutions (all lists them)
    time: 1.0s

    round 3 of 3: 1 2 12 12
    [won 1/2] > all
    4 distinct solutions of 1 2 5 8:
      (8+5-1)*2 = 24
      8*(5*1-2) = 24
      8*(5+1)/2 = 24
      (8-2)*(5-1) = 24
    [won 1/2] > 

    score: won 1 of 2 rounds (1 solved, 1 shown, 1 hint) in 3.0s
    ");
}

/// A seeded Countdown game: the number of large numbers asked as a line
/// (a blank one takes 1), wrong and near answers, the best kept, `show`,
/// `all`, and an exact answer.
#[test]
fn countdown_game() {
    assert_snapshot!(reckon(["play", "--rules", "countdown", "--seed", "3", "--rounds", "3", "--fixed-time", "20"])
        .stdin("2\n100*3\n(100+8+2)*3+9\n9*8*3\n25*25\nshow\nall\n5\n\n75*3+9*5+9+2\nall\n").run(), @r"
    status: 0
    --- stdout
    Countdown: make the target with any of the six numbers, each at most once. Type an expression, or show, all, quit. (seed 3)

    round 1 of 3
    large numbers (0-4, blank for 1)? 2
    numbers: 2 3 8 9 50 100  target: 330
    [0 points] > 100*3
    ok: 100*3 = 300, 30 away: 0 points
    [0 points] > (100+8+2)*3+9
    ok: (100+8+2)*3+9 = 339, 9 away: 5 points
    [5 points] > 9*8*3
    ok: 9*8*3 = 216, 114 away: 0 points; the best so far stays 339
    [5 points] > 25*25
    wrong: 25*25 = 625; uses 25 twice, which is not in the hand
    [5 points] > show
    best: (100+8+2)*3 = 330
    25 distinct solutions (all lists them)
    points: 5
    time: 20.0s

    round 2 of 3
    large numbers (0-4, blank for 1)? all
    25 distinct solutions:
      (100+8+2)*3 = 330
      (50-9)*8+2 = 330
      (100+8+2)*9/3 = 330
      (100+9*2-8)*3 = 330
      (100-50-9)*8+2 = 330
      ((50+8)*3-9)*2 = 330
      ((50+9)*2-8)*3 = 330
      50*9/2+100+8-3 = 330
      (100+50+8*3-9)*2 = 330
      (50*3-100-9)*8+2 = 330
      100*3+(50-8)/2+9 = 330
      (50-9*3)*(8+2)+100 = 330
      (9+100/50)*(8+2)*3 = 330
      (9+2)*(8+100/50)*3 = 330
      ((100+50)/3-9)*8+2 = 330
      ((100+8-50)*3-9)*2 = 330
      ((100+9-50)*2-8)*3 = 330
      ((50-9)*3-8)*2+100 = 330
      (100+50/(9-8/2))*3 = 330
      (100-50/2-9)*(8-3) = 330
      50*(9-2)-100/(8-3) = 330
      (100*(9+8)-50)/(3+2) = 330
      (100+50)*(9+2)/(8-3) = 330
      ((100+50)/2-9)*(8-3) = 330
      (50-100/(8-3))*(9+2) = 330
    large numbers (0-4, blank for 1)? 5
    error: take 0 to 4 large numbers, not 5
    large numbers (0-4, blank for 1)? 
    numbers: 2 3 5 9 9 75  target: 281
    [5 points] > 75*3+9*5+9+2
    ok: 75*3+9*5+9+2 = 281: 10 points
    1 of 9 distinct solutions (all lists them)
    points: 10
    time: 20.0s

    round 3 of 3
    large numbers (0-4, blank for 1)? all
    9 distinct solutions:
      (75+9+9)*3+2 = 281
      75*3+9*5+9+2 = 281
      (75/3+5)*9+9+2 = 281
      (75-3)*5+2-9*9 = 281
      (75-2)*5-9*9-3 = 281
      ((9+3)*9-5)*2+75 = 281
      (75+2)*(9-5)-9*3 = 281
      (75-3)*(9-5)+2-9 = 281
      ((75-9-3)*9-5)/2 = 281
    large numbers (0-4, blank for 1)? 

    score: 15 of 20 points in 2 rounds (1 exact, 1 within 10, 1 wrong answer) in 40.0s
    ");
}

/// `--large` takes the question away; past the clock, an answer comes too
/// late and the best before it counts. A piped game's clock runs only
/// with --fixed-time, so transcripts never depend on the machine.
#[test]
fn countdown_with_a_clock() {
    assert_snapshot!(reckon(["play", "--rules", "countdown", "--seed", "3", "--large", "2", "--rounds", "1", "--clock", "30", "--fixed-time", "31"])
        .stdin("100*3\n").run(), @r"
    status: 0
    --- stdout
    Countdown: make the target with any of the six numbers, each at most once. Clock: 30s. Type an expression, or show, all, quit. (seed 3)

    round 1 of 1
    numbers: 2 3 8 9 50 100  target: 330
    [0 points] > 100*3
    time is up: 100*3 came too late
    best: (100+8+2)*3 = 330
    25 distinct solutions (all lists them)
    points: 0
    time: 31.0s

    score: 0 of 10 points in 1 round in 31.0s
    ");
    let untimed =
        reckon(["play", "--rules", "countdown", "--seed", "3", "--large", "2", "--rounds", "1", "--clock", "30"])
            .stdin("100*3+8*2\nquit\n")
            .run()
            .to_string();
    assert!(untimed.contains("> 100*3+8*2\nok: 100*3+8*2 = 316, 14 away: 0 points\n[0 points] > quit"), "{untimed}");
}

#[test]
fn countdown_refuses_what_it_does_not_use() {
    assert_snapshot!(reckon(["play", "--rules", "countdown", "--cards", "4"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: --cards does not apply to --rules countdown, which deals the show's numbers and target
    ");
    assert_snapshot!(reckon(["play", "--rules", "countdown", "-t", "500"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: --target does not apply to --rules countdown, which deals the show's numbers and target
    ");
    assert_snapshot!(reckon(["play", "--large", "2"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: --large is for the Countdown game: add --rules countdown
    ");
    assert_snapshot!(reckon(["play", "--rules", "countdown", "--large", "5"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: invalid value '5' for '--large <N>': 5 is not in 0..=4

    For more information, try '--help'.
    ");
}

/// `--difficulty hard` deals only hands that reckon-play rates hard.
#[test]
fn a_difficulty_deals_only_hands_of_it() {
    let run = reckon(["play", "--seed", "9", "--rounds", "8", "--difficulty", "hard", "--fixed-time", "1"])
        .stdin(&"show\n".repeat(8))
        .run()
        .to_string();
    let hands: Vec<&str> = run.lines().filter_map(|line| line.split_once(" of 8: ").map(|(_, hand)| hand)).collect();
    assert_eq!(hands.len(), 8, "{run}");
    for hand in hands {
        let facts = reckon_play::Facts::of(&hand.parse().unwrap(), &reckon_core::Rules::game24()).unwrap();
        assert_eq!(facts.difficulty(), Some(reckon_play::Difficulty::Hard), "{hand}");
    }
}

/// A fixed hand in each band, rated by `--all --rate` as `play
/// --difficulty` deals them (docs/difficulty.md).
#[test]
fn difficulty_bands() {
    assert_snapshot!(reckon(["--all", "--rate"])
        .stdin("1 2 3 4\n2 2 2 3\n1 1 5 5\n1 2 7 7\n3 3 8 8\n1 1 1 1\n").run(), @r"
    status: 0
    --- stdout
    1 2 3 4: 4*3*2*1 = 24, (3+2+1)*4 = 24, (4+2)*(3+1) = 24; difficulty: easy
    2 2 2 3: 3*2*2*2 = 24, (2+2)*3*2 = 24; difficulty: easy
    1 1 5 5: 5*5*1-1 = 24, (5+1)*(5-1) = 24; difficulty: medium
    1 2 7 7: (7*7-1)/2 = 24; difficulty: hard
    3 3 8 8: 8/(3-8/3) = 24; difficulty: hard
    1 1 1 1: no solution; difficulty: none
    ");
    assert_snapshot!(reckon(["--count", "--rate", "-f", "json", "-t", "10", "3", "6", "7"]).run(), @r#"
    status: 0
    --- stdout
    {"cards":[3,6,7],"target":"10","solvable":true,"count":1,"difficulty":"easy"}
    "#);
}

/// A duel through a pipe: each line counts as 3 seconds on the computer's
/// clock, so the seed fixes the game. Seed 1 turns up 1 2 4 6 (won after a
/// wrong answer), 3 4 5 7 (a wrong pass), 5 5 7 9 (a right pass),
/// 4 7 8 10 (the computer's, after three wrong answers), then quit.
#[test]
fn duel_against_the_computer() {
    assert_snapshot!(reckon(["play", "--duel", "--seed", "1", "--opponent", "normal"])
        .stdin("1+2+4+6\n(2-1)*4*6\npass\npass\n4+7+8+10\n10*8/4+7\n8*(10-7)\nquit\n").run(), @r"
    status: 0
    --- stdout
    Duel against the normal computer: make 24 first. Type an expression, pass (no solution) or quit. (seed 1)

    round 1: you 2 6, computer 4 1  (piles: you 18, computer 18)
    [you 0, computer 0, 0.0s] > 1+2+4+6
    wrong: 1+2+4+6 = 13, not 24
    [you 0, computer 0, 3.0s] > (2-1)*4*6
    ok: (2-1)*4*6 = 24: you take 1 2 4 6

    round 2: you 3 4, computer 7 5  (piles: you 20, computer 16)
    [you 1, computer 0, 0.0s] > pass
    wrong: the computer shows 4*3+7+5 = 24, and takes 3 4 5 7

    round 3: you 5 7, computer 9 5  (piles: you 18, computer 18)
    [you 1, computer 1, 0.0s] > pass
    right: 5 5 7 9 cannot make 24: a draw

    round 4: you 4 10, computer 8 7  (piles: you 18, computer 18)
    [you 1, computer 1, 0.0s] > 4+7+8+10
    wrong: 4+7+8+10 = 29, not 24
    [you 1, computer 1, 3.0s] > 10*8/4+7
    wrong: 10*8/4+7 = 27, not 24
    [you 1, computer 1, 6.0s] > 8*(10-7)
    wrong: 8*(10-7) = 24; does not use 4
    computer, after 10.9s: 8*7/4+10 = 24, and takes 4 7 8 10

    round 5: you 10 3, computer 3 7  (piles: you 16, computer 20)
    [you 1, computer 2, 0.0s] > quit

    stopped with the computer ahead: 18 cards to 22 after 5 rounds (you won 1, the computer 2, 1 drawn)
    hands you missed:
      round 2: 3 4 5 7  4*3+7+5 = 24
      round 4: 4 7 8 10  8*7/4+10 = 24
    ");
}

/// A duel to its end: eight 6s, four each, and every hand 6*6-6-6: the
/// player takes four, then the last four.
#[test]
fn a_duel_to_the_end() {
    assert_snapshot!(reckon(["play", "--duel", "--seed", "3", "--range", "6..=6", "--max-copies", "8", "--opponent", "easy"])
        .stdin("6*6-6-6\n6*6-6-6\n").run(), @r"
    status: 0
    --- stdout
    Duel against the easy computer: make 24 first. Type an expression, pass (no solution) or quit. (seed 3)

    round 1: you 6 6, computer 6 6  (piles: you 2, computer 2)
    [you 0, computer 0, 0.0s] > 6*6-6-6
    ok: 6*6-6-6 = 24: you take 6 6 6 6

    round 2: you 6 6, computer 6 6  (piles: you 4, computer 0)
    [you 1, computer 0, 0.0s] > 6*6-6-6
    ok: 6*6-6-6 = 24: you take 6 6 6 6

    you win: 8 cards to 0 after 2 rounds (you won 2, the computer 0, 0 drawn)
    ");
}

#[test]
fn the_duel_refuses_what_it_does_not_use() {
    assert_snapshot!(reckon(["play", "--duel", "--cards", "5"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: --cards does not apply to --duel
    ");
    assert_snapshot!(reckon(["play", "--duel", "--max-copies", "unlimited"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: --max-copies unlimited does not apply to --duel, which deals out one finite deck
    ");
    assert_snapshot!(reckon(["play", "--duel", "--range", "1..=2", "--max-copies", "1"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: a duel needs a deck of at least 4 cards, not 2
    ");
    assert_snapshot!(reckon(["play", "--opponent", "expert"]).stdin("").run(), @r"
    status: 2
    --- stderr
    error: --opponent is for the duel against the computer: add --duel
    ");
}
