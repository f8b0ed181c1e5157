//! Canonical keys: one value per equivalence class at each level.

use reckon_core::Expr;

use crate::form::TreeForm;
use crate::fournums::FourNumsForm;
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
    Key(match level {
        Level::Syntax => Repr::Syntax(ordered(expr)),
        Level::Function => Repr::Function(TreeForm::of(expr)),
        Level::FourNums => Repr::FourNums(FourNumsForm::of(expr)),
    })
}

/// The `4nums` key of an expression whose function-level form is `function`.
pub(crate) fn four_nums_of_function(function: TreeForm) -> Key {
    Key(Repr::FourNums(FourNumsForm::of_function(function)))
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
