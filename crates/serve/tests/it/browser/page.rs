//! The page around the play: cards of any number, drawn to fit and dimmed
//! as used; links that reopen a game or a hand, and the score kept across
//! visits, or for the visit alone without storage; the page on a phone, in
//! light and on a touch screen.

use serde_json::{Value, json};

use super::{
    Desktop, assert_score, dealt, desktop, dimmed, fits_sideways, intercept_fetch, is_disabled, one_browser_at_a_time,
    score, table, wait_for_round,
};
use crate::server::TestServer;
use crate::webdriver::{Browser, ENTER, Scheme};

#[test]
#[ignore = "needs Chromium and chromedriver on PATH; run with --include-ignored"]
fn dims_negative_and_fractional_cards_and_fits_long_ones() {
    let Desktop { _one, server, browser } = desktop();
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
    let Desktop { _one, server, browser } = desktop();
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
    let badge = "return document.querySelector('#solve-summary .difficulty-badge').textContent";
    assert_eq!(browser.script(badge), json!("easy"), "rated as reckon --rate rates it");
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
