//! `reckon play`: the game in a terminal, or scripted through a pipe.
//!
//! All rules of play (dealing, judging, hints, scoring, difficulty) come
//! from reckon-play; this module only talks to the player. With a terminal
//! on stdin, lines are read with line editing and history and the prompt
//! shows the time; otherwise stdin is read line by line and each line is
//! echoed after its prompt, so that a piped session prints a readable
//! transcript that does not depend on the clock.
//!
//! `--rules countdown` plays the show's game instead ([`countdown`]).
//!
//! Each finished round prints the time it took. The hidden option
//! `--fixed-time SECS` makes every round report exactly that long, for
//! reproducible transcripts in tests and demonstrations.

mod countdown;
mod duel;
mod input;
mod timed_input;

use std::io::Write;
use std::time::{Duration, Instant};

use anstyle::{AnsiColor, Style};
use clap::{Args, ValueEnum};
use reckon_core::Rational;
use reckon_core::rules::CardUse;
use reckon_play::{DealSpec, Dealer, Difficulty, Elapsed, Opponent, PassResult, Round, Score, Solutions, random_seed};

use self::input::{Input, Move};
use crate::Status;
use crate::args::{ColorArg, MemoryArg};
use crate::range::IntRange;
use crate::rules_args::{PresetArg, RulesArgs, TargetArg};
use crate::{diagnostic, progress, report};

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
  all    every distinct solution: of the hand just finished when typed
         first in a round, else of this hand, giving it up
  quit   end the game and see the score
The prompt shows the score so far (won/finished), and on a terminal the
time the round has taken.

With --rules countdown, the show's game: choose how many large numbers
(--large, or asked each round), make the target from 100 to 999 with any
of the six numbers; 10 points exact, 7 within 5, 5 within 10. show ends
the round and reveals the best answer. A piped game reads the number of
large numbers as a line (blank: 1), and its clock never runs out.

With --duel, the game as children play it against the computer: the
deck (ace to 10, four suits) is split in two piles; each round you both
turn up two cards, and the first to make 24 takes all four. pass says
there is no solution. The computer answers when its time is up, quicker
on easy hands and at a higher --opponent level. Piped, each line counts
as 3 seconds on the computer's clock.

Examples:
  reckon play --duel --opponent easy      against the computer
  reckon play                             the classic game, until you quit
  reckon play --rounds 5 --solvable-only  five hands that can all be made
  reckon play --difficulty hard           only hands rated hard
  reckon play --cards 5 --range 1..=9 -t 10
  reckon play --seed 7                    the same hands as anyone else with seed 7
  reckon play --rules countdown --large 2 --clock 30";

/// Arguments of `reckon play`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PlayArgs {
    /// Cards per hand (default 4).
    #[arg(long, value_name = "N")]
    pub cards: Option<usize>,

    /// The card values (default 1..=13), written LO..=HI or LO-HI (both
    /// include HI; negatives are fine: -5..=5, -5--1).
    #[arg(long, value_name = "LO..=HI", allow_hyphen_values = true)]
    pub range: Option<IntRange>,

    /// How many cards of each value the deck holds, or `unlimited` (default 4).
    #[arg(long, value_name = "N", value_parser = parse_copies)]
    pub max_copies: Option<Copies>,

    /// Deal only hands that can make the target.
    #[arg(long)]
    pub solvable_only: bool,

    /// Deal only hands of this difficulty (docs/difficulty.md gives the rule).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub difficulty: Option<DifficultyArg>,

    /// With --rules countdown: how many large numbers (25 50 75 100) to
    /// take each round, 0 to 4 (default: asked each round).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=4))]
    pub large: Option<u8>,

    /// With --rules countdown: the seconds each round allows (default: no clock).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub clock: Option<u64>,

    /// Play against the computer: two piles, two cards each per round, the
    /// first to make the target takes the four.
    #[arg(long)]
    pub duel: bool,

    /// With --duel: how strong the computer is (default normal).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub opponent: Option<OpponentArg>,

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
    pub memory: MemoryArg,

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

/// The `--difficulty` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    /// A plain sum or product, or several ways and a shallow one.
    Easy,
    /// Neither easy nor hard.
    Medium,
    /// Only through fractions or negative values, or deep at best.
    Hard,
}

impl From<DifficultyArg> for Difficulty {
    fn from(arg: DifficultyArg) -> Difficulty {
        match arg {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Medium => Difficulty::Medium,
            DifficultyArg::Hard => Difficulty::Hard,
        }
    }
}

/// The `--opponent` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OpponentArg {
    /// Slow, and much slower on hard hands.
    Easy,
    /// About as quick as a practised player.
    Normal,
    /// Quick on every hand.
    Expert,
}

impl From<OpponentArg> for Opponent {
    fn from(arg: OpponentArg) -> Opponent {
        match arg {
            OpponentArg::Easy => Opponent::Easy,
            OpponentArg::Normal => Opponent::Normal,
            OpponentArg::Expert => Opponent::Expert,
        }
    }
}

pub fn run(args: &PlayArgs) -> anyhow::Result<Status> {
    let seed = args.seed.unwrap_or_else(random_seed);
    if args.duel {
        if let Some(option) = duel_unused_option(args) {
            report::error(&format!("{option} does not apply to --duel"));
            return Ok(Status::BadInput);
        }
        return duel::run(args, seed, args.opponent.map_or(Opponent::default(), Opponent::from));
    }
    if args.opponent.is_some() {
        report::error("--opponent is for the duel against the computer: add --duel");
        return Ok(Status::BadInput);
    }
    if args.rules.rules == PresetArg::Countdown {
        if let Some(option) = classic_only_option(args) {
            report::error(&format!(
                "{option} does not apply to --rules countdown, which deals the show's numbers and target"
            ));
            return Ok(Status::BadInput);
        }
        return countdown::run(args, seed);
    }
    if let Some(option) = [(args.large.is_some(), "--large"), (args.clock.is_some(), "--clock")]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    {
        report::error(&format!("{option} is for the Countdown game: add --rules countdown"));
        return Ok(Status::BadInput);
    }
    let defaults = DealSpec::default();
    let spec = DealSpec {
        cards: args.cards.unwrap_or(defaults.cards),
        low: args.range.map_or(defaults.low, |r| r.lo),
        high: args.range.map_or(defaults.high, |r| r.hi),
        max_copies: args.max_copies.map_or(defaults.max_copies, |c| c.0),
        solvable_only: args.solvable_only,
        difficulty: args.difficulty.map(Difficulty::from),
        rules: args.rules.rules(args.target.value()),
    };
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
        last: None,
    };
    game.play(&mut dealer, seed, args.rounds)
}

/// The first option given that the Countdown game does not use.
fn classic_only_option(args: &PlayArgs) -> Option<&'static str> {
    let rules = &args.rules;
    [
        (args.cards.is_some(), "--cards"),
        (args.range.is_some(), "--range"),
        (args.max_copies.is_some(), "--max-copies"),
        (args.solvable_only, "--solvable-only"),
        (args.difficulty.is_some(), "--difficulty"),
        (args.target.target.is_some(), "--target"),
        (rules.ops.is_some(), "--ops"),
        (rules.domain.is_some(), "--domain"),
        (rules.card_use.is_some(), "--use"),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

/// The first option given that the duel does not use.
fn duel_unused_option(args: &PlayArgs) -> Option<&'static str> {
    [
        (args.cards.is_some(), "--cards"),
        (args.solvable_only, "--solvable-only"),
        (args.difficulty.is_some(), "--difficulty"),
        (args.large.is_some(), "--large"),
        (args.clock.is_some(), "--clock"),
        (args.fixed_time.is_some(), "--fixed-time"),
        (args.rules.rules == PresetArg::Countdown, "--rules countdown"),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

/// Did the player finish the round or quit the game?
enum RoundEnd {
    Finished,
    Quit,
}

/// The prompt: the score so far, and on a terminal the time the round
/// has taken, e.g. `[won 1/2, 4.2s] > `.
fn prompt(score: &str, started: Option<Instant>) -> String {
    match started {
        Some(started) => format!("[{score}, {}] > ", Elapsed(started.elapsed())),
        None => format!("[{score}] > "),
    }
}

/// The distinct solutions of a finished round, for `all`.
struct Finished {
    hand: String,
    solutions: Solutions,
}

/// The dealer's next round, with a spinner on a terminal while a hand of
/// many cards is decided (nine or ten distinct cards can take seconds).
fn deal(dealer: &mut Dealer) -> Result<Round, reckon_play::DealError> {
    let working = format!("dealing a hand of {} cards", dealer.spec().cards);
    progress::while_working(&working, || dealer.next_round())
}

struct Game {
    input: Input,
    out: anstream::AutoStream<std::io::Stdout>,
    fixed_time: Option<Duration>,
    score: Score,
    /// The round just finished, until a move is made in the next.
    last: Option<Finished>,
}

impl Game {
    /// Plays rounds until the last, a quit or the end of input, then prints
    /// the score. A spec that cannot deal even the first hand prints nothing
    /// but the error.
    fn play(&mut self, dealer: &mut Dealer, seed: u64, rounds: Option<u32>) -> anyhow::Result<Status> {
        let mut next = match deal(dealer) {
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
            "{TITLE}Make {target} with {cards}.{TITLE:#} Type an expression, or pass, hint, show, all, quit. {DIM}(seed {seed}){DIM:#}"
        )?;
        let mut status = Status::Success;
        for number in 1.. {
            let mut round = next;
            let of = rounds.map(|n| format!(" of {n}")).unwrap_or_default();
            writeln!(self.out, "\n{TITLE}round {number}{of}:{TITLE:#} {}", round.hand())?;
            let started = Instant::now();
            let end = self.play_round(&mut round, target, started)?;
            let elapsed = self.fixed_time.unwrap_or_else(|| started.elapsed());
            if round.outcome().is_some() {
                self.after_round(&round)?;
                writeln!(self.out, "{DIM}time: {}{DIM:#}", Elapsed(elapsed))?;
            }
            self.score.record(&round, elapsed);
            if matches!(end, RoundEnd::Quit) || rounds.is_some_and(|n| number >= n) {
                break;
            }
            next = match deal(dealer) {
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

    /// Says how many distinct solutions the hand has, and keeps them for `all`.
    fn after_round(&mut self, round: &Round) -> anyhow::Result<()> {
        // A hand whose listing would not fit in memory goes without.
        let working = format!("listing the solutions of {} cards", round.hand().len());
        let listed = progress::while_working(&working, || Solutions::of(round.hand(), round.rules()));
        let Ok(solutions) = listed else { return Ok(()) };
        if !solutions.is_empty() {
            let summary = solutions.summary(round.solved_with());
            let more = if summary.found && summary.count == 1 { "" } else { " (all lists them)" };
            writeln!(self.out, "{summary}{more}")?;
        }
        self.last = Some(Finished { hand: round.hand().to_string(), solutions });
        Ok(())
    }

    /// Writes every distinct solution of a hand.
    fn list_all(&mut self, hand: &str, solutions: &Solutions) -> anyhow::Result<()> {
        if solutions.is_empty() {
            return Ok(writeln!(self.out, "no solution: {hand} cannot make {}", solutions.target())?);
        }
        writeln!(self.out, "{} of {hand}:", solutions.summary(None))?;
        for line in solutions.lines() {
            writeln!(self.out, "  {line}")?;
        }
        Ok(())
    }

    /// Reads moves until the round ends or the player quits.
    fn play_round(&mut self, round: &mut Round, target: Rational, started: Instant) -> anyhow::Result<RoundEnd> {
        let domain = round.rules().domain;
        let clock = self.input.is_terminal().then_some(started);
        while round.outcome().is_none() {
            let score = format!("won {}/{}", self.score.won(), self.score.rounds);
            let Some(line) = self.input.read_line(&mut self.out, &prompt(&score, clock))? else {
                return Ok(RoundEnd::Quit);
            };
            if line.trim().is_empty() {
                continue;
            }
            let last = self.last.take();
            match Move::read(&line) {
                Move::Quit => return Ok(RoundEnd::Quit),
                Move::Help => {
                    self.last = last;
                    writeln!(self.out, "type an expression such as (11-8)*(3+5), or pass, hint, show, all, quit")?
                }
                Move::All => match last {
                    Some(last) => self.list_all(&last.hand, &last.solutions)?,
                    None => {
                        round.show();
                        match Solutions::of(round.hand(), round.rules()) {
                            Ok(solutions) => self.list_all(&round.hand().to_string(), &solutions)?,
                            Err(refused) => writeln!(self.out, "{WRONG}error:{WRONG:#} {refused}")?,
                        }
                    }
                },
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
