//! Numbers in JSON, both ways.
//!
//! Cards and targets may be fractions, which JSON numbers cannot carry
//! exactly, and the engine never touches floating point. So a request may
//! give a whole number as a JSON number or any number as a string (`"7/2"`,
//! `"-3"`, `"2.5"`), while a JSON number with a fractional part or an
//! exponent is refused with a hint to write it as a string. Responses write
//! whole cards as numbers and fractions as strings, like `reckon -f json`,
//! and whole numbers beyond 2^53 as strings too: the page's JavaScript
//! would round them.

use std::fmt;

use reckon_core::Rational;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::{Serialize, Serializer};

/// A card or target read from a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Num(pub Rational);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Num, D::Error> {
        deserializer.deserialize_any(NumVisitor)
    }
}

struct NumVisitor;

impl Visitor<'_> for NumVisitor {
    type Value = Num;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number, or a string such as \"7/2\"")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Num, E> {
        // As on the command line: -2^63 has no 64-bit negation.
        if v == i64::MIN {
            return Err(E::custom(format_args!("{v} does not fit in 64 bits (numbers lie within ±(2^63-1))")));
        }
        Ok(Num(Rational::from_integer(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Num, E> {
        i64::try_from(v)
            .map(|v| Num(Rational::from_integer(v)))
            .map_err(|_| E::custom(format_args!("{v} does not fit in 64 bits (numbers lie within ±(2^63-1))")))
    }

    // Never computed with: a float is not exact. JSON reads a number with
    // a point or an exponent (`7.0`, `7e0`), or beyond 64 bits, as one, so
    // its own text is gone and the message does not repeat it.
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Num, E> {
        Err(E::custom(
            "a number with a point or an exponent, or beyond 64 bits: write whole numbers as digits, \
             and fractions and decimals as strings, e.g. \"7/2\"",
        ))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Num, E> {
        // Never kept for the process: a request must not grow it.
        Rational::parse_fitting(v).map(Num).map_err(E::custom)
    }
}

/// A card in a response: a JSON number when whole, else a string (`"7/2"`).
#[derive(Clone, Copy, Debug)]
pub struct Card(pub Rational);

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.to_i64() {
            Some(whole) => Whole(whole).serialize(serializer),
            None => serializer.collect_str(&self.0),
        }
    }
}

/// The largest magnitude a JavaScript number holds exactly: 2^53 - 1.
const EXACT_IN_JAVASCRIPT: u64 = (1 << 53) - 1;

/// A whole number in a response: a JSON number, or a string beyond
/// 2^53, where the page's JavaScript would round a number. Read back
/// from either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whole(pub i64);

impl Serialize for Whole {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.unsigned_abs() <= EXACT_IN_JAVASCRIPT {
            serializer.serialize_i64(self.0)
        } else {
            serializer.collect_str(&self.0)
        }
    }
}

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Whole, D::Error> {
        deserializer.deserialize_any(WholeVisitor)
    }
}

struct WholeVisitor;

impl Visitor<'_> for WholeVisitor {
    type Value = Whole;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number, as a number or a string of digits")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Whole, E> {
        Ok(Whole(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Whole, E> {
        i64::try_from(v).map(Whole).map_err(|_| E::custom(format_args!("{v} does not fit in 64 bits")))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Whole, E> {
        let digits = v.strip_prefix('-').unwrap_or(v);
        match v.parse() {
            Ok(n) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => Ok(Whole(n)),
            _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
        }
    }
}

/// A seed: read from a JSON number or a string of digits, and written as a
/// number, or as a string beyond 2^53 (see [`Whole`]); `reckon play` prints
/// seeds up to 2^64 - 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seed(pub u64);

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 <= EXACT_IN_JAVASCRIPT { serializer.serialize_u64(self.0) } else { serializer.collect_str(&self.0) }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        deserializer.deserialize_any(SeedVisitor)
    }
}

struct SeedVisitor;

impl Visitor<'_> for SeedVisitor {
    type Value = Seed;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a seed: a whole number from 0 to 2^64 - 1, as a number or a string of digits")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Seed, E> {
        Ok(Seed(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Seed, E> {
        let digits = !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
        match v.parse() {
            Ok(seed) if digits => Ok(Seed(seed)),
            _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
        }
    }
}

/// Serializes a value by its `Display` form, for targets that may be fractions.
pub fn as_string<S: Serializer>(value: &impl fmt::Display, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Rational, String> {
        serde_json::from_str::<Num>(json).map(|n| n.0).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_whole_numbers_and_strings() {
        assert_eq!(read("24"), Ok(Rational::from_integer(24)));
        assert_eq!(read("-3"), Ok(Rational::from_integer(-3)));
        assert_eq!(read("\"7/2\""), Rational::new(7, 2).ok_or(String::new()));
        assert_eq!(read("\"2.5\""), Rational::new(5, 2).ok_or(String::new()));
    }

    #[test]
    fn refuses_floats_and_junk() {
        assert!(read("2.5").unwrap_err().contains("fractions and decimals as strings"));
        // Whole in value, but read as floats: not called fractions.
        for float in ["7.0", "7e0", "123456789012345678901234567890"] {
            assert!(read(float).unwrap_err().starts_with("a number with a point or an exponent, or beyond 64 bits"));
        }
        assert!(read("18446744073709551615").unwrap_err().contains("does not fit in 64 bits"));
        assert!(read("-9223372036854775808").unwrap_err().contains("does not fit in 64 bits"));
        assert!(read("\"x\"").unwrap_err().contains("'x' is not a number"));
        assert!(read("true").unwrap_err().contains("a whole number, or a string"));
    }

    #[test]
    fn writes_whole_cards_as_numbers() {
        let cards = [Card(Rational::from_integer(3)), Card(Rational::new(7, 2).unwrap())];
        assert_eq!(serde_json::to_string(&cards).unwrap(), r#"[3,"7/2"]"#);
    }
}
