//! Counting the distinct expressions over symbolic operands: OEIS A140606
//! by enumeration, as `reckon expressions --operands 7` does.

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use reckon_canonical::{Level, count_expressions};

fn a140606(c: &mut Criterion) {
    // Seven operands take seconds per count and criterion counts at least
    // ten times: a quick pass (see `cargo xtask bench --quick`) counts six.
    let (n, classes) = if quick() { (6, 793_002) } else { (7, 27_914_126) };
    let mut group = c.benchmark_group(format!("A140606({n}) = {classes} by enumeration, {n} symbolic operands"));
    group.throughput(Throughput::Elements(classes));
    group.sample_size(10);
    // One count per sample: each is long enough to time alone.
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("reckon", |b| {
        b.iter(|| assert_eq!(count_expressions(black_box(n), Level::Function), classes));
    });
    group.finish();
}

/// Is this a quick pass? `cargo xtask bench --quick` says so.
fn quick() -> bool {
    std::env::var_os("RECKON_BENCH_QUICK").is_some()
}

criterion_group!(benches, a140606);
criterion_main!(benches);
