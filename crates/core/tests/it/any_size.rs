//! Cards and targets beyond 64 bits: every engine answers as the oracle,
//! which computes in big rationals throughout.

use reckon_core::engine::all_solutions;
use reckon_core::rules::{CardUse, Domain};
use reckon_core::{Hand, Rational, Reach, Rules, Solver, oracle};

/// Some values beyond 64 bits, and small ones they can meet.
const VALUES: [&str; 9] = [
    "18446744073709551616",
    "-18446744073709551616",
    "18446744073709551617",
    "1/18446744073709551616",
    "340282366920938463463374607431768211456",
    "1",
    "2",
    "0",
    "9223372036854775807",
];

/// A small deterministic generator (xorshift64*), so failures reproduce.
fn next(state: &mut u64) -> usize {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize
}

#[test]
fn engines_agree_with_the_oracle_beyond_64_bits() {
    let values: Vec<Rational> = VALUES.iter().map(|v| v.parse().unwrap()).collect();
    let mut state = 0x0b16_b00b;
    for round in 0..120 {
        let cards: Vec<Rational> = (0..3 + round % 2).map(|_| values[next(&mut state) % values.len()]).collect();
        let hand = Hand::new(cards).unwrap();
        // A target the hand often makes: the value of two of its cards
        // combined, or of a random value.
        let (a, b) = (hand.cards()[0].to_big(), hand.cards()[1].to_big());
        let target = match next(&mut state) % 4 {
            0 => Rational::from_big(&(&a * &b)),
            1 => Rational::from_big(&(&a + &b)),
            2 => Rational::from_big(&(&a - &b)),
            _ => values[next(&mut state) % values.len()],
        };
        let domain = [Domain::Rational, Domain::Integer, Domain::PositiveInteger][next(&mut state) % 3];
        let card_use = [CardUse::All, CardUse::Subset][next(&mut state) % 2];
        let rules = Rules { domain, card_use, ..Rules::with_target(target) };
        let truth = oracle::decide(&hand, &rules);
        let found = Solver::new(rules).solve(&hand);
        assert_eq!(found.is_some(), truth, "{hand} -> {target} under {rules:?}: {found:?}");
        if let Some(e) = found {
            assert_eq!(e.value_big().unwrap(), target.to_big(), "{e}");
        }
        assert_eq!(Reach::new(rules).decide(&hand), truth, "{hand} -> {target} under {rules:?}");
        let listed = all_solutions(&hand, &rules);
        assert_eq!(!listed.is_empty(), truth, "{hand} -> {target} under {rules:?}: listed {listed:?}");
        for e in listed {
            assert_eq!(e.value_big().unwrap(), target.to_big(), "{e}");
        }
    }
}

#[test]
fn large_numbers_read_print_and_compare_exactly() {
    let r = |s: &str| s.parse::<Rational>().unwrap();
    let big = r("18446744073709551616");
    assert_eq!(big.to_string(), "18446744073709551616");
    assert_eq!(r("36893488147419103232/2"), big);
    assert_eq!(r("-18446744073709551616.5").to_string(), "-36893488147419103233/2");
    assert!(r("9223372036854775807") < big && big < r("18446744073709551617"));
    assert!(r("-18446744073709551616") < r("-9223372036854775807"));
    assert!(big.is_integer() && big.is_positive() && !big.is_zero());
    assert!(!r("1/18446744073709551616").is_integer());
    assert_eq!(big.parts(), None);
    assert_eq!(big.to_i64(), None);
    // Past the 64 bits, arithmetic says so and big rationals go on.
    assert_eq!(big.checked_add(Rational::ONE), None);
    assert_eq!(Rational::from_big(&(big.to_big() - big.to_big())), Rational::ZERO);
    let hand: Hand = "18446744073709551616 1 18446744073709551616".parse().unwrap();
    assert_eq!(hand.to_string(), "1 18446744073709551616 18446744073709551616");
    let long = "9".repeat(reckon_core::number::MOST_DIGITS + 1);
    assert!(long.parse::<Rational>().is_err());
    assert!(Rational::parse_fitting("18446744073709551616").is_err());
}
