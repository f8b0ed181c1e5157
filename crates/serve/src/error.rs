//! API errors: each with its HTTP status and a message for the JSON body
//! `{"error": "..."}`.

use std::time::Duration;

/// Why a request got no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// The body is not JSON of the expected shape (syntax, unknown fields,
    /// wrong types, malformed numbers).
    #[error("{0}")]
    BadRequest(String),
    /// No such page or endpoint.
    #[error("no such page: {0}")]
    NotFound(String),
    /// The path exists, but not for this method.
    #[error("{method} is not allowed here; use {allowed}")]
    MethodNotAllowed {
        /// The method asked for.
        method: String,
        /// The methods to use, as an `Allow` header lists them.
        allowed: &'static str,
    },
    /// The body is larger than the limit.
    #[error("the request body is larger than {0} bytes")]
    TooLarge(usize),
    /// The body did not arrive within the request's time.
    #[error("the request body did not arrive within {}", Seconds(*.0))]
    BodyTimeout(Duration),
    /// The body is not declared as JSON.
    #[error("send the request body as application/json")]
    NotJson,
    /// Well-formed, but beyond what the server does: too many cards, an
    /// impossible deal, an answer too long.
    #[error("{0}")]
    Unprocessable(String),
    /// Every worker is busy.
    #[error("the server is busy; try again in a moment")]
    Busy,
    /// The request ran out of its time budget.
    #[error("gave up after {}; try fewer cards", Seconds(*.0))]
    TooSlow(Duration),
    /// A bug: the work failed without an answer.
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// A well-formed request the engine or the game refuses, for `err`.
    pub(crate) fn unprocessable(err: impl std::fmt::Display) -> ApiError {
        ApiError::Unprocessable(err.to_string())
    }

    /// The HTTP status code.
    pub fn status(&self) -> u16 {
        match self {
            ApiError::BadRequest(_) => 400,
            ApiError::NotFound(_) => 404,
            ApiError::MethodNotAllowed { .. } => 405,
            ApiError::BodyTimeout(_) => 408,
            ApiError::TooLarge(_) => 413,
            ApiError::NotJson => 415,
            ApiError::Unprocessable(_) => 422,
            ApiError::Internal(_) => 500,
            ApiError::Busy | ApiError::TooSlow(_) => 503,
        }
    }

    /// The JSON body, `{"error": "..."}`.
    pub fn body(&self) -> String {
        serde_json::json!({ "error": self.to_string() }).to_string()
    }
}

/// `5 seconds`, or `250 ms` below a whole second.
struct Seconds(Duration);

impl std::fmt::Display for Seconds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.as_secs() {
            0 => write!(f, "{} ms", self.0.as_millis()),
            1 => f.write_str("1 second"),
            n => write!(f, "{n} seconds"),
        }
    }
}
