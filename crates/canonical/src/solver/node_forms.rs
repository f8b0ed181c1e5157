//! The function-level form of each of the enumerator's nodes, kept while
//! the node ids stay valid: a raw solution's form is then one combination
//! of its two nodes' forms.

use reckon_core::engine::{NodeId, Nodes, Solution};

use crate::interned::{FormStore, SignedId};

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
            reckon_core::engine::Node::Card(card) => self.forms.leaf(card),
            reckon_core::engine::Node::Binary(op, l, r) => {
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
}
