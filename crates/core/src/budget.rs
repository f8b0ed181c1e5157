//! The memory one question may take: a budget every engine keeps to.
//!
//! Why one budget for the process: how much memory a question may take is
//! a fact about the machine, not about the question. A program sets it once
//! ([`MemoryBudget::set_for_process`], `reckon --memory`), and every
//! [`Reach`](crate::Reach), [`Solver`](crate::Solver) and enumerator made
//! afterwards keeps to it; one made with its own budget
//! (`with_memory_budget`) keeps to that instead. What does not fit is
//! refused before its memory is spent (see `strategy`).

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How much memory one question (a hand asked one thing) may take, in
/// bytes: the value sets, the enumerator's expressions and raw solutions
/// with what is made from them, a search's memory of failed states. Two
/// gibibytes unless set.
///
/// ```
/// use reckon_core::budget::MemoryBudget;
/// let budget: MemoryBudget = "512M".parse().unwrap();
/// assert_eq!(budget.bytes(), 512 << 20);
/// assert_eq!(budget.to_string(), "512 MiB");
/// assert_eq!(MemoryBudget::DEFAULT.to_string(), "2 GiB");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MemoryBudget {
    bytes: usize,
}

/// The process's budget, in bytes.
static OF_PROCESS: AtomicUsize = AtomicUsize::new(MemoryBudget::DEFAULT.bytes);

impl MemoryBudget {
    /// Two gibibytes: every hand of up to eight cards is decided, solved
    /// and listed within it (the whole numbers it makes, up to seven
    /// distinct cards), with room for a machine's other work.
    pub const DEFAULT: MemoryBudget = MemoryBudget { bytes: 2 << 30 };

    /// A budget of `bytes` bytes.
    pub const fn from_bytes(bytes: usize) -> MemoryBudget {
        MemoryBudget { bytes }
    }

    /// The budget in bytes.
    pub const fn bytes(self) -> usize {
        self.bytes
    }

    /// The budget of the engines made from now on, unless they are given
    /// their own: [`MemoryBudget::DEFAULT`] until it is set.
    pub fn of_process() -> MemoryBudget {
        MemoryBudget { bytes: OF_PROCESS.load(Ordering::Relaxed) }
    }

    /// Makes this the budget of every engine made from now on, in every
    /// thread; engines already made keep theirs.
    pub fn set_for_process(self) {
        OF_PROCESS.store(self.bytes, Ordering::Relaxed);
    }
}

impl Default for MemoryBudget {
    fn default() -> MemoryBudget {
        MemoryBudget::DEFAULT
    }
}

/// The units a budget is written in, powers of 1024, largest first.
const UNITS: [(&str, u32); 4] = [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)];

impl fmt::Display for MemoryBudget {
    /// In the largest unit that holds it whole: `2 GiB`, `1536 MiB`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (unit, shift) in UNITS {
            let size = 1usize << shift;
            if self.bytes >= size && self.bytes % size == 0 {
                return write!(f, "{} {unit}", self.bytes >> shift);
            }
        }
        write!(f, "{} byte{}", self.bytes, if self.bytes == 1 { "" } else { "s" })
    }
}

/// Why a piece of text is not a memory budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBudgetError {
    /// Not a number of bytes, with or without a unit.
    #[error("'{0}' is not a size: write bytes, or a number with K, M, G or T (such as 512M or 1.5G)")]
    Invalid(String),
    /// A budget of nothing: no question fits.
    #[error("a memory budget must be more than zero bytes")]
    Zero,
    /// More bytes than the machine can address.
    #[error("'{0}' is more memory than this machine can address")]
    TooLarge(String),
}

impl FromStr for MemoryBudget {
    type Err = ParseBudgetError;

    /// Bytes (`1000000`), or a number with a unit, powers of 1024: `K`,
    /// `M`, `G` or `T`, alone or followed by `B` or `iB`, in any case
    /// (`512M`, `2 GiB`, `1.5g`). A fraction of a byte is dropped.
    fn from_str(text: &str) -> Result<MemoryBudget, ParseBudgetError> {
        let invalid = || ParseBudgetError::Invalid(text.to_owned());
        let trimmed = text.trim();
        let split = trimmed.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(trimmed.len());
        let (number, unit) = trimmed.split_at(split);
        let shift = match unit.trim().to_ascii_lowercase().as_str() {
            "" | "b" | "byte" | "bytes" => 0,
            "k" | "kb" | "kib" => 10,
            "m" | "mb" | "mib" => 20,
            "g" | "gb" | "gib" => 30,
            "t" | "tb" | "tib" => 40,
            _ => return Err(invalid()),
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty() || fraction.contains('.') || fraction.len() > 9 {
            return Err(invalid());
        }
        let digits = |part: &str| if part.is_empty() { Ok(0) } else { part.parse::<u128>().map_err(|_| invalid()) };
        // Exact: the fraction is its digits (nine at most) over their
        // power of ten, and a unit is below 2^41 bytes.
        let scale = 10u128.pow(u32::try_from(fraction.len()).expect("nine digits at most"));
        let unit = 1u128 << shift;
        let (whole, fraction) = (digits(whole)?, digits(fraction)? * unit / scale);
        let bytes = whole.checked_mul(unit).and_then(|bytes| bytes.checked_add(fraction));
        match bytes.map(usize::try_from) {
            Some(Ok(0)) => Err(ParseBudgetError::Zero),
            Some(Ok(bytes)) => Ok(MemoryBudget { bytes }),
            _ => Err(ParseBudgetError::TooLarge(text.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(text: &str) -> Result<usize, ParseBudgetError> {
        text.parse::<MemoryBudget>().map(MemoryBudget::bytes)
    }

    #[test]
    fn sizes_read_in_powers_of_1024() {
        assert_eq!(bytes("1000"), Ok(1000));
        assert_eq!(bytes("64K"), Ok(64 << 10));
        assert_eq!(bytes("512m"), Ok(512 << 20));
        assert_eq!(bytes("2GB"), Ok(2 << 30));
        assert_eq!(bytes(" 2 GiB "), Ok(2 << 30));
        assert_eq!(bytes("1.5G"), Ok(3 << 29));
        assert_eq!(bytes(".5k"), Ok(512));
        assert_eq!(bytes("1T"), Ok(1 << 40));
        assert_eq!(bytes("0.0001K"), Err(ParseBudgetError::Zero), "a tenth of a byte");
    }

    #[test]
    fn what_is_not_a_size_says_why() {
        for text in ["", "G", "two", "1.2.3G", "-1G", "1e9", "5X", "1.0000000001G"] {
            assert_eq!(bytes(text), Err(ParseBudgetError::Invalid(text.to_owned())), "{text:?}");
        }
        assert_eq!(bytes("0"), Err(ParseBudgetError::Zero));
        assert_eq!(bytes("0M"), Err(ParseBudgetError::Zero));
        assert!(matches!(bytes("99999999999T"), Err(ParseBudgetError::TooLarge(_))));
        assert!(matches!(bytes("340282366920938463463374607431768211455T"), Err(ParseBudgetError::TooLarge(_))));
        assert!(matches!(bytes("999999999999999999999999999999999999999999"), Err(ParseBudgetError::Invalid(_))));
    }

    #[test]
    fn a_budget_prints_in_its_largest_whole_unit() {
        let shown = |bytes| MemoryBudget::from_bytes(bytes).to_string();
        assert_eq!(shown(2 << 30), "2 GiB");
        assert_eq!(shown(3 << 29), "1536 MiB");
        assert_eq!(shown(64 << 10), "64 KiB");
        assert_eq!(shown(1000), "1000 bytes");
        assert_eq!(shown(1), "1 byte");
        assert_eq!(shown(1 << 40), "1 TiB");
    }

    /// What prints reads back as the same budget.
    #[test]
    fn a_printed_budget_reads_back() {
        for bytes in [1, 1000, 1 << 10, 3 << 29, 2 << 30, 5 << 40] {
            let budget = MemoryBudget::from_bytes(bytes);
            assert_eq!(budget.to_string().parse(), Ok(budget));
        }
    }
}
