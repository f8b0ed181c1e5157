//! Reading hands from arguments and from stdin batches.

use std::fmt;
use std::io::{BufRead, BufReader, BufWriter, IsTerminal, Read, StdoutLock, Write};

use anyhow::Context;
use reckon_core::{Hand, HandError};
use serde::Serialize;

use crate::Status;
use crate::args::Format;
use crate::{help, quote, report};

/// Parses the hand given on the command line.
pub fn hand_from_args(tokens: &[String]) -> Result<Hand, HandError> {
    Hand::parse_tokens(tokens.iter().map(String::as_str))
}

/// The hand given on the command line, or `None` after reporting why not.
pub fn hand_from_args_or_report(tokens: &[String]) -> Option<Hand> {
    hand_from_args(tokens).map_err(|err| report::error(&quote::hand_error(&err))).ok()
}

/// The line printed on stderr before reading hands from stdin, if any:
/// a terminal on stdin may be a newcomer who typed `reckon` alone and waits.
pub fn reading_stdin_hint(stdin_is_terminal: bool) -> Option<&'static str> {
    stdin_is_terminal.then_some(help::READING_STDIN)
}

/// Reads the batch of hands on stdin, saying so first if stdin is a terminal.
pub fn stdin_batch() -> std::io::StdinLock<'static> {
    let stdin = std::io::stdin();
    if let Some(hint) = reading_stdin_hint(stdin.is_terminal()) {
        let _ = writeln!(std::io::stderr(), "{hint}");
    }
    stdin.lock()
}

/// Where a batch's answers go: standard output, written a run of lines at
/// a time rather than a piece of a line at a time.
pub type BatchOut = BufWriter<StdoutLock<'static>>;

/// Answers every hand of a stdin batch with `answer`, which writes exactly
/// one line, in input order. A malformed line gets an error line in the
/// output format (and on stderr) and makes the final status 2; the batch
/// goes on.
pub fn answer_batch(
    format: Format,
    stdin: impl Read,
    mut answer: impl FnMut(&mut BatchOut, &Hand) -> anyhow::Result<()>,
) -> anyhow::Result<Status> {
    answer_batch_as_it_comes(format, stdin, |out, hands| hands.try_for_each(|hand| answer(out, &hand)))
}

/// As [`answer_batch`], handing `answer` the hands of the lines that have
/// come in, up to the next malformed line, as one [`ArrivedHands`]: it
/// takes every one of them and writes exactly one line for each, in
/// order, so that a solver may share its work between them. A line that
/// has come in is answered before the next is waited for, so that a
/// program that writes a hand and waits for its answer gets it.
pub fn answer_batch_as_it_comes<R: Read>(
    format: Format,
    stdin: R,
    mut answer: impl FnMut(&mut BatchOut, &mut ArrivedHands<'_, R>) -> anyhow::Result<()>,
) -> anyhow::Result<Status> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut status = Status::Success;
    let mut lines = BatchReader::new(stdin);
    loop {
        let mut arrived = ArrivedHands { lines: &mut lines, read_any: false, stop: None };
        answer(&mut out, &mut arrived)?;
        match arrived.stop.expect("`answer` takes every hand it is handed") {
            Stop::Waiting => {}
            Stop::End => break,
            Stop::Unreadable(err) => return Err(err).context("cannot read stdin"),
            Stop::Malformed { number, err } => {
                // The answers before it come out before its report on stderr.
                out.flush()?;
                status = Status::BadInput;
                let message = format!("line {number}: {err}");
                report::error(&message);
                match format {
                    Format::Json => {
                        serde_json::to_writer(&mut out, &BatchError { line: number, error: err.to_string() })?;
                        writeln!(out)?;
                    }
                    Format::Text | Format::Bool | Format::Steps => writeln!(out, "error: {message}")?,
                    // Rows of hands only: the error is on stderr.
                    Format::Csv => {}
                }
            }
        }
        // What was answered goes out now: the next line may be a while coming.
        if !lines.has_more_in() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(status)
}

/// The hands of the batch lines that have come in, read as they are
/// taken, up to the first malformed line or the first line still to
/// come; blank lines and comments are skipped.
pub struct ArrivedHands<'a, R> {
    lines: &'a mut BatchReader<R>,
    /// Whether a line was read: the first is waited for.
    read_any: bool,
    /// Why no more hands are handed out, once none are.
    stop: Option<Stop>,
}

/// Why [`ArrivedHands`] hands out no more.
enum Stop {
    /// The next line has not come in.
    Waiting,
    /// The batch has ended.
    End,
    /// Stdin could not be read.
    Unreadable(std::io::Error),
    /// The line is not a hand.
    Malformed { number: usize, err: LineError },
}

impl<R: Read> Iterator for ArrivedHands<'_, R> {
    type Item = Hand;

    fn next(&mut self) -> Option<Hand> {
        while self.stop.is_none() {
            if self.read_any && !self.lines.has_more_in() {
                self.stop = Some(Stop::Waiting);
                break;
            }
            self.read_any = true;
            match self.lines.next_line() {
                Ok(Some(Some(BatchLine { hand: Ok(hand), .. }))) => return Some(hand),
                Ok(Some(Some(BatchLine { number, hand: Err(err) }))) => {
                    self.stop = Some(Stop::Malformed { number, err })
                }
                Ok(Some(None)) => {}
                Ok(None) => self.stop = Some(Stop::End),
                Err(err) => self.stop = Some(Stop::Unreadable(err)),
            }
        }
        None
    }
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
            LineError::Hand(err) => f.write_str(&quote::hand_error(err)),
            LineError::NotText => f.write_str("the line is not UTF-8 text"),
        }
    }
}

/// Reads a batch line by line, and tells whether more of it has come in.
pub struct BatchReader<R> {
    reader: BufReader<R>,
    line: Vec<u8>,
    number: usize,
}

/// UTF-8's byte-order mark.
const BYTE_ORDER_MARK: &[u8] = "\u{feff}".as_bytes();

/// Larger than the buffer of stdin itself, which a read this large
/// bypasses: what has come in is then all in this reader's buffer.
const READ_SIZE: usize = 1 << 16;

impl<R: Read> BatchReader<R> {
    pub fn new(text: R) -> BatchReader<R> {
        BatchReader { reader: BufReader::with_capacity(READ_SIZE, text), line: Vec::new(), number: 0 }
    }

    /// The next line: `Some(None)` for a blank line or a `#` comment,
    /// which are skipped, and `None` at the end of the batch.
    pub fn next_line(&mut self) -> std::io::Result<Option<Option<BatchLine>>> {
        self.line.clear();
        if self.reader.read_until(b'\n', &mut self.line)? == 0 {
            return Ok(None);
        }
        self.number += 1;
        // A byte-order mark, which some editors put at the start of a file.
        let line = match self.line.strip_prefix(BYTE_ORDER_MARK) {
            Some(rest) if self.number == 1 => rest,
            _ => &self.line,
        };
        Ok(Some(parse_line(self.number, line)))
    }

    /// Has more of the batch come in, to be read without waiting?
    pub fn has_more_in(&self) -> bool {
        !self.reader.buffer().is_empty()
    }
}

/// The hand on line `number`, or why it is not one; `None` for a blank
/// line or a `#` comment.
fn parse_line(number: usize, line: &[u8]) -> Option<BatchLine> {
    // A comment is skipped whatever its bytes.
    let content = line.split(|&b| b == b'#' || b == b'\n').next().unwrap_or_default();
    let hand = match std::str::from_utf8(content).map(str::trim) {
        Ok("") => return None,
        Ok(content) => content.parse().map_err(LineError::Hand),
        Err(_) => Err(LineError::NotText),
    };
    Some(BatchLine { number, hand })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(text: &[u8]) -> Vec<BatchLine> {
        let mut reader = BatchReader::new(text);
        std::iter::from_fn(|| reader.next_line().unwrap()).flatten().collect()
    }

    /// What has come in is known to have come, up to its last line.
    #[test]
    fn tells_whether_more_has_come_in() {
        let mut reader = BatchReader::new(&b"3 3 8 8\n\n1 2 3 4"[..]);
        assert!(reader.next_line().unwrap().unwrap().is_some());
        assert!(reader.has_more_in());
        assert!(reader.next_line().unwrap().unwrap().is_none(), "a blank line");
        assert_eq!(reader.next_line().unwrap().unwrap().unwrap().number, 3);
        assert!(!reader.has_more_in());
        assert!(reader.next_line().unwrap().is_none());
    }

    /// The hands that have come in are handed out up to a malformed line,
    /// which the next ones start after, and none are once the batch ends.
    #[test]
    fn arrived_hands_stop_at_a_malformed_line() {
        let mut lines = BatchReader::new(&b"3 3 8 8\n# a comment\n1 2 3 4\nx\n\n6 6 6 6\n"[..]);
        let mut arrived = ArrivedHands { lines: &mut lines, read_any: false, stop: None };
        let hands: Vec<String> = arrived.by_ref().map(|hand| hand.to_string()).collect();
        assert_eq!(hands, ["3 3 8 8", "1 2 3 4"]);
        assert!(matches!(arrived.stop, Some(Stop::Malformed { number: 4, .. })));
        assert!(arrived.next().is_none(), "it stays stopped");
        let mut arrived = ArrivedHands { lines: &mut lines, read_any: false, stop: None };
        assert_eq!(arrived.next().map(|hand| hand.to_string()).as_deref(), Some("6 6 6 6"));
        assert!(arrived.next().is_none());
        assert!(matches!(arrived.stop, Some(Stop::Waiting)), "nothing more has come in");
        let mut arrived = ArrivedHands { lines: &mut lines, read_any: false, stop: None };
        assert!(arrived.next().is_none());
        assert!(matches!(arrived.stop, Some(Stop::End)));
    }

    #[test]
    fn skips_blank_and_comment_lines_but_keeps_numbers() {
        let text = "3 3 8 8\n\n# a comment\n1,2, 3 4 # trailing\nx\n";
        let lines = all_lines(text.as_bytes());
        let numbers: Vec<usize> = lines.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [1, 4, 5]);
        assert_eq!(lines[1].hand.as_ref().unwrap().to_string(), "1 2 3 4");
        assert!(lines[2].hand.is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped_at_the_start_only() {
        let lines = all_lines("\u{feff}1 2 3 4\n\u{feff}1 2 3 4\n".as_bytes());
        assert_eq!(lines[0].hand.as_ref().unwrap().to_string(), "1 2 3 4");
        assert!(lines[1].hand.is_err());
    }

    #[test]
    fn the_stdin_hint_is_for_a_terminal_only() {
        insta::assert_snapshot!(
            reading_stdin_hint(true).unwrap(),
            @"reading hands from stdin, one per line; Ctrl-D to end; `reckon --help` for more"
        );
        assert_eq!(reading_stdin_hint(false), None);
    }

    #[test]
    fn bad_lines_are_quoted_short_and_visible() {
        let mut text = b"1 2 \x1b[31m\r\0 3\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 10 << 20));
        let lines = all_lines(&text);
        assert_eq!(lines[0].hand.as_ref().unwrap_err().to_string(), r"'\x1b[31m\r\0' is not a number");
        let long = lines[1].hand.as_ref().unwrap_err().to_string();
        assert!(long.len() < 100, "{long}");
    }

    /// A line that is not UTF-8 text is one malformed line, and the
    /// lines after it are read; a comment may hold any bytes.
    #[test]
    fn a_line_that_is_not_text_is_one_bad_line() {
        let text = b"1 2 3 4\r\n\xff\xfe 1\n3 3 8 8 # caf\xe9\n";
        let lines = all_lines(&text[..]);
        assert_eq!(lines.len(), 3);
        assert!(matches!(lines[1].hand, Err(LineError::NotText)));
        assert_eq!(lines[2].hand.as_ref().unwrap().to_string(), "3 3 8 8");
    }
}
