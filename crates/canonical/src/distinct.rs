//! Dedup: from a raw stream of solutions to a complete, duplicate-free,
//! readable list.

use hashbrown::HashMap;
use reckon_core::{Expr, Hand, Rules};

use crate::classes::ClassNumbers;
use crate::interned::FormStore;
use crate::key::ordered;
use crate::level::Level;
use crate::rank::rank_of;
use crate::shown::{BestOfClasses, ExprMembers};
use crate::tidy::display_level;

/// Collects expressions, one per class at a level, each shown by its most
/// readable member.
///
/// Readable means: the fewest parts worth less than zero (a reader goes
/// through no negative value: `(3-1)*(13-1)`, not `(1-3)*(1-13)`), then
/// the fewest brackets, then the fewest `-` and `/`, then the shortest
/// text; in the shown form the operands of `+` and `*` come
/// larger value first (and at the `function` and `4nums` levels added terms
/// before subtracted ones, factors before divisors), as people write
/// `(5+1)*(5-1)` and `6*6-6-6`.
///
/// ```
/// use reckon_canonical::{Distinct, Level};
/// use reckon_core::parse_expr;
/// let mut d = Distinct::new(Level::Function);
/// assert!(d.insert(parse_expr("1+(2+3)").unwrap()));
/// assert!(!d.insert(parse_expr("(3+1)+2").unwrap()));
/// assert_eq!(d.len(), 1);
/// assert_eq!(d.into_sorted()[0].to_string(), "3+2+1");
/// ```
#[derive(Debug, Clone)]
pub struct Distinct {
    level: Level,
    /// At the `syntax` level, the class of each tree with the operands of
    /// `+` and `*` in order.
    by_syntax: HashMap<Expr, usize>,
    /// Above it, the function-level form of every expression met, and
    /// the class of each, numbered as a solver numbers them.
    forms: FormStore,
    classes: ClassNumbers,
    shown: BestOfClasses<Expr>,
}

impl Distinct {
    /// An empty collection for `level`, every operator allowed.
    pub fn new(level: Level) -> Distinct {
        Distinct::showing(level, level)
    }

    /// An empty collection for `level` of the solutions of `hand` under
    /// `rules`: each is shown as the rules allow (see `tidy::display_level`).
    ///
    /// ```
    /// use reckon_canonical::{Distinct, Level};
    /// use reckon_core::{Rules, parse_expr};
    /// let rules = Rules { ops: "+-/".parse().unwrap(), ..Rules::game24() };
    /// let mut d = Distinct::for_hand(Level::Function, &rules, &"2 4 6 8".parse().unwrap());
    /// d.insert(parse_expr("8/(4/2/6)").unwrap());
    /// assert_eq!(d.into_sorted()[0].to_string(), "8/(4/2/6)");
    /// ```
    pub fn for_hand(level: Level, rules: &Rules, hand: &Hand) -> Distinct {
        Distinct::showing(level, display_level(level, rules, hand))
    }

    /// Dedups at `level`, showing each class tidied at `display`.
    fn showing(level: Level, display: Level) -> Distinct {
        Distinct {
            level,
            by_syntax: HashMap::new(),
            forms: FormStore::default(),
            classes: ClassNumbers::default(),
            shown: BestOfClasses::new(display),
        }
    }

    /// The level this collection dedups at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Adds `expr`; true if it is the first of its class.
    pub fn insert(&mut self, expr: Expr) -> bool {
        let rank = rank_of(self.shown.level, &expr);
        let class = self.class_of(&expr);
        self.shown.place(&ExprMembers, rank, class, expr)
    }

    /// The class of `expr`: its number, and whether it is new.
    fn class_of(&mut self, expr: &Expr) -> (usize, bool) {
        if self.level == Level::Syntax {
            let next = self.by_syntax.len();
            let class = *self.by_syntax.entry(ordered(expr)).or_insert(next);
            return (class, class == next);
        }
        let known = self.forms.len();
        let function = self.forms.of_expr(expr);
        self.classes.of(self.level, &mut self.forms, function, known)
    }

    /// The number of classes seen.
    pub fn len(&self) -> usize {
        self.shown.len()
    }

    /// True if nothing was inserted.
    pub fn is_empty(&self) -> bool {
        self.shown.len() == 0
    }

    /// One expression per class, the simplest first, in a stable order.
    pub fn into_sorted(self) -> Vec<Expr> {
        self.shown.into_sorted(&ExprMembers)
    }
}

impl Extend<Expr> for Distinct {
    fn extend<I: IntoIterator<Item = Expr>>(&mut self, iter: I) {
        for e in iter {
            self.insert(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Of the members tied in rank, the one whose text comes first is
    /// shown, whichever came first; a member of a better rank after them
    /// beats both.
    #[test]
    fn a_tie_in_rank_is_broken_by_text() {
        let shown = |members: &[&str]| {
            let mut d = Distinct::new(Level::FourNums);
            for e in members {
                d.insert(reckon_core::parse_expr(e).unwrap());
            }
            assert_eq!(d.len(), 1, "{members:?}");
            d.into_sorted()[0].to_string()
        };
        assert_eq!(shown(&["4+20*1", "4*1+20"]), "20*1+4");
        assert_eq!(shown(&["4*1+20", "4+20*1"]), "20*1+4");
        assert_eq!(shown(&["4+20/1", "20+4/1"]), "20+4/1");
        assert_eq!(shown(&["4+20/1", "20+4/1", "4+20*1"]), "20*1+4");
    }

    /// A part worth less than zero ranks a member below every member
    /// without one, as the member shown and in the order of a listing:
    /// `(1-3)` would otherwise come first for its `-`, and `11+(1-3)/2`
    /// for its fewer `-`.
    #[test]
    fn a_part_below_zero_ranks_a_member_lower() {
        let one_class = |members: &[&str]| {
            let mut d = Distinct::new(Level::FourNums);
            members.iter().for_each(|e| _ = d.insert(reckon_core::parse_expr(e).unwrap()));
            d.into_sorted().iter().map(ToString::to_string).collect::<Vec<_>>()
        };
        assert_eq!(one_class(&["(1-3)*(1-13)", "(3-1)*(13-1)"]), ["(13-1)*(3-1)"]);
        assert_eq!(one_class(&["(3-1)*(13-1)", "(1-3)*(1-13)"]), ["(13-1)*(3-1)"]);
        assert_eq!(one_class(&["11+(1-3)/2", "11-(3-1)/2"]), ["11-(3-1)/2"]);
        assert_eq!(one_class(&["(1-13)/(1-3)"]), ["(1-13)/(1-3)"], "alone, a member is shown as it is");
        // Two classes: the one through a negative value last.
        assert_eq!(one_class(&["(1-3)*(1-13)", "(13-1)*(5-3)"]), ["(13-1)*(5-3)", "(1-3)*(1-13)"]);
    }
}
