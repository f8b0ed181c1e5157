//! A map for the few keys one hand's solutions usually have.

use std::hash::Hash;

use hashbrown::HashMap;

/// How many entries are searched in order before they move to a hash map.
const FEW: usize = 16;

/// A map kept as a list searched in order while it holds at most [`FEW`]
/// entries, and as a hash map after: most hands have a handful of
/// classes, for which a scan costs less than hashing a key, and a
/// Countdown game has thousands.
#[derive(Clone, Debug)]
pub(crate) struct FewMap<K, V> {
    few: Vec<(K, V)>,
    /// Empty until the list outgrows [`FEW`], then holds every entry.
    many: HashMap<K, V>,
}

impl<K, V> Default for FewMap<K, V> {
    fn default() -> FewMap<K, V> {
        FewMap { few: Vec::new(), many: HashMap::new() }
    }
}

impl<K: Eq + Hash, V: Copy> FewMap<K, V> {
    /// Empties it, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.few.clear();
        self.many.clear();
    }

    pub(crate) fn get(&self, key: &K) -> Option<V> {
        if self.many.is_empty() {
            self.few.iter().find(|(k, _)| k == key).map(|&(_, v)| v)
        } else {
            self.many.get(key).copied()
        }
    }

    /// Adds `key`, which must not be in the map yet. Always inlined: a
    /// call takes its key through memory, written in parts by the caller
    /// and read whole here, and such a read waits for the writes to land.
    #[inline(always)]
    pub(crate) fn insert_new(&mut self, key: K, value: V) {
        debug_assert!(self.get(&key).is_none());
        if self.many.is_empty() && self.few.len() < FEW {
            self.few.push((key, value));
        } else {
            self.insert_into_many(key, value);
        }
    }

    /// [`FewMap::insert_new`] once the list is full: rare, kept out of line.
    #[cold]
    #[inline(never)]
    fn insert_into_many(&mut self, key: K, value: V) {
        if self.many.is_empty() {
            self.many.extend(self.few.drain(..));
        }
        self.many.insert(key, value);
    }

    /// The value of `key`, after adding it with `value` if it was not there.
    pub(crate) fn get_or_insert(&mut self, key: K, value: V) -> V {
        match self.get(&key) {
            Some(known) => known,
            None => {
                self.insert_new(key, value);
                value
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries stay found as the list moves to a hash map, and after it
    /// is cleared the map starts again as a list.
    #[test]
    fn entries_survive_the_move_to_a_hash_map() {
        let mut map = FewMap::default();
        for round in 0..2 {
            for key in 0..3 * FEW {
                assert_eq!(map.get_or_insert(key, key + round), key + round);
                assert_eq!(map.get_or_insert(key, 0), key + round);
            }
            assert!((0..3 * FEW).all(|key| map.get(&key) == Some(key + round)));
            assert_eq!(map.get(&(3 * FEW)), None);
            map.clear();
            assert_eq!(map.get(&0), None);
        }
    }
}
