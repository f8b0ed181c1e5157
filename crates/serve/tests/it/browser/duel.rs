//! The Duel tab in the browser: a round won with an answer, a round lost
//! to the computer's clock, and the cards going to the taker.

use serde_json::{Value, json};

use super::one_browser_at_a_time;
use crate::server::TestServer;
use crate::webdriver::{Browser, ENTER, Scheme};

/// The cards on the table: the player's two, then the computer's.
fn table(browser: &Browser) -> Value {
    browser.script(
        "return [...document.querySelectorAll('#duel-yours .card, #duel-theirs .card')].map(c => Number(c.dataset.value))",
    )
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn plays_a_duel_won_and_lost() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Light);
    browser.resize(900, 1100);
    browser.goto(&format!("{}#duel", server.url()));
    browser.wait_until("the Duel tab", "return !document.getElementById('duel').hidden");

    // Seed 1 turns up what the API, and `reckon play --duel --seed 1`, do.
    browser.type_into("#duel-seed", "1");
    browser.click("#duel-new");
    browser.wait_for_text("#duel-player-pile", "the first round", |t| t == "18");
    let game = server.post("/api/duel/new", &json!({"seed": 1}).to_string()).json();
    assert_eq!(table(&browser), game["state"]["table"]);
    assert_eq!(browser.text("#duel-computer-pile"), "18");
    browser.wait_for_text("#duel-clock", "the computer's countdown", |t| t.ends_with('s') && t != "9.6s");
    browser.screenshot("duel-1-turned-up");

    // Won: a wrong answer first, then a right one; the four cards go to the player.
    browser.type_into("#duel-answer", &format!("1+2+4+6{ENTER}"));
    browser.wait_for_text("#duel-message", "a wrong answer", |t| t == "wrong: 1+2+4+6 = 13, not 24");
    browser.clear("#duel-answer");
    browser.type_into("#duel-answer", &format!("(2-1)*4*6{ENTER}"));
    browser.wait_for_text("#duel-message", "the round won", |t| t == "ok: (2-1)*4*6 = 24: you take 1 2 4 6");
    browser.wait_until(
        "the cards going to the player",
        "return document.querySelectorAll('.taken-by-player').length === 4",
    );
    assert_eq!(browser.text("#duel-result"), "1–0");
    browser.screenshot("duel-2-won");

    // The next round is turned up: the player's pile has the four at its bottom.
    browser.wait_for_text("#duel-player-pile", "round 2", |t| t == "20");
    assert_eq!(table(&browser), json!([3, 4, 7, 5]));
    assert_eq!(browser.text("#duel-computer-pile"), "16");

    // Lost: the page's clock moves past the computer's time, and it answers.
    browser.script("const real = Date.now; Date.now = () => real() + 60000;");
    let lost = browser.wait_for_text("#duel-message", "the computer's answer", |t| t.starts_with("computer"));
    assert_eq!(lost, "computer, after 5.3s: 4*3+7+5 = 24, and takes 3 4 5 7");
    assert_eq!(browser.text("#duel-result"), "1–1");
    let missed = browser.wait_for_text("#duel-missed", "the hand missed", |t| t.contains("round 2"));
    assert!(missed.contains("round 2, 3 4 7 5: 4*3+7+5 = 24"), "{missed}");
    browser.screenshot("duel-3-lost");
    assert!(browser.console_errors().is_empty(), "{:?}", browser.console_errors());
}
