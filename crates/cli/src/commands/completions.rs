//! `reckon completions SHELL`.

use clap::CommandFactory;

use crate::Status;
use crate::args::{Cli, CompletionsArgs};

pub fn run(args: &CompletionsArgs) -> anyhow::Result<Status> {
    clap_complete::generate(args.shell, &mut Cli::command(), "reckon", &mut std::io::stdout());
    Ok(Status::Success)
}
