//! The compute pool: every search runs on a blocking thread of a bounded
//! pool, never on the threads that read requests and serve the page, and
//! every request has one deadline, counted from its arrival.
//!
//! The deadline covers all of a request's time on the server: reading its
//! body, waiting for a place in the pool and computing. A request that
//! finds every place taken waits for one until its deadline, and is turned
//! away with 503 if none comes free. The engine's searches cannot be
//! interrupted, so a request that runs out of time while computing is
//! answered at once with 503 while its job finishes in the background,
//! still holding its place: the number of searches running at once never
//! exceeds the pool's size, abandoned ones included, and the API's card
//! caps bound how long any one search takes. A job that loops over many
//! searches looks at its [`Deadline`] between them and stops soon after
//! its request was answered. A job that panics is reported as a 500.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;
use tokio::time::timeout_at;

use crate::error::ApiError;

/// When a request's answer is no longer awaited.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at: Instant,
    budget: Duration,
}

impl Deadline {
    /// The deadline of a request that arrived at `arrived` and may take `budget`.
    pub fn new(arrived: Instant, budget: Duration) -> Deadline {
        Deadline { at: arrived + budget, budget }
    }

    /// `Err` once the time is up.
    pub fn check(&self) -> Result<(), ApiError> {
        if Instant::now() < self.at { Ok(()) } else { Err(ApiError::TooSlow(self.budget)) }
    }

    /// The instant itself, for tokio's timers.
    pub(crate) fn instant(&self) -> tokio::time::Instant {
        tokio::time::Instant::from_std(self.at)
    }

    /// The time the request may take in all.
    pub fn budget(&self) -> Duration {
        self.budget
    }
}

/// At most a fixed number of jobs computing at once, each on a blocking
/// thread of tokio's pool.
#[derive(Debug, Clone)]
pub struct ComputePool {
    places: Arc<Semaphore>,
}

impl ComputePool {
    /// A pool of `size` places (at least one).
    pub fn new(size: usize) -> ComputePool {
        ComputePool { places: Arc::new(Semaphore::new(size.max(1))) }
    }

    /// Runs `job` in the pool and waits for its result until `deadline`,
    /// the wait for a free place included.
    pub async fn run<T: Send + 'static>(
        &self,
        deadline: Deadline,
        job: impl FnOnce(Deadline) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let place = match timeout_at(deadline.instant(), Arc::clone(&self.places).acquire_owned()).await {
            Ok(Ok(place)) => place,
            Ok(Err(_closed)) => return Err(ApiError::Internal("the compute pool is closed".into())),
            Err(_elapsed) => return Err(ApiError::Busy),
        };
        // The place moves into the job: it is given back when the job ends,
        // whether its request still waits for it or not.
        let job = tokio::task::spawn_blocking(move || {
            let _place = place;
            job(deadline)
        });
        match timeout_at(deadline.instant(), job).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_panicked)) => Err(ApiError::Internal("the request failed unexpectedly".into())),
            Err(_elapsed) => Err(ApiError::TooSlow(deadline.budget)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::thread;

    use super::*;

    fn deadline_in(budget: Duration) -> Deadline {
        Deadline::new(Instant::now(), budget)
    }

    #[tokio::test]
    async fn answers_in_time_and_gives_up_after() {
        let pool = ComputePool::new(2);
        assert_eq!(pool.run(deadline_in(Duration::from_secs(5)), |_| 42).await.unwrap(), 42);
        let slow = pool.run(deadline_in(Duration::from_millis(100)), |_| thread::sleep(Duration::from_secs(1))).await;
        assert!(matches!(slow, Err(ApiError::TooSlow(_))));
    }

    #[tokio::test]
    async fn turns_away_work_beyond_its_size() {
        let pool = ComputePool::new(1);
        let short = Duration::from_millis(50);
        let _ = pool.run(deadline_in(short), |_| thread::sleep(Duration::from_millis(500))).await;
        assert!(matches!(pool.run(deadline_in(short), |_| 1).await, Err(ApiError::Busy)));
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert_eq!(pool.run(deadline_in(short), |_| 1).await.unwrap(), 1, "the abandoned job's place is free again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn waits_for_a_place_within_the_deadline() {
        let pool = ComputePool::new(1);
        let other = pool.clone();
        let first = tokio::spawn(async move {
            other.run(deadline_in(Duration::from_secs(5)), |_| thread::sleep(Duration::from_millis(300))).await
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let second = pool.run(deadline_in(Duration::from_secs(5)), |_| 2).await;
        assert_eq!(second.unwrap(), 2, "queued behind the first, not turned away");
        first.await.unwrap().unwrap();
    }

    #[tokio::test]
    async fn the_deadline_counts_from_arrival() {
        let pool = ComputePool::new(1);
        let arrived_long_ago = Deadline::new(Instant::now() - Duration::from_secs(10), Duration::from_secs(5));
        assert!(matches!(pool.run(arrived_long_ago, |_| 1).await, Err(ApiError::Busy | ApiError::TooSlow(_))));
    }

    #[tokio::test]
    async fn a_job_can_tell_when_it_is_no_longer_awaited() {
        let pool = ComputePool::new(1);
        let (tx, rx) = mpsc::channel();
        let _ = pool
            .run(deadline_in(Duration::from_millis(100)), move |deadline| {
                let mut spins = 0u64;
                while deadline.check().is_ok() {
                    spins += 1;
                    thread::sleep(Duration::from_millis(10));
                }
                let _ = tx.send(spins);
            })
            .await;
        let spins = rx.recv_timeout(Duration::from_secs(5)).expect("the job stopped by itself");
        assert!((5..=11).contains(&spins), "{spins}");
    }

    #[tokio::test]
    async fn a_panic_is_an_internal_error() {
        let pool = ComputePool::new(1);
        let result: Result<(), _> = pool.run(deadline_in(Duration::from_secs(5)), |_| panic!("boom")).await;
        assert!(matches!(result, Err(ApiError::Internal(_))));
        assert_eq!(pool.run(deadline_in(Duration::from_secs(5)), |_| 1).await.unwrap(), 1);
    }
}
