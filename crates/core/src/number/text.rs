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
    /// The number has more than [`MOST_DIGITS`] digits.
    #[error("'{0}' has more than {MOST_DIGITS} digits")]
    TooLarge(String),
    /// A number beyond 64-bit parts where only those are taken (see
    /// [`Rational::parse_fitting`]).
    #[error("'{0}' does not fit in 64 bits (numerators and denominators lie within ±(2^63-1))")]
    Beyond64Bits(String),
    /// A fraction with a zero denominator.
    #[error("'{0}' divides by zero")]
    ZeroDenominator(String),
}

/// The most digits a number may be written with: past some hundreds of
/// thousands, reading one would take longer than any search with it.
pub const MOST_DIGITS: usize = 10_000;

impl FromStr for Rational {
    type Err = ParseNumberError;

    /// Accepts whole numbers (`-3`), fractions (`7/2`, `-7/2`) and decimals
    /// (`2.5`), of any size up to [`MOST_DIGITS`] digits.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(text, true)
    }
}

impl Rational {
    /// Reads a number as [`FromStr`] does, but refuses one beyond 64-bit
    /// parts instead of keeping it for the process: for a server, whose
    /// requests must not grow what the process keeps.
    ///
    /// ```
    /// use reckon_core::Rational;
    /// assert_eq!(Rational::parse_fitting("-7/2").unwrap().to_string(), "-7/2");
    /// assert!(Rational::parse_fitting("9223372036854775808").is_err());
    /// ```
    pub fn parse_fitting(text: &str) -> Result<Rational, ParseNumberError> {
        parse(text, false)
    }
}

/// A number read from `text`; beyond 64-bit parts, kept if `keep`, else
/// refused. Nearly every card is a plain whole number, read where the
/// caller is; the rest out of line.
#[inline]
fn parse(text: &str, keep: bool) -> Result<Rational, ParseNumberError> {
    match plain_whole_number(text) {
        Some(whole) => Ok(Rational::from_integer(whole)),
        None => parse_any(text, keep),
    }
}

/// [`parse`] of anything but a plain whole number.
#[inline(never)]
fn parse_any(text: &str, keep: bool) -> Result<Rational, ParseNumberError> {
    let s = text.trim();
    if s.is_empty() {
        return Err(ParseNumberError::Empty);
    }
    let invalid = || ParseNumberError::Invalid(s.to_owned());
    if s.bytes().filter(u8::is_ascii_digit).count() > MOST_DIGITS {
        return Err(ParseNumberError::TooLarge(s.to_owned()));
    }
    if let Some((n, d)) = s.split_once('/') {
        let num = parse_decimal(n.trim(), s, keep)?;
        let den = parse_decimal(d.trim(), s, keep)?;
        if den.is_zero() {
            return Err(ParseNumberError::ZeroDenominator(s.to_owned()));
        }
        if d.trim().starts_with(['-', '+']) {
            return Err(invalid());
        }
        return match num.checked_div(den) {
            Some(quotient) => Ok(quotient),
            None if keep => Ok(Rational::from_big(&(num.to_big() / den.to_big()))),
            None => Err(ParseNumberError::Beyond64Bits(s.to_owned())),
        };
    }
    parse_decimal(s, s, keep)
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

/// Parses `-12`, `+7` or `2.50` exactly; `whole` is the token quoted in
/// errors; beyond 64-bit parts, kept if `keep`, else refused.
fn parse_decimal(s: &str, whole: &str, keep: bool) -> Result<Rational, ParseNumberError> {
    let invalid = || ParseNumberError::Invalid(whole.to_owned());
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
    let mut num: Option<i64> = Some(0);
    for b in int_part.bytes().chain(frac_part.bytes()) {
        num = num.and_then(|n| n.checked_mul(10)?.checked_add(i64::from(b - b'0')));
    }
    let den = u32::try_from(frac_part.len()).ok().and_then(|k| 10i64.checked_pow(k));
    match (num, den) {
        // A whole number, as nearly every card is: nothing to reduce.
        (Some(num), _) if frac_part.is_empty() => Ok(Rational::from_integer(if negative { -num } else { num })),
        (Some(num), Some(den)) => Ok(Rational::new(if negative { -num } else { num }, den).expect("a power of ten")),
        _ if keep => Ok(big_decimal(negative, int_part, frac_part)),
        _ => Err(ParseNumberError::Beyond64Bits(whole.to_owned())),
    }
}

/// The decimal `int_part.frac_part`, digits only, beyond 64-bit parts.
#[cold]
fn big_decimal(negative: bool, int_part: &str, frac_part: &str) -> Rational {
    let digits = format!("{int_part}{frac_part}");
    let num: BigInt = digits.parse().expect("digits only");
    let den = num_traits::pow(BigInt::from(10), frac_part.len());
    let value = BigRational::new(if negative { -num } else { num }, den);
    Rational::from_big(&value)
}
