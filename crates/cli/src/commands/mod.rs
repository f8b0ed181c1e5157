//! One module per subcommand; each exposes `run(&Args) -> anyhow::Result<Status>`.

pub mod completions;
pub mod expressions;
pub mod list;
pub mod solve;
