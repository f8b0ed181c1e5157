//! Every endpoint and every error, over HTTP, without a browser.

use std::sync::OnceLock;
use std::time::Duration;

use reckon_serve::Config;
use serde_json::{Value, json};

use crate::client;
use crate::server::TestServer;

mod countdown;
mod duel;

/// One server for the tests that need no special configuration.
fn server() -> &'static TestServer {
    static SERVER: OnceLock<TestServer> = OnceLock::new();
    SERVER.get_or_init(TestServer::start)
}

/// POSTs `body` to `/api/<endpoint>`; the status and the JSON answer.
fn post(endpoint: &str, body: Value) -> (u16, Value) {
    let reply = server().post(&format!("/api/{endpoint}"), &body.to_string());
    assert_eq!(reply.header("Content-Type"), Some("application/json"), "{}", reply.body);
    (reply.status, reply.json())
}

/// POSTs and expects 200.
fn ok(endpoint: &str, body: Value) -> Value {
    let (status, json) = post(endpoint, body);
    assert_eq!(status, 200, "{json}");
    json
}

/// POSTs raw text and expects an error with `status` whose message contains `part`.
fn fails_raw(endpoint: &str, body: &str, status: u16, part: &str) {
    let reply = server().post(&format!("/api/{endpoint}"), body);
    assert_eq!(reply.status, status, "{body} -> {}", reply.body);
    let error = reply.json()["error"].as_str().unwrap_or_else(|| panic!("no error message: {}", reply.body)).to_owned();
    assert!(error.contains(part), "{body}: expected {part:?} in {error:?}");
}

fn fails(endpoint: &str, body: Value, status: u16, part: &str) {
    fails_raw(endpoint, &body.to_string(), status, part);
}

// --- The page ----------------------------------------------------------

#[test]
fn serves_the_page_and_its_files() {
    const JS: &str = "text/javascript; charset=utf-8";
    let scripts = [
        ("/app.js", r#"from "./js/"#),
        ("/js/address.js", "history.replaceState"),
        ("/js/api.js", "/api/"),
        ("/js/cards.js", "markUsed"),
        ("/js/countdown.js", "countdown/answer"),
        ("/js/dom.js", "getElementById"),
        ("/js/duel.js", "duel/new"),
        ("/js/numbers.js", "numberKey"),
        ("/js/play.js", r#""judge""#),
        ("/js/round.js", r#""deal""#),
        ("/js/score.js", "localStorage"),
        ("/js/settings.js", "FieldError"),
        ("/js/solutions.js", "fraction-only"),
        ("/js/solve.js", "isHandInPlay"),
        ("/js/state.js", "DEFAULT_SPEC"),
        ("/js/tabs.js", "aria-selected"),
    ];
    for (path, kind, part) in [
        ("/", "text/html; charset=utf-8", "<title>reckon"),
        ("/index.html", "text/html; charset=utf-8", r#"<script type="module" src="/app.js">"#),
        ("/style.css", "text/css; charset=utf-8", ".card"),
    ]
    .into_iter()
    .chain(scripts.map(|(path, part)| (path, JS, part)))
    {
        let reply = server().get(path);
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("Content-Type"), Some(kind), "{path}");
        assert!(reply.body.contains(part), "{path} lacks {part}");
        assert!(reply.header("Content-Security-Policy").is_some_and(|p| p.starts_with("default-src 'self'")));
    }
    // Every module a script imports is served, so the page loads whole.
    for (script, _) in scripts {
        let dir = &script[..=script.rfind('/').unwrap()];
        for import in server().get(script).body.split(r#"from "./"#).skip(1) {
            let path = format!("{dir}{}", &import[..import.find('"').unwrap()]);
            let reply = server().get(&path);
            assert_eq!((reply.status, reply.header("Content-Type")), (200, Some(JS)), "{script} imports {path}");
        }
    }
    // Nothing from elsewhere: no URL in the page but its own and the SVG namespace.
    let page = server().get("/").body;
    assert!(!page.contains("https://"), "the page fetches nothing from the network");
}

#[test]
fn unknown_paths_and_wrong_methods() {
    let reply = server().get("/nope");
    assert_eq!(reply.status, 404);
    assert_eq!(reply.json()["error"], "no such page: /nope");
    fails("nope", json!({}), 404, "no such page: /api/nope");

    let reply = server().get("/api/solve");
    assert_eq!(reply.status, 405);
    assert_eq!(reply.json()["error"], "GET is not allowed here; use POST");
    assert_eq!(reply.header("Allow"), Some("POST"));
    let reply = server().post("/", "{}");
    assert_eq!(reply.status, 405);
    assert_eq!(reply.header("Allow"), Some("GET, HEAD"));
}

// --- deal --------------------------------------------------------------

#[test]
fn deal() {
    // An empty body deals the classic game from a random seed.
    let reply = server().post("/api/deal", "");
    assert_eq!(reply.status, 200, "{}", reply.body);
    let dealt = reply.json();
    let cards = dealt["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 4);
    assert!(cards.iter().all(|c| (1..=13).contains(&c.as_i64().unwrap())), "{dealt}");
    assert_eq!(dealt["target"], "24");
    assert_eq!(dealt["round"], 1);
    assert!(dealt["seed"].as_u64().unwrap() < 1_000_000, "a short seed to read out");

    // A seed deals what `reckon play --seed` deals, round after round.
    assert_eq!(
        ok("deal", json!({"seed": 2})),
        json!({"cards": [2, 2, 5, 13], "target": "24", "seed": 2, "round": 1, "difficulty": null})
    );
    assert_eq!(ok("deal", json!({"seed": 2, "round": 2}))["cards"], json!([1, 2, 4, 11]));

    // Other games.
    let dealt = ok(
        "deal",
        json!({"cards": 5, "range": [1, 9], "target": 10, "solvable_only": true, "seed": 9, "ops": "+-*/", "rules": "24"}),
    );
    assert_eq!(dealt["target"], "10");
    let cards = dealt["cards"].clone();
    assert_eq!(cards.as_array().unwrap().len(), 5);
    assert_eq!(ok("solve", json!({"cards": cards, "target": 10}))["solvable"], true);
    assert_eq!(ok("deal", json!({"seed": 1, "target": "7/2"}))["target"], "7/2");

    // Beyond 2^53 the page's JavaScript would round a number: seeds and
    // cards are strings there, and a seed may be sent as one:
    // `reckon play --seed 17041556850821401183` deals 1 3 8 11.
    let big = ok("deal", json!({"seed": "17041556850821401183"}));
    assert_eq!(
        big,
        json!({"cards": [1, 3, 8, 11], "target": "24", "seed": "17041556850821401183", "round": 1, "difficulty": "medium"})
    );
    let cards = ok("deal", json!({"seed": 5, "range": [1, 1_000_000_000_000_000_000_i64]}))["cards"].clone();
    assert!(cards.as_array().unwrap().iter().any(Value::is_string), "{cards}");
    assert!(cards.as_array().unwrap().iter().all(|c| c.as_i64().is_none_or(|n| n < 1 << 53)), "{cards}");
}

#[test]
fn deal_errors() {
    fails("deal", json!({"cards": 7}), 422, "7 cards is more than the 6 this server takes");
    fails("deal", json!({"cards": 0}), 422, "a hand needs at least one card");
    fails("deal", json!({"cards": 6, "range": [1, 1000]}), 422, "more than the 5 this server searches");
    assert_eq!(ok("deal", json!({"cards": 5, "range": [1, 1000]}))["cards"].as_array().unwrap().len(), 5);
    fails("deal", json!({"range": [9, 1]}), 422, "the range 9..1 is empty");
    fails("deal", json!({"range": [1, 2, 3]}), 400, "a range is two whole numbers [lo, hi], not 3 of them");
    fails("deal", json!({"seed": "abc"}), 400, "expected a seed: a whole number from 0 to 2^64 - 1");
    fails("solve", json!([[3, 3, 8, 8]]), 400, "the request body must be a JSON object of named fields");
    fails("deal", json!({"range": [1, 1], "cards": 5}), 422, "a deck of 4 cards cannot deal 5");
    fails("deal", json!({"round": 0}), 422, "the round must be from 1 to 1000");
    fails("deal", json!({"round": 1001}), 422, "the round must be from 1 to 1000");
    fails(
        "deal",
        json!({"cards": 1, "range": [1, 3], "target": 1000, "solvable_only": true}),
        422,
        "no hand that makes 1000 turned up",
    );
    fails("deal", json!({"seed": -1}), 400, "invalid type: integer `-1`, expected a seed");
    fails("deal", json!({"range": [1]}), 400, "a range is two whole numbers [lo, hi], not 1 of them");
    fails("deal", json!({"colour": "red"}), 400, "unknown field `colour`");
}

/// Every hand dealt is rated as `reckon --all --rate` rates it, and a
/// difficulty deals the hands `reckon play --difficulty` deals.
#[test]
fn deal_by_difficulty() {
    assert_eq!(ok("deal", json!({"seed": 2, "round": 2}))["difficulty"], "easy");
    for round in 1..=3 {
        let dealt = ok("deal", json!({"seed": 42, "difficulty": "hard", "round": round}));
        assert_eq!(dealt["difficulty"], "hard", "{dealt}");
        let expected = [json!([1, 4, 4, 6]), json!([1, 5, 6, 9]), json!([4, 9, 10, 11])][round - 1].clone();
        assert_eq!(dealt["cards"], expected, "crates/play pins these hard hands of seed 42");
    }
    fails("deal", json!({"difficulty": "tricky"}), 400, "unknown variant `tricky`");
    fails("deal", json!({"cards": 1, "difficulty": "hard"}), 422, "no hard hand that makes 24 turned up");
}

// --- judge -------------------------------------------------------------

#[test]
fn judge_speaks_like_reckon_check() {
    let right = ok("judge", json!({"answer": "(11-8)*(3+5)", "cards": [3, 5, 8, 11]}));
    assert_eq!(right, json!({"correct": true, "verdict": "ok", "message": "ok: (11-8)*(3+5) = 24"}));

    let wrong = ok("judge", json!({"answer": "(11-8)*(3+4)", "cards": [3, 5, 8, 11]}));
    assert_eq!(wrong["correct"], false);
    assert_eq!(wrong["verdict"], "wrong");
    assert_eq!(wrong["message"], "wrong: (11-8)*(3+4) = 21, not 24; uses 4, which is not in the hand; does not use 5");
    assert_eq!(wrong["problems"], json!(["makes 21, not 24", "uses 4, which is not in the hand", "does not use 5"]));

    let twice = ok("judge", json!({"answer": "8*(11-8)", "cards": [8, 11]}));
    assert_eq!(twice["message"], "wrong: 8*(11-8) = 24; uses 8 twice but the hand has one 8");

    // Unicode operators, and spans in UTF-16 code units.
    let zero = ok("judge", json!({"answer": "8 ÷ (3 − 3)"}));
    assert_eq!(
        zero,
        json!({"correct": false, "verdict": "error", "message": "error: division by zero",
               "span": [4, 11], "label": "this divisor is zero"})
    );
    let junk = ok("judge", json!({"answer": "3 + * 4", "cards": [3, 4]}));
    assert_eq!(
        junk,
        json!({"correct": false, "verdict": "error", "message": "error: two operators in a row",
               "span": [2, 5], "label": "a number or a bracket belongs between these"})
    );
    assert_eq!(ok("judge", json!({"answer": "3 & 4"}))["message"], "error: unexpected character '&'");

    // Without cards only the value counts; other targets and rules apply.
    assert_eq!(ok("judge", json!({"answer": "1+2+3+4", "target": 10}))["message"], "ok: 1+2+3+4 = 10");
    assert_eq!(ok("judge", json!({"answer": "7/2*2", "cards": ["7/2", 2], "target": 7}))["correct"], true);
    let ops = ok("judge", json!({"answer": "8/(3-8/3)", "cards": [3, 3, 8, 8], "ops": "+-*"}));
    assert_eq!(ops["message"], "wrong: 8/(3-8/3) = 24; uses /, which the rules do not allow");
    let countdown = ok("judge", json!({"answer": "25*3", "cards": [1, 3, 25, 50], "target": 75, "rules": "countdown"}));
    assert_eq!(countdown["correct"], true);
    // A judged hand may be as large as the engine takes: judging needs no search.
    let ten = ok("judge", json!({"answer": "1+1+1+1+1+1+1+1+1+1", "cards": vec![1; 10], "target": 10}));
    assert_eq!(ten["correct"], true);
}

#[test]
fn judge_errors() {
    fails("judge", json!({"cards": [1, 2]}), 400, "missing field `answer`");
    fails("judge", json!({"answer": 24}), 400, "invalid type: integer `24`, expected a string");
    fails("judge", json!({"answer": "1+2", "cards": vec![1; 11]}), 422, "11 cards is more than the 10");
    fails("judge", json!({"answer": "1+2", "cards": []}), 422, "the hand is empty");
    fails("judge", json!({"answer": "1+".repeat(200)}), 422, "the answer is longer than 256 bytes");
    fails("judge", json!({"answer": "1", "target": "x"}), 400, "'x' is not a number");
    fails("judge", json!({"answer": "1", "target": 2.5}), 400, "fractions and decimals as strings");
    fails("judge", json!({"answer": "1", "ops": "+%"}), 400, "unknown operator '%'");
    fails("judge", json!({"answer": "1", "rules": "chess"}), 400, "unknown variant `chess`");
    fails("judge", json!({"answer": "1", "hand": [1]}), 400, "unknown field `hand`");
}

// --- hint, pass, show ----------------------------------------------------

#[test]
fn hint_pass_and_show_speak_like_reckon_play() {
    assert_eq!(
        ok("hint", json!({"cards": [3, 5, 8, 11]})),
        json!({"hint": "3+5 = 8", "steps": ["3+5 = 8"], "message": "hint: start with 3+5 = 8"})
    );
    assert_eq!(
        ok("hint", json!({"cards": [1, 1, 1, 1]})),
        json!({"hint": null, "steps": [], "message": "hint: no first step leads to 24"})
    );
    // Under Countdown rules a lone card may be the answer: no step at all.
    assert_eq!(
        ok("hint", json!({"cards": [24, 1], "rules": "countdown"})),
        json!({"hint": null, "steps": [], "message": "hint: no step is needed: a card is 24"})
    );
    assert_eq!(
        ok("pass", json!({"cards": [2, 2, 5, 13]})),
        json!({"correct": true, "solution": null, "message": "right: 2 2 5 13 cannot make 24"})
    );
    assert_eq!(
        ok("pass", json!({"cards": [3, 3, 8, 8]})),
        json!({"correct": false, "solution": "8/(3-8/3)", "message": "wrong: there is a solution: 8/(3-8/3) = 24"})
    );
    assert_eq!(
        ok("show", json!({"cards": [8, 3, 8, 3]})),
        json!({"solution": "8/(3-8/3)", "message": "solution: 8/(3-8/3) = 24"})
    );
    assert_eq!(
        ok("show", json!({"cards": [1, 1, 1, 1]})),
        json!({"solution": null, "message": "no solution: 1 1 1 1 cannot make 24"})
    );
    assert_eq!(ok("show", json!({"cards": [1, 2, 3, 4], "target": 10, "ops": "+"}))["solution"], "1+2+3+4");
}

/// The `step`-th hint of a round: one step, two, then the whole solution
/// that `show` reveals; the first step in every one.
#[test]
fn each_hint_step_gives_away_more() {
    let hint = |step: u32| ok("hint", json!({"cards": [1, 2, 4, 11], "step": step}));
    assert_eq!(ok("hint", json!({"cards": [1, 2, 4, 11]})), hint(1));
    assert_eq!(hint(1), json!({"hint": "4-2 = 2", "steps": ["4-2 = 2"], "message": "hint: start with 4-2 = 2"}));
    assert_eq!(
        hint(2),
        json!({"hint": "4-2 = 2", "steps": ["4-2 = 2", "1+11 = 12"],
               "message": "hint: start with 4-2 = 2, then 1+11 = 12"})
    );
    let whole = json!({"hint": "4-2 = 2", "steps": ["4-2 = 2", "1+11 = 12", "2*12 = 24"],
                       "solution": "(4-2)*(1+11)", "message": "hint: solution: (4-2)*(1+11) = 24"});
    assert_eq!(hint(3), whole);
    assert_eq!(hint(u32::MAX), whole);
    assert_eq!(ok("show", json!({"cards": [1, 2, 4, 11]}))["solution"], whole["solution"]);
    // A solution through no negative value when there is one, here too.
    assert_eq!(
        ok("hint", json!({"cards": [3, 6, 7], "target": 10, "step": 2}))["message"],
        "hint: start with 6-3 = 3, then 3+7 = 10"
    );
    // No solution: the same hint at every step.
    assert_eq!(
        ok("hint", json!({"cards": [1, 1, 1, 1], "step": 3})),
        json!({"hint": null, "steps": [], "message": "hint: no first step leads to 24"})
    );
    fails("hint", json!({"cards": [1, 2], "step": 0}), 422, "a hint's step counts from 1");
    fails("hint", json!({"cards": [1, 2], "step": -1}), 400, "expected u32");
    fails("hint", json!({"cards": [1, 2], "step": "2"}), 400, "expected u32");
    for endpoint in ["pass", "show"] {
        fails(endpoint, json!({"cards": [1, 2], "step": 2}), 400, "unknown field `step`");
    }
}

#[test]
fn hint_pass_and_show_errors() {
    for endpoint in ["hint", "pass", "show"] {
        fails(endpoint, json!({}), 400, "missing field `cards`");
        fails(endpoint, json!({"cards": [1, 2, 3, 4, 5, 6, 7]}), 422, "7 cards is more than the 6");
        fails(endpoint, json!({"cards": [1, 2, 3, 4, 5, 1000]}), 422, "6 cards is more than the 5");
        fails(endpoint, json!({"cards": []}), 422, "the hand is empty");
        fails(endpoint, json!({"cards": [1, "y"]}), 400, "'y' is not a number");
        fails(endpoint, json!({"cards": [1, 2], "answer": "1+2"}), 400, "unknown field `answer`");
    }
}

// --- solve -------------------------------------------------------------

#[test]
fn solve_first_all_and_count() {
    assert_eq!(
        ok("solve", json!({"cards": [3, 3, 8, 8]})),
        json!({"cards": [3, 3, 8, 8], "target": "24", "solvable": true, "fraction_only": true, "solution": "8/(3-8/3)"})
    );
    assert_eq!(
        ok("solve", json!({"cards": [1, 1, 1, 1], "mode": "first"})),
        json!({"cards": [1, 1, 1, 1], "target": "24", "solvable": false, "fraction_only": false, "solution": null})
    );
    assert_eq!(
        ok("solve", json!({"cards": [6, 6, 6, 6], "mode": "all"})),
        json!({"cards": [6, 6, 6, 6], "target": "24", "solvable": true, "fraction_only": false, "level": "4nums",
               "count": 2, "solutions": ["6+6+6+6", "6*6-6-6"], "truncated": false})
    );
    assert_eq!(ok("solve", json!({"cards": [2, 4, 8, 10], "mode": "count"}))["count"], 11);
    let levels: Vec<u64> = ["syntax", "function", "4nums"]
        .iter()
        .map(|level| {
            ok("solve", json!({"cards": [2, 4, 8, 10], "mode": "count", "level": level}))["count"].as_u64().unwrap()
        })
        .collect();
    assert!(levels[0] >= levels[1] && levels[1] >= levels[2] && levels[2] == 11, "{levels:?}");

    // A listing stops at the limit; the count stays whole.
    let some = ok("solve", json!({"cards": [2, 4, 8, 10], "mode": "all", "limit": 3}));
    assert_eq!((some["count"].clone(), some["truncated"].clone()), (json!(11), json!(true)));
    assert_eq!(some["solutions"].as_array().unwrap().len(), 3);

    // Fractions, other targets, Countdown.
    let fractions = ok("solve", json!({"cards": ["1/2", 3], "target": "7/2", "mode": "all"}));
    assert_eq!(fractions["cards"], json!(["1/2", 3]));
    assert_eq!(fractions["solutions"], json!(["3+(1/2)"]));
    let countdown = ok("solve", json!({"cards": [1, 3, 7, 10, 25, 50], "target": 765, "rules": "countdown"}));
    assert_eq!((countdown["solvable"].clone(), countdown["fraction_only"].clone()), (json!(true), json!(false)));
    assert_eq!(ok("solve", json!({"cards": [3, 3, 8, 8], "ops": "+-*"}))["solvable"], false);
}

/// `rate` gives the band `reckon --count --rate` gives, in every mode.
#[test]
fn solve_rates_the_hand_when_asked() {
    let rated = |cards: [u32; 4], mode: &str| {
        ok("solve", json!({"cards": cards, "mode": mode, "level": "syntax", "rate": true}))["difficulty"].clone()
    };
    assert_eq!(rated([1, 2, 3, 4], "first"), json!("easy"));
    assert_eq!(rated([1, 1, 5, 5], "count"), json!("medium"));
    assert_eq!(rated([3, 3, 8, 8], "all"), json!("hard"));
    assert_eq!(rated([1, 1, 1, 1], "first"), json!(null));
    assert!(ok("solve", json!({"cards": [1, 2, 3, 4]})).get("difficulty").is_none(), "only when asked");
}

#[test]
fn the_syntax_level_writes_every_solution_apart() {
    // Trees that differ only in grouping are different solutions at this
    // level, so they are written with every bracket, as `reckon --all -d
    // syntax` writes them.
    let all = ok("solve", json!({"cards": [1, 2, 3, 4], "target": 10, "mode": "all", "level": "syntax"}));
    let texts: Vec<&str> = all["solutions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    let different: std::collections::HashSet<&str> = texts.iter().copied().collect();
    assert_eq!((all["count"].as_u64(), different.len()), (Some(48), 48), "{texts:?}");
    assert!(texts.contains(&"3*2*1+4") && texts.contains(&"3*(2*1)+4"), "{texts:?}");
}

#[test]
fn solve_errors() {
    fails("solve", json!({"cards": [1, 2, 3, 4, 5, 6, 7]}), 422, "7 cards is more than the 6");
    fails("solve", json!({"cards": vec![1; 11]}), 422, "11 cards is more than the 6");
    // Large cards take the search into big numbers: one card fewer.
    let large = "6 cards is more than the 5 this server searches when a card is beyond 100";
    fails("solve", json!({"cards": [1, 2, 3, 4, 5, 101]}), 422, large);
    fails("solve", json!({"cards": [1, 2, 3, 4, 5, "1/101"]}), 422, large);
    fails("solve", json!({"cards": [1, 2, 3, 4, 5, -101], "mode": "count"}), 422, large);
    assert_eq!(ok("solve", json!({"cards": [1, 2, 3, 4, 101]}))["solvable"], true);
    assert_eq!(ok("solve", json!({"cards": [1, 2, 3, 4, 5, -100]}))["solvable"], true);
    fails("solve", json!({"cards": [1, 2], "mode": "every"}), 400, "unknown variant `every`");
    fails("solve", json!({"cards": [1, 2], "level": "loose"}), 400, "unknown level 'loose'");
    fails("solve", json!({"cards": [1, 2], "mode": "all", "limit": 1001}), 422, "the limit is at most 1000");
    fails("solve", json!({"cards": [1, 2], "limit": -1}), 400, "invalid value");
    fails("solve", json!({"cards": "3 3 8 8"}), 400, "invalid type: string");
    fails("solve", json!({"cards": ["1/0"]}), 400, "'1/0' divides by zero");
    fails_raw("solve", r#"{"cards":[99999999999999999999]}"#, 400, "beyond 64 bits");
    fails("solve", json!({"cards": [18446744073709551615u64]}), 400, "does not fit in 64 bits");
    // Numbers beyond 64 bits, which the command line takes, are refused
    // before they are read, as strings and within answers.
    fails("solve", json!({"cards": ["18446744073709551616", 1]}), 400, "does not fit in 64 bits");
    fails("solve", json!({"cards": ["9223372036854775807/0.5"]}), 400, "does not fit in 64 bits");
    fails("judge", json!({"answer": "18446744073709551616-1"}), 422, "18446744073709551616 in the answer does not fit");
    fails("judge", json!({"answer": "1.8446744073709551616"}), 422, "does not fit in 64 bits");
    assert_eq!(ok("judge", json!({"answer": "9223372036854775807-9223372036854775806", "target": 1}))["correct"], true);
}

// --- reach -------------------------------------------------------------

#[test]
fn reach() {
    assert_eq!(
        ok("reach", json!({"cards": [4, 4, 4, 4], "range": [0, 10]})),
        json!({"cards": [4, 4, 4, 4], "range": [0, 10], "reachable": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
               "count": 10, "smallest_unreachable": 10})
    );
    let whole = ok("reach", json!({"cards": [1, 2]}));
    assert_eq!(whole["range"], json!([0, 1000]));
    assert_eq!(whole["reachable"], json!([1, 2, 3]));
    assert_eq!(whole["smallest_unreachable"], 4);
    let countdown = ok("reach", json!({"cards": [1, 1], "rules": "countdown", "range": [0, 5]}));
    assert_eq!(countdown["reachable"], json!([1, 2]));
    assert_eq!(ok("reach", json!({"cards": [2, 3], "ops": "*", "range": [0, 10]}))["reachable"], json!([6]));
    // Beyond 2^53 numbers are strings both ways, so an answer can be sent back.
    let far =
        ok("reach", json!({"cards": ["9007199254740993", 1], "range": [9007199254740990_i64, "9007199254740995"]}));
    assert_eq!(far["range"], json!([9007199254740990_i64, "9007199254740995"]));
    assert_eq!(far["reachable"], json!(["9007199254740992", "9007199254740993", "9007199254740994"]));
    assert_eq!(ok("reach", json!({"cards": [1], "range": far["range"]}))["range"], far["range"]);
}

#[test]
fn reach_errors() {
    fails("reach", json!({"cards": [1, 2], "range": [5, 1]}), 422, "the range 5..1 is empty");
    fails("reach", json!({"cards": [1, 2], "range": [0, 100_000]}), 422, "spans more than 100000");
    fails("reach", json!({"cards": [1, 2, 3, 4, 5, 6, 7]}), 422, "7 cards is more than the 6");
    fails("reach", json!({"cards": [1, 2, 3, 4, 5, "7/200"]}), 422, "6 cards is more than the 5");
    fails("reach", json!({"cards": [1, 2], "target": 24}), 400, "unknown field `target`");
}

// --- The request itself --------------------------------------------------

#[test]
fn malformed_requests() {
    fails_raw("solve", "{", 400, "EOF while parsing");
    fails_raw("solve", r#""3 3 8 8""#, 400, "invalid type: string \"3 3 8 8\", expected struct SolveRequest");
    fails_raw("solve", r#"{"cards":[3,3,8,8]} trailing"#, 400, "trailing characters");
    fails_raw("solve", &format!(r#"{{"cards":{}}}"#, "[".repeat(1000)), 400, "invalid type: sequence");
    fails_raw("judge", &format!(r#"{{"answer":"1","x":{}}}"#, "[".repeat(1000)), 400, "unknown field `x`");
    fails_raw("solve", "\u{feff}{}", 400, "expected value");
}

#[test]
fn bodies_must_be_json_and_small() {
    let addr = server().addr;
    let plain = client::raw(
        addr,
        b"POST /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}",
    );
    assert_eq!(plain.status, 415);
    assert_eq!(plain.json()["error"], "send the request body as application/json");
    let untyped =
        client::raw(addr, b"POST /api/deal HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}");
    assert_eq!(untyped.status, 415);
    let charset = client::raw(
        addr,
        b"POST /api/deal HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: Application/JSON; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}",
    );
    assert_eq!(charset.status, 200, "{}", charset.body);

    // Too large, declared or not.
    let big = format!(r#"{{"cards":[3,3,8,8],"answer":"{}"}}"#, " ".repeat(20_000));
    fails_raw("judge", &big, 413, "larger than 16384 bytes");
    let chunk = " ".repeat(20_000);
    let chunked = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{chunk}\r\n0\r\n\r\n",
        chunk.len()
    );
    let reply = client::raw(addr, chunked.as_bytes());
    assert_eq!(reply.status, 413, "{}", reply.body);

    // Garbage is refused, and the server goes on answering.
    let _ = std::panic::catch_unwind(|| client::raw(addr, b"\x00\x01garbage\r\n\r\n"));
    assert_eq!(ok("solve", json!({"cards": [3, 3, 8, 8]}))["solvable"], true);
}

#[test]
fn time_budget_and_busy_workers() {
    // Six cards take a good part of a second to list; this server waits 1 ms.
    let hasty = TestServer::with(Config { time_budget: Duration::from_millis(1), workers: 1, ..Config::default() });
    let slow = json!({"cards": [7, 9, 10, 11, 12, 13], "mode": "all", "level": "syntax"}).to_string();
    let reply = hasty.post("/api/solve", &slow);
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert_eq!(reply.json()["error"], "gave up after 1 ms; try fewer cards");
    // Its one worker is still busy with that request.
    let reply = hasty.post("/api/solve", &slow);
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert_eq!(reply.json()["error"], "the server is busy; try again in a moment");
}

#[test]
fn an_abandoned_deal_stops_at_its_deadline() {
    // Four huge cards almost never make 24: a solvable-only deal would try
    // ten thousand hands, each searched in big rationals.
    let server = TestServer::with(Config { time_budget: Duration::from_secs(1), workers: 1, ..Config::default() });
    let hopeless = json!({"cards": 4, "range": [-1_000_000_000_000_000_000i64, 1_000_000_000_000_000_000i64],
                          "solvable_only": true, "seed": 1});
    let reply = server.post("/api/deal", &hopeless.to_string());
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert_eq!(reply.json()["error"], "gave up after 1 second; try fewer cards");
    // The one worker stops dealing soon after, so the next request gets it.
    let reply = server.post("/api/deal", r#"{"seed":2}"#);
    assert_eq!(reply.status, 200, "{}", reply.body);
}
