//! Dedup: from a raw stream of solutions to a complete, duplicate-free,
//! readable list.

use std::cmp::Ordering;

use hashbrown::HashMap;
use reckon_core::{EvalError, Expr, Hand, Op, Rules, for_each_solution};

use crate::key::{Key, key};
use crate::level::Level;

/// Collects expressions, one per class at a level, each shown by its most
/// readable member.
///
/// Readable means: the fewest brackets, then the fewest `-` and `/`, then
/// the shortest text; in the shown form the operands of `+` and `*` come
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
    classes: HashMap<Key, Shown>,
}

#[derive(Debug, Clone)]
struct Shown {
    cost: Cost,
    expr: Expr,
}

/// Lower is more readable.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Cost {
    brackets: usize,
    inverse_ops: usize,
    len: usize,
    text: String,
}

impl Cost {
    fn of(e: &Expr) -> Cost {
        let text = e.to_string();
        Cost { brackets: text.matches('(').count(), inverse_ops: inverse_ops(e), len: text.len(), text }
    }
}

fn inverse_ops(e: &Expr) -> usize {
    match e {
        Expr::Num(_) => 0,
        Expr::Binary(op, l, r) => usize::from(matches!(op, Op::Sub | Op::Div)) + inverse_ops(l) + inverse_ops(r),
    }
}

impl Distinct {
    /// An empty collection for `level`.
    pub fn new(level: Level) -> Distinct {
        Distinct { level, classes: HashMap::new() }
    }

    /// The level this collection dedups at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Adds `expr`; true if it is the first of its class.
    pub fn insert(&mut self, expr: Expr) -> bool {
        let k = key(self.level, &expr);
        let shown = tidy(self.level, &expr);
        let cost = Cost::of(&shown);
        match self.classes.get_mut(&k) {
            Some(old) => {
                if cost < old.cost {
                    *old = Shown { cost, expr: shown };
                }
                false
            }
            None => {
                self.classes.insert(k, Shown { cost, expr: shown });
                true
            }
        }
    }

    /// The number of classes seen.
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// True if nothing was inserted.
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// One expression per class, the simplest first, in a stable order.
    pub fn into_sorted(self) -> Vec<Expr> {
        let mut shown: Vec<Shown> = self.classes.into_values().collect();
        // Ties in cost are broken by the tree itself: the classes come out of
        // a hash map, whose order differs from run to run.
        shown.sort_by(|a, b| a.cost.cmp(&b.cost).then_with(|| a.expr.cmp(&b.expr)));
        shown.into_iter().map(|s| s.expr).collect()
    }
}

impl Extend<Expr> for Distinct {
    fn extend<I: IntoIterator<Item = Expr>>(&mut self, iter: I) {
        for e in iter {
            self.insert(e);
        }
    }
}

/// The distinct solutions of `hand` under `rules` at `level`, simplest first.
///
/// ```
/// use reckon_canonical::{distinct_solutions, Level};
/// use reckon_core::{Hand, Rules};
/// let hand: Hand = "3 3 8 8".parse().unwrap();
/// let list = distinct_solutions(&hand, &Rules::game24(), Level::FourNums);
/// assert_eq!(list.len(), 1);
/// assert_eq!(list[0].to_string(), "8/(3-8/3)");
/// ```
pub fn distinct_solutions(hand: &Hand, rules: &Rules, level: Level) -> Vec<Expr> {
    let mut d = Distinct::new(level);
    for_each_solution(hand, rules, |e| {
        d.insert(e);
    });
    d.into_sorted()
}

/// The number of distinct solutions of `hand` under `rules` at `level`.
///
/// ```
/// use reckon_canonical::{count_distinct, Level};
/// use reckon_core::{Hand, Rules};
/// let hand: Hand = "2 4 8 10".parse().unwrap();
/// assert_eq!(count_distinct(&hand, &Rules::game24(), Level::FourNums), 11);
/// ```
pub fn count_distinct(hand: &Hand, rules: &Rules, level: Level) -> usize {
    let mut keys = hashbrown::HashSet::new();
    for_each_solution(hand, rules, |e| {
        keys.insert(key(level, &e));
    });
    keys.len()
}

/// The readable member of `e`'s class nearest to `e`: at the syntax level
/// only the operands of `+` and `*` are reordered; above it chains of `+`
/// and `-` (`*` and `/`) are regrouped as `a+b-c-d` (`a*b/c/d`).
fn tidy(level: Level, e: &Expr) -> Expr {
    match e {
        Expr::Num(_) => e.clone(),
        Expr::Binary(op, l, r) if level == Level::Syntax => {
            let (mut l, mut r) = (tidy(level, l), tidy(level, r));
            if op.is_commutative() && prominence(&l, &r) == Ordering::Greater {
                std::mem::swap(&mut l, &mut r);
            }
            Expr::binary(*op, l, r)
        }
        Expr::Binary(op, _, _) => {
            let (plus, minus) =
                if op.precedence() == Op::Add.precedence() { (Op::Add, Op::Sub) } else { (Op::Mul, Op::Div) };
            let mut kept = Vec::new();
            let mut inverted = Vec::new();
            chain(level, e, plus, minus, false, &mut kept, &mut inverted);
            kept.sort_by(prominence);
            inverted.sort_by(prominence);
            let mut parts = kept.into_iter();
            let first = parts.next().expect("a chain starts with a kept part");
            let acc = parts.fold(first, |a, p| Expr::binary(plus, a, p));
            inverted.into_iter().fold(acc, |a, p| Expr::binary(minus, a, p))
        }
    }
}

/// Splits a chain of `plus` and `minus` into its kept and inverted parts.
fn chain(level: Level, e: &Expr, plus: Op, minus: Op, inverted: bool, kept: &mut Vec<Expr>, inv: &mut Vec<Expr>) {
    match e {
        Expr::Binary(op, l, r) if *op == plus || *op == minus => {
            chain(level, l, plus, minus, inverted, kept, inv);
            chain(level, r, plus, minus, inverted ^ (*op == minus), kept, inv);
        }
        _ => {
            let part = tidy(level, e);
            if inverted {
                inv.push(part);
            } else {
                kept.push(part);
            }
        }
    }
}

/// Larger value first, then compound before single cards, then by text.
fn prominence(a: &Expr, b: &Expr) -> Ordering {
    by_value(b, a).then_with(|| b.len().cmp(&a.len())).then_with(|| a.to_string().cmp(&b.to_string()))
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
