//! The distinct expressions over symbols, built part by part.
//!
//! The `function` list follows the structure the formula counts (see
//! `formula`): every part up to sign on every subset of the symbols, then
//! every sum and product on the whole set with every writable sign. The
//! `syntax` list builds the trees, one per order of the operands of `-`
//! and `/`.

use reckon_core::Expr;
use reckon_core::rules::Op;

/// The letter that stands for symbol `i`: `a`, `b`, `c`, ...
fn letter(i: usize) -> char {
    char::from(b'a' + u8::try_from(i).expect("a symbol per letter"))
}

/// One part of a normal form up to sign, on the symbols of `mask`.
#[derive(Clone)]
struct Part {
    mask: usize,
    /// The part written with its usual sign.
    text: String,
    /// The part with the other sign, if it can be written.
    negated: Option<String>,
    /// A sum, bracketed as a factor.
    sum: bool,
}

impl Part {
    fn symbol(i: usize) -> Part {
        Part { mask: 1 << i, text: letter(i).to_string(), negated: None, sum: false }
    }

    /// As a factor of a product: a sum in brackets.
    fn as_factor(&self, text: &str) -> String {
        if self.sum { format!("({text})") } else { text.to_owned() }
    }
}

/// Larger parts first, then the one with the earlier letter.
fn written_order(mask: usize) -> (std::cmp::Reverse<u32>, u32) {
    (std::cmp::Reverse(mask.count_ones()), mask.trailing_zeros())
}

/// The `function` classes over `n` symbols, each written once.
pub(super) fn function(n: usize) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    let full = (1usize << n) - 1;
    // terms[mask]: symbols and products; factors[mask]: symbols and sums.
    let mut terms: Vec<Vec<Part>> = vec![Vec::new(); full + 1];
    let mut factors: Vec<Vec<Part>> = vec![Vec::new(); full + 1];
    let mut masks: Vec<usize> = (1..=full).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        if mask.is_power_of_two() {
            let symbol = Part::symbol(mask.trailing_zeros() as usize);
            terms[mask].push(symbol.clone());
            factors[mask].push(symbol);
            continue;
        }
        let mut sums = Vec::new();
        let mut products = Vec::new();
        for blocks in partitions(mask).into_iter().filter(|blocks| blocks.len() >= 2) {
            for_each_choice(&blocks, &terms, |chosen| add_sums(mask, chosen, &mut sums));
            for_each_choice(&blocks, &factors, |chosen| add_products(mask, chosen, &mut products));
        }
        terms[mask] = products;
        factors[mask] = sums;
    }
    let whole = if n == 1 { &terms[full] } else { &factors[full] };
    let others = if n == 1 { &[][..] } else { &terms[full][..] };
    whole.iter().chain(others).flat_map(|part| std::iter::once(part.text.clone()).chain(part.negated.clone())).collect()
}

/// The sums of one part on each block, up to sign: 2^(k-1) of them, each
/// with both signs unless every term is one-signed and added.
fn add_sums(mask: usize, chosen: &[&Part], sums: &mut Vec<Part>) {
    let k = chosen.len();
    let all = (1usize << k) - 1;
    let one_signed = chosen.iter().all(|part| part.negated.is_none());
    // Bit i of a pattern: part i is subtracted. The first part is added
    // in the pattern or in its negation.
    for pattern in (0..all).step_by(2) {
        let flipped = all ^ pattern;
        let usual = if flipped.count_ones() < pattern.count_ones() { flipped } else { pattern };
        let text = write_sum(chosen, usual);
        let negated = (!(one_signed && pattern == 0)).then(|| write_sum(chosen, all ^ usual));
        sums.push(Part { mask, text, negated, sum: true });
    }
}

/// A sum with the parts in `subtracted` subtracted: added terms first.
/// With none added, a two-signed term is added with the other sign.
fn write_sum(chosen: &[&Part], subtracted: usize) -> String {
    let mut order: Vec<usize> = (0..chosen.len()).collect();
    order.sort_by_key(|&i| written_order(chosen[i].mask));
    let mut added: Vec<&str> = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    for &i in &order {
        if subtracted >> i & 1 == 0 {
            added.push(&chosen[i].text);
        }
    }
    let mut flipped_one = added.is_empty();
    for &i in &order {
        if subtracted >> i & 1 == 1 {
            match &chosen[i].negated {
                Some(negated) if flipped_one => {
                    flipped_one = false;
                    added.push(negated);
                }
                _ => taken.push(&chosen[i].text),
            }
        }
    }
    debug_assert!(!flipped_one, "an all-subtracted sum of one-signed terms");
    let mut text = added.join("+");
    for term in taken {
        text.push('-');
        text.push_str(term);
    }
    text
}

/// The products of one part on each block: 2^m − 1 of them (not all
/// divided), with both signs if some factor has.
fn add_products(mask: usize, chosen: &[&Part], products: &mut Vec<Part>) {
    let mut order: Vec<&Part> = chosen.to_vec();
    order.sort_by_key(|part| written_order(part.mask));
    let m = order.len();
    let all = (1usize << m) - 1;
    let flippable = order.iter().position(|part| part.negated.is_some());
    for divided in 0..all {
        let write = |flip: Option<usize>| {
            let factor = |i: usize| {
                let part = order[i];
                let text = if flip == Some(i) { part.negated.as_deref().expect("two-signed") } else { &part.text };
                part.as_factor(text)
            };
            let mut text = (0..m).filter(|i| divided >> i & 1 == 0).map(factor).collect::<Vec<_>>().join("*");
            for i in (0..m).filter(|i| divided >> i & 1 == 1) {
                text.push('/');
                text.push_str(&factor(i));
            }
            text
        };
        products.push(Part { mask, text: write(None), negated: flippable.map(|i| write(Some(i))), sum: false });
    }
}

/// Calls `visit` with every choice of one part on each block.
fn for_each_choice<'a>(blocks: &[usize], parts: &'a [Vec<Part>], mut visit: impl FnMut(&[&'a Part])) {
    let mut at = vec![0usize; blocks.len()];
    let mut chosen: Vec<&Part> = blocks.iter().map(|&b| &parts[b][0]).collect();
    loop {
        visit(&chosen);
        // The next choice, as an odometer over the blocks.
        let mut i = 0;
        loop {
            if i == blocks.len() {
                return;
            }
            at[i] += 1;
            if at[i] < parts[blocks[i]].len() {
                chosen[i] = &parts[blocks[i]][at[i]];
                break;
            }
            at[i] = 0;
            chosen[i] = &parts[blocks[i]][0];
            i += 1;
        }
    }
}

/// The set partitions of `mask`, each a list of blocks, the block of the
/// lowest symbol first.
fn partitions(mask: usize) -> Vec<Vec<usize>> {
    if mask == 0 {
        return vec![Vec::new()];
    }
    let low = mask & mask.wrapping_neg();
    let rest = mask ^ low;
    let mut found = Vec::new();
    // Every subset of the rest joins the lowest symbol in its block.
    let mut with = rest;
    loop {
        let block = low | with;
        for mut others in partitions(mask ^ block) {
            others.insert(0, block);
            found.push(others);
        }
        if with == 0 {
            break;
        }
        with = (with - 1) & rest;
    }
    found
}

/// The `syntax` classes over `n` symbols: every tree, the operands of `+`
/// and `*` in one order, written with the brackets of its grouping.
pub(super) fn syntax(n: usize) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    let full = (1usize << n) - 1;
    let mut trees: Vec<Vec<Expr>> = vec![Vec::new(); full + 1];
    let mut masks: Vec<usize> = (1..=full).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        if mask.is_power_of_two() {
            let i = mask.trailing_zeros() as usize;
            trees[mask].push(Expr::int(i64::try_from(i).expect("few symbols")));
            continue;
        }
        let low = mask & mask.wrapping_neg();
        let mut made = Vec::new();
        let mut left = (mask - 1) & mask;
        while left > 0 {
            if left & low != 0 {
                // Larger operand first, the lowest symbol's on a tie.
                let (first, second) = if written_order(left) <= written_order(mask ^ left) {
                    (left, mask ^ left)
                } else {
                    (mask ^ left, left)
                };
                for a in &trees[first] {
                    for b in &trees[second] {
                        for (op, x, y) in Op::pairings(a, b) {
                            made.push(Expr::binary(op, x.clone(), y.clone()));
                        }
                    }
                }
            }
            left = (left - 1) & mask;
        }
        trees[mask] = made;
    }
    // Symbol i is the card i, a single digit: its letter replaces it.
    let lettered =
        |e: &Expr| e.grouped().to_string().chars().map(|c| c.to_digit(10).map_or(c, |d| letter(d as usize))).collect();
    trees[full].iter().map(lettered).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_partitions_are_bell_numbers() {
        let bell: Vec<usize> = (0..=6).map(|n| partitions((1 << n) - 1).len()).collect();
        assert_eq!(bell, [1, 1, 2, 5, 15, 52, 203]);
    }

    #[test]
    fn two_symbols() {
        let mut listed = function(2);
        listed.sort();
        assert_eq!(listed, ["a*b", "a+b", "a-b", "a/b", "b-a", "b/a"]);
        let mut listed = syntax(2);
        listed.sort();
        assert_eq!(listed, ["a*b", "a+b", "a-b", "a/b", "b-a", "b/a"]);
    }

    /// Signs move into the two-signed parts: a sum whose every term is
    /// subtracted adds one of them with the other sign.
    #[test]
    fn signs_move_into_two_signed_parts() {
        let listed = function(3);
        for text in ["a+b-c", "c-a-b", "(a-b)*c", "(b-a)*c", "c/(a-b)", "c/(b-a)", "a*b-c", "c-a*b"] {
            assert!(listed.iter().any(|t| t == text), "{text} in {listed:?}");
        }
        let listed = function(4);
        for text in ["(a-b)*c+d", "(b-a)*c-d", "d-(a-b)*c", "(a-b)*c-d"] {
            assert!(listed.iter().any(|t| t == text), "{text}");
        }
    }
}
