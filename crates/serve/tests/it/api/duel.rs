//! The duel endpoints: a game carried in its requests, move by move.

use serde_json::{Value, json};

use super::{fails, ok};

/// A move's request: the state a response carried, and more fields.
fn with_state(response: &Value, more: Value) -> Value {
    let mut body = more;
    body["state"] = response["state"].clone();
    body
}

#[test]
fn duel_plays_as_reckon_play_does() {
    // Seed 1 turns up what `reckon play --duel --seed 1` does.
    let game = ok("duel/new", json!({"seed": 1}));
    assert_eq!(game["state"]["table"], json!([2, 6, 4, 1]));
    assert_eq!(
        (game["state"]["round"].clone(), game["held"].clone()),
        (json!(1), json!({"player": 20, "computer": 20}))
    );
    assert_eq!(game["thinking_ms"], 9569);
    assert_eq!(game["state"]["player"].as_array().unwrap().len(), 18);

    let wrong = ok("duel/answer", with_state(&game, json!({"answer": "1+2+4+6", "elapsed_ms": 1000})));
    assert_eq!((wrong["wrong"].clone(), wrong["message"].clone()), (json!(true), json!("wrong: 1+2+4+6 = 13, not 24")));
    assert_eq!(wrong["state"], game["state"]);
    let unparsed = ok("duel/answer", with_state(&game, json!({"answer": "7×(3+", "elapsed_ms": 1000})));
    assert_eq!(
        (unparsed["message"].clone(), unparsed["span"].clone()),
        (json!("error: missing operand"), json!([4, 5]))
    );

    let won = ok("duel/answer", with_state(&game, json!({"answer": "(2-1)*4*6", "elapsed_ms": 3000})));
    assert_eq!(won["message"], "ok: (2-1)*4*6 = 24: you take 1 2 4 6");
    assert_eq!(
        won["ended"],
        json!({"round": 1, "cards": [2, 6, 4, 1], "result": "solved", "taker": "player", "solution": "(2-1)*4*6", "thinking_ms": 9569})
    );
    assert_eq!((won["held"].clone(), won["leader"].clone()), (json!({"player": 22, "computer": 18}), json!("player")));
    assert_eq!((won["state"]["round"].clone(), won["state"]["table"].clone()), (json!(2), json!([3, 4, 7, 5])));

    let passed = ok("duel/pass", with_state(&won, json!({"elapsed_ms": 500})));
    assert_eq!(passed["message"], "wrong: the computer shows 4*3+7+5 = 24, and takes 3 4 5 7");
    assert_eq!(passed["ended"]["taker"], "computer");

    // The computer answers when its time is up, not before.
    let thinking = passed["thinking_ms"].as_u64().unwrap();
    let waiting = ok("duel/tick", with_state(&passed, json!({"elapsed_ms": thinking - 1})));
    assert_eq!((waiting["message"].clone(), waiting["state"].clone()), (json!(""), passed["state"].clone()));
    assert!(waiting.get("ended").is_none());
    let draw = ok("duel/tick", with_state(&passed, json!({"elapsed_ms": thinking})));
    assert_eq!(draw["message"], "computer, after 19.6s: 5 5 7 9 cannot make 24: a draw");
    // An answer after the computer's time is not judged.
    let late = ok("duel/answer", with_state(&draw, json!({"answer": "8*7/4+10", "elapsed_ms": 60000})));
    assert_eq!(late["ended"]["result"], "computer");
}

#[test]
fn duel_levels_and_the_end_of_a_game() {
    let expert = ok("duel/new", json!({"seed": 1, "opponent": "expert"}));
    let easy = ok("duel/new", json!({"seed": 1, "opponent": "easy"}));
    assert!(expert["thinking_ms"].as_u64() < easy["thinking_ms"].as_u64());
    // Eight 6s, four each: two won rounds end the game.
    let mut game = ok("duel/new", json!({"seed": 3, "low": 6, "high": 6, "copies": 8, "opponent": "easy"}));
    for _ in 0..2 {
        game = ok("duel/answer", with_state(&game, json!({"answer": "6*6-6-6"})));
    }
    assert_eq!((game["over"].clone(), game["leader"].clone()), (json!(true), json!("player")));
    assert_eq!(
        (game["state"]["table"].clone(), game["held"].clone()),
        (json!(null), json!({"player": 8, "computer": 0}))
    );
    fails("duel/pass", with_state(&game, json!({})), 422, "no round is in play");
}

#[test]
fn duel_refuses_a_game_that_is_not_the_deck() {
    fails("duel/new", json!({"opponent": "hard"}), 422, "no opponent `hard`: expected easy, normal or expert");
    fails("duel/new", json!({"low": 1, "high": 100, "copies": 40}), 422, "is more than the 400 a duel allows");
    fails("duel/new", json!({"low": 3, "high": 2}), 422, "the range 3..2 is empty");
    let game = ok("duel/new", json!({"seed": 5}));
    let mut extra = game.clone();
    extra["state"]["player"].as_array_mut().unwrap().push(json!(7));
    fails("duel/tick", with_state(&extra, json!({})), 422, "they hold 5 of 7, the deck 4");
    let mut stray = game.clone();
    stray["state"]["player"][0] = json!(11);
    fails("duel/tick", with_state(&stray, json!({})), 422, "11 is not a card of 1..=10");
    let mut bare = game.clone();
    let table = bare["state"]["table"].take();
    bare["state"]["player"].as_array_mut().unwrap().extend(table.as_array().unwrap().iter().cloned());
    fails("duel/tick", with_state(&bare, json!({})), 422, "no cards are on the table");
    fails("duel/answer", with_state(&game, json!({"answer": "1+".repeat(200)})), 422, "longer than 256 bytes");
    fails("duel/tick", json!({"state": {"seed": 1}}), 400, "missing field");
}
