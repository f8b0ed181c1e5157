//! The search and the brute-force oracle agree, hand by hand.

use proptest::prelude::*;
use reckon_core::{CardUse, Domain, Hand, OpSet, Rational, Rules, Solver, oracle};

use crate::{all_hands, int};

fn assert_agrees(solver: &mut Solver, hand: &Hand) {
    let rules = *solver.rules();
    let found = solver.solve(hand);
    assert_eq!(
        found.is_some(),
        oracle::decide(hand, &rules),
        "{hand} under {rules:?}: search found {found:?}"
    );
    if let Some(expr) = found {
        assert_eq!(
            expr.value_big().unwrap(),
            rules.target.to_big(),
            "{expr} for {hand}"
        );
        let mut used = expr.cards();
        match rules.card_use {
            CardUse::All => assert_eq!(used, hand.cards(), "{expr} must use every card of {hand}"),
            CardUse::Subset => {
                // Each card used at most as often as it is in the hand.
                let mut remaining = hand.cards().to_vec();
                used.retain(|c| {
                    remaining
                        .iter()
                        .position(|r| r == c)
                        .map(|i| remaining.remove(i))
                        .is_none()
                });
                assert!(used.is_empty(), "{expr} uses cards not in {hand}: {used:?}");
            }
        }
    }
}

#[test]
fn every_four_card_hand_from_0_to_13_for_24_and_10() {
    for target in [24, 10] {
        let mut solver = Solver::new(Rules::with_target(int(target)));
        for hand in all_hands(4, 0, 13) {
            assert_agrees(&mut solver, &hand);
        }
    }
}

#[test]
fn large_cards_are_exact() {
    // Products of these overflow 64 bits; the answer must still be exact and complete.
    let hand: Hand = "1000000007 999999937 1000000009 3".parse().unwrap();
    for target in ["1", "24", "0", "1000000009", "-999999937"] {
        assert_agrees(
            &mut Solver::new(Rules::with_target(target.parse().unwrap())),
            &hand,
        );
    }
    let hand: Hand = "4294967296 4294967296 4294967296 2".parse().unwrap();
    for target in ["2", "8589934592", "0", "1/2"] {
        assert_agrees(
            &mut Solver::new(Rules::with_target(target.parse().unwrap())),
            &hand,
        );
    }
}

fn card() -> impl Strategy<Value = Rational> {
    prop_oneof![
        8 => (1i64..=13).prop_map(Rational::from_integer),
        1 => (-5i64..=0).prop_map(Rational::from_integer),
        1 => (1i64..=9, 2i64..=5).prop_map(|(n, d)| Rational::new(n, d).unwrap()),
    ]
}

fn target() -> impl Strategy<Value = Rational> {
    prop_oneof![
        6 => (-10i64..=100).prop_map(Rational::from_integer),
        1 => (-30i64..=30, 1i64..=7).prop_map(|(n, d)| Rational::new(n, d).unwrap()),
    ]
}

fn rules() -> impl Strategy<Value = Rules> {
    let ops = prop::sample::select(vec![
        "+-*/", "+-*/", "+-*/", "+-*", "+*", "*/", "-/", "+-", "+/",
    ]);
    let domain = prop::sample::select(vec![
        Domain::Rational,
        Domain::Rational,
        Domain::Integer,
        Domain::PositiveInteger,
    ]);
    let card_use = prop::sample::select(vec![CardUse::All, CardUse::All, CardUse::Subset]);
    (target(), ops, domain, card_use).prop_map(|(target, ops, domain, card_use)| Rules {
        target,
        ops: ops.parse::<OpSet>().unwrap(),
        card_use,
        domain,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 250, ..ProptestConfig::default() })]

    #[test]
    fn five_card_hands_under_random_rules(cards in prop::collection::vec(card(), 5), rules in rules()) {
        let hand = Hand::new(cards).unwrap();
        assert_agrees(&mut Solver::new(rules), &hand);
    }

    #[test]
    fn one_to_four_cards_under_random_rules(cards in prop::collection::vec(card(), 1..=4), rules in rules()) {
        let hand = Hand::new(cards).unwrap();
        assert_agrees(&mut Solver::new(rules), &hand);
    }
}

proptest! {
    // Six cards can take the oracle up to a second; most take milliseconds.
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn six_card_hands_under_random_rules(cards in prop::collection::vec(card(), 6), rules in rules()) {
        let hand = Hand::new(cards).unwrap();
        assert_agrees(&mut Solver::new(rules), &hand);
    }
}
