//! `reckon reach CARDS...`: the whole numbers a hand can make.

use std::io::Write;

use reckon_core::{Rational, Reach, Rules};
use serde::Serialize;

use crate::Status;
use crate::args::{ReachArgs, ReachFormat};
use crate::input;
use crate::progress;
use crate::report::{JsonNumber, card_columns, card_fields, cards_json, compact_ranges, csv_io};

pub fn run(args: &ReachArgs) -> anyhow::Result<Status> {
    let Some(hand) = input::hand_from_args_or_report(&args.cards) else { return Ok(Status::BadInput) };
    // Reach lists every number a hand makes: no target is involved.
    let rules: Rules = args.rules.rules(Rational::from_integer(0));
    let mut reach = Reach::new(rules);
    let (lo, hi) = (args.range.lo, args.range.hi);
    let working = format!("working out what {} cards make", hand.len());
    let (made, smallest_missing) = progress::while_working(&working, || {
        let made = reach.integers_in(&hand, lo, hi)?;
        anyhow::Ok((made, smallest_positive_missing(&reach.integers_in(&hand, 1, i64::MAX)?)))
    })?;
    match args.format {
        ReachFormat::Text => {
            let shown = if made.is_empty() { "nothing".to_owned() } else { compact_ranges(&made) };
            let mut out = std::io::stdout().lock();
            writeln!(out, "makes {shown} ({} of {})", made.len(), args.range)?;
            writeln!(out, "smallest positive whole number it cannot make: {smallest_missing}")?;
        }
        ReachFormat::Json => {
            let json = JsonReach {
                cards: cards_json(&hand),
                lo,
                hi,
                reachable_count: made.len(),
                reachable: made,
                smallest_unreachable: smallest_missing,
            };
            writeln!(std::io::stdout().lock(), "{}", serde_json::to_string(&json)?)?;
        }
        ReachFormat::Csv => {
            // Long rows, as `census --targets --long` writes them.
            let mut csv = csv::Writer::from_writer(std::io::stdout().lock());
            let mut header = card_columns(hand.len());
            header.extend(["target".to_owned(), "reachable".to_owned()]);
            csv.write_record(header).map_err(csv_io)?;
            let cards: Vec<String> = card_fields(&hand).collect();
            let mut made = made.iter().peekable();
            for target in lo..=hi {
                let reachable = made.next_if(|&&m| m == target).is_some();
                let record = cards.iter().cloned().chain([target.to_string(), reachable.to_string()]);
                csv.write_record(record.collect::<Vec<_>>()).map_err(csv_io)?;
            }
            csv.flush()?;
        }
    }
    Ok(Status::Success)
}

/// The smallest positive whole number not in `made` (ascending, all positive).
fn smallest_positive_missing(made: &[i64]) -> i64 {
    made.iter().zip(1..).find(|&(&m, want)| m != want).map_or(made.len() as i64 + 1, |(_, want)| want)
}

#[derive(Serialize)]
struct JsonReach {
    cards: Vec<JsonNumber>,
    lo: i64,
    hi: i64,
    reachable: Vec<i64>,
    reachable_count: usize,
    smallest_unreachable: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_gap() {
        assert_eq!(smallest_positive_missing(&[1, 2, 3, 5]), 4);
        assert_eq!(smallest_positive_missing(&[1, 2, 3]), 4);
        assert_eq!(smallest_positive_missing(&[2, 3]), 1);
        assert_eq!(smallest_positive_missing(&[]), 1);
    }
}
