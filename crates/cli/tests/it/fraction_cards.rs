//! Fraction cards print in brackets of their own, `(7/2)`, and as a
//! divisor in a division's brackets too, `8/((7/2))`: two solutions never
//! print alike, and `reckon check` takes each printed solution back with
//! the same cards.

use insta::assert_snapshot;

use crate::reckon;

/// Lists the solutions of `hand` under `rules` (options both commands
/// take) at `level`, asserts that no two print alike and that `reckon
/// check` accepts every `step`-th of them with the same cards and rules;
/// returns how many there are.
fn listed_apart_and_checked(hand: &[&str], rules: &[&str], level: &str, step: usize) -> usize {
    let run = reckon(hand.iter().chain(rules).copied().chain(["--all", "-d", level])).run();
    assert_eq!(run.status, 0, "{run}");
    let texts: Vec<&str> =
        run.stdout.lines().map(|line| line.split_once(" = ").expect("a solution = target").0).collect();
    let mut apart = texts.clone();
    apart.sort_unstable();
    apart.dedup();
    assert_eq!(apart.len(), texts.len(), "a text listed twice: {}", run.stdout);
    for text in texts.iter().step_by(step) {
        let check = reckon(["check", text].iter().chain(hand).chain(rules).copied()).run();
        assert_eq!(check.status, 0, "{text}: {check}");
    }
    texts.len()
}

#[test]
fn a_fraction_card_and_a_division_print_apart() {
    assert_snapshot!(reckon(["-t", "-7", "--all"]).stdin("7,2,7/2,-1\n").run(), @r"
    status: 0
    --- stdout
    -1 2 7/2 7: (7-(7/2))*2*(-1) = -7, (7/2+(7/2))*(-1) = -7, (7-(7/2))*2/(-1) = -7, (7/2+(7/2))/(-1) = -7, (7/2)*(-1)-7/2 = -7, 7*(-1)/2-(7/2) = -7, (7/2)/(-1)-7/2 = -7, 7/2/(-1)-(7/2) = -7, 2*((7/2)+7*(-1)) = -7, 2*((7/2)+7/(-1)) = -7
    ");
    assert_eq!(listed_apart_and_checked(&["7", "2", "7/2", "-1"], &["-t", "-7"], "4nums", 1), 10);
    assert_snapshot!(reckon(["1", "12", "1/4", "9", "4", "-t", "30", "--all"]).run(), @r"
    status: 0
    --- stdout
    12*9*(1/4)+4-1 = 30
    9*(4*(1/4)+1)+12 = 30
    12*(9*(1/4)+1/4) = 30
    12*(9*1/4+(1/4)) = 30
    9*(4-1)+12*(1/4) = 30
    12*(4+(1/4)-1)-9 = 30
    9/(1/4+(1/4))+12 = 30
    (9*4-12)*(1+(1/4)) = 30
    (9-12*(1/4))*(4+1) = 30
    (9-4)/((1/4)-1/12) = 30
    ");
    assert_eq!(listed_apart_and_checked(&["1", "12", "1/4", "9", "4"], &["-t", "30"], "4nums", 1), 10);
}

#[test]
fn every_listing_of_the_examples_reads_back() {
    assert_eq!(listed_apart_and_checked(&["13/4", "13", "0", "11", "4"], &["-t", "0"], "4nums", 1), 19);
    assert_eq!(listed_apart_and_checked(&["5", "13", "1/2", "2", "1"], &["-t", "2"], "4nums", 2), 52);
    assert_eq!(listed_apart_and_checked(&["2", "2", "5/2", "5"], &["-t", "0"], "function", 1), 20);
    let subset = ["-t", "2", "--use", "subset"];
    assert_eq!(listed_apart_and_checked(&["5", "-3", "2/5", "2", "-2"], &subset, "syntax", 29), 722);
}

/// As a divisor, the card takes a division's brackets on top of its own;
/// a bracketed division of the cards 7 and 2 stays a division.
#[test]
fn check_reads_a_bracketed_fraction_as_the_card() {
    assert_snapshot!(reckon(["check", "-t", "2", "7/((7/2))", "7", "7/2"]).run(), @r"
    status: 0
    --- stdout
    ok: 7/((7/2)) = 2
    ");
    assert_snapshot!(reckon(["check", "-t", "2", "7/(7/2)", "7", "7", "2"]).run(), @r"
    status: 0
    --- stdout
    ok: 7/(7/2) = 2
    ");
    assert_snapshot!(reckon(["check", "-t", "8/7", "3/((7/2))+1/(7/2)", "1", "3", "7", "2", "7/2"]).run(), @r"
    status: 0
    --- stdout
    ok: 3/((7/2))+1/(7/2) = 8/7
    ");
    assert_snapshot!(reckon(["check", "-t", "-7/2", "(-7/2)", "-7/2"]).run(), @r"
    status: 0
    --- stdout
    ok: (-7/2) = -7/2
    ");
}
