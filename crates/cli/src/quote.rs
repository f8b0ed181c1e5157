//! Quoting what the user typed in messages: short, and safe on a terminal.
//!
//! A bad token may be megabytes long or hold control bytes (an escape
//! sequence, a carriage return): a message shows its start, and shows each
//! control character as an escape (`\x1b`) instead of sending it to the
//! terminal.

use std::fmt::Write;

use reckon_core::HandError;
use reckon_core::number::{MOST_DIGITS, ParseNumberError};

/// The most characters of a token a message shows.
pub const MOST_SHOWN: usize = 60;

/// `token` in single quotes, [`shortened`].
pub fn quoted(token: &str) -> String {
    format!("'{}'", shortened(token))
}

/// The first [`MOST_SHOWN`] characters of `token`, then `…` if there are
/// more, with control characters escaped.
pub fn shortened(token: &str) -> String {
    let mut out = String::with_capacity(token.len().min(4 * MOST_SHOWN));
    for (i, c) in token.chars().enumerate() {
        if i == MOST_SHOWN {
            out.push('…');
            break;
        }
        push_visible(&mut out, c);
    }
    out
}

fn push_visible(out: &mut String, c: char) {
    match c {
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        '\n' => out.push_str("\\n"),
        '\0' => out.push_str("\\0"),
        c if c.is_control() && u32::from(c) < 0x100 => {
            let _ = write!(out, "\\x{:02x}", u32::from(c));
        }
        // Unicode's invisible formatting characters (a byte-order mark, a
        // right-to-left override) would hide or reorder the text around them.
        c if c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}') =>
        {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// Why a hand was refused, with the offending token quoted by [`quoted`].
pub fn hand_error(err: &HandError) -> String {
    match err {
        HandError::Number(err) => number_error(err),
        other => other.to_string(),
    }
}

/// Why a number was refused, with the offending token quoted by [`quoted`].
pub fn number_error(err: &ParseNumberError) -> String {
    match err {
        ParseNumberError::Invalid(token) => {
            format!("{} is not a number", quoted(token))
        }
        ParseNumberError::TooLarge(token) => {
            format!("{} has more than {MOST_DIGITS} digits", quoted(token))
        }
        ParseNumberError::Beyond64Bits(token) => {
            format!("{} does not fit in 64 bits (numerators and denominators lie within ±(2^63-1))", quoted(token))
        }
        ParseNumberError::ZeroDenominator(token) => format!("{} divides by zero", quoted(token)),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_tokens_are_quoted_whole() {
        assert_eq!(quoted("x"), "'x'");
        assert_eq!(quoted(""), "''");
        assert_eq!(quoted(&"a".repeat(MOST_SHOWN)), format!("'{}'", "a".repeat(MOST_SHOWN)));
    }

    #[test]
    fn long_tokens_are_cut() {
        let long = "é".repeat(10_000_000);
        assert_eq!(quoted(&long), format!("'{}…'", "é".repeat(MOST_SHOWN)));
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(quoted("\u{1b}[31mx\0\r\t"), r"'\x1b[31mx\0\r\t'");
        assert_eq!(quoted("\u{7f}\u{85}\u{feff}\u{202e}"), r"'\x7f\x85\u{feff}\u{202e}'");
    }

    #[test]
    fn number_errors_quote_the_start_of_the_token() {
        let err: ParseNumberError = "1/0".parse::<reckon_core::Rational>().unwrap_err();
        assert_eq!(number_error(&err), "'1/0' divides by zero");
        let hand: HandError = format!("1 2 {}", "x".repeat(1000)).parse::<reckon_core::Hand>().unwrap_err();
        assert!(hand_error(&hand).starts_with(&format!("'{}…' is not a number", "x".repeat(MOST_SHOWN))));
    }
}
