//! The HTTP layer: a small synchronous server (tiny_http) with a few
//! handler threads, routing to the embedded page and the API.
//!
//! Synchronous because every request is a short computation and the
//! expected load is one person with a browser: threads are simpler than an
//! async runtime and need no extra crates. The long computations are
//! bounded by [`Budget`], not by the HTTP layer.

use std::io::Read;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use tiny_http::{Header, Method, Request, Response};

use crate::api::Endpoint;
use crate::assets;
use crate::budget::Budget;
use crate::error::ApiError;

/// How the server runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Where to listen; loopback unless told otherwise.
    pub addr: SocketAddr,
    /// How long one API request may compute before it is answered with 503.
    pub time_budget: Duration,
    /// How many API requests may compute at once (including ones that ran
    /// out of time and are still finishing); a request beyond that waits
    /// for one to finish, within its time budget, or gets 503.
    pub workers: usize,
    /// The largest request body accepted, in bytes; beyond that, 413.
    pub max_body: usize,
    /// Threads reading and answering requests.
    pub threads: usize,
}

impl Default for Config {
    /// `127.0.0.1:8024`, 5 seconds per request, 2 workers, 16 KiB bodies.
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8024)),
            time_budget: Duration::from_secs(5),
            workers: 2,
            max_body: 16 * 1024,
            threads: 4,
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[error("cannot listen on {addr}: {reason}")]
pub struct StartError {
    addr: SocketAddr,
    reason: String,
}

/// A running server.
///
/// ```no_run
/// let server = reckon_serve::Server::start(reckon_serve::Config::default()).unwrap();
/// println!("open {}", server.url());
/// server.wait();
/// ```
pub struct Server {
    inner: Arc<tiny_http::Server>,
    addr: SocketAddr,
    threads: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish_non_exhaustive()
    }
}

impl Server {
    /// Binds `config.addr` (port 0 picks a free port) and starts answering.
    pub fn start(config: Config) -> Result<Server, StartError> {
        let inner = tiny_http::Server::http(config.addr)
            .map_err(|e| StartError { addr: config.addr, reason: e.to_string() })?;
        let inner = Arc::new(inner);
        let addr = inner.server_addr().to_ip().unwrap_or(config.addr);
        let budget = Budget::new(config.time_budget, config.workers);
        let threads = (0..config.threads.max(1))
            .map(|_| {
                let (inner, budget, max_body) = (Arc::clone(&inner), budget.clone(), config.max_body);
                thread::spawn(move || {
                    // `recv` fails once the server is unblocked for shutdown.
                    while let Ok(request) = inner.recv() {
                        answer(request, &budget, max_body);
                    }
                })
            })
            .collect();
        Ok(Server { inner, addr, threads })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, e.g. `http://127.0.0.1:8024/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        for thread in self.threads {
            let _ = thread.join();
        }
    }

    /// Stops answering and waits for the handler threads to end.
    pub fn stop(self) {
        for _ in &self.threads {
            self.inner.unblock();
        }
        self.wait();
    }
}

/// Answers one request; a client that hung up is no concern of ours.
fn answer(mut request: Request, budget: &Budget, max_body: usize) {
    let path = request.url().split(['?', '#']).next().unwrap_or("/").to_owned();
    let response = match (Endpoint::at(&path), assets::at(&path)) {
        (Some(endpoint), _) => match api(&mut request, endpoint, budget, max_body) {
            Ok(body) => json(200, body),
            Err(err) => error(&err),
        },
        (None, Some(asset)) if matches!(request.method(), Method::Get | Method::Head) => {
            Response::from_data(asset.body)
                .with_header(header("Content-Type", asset.content_type))
                .with_header(header("Cache-Control", "no-cache"))
        }
        (None, Some(_)) => {
            error(&ApiError::MethodNotAllowed { method: request.method().to_string(), allowed: "GET, HEAD" })
        }
        (None, None) => error(&ApiError::NotFound(path)),
    };
    let response = response
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Content-Security-Policy", assets::CONTENT_SECURITY_POLICY));
    let _ = request.respond(response);
}

/// Checks method, type and size, reads the body and runs the endpoint
/// within the budget.
fn api(request: &mut Request, endpoint: Endpoint, budget: &Budget, max_body: usize) -> Result<String, ApiError> {
    if *request.method() != Method::Post {
        return Err(ApiError::MethodNotAllowed { method: request.method().to_string(), allowed: "POST" });
    }
    // A JSON type cannot be sent cross-site without the browser asking
    // first, so other pages cannot make this server compute.
    let is_json = request.headers().iter().any(|h| {
        h.field.equiv("Content-Type")
            && h.value.as_str().split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    });
    if !is_json {
        return Err(ApiError::NotJson);
    }
    if request.body_length().is_some_and(|n| n > max_body) {
        return Err(ApiError::TooLarge(max_body));
    }
    let mut body = Vec::new();
    // One byte more than allowed tells an oversized body without a length.
    let limit = u64::try_from(max_body).unwrap_or(u64::MAX).saturating_add(1);
    request
        .as_reader()
        .take(limit)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::BadRequest(format!("cannot read the request body: {e}")))?;
    if body.len() > max_body {
        return Err(ApiError::TooLarge(max_body));
    }
    budget.run(move |deadline| endpoint.handle(&body, deadline))?
}

/// The answer to a request that failed; a 405 says which methods the
/// path takes, as HTTP asks.
fn error(err: &ApiError) -> Response<std::io::Cursor<Vec<u8>>> {
    let response = json(err.status(), err.body());
    match err {
        ApiError::MethodNotAllowed { allowed, .. } => response.with_header(header("Allow", allowed)),
        _ => response,
    }
}

fn json(status: u16, body: String) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body).with_status_code(status).with_header(header("Content-Type", "application/json"))
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("header names and values are ASCII")
}
