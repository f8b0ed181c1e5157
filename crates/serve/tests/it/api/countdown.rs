//! The Countdown endpoints: the show's deal, its scoring, the best answer.

use serde_json::{Value, json};

use super::{fails, ok};

#[test]
fn countdown_deals_what_reckon_play_deals() {
    // crates/play pins seed 42 with 0, 1, 2 large numbers in turn.
    assert_eq!(
        ok("countdown/deal", json!({"seed": 42, "large": 0})),
        json!({"numbers": [2, 3, 4, 4, 9, 10], "target": 123, "large": 0, "seed": 42, "round": 1})
    );
    assert_eq!(
        ok("countdown/deal", json!({"seed": 42, "large": 2, "earlier": [0, 1]})),
        json!({"numbers": [2, 3, 4, 10, 50, 100], "target": 290, "large": 2, "seed": 42, "round": 3})
    );
    let random = ok("countdown/deal", json!({}));
    assert_eq!((random["large"].as_u64(), random["numbers"].as_array().unwrap().len()), (Some(1), 6));
    fails("countdown/deal", json!({"large": 5}), 422, "5 large numbers is more than the 4 there are");
    fails("countdown/deal", json!({"earlier": [1, 9]}), 422, "9 large numbers is more than the 4 there are");
    fails("countdown/deal", json!({"earlier": vec![1; 1000]}), 422, "the round must be from 1 to 1000");
}

#[test]
fn countdown_answers_score_as_the_show_does() {
    let game = |answer: &str, best: Option<&str>, extra: Value| {
        let mut body = json!({"numbers": [1, 3, 7, 10, 25, 50], "target": 765, "answer": answer});
        if let Some(best) = best {
            body["best"] = json!(best);
        }
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        ok("countdown/answer", body)
    };
    let near = game("25*(10+7*3)+1", None, json!({}));
    assert_eq!(
        near,
        json!({"valid": true, "too_late": false, "value": "776", "distance": 11, "points": 0, "counts": true,
               "round_points": 0, "exact": false, "message": "ok: 25*(10+7*3)+1 = 776, 11 away: 0 points"})
    );
    let nearer = game("25*10*3+7", Some("25*(10+7*3)+1"), json!({}));
    assert_eq!(
        (nearer["points"].as_u64(), nearer["counts"].as_bool(), nearer["round_points"].as_u64()),
        (Some(5), Some(true), Some(5))
    );
    let worse = game("50*3", Some("25*10*3+7"), json!({}));
    assert_eq!(worse["message"], "ok: 50*3 = 150, 615 away: 0 points; the best so far stays 757");
    assert_eq!((worse["counts"].as_bool(), worse["round_points"].as_u64()), (Some(false), Some(5)));
    let exact = game("(50+1)*(25-10)", None, json!({}));
    assert_eq!((exact["exact"].as_bool(), exact["points"].as_u64()), (Some(true), Some(10)));
    let wrong = game("25*25", None, json!({}));
    assert_eq!(wrong["message"], "wrong: 25*25 = 625; uses 25 twice but the hand has one 25");
    assert_eq!(wrong["valid"], false);
    let error = game("25*", None, json!({}));
    assert_eq!((error["message"].as_str(), error["span"].clone()), (Some("error: missing operand"), json!([2, 3])));
    // The clock is the library's to apply: the page sends the time taken.
    let late = game("(50+1)*(25-10)", Some("25*10*3+7"), json!({"clock": 30, "elapsed_ms": 30_001}));
    assert_eq!(late["message"], "time is up: (50+1)*(25-10) came too late");
    assert_eq!((late["too_late"].as_bool(), late["round_points"].as_u64()), (Some(true), Some(5)));
    let in_time = game("(50+1)*(25-10)", None, json!({"clock": 30, "elapsed_ms": 30_000}));
    assert_eq!(in_time["points"], 10);
}

#[test]
fn countdown_show_reveals_the_best_answer() {
    let exact = ok("countdown/show", json!({"numbers": [1, 3, 7, 10, 25, 50], "target": 765, "limit": 2}));
    assert_eq!(exact["message"], "best: (50+1)*(25-10) = 765");
    assert_eq!((exact["exact"].as_bool(), exact["distance"].as_u64()), (Some(true), Some(0)));
    assert_eq!(exact["best"][0]["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(exact["best"][0]["truncated"], true);
    let near = ok("countdown/show", json!({"numbers": [1, 3, 7, 10, 25, 50], "target": 831}));
    assert_eq!(near["message"], "best: 830 = (25*3+7+1)*10 or 832 = 25*(10+1)*3+7, 1 away");
    assert_eq!(
        near["best"].as_array().unwrap().iter().map(|b| b["value"].clone()).collect::<Vec<_>>(),
        [json!(830), json!(832)]
    );
}

#[test]
fn countdown_errors() {
    let answer = |numbers: Value, target: Value| json!({"numbers": numbers, "target": target, "answer": "1+2"});
    fails("countdown/answer", answer(json!([1, 2, 3]), json!(500)), 422, "a Countdown game has 6 numbers, not 3");
    fails(
        "countdown/answer",
        answer(json!([1, 2, 3, 4, 5, 11]), json!(500)),
        422,
        "11 is not among the Countdown numbers",
    );
    fails(
        "countdown/answer",
        answer(json!([1, 1, 1, 4, 5, 6]), json!(500)),
        422,
        "1 is not among the Countdown numbers",
    );
    fails(
        "countdown/answer",
        answer(json!([1, 2, 3, 4, 5, 6]), json!(1000)),
        422,
        "the target 1000 is not a whole number from 100 to 999",
    );
    fails(
        "countdown/answer",
        answer(json!([1, 2, 3, 4, 5, 6]), json!("7/2")),
        422,
        "the target 7/2 is not a whole number",
    );
    fails("countdown/answer", answer(json!(vec![1; 11]), json!(500)), 422, "a Countdown game has 6 numbers, not 11");
    let mut body = answer(json!([1, 2, 3, 4, 5, 6]), json!(500));
    body["clock"] = json!(0);
    fails("countdown/answer", body.clone(), 422, "the clock must be from 1 to 86400 seconds");
    body["clock"] = json!(30);
    body["best"] = json!("7*7");
    fails("countdown/answer", body.clone(), 422, "the best answer so far, 7*7, is not a valid answer");
    body["answer"] = json!("1+".repeat(200));
    fails("countdown/answer", body, 422, "the answer is longer than 256 bytes");
    fails(
        "countdown/show",
        json!({"numbers": [1, 2, 3, 4, 5, 6], "target": 500, "limit": 5000}),
        422,
        "the limit is at most 1000",
    );
    fails("countdown/show", json!({"numbers": [1, 2, 3, 4, 5, 6]}), 400, "missing field `target`");
}
