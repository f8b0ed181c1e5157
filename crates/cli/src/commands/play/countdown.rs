//! `reckon play --rules countdown`: the show's numbers game.
//!
//! Each round the player chooses how many large numbers to take (with
//! `--large`, once for the game; else asked at the start of each round, on
//! a terminal or as a line of piped input, where a blank line takes 1),
//! then answers with expressions until one is exact, the clock runs out
//! or they type `show`. The game logic is reckon-play's
//! [`CountdownRound`]; this module talks.
//!
//! The clock (`--clock`) runs only for a person at a terminal: a piped
//! game takes no time, or the hidden `--fixed-time` for every answer, so
//! its transcript never depends on how fast the machine is.

use std::io::Write;
use std::time::{Duration, Instant};

use reckon_play::{Answered, CountdownDealer, CountdownOutcome, CountdownRound, CountdownScore, Elapsed, MAX_LARGE};

use super::input::{Input, Move};
use super::{DIM, HINT, OK, PlayArgs, RoundEnd, TITLE, WRONG};
use crate::{Status, diagnostic, report};

/// Large numbers taken when a piped game answers the question with a
/// blank line: the choice most players make on the show.
const DEFAULT_LARGE: usize = 1;

pub fn run(args: &PlayArgs, seed: u64) -> anyhow::Result<Status> {
    let mut game = Game {
        input: Input::new(),
        out: anstream::stdout(),
        dealer: CountdownDealer::new(seed),
        large: args.large.map(usize::from),
        clock: args.clock.map(Duration::from_secs),
        fixed_time: args.fixed_time.map(Duration::from_secs),
        score: CountdownScore::default(),
        last: None,
    };
    game.play(seed, args.rounds)
}

struct Game {
    input: Input,
    out: anstream::AutoStream<std::io::Stdout>,
    dealer: CountdownDealer,
    /// `--large`, or `None` to ask each round.
    large: Option<usize>,
    clock: Option<Duration>,
    fixed_time: Option<Duration>,
    score: CountdownScore,
    /// The round just finished, until a move is made in the next.
    last: Option<CountdownRound>,
}

impl Game {
    fn play(&mut self, seed: u64, rounds: Option<u32>) -> anyhow::Result<Status> {
        let clock = self.clock.map(|c| format!(" Clock: {}s.", c.as_secs())).unwrap_or_default();
        writeln!(
            self.out,
            "{TITLE}Countdown: make the target with any of the six numbers, each at most once.{TITLE:#}{clock} \
             Type an expression, or show, all, quit. {DIM}(seed {seed}){DIM:#}"
        )?;
        for number in 1.. {
            let of = rounds.map(|n| format!(" of {n}")).unwrap_or_default();
            writeln!(self.out, "\n{TITLE}round {number}{of}{TITLE:#}")?;
            let Some(large) = self.choose_large()? else { break };
            let deal = self.dealer.deal(large)?;
            let mut round = match CountdownRound::new(deal, self.clock) {
                Ok(round) => round,
                Err(refused) => {
                    report::error(&refused.to_string());
                    return Ok(Status::BadInput);
                }
            };
            let deal = round.deal();
            writeln!(self.out, "numbers: {}  target: {TITLE}{}{TITLE:#}", deal.numbers(), deal.target())?;
            let started = Instant::now();
            let end = self.play_round(&mut round, started)?;
            let elapsed = self.fixed_time.unwrap_or_else(|| started.elapsed());
            if round.outcome().is_some() {
                self.after_round(&round)?;
                writeln!(self.out, "{DIM}time: {}{DIM:#}", Elapsed(elapsed))?;
            }
            self.score.record(&round, elapsed);
            self.last = round.outcome().is_some().then_some(round);
            if matches!(end, RoundEnd::Quit) || rounds.is_some_and(|n| number >= n) {
                break;
            }
        }
        writeln!(self.out, "\n{TITLE}score:{TITLE:#} {}", self.score)?;
        Ok(Status::Success)
    }

    /// `--large`, or the player's answer; `None` when the input ends or
    /// the player quits.
    fn choose_large(&mut self) -> anyhow::Result<Option<usize>> {
        if let Some(large) = self.large {
            return Ok(Some(large));
        }
        loop {
            let question = format!("large numbers (0-{MAX_LARGE}, blank for {DEFAULT_LARGE})? ");
            let Some(line) = self.input.read_line(&mut self.out, &question)? else { return Ok(None) };
            let line = line.trim();
            if line.is_empty() {
                return Ok(Some(DEFAULT_LARGE));
            }
            match Move::read(line) {
                Move::Quit => return Ok(None),
                Move::All => {
                    if let Some(last) = self.last.take() {
                        self.list_best(&last)?;
                    }
                    continue;
                }
                Move::Help => {
                    writeln!(self.out, "type how many of 25 50 75 100 to take, 0 to {MAX_LARGE}, or all, quit")?;
                    continue;
                }
                Move::Pass | Move::Hint | Move::Show | Move::Answer(_) => {}
            }
            match line.parse::<usize>() {
                Ok(large) if large <= MAX_LARGE => return Ok(Some(large)),
                _ => writeln!(self.out, "{WRONG}error:{WRONG:#} take 0 to {MAX_LARGE} large numbers, not {line}")?,
            }
        }
    }

    /// The time a move was made at, as far as the clock is concerned: on
    /// a terminal the time taken, else `--fixed-time` or none at all.
    fn elapsed(&self, started: Instant) -> Duration {
        match self.fixed_time {
            Some(fixed) => fixed,
            None if self.input.is_terminal() => started.elapsed(),
            None => Duration::ZERO,
        }
    }

    /// The prompt: points so far, this round's best answer's included,
    /// and on a terminal the time taken or left.
    fn prompt(&self, round: &CountdownRound, started: Instant) -> String {
        let points = format!("{} points", self.score.points + round.points());
        if !self.input.is_terminal() {
            return super::prompt(&points, None);
        }
        match self.clock {
            Some(clock) => {
                let left = clock.saturating_sub(started.elapsed());
                format!("[{points}, {} left] > ", Elapsed(left))
            }
            None => super::prompt(&points, Some(started)),
        }
    }

    fn play_round(&mut self, round: &mut CountdownRound, started: Instant) -> anyhow::Result<RoundEnd> {
        while round.outcome().is_none() {
            let prompt = self.prompt(round, started);
            let Some(line) = self.input.read_line(&mut self.out, &prompt)? else {
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
                    writeln!(self.out, "type an expression such as (50+1)*(25-10), or show, all, quit")?
                }
                Move::All => match last {
                    Some(last) => self.list_best(&last)?,
                    None => {
                        round.show();
                        self.list_best(round)?;
                    }
                },
                Move::Show => {
                    round.show();
                }
                not_here @ (Move::Pass | Move::Hint) => {
                    self.last = last;
                    writeln!(self.out, "{} is not a move in Countdown: type help for the moves", not_here.word())?
                }
                Move::Answer(text) => match round.answer(text, self.elapsed(started)) {
                    Answered::Declared(declaration) if declaration.is_valid() => {
                        writeln!(self.out, "{OK}ok:{OK:#} {declaration}")?
                    }
                    Answered::Declared(declaration) => writeln!(self.out, "{WRONG}wrong:{WRONG:#} {declaration}")?,
                    Answered::NotAnExpression(err) => writeln!(self.out, "{}", diagnostic::render(text, &err))?,
                    Answered::TooLate => writeln!(self.out, "{HINT}time is up:{HINT:#} {text} came too late")?,
                },
            }
        }
        Ok(RoundEnd::Finished)
    }

    /// The round's points, the best answer when the player's was not
    /// exact, and how many distinct ways make the target.
    fn after_round(&mut self, round: &CountdownRound) -> anyhow::Result<()> {
        let best = round.best();
        if round.outcome() != Some(CountdownOutcome::Exact) {
            writeln!(self.out, "best: {best}")?;
        }
        let declared = round.declared().map(|d| d.answer());
        if let Some(exact) = best.is_exact().then(|| &best.solutions()[0]) {
            let summary = exact.summary(declared);
            let more = if summary.found && summary.count == 1 { "" } else { " (all lists them)" };
            writeln!(self.out, "{summary}{more}")?;
        }
        writeln!(self.out, "points: {}", round.points())?;
        Ok(())
    }

    /// Every distinct way to make the target, or else each nearest value.
    fn list_best(&mut self, round: &CountdownRound) -> anyhow::Result<()> {
        let best = round.best();
        for solutions in best.solutions() {
            let summary = solutions.summary(None);
            if best.is_exact() {
                writeln!(self.out, "{summary}:")?;
            } else {
                writeln!(self.out, "{}, {summary}:", solutions.target())?;
            }
            for line in solutions.lines() {
                writeln!(self.out, "  {line}")?;
            }
        }
        Ok(())
    }
}
