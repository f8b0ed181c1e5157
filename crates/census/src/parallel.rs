//! Running a census on several threads with results in input order.

use std::collections::BTreeMap;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};

/// Results travel in chunks: small enough for a responsive progress bar and
/// Ctrl-C, large enough that sending them costs nothing.
const CHUNK: usize = 64;

/// Maps `f` over `items` on `threads` threads and hands the results to
/// `sink` in input order, a chunk at a time, so output is the same whatever
/// the thread count. `computed` hears of every chunk as soon as it is done
/// (for a progress bar). `sink` may stop the run early
/// (`ControlFlow::Break`), after which no further chunk is started.
///
/// Each thread keeps one `state` (a memo) for all its items, and works
/// through one contiguous part of the items from the front: neighbouring
/// hands share most of their sub-multisets, so a thread's memo serves its
/// part well. A thread that finishes its part early takes chunks from the
/// back of the part with the most left, so no thread idles while another
/// has work. Chunks that finish early wait, in order, on the calling
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
    let parts = Parts::new(chunks.len(), threads);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Vec<R>)>();
        for part in 0..parts.len() {
            let (tx, init, f, stop, parts, chunks) = (tx.clone(), &init, &f, &stop, &parts, &chunks);
            std::thread::Builder::new().name(format!("census-{part}")).spawn_scoped(scope, move || {
                let mut state = init();
                while let Some(index) = parts.next_for(part) {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let results: Vec<R> = chunks[index].iter().map(|item| f(&mut state, item)).collect();
                    // The receiver is gone only when the run stopped.
                    if tx.send((index, results)).is_err() {
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

/// The chunks not yet started, as one contiguous range per thread.
struct Parts {
    left: Vec<Mutex<Range<usize>>>,
}

impl Parts {
    /// `chunks` chunks in `threads` parts of nearly equal length (no empty part).
    fn new(chunks: usize, threads: usize) -> Parts {
        let count = threads.clamp(1, chunks.max(1));
        let left = (0..count).map(|p| Mutex::new(p * chunks / count..(p + 1) * chunks / count)).collect();
        Parts { left }
    }

    fn len(&self) -> usize {
        self.left.len()
    }

    /// The next chunk for the thread of part `part`: the front of its own
    /// part, else the back of the part with the most chunks left.
    fn next_for(&self, part: usize) -> Option<usize> {
        let lock = |p: usize| self.left[p].lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(index) = lock(part).next() {
            return Some(index);
        }
        loop {
            let fullest = (0..self.len()).max_by_key(|&p| lock(p).len())?;
            if let Some(index) = lock(fullest).next_back() {
                return Some(index);
            }
            // Emptied by another thread since it was measured, or all done.
            if (0..self.len()).all(|p| lock(p).is_empty()) {
                return None;
            }
        }
    }
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
    fn every_chunk_is_taken_once_whoever_takes_it() {
        for (chunks, threads) in [(10, 3), (1, 4), (0, 2), (7, 1)] {
            let parts = Parts::new(chunks, threads);
            let mut taken = Vec::new();
            // The last thread finishes first and helps the others.
            let mut thread = parts.len() - 1;
            while let Some(index) = parts.next_for(thread).or_else(|| parts.next_for(0)) {
                taken.push(index);
                thread = (thread + 1) % parts.len();
            }
            taken.sort_unstable();
            assert_eq!(taken, (0..chunks).collect::<Vec<_>>(), "{chunks} chunks, {threads} threads");
        }
        let parts = Parts::new(10, 2);
        assert_eq!([parts.next_for(0), parts.next_for(1)], [Some(0), Some(5)], "each starts at the front of its part");
        for _ in 6..10 {
            parts.next_for(1);
        }
        assert_eq!(parts.next_for(1), Some(4), "then it helps from the back of the other part");
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
