//! The duel endpoints: a game against the computer over reckon-play's
//! [`Duel`]. The server keeps no games: every request carries the whole
//! game ([`DuelState`]: the deck, the seed, both piles and the cards on the
//! table) and every response the game after the move, with the next round
//! already turned up. `Duel::resume` refuses a state whose piles and table
//! are not the deck, and the seed fixes each round's thinking time, so a
//! page cannot slow the computer down by what it sends back; it measures
//! the time the player takes (`elapsed_ms`) and asks `tick` when the
//! computer's time is up.

use std::time::Duration;

use reckon_core::{Rational, Rules};
use reckon_play::{Duel, DuelAnswer, DuelSpec, Opponent, RoundEnd, RoundResult, Side, random_seed};
use serde::{Deserialize, Serialize};

use crate::api::check_answer;
use crate::error::ApiError;
use crate::json::{Seed, Whole};

/// A duel as it travels between the page and the server.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DuelState {
    seed: Seed,
    /// `easy`, `normal` or `expert`.
    opponent: String,
    low: Whole,
    high: Whole,
    copies: u32,
    target: Whole,
    /// Rounds turned up so far, the one on the table included.
    round: u32,
    /// The player's pile, top first.
    player: Vec<Whole>,
    /// The computer's pile, top first.
    computer: Vec<Whole>,
    /// The cards turned up, the player's two then the computer's; none
    /// once the game is over.
    table: Option<[Whole; 4]>,
}

/// `POST /api/duel/new`: a new game, its first round turned up.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRequest {
    seed: Option<Seed>,
    opponent: Option<String>,
    low: Option<Whole>,
    high: Option<Whole>,
    copies: Option<u32>,
    target: Option<Whole>,
}

/// `POST /api/duel/answer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    state: DuelState,
    answer: String,
    /// How long the round had been on, as the page's clock measures it.
    elapsed_ms: Option<u64>,
}

/// `POST /api/duel/pass` and `POST /api/duel/tick`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    state: DuelState,
    elapsed_ms: Option<u64>,
}

/// The game after a move.
#[derive(Debug, Serialize)]
pub struct DuelResponse {
    /// To send with the next move.
    state: DuelState,
    /// The round the move ended, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<Ended>,
    /// What `reckon play --duel` prints for the move; empty when nothing
    /// happened.
    message: String,
    /// A wrong answer or one that is not an expression: the round goes on.
    wrong: bool,
    /// For text that is not an expression: the offending part, as UTF-16
    /// offsets.
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<(usize, usize)>,
    /// When into the round on the table the computer answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    thinking_ms: Option<u64>,
    /// Cards each player holds, their pile and their two on the table.
    held: CardsHeld,
    /// The game is over: a player cannot turn up two cards.
    over: bool,
    /// The player with more cards (the winner once over), or none.
    #[serde(skip_serializing_if = "Option::is_none")]
    leader: Option<&'static str>,
}

/// Cards each player holds.
#[derive(Debug, Serialize)]
struct CardsHeld {
    player: usize,
    computer: usize,
}

/// A finished round.
#[derive(Debug, Serialize)]
struct Ended {
    round: u32,
    /// As turned up: the player's two, then the computer's.
    cards: [Whole; 4],
    /// `solved`, `right_pass`, `wrong_pass`, `computer` or `no_solution`.
    result: &'static str,
    /// Who took the cards; none for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    taker: Option<&'static str>,
    /// The solution said: the player's, or the one the computer gave.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// The computer's thinking time that round.
    thinking_ms: u64,
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Player => "player",
        Side::Computer => "computer",
    }
}

fn level(name: &str) -> Result<Opponent, ApiError> {
    name.parse::<Opponent>().map_err(ApiError::unprocessable)
}

fn spec(low: i64, high: i64, copies: u32, target: i64) -> DuelSpec {
    DuelSpec { low, high, copies, rules: Rules::with_target(Rational::from_integer(target)) }
}

pub fn new(req: NewRequest) -> Result<DuelResponse, ApiError> {
    let defaults = DuelSpec::default();
    let seed = req.seed.map_or_else(|| random_seed() % 1_000_000, |Seed(seed)| seed);
    let level = level(req.opponent.as_deref().unwrap_or("normal"))?;
    let target = req.target.map_or(24, |t| t.0);
    let spec = spec(
        req.low.map_or(defaults.low, |w| w.0),
        req.high.map_or(defaults.high, |w| w.0),
        req.copies.unwrap_or(defaults.copies),
        target,
    );
    let mut duel = Duel::new(spec, level, seed).map_err(ApiError::unprocessable)?;
    duel.turn_up();
    Ok(respond(&duel, None, String::new(), false))
}

/// The duel a request carries.
fn resume(state: &DuelState) -> Result<Duel, ApiError> {
    let spec = spec(state.low.0, state.high.0, state.copies, state.target.0);
    let pile = |cards: &[Whole]| cards.iter().map(|w| w.0).collect::<Vec<_>>();
    let table = state.table.map(|cards| cards.map(|w| w.0));
    let duel = Duel::resume(
        spec,
        level(&state.opponent)?,
        state.seed.0,
        state.round,
        [pile(&state.player), pile(&state.computer)],
        table,
    )
    .map_err(ApiError::unprocessable)?;
    if duel.table().is_none() && !duel.is_over() {
        return Err(ApiError::Unprocessable("no cards are on the table, yet both players can turn up two".to_owned()));
    }
    Ok(duel)
}

fn elapsed(ms: Option<u64>) -> Duration {
    Duration::from_millis(ms.unwrap_or(0))
}

pub fn answer(req: AnswerRequest) -> Result<DuelResponse, ApiError> {
    check_answer(&req.answer)?;
    let mut duel = resume(&req.state)?;
    let answered = duel.answer(&req.answer, elapsed(req.elapsed_ms)).map_err(ApiError::unprocessable)?;
    Ok(match answered {
        DuelAnswer::Ended(end) => after_round(duel, &end),
        DuelAnswer::Wrong(verdict) => respond(&duel, None, format!("wrong: {verdict}"), true),
        DuelAnswer::NotAnExpression(err) => {
            let mut response = respond(&duel, None, format!("error: {err}"), true);
            let span = err.span();
            response.span = Some((utf16(&req.answer, span.start), utf16(&req.answer, span.end)));
            response
        }
    })
}

/// The UTF-16 offset of byte `at` of `text`.
fn utf16(text: &str, at: usize) -> usize {
    text.get(..at).map_or(0, |before| before.encode_utf16().count())
}

pub fn pass(req: MoveRequest) -> Result<DuelResponse, ApiError> {
    let mut duel = resume(&req.state)?;
    let end = duel.pass(elapsed(req.elapsed_ms)).map_err(ApiError::unprocessable)?;
    Ok(after_round(duel, &end))
}

pub fn tick(req: MoveRequest) -> Result<DuelResponse, ApiError> {
    let mut duel = resume(&req.state)?;
    Ok(match duel.tick(elapsed(req.elapsed_ms)) {
        Some(end) => after_round(duel, &end),
        None => respond(&duel, None, String::new(), false),
    })
}

/// The response to a move that ended a round: the next round turned up.
fn after_round(mut duel: Duel, end: &RoundEnd) -> DuelResponse {
    let rules = *duel.rules();
    let (result, solution) = match &end.result {
        RoundResult::Solved(answer) => ("solved", Some(answer)),
        RoundResult::RightPass => ("right_pass", None),
        RoundResult::WrongPass(solution) => ("wrong_pass", Some(solution)),
        RoundResult::ComputerSolved(solution) => ("computer", Some(solution)),
        RoundResult::NoSolution => ("no_solution", None),
    };
    let ended = Ended {
        round: end.number,
        cards: end.cards.map(Whole),
        result,
        taker: end.taker().map(side_name),
        solution: solution.map(|s| s.in_domain(rules.domain).to_string()),
        thinking_ms: millis(end.thinking_time),
    };
    let message = end.message(&rules).to_string();
    duel.turn_up();
    respond(&duel, Some(ended), message, false)
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

fn respond(duel: &Duel, ended: Option<Ended>, message: String, wrong: bool) -> DuelResponse {
    let spec = duel.spec();
    let pile = |side| duel.pile(side).iter().copied().map(Whole).collect();
    // A duel's target is made from a whole 64-bit number (see `spec`).
    let target = spec.rules.target.to_i64().expect("a duel's target is whole");
    DuelResponse {
        state: DuelState {
            seed: Seed(duel.seed()),
            opponent: duel.opponent().name().to_owned(),
            low: Whole(spec.low),
            high: Whole(spec.high),
            copies: spec.copies,
            target: Whole(target),
            round: duel.rounds(),
            player: pile(Side::Player),
            computer: pile(Side::Computer),
            table: duel.table().map(|table| table.cards().map(Whole)),
        },
        ended,
        message,
        wrong,
        span: None,
        thinking_ms: duel.thinking_time().map(millis),
        held: CardsHeld { player: duel.held(Side::Player), computer: duel.held(Side::Computer) },
        over: duel.is_over(),
        leader: duel.leader().map(side_name),
    }
}
