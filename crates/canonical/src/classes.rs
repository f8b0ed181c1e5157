//! Class numbers above the syntax level: the class of a solution from its
//! stored function-level form, by its `4nums` key at that level.
//!
//! The solver and [`crate::Distinct`] number classes alike, so that a
//! listing and a deduplication of the same solutions agree.

use crate::few::FewMap;
use crate::interned::{FormStore, FourNumsKey, SignedId};
use crate::level::Level;

/// The classes of one hand's solutions above the syntax level, or of
/// the expressions a [`crate::Distinct`] collects.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClassNumbers {
    /// The class of each function-level form, by its [`SignedId::key`].
    by_function: FewMap<u64, usize>,
    /// At the `4nums` level, the class of each key with nothing but a
    /// core and maybe a one factor, most keys: several forms may share
    /// one. Keyed by [`core_key`].
    by_core: FewMap<u128, usize>,
    /// The class of every other key.
    by_key: FewMap<FourNumsKey, usize>,
    pub(crate) count: usize,
}

impl ClassNumbers {
    pub(crate) fn clear(&mut self) {
        self.by_function.clear();
        self.by_core.clear();
        self.by_key.clear();
        self.count = 0;
    }

    /// The class of the solution with form `function`: its number, and
    /// whether it is new. Forms stored after the first `known` (most
    /// solutions' tops are new forms) are in no key met before, so they
    /// are not looked for.
    pub(crate) fn of(
        &mut self,
        level: Level,
        forms: &mut FormStore,
        function: SignedId,
        known: usize,
    ) -> (usize, bool) {
        if !function.form.stored_after(known)
            && let Some(seen) = self.by_function.get(&function.key())
        {
            return (seen, false);
        }
        let next = self.count;
        let class = match level {
            Level::Function => next,
            // The `4nums` key depends on the form only and is costly:
            // once per form.
            _ => match forms.four_nums_key(function) {
                FourNumsKey { core, one, zeros: 0, zero_product: None } if core.form.stored_after(known) => {
                    self.by_core.insert_new(core_key(core, one), next);
                    next
                }
                FourNumsKey { core, one, zeros: 0, zero_product: None } => {
                    self.by_core.get_or_insert(core_key(core, one), next)
                }
                key => self.by_key.get_or_insert(key, next),
            },
        };
        self.by_function.insert_new(function.key(), class);
        self.count += usize::from(class == next);
        (class, class == next)
    }
}

/// A `4nums` key of a core and maybe a one factor as one number (see
/// [`SignedId::key`]): the one's key, plus one, above the core's.
fn core_key(core: SignedId, one: Option<SignedId>) -> u128 {
    u128::from(core.key()) | u128::from(one.map_or(0, |one| one.key() + 1)) << 64
}
