//! The page, embedded in the binary: one HTML file, its stylesheet and its
//! script, an entry module importing the modules under `js/`, with no build
//! step and nothing fetched from elsewhere.

/// One embedded file.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The file's bytes.
    pub body: &'static str,
    /// Its media type.
    pub content_type: &'static str,
}

/// Only this server's own files, and the inline SVG icon; no inline script
/// or style, no frames.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

const PAGE: Asset = Asset { body: include_str!("../assets/index.html"), content_type: "text/html; charset=utf-8" };

/// A JavaScript module of the page, served at its path under `assets`.
macro_rules! script {
    ($path:literal) => {
        (
            $path,
            Asset { body: include_str!(concat!("../assets", $path)), content_type: "text/javascript; charset=utf-8" },
        )
    };
}

/// Every file with its path.
pub const ALL: &[(&str, Asset)] = &[
    ("/", PAGE),
    ("/index.html", PAGE),
    ("/style.css", Asset { body: include_str!("../assets/style.css"), content_type: "text/css; charset=utf-8" }),
    script!("/app.js"),
    script!("/js/address.js"),
    script!("/js/api.js"),
    script!("/js/cards.js"),
    script!("/js/countdown.js"),
    script!("/js/dom.js"),
    script!("/js/duel.js"),
    script!("/js/numbers.js"),
    script!("/js/play.js"),
    script!("/js/round.js"),
    script!("/js/score.js"),
    script!("/js/settings.js"),
    script!("/js/solutions.js"),
    script!("/js/solve.js"),
    script!("/js/state.js"),
    script!("/js/tabs.js"),
];
