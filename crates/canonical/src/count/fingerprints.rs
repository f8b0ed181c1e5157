//! The `function` count by enumeration: every class over every subset of
//! the symbols, told apart by its fingerprint. Independent of the formula,
//! it checks it where it finishes (n = 7, 27,914,126 classes, takes
//! seconds in an optimised build).

use hashbrown::HashSet;

use crate::field::{self, Fingerprint, FingerprintHasher, POINTS, Points};

/// The seeds of the evaluation points, tried in turn: a point where some
/// class over a proper subset vanishes cannot divide by that class, so the
/// count starts again at the next seed rather than lose the class.
const SEEDS: [u64; 4] = [0x5eed_a140_606f_0001, 0x5eed_a140_606f_0002, 0x5eed_a140_606f_0003, 0x5eed_a140_606f_0004];

pub(super) fn count_by_fingerprints(n: usize) -> u64 {
    if n == 0 {
        return 0;
    }
    SEEDS
        .iter()
        .find_map(|&seed| count_at_points(n, seed))
        .expect("a vanishing class at every seed has probability below 10^-40")
}

/// The classes over one subset of the symbols: their fingerprints and the
/// fingerprints of their reciprocals (every class is a nonzero function).
#[derive(Default, Clone)]
struct SubsetFingerprints {
    prints: Vec<Fingerprint>,
    inverses: Vec<Fingerprint>,
}

/// The count with evaluation points drawn from `seed`; `None` if a class
/// that may be divided by vanishes at a point.
fn count_at_points(n: usize, seed: u64) -> Option<u64> {
    let mut points = Points::new(seed);
    // symbols[i][k]: the value of symbol i at point k.
    let symbols: Vec<Fingerprint> = (0..n).map(|_| std::array::from_fn(|_| points.next_element())).collect();
    let full = (1usize << n) - 1;
    if n == 1 {
        return Some(1);
    }
    let mut classes: Vec<SubsetFingerprints> = vec![SubsetFingerprints::default(); 1 << n];
    let mut masks: Vec<usize> = (1..full).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        let prints = if mask.is_power_of_two() {
            vec![symbols[mask.trailing_zeros() as usize]]
        } else {
            let mut seen: HashSet<Fingerprint, FingerprintHasher> = HashSet::with_hasher(FingerprintHasher::default());
            let mut found = Vec::new();
            for_each_combination(mask, &classes, |p| {
                if seen.insert(p) {
                    found.push(p);
                }
            });
            found
        };
        let inverses = field::invert_all(&prints)?;
        classes[mask] = SubsetFingerprints { prints, inverses };
    }
    let mut top = Tally::new();
    for_each_combination(full, &classes, |p| top.insert(p));
    Some(top.count())
}

/// A set of fingerprints that is only counted, split by the leading bits
/// of the fingerprint into parts small enough for the cache; fingerprints
/// wait in a short buffer per part and enter their part together, so the
/// tens of millions of top-level insertions rarely wait for main memory.
struct Tally {
    parts: Vec<HashSet<u128, FingerprintHasher>>,
    pending: Vec<Vec<u128>>,
}

impl Tally {
    const PART_BITS: u32 = 8;
    const BATCH: usize = 512;

    fn new() -> Tally {
        let parts = 1 << Self::PART_BITS;
        Tally {
            parts: vec![HashSet::with_hasher(FingerprintHasher::default()); parts],
            pending: (0..parts).map(|_| Vec::with_capacity(Self::BATCH)).collect(),
        }
    }

    fn insert(&mut self, p: Fingerprint) {
        // Field elements have 61 bits: the part is their leading bits.
        let part = (p[0] >> (61 - Self::PART_BITS)) as usize;
        let pending = &mut self.pending[part];
        pending.push(u128::from(p[0]) << 64 | u128::from(p[1]));
        if pending.len() == Self::BATCH {
            self.parts[part].extend(pending.drain(..));
        }
    }

    fn count(mut self) -> u64 {
        for (part, pending) in self.parts.iter_mut().zip(self.pending) {
            part.extend(pending);
        }
        self.parts.iter().map(|p| p.len() as u64).sum()
    }
}

/// Every `a op b` for `a`, `b` classes over the two parts of a split of
/// `mask`, each unordered split once, all six ways to combine them.
fn for_each_combination(mask: usize, classes: &[SubsetFingerprints], mut visit: impl FnMut(Fingerprint)) {
    let low = mask & mask.wrapping_neg();
    let mut left = (mask - 1) & mask;
    while left > 0 {
        if left & low != 0 {
            let (l, r) = (&classes[left], &classes[mask ^ left]);
            for (a, a_inv) in l.prints.iter().zip(&l.inverses) {
                for (b, b_inv) in r.prints.iter().zip(&r.inverses) {
                    let each = |f: &dyn Fn(usize) -> u64| -> Fingerprint { std::array::from_fn(f) };
                    visit(each(&|k| field::add(a[k], b[k])));
                    visit(each(&|k| field::mul(a[k], b[k])));
                    visit(each(&|k| field::sub(a[k], b[k])));
                    visit(each(&|k| field::sub(b[k], a[k])));
                    visit(each(&|k| field::mul(a[k], b_inv[k])));
                    visit(each(&|k| field::mul(b[k], a_inv[k])));
                }
            }
        }
        left = (left - 1) & mask;
    }
}

const _: () = assert!(POINTS == 2, "the top set packs two points into a u128");

#[cfg(test)]
mod tests {
    use std::hash::{DefaultHasher, Hash, Hasher};

    use reckon_core::Expr;
    use reckon_core::rules::Op;

    use super::*;
    use crate::count::formula;
    use crate::key::{Key, key};
    use crate::level::Level;

    /// The same count by building one representative tree per class and
    /// comparing exact keys: slow, but independent of the fingerprints and
    /// of the formulas.
    fn count_by_keys(n: usize, level: Level) -> u64 {
        if n == 0 {
            return 0;
        }
        // Symbols are the distinct "cards" 1..=n, used only as labels.
        let symbol = |i: usize| Expr::int(i64::try_from(i + 1).expect("few symbols"));
        let full = (1usize << n) - 1;
        // One representative per class, for every proper subset of symbols.
        let mut reps: Vec<Vec<Expr>> = vec![Vec::new(); 1 << n];
        let mut masks: Vec<usize> = (1..full).collect();
        masks.sort_by_key(|m| m.count_ones());
        for mask in masks.into_iter().chain([full]) {
            if mask.is_power_of_two() {
                reps[mask].push(symbol(mask.trailing_zeros() as usize));
                continue;
            }
            let top = mask == full;
            let mut seen: HashSet<Key> = HashSet::new();
            let mut prints: HashSet<u128> = HashSet::new();
            let mut found = Vec::new();
            let low = mask & mask.wrapping_neg();
            let mut left = (mask - 1) & mask;
            while left > 0 {
                if left & low != 0 {
                    let right = mask ^ left;
                    for a in &reps[left] {
                        for b in &reps[right] {
                            for (op, x, y) in Op::pairings(a, b) {
                                let e = Expr::binary(op, x.clone(), y.clone());
                                let k = key(level, &e);
                                if top {
                                    prints.insert(hashed(&k));
                                } else if seen.insert(k) {
                                    found.push(e);
                                }
                            }
                        }
                    }
                }
                left = (left - 1) & mask;
            }
            if top {
                return prints.len() as u64;
            }
            reps[mask] = found;
        }
        // n == 1: the full set is a single symbol.
        reps[full].len() as u64
    }

    fn hashed(k: &Key) -> u128 {
        let half = |seed: u64| {
            let mut h = DefaultHasher::new();
            seed.hash(&mut h);
            k.hash(&mut h);
            h.finish()
        };
        (u128::from(half(0x5eed_0001)) << 64) | u128::from(half(0x5eed_0002))
    }

    #[test]
    fn fingerprints_agree_with_exact_keys() {
        for n in 1..=6 {
            assert_eq!(count_by_fingerprints(n), count_by_keys(n, Level::Function), "n = {n}");
        }
    }

    #[test]
    fn syntax_formula_agrees_with_exact_keys() {
        for n in 1..=5 {
            assert_eq!(formula::syntax_count(n), count_by_keys(n, Level::Syntax).into(), "n = {n}");
        }
    }

    #[test]
    fn function_formula_agrees_with_enumeration() {
        for n in 0..=6 {
            assert_eq!(formula::function_count(n), count_by_fingerprints(n).into(), "n = {n}");
        }
    }

    /// About 15 s and 0.8 GB in the optimised test profile: run with
    /// `cargo test -p reckon-canonical -- --ignored`.
    #[test]
    #[ignore = "seconds and most of a gigabyte"]
    fn function_formula_agrees_with_enumeration_for_seven_symbols() {
        assert_eq!(formula::function_count(7), count_by_fingerprints(7).into());
    }

    #[test]
    fn every_seed_gives_the_same_count() {
        for seed in SEEDS {
            assert_eq!(count_at_points(5, seed), Some(27142));
        }
    }
}
