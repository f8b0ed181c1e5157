//! `reckon [solve] CARDS...`: one solution per hand, from arguments or stdin.

use std::io::{Read, Write};

use reckon_core::{Expr, Hand, Rational, Rules, Solver};
use serde::Serialize;

use crate::Status;
use crate::args::{Format, SolveArgs};
use crate::input;
use crate::report::{self, JsonNumber};

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
    let answer = Answer { hand: &hand, rules: &rules, solution: solver.solve(&hand) };
    let mut out = std::io::stdout().lock();
    answer.write(&mut out, args.format, false)?;
    Ok(if answer.solution.is_some() { Status::Success } else { Status::NoSolution })
}

/// Answers every hand of the batch with exactly one line, in order.
fn run_batch(args: &SolveArgs, solver: &mut Solver, stdin: impl Read) -> anyhow::Result<Status> {
    let rules = *solver.rules();
    if args.format == Format::Bool {
        // Whether, not how: deciding is cheaper than finding a solution.
        return input::answer_batch(args.format, stdin, |out, hand| Ok(writeln!(out, "{}", solver.decide(hand))?));
    }
    input::answer_batch(args.format, stdin, |out, hand| {
        let solution = solver.solve(hand);
        Answer { hand, rules: &rules, solution }.write(out, args.format, true)
    })
}

/// The answer for one hand.
struct Answer<'a> {
    hand: &'a Hand,
    rules: &'a Rules,
    solution: Option<Expr>,
}

impl Answer<'_> {
    /// Writes the answer as one line; in a batch the text form names the hand.
    fn write(&self, out: &mut impl Write, format: Format, in_batch: bool) -> anyhow::Result<()> {
        match format {
            Format::Bool => writeln!(out, "{}", self.solution.is_some())?,
            Format::Json => {
                serde_json::to_writer(&mut *out, &self.json())?;
                writeln!(out)?;
            }
            Format::Text => {
                if in_batch {
                    write!(out, "{}: ", self.hand)?;
                }
                match &self.solution {
                    Some(expr) => writeln!(out, "{} = {}", expr.in_domain(self.rules.domain), self.rules.target)?,
                    None => writeln!(out, "no solution")?,
                }
            }
        }
        Ok(())
    }

    fn json(&self) -> JsonAnswer {
        JsonAnswer {
            cards: self.hand.cards().iter().map(|&c| c.into()).collect(),
            target: self.rules.target,
            solvable: self.solution.is_some(),
            solution: self.solution.as_ref().map(|e| e.in_domain(self.rules.domain).to_string()),
        }
    }
}

#[derive(Serialize)]
struct JsonAnswer {
    cards: Vec<JsonNumber>,
    #[serde(serialize_with = "report::as_string")]
    target: Rational,
    solvable: bool,
    solution: Option<String>,
}
