use super::*;
use reckon_core::budget::MemoryBudget;

/// Countdown players write the shortest solutions first: the listing
/// puts the fewest numbers used first, each group simplest first.
#[test]
fn countdown_listings_put_the_fewest_cards_first() {
    let rules = Rules::countdown(Rational::from_integer(765));
    let hand: Hand = "1 3 7 10 25 50".parse().unwrap();
    let listed = DistinctSolver::new(rules, Level::FourNums).solve(&hand);
    let used: Vec<usize> = listed.iter().map(|solution| solution.cards().len()).collect();
    assert!(used.is_sorted(), "{used:?}");
    assert_eq!(listed[0].to_string(), "(50+1)*(25-10)");
    // Every card used under the 24 game's rules: the order is the
    // simplest first alone.
    let mut plain = DistinctSolver::new(Rules::game24(), Level::FourNums);
    assert_eq!(plain.solve(&"2 4 8 10".parse().unwrap())[0].to_string(), "10+8+4+2");
}

/// A hand past the enumerator's memory budget is refused in its place,
/// at every level and whether listed or counted, and the hands around
/// it get what a fresh solver gives them.
#[test]
fn a_refused_hand_takes_its_place_and_the_batch_goes_on() {
    let rules = Rules::game24();
    let hands: Vec<Hand> = ["3 3 8 8", "1 2 3 4 5 6", "2 4 8 10"].iter().map(|h| h.parse().unwrap()).collect();
    for level in Level::ALL {
        let tight = || {
            let mut solver = DistinctSolver::new(rules, level);
            solver.enumerator =
                Enumerator::of_trees(rules, solver.trees).with_memory_budget(MemoryBudget::from_bytes(1 << 17));
            solver
        };
        let mut counted = Vec::new();
        tight().try_count_each(&hands, |_, count| counted.push(count));
        let mut listed = Vec::new();
        tight().try_solve_each(&hands, |_, solutions| listed.push(solutions.map(|s| s.len())));
        for answers in [&counted, &listed] {
            assert_eq!(answers[0], Ok(count_distinct(&hands[0], &rules, level)), "{level:?}");
            assert!(answers[1].is_err(), "{level:?}: {answers:?}");
            assert_eq!(answers[2], Ok(count_distinct(&hands[2], &rules, level)), "{level:?}");
        }
        assert!(tight().try_solve(&hands[1]).is_err());
        assert!(tight().try_count(&hands[1]).is_err());
    }
}

/// A solver that shares sub-hands between hands lists and counts what
/// a fresh one does, representatives included, also once it has
/// dropped the forms it stored (the limit is small in tests).
#[test]
fn a_shared_solver_lists_what_a_fresh_one_does() {
    let rules = Rules::game24();
    let mut shared = DistinctSolver::new(rules, Level::FourNums);
    let mut dropped = false;
    let special = ["1 2 3 4", "1 2 3 5", "1 2 4 4", "2 3 4 4", "1 1 2 3", "3 3 8 8", "1 2 3 4", "0 1 2 12"];
    let small = (1..=6).flat_map(|a| (a..=6).flat_map(move |b| (b..=6).map(move |c| format!("{a} {b} {c} 6"))));
    for cards in special.into_iter().map(str::to_owned).chain(small) {
        let hand: Hand = cards.parse().unwrap();
        let text = |list: Vec<Expr>| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        let fresh = text(DistinctSolver::new(rules, Level::FourNums).solve(&hand));
        let stored = shared.forms.forms.len();
        assert_eq!(text(shared.solve(&hand)), fresh, "{cards}");
        let listed = shared.forms.forms.len();
        assert_eq!(shared.count(&hand), fresh.len(), "{cards}");
        dropped |= listed < stored || shared.forms.forms.len() < listed;
    }
    assert!(dropped, "the stored forms crossed the limit");
}

/// Hand after hand, the enumerator drops its nodes once they are many
/// and reuses their ids: what the solver knew of the old nodes must
/// not be taken for the new ones.
#[test]
fn lists_what_a_fresh_solver_does_when_node_ids_are_reused() {
    let rules = Rules::countdown(Rational::from_integer(500));
    let mut shared = DistinctSolver::new(rules, Level::FourNums);
    let mut reused = 0;
    let mut state = 7u64;
    while reused < 2 {
        let cards: Vec<i64> = (0..6)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100][(state >> 33) as usize % 14]
            })
            .collect();
        let hand = Hand::from_integers(&cards).unwrap();
        let epoch = shared.enumerator.epoch();
        let text = |list: Vec<Expr>| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        let fresh = text(DistinctSolver::new(rules, Level::FourNums).solve(&hand));
        // Ids are reused at the start of whichever call comes first.
        assert_eq!(shared.count(&hand), fresh.len(), "{hand}");
        let listed = shared.solve(&hand);
        let keys: HashSet<_> = listed.iter().map(|e| crate::key(Level::FourNums, e)).collect();
        assert_eq!(keys.len(), listed.len(), "{hand}: duplicates");
        assert_eq!(text(listed), fresh, "{hand}");
        reused += usize::from(shared.enumerator.epoch() != epoch);
    }
}

/// The listings a run of hands gets, each as a fresh solver lists it
/// alone, at every level and whichever way each hand is listed:
/// cards outside the domain, negative and not whole ones among them.
#[test]
fn lists_a_run_of_hands_as_a_fresh_solver_lists_each() {
    let text = |list: &[Expr]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
    let hands: Vec<Hand> = ["3 3 8 8", "-2 5 4 1", "1 1 1 1", "1/2 3 4 8", "0 2 3 4", "6 6 6 6", "2 4 8 10"]
        .iter()
        .map(|cards| cards.parse().unwrap())
        .collect();
    let positive = Rules { domain: reckon_core::rules::Domain::PositiveInteger, ..Rules::game24() };
    for rules in [Rules::game24(), positive] {
        for level in [Level::Syntax, Level::Function, Level::FourNums] {
            let (mut listed, mut counted) = (Vec::new(), Vec::new());
            let mut solver = DistinctSolver::new(rules, level);
            solver.solve_each(&hands, |hand, list| listed.push((hand.clone(), text(&list))));
            solver.count_each(&hands, |_, count| counted.push(count));
            let fresh: Vec<(Hand, Vec<String>)> =
                hands.iter().map(|hand| (hand.clone(), text(&DistinctSolver::new(rules, level).solve(hand)))).collect();
            assert_eq!(listed, fresh, "{level:?}");
            let fresh_counts: Vec<usize> = fresh.iter().map(|(_, list)| list.len()).collect();
            assert_eq!(counted, fresh_counts, "{level:?}");
        }
    }
}

/// Hands that come from an iterator are answered as a slice of them is,
/// read no more than a run ahead of the answers, and not read again once
/// the iterator has ended: a reader of hands as they come waits for none
/// that an answer is owed before.
#[test]
fn hands_as_they_come_are_answered_as_a_slice_is() {
    let rules = Rules::game24();
    let threes = || (1..=13).flat_map(|a| (a..=13).flat_map(move |b| (b..=13).map(move |c| format!("{a} {b} {c}"))));
    let hands: Vec<Hand> =
        [7, 8].into_iter().flat_map(|d| threes().map(move |three| format!("{three} {d}").parse().unwrap())).collect();
    assert!(hands.len() > 2 * crate::batch::MOST_HANDS);
    let mut from_slice = Vec::new();
    DistinctSolver::new(rules, Level::FourNums).count_each(&hands, |_, count| from_slice.push(count));
    let read = std::cell::Cell::new(0);
    let mut coming = hands.iter().cloned();
    let mut ended = false;
    let as_they_come = std::iter::from_fn(|| {
        assert!(!ended, "read again after it ended");
        let hand = coming.next();
        ended = hand.is_none();
        read.set(read.get() + usize::from(!ended));
        hand
    });
    let mut from_iterator = Vec::new();
    DistinctSolver::new(rules, Level::FourNums).count_each(as_they_come, |_, count| {
        assert!(read.get() <= from_iterator.len() + crate::batch::MOST_HANDS + 1, "read far ahead");
        from_iterator.push(count);
    });
    assert_eq!(from_iterator, from_slice);
}

/// A run ends before the enumerator drops the nodes its solutions are
/// made of: a long run of large hands, over which the enumerator
/// drops its nodes (after some 5,600 hands of six), lists what a
/// solver asked hand by hand lists (which is what a fresh one lists:
/// see above).
#[test]
fn a_run_of_hands_ends_where_node_ids_are_reused() {
    let rules = Rules::countdown(Rational::from_integer(500));
    let mut state = 7u64;
    let hands: Vec<Hand> = (0..6000)
        .map(|_| {
            let cards: Vec<i64> = (0..6)
                .map(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100][(state >> 33) as usize % 14]
                })
                .collect();
            Hand::from_integers(&cards).unwrap()
        })
        .collect();
    let (mut in_runs, mut one_by_one) =
        (DistinctSolver::new(rules, Level::FourNums), DistinctSolver::new(rules, Level::FourNums));
    let epoch = in_runs.enumerator.epoch();
    let mut listed = hands.iter();
    in_runs.solve_each(&hands, |hand, list| {
        assert_eq!(Some(hand), listed.next(), "hands in order");
        assert_eq!(list, one_by_one.solve(hand), "{hand}");
    });
    assert_eq!(listed.next(), None, "every hand answered");
    assert!(in_runs.enumerator.epoch() > epoch, "node ids were reused within the run");
}

/// Is every step of `e`, as written, in `domain`?
fn steps_in(e: &Expr, domain: reckon_core::rules::Domain) -> bool {
    match e {
        Expr::Num(_) => true,
        Expr::Binary(step) => {
            e.value().is_ok_and(|v| domain.allows(&v)) && steps_in(&step.left, domain) && steps_in(&step.right, domain)
        }
    }
}

fn uses_only(e: &Expr, ops: reckon_core::rules::OpSet) -> bool {
    match e {
        Expr::Num(_) => true,
        Expr::Binary(step) => ops.contains(step.op) && uses_only(&step.left, ops) && uses_only(&step.right, ops),
    }
}

/// At every level the solver lists what deduplicating every raw
/// solution one by one lists, with only the operators the rules allow.
#[test]
fn lists_what_deduplicating_trees_lists() {
    let text = |list: Vec<Expr>| list.iter().map(ToString::to_string).collect::<Vec<_>>();
    let with = |rules: Rules, target: i64, ops: &str, domain| Rules {
        target: Rational::from_integer(target),
        ops: ops.parse().unwrap(),
        domain,
        ..rules
    };
    let hands_and_rules = [
        ("1 2 3 4", Rules::game24()),
        ("2 2 2 3", Rules::game24()),
        ("3 3 8 8", Rules::game24()),
        ("1 1 5 5", Rules::game24()),
        ("0 1 2 12", Rules::game24()),
        ("6 6 6 6", Rules::game24()),
        ("2 3 7 25 50", Rules::countdown(Rational::from_integer(350))),
        // Cards outside the domain, and operator subsets.
        ("-2 1 3 4", with(Rules::game24(), 6, "+-*/", reckon_core::rules::Domain::NonNegative)),
        ("-3 1 2 9", with(Rules::game24(), 3, "+-*/", reckon_core::rules::Domain::NonNegative)),
        ("1/2 3 4 6", with(Rules::game24(), 12, "+-*/", reckon_core::rules::Domain::Integer)),
        ("2 3 4 6", with(Rules::game24(), 1, "-/", reckon_core::rules::Domain::Rational)),
        ("2 3 4 6", with(Rules::game24(), 9, "-*/", reckon_core::rules::Domain::PositiveInteger)),
        // Without `*` (or `+`) a solution is shown as it was made:
        // regrouped, `8/(4/2/6)` would read `8*6*2/4`.
        ("2 4 6 8", with(Rules::game24(), 24, "+-/", reckon_core::rules::Domain::Rational)),
        ("1 2 9", with(Rules::game24(), 10, "-*/", reckon_core::rules::Domain::Rational)),
        ("1 2 3 4", with(Rules::game24(), 0, "-", reckon_core::rules::Domain::Integer)),
        // With a card outside the domain too: regrouped, `3-(5+(-2))`
        // would read `3-5-(-2)`, through -2.
        ("-2 3 5", with(Rules::game24(), 0, "+-*/", reckon_core::rules::Domain::NonNegative)),
        ("-2 1 3 4", with(Rules::game24(), 2, "+-*/", reckon_core::rules::Domain::NonNegative)),
    ];
    for level in Level::ALL {
        for (cards, rules) in hands_and_rules {
            let mut shared = DistinctSolver::new(rules, level);
            let hand: Hand = cards.parse().unwrap();
            let mut by_trees = crate::Distinct::for_hand(level, &rules, &hand);
            by_trees.extend(reckon_core::engine::all_solutions(&hand, &rules));
            let expected = text(fewest_cards_first(by_trees.into_sorted(), &rules));
            assert!(!expected.is_empty(), "{cards} has solutions under {rules:?}");
            let listed = shared.solve(&hand);
            for e in &listed {
                assert!(uses_only(e, rules.ops), "{e} for {cards} at {level} under {rules:?}");
                let printed = if level == Level::Syntax {
                    e.grouped().to_string()
                } else {
                    e.in_domain(rules.domain).to_string()
                };
                // Read back, a fraction card is a division, a step of its own.
                let read = reckon_core::parse_expr(&printed).unwrap();
                let whole_cards = hand.cards().iter().all(|card| card.is_integer());
                assert!(!whole_cards || steps_in(&read, rules.domain), "{printed}: {cards} at {level}, {rules:?}");
            }
            assert_eq!(text(listed), expected, "{cards} at {level} under {rules:?}");
            assert_eq!(shared.count(&hand), expected.len(), "{cards} at {level} under {rules:?}");
        }
    }
}
