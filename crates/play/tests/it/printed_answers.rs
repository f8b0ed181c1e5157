//! Every listed solution, written as its level writes it, reads back as a
//! valid answer with the same cards, and no two texts of a listing are
//! alike: a fraction card never reads as a division of two cards, nor a
//! division as the card, even when the hand holds both.

use std::collections::HashSet;

use proptest::prelude::*;
use reckon_canonical::{Level, distinct_solutions};
use reckon_core::rules::{CardUse, Domain, Op};
use reckon_core::{Hand, Rational, Rules, parse_expr};
use reckon_play::judge;

/// A whole (zero included), negative or fraction card.
fn card() -> impl Strategy<Value = Rational> {
    let nonzero = || (-13i64..=13).prop_filter("not zero", |&n| n != 0);
    prop_oneof![
        4 => (0i64..=13).prop_map(Rational::from_integer),
        2 => (-13i64..0).prop_map(Rational::from_integer),
        4 => (nonzero(), 2i64..=5).prop_map(|(n, d)| Rational::new(n, d).expect("a nonzero denominator")),
    ]
}

/// Two to five cards, fractions and negatives among them; often with the
/// numerator and denominator of a fraction card as cards of their own,
/// the hands where a card and a division could print alike.
fn cards() -> impl Strategy<Value = Vec<Rational>> {
    (prop::collection::vec(card(), 2..=3), any::<bool>()).prop_map(|(mut cards, with_parts)| {
        if let Some(fraction) = cards.iter().copied().find(|card| !card.is_integer())
            && with_parts
        {
            let (num, den) = fraction.parts().expect("a small card");
            cards.push(Rational::from_integer(num));
            cards.push(Rational::from_integer(den));
        }
        cards
    })
}

/// A target the cards make: the value of their steps from the left, each
/// by the operator drawn, or by `+` where that divides by zero.
fn made_by(cards: &[Rational], ops: &[Op]) -> Rational {
    let mut value = cards[0];
    for (&card, &op) in cards[1..].iter().zip(ops) {
        let step = match op {
            Op::Add => value.checked_add(card),
            Op::Sub => value.checked_sub(card),
            Op::Mul => value.checked_mul(card),
            Op::Div => value.checked_div(card),
        };
        value = step.or_else(|| value.checked_add(card)).expect("small cards do not overflow");
    }
    value
}

fn rules() -> impl Strategy<Value = (CardUse, Domain)> {
    (
        prop::sample::select(vec![CardUse::All, CardUse::Subset]),
        prop::sample::select(vec![Domain::Rational, Domain::Rational, Domain::NonNegative, Domain::Integer]),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn listed_solutions_read_back_as_valid_and_different_answers(
        cards in cards(),
        ops in prop::collection::vec(prop::sample::select(Op::ALL.to_vec()), 4),
        (card_use, domain) in rules(),
    ) {
        let target = made_by(&cards, &ops);
        let hand = Hand::new(cards).expect("two to five cards");
        let rules = Rules { card_use, domain, ..Rules::with_target(target) };
        for level in Level::ALL {
            let listed = distinct_solutions(&hand, &rules, level);
            let mut seen = HashSet::new();
            for solution in &listed {
                let text = level.written(solution, domain).to_string();
                let answer = parse_expr(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
                let verdict = judge(&answer, Some(&hand), &rules);
                prop_assert!(verdict.is_correct(), "{} for {} at {}: {}", text, hand, level, verdict);
                prop_assert!(seen.insert(text.clone()), "{} listed twice for {} at {}", text, hand, level);
            }
        }
    }
}
