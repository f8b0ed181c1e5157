//! Value sets shared between threads: a census on several threads would
//! otherwise build the sets of most sub-multisets once per thread.
//!
//! Each thread keeps its own [`ValueSets`](super::ValueSets) (card ids,
//! index, partners, bits: everything touched per hand) in front of the
//! shared store, and only comes here on a local miss: to take a set
//! another thread made, or to offer one it made itself. So the lock is
//! taken about once per set per thread, not once per lookup.

use std::hash::Hash;
use std::sync::{Arc, PoisonError, RwLock};

use hashbrown::HashMap;

use super::splits::Cards;
use crate::number::Rational;
use crate::rules::{Domain, OpSet};

/// The operators, the domain and the sorted cards of one value set.
type SharedKey<N> = (OpSet, Domain, Cards<N>);

/// Value sets that several [`Reach`](super::Reach) memos share, whatever
/// their rules: sets are kept apart by operators and domain (a target
/// plays no part in a set).
///
/// ```
/// use std::sync::Arc;
/// use reckon_core::{Hand, Reach, Rules};
/// use reckon_core::engine::SharedSets;
/// let shared = Arc::new(SharedSets::default());
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// let answers: Vec<bool> = std::thread::scope(|scope| {
///     let threads: Vec<_> = (0..2)
///         .map(|_| scope.spawn(|| Reach::new(Rules::game24()).sharing(&shared).decide(&hand)))
///         .collect();
///     threads.into_iter().map(|t| t.join().unwrap()).collect()
/// });
/// assert_eq!(answers, [true, true]);
/// ```
#[derive(Debug)]
pub struct SharedSets<N = Rational> {
    sets: RwLock<HashMap<SharedKey<N>, Arc<[N]>>>,
}

impl<N> Default for SharedSets<N> {
    fn default() -> Self {
        SharedSets { sets: RwLock::new(HashMap::new()) }
    }
}

impl<N: Clone + Eq + Hash> SharedSets<N> {
    /// The set of `key`, if some thread made it.
    pub(super) fn get(&self, key: &SharedKey<N>) -> Option<Arc<[N]>> {
        // A thread that panicked holding the lock left no half-made set:
        // sets go in whole, so the map is still sound.
        self.sets.read().unwrap_or_else(PoisonError::into_inner).get(key).cloned()
    }

    /// Offers a set made for `key`; returns the one kept (another thread
    /// may have offered it first).
    pub(super) fn offer(&self, key: SharedKey<N>, set: Arc<[N]>) -> Arc<[N]> {
        let mut sets = self.sets.write().unwrap_or_else(PoisonError::into_inner);
        sets.entry(key).or_insert(set).clone()
    }

    /// How many sets are kept.
    pub fn len(&self) -> usize {
        self.sets.read().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Are no sets kept yet?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
