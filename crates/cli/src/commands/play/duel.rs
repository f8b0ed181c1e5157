//! `reckon play --duel`: the 24 game as children play it, against the
//! computer. The rules are reckon-play's [`Duel`]; this module talks and
//! keeps the clock.
//!
//! At a terminal the clock is real: the computer answers when its thinking
//! time is up, whether or not the player is typing ([`TimedInput`]).
//! Through a pipe the clock is virtual: each line read counts as
//! [`LINE_TIME`], and when the computer's time comes before the next line
//! would, it answers first and the line goes to the next round. A scripted
//! game so plays the same on every machine, and at once.

use std::fmt::Write as _;
use std::io::Write;
use std::time::{Duration, Instant};

use reckon_core::Hand;
use reckon_play::{Duel, DuelAnswer, DuelSpec, Elapsed, Opponent, RoundEnd, Side};

use super::input::{Input, Move};
use super::timed_input::{Read, TimedInput};
use super::{DIM, OK, PlayArgs, TITLE, WRONG};
use crate::{Status, diagnostic, report};

/// The time a line of piped input counts for.
pub const LINE_TIME: Duration = Duration::from_secs(3);

pub fn run(args: &PlayArgs, seed: u64, level: Opponent) -> anyhow::Result<Status> {
    let defaults = DuelSpec::default();
    let copies = match args.max_copies.map(|c| c.0) {
        None => defaults.copies,
        Some(Some(copies)) => copies,
        Some(None) => {
            report::error("--max-copies unlimited does not apply to --duel, which deals out one finite deck");
            return Ok(Status::BadInput);
        }
    };
    let spec = DuelSpec {
        low: args.range.map_or(defaults.low, |r| r.lo),
        high: args.range.map_or(defaults.high, |r| r.hi),
        copies,
        rules: args.rules.rules(args.target.value()),
    };
    let duel = match Duel::new(spec, level, seed) {
        Ok(duel) => duel,
        Err(err) => {
            report::error(&err.to_string());
            return Ok(Status::BadInput);
        }
    };
    let mut game = Game {
        duel,
        reader: match TimedInput::new() {
            Some(timed) => Reader::Terminal(timed),
            None => Reader::Piped(Input::new()),
        },
        out: anstream::stdout(),
        won: [0, 0],
        draws: 0,
        missed: Vec::new(),
    };
    game.play(args.rounds)
}

/// Where lines come from, and so which clock runs.
enum Reader {
    Terminal(TimedInput),
    Piped(Input),
}

/// A hand the computer took that the player could have: its cards and
/// the solution the computer gave.
struct Missed {
    round: u32,
    hand: Hand,
    solution: String,
}

struct Game {
    duel: Duel,
    reader: Reader,
    out: anstream::AutoStream<std::io::Stdout>,
    /// Rounds won by the player, then by the computer.
    won: [u32; 2],
    draws: u32,
    missed: Vec<Missed>,
}

impl Game {
    fn play(&mut self, rounds: Option<u32>) -> anyhow::Result<Status> {
        let target = self.duel.rules().target;
        writeln!(
            self.out,
            "{TITLE}Duel against the {} computer: make {target} first.{TITLE:#} \
             Type an expression, pass (no solution) or quit. {DIM}(seed {}){DIM:#}",
            self.duel.opponent(),
            self.duel.seed()
        )?;
        let mut quit = false;
        while !quit && rounds.is_none_or(|n| self.duel.rounds() < n) {
            if self.duel.turn_up().is_none() {
                break;
            }
            quit = self.play_round()?;
        }
        self.final_result()?;
        Ok(Status::Success)
    }

    /// Plays the round on the table; true when the player quits.
    fn play_round(&mut self) -> anyhow::Result<bool> {
        let table = self.duel.table().expect("a round is in play");
        let [mine, theirs] = [Side::Player, Side::Computer].map(|side| cards(table.turned_up_by(side)));
        let header = format!(
            "\n{TITLE}round {}:{TITLE:#} you {mine}, computer {theirs}  {DIM}(piles: you {}, computer {}){DIM:#}\n",
            self.duel.rounds(),
            self.duel.pile(Side::Player).len(),
            self.duel.pile(Side::Computer).len()
        );
        let thinking = table.thinking_time();
        self.say(&header)?;
        let started = Instant::now();
        let mut lines: u32 = 0;
        loop {
            let elapsed = match &self.reader {
                Reader::Terminal(_) => started.elapsed(),
                Reader::Piped(_) => LINE_TIME * lines,
            };
            let prompt = format!("[you {}, computer {}, {}] > ", self.won[0], self.won[1], Elapsed(elapsed));
            let line = match &mut self.reader {
                Reader::Terminal(timed) => match timed.read_line(&prompt, Some(started + thinking)) {
                    Read::Line(line) => Some(line),
                    Read::End => None,
                    Read::TimedOut => {
                        let end = self.duel.tick(thinking).expect("the computer's time is up");
                        self.report_end(&end)?;
                        return Ok(false);
                    }
                },
                Reader::Piped(input) => {
                    if thinking <= LINE_TIME * (lines + 1) {
                        let end = self.duel.tick(thinking).expect("the computer's time is up");
                        self.report_end(&end)?;
                        return Ok(false);
                    }
                    lines += 1;
                    input.read_line(&mut self.out, &prompt)?
                }
            };
            let Some(line) = line else { return Ok(true) };
            let elapsed = match &self.reader {
                Reader::Terminal(_) => started.elapsed(),
                Reader::Piped(_) => LINE_TIME * lines,
            };
            if line.trim().is_empty() {
                continue;
            }
            match Move::read(&line) {
                Move::Quit => return Ok(true),
                Move::Help => {
                    self.say("type an expression that makes the target from the four cards, or pass, quit\n")?
                }
                not_here @ (Move::Hint | Move::Show | Move::All) => {
                    self.say(&format!("{} is not a move in a duel: type help for the moves\n", not_here.word()))?
                }
                Move::Pass => {
                    let end = self.duel.pass(elapsed)?;
                    self.report_end(&end)?;
                    return Ok(false);
                }
                Move::Answer(text) => match self.duel.answer(text, elapsed)? {
                    DuelAnswer::Ended(end) => {
                        self.report_end(&end)?;
                        return Ok(false);
                    }
                    DuelAnswer::Wrong(verdict) => self.say(&format!("{WRONG}wrong:{WRONG:#} {verdict}\n"))?,
                    DuelAnswer::NotAnExpression(err) => {
                        self.say(&format!("{}\n", diagnostic::render(text, &err)))?;
                    }
                },
            }
        }
    }

    /// Says how the round ended and where the cards went, and keeps the
    /// tally.
    fn report_end(&mut self, end: &RoundEnd) -> anyhow::Result<()> {
        let style = match end.taker() {
            _ if end.went_well() => OK,
            Some(Side::Computer) => WRONG,
            _ => DIM,
        };
        let text = format!("{style}{}:{style:#} {}\n", end.headline(), end.account(self.duel.rules()));
        match end.taker() {
            Some(Side::Player) => self.won[0] += 1,
            Some(Side::Computer) => self.won[1] += 1,
            None => self.draws += 1,
        }
        if let Some(solution) = end.missed() {
            let solution = format!("{} = {}", solution.in_domain(self.duel.rules().domain), self.duel.rules().target);
            self.missed.push(Missed { round: end.number, hand: end.hand(), solution });
        }
        self.say(&text)
    }

    fn final_result(&mut self) -> anyhow::Result<()> {
        let held = [Side::Player, Side::Computer].map(|side| self.duel.held(side));
        let rounds = self.duel.rounds();
        let plural = if rounds == 1 { "" } else { "s" };
        let verdict = match (self.duel.is_over(), self.duel.leader()) {
            (true, Some(Side::Player)) => "you win".to_owned(),
            (true, _) => "the computer wins".to_owned(),
            (false, Some(Side::Player)) => "stopped with you ahead".to_owned(),
            (false, Some(Side::Computer)) => "stopped with the computer ahead".to_owned(),
            (false, None) => "stopped level".to_owned(),
        };
        let mut text = format!(
            "\n{TITLE}{verdict}:{TITLE:#} {} cards to {} after {rounds} round{plural} \
             (you won {}, the computer {}, {} drawn)\n",
            held[0], held[1], self.won[0], self.won[1], self.draws
        );
        if !self.missed.is_empty() {
            text.push_str("hands you missed:\n");
            for missed in &self.missed {
                writeln!(text, "  round {}: {}  {}", missed.round, missed.hand, missed.solution)?;
            }
        }
        self.say(&text)
    }

    /// Writes whole lines, above the prompt when one is up.
    fn say(&mut self, text: &str) -> anyhow::Result<()> {
        match &mut self.reader {
            Reader::Terminal(timed) => timed.print(text, &mut self.out)?,
            Reader::Piped(_) => self.out.write_all(text.as_bytes())?,
        }
        Ok(())
    }
}

/// `3 8`: cards as turned up.
fn cards(cards: &[i64]) -> String {
    cards.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}
