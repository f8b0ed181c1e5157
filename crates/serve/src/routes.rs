//! What the server answers: the embedded page at its paths and the API at
//! `/api/<name>`, as an axum router.
//!
//! The page's files are answered on the threads that read requests, in
//! microseconds; API requests are checked (method, media type, declared
//! size) before any of their body is read, then read within the request's
//! deadline and handed to the [`ComputePool`]. Every response carries the
//! page's security headers, errors included.

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::api::Endpoint;
use crate::assets::{self, Asset};
use crate::compute::{ComputePool, Deadline};
use crate::error::ApiError;
use crate::server::Config;

/// What every request handler shares.
#[derive(Debug)]
struct Shared {
    pool: ComputePool,
    config: Config,
}

/// The router of the page and the API.
pub fn router(config: &Config) -> Router {
    let shared = Arc::new(Shared { pool: ComputePool::new(config.workers), config: config.clone() });
    let mut router = Router::new();
    for &(path, asset) in assets::ALL {
        router = router.route(path, any(move |method: Method| async move { page(&method, asset) }));
    }
    for endpoint in Endpoint::ALL {
        router = router.route(
            endpoint.path(),
            any(move |State(shared): State<Arc<Shared>>, request: Request| api(shared, endpoint, request)),
        );
    }
    router
        .fallback(|request: Request| async move { error(&ApiError::NotFound(request.uri().path().to_owned())) })
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(assets::CONTENT_SECURITY_POLICY),
        ))
        .with_state(shared)
}

/// One of the page's files, for `GET` and `HEAD` (hyper leaves out the
/// body of an answer to `HEAD`).
fn page(method: &Method, asset: Asset) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return error(&ApiError::MethodNotAllowed { method: method.to_string(), allowed: "GET, HEAD" });
    }
    ([(header::CONTENT_TYPE, asset.content_type), (header::CACHE_CONTROL, "no-cache")], asset.body).into_response()
}

/// An API request, answered with JSON.
async fn api(shared: Arc<Shared>, endpoint: Endpoint, request: Request) -> Response {
    let deadline = Deadline::new(Instant::now(), shared.config.time_budget);
    match answer(&shared, endpoint, request, deadline).await {
        Ok(body) => json(StatusCode::OK, body),
        Err(err) => error(&err),
    }
}

async fn answer(shared: &Shared, endpoint: Endpoint, request: Request, deadline: Deadline) -> Result<String, ApiError> {
    let max_body = shared.config.max_body;
    if request.method() != Method::POST {
        return Err(ApiError::MethodNotAllowed { method: request.method().to_string(), allowed: "POST" });
    }
    // A JSON type cannot be sent cross-site without the browser asking
    // first, so other pages cannot make this server compute.
    if !is_json(request.headers()) {
        return Err(ApiError::NotJson);
    }
    // Refused before a byte of the body is read: what a client declares
    // is never allocated.
    if declared_length(request.headers()).is_some_and(|n| n > max_body as u64) {
        return Err(ApiError::TooLarge(max_body));
    }
    let body = read_body(request.into_body(), max_body, deadline).await?;
    shared.pool.run(deadline, move |deadline| endpoint.handle(&body, deadline)).await?
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|value| value.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json")))
}

fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers.get(header::CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

/// The body, at most `max` bytes (a chunked body is cut off as soon as it
/// passes that), arrived before the deadline.
async fn read_body(body: Body, max: usize, deadline: Deadline) -> Result<Vec<u8>, ApiError> {
    let read = Limited::new(body, max).collect();
    match tokio::time::timeout_at(deadline.instant(), read).await {
        Err(_elapsed) => Err(ApiError::BodyTimeout(deadline.budget())),
        Ok(Ok(collected)) => Ok(collected.to_bytes().to_vec()),
        Ok(Err(err)) if err.is::<LengthLimitError>() => Err(ApiError::TooLarge(max)),
        Ok(Err(err)) => Err(ApiError::BadRequest(format!("cannot read the request body: {err}"))),
    }
}

/// The answer to a request that failed; a 405 says which methods the path
/// takes, as HTTP asks, and a refused body closes the connection, since
/// the rest of it is never read.
fn error(err: &ApiError) -> Response {
    let mut response =
        json(StatusCode::from_u16(err.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR), err.body());
    let headers = response.headers_mut();
    match err {
        ApiError::MethodNotAllowed { allowed, .. } => {
            headers.insert(header::ALLOW, HeaderValue::from_static(allowed));
        }
        ApiError::TooLarge(_) | ApiError::BodyTimeout(_) => {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        _ => {}
    }
    response
}

fn json(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}
