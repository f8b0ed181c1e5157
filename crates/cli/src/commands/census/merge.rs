//! `reckon census --merge`: the summary of a census run in shards, checked
//! shard by shard, so that a shard lost, repeated, cut short, stopped or
//! from another census is an error rather than a wrong total.
//!
//! Each shard is a file of `-f json` rows (or `-f csv` rows of hands) and,
//! beside it, its summary (`--summary`), named as the rows with
//! `.summary.json` in place of their extension: `part-2.jsonl` and
//! `part-2.summary.json`.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use reckon_census::{HandFacts, Shard, Summary, TargetFacts, TargetSummary};
use reckon_core::{Hand, Rational};
use reckon_play::Difficulty;
use serde_json::{Value, json};

use super::rows::{HandRow, TargetRow};
use super::summary::{print_summary, print_target_summary, summary_json, target_summary_json, text_width};
use super::{labelled, plot, write_summary};
use crate::Status;
use crate::args::{CensusArgs, CensusFormat};
use crate::report::JsonNumber;

/// The file holding the summary of the rows in `rows`.
fn summary_path(rows: &Path) -> PathBuf {
    rows.with_extension("summary.json")
}

/// `--merge`: rebuilds the summary from the rows of shard files.
pub(super) fn merge(args: &CensusArgs) -> anyhow::Result<Status> {
    if args.format == CensusFormat::Csv {
        bail!("--merge prints the summary of the shards: as text or as a JSON object, not CSV");
    }
    let top = args.top.unwrap_or(reckon_census::TOP);
    let mut hands = Summary::with_top(top);
    let mut targets: Option<TargetSummary> = None;
    let mut shards = Shards::default();
    // The shards stopped by Ctrl-C, merged only with --partial.
    let mut stopped: Vec<String> = Vec::new();
    // The hands of all the shards, counted or not.
    let mut planned_hands: u64 = 0;
    for path in &args.merge {
        let file_name = path.to_string_lossy();
        if file_name.ends_with(".summary.json") {
            bail!("{}: a summary; give the files of rows, each one's summary is found beside it", path.display());
        }
        let summary_file = summary_path(path);
        let summary_text = std::fs::read_to_string(&summary_file).with_context(|| {
            format!(
                "{}: no summary beside it ({}): give --summary {} when computing the shard",
                path.display(),
                summary_file.display(),
                summary_file.display()
            )
        })?;
        let at = summary_file.display().to_string();
        let summary: Value = serde_json::from_str(&summary_text)
            .with_context(|| format!("{at}: not a JSON summary: the file was cut short, or is not a census summary"))?;
        shards.add(path, &summary).with_context(|| at.clone())?;
        let of_targets = !summary["census"]["targets"].is_null();
        let csv = match (summary["rows_format"].as_str(), summary["long_rows"].as_bool(), of_targets) {
            (Some("json"), Some(false), _) => false,
            (Some("csv"), Some(false), false) => true,
            _ => bail!(
                "{at}: its rows cannot be merged: --merge reads the -f json rows of one line per hand, or the -f csv rows of a census of hands"
            ),
        };
        let shard = summary.get("shard").and_then(Value::as_str).unwrap_or("1/1").to_owned();
        let interrupted = summary.get("interrupted").is_some_and(|v| v == true);
        let (counted, planned) = (&summary["hands"], &summary["shard_hands"]);
        planned_hands += planned.as_u64().with_context(|| format!("{at}: no shard_hands: not a census summary"))?;
        if interrupted || counted != planned {
            let what = format!(
                "shard {shard} ({}) is incomplete: {} after {counted} of its {planned} hands",
                path.display(),
                if interrupted { "Ctrl-C stopped it" } else { "it stopped" }
            );
            if !args.partial {
                bail!("{what}; compute it again, or give --partial to merge the rows it holds");
            }
            crate::report::warning(&format!("{what}: the summary covers only the rows it holds"));
            stopped.push(shard);
        }
        let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        let mut hand_rows: Vec<HandFacts> = Vec::new();
        let mut target_rows: Vec<TargetFacts> = Vec::new();
        if csv {
            hand_rows = hand_rows_of_csv(path, file)?;
        } else {
            for (number, line) in BufReader::new(file).lines().enumerate() {
                let line = line.with_context(|| format!("cannot read {}", path.display()))?;
                let at = || format!("{}:{}", path.display(), number + 1);
                let value: Value = serde_json::from_str(&line).with_context(|| format!("{}: not JSON", at()))?;
                if of_targets {
                    let row: TargetRow =
                        serde_json::from_value(value).with_context(|| format!("{}: not a row", at()))?;
                    if row.reachable_count != row.reachable.len() || !row.reachable.is_sorted() {
                        bail!("{}: the row's reachable targets are not what it counts", at());
                    }
                    target_rows
                        .push(TargetFacts { hand: hand_of(&row.cards).with_context(at)?, reached: row.reachable });
                } else {
                    let row: HandRow = serde_json::from_value(value).with_context(|| format!("{}: not a row", at()))?;
                    hand_rows.push(HandFacts {
                        hand: hand_of(&row.cards).with_context(at)?,
                        solvable: row.solvable,
                        solution: None,
                        needs_fractions: row.needs_fractions,
                        needs_negatives: row.needs_negatives,
                        distinct: row.count,
                        difficulty: row.difficulty.map(|band| band.map(|name| name.parse().expect("checked as read"))),
                    });
                }
            }
        }
        // The file's own summary, checked below, then added to the total.
        let rows_summary = match summary["census"]["targets"].as_object() {
            Some(range) => {
                let bound = |end: &str| range.get(end).and_then(Value::as_i64).with_context(|| at.clone());
                let (lo, hi) = (bound("lo")?, bound("hi")?);
                let mut file_targets = TargetSummary::new(lo, hi);
                target_rows.iter().for_each(|facts| file_targets.add(facts));
                let json = target_summary_json(&file_targets);
                match &mut targets {
                    // Shards of one census: the same targets.
                    Some(total) => total.merge(&file_targets),
                    None => targets = Some(file_targets),
                }
                json
            }
            None => {
                let mut file_hands = Summary::with_top(top);
                hand_rows.iter().for_each(|facts| file_hands.add(facts));
                file_hands.finish_top();
                let json = summary_json(&file_hands, false);
                hands.merge(file_hands);
                json
            }
        };
        if !adds_up_to(&rows_summary, &summary) {
            bail!(
                "{}: the rows do not add up to its summary ({} hands in the rows, {} in {at}): a row was lost, repeated or changed",
                path.display(),
                rows_summary["hands"],
                summary["hands"]
            );
        }
    }
    let census = shards.complete()?;
    hands.finish_top();
    let easiest = args.top.is_some();
    let (mut json, text) = match &targets {
        Some(t) => (target_summary_json(t), print_target_summary(t, text_width())),
        None => (summary_json(&hands, easiest), print_summary(&hands, easiest, text_width())),
    };
    json = labelled(json, &census, None);
    json["shard_hands"] = json!(planned_hands);
    let partial = if stopped.is_empty() {
        String::new()
    } else {
        json["partial"] = json!(true);
        let (shards, were) = if stopped.len() == 1 { ("shard", "was") } else { ("shards", "were") };
        format!("partial: {shards} {} {were} stopped by Ctrl-C\n", stopped.join(", "))
    };
    write_summary(args.summary.as_deref(), &json)?;
    if let Some(path) = &args.plot {
        let title = "merged census";
        match &targets {
            Some(t) => plot::hands_per_target(path, t, title)?,
            None if hands.distinct.is_some() => plot::solutions_per_hand(path, &hands, title)?,
            None => bail!("--plot draws the solutions per hand: the shards were not computed with --count"),
        }
    }
    let mut stdout = std::io::stdout().lock();
    match args.format {
        CensusFormat::Json => writeln!(stdout, "{json}")?,
        _ => write!(stdout, "{partial}{text}")?,
    }
    Ok(Status::Success)
}

/// Does the summary made from a file's rows count what its summary file
/// says (leaving out the file's labels, and its ranked hands, which
/// depend on --top)?
fn adds_up_to(rows_summary: &Value, summary: &Value) -> bool {
    let without = |value: &Value| {
        let mut value = value.clone();
        if let Some(fields) = value.as_object_mut() {
            for label in
                ["census", "shard", "shard_hands", "interrupted", "rows_format", "long_rows", "hardest", "easiest"]
            {
                fields.remove(label);
            }
        }
        value
    };
    without(rows_summary) == without(summary)
}

/// The shards being merged: one census, each shard of it once, none missing.
#[derive(Default)]
struct Shards {
    /// The census of the first file, and that file.
    census: Option<(Value, String)>,
    /// Every shard seen (`I/N`), with its file.
    seen: Vec<(Shard, String)>,
}

impl Shards {
    /// Notes the shard a file's summary describes.
    fn add(&mut self, path: &Path, summary: &Value) -> anyhow::Result<()> {
        let file = path.display().to_string();
        let census =
            summary.get("census").context("the summary does not say what it counted: not a census shard")?.clone();
        match &self.census {
            None => self.census = Some((census, file.clone())),
            Some((first, first_file)) if *first != census => {
                bail!("a different census from {first_file}'s: {census} is not {first}")
            }
            Some(_) => {}
        }
        let shard = match summary.get("shard").and_then(Value::as_str) {
            Some(text) => text.parse::<Shard>()?,
            None => Shard::ALL,
        };
        if let Some((_, other)) = self.seen.iter().find(|(seen, _)| *seen == shard) {
            bail!("shard {shard} again: {other} holds it too");
        }
        if let Some((seen, other)) = self.seen.iter().find(|(seen, _)| seen.count() != shard.count()) {
            bail!("shard {shard} does not belong with shard {seen} of {other}");
        }
        self.seen.push((shard, file));
        Ok(())
    }

    /// The census of every shard, once all are there.
    fn complete(self) -> anyhow::Result<Value> {
        let (census, _) = self.census.context("no files to merge")?;
        let count = self.seen[0].0.count();
        let missing: Vec<String> = (1..=count)
            .filter(|&i| !self.seen.iter().any(|(shard, _)| shard.index() == i))
            .map(|i| format!("{i}/{count}"))
            .collect();
        if !missing.is_empty() {
            let (shards, are) = if missing.len() == 1 { ("shard", "is") } else { ("shards", "are") };
            bail!("{shards} {} {are} missing", missing.join(", "));
        }
        Ok(census)
    }
}

/// The rows of a census of hands written with -f csv.
fn hand_rows_of_csv(path: &Path, file: File) -> anyhow::Result<Vec<HandFacts>> {
    let mut reader = csv::Reader::from_reader(file);
    let headers = reader.headers().with_context(|| format!("cannot read {}", path.display()))?.clone();
    let column = |name: &str| headers.iter().position(|header| header == name);
    let cards: Vec<usize> = (1..).map_while(|i| column(&format!("card{i}"))).collect();
    let needed = |name: &str| column(name).with_context(|| format!("{}: no {name} column", path.display()));
    let (solvable, fractions, negatives) =
        (needed("solvable")?, needed("needs_fractions")?, needed("needs_negatives")?);
    let (count, difficulty) = (column("count"), column("difficulty"));
    let mut rows = Vec::new();
    for (number, record) in reader.records().enumerate() {
        // Line 1 is the header.
        let at = || format!("{}:{}", path.display(), number + 2);
        let record = record.with_context(at)?;
        let flag = |i: usize| match &record[i] {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(anyhow::anyhow!("{}: {other:?} is not true or false", at())),
        };
        let values = cards
            .iter()
            .map(|&i| record[i].parse::<Rational>().map_err(|err| crate::quote::number_error(&err)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(anyhow::Error::msg)
            .with_context(at)?;
        let hand = Hand::new(values).map_err(|err| anyhow::anyhow!("{}: {}", at(), crate::quote::hand_error(&err)))?;
        let count =
            count.map(|i| record[i].parse::<usize>()).transpose().with_context(|| format!("{}: count", at()))?;
        let difficulty = difficulty
            .map(|i| match &record[i] {
                "" => Ok(None),
                band => band.parse::<Difficulty>().map(Some),
            })
            .transpose()
            .map_err(|err| anyhow::anyhow!("{}: {err}", at()))?;
        rows.push(HandFacts {
            hand,
            solvable: flag(solvable)?,
            solution: None,
            needs_fractions: flag(fractions)?,
            needs_negatives: flag(negatives)?,
            distinct: count,
            difficulty,
        });
    }
    Ok(rows)
}

fn hand_of(cards: &[JsonNumber]) -> anyhow::Result<Hand> {
    let values = cards
        .iter()
        .map(|c| match c {
            JsonNumber::Integer(n) => Ok(Rational::from_integer(*n)),
            JsonNumber::Text(s) => s.parse::<Rational>().map_err(|err| crate::quote::number_error(&err)),
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::msg)?;
    Hand::new(values).map_err(|err| anyhow::Error::msg(crate::quote::hand_error(&err)))
}
