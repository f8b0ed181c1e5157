//! The symbolic normal form behind the `function` level.
//!
//! Two expressions in which every card is an independent variable are the
//! same rational function exactly when they have the same normal form:
//! sums are flattened into a multiset of added and a multiset of subtracted
//! terms, products into a multiset of factors over a multiset of divisors,
//! children are sorted, and signs are pulled outwards so that `a-b` and
//! `b-a` share one form (with opposite signs). Leaves are labelled by their
//! card value, so cards of equal value are interchangeable for free.
//!
//! Interchanging equal cards can negate a part: with two 1s, `1-1` becomes
//! its own negation, and so does every product with such a factor
//! (`2*(1-1)`). Such a part is *sign-free*: it carries no sign, and in a
//! sum it is always added, so that `10+2*(1-1)` and `10-2*(1-1)` share one
//! form.
//!
//! Expressions are normalized on stored ids ([`crate::interned`]); this
//! tree is what an id turns back into: the form a [`crate::Key`] holds
//! outside any store, and what the `4nums` tree form strips. Normalizing
//! an expression as a tree (`TreeForm::of`) is the oracle of the tests.

use std::cmp::Ordering;

use reckon_core::Rational;
use reckon_core::rules::Op;

/// A node of the normal form. Children of a sum are never sums and
/// children of a product never products; every child list is sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum TreeNode {
    /// A card.
    Leaf(Rational),
    /// `plus[0] + plus[1] + … - minus[0] - …`, oriented so that the form
    /// of `-(this)` is the same node with a flipped sign.
    Sum { plus: Vec<TreeNode>, minus: Vec<TreeNode> },
    /// `num[0] * num[1] * … / den[0] / …`.
    Prod { num: Vec<TreeNode>, den: Vec<TreeNode> },
}

/// A node with a sign: the expression equals `node` or `-node`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct TreeForm {
    pub(crate) negative: bool,
    pub(crate) node: TreeNode,
}

impl TreeForm {
    pub(crate) fn leaf(r: Rational) -> TreeForm {
        TreeForm { negative: false, node: TreeNode::Leaf(r) }
    }

    /// The normal form of an expression, built as a tree: the oracle the
    /// stored forms are held to.
    #[cfg(test)]
    pub(crate) fn of(e: &reckon_core::Expr) -> TreeForm {
        match e {
            reckon_core::Expr::Num(r) => TreeForm::leaf(*r),
            reckon_core::Expr::Binary(step) => {
                TreeForm::combine(step.op, TreeForm::of(&step.left), TreeForm::of(&step.right))
            }
        }
    }

    /// The normal form of `a op b` from the forms of `a` and `b`.
    pub(crate) fn combine(op: Op, a: TreeForm, b: TreeForm) -> TreeForm {
        match op {
            Op::Add | Op::Sub => {
                let (mut plus, mut minus) = (Vec::new(), Vec::new());
                add_terms(a, false, &mut plus, &mut minus);
                add_terms(b, op == Op::Sub, &mut plus, &mut minus);
                sum(plus, minus)
            }
            Op::Mul | Op::Div => {
                let (mut num, mut den) = (Vec::new(), Vec::new());
                let mut negative = add_factors(a, false, &mut num, &mut den);
                negative ^= add_factors(b, op == Op::Div, &mut num, &mut den);
                num.sort_unstable();
                den.sort_unstable();
                let node = TreeNode::Prod { num, den };
                TreeForm { negative: negative && !sign_free(&node), node }
            }
        }
    }
}

/// A sum of signed terms, oriented: of `s` and `-s` the form keeps the one
/// whose added terms sort first, so both get the same node. A sign-free
/// term is added either way.
pub(crate) fn sum(mut plus: Vec<TreeNode>, mut minus: Vec<TreeNode>) -> TreeForm {
    if minus.iter().any(sign_free) {
        let (free, kept): (Vec<TreeNode>, Vec<TreeNode>) = minus.into_iter().partition(sign_free);
        plus.extend(free);
        minus = kept;
    }
    plus.sort_unstable();
    minus.sort_unstable();
    let negative = orient(&plus, &minus) == Ordering::Less;
    if negative {
        std::mem::swap(&mut plus, &mut minus);
    }
    TreeForm { negative, node: TreeNode::Sum { plus, minus } }
}

/// Is `node` its own negation once equal cards are interchanged? A sum
/// whose added and subtracted terms are the same multiset is, besides its
/// sign-free terms (which [`sum`] adds), and so is a product with such a
/// factor.
pub(crate) fn sign_free(node: &TreeNode) -> bool {
    match node {
        TreeNode::Leaf(_) => false,
        TreeNode::Sum { plus, minus } => plus.iter().filter(|t| !sign_free(t)).eq(minus),
        TreeNode::Prod { num, den } => num.iter().chain(den).any(sign_free),
    }
}

/// Which orientation of a sum is canonical: `Less` means swap.
fn orient(plus: &[TreeNode], minus: &[TreeNode]) -> Ordering {
    // More added than subtracted terms first, then the larger term list.
    plus.len().cmp(&minus.len()).then_with(|| plus.cmp(minus))
}

fn add_terms(t: TreeForm, subtract: bool, plus: &mut Vec<TreeNode>, minus: &mut Vec<TreeNode>) {
    let flip = t.negative ^ subtract;
    match t.node {
        TreeNode::Sum { plus: p, minus: m } => {
            let (to_plus, to_minus) = if flip { (m, p) } else { (p, m) };
            append(plus, to_plus);
            append(minus, to_minus);
        }
        node => {
            if flip {
                minus.push(node);
            } else {
                plus.push(node);
            }
        }
    }
}

/// Moves `from` onto the end of `to`, reusing `from`'s buffer when `to`
/// is empty: forms are rebuilt often, and this saves most allocations.
fn append(to: &mut Vec<TreeNode>, mut from: Vec<TreeNode>) {
    if to.is_empty() {
        *to = from;
    } else {
        to.append(&mut from);
    }
}

/// Adds the factors of `t` (divisors when `divide`); returns its sign.
fn add_factors(t: TreeForm, divide: bool, num: &mut Vec<TreeNode>, den: &mut Vec<TreeNode>) -> bool {
    match t.node {
        TreeNode::Prod { num: n, den: d } => {
            let (to_num, to_den) = if divide { (d, n) } else { (n, d) };
            append(num, to_num);
            append(den, to_den);
        }
        node => {
            if divide {
                den.push(node);
            } else {
                num.push(node);
            }
        }
    }
    t.negative
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> reckon_core::Expr {
        reckon_core::parse_expr(s).unwrap()
    }

    fn same(a: &str, b: &str) -> bool {
        TreeForm::of(&parse(a)) == TreeForm::of(&parse(b))
    }

    #[test]
    fn merges_what_algebra_merges() {
        assert!(same("1+2", "2+1"));
        assert!(same("(1+2)+3", "1+(2+3)"));
        assert!(same("1-(2-3)", "1+3-2"));
        assert!(same("1/(2/3)", "1*3/2"));
        assert!(same("(1-2)/(3-4)", "(2-1)/(4-3)"));
        assert!(same("5-6*(7-8)", "5+6*(8-7)"));
        assert!(same("8/(3-8/3)", "8/(3-8/3)"));
    }

    /// Interchanging the two 1s negates `1-1`, and with it `2*(1-1)`.
    #[test]
    fn merges_parts_that_equal_cards_negate() {
        assert!(same("10+2*(1-1)", "10-2*(1-1)"));
        assert!(same("10+(1-1)/2", "10-(1-1)/2"));
        assert!(same("3*(5-5)*(2-1)", "3*(5-5)*(1-2)"));
        assert!(same("(3+2-3-2)*4", "(3+2-2-3)*4"));
        // `2*(1-1)-2*(1-1)` is as sign-free as each of its terms.
        assert!(same("5*(2*(1-1)-2*(1-1))+9", "9-5*(2*(1-1)-2*(1-1))"));
        assert!(!same("10+2*(1-3)", "10-2*(1-3)"));
        assert!(!same("(1-2)*(1-2)+4", "(2-1)*(1-2)+4"));
    }

    #[test]
    fn keeps_apart_what_values_merge() {
        assert!(!same("5*1", "5/1"));
        assert!(!same("2+2", "2*2"));
        assert!(!same("(1-2)*(3-4)", "(2-1)*(3-4)"));
        assert!(!same("1-2", "2-1"));
    }
}
