//! Numbers read from text: whole numbers, fractions and decimals, exactly.

use super::*;

/// Why a piece of text is not a number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseNumberError {
    /// The text is empty.
    #[error("empty number")]
    Empty,
    /// The text is not a whole number, fraction or decimal.
    #[error("'{0}' is not a number")]
    Invalid(String),
    /// The value does not fit in 64-bit parts.
    #[error("'{0}' does not fit in 64 bits (numerators and denominators lie within ±(2^63-1))")]
    TooLarge(String),
    /// A fraction with a zero denominator.
    #[error("'{0}' divides by zero")]
    ZeroDenominator(String),
}

impl FromStr for Rational {
    type Err = ParseNumberError;

    /// Accepts whole numbers (`-3`), fractions (`7/2`, `-7/2`) and decimals (`2.5`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if let Some(whole) = plain_whole_number(text) {
            return Ok(Rational::from_integer(whole));
        }
        let s = text.trim();
        if s.is_empty() {
            return Err(ParseNumberError::Empty);
        }
        let invalid = || ParseNumberError::Invalid(s.to_owned());
        let too_large = || ParseNumberError::TooLarge(s.to_owned());
        if let Some((n, d)) = s.split_once('/') {
            let num = parse_decimal(n.trim(), s)?;
            let den = parse_decimal(d.trim(), s)?;
            if den.is_zero() {
                return Err(ParseNumberError::ZeroDenominator(s.to_owned()));
            }
            if d.trim().starts_with(['-', '+']) {
                return Err(invalid());
            }
            return num.checked_div(den).ok_or_else(too_large);
        }
        parse_decimal(s, s)
    }
}

/// `-12` or `7`, digits that cannot overflow: how nearly every card is
/// written, read without the general parser's searches.
fn plain_whole_number(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', digits @ ..] => (true, digits),
        digits => (false, digits),
    };
    // Eighteen digits stay below 2^63.
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let whole = digits.iter().fold(0i64, |n, &digit| n * 10 + i64::from(digit - b'0'));
    Some(if negative { -whole } else { whole })
}

/// Parses `-12`, `+7` or `2.50` exactly; `whole` is the token quoted in errors.
fn parse_decimal(s: &str, whole: &str) -> Result<Rational, ParseNumberError> {
    let invalid = || ParseNumberError::Invalid(whole.to_owned());
    let too_large = || ParseNumberError::TooLarge(whole.to_owned());
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
    if int_part.is_empty() && frac_part.is_empty()
        || !int_part.bytes().all(|b| b.is_ascii_digit())
        || !frac_part.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(invalid());
    }
    let mut num: i64 = 0;
    for b in int_part.bytes().chain(frac_part.bytes()) {
        num = num.checked_mul(10).and_then(|n| n.checked_add(i64::from(b - b'0'))).ok_or_else(too_large)?;
    }
    let num = if negative { -num } else { num };
    if frac_part.is_empty() {
        // A whole number, as nearly every card is: nothing to reduce.
        return Ok(Rational::from_integer(num));
    }
    let den = u32::try_from(frac_part.len()).ok().and_then(|k| 10i64.checked_pow(k)).ok_or_else(too_large)?;
    Rational::new(num, den).ok_or_else(too_large)
}
