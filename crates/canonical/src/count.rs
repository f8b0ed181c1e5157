//! Counting distinct expressions over symbolic operands.
//!
//! Over `n` distinct symbols, each used once, how many expressions are
//! there at a level? The published answers check the levels: `syntax`
//! gives 6^(n-1)·(2n-3)!!, `function` gives OEIS A140606.

use hashbrown::HashSet;

use crate::field::{self, Fingerprint, FingerprintHasher, POINTS, Points};
use crate::level::Level;

/// The number of distinct expressions over `n` distinct symbolic operands,
/// each used exactly once, at `level`.
///
/// Operands are symbols, so no value-dependent identity applies and the
/// `4nums` level counts the same as `function`. Classes are built up by
/// subset of the symbols, combining one representative per class of each
/// side, which is exact because every level is a congruence.
///
/// At the `function` level a class is a rational function of the symbols
/// and is represented by its fingerprint, its values at two random points
/// of the field of 2^61-1 (fixed seeds, so the count is deterministic):
/// no tree is built and n = 7 (27,914,126 classes) takes seconds. For the
/// classes of this count a collision has odds below 10^-19.
///
/// At the `syntax` level no two trees over distinct symbols are the same
/// once the operands of `+` and `*` are ordered, so the classes over a set
/// of symbols are counted, not built: each split into two parts gives
/// `a+b`, `a*b`, `a-b`, `b-a`, `a/b` and `b/a` for every class of each
/// part (n = 7 has 484,989,120; building them would take tens of GB).
/// The tests build them and compare exact keys up to n = 5.
///
/// # Panics
///
/// If the count does not fit in 64 bits: beyond n = 12 at the `syntax`
/// level (the `function` level takes far too long before that).
///
/// ```
/// use reckon_canonical::{count_expressions, Level};
/// assert_eq!(count_expressions(3, Level::Syntax), 108);
/// assert_eq!(count_expressions(4, Level::Function), 1170);
/// ```
pub fn count_expressions(n: usize, level: Level) -> u64 {
    match level {
        Level::Syntax => count_syntax(n),
        Level::Function | Level::FourNums => count_by_fingerprints(n),
    }
}

/// The syntax-level count by construction: over a set of `k` symbols,
/// each unordered split into parts of `j` and `k - j` symbols adds six
/// trees per pair of their trees.
fn count_syntax(n: usize) -> u64 {
    // by_size[k]: the trees over a set of k symbols.
    let mut by_size: Vec<u64> = vec![0, 1];
    let choose = |k: u64, j: u64| (1..=j).fold(1u64, |acc, i| acc * (k - j + i) / i);
    for k in 2..=n {
        // Ordered splits, each unordered one twice: halve at the end.
        let ordered = (1..k).try_fold(0u64, |acc, j| {
            let ways = choose(k as u64, j as u64).checked_mul(by_size[j])?.checked_mul(by_size[k - j])?;
            acc.checked_add(ways.checked_mul(6)?)
        });
        by_size.push(ordered.expect("the syntax count fits in 64 bits") / 2);
    }
    by_size.get(n).copied().unwrap_or(0)
}

/// The seeds of the evaluation points, tried in turn: a point where some
/// class over a proper subset vanishes cannot divide by that class, so the
/// count starts again at the next seed rather than lose the class.
const SEEDS: [u64; 4] = [0x5eed_a140_606f_0001, 0x5eed_a140_606f_0002, 0x5eed_a140_606f_0003, 0x5eed_a140_606f_0004];

fn count_by_fingerprints(n: usize) -> u64 {
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
    use crate::key::{Key, key};

    /// The same count by building one representative tree per class and
    /// comparing exact keys: slow, but independent of the fingerprints and of
    /// the syntax count's arithmetic; the tests compare them.
    fn count_by_keys(n: usize, level: Level) -> u64 {
        let level = match level {
            Level::FourNums => Level::Function,
            other => other,
        };
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
                                    prints.insert(fingerprint(&k));
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

    fn fingerprint(k: &Key) -> u128 {
        let half = |seed: u64| {
            let mut h = DefaultHasher::new();
            seed.hash(&mut h);
            k.hash(&mut h);
            h.finish()
        };
        (u128::from(half(0x5eed_0001)) << 64) | u128::from(half(0x5eed_0002))
    }

    #[test]
    fn syntax_counts_are_6_pow_times_double_factorial() {
        let closed = |n: u64| 6u64.pow(n as u32 - 1) * (1..n).map(|i| 2 * i - 1).product::<u64>().max(1);
        for n in 1..=12 {
            assert_eq!(count_expressions(n as usize, Level::Syntax), closed(n), "n = {n}");
        }
        assert_eq!(count_expressions(7, Level::Syntax), 484_989_120);
    }

    /// Counting the syntax classes is building them: the trees, told
    /// apart by their exact keys, are as many.
    #[test]
    fn syntax_counts_agree_with_exact_keys() {
        for n in 1..=5 {
            assert_eq!(count_syntax(n), count_by_keys(n, Level::Syntax), "n = {n}");
        }
    }

    #[test]
    fn fingerprints_agree_with_exact_keys() {
        for n in 1..=6 {
            assert_eq!(count_by_fingerprints(n), count_by_keys(n, Level::Function), "n = {n}");
        }
    }

    #[test]
    fn every_seed_gives_the_same_count() {
        for seed in SEEDS {
            assert_eq!(count_at_points(5, seed), Some(27142));
        }
    }

    #[test]
    fn function_counts_start_a140606() {
        let counts: Vec<u64> = (1..=4).map(|n| count_expressions(n, Level::Function)).collect();
        assert_eq!(counts, [1, 6, 68, 1170]);
    }
}
