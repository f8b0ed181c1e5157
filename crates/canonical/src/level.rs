//! The three levels of distinctness.

use std::fmt;
use std::str::FromStr;

use reckon_core::Expr;
use reckon_core::expr::Printed;
use reckon_core::rules::Domain;

/// When are two solutions the same? See the crate documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// The same tree once the operands of `+` and `*` are put in order.
    Syntax,
    /// The same rational function of the cards, equal cards interchangeable.
    Function,
    /// What players and 4nums.com call distinct: `function`, plus the
    /// identities that hold because of the cards' values (`x*1 = x/1`,
    /// `x+0 = x-0`, cancelled pairs, negative intermediates).
    #[default]
    FourNums,
}

impl Level {
    /// All levels, coarsest last.
    pub const ALL: [Level; 3] = [Level::Syntax, Level::Function, Level::FourNums];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Syntax => "syntax",
            Level::Function => "function",
            Level::FourNums => "4nums",
        }
    }

    /// How a solution listed at this level is written, everywhere one is
    /// shown. At the `syntax` level trees that differ only in grouping are
    /// different solutions, so every bracket shows (`1+(2+3)` and
    /// `(1+2)+3`); the other levels write the fewest brackets the rules'
    /// domain needs.
    ///
    /// ```
    /// use reckon_canonical::Level;
    /// use reckon_core::Expr;
    /// use reckon_core::rules::{Domain, Op};
    /// let e = Expr::binary(Op::Add, Expr::int(1), Expr::binary(Op::Add, Expr::int(2), Expr::int(3)));
    /// assert_eq!(Level::Syntax.written(&e, Domain::Rational).to_string(), "1+(2+3)");
    /// assert_eq!(Level::FourNums.written(&e, Domain::Rational).to_string(), "1+2+3");
    /// ```
    pub fn written(self, solution: &Expr, domain: Domain) -> Printed<'_> {
        match self {
            Level::Syntax => solution.grouped(),
            Level::Function | Level::FourNums => solution.in_domain(domain),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown level name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (expected syntax, function or 4nums)")]
pub struct ParseLevelError(String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// ```
    /// use reckon_canonical::Level;
    /// assert_eq!("4nums".parse::<Level>().unwrap(), Level::FourNums);
    /// assert_eq!("function".parse::<Level>().unwrap(), Level::Function);
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}
