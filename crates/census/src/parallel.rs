//! Running a census on several threads with results in input order.

use std::ops::ControlFlow;
use std::sync::Mutex;

use rayon::prelude::*;

/// Maps `f` over `items` on `threads` threads and hands the results to
/// `sink` in input order, a chunk at a time, so output is the same whatever
/// the thread count. Each thread keeps one `state` (a memo) for all its
/// items. `sink` may stop the run early (`ControlFlow::Break`), after which
/// no further chunk is computed.
pub fn map_in_order<T, R, S>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
    mut sink: impl FnMut(Vec<R>) -> ControlFlow<()>,
) -> Result<(), rayon::ThreadPoolBuildError>
where
    T: Sync,
    R: Send,
    S: Send,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let states: Vec<Mutex<Option<S>>> = (0..pool.current_num_threads()).map(|_| Mutex::new(None)).collect();
    // Small enough for a responsive progress bar and Ctrl-C, large enough
    // to keep every thread busy.
    const CHUNK: usize = 64;
    for chunk in items.chunks(CHUNK) {
        let results: Vec<R> = pool.install(|| {
            chunk
                .par_iter()
                .map(|item| {
                    let slot = rayon::current_thread_index().unwrap_or(0) % states.len();
                    let mut state = states[slot].lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    f(state.get_or_insert_with(&init), item)
                })
                .collect()
        });
        if sink(results).is_break() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_kept_whatever_the_threads() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [1, 2, 3] {
            let mut seen = Vec::new();
            map_in_order(
                &items,
                threads,
                || 0u64,
                |calls, x| {
                    *calls += 1;
                    x * x
                },
                |chunk| {
                    seen.extend(chunk);
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(seen, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_break_stops_the_run() {
        let items: Vec<u64> = (0..1000).collect();
        let mut chunks = 0;
        map_in_order(
            &items,
            2,
            || (),
            |_, x| *x,
            |_| {
                chunks += 1;
                ControlFlow::Break(())
            },
        )
        .unwrap();
        assert_eq!(chunks, 1);
    }
}
