//! `reckon --all` and `reckon --count`: every distinct solution of a hand, or
//! their number, at the chosen level of distinctness.

use std::io::{Read, Write};

use reckon_canonical::{DistinctSolver, Level};
use reckon_core::{Expr, Hand, Rational, Rules, TooManySolutions};
use reckon_play::{Difficulty, Facts, Rater};
use serde::Serialize;

use crate::Status;
use crate::args::{Format, SolveArgs};
use crate::input;
use crate::progress;
use crate::report::{self, CsvHands, JsonNumber};

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    let rules = args.rules.rules(args.target.value());
    let level: Level = args.level();
    let mut solver = DistinctSolver::new(rules, level);
    if args.cards.is_empty() {
        return run_batch(args, &mut solver, input::stdin_batch());
    }
    let Some(hand) = input::hand_from_args_or_report(&args.cards) else { return Ok(Status::BadInput) };
    let working = format!("{} the solutions of {} cards", if args.all { "listing" } else { "counting" }, hand.len());
    let listing = match progress::while_working(&working, || Listing::of(&mut solver, &hand, args.all)) {
        Ok(listing) => listing,
        Err(refused) => {
            report::error(&refused.to_string());
            return Ok(Status::BadInput);
        }
    };
    let mut out = std::io::stdout().lock();
    listing.write(&mut out, args, false, &mut csv_rows(args))?;
    Ok(if listing.count == 0 { Status::NoSolution } else { Status::Success })
}

/// One line per input line, in order. One solver answers every line, so
/// that the parts hands have in common are worked out once, and it is
/// handed the lines that came in together. A hand refused for its memory
/// gets an error line, as a malformed line does, and makes the final
/// status 2; the batch goes on.
fn run_batch(args: &SolveArgs, solver: &mut DistinctSolver, stdin: impl Read) -> anyhow::Result<Status> {
    let mut any_refused = false;
    let mut csv = csv_rows(args);
    let status = input::answer_batch_as_it_comes(args.format, stdin, |out, hands| {
        let (rules, level) = (*solver.rules(), solver.level());
        let mut written = Ok(());
        let mut write = |hand: &Hand, listing: Result<Listing<'_>, TooManySolutions>| {
            if written.is_ok() {
                written = match listing {
                    Ok(listing) => listing.write(out, args, true, &mut csv),
                    Err(refused) => {
                        any_refused = true;
                        report::write_refusal(out, args.format, hand, &rules, &refused)
                    }
                };
            }
        };
        if args.all {
            solver.try_solve_each(hands, |hand, solutions| {
                write(hand, solutions.map(|solutions| Listing::of_solutions(hand, rules, level, solutions)));
            });
        } else {
            solver.try_count_each(hands, |hand, count| {
                write(hand, count.map(|count| Listing { hand, rules, level, count, solutions: Vec::new() }));
            });
        }
        written
    })?;
    Ok(if any_refused || csv.left_out { Status::BadInput } else { status })
}

/// The CSV rows of a listing: one per hand with --count, one per solution with --all.
fn csv_rows(args: &SolveArgs) -> CsvHands {
    CsvHands::new(match (args.all, args.rate) {
        (true, false) => &["target", "solution"],
        (true, true) => &["target", "solution", "difficulty"],
        (false, false) => &["target", "solvable", "count"],
        (false, true) => &["target", "solvable", "count", "difficulty"],
    })
}

/// The distinct solutions of one hand, or only their number.
struct Listing<'a> {
    hand: &'a Hand,
    rules: Rules,
    level: Level,
    count: usize,
    /// Listed only if asked for: counting classes costs less than
    /// choosing and tidying the solution each shows.
    solutions: Vec<Expr>,
}

impl<'a> Listing<'a> {
    /// The listing of `hand`, or why its solutions would not fit in memory.
    fn of(solver: &mut DistinctSolver, hand: &'a Hand, with_solutions: bool) -> Result<Listing<'a>, TooManySolutions> {
        let (rules, level) = (*solver.rules(), solver.level());
        Ok(if with_solutions {
            Listing::of_solutions(hand, rules, level, solver.try_solve(hand)?)
        } else {
            Listing { hand, rules, level, count: solver.try_count(hand)?, solutions: Vec::new() }
        })
    }

    fn of_solutions(hand: &'a Hand, rules: Rules, level: Level, solutions: Vec<Expr>) -> Listing<'a> {
        Listing { hand, rules, level, count: solutions.len(), solutions }
    }

    /// The solutions as printed at the listing's level.
    fn shown(&self) -> impl Iterator<Item = String> + '_ {
        self.solutions.iter().map(|e| self.level.written(e, self.rules.domain).to_string())
    }

    /// The solutions as lines of text: each `= target`, or worked step by step.
    fn lines(&self, format: Format) -> Vec<String> {
        let target = self.rules.target;
        match format {
            Format::Steps => self.solutions.iter().map(|e| report::worked(e, self.rules.domain)).collect(),
            _ => self.shown().map(|e| format!("{e} = {target}")).collect(),
        }
    }

    /// The hand's difficulty, rated at the `4nums` level whatever the
    /// listing's: `None` without a solution, or when its listing at that
    /// level would not fit in memory.
    fn difficulty(&self) -> Option<Difficulty> {
        if self.count == 0 {
            return None;
        }
        // A `4nums` listing is what the rating reads: not made twice.
        if self.level == Level::FourNums && self.solutions.len() == self.count {
            return Rater::new(self.rules).facts_of_listed(self.hand, &self.solutions).difficulty();
        }
        Facts::of(self.hand, &self.rules).ok()?.difficulty()
    }

    /// A single hand's text listing takes one line per solution; in a batch
    /// every hand takes exactly one line. `--rate` adds the difficulty: a
    /// line of its own, or at the end of a batch line.
    fn write(&self, out: &mut impl Write, args: &SolveArgs, in_batch: bool, csv: &mut CsvHands) -> anyhow::Result<()> {
        let rating = args.rate.then(|| self.difficulty().map_or("none", Difficulty::name));
        // Empty for a hand without a solution, as in census rows.
        let band = rating.map(|name| if name == "none" { String::new() } else { name.to_owned() });
        match args.format {
            Format::Bool => report::write_bool_line(out, self.count > 0)?,
            Format::Csv if args.all => {
                csv.header(out, self.hand)?;
                for solution in self.shown() {
                    csv.write(
                        out,
                        self.hand,
                        [self.rules.target.to_string(), solution].into_iter().chain(band.clone()),
                    )?;
                }
            }
            Format::Csv => {
                let fields = [self.rules.target.to_string(), (self.count > 0).to_string(), self.count.to_string()];
                csv.write(out, self.hand, fields.into_iter().chain(band))?;
            }
            Format::Json => {
                let mut json = self.json(args.all);
                json.difficulty = rating.map(|name| (name != "none").then_some(name));
                serde_json::to_writer(&mut *out, &json)?;
                writeln!(out)?;
            }
            Format::Text | Format::Steps if in_batch => {
                report::write_hand_prefix(out, self.hand)?;
                // Steps are separated by `;`, so solutions by `|`.
                let between = if args.format == Format::Steps { " | " } else { ", " };
                if args.count {
                    report::write_count(out, self.count)?;
                } else if self.count == 0 {
                    write!(out, "no solution")?;
                } else {
                    write!(out, "{}", self.lines(args.format).join(between))?;
                }
                match rating {
                    Some(rating) => writeln!(out, "{}difficulty: {rating}", between.replace(',', ";"))?,
                    None => writeln!(out)?,
                }
            }
            Format::Text | Format::Steps => {
                if args.count {
                    writeln!(out, "{}", self.count)?;
                } else if self.count == 0 {
                    writeln!(out, "no solution")?;
                } else {
                    for line in self.lines(args.format) {
                        writeln!(out, "{line}")?;
                    }
                }
                if let Some(rating) = rating {
                    writeln!(out, "difficulty: {rating}")?;
                }
            }
        }
        Ok(())
    }

    fn json(&self, with_solutions: bool) -> JsonListing {
        JsonListing {
            cards: report::cards_json(self.hand),
            target: self.rules.target,
            solvable: self.count > 0,
            solutions: with_solutions.then(|| self.shown().collect()),
            count: self.count,
            difficulty: None,
        }
    }
}

/// The JSON line answering a batch hand refused for its memory.
#[derive(Serialize)]
struct JsonListing {
    cards: Vec<JsonNumber>,
    #[serde(serialize_with = "report::as_string")]
    target: Rational,
    solvable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    count: usize,
    /// With `--rate`: the hand's difficulty, null without a solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<Option<&'static str>>,
}
