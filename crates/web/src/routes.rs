//! The routes of the API: each reads its query, checks it, and hands the work to
//! the library on a blocking thread ([`super::compute`]).

use super::error::{ApiError, Kind};
use super::{Shared, compute};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use sprague_core::Play;
use sprague_play::view;
use std::collections::HashMap;

/// Most heaps in one table (`to - from`).
pub const MAX_TABLE: u64 = 1_000_000;

/// Most winning moves `/api/solve` may be asked to list.
pub const MAX_MOVES: u64 = 100_000;

/// The API's routes.
pub(super) fn api() -> Router<Shared> {
    let router = Router::new()
        .route("/api/health", get(health))
        .route("/api/gallery", get(super::gallery::gallery))
        .route("/api/classics", get(super::gallery::classics_list))
        .route("/api/check", get(check))
        .route("/api/grid", get(grid))
        .route("/api/quotient", get(quotient))
        .route("/api/play", get(super::play::play))
        .route("/api/play/reply", get(super::play::reply))
        .route("/api/solve", get(solve))
        .route("/api/table", get(table))
        .route("/api/value", get(value))
        .route("/api/nash", post(nash))
        .route("/api/race", get(race));
    #[cfg(test)]
    let router = router.route("/api/test/panic", get(test_panic)).route(
        "/api/test/panic-blocking",
        get(|State(app): State<Shared>| async move {
            compute(&app, |_| panic!("a test panic on a blocking thread")).await
        }),
    );
    router
}

/// The query parameters of a request.
pub(super) struct Params(pub(super) HashMap<String, String>);

impl Params {
    pub(super) fn from(
        q: Result<Query<HashMap<String, String>>, QueryRejection>,
    ) -> Result<Self, ApiError> {
        match q {
            Ok(Query(m)) => Ok(Params(m)),
            Err(e) => Err(ApiError::input(format!("bad query: {}", e.body_text()))),
        }
    }

    /// A parameter that must be given.
    pub(super) fn text(&self, name: &str) -> Result<String, ApiError> {
        self.0
            .get(name)
            .cloned()
            .ok_or_else(|| ApiError::input(format!("the parameter '{name}' is missing")))
    }

    /// A boolean `1`/`0` (or `true`/`false`), `false` when left out.
    fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.0.get(name).map(String::as_str) {
            None | Some("0" | "false" | "") => Ok(false),
            Some("1" | "true") => Ok(true),
            Some(v) => Err(ApiError::input(format!(
                "the parameter '{name}' is '{}': write 1 or 0",
                sprague_expr::shorten_message(v)
            ))),
        }
    }

    /// A whole number at most `max`, `default` when left out.
    fn number(&self, name: &str, default: u64, max: u64) -> Result<u64, ApiError> {
        let Some(v) = self.0.get(name) else {
            return Ok(default);
        };
        match v.parse::<u64>() {
            Ok(n) if n <= max => Ok(n),
            Ok(_) => Err(ApiError::input(format!(
                "the parameter '{name}' is {v}: the server allows at most {max}"
            ))),
            Err(_) => Err(ApiError::input(format!(
                "the parameter '{name}' is '{}': write a whole number",
                sprague_expr::shorten_message(v)
            ))),
        }
    }

    /// Normal or misère play (`misere`).
    pub(super) fn play(&self) -> Result<Play, ApiError> {
        Ok(if self.flag("misere")? {
            Play::Misere
        } else {
            Play::Normal
        })
    }
}

/// An expression that names a file is refused: the server never reads its files on
/// behalf of a request.
pub(super) fn refuse_files(src: &str) -> Result<(), ApiError> {
    match sprague_games::file_reference(src) {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

pub(super) type Q = Result<Query<HashMap<String, String>>, QueryRejection>;

/// `GET /api/health`: answers at once, whatever is computing.
async fn health() -> Response {
    super::json_body(json!({"ok": true, "version": env!("CARGO_PKG_VERSION")}).to_string())
}

/// `GET /api/check?expr=E&kind=position|value|family`: parses (and for a position
/// builds) without computing; the error comes with HTTP 200.
async fn check(q: Q) -> Response {
    let answer = (|| -> Result<(), ApiError> {
        let p = Params::from(q)?;
        let src = p.text("expr")?;
        refuse_files(&src)?;
        match p.0.get("kind").map(String::as_str).unwrap_or("position") {
            "position" => sprague_games::components(&src).map(drop)?,
            // The whole language of `value`: a sum, or two sums compared.
            "value" => sprague_expr::parse_statement(&src).map(drop).map_err(|e| {
                ApiError::from(sprague_games::ExprError {
                    column: e.column,
                    message: format!("expected {}, found {}{}", e.expected, e.found, e.hint),
                })
            })?,
            "family" => sprague_games::table_family(&src).map(drop)?,
            k => {
                return Err(ApiError::input(format!(
                    "the parameter 'kind' is '{}': write position, value or family",
                    sprague_expr::shorten_message(k)
                )));
            }
        }
        Ok(())
    })();
    let doc = match answer {
        Ok(()) => json!({"ok": true}),
        Err(e) => {
            let mut b = e.body();
            b["ok"] = json!(false);
            b
        }
    };
    super::json_body(doc.to_string())
}

/// `GET /api/grid?family=F&rows=R&cols=C`: the document of `sprague table --json
/// --pairs --to R-1,C-1 F`, the nim-values of the two-parameter positions of rows
/// `0..R` and columns `0..C` (see [`sprague_report::grid::grid`]) with `cell`, the
/// position of the cell in row `{i}`, column `{j}`.
async fn grid(State(app): State<Shared>, q: Q) -> Response {
    use sprague_report::grid::{self, GridError, MAX_GRID};
    let parsed = (|| -> Result<(String, u64, u64), ApiError> {
        let p = Params::from(q)?;
        let family = p.text("family")?;
        refuse_files(&family)?;
        let rows = p.number("rows", 16, MAX_GRID)?;
        let cols = p.number("cols", rows, MAX_GRID)?;
        Ok((family, rows, cols))
    })();
    let (family, rows, cols) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let g = grid::grid(&family, 0..rows, 0..cols, &limits).map_err(|e| match e {
            GridError::Input(e) => {
                let mut a = ApiError::input(format!("bad family: {e}"));
                a.column = Some(e.column);
                a
            }
            GridError::Failed(e) => e.into(),
            e => failure(e.into()),
        })?;
        Ok(g.json())
    })
    .await
}

/// Most heaps the server builds a misère quotient of.
const MAX_QUOTIENT_HEAPS: u64 = 1_000;

/// `GET /api/quotient?family=F&to=N`: the document of `sprague quotient --json --to N
/// F`, the misère quotient of heaps 1 to N (at most [`MAX_QUOTIENT_HEAPS`]).
async fn quotient(State(app): State<Shared>, q: Q) -> Response {
    let parsed = (|| -> Result<(String, usize), ApiError> {
        let p = Params::from(q)?;
        let family = p.text("family")?;
        refuse_files(&family)?;
        let to = p.number("to", 10, MAX_QUOTIENT_HEAPS)?;
        if to == 0 {
            return Err(ApiError::input("'to' must be at least 1"));
        }
        Ok((family, to as usize))
    })();
    let (family, to) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let q = sprague_report::quotient::compute(&family, to, &limits).map_err(failure)?;
        Ok(sprague_report::quotient::json(&q))
    })
    .await
}

/// A failure of the library's report as an API error.
fn failure(f: sprague_report::Failure) -> ApiError {
    match f {
        sprague_report::Failure::Input(m) => ApiError::input(m),
        sprague_report::Failure::Limit(bound, what) => ApiError::bound(bound, &what),
        sprague_report::Failure::Other(m) | sprague_report::Failure::Interrupted(m) => {
            ApiError::new(Kind::Internal, m)
        }
    }
}

/// `GET /api/solve?expr=E&misere=0|1&max_moves=N&explain=0|1`: the document of
/// `sprague solve --json`.
async fn solve(State(app): State<Shared>, q: Q) -> Response {
    let parsed = (|| -> Result<_, ApiError> {
        let p = Params::from(q)?;
        let src = p.text("expr")?;
        refuse_files(&src)?;
        let misere = p.flag("misere")?;
        let max_moves = p.number("max_moves", 20, MAX_MOVES)? as usize;
        let explain = p.flag("explain")?;
        Ok((src, misere, max_moves, explain))
    })();
    let (src, misere, max_moves, explain) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let o = sprague_report::solve::Options {
            misere,
            max_moves,
            explain,
            remoteness: true,
            limits,
        };
        let solved = sprague_report::solve::solve(&src, &o).map_err(failure)?;
        Ok(solved.json())
    })
    .await
}

/// `GET /api/table?family=F&from=A&to=N&explain=0|1`: the document of
/// `sprague table --json`; at most [`MAX_TABLE`] heaps.
async fn table(State(app): State<Shared>, q: Q) -> Response {
    let parsed = (|| -> Result<_, ApiError> {
        let p = Params::from(q)?;
        let family = p.text("family")?;
        let from = p.number("from", 0, u64::MAX)?;
        let to = p.number("to", from.saturating_add(99), u64::MAX)?;
        if to < from {
            return Err(ApiError::input(format!(
                "the table is empty: 'to' ({to}) is below 'from' ({from})"
            )));
        }
        if to - from >= MAX_TABLE {
            return Err(ApiError::input(format!(
                "the table from {from} to {to} has more than {MAX_TABLE} heaps, the most the server gives at once"
            )));
        }
        let (Ok(from), Ok(to)) = (usize::try_from(from), usize::try_from(to)) else {
            return Err(ApiError::input("the heaps of a table must fit in memory"));
        };
        Ok((family, from, to, p.flag("explain")?))
    })();
    let (family, from, to, explain) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let t =
            sprague_report::table::table(&family, from, to, explain, &limits).map_err(failure)?;
        Ok(t.json())
    })
    .await
}

/// `GET /api/value?expr=E&explain=0|1&ascii=0|1`: the document of
/// `sprague value --json`, and `pictures`, the picture of each component of the sum
/// ([`view::sum_drawing`]; empty when the expression is no sum of positions).
async fn value(State(app): State<Shared>, q: Q) -> Response {
    let parsed = (|| -> Result<_, ApiError> {
        let p = Params::from(q)?;
        let src = p.text("expr")?;
        refuse_files(&src)?;
        Ok((src, p.flag("explain")?, p.flag("ascii")?))
    })();
    let (src, explain, ascii) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let o = sprague_report::value::Options {
            explain,
            ascii,
            max_states: Some(limits.max_states),
            stop: limits.stop.clone(),
            ..Default::default()
        };
        let v = sprague_report::value::value(&src, &o).map_err(failure)?;
        let pictures: Vec<Value> = view::sum_drawing(&src)
            .iter()
            .map(|d| super::picture::picture_json(d.component, &d.label, &d.heaps, &d.picture))
            .collect();
        Ok(with_field(v.json(), "pictures", &Value::Array(pictures)))
    })
    .await
}

/// Most starting totals of subgame-perfect play one `/api/race` answer lists.
pub const MAX_RACE_TOTALS: u64 = 1_000;

/// `GET /api/race?players=M&moves=A,B&to=N&lose=0|1&ties=smallest|largest&first=F&count=C`:
/// the document of `sprague race --json` with a page of the starting totals: `count`
/// of them (100 when left out, at most [`MAX_RACE_TOTALS`]) from `first` (0), and
/// `from_total_first` ([`sprague_report::race::Solved::json_page`]).
async fn race(State(app): State<Shared>, q: Q) -> Response {
    use sprague_nash::counting::{Rule, TieBreak};
    let parsed = (|| -> Result<_, ApiError> {
        let p = Params::from(q)?;
        let players = p.number("players", 3, u64::MAX)?;
        let moves = p
            .text("moves")?
            .split(',')
            .map(|m| match m.trim().parse::<u64>() {
                Ok(v) => Ok(v),
                Err(_) => Err(ApiError::input(format!(
                    "the parameter 'moves' holds '{}': write whole numbers separated by commas",
                    sprague_expr::shorten_message(m)
                ))),
            })
            .collect::<Result<Vec<u64>, ApiError>>()?;
        let target = match p.0.get("to") {
            Some(_) => p.number("to", 0, u64::MAX)?,
            None => return Err(ApiError::input("the parameter 'to' is missing")),
        };
        let rule = if p.flag("lose")? {
            Rule::Lose
        } else {
            Rule::Reach
        };
        let tie = match p.0.get("ties").map(String::as_str) {
            None | Some("smallest") => TieBreak::Smallest,
            Some("largest") => TieBreak::Largest,
            Some(t) => {
                return Err(ApiError::input(format!(
                    "the parameter 'ties' is '{}': write smallest or largest",
                    sprague_expr::shorten_message(t)
                )));
            }
        };
        let first = p.number("first", 0, u64::MAX)?;
        let count = p.number("count", 100, MAX_RACE_TOTALS)?;
        // The starting totals are 0 to n − 1.
        if target > 0 && first >= target {
            return Err(ApiError::input(format!(
                "the parameter 'first' is {first}: the starting totals run from 0 to {}",
                target - 1
            )));
        }
        Ok((players, moves, target, rule, tie, first, count))
    })();
    let (players, moves, target, rule, tie, first, count) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let o = sprague_report::race::Options {
            players: usize::try_from(players).unwrap_or(usize::MAX),
            moves,
            target,
            rule,
            tie,
            stop: limits.stop,
        };
        let solved = sprague_report::race::race(&o).map_err(failure)?;
        Ok(solved.json_page(first as usize, count as usize))
    })
    .await
}

/// The JSON object `doc` with the field `name` added last; the rest of it byte for
/// byte as it was.
fn with_field(mut doc: String, name: &str, v: &Value) -> String {
    if let Some(end) = doc.rfind('}') {
        let tail = doc.split_off(end);
        let empty = doc.trim_end().ends_with('{');
        doc.push_str(if empty { "" } else { "," });
        doc.push_str(&json!(name).to_string());
        doc.push(':');
        doc.push_str(&v.to_string());
        doc.push_str(&tail);
    }
    doc
}

/// `POST /api/nash?explain=0|1&method=vertex|lh|support` with the game file as the
/// body (JSON, or the text of a Gambit `.nfg` or `.efg` file, sent as
/// `application/json`): the document of `sprague nash --json --method …` (`vertex`
/// when left out), with `svg`, the tree drawn, for a game tree.
async fn nash(
    State(app): State<Shared>,
    headers: HeaderMap,
    q: Q,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let parsed = (|| -> Result<_, ApiError> {
        let p = Params::from(q)?;
        let explain = p.flag("explain")?;
        let method = match p.0.get("method") {
            None => sprague_report::nash::Method::default(),
            Some(k) => sprague_report::nash::Method::from_key(k).ok_or_else(|| {
                ApiError::input(format!(
                    "the parameter 'method' is '{}': write vertex, lh or support",
                    sprague_expr::shorten_message(k)
                ))
            })?,
        };
        let json = headers
            .get(header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        if !json {
            return Err(ApiError::input(
                "send the game as a JSON body with the header 'Content-Type: application/json'",
            ));
        }
        let body = body.map_err(|e| {
            let status = e.status();
            let message = if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                "the request body is larger than the server allows (--max-body)".to_string()
            } else {
                format!("the request body could not be read: {}", e.body_text())
            };
            ApiError::input(message).with_status(status)
        })?;
        let text = String::from_utf8(body.to_vec())
            .map_err(|_| ApiError::input("nash: the body is not UTF-8 text"))?;
        Ok((text, explain, method))
    })();
    let (text, explain, method) = match parsed {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let o = sprague_report::nash::Options {
            explain,
            method,
            stop: limits.stop,
            ..sprague_report::nash::Options::default()
        };
        let s = sprague_report::nash::nash("the request body", &text, &o).map_err(failure)?;
        // A game tree also comes drawn (null when too large to draw).
        Ok(if s.is_tree() {
            with_field(s.json(), "svg", &json!(s.svg().ok()))
        } else {
            s.json()
        })
    })
    .await
}

/// A handler that panics, for the test of the server's recovery.
#[cfg(test)]
async fn test_panic() -> Response {
    let fail = || -> Response { panic!("a test panic") };
    fail()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_added_last_and_the_rest_kept() {
        let v = json!([{"kind": "text", "text": "^"}]);
        assert_eq!(
            with_field("{\"a\":1}\n".to_string(), "pictures", &v),
            "{\"a\":1,\"pictures\":[{\"kind\":\"text\",\"text\":\"^\"}]}\n"
        );
        assert_eq!(with_field("{}".to_string(), "p", &json!([])), "{\"p\":[]}");
    }
}
