//! The Countdown census: 13,243 selections, targets 100..=999.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reckon_benches::{SOLVABLE_COUNTDOWN_GAMES, countdown_census, countdown_census_on, countdown_selections};

fn census(c: &mut Criterion) {
    let selections = countdown_selections();
    let mut group = c.benchmark_group("Countdown census, 13243 selections x targets 100..999, one thread");
    group.throughput(Throughput::Elements(selections.len() as u64));
    group.sample_size(10);
    group.bench_function("reckon", |b| {
        b.iter(|| assert_eq!(countdown_census(black_box(&selections)), SOLVABLE_COUNTDOWN_GAMES))
    });
    group.finish();
}

/// Two threads against one, both as `reckon census` runs them.
fn census_on_two_threads(c: &mut Criterion) {
    let selections = countdown_selections();
    let mut group = c.benchmark_group("Countdown census, 13243 selections x targets 100..999, two threads");
    group.throughput(Throughput::Elements(selections.len() as u64));
    group.sample_size(10);
    group.bench_function("reckon", |b| {
        b.iter(|| assert_eq!(countdown_census_on(black_box(&selections), 2), SOLVABLE_COUNTDOWN_GAMES))
    });
    group.bench_function("one thread", |b| {
        b.iter(|| assert_eq!(countdown_census_on(black_box(&selections), 1), SOLVABLE_COUNTDOWN_GAMES))
    });
    group.finish();
}

criterion_group!(benches, census, census_on_two_threads);
criterion_main!(benches);
