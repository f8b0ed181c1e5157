//! Expressions: binary trees over card values, how they print, and how
//! typed text becomes one ([`parse_expr`]).

use std::fmt;

use crate::number::{BigRational, Number, Rational};
use crate::rules::{Domain, Op};

pub use crate::parse::{ParseError, ParseErrorKind, Side, parse_expr};

/// A binary expression tree whose leaves are card values.
///
/// `Display` prints the fewest brackets that keep the value. A fraction
/// card is one number and always prints in brackets of its own, `(7/2)`,
/// so that it never reads as a division of two cards; where a division
/// would take brackets, as a divisor, it takes them too: `8/((7/2))`.
/// No two trees print alike, except where brackets are left out
/// (`1+(2+3)` prints as `1+2+3`, the same value by the same steps).
///
/// ```
/// use reckon_core::Expr;
/// use reckon_core::rules::Op;
/// let e = Expr::binary(Op::Div, Expr::int(8), Expr::binary(Op::Sub, Expr::int(3), Expr::binary(Op::Div, Expr::int(8), Expr::int(3))));
/// assert_eq!(e.to_string(), "8/(3-8/3)");
/// assert_eq!(e.value().unwrap().to_string(), "24");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expr {
    /// A card.
    Num(Rational),
    /// `left op right`: one allocation holds the operator and both
    /// operands, half as many as a box per operand.
    Binary(Box<Step>),
}

// A step's box sits where a card's numerator does, its denominator's
// zero telling the two apart: an expression is as small as a card.
const _: () = assert!(size_of::<Expr>() == size_of::<Rational>());

/// One step of an expression, `left op right`: the node of an
/// [`Expr::Binary`]. Expressions order as their fields do, in this order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub op: Op,
    pub left: Expr,
    pub right: Expr,
}

/// Why an expression has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// A division whose divisor is zero.
    #[error("division by zero")]
    DivisionByZero,
    /// A value too large for 64-bit parts (use [`Expr::value_big`]).
    #[error("arithmetic overflow")]
    Overflow,
}

impl Expr {
    /// A card of whole-number value `n`.
    pub fn int(n: i64) -> Expr {
        Expr::Num(Rational::from_integer(n))
    }

    /// `left op right`.
    pub fn binary(op: Op, left: Expr, right: Expr) -> Expr {
        Expr::Binary(Box::new(Step { op, left, right }))
    }

    /// The exact value, in any [`Number`] type.
    pub fn eval<N: Number>(&self) -> Result<N, EvalError> {
        match self {
            Expr::Num(r) => Ok(N::from_rational(*r)),
            Expr::Binary(step) => {
                let (a, b) = (step.left.eval::<N>()?, step.right.eval::<N>()?);
                if step.op == Op::Div && b.is_zero() {
                    return Err(EvalError::DivisionByZero);
                }
                step.op.apply(&a, &b).ok_or(EvalError::Overflow)
            }
        }
    }

    /// The exact value as a 64-bit rational. A card or an operator over
    /// two cards, the usual parts of a solution, is worked out here
    /// rather than by the walk.
    // Always inlined: where values are hot (ordering parts as a shown
    // solution is tidied), the call costs as much as the usual work, and
    // the compiler left it out of line for its size.
    #[inline(always)]
    pub fn value(&self) -> Result<Rational, EvalError> {
        match self {
            Expr::Num(card) => Ok(*card),
            Expr::Binary(step) => match (&step.left, &step.right) {
                (Expr::Num(a), Expr::Num(b)) if !(step.op == Op::Div && b.is_zero()) => {
                    step.op.apply(a, b).ok_or(EvalError::Overflow)
                }
                _ => self.eval(),
            },
        }
    }

    /// The exact value as a big rational; never overflows.
    pub fn value_big(&self) -> Result<BigRational, EvalError> {
        self.eval()
    }

    /// The operations one at a time, innermost first and left before
    /// right, each written with the values of its operands, as a solution
    /// is worked on paper. A lone card takes no step.
    ///
    /// An operand is bracketed where its value would otherwise read as part
    /// of the step: a negative right operand, and a fraction on the right
    /// of `*` or `/`. Every step read back has the value it shows.
    ///
    /// ```
    /// use reckon_core::parse_expr;
    /// let steps = parse_expr("8/(3-8/3)").unwrap().steps().unwrap();
    /// assert_eq!(steps, ["8/3 = 8/3", "3-8/3 = 1/3", "8/(1/3) = 24"]);
    /// ```
    pub fn steps(&self) -> Result<Vec<String>, EvalError> {
        let mut steps = Vec::new();
        self.push_steps(&mut steps)?;
        Ok(steps)
    }

    /// Pushes the steps of this expression and returns its value.
    fn push_steps(&self, steps: &mut Vec<String>) -> Result<BigRational, EvalError> {
        let Expr::Binary(step) = self else { return self.value_big() };
        let left = step.left.push_steps(steps)?;
        let right = step.right.push_steps(steps)?;
        let value = step.op.apply(&left, &right).ok_or(EvalError::DivisionByZero)?;
        let bracketed = right.is_negative() || !right.is_integer() && matches!(step.op, Op::Mul | Op::Div);
        let right = if bracketed { format!("({right})") } else { right.to_string() };
        steps.push(format!("{left}{}{right} = {value}", step.op));
        Ok(value)
    }

    /// The card values at the leaves, in ascending order.
    pub fn cards(&self) -> Vec<Rational> {
        let mut cards = Vec::new();
        self.collect_cards(&mut cards);
        cards.sort_unstable();
        cards
    }

    fn collect_cards(&self, out: &mut Vec<Rational>) {
        match self {
            Expr::Num(r) => out.push(*r),
            Expr::Binary(step) => {
                step.left.collect_cards(out);
                step.right.collect_cards(out);
            }
        }
    }

    /// The number of leaves.
    pub fn len(&self) -> usize {
        match self {
            Expr::Num(_) => 1,
            Expr::Binary(step) => step.left.len() + step.right.len(),
        }
    }

    /// Always false: an expression has at least one leaf.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// How tightly the printed form of this node binds, as an operand:
    /// a sum binds like `+`, a product like `*`, a whole number not at
    /// all. A fraction card binds like the division it would read as
    /// without its own brackets, and so takes the brackets a division of
    /// two cards takes there on top of them: `8/((7/2))` is 8 over the
    /// card, `8/(7/2)` 8 over the cards 7 and 2 divided.
    fn printed_precedence(&self) -> u8 {
        match self {
            Expr::Binary(step) => step.op.precedence(),
            Expr::Num(r) if !r.is_integer() => Op::Div.precedence(),
            Expr::Num(_) => u8::MAX,
        }
    }

    /// A negative whole card, which needs brackets wherever a sign would
    /// read as an operator; a fraction card has brackets of its own.
    fn is_negative_leaf(&self) -> bool {
        matches!(self, Expr::Num(r) if *r < Rational::ZERO && r.is_integer())
    }

    /// Displays the expression with the brackets of its own grouping kept
    /// in chains of `+` and `*`: `a+(b+c)` prints as `a+(b+c)`, not `a+b+c`.
    /// Where trees that differ only in grouping count as different (the
    /// `syntax` level of distinctness), they must also print differently.
    ///
    /// ```
    /// use reckon_core::Expr;
    /// use reckon_core::rules::Op;
    /// let e = Expr::binary(Op::Add, Expr::int(1), Expr::binary(Op::Add, Expr::int(2), Expr::int(3)));
    /// assert_eq!(e.to_string(), "1+2+3");
    /// assert_eq!(e.grouped().to_string(), "1+(2+3)");
    /// ```
    pub fn grouped(&self) -> Printed<'_> {
        Printed { expr: self, grouped: true }
    }

    /// Displays the expression so that it reads back as the same steps
    /// under `domain`: with the fewest brackets, as [`Display`] does,
    /// unless a card lies outside the domain; then every chain keeps its
    /// brackets, as [`Expr::grouped`] does. Under positive rules
    /// `(0+1)*((-5)*(-2))` would print as `(0+1)*(-5)*(-2)`, which reads
    /// as a step through `-5`. With every card in the domain, no reading of
    /// the fewest brackets leaves it: regrouping `a+(b-c)` as `(a+b)-c` or
    /// `a*(b/c)` as `(a*b)/c` passes through `a+b` and `a*b` only.
    ///
    /// [`Display`]: fmt::Display
    ///
    /// ```
    /// use reckon_core::Expr;
    /// use reckon_core::rules::{Domain, Op};
    /// let e = Expr::binary(Op::Mul, Expr::int(3), Expr::binary(Op::Mul, Expr::int(-5), Expr::int(-2)));
    /// assert_eq!(e.to_string(), "3*(-5)*(-2)");
    /// assert_eq!(e.in_domain(Domain::PositiveInteger).to_string(), "3*(-5*(-2))");
    /// assert_eq!(e.in_domain(Domain::Rational).to_string(), "3*(-5)*(-2)");
    /// ```
    pub fn in_domain(&self, domain: Domain) -> Printed<'_> {
        Printed { expr: self, grouped: !self.cards().iter().all(|card| domain.allows(card)) }
    }

    /// Writes the text [`Display`](fmt::Display) prints straight to
    /// `out`, with no formatter between: cheaper where many expressions
    /// are printed into strings.
    ///
    /// ```
    /// use reckon_core::parse_expr;
    /// let mut text = String::new();
    /// parse_expr("8/(3-8/3)").unwrap().write_to(&mut text).unwrap();
    /// assert_eq!(text, "8/(3-8/3)");
    /// ```
    pub fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        self.write(out, true, false)
    }

    /// Writes the expression; `leftmost` is true when nothing is printed
    /// before it, the only place a negative card needs no brackets;
    /// `grouped` keeps the brackets of `+` and `*` chains.
    fn write<W: fmt::Write>(&self, f: &mut W, leftmost: bool, grouped: bool) -> fmt::Result {
        match self {
            // A fraction card is one number: its own brackets keep it from
            // reading as a division of two cards.
            Expr::Num(r) => r.write_card_to(f),
            Expr::Binary(step) => {
                let Step { op, left: l, right: r } = &**step;
                // The left operand needs brackets only if it binds more loosely.
                let left_brackets = l.printed_precedence() < op.precedence() || (!leftmost && l.is_negative_leaf());
                write_operand(f, l, left_brackets, leftmost, grouped)?;
                f.write_char(op.symbol())?;
                // On the right, an equal binding strength also needs brackets
                // after `-` and `/`: a-(b-c) is not a-b-c. After `+` and `*` it
                // does not: a+(b-c) = a+b-c and a*(b/c) = a*b/c exactly.
                let rp = r.printed_precedence();
                let right_brackets = rp < op.precedence()
                    || (rp == op.precedence() && (grouped || !op.is_commutative()))
                    || r.is_negative_leaf();
                write_operand(f, r, right_brackets, false, grouped)
            }
        }
    }
}

fn write_operand<W: fmt::Write>(f: &mut W, e: &Expr, brackets: bool, leftmost: bool, grouped: bool) -> fmt::Result {
    if brackets {
        f.write_str("(")?;
        e.write(f, true, grouped)?;
        f.write_str(")")
    } else {
        e.write(f, leftmost, grouped)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true, false)
    }
}

/// An expression printed with the brackets of its chains kept, or with
/// the fewest: see [`Expr::grouped`] and [`Expr::in_domain`].
#[derive(Debug, Clone, Copy)]
pub struct Printed<'a> {
    expr: &'a Expr,
    grouped: bool,
}

impl fmt::Display for Printed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expr.write(f, true, self.grouped)
    }
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(r) => write!(f, "{r}"),
            Expr::Binary(step) => write!(f, "({:?}{}{:?})", step.left, step.op, step.right),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: i64) -> Expr {
        Expr::int(v)
    }
    fn b(op: Op, l: Expr, r: Expr) -> Expr {
        Expr::binary(op, l, r)
    }

    #[test]
    fn fewest_brackets() {
        use Op::*;
        assert_eq!(b(Mul, b(Sub, n(11), n(8)), b(Add, n(3), n(5))).to_string(), "(11-8)*(3+5)");
        assert_eq!(b(Add, n(1), b(Add, n(2), n(3))).to_string(), "1+2+3");
        assert_eq!(b(Add, n(1), b(Sub, n(2), n(3))).to_string(), "1+2-3");
        assert_eq!(b(Sub, n(1), b(Sub, n(2), n(3))).to_string(), "1-(2-3)");
        assert_eq!(b(Sub, n(1), b(Add, n(2), n(3))).to_string(), "1-(2+3)");
        assert_eq!(b(Mul, n(1), b(Div, n(2), n(3))).to_string(), "1*2/3");
        assert_eq!(b(Div, n(1), b(Mul, n(2), n(3))).to_string(), "1/(2*3)");
        assert_eq!(b(Div, n(1), b(Div, n(2), n(3))).to_string(), "1/(2/3)");
        assert_eq!(b(Sub, b(Mul, n(6), n(6)), n(6)).to_string(), "6*6-6");
        assert_eq!(b(Div, b(Add, n(6), n(6)), n(6)).to_string(), "(6+6)/6");
    }

    #[test]
    fn grouped_display_keeps_the_grouping_of_chains() {
        use Op::*;
        let right = b(Add, n(1), b(Add, n(2), n(3)));
        let left = b(Add, b(Add, n(1), n(2)), n(3));
        assert_eq!((right.to_string(), right.grouped().to_string()), ("1+2+3".into(), "1+(2+3)".into()));
        assert_eq!(left.grouped().to_string(), "1+2+3");
        assert_eq!(b(Mul, n(2), b(Div, n(6), n(3))).grouped().to_string(), "2*(6/3)");
        assert_eq!(b(Sub, n(1), b(Sub, n(2), n(3))).grouped().to_string(), "1-(2-3)");
        assert_eq!(b(Mul, b(Add, n(1), n(2)), n(3)).grouped().to_string(), "(1+2)*3");
    }

    #[test]
    fn negative_and_fractional_cards() {
        use Op::*;
        let half = Expr::Num("1/2".parse().unwrap());
        assert_eq!(b(Add, n(-3), n(3)).to_string(), "-3+3");
        assert_eq!(b(Sub, n(3), n(-3)).to_string(), "3-(-3)");
        assert_eq!(b(Mul, n(2), b(Mul, n(-3), n(3))).to_string(), "2*(-3)*3");
        // A fraction card prints in brackets of its own, and as a divisor
        // in those a division takes too: never as a division of two cards.
        let minus_half = Expr::Num("-1/2".parse().unwrap());
        let one_over_two = || b(Div, n(1), n(2));
        assert_eq!(half.to_string(), "(1/2)");
        assert_eq!(b(Div, n(3), half.clone()).to_string(), "3/((1/2))");
        assert_eq!(b(Div, n(3), one_over_two()).to_string(), "3/(1/2)");
        assert_eq!(b(Mul, half.clone(), n(4)).to_string(), "(1/2)*4");
        assert_eq!(b(Mul, n(4), half.clone()).to_string(), "4*(1/2)");
        assert_eq!(b(Mul, n(4), one_over_two()).to_string(), "4*1/2");
        assert_eq!(b(Sub, n(1), half.clone()).to_string(), "1-(1/2)");
        assert_eq!(b(Sub, n(1), minus_half.clone()).to_string(), "1-(-1/2)");
        assert_eq!(b(Sub, n(1), b(Div, n(-1), n(2))).to_string(), "1-(-1)/2");
        assert_eq!(b(Add, minus_half.clone(), n(1)).to_string(), "(-1/2)+1");
        let halves = |l: Expr, r: Expr| b(Div, l, r).grouped().to_string();
        assert_eq!(halves(half.clone(), one_over_two()), "(1/2)/(1/2)");
        assert_eq!(halves(one_over_two(), half.clone()), "1/2/((1/2))");
        assert_eq!(b(Mul, half.clone(), n(4)).grouped().to_string(), "(1/2)*4");
        assert_eq!(b(Mul, n(4), half).grouped().to_string(), "4*((1/2))");
        assert_eq!(b(Mul, n(4), one_over_two()).grouped().to_string(), "4*(1/2)");
    }

    /// Small whole numbers take their own path to text (see
    /// `Rational::write_to`): its edges print as every other number does.
    #[test]
    fn cards_print_alike_on_either_side_of_the_small_path() {
        for card in ["0", "9", "10", "99", "100", "-1", "-10", "123456789012"] {
            let e = Expr::Num(card.parse().unwrap());
            assert_eq!(e.to_string(), card);
        }
        for card in ["7/2", "-1/2"] {
            assert_eq!(Expr::Num(card.parse().unwrap()).to_string(), format!("({card})"));
        }
    }

    #[test]
    fn evaluates_exactly() {
        use Op::*;
        let e = b(Div, n(8), b(Sub, n(3), b(Div, n(8), n(3))));
        assert_eq!(e.value().unwrap(), Rational::from_integer(24));
        assert_eq!(b(Div, n(1), b(Sub, n(2), n(2))).value(), Err(EvalError::DivisionByZero));
        // Two cards take the short path, and agree with the walk.
        assert_eq!(b(Div, n(1), n(0)).value(), Err(EvalError::DivisionByZero));
        assert_eq!(b(Div, n(1), n(3)).value(), b(Div, n(1), n(3)).eval());
        assert_eq!(b(Mul, n(i64::MAX), n(2)).value(), Err(EvalError::Overflow));
        assert_eq!(b(Mul, n(i64::MAX), n(2)).value_big().unwrap().to_string(), "18446744073709551614");
        assert_eq!(
            e.cards(),
            vec![
                Rational::from_integer(3),
                Rational::from_integer(3),
                Rational::from_integer(8),
                Rational::from_integer(8)
            ]
        );
    }
}
