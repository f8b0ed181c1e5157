//! The page in a real browser: headless Chromium driven over WebDriver
//! (Debian's `chromium` and `chromium-driver`), against a server on a
//! loopback port. The W3C WebDriver protocol is plain JSON over HTTP, so the
//! test speaks it with the same small client as the API tests rather than
//! pulling an async runtime into the build.
//!
//! Each screen is saved as a PNG under the target directory's
//! `tmp/screenshots`, to be looked at. Without Chromium the test is skipped
//! with a message, except in CI (`CI` set), where it fails.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use crate::client;
use crate::server::TestServer;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Keeps Chromium from reaching for the network (the machine has none) and
/// from touching any profile but a fresh one.
const CHROMIUM_ARGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// WebDriver's key code for Enter.
const ENTER: &str = "\u{E007}";

/// The key under which WebDriver returns an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A chromedriver process and one browser session, both ended on drop.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    _profile: TempDir,
}

/// A directory removed on drop.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    fn start() -> Browser {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start listening on {addr}");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = TempDir(
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-profile-{}-{port}", std::process::id())),
        );
        let mut args: Vec<String> = CHROMIUM_ARGS.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.0.display()));
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
            "goog:loggingPrefs": { "browser": "ALL" },
        }}});
        let mut browser = Browser { driver, addr, session: String::new(), _profile: profile };
        let reply = browser.call("POST", "/session", capabilities);
        browser.session = reply["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {reply}")).to_owned();
        browser
    }

    /// One WebDriver command; returns its `value`.
    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let body = if method == "GET" || method == "DELETE" { String::new() } else { body.to_string() };
        let reply = client::request(self.addr, method, path, &body);
        let json = reply.json();
        assert!(reply.status == 200, "WebDriver {method} {path}: {} {}", reply.status, reply.body);
        json["value"].clone()
    }

    fn session(&self, method: &str, path: &str, body: Value) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn goto(&self, url: &str) {
        self.session("POST", "/url", json!({ "url": url }));
    }

    fn resize(&self, width: u32, height: u32) {
        self.session("POST", "/window/rect", json!({ "width": width, "height": height }));
    }

    fn find(&self, css: &str) -> String {
        let found = self.session("POST", "/element", json!({ "using": "css selector", "value": css }));
        found[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_owned()
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/click"), json!({}));
    }

    fn clear(&self, css: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/clear"), json!({}));
    }

    /// Types `keys` into the element, as a person would.
    fn type_into(&self, css: &str, keys: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/value"), json!({ "text": keys }));
    }

    fn text(&self, css: &str) -> String {
        let id = self.find(css);
        self.session("GET", &format!("/element/{id}/text"), Value::Null).as_str().unwrap_or_default().to_owned()
    }

    fn script(&self, script: &str) -> Value {
        self.session("POST", "/execute/sync", json!({ "script": script, "args": [] }))
    }

    /// Waits until the text of `css` satisfies `ok`; returns the text.
    fn wait_for_text(&self, css: &str, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let text = self.text(css);
            if ok(&text) {
                return text;
            }
            assert!(Instant::now() < deadline, "{css} never showed {what}; it shows {text:?}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Saves the viewport as `dir/name.png`, once the deal animation is over.
    fn screenshot(&self, dir: &Path, name: &str) {
        std::thread::sleep(Duration::from_millis(900));
        let png = self.session("GET", "/screenshot", Value::Null);
        let bytes = base64::engine::general_purpose::STANDARD.decode(png.as_str().unwrap_or_default()).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, bytes).unwrap();
        eprintln!("screenshot: {}", path.display());
    }

    /// The page's console messages at level SEVERE (errors).
    fn console_errors(&self) -> Vec<String> {
        let logs = self.session("POST", "/se/log", json!({ "type": "browser" }));
        logs.as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].as_str().unwrap_or_default().to_owned())
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = client::request(self.addr, "DELETE", &format!("/session/{}", self.session), "");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Is Chromium here? If not, skip, loudly; in CI, fail.
fn chromium_present() -> bool {
    let present = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !present {
        assert!(
            std::env::var_os("CI").is_none(),
            "{CHROMIUM} and {CHROMEDRIVER} are missing; .ci/run installs them (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "SKIPPED: the browser test needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
    }
    present
}

#[test]
fn plays_and_solves_in_a_browser() {
    if !chromium_present() {
        return;
    }
    let server = TestServer::start();
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let browser = Browser::start();
    browser.resize(900, 1000);
    browser.goto(&server.url());

    // Deal with a seed, through the settings.
    browser.click("#settings-box summary");
    browser.clear("#set-seed");
    browser.type_into("#set-seed", "5");
    browser.click("#new-game");
    browser.wait_for_text("#round-info", "seed 5", |t| t.contains("seed 5"));
    let cards =
        browser.script("return [...document.querySelectorAll('#cards .card')].map(c => Number(c.dataset.value))");
    let dealt = server.post("/api/deal", r#"{"seed":5}"#).json();
    assert_eq!(cards, dealt["cards"], "the page shows the hand the seed deals");
    assert_eq!(browser.text("#score"), "0");
    browser.screenshot(&shots, "1-play");

    // A wrong answer gets the message `reckon check` would print.
    let wrong = "1+2+3";
    browser.type_into("#answer", &format!("{wrong}{ENTER}"));
    let expected =
        server.post("/api/judge", &json!({ "answer": wrong, "cards": cards }).to_string()).json()["message"].clone();
    let shown = browser.wait_for_text("#message", "a wrong verdict", |t| t.starts_with("wrong:"));
    assert_eq!(shown, expected.as_str().unwrap());
    assert_eq!(browser.text("#score"), "0");
    let used = browser.script("return document.querySelectorAll('#cards .card.used').length");
    assert_eq!(used, json!(2), "the cards 2 and 3 of 2 3 8 9 are dimmed as used");
    browser.screenshot(&shots, "2-wrong-answer");

    // Text that is no expression: the part at fault is underlined.
    browser.clear("#answer");
    browser.type_into("#answer", &format!("(8-2)*(9-3{ENTER}"));
    browser.wait_for_text("#message", "a parse error", |t| t.starts_with("error: unbalanced bracket"));
    assert_eq!(browser.text("#message mark"), "(");
    browser.screenshot(&shots, "3-not-an-expression");

    // Keyboard commands, as in `reckon play`: `hint` typed as an answer.
    browser.clear("#answer");
    browser.type_into("#answer", &format!("hint{ENTER}"));
    let hint = server.post("/api/hint", &json!({ "cards": cards }).to_string()).json()["message"].clone();
    browser.wait_for_text("#message", "a hint", |t| t == hint.as_str().unwrap());

    // A right answer wins the round and the score goes up.
    let solution = server.post("/api/show", &json!({ "cards": cards }).to_string()).json()["solution"].clone();
    let solution = solution.as_str().expect("seed 5 deals a solvable hand");
    browser.clear("#answer");
    browser.type_into("#answer", &format!("{solution}{ENTER}"));
    let shown = browser.wait_for_text("#message", "an ok verdict", |t| t.starts_with("ok:"));
    assert_eq!(shown, format!("ok: {solution} = 24"));
    browser.wait_for_text("#score", "a score of 1", |t| t == "1");
    assert_eq!(browser.text("#streak"), "1");
    browser.screenshot(&shots, "4-right-answer");

    // Enter again deals the next hand of the seed, keyboard alone.
    browser.type_into("#answer", ENTER);
    browser.wait_for_text("#round-info", "round 2", |t| t.starts_with("round 2 "));
    let next =
        browser.script("return [...document.querySelectorAll('#cards .card')].map(c => Number(c.dataset.value))");
    assert_eq!(next, server.post("/api/deal", r#"{"seed":5,"round":2}"#).json()["cards"]);
    assert_eq!(browser.text("#score-detail"), "of 1 round");

    // Solve 3 3 8 8: the one distinct solution, fraction-only.
    browser.click("#tab-solve");
    browser.type_into("#solve-cards", &format!("3 3 8 8{ENTER}"));
    let listed = browser.wait_for_text("#solutions", "8/(3-8/3)", |t| t.contains("8/(3-8/3)"));
    assert_eq!(listed, "8/(3-8/3) = 24");
    let summary = browser.text("#solve-summary");
    assert!(summary.contains("distinct solution") && summary.contains("FRACTION-ONLY"), "{summary}");
    browser.screenshot(&shots, "5-solve");

    // The same game on a phone-sized screen.
    browser.resize(390, 844);
    browser.click("#tab-play");
    browser.screenshot(&shots, "6-phone-play");
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth";
    assert_eq!(browser.script(fits), Value::Bool(true), "nothing sticks out sideways on a phone");
    browser.click("#tab-solve");
    browser.screenshot(&shots, "7-phone-solve");
    assert_eq!(browser.script(fits), Value::Bool(true), "nothing sticks out sideways on a phone");

    assert_eq!(browser.console_errors(), Vec::<String>::new(), "no console errors");
}
