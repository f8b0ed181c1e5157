//! The page, embedded in the binary: one HTML file, its stylesheet and its
//! script, with no build step and nothing fetched from elsewhere.

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

/// Every file with its path.
pub const ALL: &[(&str, Asset)] = &[
    ("/", PAGE),
    ("/index.html", PAGE),
    ("/style.css", Asset { body: include_str!("../assets/style.css"), content_type: "text/css; charset=utf-8" }),
    ("/app.js", Asset { body: include_str!("../assets/app.js"), content_type: "text/javascript; charset=utf-8" }),
];
