//! How a solution is shown: each chain regrouped as `a+b-c-d`, larger
//! parts first.

use std::cmp::Ordering;

use reckon_core::expr::EvalError;
use reckon_core::rules::Op;
use reckon_core::{Expr, Hand, Rational, Rules};
use smallvec::SmallVec;

use crate::level::Level;
use crate::view::{Tree, View};

/// Do `a` and `b` tidy to the same expression above the syntax level?
/// True when they are the same chains of the same parts, up to grouping
/// and order, which is what tidying forgets; false otherwise, which only
/// means their texts must be compared.
pub(crate) fn same_tidy<T: Tree>(a: T, b: T) -> bool {
    same_tidy_views(a.view(), b.view())
}

/// [`same_tidy`] of two views: a solution kept as its top operator over
/// two nodes is compared without a tree of its own above them.
fn same_tidy_views<T: Tree>(a: View<T>, b: View<T>) -> bool {
    match (a, b) {
        (View::Card(x), View::Card(y)) => x == y,
        (View::Binary(p, al, ar), View::Binary(q, bl, br)) if p.precedence() == q.precedence() => {
            let additive = p.is_additive();
            let continues = |e: T| match e.view() {
                View::Binary(op, _, _) => op.is_additive() == additive,
                View::Card(_) => false,
            };
            // Two chains of two parts, the usual case, matched as below
            // without listing their parts.
            if ![al, ar, bl, br].into_iter().any(continues) {
                if p != q {
                    return false;
                }
                if matches!(p, Op::Sub | Op::Div) {
                    return same_tidy(al, bl) && same_tidy(ar, br);
                }
                return if same_tidy(al, bl) { same_tidy(ar, br) } else { same_tidy(al, br) && same_tidy(ar, bl) };
            }
            // Each whole is a chain of its own operator: its parts are
            // those of its two sides.
            let (mut left, mut right) = (Parts::new(), Parts::new());
            chain_parts(al, additive, false, &mut left);
            chain_parts(ar, additive, matches!(p, Op::Sub | Op::Div), &mut left);
            chain_parts(bl, additive, false, &mut right);
            chain_parts(br, additive, matches!(q, Op::Sub | Op::Div), &mut right);
            if left.len() != right.len() {
                return false;
            }
            // Sameness is an equivalence, so matching greedily is exact.
            let mut matched: SmallVec<[bool; 8]> = smallvec::smallvec![false; right.len()];
            left.iter().all(|&(inverted, x)| {
                let found = right
                    .iter()
                    .zip(matched.iter_mut())
                    .find(|((i, y), taken)| !**taken && *i == inverted && same_tidy(x, *y));
                found.map(|(_, taken)| *taken = true).is_some()
            })
        }
        _ => false,
    }
}

/// The parts of a chain with whether each is inverted (after `-` or `/`).
type Parts<T> = SmallVec<[(bool, T); 8]>;

fn chain_parts<T: Tree>(e: T, additive: bool, inverted: bool, out: &mut Parts<T>) {
    match e.view() {
        View::Binary(op, l, r) if op.is_additive() == additive => {
            chain_parts(l, additive, inverted, out);
            chain_parts(r, additive, inverted ^ matches!(op, Op::Sub | Op::Div), out);
        }
        _ => out.push((inverted, e)),
    }
}

/// The readable member of `e`'s class nearest to `e`: at the syntax level
/// only the operands of `+` and `*` are reordered; above it chains of `+`
/// and `-` (`*` and `/`) are regrouped as `a+b-c-d` (`a*b/c/d`). Built
/// straight from wherever `e` is stored.
pub(crate) fn tidy<T: Tree>(level: Level, e: T) -> Expr {
    tidy_view(level, e.view(), None, &mut TidyRoom::default())
}

/// The parts of the chains being tidied, one stack for kept parts and one
/// for inverted ones shared by the whole recursion: a chain's parts sit
/// above those of the chains around it, so each chain takes the tops of
/// the stacks, with no room of its own to make and drop.
#[derive(Debug, Clone, Default)]
pub(crate) struct TidyRoom {
    kept: Vec<Expr>,
    inverted: Vec<Expr>,
}

/// [`tidy`] of an expression already viewed, whose value is `whole` if
/// known (a solution's is its target): a chain's parts are viewed once, to
/// tell a part from the chain.
pub(crate) fn tidy_view<T: Tree>(level: Level, view: View<T>, whole: Option<Rational>, room: &mut TidyRoom) -> Expr {
    match view {
        View::Card(card) => Expr::Num(card),
        View::Binary(op, l, r) if level == Level::Syntax => {
            let (mut l, mut r) = (tidy_view(level, l.view(), None, room), tidy_view(level, r.view(), None, room));
            if op.is_commutative() && prominence(&l, &r) == Ordering::Greater {
                std::mem::swap(&mut l, &mut r);
            }
            Expr::binary(op, l, r)
        }
        View::Binary(op, l, r) => {
            let (plus, minus) = if op.is_additive() { (Op::Add, Op::Sub) } else { (Op::Mul, Op::Div) };
            let (l, r) = (l.view(), r.view());
            let continues = |view: &View<T>| matches!(view, View::Binary(op, _, _) if *op == plus || *op == minus);
            // A chain of two parts, the usual case, is built straight
            // from them, as the stacks below would build it.
            if !continues(&l) && !continues(&r) {
                let (a, b) = (part(level, l, room), part(level, r, room));
                return if op == plus && prominence_of_two(op, &a, &b, whole) == Ordering::Greater {
                    Expr::binary(op, b, a)
                } else {
                    Expr::binary(op, a, b)
                };
            }
            let (kept_from, inverted_from) = (room.kept.len(), room.inverted.len());
            // Each side is split here as in `chain`.
            for (side, inverted) in [(l, false), (r, op == minus)] {
                match side {
                    View::Card(card) => push_part(Expr::Num(card), inverted, room),
                    view @ View::Binary(op, _, _) if op == plus || op == minus => {
                        chain(level, view, plus, minus, inverted, room)
                    }
                    view => push_part(compound_part(level, view, room), inverted, room),
                }
            }
            // Reversed once sorted, so that the parts are popped in order
            // (cheaper than draining). Two parts on a side take one
            // comparison, three are sorted in place.
            for parts in [&mut room.kept[kept_from..], &mut room.inverted[inverted_from..]] {
                match parts {
                    [a, b] => {
                        if prominence(a, b) != Ordering::Greater {
                            std::mem::swap(a, b);
                        }
                    }
                    [_, _, _] => {
                        sort_three(parts);
                        parts.swap(0, 2);
                    }
                    _ => {
                        parts.sort_by(prominence);
                        parts.reverse();
                    }
                }
            }
            let pop = |parts: &mut Vec<Expr>, from: usize| if parts.len() > from { parts.pop() } else { None };
            let mut acc = pop(&mut room.kept, kept_from).expect("a chain starts with a kept part");
            while let Some(part) = pop(&mut room.kept, kept_from) {
                acc = Expr::binary(plus, acc, part);
            }
            while let Some(part) = pop(&mut room.inverted, inverted_from) {
                acc = Expr::binary(minus, acc, part);
            }
            acc
        }
    }
}

/// The level at which the solutions of `hand` under `rules` are tidied
/// for display. Above the syntax level tidying regroups each chain as
/// `a+b-c-d` (`a*b/c/d`), which may write an operator or pass through a
/// value a solution never did: `a-(b-c)` becomes `a+c-b`, and with a
/// card `-2` under non-negative rules `3-(5+(-2))` would become
/// `3-5-(-2)`, through `-2`. So each shown solution keeps its own
/// grouping where the rules allow `-` (`/`) but not `+` (`*`), and where a
/// card lies outside the domain (with every card inside, a chain
/// regrouped with its kept parts first passes only through values between
/// its parts and its result, in the domain as they are).
pub(crate) fn display_level(level: Level, rules: &Rules, hand: &Hand) -> Level {
    if keeps_grouping(rules) || !hand.cards().iter().all(|card| rules.domain.allows(card)) {
        Level::Syntax
    } else {
        level
    }
}

/// Do the rules keep every shown solution's own grouping, whatever the
/// hand (see [`display_level`])?
pub(crate) fn keeps_grouping(rules: &Rules) -> bool {
    let ops = rules.ops;
    let writes_forbidden = |op: Op, inverse: Op| ops.contains(inverse) && !ops.contains(op);
    writes_forbidden(Op::Add, Op::Sub) || writes_forbidden(Op::Mul, Op::Div)
}

/// Splits a chain of `plus` and `minus` into its kept and inverted parts,
/// pushed on the stacks of `room`.
fn chain<T: Tree>(level: Level, view: View<T>, plus: Op, minus: Op, inverted: bool, room: &mut TidyRoom) {
    match view {
        View::Binary(op, l, r) if op == plus || op == minus => {
            // Most parts are cards: pushed here rather than by a call, as
            // is a part that does not go on with the chain.
            for (side, inverted) in [(l, inverted), (r, inverted ^ (op == minus))] {
                match side.view() {
                    View::Card(card) => push_part(Expr::Num(card), inverted, room),
                    view @ View::Binary(op, _, _) if op == plus || op == minus => {
                        chain(level, view, plus, minus, inverted, room)
                    }
                    view => push_part(compound_part(level, view, room), inverted, room),
                }
            }
        }
        view => push_part(part(level, view, room), inverted, room),
    }
}

/// Pushes a tidied part of a chain on its stack in `room`.
#[inline]
fn push_part(part: Expr, inverted: bool, room: &mut TidyRoom) {
    if inverted {
        room.inverted.push(part);
    } else {
        room.kept.push(part);
    }
}

/// A part of a chain, tidied.
#[inline]
fn part<T: Tree>(level: Level, view: View<T>, room: &mut TidyRoom) -> Expr {
    // Most parts are cards: built here rather than by a call.
    match view {
        View::Card(card) => Expr::Num(card),
        view => compound_part(level, view, room),
    }
}

/// A part of a chain that is not a card, tidied. Most are an operator
/// over two cards, built here as [`tidy_view`] would build them, with the
/// larger card first after `+` and `*`, but without its walk.
fn compound_part<T: Tree>(level: Level, view: View<T>, room: &mut TidyRoom) -> Expr {
    if let View::Binary(op, l, r) = view
        && let (View::Card(x), View::Card(y)) = (l.view(), r.view())
    {
        let (x, y) = if op.is_commutative() && y > x { (y, x) } else { (x, y) };
        return Expr::binary(op, Expr::Num(x), Expr::Num(y));
    }
    tidy_view(level, view, None, room)
}

/// Sorts three parts by [`prominence`] as the library's stable sort does
/// so few, by insertion, without its call.
fn sort_three(parts: &mut [Expr]) {
    let less = |parts: &[Expr], later: usize| prominence(&parts[later], &parts[later - 1]) == Ordering::Less;
    if less(parts, 1) {
        parts.swap(0, 1);
    }
    if less(parts, 2) {
        parts.swap(1, 2);
        if less(parts, 1) {
            parts.swap(0, 1);
        }
    }
}

/// Larger value first, then compound before single cards, then by text.
#[inline]
fn prominence(a: &Expr, b: &Expr) -> Ordering {
    match (a, b) {
        // Two cards, the usual pair, compared where they are met rather
        // than by a call.
        (Expr::Num(x), Expr::Num(y)) => y.cmp(x),
        _ => prominence_of_compound(a, b),
    }
}

/// [`prominence`] where one part is not a card.
fn prominence_of_compound(a: &Expr, b: &Expr) -> Ordering {
    prominence_by(a, b, || by_value(b, a))
}

/// [`prominence`] with the values compared by `larger_first`, called only
/// if not both are cards.
#[inline]
fn prominence_by(a: &Expr, b: &Expr, larger_first: impl FnOnce() -> Ordering) -> Ordering {
    if let (Expr::Num(x), Expr::Num(y)) = (a, b) {
        // Two cards, the usual pair, differ in value unless equal.
        return y.cmp(x);
    }
    larger_first().then_with(|| {
        // Equal parts are the common tie of equal values: no need to
        // print them. Parts of different values, the usual case, are not
        // compared further.
        if a == b {
            return Ordering::Equal;
        }
        b.len().cmp(&a.len()).then_with(|| a.to_string().cmp(&b.to_string()))
    })
}

/// [`prominence`] of the parts of `a op b` (`op` is `+` or `*`), whose
/// value is `whole` if known: one part's value then gives the other's, so
/// only one part (a card, if either is one) is evaluated.
#[inline]
fn prominence_of_two(op: Op, a: &Expr, b: &Expr, whole: Option<Rational>) -> Ordering {
    match whole {
        Some(whole) => prominence_in(op, a, b, whole),
        None => prominence(a, b),
    }
}

/// [`prominence_of_two`] where the whole is known.
fn prominence_in(op: Op, a: &Expr, b: &Expr, whole: Rational) -> Ordering {
    prominence_by(a, b, || {
        let (known, other) = if matches!(b, Expr::Num(_)) { (b, a) } else { (a, b) };
        // `other` is worth `whole - x` (`whole / x`), larger than `x`
        // exactly when `whole` is larger than `2x` (than `x*x`, for `x`
        // above zero): compared with no quotient to reduce.
        let other_against_known = known.value().ok().and_then(|x| match op {
            Op::Add => x.checked_add(x).map(|twice| (x, whole.cmp(&twice))),
            _ if x.is_zero() => None,
            _ if x > Rational::ZERO => x.checked_mul(x).map(|square| (x, whole.cmp(&square))),
            _ => x.checked_mul(x).map(|square| (x, square.cmp(&whole))),
        });
        let Some((x, order)) = other_against_known else { return by_value(b, a) };
        debug_assert!(
            other.value().is_err() || other.value().map(|y| y.cmp(&x)) == Ok(order),
            "{a} {op} {b} is not {whole}"
        );
        // Larger value first: `b` against `a`.
        if std::ptr::eq(known, a) { order } else { order.reverse() }
    })
}

/// Compares values, an expression without one (division by zero) first;
/// in 64-bit rationals when both fit, which is almost always.
fn by_value(a: &Expr, b: &Expr) -> Ordering {
    match (a.value(), b.value()) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        (Err(EvalError::DivisionByZero), Err(EvalError::DivisionByZero)) => Ordering::Equal,
        _ => a.value_big().ok().cmp(&b.value_big().ok()),
    }
}
