//! The second pass, goal directed: the expressions of a sub-multiset
//! worth a value, found by splitting it and solving `a op b = v` for the
//! partner the other part must make.

use super::*;

impl<N: Number> Memo<N> {
    /// The nodes of every expression over set `id` worth `v`; `None` on
    /// overflow.
    pub(super) fn list_of(&mut self, nodes: &mut Nodes, id: usize, v: &N) -> Option<List> {
        if let Some(values) = &self.sets[id].values {
            return match position(values, v) {
                Some(at) => self.list_at(nodes, id, at),
                None => Some(List::EMPTY),
            };
        }
        if let Some(&known) = self.asked.get(&(id, v.clone())) {
            return Some(known);
        }
        let list = self.make_list(nodes, id, v)?;
        self.asked.insert((id, v.clone()), list);
        Some(list)
    }

    /// [`Memo::list_of`] the value at position `at` of set `id`'s values.
    #[inline]
    pub(super) fn list_at(&mut self, nodes: &mut Nodes, id: usize, at: usize) -> Option<List> {
        match self.sets[id].lists[at] {
            Some(known) => Some(known),
            None => self.make_list_at(nodes, id, at),
        }
    }

    /// [`Memo::list_at`] for a list not made yet: kept apart, so that a
    /// look-up of a known list is inlined without this one's frame.
    #[inline(never)]
    pub(super) fn make_list_at(&mut self, nodes: &mut Nodes, id: usize, at: usize) -> Option<List> {
        let list = if let Some(count) = self.sets[id].ways.as_ref().map(|ways| ways.of(at).len()) {
            let mut combos: SmallVec<[Combo; 16]> = SmallVec::new();
            for k in 0..count {
                // By index: the parts' lists may be made (and the memo
                // borrowed mutably) between two ways.
                let ways = self.sets[id].ways.as_ref().expect("checked above");
                let Way { op, left, right } = ways.of(at)[k];
                let ls = self.list_at(nodes, left.set as usize, left.at as usize)?;
                let rs = self.list_at(nodes, right.set as usize, right.at as usize)?;
                if !ls.is_empty() && !rs.is_empty() {
                    combos.push((op, ls, rs));
                }
            }
            let v = self.values(id)[at].clone();
            self.push_combos(nodes, id, &combos, &v)?
        } else {
            let v = self.values(id)[at].clone();
            self.make_list(nodes, id, &v)?
        };
        self.sets[id].lists[at] = Some(list);
        Some(list)
    }

    /// Makes the nodes of every expression over set `id` worth `v`.
    pub(super) fn make_list(&mut self, nodes: &mut Nodes, id: usize, v: &N) -> Option<List> {
        if let Some(card) = self.sets[id].card.map(|card| *self.cards.value(card)) {
            let made = N::from_rational(card) == *v;
            return Some(if made {
                let (at, twins) = (nodes.push(Node::Card(card), ChainEnd::default()), TwinFacts::of_card(&card));
                if twins.below_zero() {
                    nodes.mark_below_zero(at.index());
                }
                List::card(at, twins)
            } else {
                List::EMPTY
            });
        }
        let splits: SmallVec<[(usize, usize); 32]> = self.sets[id].splits.iter().copied().collect();
        let combos = self.combos(nodes, &splits, v)?;
        self.push_combos(nodes, id, &combos, v)
    }

    /// Makes the nodes of `combos`, the ways set `id` makes `v`, as that
    /// value's list: after the parts' lists, so that they are consecutive,
    /// and products before sums. `None`, before any is made, if they could
    /// take the nodes past the budget (see [`Memo::within_budget`]).
    pub(super) fn push_combos(&mut self, nodes: &mut Nodes, id: usize, combos: &[Combo], v: &N) -> Option<List> {
        self.within_budget(nodes.len().saturating_add(most_pairs(combos)))?;
        let (start, grouping) = (nodes.len(), self.sets[id].grouping);
        for &(op, ls, rs) in combos {
            if !op.is_additive() {
                nodes.push_pairs(grouping, op, ls, rs);
            }
        }
        let sums = nodes.len();
        for &(op, ls, rs) in combos {
            if op.is_additive() {
                nodes.push_pairs(grouping, op, ls, rs);
            }
        }
        let twins = TwinFacts::of_combos(v, combos);
        if twins.below_zero() {
            nodes.mark_below_zero(start);
        }
        Some(List::of(start, sums, nodes.len(), twins))
    }

    /// [`Memo::combos`] for the whole hand's `target`, pushed onto
    /// `combos`: a split whose parts both have their values meets the
    /// walked part's finishers with the other part's values, with no
    /// arithmetic.
    pub(super) fn top_combos(
        &mut self,
        nodes: &mut Nodes,
        splits: &[(usize, usize)],
        target: &N,
        combos: &mut Vec<Combo>,
    ) -> Option<()> {
        if target.is_zero() {
            combos.extend(self.combos(nodes, splits, target)?);
            return Some(());
        }
        let mut met = std::mem::take(&mut self.met);
        let mut counted = combos.len();
        for &(left, right) in splits {
            self.count_top_solutions(nodes, combos, &mut counted)?;
            // Two parts with their values meet, the one with fewer walked
            // (as `walk_and_look` picks); otherwise the part without them
            // is asked for the values that finish.
            let (l, r) = (&self.sets[left], &self.sets[right]);
            let (Some(l_values), Some(r_values)) = (&l.values, &r.values) else {
                combos.extend(self.combos(nodes, &[(left, right)], target)?);
                continue;
            };
            let ((walk, walked), (look, looked)) =
                if l_values.len() > r_values.len() { ((right, r), (left, l)) } else { ((left, l), (right, r)) };
            let same = left == right;
            // What the meeting needs is made once per part: checked at once.
            let (walked, looked) = if walked.finishers.is_none()
                || looked.positions.is_none()
                || (looked.cards == 2 && looked.keys.is_none())
            {
                self.prepare_meeting(walk, look, target);
                (&self.sets[walk], &self.sets[look])
            } else {
                (walked, looked)
            };
            let values = walked.values.as_deref().expect("the walked part has its values");
            let finishers = walked.finishers.as_ref().expect("made above");
            let positions = looked.positions.as_ref().expect("made above");
            met.clear();
            let (values_looked, keys) = (looked.values.as_deref().unwrap_or_default(), looked.keys.as_deref());
            // Finishers whose two lists are made are combos at once, until
            // one needs a list made: it and those after it wait for the
            // memo, in order.
            let mut waiting = false;
            finish::meet(finishers, values_looked, positions, keys, |f, b| {
                // Equal halves make the same trees either way round: keep
                // one orientation, and for + and * one order of the values
                // (compared only then: most halves differ).
                let mirrored = || !f.a_first || (f.op.is_commutative() && values[f.at as usize] > f.partner);
                if same && mirrored() {
                    return;
                }
                let a = f.at as usize;
                if !waiting {
                    if let (Some(walked), Some(looked)) = (walked.lists[a], looked.lists[b]) {
                        let (ls, rs) = if f.a_first { (walked, looked) } else { (looked, walked) };
                        if !ls.is_empty() && !rs.is_empty() {
                            combos.push((f.op, ls, rs));
                        }
                        return;
                    }
                    waiting = true;
                }
                met.push((f.op, f.a_first, a, b));
            });
            for &(op, a_first, a, b) in &met {
                let (walked, looked) = (self.list_at(nodes, walk, a)?, self.list_at(nodes, look, b)?);
                let (ls, rs) = if a_first { (walked, looked) } else { (looked, walked) };
                if !ls.is_empty() && !rs.is_empty() {
                    combos.push((op, ls, rs));
                }
            }
        }
        self.met = met;
        self.count_top_solutions(nodes, combos, &mut counted)
    }

    /// Makes what [`Memo::top_combos`] meets the parts `walk` and `look`,
    /// which have their values, with: the finishers of `walk`, the
    /// positions of `look`'s values and, for a pair, their keys. Out of
    /// line, as each is made once per part.
    #[inline(never)]
    pub(super) fn prepare_meeting(&mut self, walk: usize, look: usize, target: &N) {
        if self.sets[walk].finishers.is_none() {
            self.sets[walk].finishers = Some(Box::new(finish::finishers(self.ops, self.values(walk), target)));
        }
        self.ensure_positions(look);
        if self.sets[look].cards == 2 {
            self.ensure_keys(look);
        }
    }

    /// Every way to make `v` by combining the two parts of one of `splits`;
    /// `None` on overflow.
    pub(super) fn combos(&mut self, nodes: &mut Nodes, splits: &[(usize, usize)], v: &N) -> Option<Vec<Combo>> {
        let mut combos = Vec::new();
        let mut found = Vec::new();
        for &(left, right) in splits {
            let same = left == right;
            let (left, right) = self.walk_and_look(left, right)?;
            self.ensure_positions(right);
            for i in 0..self.values(left).len() {
                let a = self.values(left)[i].clone();
                if a.is_zero() && v.is_zero() {
                    // Every value of the other part may finish: list them.
                    self.ensure_values(right)?;
                }
                found.clear();
                self.partners(&a, v, right, same, &mut found)?;
                for (op, a_first, b, at) in found.drain(..) {
                    let walked = self.list_at(nodes, left, i)?;
                    let looked = match at {
                        Some(at) => self.list_at(nodes, right, at)?,
                        None => self.list_of(nodes, right, &b)?,
                    };
                    let (ls, rs) = if a_first { (walked, looked) } else { (looked, walked) };
                    if !ls.is_empty() && !rs.is_empty() {
                        combos.push((op, ls, rs));
                    }
                }
            }
        }
        Some(combos)
    }

    /// Makes sure set `id`, which must have its values, has their order
    /// keys: a pair's few values are looked up one by one.
    #[inline]
    pub(super) fn ensure_keys(&mut self, id: usize) {
        if self.sets[id].keys.is_none() {
            self.make_keys(id);
        }
    }

    #[inline(never)]
    pub(super) fn make_keys(&mut self, id: usize) {
        let set = &mut self.sets[id];
        set.keys = Some(Box::new(ValueKeys::of(set.values.as_deref().expect("values built before use"))));
    }

    /// Makes sure set `id`, if it has its values, has their index.
    #[inline]
    pub(super) fn ensure_positions(&mut self, id: usize) {
        let set = &self.sets[id];
        if set.values.is_some() && set.positions.is_none() {
            self.make_positions(id);
        }
    }

    #[inline(never)]
    pub(super) fn make_positions(&mut self, id: usize) {
        let set = &mut self.sets[id];
        let values = set.values.as_deref().expect("checked by ensure_positions");
        set.positions = Some(Box::new(Positions::of_values(values, set.whole.as_deref())));
    }

    /// The two parts of a split, the one to walk first: it has its values,
    /// and fewer of them when both do. Partners cover both orders.
    pub(super) fn walk_and_look(&mut self, left: usize, right: usize) -> Option<(usize, usize)> {
        let (l, r) = (&self.sets[left], &self.sets[right]);
        let walk_right = match (&l.values, &r.values) {
            (Some(a), Some(b)) => a.len() > b.len(),
            (None, Some(_)) => true,
            (Some(_), None) => false,
            (None, None) => {
                let walk_right = l.cards > r.cards;
                self.ensure_values(if walk_right { right } else { left })?;
                walk_right
            }
        };
        Some(if walk_right { (right, left) } else { (left, right) })
    }

    /// The ways to finish `v` from a value `a` of the walked part: each
    /// operator with the side `a` goes on (true: `a op b`) and a value `b`
    /// the other part (set `right`) may make, pushed onto `out`. When
    /// `right` has its values, only the `b` among them, with its position;
    /// otherwise every candidate the domain allows, for the caller to ask
    /// `right` for.
    ///
    /// An inverse operation that overflows loses nothing when `right` has
    /// its values: its exact result does not fit in `N`, so it is none of
    /// them (they were built without overflow). Otherwise `right` might
    /// make it through values that do fit, so the overflow is reported:
    /// `None`.
    pub(super) fn partners(&self, a: &N, v: &N, right: usize, same: bool, out: &mut Vec<Partner<N>>) -> Option<()> {
        let made = self.sets[right].values.as_deref();
        // A quotient left with a remainder is no value of a whole-number
        // domain, but a single card may be worth it (`3/2` is a card even
        // where no step may make it): skip it only when `right` is not one.
        let may_be_quotient = |x: &N, y: &N| !y.is_zero() && (self.sets[right].card.is_some() || self.may_divide(x, y));
        let positions = &self.sets[right].positions;
        let (ops, domain) = (self.ops, self.domain);
        let mut overflowed = false;
        let mut offer = |op: Op, a_first: bool, b: Option<N>, at: Option<usize>| {
            if !ops.contains(op) {
                return;
            }
            let Some(b) = b else {
                overflowed |= made.is_none();
                return;
            };
            let at = match (made, at) {
                (Some(_), Some(at)) => Some(at),
                (Some(made), None) => match positions.as_ref().map_or_else(|| position(made, &b), |p| p.of(made, &b)) {
                    Some(at) => Some(at),
                    None => return,
                },
                (None, _) if domain.allows(&b) => None,
                (None, _) => return,
            };
            // Equal halves make the same trees either way round: keep
            // one orientation, and for + and * one order of the values.
            let mirrored = !a_first || (op.is_commutative() && *a > b);
            if !(same && mirrored) {
                out.push((op, a_first, b, at));
            }
        };
        // a + b = v
        offer(Op::Add, true, v.sub(a), None);
        // a - b = v and b - a = v
        offer(Op::Sub, true, a.sub(v), None);
        offer(Op::Sub, false, v.add(a), None);
        // a * b = v: with a = 0 every b works when v = 0 (the caller made
        // sure `right` has its values).
        if a.is_zero() {
            if v.is_zero() {
                for (at, b) in made.unwrap_or_default().iter().enumerate() {
                    offer(Op::Mul, true, Some(b.clone()), Some(at));
                }
            }
        } else if may_be_quotient(v, a) {
            offer(Op::Mul, true, v.div(a), None);
        }
        // a / b = v with b nonzero: with v = 0, a = 0 and any b.
        if v.is_zero() {
            if a.is_zero() {
                for (at, b) in made.unwrap_or_default().iter().enumerate().filter(|(_, b)| !b.is_zero()) {
                    offer(Op::Div, true, Some(b.clone()), Some(at));
                }
            }
        } else if !a.is_zero() && may_be_quotient(a, v) {
            offer(Op::Div, true, a.div(v), None);
        }
        // b / a = v with a nonzero.
        if !a.is_zero() {
            offer(Op::Div, false, v.mul(a), None);
        }
        (!overflowed).then_some(())
    }
}

/// The most pairs `combos` make, each of a node of its left list and one
/// of its right list: as many raw solutions of a hand for its top combos,
/// or nodes of a list for the combos that make it.
pub(super) fn most_pairs(combos: &[Combo]) -> usize {
    combos.iter().map(|&(_, ls, rs)| ls.len().saturating_mul(rs.len())).fold(0, usize::saturating_add)
}
