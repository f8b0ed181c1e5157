//! `reckon check`: every kind of verdict, with its message and exit status.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn correct() {
    assert_snapshot!(reckon(["check", "(11-8)*(3+5)", "3", "5", "8", "11"]).run(), @r"
    status: 0
    --- stdout
    ok: (11-8)*(3+5) = 24
    ");
}

#[test]
fn other_spellings() {
    assert_snapshot!(reckon(["check", "8 ÷ (3 − 8 ÷ 3)", "8", "3", "8", "3"]).run(), @r"
    status: 0
    --- stdout
    ok: 8/(3-8/3) = 24
    ");
    assert_snapshot!(reckon(["check", "(2 x 3) × 4", "2", "3", "4"]).run(), @r"
    status: 0
    --- stdout
    ok: 2*3*4 = 24
    ");
}

#[test]
fn another_target() {
    assert_snapshot!(reckon(["check", "-t", "10", "1+2+3+4", "1", "2", "3", "4"]).run(), @r"
    status: 0
    --- stdout
    ok: 1+2+3+4 = 10
    ");
    assert_snapshot!(reckon(["check", "-t", "-3", "-3*(4-3)", "-3", "3", "4"]).run(), @r"
    status: 0
    --- stdout
    ok: -3*(4-3) = -3
    ");
}

#[test]
fn wrong_value() {
    assert_snapshot!(reckon(["check", "(11-8)*(3+5)-1", "1", "3", "5", "8", "11"]).run(), @r"
    status: 1
    --- stdout
    wrong: (11-8)*(3+5)-1 = 23, not 24
    ");
}

#[test]
fn missing_card() {
    assert_snapshot!(reckon(["check", "(11-8)*8", "3", "8", "8", "11"]).run(), @r"
    status: 1
    --- stdout
    wrong: (11-8)*8 = 24; does not use 3
    ");
}

#[test]
fn card_not_in_hand() {
    assert_snapshot!(reckon(["check", "9*(11-8)-3", "3", "8", "11"]).run(), @r"
    status: 1
    --- stdout
    wrong: 9*(11-8)-3 = 24; uses 9, which is not in the hand
    ");
}

#[test]
fn card_used_too_often() {
    assert_snapshot!(reckon(["check", "8*(11-8)", "8", "11"]).run(), @r"
    status: 1
    --- stdout
    wrong: 8*(11-8) = 24; uses 8 twice but the hand has one 8
    ");
}

#[test]
fn several_problems_at_once() {
    assert_snapshot!(reckon(["check", "(11-8)*(3+4)", "3", "5", "8", "11"]).run(), @r"
    status: 1
    --- stdout
    wrong: (11-8)*(3+4) = 21, not 24; uses 4, which is not in the hand; does not use 5
    ");
}

#[test]
fn without_cards_only_the_value_counts() {
    assert_snapshot!(reckon(["check", "4*6"]).run(), @r"
    status: 0
    --- stdout
    ok: 4*6 = 24
    ");
    assert_snapshot!(reckon(["check", "4*6+1/2"]).run(), @r"
    status: 1
    --- stdout
    wrong: 4*6+1/2 = 49/2, not 24
    ");
}

#[test]
fn rules_restrict_operators_and_steps() {
    assert_snapshot!(reckon(["check", "--ops", "+-*", "48/2"]).run(), @r"
    status: 1
    --- stdout
    wrong: 48/2 = 24; uses /, which the rules do not allow
    ");
    assert_snapshot!(reckon(["check", "--rules", "countdown", "-t", "25", "5*5", "5", "5", "7"]).run(), @r"
    status: 0
    --- stdout
    ok: 5*5 = 25
    ");
}

/// A well-formed answer without a value: wrong (1), with the divisor underlined.
#[test]
fn division_by_zero() {
    assert_snapshot!(reckon(["check", "8 / (3 - 3) + 24", "3", "3", "8", "24"]).run(), @r"
    status: 1
    --- stderr
    error: division by zero
      |
    1 | 8 / (3 - 3) + 24
      |     ^^^^^^^ this divisor is zero
    ");
}

#[test]
fn garbage() {
    assert_snapshot!(reckon(["check", "3 + apples", "3", "3"]).run(), @r"
    status: 2
    --- stderr
    error: unexpected character 'a'
      |
    1 | 3 + apples
      |     ^ not a number, operator or bracket
    ");
}

#[test]
fn every_parse_error_kind() {
    assert_snapshot!(reckon(["check", ""]).run(), @r"
    status: 2
    --- stderr
    error: empty expression
      |
    1 |
      | ^ expected an expression such as (11-8)*(3+5)
    ");
    assert_snapshot!(reckon(["check", "12 ? 2"]).run(), @r"
    status: 2
    --- stderr
    error: unexpected character '?'
      |
    1 | 12 ? 2
      |    ^ not a number, operator or bracket
    ");
    assert_snapshot!(reckon(["check", "-t", "100000000000000000000", "99999999999999999999 + 1"]).run(), @r"
    status: 0
    --- stdout
    ok: 99999999999999999999+1 = 100000000000000000000
    ");
    assert_snapshot!(reckon(["check", "3 *"]).run(), @r"
    status: 2
    --- stderr
    error: missing operand
      |
    1 | 3 *
      |   ^ nothing after this operator
    ");
    assert_snapshot!(reckon(["check", "1++2"]).run(), @r"
    status: 2
    --- stderr
    error: two operators in a row
      |
    1 | 1++2
      |  ^^ a number or a bracket belongs between these
    ");
    assert_snapshot!(reckon(["check", "0.5*48"]).run(), @r"
    status: 2
    --- stderr
    error: decimals are written as fractions here: 1/2
      |
    1 | 0.5*48
      | ^^^ write this as a fraction
    ");
    assert_snapshot!(reckon(["check", "2**3 + [1]"]).run(), @r"
    status: 2
    --- stderr
    error: powers are not allowed
      |
    1 | 2**3 + [1]
      |  ^^ only + - * / are allowed
    ");
    assert_snapshot!(reckon(["check", "* 3"]).run(), @r"
    status: 2
    --- stderr
    error: missing operand
      |
    1 | * 3
      | ^ nothing before this operator
    ");
    assert_snapshot!(reckon(["check", "2 * ()"]).run(), @r"
    status: 2
    --- stderr
    error: missing operand
      |
    1 | 2 * ()
      |     ^^ nothing between these brackets
    ");
    assert_snapshot!(reckon(["check", "2 (3 + 4)"]).run(), @r"
    status: 2
    --- stderr
    error: missing operator
      |
    1 | 2 (3 + 4)
      |   ^ expected an operator before this
    ");
    assert_snapshot!(reckon(["check", "(1 + 2"]).run(), @r"
    status: 2
    --- stderr
    error: unbalanced bracket
      |
    1 | (1 + 2
      | ^ this bracket is never closed
    ");
    assert_snapshot!(reckon(["check", "1 + 2)"]).run(), @r"
    status: 2
    --- stderr
    error: unbalanced bracket
      |
    1 | 1 + 2)
      |      ^ no opening bracket for this one
    ");
}

#[test]
fn bad_cards() {
    assert_snapshot!(reckon(["check", "1+2", "1", "two"]).run(), @r"
    status: 2
    --- stderr
    error: 'two' is not a number
    ");
}
