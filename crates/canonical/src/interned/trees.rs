//! Ids back to trees, and trees to ids: a tree form does not depend on
//! the order forms were stored in, so it is what a key outside one store
//! holds, and what the tree form of the `4nums` level strips.

use smallvec::SmallVec;

use super::FourNumsKey;
use super::shapes::Shape;
use super::{FormId, FormStore, SignedId};
use crate::form::{self, TreeForm, TreeNode};
use crate::fournums::FourNumsForm;

impl FormStore {
    /// The form of `id` as a tree, as `TreeForm::of` builds it: the same multisets
    /// of parts, sorted and oriented once rather than a part at a time.
    pub(crate) fn tree(&self, id: SignedId) -> TreeForm {
        let part = |form: &FormId| self.tree(SignedId { negative: false, form: *form });
        let mut tree = match self.shapes.get(id.form) {
            Shape::Leaf(card) => TreeForm::leaf(card),
            Shape::Sum(plus, minus) => {
                let (mut kept, mut inverted) = (Vec::with_capacity(plus.len()), Vec::with_capacity(minus.len()));
                for (subtract, term) in plus.iter().map(|f| (false, f)).chain(minus.iter().map(|f| (true, f))) {
                    // A term is never a sum, but its sign may differ from the id's.
                    let term = part(term);
                    if term.negative ^ subtract { &mut inverted } else { &mut kept }.push(term.node);
                }
                form::sum(kept, inverted)
            }
            Shape::Prod(num, den) => {
                let mut negative = false;
                let mut factors = |ids: &[FormId]| -> Vec<TreeNode> {
                    ids.iter()
                        .map(|f| {
                            let factor = part(f);
                            negative ^= factor.negative;
                            factor.node
                        })
                        .collect()
                };
                let (mut kept, mut inverted) = (factors(num), factors(den));
                kept.sort_unstable();
                inverted.sort_unstable();
                // A product with a sign-free factor carries no sign, as
                // `TreeForm::combine` makes it: its factors' signs here say
                // only how each happens to be stored.
                let negative = negative && !self.facts(id.form).sign_free;
                TreeForm { negative, node: TreeNode::Prod { num: kept, den: inverted } }
            }
        };
        tree.negative ^= id.negative;
        tree
    }

    /// The id of a form built by [`crate::form`].
    pub(crate) fn of_tree(&mut self, tree: &TreeForm) -> SignedId {
        let mut id = self.of_node(&tree.node);
        id.negative ^= tree.negative;
        id
    }

    /// As combining the parts one at a time, but storing only the whole.
    fn of_node(&mut self, node: &TreeNode) -> SignedId {
        let (kept, inverted) = match node {
            TreeNode::Leaf(card) => return self.leaf(*card),
            TreeNode::Sum { plus, minus } | TreeNode::Prod { num: plus, den: minus } => (plus, minus),
        };
        let parts: SmallVec<[(bool, SignedId); 8]> = kept
            .iter()
            .map(|n| (false, n))
            .chain(inverted.iter().map(|n| (true, n)))
            .map(|(invert, part)| (invert, self.of_node(part)))
            .collect();
        self.join(matches!(node, TreeNode::Sum { .. }), &parts)
    }

    /// The `4nums` key `key` with its parts as trees, as the tree form of
    /// the level has it.
    pub(crate) fn four_nums_form(&self, key: &FourNumsKey) -> FourNumsForm {
        let tree = |id: &SignedId| self.tree(*id);
        FourNumsForm {
            core: tree(&key.core),
            one: key.one.as_ref().map(tree),
            zeros: key.zeros,
            zero_product: key
                .zero_product
                .as_ref()
                .map(|(factors, cards)| (factors.iter().map(tree).collect(), cards.clone())),
        }
    }
}
