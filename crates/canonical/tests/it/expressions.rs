//! Counting and listing expressions over symbolic operands: OEIS A140606
//! at the `function` level, 6^(n-1)·(2n-3)!! at the `syntax` level.

use std::collections::HashSet;

use reckon_canonical::{Level, count_expressions, key, list_expressions};
use reckon_core::parse_expr;

/// OEIS A140606, every published term: the number of inequivalent
/// expressions in n operands, each used once, with + - * /.
const A140606: [&str; 18] = [
    "1",
    "6",
    "68",
    "1170",
    "27142",
    "793002",
    "27914126",
    "1150212810",
    "54326011414",
    "2894532443154",
    "171800282010062",
    "11243812043430330",
    "804596872359480358",
    "62506696942427106498",
    "5239819196582605428254",
    "471480120474696200252970",
    "45328694990444455796547766",
    "4637556923393331549190920306",
];

#[test]
fn function_level_is_a140606() {
    let counts: Vec<String> = (1..=18).map(|n| count_expressions(n, Level::Function).to_string()).collect();
    assert_eq!(counts, A140606);
}

#[test]
fn syntax_level_counts_trees() {
    let counts: Vec<String> = (1..=5).map(|n| count_expressions(n, Level::Syntax).to_string()).collect();
    // 6^(n-1) * (2n-3)!!
    assert_eq!(counts, ["1", "6", "108", "3240", "136080"]);
    // 6^19 * 37!!
    assert_eq!(count_expressions(20, Level::Syntax).to_string(), "4997234024287722654183511872307200000");
}

#[test]
fn four_nums_over_symbols_is_function() {
    assert_eq!(count_expressions(4, Level::FourNums), 1170);
    assert_eq!(count_expressions(30, Level::FourNums), count_expressions(30, Level::Function));
}

/// Every listed expression is a different class of its level, over the
/// symbols `a`, `b`, ... each used once, and there are as many as counted:
/// the list is the classes, each once.
#[test]
fn lists_hold_each_class_once() {
    // Distinct cards stand for the letters, chosen so that no divisor is 0.
    const VALUES: [&str; 5] = ["37", "101", "263", "541", "1009"];
    for (level, most) in [(Level::Syntax, 4), (Level::Function, 5), (Level::FourNums, 3)] {
        for n in 1..=most {
            let listed = list_expressions(n, level).expect("a short list");
            assert_eq!(count_expressions(n, level), listed.len() as u64, "{level}, n = {n}");
            let mut keys = HashSet::new();
            for text in &listed {
                let mut letters: Vec<char> = text.chars().filter(char::is_ascii_lowercase).collect();
                letters.sort_unstable();
                assert!(letters.iter().copied().eq(('a'..).take(n)), "{text}: each letter once");
                let numbers: String = text
                    .chars()
                    .map(|c| match c {
                        'a'..='e' => VALUES[(u32::from(c) - u32::from('a')) as usize].to_owned(),
                        _ => c.to_string(),
                    })
                    .collect();
                let expr = parse_expr(&numbers).unwrap_or_else(|err| panic!("{text} parses: {err}"));
                assert!(keys.insert(key(level, &expr)), "{text}: a class listed twice at {level}");
            }
        }
    }
}

#[test]
fn lists_start_with_the_shortest() {
    let listed = list_expressions(3, Level::Function).unwrap();
    assert_eq!(listed[..4], ["a*b*c", "a*b+c", "a*b-c", "a*b/c"]);
    assert_eq!(listed.last().map(String::as_str), Some("c/(b-a)"));
}
