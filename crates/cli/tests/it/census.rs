//! `reckon census`: summaries, rows, shards and merges, plots.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn summary_for_cards_one_to_ten() {
    assert_snapshot!(reckon(["census", "--range", "1..=10"]).run(), @r"
    status: 0
    --- stdout
    census of hands of 4 cards, target 24, operators +-*/
    hands: 715
    solvable: 566 (79.2%)
    need fractions: 10 (1 3 4 6, 1 4 5 6, 1 5 5 5, 1 6 6 8, 2 4 10 10, 2 5 5 10,
      2 7 7 10, 3 3 7 7, 3 3 8 8, 4 4 7 7)
    need negative intermediate results: 0
    ");
}

#[test]
fn counted_summary_for_the_full_deck() {
    let run = reckon(["census", "--count"]).run();
    assert_eq!(run.status, 0, "{run}");
    assert!(run.stdout.contains("hands: 1820\nsolvable: 1362 (74.8%)\n"), "{run}");
    assert!(run.stdout.contains("distinct solutions: 3017\n"), "{run}");
    assert!(run.stdout.contains("   11: 1\n"), "one hand has 11 solutions: {run}");
}

#[test]
fn target_ten_and_csv_rows() {
    let run = reckon(["census", "-t", "10", "-f", "csv"]).run();
    assert_eq!(run.status, 0);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows[0], "card1,card2,card3,card4,solvable,solution,needs_fractions,needs_negatives");
    assert_eq!(rows.len(), 1 + 1820);
    assert_eq!(rows.iter().filter(|r| r.contains(",true,")).count(), 1540);
    assert_snapshot!(rows[1..4].join("\n"), @r"
    1,1,1,1,false,,false,false
    1,1,1,2,false,,false,false
    1,1,1,3,false,,false,false
    ");
}

/// A fresh directory for the files of one test.
pub(crate) fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("reckon-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The summary a census wrote to `path`, without the labels that tell how
/// the rows beside it were written.
pub(crate) fn summary_in(path: &std::path::Path) -> serde_json::Value {
    let mut summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let fields = summary.as_object_mut().unwrap();
    fields.remove("rows_format");
    fields.remove("long_rows");
    summary
}

/// A hand's band in a census row is the one `reckon --count --rate` gives it.
#[test]
fn ratings_in_rows_and_summary() {
    let census = reckon(["census", "--rate", "--range", "1..=6", "-f", "csv"]).run();
    assert_eq!(census.status, 0, "{census}");
    let rows: Vec<&str> = census.stdout.lines().collect();
    assert_eq!(rows[0], "card1,card2,card3,card4,solvable,solution,needs_fractions,needs_negatives,difficulty");
    let hands: String =
        rows[1..].iter().map(|row| row.split(',').take(4).collect::<Vec<_>>().join(" ") + "\n").collect();
    let rated = reckon(["--count", "--rate"]).stdin(&hands).run();
    assert_eq!(rated.status, 0, "{rated}");
    for (row, line) in rows[1..].iter().zip(rated.stdout.lines()) {
        let band = row.rsplit(',').next().unwrap();
        let expected = line.rsplit("difficulty: ").next().unwrap();
        assert_eq!(if band.is_empty() { "none" } else { band }, expected, "{row} / {line}");
    }
    assert_snapshot!(reckon(["census", "--rate", "--range", "1..=6"]).run(), @r"
    status: 0
    --- stdout
    census of hands of 4 cards, target 24, operators +-*/
    hands: 126
    solvable: 105 (83.3%)
    need fractions: 3 (1 3 4 6, 1 4 5 6, 1 5 5 5)
    need negative intermediate results: 0
    difficulty of the solvable hands:
      easy:   40 (38.1%)
      medium: 44 (41.9%)
      hard:   21 (20.0%)
    ");
}

#[test]
fn one_thread_or_two_give_the_same_output() {
    for format in ["json", "csv", "text"] {
        let one = reckon(["census", "--count", "-f", format, "-j", "1", "--range", "1..=10"]).run();
        let two = reckon(["census", "--count", "-f", format, "-j", "2", "--range", "1..=10"]).run();
        assert_eq!(one.status, 0);
        assert_eq!(one.stdout, two.stdout);
    }
}

#[test]
fn many_targets_at_once() {
    assert_snapshot!(reckon(["census", "--cards", "3", "--range", "1..=4", "--targets", "20..=30"]).run(), @r"
    status: 0
    --- stdout
    census of hands of 3 cards, targets 20..=30, operators +-*/
    hands: 20
    games (hand, target): 220, solvable: 10 (4.5%)
    hands that reach every target of 20..=30: 0
    hands reaching each target:
    20: 3   21: 1   22: 0   23: 0   24: 4   25: 0   26: 0   27: 1   28: 1   29: 0
    30: 0
    ");
}

#[test]
fn bad_census_options() {
    assert_snapshot!(reckon(["census", "--range", "5..=1"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '5..=1' for '--range <LO..=HI>': '5..=1' is an empty range: 5 is above 1

    For more information, try '--help'.
    ");
    assert_snapshot!(reckon(["census", "--shard", "4/3"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '4/3' for '--shard <I/N>': shard 4/3 does not exist: I must be between 1 and N

    For more information, try '--help'.
    ");
}

/// A census that fails leaves no empty summary or plot behind; one that
/// ends writes both.
#[test]
fn a_failed_census_leaves_no_files() {
    let dir = scratch("failed");
    let (summary, plot) = (dir.join("s.summary.json"), dir.join("p.svg"));
    let run = |range: &str, cards: &str| {
        let files = ["--summary", summary.to_str().unwrap(), "--plot", plot.to_str().unwrap()];
        reckon(
            ["census", "--count", "-f", "json", "--range", range, "--cards", cards, "--max-copies", "1"]
                .into_iter()
                .chain(files),
        )
        .run()
    };
    let failed = run("1..=3", "5");
    assert_eq!(failed.status, 2, "{failed}");
    assert!(!summary.exists() && !plot.exists(), "{failed}");
    let done = run("1..=6", "3");
    assert_eq!(done.status, 0, "{done}");
    assert!(summary.exists() && plot.exists(), "{done}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Options a census would not use, or could not honour, are refused
/// rather than silently dropped.
#[test]
fn census_options_it_cannot_use() {
    let refused = |args: &[&str]| {
        let run = reckon(args.iter().copied()).run();
        assert_eq!(run.status, 2, "{run}");
        run.stderr
    };
    assert_snapshot!(refused(&["census", "-d", "syntax"]), @r"
    error: the following required arguments were not provided:
      --count

    Usage: reckon census --count --distinct <LEVEL>

    For more information, try '--help'.
    ");
    assert_snapshot!(refused(&["census", "--targets", "1..=10", "-t", "7"]), @"error: -t gives one target and --targets a range of them: give one of the two");
    assert_snapshot!(refused(&["census", "--rules", "countdown", "--count"]), @"error: --count counts the solutions for one target: give it with -t (without one, the Countdown pool's census counts the targets 100..=999 each selection makes)");
    assert_snapshot!(refused(&["census", "--targets", "1..=10", "--rate"]), @"error: --rate rates the hands for one target; it does not combine with --targets");
    assert_snapshot!(refused(&["census", "--cards", "5", "--range", "1..=3", "--max-copies", "1"]), @"error: no hands: 5 cards cannot be drawn from the values 1 x1, 2 x1, 3 x1");
    assert_snapshot!(refused(&["census", "--cards", "1", "--range=-9223372036854775808..=9223372036854775807"]), @"error: --range -9223372036854775808..=9223372036854775807: -9223372036854775808 is not a card (cards lie above -2^63)");
    assert_snapshot!(refused(&["census", "--cards", "1", "--range", "1..=1000000000"]), @"error: --range 1..=1000000000 with 1 card makes 1000000000 hands: a census lists at most 16777216; narrow the range");
    assert_snapshot!(refused(&["census", "--cards", "2", "--targets", "0..=9223372036854775807"]), @"error: --targets 0..=9223372036854775807 spans 9223372036854775808 targets: a census counts at most 1048576");
}

/// The Countdown pool's census honours one target, and a limit on copies.
#[test]
fn countdown_pool_with_one_target_or_fewer_copies() {
    let head = |args: &[&str]| {
        let run = reckon(args.iter().copied()).run();
        assert_eq!(run.status, 0, "{run}");
        run.stdout.lines().take(3).collect::<Vec<_>>().join("\n")
    };
    assert_snapshot!(head(&["census", "--rules", "countdown", "-t", "765"]), @r"
    census of Countdown selections (6 numbers from two each of 1..=10 and 25, 50, 75, 100), target 765, operators +-*/, any subset
    hands: 13243
    solvable: 12101 (91.4%)
    ");
    // The summary names the pool by runs of values with their copies.
    let dir = scratch("pool");
    let file = dir.join("s.json");
    let run = reckon(["census", "--rules", "countdown", "--max-copies", "1", "-t", "765", "--summary"])
        .arg(file.to_str().unwrap())
        .run();
    assert_eq!(run.status, 0, "{run}");
    let run = |lo: i64, hi: i64| serde_json::json!({"lo": lo, "hi": hi, "copies": 1});
    assert_eq!(
        summary_in(&file)["census"]["pool"],
        serde_json::json!([run(1, 10), run(25, 25), run(50, 50), run(75, 75), run(100, 100)])
    );
    std::fs::remove_dir_all(dir).unwrap();
    assert_snapshot!(head(&["census", "--rules", "countdown", "--max-copies", "1", "-t", "765"]), @r"
    census of Countdown selections (6 numbers from one each of 1..=10 and 25, 50, 75, 100), target 765, operators +-*/, any subset
    hands: 3003
    solvable: 2967 (98.8%)
    ");
}

/// A Countdown target the numbers cannot make is answered with the nearest
/// values they make, as the show scores it, and exit status 1.
#[test]
fn countdown_answers_with_the_closest_when_not_exact() {
    let game = ["--rules", "countdown", "-t", "831", "1", "3", "7", "10", "25", "50"];
    assert_snapshot!(reckon(game).run(), @r"
    status: 1
    --- stdout
    no solution; closest: 830 = (1+7+3*25)*10 or 832 = (1+10)*3*25+7 (1 away)
    ");
    assert_snapshot!(reckon(["-f", "json"].into_iter().chain(game)).run(), @r#"
    status: 1
    --- stdout
    {"cards":[1,3,7,10,25,50],"target":"831","solvable":false,"solution":null,"closest":[{"value":"830","distance":"1","solution":"(1+7+3*25)*10"},{"value":"832","distance":"1","solution":"(1+10)*3*25+7"}]}
    "#);
    // The 24 game keeps its plain answer.
    let plain = reckon(["-t", "831", "1", "3", "7", "10", "25", "50"]).run();
    assert_eq!((plain.status, plain.stdout.as_str()), (1, "no solution\n"));
}

#[test]
fn countdown_games() {
    let game = ["--rules", "countdown", "1", "3", "7", "10", "25", "50"];
    let solved = reckon(["-t", "765"].into_iter().chain(game)).run();
    assert_eq!(solved.status, 0, "{solved}");
    assert!(solved.stdout.ends_with(" = 765\n"));
    let unsolved = reckon(["-t", "831"].into_iter().chain(game)).run();
    assert_eq!(unsolved.status, 1, "{unsolved}");
    assert!(unsolved.stdout.starts_with("no solution; closest: 830 = "), "{unsolved}");
    assert_snapshot!(reckon(["reach", "--rules", "countdown", "--range", "100..=999", "1", "1", "2", "2", "3", "3"]).run(), @r"
    status: 0
    --- stdout
    makes nothing (0 of 100..=999)
    smallest positive whole number it cannot make: 58
    ");
}

#[test]
fn countdown_census_of_the_standard_pool() {
    let run = reckon(["census", "--rules", "countdown"]).run();
    assert_eq!(run.status, 0, "{run}");
    let head: Vec<&str> = run.stdout.lines().take(5).collect();
    assert_snapshot!(head.join("\n"), @r"
    census of Countdown selections (6 numbers from two each of 1..=10 and 25, 50, 75, 100), targets 100..=999, operators +-*/, any subset
    hands: 13243
    games (hand, target): 11918700, solvable: 10871986 (91.2%)
    hands that reach every target of 100..=999: 1226
    hands reaching each target:
    ");
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    for format in ["csv", "jsonl"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_reckon"))
            .args(["census", "--cards", "5", "-f", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        // The reader is gone: the next rows meet a closed pipe.
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{format}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(output.stderr.is_empty(), "{format}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

#[test]
fn zero_copies_is_refused() {
    assert_snapshot!(reckon(["census", "--max-copies", "0"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '0' for '--max-copies <K>': must be at least 1 (with 0 copies of each value there is no hand)

    For more information, try '--help'.
    ");
}

#[test]
fn top_hands_at_both_ends() {
    let dir = scratch("top");
    let file = dir.join("s.json");
    let run =
        reckon(["census", "--range", "1..=6", "--count", "--top", "2", "--summary"]).arg(file.to_str().unwrap()).run();
    assert_eq!(run.status, 0, "{run}");
    assert_snapshot!(run.stdout.split_once("hardest").unwrap().1, @r"
     (fewest solutions, fraction-only first):
      1 3 4 6 (1 solution, needs fractions)
      1 5 5 5 (1 solution, needs fractions)
    easiest (most solutions):
      2 3 4 6 (9 solutions)
      3 3 5 6 (7 solutions)
    ");
    let summary = summary_in(&file);
    assert_snapshot!(summary["hardest"].to_string(), @r#"[{"cards":[1,3,4,6],"count":1,"needs_fractions":true},{"cards":[1,5,5,5],"count":1,"needs_fractions":true}]"#);
    assert_snapshot!(summary["easiest"].to_string(), @r#"[{"cards":[2,3,4,6],"count":9,"needs_fractions":false},{"cards":[3,3,5,6],"count":7,"needs_fractions":false}]"#);
    let refused = reckon(["census", "--top", "3"]).run();
    assert_eq!(refused.status, 2, "{refused}");
    assert!(refused.stderr.contains("--top ranks the hands by their number of solutions: give --count"), "{refused}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Past twenty different counts, the histogram is binned into ranges of a round width.
#[test]
fn a_histogram_of_many_counts_is_binned() {
    let dir = scratch("binned");
    let plot = dir.join("binned.svg");
    let run = reckon(["census", "--cards", "5", "--range", "1..=6", "--count", "--plot", plot.to_str().unwrap()]).run();
    assert_eq!(run.status, 0, "{run}");
    let histogram = run.stdout.split_once("(solutions: hands):\n").unwrap().1.split_once("hardest").unwrap().0;
    assert_eq!(bars(&std::fs::read_to_string(&plot).unwrap()), histogram.lines().count(), "a bar per bin");
    std::fs::remove_dir_all(dir).unwrap();
    assert_snapshot!(histogram, @r"
        0-4: 40
        5-9: 51
      10-14: 53
      15-19: 33
      20-24: 25
      25-29: 15
      30-34: 12
      35-39: 9
      40-44: 4
      45-49: 5
      50-54: 2
      55-59: 2
      70-74: 1
    ");
}

#[test]
fn census_rows_in_csv_and_json() {
    let head = |args: &[&str], lines: usize| {
        let run = reckon(args.iter().copied()).run();
        assert_eq!(run.status, 0, "{run}");
        run.stdout.lines().take(lines).collect::<Vec<_>>().join("\n")
    };
    let hands = ["census", "--range", "3..=8", "--count", "--rate"];
    assert_snapshot!(head(&[&hands[..], &["-f", "csv"]].concat(), 3), @r"
    card1,card2,card3,card4,solvable,solution,needs_fractions,needs_negatives,count,difficulty
    3,3,3,3,true,3*3*3-3,false,false,1,medium
    3,3,3,4,true,(3*3-3)*4,false,false,2,hard
    ");
    assert_snapshot!(head(&[&hands[..], &["-f", "jsonl"]].concat(), 2), @r#"
    {"cards":[3,3,3,3],"solvable":true,"solution":"3*3*3-3","needs_fractions":false,"needs_negatives":false,"count":1,"difficulty":"medium"}
    {"cards":[3,3,3,4],"solvable":true,"solution":"(3*3-3)*4","needs_fractions":false,"needs_negatives":false,"count":2,"difficulty":"hard"}
    "#);
    let targets = ["census", "--cards", "3", "--range", "1..=4", "--targets", "1..=6"];
    assert_snapshot!(head(&[&targets[..], &["-f", "csv"]].concat(), 3), @r"
    card1,card2,card3,reachable_count
    1,1,1,3
    1,1,2,4
    ");
    assert_snapshot!(head(&[&targets[..], &["-f", "json"]].concat(), 2), @r#"
    {"cards":[1,1,1],"reachable":[1,2,3],"reachable_count":3}
    {"cards":[1,1,2],"reachable":[1,2,3,4],"reachable_count":4}
    "#);
    let long = [&targets[..], &["--long", "--count"]].concat();
    assert_snapshot!(head(&[&long[..], &["-f", "csv"]].concat(), 5), @r"
    card1,card2,card3,target,reachable,count
    1,1,1,1,true,1
    1,1,1,2,true,1
    1,1,1,3,true,1
    1,1,1,4,false,0
    ");
    let json = reckon([&long[..], &["-f", "json"]].concat()).run();
    assert_eq!(json.stdout.lines().count(), 20 * 6, "a row per hand and target");
    let reaching = json.stdout.lines().filter(|line| line.contains("\"reachable\":true")).count();
    assert_eq!(reaching, 89, "the solvable games of the summary");
    assert_snapshot!(json.stdout.lines().nth(3).unwrap(), @r#"{"cards":[1,1,1],"target":4,"reachable":false,"count":0}"#);
    let refused = reckon(["census", "--targets", "1..=6", "--count"]).run();
    assert_eq!(refused.status, 2);
    assert_snapshot!(refused.stderr, @"error: --count with --targets counts the solutions of each hand and target: give --long for one row per hand and target");
    let refused = reckon(["census", "--long", "-f", "csv"]).run();
    assert_eq!(refused.status, 2);
    assert_snapshot!(refused.stderr, @"error: --long writes one row per hand and target: give --targets");
    let refused = reckon(["census", "--targets", "1..=6", "--long"]).run();
    assert_eq!(refused.status, 2);
    assert_snapshot!(refused.stderr, @"error: --long writes one row per hand and target: give -f csv or -f json");
}

#[test]
fn plots_are_svg_with_titles_labels_and_one_bar_per_row() {
    let dir = scratch("plot");
    let file = dir.join("solutions.svg");
    let run = reckon(["census", "--range", "1..=6", "--count", "--plot", file.to_str().unwrap()]).run();
    assert_eq!(run.status, 0, "{run}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"), "{svg}");
    for text in ["Distinct solutions per hand: census of hands of 4 cards", "distinct solutions", "hands"] {
        assert!(svg.contains(text), "{text}: {svg}");
    }
    let histogram_rows = run.stdout.split_once("(solutions: hands):\n").unwrap().1.split_once("hardest").unwrap().0;
    assert_eq!(bars(&svg), histogram_rows.lines().count());
    let file = dir.join("targets.svg");
    let run = reckon([
        "census",
        "--cards",
        "3",
        "--range",
        "1..=4",
        "--targets",
        "20..=30",
        "--plot",
        file.to_str().unwrap(),
    ])
    .run();
    assert_eq!(run.status, 0, "{run}");
    let svg = std::fs::read_to_string(&file).unwrap();
    for text in ["Hands that reach each target", "target", "hands that reach it"] {
        assert!(svg.contains(text), "{text}: {svg}");
    }
    assert_eq!(bars(&svg), 11, "one bar per target");
    let refused = reckon(["census", "--plot", file.to_str().unwrap()]).run();
    assert_eq!(refused.status, 2);
    assert_snapshot!(refused.stderr, @"error: --plot draws the solutions per hand (with --count) or the hands that reach each target (with --targets): give one of them");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The bars of a plot: its filled rectangles but the background.
pub(crate) fn bars(svg: &str) -> usize {
    svg.lines().filter(|line| line.starts_with("<rect") && line.contains("fill=\"#3B6EA8\"")).count()
}
