//! Every hand of a kind, solved in parallel: the statistics behind `reckon census`.
//!
//! Why a crate of its own: a census is a different job from solving one hand.
//! It enumerates hand spaces (ranges with copy limits, the Countdown pool),
//! splits them into shards for batch schedulers, runs many hands on several
//! threads with one memo per thread, and folds per-hand facts into summaries
//! that can be merged again. It never prints: the command line decides how
//! rows and summaries look.

mod facts;
mod parallel;
mod space;
mod summary;
mod targets;

pub use facts::{Analyser, Counter, HandFacts};
pub use parallel::map_in_order;
pub use space::{HandSpace, Shard, ShardError};
pub use summary::{Summary, TOP};
pub use targets::{TargetFacts, TargetSummary, targets_reached};
