//! The exact engine of reckon: numbers, hands, rules, expressions and the search.
//!
//! Why a crate of its own: everything that must be *right* lives here, with no
//! knowledge of terminals or output formats, so the command line, the
//! canonical forms and the benchmarks all share one engine. No floating point
//! is used anywhere: values are exact rationals whose arithmetic reports
//! overflow, and the search falls back to big rationals when it happens.
//!
//! ```
//! use reckon_core::{Hand, Rules, Solver};
//! let hand: Hand = "3 3 8 8".parse().unwrap();
//! let expr = Solver::new(Rules::game24()).solve(&hand).unwrap();
//! assert_eq!(format!("{expr} = 24"), "8/(3-8/3) = 24");
//! ```

pub mod budget;
mod combine;
mod enumerate;
pub mod expr;
mod hand;
pub mod number;
#[cfg(any(test, feature = "oracle"))]
pub mod oracle;
mod parse;
pub mod rules;
mod search;
mod sorted;
mod strategy;
#[cfg(test)]
mod test_hands;
mod values;

pub use expr::Expr;
pub use hand::{Hand, HandError};
pub use number::Rational;
pub use parse::{ParseError, parse_expr};
pub use rules::Rules;
pub use search::{Solver, TooManyStates, solve};
pub use values::{Reach, TooManyValues};

pub use enumerate::TooManySolutions;

/// The engine's lower interface, for crates that build on it: every
/// solution as a stream of shared nodes (reckon-canonical classifies them
/// without building trees), and value sets shared between threads
/// (reckon-census). A program that wants answers needs none of it:
/// [`Solver`], [`Reach`] and reckon-canonical answer its questions.
pub mod engine {
    pub use crate::enumerate::{
        Enumerator, Node, NodeId, Nodes, Rewrites, Solution, Trees, all_solutions, for_each_solution,
    };
    pub use crate::strategy::Engine;
    pub use crate::values::SharedSets;
}
