//! `reckon check EXPR [CARDS]...`: is EXPR a valid answer?
//!
//! Exit status: 0 when it is; 1 when it is not, with every reason on one
//! line (`= 23, not 24`, `does not use 3`, ...) or, for a division by zero,
//! the divisor underlined; 2 when EXPR is not an expression at all (the
//! offending part underlined) or the cards are malformed. A division by zero
//! is a wrong answer rather than bad input: the text is a well-formed
//! expression that simply has no value.

use std::io::Write;

use anstyle::{AnsiColor, Style};
use clap::Args;
use reckon_core::expr::ParseErrorKind;
use reckon_core::parse_expr;
use reckon_play::judge;

use crate::Status;
use crate::args::ColorArg;
use crate::rules_args::{RulesArgs, TargetArg};
use crate::{diagnostic, input, quote, report};

const OK: Style = AnsiColor::Green.on_default().bold();
const WRONG: Style = AnsiColor::Red.on_default().bold();

const EXAMPLES: &str = "\
Examples:
  reckon check '(11-8)*(3+5)' 3 5 8 11    ok: (11-8)*(3+5) = 24
  reckon check '8 ÷ (3 − 8 ÷ 3)' 3 3 8 8  × ÷ − are fine too
  reckon check -t 10 '1+2+3+4'            without cards, only the value counts

Exit status: 0 a valid answer, 1 not a valid answer, 2 not an expression or bad cards.";

/// Arguments of `reckon check`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CheckArgs {
    /// The answer: whole numbers, + - * / (also x × ÷ −), brackets; a
    /// fraction card written as a division, 7/2 or (7/2).
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub expr: String,

    /// The hand it must use, each card exactly once: 1 to 10 whole numbers
    /// (8), negatives (-3), decimals (2.5) or fractions (7/2, -1/7). Without
    /// cards only the value is checked.
    #[arg(value_name = "CARDS", allow_negative_numbers = true)]
    pub cards: Vec<String>,

    #[command(flatten)]
    pub target: TargetArg,

    #[command(flatten)]
    pub rules: RulesArgs,

    #[command(flatten)]
    pub color: ColorArg,
}

pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    let hand = if args.cards.is_empty() {
        None
    } else {
        match input::hand_from_args(&args.cards) {
            Ok(hand) => Some(hand),
            Err(err) => {
                report::error(&quote::hand_error(&err));
                return Ok(Status::BadInput);
            }
        }
    };
    let expr = match parse_expr(&args.expr) {
        Ok(expr) => expr,
        Err(err) => {
            let rendered = diagnostic::render(&args.expr, &err);
            writeln!(anstream::stderr(), "{rendered}")?;
            return Ok(if err.kind() == ParseErrorKind::DivisionByZero {
                Status::NoSolution
            } else {
                Status::BadInput
            });
        }
    };
    let verdict = judge(&expr, hand.as_ref(), &args.rules.rules(args.target.value()));
    let mut out = anstream::stdout().lock();
    if verdict.is_correct() {
        writeln!(out, "{OK}ok:{OK:#} {verdict}")?;
        Ok(Status::Success)
    } else {
        writeln!(out, "{WRONG}wrong:{WRONG:#} {verdict}")?;
        Ok(Status::NoSolution)
    }
}
