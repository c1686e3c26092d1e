//! The play view's API for partizan positions: `/api/play` and `/api/play/reply`
//! answer here when the expression has a partizan term (a ruleset of Left and Right,
//! a literal game); the side to move is the parameter `side` (`left`, the default, or
//! `right`). The library's [`Session`] decides every move, within the server's limits.

use super::error::ApiError;
use super::picture::{picture_json, target_json};
use super::{App, compute};
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use sprague_core::Limits;
use sprague_engine::partizan::Side;
use sprague_games::eval::ValueError;
use sprague_games::partizan::component::is_partizan;
use sprague_play::partizan as pp;
use sprague_play::partizan::{Move, Session, side_name};
use std::collections::HashMap;

/// Most moves listed by `/api/play` (`complete` is false beyond).
pub const PLAY_MOVES: usize = 200;

type Q = Result<Query<HashMap<String, String>>, QueryRejection>;

/// Whether the request names a partizan position (so that these routes answer it).
pub(super) fn wants(q: &Q) -> bool {
    match q {
        Ok(Query(m)) => m.get("expr").is_some_and(|e| is_partizan(e) == Some(true)),
        Err(_) => false,
    }
}

/// The expression and the side to move of a request.
fn query(q: Q) -> Result<(String, Side), ApiError> {
    let Ok(Query(m)) = q else {
        return Err(ApiError::input("bad query"));
    };
    let src = m
        .get("expr")
        .cloned()
        .ok_or_else(|| ApiError::input("the parameter 'expr' is missing"))?;
    super::routes::refuse_files(&src)?;
    if matches!(m.get("misere").map(String::as_str), Some("1" | "true")) {
        return Err(ApiError::input(
            "misère play is for impartial positions; this position has partizan terms",
        ));
    }
    let side = match m.get("side").map(String::as_str) {
        None | Some("") => Side::Left,
        Some(s) => pp::parse_side(s).ok_or_else(|| {
            ApiError::input(format!(
                "the parameter 'side' is '{}': write left or right",
                sprague_expr::shorten_message(s)
            ))
        })?,
    };
    Ok((src, side))
}

/// A session with `side` to move (the human playing `human`).
fn session(src: &str, side: Side, human: Side, limits: Limits) -> Result<Session, ApiError> {
    let mut s = Session::read(src, side, human, limits).map_err(|e| match e {
        ValueError::Input(e) => ApiError::from(e),
        ValueError::Limit(e) => ApiError::from(e),
    })?;
    // The server's own setting bounds the search: its words name it.
    s.set_raise(sprague_flags::raise_with);
    Ok(s)
}

fn side_json(s: Side) -> Value {
    json!(side_name(s).to_lowercase())
}

/// A move for the play view: what it changes, the position after it, and its result
/// for the mover (`win`, `lose`, or null when not decided).
fn move_json(i: usize, m: &Move, after: Option<String>) -> Result<Value, ApiError> {
    Ok(json!({
        "index": i,
        "part": m.part,
        "text": m.text,
        "from": m.from,
        "to": after,
        "part_to": m.to,
        "cells": m.cells.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>(),
        "cell_names": m.cells.iter().map(|&(r, c)| pp::cell_name(r, c)).collect::<Vec<_>>(),
        "result": m.wins.map(|w| if w { "win" } else { "lose" }),
    }))
}

/// `GET /api/play?expr=E&side=left|right` for a partizan position: the position,
/// who is to move, its outcome (and value when small), the moves with their results
/// and the cells they change, and the drawing.
pub(super) async fn play(app: &App, q: Q) -> Response {
    let (src, side) = match query(q) {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(app, move |limits| {
        let mut s = session(&src, side, side, limits)?;
        let parts = s.parts();
        let pictures = s.pictures();
        let position = s.position_text();
        let a = s.analyse()?.clone();
        // What each move changes in its part's picture.
        let mut targets = s.targets(PLAY_MOVES)?.into_iter();
        let mut moves = Vec::new();
        let mut afters = s.positions_after(PLAY_MOVES)?.into_iter();
        for (i, m) in a.moves.iter().enumerate().take(PLAY_MOVES) {
            let mut j = move_json(i, m, afters.next())?;
            if let Value::Object(o) = &mut j {
                let t = targets.next().flatten();
                o.insert("target".into(), t.as_ref().map_or(Value::Null, target_json));
            }
            moves.push(j);
        }
        let over = a.moves.is_empty();
        Ok(json!({
            "partizan": true,
            "position": position,
            "play": "normal",
            "to_move": side_json(side),
            "outcome": a.outcome.map(|o| o.letter()),
            "mover_wins": a.mover_wins,
            "value": a.value,
            "note": a.note,
            "over": over,
            "winner": over.then(|| side_json(pp::other(side))),
            "moves": moves,
            "count": a.moves.len(),
            "complete": a.moves.len() <= PLAY_MOVES,
            "drawing": parts
                .iter()
                .zip(&pictures)
                .enumerate()
                .map(|(i, (p, pic))| picture_json(i, p, &[], pic))
                .collect::<Vec<_>>(),
        })
        .to_string())
    })
    .await
}

/// `GET /api/play/reply?expr=E&side=left|right` for a partizan position: the
/// computer's move for the side to move, as `sprague play` chooses it, and why.
pub(super) async fn reply(app: &App, q: Q) -> Response {
    let (src, side) = match query(q) {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(app, move |limits| {
        let mut s = session(&src, side, pp::other(side), limits)?;
        let doc = match s.choose()? {
            Some((i, why)) => {
                let m = s.analyse()?.moves[i].clone();
                let after = s.position_after(i)?;
                let mv = move_json(i, &m, after)?;
                json!({"move": mv, "why": why, "by": side_json(side)})
            }
            None => json!({"move": null, "why": "no move is left: the game is over", "by": side_json(side)}),
        };
        Ok(doc.to_string())
    })
    .await
}
