use proptest::prelude::*;

use super::*;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Every card of the duel: both piles and the table, sorted.
fn every_card(duel: &Duel) -> Vec<i64> {
    let mut cards: Vec<i64> = [Side::Player, Side::Computer].iter().flat_map(|&side| duel.pile(side).clone()).collect();
    cards.extend(duel.table().into_iter().flat_map(|table| *table.cards()));
    cards.sort_unstable();
    cards
}

#[test]
fn a_seed_always_plays_the_same_duel() {
    let mut duel = Duel::new(DuelSpec::default(), Opponent::Normal, 1).unwrap();
    let table = duel.turn_up().unwrap();
    // Pinned: the first hand and thinking time of seed 1.
    insta::assert_snapshot!(format!("{:?} {} {:?} {:?}", table.cards(), table.hand(), table.difficulty(), table.thinking_time()), @"[2, 6, 4, 1] 1 2 4 6 Some(Medium) 9.569s");
    let again = Duel::new(DuelSpec::default(), Opponent::Normal, 1).unwrap().turn_up().unwrap().thinking_time();
    assert_eq!(duel.thinking_time(), Some(again));
}

#[test]
fn the_answerer_takes_all_four_to_the_bottom() {
    let spec = DuelSpec::default();
    let mut duel = Duel::resume(spec, Opponent::Normal, 0, 0, split(&spec, &[3, 8, 5, 11]), None);
    assert!(duel.is_err(), "11 is not in the deck");
    let piles = split(&spec, &[3, 8, 3, 8]);
    duel = Duel::resume(spec, Opponent::Normal, 0, 0, piles, None);
    let mut duel = duel.unwrap();
    let table = duel.turn_up().unwrap();
    assert_eq!((table.turned_up_by(Side::Player), table.turned_up_by(Side::Computer)), (&[3, 8][..], &[3, 8][..]));
    assert_eq!(duel.held(Side::Player), 20);
    let Ok(DuelAnswer::Wrong(verdict)) = duel.answer("3*8", secs(1)) else { panic!() };
    assert_eq!(
        verdict.to_string(),
        "3*8 = 24; uses 3 once but the hand has two 3s; uses 8 once but the hand has two 8s"
    );
    assert!(matches!(duel.answer("3*(", secs(1)), Ok(DuelAnswer::NotAnExpression(_))));
    let Ok(DuelAnswer::Ended(end)) = duel.answer("8/(3-8/3)", secs(2)) else { panic!() };
    assert_eq!((end.number, end.taker(), end.missed()), (1, Some(Side::Player), None));
    assert_eq!((duel.pile(Side::Player).len(), duel.pile(Side::Computer).len()), (22, 18));
    assert_eq!(duel.pile(Side::Player).iter().rev().take(4).collect::<Vec<_>>(), [&8, &3, &8, &3]);
    assert_eq!(duel.leader(), Some(Side::Player));
    assert_eq!(duel.answer("1", secs(0)).unwrap_err(), NoRoundInPlay);
}

/// The spec's deck as two piles whose first two cards each are `top`'s
/// (the player's two, then the computer's).
fn split(spec: &DuelSpec, top: &[i64; 4]) -> [Vec<i64>; 2] {
    let mut rest = spec.deck();
    let mut piles = [top[..2].to_vec(), top[2..].to_vec()];
    for card in top {
        if let Some(at) = rest.iter().position(|c| c == card) {
            rest.remove(at);
        }
    }
    for (i, card) in rest.into_iter().enumerate() {
        piles[i % 2].push(card);
    }
    piles
}

#[test]
fn passes_and_the_computers_moves() {
    let spec = DuelSpec::default();
    // 1 1 1 1 has no solution: a right pass is a draw, each takes back two.
    let mut duel = Duel::resume(spec, Opponent::Expert, 5, 0, split(&spec, &[1, 1, 1, 1]), None).unwrap();
    duel.turn_up();
    assert_eq!(duel.table().unwrap().difficulty(), None);
    let end = duel.pass(secs(1)).unwrap();
    assert_eq!((end.result.clone(), end.taker()), (RoundResult::RightPass, None));
    assert_eq!(duel.pile(Side::Player).back(), Some(&1));
    assert_eq!(duel.pile(Side::Computer).len(), 20);
    // A wrong pass: the computer shows the easiest solution and takes all four.
    let mut duel = Duel::resume(spec, Opponent::Expert, 5, 0, split(&spec, &[1, 2, 3, 4]), None).unwrap();
    duel.turn_up();
    let end = duel.pass(secs(0)).unwrap();
    assert_eq!(end.missed().map(ToString::to_string).as_deref(), Some("4*3*2*1"));
    assert_eq!(duel.pile(Side::Computer).len(), 22);
    // Too late: the computer has answered, the answer is not judged.
    let mut duel = Duel::resume(spec, Opponent::Expert, 5, 0, split(&spec, &[1, 2, 3, 4]), None).unwrap();
    let time = duel.turn_up().unwrap().thinking_time();
    assert!(duel.tick(time - Duration::from_millis(1)).is_none());
    let Ok(DuelAnswer::Ended(end)) = duel.answer("1*2*3*4", time) else { panic!() };
    assert!(matches!(end.result, RoundResult::ComputerSolved(_)));
    // Without a solution the computer calls a draw.
    let mut duel = Duel::resume(spec, Opponent::Expert, 5, 0, split(&spec, &[1, 1, 1, 1]), None).unwrap();
    duel.turn_up();
    assert_eq!(duel.computer_move().unwrap().result, RoundResult::NoSolution);
    assert!(duel.tick(secs(100)).is_none(), "no round in play");
}

#[test]
fn the_game_ends_when_a_player_cannot_turn_up_two() {
    let spec = DuelSpec { low: 6, high: 6, copies: 6, ..DuelSpec::default() };
    let mut duel = Duel::new(spec, Opponent::Expert, 0).unwrap();
    let mut rounds = 0;
    while duel.turn_up().is_some() {
        duel.answer("6*6-6-6", secs(0)).unwrap();
        rounds += 1;
    }
    // 3 against 3: the player takes 4, leaving the computer 1.
    assert_eq!((rounds, duel.rounds(), duel.is_over(), duel.leader()), (1, 1, true, Some(Side::Player)));
    assert_eq!(duel.pile(Side::Player).len(), 5);
}

#[test]
fn a_resumed_duel_plays_as_the_whole_one() {
    let mut whole = Duel::new(DuelSpec::default(), Opponent::Easy, 9).unwrap();
    for _ in 0..3 {
        whole.turn_up();
        whole.computer_move().unwrap();
    }
    let table = *whole.turn_up().unwrap().cards();
    let piles = [Side::Player, Side::Computer].map(|side| whole.pile(side).iter().copied().collect());
    let resumed = Duel::resume(DuelSpec::default(), Opponent::Easy, 9, whole.rounds(), piles, Some(table)).unwrap();
    assert_eq!(resumed.thinking_time(), whole.thinking_time());
    assert_eq!(resumed.table().unwrap().hand(), whole.table().unwrap().hand());
}

/// A move of the property test.
#[derive(Clone, Debug)]
enum Move {
    Answer(String),
    Pass(u64),
    Tick(u64),
    Computer,
    TurnUp,
}

fn a_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        "[0-9+*/() -]{1,12}".prop_map(Move::Answer),
        Just(Move::Answer("6*4".into())),
        (0..60_000u64).prop_map(Move::Pass),
        (0..60_000u64).prop_map(Move::Tick),
        Just(Move::Computer),
        Just(Move::TurnUp),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// No card is ever lost or duplicated: the piles and the table always
    /// hold the whole deck.
    #[test]
    fn the_deck_stays_whole(
        seed in any::<u64>(),
        low in 0i64..4,
        width in 0i64..6,
        copies in 1u32..5,
        level in prop::sample::select(Opponent::ALL.to_vec()),
        moves in prop::collection::vec(a_move(), 0..80),
    ) {
        let spec = DuelSpec { low, high: low + width, copies, ..DuelSpec::default() };
        let Ok(mut duel) = Duel::new(spec, level, seed) else {
            prop_assert!(spec.check().is_err());
            return Ok(());
        };
        let deck = spec.deck();
        prop_assert_eq!(every_card(&duel), deck.clone());
        for step in moves {
            match step {
                Move::Answer(text) => { let _ = duel.answer(&text, Duration::from_millis(500)); }
                Move::Pass(ms) => { let _ = duel.pass(Duration::from_millis(ms)); }
                Move::Tick(ms) => { duel.tick(Duration::from_millis(ms)); }
                Move::Computer => { let _ = duel.computer_move(); }
                Move::TurnUp => { duel.turn_up(); }
            }
            prop_assert_eq!(every_card(&duel), deck.clone());
            prop_assert!(duel.held(Side::Player) + duel.held(Side::Computer) == deck.len());
            if duel.is_over() {
                prop_assert!(duel.turn_up().is_none());
            }
        }
    }
}
