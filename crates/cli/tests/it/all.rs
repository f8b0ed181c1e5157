//! `--all`, `--count`, `-d` and `expressions`: distinct solutions on the
//! command line.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn all_for_1_2_3_4() {
    assert_snapshot!(reckon(["--all", "1", "2", "3", "4"]).run(), @r"
    status: 0
    --- stdout
    4*3*2*1 = 24
    (3+2+1)*4 = 24
    (4+2)*(3+1) = 24
    ");
}

#[test]
fn all_for_3_3_8_8() {
    assert_snapshot!(reckon(["--all", "3", "3", "8", "8"]).run(), @r"
    status: 0
    --- stdout
    8/(3-8/3) = 24
    ");
}

#[test]
fn all_for_6_6_6_6() {
    assert_snapshot!(reckon(["--all", "6", "6", "6", "6"]).run(), @r"
    status: 0
    --- stdout
    6+6+6+6 = 24
    6*6-6-6 = 24
    ");
}

#[test]
fn all_for_2_4_8_10_the_most_for_24() {
    assert_snapshot!(reckon(["--all", "2", "4", "8", "10"]).run(), @r"
    status: 0
    --- stdout
    10+8+4+2 = 24
    10*2+8-4 = 24
    10*4-8*2 = 24
    8*4+2-10 = 24
    (10*4+8)/2 = 24
    (10+2)*8/4 = 24
    (10+8/4)*2 = 24
    (8*2-10)*4 = 24
    (10-2)*4-8 = 24
    (10-8/2)*4 = 24
    8*(10-4)/2 = 24
    ");
}

#[test]
fn count_and_levels() {
    assert_snapshot!(reckon(["--count", "2", "4", "8", "10"]).run(), @r"
    status: 0
    --- stdout
    11
    ");
    assert_snapshot!(reckon(["--count", "-d", "syntax", "6", "6", "6", "6"]).run(), @r"
    status: 0
    --- stdout
    4
    ");
    assert_snapshot!(reckon(["--count", "-t", "10", "1", "1", "1", "10"]).run(), @r"
    status: 0
    --- stdout
    1
    ");
    assert_snapshot!(reckon(["--count", "1", "1", "1", "1"]).run(), @r"
    status: 1
    --- stdout
    0
    ");
}

/// Interchanging the two 1s turns `10+2*(1-1)` into `10-2*(1-1)`: at the
/// `function` level they are one solution.
#[test]
fn equal_cards_that_negate_a_part_are_one_function() {
    assert_snapshot!(reckon(["--all", "-d", "function", "-t", "10", "1", "1", "2", "10"]).run(), @r"
    status: 0
    --- stdout
    10+1+1-2 = 10
    10+2-1-1 = 10
    10*(1+1)/2 = 10
    10*(2*1-1) = 10
    10*(2-1)*1 = 10
    10*(2-1*1) = 10
    10*2/(1+1) = 10
    10+2*(1-1) = 10
    10*(2-1)/1 = 10
    10*(2-1/1) = 10
    10*(2/1-1) = 10
    10*1/(2-1) = 10
    10+(1-1)/2 = 10
    10/(2*1-1) = 10
    10/(2-1*1) = 10
    10/(2-1)/1 = 10
    10/(2-1/1) = 10
    10/(2/1-1) = 10
    ");
}

#[test]
fn json_adds_solutions_and_count() {
    assert_snapshot!(reckon(["--all", "-f", "json", "3", "3", "8", "8"]).run(), @r#"
    status: 0
    --- stdout
    {"cards":[3,3,8,8],"target":"24","solvable":true,"solutions":["8/(3-8/3)"],"count":1}
    "#);
}

#[test]
fn batch_lists_one_line_per_hand() {
    let run = reckon(["--all", "-f", "json"]).stdin("3 3 8 8\nx\n1 1 1 1\n").run();
    assert_snapshot!(run, @r#"
    status: 2
    --- stdout
    {"cards":[3,3,8,8],"target":"24","solvable":true,"solutions":["8/(3-8/3)"],"count":1}
    {"line":2,"error":"'x' is not a number"}
    {"cards":[1,1,1,1],"target":"24","solvable":false,"solutions":[],"count":0}
    --- stderr
    error: line 2: 'x' is not a number
    "#);
    assert_snapshot!(reckon(["--count"]).stdin("3 3 8 8\n2 4 8 10\n").run(), @r"
    status: 0
    --- stdout
    3 3 8 8: 1
    2 4 8 10: 11
    ");
}

/// Nine distinct cards would make tens of millions of raw solutions: the
/// count is refused with a message, within bounded memory, never an
/// abort.
#[test]
fn counting_past_the_memory_budget_is_refused() {
    assert_snapshot!(reckon(["--count", "1", "2", "3", "4", "5", "6", "7", "8", "9"]).run(), @r"
    status: 2
    --- stderr
    error: listing every solution of these 9 cards would take more than the 2 GiB of memory allowed; try fewer cards, or more memory
    ");
}

/// In a batch, a hand refused for its memory gets an error line in its
/// place, as a malformed line does, and the batch goes on to status 2.
#[test]
fn a_batch_hand_past_the_memory_budget_gets_an_error_line() {
    let hands = "3 3 8 8\n1 2 3 4 5 6 7\n2 4 8 10\n";
    assert_snapshot!(reckon(["--count", "-f", "json", "--memory", "1M"]).stdin(hands).run(), @r#"
    status: 2
    --- stdout
    {"cards":[3,3,8,8],"target":"24","solvable":true,"count":1}
    {"cards":[1,2,3,4,5,6,7],"target":"24","error":"listing every solution of these 7 cards would take more than the 1 MiB of memory allowed; try fewer cards, or more memory"}
    {"cards":[2,4,8,10],"target":"24","solvable":true,"count":11}
    --- stderr
    error: 1 2 3 4 5 6 7: listing every solution of these 7 cards would take more than the 1 MiB of memory allowed; try fewer cards, or more memory
    "#);
}

/// `--memory` sets the budget every question keeps to: what it refuses
/// under a small one, a larger one answers, and a size that is not one
/// is refused with the reason.
#[test]
fn the_memory_budget_is_the_users_to_set() {
    let hand = ["1", "2", "3", "4", "5", "6", "7"];
    let count = |memory: &str| reckon(["--count", "--memory", memory].into_iter().chain(hand)).run();
    assert_snapshot!(count("4M"), @r"
    status: 2
    --- stderr
    error: listing every solution of these 7 cards would take more than the 4 MiB of memory allowed; try fewer cards, or more memory
    ");
    assert_snapshot!(count("16M"), @r"
    status: 0
    --- stdout
    13906
    ");
    assert_snapshot!(reckon(["reach", "--memory", "1M", "1", "2", "3", "4", "5", "6"]).run(), @r"
    status: 2
    --- stderr
    error: working out every value 5 of these 6 cards make would take more than the 1 MiB of memory allowed; try fewer cards, cards that repeat, or more memory
    ");
    // Deciding falls back to a search, whose memory of failed states is
    // held to the budget too: under 1 MiB it remembers too few to end in time.
    let decide = |memory: &str| reckon(["--memory", memory, "-t", "1/1000003"].into_iter().chain(hand)).run();
    assert_snapshot!(decide("16M"), @r"
    status: 1
    --- stdout
    no solution
    ");
    assert_snapshot!(decide("1M"), @r"
    status: 2
    --- stderr
    error: gave up on these 7 cards after searching 10 million states without finding the target or ruling it out; try fewer cards
    ");
    assert_snapshot!(count("0"), @r"
    status: 2
    --- stderr
    error: invalid value '0' for '--memory <SIZE>': a memory budget must be more than zero bytes

    For more information, try '--help'.
    ");
    assert_snapshot!(count("lots"), @r"
    status: 2
    --- stderr
    error: invalid value 'lots' for '--memory <SIZE>': 'lots' is not a size: write bytes, or a number with K, M, G or T (such as 512M or 1.5G)

    For more information, try '--help'.
    ");
}

/// One solver answers a whole batch, the parts hands share worked out
/// once: each line is still what the hand alone gets, in JSON (which
/// holds the solutions of `--all` and the number of `--count`), whatever
/// came before it. The hands share sub-hands, repeat, hold zeros, and
/// under `non-negative` one holds a card outside the domain, whose
/// solutions keep their own grouping.
#[test]
fn batch_answers_each_hand_as_alone() {
    let hands = ["1 2 3 4", "2 3 4 4", "0 1 2 12", "1 2 3 4", "-2 1 3 4", "3 3 8 8", "1 5 5 5", "2 2 2 3"];
    for listing in ["--all", "--count"] {
        for (target, domain) in [("24", "rational"), ("6", "non-negative"), ("10", "rational")] {
            let options = [listing, "-f", "json", "-t", target, "--domain", domain];
            let batch = reckon(options).stdin(&hands.join("\n")).run();
            let alone: Vec<String> =
                hands.iter().map(|hand| reckon(options.into_iter().chain(hand.split(' '))).run().stdout).collect();
            assert_eq!(batch.stdout, alone.concat(), "{options:?}");
            assert!(batch.stdout.contains("\"solvable\":true"), "{options:?}: {}", batch.stdout);
        }
    }
}

/// A long batch is answered a run of lines at a time: every line still
/// gets its one line, in order, malformed ones among them.
#[test]
fn a_long_batch_keeps_every_line_in_its_place() {
    let lines: Vec<String> = (0..700)
        .map(
            |i| if i % 97 == 5 { format!("bad{i}") } else { format!("{} {} {} {}", 1 + i % 13, 1 + i / 13 % 13, 4, 6) },
        )
        .collect();
    let run = reckon(["--count"]).stdin(&lines.join("\n")).run();
    assert_eq!(run.status, 2);
    let answered: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(answered.len(), lines.len());
    for (number, (line, answer)) in lines.iter().zip(&answered).enumerate() {
        if line.starts_with("bad") {
            assert_eq!(*answer, format!("error: line {}: '{line}' is not a number", number + 1));
        } else {
            let hand: reckon_core::Hand = line.parse().unwrap();
            assert!(answer.starts_with(&format!("{hand}: ")), "line {}: {answer}", number + 1);
        }
    }
}

/// A hand is answered as soon as its line comes in, so that a program
/// that writes a hand and waits for the answer is not kept waiting for
/// more lines first: blank ones and comments neither.
#[test]
fn a_batch_answers_each_line_as_it_comes() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Command::new(env!("CARGO_BIN_EXE_reckon"))
        .args(["--all"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the reckon binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let (sender, answers) = mpsc::channel();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let reader = std::thread::spawn(move || stdout.lines().for_each(|line| sender.send(line.unwrap()).unwrap()));
    for (line, answer) in [("3 3 8 8\n", "3 3 8 8: 8/(3-8/3) = 24"), ("\n# next\n1 1 1 1\n\n", "1 1 1 1: no solution")]
    {
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        assert_eq!(answers.recv_timeout(Duration::from_secs(60)).expect("an answer while stdin is open"), answer);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

#[test]
fn countdown_lists_subsets() {
    let run = reckon(["--all", "--rules", "countdown", "-t", "10", "2", "5", "10"]).run();
    assert_snapshot!(run, @r"
    status: 0
    --- stdout
    10 = 10
    5*2 = 10
    10/2+5 = 10
    (10-5)*2 = 10
    ");
}

#[test]
fn expressions_counts() {
    assert_snapshot!(reckon(["expressions", "--operands", "4"]).run(), @r"
    status: 0
    --- stdout
    1170
    ");
    assert_snapshot!(reckon(["expressions", "--operands", "4", "-d", "syntax"]).run(), @r"
    status: 0
    --- stdout
    3240
    ");
    // Counted, not built: 6^6 * 11!!.
    assert_snapshot!(reckon(["expressions", "--operands", "7", "-d", "syntax"]).run(), @r"
    status: 0
    --- stdout
    484989120
    ");
}

#[test]
fn syntax_level_shows_the_grouping_that_makes_two_solutions_differ() {
    assert_snapshot!(reckon(["--all", "-d", "syntax", "6", "6", "6", "6"]).run(), @r"
    status: 0
    --- stdout
    6+6+(6+6) = 24
    6+6+6+6 = 24
    6*6-6-6 = 24
    6*6-(6+6) = 24
    ");
}

/// The domain holds a solution's result as it holds every step, so the
/// first solution, the list and the count agree on a target outside it.
#[test]
fn a_target_outside_the_domain_has_no_solution_in_any_mode() {
    let args = ["--domain", "non-negative", "-t", "-3", "1", "2", "3", "9"];
    let with = |mode: &'static str| [mode].into_iter().chain(args).collect::<Vec<_>>();
    assert_snapshot!(reckon(args).run(), @r"
    status: 1
    --- stdout
    no solution
    ");
    assert_snapshot!(reckon(with("--all")).run(), @r"
    status: 1
    --- stdout
    no solution
    ");
    assert_snapshot!(reckon(with("--count")).run(), @r"
    status: 1
    --- stdout
    0
    ");
}

/// A solution is shown with the operators the rules allow: without `*`,
/// `8/(4/2/6)` is not regrouped as `8*6*2/4`.
#[test]
fn all_shows_only_allowed_operators() {
    assert_snapshot!(reckon(["--ops", "+-/", "--all", "2", "4", "6", "8"]).run(), @r"
    status: 0
    --- stdout
    2/(4/6/8) = 24
    6/((4-2)/8) = 24
    ");
    assert_snapshot!(reckon(["--ops", "-", "-t", "0", "--all", "1", "2", "3"]).run(), @r"
    status: 0
    --- stdout
    3-1-2 = 0
    1-(3-2) = 0
    ");
}

/// A fraction card prints in brackets of its own, and where a division
/// takes brackets, in those too: the card `1/2` over `1/2` is
/// `(1/2)/(1/2)`, `1/2` over the card is `1/2/((1/2))`.
#[test]
fn syntax_level_fraction_cards_print_apart_from_divisions() {
    assert_snapshot!(reckon(["--all", "-d", "syntax", "-t", "1", "1/2", "1", "2"]).run(), @r"
    status: 0
    --- stdout
    2*((1/2))*1 = 1
    2*(1*((1/2))) = 1
    2*1*((1/2)) = 1
    1/2+(1/2) = 1
    2*((1/2)/1) = 1
    2*((1/2))/1 = 1
    2/1*((1/2)) = 1
    1/(2*((1/2))) = 1
    2*(1-(1/2)) = 1
    (1/2)/(1/2) = 1
    1/((1/2))/2 = 1
    1/2/((1/2)) = 1
    2/(1/((1/2))) = 1
    ");
}
