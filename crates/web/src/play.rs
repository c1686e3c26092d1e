//! The play view's API, `/api/play` and `/api/play/reply`, for impartial and
//! partizan positions alike: each request opens a session of the library
//! ([`AnySession`], impartial or partizan as the expression is) and writes what it
//! reports through [`PlaySession`] as one JSON document. What differs between the
//! kinds is data of the session: the rule (`misere`, normal or misère play), the
//! side to move (`side`: `left`, the default, or `right`, for partizan ones), the
//! remoteness, the value.

use super::error::ApiError;
use super::picture::{picture_json, target_json};
use super::routes::{Params, Q, refuse_files};
use super::{Shared, compute};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use sprague_core::Play;
use sprague_core::nat::Nat;
use sprague_engine::partizan::Side;
use sprague_play::PlaySession;
use sprague_play::any::{AnySession, Start};
use sprague_play::partizan::{cell_name, parse_side, side_name};
use sprague_play::session::Player;
use sprague_play::view::{self, MoveView};

/// Most moves listed by `/api/play` (`complete` is false beyond).
pub const PLAY_MOVES: usize = 200;

/// The expression, the rule and the side to move of a play request.
fn query(q: Q) -> Result<(String, Play, Side), ApiError> {
    let p = Params::from(q)?;
    let src = p.text("expr")?;
    refuse_files(&src)?;
    let side = match p.0.get("side").map(String::as_str) {
        None | Some("") => Side::Left,
        Some(s) => parse_side(s).ok_or_else(|| {
            ApiError::input(format!(
                "the parameter 'side' is '{}': write left or right",
                sprague_expr::shorten_message(s)
            ))
        })?,
    };
    Ok((src, p.play()?, side))
}

/// The session of a request, `first` to move.
fn open(
    src: &str,
    play: Play,
    side: Side,
    first: Player,
    limits: sprague_core::Limits,
) -> Result<AnySession, ApiError> {
    let start = Start { play, first, side };
    Ok(AnySession::open(
        src,
        &start,
        limits,
        sprague_flags::raise_with,
    )?)
}

/// A natural number in JSON: a number below 2^64, else a string of digits.
fn nat(n: &Nat) -> Value {
    match n.to_u64() {
        Some(v) => json!(v),
        None => json!(n.to_string()),
    }
}

fn side_json(s: Option<Side>) -> Value {
    s.map_or(Value::Null, |s| json!(side_name(s).to_lowercase()))
}

/// A move for the play view: its place in the list, the whole position after it
/// (`to`), its words, the component it is made in (`component`, also `part`) with the
/// component before (`from`) and after (`part_to`), its heap and how many it takes,
/// the board cells it changes, its result (the outcome letter of the position after
/// it for the player then to move when the session decides it, else `win` or `lose`
/// for the mover, else null), `wins`, its remoteness and its target in the picture.
fn move_json(m: &MoveView) -> Value {
    let f = &m.facts;
    let r = &m.result;
    let result = match (r.outcome_after, r.wins) {
        (Some(o), _) => json!(o.letter()),
        (None, Some(w)) => json!(if w { "win" } else { "lose" }),
        (None, None) => Value::Null,
    };
    json!({
        "index": m.index,
        "to": m.after,
        "text": f.text,
        "component": f.component,
        "part": f.component,
        "from": f.from,
        "part_to": f.to,
        "heap": f.heap,
        "take": f.take.as_ref().map(nat),
        "cells": f.cells.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>(),
        "cell_names": f.cells.iter().map(|&(r, c)| cell_name(r, c)).collect::<Vec<_>>(),
        "result": result,
        "wins": r.wins,
        "remoteness": r.remoteness,
        "target": m.target.as_ref().map(target_json),
    })
}

/// The state of a game for the play view ([`view::State`]).
fn state_json(s: &view::State) -> Value {
    let st = &s.standing;
    json!({
        "partizan": s.side.is_some(),
        "position": s.position,
        "play": match s.play { Play::Normal => "normal", Play::Misere => "misere" },
        "to_move": side_json(s.side),
        "outcome": st.outcome.map(|o| o.letter()),
        "mover_wins": st.mover_wins,
        "remoteness": st.remoteness,
        "value": st.value,
        "note": st.note,
        "over": s.over,
        "winner": side_json(s.winner),
        "moves": s.moves.iter().map(move_json).collect::<Vec<_>>(),
        // Exact, as a string of digits, or null when some family can neither count
        // nor list its moves (never a lower bound).
        "count": s.count.as_ref().map(|c| c.to_string()),
        "complete": s.complete,
        "drawing": s
            .drawing
            .iter()
            .map(|d| picture_json(d.component, &d.label, &d.heaps, &d.picture))
            .collect::<Vec<_>>(),
    })
}

/// `GET /api/play?expr=E&misere=0|1&side=left|right`: the state of a game for the
/// play view, the player to move being the human.
pub(super) async fn play(State(app): State<Shared>, q: Q) -> Response {
    let (src, rule, side) = match query(q) {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let mut s = open(&src, rule, side, Player::Human, limits)?;
        Ok(state_json(&view::state(&mut s, PLAY_MOVES)?).to_string())
    })
    .await
}

/// `GET /api/play/reply?expr=E&misere=0|1&side=left|right`: the computer's move for
/// the player to move, as `sprague play` chooses it, and why (`by`: its side).
pub(super) async fn reply(State(app): State<Shared>, q: Q) -> Response {
    let (src, rule, side) = match query(q) {
        Ok(x) => x,
        Err(e) => return e.into_response(),
    };
    compute(&app, move |limits| {
        let mut s = open(&src, rule, side, Player::Computer, limits)?;
        let by = side_json(s.side_to_move());
        let doc = match view::reply(&mut s, PLAY_MOVES)? {
            Some((m, why)) => json!({"move": move_json(&m), "why": why, "by": by}),
            None => json!({"move": null, "why": "no move is left: the game is over", "by": by}),
        };
        Ok(doc.to_string())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_play::Standing;

    #[test]
    fn a_count_that_is_only_a_lower_bound_is_not_given() {
        let state = |count: Option<u64>| view::State {
            position: "nim(3)".into(),
            play: Play::Normal,
            side: None,
            standing: Standing::default(),
            over: false,
            winner: None,
            moves: Vec::new(),
            count: count.map(Nat::from),
            complete: false,
            drawing: Vec::new(),
        };
        assert_eq!(state_json(&state(Some(12345)))["count"], json!("12345"));
        assert_eq!(state_json(&state(None))["count"], Value::Null);
    }
}
