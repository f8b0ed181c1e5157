//! `reckon [solve] CARDS...`: one solution per hand, from arguments or stdin.

use std::io::{Read, Write};

use reckon_core::{Expr, Hand, Rational, Reach, Rules, Solver, TooManyStates};
use serde::Serialize;

use crate::Status;
use crate::args::{Format, SolveArgs};
use crate::input;
use crate::progress;
use crate::report::{self, CsvHands, JsonNumber};
use crate::rules_args::PresetArg;

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    if args.all || args.count {
        if args.format == Format::Bool {
            anyhow::bail!("-f bool says whether a hand has a solution: it does not combine with --all or --count");
        }
        return super::list::run(args);
    }
    let rules = args.rules.rules(args.target.value());
    let mut solver = Solver::new(rules);
    if args.cards.is_empty() {
        return run_batch(args, &mut solver, input::stdin_batch());
    }
    let Some(hand) = input::hand_from_args_or_report(&args.cards) else { return Ok(Status::BadInput) };
    let working = format!("solving {} cards", hand.len());
    let answered = progress::while_working(&working, || Answer::of(&hand, &mut solver, wants_closest(args)));
    if engines_asked_for() {
        show_engines(&hand, &solver);
    }
    let answer = match answered {
        Ok(answer) => answer,
        Err(refused) => {
            report::error(&refused.to_string());
            return Ok(Status::BadInput);
        }
    };
    let mut out = std::io::stdout().lock();
    answer.write(&mut out, args.format, false, &mut CsvHands::new(CSV_COLUMNS))?;
    Ok(if answer.solution.is_some() { Status::Success } else { Status::NoSolution })
}

/// Answers every hand of the batch with exactly one line, in order. A hand
/// the search gives up on gets an error line, as a malformed line does,
/// and makes the final status 2; the batch goes on.
fn run_batch(args: &SolveArgs, solver: &mut Solver, stdin: impl Read) -> anyhow::Result<Status> {
    let (format, rules, closest) = (args.format, *solver.rules(), wants_closest(args));
    let engines = engines_asked_for();
    let mut any_refused = false;
    let mut csv = CsvHands::new(CSV_COLUMNS);
    let status = input::answer_batch(format, stdin, |out, hand| {
        // Whether, not how: deciding is cheaper than finding a solution.
        let answered = if format == Format::Bool {
            solver.try_decide(hand).map(|answer| report::write_bool_line(out, answer).map_err(anyhow::Error::from))
        } else {
            Answer::of(hand, solver, closest).map(|answer| answer.write(out, format, true, &mut csv))
        };
        if engines {
            show_engines(hand, solver);
        }
        match answered {
            Ok(written) => written,
            Err(refused) => {
                any_refused = true;
                report::write_refusal(out, format, hand, &rules, &refused)
            }
        }
    })?;
    Ok(if any_refused || csv.left_out { Status::BadInput } else { status })
}

/// The CSV columns of an answer, after the cards.
const CSV_COLUMNS: &[&str] = &["target", "solvable", "solution"];

/// Is `RECKON_SHOW_ENGINES` set? Then [`show_engines`] reports each hand:
/// a diagnostic of why a hand took the time it did, and how the tests see
/// that the command line and the library choose alike. Asked once, not
/// per hand: reading the environment takes a lock.
fn engines_asked_for() -> bool {
    std::env::var_os("RECKON_SHOW_ENGINES").is_some()
}

/// Writes to stderr which engines the strategy asked for `hand`.
fn show_engines(hand: &Hand, solver: &Solver) {
    let route: Vec<String> = solver.route().iter().map(ToString::to_string).collect();
    eprintln!("{hand}: {}", route.join(", "));
}

/// Countdown players expect the nearest answer when the target cannot be
/// made exactly, as the show scores it.
fn wants_closest(args: &SolveArgs) -> bool {
    args.rules.rules == PresetArg::Countdown
}

/// The answer for one hand.
struct Answer<'a> {
    hand: &'a Hand,
    rules: Rules,
    solution: Option<Expr>,
    /// Without a solution, when asked for: the values nearest to the
    /// target the hand makes, each with a way to make it.
    closest: Vec<(Rational, Expr)>,
}

impl<'a> Answer<'a> {
    /// The answer for `hand`, or why the search gave up on it.
    fn of(hand: &'a Hand, solver: &mut Solver, closest: bool) -> Result<Answer<'a>, TooManyStates> {
        let rules = *solver.rules();
        let solution = solver.try_solve(hand)?;
        let closest = if closest && solution.is_none() { closest_solutions(hand, rules) } else { Vec::new() };
        Ok(Answer { hand, rules, solution, closest })
    }
}

/// The values nearest to the target that `hand` makes, each with one way
/// to make it; none when working them out would not fit in memory.
fn closest_solutions(hand: &Hand, rules: Rules) -> Vec<(Rational, Expr)> {
    let nearest = Reach::new(rules).closest(hand).unwrap_or_default();
    nearest
        .into_iter()
        .filter_map(|value| Some((value, Solver::new(Rules { target: value, ..rules }).solve(hand)?)))
        .collect()
}

impl Answer<'_> {
    /// Writes the answer as one line; in a batch the text form names the hand.
    fn write(&self, out: &mut impl Write, format: Format, in_batch: bool, csv: &mut CsvHands) -> anyhow::Result<()> {
        match format {
            Format::Bool => report::write_bool_line(out, self.solution.is_some())?,
            Format::Csv => {
                let solution = self.solution.as_ref().map(|e| e.in_domain(self.rules.domain).to_string());
                let fields =
                    [self.rules.target.to_string(), self.solution.is_some().to_string(), solution.unwrap_or_default()];
                csv.write(out, self.hand, fields)?;
            }
            Format::Json => {
                serde_json::to_writer(&mut *out, &self.json())?;
                writeln!(out)?;
            }
            Format::Text | Format::Steps => {
                if in_batch {
                    report::write_hand_prefix(out, self.hand)?;
                }
                let domain = self.rules.domain;
                let steps = format == Format::Steps;
                match &self.solution {
                    Some(expr) if steps => writeln!(out, "{}", report::worked(expr, domain))?,
                    Some(expr) => writeln!(out, "{} = {}", expr.in_domain(domain), self.rules.target)?,
                    None if self.closest.is_empty() => writeln!(out, "no solution")?,
                    None => {
                        let ways: Vec<String> = self
                            .closest
                            .iter()
                            .map(|(value, expr)| {
                                if steps {
                                    report::worked(expr, domain)
                                } else {
                                    format!("{value} = {}", expr.in_domain(domain))
                                }
                            })
                            .collect();
                        let away = distance(self.closest[0].0, self.rules.target);
                        writeln!(out, "no solution; closest: {} ({away} away)", ways.join(" or "))?;
                    }
                }
            }
        }
        Ok(())
    }

    fn json(&self) -> JsonAnswer {
        JsonAnswer {
            cards: report::cards_json(self.hand),
            target: self.rules.target,
            solvable: self.solution.is_some(),
            solution: self.solution.as_ref().map(|e| e.in_domain(self.rules.domain).to_string()),
            closest: self
                .closest
                .iter()
                .map(|(value, expr)| JsonClosest {
                    value: *value,
                    distance: distance(*value, self.rules.target),
                    solution: expr.in_domain(self.rules.domain).to_string(),
                })
                .collect(),
        }
    }
}

/// How far `value` is from `target`, exactly (as a string: the difference
/// of two 64-bit rationals may not be one).
fn distance(value: Rational, target: Rational) -> String {
    let (value, target) = (value.to_big(), target.to_big());
    if value < target { target - value } else { value - target }.to_string()
}

#[derive(Serialize)]
struct JsonAnswer {
    cards: Vec<JsonNumber>,
    #[serde(serialize_with = "report::as_string")]
    target: Rational,
    solvable: bool,
    solution: Option<String>,
    /// Without a solution under Countdown rules: the nearest values made.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    closest: Vec<JsonClosest>,
}

#[derive(Serialize)]
struct JsonClosest {
    #[serde(serialize_with = "report::as_string")]
    value: Rational,
    distance: String,
    solution: String,
}
