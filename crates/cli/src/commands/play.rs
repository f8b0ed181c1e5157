//! `reckon play`: the game in a terminal, or scripted through a pipe.
//!
//! All rules of play (dealing, judging, hints, scoring) come from
//! reckon-play; this module only talks to the player. With a terminal on
//! stdin, lines are read with line editing and history; otherwise stdin is
//! read line by line and each line is echoed after its prompt, so that a
//! piped session prints a readable transcript.
//!
//! Each finished round prints the time it took. The hidden option
//! `--fixed-time SECS` makes every round report exactly that long, for
//! reproducible transcripts in tests and demonstrations.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

use anstyle::{AnsiColor, Style};
use clap::Args;
use reckon_core::{CardUse, Rational};
use reckon_play::{DealSpec, Dealer, Elapsed, PassResult, Round, Score, random_seed};

use crate::Status;
use crate::args::ColorArg;
use crate::range::IntRange;
use crate::rules_args::{RulesArgs, TargetArg};
use crate::{diagnostic, report};

const OK: Style = AnsiColor::Green.on_default().bold();
const WRONG: Style = AnsiColor::Red.on_default().bold();
const HINT: Style = AnsiColor::Yellow.on_default().bold();
const TITLE: Style = Style::new().bold();
const DIM: Style = Style::new().dimmed();

const EXAMPLES: &str = "\
At the prompt, type an expression such as (11-8)*(3+5), or:
  pass   claim the hand has no solution (a wrong claim shows one)
  hint   a step of a solution; asked again, the next, then all of it
  show   give up and see a solution
  quit   end the game and see the score

Examples:
  reckon play                             the classic game, until you quit
  reckon play --rounds 5 --solvable-only  five hands that can all be made
  reckon play --cards 5 --range 1..=9 -t 10
  reckon play --seed 7                    the same hands as anyone else with seed 7";

/// Arguments of `reckon play`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PlayArgs {
    /// Cards per hand.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub cards: usize,

    /// The card values, written LO..=HI or LO-HI (both include HI;
    /// negatives are fine: -5..=5, -5--1).
    #[arg(long, value_name = "LO..=HI", default_value = "1..=13", allow_hyphen_values = true)]
    pub range: IntRange,

    /// How many cards of each value the deck holds, or `unlimited`.
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_copies)]
    pub max_copies: Copies,

    /// Deal only hands that can make the target.
    #[arg(long)]
    pub solvable_only: bool,

    /// Seed for a reproducible deal (the game prints the seed it uses).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Stop after N rounds (default: play until `quit` or end of input).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: Option<u32>,

    /// Report every round as taking exactly SECS seconds.
    #[arg(long, value_name = "SECS", hide = true)]
    pub fixed_time: Option<u64>,

    #[command(flatten)]
    pub target: TargetArg,

    #[command(flatten)]
    pub rules: RulesArgs,

    #[command(flatten)]
    pub color: ColorArg,
}

/// The `--max-copies` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copies(Option<u32>);

fn parse_copies(s: &str) -> Result<Copies, String> {
    if s == "unlimited" {
        return Ok(Copies(None));
    }
    match s.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Copies(Some(n))),
        _ => Err("expected a positive whole number or `unlimited`".into()),
    }
}

pub fn run(args: &PlayArgs) -> anyhow::Result<Status> {
    let spec = DealSpec {
        cards: args.cards,
        low: args.range.lo,
        high: args.range.hi,
        max_copies: args.max_copies.0,
        solvable_only: args.solvable_only,
        difficulty: None,
        rules: args.rules.rules(args.target.value()),
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut dealer = match Dealer::new(spec, seed) {
        Ok(dealer) => dealer,
        Err(err) => {
            report::error(&err.to_string());
            return Ok(Status::BadInput);
        }
    };
    let mut game = Game {
        input: Input::new(),
        out: anstream::stdout(),
        fixed_time: args.fixed_time.map(Duration::from_secs),
        score: Score::default(),
    };
    game.play(&mut dealer, seed, args.rounds)
}

/// Where the player's lines come from.
enum Input {
    /// A terminal: line editing and history.
    Editor(Box<rustyline::DefaultEditor>),
    /// A pipe or file: plain lines, echoed so the transcript shows them.
    Plain(std::io::StdinLock<'static>),
}

impl Input {
    fn new() -> Input {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain(stdin.lock())
    }

    /// The next line, or `None` at the end of input (or Ctrl-C / Ctrl-D).
    fn read_line(&mut self, out: &mut impl Write, prompt: &str) -> anyhow::Result<Option<String>> {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Ok(Some(line))
                }
                Err(rustyline::error::ReadlineError::Eof | rustyline::error::ReadlineError::Interrupted) => Ok(None),
                Err(err) => Err(err.into()),
            },
            Input::Plain(stdin) => loop {
                write!(out, "{prompt}")?;
                let mut bytes = Vec::new();
                if stdin.read_until(b'\n', &mut bytes)? == 0 {
                    writeln!(out)?;
                    return Ok(None);
                }
                match String::from_utf8(bytes) {
                    Ok(text) => {
                        let line = text.trim_end_matches(['\n', '\r']).to_owned();
                        writeln!(out, "{line}")?;
                        return Ok(Some(line));
                    }
                    // Echoed as far as it reads, refused as the batch
                    // refuses it, and the game goes on.
                    Err(err) => {
                        writeln!(out, "{}", String::from_utf8_lossy(err.as_bytes()).trim_end_matches(['\n', '\r']))?;
                        writeln!(out, "error: {}", crate::input::LineError::NotText)?;
                    }
                }
            },
        }
    }
}

/// What the player asked for with one line.
enum Move<'a> {
    Answer(&'a str),
    Pass,
    Hint,
    Show,
    Help,
    Quit,
}

impl Move<'_> {
    fn read(line: &str) -> Move<'_> {
        match line.trim().to_ascii_lowercase().as_str() {
            "pass" => Move::Pass,
            "hint" => Move::Hint,
            "show" => Move::Show,
            "help" | "?" => Move::Help,
            "quit" | "exit" | "q" => Move::Quit,
            _ => Move::Answer(line),
        }
    }
}

/// Did the player finish the round or quit the game?
enum RoundEnd {
    Finished,
    Quit,
}

struct Game {
    input: Input,
    out: anstream::AutoStream<std::io::Stdout>,
    fixed_time: Option<Duration>,
    score: Score,
}

impl Game {
    /// Plays rounds until the last, a quit or the end of input, then prints
    /// the score. A spec that cannot deal even the first hand prints nothing
    /// but the error.
    fn play(&mut self, dealer: &mut Dealer, seed: u64, rounds: Option<u32>) -> anyhow::Result<Status> {
        let mut next = match dealer.next_round() {
            Ok(round) => round,
            Err(err) => {
                report::error(&err.to_string());
                return Ok(Status::BadInput);
            }
        };
        let rules = dealer.spec().rules;
        let target = rules.target;
        let cards = match rules.card_use {
            CardUse::All => "every card once",
            CardUse::Subset => "some of the cards, each at most once",
        };
        writeln!(
            self.out,
            "{TITLE}Make {target} with {cards}.{TITLE:#} Type an expression, or pass, hint, show, quit. {DIM}(seed {seed}){DIM:#}"
        )?;
        let mut status = Status::Success;
        for number in 1.. {
            let mut round = next;
            let of = rounds.map(|n| format!(" of {n}")).unwrap_or_default();
            writeln!(self.out, "\n{TITLE}round {number}{of}:{TITLE:#} {}", round.hand())?;
            let started = Instant::now();
            let end = self.play_round(&mut round, target)?;
            let elapsed = self.fixed_time.unwrap_or_else(|| started.elapsed());
            if round.outcome().is_some() {
                writeln!(self.out, "{DIM}time: {}{DIM:#}", Elapsed(elapsed))?;
            }
            self.score.record(&round, elapsed);
            if matches!(end, RoundEnd::Quit) || rounds.is_some_and(|n| number >= n) {
                break;
            }
            next = match dealer.next_round() {
                Ok(round) => round,
                Err(err) => {
                    // Only a solvable-only deal can fail after the first.
                    report::error(&err.to_string());
                    status = Status::BadInput;
                    break;
                }
            };
        }
        writeln!(self.out, "\n{TITLE}score:{TITLE:#} {}", self.score)?;
        Ok(status)
    }

    /// Reads moves until the round ends or the player quits.
    fn play_round(&mut self, round: &mut Round, target: Rational) -> anyhow::Result<RoundEnd> {
        let domain = round.rules().domain;
        while round.outcome().is_none() {
            let Some(line) = self.input.read_line(&mut self.out, "> ")? else {
                return Ok(RoundEnd::Quit);
            };
            if line.trim().is_empty() {
                continue;
            }
            match Move::read(&line) {
                Move::Quit => return Ok(RoundEnd::Quit),
                Move::Help => writeln!(self.out, "type an expression such as (11-8)*(3+5), or pass, hint, show, quit")?,
                Move::Hint => writeln!(self.out, "{HINT}hint:{HINT:#} {}", round.advice())?,
                Move::Show => match round.show() {
                    Some(solution) => writeln!(self.out, "solution: {} = {target}", solution.in_domain(domain))?,
                    None => writeln!(self.out, "no solution: {} cannot make {target}", round.hand())?,
                },
                Move::Pass => match round.pass() {
                    PassResult::Correct => {
                        writeln!(self.out, "{OK}right:{OK:#} {} cannot make {target}", round.hand())?
                    }
                    PassResult::Wrong(solution) => {
                        let solution = solution.in_domain(domain);
                        writeln!(self.out, "{WRONG}wrong:{WRONG:#} there is a solution: {solution} = {target}")?
                    }
                },
                Move::Answer(text) => match round.answer(text) {
                    Ok(verdict) if verdict.is_correct() => {
                        writeln!(self.out, "{OK}ok:{OK:#} {verdict}")?;
                    }
                    Ok(verdict) => writeln!(self.out, "{WRONG}wrong:{WRONG:#} {verdict}")?,
                    Err(err) => writeln!(self.out, "{}", diagnostic::render(text, &err))?,
                },
            }
        }
        Ok(RoundEnd::Finished)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies() {
        assert_eq!(parse_copies("unlimited"), Ok(Copies(None)));
        assert_eq!(parse_copies("2"), Ok(Copies(Some(2))));
        assert!(parse_copies("0").is_err());
    }
}
