//! The errors of the API, with their HTTP status and JSON body:
//! `{"error":{"kind":…,"message":…,"column":…}}`.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use sprague_core::{Bound, SolveError};
use sprague_games::ExprError;

/// What went wrong, as the page tells it: the `kind` of the error body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Bad input (HTTP 400; 413 for a body too large).
    Input,
    /// A limit of the server was reached: `--max-states`, a work budget (HTTP 422).
    Limit,
    /// Too many computations at once (HTTP 503).
    Busy,
    /// The computation ran out of time, `--timeout` (HTTP 503).
    Timeout,
    /// A failure inside, e.g. a panic caught (HTTP 500).
    Internal,
}

impl Kind {
    /// The name in the error body.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Input => "input",
            Kind::Limit => "limit",
            Kind::Busy => "busy",
            Kind::Timeout => "timeout",
            Kind::Internal => "internal",
        }
    }

    /// The usual HTTP status.
    fn status(self) -> StatusCode {
        match self {
            Kind::Input => StatusCode::BAD_REQUEST,
            Kind::Limit => StatusCode::UNPROCESSABLE_ENTITY,
            Kind::Busy | Kind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// An error answer of the API.
#[derive(Clone, Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What kind of error.
    pub kind: Kind,
    /// The command line's one-line message (without `sprague: `).
    pub message: String,
    /// The 1-based column in the expression, when the error has one.
    pub column: Option<usize>,
}

impl ApiError {
    /// An error of `kind` with its usual status; the column is read from a message
    /// of the form `… column N: …`.
    pub fn new(kind: Kind, message: impl Into<String>) -> ApiError {
        let message = sprague_expr::shorten_message(&one_line(&message.into()));
        let column = if kind == Kind::Input {
            column_of(&message)
        } else {
            None
        };
        ApiError {
            status: kind.status(),
            kind,
            message,
            column,
        }
    }

    /// Bad input.
    pub fn input(message: impl Into<String>) -> ApiError {
        ApiError::new(Kind::Input, message)
    }

    /// A limit reached; `message` as the command line words it after `sprague: `.
    pub fn limit(message: impl Into<String>) -> ApiError {
        ApiError::new(Kind::Limit, message)
    }

    /// A limit reached: `bound` (when the library names it) and what needed more,
    /// worded as the command line words it after `sprague: `; the time allowed is a
    /// timeout, any other bound a limit.
    pub fn bound(bound: Option<Bound>, what: &str) -> ApiError {
        let message = match bound {
            Some(b) => sprague_flags::limit_message(b, what),
            None => what.to_string(),
        };
        let kind = match bound {
            Some(Bound::Time) => Kind::Timeout,
            _ => Kind::Limit,
        };
        ApiError::new(kind, format!("limit reached: {message}"))
    }

    /// The same error with another status.
    pub fn with_status(mut self, status: StatusCode) -> ApiError {
        self.status = status;
        self
    }

    /// The error body.
    pub fn body(&self) -> serde_json::Value {
        json!({"error": {"kind": self.kind.name(), "message": self.message, "column": self.column}})
    }
}

/// A message on one line: line breaks become spaces.
fn one_line(m: &str) -> String {
    if !m.contains(['\n', '\r']) {
        return m.to_string();
    }
    m.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number after the first `column ` of a message.
fn column_of(m: &str) -> Option<usize> {
    let at = m.find("column ")? + "column ".len();
    let digits: String = m[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

impl From<ExprError> for ApiError {
    fn from(e: ExprError) -> Self {
        let mut a = ApiError::input(format!("bad expression: {e}"));
        a.column = Some(e.column);
        a
    }
}

impl From<SolveError> for ApiError {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Limit { bound, what } => ApiError::bound(Some(bound), &what),
            SolveError::Input(m) => ApiError::input(m),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body())).into_response();
        r.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_column_comes_from_the_message() {
        let e = ApiError::input("bad expression: column 7: expected a number");
        assert_eq!(e.column, Some(7));
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert_eq!(ApiError::input("no column here").column, None);
        assert_eq!(ApiError::limit("column 3").column, None);
    }

    #[test]
    fn a_stop_is_a_timeout() {
        let e = ApiError::from(SolveError::Limit {
            what: "stopped".into(),
            bound: Bound::Time,
        });
        assert_eq!(e.kind, Kind::Timeout);
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            e.message,
            "limit reached: stopped (raise it with --timeout)"
        );
        let e = ApiError::from(SolveError::Limit {
            what: "a table".into(),
            bound: Bound::States,
        });
        assert_eq!(e.kind, Kind::Limit);
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            e.message,
            "limit reached: a table (raise it with --max-states)"
        );
        // Every other bound is a limit, whatever its words say.
        for bound in [Bound::Memory, Bound::Pairs, Bound::Digits, Bound::Factoring] {
            let e = ApiError::bound(Some(bound), "stopped by --timeout");
            assert_eq!(e.kind, Kind::Limit, "{bound:?}");
        }
        // A front end's own limit keeps its words.
        let e = ApiError::bound(None, "the answer is too long (raise it with --max-unsent)");
        assert_eq!(
            (e.kind, e.message.as_str()),
            (
                Kind::Limit,
                "limit reached: the answer is too long (raise it with --max-unsent)"
            )
        );
    }
}
