//! Laws of printed expressions: read back with exact rationals, a printed
//! solution makes the target and uses each card exactly once, every step
//! of it as read stays in the rules' domain, and printing never changes an
//! expression's value.

use num_bigint::BigInt;
use num_traits::{One, Zero};
use proptest::prelude::*;
use reckon_core::number::BigRational;
use reckon_core::rules::{Domain, Op};
use reckon_core::{Expr, Hand, Rational, Rules, Solver};

/// A minimal reader for printed expressions: numbers, + - * /, brackets and
/// a minus sign directly before a number. Returns the value and the numbers read.
struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    numbers: Vec<i64>,
    /// The result of every operator, in the order read.
    steps: Vec<BigRational>,
    divided_by_zero: bool,
}

impl Reader<'_> {
    fn read(text: &str) -> (Option<BigRational>, Vec<i64>) {
        let (value, numbers, _) = Reader::read_steps(text);
        (value, numbers)
    }

    /// [`Reader::read`], with the value of every step as read.
    fn read_steps(text: &str) -> (Option<BigRational>, Vec<i64>, Vec<BigRational>) {
        let mut reader =
            Reader { text: text.as_bytes(), pos: 0, numbers: Vec::new(), steps: Vec::new(), divided_by_zero: false };
        let value = reader.sum();
        assert_eq!(reader.pos, text.len(), "trailing input in {text}");
        ((!reader.divided_by_zero).then_some(value), reader.numbers, reader.steps)
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn sum(&mut self) -> BigRational {
        let mut acc = self.product();
        while let Some(c @ (b'+' | b'-')) = self.peek() {
            self.pos += 1;
            let rhs = self.product();
            acc = if c == b'+' { acc + rhs } else { acc - rhs };
            self.steps.push(acc.clone());
        }
        acc
    }

    fn product(&mut self) -> BigRational {
        let mut acc = self.atom();
        while let Some(c @ (b'*' | b'/')) = self.peek() {
            self.pos += 1;
            let rhs = self.atom();
            if c == b'/' && rhs.is_zero() {
                // Keep reading so the whole text is checked; the value is void.
                self.divided_by_zero = true;
                continue;
            }
            acc = if c == b'*' { acc * rhs } else { acc / rhs };
            self.steps.push(acc.clone());
        }
        acc
    }

    fn atom(&mut self) -> BigRational {
        if self.peek() == Some(b'(') {
            self.pos += 1;
            let v = self.sum();
            assert_eq!(self.peek(), Some(b')'));
            self.pos += 1;
            return v;
        }
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let n: i64 = std::str::from_utf8(&self.text[start..self.pos]).unwrap().parse().unwrap();
        self.numbers.push(n);
        BigRational::from_integer(BigInt::from(n))
    }
}

fn card_leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        4 => (0i64..=13).prop_map(Expr::int),
        1 => (-9i64..=-1).prop_map(Expr::int),
        1 => (-9i64..=9, 2i64..=5).prop_map(|(n, d)| Expr::Num(Rational::new(n, d).unwrap())),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    card_leaf().prop_recursive(5, 12, 2, |inner| {
        (prop::sample::select(Op::ALL.to_vec()), inner.clone(), inner).prop_map(|(op, l, r)| Expr::binary(op, l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn display_keeps_the_value(e in expr()) {
        let (read, _) = Reader::read(&e.to_string());
        prop_assert_eq!(read, e.value_big().ok(), "{} printed as {}", format!("{e:?}"), e);
    }

    #[test]
    fn printed_solutions_make_the_target_with_every_card_once(
        cards in prop::collection::vec(1i64..=13, 4..=5),
        target in prop_oneof![Just(24i64), 0i64..=30],
    ) {
        let hand = Hand::from_integers(&cards).unwrap();
        let rules = Rules::with_target(Rational::from_integer(target));
        if let Some(expr) = Solver::new(rules).solve(&hand) {
            let printed = expr.to_string();
            let (value, mut numbers) = Reader::read(&printed);
            prop_assert_eq!(value, Some(BigRational::from_integer(BigInt::from(target))), "{}", printed);
            numbers.sort_unstable();
            let mut expected = cards.clone();
            expected.sort_unstable();
            prop_assert_eq!(numbers, expected, "{}", printed);
        }
    }

    /// Every step of a worked solution reads back as the value it shows,
    /// and the last shows the expression's value: the steps replay it.
    #[test]
    fn steps_replay_to_the_value(e in expr()) {
        match (e.value_big(), e.steps()) {
            (Ok(value), Ok(steps)) => {
                let mut last = None;
                for step in &steps {
                    let (left, right) = step.split_once(" = ").expect("a step reads 'operation = value'");
                    let shown = Reader::read(right).0;
                    prop_assert_eq!(Reader::read(left).0, shown.clone(), "{} in the steps of {}", step, e);
                    last = shown;
                }
                if let Expr::Binary(_) = e {
                    prop_assert_eq!(last, Some(value), "the steps of {} end elsewhere: {:?}", e, steps);
                } else {
                    prop_assert!(steps.is_empty());
                }
            }
            (Err(_), steps) => prop_assert!(steps.is_err(), "{} divides by zero", e),
            (Ok(_), Err(err)) => prop_assert!(false, "{} has a value, but its steps fail: {}", e, err),
        }
    }

    /// Cards outside the domain (negative cards under non-negative rules)
    /// are printed so that every step, as read, is in it: the brackets of
    /// `3*((-5)*(-2))` stay.
    #[test]
    fn printed_solutions_read_as_steps_in_the_domain(
        cards in prop::collection::vec(-6i64..=9, 3..=4),
        target in 1i64..=12,
        domain in prop::sample::select(vec![Domain::NonNegative, Domain::Integer, Domain::PositiveInteger]),
    ) {
        let hand = Hand::from_integers(&cards).unwrap();
        let rules = Rules { domain, ..Rules::with_target(Rational::from_integer(target)) };
        if let Some(expr) = Solver::new(rules).solve(&hand) {
            let printed = expr.in_domain(domain).to_string();
            let (value, _, steps) = Reader::read_steps(&printed);
            prop_assert_eq!(value, Some(BigRational::from_integer(BigInt::from(target))), "{}", printed);
            for step in steps {
                prop_assert!(domain.allows(&step), "{} reads through {} under {:?}", printed, step, domain);
            }
        }
    }
}

#[test]
fn reader_reads_what_it_should() {
    let (v, n) = Reader::read("8/(3-8/3)");
    assert_eq!(v, Some(BigRational::from_integer(24.into())));
    assert_eq!(n, [8, 3, 8, 3]);
    assert_eq!(Reader::read("1/(2-2)").0, None);
    assert_eq!(Reader::read("3-(-3)").0, Some(BigRational::from_integer(6.into())));
    assert!(Reader::read("1/3").0.unwrap() != BigRational::one());
}
