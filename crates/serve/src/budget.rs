//! The time budget: every API request runs on a worker thread of its own,
//! and the server stops waiting for it after a fixed time.
//!
//! The engine's searches cannot be interrupted, so a request that runs out
//! of time is answered at once with 503 while its worker finishes in the
//! background. Two things keep that from piling up: the card caps of the
//! API bound how long any one search can take, and at most a fixed number
//! of workers run at once, abandoned ones included. A request that finds
//! them all busy waits for one within its budget, and is turned away with
//! 503 if none comes free. A worker that panics is reported as a 500, never
//! as a dead connection.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::error::ApiError;

/// The stack of a worker: parsing, judging and printing expressions recurse
/// on the tree, and the answer length cap keeps trees shallow, but a roomy
/// stack makes a deep one an error at worst, never an abort.
const STACK_SIZE: usize = 16 * 1024 * 1024;

/// When a job's answer is no longer awaited. A job that loops over many
/// searches checks it between them, so that an abandoned worker stops
/// soon after its request was answered with 503.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Instant,
    budget: Duration,
}

impl Deadline {
    /// `Err` once the time is up.
    pub fn check(&self) -> Result<(), ApiError> {
        if Instant::now() < self.at { Ok(()) } else { Err(ApiError::TooSlow(self.budget)) }
    }
}

/// Runs jobs on worker threads within a time budget and a worker cap.
#[derive(Debug, Clone)]
pub struct Budget {
    time: Duration,
    max_workers: usize,
    /// The number of running workers, and its changes signalled.
    running: Arc<(Mutex<usize>, Condvar)>,
}

/// A worker's place among the running ones, given back when the worker
/// ends, by return or by panic.
struct Slot(Arc<(Mutex<usize>, Condvar)>);

impl Drop for Slot {
    fn drop(&mut self) {
        let (count, freed) = &*self.0;
        *count.lock().unwrap_or_else(PoisonError::into_inner) -= 1;
        freed.notify_one();
    }
}

impl Budget {
    /// A budget of `time` per job and at most `max_workers` jobs at once.
    pub fn new(time: Duration, max_workers: usize) -> Budget {
        Budget { time, max_workers: max_workers.max(1), running: Arc::new((Mutex::new(0), Condvar::new())) }
    }

    /// A place for one more worker, waiting for one until `deadline`.
    fn slot(&self, deadline: Instant) -> Option<Slot> {
        let (count, freed) = &*self.running;
        let mut running = count.lock().unwrap_or_else(PoisonError::into_inner);
        while *running >= self.max_workers {
            let left = deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero())?;
            running = freed.wait_timeout(running, left).unwrap_or_else(PoisonError::into_inner).0;
        }
        *running += 1;
        Some(Slot(Arc::clone(&self.running)))
    }

    /// Runs `job` on a worker and waits for its result at most the budget,
    /// counted from now, the wait for a free worker included.
    pub fn run<T: Send + 'static>(&self, job: impl FnOnce(Deadline) -> T + Send + 'static) -> Result<T, ApiError> {
        let deadline = Instant::now() + self.time;
        let slot = self.slot(deadline).ok_or(ApiError::Busy)?;
        let (tx, rx) = mpsc::channel();
        let self_time = self.time;
        let spawned = thread::Builder::new().name("reckon-worker".into()).stack_size(STACK_SIZE).spawn(move || {
            let _slot = slot;
            // The receiver is gone when the request has already timed out.
            let _ = tx.send(job(Deadline { at: deadline, budget: self_time }));
        });
        if spawned.is_err() {
            // The closure, and so the slot, was dropped with the error.
            return Err(ApiError::Internal("no worker thread could be started".into()));
        }
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
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
        assert_eq!(budget.run(|_| 42).unwrap(), 42);
        let slow = budget.run(|_| thread::sleep(Duration::from_secs(1)));
        assert!(matches!(slow, Err(ApiError::TooSlow(_))));
    }

    #[test]
    fn turns_away_work_beyond_the_cap() {
        let budget = Budget::new(Duration::from_millis(50), 1);
        let _ = budget.run(|_| thread::sleep(Duration::from_millis(500)));
        assert!(matches!(budget.run(|_| 1), Err(ApiError::Busy)));
        thread::sleep(Duration::from_millis(700));
        assert_eq!(budget.run(|_| 1).unwrap(), 1, "the abandoned worker's slot is free again");
    }

    #[test]
    fn waits_for_a_worker_within_the_budget() {
        let budget = Budget::new(Duration::from_secs(5), 1);
        let other = budget.clone();
        let first = thread::spawn(move || other.run(|_| thread::sleep(Duration::from_millis(300))));
        thread::sleep(Duration::from_millis(50));
        assert_eq!(budget.run(|_| 2).unwrap(), 2, "queued behind the first, not turned away");
        first.join().unwrap().unwrap();
    }

    #[test]
    fn a_job_can_tell_when_it_is_no_longer_awaited() {
        let budget = Budget::new(Duration::from_millis(100), 1);
        let (tx, rx) = mpsc::channel();
        let _ = budget.run(move |deadline| {
            let mut spins = 0u64;
            while deadline.check().is_ok() {
                spins += 1;
                thread::sleep(Duration::from_millis(10));
            }
            let _ = tx.send(spins);
        });
        let spins = rx.recv_timeout(Duration::from_secs(5)).expect("the job stopped by itself");
        assert!((5..=11).contains(&spins), "{spins}");
    }

    #[test]
    fn a_panic_is_an_internal_error() {
        let budget = Budget::new(Duration::from_secs(5), 1);
        let result: Result<(), _> = budget.run(|_| panic!("boom"));
        assert!(matches!(result, Err(ApiError::Internal(_))));
        assert_eq!(budget.run(|_| 1).unwrap(), 1);
    }
}
