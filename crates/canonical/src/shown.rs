//! The most readable member of each class, tidied and sorted once the
//! classes are all known.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;

use reckon_core::Expr;

use crate::level::Level;
use crate::rank::Rank;
use crate::tidy::{TidyRoom, same_tidy, tidy_view};
use crate::view::Tree;

/// The best member of each class, by class number, of one hand or of a
/// run of hands, each taken in turn once all are placed. A member is an
/// expression wherever it is stored ([`Members`]), so that members which
/// lose are never built as trees.
#[derive(Debug, Clone)]
pub(crate) struct BestOfClasses<M> {
    /// The level of the hand being placed.
    pub(crate) level: Level,
    /// The best members of every hand begun and not yet taken, one hand
    /// after another.
    best: Vec<BestMember<M>>,
    /// Where the best members of each hand begun and not yet taken start,
    /// and the level each is shown at.
    hands: Vec<(usize, Level)>,
    /// The hands taken so far, of those in `hands`.
    taken: usize,
    /// Room for sorting, kept when a solver reuses this between hands.
    sorted: Vec<ShownMember>,
    /// Room for tidying, kept likewise.
    room: TidyRoom,
    /// The texts printed to break ties, kept likewise.
    texts: Texts,
}

/// Where the members of a [`BestOfClasses`] are stored.
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
    /// The member tidied at `level` (see [`crate::tidy::tidy`]), built as a tree, the
    /// parts of its chains held in `room`.
    fn tidy(&self, level: Level, member: &Self::Member, room: &mut TidyRoom) -> Expr;
}

/// Members that are trees already.
pub(crate) struct ExprMembers;

impl Members for ExprMembers {
    type Member = Expr;
    fn same_tidy(&self, a: &Expr, b: &Expr) -> bool {
        same_tidy(a, b)
    }

    fn tidy(&self, level: Level, member: &Expr, room: &mut TidyRoom) -> Expr {
        tidy_view(level, member.view(), None, room)
    }
}

/// The most readable member of a class seen so far, kept as it came: it is
/// tidied once, when the list is taken, not on every insert.
#[derive(Debug, Clone)]
struct BestMember<M> {
    rank: Rank,
    member: M,
    /// Later members of the same rank that may tidy to another text, in
    /// the order they came. The text decides between them, so they are
    /// printed only if no member of a better rank comes after them.
    rivals: Vec<M>,
}

impl<M> BestOfClasses<M> {
    /// One hand, begun, shown at `level`.
    pub(crate) fn new(level: Level) -> BestOfClasses<M> {
        let mut shown = BestOfClasses::idle();
        shown.begin(level);
        shown
    }

    /// No hand begun yet.
    pub(crate) fn idle() -> BestOfClasses<M> {
        BestOfClasses {
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
            self.best.push(BestMember { rank, member, rivals: Vec::new() });
            return true;
        }
        let level = self.level;
        let start = self.current_start();
        let old = &mut self.best[start + class];
        if rank < old.rank {
            *old = BestMember { rank, member, rivals: Vec::new() };
        } else if rank == old.rank && (level == Level::Syntax || !members.same_tidy(&member, &old.member)) {
            old.rivals.push(member);
        }
        false
    }

    /// One expression per class, the simplest first, in a stable order.
    pub(crate) fn into_sorted(mut self, members: &impl Members<Member = M>) -> Vec<Expr> {
        self.take_sorted(members)
    }

    /// As [`BestOfClasses::into_sorted`], for the first hand begun and not yet
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
            ShownMember { rank, text, expr }
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
            let text = |sorted: &ShownMember| sorted.text.map_or("", |at| texts.get(at));
            run.sort_by(|a, b| text(a).cmp(text(b)).then_with(|| a.expr.cmp(&b.expr)));
        }
        shown.drain(..).map(|sorted| sorted.expr).collect()
    }
}

impl<M> BestMember<M> {
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

/// A shown member with its [`Rank`], and its text if it was printed.
#[derive(Debug, Clone)]
struct ShownMember {
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
        let mut against = TextComparison { rest: self.get(at).as_bytes(), order: Ordering::Equal };
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
struct TextComparison<'a> {
    rest: &'a [u8],
    order: Ordering,
}

impl fmt::Write for TextComparison<'_> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
