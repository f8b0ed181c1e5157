//! Dedup: from a raw stream of solutions to a complete, duplicate-free,
//! readable list.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;

use hashbrown::HashMap;
use reckon_core::{BigRational, EvalError, Expr, Hand, Number, Op, Rational, Rules};
use smallvec::SmallVec;

use crate::form::Signed;
use crate::key::{Key, four_nums_of_function, key};
use crate::level::Level;

/// An expression seen one operator at a time, wherever it is stored: a
/// tree, or the nodes of an [`Enumerator`](reckon_core::Enumerator).
pub(crate) trait Tree: Copy {
    fn view(self) -> View<Self>;
}

/// A card, or `left op right`.
#[derive(Clone, Copy)]
pub(crate) enum View<T> {
    Card(Rational),
    Binary(Op, T, T),
}

impl<'a> Tree for &'a Expr {
    fn view(self) -> View<&'a Expr> {
        match self {
            Expr::Num(card) => View::Card(*card),
            Expr::Binary(step) => View::Binary(step.op, &step.left, &step.right),
        }
    }
}

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
    classes: Classes,
    shown: Shown<Expr>,
}

/// The best member of each class, by class number, of one hand or of a
/// run of hands, each taken in turn once all are placed. A member is an
/// expression wherever it is stored ([`Members`]), so that members which
/// lose are never built as trees.
#[derive(Debug, Clone)]
pub(crate) struct Shown<M> {
    /// The level of the hand being placed.
    level: Level,
    /// The best members of every hand begun and not yet taken, one hand
    /// after another.
    best: Vec<Best<M>>,
    /// Where the best members of each hand begun and not yet taken start,
    /// and the level each is shown at.
    hands: Vec<(usize, Level)>,
    /// The hands taken so far, of those in `hands`.
    taken: usize,
    /// Room for sorting, kept when a solver reuses this between hands.
    sorted: Vec<Sorted>,
    /// Room for tidying, kept likewise.
    room: TidyRoom,
    /// The texts printed to break ties, kept likewise.
    texts: Texts,
}

/// Where the members of a [`Shown`] are stored.
pub(crate) trait Members {
    type Member;
    /// Do `a` and `b` tidy to the same expression (see [`same_tidy`])?
    /// Asked before a member tied in rank with a class's best is kept as a
    /// rival. "No" is always safe: such a rival's text ties, and it loses.
    /// Trees from anywhere check. The solutions an enumerator makes of
    /// left-grouped trees (`Trees::LeftGrouped`) come with each chain in
    /// one grouping and one order, so that they hardly ever tidy alike,
    /// and checking would cost more than tidying the odd rival that does.
    fn same_tidy(&self, _a: &Self::Member, _b: &Self::Member) -> bool {
        false
    }
    /// The member tidied at `level` (see [`tidy`]), built as a tree, the
    /// parts of its chains held in `room`.
    fn tidy(&self, level: Level, member: &Self::Member, room: &mut TidyRoom) -> Expr;
}

/// Members that are trees already.
pub(crate) struct Trees;

impl Members for Trees {
    type Member = Expr;
    fn same_tidy(&self, a: &Expr, b: &Expr) -> bool {
        same_tidy(a, b)
    }

    fn tidy(&self, level: Level, member: &Expr, room: &mut TidyRoom) -> Expr {
        tidy_view(level, member.view(), None, room)
    }
}

/// Numbers the classes of expressions at one level, in order of first sight.
#[derive(Debug, Clone)]
struct Classes {
    level: Level,
    by_key: HashMap<Key, usize>,
    /// At the `4nums` level, the class of each function-level form: the
    /// `4nums` key depends on that form only and is costly, so it is
    /// computed once per form (several raw solutions share one form).
    by_function: HashMap<Signed, usize>,
}

impl Classes {
    fn new(level: Level) -> Classes {
        Classes { level, by_key: HashMap::new(), by_function: HashMap::new() }
    }

    /// The class of a solution: its number, and whether it is new.
    fn of(&mut self, solution: &Expr) -> (usize, bool) {
        let next = self.by_key.len();
        if self.level != Level::FourNums {
            let class = *self.by_key.entry(key(self.level, solution)).or_insert(next);
            return (class, class == next);
        }
        match self.by_function.entry(Signed::of(solution)) {
            hashbrown::hash_map::Entry::Occupied(seen) => (*seen.get(), false),
            hashbrown::hash_map::Entry::Vacant(form) => {
                let class = *self.by_key.entry(four_nums_of_function(form.key().clone())).or_insert(next);
                form.insert(class);
                (class, class == next)
            }
        }
    }
}

/// The most readable member of a class seen so far, kept as it came: it is
/// tidied once, when the list is taken, not on every insert.
#[derive(Debug, Clone)]
struct Best<M> {
    rank: Rank,
    member: M,
    /// Later members of the same rank that may tidy to another text, in
    /// the order they came. The text decides between them, so they are
    /// printed only if no member of a better rank comes after them.
    rivals: Vec<M>,
}

/// How readable a tidied expression is, all but its text: lower is more
/// readable, field by field. Small, since one is kept per class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Rank {
    /// Parts of chains worth less than zero (see [`parts_below_zero`]).
    pub(crate) below_zero: u32,
    /// Pairs of brackets.
    pub(crate) brackets: u32,
    /// `-` and `/` operators.
    pub(crate) inverse_ops: u32,
    /// Characters of the text.
    pub(crate) len: u32,
}

impl std::ops::Add for Rank {
    type Output = Rank;
    fn add(self, other: Rank) -> Rank {
        Rank {
            below_zero: self.below_zero + other.below_zero,
            brackets: self.brackets + other.brackets,
            inverse_ops: self.inverse_ops + other.inverse_ops,
            len: self.len + other.len,
        }
    }
}

impl Rank {
    /// The rank of `e` as it is printed (tidied, for a member shown).
    fn of(e: &Expr) -> Rank {
        let text = printed(e);
        let count = |n: usize| u32::try_from(n).expect("expressions shorter than 2^32");
        Rank {
            below_zero: parts_below_zero(e),
            brackets: count(text.matches('(').count()),
            inverse_ops: inverse_ops(e),
            len: count(text.len()),
        }
    }
}

fn inverse_ops(e: &Expr) -> u32 {
    match e {
        Expr::Num(_) => 0,
        Expr::Binary(step) => {
            u32::from(matches!(step.op, Op::Sub | Op::Div)) + inverse_ops(&step.left) + inverse_ops(&step.right)
        }
    }
}

impl Distinct {
    /// An empty collection for `level`, every operator allowed.
    pub fn new(level: Level) -> Distinct {
        Distinct { classes: Classes::new(level), shown: Shown::new(level) }
    }

    /// An empty collection for `level` of the solutions of `hand` under
    /// `rules`: each is shown as the rules allow (see [`display_level`]).
    ///
    /// ```
    /// use reckon_canonical::{Distinct, Level};
    /// use reckon_core::{parse_expr, Rules};
    /// let rules = Rules { ops: "+-/".parse().unwrap(), ..Rules::game24() };
    /// let mut d = Distinct::for_hand(Level::Function, &rules, &"2 4 6 8".parse().unwrap());
    /// d.insert(parse_expr("8/(4/2/6)").unwrap());
    /// assert_eq!(d.into_sorted()[0].to_string(), "8/(4/2/6)");
    /// ```
    pub fn for_hand(level: Level, rules: &Rules, hand: &Hand) -> Distinct {
        Distinct { classes: Classes::new(level), shown: Shown::new(display_level(level, rules, hand)) }
    }

    /// The level this collection dedups at.
    pub fn level(&self) -> Level {
        self.classes.level
    }

    /// Adds `expr`; true if it is the first of its class.
    pub fn insert(&mut self, expr: Expr) -> bool {
        let rank = rank(self.shown.level, &expr);
        let class = self.classes.of(&expr);
        self.shown.place(&Trees, rank, class, expr)
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
        self.shown.into_sorted(&Trees)
    }
}

impl<M> Shown<M> {
    /// One hand, begun, shown at `level`.
    pub(crate) fn new(level: Level) -> Shown<M> {
        let mut shown = Shown::idle();
        shown.begin(level);
        shown
    }

    /// No hand begun yet.
    pub(crate) fn idle() -> Shown<M> {
        Shown {
            level: Level::Syntax,
            best: Vec::new(),
            hands: Vec::new(),
            taken: 0,
            sorted: Vec::new(),
            room: TidyRoom::default(),
            texts: Texts::default(),
        }
    }

    /// Begins the next hand, shown at `level`: what is placed from now on
    /// is its. Its room is kept between hands: a solver lists hand after
    /// hand, and growing it from nothing each time costs more than the
    /// few hands' worth of room kept.
    pub(crate) fn begin(&mut self, level: Level) {
        self.level = level;
        self.hands.push((self.best.len(), level));
    }

    /// Where the best members of the hand being placed start in `best`.
    fn current_start(&self) -> usize {
        self.hands.last().map_or(0, |&(start, _)| start)
    }

    /// The number of classes of the hand being placed.
    pub(crate) fn len(&self) -> usize {
        self.best.len() - self.current_start()
    }

    /// Keeps `member` if it is the first of its class or more readable
    /// than the class's best so far; true if it is the first. Always
    /// inlined: called, it takes the rank through memory, written a part
    /// at a time and read back whole, and the read waits for the writes.
    #[inline(always)]
    pub(crate) fn place<I: Members<Member = M>>(
        &mut self,
        members: &I,
        rank: Rank,
        (class, new): (usize, bool),
        member: M,
    ) -> bool {
        // The cost of the tidied form decides which member is shown; its
        // text is only needed to break a tie that lasts, so most members
        // are never tidied or printed.
        if new {
            self.best.push(Best { rank, member, rivals: Vec::new() });
            return true;
        }
        let level = self.level;
        let start = self.current_start();
        let old = &mut self.best[start + class];
        if rank < old.rank {
            *old = Best { rank, member, rivals: Vec::new() };
        } else if rank == old.rank && (level == Level::Syntax || !members.same_tidy(&member, &old.member)) {
            old.rivals.push(member);
        }
        false
    }

    /// One expression per class, the simplest first, in a stable order.
    pub(crate) fn into_sorted(mut self, members: &impl Members<Member = M>) -> Vec<Expr> {
        self.take_sorted(members)
    }

    /// As [`Shown::into_sorted`], for the first hand begun and not yet
    /// taken; once every hand begun is taken, it is empty with its room
    /// kept.
    pub(crate) fn take_sorted(&mut self, members: &impl Members<Member = M>) -> Vec<Expr> {
        let (start, level) = self.hands[self.taken];
        self.taken += 1;
        let end = self.hands.get(self.taken).map_or(self.best.len(), |&(next, _)| next);
        let shown = self.sorted_of(members, level, start..end);
        if self.taken == self.hands.len() {
            self.best.clear();
            self.hands.clear();
            self.taken = 0;
        }
        shown
    }

    /// The best members of `hand`, a range of `best`, shown at `level`,
    /// tidied and sorted.
    fn sorted_of(&mut self, members: &impl Members<Member = M>, level: Level, hand: Range<usize>) -> Vec<Expr> {
        // A hand with no solution (about one in four of four cards
        // 1..13) has nothing to tidy or sort.
        if hand.is_empty() {
            return Vec::new();
        }
        let (shown, room, texts) = (&mut self.sorted, &mut self.room, &mut self.texts);
        shown.clear();
        texts.0.clear();
        shown.extend(self.best[hand].iter().map(|best| {
            let (expr, text) = best.shown(members, level, room, texts);
            // Above the syntax level a member's rank is its tidied
            // form's (see `rank_of`); at the syntax level the solver
            // keeps none.
            let rank = match level {
                Level::Syntax => Rank::of(&expr),
                _ => best.rank,
            };
            debug_assert_eq!(rank, Rank::of(&expr), "{expr}");
            Sorted { rank, text, expr }
        }));
        // A tie in rank is broken by the text, printed only
        // then; a tie in both by the tree itself, so the order never
        // depends on the order classes were found in. Both sorts are
        // stable, so sorting each run of a rank by text and tree is
        // sorting by all three.
        shown.sort_by_key(|sorted| sorted.rank);
        for run in shown.chunk_by_mut(|a, b| a.rank == b.rank).filter(|run| run.len() > 1) {
            // Two tied, the usual run, take one comparison: the second
            // is printed only as far as it agrees with the first.
            if let [a, b] = run {
                let order = match (a.text, b.text) {
                    (Some(x), Some(y)) => texts.get(x).cmp(texts.get(y)),
                    (Some(x), None) => texts.compare(&b.expr, x).reverse(),
                    (None, Some(y)) => texts.compare(&a.expr, y),
                    (None, None) => {
                        let x = texts.print(&a.expr);
                        texts.compare(&b.expr, x).reverse()
                    }
                };
                if order.then_with(|| a.expr.cmp(&b.expr)) == Ordering::Greater {
                    std::mem::swap(a, b);
                }
                continue;
            }
            for sorted in run.iter_mut() {
                sorted.text.get_or_insert_with(|| texts.print(&sorted.expr));
            }
            let text = |sorted: &Sorted| sorted.text.map_or("", |at| texts.get(at));
            run.sort_by(|a, b| text(a).cmp(text(b)).then_with(|| a.expr.cmp(&b.expr)));
        }
        shown.drain(..).map(|sorted| sorted.expr).collect()
    }
}

impl<M> Best<M> {
    /// The member shown, tidied: of those tied in rank, the one whose
    /// text comes first; with its text in `texts`, if it was printed.
    fn shown(
        &self,
        members: &impl Members<Member = M>,
        level: Level,
        room: &mut TidyRoom,
        texts: &mut Texts,
    ) -> (Expr, Option<TextAt>) {
        let mut shown = members.tidy(level, &self.member, room);
        let mut text = None;
        for rival in &self.rivals {
            let tidied = members.tidy(level, rival, room);
            // A rival is printed only up to where it first differs from
            // the text to beat; printed whole only if it wins (about half
            // of them do) and another rival comes after it.
            let at = *text.get_or_insert_with(|| texts.print(&shown));
            if texts.compare(&tidied, at) == Ordering::Less {
                (shown, text) = (tidied, None);
            }
        }
        (shown, text)
    }
}

/// How many parts of the chains of `e` (the sub-expressions that are a
/// card, or whose operator is of the other kind than their parent's, `+`
/// and `-` against `*` and `/`) are worth less than zero, worked out
/// exactly (in big rationals if 64 bits overflow). Tidied, a chain of
/// parts that are not negative goes through no negative value on its way
/// (its sums come before its differences), so a tidied tree of cards that
/// are not negative goes through one exactly when it has such a part:
/// `4nums` writes a negative part the positive way round, `(3-1)*(13-1)`
/// rather than `(1-3)*(1-13)`.
pub(crate) fn parts_below_zero<T: Tree>(e: T) -> u32 {
    fn walk<T: Tree, N: Number>(e: T, parent_additive: Option<bool>, count: &mut u32) -> Option<N> {
        let (value, additive) = match e.view() {
            View::Card(card) => (N::from_rational(card), None),
            View::Binary(op, l, r) => {
                let additive = op.is_additive();
                let (a, b) = (walk::<T, N>(l, Some(additive), count)?, walk::<T, N>(r, Some(additive), count)?);
                (op.apply(&a, &b)?, Some(additive))
            }
        };
        let is_part = parent_additive.is_some() && additive != parent_additive;
        *count += u32::from(is_part && value.is_negative());
        Some(value)
    }
    let mut count = 0;
    if walk::<T, Rational>(e, None, &mut count).is_some() {
        return count;
    }
    count = 0;
    // A solution has no division by zero: only an overflow comes here.
    walk::<T, BigRational>(e, None, &mut count).map_or(0, |_| count)
}

/// A shown member with its [`Rank`], and its text if it was printed.
#[derive(Debug, Clone)]
struct Sorted {
    rank: Rank,
    text: Option<TextAt>,
    expr: Expr,
}

/// The texts printed for one hand, one after another in one string: no
/// string of its own to make for each.
#[derive(Debug, Clone, Default)]
struct Texts(String);

/// Where a text is in [`Texts`]: its start and end.
type TextAt = (usize, usize);

impl Texts {
    fn print(&mut self, e: &Expr) -> TextAt {
        let start = self.0.len();
        e.write_to(&mut self.0).expect("printing to a string does not fail");
        (start, self.0.len())
    }

    fn get(&self, (start, end): TextAt) -> &str {
        &self.0[start..end]
    }

    /// The text of `e` against the text at `at`, as `str` compares them,
    /// with `e` printed only as far as the first character that differs.
    fn compare(&self, e: &Expr, at: TextAt) -> Ordering {
        let mut against = Against { rest: self.get(at).as_bytes(), order: Ordering::Equal };
        match e.write_to(&mut against) {
            // All of `e` agrees: it comes first if the text goes on.
            Ok(()) if against.rest.is_empty() => Ordering::Equal,
            Ok(()) => Ordering::Less,
            Err(_) => against.order,
        }
    }
}

/// A sink that compares what is written to it with `rest`, and fails at
/// the first difference, with the order in `order`: printing stops there.
struct Against<'a> {
    rest: &'a [u8],
    order: Ordering,
}

impl fmt::Write for Against<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let s = s.as_bytes();
        let common = s.len().min(self.rest.len());
        let (head, rest) = self.rest.split_at(common);
        self.order = s[..common].cmp(head).then(s.len().cmp(&common));
        self.rest = rest;
        if self.order == Ordering::Equal { Ok(()) } else { Err(fmt::Error) }
    }

    fn write_char(&mut self, c: char) -> fmt::Result {
        // Expressions print in ASCII, a character at a time.
        match (u8::try_from(c), self.rest.split_first()) {
            (Ok(byte), Some((&first, rest))) if byte == first && byte.is_ascii() => {
                self.rest = rest;
                Ok(())
            }
            _ => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }
}

/// The text of `e`, printed into room for a typical solution at once
/// rather than grown a few characters at a time.
fn printed(e: &Expr) -> String {
    let mut text = String::with_capacity(32);
    e.write_to(&mut text).expect("printing to a string does not fail");
    text
}

/// The [`Rank`] of the tidied `solution`, without building it where that
/// is easy: above the syntax level, with whole cards that are not negative.
pub(crate) fn rank(level: Level, solution: &Expr) -> Rank {
    rank_of(level, solution)
}

/// [`rank`] of a solution stored anywhere.
pub(crate) fn rank_of<T: Tree>(level: Level, solution: T) -> Rank {
    let mut fast = Rank::default();
    let found = match solution.view() {
        _ if level == Level::Syntax => None,
        View::Card(_) => tidy_rank(solution, false, &mut fast),
        // The root chain's parts, as `tidy_rank` walks them.
        View::Binary(op, l, r) => {
            let additive = op.is_additive();
            fast.len += 1;
            chain_rank(l, additive, false, &mut fast)
                .and_then(|()| chain_rank(r, additive, matches!(op, Op::Sub | Op::Div), &mut fast))
        }
    };
    match found {
        // Tidying regroups chains but keeps their parts and their values.
        Some(()) => Rank { below_zero: parts_below_zero(solution), ..fast },
        None => Rank::of(&tidy(level, solution)),
    }
}

/// Adds to `rank` the brackets, inverse operators and the length (not the
/// parts worth less than zero, which need arithmetic) of the
/// cards, brackets and operators of the tidied `e` (a part of a product
/// when `in_product`); `None` for a card that is negative or not whole,
/// whose printing depends on its place.
///
/// Tidying turns each chain of `+` and `-` (`*` and `/`) into `a+b-c-d`
/// (`a*b/c/d`), so a chain's inverted parts are its `-` (`/`) and the only
/// brackets are around a sum that is a part of a product.
fn tidy_rank<T: Tree>(e: T, in_product: bool, rank: &mut Rank) -> Option<()> {
    match e.view() {
        View::Card(r) => {
            if !r.is_integer() || r < Rational::ZERO {
                return None;
            }
            rank.len += decimal_digits(r.numer());
        }
        View::Binary(op, _, _) => {
            let additive = op.is_additive();
            if additive && in_product {
                rank.brackets += 1;
                rank.len += 2;
            }
            chain_rank(e, additive, false, rank)?;
        }
    }
    Some(())
}

/// [`tidy_rank`] over the parts of the chain `e` (additive or multiplicative).
fn chain_rank<T: Tree>(e: T, additive: bool, inverted: bool, rank: &mut Rank) -> Option<()> {
    match e.view() {
        View::Binary(op, l, r) if op.is_additive() == additive => {
            chain_rank(l, additive, inverted, rank)?;
            // One operator between the chain's two sides.
            rank.len += 1;
            chain_rank(r, additive, inverted ^ matches!(op, Op::Sub | Op::Div), rank)
        }
        _ => {
            rank.inverse_ops += u32::from(inverted);
            tidy_rank(e, !additive, rank)
        }
    }
}

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

pub(crate) fn decimal_digits(mut n: i64) -> u32 {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}

impl Extend<Expr> for Distinct {
    fn extend<I: IntoIterator<Item = Expr>>(&mut self, iter: I) {
        for e in iter {
            self.insert(e);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use reckon_core::{Hand, Rules, all_solutions};

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

    #[test]
    fn parts_below_zero_are_counted_exactly() {
        let below_zero = |e: &str| parts_below_zero(&reckon_core::parse_expr(e).unwrap());
        assert_eq!(below_zero("(1-3)*(1-13)"), 2);
        assert_eq!(below_zero("(13-1)*(3-1)"), 0);
        assert_eq!(below_zero("1-1+0"), 0, "zero is not negative");
        assert_eq!(below_zero("1-3"), 0, "the whole is not a part");
        assert_eq!(below_zero("2*(0-3)+7"), 2, "a part inside a part");
        // A step inside a chain is not a part: tidied, this chain is
        // `1/3+1-1/2`, which goes through no negative value.
        assert_eq!(below_zero("(1/3-1/2+1)*6"), 0, "fractions");
        // Past 64 bits the parts are worked out in big rationals.
        assert_eq!(below_zero("(1-9223372036854775807*4)/2"), 1);
    }

    /// Comparing an expression with a printed text, printing it only as
    /// far as they agree, orders them as comparing the printed texts does.
    #[test]
    fn comparing_with_a_text_is_comparing_texts() {
        let all = ["1+2", "1+2*3", "1+2+3", "(1+2)*3", "12+3", "1/2", "-1+3", "1", "13"];
        let mut texts = Texts::default();
        for a in all {
            for b in all {
                let at = texts.print(&reckon_core::parse_expr(b).unwrap());
                let e = reckon_core::parse_expr(a).unwrap();
                assert_eq!(texts.compare(&e, at), e.to_string().as_str().cmp(texts.get(at)), "{a} against {b}");
            }
        }
    }

    /// The rank computed without tidying is the rank of the tidied form,
    /// and expressions said to tidy alike do.
    #[test]
    fn rank_without_tidying_is_exact() {
        let cases = [
            ("1 2 3 4", 24),
            ("3 3 8 8", 24),
            ("1 5 5 5", 24),
            ("0 1 10 13", 10),
            ("1 1 10 12", 24),
            ("2 4 8 10", 24),
            ("1 3 7 10 25", 765),
        ];
        let mut alike = 0;
        for (cards, target) in cases {
            let hand: Hand = cards.parse().unwrap();
            let all = all_solutions(&hand, &Rules::with_target(Rational::from_integer(target)));
            for e in &all {
                for level in [Level::Function, Level::FourNums] {
                    assert_eq!(rank(level, e), Rank::of(&tidy(level, e)), "{e}");
                }
            }
            // Solutions said to tidy alike do.
            for a in all.iter().take(200) {
                for b in all.iter().take(200) {
                    if same_tidy(a, b) {
                        assert_eq!(tidy(Level::FourNums, a), tidy(Level::FourNums, b), "{a} and {b}");
                        alike += usize::from(a != b);
                    }
                }
            }
        }
        assert!(alike > 0, "some different solutions tidy alike");
    }
}
