//! End-to-end tests of the `reckon` binary: arguments and stdin in, exit
//! status, stdout and stderr out, compared with inline snapshots.

mod all;
mod census;
mod check;
mod color;
mod edges;
mod expressions;
mod fraction_cards;
mod help;
mod play;
mod ranges;
mod reach;
mod serve;
mod shards;
mod solve;
#[cfg(target_os = "linux")]
mod terminal;

use std::fmt;
use std::io::Write;
use std::process::{Command, Stdio};

/// A run of the built `reckon` binary, described with a small builder.
#[derive(Debug)]
pub struct Reckon {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    /// Variables to set (`Some`) or to remove (`None`).
    env: Vec<(String, Option<String>)>,
}

/// What a run produced.
#[derive(Debug)]
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `reckon` with the given arguments.
pub fn reckon<I: IntoIterator<Item = S>, S: Into<String>>(args: I) -> Reckon {
    Reckon { args: args.into_iter().map(Into::into).collect(), stdin: None, env: Vec::new() }
}

impl Reckon {
    /// Adds one more argument.
    pub fn arg(mut self, arg: impl Into<String>) -> Reckon {
        self.args.push(arg.into());
        self
    }

    /// Feeds `text` to stdin.
    pub fn stdin(self, text: &str) -> Reckon {
        self.stdin_bytes(text.as_bytes())
    }

    /// Feeds `bytes`, which need not be text, to stdin.
    pub fn stdin_bytes(mut self, bytes: &[u8]) -> Reckon {
        self.stdin = Some(bytes.to_vec());
        self
    }

    /// Sets an environment variable. Every run has NO_COLOR=1 unless
    /// removed with [`Reckon::without_env`].
    pub fn env(mut self, name: &str, value: &str) -> Reckon {
        self.env.push((name.to_owned(), Some(value.to_owned())));
        self
    }

    /// Removes an environment variable.
    pub fn without_env(mut self, name: &str) -> Reckon {
        self.env.push((name.to_owned(), None));
        self
    }

    pub fn run(self) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_reckon"));
        command
            .args(&self.args)
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE")
            // Help is wrapped to the width of the terminal, or to COLUMNS.
            .env("COLUMNS", "100");
        for (name, value) in &self.env {
            match value {
                Some(value) => command.env(name, value),
                None => command.env_remove(name),
            };
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the reckon binary runs");
        let mut stdin = child.stdin.take().unwrap();
        if let Some(text) = &self.stdin {
            stdin.write_all(text).unwrap();
        }
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        Run {
            status: output.status.code().expect("exited normally"),
            stdout: String::from_utf8(output.stdout).unwrap(),
            stderr: String::from_utf8(output.stderr).unwrap(),
        }
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "status: {}", self.status)?;
        if !self.stdout.is_empty() {
            write!(f, "--- stdout\n{}", self.stdout)?;
        }
        if !self.stderr.is_empty() {
            write!(f, "--- stderr\n{}", self.stderr)?;
        }
        Ok(())
    }
}
