//! Writing results and diagnostics: colour on terminals only, never with NO_COLOR.

use std::io::Write;

use anstyle::{AnsiColor, Style};
use reckon_core::Rational;
use serde::Serialize;

const ERROR: Style = AnsiColor::Red.on_default().bold();

/// Prints `error: message` on stderr.
pub fn error(message: &str) {
    let _ = writeln!(anstream::stderr(), "{ERROR}error:{ERROR:#} {message}");
}

/// A number in JSON: whole numbers as numbers, fractions as strings ("7/2").
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum JsonNumber {
    Integer(i64),
    Fraction(String),
}

impl From<Rational> for JsonNumber {
    fn from(r: Rational) -> JsonNumber {
        if r.is_integer() { JsonNumber::Integer(r.numer()) } else { JsonNumber::Fraction(r.to_string()) }
    }
}

/// Serializes a value by its `Display` form, for numbers that may be fractions.
pub fn as_string<S: serde::Serializer>(value: &impl std::fmt::Display, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}
