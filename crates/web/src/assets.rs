//! The page: the files of the folder `crates/web/assets/`, compiled into the binary.

use super::error::ApiError;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// The folder `crates/web/assets/` of the repository.
#[derive(rust_embed::RustEmbed)]
#[folder = "assets/"]
struct Web;

/// The content type of a file, by its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, e)| e) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The views of the page that a path may name (`/solve` is `/?view=solve`).
const VIEWS: [&str; 7] = ["solve", "play", "table", "grid", "value", "nash", "race"];

/// Answers `GET /path` with the embedded file `assets/path` (`/` and the views' paths are `index.html`), and
/// 404 for anything else.
pub(super) async fn serve(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return ApiError::input("the page's files are read with GET")
            .with_status(StatusCode::METHOD_NOT_ALLOWED)
            .into_response();
    }
    let path = uri.path().trim_start_matches('/');
    // The page itself, and its views by path (`/solve`, `/play`, …).
    let path = if path.is_empty() || VIEWS.contains(&path.trim_end_matches('/')) {
        "index.html"
    } else {
        path
    };
    match Web::get(path) {
        Some(file) if !path.starts_with("api/") => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            file.data,
        )
            .into_response(),
        _ => ApiError::input(format!(
            "no such page or API route: /{}",
            sprague_expr::shorten_message(path)
        ))
        .with_status(StatusCode::NOT_FOUND)
        .into_response(),
    }
}
