//! Judging an answer: does it make the target, from exactly the hand's cards,
//! under the rules? And if not, precisely why not.

use std::fmt;

use reckon_core::expr::EvalError;
use reckon_core::number::{BigRational, Number};
use reckon_core::rules::{CardUse, Domain, Op};
use reckon_core::{Expr, Hand, Rational, Rules};

/// One thing wrong with an answer.
///
/// `Display` gives the player-facing wording, e.g. `uses 9, which is not in
/// the hand`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The expression has a value, but not the target.
    WrongValue {
        /// What the expression makes.
        value: BigRational,
        /// What it should make.
        target: Rational,
    },
    /// The expression has no value (it divides by zero).
    NoValue(EvalError),
    /// A card the hand does not hold at all.
    NotInHand {
        /// The card.
        card: Rational,
        /// How often the answer uses it.
        uses: usize,
    },
    /// A card of the hand is used more or fewer times than the hand holds it
    /// (when every card must be used), or more often (when any subset may be).
    WrongCount {
        /// The card.
        card: Rational,
        /// How often the answer uses it.
        uses: usize,
        /// How often the hand holds it.
        held: usize,
    },
    /// An operator the rules leave out.
    OpNotAllowed(Op),
    /// A step whose result the rules do not allow, such as a fraction in a
    /// whole-numbers-only game; only the first such step is reported.
    StepOutsideDomain {
        /// The step, as its own expression.
        step: Expr,
        /// Its value.
        value: BigRational,
        /// The domain it falls outside.
        domain: Domain,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::WrongValue { value, target } => write!(f, "makes {value}, not {target}"),
            Problem::NoValue(e) => write!(f, "has no value: {e}"),
            Problem::NotInHand { card, uses } => {
                write!(f, "uses {card}{}, which is not in the hand", Times(*uses, ""))
            }
            Problem::WrongCount { card, uses: 0, .. } => write!(f, "does not use {card}"),
            Problem::WrongCount { card, uses, held } => write!(
                f,
                "uses {card}{} but the hand has {} {card}{}",
                Times(*uses, " once"),
                Count(*held),
                if *held == 1 { "" } else { "s" }
            ),
            Problem::OpNotAllowed(op) => write!(f, "uses {op}, which the rules do not allow"),
            Problem::StepOutsideDomain { step, value, domain } => {
                let allowed = match domain {
                    Domain::Rational => "a rational number",
                    Domain::NonNegative => "a number at least 0",
                    Domain::Integer => "a whole number",
                    Domain::PositiveInteger => "a positive whole number",
                };
                // `8/3 = 8/3` says nothing the step does not.
                if step.to_string() == value.to_string() {
                    write!(f, "{step} is not {allowed}")
                } else {
                    write!(f, "{step} = {value}, which is not {allowed}")
                }
            }
        }
    }
}

/// `6, 9 and 10`.
struct Listed<'a>(&'a [String]);

impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => Ok(()),
            [only] => f.write_str(only),
            [first @ .., last] => write!(f, "{} and {last}", first.join(", ")),
        }
    }
}

/// ` twice`, ` three times`; the given text for once.
struct Times(usize, &'static str);

impl fmt::Display for Times {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => f.write_str(self.1),
            2 => f.write_str(" twice"),
            n => write!(f, " {} times", Count(n)),
        }
    }
}

/// A small count in words: `the hand has one 8`, not `1 8`.
struct Count(usize);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
        match WORDS.get(self.0) {
            Some(word) => f.write_str(word),
            None => write!(f, "{}", self.0),
        }
    }
}

/// The judgement of one answer.
///
/// `Display` gives a one-line account: `(11-8)*(3+5) = 24` when correct,
/// otherwise the value and every problem, e.g. `(11-8)*(3+4) = 21, not 24`
/// or `4*6 = 24; does not use 1 and 5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    answer: Expr,
    /// The domain of the rules, which decides how the answer is printed
    /// (see [`Expr::in_domain`]).
    domain: Domain,
    value: Result<BigRational, EvalError>,
    problems: Vec<Problem>,
}

impl Verdict {
    /// Is the answer right: the target, from exactly the hand, within the rules?
    pub fn is_correct(&self) -> bool {
        self.problems.is_empty()
    }

    /// Everything wrong with the answer, value first, then cards in
    /// ascending order, then operators and steps.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The answer as judged. A division of two whole numbers that the hand
    /// holds as one fractional card (`7/2`) is read as that card.
    pub fn answer(&self) -> &Expr {
        &self.answer
    }

    /// The answer's exact value.
    pub fn value(&self) -> Result<&BigRational, EvalError> {
        self.value.as_ref().map_err(|e| *e)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Ok(value) => write!(f, "{} = {value}", self.answer.in_domain(self.domain))?,
            Err(e) => write!(f, "{} has no value: {e}", self.answer.in_domain(self.domain))?,
        }
        let unused: Vec<String> = self
            .problems
            .iter()
            .filter_map(|problem| match problem {
                Problem::WrongCount { card, uses: 0, .. } => Some(card.to_string()),
                _ => None,
            })
            .collect();
        let foreign: Vec<String> = self
            .problems
            .iter()
            .filter_map(|problem| match problem {
                Problem::NotInHand { card, uses: 1 } => Some(card.to_string()),
                _ => None,
            })
            .collect();
        let (mut unused_written, mut foreign_written) = (false, false);
        for problem in &self.problems {
            match problem {
                Problem::WrongValue { target, .. } => write!(f, ", not {target}")?,
                Problem::NoValue(_) => {}
                // The cards left out, as one list where the first is.
                Problem::WrongCount { uses: 0, .. } if unused.len() > 1 => {
                    if !unused_written {
                        write!(f, "; does not use {}", Listed(&unused))?;
                        unused_written = true;
                    }
                }
                // And the cards used once that the hand does not hold.
                Problem::NotInHand { uses: 1, .. } if foreign.len() > 1 => {
                    if !foreign_written {
                        write!(f, "; uses {}, which are not in the hand", Listed(&foreign))?;
                        foreign_written = true;
                    }
                }
                other => write!(f, "; {other}")?,
            }
        }
        Ok(())
    }
}

/// Judges `answer` against `hand` (if given) under `rules`.
///
/// Without a hand only the value and the rules' operators and domain are
/// checked. With one, every card must be used exactly as often as the hand
/// holds it ([`CardUse::All`]), or at most that often ([`CardUse::Subset`]).
///
/// ```
/// use reckon_core::{Hand, Rules};
/// use reckon_play::judge;
/// let hand: Hand = "3 5 8 11".parse().unwrap();
/// let rules = Rules::game24();
///
/// let right = judge(&"(11-8)*(3+5)".parse().unwrap(), Some(&hand), &rules);
/// assert!(right.is_correct());
/// assert_eq!(right.to_string(), "(11-8)*(3+5) = 24");
///
/// let wrong = judge(&"(11-8)*(3+4)".parse().unwrap(), Some(&hand), &rules);
/// assert_eq!(wrong.to_string(), "(11-8)*(3+4) = 21, not 24; uses 4, which is not in the hand; does not use 5");
///
/// let twice = judge(&"8*(11-8)".parse().unwrap(), Some(&hand), &rules);
/// assert_eq!(twice.to_string(), "8*(11-8) = 24; does not use 3 and 5; uses 8 twice but the hand has one 8");
/// ```
pub fn judge(answer: &Expr, hand: Option<&Hand>, rules: &Rules) -> Verdict {
    match hand {
        Some(hand) => {
            let readings = fraction_readings(answer, hand);
            // A reading the rules accept, if there is one (`2/(2/3)` with
            // the card 2/3 under whole-number rules), else the closest.
            let mut verdicts = readings.into_iter().map(|reading| verdict_of(reading, Some(hand), rules));
            let closest = verdicts.next().expect("an answer has at least one reading");
            if closest.is_correct() {
                return closest;
            }
            verdicts.find(Verdict::is_correct).unwrap_or(closest)
        }
        None => verdict_of(answer.clone(), None, rules),
    }
}

/// The verdict on one reading of an answer.
fn verdict_of(answer: Expr, hand: Option<&Hand>, rules: &Rules) -> Verdict {
    let value = answer.value_big();
    let mut problems = Vec::new();
    match &value {
        Ok(v) if *v != rules.target.to_big() => {
            problems.push(Problem::WrongValue { value: v.clone(), target: rules.target })
        }
        Ok(_) => {}
        Err(e) => problems.push(Problem::NoValue(*e)),
    }
    if let Some(hand) = hand {
        problems.extend(card_problems(&answer.cards(), hand.cards(), rules.card_use));
    }
    for op in Op::ALL {
        if !rules.ops.contains(op) && uses_op(&answer, op) {
            problems.push(Problem::OpNotAllowed(op));
        }
    }
    if rules.domain != Domain::Rational {
        if let Some(problem) = first_step_outside(&answer, rules.domain) {
            problems.push(problem);
        }
    }
    Verdict { answer, value, problems, domain: rules.domain }
}

/// Compares the multiset of cards used with the hand's; both are sorted.
fn card_problems(used: &[Rational], held: &[Rational], card_use: CardUse) -> Vec<Problem> {
    let mut problems = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < used.len() || j < held.len() {
        let card = match (used.get(i), held.get(j)) {
            (Some(&u), Some(&h)) => u.min(h),
            (Some(&u), None) => u,
            (None, Some(&h)) => h,
            (None, None) => unreachable!("the loop condition"),
        };
        let uses = used[i..].iter().take_while(|&&c| c == card).count();
        let count = held[j..].iter().take_while(|&&c| c == card).count();
        i += uses;
        j += count;
        let fine = match card_use {
            CardUse::All => uses == count,
            CardUse::Subset => uses <= count,
        };
        if fine {
            continue;
        }
        problems.push(if count == 0 {
            Problem::NotInHand { card, uses }
        } else {
            Problem::WrongCount { card, uses, held: count }
        });
    }
    problems
}

fn uses_op(e: &Expr, op: Op) -> bool {
    match e {
        Expr::Num(_) => false,
        Expr::Binary(step) => step.op == op || uses_op(&step.left, op) || uses_op(&step.right, op),
    }
}

/// The first step, in evaluation order, whose value the domain excludes.
fn first_step_outside(e: &Expr, domain: Domain) -> Option<Problem> {
    fn walk(e: &Expr, domain: Domain) -> Result<BigRational, Option<Problem>> {
        match e {
            Expr::Num(r) => Ok(r.to_big()),
            Expr::Binary(step) => {
                let (a, b) = (walk(&step.left, domain)?, walk(&step.right, domain)?);
                // A zero divisor is reported as the answer having no value.
                let value = step.op.apply(&a, &b).ok_or(None)?;
                if domain.allows(&value) {
                    Ok(value)
                } else {
                    Err(Some(Problem::StepOutsideDomain { step: e.clone(), value, domain }))
                }
            }
        }
    }
    walk(e, domain).err().flatten()
}

/// A fractional card prints as `(7/2)`, and a player may type it so or as
/// `7/2`: either parses as a division of the two cards 7 and 2. When the
/// hand holds fractional cards, each division of two whole numbers may be
/// read either way, so that every printed solution reads back as one of
/// its readings (printed, the card and the division differ: `8/((7/2))`
/// and `8/(7/2)`, see [`Expr`]'s `Display`); this lists the
/// readings, those whose cards best match the hand first, and of those
/// the ones with more plain divisions first.
fn fraction_readings(answer: &Expr, hand: &Hand) -> Vec<Expr> {
    // Beyond this many candidate divisions, trying every reading is too slow;
    // such answers are read as written.
    const MAX_CANDIDATES: u32 = 12;
    if hand.cards().iter().all(|c| c.is_integer()) {
        return vec![answer.clone()];
    }
    let candidates = count_candidates(answer);
    if candidates == 0 || candidates > MAX_CANDIDATES {
        return vec![answer.clone()];
    }
    let mut readings: Vec<(usize, u32, u32, Expr)> = (0..1u32 << candidates)
        .map(|mask| {
            let mut next = 0;
            let reading = read(answer, mask, &mut next);
            let misfit = card_problems(&reading.cards(), hand.cards(), CardUse::All)
                .iter()
                .map(|p| match p {
                    Problem::NotInHand { uses, .. } => *uses,
                    Problem::WrongCount { uses, held, .. } => uses.abs_diff(*held),
                    _ => 0,
                })
                .sum::<usize>();
            (misfit, mask.count_ones(), mask, reading)
        })
        .collect();
    readings.sort_by_key(|&(misfit, cards_read, mask, _)| (misfit, cards_read, mask));
    readings.into_iter().map(|(.., reading)| reading).collect()
}

/// A division that a fractional card may have been written as: `a/b` of two
/// whole-number literals, or `x*a/b`, which parses as `(x*a)/b` and is how
/// `x` times the card `a/b` reads when typed without brackets. Returns the
/// fraction and the `x`.
fn as_fraction(e: &Expr) -> Option<(Rational, Option<&Expr>)> {
    let Expr::Binary(division) = e else {
        return None;
    };
    if division.op != Op::Div {
        return None;
    }
    let (times, a) = match &division.left {
        Expr::Binary(product) if product.op == Op::Mul => (Some(&product.left), &product.right),
        a => (None, a),
    };
    match (a, &division.right) {
        (Expr::Num(a), Expr::Num(b)) if a.is_integer() && b.is_integer() && !b.is_zero() => {
            // Only as the card prints, in lowest terms and not whole: `2/4`
            // is not the card 1/2, and `48/1` is not the card 48.
            let (a, b) = (a.to_big(), b.to_big());
            let fraction = &a / &b;
            let printed = fraction.numer() == a.numer() && fraction.denom() == b.numer() && !fraction.is_integer();
            printed.then(|| (Rational::from_big(&fraction), times))
        }
        _ => None,
    }
}

fn count_candidates(e: &Expr) -> u32 {
    match e {
        Expr::Num(_) => 0,
        Expr::Binary(step) => {
            let own = match as_fraction(e) {
                Some((_, Some(x))) => return 1 + count_candidates(x),
                Some((_, None)) => 1,
                None => 0,
            };
            own + count_candidates(&step.left) + count_candidates(&step.right)
        }
    }
}

/// `e` with the candidate divisions whose bit is set in `mask` read as
/// cards; bits are numbered in the order [`count_candidates`] visits them.
fn read(e: &Expr, mask: u32, next: &mut u32) -> Expr {
    let Expr::Binary(step) = e else {
        return e.clone();
    };
    if let Some((fraction, times)) = as_fraction(e) {
        let bit = *next;
        *next += 1;
        if mask >> bit & 1 == 1 {
            return match times {
                None => Expr::Num(fraction),
                Some(x) => Expr::binary(Op::Mul, read(x, mask, next), Expr::Num(fraction)),
            };
        }
        if times.is_none() {
            // Both operands are literals: nothing inside to read.
            return e.clone();
        }
    }
    Expr::binary(step.op, read(&step.left, mask, next), read(&step.right, mask, next))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(answer: &str, hand: Option<&str>, rules: &Rules) -> String {
        let hand: Option<Hand> = hand.map(|h| h.parse().unwrap());
        let v = judge(&answer.parse().unwrap(), hand.as_ref(), rules);
        assert_eq!(v.is_correct(), v.problems().is_empty());
        let mark = if v.is_correct() { "ok" } else { "wrong" };
        format!("{mark}: {v}")
    }

    fn game(answer: &str, hand: &str) -> String {
        verdict(answer, Some(hand), &Rules::game24())
    }

    #[test]
    fn precise_verdicts() {
        let h = "3 5 8 11";
        assert_eq!(game("(11-8)*(3+5)", h), "ok: (11-8)*(3+5) = 24");
        assert_eq!(game("(3+5)*(11-8)", h), "ok: (3+5)*(11-8) = 24");
        assert_eq!(game("(11-8)*(3+5)-1+1", h), "wrong: (11-8)*(3+5)-1+1 = 24; uses 1 twice, which is not in the hand");
        assert_eq!(game("11+8+3+5", h), "wrong: 11+8+3+5 = 27, not 24");
        assert_eq!(
            game("(11-8)*8", h),
            "wrong: (11-8)*8 = 24; does not use 3 and 5; uses 8 twice but the hand has one 8"
        );
        assert_eq!(game("24", "1 2 3 8 24"), "wrong: 24 = 24; does not use 1, 2, 3 and 8");
        assert_eq!(
            game("(10-4)*(3+1)", "2 3 5 9"),
            "wrong: (10-4)*(3+1) = 24; uses 1, 4 and 10, which are not in the hand; does not use 2, 5 and 9"
        );
        assert_eq!(game("9*(11-8)-3", h), "wrong: 9*(11-8)-3 = 24; does not use 5; uses 9, which is not in the hand");
        assert_eq!(game("3*8", "3 3 8"), "wrong: 3*8 = 24; uses 3 once but the hand has two 3s");
        assert_eq!(
            game("3*3*3*8/9", "3 8"),
            "wrong: 3*3*3*8/9 = 24; uses 3 three times but the hand has one 3; uses 9, which is not in the hand"
        );
        assert_eq!(game("3*8", "3 3 3 8"), "wrong: 3*8 = 24; uses 3 once but the hand has three 3s");
    }

    #[test]
    fn without_a_hand_only_the_value_counts() {
        let r = Rules::game24();
        assert_eq!(verdict("4*6", None, &r), "ok: 4*6 = 24");
        assert_eq!(verdict("4*6+1/2", None, &r), "wrong: 4*6+1/2 = 49/2, not 24");
    }

    #[test]
    fn division_by_zero_has_no_value() {
        let e = Expr::binary(Op::Div, Expr::int(24), Expr::binary(Op::Sub, Expr::int(3), Expr::int(3)));
        let v = judge(&e, Some(&"3 3 24".parse().unwrap()), &Rules::game24());
        assert_eq!(v.to_string(), "24/(3-3) has no value: division by zero");
        assert_eq!(v.problems(), [Problem::NoValue(EvalError::DivisionByZero)]);
    }

    #[test]
    fn fractional_cards_are_read_as_written() {
        let r = Rules::game24();
        // The hand holds 1/2: `(1/2)`, as a fraction card prints, is that
        // card, and so is `1/2` typed without brackets; never the cards 1
        // and 2, which the hand does not hold.
        assert_eq!(game("48*(1/2)", "1/2 48"), "ok: 48*(1/2) = 24");
        assert_eq!(game("48*1/2", "1/2 48"), "ok: 48*(1/2) = 24");
        assert_eq!(game("48/((1/2))/4", "1/2 48 4"), "ok: 48/((1/2))/4 = 24");
        assert_eq!(game("((1/2)+2)*8+4", "1/2 2 4 8"), "ok: ((1/2)+2)*8+4 = 24");
        assert_eq!(game("3*16*1/2", "1/2 3 16"), "ok: 3*16*(1/2) = 24");
        assert_eq!(game("3*16*1/2", "1 2 3 16"), "ok: 3*16*1/2 = 24");
        // Both readings in one answer: the card 1/2 and the cards 1 and 2.
        assert_eq!(game("((1/2)+1/2)*24", "1/2 1 2 24"), "ok: ((1/2)+1/2)*24 = 24");
        // A negative fraction card.
        assert_eq!(game("(-1/2)*(-48)", "-1/2 -48"), "ok: (-1/2)*(-48) = 24");
        // Without fractional cards it is a plain division.
        assert_eq!(verdict("48*1/2", Some("1 2 48"), &r), "ok: 48*1/2 = 24");
        assert_eq!(verdict("48*(1/2)", Some("1 2 48"), &r), "ok: 48*1/2 = 24");
        assert_eq!(
            game("48*(2/4)", "1/2 48"),
            "wrong: 48*2/4 = 24; does not use 1/2; uses 2 and 4, which are not in the hand"
        );
        // A whole number over 1 is not a card: `48/1` uses a 1.
        assert_eq!(game("48/1*1/2", "1/2 48"), "wrong: 48/1*(1/2) = 24; uses 1, which is not in the hand");
        // When one reading breaks the rules and another does not, the
        // other is the answer: with any subset of `2/3 2 2 3`, `2/3` may
        // be the cards 2 and 3, a step Countdown refuses, or the card.
        let countdown = Rules::countdown(Rational::from_integer(3));
        assert_eq!(verdict("2/(2/3)", Some("2/3 2 2 3"), &countdown), "ok: 2/((2/3)) = 3");
        assert_eq!(verdict("2/(2/3)", Some("2/3 2 3"), &countdown), "ok: 2/((2/3)) = 3");
    }

    #[test]
    fn rules_on_operators_domain_and_subsets() {
        let countdown = Rules::countdown(Rational::from_integer(25));
        assert_eq!(verdict("5*5", Some("5 5 7"), &countdown), "ok: 5*5 = 25");
        assert_eq!(
            verdict("5*5*1", Some("5 7 1"), &countdown),
            "wrong: 5*5*1 = 25; uses 5 twice but the hand has one 5"
        );
        assert_eq!(
            verdict("(7-9)*(1-5)*3+1", Some("1 3 5 7 9 1"), &countdown),
            "wrong: (7-9)*(1-5)*3+1 = 25; 7-9 = -2, which is not a positive whole number"
        );
        let no_div = Rules { ops: "+-*".parse().unwrap(), ..Rules::game24() };
        assert_eq!(verdict("48/2", None, &no_div), "wrong: 48/2 = 24; uses /, which the rules do not allow");
        let whole = Rules { domain: Domain::Integer, ..Rules::game24() };
        assert_eq!(verdict("8/(3-8/3)", None, &whole), "wrong: 8/(3-8/3) = 24; 8/3 is not a whole number");
    }
}
