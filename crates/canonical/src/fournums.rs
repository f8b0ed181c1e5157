//! The `4nums` level: the function-level form with the identities that
//! hold only because of the cards' values taken out.
//! `docs/distinct.md` states the same rules for users, with examples.
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
//!
//! Where the published lists (yuuki15/24, the same as 4nums.com for 24)
//! disagree with rules one might derive, the lists win:
//! - `2+2` and `2*2` are *not* merged: for 2 2 2 3 → 24 the lists give both
//!   `2*(2+2)*3` and `2*2*2*3`, for 2 2 2 2 → 10 both `2+2*(2+2)` and
//!   `2+2*2*2`;
//! - an added and a subtracted part of equal value in the top sum stay as
//!   they are, not merged by value: for 1 2 2 10 → 10, `10+1-2/2` and
//!   `10+2/2-1` are two solutions;
//! - the lists miss two exact solutions for 10, `1/(11/10-1)` and
//!   `2/(11/5-2)`, because they were computed in floating point; reckon
//!   lists them.
//!
//! The key of a stored form ([`crate::interned`]) is taken on ids where
//! its decorations are certain, most forms; this tree stripping decides
//! the rest, since there the lists' choice between parts of equal value
//! follows the order of the parts' trees, which ids, numbered as first
//! met, do not carry. `FourNumsForm::of`, of a whole expression, is the
//! oracle of the tests.

use num_traits::Zero;
use reckon_core::Rational;
use reckon_core::number::BigRational;
use reckon_core::rules::Op;

use crate::form::{TreeForm, TreeNode, sign_free};

/// The `4nums` normal form of an expression.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct FourNumsForm {
    /// The core with every cancelled pair added back as `+x-y`.
    pub(crate) core: TreeForm,
    /// A one factor left over once one factors are paired.
    pub(crate) one: Option<TreeForm>,
    /// Literal zero cards added or subtracted.
    pub(crate) zeros: usize,
    /// The zero product, if any: its zero factor and the cards of all its
    /// other factors (and of every one factor it absorbed), sorted.
    pub(crate) zero_product: Option<(Vec<TreeForm>, Vec<Rational>)>,
}

#[derive(Default)]
struct Decorations {
    zeros: usize,
    zero_factors: Vec<TreeForm>,
    zero_cards: Vec<Rational>,
    ones: Vec<TreeForm>,
    pairs: Vec<(TreeForm, TreeForm)>,
}

impl FourNumsForm {
    /// The form of an expression, built as a tree: the oracle the keys
    /// on stored forms are held to.
    #[cfg(test)]
    pub(crate) fn of(e: &reckon_core::Expr) -> FourNumsForm {
        FourNumsForm::of_function(TreeForm::of(e))
    }

    /// The form of an expression from its function-level form: it depends
    /// on nothing else.
    pub(crate) fn of_function(function: TreeForm) -> FourNumsForm {
        let mut deco = Decorations::default();
        let core = match strip(function, &mut deco) {
            // With nothing else left, a card 0 is one more zero term
            // (`0+0 = 0-0 = 0*0`), and the sign of a part that equal
            // cards negate is no sign (`3+0-3 = 3-3-0`): only a core
            // worth 0, so only for the target 0.
            Some(core) if core.node == TreeNode::Leaf(Rational::ZERO) => {
                deco.zeros += 1;
                TreeForm::leaf(Rational::ZERO)
            }
            Some(core) if sign_free(&core.node) => TreeForm { negative: false, ..core },
            Some(core) => core,
            None => TreeForm::leaf(Rational::ZERO),
        };
        let Decorations { mut zeros, mut zero_factors, mut zero_cards, mut ones, mut pairs } = deco;
        // `0*1` alone is a zero and a one factor (`0*1+x = 0+1*x`), but
        // with another one around the zero product takes both
        // (`0*1+x*1 = 0*(1+1)+x`); any bigger zero product absorbs every
        // one factor.
        let mut core = core;
        if zero_cards == [Rational::ONE] && ones.is_empty() {
            zero_cards.clear();
            for z in zero_factors.drain(..) {
                if z.node == TreeNode::Leaf(Rational::ZERO) {
                    zeros += 1;
                } else {
                    core = TreeForm::combine(Op::Add, core, z);
                }
            }
            ones.push(TreeForm::leaf(Rational::ONE));
        }
        let zero_product = if zero_cards.is_empty() {
            None
        } else {
            for one in ones.drain(..) {
                collect_cards(&one.node, &mut zero_cards);
            }
            zero_factors.sort_unstable();
            zero_cards.sort_unstable();
            Some((zero_factors, zero_cards))
        };
        // Two one factors are a cancelled pair (`x*1*1 = x+1-1`).
        ones.sort_unstable();
        let mut one = if ones.len() % 2 == 1 { ones.pop() } else { None };
        for two in ones.chunks(2) {
            pairs.push((two[1].clone(), two[0].clone()));
        }
        if zero_product.is_none() {
            (core, one) = ones_worth_one(core, one, &mut pairs);
        }
        // Cancelled pairs float to the top as `+x-y`, where they merge
        // with the sum there (`x*y/y = x+y-y`).
        pairs.sort_unstable();
        let core = pairs
            .into_iter()
            .fold(core, |acc, (x, y)| TreeForm::combine(Op::Sub, TreeForm::combine(Op::Add, acc, x), y));
        FourNumsForm { core, one, zeros, zero_product }
    }
}

/// A core worth one (or minus one) and a one factor: the core is a one
/// factor too, and which of the two is the core is not told by the
/// expression (`1/(2-1) = 1*(2-1) = 2*1-1`): the larger is. A core that
/// is a product worth one with a divisor (`3/3`, `2*3/6`) is a cancelled
/// pair that the one factor keeps: `1*3/3 = 1+3-3`.
fn ones_worth_one(
    core: TreeForm,
    one: Option<TreeForm>,
    pairs: &mut Vec<(TreeForm, TreeForm)>,
) -> (TreeForm, Option<TreeForm>) {
    let Some(one) = one else { return (core, None) };
    if value(&core.node)
        .and_then(|v| Rational::ZERO.checked_sub(v).map(|minus| (v, minus)))
        .is_none_or(|(v, minus)| v != Rational::ONE && minus != Rational::ONE)
    {
        return (core, Some(one));
    }
    if let TreeNode::Prod { num, den } = &core.node
        && !den.is_empty()
    {
        let product = |parts: &[TreeNode]| {
            parts.iter().cloned().map(plain).reduce(|a, b| TreeForm::combine(Op::Mul, a, b)).expect("a part")
        };
        pairs.push((product(num), product(den)));
        let one = TreeForm { negative: one.negative ^ core.negative, node: one.node };
        return (one, None);
    }
    // The core carries the product's value, the one factor a magnitude.
    if one.node > core.node {
        let signed = |form: &TreeForm| {
            value(&form.node).and_then(|v| if form.negative { Rational::ZERO.checked_sub(v) } else { Some(v) })
        };
        let negative = value(&one.node) != signed(&core);
        (TreeForm { negative, node: one.node }, Some(plain(core.node)))
    } else {
        (core, Some(one))
    }
}

/// The value of a node, if it fits in 64-bit parts: worked out exactly
/// where its parts do not fit (two large cards may cancel), so that `None`
/// is a value beyond 64 bits, never neutral, or a division by zero.
fn value(node: &TreeNode) -> Option<Rational> {
    small_value(node).or_else(|| Rational::fitting(&big_value(node)?))
}

/// The value of a node in big rationals; `None` for a division by zero.
#[cold]
fn big_value(node: &TreeNode) -> Option<BigRational> {
    Some(match node {
        TreeNode::Leaf(r) => r.to_big(),
        TreeNode::Sum { plus, minus } => {
            let minus: BigRational = minus.iter().map(big_value).sum::<Option<BigRational>>()?;
            plus.iter().map(big_value).sum::<Option<BigRational>>()? - minus
        }
        TreeNode::Prod { num, den } => {
            let den: BigRational = den.iter().map(big_value).product::<Option<BigRational>>()?;
            if den.is_zero() {
                return None;
            }
            num.iter().map(big_value).product::<Option<BigRational>>()? / den
        }
    })
}

/// The value of a node in 64-bit rationals, if every step fits.
fn small_value(node: &TreeNode) -> Option<Rational> {
    match node {
        TreeNode::Leaf(r) => Some(*r),
        TreeNode::Sum { plus, minus } => {
            let mut v = Rational::ZERO;
            for t in plus {
                v = v.checked_add(small_value(t)?)?;
            }
            for t in minus {
                v = v.checked_sub(small_value(t)?)?;
            }
            Some(v)
        }
        TreeNode::Prod { num, den } => {
            let mut v = Rational::ONE;
            for t in num {
                v = v.checked_mul(small_value(t)?)?;
            }
            for t in den {
                v = v.checked_div(small_value(t)?)?;
            }
            Some(v)
        }
    }
}

fn collect_cards(node: &TreeNode, out: &mut Vec<Rational>) {
    match node {
        TreeNode::Leaf(r) => out.push(*r),
        TreeNode::Sum { plus: a, minus: b } | TreeNode::Prod { num: a, den: b } => {
            a.iter().chain(b).for_each(|n| collect_cards(n, out));
        }
    }
}

fn plain(node: TreeNode) -> TreeForm {
    TreeForm { negative: false, node }
}

/// The sign a factor contributes when treated as `v`: a sum may stand for
/// its negation (its sign is carried by the product), a card may not.
fn worth(node: &TreeNode, v: Rational) -> Option<bool> {
    let actual = value(node)?;
    if actual == v {
        Some(false)
    } else if matches!(node, TreeNode::Sum { .. }) && Rational::ZERO.checked_sub(v) == Some(actual) {
        Some(true)
    } else {
        None
    }
}

/// Moves the neutral decorations of `s` into `deco`, bottom up, returning
/// the core, or `None` when all of `s` was a zero product now in `deco`.
fn strip(s: TreeForm, deco: &mut Decorations) -> Option<TreeForm> {
    let core = match s.node {
        TreeNode::Leaf(_) => return Some(s),
        TreeNode::Sum { plus, minus } => {
            let mut acc: Option<TreeForm> = None;
            let mut lead_negative = false;
            for (inv, t) in plus.into_iter().map(|n| (false, n)).chain(minus.into_iter().map(|n| (true, n))) {
                let Some(part) = strip(plain(t), deco) else {
                    continue;
                };
                acc = Some(match acc {
                    None => {
                        lead_negative = inv;
                        part
                    }
                    Some(a) => TreeForm::combine(if inv != lead_negative { Op::Sub } else { Op::Add }, a, part),
                });
            }
            let mut acc = acc?;
            acc.negative ^= lead_negative;
            strip_sum(acc, deco)
        }
        TreeNode::Prod { num, den } => {
            let mut acc: Option<TreeForm> = None;
            let mut parts = Vec::new();
            for (inv, t) in num.into_iter().map(|n| (false, n)).chain(den.into_iter().map(|n| (true, n))) {
                parts.push((inv, strip(plain(t), deco)?));
            }
            for (inv, part) in parts {
                acc = Some(match acc {
                    None => part,
                    Some(a) => TreeForm::combine(if inv { Op::Div } else { Op::Mul }, a, part),
                });
            }
            strip_prod(acc?, deco)?
        }
    };
    Some(TreeForm { negative: core.negative ^ s.negative, node: core.node })
}

/// Takes literal zeros and cancelled pairs out of a sum whose parts are
/// already stripped.
fn strip_sum(s: TreeForm, deco: &mut Decorations) -> TreeForm {
    let TreeNode::Sum { plus, minus } = s.node else {
        return s;
    };
    let mut terms: Vec<(bool, TreeNode)> =
        plus.into_iter().map(|n| (false, n)).chain(minus.into_iter().map(|n| (true, n))).collect();
    let mut i = 0;
    while i < terms.len() && terms.len() > 1 {
        if terms[i].1 == TreeNode::Leaf(Rational::ZERO) {
            terms.remove(i);
            deco.zeros += 1;
        } else {
            i += 1;
        }
    }
    take_sum_pairs(&mut terms, deco);
    let mut negative = false;
    let all_inverted = terms.iter().all(|(inv, _)| *inv);
    let mut acc: Option<TreeForm> = None;
    for (inv, node) in terms {
        let part = plain(node);
        let inv = inv && !all_inverted;
        acc = Some(match acc {
            None => part,
            Some(a) => TreeForm::combine(if inv { Op::Sub } else { Op::Add }, a, part),
        });
    }
    negative ^= all_inverted;
    let mut acc = acc.expect("a sum keeps a term");
    acc.negative ^= negative ^ s.negative;
    acc
}

/// Takes zero products, one factors and cancelled pairs out of a product
/// whose parts are already stripped.
fn strip_prod(s: TreeForm, deco: &mut Decorations) -> Option<TreeForm> {
    let TreeNode::Prod { num, den } = s.node else {
        return Some(s);
    };
    let mut factors: Vec<(bool, TreeNode)> =
        num.into_iter().map(|n| (false, n)).chain(den.into_iter().map(|n| (true, n))).collect();
    let mut negative = s.negative;
    if factors.iter().any(|(_, f)| value(f) == Some(Rational::ZERO)) {
        let (zeros, others): (Vec<_>, Vec<_>) =
            factors.into_iter().partition(|(_, f)| value(f) == Some(Rational::ZERO));
        if others.is_empty() {
            // `0*0 = 0+0`: a product of zeros is their sum, whose literal
            // zeros are zero terms.
            let mut acc: Option<TreeForm> = None;
            for (_, z) in zeros {
                let z = plain(z);
                acc = Some(match acc {
                    None => z,
                    Some(a) => TreeForm::combine(Op::Add, a, z),
                });
            }
            return acc.map(|sum| strip_sum(sum, deco));
        }
        // `0*0*x = 0+0*x`: one zero factor stays, literal others are terms.
        let mut zeros = zeros.into_iter().map(|(_, z)| z);
        deco.zero_factors.extend(zeros.next().map(plain));
        for z in zeros {
            if z == TreeNode::Leaf(Rational::ZERO) {
                deco.zeros += 1;
            } else {
                deco.zero_factors.push(plain(z));
            }
        }
        for (_, f) in others {
            collect_cards(&f, &mut deco.zero_cards);
        }
        return None;
    }
    let mut i = 0;
    while i < factors.len() {
        let kept = factors.iter().filter(|(inv, _)| !inv).count();
        let removable = factors.len() > 1 && (factors[i].0 || kept > 1);
        match worth(&factors[i].1, Rational::ONE).filter(|_| removable) {
            Some(flip) => {
                let (_, f) = factors.remove(i);
                negative ^= flip;
                deco.ones.push(plain(f));
            }
            None => i += 1,
        }
    }
    take_pairs(&mut factors, deco);
    let mut acc: Option<TreeForm> = None;
    for (inv, node) in factors {
        let part = plain(node);
        acc = Some(match acc {
            None if inv => TreeForm::combine(Op::Div, TreeForm::leaf(Rational::ONE), part),
            None => part,
            Some(a) => TreeForm::combine(if inv { Op::Div } else { Op::Mul }, a, part),
        });
    }
    let mut acc = acc.expect("a product keeps a factor");
    acc.negative ^= negative;
    Some(acc)
}

/// Takes out cancelled pairs from the terms of a sum: an added and a
/// subtracted term of equal value (the same term if there is one), keeping
/// at least one term. They come back at the top, the same way round.
fn take_sum_pairs(terms: &mut Vec<(bool, TreeNode)>, deco: &mut Decorations) {
    let mut i = 0;
    while i < terms.len() {
        if terms[i].0 || terms.len() <= 2 {
            i += 1;
            continue;
        }
        let v = value(&terms[i].1);
        let found = terms
            .iter()
            .position(|(inv, t)| *inv && *t == terms[i].1)
            .or_else(|| terms.iter().position(|(inv, t)| *inv && v.is_some() && value(t) == v));
        match found {
            Some(j) => {
                let (_, y) = terms.remove(j);
                let i = if j < i { i - 1 } else { i };
                let (_, x) = terms.remove(i);
                deco.pairs.push((plain(x), plain(y)));
            }
            None => i += 1,
        }
    }
}

/// Takes out cancelled pairs from the factors of a product: some factors
/// and some divisors with equal products (`x*y/y`, `x*(a*b)/c` with
/// `a*b = c`), keeping a factor that is not a divisor.
fn take_pairs(parts: &mut Vec<(bool, TreeNode)>, deco: &mut Decorations) {
    while let Some((s, t)) = find_pair(parts) {
        let mut taken = Vec::new();
        for i in (0..parts.len()).rev() {
            if s.contains(&i) || t.contains(&i) {
                taken.push((i, parts.remove(i)));
            }
        }
        taken.reverse();
        let product = |side: &[usize]| {
            taken
                .iter()
                .filter(|(i, _)| side.contains(i))
                .map(|(_, (_, n))| plain(n.clone()))
                .reduce(|a, b| TreeForm::combine(Op::Mul, a, b))
                .expect("a side of a pair is not empty")
        };
        deco.pairs.push((product(&s), product(&t)));
    }
}

/// The smallest pair of index sets, factors and divisors, of equal product.
fn find_pair(parts: &[(bool, TreeNode)]) -> Option<(Vec<usize>, Vec<usize>)> {
    let num: Vec<usize> = (0..parts.len()).filter(|&i| !parts[i].0).collect();
    let den: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].0).collect();
    if num.len() < 2 || den.is_empty() || parts.len() > 12 {
        return None;
    }
    // Exact, whatever the size of the products.
    let values: Vec<BigRational> = parts.iter().map(|(_, n)| big_value(n)).collect::<Option<_>>()?;
    let product = |idx: &[usize]| Some(idx.iter().map(|&i| &values[i]).product::<BigRational>());
    let subsets = |of: &[usize], max: usize| -> Vec<Vec<usize>> {
        (1usize..1 << of.len())
            .filter(|m| (m.count_ones() as usize) <= max)
            .map(|m| (0..of.len()).filter(|b| m >> b & 1 == 1).map(|b| of[b]).collect())
            .collect()
    };
    let mut best: Option<(Vec<usize>, Vec<usize>)> = None;
    for s in subsets(&num, num.len() - 1) {
        for t in subsets(&den, den.len()) {
            if product(&s).is_some() && product(&s) == product(&t) {
                let better = best.as_ref().is_none_or(|(bs, bt)| s.len() + t.len() < bs.len() + bt.len());
                if better {
                    best = Some((s.clone(), t));
                }
            }
        }
    }
    best
}
