//! Listing every distinct (`4nums`) solution.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reckon_benches::{
    DISTINCT_FOUR_CARD_SOLUTIONS, RAW_FOUR_CARD_SOLUTIONS, all_hands, count_distinct_all, distinct_all,
    distinct_all_by_oracle, raw_all, target,
};
use reckon_canonical::{Level, distinct_solutions};
use reckon_core::{Hand, Rational, Rules};

fn every_hand(c: &mut Criterion) {
    let hands = all_hands(4, 1, 13);
    let mut group = c.benchmark_group("all distinct solutions of 1820 hands, 4 cards 1..13, target 24");
    group.throughput(Throughput::Elements(hands.len() as u64));
    // Forty samples of a few milliseconds fit the default five seconds,
    // and their median stays put through a burst of the machine's other
    // work that would move the median of ten.
    group.sample_size(40);
    group.bench_function("reckon", |b| {
        b.iter(|| assert_eq!(distinct_all(black_box(&hands), target(24)), DISTINCT_FOUR_CARD_SOLUTIONS))
    });
    // Its stages, so that a run says where the listing's time goes: the
    // raw solutions alone, then with their classes counted as well.
    group.bench_function("stage: raw solutions", |b| {
        b.iter(|| assert_eq!(raw_all(black_box(&hands), target(24)), RAW_FOUR_CARD_SOLUTIONS))
    });
    group.bench_function("stage: classes counted", |b| {
        b.iter(|| assert_eq!(count_distinct_all(black_box(&hands), target(24)), DISTINCT_FOUR_CARD_SOLUTIONS))
    });
    // A pass of the oracle takes seconds: ten samples.
    group.sample_size(10);
    group.bench_function("oracle", |b| {
        b.iter(|| assert_eq!(distinct_all_by_oracle(black_box(&hands), target(24)), DISTINCT_FOUR_CARD_SOLUTIONS))
    });
    group.finish();
}

fn one_countdown_game(c: &mut Criterion) {
    let hand: Hand = "1 3 7 10 25 50".parse().unwrap();
    let rules = Rules::countdown(Rational::from_integer(765));
    let mut group = c.benchmark_group("one Countdown game, all distinct solutions: 1 3 7 10 25 50 -> 765");
    group.throughput(Throughput::Elements(1));
    group.bench_function("reckon", |b| b.iter(|| distinct_solutions(black_box(&hand), &rules, Level::FourNums).len()));
    group.finish();
}

criterion_group!(benches, every_hand, one_countdown_game);
criterion_main!(benches);
