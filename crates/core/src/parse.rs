//! Reading expressions as people type them: `(11-8)*(3+5)`, `8 ÷ (3 − 8÷3)`.
//!
//! The parser returns the same [`Expr`] the solver builds, so an answer typed
//! by a player can be judged with the engine's own exact arithmetic. Errors
//! carry the byte range of the offending text instead of a rendered message:
//! this crate knows nothing about terminals, and each front end underlines
//! the span in its own way.
//!
//! Grammar (the usual precedence, left-associative):
//!
//! ```text
//! expr    = term   (("+" | "-") term)*
//! term    = factor (("*" | "/") factor)*
//! factor  = number | "-" number | "(" expr ")"
//! ```
//!
//! A minus sign directly before a number makes a negative card (`-3+3`,
//! `3-(-3)`, also `3--3`), which is how [`Expr`]'s `Display` prints negative
//! cards. There is no general negation: `-(3+4)` would need a card the hand
//! does not have. A fraction card is written in brackets of its own,
//! `(7/2)`, as [`Expr`]'s `Display` prints it, and parses as the division
//! of two whole numbers it reads as: which of the two is meant, the hand
//! decides (reckon-play's `judge` reads it as the card the hand holds).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use num_traits::Zero;

use crate::expr::Expr;
use crate::number::{BigRational, Rational};
use crate::rules::Op;

/// Parses an arithmetic expression over whole numbers.
///
/// Accepted spellings: `+`; `-` and `−`; `*`, `x`, `X` and `×`; `/` and `÷`;
/// round brackets; any whitespace.
///
/// ```
/// use reckon_core::{Rational, parse_expr};
/// let e = parse_expr("(11 − 8) × (3 + 5)").unwrap();
/// assert_eq!(e.to_string(), "(11-8)*(3+5)");
/// assert_eq!(e.value().unwrap(), Rational::from_integer(24));
///
/// // Errors say where: here the divisor `(3-3)`, bytes 2..7.
/// let err = parse_expr("8/(3-3)").unwrap_err();
/// assert_eq!(err.to_string(), "division by zero");
/// assert_eq!(err.span(), 2..7);
/// ```
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    Parser::new(src)?.parse()
}

impl FromStr for Expr {
    type Err = ParseError;

    /// See [`parse_expr`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_expr(s)
    }
}

/// Which side of an operator lacks its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Nothing before the operator, as in `*3`.
    Left,
    /// Nothing after the operator, as in `3+`.
    Right,
}

/// What is wrong with the text; see [`ParseError`] for where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// Nothing but whitespace.
    Empty,
    /// A character that is no number, operator or bracket.
    UnexpectedChar(char),
    /// A number of more than [`MOST_DIGITS`](crate::number::MOST_DIGITS) digits.
    NumberTooLarge,
    /// An operator without an operand on one side; the span is the operator.
    MissingOperand(Side),
    /// Two operators with nothing between them, as in `1++2`; the span
    /// covers both.
    TwoOperators,
    /// `^` or `**`: powers are not among the operators.
    Power,
    /// `[`, `]`, `{` or `}`: brackets are round.
    SquareBracket(char),
    /// A decimal such as `0.5`, with its value: answers write fractions.
    Decimal(Rational),
    /// `()`: brackets with nothing inside.
    EmptyBrackets,
    /// Two operands side by side, as in `3 4` or `2(3+4)`; the span is the second.
    MissingOperator,
    /// A `(` that is never closed; the span is the `(`.
    UnclosedBracket,
    /// A `)` without a matching `(`; the span is the `)`.
    UnmatchedBracket,
    /// A division whose divisor is zero; the span is the whole divisor.
    DivisionByZero,
    /// More than 1000 numbers; the span is the first one too many.
    TooManyNumbers,
    /// Brackets nested more than 200 deep; the span is the first `(` too
    /// deep.
    TooDeep,
}

/// The most numbers an expression may hold: every answer holds far fewer,
/// and a longer one would be a tree too deep to walk safely.
const MAX_NUMBERS: usize = 1000;

/// The deepest brackets may nest, for the same reason.
const MAX_DEPTH: usize = 200;

/// A parse failure: what went wrong and the byte range of the text at fault.
///
/// `Display` gives a one-line message; [`ParseError::label`] gives a short
/// note to print under the span.
///
/// ```
/// use reckon_core::parse_expr;
/// use reckon_core::expr::{ParseErrorKind, Side};
/// let err = parse_expr("3 + 4 *").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::MissingOperand(Side::Right));
/// assert_eq!(&"3 + 4 *"[err.span()], "*");
/// assert_eq!(err.label(), "nothing after this operator");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ParseErrorKind,
    span: Range<usize>,
}

impl ParseError {
    fn new(kind: ParseErrorKind, span: Range<usize>) -> ParseError {
        ParseError { kind, span }
    }

    /// What went wrong.
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The byte range of the offending text in the parsed string. Empty
    /// (at the end of the text) only for [`ParseErrorKind::Empty`].
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// A short note about the span, to print beside an underline.
    pub fn label(&self) -> &'static str {
        match self.kind {
            ParseErrorKind::Empty => "expected an expression such as (11-8)*(3+5)",
            ParseErrorKind::UnexpectedChar(_) => "not a number, operator or bracket",
            ParseErrorKind::NumberTooLarge => "numbers have at most 10000 digits",
            ParseErrorKind::MissingOperand(Side::Left) => "nothing before this operator",
            ParseErrorKind::MissingOperand(Side::Right) => "nothing after this operator",
            ParseErrorKind::TwoOperators => "a number or a bracket belongs between these",
            ParseErrorKind::Power => "only + - * / are allowed",
            ParseErrorKind::SquareBracket(_) => "use ( or ) here",
            ParseErrorKind::Decimal(_) => "write this as a fraction",
            ParseErrorKind::EmptyBrackets => "nothing between these brackets",
            ParseErrorKind::MissingOperator => "expected an operator before this",
            ParseErrorKind::UnclosedBracket => "this bracket is never closed",
            ParseErrorKind::UnmatchedBracket => "no opening bracket for this one",
            ParseErrorKind::DivisionByZero => "this divisor is zero",
            ParseErrorKind::TooManyNumbers => "one number too many",
            ParseErrorKind::TooDeep => "one bracket too deep",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseErrorKind::Empty => f.write_str("empty expression"),
            ParseErrorKind::UnexpectedChar(c) => write!(f, "unexpected character '{c}'"),
            ParseErrorKind::NumberTooLarge => f.write_str("number too large"),
            ParseErrorKind::MissingOperand(_) | ParseErrorKind::EmptyBrackets => f.write_str("missing operand"),
            ParseErrorKind::TwoOperators => f.write_str("two operators in a row"),
            ParseErrorKind::Power => f.write_str("powers are not allowed"),
            ParseErrorKind::SquareBracket(c) => write!(f, "'{c}' is not a bracket here: brackets are ( and )"),
            ParseErrorKind::Decimal(value) => write!(f, "decimals are written as fractions here: {value}"),
            ParseErrorKind::MissingOperator => f.write_str("missing operator"),
            ParseErrorKind::UnclosedBracket | ParseErrorKind::UnmatchedBracket => f.write_str("unbalanced bracket"),
            ParseErrorKind::DivisionByZero => f.write_str("division by zero"),
            ParseErrorKind::TooManyNumbers => write!(f, "too long: more than {MAX_NUMBERS} numbers"),
            ParseErrorKind::TooDeep => write!(f, "brackets nested more than {MAX_DEPTH} deep"),
        }
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// A literal: a whole number, of any size.
    Num(Rational),
    /// An operator; whether `-` is binary or a sign depends on position.
    Op(Op),
    Open,
    Close,
}

type Token = (Tok, Range<usize>);

/// Splits the text into tokens, rejecting stray characters, huge numbers,
/// and texts too long or too deeply nested to parse safely.
fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let mut tokens = Vec::new();
    let (mut numbers, mut depth) = (0, 0usize);
    let mut chars = src.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let end = start + c.len_utf8();
        let tok = match c {
            c if c.is_whitespace() => continue,
            '0'..='9' => {
                let mut end = end;
                while let Some(&(i, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                if let Some(decimal) = decimal_at(src, start, end) {
                    return Err(decimal);
                }
                numbers += 1;
                if numbers > MAX_NUMBERS {
                    return Err(ParseError::new(ParseErrorKind::TooManyNumbers, start..end));
                }
                let n = src[start..end]
                    .parse::<Rational>()
                    .map_err(|_| ParseError::new(ParseErrorKind::NumberTooLarge, start..end))?;
                tokens.push((Tok::Num(n), start..end));
                continue;
            }
            '+' => Tok::Op(Op::Add),
            '-' | '−' => Tok::Op(Op::Sub),
            '*' if chars.peek().is_some_and(|&(_, next)| next == '*') => {
                return Err(ParseError::new(ParseErrorKind::Power, start..end + 1));
            }
            '^' => return Err(ParseError::new(ParseErrorKind::Power, start..end)),
            '[' | ']' | '{' | '}' => return Err(ParseError::new(ParseErrorKind::SquareBracket(c), start..end)),
            '*' | 'x' | 'X' | '×' => Tok::Op(Op::Mul),
            '/' | '÷' => Tok::Op(Op::Div),
            '(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(ParseError::new(ParseErrorKind::TooDeep, start..end));
                }
                Tok::Open
            }
            ')' => {
                depth = depth.saturating_sub(1);
                Tok::Close
            }
            other => {
                return Err(ParseError::new(ParseErrorKind::UnexpectedChar(other), start..end));
            }
        };
        tokens.push((tok, start..end));
    }
    Ok(tokens)
}

/// The decimal whose whole part is `src[start..end]`, if a `.` and digits
/// follow it: the error that says what to write instead.
fn decimal_at(src: &str, start: usize, end: usize) -> Option<ParseError> {
    let fraction = src[end..].strip_prefix('.')?;
    let digits = fraction.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let span = start..end + 1 + digits;
    Some(match src[span.clone()].parse::<Rational>() {
        Ok(value) => ParseError::new(ParseErrorKind::Decimal(value), span),
        Err(_) => ParseError::new(ParseErrorKind::NumberTooLarge, span),
    })
}

/// A parsed subexpression with its exact value (to catch division by zero
/// where it happens) and the text it came from (to point at it).
struct Node {
    expr: Expr,
    value: BigRational,
    span: Range<usize>,
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    /// Where the text ends, for errors at the end.
    end: usize,
}

impl Parser {
    fn new(src: &str) -> Result<Parser, ParseError> {
        Ok(Parser { tokens: lex(src)?, pos: 0, end: src.len() })
    }

    fn parse(mut self) -> Result<Expr, ParseError> {
        if self.tokens.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty, self.end..self.end));
        }
        let node = self.expr()?;
        match self.peek() {
            None => Ok(node.expr),
            Some((Tok::Close, span)) => Err(ParseError::new(ParseErrorKind::UnmatchedBracket, span)),
            Some((_, span)) => Err(ParseError::new(ParseErrorKind::MissingOperator, span)),
        }
    }

    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).cloned()
    }

    fn peek_op(&self, ops: [Op; 2]) -> Option<(Op, Range<usize>)> {
        match self.peek()? {
            (Tok::Op(op), span) if ops.contains(&op) => Some((op, span)),
            _ => None,
        }
    }

    fn expr(&mut self) -> Result<Node, ParseError> {
        let mut left = self.term(None)?;
        while let Some((op, span)) = self.peek_op([Op::Add, Op::Sub]) {
            self.pos += 1;
            let right = self.term(Some(span))?;
            left = combine(op, left, right);
        }
        Ok(left)
    }

    /// `after` is the operator before this operand, if any.
    fn term(&mut self, after: Option<Range<usize>>) -> Result<Node, ParseError> {
        let mut left = self.factor(after)?;
        while let Some((op, span)) = self.peek_op([Op::Mul, Op::Div]) {
            self.pos += 1;
            let right = self.factor(Some(span))?;
            if op == Op::Div && right.value.is_zero() {
                return Err(ParseError::new(ParseErrorKind::DivisionByZero, right.span));
            }
            left = combine(op, left, right);
        }
        Ok(left)
    }

    fn factor(&mut self, after: Option<Range<usize>>) -> Result<Node, ParseError> {
        // An operand is missing: blame the operator before it, or failing
        // that the token that stands where the operand should be.
        let missing = |found: Range<usize>| match &after {
            Some(op) => ParseError::new(ParseErrorKind::TwoOperators, op.start..found.end),
            None => ParseError::new(ParseErrorKind::MissingOperand(Side::Left), found),
        };
        let Some((tok, span)) = self.peek() else {
            return Err(match after {
                Some(op) => ParseError::new(ParseErrorKind::MissingOperand(Side::Right), op),
                None => ParseError::new(ParseErrorKind::Empty, self.end..self.end),
            });
        };
        self.pos += 1;
        match tok {
            Tok::Num(n) => Ok(leaf(n, span)),
            Tok::Op(Op::Sub) => match self.peek() {
                // A sign: `-` directly before a number.
                Some((Tok::Num(n), num_span)) => {
                    self.pos += 1;
                    Ok(leaf(Rational::from_big(&-n.to_big()), span.start..num_span.end))
                }
                _ => Err(missing(span)),
            },
            Tok::Op(_) => Err(missing(span)),
            Tok::Open => {
                match self.peek() {
                    Some((Tok::Close, close)) => {
                        return Err(ParseError::new(ParseErrorKind::EmptyBrackets, span.start..close.end));
                    }
                    None => return Err(ParseError::new(ParseErrorKind::UnclosedBracket, span)),
                    _ => {}
                }
                let inner = self.expr()?;
                match self.peek() {
                    Some((Tok::Close, close)) => {
                        self.pos += 1;
                        Ok(Node { span: span.start..close.end, ..inner })
                    }
                    None => Err(ParseError::new(ParseErrorKind::UnclosedBracket, span)),
                    Some((_, other)) => Err(ParseError::new(ParseErrorKind::MissingOperator, other)),
                }
            }
            Tok::Close => match after {
                Some(op) => Err(ParseError::new(ParseErrorKind::MissingOperand(Side::Right), op)),
                None => Err(ParseError::new(ParseErrorKind::UnmatchedBracket, span)),
            },
        }
    }
}

fn leaf(r: Rational, span: Range<usize>) -> Node {
    Node { expr: Expr::Num(r), value: r.to_big(), span }
}

fn combine(op: Op, left: Node, right: Node) -> Node {
    let value = op
        .apply(&left.value, &right.value)
        .expect("big rationals do not overflow and zero divisors are rejected first");
    Node { expr: Expr::binary(op, left.expr, right.expr), value, span: left.span.start..right.span.end }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(src: &str) -> (ParseErrorKind, &str) {
        let e = parse_expr(src).unwrap_err();
        (e.kind(), &src[e.span()])
    }

    #[test]
    fn every_operator_spelling() {
        for (src, shown) in [
            ("1+2", "1+2"),
            ("5-2", "5-2"),
            ("5−2", "5-2"),
            ("3*4", "3*4"),
            ("3x4", "3*4"),
            ("3X4", "3*4"),
            ("3×4", "3*4"),
            ("8/2", "8/2"),
            ("8÷2", "8/2"),
        ] {
            assert_eq!(parse_expr(src).unwrap().to_string(), shown, "{src}");
        }
    }

    #[test]
    fn precedence_brackets_and_whitespace() {
        let e = parse_expr(" ( 11 -8 )\t* (3+ 5) ").unwrap();
        assert_eq!(e.to_string(), "(11-8)*(3+5)");
        assert_eq!(e.value().unwrap(), Rational::from_integer(24));
        assert_eq!(parse_expr("2+3*4").unwrap().value().unwrap(), 14.into());
        assert_eq!(parse_expr("8-3-2").unwrap().value().unwrap(), 3.into());
        assert_eq!(parse_expr("8/4/2").unwrap().value().unwrap(), 1.into());
        assert_eq!(parse_expr("((7))").unwrap(), Expr::int(7));
        assert_eq!(parse_expr("8/(3-8/3)").unwrap().value().unwrap(), 24.into());
    }

    #[test]
    fn negative_numbers_and_fractions() {
        assert_eq!(parse_expr("-3").unwrap(), Expr::int(-3));
        assert_eq!(parse_expr("3-(-3)").unwrap().to_string(), "3-(-3)");
        assert_eq!(parse_expr("3--3").unwrap().to_string(), "3-(-3)");
        assert_eq!(parse_expr("2*-3").unwrap().value().unwrap(), (-6).into());
        assert_eq!(parse_expr("-9223372036854775807").unwrap(), Expr::int(-i64::MAX));
        // A fraction is a division of two cards.
        assert_eq!(parse_expr("7/2").unwrap(), Expr::binary(Op::Div, Expr::int(7), Expr::int(2)));
    }

    #[test]
    fn every_error_kind_with_its_span() {
        use ParseErrorKind::*;
        assert_eq!(err(""), (Empty, ""));
        assert_eq!(err("   "), (Empty, ""));
        assert_eq!(err("3 + a"), (UnexpectedChar('a'), "a"));
        assert_eq!(err("3 = 3"), (UnexpectedChar('='), "="));
        assert_eq!(err("2.5*4"), (Decimal(Rational::new(5, 2).unwrap()), "2.5"));
        assert_eq!(err("0.50*48"), (Decimal(Rational::new(1, 2).unwrap()), "0.50"));
        assert_eq!(err("3.*4"), (UnexpectedChar('.'), "."));
        assert_eq!(err("2^3"), (Power, "^"));
        assert_eq!(err("2**3"), (Power, "**"));
        assert_eq!(err("[3+5]*3"), (SquareBracket('['), "["));
        assert_eq!(err("1++2"), (TwoOperators, "++"));
        let long = "9".repeat(crate::number::MOST_DIGITS + 1);
        assert_eq!(err(&format!("1 + {long}")), (NumberTooLarge, long.as_str()));
        assert_eq!(err("3 +"), (MissingOperand(Side::Right), "+"));
        assert_eq!(err("3 × (4 −)"), (MissingOperand(Side::Right), "−"));
        assert_eq!(err("3 + * 4"), (TwoOperators, "+ *"));
        assert_eq!(err("* 4"), (MissingOperand(Side::Left), "*"));
        assert_eq!(err("(÷4)"), (MissingOperand(Side::Left), "÷"));
        assert_eq!(err("-(3+4)"), (MissingOperand(Side::Left), "-"));
        assert_eq!(err("2 * ( )"), (EmptyBrackets, "( )"));
        assert_eq!(err("3 4"), (MissingOperator, "4"));
        assert_eq!(err("2(3+4)"), (MissingOperator, "("));
        assert_eq!(err("(3+4)5"), (MissingOperator, "5"));
        assert_eq!(err("(1+2 3)"), (MissingOperator, "3"));
        assert_eq!(err("(3+4"), (UnclosedBracket, "("));
        assert_eq!(err("2*((3+4)"), (UnclosedBracket, "("));
        assert_eq!(parse_expr("2*((3+4)").unwrap_err().span(), 2..3);
        assert_eq!(err("5*("), (UnclosedBracket, "("));
        assert_eq!(err("3+4)"), (UnmatchedBracket, ")"));
        assert_eq!(err(")3"), (UnmatchedBracket, ")"));
        assert_eq!(err("8 / 0"), (DivisionByZero, "0"));
        assert_eq!(err("8 ÷ (3 − 3) + 1"), (DivisionByZero, "(3 − 3)"));
        assert_eq!(err("1/(2-2*1)"), (DivisionByZero, "(2-2*1)"));
        assert_eq!(err("5*3/(1/2-1/2)"), (DivisionByZero, "(1/2-1/2)"));
        // Too long or too deep to walk safely: refused, not a crash.
        let long = vec!["1"; MAX_NUMBERS + 1].join("+");
        assert_eq!(err(&long), (TooManyNumbers, "1"));
        assert_eq!(parse_expr(&long).unwrap_err().span().start, 2 * MAX_NUMBERS);
        assert!(parse_expr(&vec!["1"; MAX_NUMBERS].join("+")).is_ok());
        let deep = |n: usize| format!("{}24{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(err(&deep(MAX_DEPTH + 1)), (TooDeep, "("));
        assert_eq!(parse_expr(&deep(MAX_DEPTH + 1)).unwrap_err().span().start, MAX_DEPTH);
        assert_eq!(parse_expr(&deep(MAX_DEPTH)).unwrap(), Expr::int(24));
        assert!(parse_expr(&deep(20_000)).is_err());
    }

    #[test]
    fn messages_and_labels() {
        let e = parse_expr("8/(3-3)").unwrap_err();
        assert_eq!(e.to_string(), "division by zero");
        assert_eq!(e.label(), "this divisor is zero");
        let e = parse_expr("(3").unwrap_err();
        assert_eq!(e.to_string(), "unbalanced bracket");
        assert_eq!("3 ? 4".parse::<Expr>().unwrap_err().to_string(), "unexpected character '?'");
        assert_eq!(parse_expr("0.5*48").unwrap_err().to_string(), "decimals are written as fractions here: 1/2");
        assert_eq!(parse_expr("2^3").unwrap_err().to_string(), "powers are not allowed");
        assert_eq!(parse_expr("1++2").unwrap_err().to_string(), "two operators in a row");
    }

    /// `a+(b-c)` prints as `a+b-c` and parses back as `(a+b)-c`; likewise
    /// `a*(b/c)`. This rotates every such right operand to the left, giving
    /// the form the parser produces.
    fn reassociate(e: Expr) -> Expr {
        match e {
            Expr::Num(_) => e,
            Expr::Binary(step) => {
                let Step { op, left, right } = *step;
                rotate(op, reassociate(left), reassociate(right))
            }
        }
    }

    fn rotate(op: Op, l: Expr, r: Expr) -> Expr {
        match r {
            Expr::Binary(step) if op.is_commutative() && step.op.precedence() == op.precedence() => {
                // l op (rl rop rr) == (l op rl) rop rr, exactly.
                let Step { op: rop, left: rl, right: rr } = *step;
                let left = rotate(op, l, rl);
                rotate(rop, left, rr)
            }
            r => Expr::binary(op, l, r),
        }
    }

    fn arb_expr() -> impl Strategy<Value = Expr> {
        let leaf = prop_oneof![
            8 => (0i64..=13).prop_map(Expr::int),
            1 => (-20i64..0).prop_map(Expr::int),
            1 => prop_oneof![Just(i64::MAX), Just(-i64::MAX), Just(1_000_000_007)].prop_map(Expr::int),
        ];
        leaf.prop_recursive(5, 24, 2, |inner| {
            (prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)], inner.clone(), inner)
                .prop_map(|(op, l, r)| Expr::binary(op, l, r))
        })
    }

    use crate::expr::Step;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn display_then_parse_round_trips(e in arb_expr()) {
            let text = e.to_string();
            match e.value_big() {
                Ok(value) => {
                    let parsed = parse_expr(&text)
                        .unwrap_or_else(|err| panic!("{text}: {err} at {:?}", err.span()));
                    prop_assert_eq!(parsed.value_big().unwrap(), value);
                    prop_assert_eq!(parsed.cards(), e.cards());
                    prop_assert_eq!(&parsed, &reassociate(e.clone()), "{}", text);
                    prop_assert_eq!(parsed.to_string(), text);
                }
                Err(_) => {
                    let err = parse_expr(&text).unwrap_err();
                    prop_assert_eq!(err.kind(), ParseErrorKind::DivisionByZero, "{}", text);
                    // The span is a complete subexpression whose value is zero.
                    let divisor = parse_expr(&text[err.span()]).unwrap();
                    prop_assert!(divisor.value_big().unwrap().is_zero(), "{}", text);
                }
            }
        }

        #[test]
        fn never_panics_on_arbitrary_text(s in "[0-9+\\-*/x×÷−() a.]{0,24}") {
            if let Err(err) = parse_expr(&s) {
                prop_assert!(s.get(err.span()).is_some());
            }
        }
    }
}
