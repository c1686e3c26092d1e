//! The one JSON form of a picture ([`Picture`]) and of a move's target ([`Target`]),
//! for the play view of impartial and partizan positions alike: `kind` and the
//! picture's fields, a `title` and a line on how to move (`how`).

use serde_json::{Value, json};
use sprague_core::nat::Nat;
use sprague_engine::picture::{Picture, Target};

/// A natural number: a JSON number when it fits in 64 bits, else its decimal string.
fn nat(n: &Nat) -> Value {
    match n.to_u64() {
        Some(v) => json!(v),
        None => json!(n.to_string()),
    }
}

fn nats(v: &[Nat]) -> Value {
    Value::Array(v.iter().map(nat).collect())
}

/// The drawing record of a component: `component`, `title`, `how`, `kind` and the
/// picture's fields (`heaps` numbers the heaps of a `heaps`, `board` or `pins` picture across
/// the whole sum, from 1).
pub(crate) fn picture_json(component: usize, title: &str, heaps: &[usize], p: &Picture) -> Value {
    let mut o = json!({
        "component": component,
        "title": title,
        "how": p.how_to_move(),
        "kind": p.kind(),
    });
    let fields = match p {
        Picture::Heaps { sizes } => json!({"sizes": nats(sizes), "heaps": heaps}),
        Picture::Board { x, y, piece, marks } => json!({
            "x": nat(x),
            "y": nat(y),
            "piece": piece.name(),
            "marks": marks.iter().map(|&(i, j)| json!([i, j])).collect::<Vec<_>>(),
            "heaps": heaps,
        }),
        Picture::Ring { weights } => json!({"weights": nats(weights)}),
        Picture::Stairs { steps } => json!({"steps": nats(steps)}),
        Picture::Cells { rows, legend } => json!({
            "rows": rows,
            "legend": legend
                .iter()
                .map(|(c, what)| (c.to_string(), Value::from(what.as_str())))
                .collect::<serde_json::Map<_, _>>(),
        }),
        Picture::Stalk { colours } => json!({
            "colours": colours.iter().map(|c| c.edge_letter()).collect::<String>(),
        }),
        Picture::Graph(g) => json!({
            "grounded": g.grounded,
            "vertices": g.vertices.iter().map(|v| json!({
                "x": v.x,
                "y": v.y,
                "colour": v.colour.map(|c| c.colour_letter().to_string()),
                "ground": v.ground,
            })).collect::<Vec<_>>(),
            "edges": g.edges.iter().map(|e| json!({
                "a": e.a,
                "b": e.b,
                "colour": e.colour.map(|c| c.edge_letter().to_string()),
                "bend": e.bend,
            })).collect::<Vec<_>>(),
        }),
        Picture::Walk {
            graph,
            token,
            visited,
        } => json!({
            "vertices": graph.vertices.iter().map(|v| json!({
                "x": v.x,
                "y": v.y,
                "name": v.name,
            })).collect::<Vec<_>>(),
            "edges": graph.edges.iter().map(|e| json!({"a": e.a, "b": e.b})).collect::<Vec<_>>(),
            "token": token,
            "visited": visited,
        }),
        Picture::Numbers { rows } => json!({
            "rows": rows.iter().map(|r| nats(r)).collect::<Vec<_>>(),
        }),
        Picture::Pins { rows } => json!({"rows": nats(rows), "heaps": heaps}),
        Picture::Coins { heads } => json!({
            "coins": heads.iter().map(|&h| if h { 'H' } else { 'T' }).collect::<String>(),
        }),
        Picture::Text(t) => json!({"text": t}),
    };
    if let (Value::Object(o), Value::Object(f)) = (&mut o, fields) {
        o.extend(f);
    }
    o
}

/// What a move changes in its component's picture: `{"kind": "take", "heap", "count"}`
/// (heap 0-based in the component), `cell` (`x`, `y`), `cells` (`[row, column]`
/// pairs), `entries` (steps of a staircase, coins turned), `cut` (`edge`, `fallen`), `colour` (`vertices`), `token`
/// (`vertex`) or `knock` (`row`, `from`, `count`).
pub(crate) fn target_json(t: &Target) -> Value {
    match t {
        Target::Take { heap, count } => json!({"kind": "take", "heap": heap, "count": nat(count)}),
        Target::Cell { x, y } => json!({"kind": "cell", "x": nat(x), "y": nat(y)}),
        Target::Cells(cells) => json!({
            "kind": "cells",
            "cells": cells.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>(),
        }),
        Target::Entries(e) => json!({"kind": "entries", "entries": e}),
        Target::Cut { edge, fallen } => json!({"kind": "cut", "edge": edge, "fallen": fallen}),
        Target::Colour { vertices } => json!({"kind": "colour", "vertices": vertices}),
        Target::Token { vertex } => json!({"kind": "token", "vertex": vertex}),
        Target::Knock { row, from, count } => {
            json!({"kind": "knock", "row": row, "from": nat(from), "count": nat(count)})
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::picture::{Owner, Piece};

    #[test]
    fn every_kind_has_its_fields() {
        let n = |v: u64| Nat::from(v);
        let heaps = picture_json(1, "heap", &[2], &Picture::Heaps { sizes: vec![n(3)] });
        assert_eq!(heaps["kind"], "heaps");
        assert_eq!(
            (heaps["component"].as_u64(), &heaps["sizes"]),
            (Some(1), &json!([3]))
        );
        assert_eq!(heaps["heaps"], json!([2]));
        let stalk = Picture::Stalk {
            colours: vec![Owner::Left, Owner::Right, Owner::Either],
        };
        assert_eq!(picture_json(0, "", &[], &stalk)["colours"], "BRG");
        let board = Picture::Board {
            x: n(1),
            y: n(2),
            piece: Piece::King,
            marks: vec![(0, 0), (0, 2)],
        };
        let b = picture_json(0, "", &[], &board);
        assert_eq!(
            (&b["piece"], &b["marks"]),
            (&json!(Piece::King.name()), &json!([[0, 0], [0, 2]]))
        );
        assert_eq!(
            target_json(&Target::Take {
                heap: 1,
                count: n(2)
            }),
            json!({"kind": "take", "heap": 1, "count": 2})
        );
        assert_eq!(
            target_json(&Target::Colour { vertices: vec![3] }),
            json!({"kind": "colour", "vertices": [3]})
        );
        assert_eq!(
            target_json(&Target::Token { vertex: 2 }),
            json!({"kind": "token", "vertex": 2})
        );
        let numbers = Picture::Numbers {
            rows: vec![vec![n(1), "1180591620717411303424".parse().unwrap()]],
        };
        assert_eq!(
            picture_json(0, "", &[], &numbers)["rows"],
            json!([[1, "1180591620717411303424"]])
        );
        let pins = picture_json(0, "", &[3], &Picture::Pins { rows: vec![n(5)] });
        assert_eq!(
            (&pins["kind"], &pins["rows"], &pins["heaps"]),
            (&json!("pins"), &json!([5]), &json!([3]))
        );
        assert_eq!(
            target_json(&Target::Knock {
                row: 0,
                from: n(2),
                count: n(1)
            }),
            json!({"kind": "knock", "row": 0, "from": 2, "count": 1})
        );
        let coins = Picture::Coins {
            heads: vec![false, true, true, false],
        };
        let c = picture_json(2, "turtles", &[], &coins);
        assert_eq!(
            (&c["kind"], &c["coins"], &c["component"]),
            (&json!("coins"), &json!("THHT"), &json!(2))
        );
        assert_eq!(
            target_json(&Target::Entries(vec![0, 3])),
            json!({"kind": "entries", "entries": [0, 3]})
        );
        let walk = Picture::Walk {
            graph: sprague_engine::picture::GraphPicture::default(),
            token: None,
            visited: vec![],
        };
        let w = picture_json(0, "", &[], &walk);
        assert_eq!((&w["kind"], &w["token"]), (&json!("walk"), &Value::Null));
    }
}
