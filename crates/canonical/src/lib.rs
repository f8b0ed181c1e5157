//! Canonical forms of reckon expressions: when are two solutions the same?
//!
//! A solver that prints every expression tree reaching the target prints
//! dozens of near-copies (`1+2+3` and `3+(2+1)`); one that prunes hard
//! misses real solutions. This crate sits between the engine's raw stream
//! of solutions and the user: at each of three precisely defined levels it
//! gives an expression a canonical [`Key`], and [`Distinct`] turns the raw
//! stream into a list that is complete (every raw solution is the same as
//! a listed one) and free of duplicates (no two listed ones are the same).
//!
//! - [`Level::Syntax`]: the same tree up to the order of the operands of
//!   `+` and `*`.
//! - [`Level::Function`]: the same rational function of the cards, each
//!   card a variable, cards of equal value interchangeable.
//! - [`Level::FourNums`]: what players (and 4nums.com) call distinct; on
//!   top of `function`, identities that only hold because of the values:
//!   `x*1 = x/1`, `x+0 = x-0`, cancelled pairs `x*y/y = x+y-y`.
//!
//! ```
//! use reckon_canonical::{distinct_solutions, Level};
//! use reckon_core::{Hand, Rules};
//! let hand: Hand = "6 6 6 6".parse().unwrap();
//! let list = distinct_solutions(&hand, &Rules::game24(), Level::FourNums);
//! let shown: Vec<String> = list.iter().map(ToString::to_string).collect();
//! assert_eq!(shown, ["6+6+6+6", "6*6-6-6"]);
//! ```
//!
//! It also counts the distinct expressions over `n` symbolic operands
//! ([`count_expressions`]), whose published values check the levels, and
//! lists them for few operands ([`list_expressions`]).
//!
//! `docs/distinct.md` in the repository defines the levels precisely, with
//! examples, and relates `4nums` to the published lists it reproduces.

mod batch;
mod classes;
mod count;
mod distinct;
mod few;
#[cfg(test)]
mod field;
mod form;
mod fournums;
mod interned;
mod key;
mod level;
mod rank;
mod shown;
mod solver;
mod syntax;
mod tidy;
mod view;

pub use count::{ExpressionCount, TooManyExpressions, count_expressions, list_expressions};
pub use distinct::Distinct;
pub use key::{Key, key};
pub use level::{Level, ParseLevelError};
pub use solver::{DistinctSolver, count_distinct, distinct_solutions};

/// The Rust examples of the repository's README, run as doctests so that
/// they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
#[derive(Debug)]
pub struct ReadmeDoctests;
