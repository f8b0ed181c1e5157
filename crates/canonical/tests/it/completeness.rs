//! Every level against the brute-force oracle on pseudo-random hands:
//! complete (every raw solution is equivalent to a listed one), free of
//! duplicates, and every listed solution exact and using every card once.

use hashbrown::HashSet;
use reckon_canonical::{Distinct, DistinctSolver, Level, distinct_solutions, key};
use reckon_core::{Hand, Rational, Rules, oracle};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> i64 {
        i64::try_from(self.next() % n).unwrap()
    }
}

fn check(hand: &Hand, rules: &Rules) {
    let raw = oracle::solutions(hand, rules);
    for level in Level::ALL {
        let listed = distinct_solutions(hand, rules, level);
        let keys: HashSet<_> = listed.iter().map(|e| key(level, e)).collect();
        assert_eq!(keys.len(), listed.len(), "{hand} {level}: duplicates");
        for e in &listed {
            assert_eq!(e.value_big().unwrap(), rules.target.to_big(), "{hand}: {e}");
            assert_eq!(e.cards(), hand.cards(), "{hand}: {e} must use every card");
        }
        for e in &raw {
            assert!(keys.contains(&key(level, e)), "{hand} {level}: {e} not covered");
        }
    }
}

#[test]
fn random_four_card_hands() {
    let mut rng = Rng(0x5eed_2024);
    for _ in 0..60 {
        let cards: Vec<i64> = (0..4).map(|_| rng.below(14)).collect();
        let target = Rational::from_integer(rng.below(40) - 5);
        check(&Hand::from_integers(&cards).unwrap(), &Rules::with_target(target));
    }
}

#[test]
fn random_five_card_hands() {
    let mut rng = Rng(0x0dd5_eed5);
    for _ in 0..4 {
        let cards: Vec<i64> = (0..5).map(|_| rng.below(10) + 1).collect();
        let target = Rational::from_integer(rng.below(30));
        check(&Hand::from_integers(&cards).unwrap(), &Rules::with_target(target));
    }
}

#[test]
fn fractional_targets_and_negative_cards() {
    let rules = Rules::with_target("7/2".parse().unwrap());
    check(&"1 2 3 4".parse().unwrap(), &rules);
    check(&"-3 2 5 7".parse().unwrap(), &Rules::game24());
}

/// One solver shared by every hand of five cards 1..13 counts, hand by
/// hand, what deduplicating each hand's trees counts: nothing it keeps
/// between hands changes a count. (It once counted 89,730 in all, 80 too
/// many.)
#[test]
fn a_shared_solver_counts_every_five_card_hand_as_the_trees_do() {
    use itertools::Itertools;
    let rules = Rules::game24();
    let mut shared = DistinctSolver::new(rules, Level::FourNums);
    let mut total = 0;
    for cards in (1..=13).combinations_with_replacement(5) {
        let hand = Hand::from_integers(&cards).unwrap();
        let mut by_trees = Distinct::new(Level::FourNums);
        by_trees.extend(reckon_core::all_solutions(&hand, &rules));
        assert_eq!(shared.count(&hand), by_trees.len(), "{hand}");
        total += by_trees.len();
    }
    assert_eq!(total, 89_650);
}
