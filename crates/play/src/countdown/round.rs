//! One Countdown game: answers judged and scored as they come, the best
//! one kept, and the best answer the numbers allow.

use std::fmt;
use std::time::Duration;

use num_traits::{Signed, ToPrimitive};
use reckon_core::number::BigRational;
use reckon_core::{Expr, ParseError, Rational, Reach, Rules, TooManySolutions};

use crate::countdown::deal::CountdownDeal;
use crate::countdown::score::points;
use crate::judge::{Problem, Verdict, judge};
use crate::solutions::Solutions;

/// How a Countdown round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountdownOutcome {
    /// An answer made the target.
    Exact,
    /// The player stopped (`show`) and keeps the best answer given.
    Stopped,
    /// The clock ran out; the best answer given before it counts.
    TimeUp,
}

/// One game, its best answers worked out in advance.
///
/// Answers may use any of the numbers, each at most once, with every step
/// a positive whole number. Each valid answer is scored by its distance
/// from the target ([`points`]) and the nearest one counts; an exact one
/// ends the round. The clock, when there is one, is the front end's to
/// measure: it hands the time taken to [`CountdownRound::answer`].
///
/// ```
/// use std::time::Duration;
/// use reckon_play::{Answered, CountdownDeal, CountdownOutcome, CountdownRound};
///
/// let deal = CountdownDeal::new("1 3 7 10 25 50".parse().unwrap(), 831.into()).unwrap();
/// let mut round = CountdownRound::new(deal, Some(Duration::from_secs(30))).unwrap();
/// let said = |round: &mut CountdownRound, text, secs| match round.answer(text, Duration::from_secs(secs)) {
///     Answered::Declared(d) => d.to_string(),
///     other => format!("{other:?}"),
/// };
/// assert_eq!(said(&mut round, "50*10+25*7", 5), "50*10+25*7 = 675, 156 away: 0 points");
/// assert_eq!(said(&mut round, "(1+7+3*25)*10", 20), "(1+7+3*25)*10 = 830, 1 away: 7 points");
/// assert_eq!(said(&mut round, "50*10", 31), "TooLate");
/// assert_eq!((round.outcome(), round.points()), (Some(CountdownOutcome::TimeUp), 7));
/// assert_eq!(round.best().to_string(), "830 = (25*3+7+1)*10 or 832 = 25*(10+1)*3+7, 1 away");
/// ```
#[derive(Clone, Debug)]
pub struct CountdownRound {
    deal: CountdownDeal,
    rules: Rules,
    clock: Option<Duration>,
    /// The distinct ways to make the target, or else each nearest value.
    best: Vec<Solutions>,
    /// The nearest valid answer given so far.
    declared: Option<Declaration>,
    wrong_answers: u32,
    outcome: Option<CountdownOutcome>,
}

impl CountdownRound {
    /// A round of `deal`, with a clock of `clock` when given; or why its
    /// solutions would not fit in memory (which no game of the show's
    /// numbers comes near).
    pub fn new(deal: CountdownDeal, clock: Option<Duration>) -> Result<CountdownRound, TooManySolutions> {
        let rules = deal.rules();
        let exact = Solutions::of(deal.numbers(), &rules)?;
        let best = if exact.is_empty() {
            // Every number is a value, so some value is nearest.
            let nearest = Reach::new(rules).closest(deal.numbers()).unwrap_or_default();
            let solutions = nearest.into_iter().map(|target| Solutions::of(deal.numbers(), &Rules { target, ..rules }));
            solutions.collect::<Result<_, _>>()?
        } else {
            vec![exact]
        };
        Ok(CountdownRound { deal, rules, clock, best, declared: None, wrong_answers: 0, outcome: None })
    }

    /// The numbers and the target.
    pub fn deal(&self) -> &CountdownDeal {
        &self.deal
    }

    /// The rules answers are judged by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The time allowed, if any.
    pub fn clock(&self) -> Option<Duration> {
        self.clock
    }

    /// Judges an answer typed `elapsed` into the round. Past the clock
    /// the round ends instead, the answer unjudged. A valid answer nearer
    /// than any before becomes the one that counts, and an exact one ends
    /// the round; an invalid one counts as a wrong answer. Text that does
    /// not parse counts as nothing. After the round, answers are judged
    /// but change nothing.
    pub fn answer(&mut self, text: &str, elapsed: Duration) -> Answered {
        if self.outcome.is_none() && self.clock.is_some_and(|clock| elapsed > clock) {
            self.outcome = Some(CountdownOutcome::TimeUp);
            return Answered::TooLate;
        }
        let expr: Expr = match text.parse() {
            Ok(expr) => expr,
            Err(err) => return Answered::NotAnExpression(err),
        };
        let declaration = Declaration::judge(expr, &self.deal, &self.rules, self.declared.as_ref());
        if self.outcome.is_none() {
            match declaration.distance {
                None => self.wrong_answers += 1,
                Some(distance) => {
                    if declaration.replaces_best {
                        self.declared = Some(declaration.clone());
                    }
                    if distance == 0 {
                        self.outcome = Some(CountdownOutcome::Exact);
                    }
                }
            }
        }
        Answered::Declared(declaration)
    }

    /// Ends the round, keeping the best answer given, and reveals the best
    /// answer the numbers allow.
    pub fn show(&mut self) -> BestAnswer<'_> {
        self.outcome.get_or_insert(CountdownOutcome::Stopped);
        self.best()
    }

    /// Ends the round because the clock ran out, as the front end saw it.
    pub fn time_up(&mut self) {
        self.outcome.get_or_insert(CountdownOutcome::TimeUp);
    }

    /// The best answer the numbers allow: every distinct way to make the
    /// target, or else every nearest value and its ways. Asking does not
    /// end the round.
    pub fn best(&self) -> BestAnswer<'_> {
        BestAnswer { best: &self.best, target: self.deal.target() }
    }

    /// The answer that counts so far.
    pub fn declared(&self) -> Option<&Declaration> {
        self.declared.as_ref()
    }

    /// The points of the answer that counts (0 without one).
    pub fn points(&self) -> u32 {
        self.declared.as_ref().map_or(0, Declaration::points)
    }

    /// How the round ended, or `None` while it is on.
    pub fn outcome(&self) -> Option<CountdownOutcome> {
        self.outcome
    }

    /// Answers that broke the rules.
    pub fn wrong_answers(&self) -> u32 {
        self.wrong_answers
    }
}

/// What became of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    /// Judged and, if valid, scored.
    Declared(Declaration),
    /// Not an expression: nothing counted.
    NotAnExpression(ParseError),
    /// Given after the clock ran out: the round is over.
    TooLate,
}

/// An answer judged: valid or not, and how near it comes.
///
/// `Display` gives `(1+7+3*25)*10 = 830, 1 away: 7 points`, `50*15 = 750,
/// 15 away: 0 points; the best so far stays 760`, or for an invalid
/// answer what is wrong: `25*25 = 625; uses 25 twice but the hand has one 25`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    verdict: Verdict,
    /// `None` for an invalid answer.
    distance: Option<u64>,
    /// A valid answer nearer than the best before it (or the first).
    replaces_best: bool,
    /// The value of the best answer before it, when it is not replaced.
    best_before: Option<BigRational>,
}

impl Declaration {
    fn judge(expr: Expr, deal: &CountdownDeal, rules: &Rules, best: Option<&Declaration>) -> Declaration {
        let verdict = judge(&expr, Some(deal.numbers()), rules);
        let valid = verdict.problems().iter().all(|p| matches!(p, Problem::WrongValue { .. }));
        let distance = verdict.value().ok().filter(|_| valid).map(|value| {
            let away = (value - BigRational::from_integer(deal.target().into())).abs();
            away.to_integer().to_u64().unwrap_or(u64::MAX)
        });
        let best_distance = best.and_then(|b| b.distance);
        let replaces_best = distance.is_some_and(|d| best_distance.is_none_or(|b| d < b));
        let best_before = best.filter(|_| distance.is_some() && !replaces_best).and_then(|b| b.value().cloned());
        Declaration { verdict, distance, replaces_best, best_before }
    }

    /// Is the answer within the rules (whatever its value)?
    pub fn is_valid(&self) -> bool {
        self.distance.is_some()
    }

    /// How far its value is from the target; `None` when it is invalid.
    pub fn distance(&self) -> Option<u64> {
        self.distance
    }

    /// Its points (0 when invalid).
    pub fn points(&self) -> u32 {
        self.distance.map_or(0, points)
    }

    /// Its value, when it has one.
    pub fn value(&self) -> Option<&BigRational> {
        self.verdict.value().ok()
    }

    /// The answer as written.
    pub fn answer(&self) -> &Expr {
        self.verdict.answer()
    }

    /// Does it count now, being nearer than every answer before it?
    pub fn is_best(&self) -> bool {
        self.replaces_best
    }
}

impl fmt::Display for Declaration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let answer = self.answer();
        let Some(distance) = self.distance else {
            match self.value() {
                Some(value) => write!(f, "{answer} = {value}")?,
                None => write!(f, "{answer}")?,
            }
            let problems = self.verdict.problems().iter().filter(|p| !matches!(p, Problem::WrongValue { .. }));
            for problem in problems {
                write!(f, "; {problem}")?;
            }
            return Ok(());
        };
        let value = self.value().expect("a valid answer has a value");
        let points = self.points();
        match distance {
            0 => write!(f, "{answer} = {value}: {points} points")?,
            _ => write!(f, "{answer} = {value}, {distance} away: {points} points")?,
        }
        if let Some(best) = &self.best_before {
            write!(f, "; the best so far stays {best}")?;
        }
        Ok(())
    }
}

/// The best answer a game allows, as `show` reveals it.
///
/// `Display` gives `(50+1)*(25-10) = 765`, or the nearest values each with
/// one way to make it: `830 = (25*3+7+1)*10 or 832 = 25*(10+1)*3+7, 1 away`.
#[derive(Clone, Copy, Debug)]
pub struct BestAnswer<'a> {
    best: &'a [Solutions],
    target: i64,
}

impl BestAnswer<'_> {
    /// Does some answer make the target?
    pub fn is_exact(&self) -> bool {
        self.best.first().is_some_and(|s| s.target() == Rational::from_integer(self.target))
    }

    /// The ways to make the target, or each nearest value (ascending).
    pub fn solutions(&self) -> &[Solutions] {
        self.best
    }

    /// How far the best answer is from the target.
    pub fn distance(&self) -> u64 {
        let best = self.best.first().map_or(Rational::from_integer(self.target), Solutions::target);
        // Every value a Countdown answer reaches is a whole number.
        best.to_i64().map_or(u64::MAX, |best| best.abs_diff(self.target))
    }
}

impl fmt::Display for BestAnswer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let domain = reckon_core::rules::Domain::PositiveInteger;
        let first = |s: &Solutions| s.listed().first().map(|e| e.in_domain(domain).to_string()).unwrap_or_default();
        if self.is_exact() {
            return write!(f, "{} = {}", first(&self.best[0]), self.target);
        }
        let ways: Vec<String> = self.best.iter().map(|s| format!("{} = {}", s.target(), first(s))).collect();
        write!(f, "{}, {} away", ways.join(" or "), self.distance())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(numbers: &str, target: i64) -> CountdownRound {
        let deal = CountdownDeal::new(numbers.parse().unwrap(), Rational::from_integer(target)).unwrap();
        CountdownRound::new(deal, None).unwrap()
    }

    fn say(round: &mut CountdownRound, text: &str) -> String {
        match round.answer(text, Duration::ZERO) {
            Answered::Declared(declaration) => declaration.to_string(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn the_nearest_answer_counts_and_an_exact_one_ends_the_round() {
        let mut round = round("1 3 7 10 25 50", 765);
        assert_eq!(round.best().to_string(), "(50+1)*(25-10) = 765");
        assert_eq!(say(&mut round, "25*(10+7*3)+1"), "25*(10+7*3)+1 = 776, 11 away: 0 points");
        assert_eq!(say(&mut round, "50*3*(7-1)"), "50*3*(7-1) = 900, 135 away: 0 points; the best so far stays 776");
        assert_eq!(say(&mut round, "(50+1)*(25-10)"), "(50+1)*(25-10) = 765: 10 points");
        assert_eq!(round.outcome(), Some(CountdownOutcome::Exact));
        assert_eq!(round.points(), 10);
        // After the round answers are still judged, but nothing changes.
        assert_eq!(say(&mut round, "25*25"), "25*25 = 625; uses 25 twice but the hand has one 25");
        assert_eq!((round.wrong_answers(), round.points()), (0, 10));
    }

    #[test]
    fn invalid_answers_and_show() {
        let mut round = round("1 3 7 10 25 50", 765);
        assert_eq!(say(&mut round, "25*25"), "25*25 = 625; uses 25 twice but the hand has one 25");
        assert_eq!(say(&mut round, "7/3*50"), "7/3*50 = 350/3; 7/3 is not a positive whole number");
        assert_eq!(say(&mut round, "50-7+2"), "50-7+2 = 45; uses 2, which is not in the hand");
        assert!(matches!(round.answer("3+", Duration::ZERO), Answered::NotAnExpression(_)));
        assert_eq!(round.wrong_answers(), 3);
        assert_eq!(say(&mut round, "750+10"), "750+10 = 760; uses 750, which is not in the hand");
        assert_eq!(say(&mut round, "25*10*3+7"), "25*10*3+7 = 757, 8 away: 5 points");
        assert_eq!(round.show().to_string(), "(50+1)*(25-10) = 765");
        assert_eq!((round.outcome(), round.points()), (Some(CountdownOutcome::Stopped), 5));
    }

    #[test]
    fn without_a_clock_no_answer_is_late() {
        let mut round = round("1 3 7 10 25 50", 765);
        assert!(matches!(round.answer("25+50", Duration::from_secs(1_000_000)), Answered::Declared(_)));
        round.time_up();
        assert_eq!(round.outcome(), Some(CountdownOutcome::TimeUp));
    }
}
