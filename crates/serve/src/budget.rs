//! The time budget: every API request runs on a worker thread of its own,
//! and the server stops waiting for it after a fixed time.
//!
//! The engine's searches cannot be interrupted, so a request that runs out
//! of time is answered at once with 503 while its worker finishes in the
//! background. Two things keep that from piling up: the card caps of the
//! API bound how long any one search can take, and at most a fixed number
//! of workers run at once, abandoned ones included; a request beyond that
//! is turned away with 503 rather than queued. A worker that panics is
//! reported as a 500, never as a dead connection.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use crate::error::ApiError;

/// The stack of a worker: parsing, judging and printing expressions recurse
/// on the tree, and the answer length cap keeps trees shallow, but a roomy
/// stack makes a deep one an error at worst, never an abort.
const STACK_SIZE: usize = 16 * 1024 * 1024;

/// Runs jobs on worker threads within a time budget and a worker cap.
#[derive(Debug, Clone)]
pub struct Budget {
    time: Duration,
    max_workers: usize,
    running: Arc<AtomicUsize>,
}

/// Frees a worker slot when the worker ends, by return or by panic.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Budget {
    /// A budget of `time` per job and at most `max_workers` jobs at once.
    pub fn new(time: Duration, max_workers: usize) -> Budget {
        Budget { time, max_workers: max_workers.max(1), running: Arc::new(AtomicUsize::new(0)) }
    }

    /// Runs `job` on a worker and waits for its result at most the budget.
    pub fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        if self.running.fetch_add(1, Ordering::SeqCst) >= self.max_workers {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::Busy);
        }
        let slot = Slot(Arc::clone(&self.running));
        let (tx, rx) = mpsc::channel();
        let spawned = thread::Builder::new().name("reckon-worker".into()).stack_size(STACK_SIZE).spawn(move || {
            let _slot = slot;
            // The receiver is gone when the request has already timed out.
            let _ = tx.send(job());
        });
        if spawned.is_err() {
            // The closure, and so the slot, was dropped with the error.
            return Err(ApiError::Internal("no worker thread could be started".into()));
        }
        match rx.recv_timeout(self.time) {
            Ok(value) => Ok(value),
            Err(RecvTimeoutError::Timeout) => Err(ApiError::TooSlow(self.time)),
            Err(RecvTimeoutError::Disconnected) => Err(ApiError::Internal("the request failed unexpectedly".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_in_time_and_gives_up_after() {
        let budget = Budget::new(Duration::from_millis(200), 2);
        assert_eq!(budget.run(|| 42).unwrap(), 42);
        let slow = budget.run(|| thread::sleep(Duration::from_secs(1)));
        assert!(matches!(slow, Err(ApiError::TooSlow(_))));
    }

    #[test]
    fn turns_away_work_beyond_the_cap() {
        let budget = Budget::new(Duration::from_millis(50), 1);
        let _ = budget.run(|| thread::sleep(Duration::from_millis(500)));
        assert!(matches!(budget.run(|| 1), Err(ApiError::Busy)));
        thread::sleep(Duration::from_millis(700));
        assert_eq!(budget.run(|| 1).unwrap(), 1, "the abandoned worker's slot is free again");
    }

    #[test]
    fn a_panic_is_an_internal_error() {
        let budget = Budget::new(Duration::from_secs(5), 1);
        let result: Result<(), _> = budget.run(|| panic!("boom"));
        assert!(matches!(result, Err(ApiError::Internal(_))));
        assert_eq!(budget.run(|| 1).unwrap(), 1);
    }
}
