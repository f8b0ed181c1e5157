//! Awkward input: negative fractions among the arguments, huge or
//! unprintable tokens, a byte-order mark, operator signs, a batch with a
//! bad line.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn negative_fraction_cards_in_every_command() {
    assert_snapshot!(reckon(["-t", "1", "-1/7", "-7"]).run(), @r"
    status: 0
    --- stdout
    -7*(-1/7) = 1
    ");
    assert_snapshot!(reckon(["-1/7", "-.5", "-t", "1/14", "--all"]).run(), @r"
    status: 0
    --- stdout
    (-1/7)*(-1/2) = 1/14
    ");
    assert_snapshot!(reckon(["check", "-t", "-1", "-1/7*7", "-1/7", "7"]).run(), @r"
    status: 0
    --- stdout
    ok: (-1/7)*7 = -1
    ");
    assert_snapshot!(reckon(["reach", "--range", "-2..=2", "-1/2", "-2"]).run(), @r"
    status: 0
    --- stdout
    makes 1 (1 of -2..=2)
    smallest positive whole number it cannot make: 2
    ");
    // The escape still works, and so do plain negatives.
    assert_eq!(reckon(["-t", "1", "--", "-1/7", "-7"]).run().status, 0);
    assert_eq!(reckon(["-t", "0", "-3", "-0.5", "3.5"]).run().status, 0);
}

#[test]
fn a_huge_token_is_quoted_short() {
    let huge = format!("1 2 {}\n", "x".repeat(10 << 20));
    let run = reckon(["-f", "bool"]).stdin(&huge).run();
    let shown = format!("'{}…' is not a number", "x".repeat(60));
    assert_eq!(run.stdout, format!("error: line 1: {shown}\n"));
    assert_eq!(run.stderr, format!("error: line 1: {shown}\n"));
    let json = reckon(["-f", "json"]).stdin(&huge).run();
    assert!(json.stdout.len() < 200, "{}", &json.stdout[..200]);
}

#[test]
fn control_bytes_are_never_echoed() {
    let bad = "1 2 3 \u{1b}[2J\r\0\n";
    assert_snapshot!(reckon(Vec::<&str>::new()).stdin(bad).run(), @r"
    status: 2
    --- stdout
    error: line 1: '\x1b[2J\r\0' is not a number
    --- stderr
    error: line 1: '\x1b[2J\r\0' is not a number
    ");
    assert_snapshot!(reckon(["-f", "json"]).stdin(bad).run().stdout, @r#"{"line":1,"error":"'\\x1b[2J\\r\\0' is not a number"}"#);
    assert_snapshot!(reckon(["1", "\u{1b}[2J"]).run().stderr, @r"error: '\x1b[2J' is not a number");
}

#[test]
fn a_byte_order_mark_is_ignored() {
    assert_snapshot!(reckon(Vec::<&str>::new()).stdin("\u{feff}3 3 8 8\n1 1 1 1\n").run(), @r"
    status: 0
    --- stdout
    3 3 8 8: 8/(3-8/3) = 24
    1 1 1 1: no solution
    ");
}

#[test]
fn operators_as_written_on_paper() {
    assert_eq!(reckon(["--ops", "× ÷", "1", "2", "3", "4"]).run().stdout, "1*2*3*4 = 24\n");
    assert_eq!(reckon(["--ops", "+,−", "3", "3", "8", "8"]).run().status, 1);
    assert_snapshot!(reckon(["--ops", "+^", "1", "2"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '+^' for '--ops <OPS>': '^' is not an operator: expected some of + - * / (also written × x ÷ −), with commas or spaces between them if you like

    For more information, try '--help'.
    ");
}

/// Every line is answered, and a bad one makes the status 2, so that a
/// script learns of it.
#[test]
fn a_batch_with_a_bad_line_exits_2() {
    assert_snapshot!(reckon(["-f", "bool"]).stdin("3 3 8 8\n3 x 8 8\n1 1 1 1\n").run(), @r"
    status: 2
    --- stdout
    true
    error: line 2: 'x' is not a number
    false
    --- stderr
    error: line 2: 'x' is not a number
    ");
    assert_eq!(reckon(["-f", "bool"]).stdin("3 3 8 8\n1 1 1 1\n").run().status, 0);
}

/// The hint for a terminal on stdin is not printed for a pipe.
#[test]
fn no_stdin_hint_for_a_pipe() {
    let run = reckon(Vec::<&str>::new()).stdin("1 2 3 4\n").run();
    assert_eq!((run.status, run.stderr.as_str()), (0, ""), "{run}");
}

/// Options quote their values as cards are quoted: short, escaped.
#[test]
fn option_values_are_quoted_short_and_visible() {
    let long = format!("\u{1b}[2J{}", "9".repeat(1000));
    let shown = format!("\\x1b[2J{}…", "9".repeat(56));
    let run = reckon(["census", "--shard", &long]).run();
    assert_eq!(
        run.stderr.lines().next().unwrap(),
        format!(
            "error: invalid value '{shown}' for '--shard <I/N>': '{shown}' is not a part of the hands: expected I/N, e.g. 2/8"
        )
    );
    let run = reckon(["-t", &long, "1"]).run();
    assert_eq!(
        run.stderr.lines().next().unwrap(),
        format!("error: invalid value '{shown}' for '--target <T>': '{shown}' is not a number")
    );
}
