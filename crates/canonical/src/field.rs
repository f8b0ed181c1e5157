//! Fingerprints of rational functions: their values at random points of
//! the prime field of 2^61-1.
//!
//! Two equal rational functions agree at every point; two different ones
//! of degree d agree at a random point with probability at most about
//! d/2^61 (Schwartz–Zippel). Evaluating at [`POINTS`] independent points
//! makes a collision among even billions of classes astronomically
//! unlikely, and it needs only integer arithmetic and no allocation.

use std::hash::{BuildHasher, Hasher};

/// The modulus, the Mersenne prime 2^61-1: reduction is a shift and an add.
pub(crate) const P: u64 = (1 << 61) - 1;

/// How many independent points a fingerprint evaluates at.
pub(crate) const POINTS: usize = 2;

/// A rational function's values at the [`POINTS`] points, each in `0..P`.
pub(crate) type Fingerprint = [u64; POINTS];

pub(crate) fn add(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= P { s - P } else { s }
}

pub(crate) fn sub(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + P - b }
}

pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    // x = hi·2^61 + lo and 2^61 ≡ 1, so x ≡ hi + lo; both are below 2^61.
    let lo = (x as u64) & P;
    let hi = (x >> 61) as u64;
    add(lo, hi)
}

fn pow(mut base: u64, mut exp: u64) -> u64 {
    let mut acc = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul(acc, base);
        }
        base = mul(base, base);
        exp >>= 1;
    }
    acc
}

/// The inverse of a nonzero element (Fermat: a^(P-2)).
pub(crate) fn inv(a: u64) -> u64 {
    debug_assert!(a != 0, "zero has no inverse");
    pow(a, P - 2)
}

/// The inverses of `values`, point by point, with one field inversion per
/// point for the whole slice (Montgomery's trick); `None` if any value is
/// zero at some point, which for a nonzero function means an unlucky point.
pub(crate) fn invert_all(values: &[Fingerprint]) -> Option<Vec<Fingerprint>> {
    let mut out = vec![[0; POINTS]; values.len()];
    for k in 0..POINTS {
        // out[i][k] = v[0]·…·v[i-1], then the running inverse peels them off.
        let mut acc = 1;
        for (o, v) in out.iter_mut().zip(values) {
            if v[k] == 0 {
                return None;
            }
            o[k] = acc;
            acc = mul(acc, v[k]);
        }
        let mut inverse = inv(acc);
        for (o, v) in out.iter_mut().zip(values).rev() {
            o[k] = mul(o[k], inverse);
            inverse = mul(inverse, v[k]);
        }
    }
    Some(out)
}

/// A reproducible stream of field elements (SplitMix64, reduced): fixed
/// seeds make every count and every key deterministic.
#[derive(Debug, Clone)]
pub(crate) struct Points(u64);

impl Points {
    pub(crate) fn new(seed: u64) -> Points {
        Points(seed)
    }

    /// The next nonzero element.
    pub(crate) fn next_element(&mut self) -> u64 {
        loop {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            let e = (z ^ (z >> 31)) & P;
            if e != 0 && e != P {
                return e;
            }
        }
    }
}

/// A hasher for fingerprints, which are already uniformly random: one
/// multiply spreads their bits over the whole word (the top bits of a field
/// element are always zero).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FingerprintHasher(u64);

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(29) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

impl BuildHasher for FingerprintHasher {
    type Hasher = FingerprintHasher;

    fn build_hasher(&self) -> FingerprintHasher {
        FingerprintHasher(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_modular() {
        assert_eq!(add(P - 1, 2), 1);
        assert_eq!(sub(1, 2), P - 1);
        assert_eq!(mul(P - 1, P - 1), 1);
        assert_eq!(mul(1 << 40, 1 << 40), 1 << 19);
        let mut points = Points::new(7);
        for _ in 0..100 {
            let a = points.next_element();
            assert_eq!(mul(a, inv(a)), 1);
        }
    }

    #[test]
    fn batch_inverse_matches_single_and_refuses_zero() {
        let mut points = Points::new(11);
        let values: Vec<Fingerprint> = (0..10).map(|_| [points.next_element(), points.next_element()]).collect();
        let inverses = invert_all(&values).unwrap();
        for (v, i) in values.iter().zip(&inverses) {
            assert_eq!([inv(v[0]), inv(v[1])], *i);
        }
        assert_eq!(invert_all(&[[3, 0]]), None);
    }
}
