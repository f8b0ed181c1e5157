//! The Countdown endpoints: deal a game, judge and score an answer, reveal
//! the best answer. The server keeps no games: a request carries the
//! numbers and target (and the best answer so far), and reckon-play's
//! [`CountdownRound`] decides everything, the clock's verdict included.

use std::time::Duration;

use reckon_core::Hand;
use reckon_play::{Answered, CountdownDeal, CountdownDealer, CountdownRound, random_seed};
use serde::{Deserialize, Serialize};

use crate::api::{DEFAULT_SOLUTIONS, MAX_ROUND, MAX_SOLUTIONS, check_answer};
use crate::error::ApiError;
use crate::json::{Card, Num, Seed};

/// The longest clock a round may have, in seconds (a day).
pub const MAX_CLOCK: u64 = 86_400;

/// `POST /api/countdown/deal`: the game `reckon play --rules countdown
/// --seed SEED` deals in round `earlier.len() + 1`, after choosing
/// `earlier` large numbers in the rounds before.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRequest {
    /// Large numbers to take this round, 0 to 4 (default 1).
    large: Option<usize>,
    /// The large numbers taken in each earlier round of the seed.
    #[serde(default)]
    earlier: Vec<usize>,
    seed: Option<Seed>,
}

/// A dealt game.
#[derive(Debug, Serialize)]
pub struct DealResponse {
    numbers: Vec<Card>,
    target: i64,
    large: usize,
    seed: Seed,
    round: usize,
}

pub fn deal(req: DealRequest) -> Result<DealResponse, ApiError> {
    if req.earlier.len() >= MAX_ROUND as usize {
        return Err(ApiError::Unprocessable(format!("the round must be from 1 to {MAX_ROUND}")));
    }
    let large = req.large.unwrap_or(1);
    let seed = req.seed.map_or_else(|| random_seed() % 1_000_000, |Seed(seed)| seed);
    let mut dealer = CountdownDealer::new(seed);
    for &earlier in &req.earlier {
        dealer.deal(earlier).map_err(ApiError::unprocessable)?;
    }
    let deal = dealer.deal(large).map_err(ApiError::unprocessable)?;
    Ok(DealResponse {
        numbers: deal.numbers().cards().iter().map(|&n| Card(n)).collect(),
        target: deal.target(),
        large,
        seed: Seed(seed),
        round: req.earlier.len() + 1,
    })
}

/// A game as a request names it, refused unless the show could deal it.
fn game(numbers: &[Num], target: Num) -> Result<CountdownDeal, ApiError> {
    if numbers.len() > reckon_core::Hand::MAX_CARDS {
        return Err(ApiError::Unprocessable(format!("a Countdown game has 6 numbers, not {}", numbers.len())));
    }
    let hand = Hand::new(numbers.iter().map(|n| n.0).collect()).map_err(ApiError::unprocessable)?;
    CountdownDeal::new(hand, target.0).map_err(ApiError::unprocessable)
}

fn round_of(deal: CountdownDeal, clock: Option<Duration>) -> Result<CountdownRound, ApiError> {
    CountdownRound::new(deal, clock).map_err(ApiError::unprocessable)
}

/// `POST /api/countdown/answer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    numbers: Vec<Num>,
    target: Num,
    answer: String,
    /// The answer that counts so far this round, if any.
    best: Option<String>,
    /// The seconds the round allows; none: no clock.
    clock: Option<u64>,
    /// The milliseconds the round had taken when the answer was given
    /// (default 0), as the page's clock measures them.
    elapsed_ms: Option<u64>,
}

/// An answer judged and scored, as `reckon play --rules countdown` words it.
#[derive(Debug, Serialize)]
pub struct AnswerResponse {
    /// Within the rules, whatever its value?
    valid: bool,
    /// Given after the clock: not judged, and the round is over.
    too_late: bool,
    /// Its value, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    /// How far it is from the target, when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    distance: Option<u64>,
    /// Its points: 10 exact, 7 within 5, 5 within 10, else 0.
    points: u32,
    /// Is it now the answer that counts (nearer than `best`)?
    counts: bool,
    /// The round's points: those of the answer that counts.
    round_points: u32,
    /// Exact: the round is over.
    exact: bool,
    /// What `reckon play` prints.
    message: String,
    /// For text that is not an expression: the offending part, as UTF-16
    /// offsets.
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<(usize, usize)>,
}

pub fn answer(req: AnswerRequest) -> Result<AnswerResponse, ApiError> {
    for text in std::iter::once(&req.answer).chain(&req.best) {
        check_answer(text)?;
    }
    if req.clock.is_some_and(|clock| clock == 0 || clock > MAX_CLOCK) {
        return Err(ApiError::Unprocessable(format!("the clock must be from 1 to {MAX_CLOCK} seconds")));
    }
    let mut round = round_of(game(&req.numbers, req.target)?, req.clock.map(Duration::from_secs))?;
    if let Some(best) = &req.best {
        if !matches!(round.answer(best, Duration::ZERO), Answered::Declared(d) if d.is_valid()) {
            return Err(ApiError::Unprocessable(format!("the best answer so far, {best}, is not a valid answer")));
        }
    }
    let elapsed = Duration::from_millis(req.elapsed_ms.unwrap_or(0));
    let mut response = AnswerResponse {
        valid: false,
        too_late: false,
        value: None,
        distance: None,
        points: 0,
        counts: false,
        round_points: 0,
        exact: false,
        message: String::new(),
        span: None,
    };
    match round.answer(&req.answer, elapsed) {
        Answered::Declared(declaration) => {
            response.valid = declaration.is_valid();
            response.value = declaration.value().map(ToString::to_string);
            response.distance = declaration.distance();
            response.points = declaration.points();
            response.counts = declaration.is_best();
            response.exact = declaration.distance() == Some(0);
            let word = if declaration.is_valid() { "ok" } else { "wrong" };
            response.message = format!("{word}: {declaration}");
        }
        Answered::NotAnExpression(err) => {
            let utf16 = |byte: usize| req.answer[..byte].encode_utf16().count();
            response.span = Some((utf16(err.span().start), utf16(err.span().end)));
            response.message = format!("error: {err}");
        }
        Answered::TooLate => {
            response.too_late = true;
            response.message = format!("time is up: {} came too late", req.answer);
        }
    }
    response.round_points = round.points();
    Ok(response)
}

/// `POST /api/countdown/show`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShowRequest {
    numbers: Vec<Num>,
    target: Num,
    /// The most solutions to list of each best value (default 100).
    limit: Option<usize>,
}

/// One best value and its distinct solutions.
#[derive(Debug, Serialize)]
pub struct BestValue {
    value: Card,
    count: usize,
    solutions: Vec<String>,
    truncated: bool,
}

/// The best answer of a game.
#[derive(Debug, Serialize)]
pub struct ShowResponse {
    /// Can the target be made?
    exact: bool,
    /// How far the best answer is from the target.
    distance: u64,
    /// The target, or each value nearest to it, with its solutions.
    best: Vec<BestValue>,
    /// What `reckon play` prints after `best:`.
    message: String,
}

pub fn show(req: ShowRequest) -> Result<ShowResponse, ApiError> {
    let limit = req.limit.unwrap_or(DEFAULT_SOLUTIONS);
    if limit > MAX_SOLUTIONS {
        return Err(ApiError::Unprocessable(format!("the limit is at most {MAX_SOLUTIONS} solutions")));
    }
    let round = round_of(game(&req.numbers, req.target)?, None)?;
    let best = round.best();
    let domain = round.rules().domain;
    let values = best
        .solutions()
        .iter()
        .map(|solutions| BestValue {
            value: Card(solutions.target()),
            count: solutions.len(),
            solutions: solutions.listed().iter().take(limit).map(|e| e.in_domain(domain).to_string()).collect(),
            truncated: solutions.len() > limit,
        })
        .collect();
    Ok(ShowResponse {
        exact: best.is_exact(),
        distance: best.distance(),
        best: values,
        message: format!("best: {best}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_what_reckon_play_deals() {
        // crates/play pins seed 42: large 0 then 1.
        let first = deal(serde_json::from_str(r#"{"seed":42,"large":0}"#).unwrap()).unwrap();
        assert_eq!((first.target, first.round), (123, 1));
        let second = deal(serde_json::from_str(r#"{"seed":42,"large":1,"earlier":[0]}"#).unwrap()).unwrap();
        assert_eq!((second.target, second.round, second.large), (955, 2, 1));
        assert!(deal(serde_json::from_str(r#"{"large":5}"#).unwrap()).is_err());
    }
}
