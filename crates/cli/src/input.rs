//! Reading hands from arguments and from stdin batches.

use std::fmt;
use std::io::{BufRead, StdoutLock, Write};

use anyhow::Context;
use reckon_core::{Hand, HandError};
use serde::Serialize;

use crate::Status;
use crate::args::Format;
use crate::report;

/// Parses the hand given on the command line.
pub fn hand_from_args(tokens: &[String]) -> Result<Hand, HandError> {
    Hand::parse_tokens(tokens.iter().map(String::as_str))
}

/// The hand given on the command line, or `None` after reporting why not.
pub fn hand_from_args_or_report(tokens: &[String]) -> Option<Hand> {
    hand_from_args(tokens).map_err(|err| report::error(&err.to_string())).ok()
}

/// Answers every hand of a stdin batch with `answer`, which writes exactly
/// one line, in input order. A malformed line gets an error line in the
/// output format (and on stderr) and makes the final status 2; the batch
/// goes on.
pub fn answer_batch(
    format: Format,
    stdin: impl BufRead,
    mut answer: impl FnMut(&mut StdoutLock<'static>, &Hand) -> anyhow::Result<()>,
) -> anyhow::Result<Status> {
    let mut out = std::io::stdout().lock();
    let mut status = Status::Success;
    for line in batch_lines(stdin) {
        let BatchLine { number, hand } = line.context("cannot read stdin")?;
        match hand {
            Ok(hand) => answer(&mut out, &hand)?,
            Err(err) => {
                status = Status::BadInput;
                let message = format!("line {number}: {err}");
                report::error(&message);
                match format {
                    Format::Json => {
                        serde_json::to_writer(&mut out, &BatchError { line: number, error: err.to_string() })?;
                        writeln!(out)?;
                    }
                    Format::Text | Format::Bool => writeln!(out, "error: {message}")?,
                }
            }
        }
    }
    Ok(status)
}

/// The JSON line answering a malformed batch line.
#[derive(Serialize)]
struct BatchError {
    line: usize,
    error: String,
}

/// One meaningful line of a batch: its 1-based line number and the hand or
/// the reason it is not one.
#[derive(Debug)]
pub struct BatchLine {
    pub number: usize,
    pub hand: Result<Hand, LineError>,
}

/// Why a batch line is not a hand.
#[derive(Debug)]
pub enum LineError {
    Hand(HandError),
    /// Its cards are not UTF-8 text: answered like any malformed line, so
    /// that the lines after it are still answered.
    NotText,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Hand(err) => err.fmt(f),
            LineError::NotText => f.write_str("the line is not UTF-8 text"),
        }
    }
}

/// The hands of a batch, one per line; blank lines and `#` comments are skipped.
pub fn batch_lines(text: impl std::io::BufRead) -> impl Iterator<Item = std::io::Result<BatchLine>> {
    text.split(b'\n').enumerate().filter_map(|(i, line)| match line {
        Err(err) => Some(Err(err)),
        Ok(line) => {
            // A comment is skipped whatever its bytes.
            let content = line.split(|&b| b == b'#').next().unwrap_or_default();
            let hand = match std::str::from_utf8(content).map(str::trim) {
                Ok("") => return None,
                Ok(content) => content.parse().map_err(LineError::Hand),
                Err(_) => Err(LineError::NotText),
            };
            Some(Ok(BatchLine { number: i + 1, hand }))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_blank_and_comment_lines_but_keeps_numbers() {
        let text = "3 3 8 8\n\n# a comment\n1,2, 3 4 # trailing\nx\n";
        let lines: Vec<BatchLine> = batch_lines(text.as_bytes()).map(Result::unwrap).collect();
        let numbers: Vec<usize> = lines.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [1, 4, 5]);
        assert_eq!(lines[1].hand.as_ref().unwrap().to_string(), "1 2 3 4");
        assert!(lines[2].hand.is_err());
    }

    /// A line that is not UTF-8 text is one malformed line, and the
    /// lines after it are read; a comment may hold any bytes.
    #[test]
    fn a_line_that_is_not_text_is_one_bad_line() {
        let text = b"1 2 3 4\r\n\xff\xfe 1\n3 3 8 8 # caf\xe9\n";
        let lines: Vec<BatchLine> = batch_lines(&text[..]).map(Result::unwrap).collect();
        assert_eq!(lines.len(), 3);
        assert!(matches!(lines[1].hand, Err(LineError::NotText)));
        assert_eq!(lines[2].hand.as_ref().unwrap().to_string(), "3 3 8 8");
    }
}
