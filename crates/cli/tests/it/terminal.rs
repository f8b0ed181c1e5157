//! `reckon` with a terminal on stdin, under util-linux's `script`, which
//! runs a command on a pseudo-terminal. Skipped where there is no `script`.

use std::io::Write;
use std::process::{Command, Stdio};

/// What `reckon ARGS` writes to its terminal when the player types `typed`.
/// `None` if `script` cannot be run here.
fn on_a_terminal(args: &str, typed: &str) -> Option<String> {
    let reckon = format!("'{}' {args}", env!("CARGO_BIN_EXE_reckon"));
    let mut child = Command::new("script")
        .args(["-qec", &reckon, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take().unwrap().write_all(typed.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    output.status.success().then(|| String::from_utf8(output.stdout).unwrap().replace("\r\n", "\n"))
}

#[test]
fn a_terminal_is_told_that_hands_are_read_from_it() {
    // Ctrl-D ends the input.
    let Some(screen) = on_a_terminal("", "3 3 8 8\n\u{4}") else {
        eprintln!("no util-linux script here: not tested");
        return;
    };
    assert!(
        screen.ends_with(
            "reading hands from stdin, one per line; Ctrl-D to end; `reckon --help` for more\n3 3 8 8: 8/(3-8/3) = 24\n"
        ),
        "{screen:?}"
    );
}
