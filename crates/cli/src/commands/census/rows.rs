//! The rows of a census, one record type per stream, in the shapes of
//! docs/data.md: one row per hand, or with `--targets --long` one per hand
//! and target.

use std::io::Write;

use reckon_census::{HandFacts, TargetFacts};
use reckon_core::rules::Domain;
use reckon_play::Difficulty;
use serde::{Deserialize, Serialize};

use crate::args::CensusFormat;
use crate::report::{JsonNumber, card_columns, card_fields, cards_json, csv_io};

/// Which rows a census writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RowKind {
    /// One row per hand: solvable, a solution, and with --count and --rate
    /// the count and the band.
    Hands { count: bool, rate: bool },
    /// One row per hand: the targets it reaches.
    Targets,
    /// One row per hand and target: whether it reaches the target, and
    /// with --count in how many distinct ways.
    Long { count: bool },
}

impl RowKind {
    /// The CSV header of rows of hands of `cards` cards.
    fn header(self, cards: usize) -> Vec<String> {
        let mut header: Vec<String> = card_columns(cards);
        let rest: &[&str] = match self {
            RowKind::Hands { .. } => &["solvable", "solution", "needs_fractions", "needs_negatives"],
            RowKind::Targets => &["reachable_count"],
            RowKind::Long { .. } => &["target", "reachable"],
        };
        header.extend(rest.iter().map(|&name| name.to_owned()));
        let (count, rate) = match self {
            RowKind::Hands { count, rate } => (count, rate),
            RowKind::Targets => (false, false),
            RowKind::Long { count } => (count, false),
        };
        header.extend(count.then(|| "count".to_owned()));
        header.extend(rate.then(|| "difficulty".to_owned()));
        header
    }
}

/// Where the rows go, by format: nowhere for a text census.
pub(super) enum Rows {
    Text,
    Csv(Box<csv::Writer<std::io::Stdout>>),
    Json(std::io::StdoutLock<'static>),
}

impl Rows {
    /// The rows of a census of hands of `cards` cards; a CSV header first.
    pub(super) fn new(format: CensusFormat, kind: RowKind, cards: usize) -> Rows {
        match format {
            CensusFormat::Text => Rows::Text,
            CensusFormat::Json => Rows::Json(std::io::stdout().lock()),
            CensusFormat::Csv => {
                let mut csv = csv::Writer::from_writer(std::io::stdout());
                // A failed write shows up again, and is reported, at the flush.
                let _ = csv.write_record(kind.header(cards));
                Rows::Csv(Box::new(csv))
            }
        }
    }

    pub(super) fn hand_row(&mut self, facts: &HandFacts, domain: Domain) -> std::io::Result<()> {
        let row = HandRow {
            cards: cards_json(&facts.hand),
            solvable: facts.solvable,
            solution: facts.solution.as_ref().map(|e| e.in_domain(domain).to_string()),
            needs_fractions: facts.needs_fractions,
            needs_negatives: facts.needs_negatives,
            count: facts.distinct,
            difficulty: facts.difficulty.map(|band| band.map(Difficulty::name)),
        };
        match self {
            Rows::Text => Ok(()),
            Rows::Json(out) => writeln!(out, "{}", serde_json::to_string(&row).expect("rows serialize")),
            Rows::Csv(csv) => {
                let mut record: Vec<String> = card_fields(&facts.hand).collect();
                record.extend([
                    row.solvable.to_string(),
                    row.solution.unwrap_or_default(),
                    row.needs_fractions.to_string(),
                    row.needs_negatives.to_string(),
                ]);
                record.extend(row.count.map(|count| count.to_string()));
                record.extend(row.difficulty.map(|band| band.unwrap_or_default().to_owned()));
                csv.write_record(record).map_err(csv_io)
            }
        }
    }

    /// One row for the hand (`lo` to `hi` unused), or with `long` one per
    /// target from `lo` to `hi`, with its count when `counts` are given
    /// (one per reached target).
    pub(super) fn target_rows(
        &mut self,
        facts: &TargetFacts,
        counts: Option<&[usize]>,
        long: Option<(i64, i64)>,
    ) -> std::io::Result<()> {
        let Some((lo, hi)) = long else {
            return match self {
                Rows::Text => Ok(()),
                Rows::Json(out) => out.write_all(&target_row_json(facts)),
                Rows::Csv(csv) => {
                    let record = card_fields(&facts.hand).chain([facts.reached.len().to_string()]);
                    csv.write_record(record.collect::<Vec<_>>()).map_err(csv_io)
                }
            };
        };
        if matches!(self, Rows::Text) {
            return Ok(());
        }
        let cards = cards_json(&facts.hand);
        let fields: Vec<String> = card_fields(&facts.hand).collect();
        let mut reached = facts.reached.iter().zip(0..).peekable();
        for target in lo..=hi {
            let found = reached.next_if(|&(&t, _)| t == target).map(|(_, i)| i);
            let reachable = found.is_some();
            let count = counts.map(|counts| found.map_or(0, |i| counts[i]));
            match self {
                Rows::Text => {}
                Rows::Json(out) => {
                    let row = LongRow { cards: &cards, target, reachable, count };
                    writeln!(out, "{}", serde_json::to_string(&row).expect("rows serialize"))?;
                }
                Rows::Csv(csv) => {
                    let mut record = fields.clone();
                    record.extend([target.to_string(), reachable.to_string()]);
                    record.extend(count.map(|count| count.to_string()));
                    csv.write_record(record).map_err(csv_io)?;
                }
            }
        }
        Ok(())
    }

    /// Writes out what is buffered.
    pub(super) fn finish(self) -> std::io::Result<()> {
        match self {
            Rows::Text => Ok(()),
            Rows::Json(mut out) => out.flush(),
            Rows::Csv(mut csv) => csv.flush(),
        }
    }
}

/// The JSON line of a [`TargetRow`]. A row lists up to some thousand
/// targets, and a census writes one for each of its hands: plain digits
/// into one buffer, not serde's machinery for each number.
fn target_row_json(facts: &TargetFacts) -> Vec<u8> {
    let mut line = Vec::with_capacity(64 + 5 * facts.reached.len());
    line.extend_from_slice(b"{\"cards\":");
    serde_json::to_writer(&mut line, &cards_json(&facts.hand)).expect("cards serialize");
    line.extend_from_slice(b",\"reachable\":[");
    let mut digits = itoa::Buffer::new();
    for (i, &target) in facts.reached.iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        line.extend_from_slice(digits.format(target).as_bytes());
    }
    line.extend_from_slice(b"],\"reachable_count\":");
    line.extend_from_slice(digits.format(facts.reached.len()).as_bytes());
    line.extend_from_slice(b"}\n");
    line
}

/// A row of a census of hands, as written and as read back by `--merge`.
#[derive(Serialize, Deserialize)]
pub(super) struct HandRow {
    pub cards: Vec<JsonNumber>,
    pub solvable: bool,
    pub solution: Option<String>,
    pub needs_fractions: bool,
    pub needs_negatives: bool,
    /// With --count: the number of distinct solutions.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub count: Option<usize>,
    /// When rated: the band, null without a solution.
    #[serde(skip_serializing_if = "Option::is_none", default, deserialize_with = "rated")]
    pub difficulty: Option<Option<&'static str>>,
}

/// A row's difficulty as it reads: absent (not rated), null (rated, no
/// solution) or a band's name.
fn rated<'de, D: serde::Deserializer<'de>>(from: D) -> Result<Option<Option<&'static str>>, D::Error> {
    let band: Option<String> = Deserialize::deserialize(from)?;
    match band {
        None => Ok(Some(None)),
        Some(name) => match name.parse::<Difficulty>() {
            Ok(band) => Ok(Some(Some(band.name()))),
            Err(err) => Err(serde::de::Error::custom(err)),
        },
    }
}

/// A row of a census of targets: the targets of the range a hand reaches,
/// as read back by `--merge` ([`target_row_json`] writes it).
#[derive(Deserialize)]
pub(super) struct TargetRow {
    pub cards: Vec<JsonNumber>,
    pub reachable: Vec<i64>,
    pub reachable_count: usize,
}

/// A long row: one hand and one target.
#[derive(Serialize)]
struct LongRow<'a> {
    cards: &'a [JsonNumber],
    target: i64,
    reachable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_rows_read_back() {
        let facts = TargetFacts { hand: "1 7/2 -4".parse().unwrap(), reached: vec![-3, 0, 12] };
        let line = String::from_utf8(target_row_json(&facts)).unwrap();
        assert_eq!(line, "{\"cards\":[-4,1,\"7/2\"],\"reachable\":[-3,0,12],\"reachable_count\":3}\n");
        let row: TargetRow = serde_json::from_str(&line).unwrap();
        assert_eq!((row.reachable, row.reachable_count), (facts.reached, 3));
    }
}
