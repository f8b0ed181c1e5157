//! Deciding hands: reckon against the brute-force oracle.
//!
//! Every group holds a `reckon` function and a baseline: the brute-force
//! `oracle` where it finishes in reasonable time, else the
//! pick-two-and-combine `search`. `cargo xtask bench` prints their ratio.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reckon_benches::{
    SOLVABLE_FIVE_CARD_HANDS, SOLVABLE_FOUR_CARD_HANDS, all_hands, decide_all, decide_all_by_oracle,
    decide_all_by_search, random_hands, target,
};

fn decide_four_cards(c: &mut Criterion) {
    let hands = all_hands(4, 1, 13);
    let mut group = c.benchmark_group("decide 1820 hands, 4 cards 1..13, target 24");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("reckon", |b| {
        b.iter(|| assert_eq!(decide_all(black_box(&hands), target(24)), SOLVABLE_FOUR_CARD_HANDS))
    });
    group.bench_function("search", |b| {
        b.iter(|| assert_eq!(decide_all_by_search(black_box(&hands), target(24)), SOLVABLE_FOUR_CARD_HANDS))
    });
    group.sample_size(10);
    group.bench_function("oracle", |b| {
        b.iter(|| assert_eq!(decide_all_by_oracle(black_box(&hands), target(24)), SOLVABLE_FOUR_CARD_HANDS))
    });
    group.finish();
}

fn decide_five_cards(c: &mut Criterion) {
    let hands = all_hands(5, 1, 13);
    let mut group = c.benchmark_group("decide 6188 hands, 5 cards 1..13, target 24");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.sample_size(10);
    group.bench_function("reckon", |b| {
        b.iter(|| assert_eq!(decide_all(black_box(&hands), target(24)), SOLVABLE_FIVE_CARD_HANDS))
    });
    // The oracle needs about a minute here; the search is the baseline.
    group.bench_function("search", |b| {
        b.iter(|| assert_eq!(decide_all_by_search(black_box(&hands), target(24)), SOLVABLE_FIVE_CARD_HANDS))
    });
    group.finish();
}

/// One hand at a time with a fresh memo, as `reckon CARDS...` solves it:
/// the depth-first search, which stops at the first solution.
fn growth(c: &mut Criterion) {
    for n in 4..=8 {
        let hands = random_hands(n, 10, n as u64);
        let mut group = c.benchmark_group(format!("10 single hands of {n} random cards 1..13, target 24"));
        group.throughput(Throughput::Elements(hands.len() as u64));
        group.sample_size(10);
        group.bench_function("reckon", |b| {
            b.iter(|| hands.iter().filter(|h| decide_all_by_search(std::slice::from_ref(*h), target(24)) == 1).count())
        });
        if n <= 5 {
            // The oracle must count what the search does, worked out once.
            let solvable = decide_all_by_search(&hands, target(24));
            group.bench_function("oracle", |b| {
                b.iter(|| assert_eq!(decide_all_by_oracle(black_box(&hands), target(24)), solvable))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, decide_four_cards, decide_five_cards, growth);
criterion_main!(benches);
