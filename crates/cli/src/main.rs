//! `reckon`: solve, count and study 24-game style number puzzles, exactly.
//!
//! This crate is the only place that knows about terminals, formats and exit
//! statuses; the engine lives in reckon-core and the notions of "distinct" in
//! reckon-canonical.

mod args;
mod commands;
mod diagnostic;
mod input;
mod report;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};

// The engine makes many small tables per hand and drops them when done;
// mimalloc keeps that memory at hand where glibc's allocator returns it
// and faults it in again (about a tenth of the time of a listing). It
// takes the place of `malloc` itself (its `override` feature), which the
// standard allocator calls for every layout aligned to 16 bytes or less:
// as the global allocator, `mimalloc::MiMalloc` would take mimalloc's
// aligned path for every one, about thirty instructions more each, or
// 1.5% of a listing of every hand.
use mimalloc as _;

/// Exit statuses, as documented in `reckon --help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Solved, or a batch completed.
    Success = 0,
    /// A single hand has no solution.
    NoSolution = 1,
    /// Bad usage or bad input.
    BadInput = 2,
    /// Stopped by Ctrl-C (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
