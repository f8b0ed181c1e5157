//! Cards and targets beyond 64 bits are counted as their small images are.
//!
//! Two maps carry every solution of a small hand to one of a large hand
//! and back, and keep what the levels compare (zeros, ones, equal
//! magnitudes, equal products): under `+` and `-`, multiplying every card
//! and the target by `2^64`; under `*` and `/`, raising positive cards and
//! the target to the 40th power (3^40 is beyond 64 bits). So each level
//! must count and list the two hands alike, with the large hand's cards
//! printed where the small hand's are.

use reckon_canonical::{Level, count_distinct, distinct_solutions};
use reckon_core::number::BigRational;
use reckon_core::rules::OpSet;
use reckon_core::{Hand, Rational, Rules};

fn mapped(hand: &Hand, target: Rational, map: impl Fn(BigRational) -> BigRational) -> (Hand, Rational) {
    let image = |r: Rational| Rational::from_big(&map(r.to_big()));
    (Hand::new(hand.cards().iter().map(|&c| image(c)).collect()).unwrap(), image(target))
}

fn counts_alike(ops: &str, hands: &[(&str, &str)], map: impl Fn(BigRational) -> BigRational) {
    for &(cards, target) in hands {
        let (hand, target): (Hand, Rational) = (cards.parse().unwrap(), target.parse().unwrap());
        let (large, large_target) = mapped(&hand, target, &map);
        assert!(large.cards().iter().any(|c| c.parts().is_none()), "{large} has a card beyond 64 bits");
        let ops: OpSet = ops.parse().unwrap();
        let rules = Rules { ops, ..Rules::with_target(target) };
        let large_rules = Rules { ops, ..Rules::with_target(large_target) };
        for level in Level::ALL {
            let small = count_distinct(&hand, &rules, level);
            assert_eq!(count_distinct(&large, &large_rules, level), small, "{hand} -> {target} at {level}");
            let listed = distinct_solutions(&large, &large_rules, level);
            assert_eq!(listed.len(), small, "{large} -> {large_target} at {level}");
            for e in &listed {
                assert_eq!(e.value_big().unwrap(), large_target.to_big(), "{e}");
                assert_eq!(e.cards(), large.cards(), "{e}");
            }
        }
    }
}

#[test]
fn sums_of_large_cards_count_as_their_small_images() {
    let scale = BigRational::from_integer(num_bigint::BigInt::from(1u128 << 64));
    let hands = [("1 2 3 4", "4"), ("2 2 4 8", "0"), ("-3 1 1 5", "2"), ("1/2 1/2 3 7", "10"), ("0 3 3 6", "6")];
    counts_alike("+-", &hands, |v| v * &scale);
}

#[test]
fn products_of_large_cards_count_as_their_small_images() {
    let hands = [("1 2 3 4", "6"), ("2 2 4 8", "8"), ("1 1 5 5", "1"), ("2 3 6 12", "12"), ("1/2 3 6 9", "9")];
    counts_alike("*/", &hands, |v| num_traits::pow(v, 40));
}
