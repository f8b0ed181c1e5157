//! `reckon expressions`: the number of different expressions over N
//! letters, by formula, and their list for few letters.

use insta::assert_snapshot;

use crate::reckon;

fn expressions(args: &[&str]) -> crate::Run {
    reckon(["expressions"].into_iter().chain(args.iter().copied())).run()
}

#[test]
fn counts_at_each_level() {
    assert_snapshot!(expressions(&["--operands", "4"]), @r"
    status: 0
    --- stdout
    1170
    ");
    assert_snapshot!(expressions(&["--operands", "4", "-d", "syntax"]), @r"
    status: 0
    --- stdout
    3240
    ");
    // Over letters no step depends on a card's value.
    assert_snapshot!(expressions(&["--operands", "4", "-d", "4nums"]), @r"
    status: 0
    --- stdout
    1170
    ");
}

/// Counted by formula: the last published term of A140606, and on.
#[test]
fn counts_past_enumeration() {
    assert_snapshot!(expressions(&["--operands", "18"]), @r"
    status: 0
    --- stdout
    4637556923393331549190920306
    ");
    assert_snapshot!(expressions(&["--operands", "30"]), @r"
    status: 0
    --- stdout
    283535788712160231397105773156572511726335202133211778
    ");
    assert_snapshot!(expressions(&["--operands", "20", "-d", "syntax"]), @r"
    status: 0
    --- stdout
    4997234024287722654183511872307200000
    ");
}

#[test]
fn counts_as_json() {
    assert_snapshot!(expressions(&["--operands", "11", "-f", "json"]), @r#"
    status: 0
    --- stdout
    {"operands":11,"level":"function","count":171800282010062}
    "#);
    // Beyond 2^53 a count is a string of digits.
    assert_snapshot!(expressions(&["--operands", "12", "--format", "json"]), @r#"
    status: 0
    --- stdout
    {"operands":12,"level":"function","count":"11243812043430330"}
    "#);
    assert_snapshot!(expressions(&["--operands", "3", "-d", "4nums", "-f", "json"]), @r#"
    status: 0
    --- stdout
    {"operands":3,"level":"4nums","count":68}
    "#);
}

#[test]
fn lists_two_letters() {
    assert_snapshot!(expressions(&["--operands", "2", "--list"]), @r"
    status: 0
    --- stdout
    a*b
    a+b
    a-b
    a/b
    b-a
    b/a
    ");
    assert_snapshot!(expressions(&["--operands", "2", "--list", "-f", "json"]), @r#"
    status: 0
    --- stdout
    {"operands":2,"level":"function","expression":"a*b"}
    {"operands":2,"level":"function","expression":"a+b"}
    {"operands":2,"level":"function","expression":"a-b"}
    {"operands":2,"level":"function","expression":"a/b"}
    {"operands":2,"level":"function","expression":"b-a"}
    {"operands":2,"level":"function","expression":"b/a"}
    "#);
}

/// The 68 functions of three letters, each in its normal form.
#[test]
fn lists_three_letters() {
    assert_snapshot!("list_three_letters", expressions(&["--operands", "3", "--list"]));
}

/// At the syntax level grouping tells trees apart: its brackets show.
#[test]
fn lists_trees_with_their_grouping() {
    let run = expressions(&["--operands", "3", "--list", "-d", "syntax"]);
    assert_eq!((run.status, run.stdout.lines().count()), (0, 108));
    let listed: Vec<&str> = run.stdout.lines().collect();
    for grouped in ["a+b+c", "b+c+a", "a-(b+c)", "a-(b-c)", "a/(b*c)", "(a+b)*c", "b*c/a"] {
        assert!(listed.contains(&grouped), "{grouped}");
    }
}

#[test]
fn refuses_long_lists() {
    assert_snapshot!(expressions(&["--operands", "7", "--list"]), @r"
    status: 2
    --- stderr
    error: 7 operands make 27914126 different expressions at the function level, more than the 1000000 a list holds; without --list, reckon counts them
    ");
    assert_snapshot!(expressions(&["--operands", "6", "--list", "-d", "syntax", "-f", "json"]), @r"
    status: 2
    --- stderr
    error: 6 operands make 7348320 different expressions at the syntax level, more than the 1000000 a list holds; without --list, reckon counts them
    ");
}

#[test]
fn refuses_operands_out_of_range() {
    assert_snapshot!(expressions(&["--operands", "0"]), @r"
    status: 2
    --- stderr
    error: invalid value '0' for '--operands <N>': 0 is not in 1..=100

    For more information, try '--help'.
    ");
    assert_snapshot!(expressions(&["--operands", "101"]), @r"
    status: 2
    --- stderr
    error: invalid value '101' for '--operands <N>': 101 is not in 1..=100

    For more information, try '--help'.
    ");
}
