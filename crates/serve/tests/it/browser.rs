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

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{Value, json};

use crate::server::TestServer;
use crate::webdriver::{Browser, ENTER, Scheme};

/// One browser at a time: each is a handful of processes, and the tests'
/// timings should not depend on how many others run beside them.
fn one_browser_at_a_time() -> MutexGuard<'static, ()> {
    static BROWSER: Mutex<()> = Mutex::new(());
    BROWSER.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn plays_rounds_with_the_buttons_and_the_keys() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.resize(900, 1000);
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

    // H and S outside the text box: a hint, then the solution.
    leave_the_answer_box(&browser);
    browser.press("h");
    let hint = expected(&server, "hint", &cards);
    browser.wait_for_text("#message", "a hint", |t| t == hint);
    browser.press("s");
    let show = expected(&server, "show", &cards);
    browser.wait_for_text("#message", "the solution", |t| t == show);
    assert_score(&browser, 1, 2, 0);
    assert!(is_disabled(&browser, "#hint") && is_disabled(&browser, "#show") && is_disabled(&browser, "#pass"));

    // N deals; the Hint and No solution buttons on a solvable hand.
    browser.press("n");
    wait_for_round(&browser, 3);
    let cards = table(&browser);
    browser.click("#hint");
    let hint = expected(&server, "hint", &cards);
    browser.wait_for_text("#message", "a hint", |t| t == hint);
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
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.resize(900, 1000);
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
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.resize(900, 1000);
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

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn dims_negative_and_fractional_cards_and_fits_long_ones() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.resize(900, 1000);
    browser.goto(&server.url());
    wait_for_round(&browser, 1);

    // The dealer deals whole numbers only; a hand of fractions, negatives
    // and a number of 19 digits is put on the table in its place.
    let hand = json!(["7/2", -3, 2, "1000000000000000003"]);
    let fake = json!({ "cards": hand, "target": "24", "seed": 7, "round": 2 });
    intercept_fetch(&browser, json!({}), json!({ "deal": fake }));
    browser.click("#next");
    wait_for_round(&browser, 2);

    for (answer, used) in [
        ("7/2*(-3)", json!(["7/2", "-3"])),
        ("-3+2", json!(["-3", "2"])),
        ("2-3", json!(["2"])),
        ("7/2*2", json!(["7/2", "2"])),
        ("(7/2)÷(−3)−1000000000000000003", json!(["7/2", "-3", "1000000000000000003"])),
        ("0.5*4", json!([])),
    ] {
        browser.clear("#answer");
        browser.type_into("#answer", answer);
        assert_eq!(dimmed(&browser), used, "cards used by {answer}");
    }

    // Clicking a fraction or a negative card writes it in brackets.
    browser.clear("#answer");
    browser.click("#cards .card:nth-child(1)");
    browser.click("#cards .card:nth-child(2)");
    assert_eq!(browser.script("return document.getElementById('answer').value"), json!("(7/2)(-3)"));
    assert_eq!(dimmed(&browser), json!(["7/2", "-3"]));

    // Every number stays inside its card, on a desktop and on a phone.
    let inside = "return [...document.querySelectorAll('#cards .card')].every((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll('span')].every((part) => {
          const text = document.createRange();
          text.selectNodeContents(part);
          const r = text.getBoundingClientRect();
          return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
        });
      })";
    browser.clear("#answer");
    browser.screenshot("desktop-dark-5-long-cards");
    assert_eq!(browser.script(inside), Value::Bool(true), "numbers fit their cards");
    browser.resize(390, 844);
    browser.screenshot("phone-dark-5-long-cards");
    assert_eq!(browser.script(inside), Value::Bool(true), "numbers fit their cards on a phone");
    assert!(fits_sideways(&browser), "nothing sticks out sideways on a phone");

    // The corner index reads upright.
    let rotated =
        "return [...document.querySelectorAll('#cards .corner')].some((c) => getComputedStyle(c).transform !== 'none')";
    assert_eq!(browser.script(rotated), Value::Bool(false));

    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn links_reopen_the_game_and_the_hand_and_the_score_stays() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.resize(900, 1000);
    let search = "return location.search";

    // ?seed=&round= opens that hand of that game; the address follows the rounds.
    browser.goto(&format!("{}?seed=5&round=3", server.url()));
    wait_for_round(&browser, 3);
    assert_eq!(browser.text("#round-info"), "round 3 · seed 5");
    assert_eq!(table(&browser), dealt(&server, 5, 3));
    browser.click("#next");
    wait_for_round(&browser, 4);
    assert_eq!(browser.script(search), json!("?seed=5&round=4"));
    assert_score(&browser, 0, 1, 0);

    // Settings unlike the defaults travel in the address too.
    browser.click("#settings-box summary");
    browser.clear("#set-seed");
    browser.type_into("#set-seed", "9");
    browser.clear("#set-target");
    browser.type_into("#set-target", "10");
    browser.click("#new-game");
    browser.wait_for_text("#round-info", "seed 9", |t| t == "round 1 · seed 9");
    assert_eq!(browser.script(search), json!("?seed=9&round=1&target=10"));
    let ten = server.post("/api/deal", r#"{"seed":9,"target":10}"#).json()["cards"].clone();
    assert_eq!(table(&browser), ten);

    // The score survives a reload, and a round is counted once.
    let solution = server.post("/api/show", &json!({ "cards": ten, "target": 10 }).to_string()).json();
    if let Some(solution) = solution["solution"].as_str() {
        browser.type_into("#answer", &format!("{solution}{ENTER}"));
        browser.wait_for_text("#message", "an ok verdict", |t| t.starts_with("ok:"));
    } else {
        browser.click("#pass");
        browser.wait_for_text("#message", "a verdict", |t| t.starts_with("right:"));
    }
    assert_score(&browser, 1, 1, 1);
    browser.refresh();
    wait_for_round(&browser, 1);
    assert_eq!(browser.text("#target"), "10");
    assert_score(&browser, 1, 1, 1);
    browser.click("#show");
    browser.wait_for_text("#message", "the solution", |t| t.starts_with("solution:") || t.starts_with("no solution"));
    assert_score(&browser, 1, 1, 1);
    browser.click("#next");
    wait_for_round(&browser, 2);
    browser.refresh();
    wait_for_round(&browser, 2);
    assert_eq!(browser.text("#best"), "best 1");

    // ?hand= opens the solver on that hand.
    browser.goto(&format!("{}?hand=3,3,8,8", server.url()));
    browser.wait_for_text("#solutions", "8/(3-8/3)", |t| t == "8/(3-8/3) = 24");
    assert_eq!(browser.script("return document.getElementById('solve').hidden"), json!(false));
    assert_eq!(browser.script("return document.getElementById('solve-cards').value"), json!("3 3 8 8"));
    browser.goto(&format!("{}?hand=1,2,3,4&target=10", server.url()));
    let all = server.post("/api/solve", r#"{"cards":[1,2,3,4],"target":10,"mode":"all"}"#).json();
    let count = all["count"].as_u64().unwrap();
    browser.wait_for_text("#solve-summary", "the count", |t| t.contains("distinct"));
    assert_eq!(browser.text("#solve-summary .count"), count.to_string());
    assert_eq!(browser.script(search), json!("?hand=1,2,3,4&target=10"));
    browser.screenshot("desktop-dark-6-hand-link");

    // The solver does not give away the hand being played.
    browser.goto(&format!("{}?seed=5", server.url()));
    wait_for_round(&browser, 1);
    browser.click("#tab-solve");
    browser.clear("#solve-cards");
    browser.type_into("#solve-cards", &format!("9 8 3 2{ENTER}"));
    browser.wait_until("the question", "return !document.getElementById('solve-confirm').hidden");
    assert_eq!(browser.text("#solutions"), "");
    browser.screenshot("desktop-dark-7-solve-asks");
    browser.click("#solve-back");
    assert_eq!(browser.script("return document.getElementById('play').hidden"), json!(false));
    assert!(!is_disabled(&browser, "#hint"), "the round goes on");
    let (_, rounds_before, _) = score(&browser);
    browser.click("#tab-solve");
    browser.click("#solve-go");
    browser.wait_until("the question", "return !document.getElementById('solve-confirm').hidden");
    browser.click("#solve-anyway");
    browser.wait_for_text("#solutions", "the solutions", |t| t.contains("= 24"));
    browser.click("#tab-play");
    assert!(is_disabled(&browser, "#hint"), "the round is over");
    assert_ne!(score(&browser).1, rounds_before, "and counted");

    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn looks_right_on_a_phone_and_in_light() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    for scheme in [Scheme::Dark, Scheme::Light] {
        let name = if scheme == Scheme::Dark { "dark" } else { "light" };
        let browser = Browser::start(scheme);
        let light = browser.script("return matchMedia('(prefers-color-scheme: light)').matches");
        assert_eq!(light, Value::Bool(scheme == Scheme::Light), "the browser reports the {name} scheme");
        let ink = "return getComputedStyle(document.body).color";
        browser.resize(900, 1000);
        browser.goto(&format!("{}?seed=5", server.url()));
        wait_for_round(&browser, 1);
        let colour = browser.script(ink);
        let expected_ink = if scheme == Scheme::Dark { "rgb(253, 248, 236)" } else { "rgb(29, 42, 36)" };
        assert_eq!(colour, json!(expected_ink), "{name} text");
        browser.type_into("#answer", &format!("9-3+2*8{ENTER}"));
        browser.wait_for_text("#message", "a verdict", |t| t.starts_with("wrong:"));
        browser.screenshot(&format!("desktop-{name}-play"));

        browser.resize(390, 844);
        assert_eq!(browser.script("return window.innerWidth"), json!(390));
        browser.screenshot(&format!("phone-{name}-play"));
        assert!(fits_sideways(&browser), "nothing sticks out sideways on a phone");
        browser.click("#show");
        browser.wait_for_text("#see-all", "the count of solutions", |t| t.starts_with("See "));
        browser.click("#see-all");
        browser.wait_for_text("#play-solutions", "the solutions", |t| !t.is_empty());
        browser.screenshot(&format!("phone-{name}-solutions"));
        assert!(fits_sideways(&browser), "nothing sticks out sideways on a phone");
        browser.click("#tab-solve");
        browser.type_into("#solve-cards", &format!("3 3 8 8{ENTER}"));
        browser.wait_for_text("#solutions", "8/(3-8/3)", |t| t.contains("8/(3-8/3)"));
        browser.screenshot(&format!("phone-{name}-solve"));
        assert!(fits_sideways(&browser), "nothing sticks out sideways on a phone");
        assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
    }
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn on_a_touch_screen_the_cards_and_keypad_are_the_input() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start_touch();
    assert_eq!(browser.script("return matchMedia('(pointer: coarse)').matches"), Value::Bool(true));
    browser.goto(&format!("{}?seed=5", server.url()));
    wait_for_round(&browser, 1);
    let answer = "return [document.getElementById('answer').inputMode, document.activeElement.id]";
    assert_eq!(browser.script(answer), json!(["none", ""]), "no soft keyboard, no focus on a deal");
    browser.click("#next");
    wait_for_round(&browser, 2);
    assert_ne!(browser.script("return document.activeElement.id"), json!("answer"), "no focus on a deal");
    let cards = table(&browser);
    browser.click("#cards .card:nth-child(1)");
    browser.click(".key[aria-label=plus]");
    browser.click("#cards .card:nth-child(2)");
    assert_eq!(
        browser.script("return document.getElementById('answer').value"),
        json!(format!("{}+{}", cards[0], cards[1]))
    );
    browser.screenshot("phone-touch-play");
    assert!(fits_sideways(&browser), "nothing sticks out sideways on a phone");
    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn plays_without_local_storage() {
    let _one = one_browser_at_a_time();
    let server = TestServer::start();
    let browser = Browser::start(Scheme::Dark);
    browser.before_each_page(
        "Object.defineProperty(window, 'localStorage', {
           get() { throw new DOMException('storage is off', 'SecurityError'); },
         });",
    );
    browser.goto(&format!("{}?seed=5", server.url()));
    wait_for_round(&browser, 1);
    assert_eq!(browser.script("try { localStorage; return false } catch (e) { return true }"), Value::Bool(true));
    let cards = table(&browser);
    let solution = server.post("/api/show", &json!({ "cards": cards }).to_string()).json()["solution"].clone();
    browser.type_into("#answer", &format!("{}{ENTER}", solution.as_str().unwrap()));
    browser.wait_for_text("#message", "an ok verdict", |t| t.starts_with("ok:"));
    assert_score(&browser, 1, 1, 1);
    browser.click("#next");
    wait_for_round(&browser, 2);
    assert_score(&browser, 1, 1, 1);
    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}
