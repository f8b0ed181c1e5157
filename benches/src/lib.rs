//! Criterion benchmarks for reckon; the workloads live in `benches/`.
