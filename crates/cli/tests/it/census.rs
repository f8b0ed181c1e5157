//! `reckon census` and `reckon reach`.

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
    need fractions: 10 (1 3 4 6, 1 4 5 6, 1 5 5 5, 1 6 6 8, 2 4 10 10, 2 5 5 10, 2 7 7 10, 3 3 7 7, 3 3 8 8, 4 4 7 7)
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
    assert_eq!(rows[0], "cards,solvable,solution,needs_fractions,needs_negatives");
    assert_eq!(rows.len(), 1 + 1820);
    assert_eq!(rows.iter().filter(|r| r.contains(",true,")).count(), 1540);
    assert_snapshot!(rows[1..4].join("\n"), @r"
    1 1 1 1,false,,false,false
    1 1 1 2,false,,false,false
    1 1 1 3,false,,false,false
    ");
}

fn rows(jsonl: &str) -> Vec<&str> {
    jsonl.lines().filter(|l| !l.starts_with("{\"summary\"")).collect()
}

fn summary(jsonl: &str) -> &str {
    jsonl.lines().last().filter(|l| l.starts_with("{\"summary\"")).expect("a summary line")
}

#[test]
fn shards_concatenate_and_merge_to_the_whole() {
    let whole = reckon(["census", "--count", "--rate", "-f", "jsonl"]).run();
    assert_eq!(whole.status, 0);
    let dir = std::env::temp_dir().join(format!("reckon-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut concatenated = Vec::new();
    let mut files = Vec::new();
    for i in 1..=3 {
        let part = reckon(["census", "--count", "--rate", "-f", "jsonl", "--shard", &format!("{i}/3")]).run();
        assert_eq!(part.status, 0, "{part}");
        concatenated.extend(rows(&part.stdout).into_iter().map(str::to_owned));
        let file = dir.join(format!("part{i}.jsonl"));
        std::fs::write(&file, &part.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    assert_eq!(concatenated, rows(&whole.stdout));
    let merged = reckon(["census", "-f", "jsonl", "--merge"].into_iter().map(String::from).chain(files.clone())).run();
    assert_eq!(merged.stdout.trim_end(), summary(&whole.stdout), "{merged}");
    let merged_text = reckon(["census", "--merge"].into_iter().map(String::from).chain(files)).run();
    let whole_text = reckon(["census", "--count", "--rate"]).run();
    assert_eq!(
        merged_text.stdout,
        whole_text.stdout.split_once('\n').unwrap().1,
        "the same summary, without the header"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A hand's band in a census row is the one `reckon --count --rate` gives it.
#[test]
fn ratings_in_rows_and_summary() {
    let census = reckon(["census", "--rate", "--range", "1..=6", "-f", "csv"]).run();
    assert_eq!(census.status, 0, "{census}");
    let rows: Vec<&str> = census.stdout.lines().collect();
    assert_eq!(rows[0], "cards,solvable,solution,needs_fractions,needs_negatives,difficulty");
    let hands: String = rows[1..].iter().map(|row| row.split(',').next().unwrap().to_owned() + "\n").collect();
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
    let one = reckon(["census", "--count", "-f", "jsonl", "-j", "1", "--range", "1..=10"]).run();
    let two = reckon(["census", "--count", "-f", "jsonl", "-j", "2", "--range", "1..=10"]).run();
    assert_eq!(one.status, 0);
    assert_eq!(one.stdout, two.stdout);
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
       20: 3         21: 1         22: 0         23: 0         24: 4         25: 0         26: 0         27: 1
       28: 1         29: 0         30: 0
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
    // The summary line names the pool by runs of values with their copies.
    let run = reckon(["census", "--rules", "countdown", "--max-copies", "1", "-t", "765", "-f", "jsonl"]).run();
    let summary: serde_json::Value = serde_json::from_str(run.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(
        summary["summary"]["census"]["pool"],
        serde_json::json!([[1, 10, 1], [25, 25, 1], [50, 50, 1], [75, 75, 1], [100, 100, 1]])
    );
    assert_snapshot!(head(&["census", "--rules", "countdown", "--max-copies", "1", "-t", "765"]), @r"
    census of Countdown selections (6 numbers from one each of 1..=10 and 25, 50, 75, 100), target 765, operators +-*/, any subset
    hands: 3003
    solvable: 2967 (98.8%)
    ");
}

#[test]
fn reach_of_four_fours() {
    assert_snapshot!(reckon(["reach", "4", "4", "4", "4", "--range", "0..=10"]).run(), @r"
    status: 0
    --- stdout
    makes 0-9 (10 of 0..=10)
    smallest positive whole number it cannot make: 10
    ");
}

/// Eight distinct cards make some 200 million values in their last step:
/// refused with a message, within bounded memory, never an abort.
#[test]
fn reach_past_the_memory_budget_is_refused() {
    assert_snapshot!(reckon(["reach", "1", "2", "3", "4", "5", "6", "7", "8"]).run(), @r"
    status: 2
    --- stderr
    error: working out every value these 8 cards make would take more than about 2 GB of memory; try fewer cards, or cards that repeat
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

/// Merging checks that its files are the shards of one census, each once
/// and none missing, cut short or short of a row.
#[test]
fn merging_refuses_shards_that_do_not_belong_together() {
    let dir = std::env::temp_dir().join(format!("reckon-bad-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shard = |name: &str, extra: &[&str]| {
        let args = ["census", "--cards", "3", "--range", "1..=5", "-f", "jsonl"].iter().chain(extra);
        let run = reckon(args.copied()).run();
        assert_eq!(run.status, 0, "{run}");
        let file = dir.join(name);
        std::fs::write(&file, &run.stdout).unwrap();
        file.to_string_lossy().into_owned()
    };
    let (one, two) = (shard("one.jsonl", &["--shard", "1/2"]), shard("two.jsonl", &["--shard", "2/2"]));
    let other_target = shard("ten.jsonl", &["-t", "10", "--shard", "2/2"]);
    let cut = dir.join("cut.jsonl");
    std::fs::write(&cut, std::fs::read_to_string(&two).unwrap().lines().next().unwrap()).unwrap();
    let cut = cut.to_string_lossy().into_owned();
    // A row lost, or one repeated, no longer adds up to the file's summary line.
    let edited = |name: &str, edit: fn(Vec<&str>) -> Vec<&str>| {
        let text = std::fs::read_to_string(&two).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, edit(text.lines().collect()).join("\n")).unwrap();
        file.to_string_lossy().into_owned()
    };
    let lost = edited("lost.jsonl", |mut lines| {
        lines.remove(1);
        lines
    });
    let repeated = edited("repeated.jsonl", |mut lines| {
        lines.insert(0, lines[0]);
        lines
    });
    let merge = |files: &[&String]| {
        reckon(["census", "--merge"].into_iter().map(String::from).chain(files.iter().map(|f| f.to_string()))).run()
    };
    assert_eq!(merge(&[&one, &two]).status, 0);
    for (files, says) in [
        (vec![&one, &one], "shard 1/2 again"),
        (vec![&one], "shard 2/2 is missing"),
        (vec![&one, &other_target], "a different census"),
        (vec![&one, &cut], "no summary line"),
        (vec![&one, &lost], "do not add up to this summary line"),
        (vec![&one, &repeated], "do not add up to this summary line"),
    ] {
        let run = merge(&files);
        assert_eq!(run.status, 2, "{run}");
        assert!(run.stderr.contains(says), "{run}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
