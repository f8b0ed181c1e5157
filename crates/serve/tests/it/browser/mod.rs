//! The page in a real browser: headless Chromium over WebDriver, against a
//! server on a loopback port.
//!
//! These tests need Chromium (`chromium`, `chromium-browser` or
//! `google-chrome`) and `chromedriver` on PATH, so they are ignored by a
//! plain `cargo test`; run them with
//! `cargo test -p reckon-serve --test it -- --ignored browser`. Run so, they
//! fail, never pass, when the browser is missing.
//!
//! Screens are saved as PNGs under the target directory's
//! `tmp/screenshots`, to be looked at.
//!
//! [`play`] plays rounds, [`countdown`] the Countdown tab, [`duel`] the
//! Duel tab, and [`page`]
//! tries the rest of the page: cards of
//! any number, links and the kept score, phones, light and touch screens.

mod countdown;
mod duel;
mod page;
mod play;

use std::sync::{Mutex, MutexGuard};

use serde_json::{Value, json};

use crate::server::TestServer;
use crate::webdriver::{Browser, Scheme};

/// One browser at a time: each is a handful of processes, and the tests'
/// timings should not depend on how many others run beside them.
fn one_browser_at_a_time() -> MutexGuard<'static, ()> {
    static BROWSER: Mutex<()> = Mutex::new(());
    BROWSER.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Where most tests start: the one browser, a server of their own, and a
/// desktop-sized window in the dark scheme. Bound in this order
/// (`let Desktop { _one, server, browser } = desktop();`), the browser
/// closes before the next test may open one.
struct Desktop {
    _one: MutexGuard<'static, ()>,
    server: TestServer,
    browser: Browser,
}

fn desktop() -> Desktop {
    let one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.resize(900, 1000);
    Desktop { _one: one, server, browser }
}

/// The cards on the table, as the page shows them.
fn table(browser: &Browser) -> Value {
    browser.script("return [...document.querySelectorAll('#cards .card')].map(c => Number(c.dataset.value))")
}

/// The cards the typed answer has dimmed as used.
fn dimmed(browser: &Browser) -> Value {
    browser.script("return [...document.querySelectorAll('#cards .card.used')].map(c => c.dataset.value)")
}

fn dealt(server: &TestServer, seed: u64, round: u32) -> Value {
    server.post("/api/deal", &json!({ "seed": seed, "round": round }).to_string()).json()["cards"].clone()
}

/// The `message` of the server's answer to `endpoint` for `cards`.
fn expected(server: &TestServer, endpoint: &str, cards: &Value) -> String {
    let reply = server.post(&format!("/api/{endpoint}"), &json!({ "cards": cards }).to_string()).json();
    reply["message"].as_str().unwrap_or_else(|| panic!("{endpoint}: {reply}")).to_owned()
}

/// The `message` of the server's hint number `step` for `cards`.
fn expected_hint(server: &TestServer, cards: &Value, step: u32) -> String {
    let reply = server.post("/api/hint", &json!({ "cards": cards, "step": step }).to_string()).json();
    reply["message"].as_str().unwrap_or_else(|| panic!("hint {step}: {reply}")).to_owned()
}

fn wait_for_round(browser: &Browser, round: u32) {
    browser.wait_for_text("#round-info", &format!("round {round}"), |t| t.starts_with(&format!("round {round} ")));
}

/// Takes the keyboard away from the answer box, so that single keys are
/// commands.
fn leave_the_answer_box(browser: &Browser) {
    browser.script("document.activeElement.blur()");
}

fn score(browser: &Browser) -> (String, String, String) {
    (browser.text("#score"), browser.text("#score-detail"), browser.text("#streak"))
}

fn assert_score(browser: &Browser, won: u32, rounds: u32, streak: u32) {
    let detail = if rounds == 1 { "of 1 round".to_owned() } else { format!("of {rounds} rounds") };
    browser.wait_for_text("#score-detail", &detail, |t| t == detail);
    assert_eq!(score(browser), (won.to_string(), detail, streak.to_string()));
}

/// Holds back the page's replies from the API by `delays` (milliseconds
/// by endpoint name), and answers endpoints named in `fakes` with the
/// reply given there instead of asking the server.
fn intercept_fetch(browser: &Browser, delays: Value, fakes: Value) {
    browser.script_with(
        "const [delays, fakes] = arguments;
         window.originalFetch = window.originalFetch || window.fetch;
         const original = window.originalFetch;
         const later = (value, ms) => new Promise((resolve) => setTimeout(() => resolve(value), ms || 0));
         window.fetch = (url, init) => {
           const name = String(url).replace(/^.*\\/api\\//, '');
           if (fakes[name]) {
             const body = JSON.stringify(fakes[name]);
             return later(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }), delays[name]);
           }
           return original(url, init).then((reply) => later(reply, delays[name]));
         };",
        json!([delays, fakes]),
    );
}

/// Records every text the message box shows, in `window.messages`.
fn record_messages(browser: &Browser) {
    browser.script(
        "window.messages = [];
         const box = document.getElementById('message');
         new MutationObserver(() => window.messages.push(box.textContent))
           .observe(box, { childList: true, subtree: true, characterData: true });",
    );
}

fn recorded_messages(browser: &Browser) -> Vec<String> {
    let messages = browser.script("return window.messages");
    messages.as_array().unwrap().iter().map(|m| m.as_str().unwrap_or_default().to_owned()).collect()
}

fn is_disabled(browser: &Browser, css: &str) -> bool {
    browser.script(&format!("return document.querySelector('{css}').disabled")) == Value::Bool(true)
}

/// Does the page fit its window's width, with no sideways scrolling?
fn fits_sideways(browser: &Browser) -> bool {
    browser.script("return document.documentElement.scrollWidth <= window.innerWidth") == Value::Bool(true)
}
