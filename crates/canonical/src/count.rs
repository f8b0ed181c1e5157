//! Counting and listing distinct expressions over symbolic operands.
//!
//! Over `n` distinct symbols, each used once, how many expressions are
//! there at a level? The published answers check the levels: `syntax`
//! gives 6^(n-1)·(2n-3)!!, `function` gives OEIS A140606.

mod formula;
mod list;

#[cfg(test)]
mod fingerprints;

use std::fmt;

use num_bigint::BigUint;

use crate::level::Level;

/// The number of distinct expressions over `n` distinct symbolic operands,
/// each used exactly once, at `level`; 0 for no operands.
///
/// Operands are symbols, so no value-dependent identity applies and the
/// `4nums` level counts the same as `function`.
///
/// The counts are exact for any `n` and take microseconds: at the
/// `syntax` level by the closed form, at the `function` level by a
/// recurrence over the set partitions of the symbols into the terms of a
/// sum or the factors of a product (its derivation is in the source). The
/// tests hold the recurrence to the 18 published terms of A140606 and to
/// an enumeration of the classes up to n = 6.
///
/// ```
/// use reckon_canonical::{count_expressions, Level};
/// assert_eq!(count_expressions(3, Level::Syntax), 108);
/// assert_eq!(count_expressions(4, Level::Function), 1170);
/// assert_eq!(count_expressions(14, Level::Function).to_string(), "62506696942427106498");
/// ```
pub fn count_expressions(n: usize, level: Level) -> ExpressionCount {
    ExpressionCount(match level {
        Level::Syntax => formula::syntax_count(n),
        Level::Function | Level::FourNums => formula::function_count(n),
    })
}

/// Every distinct expression over the symbols `a`, `b`, `c`, ... (`n` of
/// them, each used once) at `level`, one per class, shortest first.
///
/// At the `function` (and `4nums`) level each is written in the normal
/// form of docs/distinct.md: chains of `+` and `-`, of `*` and `/`,
/// flattened, added terms before subtracted ones and factors before
/// divisors, larger parts first (`a*b-c`, `(a-b)/c/d`). At the `syntax`
/// level each tree is written with the brackets that tell it from the
/// others (`a+(b+c)`), the larger operand of `+` and `*` first.
///
/// # Errors
///
/// [`TooManyExpressions`] if there are more than
/// [`TooManyExpressions::LIMIT`]: a list is held in memory.
///
/// ```
/// use reckon_canonical::{list_expressions, Level};
/// let listed = list_expressions(2, Level::Function).unwrap();
/// assert_eq!(listed, ["a*b", "a+b", "a-b", "a/b", "b-a", "b/a"]);
/// assert!(list_expressions(7, Level::Function).is_err());
/// ```
pub fn list_expressions(n: usize, level: Level) -> Result<Vec<String>, TooManyExpressions> {
    let count = count_expressions(n, level);
    if count.to_u64().is_none_or(|c| c > TooManyExpressions::LIMIT) {
        return Err(TooManyExpressions { operands: n, level, count });
    }
    let mut listed = match level {
        Level::Syntax => list::syntax(n),
        Level::Function | Level::FourNums => list::function(n),
    };
    listed.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    Ok(listed)
}

/// A count of expressions, exact however large.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExpressionCount(BigUint);

impl ExpressionCount {
    /// The count, if it fits in 64 bits (up to 13 operands at the
    /// `function` level, 12 at `syntax`).
    pub fn to_u64(&self) -> Option<u64> {
        u64::try_from(&self.0).ok()
    }
}

impl fmt::Display for ExpressionCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl PartialEq<u64> for ExpressionCount {
    fn eq(&self, other: &u64) -> bool {
        self.to_u64() == Some(*other)
    }
}

/// A list of expressions that would be too long to hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{operands} operands make {count} different expressions at the {level} level, \
     more than the {} a list holds",
    Self::LIMIT
)]
pub struct TooManyExpressions {
    /// The number of operands asked for.
    pub operands: usize,
    /// The level asked for.
    pub level: Level,
    /// How many expressions the list would hold.
    pub count: ExpressionCount,
}

impl TooManyExpressions {
    /// The most expressions [`list_expressions`] lists: six operands at
    /// the `function` level (793,002), five at `syntax` (136,080).
    pub const LIMIT: u64 = 1_000_000;
}

#[cfg(test)]
mod tests {
    use super::*;

    // The published terms of A140606 are checked in tests/it/expressions.rs.

    #[test]
    fn four_nums_over_symbols_counts_as_function() {
        for n in 0..=20 {
            assert_eq!(count_expressions(n, Level::FourNums), count_expressions(n, Level::Function));
        }
    }

    #[test]
    fn syntax_counts_are_6_pow_times_double_factorial() {
        let closed = |n: u64| 6u64.pow(n as u32 - 1) * (1..n).map(|i| 2 * i - 1).product::<u64>();
        for n in 1..=12 {
            assert_eq!(count_expressions(n as usize, Level::Syntax), closed(n), "n = {n}");
        }
        assert_eq!(count_expressions(13, Level::Syntax).to_u64(), None);
    }

    #[test]
    fn no_operands_make_no_expression() {
        for level in Level::ALL {
            assert_eq!(count_expressions(0, level), 0);
            assert_eq!(list_expressions(0, level), Ok(Vec::new()));
        }
    }

    /// A list holds each class once: as many as counted.
    #[test]
    fn lists_are_as_long_as_counts() {
        for level in Level::ALL {
            for n in 1..=4 {
                let listed = list_expressions(n, level).expect("a short list");
                assert_eq!(count_expressions(n, level), listed.len() as u64, "{level}, n = {n}");
            }
        }
    }

    #[test]
    fn long_lists_are_refused() {
        assert_eq!(list_expressions(6, Level::Syntax).unwrap_err().count, 7_348_320);
        let err = list_expressions(7, Level::Function).unwrap_err();
        assert_eq!(
            err.to_string(),
            "7 operands make 27914126 different expressions at the function level, more than the 1000000 a list holds"
        );
    }
}
