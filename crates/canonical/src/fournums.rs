//! The `4nums` level: the function-level form with the identities that
//! hold only because of the cards' values taken out.
//!
//! An expression is split into a *core* and its *neutral decorations*,
//! which float to the top wherever they sit in the tree:
//! - zero terms: added or subtracted sub-expressions worth 0 (`x+0 = x-0`);
//! - one factors: multiplied or divided sub-expressions worth 1
//!   (`x*1 = x/1`, and `(5-4)` is as good as a literal 1);
//! - cancelled pairs: two sub-expressions of equal value, one added and one
//!   subtracted or one multiplied and one divided (`x*y/y = x+y-y`);
//!   a pair of ones is the same as two one factors (`x*1*1 = x+1-1`);
//! - products with a zero factor, which are one solution whatever the other
//!   factor's operators: only their multiset of cards counts. Once a zero
//!   is present, every zero term and one factor joins one pool of cards
//!   (`0*1+x = 0+1*x`).
//!
//! Negative intermediate values need no rule of their own: the function
//! level already merges `a-(b-c)` with `a+(c-b)`.

use reckon_core::{Expr, Op, Rational};

use crate::form::{Node, Signed};

/// The `4nums` normal form of an expression.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Form {
    core: Signed,
    /// Cards in the zero pool, sorted; empty when there is no zero.
    pool: Vec<Rational>,
    /// One factors (outside a zero pool), sorted.
    ones: Vec<Signed>,
    /// Cancelled pairs, each sorted, sorted.
    pairs: Vec<(Signed, Signed)>,
}

#[derive(Default)]
struct Decorations {
    zeros: Vec<Rational>,
    has_zero: bool,
    ones: Vec<Signed>,
    pairs: Vec<(Signed, Signed)>,
}

impl Form {
    pub(crate) fn of(e: &Expr) -> Form {
        let mut deco = Decorations::default();
        let core = strip(Signed::of(e), &mut deco);
        let Decorations {
            mut zeros,
            has_zero,
            mut ones,
            pairs,
        } = deco;
        let mut kept_pairs = Vec::new();
        for (x, y) in pairs {
            if value(&x.node) == Some(Rational::ONE) {
                ones.push(x);
                ones.push(y);
            } else {
                kept_pairs.push(if x <= y { (x, y) } else { (y, x) });
            }
        }
        if has_zero {
            for one in ones.drain(..) {
                collect_cards(&one.node, &mut zeros);
            }
        }
        zeros.sort_unstable();
        ones.sort_unstable();
        kept_pairs.sort_unstable();
        Form {
            core,
            pool: zeros,
            ones,
            pairs: kept_pairs,
        }
    }
}

/// The value of a node, if it fits in 64-bit parts.
fn value(node: &Node) -> Option<Rational> {
    match node {
        Node::Leaf(r) => Some(*r),
        Node::Sum { plus, minus } => {
            let mut v = Rational::ZERO;
            for t in plus {
                v = v.checked_add(value(t)?)?;
            }
            for t in minus {
                v = v.checked_sub(value(t)?)?;
            }
            Some(v)
        }
        Node::Prod { num, den } => {
            let mut v = Rational::ONE;
            for t in num {
                v = v.checked_mul(value(t)?)?;
            }
            for t in den {
                v = v.checked_div(value(t)?)?;
            }
            Some(v)
        }
    }
}

fn collect_cards(node: &Node, out: &mut Vec<Rational>) {
    match node {
        Node::Leaf(r) => out.push(*r),
        Node::Sum { plus: a, minus: b } | Node::Prod { num: a, den: b } => {
            a.iter().chain(b).for_each(|n| collect_cards(n, out));
        }
    }
}

fn is(node: &Node, v: Rational) -> bool {
    value(node) == Some(v)
}

/// Moves the neutral decorations of `s` into `deco`, returning the core.
fn strip(s: Signed, deco: &mut Decorations) -> Signed {
    let negative = s.negative;
    let core = match s.node {
        Node::Leaf(_) => return s,
        Node::Sum { plus, minus } => strip_sum(plus, minus, deco),
        Node::Prod { num, den } => strip_prod(num, den, deco),
    };
    Signed {
        negative: core.negative ^ negative,
        node: core.node,
    }
}

fn strip_sum(plus: Vec<Node>, minus: Vec<Node>, deco: &mut Decorations) -> Signed {
    let mut terms: Vec<(bool, Node)> = plus
        .into_iter()
        .map(|n| (false, n))
        .chain(minus.into_iter().map(|n| (true, n)))
        .collect();
    // Zero terms, but never the last term.
    let mut i = 0;
    while i < terms.len() && terms.len() > 1 {
        if is(&terms[i].1, Rational::ZERO) {
            let (_, t) = terms.remove(i);
            deco.has_zero = true;
            collect_cards(&t, &mut deco.zeros);
        } else {
            i += 1;
        }
    }
    take_pairs(&mut terms, deco);
    rebuild(terms, Op::Add, Op::Sub, deco)
}

fn strip_prod(num: Vec<Node>, den: Vec<Node>, deco: &mut Decorations) -> Signed {
    let mut factors: Vec<(bool, Node)> = num
        .into_iter()
        .map(|n| (false, n))
        .chain(den.into_iter().map(|n| (true, n)))
        .collect();
    if factors.iter().any(|(_, f)| is(f, Rational::ZERO)) {
        // A zero product: only its cards count.
        let mut cards = Vec::new();
        for (_, f) in &factors {
            collect_cards(f, &mut cards);
        }
        deco.has_zero = true;
        deco.zeros.extend(cards);
        return Signed::leaf(Rational::ZERO);
    }
    let mut i = 0;
    while i < factors.len() && factors.len() > 1 {
        if is(&factors[i].1, Rational::ONE) {
            let (_, f) = factors.remove(i);
            deco.ones.push(Signed {
                negative: false,
                node: f,
            });
        } else {
            i += 1;
        }
    }
    take_pairs(&mut factors, deco);
    rebuild(factors, Op::Mul, Op::Div, deco)
}

/// Takes out pairs of an added and a subtracted (multiplied and divided)
/// part of equal value, keeping at least one part.
fn take_pairs(parts: &mut Vec<(bool, Node)>, deco: &mut Decorations) {
    let mut i = 0;
    while i < parts.len() {
        if parts.len() <= 2 || parts[i].0 {
            i += 1;
            continue;
        }
        let v = value(&parts[i].1);
        let matching = parts
            .iter()
            .position(|(inverse, p)| *inverse && p == &parts[i].1)
            .or_else(|| {
                parts
                    .iter()
                    .position(|(inverse, p)| *inverse && v.is_some() && value(p) == v)
            });
        match matching {
            Some(j) => {
                let (_, y) = parts.remove(j);
                let i = if j < i { i - 1 } else { i };
                let (_, x) = parts.remove(i);
                deco.pairs.push((
                    Signed {
                        negative: false,
                        node: x,
                    },
                    Signed {
                        negative: false,
                        node: y,
                    },
                ));
            }
            None => i += 1,
        }
    }
}

/// Folds stripped parts back into one form with `op` (and `inverse` for
/// the inverted parts).
fn rebuild(parts: Vec<(bool, Node)>, op: Op, inverse: Op, deco: &mut Decorations) -> Signed {
    let mut acc: Option<Signed> = None;
    // Start from a part that is not inverted, so that no unary minus or
    // reciprocal is needed.
    let mut parts = parts;
    if let Some(k) = parts.iter().position(|(inv, _)| !inv) {
        let first = parts.remove(k);
        parts.insert(0, first);
    }
    for (inv, node) in parts {
        let part = strip(
            Signed {
                negative: false,
                node,
            },
            deco,
        );
        acc = Some(match acc {
            None if inv => {
                // Only inverted parts: 0-x or 1/x, which keep their meaning.
                let unit = if op == Op::Add {
                    Rational::ZERO
                } else {
                    Rational::ONE
                };
                Signed::combine(inverse, Signed::leaf(unit), part)
            }
            None => part,
            Some(a) => Signed::combine(if inv { inverse } else { op }, a, part),
        });
    }
    acc.expect("a sum or product has parts")
}
