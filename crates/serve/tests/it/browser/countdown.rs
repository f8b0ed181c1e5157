//! The Countdown tab in the browser: the large numbers chosen, the game a
//! seed deals, answers scored as the server scores them, the best answer
//! shown, and the clock running out.

use serde_json::{Value, json};

use super::{is_disabled, one_browser_at_a_time};
use crate::server::TestServer;
use crate::webdriver::{Browser, ENTER, Scheme};

fn numbers(browser: &Browser) -> Value {
    browser.script("return [...document.querySelectorAll('#cd-numbers .card')].map(c => Number(c.dataset.value))")
}

fn post(server: &TestServer, endpoint: &str, body: Value) -> Value {
    server.post(&format!("/api/countdown/{endpoint}"), &body.to_string()).json()
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn plays_countdown_rounds() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Light);
    browser.resize(900, 1100);
    browser.goto(&format!("{}#countdown", server.url()));
    browser.wait_until("the Countdown tab", "return !document.getElementById('countdown').hidden");
    assert!(is_disabled(&browser, "#cd-check"), "nothing to declare before a deal");

    // Two large numbers, seed 42, a 30-second clock: the game the API deals.
    browser.type_into("#cd-seed", "42");
    browser.click("input[name=cd-large][value='2']");
    browser.click("#cd-deal");
    browser.wait_for_text("#cd-info", "round 1", |t| t == "round 1 · seed 42 · 2 large");
    let game = post(&server, "deal", json!({"seed": 42, "large": 2}));
    assert_eq!(numbers(&browser), game["numbers"]);
    assert_eq!(browser.text("#cd-target"), game["target"].to_string());
    assert_eq!(browser.text("#cd-time"), "30");
    browser.screenshot("countdown-1-dealt");

    // A near answer scores what the server says, and counts for the round.
    let (a, b) = (&game["numbers"][4], &game["numbers"][5]);
    let near = format!("{a}*{b}");
    browser.type_into("#cd-answer", &format!("{near}{ENTER}"));
    let judged = post(&server, "answer", json!({"numbers": game["numbers"], "target": game["target"], "answer": near}));
    let shown = browser.wait_for_text("#cd-message", "a scored answer", |t| t.starts_with("ok:"));
    assert_eq!(shown, judged["message"].as_str().unwrap());
    assert_eq!(browser.text("#cd-round-points"), judged["round_points"].to_string());

    // A number the game does not have is wrong.
    browser.clear("#cd-answer");
    browser.type_into("#cd-answer", &format!("11*11{ENTER}"));
    browser.wait_for_text("#cd-message", "a wrong answer", |t| t.starts_with("wrong:"));

    // The best answer, exact here, wins the round's 10 points and shows the solutions.
    let best = post(&server, "show", json!({"numbers": game["numbers"], "target": game["target"]}));
    assert_eq!(best["exact"], true, "seed 42 with two large numbers can be made");
    let exact = best["best"][0]["solutions"][0].as_str().unwrap().to_owned();
    browser.clear("#cd-answer");
    browser.type_into("#cd-answer", &format!("{exact}{ENTER}"));
    browser.wait_for_text("#cd-message", "an exact answer", |t| t.ends_with(": 10 points"));
    browser.wait_for_text("#cd-points", "10 points", |t| t == "10");
    let summary = browser.wait_for_text("#cd-best", "the best answer", |t| t.starts_with("best:"));
    assert!(summary.starts_with(best["message"].as_str().unwrap()), "{summary}");
    assert!(is_disabled(&browser, "#cd-check"), "the round is over");
    browser.screenshot("countdown-2-exact");

    // The next round of the seed, with one large number: the API's round 2.
    // The clock runs out (the page's time is moved on), and the round ends
    // with no points and the best answer shown.
    browser.click("input[name=cd-large][value='1']");
    browser.click("#cd-deal");
    browser.wait_for_text("#cd-info", "round 2", |t| t == "round 2 · seed 42 · 1 large");
    let second = post(&server, "deal", json!({"seed": 42, "large": 1, "earlier": [2]}));
    assert_eq!(numbers(&browser), second["numbers"]);
    browser.script("const real = Date.now; Date.now = () => real() + 31000;");
    browser.wait_for_text("#cd-message", "time up", |t| t == "time is up: 0 points");
    browser.wait_for_text("#cd-best", "the best answer", |t| t.starts_with("best:"));
    assert_eq!(browser.text("#cd-rounds"), "2 rounds");
    assert_eq!(browser.text("#cd-time"), "0");
    browser.screenshot("countdown-3-time-up");
    assert!(browser.console_errors().is_empty(), "{:?}", browser.console_errors());
}
