//! One module per subcommand; each exposes `run(&Args) -> anyhow::Result<Status>`.

pub mod census;
pub mod completions;
pub mod reach;
pub mod solve;
