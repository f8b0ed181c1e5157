//! `reckon`: solve, count and study 24-game style number puzzles, exactly.
//!
//! This crate is the only place that knows about terminals, formats and exit
//! statuses; the engine lives in reckon-core and the notions of "distinct" in
//! reckon-canonical. The binary is [`main`]; [`command`] gives the grammar
//! to tools that document it (the man pages).

mod args;
mod commands;
mod diagnostic;
mod help;
mod input;
mod negative_cards;
mod progress;
mod quote;
mod range;
mod report;
mod rules_args;

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue};
use clap::{CommandFactory, FromArgMatches};

use crate::args::{Cli, Command};

/// The command line grammar of `reckon`, with every subcommand.
pub fn command() -> clap::Command {
    Cli::command()
}

/// Exit statuses, as documented in `reckon --help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Solved, or a batch of hands read to its end.
    Success = 0,
    /// A single hand has no solution.
    NoSolution = 1,
    /// Bad usage or bad input, in a batch on any line.
    BadInput = 2,
    /// Stopped by Ctrl-C (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// Runs `reckon` with the process's arguments.
pub fn main() -> ExitCode {
    let cli = parse(std::env::args_os());
    // The process-wide settings of the command run: colour, and the
    // memory budget of every engine it makes.
    let (color, memory) = match &cli.command {
        None => (Some(&cli.solve.color), Some(&cli.solve.memory)),
        Some(Command::Solve(args)) => (Some(&args.color), Some(&args.memory)),
        Some(Command::Census(args)) => (Some(&args.color), Some(&args.memory)),
        Some(Command::Reach(args)) => (Some(&args.color), Some(&args.memory)),
        Some(Command::Check(args)) => (Some(&args.color), None),
        Some(Command::Play(args)) => (Some(&args.color), Some(&args.memory)),
        Some(Command::Serve(args)) => (None, Some(&args.memory)),
        Some(Command::Expressions(_) | Command::Completions(_)) => (None, None),
    };
    color.inspect(|color| color.apply());
    memory.inspect(|memory| memory.apply());
    let result = match cli.command {
        None => commands::solve::run(&cli.solve),
        Some(Command::Solve(args)) => commands::solve::run(&args),
        Some(Command::Census(args)) => commands::census::run(&args),
        Some(Command::Reach(args)) => commands::reach::run(&args),
        Some(Command::Check(args)) => commands::check::run(&args),
        Some(Command::Play(args)) => commands::play::run(&args),
        Some(Command::Expressions(args)) => commands::expressions::run(&args),
        Some(Command::Serve(args)) => commands::serve::run(&args),
        Some(Command::Completions(args)) => commands::completions::run(&args),
    };
    match result {
        Ok(status) => status.into(),
        // A reader that stopped reading (`reckon census | head`) is not an error.
        Err(err) if is_broken_pipe(&err) => Status::Success.into(),
        Err(err) => {
            report::error(&format!("{err:#}"));
            Status::BadInput.into()
        }
    }
}

/// The arguments read, or the process ends with clap's message (status 2,
/// or 0 for --help and --version).
fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Cli {
    let args = negative_cards::as_values(Cli::command, args);
    let parsed =
        Cli::command().try_get_matches_from(args).and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches));
    parsed.unwrap_or_else(|err| shorten_quoted_values(err).exit())
}

/// A clap error with the values it quotes cut short and made visible, as
/// reckon's own messages quote them.
fn shorten_quoted_values(mut err: clap::Error) -> clap::Error {
    for kind in [ContextKind::InvalidArg, ContextKind::InvalidValue] {
        if let Some(ContextValue::String(value)) = err.get(kind) {
            let shown = quote::shortened(value);
            err.insert(kind, ContextValue::String(shown));
        }
    }
    err
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
