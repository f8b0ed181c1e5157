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

mod combine;
mod enumerate;
mod expr;
mod hand;
mod number;
pub mod oracle;
mod parse;
mod rules;
mod search;
mod strategy;
#[cfg(test)]
mod test_hands;
mod values;

pub use enumerate::{
    Enumerator, Node, NodeId, Nodes, Solution, TooManySolutions, Trees, all_solutions, for_each_solution,
};
pub use expr::{EvalError, Expr, Printed, Step};
pub use hand::{Hand, HandError, MAX_CARDS};
pub use number::{BigRational, Number, ParseNumberError, Rational};
pub use parse::{ParseError, ParseErrorKind, Side, parse_expr};
pub use rules::{CardUse, Domain, Op, OpSet, ParseOpsError, Preset, Rules};
pub use search::{Solver, TooManyStates, solve};
pub use values::{Reach, SharedSets, TooManyValues, ValueSets};
