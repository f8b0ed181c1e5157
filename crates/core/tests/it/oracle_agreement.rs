//! The search and the brute-force oracle agree, hand by hand.

use proptest::prelude::*;
use reckon_core::rules::{CardUse, Domain, OpSet};
use reckon_core::{Hand, Rational, Reach, Rules, Solver, oracle};

use crate::{all_hands, int};

/// The search, the value-set fast path and the oracle give the same answer,
/// and a solution found is exact and uses the cards as the rules say.
fn assert_agrees(solver: &mut Solver, reach: &mut Reach, hand: &Hand) {
    let rules = *solver.rules();
    let found = solver.solve(hand);
    let truth = oracle::decide(hand, &rules);
    assert_eq!(found.is_some(), truth, "{hand} under {rules:?}: search found {found:?}");
    assert_eq!(reach.decide(hand), truth, "{hand} under {rules:?}: value sets disagree");
    if let Some(expr) = found {
        assert_eq!(expr.value_big().unwrap(), rules.target.to_big(), "{expr} for {hand}");
        let mut used = expr.cards();
        match rules.card_use {
            CardUse::All => assert_eq!(used, hand.cards(), "{expr} must use every card of {hand}"),
            CardUse::Subset => {
                // Each card used at most as often as it is in the hand.
                let mut remaining = hand.cards().to_vec();
                used.retain(|c| remaining.iter().position(|r| r == c).map(|i| remaining.remove(i)).is_none());
                assert!(used.is_empty(), "{expr} uses cards not in {hand}: {used:?}");
            }
        }
    }
}

fn agrees(hand: &Hand, rules: Rules) {
    assert_agrees(&mut Solver::new(rules), &mut Reach::new(rules), hand);
}

/// A window of targets far from zero is answered from the value set, not
/// from a bit set as long as its top (which would need 2^49 bits here).
#[test]
fn reachable_whole_numbers_far_out() {
    let far = 1_i64 << 48;
    for cards in ["1 2", "1 2 281474976710656"] {
        let hand: Hand = cards.parse().unwrap();
        let rules = Rules::countdown(int(1));
        let expected: Vec<i64> = oracle::reachable_integers(&hand, &rules, far - 3, far + 3).into_iter().collect();
        assert_eq!(Reach::new(rules).integers_in(&hand, far - 3, far + 3).unwrap(), expected, "{cards}");
    }
}

#[test]
fn reachable_whole_numbers_agree() {
    for cards in ["4 4 4 4", "1 3 7 10 25 50", "2 2 5 9", "0 -3 7/2 6"] {
        let hand: Hand = cards.parse().unwrap();
        for rules in [Rules::game24(), Rules::countdown(int(1))] {
            let expected: Vec<i64> = oracle::reachable_integers(&hand, &rules, -50, 1000).into_iter().collect();
            assert_eq!(Reach::new(rules).integers_in(&hand, -50, 1000).unwrap(), expected, "{cards} under {rules:?}");
        }
    }
}

#[test]
fn every_four_card_hand_from_0_to_13_for_24_and_10() {
    for target in [24, 10] {
        let rules = Rules::with_target(int(target));
        let (mut solver, mut reach) = (Solver::new(rules), Reach::new(rules));
        for hand in all_hands(4, 0, 13) {
            assert_agrees(&mut solver, &mut reach, &hand);
        }
    }
}

/// Zeros, negatives and fractions among the cards and the target, under
/// operator sets and domains where zero products and quotients matter.
#[test]
fn four_card_hands_with_zeros_and_fractions() {
    let values: Vec<Rational> = ["-1", "0", "1", "2", "3", "1/2"].iter().map(|v| v.parse().unwrap()).collect();
    let hands: Vec<Hand> = itertools::Itertools::combinations_with_replacement(values.into_iter(), 4)
        .map(|cards| Hand::new(cards).unwrap())
        .collect();
    for target in ["0", "1/2", "6"] {
        for ops in ["+-*/", "*/", "-/", "+*"] {
            for domain in [Domain::Rational, Domain::NonNegative, Domain::Integer, Domain::PositiveInteger] {
                for card_use in [CardUse::All, CardUse::Subset] {
                    let rules = Rules { target: target.parse().unwrap(), ops: ops.parse().unwrap(), card_use, domain };
                    let mut reach = Reach::new(rules);
                    for hand in &hands {
                        assert_eq!(reach.decide(hand), oracle::decide(hand, &rules), "{hand} under {rules:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn large_cards_are_exact() {
    // Products of these overflow 64 bits; the answer must still be exact and complete.
    let hand: Hand = "1000000007 999999937 1000000009 3".parse().unwrap();
    for target in ["1", "24", "0", "1000000009", "-999999937"] {
        agrees(&hand, Rules::with_target(target.parse().unwrap()));
    }
    let hand: Hand = "4294967296 4294967296 4294967296 2".parse().unwrap();
    for target in ["2", "8589934592", "0", "1/2"] {
        agrees(&hand, Rules::with_target(target.parse().unwrap()));
    }
}

/// The only way to 2 is `(b+c+d)/a`, whose sum overflows 64 bits while every
/// pair of cards fits (without `*`): the partner `2*a` of the card `a`
/// overflows too, and must send the hand to big numbers, not be left out.
#[test]
fn a_card_partner_that_overflows_is_not_left_out() {
    let cards = "5072854620270126693 3412647653636267048 3412647653636267048 3320413933267719290";
    for hand in [cards.to_owned(), format!("{cards} 1")] {
        let hand: Hand = hand.parse().unwrap();
        for ops in ["+-/", "+/", "+-*/"] {
            let rules = Rules { ops: ops.parse().unwrap(), ..Rules::with_target(int(2)) };
            assert!(oracle::decide(&hand, &rules), "{hand} under {ops}");
            assert!(Reach::new(rules).decide(&hand), "{hand} under {ops}: value sets missed it");
            agrees(&hand, rules);
        }
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
    let ops = prop::sample::select(vec!["+-*/", "+-*/", "+-*/", "+-*", "+*", "*/", "-/", "+-", "+/"]);
    let domain = prop::sample::select(vec![
        Domain::Rational,
        Domain::Rational,
        Domain::NonNegative,
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
        agrees(&hand, rules);
    }

    #[test]
    fn one_to_four_cards_under_random_rules(cards in prop::collection::vec(card(), 1..=4), rules in rules()) {
        let hand = Hand::new(cards).unwrap();
        agrees(&hand, rules);
    }
}

proptest! {
    // Six cards can take the oracle up to a second; most take milliseconds.
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn six_card_hands_under_random_rules(cards in prop::collection::vec(card(), 6), rules in rules()) {
        let hand = Hand::new(cards).unwrap();
        agrees(&hand, rules);
    }
}

/// Memos on two threads sharing their value sets answer as a private memo
/// does, whichever thread made a set first, under different domains at once.
#[test]
fn memos_sharing_sets_between_threads_agree() {
    let shared = std::sync::Arc::new(reckon_core::engine::SharedSets::default());
    let hands: Vec<Hand> = all_hands(4, 1, 9).collect();
    let rule_sets = [Rules::game24(), Rules { domain: Domain::Integer, ..Rules::game24() }, Rules::countdown(int(24))];
    std::thread::scope(|scope| {
        for part in 0..2 {
            let (shared, hands) = (&shared, &hands);
            scope.spawn(move || {
                for rules in rule_sets {
                    let (mut sharing, mut private) = (Reach::new(rules).sharing(shared), Reach::new(rules));
                    // The threads walk the hands in opposite orders.
                    let walk: Vec<&Hand> =
                        if part == 0 { hands.iter().collect() } else { hands.iter().rev().collect() };
                    for hand in walk {
                        assert_eq!(sharing.decide(hand), private.decide(hand), "{hand} under {rules:?}");
                        assert_eq!(
                            sharing.integers_in(hand, 1, 200).unwrap(),
                            private.integers_in(hand, 1, 200).unwrap(),
                            "{hand}"
                        );
                    }
                }
            });
        }
    });
    assert!(!shared.is_empty());
}
