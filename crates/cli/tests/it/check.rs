//! `reckon check`: every kind of verdict with its message and exit status.

use std::process::Command;

/// Runs `reckon check ARGS` as a piped process and describes everything it
/// did: the command line, the exit status, stdout and stderr.
fn check(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_reckon"))
        .arg("check")
        .args(args)
        // Colour depends on these; a pipe alone must turn it off.
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .output()
        .expect("reckon runs");
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    format!(
        "$ reckon check {}\nstatus: {}\n--- stdout\n{}--- stderr\n{}",
        quoted.join(" "),
        output.status.code().expect("exited normally"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn correct() {
    insta::assert_snapshot!(check(&["(11-8)*(3+5)", "3", "5", "8", "11"]));
}

#[test]
fn correct_with_other_spellings() {
    insta::assert_snapshot!(check(&["8 ÷ (3 − 8 ÷ 3)", "8", "3", "8", "3"]));
}

#[test]
fn correct_for_another_target() {
    insta::assert_snapshot!(check(&["-t", "10", "(2 x 3) + 4", "2", "3", "4"]));
}

#[test]
fn wrong_value() {
    insta::assert_snapshot!(check(&["(11-8)*(3+5)-1", "1", "3", "5", "8", "11"]));
}

#[test]
fn missing_card() {
    insta::assert_snapshot!(check(&["(11-8)*8", "3", "8", "8", "11"]));
}

#[test]
fn card_not_in_hand() {
    insta::assert_snapshot!(check(&["9*(11-8)-3", "3", "8", "11"]));
}

#[test]
fn card_used_too_often() {
    insta::assert_snapshot!(check(&["8*(11-8)", "8", "11"]));
}

#[test]
fn value_only_without_cards() {
    insta::assert_snapshot!("without_cards_right", check(&["4*6"]));
    insta::assert_snapshot!("without_cards_wrong", check(&["4*6+1/2"]));
}

#[test]
fn division_by_zero() {
    insta::assert_snapshot!(check(&["8 / (3 - 3) + 24", "3", "3", "8", "24"]));
}

#[test]
fn garbage() {
    insta::assert_snapshot!(check(&["3 + apples", "3", "3"]));
}

#[test]
fn every_parse_error_kind() {
    for (name, expr) in [
        ("empty", ""),
        ("unexpected_character", "12 ? 2"),
        ("number_too_large", "99999999999999999999 + 1"),
        ("missing_right_operand", "3 *"),
        ("missing_left_operand", "* 3"),
        ("empty_brackets", "2 * ()"),
        ("missing_operator", "2 (3 + 4)"),
        ("unclosed_bracket", "(1 + 2"),
        ("unmatched_bracket", "1 + 2)"),
    ] {
        insta::assert_snapshot!(format!("parse_error_{name}"), check(&[expr]));
    }
}

#[test]
fn bad_cards() {
    insta::assert_snapshot!(check(&["1+2", "1", "two"]));
}
