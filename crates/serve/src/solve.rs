//! `POST /api/solve` and `POST /api/reach`: any hand solved, listed,
//! counted and rated, or the whole numbers it makes, within the API's
//! limits.

use reckon_canonical::{DistinctSolver, Level};
use reckon_core::rules::Domain;
use reckon_core::{Hand, Rational, Reach, Rules, Solver};
use reckon_play::{Difficulty, Facts, Rater};
use serde::{Deserialize, Serialize};

use crate::api::{
    DEFAULT_SOLUTIONS, MAX_REACH_SPAN, MAX_SOLUTIONS, PresetName, cards_of, lo_hi, rules_of, searchable_hand,
};
use crate::error::ApiError;
use crate::json::{Card, Num, Whole, as_string};

/// What `/api/solve` answers with.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    /// One solution.
    #[default]
    First,
    /// Every distinct solution at the level.
    All,
    /// The number of distinct solutions at the level.
    Count,
}

/// `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    cards: Vec<Num>,
    target: Option<Num>,
    rules: Option<PresetName>,
    ops: Option<String>,
    mode: Option<Mode>,
    level: Option<String>,
    limit: Option<usize>,
    /// Also rate the hand's difficulty (docs/difficulty.md).
    #[serde(default)]
    rate: bool,
}

/// A solved hand; which fields are present depends on the mode.
#[derive(Debug, Serialize)]
pub struct SolveResponse {
    cards: Vec<Card>,
    #[serde(serialize_with = "as_string")]
    target: Rational,
    solvable: bool,
    /// Solvable, but not with whole-number intermediate results.
    fraction_only: bool,
    /// `first`: one solution, or null.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Option<String>>,
    /// `all` and `count`: the level of distinctness.
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    /// `all` and `count`: the number of distinct solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<usize>,
    /// `all`: the distinct solutions, simplest first, at most `limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    /// `all`: were solutions left off to keep within `limit`?
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<bool>,
    /// With `rate`: the hand's difficulty, null without a solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<Option<&'static str>>,
}

pub(crate) fn solve(req: SolveRequest) -> Result<SolveResponse, ApiError> {
    let mode = req.mode.unwrap_or_default();
    let level = match &req.level {
        Some(name) => name.parse::<Level>().map_err(|e| ApiError::BadRequest(e.to_string()))?,
        None => Level::default(),
    };
    let limit = req.limit.unwrap_or(DEFAULT_SOLUTIONS);
    if limit > MAX_SOLUTIONS {
        return Err(ApiError::Unprocessable(format!("the limit is at most {MAX_SOLUTIONS} solutions")));
    }
    let hand = searchable_hand(&req.cards)?;
    let rules = rules_of(req.target, req.rules, req.ops.as_deref())?;
    let mut response = SolveResponse {
        cards: cards_of(&hand),
        target: rules.target,
        solvable: false,
        fraction_only: false,
        solution: None,
        level: None,
        count: None,
        solutions: None,
        truncated: None,
        difficulty: None,
    };
    match mode {
        Mode::First => {
            let solution = Solver::new(rules).solve(&hand);
            response.solvable = solution.is_some();
            response.solution = Some(solution.map(|e| e.in_domain(rules.domain).to_string()));
        }
        Mode::All | Mode::Count => {
            let all = DistinctSolver::new(rules, level).try_solve(&hand).map_err(ApiError::unprocessable)?;
            response.solvable = !all.is_empty();
            response.level = Some(level.name());
            response.count = Some(all.len());
            if mode == Mode::All {
                response.truncated = Some(all.len() > limit);
                response.solutions =
                    Some(all.iter().take(limit).map(|e| level.written(e, rules.domain).to_string()).collect());
            }
            // A `4nums` listing is what the rating reads: not made twice.
            if req.rate && level == Level::FourNums {
                let facts = Rater::new(rules).facts_of_listed(&hand, &all);
                response.difficulty = Some(facts.difficulty().map(Difficulty::name));
            }
        }
    }
    response.fraction_only = response.solvable && fraction_only(&hand, &rules);
    if req.rate && response.difficulty.is_none() {
        let facts = Facts::of(&hand, &rules).map_err(ApiError::unprocessable)?;
        response.difficulty = Some(facts.difficulty().map(Difficulty::name));
    }
    Ok(response)
}

/// Solvable (the caller knows), but not with whole-number intermediate
/// results. Only asked under the rational domain; under any other domain
/// no fraction appears anyway.
fn fraction_only(hand: &Hand, rules: &Rules) -> bool {
    rules.domain == Domain::Rational && !Reach::new(Rules { domain: Domain::Integer, ..*rules }).decide(hand)
}

/// `POST /api/reach`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReachRequest {
    cards: Vec<Num>,
    #[serde(default, deserialize_with = "lo_hi")]
    range: Option<(i64, i64)>,
    rules: Option<PresetName>,
    ops: Option<String>,
}

/// The whole numbers a hand makes.
#[derive(Debug, Serialize)]
pub struct ReachResponse {
    cards: Vec<Card>,
    range: (Whole, Whole),
    /// The whole numbers in the range the hand makes, ascending.
    reachable: Vec<Whole>,
    count: usize,
    /// The smallest positive whole number the hand cannot make.
    smallest_unreachable: i64,
}

pub(crate) fn reach(req: ReachRequest) -> Result<ReachResponse, ApiError> {
    let (lo, hi) = req.range.unwrap_or((0, 1000));
    if lo > hi {
        return Err(ApiError::Unprocessable(format!("the range {lo}..{hi} is empty")));
    }
    if i128::from(hi) - i128::from(lo) >= i128::from(MAX_REACH_SPAN) {
        return Err(ApiError::Unprocessable(format!("the range spans more than {MAX_REACH_SPAN} numbers")));
    }
    let hand = searchable_hand(&req.cards)?;
    let mut reach = Reach::new(rules_of(None, req.rules, req.ops.as_deref())?);
    let reachable = reach.integers_in(&hand, lo, hi).map_err(ApiError::unprocessable)?;
    let positive = reach.integers_in(&hand, 1, i64::MAX).map_err(ApiError::unprocessable)?;
    let smallest_unreachable = positive
        .iter()
        .zip(1..)
        .find(|&(&made, want)| made != want)
        .map_or(positive.len() as i64 + 1, |(_, want)| want);
    Ok(ReachResponse {
        cards: cards_of(&hand),
        range: (Whole(lo), Whole(hi)),
        count: reachable.len(),
        reachable: reachable.into_iter().map(Whole).collect(),
        smallest_unreachable,
    })
}
