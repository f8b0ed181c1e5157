//! Which engine answers which question: the one place that says so.
//!
//! Three engines can answer questions about a hand, each best at one kind:
//! - the **value sets** ([`Reach`](crate::Reach)) compute what every
//!   sub-multiset of cards can make, once, and share it with every later
//!   hand: the fastest way to decide a hand that fits in memory, and the
//!   only way to tell which numbers a hand reaches;
//! - the depth-first **search** ([`Solver`](crate::Solver)) stops at the
//!   first solution it meets: little memory for any number of cards, fast
//!   where solutions are many, slow to prove that there is none;
//! - the **enumerator** ([`Enumerator`](crate::enumerate::Enumerator)) streams every
//!   solution from its parts' values, for listings and counts, and finds
//!   a solution among very few where the search would wander.
//!
//! | question | up to [`VALUE_SETS_FIRST_UP_TO`] cards | up to [`DECIDED_UP_TO`] | more |
//! | --- | --- | --- | --- |
//! | can the hand make the target? | value sets | search for [`SEARCH_BUDGET`] states, then value sets | search, at most [`MOST_STATES_SEARCHED`] states |
//! | one solution | value sets decide; the search finds it, the enumerator past the budget | search, then value sets and the enumerator | search, at most [`MOST_STATES_SEARCHED`] states |
//! | every solution, or their count | enumerator | enumerator | enumerator, within [`most_bytes_listed`] |
//! | which numbers the hand makes | value sets | value sets | value sets |
//!
//! On overflow of 64-bit rationals every engine answers again in big
//! rationals, so the table holds for any cards.
//!
//! Each engine keeps within the [`MemoryBudget`] (2 GiB unless set): the
//! value sets refuse a set past [`most_bytes_made`] (reach says it cannot;
//! deciding falls back to a search), and the enumerator refuses a hand
//! whose expressions and raw solutions would take more than
//! [`most_bytes_listed`] (a listing or count says it cannot; one solution
//! falls back to a search). Where only a search fits, `try_solve` and
//! `try_decide` give up past [`MOST_STATES_SEARCHED`] states
//! (`TooManyStates`), which only hands of nine or ten cards without a
//! solution reach; `solve` and `decide` search on, however long it takes.
//! Within the default budget every hand of up to eight cards fits in
//! memory; of nine, those with repeated cards or few solutions.

use crate::budget::MemoryBudget;

/// Hands of at most this many cards are decided by value sets before any
/// search: their sets take well under a millisecond and a few megabytes to
/// make, and most of them are shared with the next hand of a batch, while a
/// search of a hand without a solution visits every state.
pub(crate) const VALUE_SETS_FIRST_UP_TO: usize = 6;

/// The most cards a hand may have for the value sets to decide it: eight
/// distinct cards take a few hundred megabytes of sets, nine take more
/// memory than a machine has, where the search takes little.
pub(crate) const DECIDED_UP_TO: usize = 8;

/// The states a search of a larger hand visits before it asks the value
/// sets whether the hand has a solution at all. A hand without one makes
/// the search visit every state, which past six cards can take minutes
/// (seven distinct primes and an unreachable target: 45 s), where the
/// value sets take milliseconds. A hand with a solution the search has not
/// met by then has few, and searching on could take as long (`1 2 3 4 5 6
/// 7 8` for 40321, `2*3*4*5*6*7*8+1`: minutes): the goal-directed
/// enumerator, which reaches the target from its parts' values, finds them
/// in a second.
pub(crate) const SEARCH_BUDGET: u64 = 100_000;

/// The most states a search visits where no other engine fits in memory
/// (hands of nine or ten cards, and of eight whose value sets are refused)
/// before [`Solver::try_solve`](crate::Solver::try_solve) gives up: ten to
/// twenty seconds. A hand with a solution is almost always answered long
/// before; one without makes the search visit every state, which for nine
/// distinct cards would take days.
pub(crate) const MOST_STATES_SEARCHED: u64 = 10_000_000;

/// The most memory one value set may take while it is made, in bytes of
/// results before repeats are dropped: half the budget, so that with the
/// sets of its parts and the sorting a hand stays within it. Under the
/// default budget seven distinct small cards stay well within it; eight
/// distinct cards would make some 200 million values in their last step
/// alone, and are refused: the strategy then decides them by a search, and
/// reach says it cannot.
pub(crate) const fn most_bytes_made(budget: MemoryBudget) -> usize {
    budget.bytes() / 2
}

/// The most memory the enumerator's expressions may take for one hand, in
/// bytes of the nodes made for its parts and of its raw solutions as a
/// caller that keeps them all stores them, together: half the budget, as a
/// listing keeps about as much again per solution (its forms, the room of
/// growing lists), so that a hand stays within it. Each list's
/// nodes are counted before they are made and the raw solutions before
/// any is visited, so a hand past it is refused before the memory is
/// spent. Under the default budget every hand of eight cards fits (`1 2 3
/// 4 5 6 7 8`: 3.6 million nodes and as many raw solutions, about 200 MB),
/// and so do nine cards with repeats or few solutions (`1 1 2 2 3 3 4 4
/// 5`: 18 million of each, 1.0 GB); nine distinct small cards would make
/// tens of millions of raw solutions, and are refused once a gigabyte's
/// worth are counted. The values made for any one part of the hand are
/// held to it as well, as the value sets' are to [`most_bytes_made`].
pub(crate) const fn most_bytes_listed(budget: MemoryBudget) -> usize {
    budget.bytes() / 2
}

/// The most failed states a search remembers at once, forgetting them all
/// when it would pass it: a quarter of the budget, at 256 bytes a state
/// (a short vector of values, its slot in a hash set, the allocator's
/// rounding, for ten cards at most): some two million states under the
/// default budget. The memory only saves the search time.
pub(crate) const fn most_failed_states(budget: MemoryBudget) -> usize {
    budget.bytes() / 4 / 256
}

/// The most values the value sets of a solver keep between hands before
/// they start afresh: a batch of large hands would otherwise pile up sets
/// no later hand shares.
pub(crate) const KEPT_VALUES: usize = 1 << 22;

/// One of the engines the strategy chooses between, as [`Solver::route`]
/// reports them.
///
/// [`Solver::route`]: crate::Solver::route
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The value sets of every sub-multiset, the target inverted at the top.
    ValueSets,
    /// The depth-first search, in 64-bit rationals and, on overflow, in big ones.
    Search,
    /// The enumerator, streaming solutions from its parts' values.
    Enumerator,
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Engine::ValueSets => "value sets",
            Engine::Search => "search",
            Engine::Enumerator => "enumerator",
        })
    }
}

/// How a hand of `cards` cards is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// By the value sets alone.
    ValueSets,
    /// By a search within the budget, then by the value sets.
    SearchThenValueSets,
    /// By a search to the end.
    Search,
}

/// How a hand of `cards` cards is decided (see the table above).
pub(crate) fn decision(cards: usize) -> Decision {
    if cards <= VALUE_SETS_FIRST_UP_TO {
        Decision::ValueSets
    } else if cards <= DECIDED_UP_TO {
        Decision::SearchThenValueSets
    } else {
        Decision::Search
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hand_size_has_one_decision() {
        let decisions: Vec<Decision> = (1..=crate::hand::MAX_CARDS).map(decision).collect();
        assert_eq!(decisions[..VALUE_SETS_FIRST_UP_TO], [Decision::ValueSets; VALUE_SETS_FIRST_UP_TO]);
        assert_eq!(decisions[VALUE_SETS_FIRST_UP_TO..DECIDED_UP_TO], [Decision::SearchThenValueSets; 2]);
        assert_eq!(decisions[DECIDED_UP_TO..], [Decision::Search; 2]);
    }
}
