//! One syntax for ranges in every command: `LO..=HI` and `LO-HI`.

use insta::assert_snapshot;

use crate::reckon;

#[test]
fn both_spellings_everywhere() {
    for range in ["2..=6", "2-6"] {
        let play = reckon(["play", "--range", range, "--rounds", "1", "--seed", "1", "--fixed-time", "1"]).run();
        assert_eq!(play.status, 0, "{play}");
        let census = reckon(["census", "--range", range, "--cards", "2"]).run();
        assert_eq!(census.status, 0, "{census}");
        let reach = reckon(["reach", "--range", range, "1", "2"]).run();
        assert_eq!(reach.status, 0, "{reach}");
        assert!(reach.stdout.starts_with("makes 2-3 (2 of 2..=6)"), "{reach}");
    }
}

#[test]
fn negative_bounds() {
    assert_snapshot!(reckon(["reach", "--range", "-5--1", "1", "2"]).run(), @r"
    status: 0
    --- stdout
    makes -1 (1 of -5..=-1)
    smallest positive whole number it cannot make: 4
    ");
    assert_snapshot!(reckon(["reach", "--range", "-5-5", "1", "2"]).run().stdout, @r"
    makes -1, 1-3 (4 of -5..=5)
    smallest positive whole number it cannot make: 4
    ");
}

#[test]
fn a_half_open_range_is_refused_in_every_command() {
    for args in [&["play"][..], &["census"], &["reach", "1", "2"]] {
        let run = reckon([args, &["--range", "1..13"]].concat()).run();
        assert_eq!(run.status, 2, "{run}");
        assert!(run.stderr.contains("'1..13' is ambiguous: write 1..=13 (13 included)"), "{run}");
    }
    assert_snapshot!(reckon(["census", "--targets", "1..100"]).run(), @r"
    status: 2
    --- stderr
    error: invalid value '1..100' for '--targets <LO..=HI>': '1..100' is ambiguous: write 1..=100 (100 included) or 1..=99 (left out)

    For more information, try '--help'.
    ");
}
