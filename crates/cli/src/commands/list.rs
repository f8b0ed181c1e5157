//! `reckon --all` and `reckon --count`: every distinct solution of a hand, or
//! their number, at the chosen level of distinctness.

use std::io::{BufRead, Write};

use anyhow::Context;
use reckon_canonical::{Level, distinct_solutions};
use reckon_core::{Expr, Hand, Rational, Rules};
use serde::Serialize;

use crate::Status;
use crate::args::{Format, SolveArgs};
use crate::input::{self, BatchLine};
use crate::report::{self, JsonNumber};

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    let rules = args.rules.rules();
    let level: Level = args.distinct.into();
    if args.cards.is_empty() {
        return run_batch(args, &rules, level, std::io::stdin().lock());
    }
    let hand = match input::hand_from_args(&args.cards) {
        Ok(hand) => hand,
        Err(err) => {
            report::error(&err.to_string());
            return Ok(Status::BadInput);
        }
    };
    let listing = Listing { hand: &hand, rules: &rules, solutions: distinct_solutions(&hand, &rules, level) };
    let mut out = std::io::stdout().lock();
    listing.write(&mut out, args, false)?;
    Ok(if listing.solutions.is_empty() { Status::NoSolution } else { Status::Success })
}

/// One line per input line, in order; a malformed line gets an error line.
fn run_batch(args: &SolveArgs, rules: &Rules, level: Level, stdin: impl BufRead) -> anyhow::Result<Status> {
    let mut out = std::io::stdout().lock();
    let mut status = Status::Success;
    for line in input::batch_lines(stdin) {
        let BatchLine { number, hand } = line.context("cannot read stdin")?;
        match hand {
            Ok(hand) => {
                let solutions = distinct_solutions(&hand, rules, level);
                Listing { hand: &hand, rules, solutions }.write(&mut out, args, true)?;
            }
            Err(err) => {
                status = Status::BadInput;
                let message = format!("line {number}: {err}");
                report::error(&message);
                match args.format {
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

/// The distinct solutions of one hand.
struct Listing<'a> {
    hand: &'a Hand,
    rules: &'a Rules,
    solutions: Vec<Expr>,
}

impl Listing<'_> {
    /// A single hand's text listing takes one line per solution; in a batch
    /// every hand takes exactly one line.
    fn write(&self, out: &mut impl Write, args: &SolveArgs, in_batch: bool) -> anyhow::Result<()> {
        let target = self.rules.target;
        match args.format {
            Format::Bool => writeln!(out, "{}", !self.solutions.is_empty())?,
            Format::Json => {
                serde_json::to_writer(&mut *out, &self.json(args.all))?;
                writeln!(out)?;
            }
            Format::Text if in_batch => {
                write!(out, "{}: ", self.hand)?;
                if args.count {
                    writeln!(out, "{}", self.solutions.len())?;
                } else if self.solutions.is_empty() {
                    writeln!(out, "no solution")?;
                } else {
                    let shown: Vec<String> = self.solutions.iter().map(|e| format!("{e} = {target}")).collect();
                    writeln!(out, "{}", shown.join(", "))?;
                }
            }
            Format::Text => {
                if args.count {
                    writeln!(out, "{}", self.solutions.len())?;
                } else if self.solutions.is_empty() {
                    writeln!(out, "no solution")?;
                } else {
                    for e in &self.solutions {
                        writeln!(out, "{e} = {target}")?;
                    }
                }
            }
        }
        Ok(())
    }

    fn json(&self, with_solutions: bool) -> JsonListing {
        JsonListing {
            cards: self.hand.cards().iter().map(|&c| c.into()).collect(),
            target: self.rules.target,
            solvable: !self.solutions.is_empty(),
            solutions: with_solutions.then(|| self.solutions.iter().map(Expr::to_string).collect()),
            count: self.solutions.len(),
        }
    }
}

#[derive(Serialize)]
struct JsonListing {
    cards: Vec<JsonNumber>,
    #[serde(serialize_with = "report::as_string")]
    target: Rational,
    solvable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    count: usize,
}

#[derive(Serialize)]
struct BatchError {
    line: usize,
    error: String,
}
