//! How each value of a part is made from the values of its two sub-parts,
//! kept when its values are made: listing the expressions worth a value is
//! then a replay of those ways, with no arithmetic and no look-ups.

use super::KeyOrder;
use crate::number::Number;
use crate::rules::Op;

/// A value of a sub-part: its set and its position among the set's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Operand {
    pub(crate) set: u32,
    pub(crate) at: u32,
}

impl Operand {
    pub(crate) fn new(set: usize, at: usize) -> Operand {
        let small = |i: usize| u32::try_from(i).expect("fewer than 2^32 sets and values");
        Operand { set: small(set), at: small(at) }
    }
}

/// One way to make a value: `left op right`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Way {
    pub(crate) op: Op,
    pub(crate) left: Operand,
    pub(crate) right: Operand,
}

/// The ways to make each value of a set, by the value's position.
#[derive(Debug)]
pub(crate) struct Ways {
    /// The ways of value `i` are `ways[starts[i]..starts[i + 1]]`.
    starts: Box<[u32]>,
    ways: Box<[Way]>,
}

impl Ways {
    /// The ways of the value at position `at`.
    pub(crate) fn of(&self, at: usize) -> &[Way] {
        &self.ways[self.starts[at] as usize..self.starts[at + 1] as usize]
    }
}

/// Sorts values made with their ways: the distinct values, ascending,
/// and the ways of each.
pub(crate) fn sorted<N: Number>(mut made: Vec<(N, Way)>) -> (Vec<N>, Ways) {
    // Small values sort as words (see `KeyOrder`): one integer compare
    // and move each, instead of two products and the whole value and way.
    if let Some(order) = KeyOrder::of(made.iter().map(|(value, _)| value)) {
        return grouped(&made, order.positions(), order.distinct());
    }
    // Ties in any order: the ways of a value make the same expressions
    // whatever their order (and the sort is deterministic).
    made.sort_unstable_by(|x, y| x.0.cmp(&y.0));
    let distinct = 1 + made.windows(2).filter(|pair| pair[0].0 != pair[1].0).count();
    grouped(&made, 0..made.len(), distinct)
}

/// The values made, taken in `order` (ascending), grouped: each distinct
/// value once, with its ways. Every list is allocated once, at its size.
fn grouped<N: Number>(made: &[(N, Way)], order: impl Iterator<Item = usize>, distinct: usize) -> (Vec<N>, Ways) {
    let mut values: Vec<N> = Vec::with_capacity(distinct);
    let mut starts = Vec::with_capacity(distinct + 1);
    let mut ways = Vec::with_capacity(made.len());
    for (i, at) in order.enumerate() {
        let (value, way) = &made[at];
        if values.last() != Some(value) {
            starts.push(u32::try_from(i).expect("fewer than 2^32 ways"));
            values.push(value.clone());
        }
        ways.push(*way);
    }
    starts.push(u32::try_from(ways.len()).expect("fewer than 2^32 ways"));
    (values, Ways { starts: starts.into_boxed_slice(), ways: ways.into_boxed_slice() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rational;

    /// Small values (sorted by order keys) and large ones (sorted by
    /// comparing them) group alike.
    #[test]
    fn each_value_keeps_its_ways() {
        let way = |op, at| Way { op, left: Operand::new(0, at), right: Operand::new(1, 0) };
        let by_position = |ways: &[Way]| {
            let mut ways = ways.to_vec();
            ways.sort_by_key(|way| way.left.at);
            ways
        };
        for large in [false, true] {
            let r = |n: i64| Rational::from_integer(if large { n << 40 } else { n });
            let third = Rational::new(1, 3).unwrap();
            let made = vec![
                (r(5), way(Op::Add, 0)),
                (r(2), way(Op::Sub, 1)),
                (r(5), way(Op::Mul, 2)),
                (third, way(Op::Div, 3)),
                (r(2), way(Op::Div, 4)),
            ];
            assert_eq!(KeyOrder::of(made.iter().map(|(value, _)| value)).is_some(), !large);
            let (values, ways) = sorted(made);
            assert_eq!(values, [third, r(2), r(5)]);
            assert_eq!(by_position(ways.of(0)), [way(Op::Div, 3)]);
            assert_eq!(by_position(ways.of(1)), [way(Op::Sub, 1), way(Op::Div, 4)]);
            assert_eq!(by_position(ways.of(2)), [way(Op::Add, 0), way(Op::Mul, 2)]);
        }
    }
}
