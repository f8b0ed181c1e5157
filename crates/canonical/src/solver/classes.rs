//! The class of a raw solution above the syntax level, from the forms of
//! the enumerator's nodes.

use reckon_core::{NodeId, Nodes, Rational, Solution};

use crate::few::FewMap;
use crate::fournums::FourNumsForm;
use crate::interned::{FormStore, SignedId};
use crate::level::Level;

/// The function-level form of every node met, kept while the
/// enumerator's node ids stay valid.
#[derive(Debug, Default)]
pub(super) struct FormsOfNodes {
    pub(super) forms: FormStore,
    pub(super) of_node: Vec<Option<SignedId>>,
    pub(super) epoch: u64,
}

impl FormsOfNodes {
    /// Drops every form if there are more than `most`: between hands,
    /// since classes compare forms only within one hand.
    pub(super) fn limit(&mut self, most: usize) {
        if self.forms.len() > most {
            self.forms.clear();
            self.of_node.clear();
        }
    }

    /// Forgets the forms of nodes if their ids were reused (the forms
    /// themselves stay valid).
    pub(super) fn follow(&mut self, epoch: u64) {
        if epoch != self.epoch {
            self.of_node.clear();
            self.epoch = epoch;
        }
    }

    /// Inlined for the usual node met before; the rest out of line.
    #[inline]
    fn of_node(&mut self, nodes: &Nodes, id: NodeId) -> SignedId {
        if let Some(Some(known)) = self.of_node.get(id.index()) {
            return *known;
        }
        self.of_new_node(nodes, id)
    }

    #[inline(never)]
    fn of_new_node(&mut self, nodes: &Nodes, id: NodeId) -> SignedId {
        let form = match nodes.get(id) {
            reckon_core::Node::Card(card) => self.forms.leaf(card),
            reckon_core::Node::Binary(op, l, r) => {
                let (a, b) = (self.of_node(nodes, l), self.of_node(nodes, r));
                self.forms.combine(op, a, b)
            }
        };
        if self.of_node.len() <= id.index() {
            self.of_node.resize(nodes.len().max(id.index() + 1), None);
        }
        self.of_node[id.index()] = Some(form);
        form
    }

    pub(super) fn of_solution(&mut self, nodes: &Nodes, solution: Solution) -> SignedId {
        match solution {
            Solution::Card(card) => self.forms.leaf(card),
            Solution::Binary(op, l, r) => {
                let (a, b) = (self.of_node(nodes, l), self.of_node(nodes, r));
                self.forms.combine(op, a, b)
            }
        }
    }

    /// The `4nums` key of the form `function`: taken on the stored forms
    /// where [`FormsOfNodes::four_nums_on_forms`] can, else
    /// [`FourNumsForm::of_function`] with its parts stored as forms.
    fn four_nums(&mut self, function: SignedId) -> FourNumsKey {
        match self.four_nums_on_forms(function) {
            Some(key) => {
                debug_assert_eq!(self.four_nums_by_tree(function), key, "{:?}", self.forms.tree(function));
                key
            }
            None => self.four_nums_by_tree(function),
        }
    }

    /// The `4nums` key of `function` when it has nothing to strip or only
    /// cancelled pairs among the terms of its top sum (the form itself),
    /// or when all it has is one one factor, one cancelled pair of equal
    /// parts, or two cards 1; `None` otherwise.
    fn four_nums_on_forms(&mut self, function: SignedId) -> Option<FourNumsKey> {
        let forms = &mut self.forms;
        // A cancelled pair comes back at the top as `+x-y`: from the top
        // sum, it comes back where it was.
        if forms.facts(function.form).plain || forms.is_sum_of_plain_terms(function.form) {
            return Some(FourNumsKey::of_core(function, None));
        }
        // Most forms that are not plain only multiply or divide by a part
        // worth one (a card 1, or a plain part such as `(5-4)`), or else
        // hold a cancelled pair of equal parts. The rest must not be worth
        // zero: a product of a one factor and a zero is a zero product.
        let nonzero_plain = |forms: &FormStore, id: SignedId| {
            forms.facts(id.form).plain && forms.facts(id.form).value.is_some_and(|v| !v.is_zero())
        };
        let without_one = forms.without_a_one(function);
        if let Some((core, one)) = without_one.filter(|(core, _)| nonzero_plain(forms, *core)) {
            return Some(FourNumsKey::of_core(core, Some(one)));
        }
        if let Some((rest, part)) = forms.without_a_pair(function).filter(|(rest, _)| nonzero_plain(forms, *rest)) {
            return Some(FourNumsKey::of_core(forms.with_pair(rest, part), None));
        }
        // Two cards 1 taken out are a cancelled pair: `x*1*1 = x+1-1`.
        let card_one = forms.leaf(Rational::ONE);
        let (core, _) = without_one.filter(|&(_, one)| one == card_one)?;
        let (rest, _) =
            forms.without_a_one(core).filter(|&(rest, one)| one == card_one && nonzero_plain(forms, rest))?;
        Some(FourNumsKey::of_core(forms.with_pair(rest, card_one.form), None))
    }

    /// Out of line: few forms need it, and [`ClassNumbers::of`] is hot.
    #[inline(never)]
    fn four_nums_by_tree(&mut self, function: SignedId) -> FourNumsKey {
        let form = FourNumsForm::of_function(self.forms.tree(function));
        let forms = &mut self.forms;
        FourNumsKey {
            core: forms.of_tree(&form.core),
            one: form.one.as_ref().map(|one| forms.of_tree(one)),
            zeros: form.zeros,
            zero_product: form
                .zero_product
                .map(|(factors, cards)| (factors.iter().map(|f| forms.of_tree(f)).collect(), cards)),
        }
    }
}

/// A `4nums` [`Form`] with its parts stored as forms: equal exactly when
/// the forms are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct FourNumsKey {
    core: SignedId,
    one: Option<SignedId>,
    zeros: usize,
    zero_product: Option<(Vec<SignedId>, Vec<Rational>)>,
}

impl FourNumsKey {
    /// The key of a form with no zero terms and no zero product.
    fn of_core(core: SignedId, one: Option<SignedId>) -> FourNumsKey {
        FourNumsKey { core, one, zeros: 0, zero_product: None }
    }
}

/// The classes of one hand's solutions above the syntax level.
#[derive(Debug, Default)]
pub(super) struct ClassNumbers {
    /// The class of each function-level form, by its [`SignedId::key`].
    by_function: FewMap<u64, usize>,
    /// At the `4nums` level, the class of each key with nothing but a
    /// core and maybe a one factor, most keys: several forms may share
    /// one. Keyed by [`core_key`].
    by_core: FewMap<u128, usize>,
    /// The class of every other key.
    by_key: FewMap<FourNumsKey, usize>,
    pub(super) count: usize,
}

impl ClassNumbers {
    pub(super) fn clear(&mut self) {
        self.by_function.clear();
        self.by_core.clear();
        self.by_key.clear();
        self.count = 0;
    }

    /// The class of the solution with form `function`: its number, and
    /// whether it is new. Forms stored after the first `known` (most
    /// solutions' tops are new forms) are in no key met before, so they
    /// are not looked for.
    pub(super) fn of(
        &mut self,
        level: Level,
        forms: &mut FormsOfNodes,
        function: SignedId,
        known: usize,
    ) -> (usize, bool) {
        if !function.form.stored_after(known)
            && let Some(seen) = self.by_function.get(&function.key())
        {
            return (seen, false);
        }
        let next = self.count;
        let class = match level {
            Level::Function => next,
            // The `4nums` key depends on the form only and is costly:
            // once per form.
            _ => match forms.four_nums(function) {
                FourNumsKey { core, one, zeros: 0, zero_product: None } if core.form.stored_after(known) => {
                    self.by_core.insert_new(core_key(core, one), next);
                    next
                }
                FourNumsKey { core, one, zeros: 0, zero_product: None } => {
                    self.by_core.get_or_insert(core_key(core, one), next)
                }
                key => self.by_key.get_or_insert(key, next),
            },
        };
        self.by_function.insert_new(function.key(), class);
        self.count += usize::from(class == next);
        (class, class == next)
    }
}

/// A `4nums` key of a core and maybe a one factor as one number (see
/// [`SignedId::key`]): the one's key, plus one, above the core's.
fn core_key(core: SignedId, one: Option<SignedId>) -> u128 {
    u128::from(core.key()) | u128::from(one.map_or(0, |one| one.key() + 1)) << 64
}
