//! The duel: the 24 game as children play it, against the computer
//! ([`Duel`]).

mod deck;
mod opponent;
mod words;

use std::collections::VecDeque;
use std::time::Duration;

use rand_chacha::ChaCha8Rng;
use reckon_core::{Expr, Hand, ParseError, Rules, Solver};

pub use deck::{DeckError, DuelSpec, MAX_DECK, TURNED_UP};
pub use opponent::{Opponent, ParseOpponentError};
pub use words::Message;

use crate::deal::generator;
use crate::difficulty::{Difficulty, Rater};
use crate::judge::{Verdict, judge};

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The person.
    Player,
    /// The computer.
    Computer,
}

impl Side {
    const fn index(self) -> usize {
        match self {
            Side::Player => 0,
            Side::Computer => 1,
        }
    }
}

/// The four cards of a round, and what the computer knows about them.
#[derive(Clone, Debug)]
pub struct Table {
    /// The player's two cards, then the computer's two, as turned up.
    cards: [i64; 2 * TURNED_UP],
    hand: Hand,
    /// The easiest solution, which the computer says.
    solution: Option<Expr>,
    difficulty: Option<Difficulty>,
    thinking_time: Duration,
}

impl Table {
    /// The four cards as turned up: the player's two, then the computer's.
    pub fn cards(&self) -> &[i64; 2 * TURNED_UP] {
        &self.cards
    }

    /// The two cards `side` turned up.
    pub fn turned_up_by(&self, side: Side) -> &[i64] {
        &self.cards[side.index() * TURNED_UP..(side.index() + 1) * TURNED_UP]
    }

    /// The four cards as a hand.
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The hand's difficulty, `None` when it has no solution.
    pub fn difficulty(&self) -> Option<Difficulty> {
        self.difficulty
    }

    /// How long into the round the computer answers.
    pub fn thinking_time(&self) -> Duration {
        self.thinking_time
    }
}

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundResult {
    /// The player's correct answer: the player takes the cards.
    Solved(Expr),
    /// The player rightly said there is no solution: a draw.
    RightPass,
    /// The player said there is no solution, and there is: the computer
    /// shows it and takes the cards.
    WrongPass(Expr),
    /// The computer's time ran out first: it answers and takes the cards.
    ComputerSolved(Expr),
    /// The computer's time ran out on a hand without a solution: a draw.
    NoSolution,
}

/// A finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    /// The round's number, from 1.
    pub number: u32,
    /// The cards as they were turned up: the player's two, then the
    /// computer's.
    pub cards: [i64; 2 * TURNED_UP],
    /// How it ended.
    pub result: RoundResult,
    /// The computer's thinking time in the round (the time it answered
    /// at, when it did).
    pub thinking_time: Duration,
}

impl RoundEnd {
    /// Who took the four cards; `None` for a draw.
    pub fn taker(&self) -> Option<Side> {
        match self.result {
            RoundResult::Solved(_) => Some(Side::Player),
            RoundResult::WrongPass(_) | RoundResult::ComputerSolved(_) => Some(Side::Computer),
            RoundResult::RightPass | RoundResult::NoSolution => None,
        }
    }

    /// The solution the player missed: one the computer gave, after a
    /// wrong pass or when its time ran out.
    pub fn missed(&self) -> Option<&Expr> {
        match &self.result {
            RoundResult::WrongPass(solution) | RoundResult::ComputerSolved(solution) => Some(solution),
            _ => None,
        }
    }
}

/// What became of an answer.
#[derive(Clone, Debug)]
pub enum DuelAnswer {
    /// The round is over: the answer was right, or came after the
    /// computer's (then the answer was not judged).
    Ended(RoundEnd),
    /// A wrong answer; the round goes on.
    Wrong(Verdict),
    /// Text that is not an expression; the round goes on.
    NotAnExpression(ParseError),
}

/// A move made while no cards are turned up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no round is in play: turn up the cards first")]
pub struct NoRoundInPlay;

/// A duel between the player and the computer.
///
/// The deck (ace to 10 of four suits by default, [`DuelSpec`]) is shuffled
/// and split into two piles, one per player. Each round both players turn
/// up two cards from the top of their own pile; whoever first says a
/// correct way to make the target takes all four to the bottom of their
/// pile. The player may instead say there is no solution ([`Duel::pass`]):
/// if that is right the round is a draw at once and each takes back their
/// own two; if it is wrong the computer shows a solution and takes the
/// cards. The computer answers when its thinking time is up
/// (see [`Opponent`]), and calls a hand without a solution a draw. The
/// game ends when a player cannot turn up two cards.
///
/// The state machine does no I/O and keeps no clock: every move says how
/// long the round has been on, and a move made after the computer's time
/// finds that the computer has already answered. A front end that waits
/// asks [`Duel::thinking_time`] and calls [`Duel::tick`].
///
/// ```
/// use std::time::Duration;
/// use reckon_play::{Duel, DuelSpec, DuelAnswer, Opponent, Side};
///
/// let mut duel = Duel::new(DuelSpec::default(), Opponent::Normal, 7).unwrap();
/// let table = duel.turn_up().unwrap();
/// println!("make 24 from {} (the computer answers in {:?})", table.hand(), table.thinking_time());
/// match duel.answer("1+2+3+4", Duration::from_secs(2)).unwrap() {
///     DuelAnswer::Wrong(verdict) => println!("wrong: {verdict}"),
///     DuelAnswer::NotAnExpression(err) => println!("{err}"),
///     DuelAnswer::Ended(end) => println!("{:?} takes the cards", end.taker()),
/// }
/// // Past the computer's time, the round is over whatever the player does.
/// if let Some(end) = duel.tick(Duration::from_secs(3600)) {
///     assert_ne!(end.taker(), Some(Side::Player));
/// }
/// assert_eq!(duel.pile(Side::Player).len() + duel.pile(Side::Computer).len(), 40);
/// ```
pub struct Duel {
    spec: DuelSpec,
    level: Opponent,
    seed: u64,
    /// The player's pile, then the computer's; the front is the top.
    piles: [VecDeque<i64>; 2],
    table: Option<Table>,
    /// Rounds turned up so far, the one on the table included.
    rounds: u32,
    solver: Solver,
    rater: Rater,
}

impl std::fmt::Debug for Duel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Duel")
            .field("spec", &self.spec)
            .field("level", &self.level)
            .field("seed", &self.seed)
            .field("piles", &self.piles)
            .field("table", &self.table)
            .field("rounds", &self.rounds)
            .finish_non_exhaustive()
    }
}

impl Duel {
    /// A new duel: `spec`'s deck shuffled by `seed` and split in two. The
    /// seed also fixes the computer's thinking time in every round.
    pub fn new(spec: DuelSpec, level: Opponent, seed: u64) -> Result<Duel, DeckError> {
        spec.check()?;
        let piles = deck::shuffle_and_split(&spec, &mut generator(seed));
        Ok(Duel::with_piles(spec, level, seed, 0, piles.map(VecDeque::from)))
    }

    /// A duel part way through, as a front end that keeps no games
    /// (a web server) carries it: the rounds turned up so far and the
    /// piles, top first, and, while a round is on, the cards on the table
    /// (the player's two, then the computer's). Refused unless the piles and
    /// the table hold exactly the deck.
    pub fn resume(
        spec: DuelSpec,
        level: Opponent,
        seed: u64,
        rounds: u32,
        piles: [Vec<i64>; 2],
        table: Option<[i64; 2 * TURNED_UP]>,
    ) -> Result<Duel, DeckError> {
        spec.check()?;
        let held = piles.iter().flatten().chain(table.iter().flatten()).copied().collect();
        deck::check_whole_deck(&spec, held)?;
        let mut duel = Duel::with_piles(spec, level, seed, rounds, piles.map(VecDeque::from));
        if let Some(cards) = table {
            duel.table = Some(duel.lay(cards));
        }
        Ok(duel)
    }

    fn with_piles(spec: DuelSpec, level: Opponent, seed: u64, rounds: u32, piles: [VecDeque<i64>; 2]) -> Duel {
        Duel {
            solver: Solver::new(spec.rules),
            rater: Rater::new(spec.rules),
            spec,
            level,
            seed,
            piles,
            table: None,
            rounds,
        }
    }

    /// The deck and the target.
    pub fn spec(&self) -> &DuelSpec {
        &self.spec
    }

    /// The rules answers are judged by.
    pub fn rules(&self) -> &Rules {
        &self.spec.rules
    }

    /// The computer's level.
    pub fn opponent(&self) -> Opponent {
        self.level
    }

    /// The seed of the deal and the thinking times.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// `side`'s pile, top first.
    pub fn pile(&self, side: Side) -> &VecDeque<i64> {
        &self.piles[side.index()]
    }

    /// The round in play, if any.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// Rounds turned up so far, the one in play included.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The computer's thinking time in the round in play.
    pub fn thinking_time(&self) -> Option<Duration> {
        self.table.as_ref().map(Table::thinking_time)
    }

    /// Is the game over: no round in play, and a player who cannot turn
    /// up two cards?
    pub fn is_over(&self) -> bool {
        self.table.is_none() && self.piles.iter().any(|pile| pile.len() < TURNED_UP)
    }

    /// The player with more cards (the winner, once the game is over);
    /// `None` while both hold as many.
    pub fn leader(&self) -> Option<Side> {
        let [player, computer] = [Side::Player, Side::Computer].map(|side| self.held(side));
        match player.cmp(&computer) {
            std::cmp::Ordering::Greater => Some(Side::Player),
            std::cmp::Ordering::Less => Some(Side::Computer),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The cards `side` holds: its pile and, in a round, its two on the table.
    pub fn held(&self, side: Side) -> usize {
        self.pile(side).len() + self.table.as_ref().map_or(0, |table| table.turned_up_by(side).len())
    }

    /// Both players turn up two cards from the top of their piles and a
    /// round begins; the round in play if there is one; `None` when the
    /// game is over.
    pub fn turn_up(&mut self) -> Option<&Table> {
        if self.table.is_none() {
            if self.is_over() {
                return None;
            }
            let mut cards = [0; 2 * TURNED_UP];
            for side in [Side::Player, Side::Computer] {
                for slot in 0..TURNED_UP {
                    cards[side.index() * TURNED_UP + slot] =
                        self.piles[side.index()].pop_front().expect("the game is not over");
                }
            }
            self.rounds += 1;
            self.table = Some(self.lay(cards));
        }
        self.table.as_ref()
    }

    /// The table for `cards` in the current round: its solution, rating
    /// and the computer's thinking time.
    fn lay(&mut self, cards: [i64; 2 * TURNED_UP]) -> Table {
        let hand = Hand::from_integers(&cards).expect("four cards make a hand");
        let (solution, difficulty) = match self.rater.facts(&hand) {
            Ok(facts) => (facts.easiest.clone(), facts.difficulty()),
            // A listing too large to make: the hand is no easy one.
            Err(_) => {
                let solution = self.solver.solve(&hand);
                let difficulty = solution.is_some().then_some(Difficulty::Hard);
                (solution, difficulty)
            }
        };
        // Stream 0 shuffled the deck; round n draws from stream n, so a
        // resumed duel draws the times a whole one does.
        let mut rng: ChaCha8Rng = generator(self.seed);
        rng.set_stream(u64::from(self.rounds));
        let thinking_time = self.level.thinking_time(difficulty, &mut rng);
        Table { cards, hand, solution, difficulty, thinking_time }
    }

    /// The player's answer, typed `elapsed` into the round. After the
    /// computer's thinking time, the computer has answered first.
    pub fn answer(&mut self, text: &str, elapsed: Duration) -> Result<DuelAnswer, NoRoundInPlay> {
        if let Some(end) = self.tick(elapsed) {
            return Ok(DuelAnswer::Ended(end));
        }
        let table = self.table.as_ref().ok_or(NoRoundInPlay)?;
        let expr: Expr = match text.parse() {
            Ok(expr) => expr,
            Err(err) => return Ok(DuelAnswer::NotAnExpression(err)),
        };
        let verdict = judge(&expr, Some(&table.hand), &self.spec.rules);
        if !verdict.is_correct() {
            return Ok(DuelAnswer::Wrong(verdict));
        }
        Ok(DuelAnswer::Ended(self.end_round(RoundResult::Solved(expr))))
    }

    /// The player says the hand has no solution, `elapsed` into the round.
    pub fn pass(&mut self, elapsed: Duration) -> Result<RoundEnd, NoRoundInPlay> {
        if let Some(end) = self.tick(elapsed) {
            return Ok(end);
        }
        let table = self.table.as_ref().ok_or(NoRoundInPlay)?;
        let result = match &table.solution {
            None => RoundResult::RightPass,
            Some(solution) => RoundResult::WrongPass(solution.clone()),
        };
        Ok(self.end_round(result))
    }

    /// `elapsed` into the round: if the computer's time is up, it moves
    /// and the round ends.
    pub fn tick(&mut self, elapsed: Duration) -> Option<RoundEnd> {
        let due = self.table.as_ref().is_some_and(|table| elapsed >= table.thinking_time);
        due.then(|| self.computer_move().expect("a round is in play"))
    }

    /// The computer moves at once: it says its solution and takes the
    /// cards, or calls the hand a draw when there is none.
    pub fn computer_move(&mut self) -> Result<RoundEnd, NoRoundInPlay> {
        let table = self.table.as_ref().ok_or(NoRoundInPlay)?;
        let result = match &table.solution {
            None => RoundResult::NoSolution,
            Some(solution) => RoundResult::ComputerSolved(solution.clone()),
        };
        Ok(self.end_round(result))
    }

    /// Moves the cards: all four to the bottom of the taker's pile, or
    /// each player's two back to the bottom of their own.
    fn end_round(&mut self, result: RoundResult) -> RoundEnd {
        let table = self.table.take().expect("a round is in play");
        let end = RoundEnd { number: self.rounds, cards: table.cards, result, thinking_time: table.thinking_time };
        match end.taker() {
            Some(side) => self.piles[side.index()].extend(table.cards),
            None => {
                for side in [Side::Player, Side::Computer] {
                    self.piles[side.index()].extend(table.turned_up_by(side));
                }
            }
        }
        end
    }
}

#[cfg(test)]
mod tests;
