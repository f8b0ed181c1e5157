//! Hands that trip other solvers, and the shown forms of classic hands.

use reckon_canonical::{Level, count_distinct, distinct_solutions};
use reckon_core::rules::CardUse;
use reckon_core::{Hand, Rational, Rules};

fn shown(cards: &str, target: i64, level: Level) -> Vec<String> {
    let hand: Hand = cards.parse().unwrap();
    distinct_solutions(&hand, &Rules::with_target(Rational::from_integer(target)), level)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn ones_make_ten() {
    assert_eq!(shown("1 1 1 10", 10, Level::FourNums), ["10*1*1*1"]);
}

#[test]
fn a_zero_and_a_one_are_one_solution() {
    assert_eq!(shown("0 1 2 12", 24, Level::FourNums).len(), 1);
}

#[test]
fn five_cards_with_ones() {
    let hand: Hand = "1 1 1 11 13".parse().unwrap();
    // 13+11 with three ones: `x*1*1*1`, `(x+1-1)*1`, ... are one solution.
    assert_eq!(count_distinct(&hand, &Rules::game24(), Level::FourNums), 1);
    assert!(count_distinct(&hand, &Rules::game24(), Level::Function) > 1);
}

#[test]
fn readable_forms() {
    assert_eq!(shown("3 3 8 8", 24, Level::FourNums), ["8/(3-8/3)"]);
    assert_eq!(shown("6 6 6 6", 24, Level::FourNums), ["6+6+6+6", "6*6-6-6"]);
    assert!(shown("1 1 5 5", 24, Level::FourNums).contains(&"(5+1)*(5-1)".to_owned()));
}

#[test]
fn levels_are_ever_coarser() {
    for cards in ["1 2 3 4", "2 4 8 10", "1 1 1 10", "3 3 8 8"] {
        let hand: Hand = cards.parse().unwrap();
        let counts: Vec<usize> = Level::ALL.iter().map(|&l| count_distinct(&hand, &Rules::game24(), l)).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{cards}: {counts:?}");
    }
}

#[test]
fn countdown_and_operator_subsets() {
    let hand: Hand = "25 50 75 100 3 6".parse().unwrap();
    let list = distinct_solutions(&hand, &Rules::countdown(Rational::from_integer(952)), Level::FourNums);
    assert!(!list.is_empty());
    for e in &list {
        assert_eq!(e.value().unwrap(), Rational::from_integer(952));
    }
    let rules = Rules { ops: "+-".parse().unwrap(), ..Rules::game24() };
    assert!(distinct_solutions(&"1 2 3 4".parse().unwrap(), &rules, Level::FourNums).is_empty());
    // ((6+6)+6)+6 and (6+6)+(6+6) are different trees.
    assert_eq!(shown("6 6 6 6", 24, Level::Syntax).len(), 4);
}

/// For the target 0 the zero rules hold as for any other: a card 0 left
/// alone is one more zero term (`0+0 = 0-0 = 0*0`, `7*0+0 = 7*0*0`), and
/// `3+0-3` is `3-3-0`.
#[test]
fn zeros_make_zero() {
    assert_eq!(shown("0 0", 0, Level::FourNums), ["0*0"]);
    assert_eq!(shown("0 0 7", 0, Level::FourNums), ["7*0*0"]);
    assert_eq!(shown("0 3 3", 0, Level::FourNums), ["3*3*0", "3+0-3"]);
    assert_eq!(shown("0 3 3", 0, Level::Function).len(), 8);
    // Where any cards may be used, a lone card 0 is a solution of its own,
    // keyed alike on stored forms and on trees.
    let any_cards = Rules { card_use: CardUse::Subset, ..Rules::with_target(Rational::ZERO) };
    let listed = |cards: &str| -> Vec<String> {
        distinct_solutions(&cards.parse().unwrap(), &any_cards, Level::FourNums)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(listed("0 0"), ["0", "0*0"]);
    assert_eq!(listed("0 0 3"), ["0", "0*0", "3*0", "3*0*0"]);
}

/// A product of a one factor and a part worth zero is a zero product, its
/// own solution: `1*(1+1-2)` is not `1*1+1-2` with its one taken out.
#[test]
fn a_one_times_zero_is_a_zero_product() {
    let listed = shown("1 1 1 2", 0, Level::FourNums);
    assert_eq!(listed.len(), 9, "{listed:?}");
    assert!(listed.contains(&"1*(1+1-2)".to_owned()) && listed.contains(&"1*1+1-2".to_owned()), "{listed:?}");
}
