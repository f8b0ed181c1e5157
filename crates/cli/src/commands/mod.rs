//! One module per subcommand; each exposes `run(&Args) -> anyhow::Result<Status>`.

pub mod census;
pub mod check;
pub mod completions;
pub mod expressions;
pub mod list;
pub mod play;
pub mod reach;
pub mod serve;
pub mod solve;
