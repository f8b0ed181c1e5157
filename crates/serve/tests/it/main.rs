//! Tests of `reckon serve` over real HTTP: the API without a browser, and
//! the page in headless Chromium.

mod api;
mod browser;
mod client;
mod hostile;
mod server;
mod webdriver;
