//! The JSON API: one request type and one handler per endpoint.
//!
//! Every handler is a plain function from a request body to a response
//! body, so the HTTP layer only routes, and the rules of play come from
//! reckon-play and the listings from reckon-canonical. The messages are the
//! ones `reckon check` and `reckon play` print, word for word.

use reckon_core::rules::{OpSet, Preset};
use reckon_core::{Hand, HandError, Rational, Rules, Solver, parse_expr};
use reckon_play::{DealError, DealSpec, Dealer, Difficulty, Facts, MAX_TRIES, PassResult, Round, judge, random_seed};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::compute::Deadline;
use crate::countdown;
use crate::duel;
use crate::error::ApiError;
use crate::json::{Card, Num, Seed, Whole, as_string};
use crate::solve::{reach, solve};

/// The most cards of a hand to deal, hint, pass, show, solve or reach,
/// when every card is small (see [`SMALL`]): every search of six such
/// cards ends within a second or so, while one of seven distinct fractions
/// can take close to a minute. Judging needs no search and takes any hand
/// the engine does.
pub const MAX_SMALL_CARDS: usize = 6;

/// The most cards when some card is not small: past 64 bits the search
/// redoes its work in big rationals, and six huge cards take minutes, five
/// a few seconds.
pub const MAX_LARGE_CARDS: usize = 5;

/// A card is small when its numerator and denominator are at most this in
/// size: every classic deck, the Countdown numbers, fractions like `7/2`.
pub const SMALL: i64 = 100;

/// The most solutions one listing returns (`limit`); the count is always whole.
pub const MAX_SOLUTIONS: usize = 1000;

/// Solutions listed when the request names no `limit`.
pub const DEFAULT_SOLUTIONS: usize = 100;

/// The longest answer judged, in bytes: far more than any hand needs, and
/// it keeps the expression tree shallow.
pub const MAX_ANSWER: usize = 256;

/// The highest round number a deal may ask for (dealing round `n` of a seed
/// deals the `n - 1` hands before it too).
pub const MAX_ROUND: u32 = 1000;

/// The widest range of whole numbers one reach request reports on.
pub const MAX_REACH_SPAN: i64 = 100_000;

/// The endpoints, each at `POST /api/<name>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// Deal a hand.
    Deal,
    /// Judge an answer.
    Judge,
    /// A hint: the first step of a solution, then more of it.
    Hint,
    /// Claim that a hand has no solution.
    Pass,
    /// Give up and see a solution.
    Show,
    /// One solution, every distinct solution, or their number.
    Solve,
    /// The whole numbers a hand can make.
    Reach,
    /// Deal a Countdown game.
    CountdownDeal,
    /// Judge and score a Countdown answer.
    CountdownAnswer,
    /// The best answer of a Countdown game.
    CountdownShow,
    /// Start a duel against the computer.
    DuelNew,
    /// Answer in a duel.
    DuelAnswer,
    /// Say a duel's hand has no solution.
    DuelPass,
    /// Let time pass in a duel: the computer answers when its time is up.
    DuelTick,
}

impl Endpoint {
    /// Every endpoint.
    pub const ALL: [Endpoint; 14] = [
        Endpoint::Deal,
        Endpoint::Judge,
        Endpoint::Hint,
        Endpoint::Pass,
        Endpoint::Show,
        Endpoint::Solve,
        Endpoint::Reach,
        Endpoint::CountdownDeal,
        Endpoint::CountdownAnswer,
        Endpoint::CountdownShow,
        Endpoint::DuelNew,
        Endpoint::DuelAnswer,
        Endpoint::DuelPass,
        Endpoint::DuelTick,
    ];

    /// The endpoint's path.
    pub fn path(self) -> &'static str {
        match self {
            Endpoint::Deal => "/api/deal",
            Endpoint::Judge => "/api/judge",
            Endpoint::Hint => "/api/hint",
            Endpoint::Pass => "/api/pass",
            Endpoint::Show => "/api/show",
            Endpoint::Solve => "/api/solve",
            Endpoint::Reach => "/api/reach",
            Endpoint::CountdownDeal => "/api/countdown/deal",
            Endpoint::CountdownAnswer => "/api/countdown/answer",
            Endpoint::CountdownShow => "/api/countdown/show",
            Endpoint::DuelNew => "/api/duel/new",
            Endpoint::DuelAnswer => "/api/duel/answer",
            Endpoint::DuelPass => "/api/duel/pass",
            Endpoint::DuelTick => "/api/duel/tick",
        }
    }

    /// Answers a request body with a response body. Work that loops over
    /// many searches stops at the `deadline`.
    pub fn handle(self, body: &[u8], deadline: Deadline) -> Result<String, ApiError> {
        match self {
            Endpoint::Deal => respond(deal(parse(body)?, deadline)),
            Endpoint::Judge => respond(judge_answer(parse(body)?)),
            Endpoint::Hint => respond(hint(parse(body)?)),
            Endpoint::Pass => respond(pass(parse(body)?)),
            Endpoint::Show => respond(show(parse(body)?)),
            Endpoint::Solve => respond(solve(parse(body)?)),
            Endpoint::Reach => respond(reach(parse(body)?)),
            Endpoint::CountdownDeal => respond(countdown::deal(parse(body)?)),
            Endpoint::CountdownAnswer => respond(countdown::answer(parse(body)?)),
            Endpoint::CountdownShow => respond(countdown::show(parse(body)?)),
            Endpoint::DuelNew => respond(duel::new(parse(body)?)),
            Endpoint::DuelAnswer => respond(duel::answer(parse(body)?)),
            Endpoint::DuelPass => respond(duel::pass(parse(body)?)),
            Endpoint::DuelTick => respond(duel::tick(parse(body)?)),
        }
    }
}

/// Reads a request; an empty body reads as `{}`, so defaults need no body.
/// A request is an object of named fields: serde would also read an
/// array of them in order, which no one should come to rely on.
pub(crate) fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let body = if body.iter().all(u8::is_ascii_whitespace) { b"{}".as_slice() } else { body };
    if body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Err(ApiError::BadRequest("the request body must be a JSON object of named fields".to_owned()));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(e.to_string()))
}

/// Reads a range `[lo, hi]`, saying so when the array has another length
/// (serde's own message for that is "trailing characters").
pub(crate) fn lo_hi<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<(i64, i64)>, D::Error> {
    let Some(bounds) = Option::<Vec<Whole>>::deserialize(deserializer)? else { return Ok(None) };
    match bounds[..] {
        [Whole(lo), Whole(hi)] => Ok(Some((lo, hi))),
        _ => Err(serde::de::Error::custom(format!(
            "a range is two whole numbers [lo, hi], not {} of them",
            bounds.len()
        ))),
    }
}

pub(crate) fn respond<T: Serialize>(response: Result<T, ApiError>) -> Result<String, ApiError> {
    serde_json::to_string(&response?).map_err(|e| ApiError::Internal(e.to_string()))
}

/// The rule presets by their command-line names.
#[derive(Clone, Copy, Debug, Deserialize)]
pub(crate) enum PresetName {
    #[serde(rename = "24")]
    Game24,
    #[serde(rename = "countdown")]
    Countdown,
}

/// The rules a request describes: `target` (default 24), `rules` (`"24"`
/// or `"countdown"`) and `ops` (e.g. `"+-*"`), as on the command line.
pub(crate) fn rules_of(target: Option<Num>, preset: Option<PresetName>, ops: Option<&str>) -> Result<Rules, ApiError> {
    let target = target.map_or(Rational::from_integer(24), |t| t.0);
    let mut rules = match preset.unwrap_or(PresetName::Game24) {
        PresetName::Game24 => Preset::Game24,
        PresetName::Countdown => Preset::Countdown,
    }
    .rules(target);
    if let Some(ops) = ops {
        rules.ops = ops.parse::<OpSet>().map_err(|e| ApiError::BadRequest(e.to_string()))?;
    }
    Ok(rules)
}

/// Is `card` small enough for a hand of [`MAX_SMALL_CARDS`]?
fn is_small(card: Rational) -> bool {
    card.parts().is_some_and(|(num, den)| num.checked_abs().is_some_and(|n| n <= SMALL) && den <= SMALL)
}

/// The hand of a request, to be searched: at most [`MAX_SMALL_CARDS`] small
/// cards or [`MAX_LARGE_CARDS`] others.
pub(crate) fn searchable_hand(cards: &[Num]) -> Result<Hand, ApiError> {
    let small = cards.iter().all(|c| is_small(c.0));
    check_card_count(cards.len(), small)?;
    hand_of(cards, MAX_SMALL_CARDS)
}

/// Refuses more cards than a search of them may take.
fn check_card_count(n: usize, small: bool) -> Result<(), ApiError> {
    if n > MAX_SMALL_CARDS {
        return Err(too_many_cards(n, MAX_SMALL_CARDS));
    }
    if n > MAX_LARGE_CARDS && !small {
        return Err(ApiError::Unprocessable(format!(
            "{n} cards is more than the {MAX_LARGE_CARDS} this server searches when a card is beyond {SMALL} \
             (or a fraction of a larger denominator)"
        )));
    }
    Ok(())
}

/// The hand of a request, at most `cap` cards.
fn hand_of(cards: &[Num], cap: usize) -> Result<Hand, ApiError> {
    if cards.len() > cap {
        return Err(too_many_cards(cards.len(), cap));
    }
    Hand::new(cards.iter().map(|c| c.0).collect()).map_err(|e| match e {
        HandError::TooManyCards(n) => too_many_cards(n, cap),
        other => ApiError::unprocessable(other),
    })
}

fn too_many_cards(n: usize, cap: usize) -> ApiError {
    ApiError::Unprocessable(format!("{n} cards is more than the {cap} this server takes for this request"))
}

pub(crate) fn cards_of(hand: &Hand) -> Vec<Card> {
    hand.cards().iter().map(|&c| Card(c)).collect()
}

/// `POST /api/deal`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRequest {
    cards: Option<usize>,
    #[serde(default, deserialize_with = "lo_hi")]
    range: Option<(i64, i64)>,
    target: Option<Num>,
    rules: Option<PresetName>,
    ops: Option<String>,
    solvable_only: Option<bool>,
    difficulty: Option<DifficultyName>,
    seed: Option<Seed>,
    round: Option<u32>,
}

/// A difficulty by its name.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum DifficultyName {
    Easy,
    Medium,
    Hard,
}

impl From<DifficultyName> for Difficulty {
    fn from(name: DifficultyName) -> Difficulty {
        match name {
            DifficultyName::Easy => Difficulty::Easy,
            DifficultyName::Medium => Difficulty::Medium,
            DifficultyName::Hard => Difficulty::Hard,
        }
    }
}

/// A dealt hand, with the seed and round that deal it again.
#[derive(Debug, Serialize)]
pub struct DealResponse {
    cards: Vec<Card>,
    #[serde(serialize_with = "as_string")]
    target: Rational,
    seed: Seed,
    round: u32,
    /// The hand's difficulty (docs/difficulty.md); null without a solution.
    difficulty: Option<&'static str>,
}

fn deal(req: DealRequest, deadline: Deadline) -> Result<DealResponse, ApiError> {
    let defaults = DealSpec::default();
    let cards = req.cards.unwrap_or(defaults.cards);
    let (low, high) = req.range.unwrap_or((defaults.low, defaults.high));
    // The hands dealt are searched (solvable only, hints, ...): the same caps.
    check_card_count(cards, (-SMALL..=SMALL).contains(&low) && (-SMALL..=SMALL).contains(&high))?;
    let rules = rules_of(req.target, req.rules, req.ops.as_deref())?;
    let round = req.round.unwrap_or(1);
    if !(1..=MAX_ROUND).contains(&round) {
        return Err(ApiError::Unprocessable(format!("the round must be from 1 to {MAX_ROUND}")));
    }
    // A seed a person can read out and type into `reckon play --seed`.
    let seed = req.seed.map_or_else(|| random_seed() % 1_000_000, |Seed(seed)| seed);
    // The dealer draws every hand and says which fit, and this loop skips
    // the others: the same draws as `Dealer::deal`, so the same hands as
    // `reckon play --solvable-only` or `--difficulty`, but with a look at
    // the deadline between searches.
    let solvable_only = req.solvable_only.unwrap_or(false);
    let difficulty = req.difficulty.map(Difficulty::from);
    let spec = DealSpec { cards, low, high, solvable_only, difficulty, rules, ..defaults };
    let mut dealer = Dealer::new(spec, seed).map_err(ApiError::unprocessable)?;
    let mut next = || -> Result<Hand, ApiError> {
        for _ in 0..MAX_TRIES {
            deadline.check()?;
            let hand = dealer.draw();
            if dealer.fits(&hand) {
                return Ok(hand);
            }
        }
        Err(ApiError::Unprocessable(
            match difficulty {
                Some(difficulty) => DealError::NoHandOfDifficulty { difficulty, target: rules.target },
                None => DealError::NoSolvableHand { target: rules.target },
            }
            .to_string(),
        ))
    };
    let mut hand = next()?;
    for _ in 1..round {
        hand = next()?;
    }
    let rated = Facts::of(&hand, &rules).map_err(ApiError::unprocessable)?.difficulty().map(Difficulty::name);
    Ok(DealResponse { cards: cards_of(&hand), target: rules.target, seed: Seed(seed), round, difficulty: rated })
}

/// `POST /api/judge`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    answer: String,
    cards: Option<Vec<Num>>,
    target: Option<Num>,
    rules: Option<PresetName>,
    ops: Option<String>,
}

/// The judgement of an answer, as `reckon check` words it.
#[derive(Debug, Serialize)]
pub struct JudgeResponse {
    /// A valid answer?
    correct: bool,
    /// `ok`, `wrong`, or `error` when the text is not an expression (or
    /// divides by zero).
    verdict: &'static str,
    /// The line `reckon check` prints, e.g. `wrong: 1+2+3 = 6, not 24`.
    message: String,
    /// Each thing wrong, e.g. `does not use 5`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    problems: Vec<String>,
    /// For an error: the offending part of the answer, as UTF-16 offsets
    /// (how JavaScript indexes strings).
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<(usize, usize)>,
    /// For an error: a note on the span.
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
}

/// Refuses an answer longer than [`MAX_ANSWER`] bytes, or with a number
/// beyond 64 bits: read, such a number would be kept for the life of the
/// process (see [`Rational::parse_fitting`]), and no card of a request
/// is one.
pub(crate) fn check_answer(answer: &str) -> Result<(), ApiError> {
    if answer.len() > MAX_ANSWER {
        return Err(ApiError::Unprocessable(format!("the answer is longer than {MAX_ANSWER} bytes")));
    }
    // Every number of an answer is digits, with a decimal point at most.
    for number in answer.split(|c: char| !c.is_ascii_digit() && c != '.') {
        let digits: String = number.chars().filter(char::is_ascii_digit).collect();
        if !digits.is_empty() && digits.parse::<i64>().is_err() {
            return Err(ApiError::Unprocessable(format!(
                "{number} in the answer does not fit in 64 bits (numbers lie within ±(2^63-1))"
            )));
        }
    }
    Ok(())
}

fn judge_answer(req: JudgeRequest) -> Result<JudgeResponse, ApiError> {
    check_answer(&req.answer)?;
    let hand = req.cards.as_deref().map(|cards| hand_of(cards, reckon_core::Hand::MAX_CARDS)).transpose()?;
    let rules = rules_of(req.target, req.rules, req.ops.as_deref())?;
    let expr = match parse_expr(&req.answer) {
        Ok(expr) => expr,
        Err(err) => {
            let utf16 = |byte: usize| req.answer[..byte].encode_utf16().count();
            let span = err.span();
            return Ok(JudgeResponse {
                correct: false,
                verdict: "error",
                message: format!("error: {err}"),
                problems: Vec::new(),
                span: Some((utf16(span.start), utf16(span.end))),
                label: Some(err.label()),
            });
        }
    };
    let verdict = judge(&expr, hand.as_ref(), &rules);
    let (correct, word) = if verdict.is_correct() { (true, "ok") } else { (false, "wrong") };
    Ok(JudgeResponse {
        correct,
        verdict: word,
        message: format!("{word}: {verdict}"),
        problems: verdict.problems().iter().map(ToString::to_string).collect(),
        span: None,
        label: None,
    })
}

/// `POST /api/pass` and `/api/show`: a hand and its rules.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRequest {
    cards: Vec<Num>,
    target: Option<Num>,
    rules: Option<PresetName>,
    ops: Option<String>,
}

impl HandRequest {
    /// A round of the hand, its solution worked out.
    fn round(&self) -> Result<Round, ApiError> {
        round_of(&self.cards, self.target, self.rules, self.ops.as_deref())
    }
}

/// A round of a request's hand under its rules, its solution worked out.
fn round_of(
    cards: &[Num],
    target: Option<Num>,
    preset: Option<PresetName>,
    ops: Option<&str>,
) -> Result<Round, ApiError> {
    let hand = searchable_hand(cards)?;
    let rules = rules_of(target, preset, ops)?;
    Ok(Round::new(hand, &mut Solver::new(rules)))
}

/// `POST /api/hint`: a hand, its rules, and which hint of the round to
/// give. The server keeps no rounds: the client counts its hints, and the
/// same hand always gets the same solution, so each hint goes on from the
/// one before.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    cards: Vec<Num>,
    target: Option<Num>,
    rules: Option<PresetName>,
    ops: Option<String>,
    /// 1 for the first hint of a round (one step), 2 for the second (two
    /// steps), 3 and on for the whole solution.
    step: Option<u32>,
}

/// A hint, in parts and as `reckon play` prints it.
#[derive(Debug, Serialize)]
pub struct HintResponse {
    /// The first step and its value, e.g. `11-8 = 3`, whichever hint this
    /// is; null when there is no solution or no step is needed.
    hint: Option<String>,
    /// The steps this hint gives, first to last: one, two, then all.
    steps: Vec<String>,
    /// From the third hint on, the whole solution as `show` writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// What `reckon play` prints.
    message: String,
}

fn hint(req: HintRequest) -> Result<HintResponse, ApiError> {
    let step = req.step.unwrap_or(1);
    if step == 0 {
        return Err(ApiError::Unprocessable("a hint's step counts from 1".to_owned()));
    }
    let round = round_of(&req.cards, req.target, req.rules, req.ops.as_deref())?;
    let advice = round.advice_at(step);
    Ok(HintResponse {
        hint: advice.hint().map(ToString::to_string),
        steps: advice.steps(),
        solution: advice.solution().map(|whole| whole.written().to_owned()),
        message: format!("hint: {advice}"),
    })
}

/// The answer to a claim of no solution.
#[derive(Debug, Serialize)]
pub struct PassResponse {
    /// Right: the hand has no solution.
    correct: bool,
    /// A solution, when the claim was wrong.
    solution: Option<String>,
    /// What `reckon play` prints.
    message: String,
}

fn pass(req: HandRequest) -> Result<PassResponse, ApiError> {
    let mut round = req.round()?;
    let (target, domain) = (round.target(), round.rules().domain);
    Ok(match round.pass() {
        PassResult::Correct => PassResponse {
            correct: true,
            solution: None,
            message: format!("right: {} cannot make {target}", round.hand()),
        },
        PassResult::Wrong(solution) => PassResponse {
            correct: false,
            message: format!("wrong: there is a solution: {} = {target}", solution.in_domain(domain)),
            solution: Some(solution.in_domain(domain).to_string()),
        },
    })
}

/// A solution revealed.
#[derive(Debug, Serialize)]
pub struct ShowResponse {
    /// A solution; null when there is none.
    solution: Option<String>,
    /// What `reckon play` prints.
    message: String,
}

fn show(req: HandRequest) -> Result<ShowResponse, ApiError> {
    let mut round = req.round()?;
    let target = round.target();
    let (hand, domain) = (round.hand().clone(), round.rules().domain);
    let solution = round.show().map(|e| e.in_domain(domain).to_string());
    let message = match &solution {
        Some(solution) => format!("solution: {solution} = {target}"),
        None => format!("no solution: {hand} cannot make {target}"),
    };
    Ok(ShowResponse { solution, message })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(endpoint: Endpoint, body: &str) -> serde_json::Value {
        let deadline = Deadline::new(std::time::Instant::now(), std::time::Duration::from_secs(60));
        serde_json::from_str(&endpoint.handle(body.as_bytes(), deadline).unwrap()).unwrap()
    }

    #[test]
    fn a_seed_deals_what_reckon_play_deals() {
        // README: `reckon play --seed 2` deals 2 2 5 13, then 1 2 4 11.
        assert_eq!(call(Endpoint::Deal, r#"{"seed":2}"#)["cards"], serde_json::json!([2, 2, 5, 13]));
        assert_eq!(call(Endpoint::Deal, r#"{"seed":2,"round":2}"#)["cards"], serde_json::json!([1, 2, 4, 11]));
    }

    #[test]
    fn deals_solvable_hands_like_a_solvable_only_dealer() {
        let spec = DealSpec { cards: 5, low: 1, high: 9, solvable_only: true, ..DealSpec::default() };
        let mut dealer = Dealer::new(spec, 11).unwrap();
        for round in 1..=5 {
            let expected: Vec<i64> = dealer.deal().unwrap().cards().iter().map(|c| c.to_i64().unwrap()).collect();
            let body = format!(r#"{{"cards":5,"range":[1,9],"solvable_only":true,"seed":11,"round":{round}}}"#);
            assert_eq!(call(Endpoint::Deal, &body)["cards"], serde_json::json!(expected), "round {round}");
        }
    }

    #[test]
    fn judges_like_reckon_check() {
        let wrong = call(Endpoint::Judge, r#"{"answer":"(11-8)*(3+4)","cards":[3,5,8,11]}"#);
        assert_eq!(
            wrong["message"],
            "wrong: (11-8)*(3+4) = 21, not 24; uses 4, which is not in the hand; does not use 5"
        );
        let error = call(Endpoint::Judge, r#"{"answer":"8 ÷ (3 − 3)"}"#);
        assert_eq!(error["message"], "error: division by zero");
        assert_eq!(error["span"], serde_json::json!([4, 11]), "UTF-16 offsets of (3 − 3)");
    }
}
