//! Cards and targets beyond 64-bit parts, kept once for the process.
//!
//! A [`Rational`] is `Copy` and 16 bytes so that hands, rules and
//! expressions stay cheap to pass around and the engines' inner loops
//! stay tight. A card like `2^62 * 2^62` still has to be one: it is kept
//! here, once per distinct value, and the rational names it by its place.
//! Such a rational has a negative denominator field (which no 64-bit
//! rational has): `-(place + 1)`, with the value's sign in the numerator
//! field, so that a kept value is never zero, shows its sign, and equals
//! another rational exactly when the two are the same value (each value is
//! kept at one place only).
//!
//! Kept values are never freed: they come from what a user typed or a
//! program built, and from the few answers given about them (the values
//! nearest a large target), never from the engines' intermediate results,
//! which stay [`BigRational`]s. The web server refuses numbers beyond 64
//! bits before reading them, so no request can grow this store.

use std::sync::{LazyLock, RwLock};

use hashbrown::HashMap;

use super::{BigRational, NonZeroI64, Rational};

/// Every value kept so far, by place, and the place of each.
#[derive(Debug, Default)]
struct Kept {
    values: Vec<&'static BigRational>,
    places: HashMap<&'static BigRational, usize>,
}

static KEPT: LazyLock<RwLock<Kept>> = LazyLock::new(RwLock::default);

/// The rational that names `big`, a value that does not fit in 64-bit
/// parts, keeping it if it is new.
pub(super) fn keep(big: &BigRational) -> Rational {
    debug_assert!(Rational::fitting(big).is_none());
    let sign = if big.numer().sign() == num_bigint::Sign::Minus { -1 } else { 1 };
    let named = |place: usize| {
        let den =
            i64::try_from(place).ok().and_then(|place| place.checked_add(1)).expect("fewer than 2^63 kept values");
        Rational { num: sign, den: NonZeroI64::new(-den).expect("a place plus one is never zero") }
    };
    // A value read again (a batch of hands with the same large card) is
    // found under the read lock alone.
    if let Some(&place) = KEPT.read().unwrap_or_else(|poisoned| poisoned.into_inner()).places.get(big) {
        return named(place);
    }
    let mut kept = KEPT.write().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&place) = kept.places.get(big) {
        return named(place);
    }
    let value: &'static BigRational = Box::leak(Box::new(big.clone()));
    let place = kept.values.len();
    kept.values.push(value);
    kept.places.insert(value, place);
    named(place)
}

/// Is the value a kept rational names whole? Out of line, so that
/// [`Rational::is_integer`] stays a test or two where it is called.
#[cold]
#[inline(never)]
pub(super) fn is_integer(r: Rational) -> bool {
    value_of(r).is_integer()
}

/// The value a kept rational names.
#[cold]
#[inline(never)]
pub(super) fn value_of(r: Rational) -> &'static BigRational {
    let place = usize::try_from(-r.den.get() - 1).expect("a kept rational's place");
    KEPT.read().unwrap_or_else(|poisoned| poisoned.into_inner()).values[place]
}
