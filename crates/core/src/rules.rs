//! The rules of a puzzle: target, operators, which cards must be used and
//! which intermediate results are allowed.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::number::{Number, Rational};

/// One of the four arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
}

impl Op {
    /// All four operators in display order.
    pub const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

    /// The ASCII symbol.
    pub const fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '*',
            Op::Div => '/',
        }
    }

    /// Is `a op b == b op a` for all `a`, `b`?
    pub const fn is_commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul)
    }

    /// Is this `+` or `-`, whose chains are sums (not `*` or `/`, whose
    /// chains are products)?
    pub const fn is_additive(self) -> bool {
        matches!(self, Op::Add | Op::Sub)
    }

    /// Binding strength: `*` and `/` bind tighter than `+` and `-`.
    pub const fn precedence(self) -> u8 {
        match self {
            Op::Add | Op::Sub => 1,
            Op::Mul | Op::Div => 2,
        }
    }

    /// Every way to combine two operands with one operator: `+` and `*`
    /// once, `-` and `/` in both orders. The pick-two-and-combine searches
    /// all walk this list.
    ///
    /// ```
    /// use reckon_core::rules::Op;
    /// let shown: Vec<String> = Op::pairings(1, 2).iter().map(|(op, l, r)| format!("{l}{op}{r}")).collect();
    /// assert_eq!(shown, ["1+2", "1*2", "1-2", "2-1", "1/2", "2/1"]);
    /// ```
    pub fn pairings<T: Copy>(a: T, b: T) -> [(Op, T, T); 6] {
        [(Op::Add, a, b), (Op::Mul, a, b), (Op::Sub, a, b), (Op::Sub, b, a), (Op::Div, a, b), (Op::Div, b, a)]
    }

    /// For each operator and order, the one partner `b` with `a op b = t`
    /// (`true`: `a` first) or `b op a = t` (`false`): `t-a`, `a-t`, `t+a`,
    /// `t/a`, `a/t`, `t*a`. `None` where no single partner works (`0 * b`
    /// and `0 / b` make zero whatever `b` is, and `b / 0` nothing; `a / b`
    /// is never zero for `a != 0`) or where the partner overflows.
    ///
    /// ```
    /// use reckon_core::Rational;
    /// use reckon_core::rules::Op;
    /// let (four, t) = (Rational::from_integer(4), Rational::from_integer(24));
    /// let shown: Vec<String> = Op::partners(&four, &t)
    ///     .iter()
    ///     .map(|(op, a_first, b)| format!("{op}{a_first}:{}", b.unwrap()))
    ///     .collect();
    /// assert_eq!(shown, ["+true:20", "-true:-20", "-false:28", "*true:6", "/true:1/6", "/false:96"]);
    /// ```
    pub fn partners<N: Number>(a: &N, t: &N) -> [(Op, bool, Option<N>); 6] {
        let mut partners = [const { (Op::Add, true, None) }; 6];
        let mut at = 0;
        Op::each_partner(a, t, |op, a_first, b| {
            partners[at] = (op, a_first, b);
            at += 1;
        });
        partners
    }

    /// Calls `visit` with each of [`Op::partners`] in turn, in that order,
    /// as it is worked out: a caller that keeps a few of them makes no
    /// array of all six to walk.
    #[inline(always)]
    pub(crate) fn each_partner<N: Number>(a: &N, t: &N, mut visit: impl FnMut(Op, bool, Option<N>)) {
        let nonzero_a = !a.is_zero();
        let difference = t.sub(a);
        // `a-t` is `-(t-a)` and `a/t` is `1/(t/a)`, each cheaper than the
        // operation; only when the first overflows is the second worked out.
        let reversed_difference = match &difference {
            Some(d) => d.neg(),
            None => a.sub(t),
        };
        visit(Op::Add, true, difference);
        visit(Op::Sub, true, reversed_difference);
        visit(Op::Sub, false, t.add(a));
        let quotient = if nonzero_a { t.div(a) } else { None };
        let reversed_quotient = match &quotient {
            _ if !nonzero_a || t.is_zero() => None,
            Some(q) => q.recip(),
            None => a.div(t),
        };
        visit(Op::Mul, true, quotient);
        visit(Op::Div, true, reversed_quotient);
        visit(Op::Div, false, if nonzero_a { t.mul(a) } else { None });
    }

    /// Applies the operator; `None` on overflow or division by zero.
    pub fn apply<N: Number>(self, a: &N, b: &N) -> Option<N> {
        match self {
            Op::Add => a.add(b),
            Op::Sub => a.sub(b),
            Op::Mul => a.mul(b),
            Op::Div if b.is_zero() => None,
            Op::Div => a.div(b),
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.symbol())
    }
}

/// A non-empty set of operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpSet(u8);

impl OpSet {
    /// `+ - * /`.
    pub const ALL: OpSet = OpSet(0b1111);

    /// The set holding exactly `ops`.
    pub fn of(ops: &[Op]) -> OpSet {
        OpSet(ops.iter().fold(0, |bits, &op| bits | OpSet::bit(op)))
    }

    const fn bit(op: Op) -> u8 {
        1 << op as u8
    }

    /// Is `op` in the set?
    pub const fn contains(self, op: Op) -> bool {
        self.0 & OpSet::bit(op) != 0
    }

    /// Is the set empty?
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many results a pair of values can give: one for `+` and `*`
    /// each, two for `-` and `/` each (either way round).
    pub(crate) fn results_per_pair(self) -> usize {
        self.iter().map(|op| if op.is_commutative() { 1 } else { 2 }).sum()
    }

    /// The operators in the set, in `+ - * /` order.
    pub fn iter(self) -> impl Iterator<Item = Op> {
        Op::ALL.into_iter().filter(move |&op| self.contains(op))
    }
}

impl fmt::Display for OpSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|op| write!(f, "{op}"))
    }
}

impl fmt::Debug for OpSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpSet({self})")
    }
}

/// Why an operator list was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseOpsError {
    /// A character that is not an operator.
    #[error("unknown operator '{0}' (expected some of + - * /)")]
    Unknown(char),
    /// No operators at all.
    #[error("the operator list is empty")]
    Empty,
}

impl FromStr for OpSet {
    type Err = ParseOpsError;

    /// Reads `+-*/`; also accepts `x`, `×` and `÷`, and ignores commas and spaces.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut ops = Vec::new();
        for c in s.chars() {
            ops.push(match c {
                '+' => Op::Add,
                '-' | '−' => Op::Sub,
                '*' | 'x' | '×' => Op::Mul,
                '/' | '÷' => Op::Div,
                ',' | ' ' => continue,
                other => return Err(ParseOpsError::Unknown(other)),
            });
        }
        if ops.is_empty() {
            return Err(ParseOpsError::Empty);
        }
        Ok(OpSet::of(&ops))
    }
}

/// Must every card be used, or may the expression use any non-empty subset?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardUse {
    /// Every card exactly once (the 24 game).
    All,
    /// Any non-empty subset, each at most once (Countdown).
    Subset,
}

/// Which values an intermediate result may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Domain {
    /// Any rational number.
    Rational,
    /// Rationals that are not negative (no negative values along the way).
    NonNegative,
    /// Whole numbers only (no fractions along the way).
    Integer,
    /// Positive whole numbers only (Countdown).
    PositiveInteger,
}

impl Domain {
    /// Are intermediate results whole numbers only?
    pub const fn whole_numbers_only(self) -> bool {
        matches!(self, Domain::Integer | Domain::PositiveInteger)
    }

    /// May an intermediate result take the value `v`?
    pub fn allows<N: Number>(self, v: &N) -> bool {
        match self {
            Domain::Rational => true,
            Domain::NonNegative => v.is_zero() || v.is_positive(),
            Domain::Integer => v.is_integer(),
            Domain::PositiveInteger => v.is_integer() && v.is_positive(),
        }
    }
}

/// The rules one hand is solved under.
///
/// ```
/// use reckon_core::{Rational, Rules};
/// let rules = Rules::countdown(Rational::from_integer(765));
/// assert_eq!(rules.target.to_string(), "765");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The value to make.
    pub target: Rational,
    /// The operators allowed.
    pub ops: OpSet,
    /// Whether every card must be used.
    pub card_use: CardUse,
    /// Which intermediate results are allowed.
    pub domain: Domain,
}

impl Rules {
    /// The 24 game: every card once, `+ - * /`, any rational along the way.
    pub const fn game24() -> Rules {
        Rules::with_target(Rational::from_integer(24))
    }

    /// The 24 game's rules with another target.
    pub const fn with_target(target: Rational) -> Rules {
        Rules { target, ops: OpSet::ALL, card_use: CardUse::All, domain: Domain::Rational }
    }

    /// The Countdown numbers game: any subset, positive whole numbers only.
    pub const fn countdown(target: Rational) -> Rules {
        Rules { target, ops: OpSet::ALL, card_use: CardUse::Subset, domain: Domain::PositiveInteger }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::game24()
    }
}

/// A named set of rules, as chosen with `--rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// See [`Rules::game24`].
    Game24,
    /// See [`Rules::countdown`].
    Countdown,
}

impl Preset {
    /// The rules of this preset for `target`.
    pub const fn rules(self, target: Rational) -> Rules {
        match self {
            Preset::Game24 => Rules::with_target(target),
            Preset::Countdown => Rules::countdown(target),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each partner is what its own operation gives, a reversed one
    /// included, at the edges of 64 bits too.
    #[test]
    fn partners_are_each_operation_worked_out() {
        let (max, min) = (i64::MAX, i64::MIN);
        let parts =
            [(0, 1), (1, 1), (-1, 1), (24, 1), (7, 3), (-5, 2), (max, 1), (min, 1), (min + 1, 1), (1, max), (min, 3)];
        let values: Vec<Rational> = parts.iter().map(|&(n, d)| Rational::new(n, d).unwrap()).collect();
        for a in &values {
            for t in &values {
                let nonzero_a = !a.is_zero();
                let expected = [
                    t.checked_sub(*a),
                    a.checked_sub(*t),
                    t.checked_add(*a),
                    t.checked_div(*a).filter(|_| nonzero_a),
                    a.checked_div(*t).filter(|_| nonzero_a),
                    t.checked_mul(*a).filter(|_| nonzero_a),
                ];
                let found = Op::partners(a, t).map(|(_, _, b)| b);
                assert_eq!(found, expected, "{a} for {t}");
            }
        }
    }
}
