//! The default command: one hand from arguments, or a batch from stdin.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn solved_hand() {
    assert_snapshot!(reckon(["3", "3", "8", "8"]).run(), @r"
    status: 0
    --- stdout
    8/(3-8/3) = 24
    ");
}

#[test]
fn unsolvable_hand() {
    assert_snapshot!(reckon(["1", "1", "1", "1"]).run(), @r"
    status: 1
    --- stdout
    no solution
    ");
}

#[test]
fn solve_subcommand_is_the_default_command() {
    assert_snapshot!(reckon(["solve", "-t", "10", "1", "2", "3", "4"]).run(), @r"
    status: 0
    --- stdout
    1+2+3+4 = 10
    ");
}

#[test]
fn fraction_and_negative_targets() {
    assert_snapshot!(reckon(["-t", "7/2", "1", "2", "3"]).run(), @r"
    status: 0
    --- stdout
    1/2+3 = 7/2
    ");
    assert_snapshot!(reckon(["-t", "-1/3", "1", "2", "3"]).run(), @r"
    status: 0
    --- stdout
    (1-2)/3 = -1/3
    ");
}

#[test]
fn negative_cards() {
    assert_snapshot!(reckon(["-t", "0", "-3", "3"]).run(), @r"
    status: 0
    --- stdout
    -3+3 = 0
    ");
}

#[test]
fn operator_subset() {
    assert_snapshot!(reckon(["--ops", "+-", "3", "3", "8", "8"]).run(), @r"
    status: 1
    --- stdout
    no solution
    ");
    assert_snapshot!(reckon(["--ops", "*", "1", "2", "3", "4"]).run(), @r"
    status: 0
    --- stdout
    1*2*3*4 = 24
    ");
}

#[test]
fn countdown_rules() {
    let run = reckon(["--rules", "countdown", "-t", "765", "1", "3", "7", "10", "25", "50"]).run();
    assert_eq!(run.status, 0, "{run}");
    assert!(run.stdout.ends_with(" = 765\n"), "{run}");
}

#[test]
fn large_numbers_stay_exact() {
    assert_snapshot!(reckon(["-t", "1", "1000000007", "999999937", "1000000009", "3"]).run(), @r"
    status: 1
    --- stdout
    no solution
    ");
}

#[test]
fn batch_with_a_malformed_line() {
    let input = "3 3 8 8\n\n# a comment\n1,1,1,1\n1 x 2\n4 4 7 7\n";
    assert_snapshot!(reckon(Vec::<String>::new()).stdin(input).run(), @r"
    status: 2
    --- stdout
    3 3 8 8: 8/(3-8/3) = 24
    1 1 1 1: no solution
    error: line 5: 'x' is not a number
    4 4 7 7: (4-4/7)*7 = 24
    --- stderr
    error: line 5: 'x' is not a number
    ");
}

/// A line that is not UTF-8 text is answered with an error line, and the
/// batch goes on.
#[test]
fn batch_with_a_line_that_is_not_text() {
    assert_snapshot!(reckon(Vec::<String>::new()).stdin_bytes(b"1 2 3 4\n\xff\xfe 1\n3 3 8 8\n").run(), @r"
    status: 2
    --- stdout
    1 2 3 4: (1+2+3)*4 = 24
    error: line 2: the line is not UTF-8 text
    3 3 8 8: 8/(3-8/3) = 24
    --- stderr
    error: line 2: the line is not UTF-8 text
    ");
}

#[test]
fn batch_as_bool() {
    assert_snapshot!(reckon(["solve", "-f", "bool"]).stdin("3 3 8 8\n1 1 1 1\n1 5 5 5\n").run(), @r"
    status: 0
    --- stdout
    true
    false
    true
    ");
}

#[test]
fn batch_as_json_lines() {
    let input = "3 3 8 8\n1 1 1 1\n7/2 1\n\n,\n";
    assert_snapshot!(reckon(["-f", "json", "-t", "7/2"]).stdin(input).run(), @r#"
    status: 2
    --- stdout
    {"cards":[3,3,8,8],"target":"7/2","solvable":false,"solution":null}
    {"cards":[1,1,1,1],"target":"7/2","solvable":false,"solution":null}
    {"cards":[1,"7/2"],"target":"7/2","solvable":true,"solution":"1*(7/2)"}
    {"line":5,"error":"the hand is empty"}
    --- stderr
    error: line 5: the hand is empty
    "#);
}

/// `3,,4` is a card left out, not the hand `3 4`.
#[test]
fn a_card_left_out_between_commas() {
    assert_snapshot!(reckon(Vec::<String>::new()).stdin("1,2,3,4\n3,,4 5 6\n8, 3, 8, 3\n").run(), @r"
    status: 2
    --- stdout
    1 2 3 4: (1+2+3)*4 = 24
    error: line 2: a comma with no card on one side of it
    3 3 8 8: 8/(3-8/3) = 24
    --- stderr
    error: line 2: a comma with no card on one side of it
    ");
}

#[test]
fn single_hand_as_json() {
    assert_snapshot!(reckon(["-f", "json", "3", "3", "8", "8"]).run(), @r#"
    status: 0
    --- stdout
    {"cards":[3,3,8,8],"target":"24","solvable":true,"solution":"8/(3-8/3)"}
    "#);
}

#[test]
fn not_a_number() {
    assert_snapshot!(reckon(["1", "x", "3"]).run(), @r"
    status: 2
    --- stderr
    error: 'x' is not a number
    ");
}

#[test]
fn empty_hand() {
    assert_snapshot!(reckon(Vec::<String>::new()).stdin(" , ,\n").run(), @r"
    status: 2
    --- stdout
    error: line 1: the hand is empty
    --- stderr
    error: line 1: the hand is empty
    ");
}

#[test]
fn target_divides_by_zero() {
    assert_snapshot!(reckon(["-t", "1/0", "1", "2"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '1/0' for '--target <T>': '1/0' divides by zero

    For more information, try '--help'.
    ");
}

#[test]
fn cards_and_targets_of_any_size() {
    let target = "21267647932558653966460912964485513216";
    assert_snapshot!(reckon(["-t", target, "4611686018427387904", "4611686018427387904", "1", "1"]).run(), @r"
    status: 0
    --- stdout
    1*1*4611686018427387904*4611686018427387904 = 21267647932558653966460912964485513216
    ");
    let input = "1/18446744073709551616 18446744073709551616 3 8\n99999999999999999999 99999999999999999998 1 23\n";
    assert_snapshot!(reckon(["--count", "-f", "json"]).stdin(input).run(), @r#"
    status: 0
    --- stdout
    {"cards":["1/18446744073709551616",3,8,"18446744073709551616"],"target":"24","solvable":true,"count":2}
    {"cards":[1,23,"99999999999999999998","99999999999999999999"],"target":"24","solvable":true,"count":6}
    "#);
    assert_snapshot!(reckon(["-t", "-36893488147419103232", "--all", "-18446744073709551616", "2"]).run(), @r"
    status: 0
    --- stdout
    2*(-18446744073709551616) = -36893488147419103232
    ");
}

#[test]
fn number_too_large() {
    let long = "9".repeat(reckon_core::number::MOST_DIGITS + 1);
    assert_snapshot!(reckon([long.as_str(), "1"]).run(), @r"
    status: 2
    --- stderr
    error: '999999999999999999999999999999999999999999999999999999999999…' has more than 10000 digits
    ");
}

#[test]
fn too_many_cards() {
    assert_snapshot!(reckon(["1"; 11]).run(), @r"
    status: 2
    --- stderr
    error: 11 cards is more than the 10 supported
    ");
}

#[test]
fn unknown_operator() {
    assert_snapshot!(reckon(["--ops", "+-%", "1", "2"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '+-%' for '--ops <OPS>': '%' is not an operator: expected some of + - * / (also written × x ÷ −), with commas or spaces between them if you like

    For more information, try '--help'.
    ");
}

#[test]
fn help_shows_examples() {
    let run = reckon(["--help"]).run();
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("Examples:\n  reckon 3 3 8 8"), "{run}");
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [("bash", "_reckon()"), ("zsh", "#compdef reckon"), ("fish", "complete -c reckon")] {
        let run = reckon(["completions", shell]).run();
        assert_eq!(run.status, 0, "{run}");
        assert!(run.stdout.contains(marker), "{shell}: {}", &run.stdout[..200.min(run.stdout.len())]);
    }
}

/// Negative cards under positive rules: the brackets of the steps stay,
/// so that the answer reads as it was made, through positive values only.
#[test]
fn cards_outside_the_domain_keep_their_brackets() {
    assert_snapshot!(reckon(["--domain", "positive", "--ops", "+*/", "-t", "10", "--", "-5", "-2", "0", "1"]).run(), @r"
    status: 0
    --- stdout
    (0+1)*(-5*(-2)) = 10
    ");
}

/// `-d` and `-f bool` do nothing for a first solution or a listing: they
/// are refused there rather than ignored.
#[test]
fn options_that_would_be_ignored() {
    assert_snapshot!(reckon(["-d", "syntax", "3", "3", "8", "8"]).run(), @r"
    status: 2
    --- stderr
    error: the following required arguments were not provided:
      <--all|--count>

    Usage: reckon --distinct <LEVEL> <--all|--count> <CARDS>...

    For more information, try '--help'.
    ");
    assert_snapshot!(reckon(["-f", "bool", "--count", "2", "4", "8", "10"]).run(), @r"
    status: 2
    --- stderr
    error: -f bool says whether a hand has a solution: it does not combine with --all or --count
    ");
}

/// `-f steps` works a solution one operation at a time, for one hand, every
/// solution, a batch (one line a hand) and Countdown's nearest answers.
#[test]
fn steps() {
    assert_snapshot!(reckon(["-f", "steps", "3", "3", "8", "8"]).run(), @r"
    status: 0
    --- stdout
    8/3 = 8/3; 3-8/3 = 1/3; 8/(1/3) = 24
    ");
    assert_snapshot!(reckon(["-f", "steps", "--all", "6", "6", "6", "6"]).run(), @r"
    status: 0
    --- stdout
    6+6 = 12; 12+6 = 18; 18+6 = 24
    6*6 = 36; 36-6 = 30; 30-6 = 24
    ");
    assert_snapshot!(reckon(["-f", "steps", "--all"]).stdin("6 6 6 6\n1 1 1 1\n").run(), @r"
    status: 0
    --- stdout
    6 6 6 6: 6+6 = 12; 12+6 = 18; 18+6 = 24 | 6*6 = 36; 36-6 = 30; 30-6 = 24
    1 1 1 1: no solution
    ");
    assert_snapshot!(reckon(["-f", "steps", "-t", "1", "-1/7", "-7"]).run(), @r"
    status: 0
    --- stdout
    -7*(-1/7) = 1
    ");
    assert_snapshot!(reckon(["-f", "steps", "--rules", "countdown", "-t", "831", "1", "3", "7", "10", "25", "50"]).run(), @r"
    status: 1
    --- stdout
    no solution; closest: 1+7 = 8; 3*25 = 75; 8+75 = 83; 83*10 = 830 or 1+10 = 11; 11*3 = 33; 33*25 = 825; 825+7 = 832 (1 away)
    ");
}

/// The command line answers through the library's strategy: for hands of
/// each size the strategy treats apart, the engines `reckon` reports
/// (under `RECKON_SHOW_ENGINES`) are those [`Solver::route`] reports for
/// the same hand, alone and in a batch, finding a solution or deciding.
#[test]
fn the_command_line_answers_through_the_library_strategy() {
    use reckon_core::{Hand, Rational, Rules, Solver};

    let by_target = [
        ("24", vec!["3 3 8 8", "1 1 1 1", "1 2 3 4 5 6 7", "1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1 1"]),
        ("5041", vec!["1 2 3 4 5 6 7"]),
        ("1/1000003", vec!["2 3 5 7 11 13 17", "1 1 1 1 1 1 1 1 1 1"]),
    ];
    let route = |solver: &Solver| solver.route().iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    let mut solved = String::new();
    let mut decided = String::new();
    for (target, hands) in by_target {
        let rules = Rules::with_target(target.parse::<Rational>().unwrap());
        let (mut solver, mut decider) = (Solver::new(rules), Solver::new(rules));
        let (mut expected_solved, mut expected_decided) = (String::new(), String::new());
        for cards in &hands {
            let hand: Hand = cards.parse().unwrap();
            solver.try_solve(&hand).unwrap();
            decider.try_decide(&hand).unwrap();
            expected_solved += &format!("{hand}: {}\n", route(&solver));
            expected_decided += &format!("{hand}: {}\n", route(&decider));
            let alone =
                reckon(["-t", target].into_iter().chain(cards.split(' '))).env("RECKON_SHOW_ENGINES", "1").run();
            assert_eq!(alone.stderr, format!("{hand}: {}\n", route(&solver)), "{cards} alone");
        }
        let batch = hands.join("\n");
        let run = reckon(["-t", target]).env("RECKON_SHOW_ENGINES", "1").stdin(&batch).run();
        assert_eq!(run.stderr, expected_solved, "-t {target}");
        let run = reckon(["-t", target, "-f", "bool"]).env("RECKON_SHOW_ENGINES", "1").stdin(&batch).run();
        assert_eq!(run.stderr, expected_decided, "-t {target} -f bool");
        solved += &format!("-t {target}\n{expected_solved}");
        decided += &format!("-t {target}\n{expected_decided}");
    }
    // What the strategy chose: value sets first up to six cards, a short
    // search before them up to eight (and the enumerator for a solution
    // the search missed), a search beyond.
    assert_snapshot!(solved, @r"
    -t 24
    3 3 8 8: value sets, search
    1 1 1 1: value sets
    1 2 3 4 5 6 7: search
    1 1 1 1 1 1 1: search
    1 1 1 1 1 1 1 1 1: search
    -t 5041
    1 2 3 4 5 6 7: search, value sets, enumerator
    -t 1/1000003
    2 3 5 7 11 13 17: search, value sets
    1 1 1 1 1 1 1 1 1 1: search
    ");
    assert_snapshot!(decided, @r"
    -t 24
    3 3 8 8: value sets
    1 1 1 1: value sets
    1 2 3 4 5 6 7: search
    1 1 1 1 1 1 1: search
    1 1 1 1 1 1 1 1 1: search
    -t 5041
    1 2 3 4 5 6 7: search, value sets
    -t 1/1000003
    2 3 5 7 11 13 17: search, value sets
    1 1 1 1 1 1 1 1 1 1: search
    ");
}

/// CSV rows: a header, then one row per hand, or per solution with --all;
/// a hand of another size than the first is left out, with an error.
#[test]
fn csv_rows_of_a_batch() {
    let batch = "3 3 8 8\n1 1 1 1\n1 2 3\n4 4 7 7\n";
    assert_snapshot!(reckon(["-f", "csv"]).stdin(batch).run(), @r"
    status: 2
    --- stdout
    card1,card2,card3,card4,target,solvable,solution
    3,3,8,8,24,true,8/(3-8/3)
    1,1,1,1,24,false,
    4,4,7,7,24,true,(4-4/7)*7
    --- stderr
    error: 1 2 3: the CSV rows hold 4 cards, as the first hand does; use -f json for hands of different sizes
    ");
    assert_snapshot!(reckon(["--count", "--rate", "-f", "csv"]).stdin("3 3 8 8\n1 2 3 4\n1 1 1 1\n").run(), @r"
    status: 0
    --- stdout
    card1,card2,card3,card4,target,solvable,count,difficulty
    3,3,8,8,24,true,1,hard
    1,2,3,4,24,true,3,easy
    1,1,1,1,24,false,0,
    ");
    assert_snapshot!(reckon(["--all", "-f", "csv", "1", "1", "5", "5"]).run(), @r"
    status: 0
    --- stdout
    card1,card2,card3,card4,target,solution
    1,1,5,5,24,5*5*1-1
    1,1,5,5,24,(5+1)*(5-1)
    ");
    // jsonl is another name for json.
    let json = reckon(["-f", "json", "3", "3", "8", "8"]).run();
    assert_eq!(json.stdout, reckon(["-f", "jsonl", "3", "3", "8", "8"]).run().stdout);
}
