//! Every level against the brute-force oracle on pseudo-random hands:
//! complete (every raw solution is equivalent to a listed one), free of
//! duplicates, and every listed solution exact and using every card once.

use hashbrown::HashSet;
use reckon_canonical::{Distinct, DistinctSolver, Level, distinct_solutions, key};
use reckon_core::rules::Domain;
use reckon_core::{Expr, Hand, Rational, Rules, oracle};

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

/// What deduplicating every tree of `hand` at the `4nums` level keeps:
/// what a solver must list and count.
fn by_every_tree(hand: &Hand, rules: &Rules) -> Distinct {
    let mut by_trees = Distinct::for_hand(Level::FourNums, rules, hand);
    by_trees.extend(reckon_core::engine::all_solutions(hand, rules));
    by_trees
}

fn texts(list: Vec<Expr>) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
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

/// One solver shared by every hand of five cards 1..13, counting them a
/// run at a time, counts what deduplicating each hand's trees counts:
/// nothing it keeps between hands changes a count. (It once counted
/// 89,730 in all, 80 too many.)
#[test]
fn a_shared_solver_counts_every_five_card_hand_as_the_trees_do() {
    use itertools::Itertools;
    let rules = Rules::game24();
    let hands: Vec<Hand> =
        (1..=13).combinations_with_replacement(5).map(|cards| Hand::from_integers(&cards).unwrap()).collect();
    let mut total = 0;
    DistinctSolver::new(rules, Level::FourNums).count_each(&hands, |hand, count| {
        let classes = by_every_tree(hand, &rules).len();
        assert_eq!(count, classes, "{hand}");
        total += classes;
    });
    assert_eq!(total, 89_650);
}

/// The same for every hand of four cards 1..13 and the targets 0 to 30:
/// the shared solver finds most hands' `4nums` keys on its stored forms
/// (a one factor or a cancelled pair taken out there), the trees strip
/// every form as a tree.
#[test]
fn a_shared_solver_counts_every_four_card_hand_as_the_trees_do_for_many_targets() {
    use itertools::Itertools;
    for target in 0..=30 {
        let rules = Rules::with_target(Rational::from_integer(target));
        let hands: Vec<Hand> =
            (1..=13).combinations_with_replacement(4).map(|cards| Hand::from_integers(&cards).unwrap()).collect();
        DistinctSolver::new(rules, Level::FourNums).count_each(&hands, |hand, count| {
            assert_eq!(count, by_every_tree(hand, &rules).len(), "{hand} -> {target}");
        });
    }
}

/// The same under the domains that hold fewer values: a tree left out for
/// a twin that passes through other values (the twin of `10-2*(7-3)` is
/// `10+2*(3-7)`) must be left out only where the domain holds the twin.
#[test]
fn a_shared_solver_counts_four_card_hands_under_every_domain_as_the_trees_do() {
    use itertools::Itertools;
    for domain in [Domain::NonNegative, Domain::Integer, Domain::PositiveInteger] {
        for target in 0..=20 {
            let rules = Rules { target: Rational::from_integer(target), domain, ..Rules::game24() };
            let mut shared = DistinctSolver::new(rules, Level::FourNums);
            for cards in (1..=8).combinations_with_replacement(4) {
                let hand = Hand::from_integers(&cards).unwrap();
                assert_eq!(shared.count(&hand), by_every_tree(&hand, &rules).len(), "{hand} -> {target} in {domain:?}");
            }
        }
    }
}

/// The same with zeros and negative cards, where a part worth zero times
/// a one factor or inside a cancelled pair is a zero product (`2-1*(-1+1)`,
/// `1+2*(-1+1)/2`), listed as the trees list it: the same solutions shown.
#[test]
fn a_shared_solver_lists_hands_with_zeros_and_negatives_as_the_trees_do() {
    use itertools::Itertools;
    for (size, values) in [(4, -2..=3), (5, -1..=2)] {
        for target in (-2..=6).chain([24]) {
            let rules = Rules::with_target(Rational::from_integer(target));
            let hands: Vec<Hand> = values
                .clone()
                .combinations_with_replacement(size)
                .map(|cards| Hand::from_integers(&cards).unwrap())
                .collect();
            DistinctSolver::new(rules, Level::FourNums).solve_each(&hands, |hand, solutions| {
                let listed = texts(by_every_tree(hand, &rules).into_sorted());
                assert_eq!(texts(solutions), listed, "{hand} -> {target}");
            });
        }
    }
}

/// Hands of five small cards, half of them with a 1, listed as the trees list
/// them: a `4nums` solver makes no tree that divides by a part worth one
/// (where a product keeps another factor), and the product it makes
/// instead must be in the same class and the one shown.
#[test]
fn a_shared_solver_lists_five_card_hands_with_ones_as_the_trees_do() {
    use itertools::Itertools;
    for target in [24, 10, 1] {
        let rules = Rules::with_target(Rational::from_integer(target));
        let mut shared = DistinctSolver::new(rules, Level::FourNums);
        for cards in (1..=6).combinations_with_replacement(5) {
            let hand = Hand::from_integers(&cards).unwrap();
            let listed = texts(by_every_tree(&hand, &rules).into_sorted());
            assert_eq!(texts(shared.solve(&hand)), listed, "{hand} -> {target}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

    /// Under every domain and operator set, with fractions, zeros and
    /// negative cards, a `4nums` solver (which leaves out trees with a
    /// better twin) lists and counts what deduplicating every tree does.
    #[test]
    fn a_solver_lists_what_every_tree_lists_under_any_rules(
        cards in proptest::collection::vec(proptest::sample::select(vec![-2, 0, 1, 1, 2, 3, 4, 5, 6, 12]), 2..=5),
        half in proptest::bool::ANY,
        target in -3i64..=30,
        ops in proptest::sample::select(vec!["+-*/", "+-*", "-*/", "+*/", "+-/", "+*", "*/"]),
        domain in proptest::sample::select(vec![Domain::Rational, Domain::NonNegative, Domain::Integer, Domain::PositiveInteger]),
    ) {
        let mut cards: Vec<Rational> = cards.into_iter().map(Rational::from_integer).collect();
        if half {
            cards[0] = Rational::new(1, 2).unwrap();
        }
        let hand = Hand::new(cards).unwrap();
        let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, ..Rules::game24() };
        let expected = texts(by_every_tree(&hand, &rules).into_sorted());
        let mut solver = DistinctSolver::new(rules, Level::FourNums);
        proptest::prop_assert_eq!(solver.count(&hand), expected.len(), "{} under {:?}", hand, rules);
        proptest::prop_assert_eq!(texts(solver.solve(&hand)), expected, "{} under {:?}", hand, rules);
    }
}

/// Hands in any order, listed a run at a time: what a shared solver keeps between hands (the
/// forms it stored, whose ids decide how each new one is ordered and
/// oriented) must never change what a hand lists. Hands of small cards,
/// zeros and negatives among them, where forms worth zero and sign-free
/// parts abound, are listed in shuffled orders against a fresh solver
/// for each.
#[test]
fn a_shared_solver_lists_shuffled_hands_as_a_fresh_one_does() {
    use itertools::Itertools;
    let mut hands: Vec<Hand> =
        (-1..=2).combinations_with_replacement(5).map(|c| Hand::from_integers(&c).unwrap()).collect();
    hands.extend((-2..=3).combinations_with_replacement(4).map(|c| Hand::from_integers(&c).unwrap()));
    for target in [0, 1, 2, 24] {
        let rules = Rules::with_target(Rational::from_integer(target));
        let alone: Vec<Vec<String>> =
            hands.iter().map(|hand| texts(DistinctSolver::new(rules, Level::FourNums).solve(hand))).collect();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ target as u64);
        for _ in 0..3 {
            let mut order: Vec<usize> = (0..hands.len()).collect();
            // Fisher-Yates.
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let shuffled: Vec<Hand> = order.iter().map(|&at| hands[at].clone()).collect();
            let mut listed = Vec::new();
            DistinctSolver::new(rules, Level::FourNums)
                .solve_each(&shuffled, |_, solutions| listed.push(texts(solutions)));
            for (&at, listed) in order.iter().zip(listed) {
                assert_eq!(listed, alone[at], "{} -> {target}", hands[at]);
            }
        }
    }
}

/// A rational function evaluated at a point of the field of `2^61-1`.
mod field {
    use reckon_core::Expr;
    use reckon_core::rules::Op;

    pub const P: u128 = (1 << 61) - 1;

    fn pow(mut base: u128, mut exp: u128) -> u128 {
        let mut acc = 1;
        while exp > 0 {
            if exp & 1 == 1 {
                acc = acc * base % P;
            }
            base = base * base % P;
            exp >>= 1;
        }
        acc
    }

    /// `e` with its leaves, left to right, replaced by `point`.
    pub fn eval(e: &Expr, point: &mut impl Iterator<Item = u128>) -> u128 {
        match e {
            Expr::Num(_) => point.next().expect("a coordinate per leaf"),
            Expr::Binary(step) => {
                let (a, b) = (eval(&step.left, point), eval(&step.right, point));
                match step.op {
                    Op::Add => (a + b) % P,
                    Op::Sub => (a + P - b) % P,
                    Op::Mul => a * b % P,
                    Op::Div => a * pow(b, P - 2) % P,
                }
            }
        }
    }
}

/// The `function` class of a solution told apart by evaluation alone:
/// every card a variable, evaluated at two fixed random points, under
/// every way of giving the solution's equal cards each other's variables;
/// the least of these is the same for two solutions exactly when one is
/// the other with equal cards interchanged.
fn function_print(e: &Expr, hand: &Hand) -> [u128; 2] {
    use itertools::Itertools;
    let mut rng = Rng(0x0f1e_1d5e);
    let mut coordinate = || u128::from(rng.next()) % field::P;
    let points: Vec<[u128; 2]> = hand.cards().iter().map(|_| [coordinate(), coordinate()]).collect();
    let leaves = {
        fn leaves(e: &Expr, out: &mut Vec<Rational>) {
            match e {
                Expr::Num(card) => out.push(*card),
                Expr::Binary(step) => {
                    leaves(&step.left, out);
                    leaves(&step.right, out);
                }
            }
        }
        let mut out = Vec::new();
        leaves(e, &mut out);
        out
    };
    // Every assignment of the hand's cards to the leaves that match values.
    let cards = hand.cards();
    (0..cards.len())
        .permutations(cards.len())
        .filter(|order| order.iter().zip(&leaves).all(|(&at, leaf)| cards[at] == *leaf))
        .map(|order| {
            let at = |k: usize| field::eval(e, &mut order.iter().map(|&i| points[i][k]));
            [at(0), at(1)]
        })
        .min()
        .expect("the leaves are the hand's cards")
}

/// The `function` level is "the same rational function of the cards,
/// equal cards interchangeable" (`docs/distinct.md`): with equal
/// cards, interchanging them may negate a part (`1-1`), and
/// `10+2*(1-1)` is `10-2*(1-1)`.
#[test]
fn function_classes_are_rational_functions_up_to_equal_cards() {
    let cases = [
        ("1 1 2 10", 10),
        ("2 2 3 4 6", 24),
        ("1 4 5 5 6", 24),
        ("3 3 8 8", 24),
        ("1 1 4 8 9", 16),
        ("2 2 2 3", 24),
        ("1 1 1 1 6", 6),
    ];
    // And random hands of few values, so that most have equal cards.
    let mut rng = Rng(0x5157_e9a1);
    let random = (0..40).map(|_| {
        let cards: Vec<i64> = (0..4).map(|_| rng.below(6)).collect();
        (Hand::from_integers(&cards).unwrap(), rng.below(13))
    });
    let listed_cases = cases.into_iter().map(|(cards, target)| (cards.parse::<Hand>().unwrap(), target));
    for (hand, target) in listed_cases.chain(random) {
        let rules = Rules::with_target(Rational::from_integer(target));
        let prints: HashSet<_> = oracle::solutions(&hand, &rules).iter().map(|e| function_print(e, &hand)).collect();
        let listed = distinct_solutions(&hand, &rules, Level::Function);
        let listed_prints: HashSet<_> = listed.iter().map(|e| function_print(e, &hand)).collect();
        assert_eq!(listed_prints.len(), listed.len(), "{hand}: two listed solutions are one function");
        assert_eq!(listed.len(), prints.len(), "{hand} → {target}");
    }
}
