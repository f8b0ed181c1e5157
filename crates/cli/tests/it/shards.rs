//! `reckon census --shard` and `--merge`: the slices of a census add up to
//! the whole, and a merge refuses what is not exactly those slices.

use crate::census::{bars, scratch, summary_in};
use crate::reckon;

#[test]
fn shards_concatenate_and_merge_to_the_whole() {
    let dir = scratch("shards");
    let whole_summary = dir.join("whole.summary.json");
    let census = ["census", "--count", "--rate", "-f", "jsonl"];
    let whole = reckon(census.into_iter().chain(["--summary", whole_summary.to_str().unwrap()])).run();
    assert_eq!(whole.status, 0);
    assert!(whole.stdout.lines().all(|line| line.starts_with("{\"cards\":")), "rows only on stdout");
    let mut concatenated = String::new();
    let mut files = Vec::new();
    for i in 1..=3 {
        let file = dir.join(format!("part{i}.jsonl"));
        let summary = dir.join(format!("part{i}.summary.json"));
        let shard = format!("{i}/3");
        let part = census.into_iter().chain(["--shard", &shard, "--summary", summary.to_str().unwrap()]);
        let part = reckon(part).run();
        assert_eq!(part.status, 0, "{part}");
        concatenated += &part.stdout;
        std::fs::write(&file, &part.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    assert_eq!(concatenated, whole.stdout);
    let merged = reckon(["census", "-f", "json", "--merge"].into_iter().map(String::from).chain(files.clone())).run();
    assert_eq!(merged.status, 0, "{merged}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&merged.stdout).unwrap(), summary_in(&whole_summary));
    let plot = dir.join("merged.svg");
    let merged_text = reckon(["census", "--merge"].into_iter().map(String::from).chain(files))
        .arg("--plot")
        .arg(plot.to_str().unwrap())
        .run();
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("Distinct solutions per hand: merged census"), "{svg}");
    assert_eq!(bars(&svg), 12, "from 0 to 11 solutions");
    let whole_text = reckon(["census", "--count", "--rate"]).run();
    assert_eq!(
        merged_text.stdout,
        whole_text.stdout.split_once('\n').unwrap().1,
        "the same summary, without the header"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Merging checks that its files are the shards of one census, each once
/// and none missing, cut short, short of a row or stopped by Ctrl-C.
#[test]
fn merging_refuses_shards_that_do_not_belong_together() {
    let dir = scratch("bad-shards");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let shard = |name: &str, extra: &[&str]| {
        let summary = path(&format!("{name}.summary.json"));
        let args = ["census", "--cards", "3", "--range", "1..=5", "-f", "jsonl", "--summary", &summary];
        let run = reckon(args.iter().chain(extra).copied()).run();
        assert_eq!(run.status, 0, "{run}");
        std::fs::write(path(&format!("{name}.jsonl")), &run.stdout).unwrap();
        path(&format!("{name}.jsonl"))
    };
    let (one, two) = (shard("one", &["--shard", "1/2"]), shard("two", &["--shard", "2/2"]));
    let other_target = shard("ten", &["-t", "10", "--shard", "2/2"]);
    // Copies of shard 2/2, its rows or its summary edited.
    let edited = |name: &str, rows: fn(Vec<&str>) -> Vec<&str>, summary: fn(String) -> String| {
        let text = std::fs::read_to_string(&two).unwrap();
        std::fs::write(path(&format!("{name}.jsonl")), rows(text.lines().collect()).join("\n")).unwrap();
        let summary_text = std::fs::read_to_string(path("two.summary.json")).unwrap();
        std::fs::write(path(&format!("{name}.summary.json")), summary(summary_text)).unwrap();
        path(&format!("{name}.jsonl"))
    };
    let cut = edited("cut", |lines| lines[..1].to_vec(), |s| s);
    let lost = edited(
        "lost",
        |mut lines| {
            lines.remove(1);
            lines
        },
        |s| s,
    );
    let repeated = edited(
        "repeated",
        |mut lines| {
            lines.insert(0, lines[0]);
            lines
        },
        |s| s,
    );
    let cut_summary = edited("cutsummary", |lines| lines, |s| s[..s.len() / 2].to_owned());
    let stopped = edited("stopped", |lines| lines, |s| s.replacen('{', r#"{"interrupted":true,"#, 1));
    let lonely = path("lonely.jsonl");
    std::fs::copy(&two, &lonely).unwrap();
    let merge = |files: &[&String], extra: &[&str]| {
        let files = files.iter().map(|f| f.to_string());
        reckon(
            ["census", "--merge"].into_iter().map(String::from).chain(files).chain(extra.iter().map(|e| e.to_string())),
        )
        .run()
    };
    assert_eq!(merge(&[&one, &two], &[]).status, 0);
    let plot = path("plot.svg");
    let not_counted = merge(&[&one, &two], &["--plot", &plot]);
    assert_eq!(not_counted.status, 2, "{not_counted}");
    assert!(not_counted.stderr.contains("the shards were not computed with --count"), "{not_counted}");
    for (files, says) in [
        (vec![&one, &one], "shard 1/2 again"),
        (vec![&one], "shard 2/2 is missing"),
        (vec![&one, &other_target], "a different census"),
        (vec![&one, &cut], "do not add up to its summary"),
        (vec![&one, &lost], "do not add up to its summary"),
        (vec![&one, &repeated], "do not add up to its summary"),
        (vec![&one, &cut_summary], "not a JSON summary"),
        (vec![&one, &lonely], "no summary beside it"),
        (vec![&one, &stopped], "shard 2/2 ("),
    ] {
        let run = merge(&files, &[]);
        assert_eq!(run.status, 2, "{run}");
        assert!(run.stderr.contains(says), "{says}: {run}");
    }
    let refused = merge(&[&one, &stopped], &[]);
    assert!(
        refused
            .stderr
            .contains("is incomplete: Ctrl-C stopped it after 18 of its 18 hands; compute it again, or give --partial"),
        "{refused}"
    );
    // Asked for, a partial merge goes through, and says it is partial.
    let partial = merge(&[&one, &stopped], &["--partial", "-f", "json"]);
    assert_eq!(partial.status, 0, "{partial}");
    let summary: serde_json::Value = serde_json::from_str(&partial.stdout).unwrap();
    assert_eq!(summary["partial"], true);
    assert_eq!(summary["hands"], 35);
    assert!(partial.stderr.contains("warning: shard 2/2"), "{partial}");
    let partial_text = merge(&[&one, &stopped], &["--partial"]);
    assert!(partial_text.stdout.starts_with("partial: shard 2/2 was stopped by Ctrl-C\nhands: 35\n"), "{partial_text}");
    // Shards of CSV rows merge as JSON ones do, and are checked as closely.
    let csv_shard = |name: &str, shard: &str| {
        let summary = path(&format!("{name}.summary.json"));
        let args = ["census", "--cards", "3", "--range", "1..=5", "-f", "csv", "--summary", &summary, "--shard", shard];
        let run = reckon(args).run();
        assert_eq!(run.status, 0, "{run}");
        std::fs::write(path(&format!("{name}.csv")), &run.stdout).unwrap();
        path(&format!("{name}.csv"))
    };
    let (csv_one, csv_two) = (csv_shard("csv1", "1/2"), csv_shard("csv2", "2/2"));
    let from_json = merge(&[&one, &two], &["-f", "json"]);
    assert_eq!(merge(&[&csv_one, &csv_two], &["-f", "json"]).stdout, from_json.stdout);
    let text = std::fs::read_to_string(&csv_two).unwrap();
    std::fs::write(&csv_two, &text[..text.len() - 8]).unwrap();
    let cut_csv = merge(&[&csv_one, &csv_two], &[]);
    assert_eq!(cut_csv.status, 2, "{cut_csv}");
    assert!(cut_csv.stderr.contains("csv2.csv:"), "{cut_csv}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Ctrl-C stops a census cleanly: the rows written are whole, and the
/// summary file says the run was interrupted, so that a merge refuses it.
#[cfg(unix)]
#[test]
fn an_interrupted_shard_is_not_merged_as_complete() {
    use std::process::{Command, Stdio};
    let dir = scratch("interrupted");
    let summary = dir.join("p2.summary.json");
    let child = Command::new(env!("CARGO_BIN_EXE_reckon"))
        .args(["census", "--cards", "6", "--count", "-j", "1", "-f", "jsonl", "--shard", "2/3", "--summary"])
        .arg(&summary)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let interrupted = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(interrupted.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", String::from_utf8_lossy(&output.stderr));
    let rows = String::from_utf8(output.stdout).unwrap();
    let written = summary_in(&summary);
    assert_eq!(written["interrupted"], true);
    assert_eq!(written["shard"], "2/3");
    assert_eq!(written["hands"], rows.lines().count(), "the summary counts the rows written");
    assert_eq!(written["shard_hands"], 6188, "of the hands of its shard");
    let file = dir.join("p2.jsonl");
    std::fs::write(&file, rows).unwrap();
    let merge = reckon(["census", "--merge"]).arg(file.to_str().unwrap()).run();
    assert_eq!(merge.status, 2, "{merge}");
    assert!(merge.stderr.contains("shard 2/3"), "{merge}");
    std::fs::remove_dir_all(dir).unwrap();
}
