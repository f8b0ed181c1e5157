//! `reckon play`: a scripted session through piped stdin.

use std::io::Write;
use std::process::{Command, Stdio};

/// Plays `reckon play ARGS` with `input` piped to stdin; returns the
/// command line, the exit status and the transcript.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reckon"))
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("reckon runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    format!(
        "$ reckon play {}\nstatus: {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        output.status.code().expect("exited normally"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Seed 2 deals 2 2 5 13 (no solution), 1 2 4 11, 1 3 7 11 (no solution),
/// 1 2 5 8 and 1 2 12 12.
#[test]
fn scripted_session() {
    let moves = "\
pass
1+2+4+11
hint
(4 - 2) × (1 + 11)
7*(3+1
8/(11-11)
show
pass
quit
";
    insta::assert_snapshot!(play(&["--seed", "2", "--rounds", "5", "--fixed-time", "3"], moves));
}

#[test]
fn end_of_input_ends_the_game() {
    insta::assert_snapshot!(play(&["--seed", "2", "--fixed-time", "1"], "pass\n(4-2)*(1+11)\n"));
}

#[test]
fn other_games() {
    // Five cards from 1..9, target 10, only solvable hands, a one-suit deck.
    insta::assert_snapshot!(play(
        &[
            "--seed",
            "5",
            "--cards",
            "5",
            "--range",
            "1..9",
            "-t",
            "10",
            "--solvable-only",
            "--max-copies",
            "1",
            "--rounds",
            "2",
            "--fixed-time",
            "2",
        ],
        "hint\nshow\nshow\n"
    ));
}

#[test]
fn impossible_deal() {
    insta::assert_snapshot!(play(&["--range", "5..1"], ""));
}
