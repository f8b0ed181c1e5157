//! Counting expressions over symbolic operands: OEIS A140606 at the
//! `function` level, 6^(n-1)·(2n-3)!! at the `syntax` level.

use reckon_canonical::{Level, count_expressions};

#[test]
fn function_level_is_a140606() {
    let counts: Vec<u64> = (1..=6).map(|n| count_expressions(n, Level::Function)).collect();
    assert_eq!(counts, [1, 6, 68, 1170, 27142, 793002]);
}

/// About 15 s and 0.8 GB in the optimised test profile.
#[test]
fn function_level_is_a140606_for_seven_operands() {
    assert_eq!(count_expressions(7, Level::Function), 27_914_126);
}

#[test]
fn syntax_level_counts_trees() {
    let counts: Vec<u64> = (1..=5).map(|n| count_expressions(n, Level::Syntax)).collect();
    // 6^(n-1) * (2n-3)!!
    assert_eq!(counts, [1, 6, 108, 3240, 136_080]);
}

#[test]
fn four_nums_over_symbols_is_function() {
    assert_eq!(count_expressions(4, Level::FourNums), 1170);
}
