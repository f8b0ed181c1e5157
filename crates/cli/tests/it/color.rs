//! `--color auto|always|never`, and NO_COLOR and CLICOLOR_FORCE under auto.

use crate::reckon;

const RED_BOLD: &str = "\u{1b}[1m\u{1b}[31m";

fn check_wrong(args: &[&str]) -> crate::Reckon {
    reckon([&["check"], args, &["1+1", "1", "1"]].concat())
}

#[test]
fn never_and_auto_off_a_terminal_are_plain() {
    for run in [check_wrong(&["--color", "never"]).env("CLICOLOR_FORCE", "1"), check_wrong(&[]).without_env("NO_COLOR")]
    {
        let run = run.run();
        assert_eq!(run.stdout, "wrong: 1+1 = 2, not 24\n", "{run}");
    }
}

#[test]
fn always_colours_even_with_no_color() {
    let run = check_wrong(&["--color", "always"]).run();
    assert!(run.stdout.starts_with(&format!("{RED_BOLD}wrong:")), "{:?}", run.stdout);
}

#[test]
fn auto_follows_clicolor_force_and_no_color() {
    let forced = check_wrong(&[]).without_env("NO_COLOR").env("CLICOLOR_FORCE", "1").run();
    assert!(forced.stdout.contains('\u{1b}'), "{:?}", forced.stdout);
    let both = check_wrong(&["--color", "auto"]).env("CLICOLOR_FORCE", "1").run();
    assert!(!both.stdout.contains('\u{1b}'), "NO_COLOR wins: {:?}", both.stdout);
}

#[test]
fn errors_follow_the_choice_too() {
    let run = reckon(["--color", "always", "1", "x"]).run();
    assert!(run.stderr.starts_with(&format!("{RED_BOLD}error:")), "{:?}", run.stderr);
}

#[test]
fn every_colouring_command_takes_it() {
    for command in ["solve", "census", "reach", "check", "play"] {
        let run = reckon([command, "--help"]).run();
        assert!(run.stdout.contains("--color <WHEN>"), "{command}");
    }
}
