//! The counts by formula, exact for any number of symbols.
//!
//! At the `function` level an expression over a set of symbols is, in
//! normal form, a single symbol, a *sum* or a *product*. A sum is a set
//! partition of the symbols into two or more blocks, each holding a term
//! (a symbol or a product) with a sign; a product is a partition into two
//! or more blocks, each holding a factor (a symbol or a sum) multiplied or
//! divided. Two normal forms are the same function exactly when they have
//! the same blocks, the same parts on them and the same signs, up to the
//! sign of the whole: so the count is over set partitions, a binomial
//! convolution, with care for which signs can be written.
//!
//! A part is counted *up to sign* (`a-b` and `b-a` are one part with two
//! signs) and is either *two-signed*, both signs writable, or *one-signed*:
//! a symbol, a sum all of whose terms are added and one-signed (`a+b*c`),
//! a product of one-signed factors. A sum of k terms has 2^k sign patterns;
//! only the all-subtracted one of one-signed terms cannot be written, so it
//! gives 2^(k-1) parts up to sign, one of them one-signed when every term
//! is. A product of m factors has 2^m − 1 patterns (not all divided), its
//! sign moving to any two-signed factor (`(a-b)/(c-d) = (b-a)/(d-c)`), and
//! is two-signed when some factor is. The functions are then the parts,
//! twice each two-signed one.
//!
//! In exponential generating functions over the symbols, with T the terms
//! and F the factors (the one-signed ones T₁, F₁), and x a single symbol:
//!
//! ```text
//! sums      S = (e^(2T) − 1 − 2T) / 2       S₁ = e^(T₁) − 1 − T₁
//! products  P = e^(2F) − e^F − F            P₁ = e^(2F₁) − e^(F₁) − F₁
//! terms     T = x + P    T₁ = x + P₁        factors  F = x + S    F₁ = x + S₁
//! functions   = x + 2S − S₁ + 2P − P₁
//! ```
//!
//! The `syntax` level has the closed form 6^(n-1)·(2n-3)!!.

use num_bigint::BigUint;

/// The number of functions over `n` distinct symbols, each used once
/// (OEIS A140606); 0 for no symbols.
pub(super) fn function_count(n: usize) -> BigUint {
    if n == 0 {
        return BigUint::ZERO;
    }
    let binomials = pascal(n);
    // Parts on a k-set, by kind, indexed by k.
    let mut terms = Series::default();
    let mut factors = Series::default();
    // The set partitions into blocks of one kind, each block weighted by
    // its choices: a term added or subtracted (halved at the end: a sum
    // is counted up to sign; a one-signed sum adds every term), a factor
    // multiplied or divided, less the patterns where every factor is
    // divided.
    let mut into_added_or_subtracted_terms = Partitions::new(2);
    let mut into_one_signed_terms = Partitions::new(1);
    let mut into_multiplied_or_divided_factors = Partitions::new(2);
    let mut into_divided_factors = Partitions::new(1);
    let mut into_multiplied_or_divided_one_signed_factors = Partitions::new(2);
    let mut into_divided_one_signed_factors = Partitions::new(1);
    let mut functions = BigUint::from(1u32);
    for k in 1..=n {
        let blocks = &binomials[k - 1];
        let (sums, products) = if k == 1 {
            // A single symbol is both a term and a factor, one-signed.
            (Parts::default(), Parts::default())
        } else {
            let sums = Parts {
                all: into_added_or_subtracted_terms.several_blocks(k, blocks) / 2u32,
                one_signed: into_one_signed_terms.several_blocks(k, blocks),
            };
            let products = Parts {
                all: into_multiplied_or_divided_factors.several_blocks(k, blocks)
                    - into_divided_factors.several_blocks(k, blocks),
                one_signed: into_multiplied_or_divided_one_signed_factors.several_blocks(k, blocks)
                    - into_divided_one_signed_factors.several_blocks(k, blocks),
            };
            if k == n {
                functions = sums.functions() + products.functions();
            }
            (sums, products)
        };
        let symbol = Parts { all: BigUint::from(u32::from(k == 1)), one_signed: BigUint::from(u32::from(k == 1)) };
        terms.push(&symbol, &products);
        factors.push(&symbol, &sums);
        into_added_or_subtracted_terms.push(k, &terms.all, blocks);
        into_one_signed_terms.push(k, &terms.one_signed, blocks);
        into_multiplied_or_divided_factors.push(k, &factors.all, blocks);
        into_divided_factors.push(k, &factors.all, blocks);
        into_multiplied_or_divided_one_signed_factors.push(k, &factors.one_signed, blocks);
        into_divided_one_signed_factors.push(k, &factors.one_signed, blocks);
    }
    functions
}

/// The number of trees over `n` distinct symbols up to the order of the
/// operands of `+` and `*`: 6^(n-1)·(2n-3)!!; 0 for no symbols.
pub(super) fn syntax_count(n: usize) -> BigUint {
    if n == 0 {
        return BigUint::ZERO;
    }
    let odd_factorial: BigUint = (1..n).map(|i| BigUint::from(2 * i - 1)).product();
    BigUint::from(6u32).pow(n as u32 - 1) * odd_factorial
}

/// Parts of one kind on a set of symbols, counted up to sign.
#[derive(Default)]
struct Parts {
    all: BigUint,
    one_signed: BigUint,
}

impl Parts {
    /// The functions they are: one per one-signed part, two per other.
    fn functions(&self) -> BigUint {
        &self.all * 2u32 - &self.one_signed
    }
}

/// The parts of a kind on sets of each size (index 0 unused).
#[derive(Default)]
struct Series {
    all: Vec<BigUint>,
    one_signed: Vec<BigUint>,
}

impl Series {
    fn push(&mut self, a: &Parts, b: &Parts) {
        if self.all.is_empty() {
            self.all.push(BigUint::ZERO);
            self.one_signed.push(BigUint::ZERO);
        }
        self.all.push(&a.all + &b.all);
        self.one_signed.push(&a.one_signed + &b.one_signed);
    }
}

/// The set partitions of a k-set for each k, each block holding one of
/// `weight` times the parts on it: the coefficients of e^(weight·A).
struct Partitions {
    weight: u32,
    /// `weight` times the parts on a block of each size (index 0 unused).
    block: Vec<BigUint>,
    /// The weighted partitions of a set of each size.
    whole: Vec<BigUint>,
}

impl Partitions {
    fn new(weight: u32) -> Partitions {
        Partitions { weight, block: vec![BigUint::ZERO], whole: vec![BigUint::from(1u32)] }
    }

    /// The weighted partitions of a k-set into two blocks or more, from
    /// the block sizes below k: the block holding a chosen symbol has j
    /// symbols, `blocks[j - 1]` ways, and the rest is partitioned anyhow.
    fn several_blocks(&self, k: usize, blocks: &[BigUint]) -> BigUint {
        (1..k).map(|j| &blocks[j - 1] * &self.block[j] * &self.whole[k - j]).sum()
    }

    /// Records the parts on a k-set, completing the partitions of a k-set.
    fn push(&mut self, k: usize, parts: &[BigUint], blocks: &[BigUint]) {
        debug_assert_eq!(self.block.len(), k);
        self.block.push(&parts[k] * self.weight);
        let several = self.several_blocks(k, blocks);
        self.whole.push(several + &self.block[k]);
    }
}

/// The rows 0 to `n - 1` of Pascal's triangle: `rows[m][j]` is m choose j.
fn pascal(n: usize) -> Vec<Vec<BigUint>> {
    let mut rows: Vec<Vec<BigUint>> = vec![vec![BigUint::from(1u32)]];
    while rows.len() < n {
        let last = rows.last().expect("a row");
        let mut row = vec![BigUint::from(1u32)];
        row.extend(last.windows(2).map(|pair| &pair[0] + &pair[1]));
        row.push(BigUint::from(1u32));
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_function_counts() {
        let counts: Vec<BigUint> = (0..=4).map(function_count).collect();
        assert_eq!(counts, [0u32, 1, 6, 68, 1170].map(BigUint::from));
    }

    /// Over two symbols: `a+b`, `a-b`, `b-a`, `a*b`, `a/b`, `b/a`; the
    /// sums are two parts up to sign, one of them one-signed.
    #[test]
    fn two_symbols_by_kind() {
        assert_eq!(function_count(2), BigUint::from(6u32));
    }

    /// The closed form against building: every unordered split of a set
    /// of k symbols gives six trees per pair of trees of its parts.
    #[test]
    fn syntax_closed_form_agrees_with_building() {
        let binomials = pascal(31);
        let mut built: Vec<BigUint> = vec![BigUint::ZERO, BigUint::from(1u32)];
        for k in 2..=30 {
            let ordered: BigUint = (1..k).map(|j| &binomials[k][j] * &built[j] * &built[k - j] * 6u32).sum();
            built.push(ordered / 2u32);
        }
        for (n, trees) in built.iter().enumerate() {
            assert_eq!(&syntax_count(n), trees, "n = {n}");
        }
    }

    #[test]
    fn pascal_rows() {
        let rows = pascal(5);
        assert_eq!(rows[4], [1u32, 4, 6, 4, 1].map(BigUint::from));
    }
}
