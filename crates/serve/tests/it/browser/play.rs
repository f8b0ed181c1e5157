//! Rounds played in the browser: with the buttons, the keys and words
//! typed as answers; replies that come back after their round has gone;
//! and deals the settings or the server refuse.

use std::time::Duration;

use serde_json::json;

use super::{
    Desktop, assert_score, dealt, desktop, dimmed, expected, expected_hint, intercept_fetch, is_disabled,
    leave_the_answer_box, record_messages, recorded_messages, table, wait_for_round,
};
use crate::webdriver::ENTER;

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn plays_rounds_with_the_buttons_and_the_keys() {
    let Desktop { _one, server, browser } = desktop();
    browser.goto(&server.url());

    // Deal with a seed, through the settings.
    browser.click("#settings-box summary");
    browser.clear("#set-seed");
    browser.type_into("#set-seed", "5");
    browser.click("#new-game");
    browser.wait_for_text("#round-info", "seed 5", |t| t.contains("seed 5"));
    let cards = table(&browser);
    assert_eq!(cards, dealt(&server, 5, 1), "the page shows the hand the seed deals");
    assert_score(&browser, 0, 0, 0);
    assert_eq!(browser.script("return document.getElementById('message').offsetHeight"), json!(0), "no empty box");
    browser.screenshot("desktop-dark-1-play");

    // A wrong answer gets the message `reckon check` would print.
    let wrong = "1+2+3";
    browser.type_into("#answer", &format!("{wrong}{ENTER}"));
    let judged = server.post("/api/judge", &json!({ "answer": wrong, "cards": cards }).to_string()).json();
    let shown = browser.wait_for_text("#message", "a wrong verdict", |t| t.starts_with("wrong:"));
    assert_eq!(shown, judged["message"].as_str().unwrap());
    assert_eq!(dimmed(&browser), json!(["2", "3"]), "the cards 2 and 3 of 2 3 8 9 are dimmed as used");
    browser.screenshot("desktop-dark-2-wrong-answer");

    // Text that is no expression: the part at fault is underlined.
    browser.clear("#answer");
    browser.type_into("#answer", &format!("(8-2)*(9-3{ENTER}"));
    browser.wait_for_text("#message", "a parse error", |t| t.starts_with("error: unbalanced bracket"));
    assert_eq!(browser.text("#message mark"), "(");

    // Keyboard commands, as in `reckon play`: `hint` typed as an answer.
    browser.clear("#answer");
    browser.type_into("#answer", &format!("hint{ENTER}"));
    let hint = expected(&server, "hint", &cards);
    browser.wait_for_text("#message", "a hint", |t| t == hint);

    // A right answer wins the round, and the hand's solutions are offered.
    let solution = server.post("/api/show", &json!({ "cards": cards }).to_string()).json()["solution"].clone();
    let solution = solution.as_str().expect("seed 5 deals a solvable hand");
    browser.clear("#answer");
    browser.type_into("#answer", &format!("{solution}{ENTER}"));
    let shown = browser.wait_for_text("#message", "an ok verdict", |t| t.starts_with("ok:"));
    assert_eq!(shown, format!("ok: {solution} = 24"));
    assert_score(&browser, 1, 1, 1);
    let all = server
        .post("/api/solve", &json!({ "cards": cards, "mode": "all", "level": "4nums", "limit": 1000 }).to_string())
        .json();
    let count = all["count"].as_u64().unwrap();
    browser.wait_for_text("#see-all", "the count of solutions", |t| t == format!("See all {count} solutions"));
    browser.click("#see-all");
    browser.wait_for_text("#play-solutions", "the solutions", |t| !t.is_empty());
    let listed =
        browser.script("return [...document.querySelectorAll('#play-solutions li')].map(li => li.textContent)");
    let solutions: Vec<String> =
        all["solutions"].as_array().unwrap().iter().map(|s| format!("{} = 24", s.as_str().unwrap())).collect();
    assert_eq!(listed, json!(solutions), "every distinct solution, as the solver lists them");
    browser.screenshot("desktop-dark-3-solved");

    // Enter again deals the next hand of the seed, keyboard alone.
    browser.type_into("#answer", ENTER);
    wait_for_round(&browser, 2);
    let cards = table(&browser);
    assert_eq!(cards, dealt(&server, 5, 2));
    assert_eq!(browser.script("return document.getElementById('after-round').hidden"), json!(true));

    // The cards and the operator keys write the answer.
    browser.click("#cards .card:nth-child(1)");
    browser.click(".key[aria-label=plus]");
    browser.click("#cards .card:nth-child(2)");
    browser.click(".key[aria-label=times]");
    let typed = browser.script("return document.getElementById('answer').value");
    assert_eq!(typed, json!(format!("{}+{}×", cards[0], cards[1])));
    assert_eq!(dimmed(&browser).as_array().unwrap().len(), 2);
    browser.click("#backspace");
    browser.click("#backspace");
    assert_eq!(browser.script("return document.getElementById('answer').value"), json!(format!("{}+", cards[0])));
    assert_eq!(dimmed(&browser).as_array().unwrap().len(), 1);
    browser.click("#clear");
    assert_eq!(browser.script("return document.getElementById('answer').value"), json!(""));
    assert_eq!(dimmed(&browser), json!([]));

    // H and S outside the text box: a hint, the first of this hand though
    // the last hand had one, then the solution.
    leave_the_answer_box(&browser);
    browser.press("h");
    let hint = expected(&server, "hint", &cards);
    browser.wait_for_text("#message", "a hint", |t| t == hint);
    browser.press("s");
    let show = expected(&server, "show", &cards);
    browser.wait_for_text("#message", "the solution", |t| t == show);
    assert_score(&browser, 1, 2, 0);
    assert!(is_disabled(&browser, "#hint") && is_disabled(&browser, "#show") && is_disabled(&browser, "#pass"));

    // N deals; the Hint and No solution buttons on a solvable hand. The
    // new hand's hints start again from the first step, and a second
    // click shows more of the same solution than the first.
    browser.press("n");
    wait_for_round(&browser, 3);
    let cards = table(&browser);
    browser.click("#hint");
    let first = expected(&server, "hint", &cards);
    browser.wait_for_text("#message", "a hint", |t| t == first);
    browser.click("#hint");
    let second = expected_hint(&server, &cards, 2);
    browser.wait_for_text("#message", "the second hint", |t| t == second);
    assert!(second.starts_with(&first) && second.len() > first.len(), "{first:?}, then {second:?}");
    browser.click("#pass");
    let pass = expected(&server, "pass", &cards);
    assert!(pass.starts_with("wrong:"), "{pass}");
    browser.wait_for_text("#message", "the verdict on passing", |t| t == pass);
    assert_score(&browser, 1, 3, 0);

    // The Next button; P on a hand with no solution wins it.
    browser.click("#next");
    wait_for_round(&browser, 4);
    let cards = table(&browser);
    leave_the_answer_box(&browser);
    browser.press("p");
    let pass = expected(&server, "pass", &cards);
    assert!(pass.starts_with("right:"), "{pass}");
    browser.wait_for_text("#message", "the verdict on passing", |t| t == pass);
    assert_score(&browser, 2, 4, 1);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(browser.script("return document.getElementById('after-round').hidden"), json!(true), "no solutions");

    // The Show button.
    browser.click("#next");
    wait_for_round(&browser, 5);
    let cards = table(&browser);
    browser.click("#show");
    let show = expected(&server, "show", &cards);
    browser.wait_for_text("#message", "the solution", |t| t == show);
    assert_score(&browser, 2, 5, 0);
    browser.wait_for_text("#see-all", "the count of solutions", |t| t.starts_with("See "));

    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn drops_replies_for_a_round_no_longer_on_the_table() {
    let Desktop { _one, server, browser } = desktop();
    browser.goto(&format!("{}?seed=5", server.url()));
    wait_for_round(&browser, 1);
    record_messages(&browser);

    // A right answer checked, then Next before the verdict comes back: the
    // verdict belongs to a round no longer on the table and never shows.
    let cards = table(&browser);
    let solution = server.post("/api/show", &json!({ "cards": cards }).to_string()).json()["solution"].clone();
    intercept_fetch(&browser, json!({ "judge": 1500 }), json!({}));
    browser.type_into("#answer", solution.as_str().unwrap());
    browser.click("#check");
    browser.click("#next");
    wait_for_round(&browser, 2);
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(table(&browser), dealt(&server, 5, 2));
    assert!(recorded_messages(&browser).iter().all(|m| !m.starts_with("ok:")), "{:?}", recorded_messages(&browser));
    assert_eq!(browser.text("#message"), "");
    assert_score(&browser, 0, 1, 0);
    assert!(!is_disabled(&browser, "#hint"), "the new round is being played");
    assert_eq!(browser.script("return document.querySelector('#cards.won') === null"), json!(true));

    // The other way round: the verdict is back before the next hand is.
    let cards = table(&browser);
    let solution = server.post("/api/show", &json!({ "cards": cards }).to_string()).json()["solution"].clone();
    intercept_fetch(&browser, json!({ "judge": 300, "deal": 1500 }), json!({}));
    browser.type_into("#answer", solution.as_str().unwrap());
    browser.click("#check");
    browser.click("#next");
    assert!(is_disabled(&browser, "#next"), "Next waits for the hand it asked for");
    wait_for_round(&browser, 3);
    std::thread::sleep(Duration::from_millis(500));
    assert!(recorded_messages(&browser).iter().all(|m| !m.starts_with("ok:")), "{:?}", recorded_messages(&browser));
    assert_score(&browser, 0, 2, 0);

    // A double click on Next deals one hand, not two.
    intercept_fetch(&browser, json!({ "deal": 800 }), json!({}));
    browser.double_click("#next");
    wait_for_round(&browser, 4);
    std::thread::sleep(Duration::from_millis(2000));
    assert_eq!(browser.text("#round-info"), "round 4 · seed 5");
    assert_eq!(table(&browser), dealt(&server, 5, 4));
    assert_score(&browser, 0, 3, 0);

    // A slow hint for an old hand does not land on the new one.
    intercept_fetch(&browser, json!({ "hint": 1500 }), json!({}));
    browser.click("#hint");
    browser.click("#next");
    wait_for_round(&browser, 5);
    std::thread::sleep(Duration::from_millis(2000));
    assert!(recorded_messages(&browser).iter().all(|m| !m.starts_with("hint:")), "{:?}", recorded_messages(&browser));

    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn a_failed_deal_clears_the_table_and_names_the_field() {
    let Desktop { _one, server, browser } = desktop();
    browser.goto(&server.url());
    wait_for_round(&browser, 1);

    browser.click("#settings-box summary");
    browser.clear("#set-target");
    browser.type_into("#set-target", "abc");
    browser.click("#new-game");
    let message = browser.wait_for_text("#message", "an error", |t| t.starts_with("Target:"));
    assert_eq!(message, "Target: 'abc' is not a number");
    assert_eq!(browser.script("return document.querySelectorAll('#cards .card').length"), json!(0));
    assert_eq!(browser.text("#cards"), "No hand on the table.");
    assert_eq!(browser.text("#target"), "–");
    for button in ["#check", "#hint", "#show", "#pass", ".key[aria-label=plus]"] {
        assert!(is_disabled(&browser, button), "{button} is disabled without a hand");
    }
    assert_eq!(browser.script("return document.getElementById('answer').readOnly"), json!(true));
    assert_eq!(browser.script("return document.activeElement.id"), json!("set-target"));
    assert_eq!(
        browser.script("return document.getElementById('set-target').getAttribute('aria-invalid')"),
        json!("true")
    );
    browser.screenshot("desktop-dark-4-settings-error");

    // The range, read as a whole.
    browser.clear("#set-target");
    browser.type_into("#set-target", "24");
    browser.clear("#set-low");
    browser.type_into("#set-low", "13");
    browser.clear("#set-high");
    browser.type_into("#set-high", "1");
    browser.click("#new-game");
    browser.wait_for_text("#message", "an error", |t| t == "Highest: 1 is below the lowest card, 13");

    // A refusal of the server's own, in its words, with no JSON positions.
    browser.clear("#set-low");
    browser.type_into("#set-low", "1");
    browser.clear("#set-high");
    browser.type_into("#set-high", "2");
    browser.clear("#set-target");
    browser.type_into("#set-target", "1000");
    browser.click("#set-solvable");
    browser.click("#new-game");
    let message = browser.wait_for_text("#message", "the server's refusal", |t| t.contains("1000"));
    assert_eq!(message, "no hand that makes 1000 turned up in 10000 deals");
    assert_eq!(browser.script("return document.querySelectorAll('#cards .card').length"), json!(0));
    assert!(is_disabled(&browser, "#hint"));

    // Put right, the settings deal again and the buttons work.
    browser.click("#settings-box summary");
    browser.clear("#set-high");
    browser.type_into("#set-high", "13");
    browser.clear("#set-target");
    browser.type_into("#set-target", "24");
    browser.click("#new-game");
    wait_for_round(&browser, 1);
    assert!(!is_disabled(&browser, "#hint") && !is_disabled(&browser, "#check"));
    assert_eq!(browser.text("#message"), "");

    // The solver names its fields too.
    browser.click("#tab-solve");
    browser.type_into("#solve-cards", &format!("3 eight 8{ENTER}"));
    browser.wait_for_text("#solve-summary", "an error", |t| t == "Numbers: 'eight' is not a number");
    browser.clear("#solve-cards");
    browser.type_into("#solve-cards", "3 3 8 8");
    browser.clear("#solve-target");
    browser.type_into("#solve-target", &format!("ten{ENTER}"));
    browser.wait_for_text("#solve-summary", "an error", |t| t == "Target: 'ten' is not a number");

    // The refused deal is the one error in the console, logged by the
    // browser itself.
    let errors = browser.console_errors();
    assert!(
        errors.iter().all(|e| e.contains("/api/deal - Failed to load resource") && e.contains("422")),
        "{errors:?}"
    );
}
