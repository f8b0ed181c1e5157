use super::*;
use crate::budget::MemoryBudget;
use crate::expr::Expr;
use crate::hand::Hand;
use crate::oracle;
use crate::values::SLOTTED_IDS;
use std::collections::BTreeSet;

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

/// A key that forgets the operand order of `+` and `*`.
fn unordered(e: &Expr) -> String {
    match e {
        Expr::Num(r) => r.to_string(),
        Expr::Binary(step) => {
            let (mut a, mut b) = (unordered(&step.left), unordered(&step.right));
            if step.op.is_commutative() && a > b {
                std::mem::swap(&mut a, &mut b);
            }
            format!("({a}{}{b})", step.op)
        }
    }
}

fn keys(exprs: &[Expr]) -> BTreeSet<String> {
    exprs.iter().map(unordered).collect()
}

#[test]
fn agrees_with_the_oracle() {
    let cases = [
        ("3 3 8 8", Rules::game24()),
        ("1 2 3 4", Rules::game24()),
        ("0 0 0 0", Rules::with_target(Rational::ZERO)),
        ("0 1 2 12", Rules::game24()),
        ("1 1 1 10", Rules::with_target(Rational::from_integer(10))),
        ("2 2 2 2", Rules::with_target(Rational::from_integer(1))),
        ("1 5 5 5", Rules::game24()),
        ("3 7 25 50", Rules::countdown(Rational::from_integer(75))),
        ("1 2 4 6", Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(3)) }),
        ("2 3 4 -5", Rules { domain: crate::rules::Domain::Integer, ..Rules::with_target(Rational::from_integer(-7)) }),
        // Parts of more than four cards are asked for values, not listed.
        ("1 3 7 10 25 50", Rules::countdown(Rational::from_integer(765))),
        ("1 2 3 4 6", Rules::with_target(Rational::from_integer(97))),
        ("0 1 2 2 3", Rules { card_use: CardUse::Subset, ..Rules::with_target(Rational::ZERO) }),
        // A fraction card is no value of a whole-number domain, but a
        // part that is one card may be asked for it: `(2*1*1)*(3/2)*1`.
        (
            "3/2 2 1 1 1",
            Rules {
                ops: "*".parse().unwrap(),
                domain: Domain::Integer,
                ..Rules::with_target(Rational::from_integer(3))
            },
        ),
        (
            "3 4 2/3 3/2 2",
            Rules {
                ops: "+*".parse().unwrap(),
                domain: Domain::Integer,
                ..Rules::with_target(Rational::from_integer(10))
            },
        ),
        (
            "3/2 3/2 5 6 1",
            Rules {
                ops: "-*".parse().unwrap(),
                domain: Domain::PositiveInteger,
                ..Rules::with_target(Rational::from_integer(3))
            },
        ),
        ("-1 -2 4/3 3/2 7", Rules::countdown(Rational::from_integer(4))),
    ];
    for (cards, rules) in cases {
        let h = hand(cards);
        let ours = all_solutions(&h, &rules);
        let theirs = oracle::solutions(&h, &rules);
        assert_eq!(keys(&ours), keys(&theirs), "{cards} under {rules:?}");
        for e in &ours {
            assert_eq!(e.value_big().unwrap(), rules.target.to_big(), "{e:?}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 400, ..Default::default() })]

    /// Four cards take their own way to the target (see `four`): the
    /// same solutions as the oracle's, under every domain and operator
    /// set, with zeros, negative cards and fractions, and targets the
    /// domain does not allow.
    #[test]
    fn four_cards_agree_with_the_oracle(
        cards in proptest::collection::vec(proptest::sample::select(vec![-2, 0, 1, 2, 3, 4, 6, 9, 12]), 4),
        half in proptest::bool::ANY,
        target in -6i64..=30,
        ops in proptest::sample::select(vec!["+-*/", "+-*", "-*/", "+-/", "+*", "-/", "*/"]),
        domain in proptest::sample::select(vec![Domain::Rational, Domain::NonNegative, Domain::Integer, Domain::PositiveInteger]),
        card_use in proptest::sample::select(vec![CardUse::All, CardUse::All, CardUse::Subset]),
    ) {
        let mut cards: Vec<Rational> = cards.into_iter().map(Rational::from_integer).collect();
        if half {
            cards[0] = Rational::new(1, 2).unwrap();
        }
        let h = Hand::new(cards).unwrap();
        let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, card_use };
        proptest::prop_assert_eq!(keys(&all_solutions(&h, &rules)), keys(&oracle::solutions(&h, &rules)), "{} under {:?}", h, rules);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 60, ..Default::default() })]

    /// Five cards ask their parts of four for values: the same
    /// solutions as the oracle's, with fraction and negative cards
    /// that whole-number domains exempt, as they exempt every card.
    #[test]
    fn five_cards_agree_with_the_oracle(
        cards in proptest::collection::vec(proptest::sample::select(vec!["-1", "0", "1", "2", "3", "4", "6", "1/2", "3/2", "2/3"]), 5),
        target in -2i64..=12,
        ops in proptest::sample::select(vec!["+-*/", "+*", "-*", "*/", "*"]),
        domain in proptest::sample::select(vec![Domain::Rational, Domain::Integer, Domain::PositiveInteger]),
        card_use in proptest::sample::select(vec![CardUse::All, CardUse::All, CardUse::Subset]),
    ) {
        let h: Hand = cards.join(" ").parse().unwrap();
        let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, card_use };
        proptest::prop_assert_eq!(keys(&all_solutions(&h, &rules)), keys(&oracle::solutions(&h, &rules)), "{} under {:?}", h, rules);
    }
}

/// A card worth the target next to a zero: `0*v` makes the zero the
/// card leaves for every `v`, and the triple's values are made instead.
#[test]
fn four_cards_with_a_zero_beside_the_target() {
    for cards in ["0 3 5 24", "0 0 24 24", "0 2 2 24"] {
        let h = hand(cards);
        let rules = Rules::game24();
        assert_eq!(keys(&all_solutions(&h, &rules)), keys(&oracle::solutions(&h, &rules)), "{cards}");
    }
}

/// A partner of a card that does not fit sends a hand of four cards
/// to big numbers, where its solutions are found.
#[test]
fn four_cards_that_overflow_agree_with_the_oracle() {
    let a = 3_037_000_500_i64;
    let h = Hand::from_integers(&[a, a, a, 1]).unwrap();
    let rules = Rules { ops: "*-/".parse().unwrap(), ..Rules::with_target(Rational::from_integer(a * (a - 1))) };
    let ours = all_solutions(&h, &rules);
    assert!(!ours.is_empty());
    assert_eq!(keys(&ours), keys(&oracle::solutions(&h, &rules)));
}

#[test]
fn overflow_falls_back_to_big_numbers() {
    let (h, rules) = crate::test_hands::overflowing_product();
    let found: Vec<String> = all_solutions(&h, &rules).iter().map(ToString::to_string).collect();
    let a = h.cards()[0];
    assert_eq!(found, [format!("{a}*{a}-{a}")]);
}

/// A key that forgets how each chain of `+` and `-` (or `*` and `/`)
/// is grouped and in what order its parts come, but not which parts
/// are subtracted or divided: what tidying an expression forgets.
fn chains(e: &Expr) -> String {
    fn parts(e: &Expr, additive: bool, inverted: bool, kept: &mut Vec<String>, minus: &mut Vec<String>) {
        match e {
            Expr::Binary(step) if step.op.is_additive() == additive => {
                parts(&step.left, additive, inverted, kept, minus);
                parts(&step.right, additive, inverted ^ matches!(step.op, Op::Sub | Op::Div), kept, minus);
            }
            _ if inverted => minus.push(chains(e)),
            _ => kept.push(chains(e)),
        }
    }
    match e {
        Expr::Num(r) => r.to_string(),
        Expr::Binary(step) => {
            let additive = step.op.is_additive();
            let (mut kept, mut minus) = (Vec::new(), Vec::new());
            parts(e, additive, false, &mut kept, &mut minus);
            kept.sort();
            minus.sort();
            let (plus, inverse) = if additive { ('+', '-') } else { ('*', '/') };
            format!("({}{inverse}{})", kept.join(&plus.to_string()), minus.join(&inverse.to_string()))
        }
    }
}

fn solutions_of(trees: Trees, h: &Hand, rules: Rules) -> Vec<Expr> {
    let mut out = Vec::new();
    Enumerator::of_trees(rules, trees).for_each_solution(h, |e| out.push(e));
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 600, ..Default::default() })]

    /// Left-grouped trees are some of all trees, and every tree has one
    /// among them that groups and orders its chains alike, under every
    /// domain and operator set.
    #[test]
    fn every_tree_has_a_left_grouped_one_alike(
        cards in proptest::collection::vec(proptest::sample::select(vec![-2, 0, 1, 2, 3, 4, 6, 9, 12]), 2..=6),
        half in proptest::bool::ANY,
        target in -6i64..=30,
        ops in proptest::sample::select(vec!["+-*/", "+-*", "-*/", "+-/", "+*", "-/", "+-", "*/"]),
        domain in proptest::sample::select(vec![Domain::Rational, Domain::NonNegative, Domain::Integer, Domain::PositiveInteger]),
        card_use in proptest::sample::select(vec![CardUse::All, CardUse::Subset]),
    ) {
        let mut cards: Vec<Rational> = cards.into_iter().map(Rational::from_integer).collect();
        if half {
            cards[0] = Rational::new(1, 2).unwrap();
        }
        let h = Hand::new(cards).unwrap();
        let rules = Rules { target: Rational::from_integer(target), ops: ops.parse().unwrap(), domain, card_use };
        let all = solutions_of(Trees::All, &h, rules);
        let left = solutions_of(Trees::LeftGrouped, &h, rules);
        proptest::prop_assert!(keys(&left).is_subset(&keys(&all)), "{h} under {rules:?}");
        let grouped = |list: &[Expr]| list.iter().map(chains).collect::<BTreeSet<_>>();
        proptest::prop_assert_eq!(grouped(&left), grouped(&all), "{} under {:?}", h, rules);
    }
}

/// Left-grouped trees skip regroupings: `a-(b-c)` is made as `a+c-b`.
#[test]
fn left_grouped_trees_skip_regroupings() {
    let rules = Rules::with_target(Rational::from_integer(5));
    let shown = |trees| solutions_of(trees, &hand("2 4 7"), rules).iter().map(ToString::to_string).collect::<Vec<_>>();
    assert!(shown(Trees::All).contains(&"7-(4-2)".to_string()));
    assert!(!shown(Trees::LeftGrouped).contains(&"7-(4-2)".to_string()));
    assert!(shown(Trees::LeftGrouped).iter().any(|s| s == "2+7-4" || s == "7+2-4"));
}

/// Left-grouped trees put a chain's parts in one order: a sum of four
/// cards is made once, not once per order of its parts.
#[test]
fn left_grouped_trees_skip_reorderings() {
    let rules = Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(10)) };
    let shown = |trees| solutions_of(trees, &hand("1 2 3 4"), rules).len();
    assert_eq!(shown(Trees::All), 15, "every grouping of the sum, up to the order of the operands of +");
    assert_eq!(shown(Trees::LeftGrouped), 1);
    let rules = Rules { ops: "+-".parse().unwrap(), ..Rules::with_target(Rational::from_integer(4)) };
    let sums: Vec<String> =
        solutions_of(Trees::LeftGrouped, &hand("1 2 3 4"), rules).iter().map(ToString::to_string).collect();
    // 4+3-2-1 and 1+2+4-3 once each, kept parts before inverted ones.
    assert_eq!(sums.len(), 2, "{sums:?}");
    assert!(sums.iter().all(|s| !s.contains("-") || s.rfind('+') < s.find('-')), "{sums:?}");
}

#[test]
fn a_shared_enumerator_visits_what_a_fresh_one_does() {
    let rules = Rules::game24();
    let mut shared = Enumerator::new(rules);
    // Triples first met in a hand of four cards have no values until
    // a hand of five asks for them.
    let hands = ["1 2 3 4", "1 2 3 5", "2 3 4 4", "1 1 2 3", "1 2 3 4 5", "2 3 4 4 6", "3 3 8 8", "1 2 3 4"];
    for cards in hands {
        let h = hand(cards);
        let mut ours = Vec::new();
        shared.for_each_solution(&h, |e| ours.push(e));
        assert_eq!(keys(&ours), keys(&all_solutions(&h, &rules)), "{cards}");
        assert_eq!(ours.len(), all_solutions(&h, &rules).len(), "{cards}");
    }
}

/// Cards met after the first [`SLOTTED_IDS`] distinct ones have no slots:
/// their parts are found by key, and list as a fresh enumerator lists them.
#[test]
fn parts_without_slots_list_as_parts_with_them() {
    let rules = Rules::game24();
    let mut shared = Enumerator::new(rules);
    for first in (30..30 + i64::from(SLOTTED_IDS)).step_by(4) {
        let h = Hand::from_integers(&[first, first + 1, first + 2, first + 3]).unwrap();
        shared.for_each_solution(&h, |_| {});
    }
    for cards in ["1 2 3 4", "3 3 8 8", "1 5 5 5", "1 2 3 4 5", "2 3 4 4 6"] {
        let h = hand(cards);
        let mut ours = Vec::new();
        shared.for_each_solution(&h, |e| ours.push(e));
        assert_eq!(keys(&ours), keys(&all_solutions(&h, &rules)), "{cards}");
        assert_eq!(ours.len(), all_solutions(&h, &rules).len(), "{cards}");
    }
}

/// A triple shared by many hands is asked for many values, past the
/// length its list of them is scanned at: each hand still visits what
/// a fresh enumerator does.
#[test]
fn a_triple_asked_for_many_values_lists_each() {
    let rules = Rules::game24();
    let mut shared = Enumerator::new(rules);
    for x in (1..=150).rev() {
        let h = Hand::from_integers(&[2, 3, 7, x]).unwrap();
        let mut ours = Vec::new();
        shared.for_each_solution(&h, |e| ours.push(e));
        assert_eq!(keys(&ours), keys(&all_solutions(&h, &rules)), "{h}");
    }
}

/// A budget whose share for a hand's nodes and raw solutions (see
/// `strategy::most_bytes_listed`) is `bytes`.
fn listing_within(bytes: usize) -> MemoryBudget {
    MemoryBudget::from_bytes(2 * bytes)
}

/// A hand whose nodes or raw solutions would take more than the memory
/// budget is refused before anything is visited and before the nodes
/// pass it, whichever part finds it out; within the budget the same
/// solutions are visited as without one.
#[test]
fn a_hand_past_the_memory_budget_is_refused_before_visiting() {
    let rules = Rules::game24();
    let big = hand("1 2 3 4 5 6");
    let all = all_solutions(&big, &rules);
    let mut outcomes = Vec::new();
    for shift in 6..=26 {
        let budget = 1 << shift;
        let mut tight = Enumerator::new(rules).with_memory_budget(listing_within(budget));
        let mut visited = Vec::new();
        match tight.try_visit_solutions(&big, |s, nodes| visited.push(s.to_expr(nodes))) {
            Ok(()) => {
                assert_eq!(keys(&visited), keys(&all), "within {budget} bytes");
                assert_eq!(visited.len(), all.len(), "within {budget} bytes");
                outcomes.push(true);
            }
            Err(refused) => {
                assert!(visited.is_empty(), "refused within {budget} bytes, yet visited");
                // Beside the cards' own nodes, one per card.
                let made = tight.nodes().len().saturating_sub(big.len());
                assert!(made * NODE_BYTES <= budget, "nodes past {budget} bytes");
                assert_eq!(
                    refused.to_string(),
                    format!(
                        "listing every solution of these 6 cards would take more than the {} of memory allowed; try \
                         fewer cards, or more memory",
                        listing_within(budget)
                    )
                );
                // The memo is left sound: given room, it lists the
                // hand, and another, as a fresh one does.
                let mut roomy = tight.with_memory_budget(MemoryBudget::DEFAULT);
                for h in [&big, &hand("3 3 8 8")] {
                    let mut listed = Vec::new();
                    roomy.for_each_solution(h, |e| listed.push(e));
                    assert_eq!(keys(&listed), keys(&all_solutions(h, &rules)), "{h} after a refusal");
                }
                outcomes.push(false);
            }
        }
    }
    // Refused under the smallest budgets, listed under the largest, and
    // never refused under a larger budget than one that lists.
    assert_eq!(outcomes.first(), Some(&false));
    assert_eq!(outcomes.last(), Some(&true));
    assert!(outcomes.windows(2).all(|w| w[0] <= w[1]), "{outcomes:?}");
}

/// The values made for a part are held to the budget too: a hand whose
/// parts' values would not fit is refused, though it has no solution and
/// its nodes are few, and the memo then lists it given room.
#[test]
fn a_part_whose_values_would_not_fit_is_refused() {
    let rules = Rules::with_target(Rational::new(1, 1_000_003).unwrap());
    let h = hand("2 3 5 7 11");
    let mut tight = Enumerator::new(rules).with_memory_budget(listing_within(16 * 1024));
    let refused = tight.try_visit_solutions(&h, |_, _| panic!("no solution to visit"));
    assert!(refused.is_err(), "the parts' values take more than 16 KB");
    assert!(tight.nodes().len() * NODE_BYTES <= 16 * 1024);
    let mut roomy = tight.with_memory_budget(MemoryBudget::DEFAULT);
    assert!(roomy.try_visit_solutions(&h, |_, _| panic!("no solution to visit")).is_ok());
}

/// A budget that holds the nodes but not the raw solutions beside them
/// refuses the hand: the solutions are counted, with the nodes, before
/// any is visited.
#[test]
fn a_hand_whose_raw_solutions_would_not_fit_is_refused() {
    let rules = Rules::game24();
    let h = hand("1 2 3 4 5 6");
    let mut enumerator = Enumerator::new(rules);
    let mut count = 0;
    enumerator.visit_solutions(&h, |_, _| count += 1);
    let nodes = enumerator.nodes().len() * NODE_BYTES;
    let mut tight = Enumerator::new(rules).with_memory_budget(listing_within(nodes + std::mem::size_of::<Solution>()));
    let mut visited = 0;
    assert!(tight.try_visit_solutions(&h, |_, _| visited += 1).is_err());
    assert_eq!(visited, 0);
    assert!(tight.nodes().len() * NODE_BYTES <= nodes);
    let solutions = count * std::mem::size_of::<Solution>();
    let mut roomy = Enumerator::new(rules).with_memory_budget(listing_within(nodes + solutions));
    let mut visited = 0;
    assert!(roomy.try_visit_solutions(&h, |_, _| visited += 1).is_ok());
    assert_eq!(visited, count);
}

/// A hand that overflows 64 bits and goes on in big numbers is refused
/// there too, not taken for an overflow again.
#[test]
fn a_refusal_in_big_numbers_is_no_overflow() {
    let (h, rules) = crate::test_hands::overflowing_product();
    let mut tight = Enumerator::new(rules).with_memory_budget(listing_within(8));
    assert!(tight.try_visit_solutions(&h, |_, _| {}).is_err());
    let mut roomy = Enumerator::new(rules);
    let mut found = 0;
    assert!(roomy.try_visit_solutions(&h, |_, _| found += 1).is_ok());
    assert_eq!(found, 1);
}
