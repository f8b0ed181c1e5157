//! Headless Chromium driven over WebDriver (`chromedriver`), for the
//! browser tests. The W3C WebDriver protocol is plain JSON over HTTP, so it
//! is spoken with the same small client as the API tests rather than
//! pulling an async runtime into the build. Everything listens on loopback
//! only, and every wait has a deadline.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use crate::client;

/// The names Chromium goes by on PATH, in the order they are tried.
const CHROMIUM_NAMES: &[&str] = &["chromium", "chromium-browser", "google-chrome"];

/// Keeps Chromium from reaching for the network and from touching any
/// profile but a fresh one.
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

/// How long any one wait for the page lasts.
const WAIT: Duration = Duration::from_secs(15);

/// WebDriver's key code for Enter.
pub const ENTER: &str = "\u{E007}";

/// The key under which WebDriver returns an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// The colour scheme the browser reports to the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Dark,
    Light,
}

/// An executable file named `name` in a directory on PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|file| is_executable(file))
}

#[cfg(unix)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(file: &Path) -> bool {
    file.is_file()
}

/// Chromium and chromedriver from PATH; a test that needs them and runs
/// without them fails, saying what to install.
fn chromium_and_driver() -> (PathBuf, PathBuf) {
    let chromium = CHROMIUM_NAMES.iter().find_map(|name| on_path(name));
    let driver = on_path("chromedriver");
    match (chromium, driver) {
        (Some(chromium), Some(driver)) => (chromium, driver),
        (chromium, driver) => panic!(
            "the browser tests need Chromium ({}) and chromedriver on PATH; found {} and {}. \
             On Debian: apt-get install chromium chromium-driver",
            CHROMIUM_NAMES.join(", "),
            chromium.map_or("no Chromium".to_owned(), |p| p.display().to_string()),
            driver.map_or("no chromedriver".to_owned(), |p| p.display().to_string()),
        ),
    }
}

/// A directory removed on drop.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A chromedriver process and one browser session, both ended on drop.
pub struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    shots: PathBuf,
    _profile: TempDir,
}

impl Browser {
    /// A desktop browser whose pages see `scheme` as the system's colour
    /// scheme.
    pub fn start(scheme: Scheme) -> Browser {
        Browser::launch(scheme, false)
    }

    /// A phone 390 pixels wide with a touch screen (a coarse pointer).
    pub fn start_touch() -> Browser {
        Browser::launch(Scheme::Dark, true)
    }

    fn launch(scheme: Scheme, touch: bool) -> Browser {
        let (chromium, chromedriver) = chromium_and_driver();
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start: {e}", chromedriver.display()));
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let profile = TempDir(tmp.join(format!("chromium-profile-{}-{port}", std::process::id())));
        let shots = tmp.join("screenshots");
        std::fs::create_dir_all(&shots).unwrap();
        let mut browser = Browser { driver, addr, session: String::new(), shots, _profile: profile };
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start listening on {addr}");
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut args: Vec<String> = CHROMIUM_ARGS.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", browser._profile.0.display()));
        // Blink's preferred colour scheme: 0 is dark, 1 is light.
        args.push(format!("--blink-settings=preferredColorScheme={}", if scheme == Scheme::Dark { 0 } else { 1 }));
        let mut options = json!({ "binary": chromium, "args": args });
        if touch {
            options["mobileEmulation"] =
                json!({ "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 3.0, "touch": true } });
        }
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "timeouts": { "script": 15_000, "pageLoad": 15_000, "implicit": 0 },
            "goog:chromeOptions": options,
            "goog:loggingPrefs": { "browser": "ALL" },
        }}});
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

    /// Runs `script` in every page from the next one on, before the page's
    /// own scripts (through chromedriver's door to the DevTools protocol).
    pub fn before_each_page(&self, script: &str) {
        let command = json!({ "cmd": "Page.addScriptToEvaluateOnNewDocument", "params": { "source": script } });
        self.session("POST", "/goog/cdp/execute", command);
    }

    pub fn goto(&self, url: &str) {
        self.session("POST", "/url", json!({ "url": url }));
    }

    pub fn refresh(&self) {
        self.session("POST", "/refresh", json!({}));
    }

    pub fn resize(&self, width: u32, height: u32) {
        self.session("POST", "/window/rect", json!({ "width": width, "height": height }));
    }

    pub fn find(&self, css: &str) -> String {
        let found = self.session("POST", "/element", json!({ "using": "css selector", "value": css }));
        found[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_owned()
    }

    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/click"), json!({}));
    }

    /// Two clicks in quick succession, as a double click of the mouse.
    pub fn double_click(&self, css: &str) {
        let id = self.find(css);
        let origin = json!({ (ELEMENT): id });
        let actions = json!({ "actions": [{
            "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" },
            "actions": [
                { "type": "pointerMove", "origin": origin, "x": 0, "y": 0, "duration": 0 },
                { "type": "pointerDown", "button": 0 }, { "type": "pointerUp", "button": 0 },
                { "type": "pointerDown", "button": 0 }, { "type": "pointerUp", "button": 0 },
            ],
        }]});
        self.session("POST", "/actions", actions);
        self.session("DELETE", "/actions", Value::Null);
    }

    /// Presses and releases `key` wherever the keyboard focus is.
    pub fn press(&self, key: &str) {
        let actions = json!({ "actions": [{
            "type": "key", "id": "keyboard",
            "actions": [{ "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }],
        }]});
        self.session("POST", "/actions", actions);
        self.session("DELETE", "/actions", Value::Null);
    }

    pub fn clear(&self, css: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/clear"), json!({}));
    }

    /// Types `keys` into the element, as a person would.
    pub fn type_into(&self, css: &str, keys: &str) {
        let id = self.find(css);
        self.session("POST", &format!("/element/{id}/value"), json!({ "text": keys }));
    }

    pub fn text(&self, css: &str) -> String {
        let id = self.find(css);
        self.session("GET", &format!("/element/{id}/text"), Value::Null).as_str().unwrap_or_default().to_owned()
    }

    /// Runs `script` in the page (a function body; `arguments` are `args`).
    pub fn script_with(&self, script: &str, args: Value) -> Value {
        self.session("POST", "/execute/sync", json!({ "script": script, "args": args }))
    }

    pub fn script(&self, script: &str) -> Value {
        self.script_with(script, json!([]))
    }

    /// Waits until `script` returns true.
    pub fn wait_until(&self, what: &str, script: &str) {
        let deadline = Instant::now() + WAIT;
        while self.script(script) != Value::Bool(true) {
            assert!(Instant::now() < deadline, "the page never came to {what} ({script})");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the text of `css` satisfies `ok`; returns the text.
    pub fn wait_for_text(&self, css: &str, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let text = self.text(css);
            if ok(&text) {
                return text;
            }
            assert!(Instant::now() < deadline, "{css} never showed {what}; it shows {text:?}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Saves the viewport as `name.png` under the target directory's
    /// `tmp/screenshots`, once the deal animation is over.
    pub fn screenshot(&self, name: &str) {
        std::thread::sleep(Duration::from_millis(900));
        let png = self.session("GET", "/screenshot", Value::Null);
        let bytes = base64::engine::general_purpose::STANDARD.decode(png.as_str().unwrap_or_default()).unwrap();
        let path = self.shots.join(format!("{name}.png"));
        std::fs::write(&path, bytes).unwrap();
        eprintln!("screenshot: {}", path.display());
    }

    /// The page's console messages at level SEVERE (errors).
    pub fn console_errors(&self) -> Vec<String> {
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
