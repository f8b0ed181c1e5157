//! Writing results and diagnostics: colour on terminals only, never with NO_COLOR.

use std::io::Write;

use anstyle::{AnsiColor, Style};
use reckon_core::rules::Domain;
use reckon_core::{Expr, Hand, Rational, Rules};

use crate::args::Format;
use serde::{Deserialize, Serialize};

const ERROR: Style = AnsiColor::Red.on_default().bold();
const WARNING: Style = AnsiColor::Yellow.on_default().bold();

/// Prints `error: message` on stderr.
pub fn error(message: &str) {
    let _ = writeln!(anstream::stderr(), "{ERROR}error:{ERROR:#} {message}");
}

/// Prints `warning: message` on stderr.
pub fn warning(message: &str) {
    let _ = writeln!(anstream::stderr(), "{WARNING}warning:{WARNING:#} {message}");
}

/// A number in JSON: whole 64-bit numbers as numbers, fractions ("7/2")
/// and numbers beyond 64 bits as strings, which every reader keeps exact.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JsonNumber {
    Integer(i64),
    Text(String),
}

impl From<Rational> for JsonNumber {
    fn from(r: Rational) -> JsonNumber {
        match r.to_i64() {
            Some(whole) => JsonNumber::Integer(whole),
            None => JsonNumber::Text(r.to_string()),
        }
    }
}

/// `card1` to `cardN`, the CSV columns of a hand.
pub fn card_columns(cards: usize) -> Vec<String> {
    (1..=cards).map(|i| format!("card{i}")).collect()
}

/// The cards of a hand as CSV fields: whole numbers, or fractions `7/2`.
pub fn card_fields(hand: &Hand) -> impl Iterator<Item = String> + '_ {
    hand.cards().iter().map(ToString::to_string)
}

/// The cards of a hand as JSON (see [`JsonNumber`]).
pub fn cards_json(hand: &Hand) -> Vec<JsonNumber> {
    hand.cards().iter().map(|&c| c.into()).collect()
}

/// A CSV write error as an I/O error of the same kind, so that a closed
/// pipe is still recognised as one.
pub fn csv_io(err: csv::Error) -> std::io::Error {
    match err.kind() {
        csv::ErrorKind::Io(io) => std::io::Error::new(io.kind(), err),
        _ => std::io::Error::other(err),
    }
}

/// Serializes a value by its `Display` form, for numbers that may be fractions.
pub fn as_string<S: serde::Serializer>(value: &impl std::fmt::Display, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// A batch's `-f bool` line: `true` or `false`. A batch writes one per
/// hand, and the formatting machinery cost a twentieth of the instructions
/// of deciding 1820 hands of four cards, start-up included.
pub fn write_bool_line(out: &mut impl Write, yes: bool) -> std::io::Result<()> {
    out.write_all(if yes { b"true\n" } else { b"false\n" })
}

/// A count as plain digits, for the same reason as [`write_bool_line`].
pub fn write_count(out: &mut impl Write, count: usize) -> std::io::Result<()> {
    out.write_all(itoa::Buffer::new().format(count).as_bytes())
}

/// The start of a batch line, `hand: `, as the hand prints: whole cards
/// as plain digits, for the same reason as [`write_bool_line`].
pub fn write_hand_prefix(out: &mut impl Write, hand: &Hand) -> std::io::Result<()> {
    let mut digits = itoa::Buffer::new();
    for (i, card) in hand.cards().iter().enumerate() {
        if i > 0 {
            out.write_all(b" ")?;
        }
        match card.to_i64() {
            Some(whole) => out.write_all(digits.format(whole).as_bytes())?,
            None => write!(out, "{card}")?,
        }
    }
    out.write_all(b": ")
}

/// Ascending whole numbers as compact ranges: `0-9, 11-14, 16`.
pub fn compact_ranges(values: &[i64]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < values.len() {
        let start = values[i];
        while i + 1 < values.len() && values[i + 1] == values[i] + 1 {
            i += 1;
        }
        if !out.is_empty() {
            out.push_str(", ");
        }
        // A census writes one of these for each of its hands: plain digits,
        // not the formatting machinery, which took a twentieth of its time.
        let mut digits = itoa::Buffer::new();
        out.push_str(digits.format(start));
        if values[i] != start {
            out.push('-');
            out.push_str(digits.format(values[i]));
        }
        i += 1;
    }
    out
}

/// A solution worked one operation at a time, the steps separated by `; `
/// (`8/3 = 8/3; 3-8/3 = 1/3; 8/(1/3) = 24`); a lone card is its own
/// step (`25 = 25`).
pub fn worked(solution: &Expr, domain: Domain) -> String {
    match solution.steps() {
        Ok(steps) if !steps.is_empty() => steps.join("; "),
        // A lone card, or (never for a solution) a division by zero.
        _ => match solution.value() {
            Ok(value) => format!("{} = {value}", solution.in_domain(domain)),
            Err(_) => solution.in_domain(domain).to_string(),
        },
    }
}

/// `part` of `whole` as a percentage with one decimal, in whole-number arithmetic.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    let tenths = (part * 2000 + whole) / (2 * whole);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_ranges_join_runs() {
        let values = [-3, -2, 0, 1, 2, 3, 5, 7, 8];
        assert_eq!(compact_ranges(&values), "-3--2, 0-3, 5, 7-8");
        assert_eq!(compact_ranges(&[]), "");
    }

    #[test]
    fn percentages() {
        assert_eq!(percent(1362, 1820), "74.8%");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(2, 3), "66.7%");
        assert_eq!(percent(5, 5), "100.0%");
    }
}

/// The line answering a batch hand that was refused (too large to answer
/// within reckon's limits), in the output format, with the error on
/// stderr, as a malformed line is answered.
pub fn write_refusal(
    out: &mut impl Write,
    format: Format,
    hand: &Hand,
    rules: &Rules,
    refused: &impl std::fmt::Display,
) -> anyhow::Result<()> {
    let message = format!("{hand}: {refused}");
    error(&message);
    match format {
        Format::Json => {
            let cards = cards_json(hand);
            serde_json::to_writer(&mut *out, &JsonRefusal { cards, target: rules.target, error: refused.to_string() })?;
            writeln!(out)?;
        }
        Format::Text | Format::Bool | Format::Steps => writeln!(out, "error: {message}")?,
        // Rows of hands only: the error is on stderr.
        Format::Csv => {}
    }
    Ok(())
}

/// CSV rows of hands, `card1` to `cardN` first, then `columns`: the
/// header comes with the first row, and N is the first hand's size.
#[derive(Debug)]
pub struct CsvHands {
    columns: &'static [&'static str],
    cards: Option<usize>,
    /// Whether a hand was left out for its size.
    pub left_out: bool,
}

impl CsvHands {
    pub fn new(columns: &'static [&'static str]) -> CsvHands {
        CsvHands { columns, cards: None, left_out: false }
    }

    /// Writes one row for `hand`, the header first if none was written.
    /// A hand of another size than the first is reported on stderr and
    /// left out (its row would not fit the columns), and `left_out` set.
    pub fn write(
        &mut self,
        out: &mut impl Write,
        hand: &Hand,
        fields: impl IntoIterator<Item = String>,
    ) -> anyhow::Result<()> {
        if !self.header(out, hand)? {
            return Ok(());
        }
        let mut csv = csv::WriterBuilder::new().from_writer(&mut *out);
        let record: Vec<String> = card_fields(hand).chain(fields).collect();
        csv.write_record(record).map_err(csv_io)?;
        csv.flush()?;
        Ok(())
    }

    /// Writes the header for hands of `hand`'s size unless written; says
    /// whether `hand` fits the columns (reported on stderr if not).
    pub fn header(&mut self, out: &mut impl Write, hand: &Hand) -> anyhow::Result<bool> {
        match self.cards {
            Some(cards) if cards != hand.len() => {
                error(&format!(
                    "{hand}: the CSV rows hold {cards} cards, as the first hand does; use -f json for hands of different sizes"
                ));
                self.left_out = true;
                Ok(false)
            }
            Some(_) => Ok(true),
            None => {
                let mut header = card_columns(hand.len());
                header.extend(self.columns.iter().map(|&column| column.to_owned()));
                let mut csv = csv::WriterBuilder::new().from_writer(&mut *out);
                csv.write_record(header).map_err(csv_io)?;
                csv.flush()?;
                self.cards = Some(hand.len());
                Ok(true)
            }
        }
    }
}

#[derive(Serialize)]
struct JsonRefusal {
    cards: Vec<JsonNumber>,
    #[serde(serialize_with = "as_string")]
    target: Rational,
    error: String,
}
