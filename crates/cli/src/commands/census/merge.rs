//! `reckon census --merge`: the summary of a census run in shards, checked
//! shard by shard, so that a shard lost, repeated, cut short or from
//! another census is an error rather than a wrong total.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};

use anyhow::{Context, bail};
use reckon_census::{HandFacts, Shard, Summary, TargetFacts, TargetSummary};
use reckon_core::{Hand, Rational};
use serde_json::{Value, json};

use super::{HandRow, TargetRow, labelled, print_summary, print_target_summary, summary_json, target_summary_json};
use crate::Status;
use crate::args::{CensusArgs, CensusFormat};
use crate::range::IntRange;
use crate::report::{JsonNumber, parse_compact_ranges};

/// `--merge`: rebuilds the summary from the rows of shard files.
pub(super) fn merge(args: &CensusArgs) -> anyhow::Result<Status> {
    if args.format == CensusFormat::Csv {
        bail!("--merge prints the summary of the shards: as text or as a JSON line, not CSV");
    }
    let mut hands = Summary::default();
    let mut targets: Option<TargetSummary> = None;
    let mut shards = Shards::default();
    for path in &args.merge {
        let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        // The summary line of this file, and the rows it holds, to check
        // that they add up to that line: a row lost or repeated would
        // otherwise go unnoticed.
        let mut summary_line: Option<(Value, String)> = None;
        let mut hand_rows: Vec<HandFacts> = Vec::new();
        let mut target_rows: Vec<TargetFacts> = Vec::new();
        for (number, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("cannot read {}", path.display()))?;
            let at = || format!("{}:{}", path.display(), number + 1);
            let value: Value = serde_json::from_str(&line).with_context(|| format!("{}: not JSON", at()))?;
            if let Some(summary) = value.get("summary") {
                if summary_line.is_some() {
                    bail!("{}: a second summary line", at());
                }
                shards.add(path, summary).with_context(at)?;
                if summary.get("interrupted").is_some_and(|v| v == true) {
                    crate::report::warning(&format!(
                        "{} is from an interrupted run: it holds only part of its shard",
                        path.display()
                    ));
                }
                summary_line = Some((summary.clone(), at()));
            } else if value.get("reached").is_some() {
                let row: TargetRow = serde_json::from_value(value).with_context(|| format!("{}: not a row", at()))?;
                let reached = parse_compact_ranges(&row.reached).with_context(|| format!("{}: bad ranges", at()))?;
                target_rows.push(TargetFacts { hand: hand_of(&row.cards).with_context(at)?, reached });
            } else {
                let row: HandRow = serde_json::from_value(value).with_context(|| format!("{}: not a row", at()))?;
                hand_rows.push(HandFacts {
                    hand: hand_of(&row.cards).with_context(at)?,
                    solvable: row.solvable,
                    solution: None,
                    needs_fractions: row.needs_fractions,
                    needs_negatives: row.needs_negatives,
                    distinct: row.distinct,
                    difficulty: row.difficulty.map(|band| band.map(|name| name.parse().expect("checked as read"))),
                });
            }
        }
        let Some((summary, at)) = summary_line else {
            bail!("{}: no summary line: the shard was cut short, or is not census JSON Lines", path.display());
        };
        if !hand_rows.is_empty() && !target_rows.is_empty() {
            bail!("{}: rows of two kinds of census", path.display());
        }
        // The file's own summary, checked below, then added to the total.
        let rows_summary = match summary.get("targets").and_then(Value::as_str) {
            Some(range) => {
                let range: IntRange = range.parse().map_err(anyhow::Error::msg).with_context(|| at.clone())?;
                let mut file_targets = TargetSummary::new(range.lo, range.hi);
                target_rows.iter().for_each(|facts| file_targets.add(facts));
                let json = target_summary_json(&file_targets);
                match &mut targets {
                    // Shards of one census: the same targets.
                    Some(total) => total.merge(&file_targets),
                    None => targets = Some(file_targets),
                }
                json
            }
            None if !target_rows.is_empty() => bail!("{at}: the summary line has no targets, but the rows do"),
            None => {
                let mut file_hands = Summary::default();
                hand_rows.iter().for_each(|facts| file_hands.add(facts));
                let json = summary_json(&file_hands);
                hands.merge(file_hands);
                json
            }
        };
        if !adds_up_to(&rows_summary, &summary) {
            bail!(
                "{at}: the rows above do not add up to this summary line ({} hands in the rows, {} in the line): a row was lost, repeated or changed",
                rows_summary["hands"],
                summary["hands"]
            );
        }
    }
    let census = shards.complete()?;
    let mut stdout = std::io::stdout().lock();
    match (targets, args.format) {
        (Some(t), CensusFormat::Jsonl) => {
            writeln!(stdout, "{}", json!({ "summary": labelled(target_summary_json(&t), &census, None) }))?;
        }
        (Some(t), _) => write!(stdout, "{}", print_target_summary(&t))?,
        (None, CensusFormat::Jsonl) => {
            writeln!(stdout, "{}", json!({ "summary": labelled(summary_json(&hands), &census, None) }))?;
        }
        (None, _) => write!(stdout, "{}", print_summary(&hands))?,
    }
    Ok(Status::Success)
}

/// Does the summary made from a file's rows say what its summary line
/// says (leaving out the line's labels)?
fn adds_up_to(rows_summary: &Value, summary_line: &Value) -> bool {
    let mut line = summary_line.clone();
    if let Some(fields) = line.as_object_mut() {
        for label in ["census", "shard", "interrupted"] {
            fields.remove(label);
        }
    }
    *rows_summary == line
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
    /// Notes the shard a file's summary line describes.
    fn add(&mut self, path: &std::path::Path, summary: &Value) -> anyhow::Result<()> {
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
        let (census, _) = self.census.context("no summary line in the files to merge")?;
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

fn hand_of(cards: &[JsonNumber]) -> anyhow::Result<Hand> {
    let values = cards
        .iter()
        .map(|c| match c {
            JsonNumber::Integer(n) => Ok(Rational::from_integer(*n)),
            JsonNumber::Fraction(s) => s.parse::<Rational>().map_err(|err| crate::quote::number_error(&err)),
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::msg)?;
    Hand::new(values).map_err(|err| anyhow::Error::msg(crate::quote::hand_error(&err)))
}
