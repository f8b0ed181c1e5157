//! Hands that the unit tests of several engines share.

use crate::hand::Hand;
use crate::number::Rational;
use crate::rules::Rules;

/// `a a a` with `a = 3037000500`, to make `a*a-a` with `*` and `-` only:
/// `a*a` overflows 64 bits, `a*a-a` does not, and it is the one way to
/// make the target, so only big rationals find it.
pub(crate) fn overflowing_product() -> (Hand, Rules) {
    let a = 3_037_000_500_i64;
    let target = Rational::from_integer(9_223_372_033_963_249_500);
    let rules = Rules { ops: "*-".parse().expect("operators"), ..Rules::with_target(target) };
    (Hand::from_integers(&[a, a, a]).expect("a hand"), rules)
}
