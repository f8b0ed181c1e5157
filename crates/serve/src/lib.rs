//! reckon in the browser: an HTTP server with one page to play and solve,
//! and the small JSON API the page runs on.
//!
//! Why a crate of its own: most people who play the 24 game never open a
//! terminal, and a page served by reckon itself needs nothing but a
//! browser. The server is a front end like the command line: the game
//! comes from reckon-play, the listings from reckon-canonical, the engine
//! from reckon-core, and the page holds no game or solver logic, only
//! presentation. Keeping it apart from reckon-cli keeps the HTTP
//! dependencies out of the rest of the binary's code and lets the API be
//! tested without the command line.
//!
//! The server binds to loopback by default, and is safe to open to the
//! internet: it runs on hyper and tokio, every connection and request is
//! bounded (header and body size, time to send them, connections open at
//! once, cards, solutions listed, computing time), and the searches run in
//! a bounded pool apart from the threads that serve the page, so the page
//! answers at once whatever the searches are doing. See [`Config`].
//!
//! ```no_run
//! use reckon_serve::{Config, Server};
//! let config = Config { stop_on_ctrl_c: true, ..Config::default() };
//! let server = Server::start(config).expect("port 8024 is free");
//! println!("reckon is at {}", server.url());
//! server.wait();
//! ```

mod api;
mod assets;
mod compute;
mod countdown;
mod duel;
mod error;
mod json;
mod routes;
mod server;
mod solve;

pub use api::{
    DEFAULT_SOLUTIONS, MAX_ANSWER, MAX_LARGE_CARDS, MAX_REACH_SPAN, MAX_ROUND, MAX_SMALL_CARDS, MAX_SOLUTIONS, SMALL,
};
pub use server::{Config, Server, StartError};

/// Opens `url` in the desktop's browser, without waiting for it.
pub fn open_in_browser(url: &str) -> std::io::Result<()> {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(drop)
}
