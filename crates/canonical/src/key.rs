//! Canonical keys: one value per equivalence class at each level.

use reckon_core::Expr;

use crate::form::TreeForm;
use crate::fournums::FourNumsForm;
use crate::interned::FormStore;
use crate::level::Level;

/// The canonical key of an expression at some level: two expressions are
/// the same solution at that level exactly when their keys are equal.
///
/// ```
/// use reckon_canonical::{key, Level};
/// use reckon_core::parse_expr;
/// let a = parse_expr("(1+2)*3").unwrap();
/// let b = parse_expr("3*(2+1)").unwrap();
/// assert_eq!(key(Level::Syntax, &a), key(Level::Syntax, &b));
/// let c = parse_expr("3*2+3*1").unwrap();
/// assert_ne!(key(Level::Function, &a), key(Level::Function, &c));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(Repr);

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Repr {
    Syntax(Expr),
    Function(TreeForm),
    FourNums(FourNumsForm),
}

/// The canonical key of `expr` at `level`.
pub fn key(level: Level, expr: &Expr) -> Key {
    if level == Level::Syntax {
        return Key(Repr::Syntax(ordered(expr)));
    }
    // Ids name forms within one store only: the key holds their trees.
    let mut forms = FormStore::default();
    let function = forms.of_expr(expr);
    Key(match level {
        Level::Function => Repr::Function(forms.tree(function)),
        _ => {
            let key = forms.four_nums_key(function);
            Repr::FourNums(forms.four_nums_form(&key))
        }
    })
}

/// The tree with the operands of every `+` and `*` in ascending order.
pub(crate) fn ordered(e: &Expr) -> Expr {
    match e {
        Expr::Num(_) => e.clone(),
        Expr::Binary(step) => {
            let (mut l, mut r) = (ordered(&step.left), ordered(&step.right));
            if step.op.is_commutative() && l > r {
                std::mem::swap(&mut l, &mut r);
            }
            Expr::binary(step.op, l, r)
        }
    }
}

#[cfg(test)]
mod tests {
    use hashbrown::HashMap;
    use reckon_core::engine::all_solutions;
    use reckon_core::{Hand, Rational, Rules};

    use super::*;
    use crate::Distinct;

    /// The hands of the oracle tests: equal cards, zeros and ones (the
    /// `4nums` decorations), negative and fraction cards, and cards whose
    /// parts cancel to zero, where signs are most delicate.
    const HANDS: [(&str, i64); 17] = [
        ("1 2 3 4", 24),
        ("3 3 8 8", 24),
        ("1 1 5 5", 24),
        ("2 2 2 3", 24),
        ("1 1 2 10", 10),
        ("0 1 10 13", 10),
        ("1 2 2 10", 10),
        ("0 0 1 1", 0),
        ("-1 -1 1 1 2", 0),
        ("-1 -1 -1 -1 1", 0),
        ("-2 -1 1 2", 0),
        ("-1 0 1 2", 0),
        ("1/2 3 4 6", 12),
        ("1 1 1 2 12", 24),
        ("1 2 3 4 5", 24),
        ("2 3 7 25 50", 350),
        ("1 3 7 10 25 50", 765),
    ];

    /// The tree form's key, the oracle: built from the expression as a
    /// tree, with no store.
    fn key_by_tree(level: Level, expr: &Expr) -> Key {
        Key(match level {
            Level::Syntax => Repr::Syntax(ordered(expr)),
            Level::Function => Repr::Function(TreeForm::of(expr)),
            Level::FourNums => Repr::FourNums(FourNumsForm::of(expr)),
        })
    }

    /// Keys made on stored forms tell two solutions apart exactly when
    /// the tree forms do, and a [`Distinct`], which keeps one store for
    /// all it collects, finds as many classes.
    #[test]
    fn keys_on_stored_forms_part_solutions_as_the_tree_forms_do() {
        for (cards, target) in HANDS {
            let hand: Hand = cards.parse().unwrap();
            // Past 100, Countdown's rules: any selection of the cards.
            let target = Rational::from_integer(target);
            let rules = if target > Rational::from_integer(100) {
                Rules::countdown(target)
            } else {
                Rules::with_target(target)
            };
            let solutions = all_solutions(&hand, &rules);
            assert!(!solutions.is_empty(), "{cards} makes {target}");
            for level in Level::ALL {
                let (mut by_key, mut by_tree) = (HashMap::new(), HashMap::new());
                let mut distinct = Distinct::new(level);
                for (n, e) in solutions.iter().enumerate() {
                    let first = *by_key.entry(key(level, e)).or_insert(n);
                    let first_by_tree = *by_tree.entry(key_by_tree(level, e)).or_insert(n);
                    assert_eq!(
                        first, first_by_tree,
                        "{e} at {level} in {cards}: the same class as {}",
                        solutions[first]
                    );
                    distinct.insert(e.clone());
                }
                assert_eq!(distinct.len(), by_tree.len(), "{cards} at {level}");
            }
        }
    }
}
