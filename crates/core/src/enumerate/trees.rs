//! Which expression trees an enumerator makes: every tree, one grouping
//! of each chain, or that less the rewrites a caller counts as the same
//! solution. [`Grouping`](super::list::Grouping) carries the choice into
//! the joins.

/// Which expression trees an [`Enumerator`](super::Enumerator) makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trees {
    /// Every tree, up to the order of the operands of `+` and `*`.
    All,
    /// Of the trees that only group a chain of `+` and `-` (or of `*` and
    /// `/`) differently, such as `a-(b-c)` and `a+c-b`, at least one: no
    /// sum is the right operand of `-` and no two sums are joined by `+`,
    /// and the same for products, `/` and `*`. That one evaluates its
    /// chain from the left (`a+c-b`), so it keeps every intermediate value
    /// inside any domain the others keep theirs in. A chain whose grouping
    /// operator (`+` or `*`) is not allowed keeps every grouping.
    ///
    /// Its parts also come in one order: the kept ones (after `+` or `*`)
    /// before the inverted ones (after `-` or `/`), each in the order of
    /// their node ids, so `a+b+c+d` is made once, not twelve times.
    /// Evaluated in that order, a chain passes through values between its
    /// kept parts' total and its own value, so no domain rejects it where
    /// it accepts the chain.
    ///
    /// Trees that group alike tidy to the same expression and are the same
    /// solution at every level above `syntax`, so listing distinct
    /// solutions needs only these, far fewer than all.
    LeftGrouped,
    /// As [`Trees::LeftGrouped`], less the trees that one of `rewrites`
    /// turns into a tree it makes: for a caller that counts a tree and its
    /// rewrite as one solution. See [`Rewrites`] for what each leaves out.
    LeftGroupedUpTo(Rewrites),
}

/// Rewrites of a tree into a twin of the same value that reads at least as
/// well wherever the cards are whole and not negative: one inverse
/// operator fewer, the same brackets and length, no more parts worth less
/// than zero. [`Trees::LeftGroupedUpTo`] makes the twin and leaves out the
/// tree, so a caller names only rewrites its own notion of "the same
/// solution" merges.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rewrites {
    /// Where `*` is allowed: a chain of `*` and `/` divided by a part worth
    /// exactly one, when the chain's kept parts (those multiplied) hold one
    /// worth neither one nor minus one, is written multiplying by that part
    /// (`12*2*(3-2)`, not `12*2/(3-2)`), through the same values. That
    /// other kept part is required: without it the two are not alike
    /// (`1/(5-4)` is the reciprocal of a part, `1*(5-4)` a product).
    pub divisor_worth_one_multiplied: bool,
    /// Where `+` is allowed and any whole number is in the domain: a
    /// product worth less than zero one of whose parts is a difference of
    /// two parts, subtracted, is added with that difference turned round
    /// (`2+2*(12-1)`, not `2-2*(1-12)`), the same function of the cards. A
    /// product worth more than zero is kept: its twin would add a negative
    /// part (`13+(1-7)/2` for `13-(7-1)/2`).
    pub negative_product_added: bool,
}

impl Rewrites {
    /// Every rewrite.
    pub const ALL: Rewrites = Rewrites { divisor_worth_one_multiplied: true, negative_product_added: true };
}
