//! Running a census on several threads with results in input order.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Results travel in chunks: small enough for a responsive progress bar and
/// Ctrl-C, large enough that sending them costs nothing.
const CHUNK: usize = 64;

/// Maps `f` over `items` on `threads` threads and hands the results to
/// `sink` in input order, a chunk at a time, so output is the same whatever
/// the thread count. `computed` hears of every chunk as soon as it is done
/// (for a progress bar). `sink` may stop the run early
/// (`ControlFlow::Break`), after which no further chunk is started.
///
/// Each thread takes one contiguous part of the items and keeps one `state`
/// (a memo) for all of it: neighbouring hands share most of their
/// sub-multisets, so a thread's memo serves its part well. Handing the
/// threads interleaved items instead would make every thread build nearly
/// every memo entry. Chunks that finish early wait, in order, on the calling
/// thread, which alone runs `sink`.
pub fn map_in_order<T, R, S>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
    mut computed: impl FnMut(usize),
    mut sink: impl FnMut(Vec<R>) -> ControlFlow<()>,
) -> std::io::Result<()>
where
    T: Sync,
    R: Send,
{
    let chunks: Vec<&[T]> = items.chunks(CHUNK).collect();
    let per_thread = chunks.len().div_ceil(threads.max(1)).max(1);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Vec<R>)>();
        for (part, part_chunks) in chunks.chunks(per_thread).enumerate() {
            let (tx, init, f, stop) = (tx.clone(), &init, &f, &stop);
            std::thread::Builder::new().name(format!("census-{part}")).spawn_scoped(scope, move || {
                let mut state = init();
                for (i, chunk) in part_chunks.iter().enumerate() {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let results: Vec<R> = chunk.iter().map(|item| f(&mut state, item)).collect();
                    // The receiver is gone only when the run stopped.
                    if tx.send((part * per_thread + i, results)).is_err() {
                        return;
                    }
                }
            })?;
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (index, results) in rx {
            computed(results.len());
            waiting.insert(index, results);
            while let Some(results) = waiting.remove(&next) {
                next += 1;
                if sink(results).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return Ok(());
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_kept_whatever_the_threads() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [1, 2, 3, 7] {
            let mut seen = Vec::new();
            let mut computed = 0;
            map_in_order(
                &items,
                threads,
                || 0u64,
                |calls, x| {
                    *calls += 1;
                    x * x
                },
                |n| computed += n,
                |chunk| {
                    seen.extend(chunk);
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(seen, items.iter().map(|x| x * x).collect::<Vec<_>>());
            assert_eq!(computed, items.len());
        }
        // Fewer items than a chunk, and none at all.
        let mut seen = Vec::new();
        map_in_order(
            &items[..3],
            2,
            || (),
            |_, x| *x,
            |_| {},
            |chunk| {
                seen.extend(chunk);
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(seen, [0, 1, 2]);
        map_in_order(&items[..0], 2, || (), |_, x| *x, |_| {}, |_| panic!("no chunk")).unwrap();
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
            |_| {},
            |_| {
                chunks += 1;
                ControlFlow::Break(())
            },
        )
        .unwrap();
        assert_eq!(chunks, 1);
    }
}
