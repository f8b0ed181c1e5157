//! Ranges of whole numbers on the command line, one syntax for every option.
//!
//! `LO..=HI` and `LO-HI` both include HI. `LO..HI` is refused: in Rust it
//! would leave HI out, in other tools it keeps it, and a range that quietly
//! means one or the other is worse than a message.

use crate::quote::quoted;

/// An inclusive range of whole numbers, written `LO..=HI` or `LO-HI`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntRange {
    pub lo: i64,
    pub hi: i64,
}

impl std::str::FromStr for IntRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let shown = quoted(s);
        let bad = || format!("{shown} is not a range: expected LO..=HI or LO-HI, e.g. 1..=13");
        let (lo, hi) = match s.split_once("..=") {
            Some(parts) => parts,
            None => match s.split_once("..") {
                Some((lo, hi)) => {
                    let (lo, hi) = (lo.trim(), hi.trim());
                    return Err(format!(
                        "{shown} is ambiguous: write {lo}..={hi} ({hi} included) or {lo}..={} (left out)",
                        hi.parse::<i64>()
                            .ok()
                            .and_then(|hi| hi.checked_sub(1))
                            .map_or("HI-1".to_owned(), |h| h.to_string())
                    ));
                }
                // `LO-HI`: the separator is the first '-' that follows a digit
                // (a '-' at the start, or after the separator, is a sign).
                None => s
                    .char_indices()
                    .skip(1)
                    .find(|&(i, c)| c == '-' && s[..i].trim_end().ends_with(|c: char| c.is_ascii_digit()))
                    .map(|(i, _)| (&s[..i], &s[i + 1..]))
                    .ok_or_else(bad)?,
            },
        };
        let bound = |text: &str| -> Result<i64, String> {
            text.trim().parse().map_err(|err: std::num::ParseIntError| match err.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    format!("{shown}: {} does not fit in 64 bits", quoted(text.trim()))
                }
                _ => bad(),
            })
        };
        let (lo, hi) = (bound(lo)?, bound(hi)?);
        if lo > hi {
            return Err(format!("{shown} is an empty range: {lo} is above {hi}"));
        }
        Ok(IntRange { lo, hi })
    }
}

impl std::fmt::Display for IntRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..={}", self.lo, self.hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(lo: i64, hi: i64) -> Result<IntRange, String> {
        Ok(IntRange { lo, hi })
    }

    #[test]
    fn both_spellings_include_the_upper_bound() {
        assert_eq!("1..=13".parse(), range(1, 13));
        assert_eq!("1-13".parse(), range(1, 13));
        assert_eq!(" 1 ..= 13 ".parse(), range(1, 13));
        assert_eq!("7-7".parse(), range(7, 7));
    }

    #[test]
    fn negative_bounds() {
        assert_eq!("-5..=5".parse(), range(-5, 5));
        assert_eq!("-5-5".parse(), range(-5, 5));
        assert_eq!("-5--1".parse(), range(-5, -1));
        assert_eq!("-5..=-1".parse(), range(-5, -1));
    }

    #[test]
    fn a_half_open_range_is_refused_with_a_hint() {
        let err = "1..13".parse::<IntRange>().unwrap_err();
        assert_eq!(err, "'1..13' is ambiguous: write 1..=13 (13 included) or 1..=12 (left out)");
        assert!("-5..5".parse::<IntRange>().unwrap_err().contains("-5..=5"));
    }

    #[test]
    fn malformed_ranges() {
        assert!("13..=1".parse::<IntRange>().unwrap_err().contains("empty range"));
        for bad in ["x", "", "5", "-5", "1-", "-1-", "1--", "a-b", "1..=", "1-2-3"] {
            assert!(bad.parse::<IntRange>().is_err(), "{bad}");
        }
        assert!("1-99999999999999999999".parse::<IntRange>().unwrap_err().contains("64 bits"));
    }
}
