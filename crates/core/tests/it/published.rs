//! Facts published by others about the 24 game.

use reckon_core::{Rules, Solver};

use crate::{all_hands, int};

fn solvable(n: usize, lo: i64, hi: i64, target: i64) -> usize {
    let mut solver = Solver::new(Rules::with_target(int(target)));
    all_hands(n, lo, hi).filter(|hand| solver.decide(hand)).count()
}

#[test]
fn solvable_hands_for_24_and_10() {
    assert_eq!(all_hands(4, 1, 13).count(), 1820);
    assert_eq!(solvable(4, 1, 13, 24), 1362);
    assert_eq!(solvable(4, 1, 10, 24), 566);
    assert_eq!(solvable(4, 1, 13, 10), 1540);
    assert_eq!(solvable(4, 0, 13, 24), 1525);
    assert_eq!(solvable(4, 0, 13, 10), 1851);
}

#[test]
fn hands_that_need_fractions() {
    let mut solver = Solver::new(Rules::game24());
    let mut whole = Solver::new(Rules { domain: reckon_core::rules::Domain::Integer, ..Rules::game24() });
    for cards in ["3 3 8 8", "1 5 5 5", "3 3 7 7", "1 3 4 6", "4 4 7 7"] {
        let hand = cards.parse().unwrap();
        let expr = solver.solve(&hand).unwrap_or_else(|| panic!("{cards} makes 24"));
        assert_eq!(expr.value().unwrap(), int(24));
        assert!(!whole.decide(&hand), "{cards} needs a fraction on the way");
    }
}
