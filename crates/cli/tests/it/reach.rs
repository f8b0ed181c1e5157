//! `reckon reach`: the whole numbers a hand makes, as text, JSON and CSV.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn reach_of_four_fours() {
    assert_snapshot!(reckon(["reach", "4", "4", "4", "4", "--range", "0..=10"]).run(), @r"
    status: 0
    --- stdout
    makes 0-9 (10 of 0..=10)
    smallest positive whole number it cannot make: 10
    ");
}

/// Eight distinct cards make some 200 million values in their last step:
/// refused with a message, within bounded memory, never an abort.
#[test]
fn reach_past_the_memory_budget_is_refused() {
    assert_snapshot!(reckon(["reach", "1", "2", "3", "4", "5", "6", "7", "8"]).run(), @r"
    status: 2
    --- stderr
    error: working out every value these 8 cards make would take more than the 2 GiB of memory allowed; try fewer cards, cards that repeat, or more memory
    ");
}

#[test]
fn reach_as_json_and_csv() {
    let run = reckon(["reach", "4", "4", "4", "4", "--range", "0..=20", "-f", "jsonl"]).run();
    assert_snapshot!(run, @r#"
    status: 0
    --- stdout
    {"cards":[4,4,4,4],"lo":0,"hi":20,"reachable":[0,1,2,3,4,5,6,7,8,9,12,15,16,17,20],"reachable_count":15,"smallest_unreachable":10}
    "#);
    let run = reckon(["reach", "4", "4", "4", "4", "--range", "8..=11", "-f", "csv"]).run();
    assert_snapshot!(run, @r"
    status: 0
    --- stdout
    card1,card2,card3,card4,target,reachable
    4,4,4,4,8,true
    4,4,4,4,9,true
    4,4,4,4,10,false
    4,4,4,4,11,false
    ");
}
