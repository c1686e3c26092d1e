//! Drawings of the partizan parts that are graphs, for the play view: Snort and Col
//! positions (a move colours a vertex: the player clicks it) and Hackenbush positions
//! that are not a stalk (a move cuts an edge: the player clicks it).
//!
//! The layout comes from the position's own structure. Each vertex stands in the row
//! of its distance from the ground (Hackenbush, drawn upwards from the ground line)
//! or from the first vertex of its connected part (Snort, Col, drawn downwards, the
//! parts side by side); the vertices of a row are centred on the widest row. A
//! coordinate `x` counts half columns, `y` rows.
//!
//! Which vertex or edge a move uses is found with the ruleset's own rules: the part
//! after colouring each vertex (cutting each edge) is read as the ruleset reads a
//! position, and a move is matched to the vertices (edges) whose result is its part
//! after the move.

use serde_json::{Value, json};
use sprague_engine::partizan::Side;
use sprague_games::partizan::graph::{Graph, Kind, MAX_WRITTEN};
use sprague_games::partizan::hackenbush_graph as hackenbush;
use sprague_games::partizan::hackenbush_graph::Edge;
use std::collections::{HashMap, VecDeque};

/// Most vertices of a graph drawn (a larger part is shown as text).
pub const DRAWN_VERTICES: usize = 100;
/// Most edges of a graph drawn.
pub const DRAWN_EDGES: usize = 200;

/// A part drawn as a graph: the drawing record, and what each move of the part uses.
pub struct Drawn {
    /// The drawing record for the page (`kind` `graph` or `hackenbush`).
    pub record: Value,
    /// The part after a move, in the ruleset's written form → the vertices (edges)
    /// whose colouring (cut) gives it, in order.
    targets: HashMap<String, Vec<usize>>,
    /// Whether a move names one vertex (`vertex`) or edges (`edges`).
    vertex: bool,
    /// How a part after a move is brought to the written form of `targets`.
    read: fn(&str) -> Option<String>,
}

impl Drawn {
    /// What each move of this part uses, for the parts after the moves in the order
    /// the session lists them: `{"vertex": v}` or `{"edges": [k, …]}`, or `None` when
    /// the drawing does not know. Moves with the same result (symmetric vertices)
    /// take the vertices (edges) that give it one each, the last one all that are left
    /// (the session lists one cut for equal edges side by side).
    pub fn targets(&self, after: &[&str]) -> Vec<Option<Value>> {
        let keys: Vec<Option<String>> = after.iter().map(|t| (self.read)(t)).collect();
        let mut left: HashMap<&str, usize> = HashMap::new();
        for k in keys.iter().flatten() {
            *left.entry(k.as_str()).or_insert(0) += 1;
        }
        let mut taken: HashMap<&str, usize> = HashMap::new();
        keys.iter()
            .map(|k| {
                let k = k.as_deref()?;
                let all = self.targets.get(k)?;
                let next = taken.entry(k).or_insert(0);
                let last = left[k] == *next + 1;
                let mine = if last {
                    all.get(*next..)?
                } else {
                    all.get(*next..*next + 1)?
                };
                *next += 1;
                let first = *mine.first()?;
                Some(if self.vertex {
                    json!({"vertex": first})
                } else {
                    json!({"edges": mine})
                })
            })
            .collect()
    }
}

/// The drawing of a part, when it is a Snort or Col graph or a Hackenbush graph small
/// enough to draw; `side` is the side to move (whose moves are matched).
pub fn drawing(component: usize, part: &str, side: Side) -> Option<Drawn> {
    if let Some(inner) = inside(part, "snort") {
        colouring(component, "snort", Kind::Snort, inner, side)
    } else if let Some(inner) = inside(part, "col") {
        colouring(component, "col", Kind::Col, inner, side)
    } else if let Some(inner) = inside(part, "hackenbush") {
        cutting(component, inner)
    } else {
        None
    }
}

/// The text between `name("` and `")`.
fn inside<'a>(part: &'a str, name: &str) -> Option<&'a str> {
    part.strip_prefix(name)?
        .strip_prefix("(\"")?
        .strip_suffix("\")")
}

/// The colour of each vertex (`L`, `R`, or none) and the edges of a graph.
type Written = (Vec<Option<char>>, Vec<(usize, usize)>);

/// A Snort or Col graph as the session writes it (`0-1 1-2 2:L`, see
/// [`sprague_games::partizan::graph`]). `None` for any other text, or a graph too
/// large to draw.
fn written(inner: &str) -> Option<Written> {
    let number = |t: &str| {
        let v = t.parse::<usize>().ok()?;
        (t.bytes().all(|b| b.is_ascii_digit()) && v < MAX_WRITTEN.min(DRAWN_VERTICES)).then_some(v)
    };
    let mut colour: Vec<Option<char>> = Vec::new();
    let mut edges = Vec::new();
    let grow = |colour: &mut Vec<Option<char>>, v: usize| {
        if colour.len() <= v {
            colour.resize(v + 1, None);
        }
    };
    for item in inner.split_whitespace() {
        if let Some((a, b)) = item.split_once('-') {
            let (a, b) = (number(a)?, number(b)?);
            grow(&mut colour, a.max(b));
            edges.push((a, b));
            if edges.len() > DRAWN_EDGES {
                return None;
            }
        } else if let Some((v, c)) = item.split_once(':') {
            let v = number(v)?;
            grow(&mut colour, v);
            colour[v] = Some(match c {
                "L" => 'L',
                "R" => 'R',
                _ => return None,
            });
        } else {
            let v = number(item)?;
            grow(&mut colour, v);
        }
    }
    Some((colour, edges))
}

/// The rows of the vertices `0..n` joined by `edges`: each connected part is laid out
/// from `roots` (the first of them in the part) by distance, the rows of a part
/// centred, the parts side by side. Returns `(x, y)` per vertex; a vertex that is not
/// reached from a root gets `None`.
fn layers(
    n: usize,
    edges: &[(usize, usize)],
    roots: impl Iterator<Item = usize>,
) -> Vec<Option<(usize, usize)>> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        if a != b {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    let mut at = vec![None; n];
    let mut seen = vec![false; n];
    let mut offset = 0;
    for root in roots {
        if seen[root] {
            continue;
        }
        // Breadth first: the rows of this part, each in the order reached.
        let mut rows: Vec<Vec<usize>> = Vec::new();
        let mut queue = VecDeque::from([(root, 0)]);
        seen[root] = true;
        while let Some((v, d)) = queue.pop_front() {
            if rows.len() <= d {
                rows.push(Vec::new());
            }
            rows[d].push(v);
            for &u in &adj[v] {
                if !seen[u] {
                    seen[u] = true;
                    queue.push_back((u, d + 1));
                }
            }
        }
        let width = rows.iter().map(Vec::len).max().unwrap_or(1);
        for (y, row) in rows.iter().enumerate() {
            for (i, &v) in row.iter().enumerate() {
                at[v] = Some((offset + 2 * i + width - row.len(), y));
            }
        }
        offset += 2 * width;
    }
    at
}

/// The drawing of a Snort or Col graph, its vertices matched to the moves of `side`.
fn colouring(component: usize, name: &str, kind: Kind, inner: &str, side: Side) -> Option<Drawn> {
    let (colour, edges) = written(inner)?;
    let n = colour.len();
    let at = layers(n, &edges, 0..n);
    let vertices: Vec<Value> = (0..n)
        .map(|v| {
            let (x, y) = at[v].unwrap_or((0, 0));
            json!({"x": x, "y": y, "colour": colour[v].map(String::from)})
        })
        .collect();
    // The written form of a part: the graph as the ruleset reads it, written back.
    let read: fn(&str) -> Option<String> = match kind {
        Kind::Snort => |t| standard(inside(t, "snort")?, Kind::Snort),
        Kind::Col => |t| standard(inside(t, "col")?, Kind::Col),
    };
    let mine = if side == Side::Left { 'L' } else { 'R' };
    let mut targets: HashMap<String, Vec<usize>> = HashMap::new();
    for v in (0..n).filter(|&v| colour[v].is_none()) {
        if let Some(after) = standard(&format!("{inner} {v}:{mine}"), kind) {
            targets.entry(after).or_default().push(v);
        }
    }
    let record = json!({
        "component": component,
        "kind": "graph",
        "ruleset": name,
        "vertices": vertices,
        "edges": edges.iter().map(|&(a, b)| json!([a, b])).collect::<Vec<_>>(),
    });
    Some(Drawn {
        record,
        targets,
        vertex: true,
        read,
    })
}

/// A Snort or Col graph read under `kind`'s rule and written back.
fn standard(inner: &str, kind: Kind) -> Option<String> {
    Graph::parse(inner, kind).ok().map(|g| g.text(kind))
}

/// A Hackenbush graph read and written back (vertices numbered as first met).
fn standard_hackenbush(inner: &str) -> Option<String> {
    let g = hackenbush::Graph::parse(inner).ok()?;
    Some(hackenbush::Graph::parse(&g.text()).ok()?.text())
}

/// The drawing of a Hackenbush graph (edges on the ground), its edges matched to the
/// moves that cut them.
fn cutting(component: usize, inner: &str) -> Option<Drawn> {
    let g = hackenbush::Graph::parse(inner).ok()?;
    let edges = g.edges();
    let n = g.vertices();
    if n > DRAWN_VERTICES || edges.len() > DRAWN_EDGES {
        return None;
    }
    let ends: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(a, b, _)| (a as usize, b as usize))
        .collect();
    // Vertex 0 is the ground: its row 0 is the ground line, and each vertex on the
    // ground has its own foot there.
    let at = layers(n, &ends, std::iter::once(0));
    let mut points: Vec<Value> = Vec::new();
    let mut index = vec![usize::MAX; n];
    for v in 1..n {
        if let Some((x, y)) = at[v] {
            index[v] = points.len();
            points.push(json!({"x": x, "y": y, "ground": false}));
        }
    }
    let mut feet: HashMap<usize, usize> = HashMap::new();
    // The ground's own loops stand one each to the right of everything else.
    let mut right = at.iter().flatten().map(|p| p.0).max().unwrap_or(0);
    let mut foot = |points: &mut Vec<Value>, v: usize| -> usize {
        if v == 0 {
            right += 2;
            points.push(json!({"x": right, "y": 0, "ground": true}));
            return points.len() - 1;
        }
        let x = at[v].map_or(0, |p| p.0);
        *feet.entry(v).or_insert_with(|| {
            points.push(json!({"x": x, "y": 0, "ground": true}));
            points.len() - 1
        })
    };
    let mut drawn_edges = Vec::new();
    let mut parallel: HashMap<(usize, usize), i64> = HashMap::new();
    for &(a, b, c) in edges {
        let (a, b) = (a as usize, b as usize);
        let (p, q) = match (a, b) {
            (0, 0) => {
                let f = foot(&mut points, 0);
                (f, f)
            }
            (0, v) | (v, 0) => (index[v], foot(&mut points, v)),
            _ => (index[a], index[b]),
        };
        // Parallel edges bend away from each other: 0, 1, -1, 2, -2, …
        let k = parallel.entry((p.min(q), p.max(q))).or_insert(0);
        let bend = if *k % 2 == 0 { -*k / 2 } else { (*k + 1) / 2 };
        *k += 1;
        let colour = match c {
            Edge::Blue => "B",
            Edge::Red => "R",
            Edge::Green => "G",
        };
        drawn_edges.push(json!({"a": p, "b": q, "colour": colour, "bend": bend}));
    }
    let mut targets: HashMap<String, Vec<usize>> = HashMap::new();
    for k in 0..edges.len() {
        let mut rest = edges.to_vec();
        rest.remove(k);
        if let Some(after) = standard_hackenbush(&hackenbush::Graph::new(rest).text()) {
            targets.entry(after).or_default().push(k);
        }
    }
    let record = json!({
        "component": component,
        "kind": "hackenbush",
        "ruleset": "hackenbush",
        "vertices": points,
        "edges": drawn_edges,
    });
    Some(Drawn {
        record,
        targets,
        vertex: false,
        read: |t| standard_hackenbush(inside(t, "hackenbush")?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangle with a tail, 0-1 1-2 2-0 2-3: vertex 0 first, its neighbours 1 and 2
    /// in the next row, 3 below 2.
    #[test]
    fn rows_are_distances_from_the_first_vertex() {
        let d = drawing(0, "snort(\"0-1 0-2 1-2 2-3\")", Side::Left).unwrap();
        let v = d.record["vertices"].as_array().unwrap();
        let y: Vec<u64> = v.iter().map(|p| p["y"].as_u64().unwrap()).collect();
        assert_eq!(y, [0, 1, 1, 2]);
        // Row 1 has two vertices, the widest row: they are two half columns apart,
        // and the single vertices of rows 0 and 2 are centred (x = 1).
        let x: Vec<u64> = v.iter().map(|p| p["x"].as_u64().unwrap()).collect();
        assert_eq!(x, [1, 0, 2, 1]);
    }

    /// Snort on a triangle 0-1-2 with a tail 2-3: each vertex is a move for Left.
    /// Colouring 0 or 1 leaves the same position (the other two triangle vertices and
    /// the tail, the one next to Left's colour forbidden to Right), and the two moves
    /// share the two vertices out.
    #[test]
    fn each_move_is_matched_to_the_vertex_it_colours() {
        let graph = "0-1 0-2 1-2 2-3";
        let d = drawing(0, &format!("snort(\"{graph}\")"), Side::Left).unwrap();
        // The parts after Left colours each vertex, as the rules read them.
        let after: Vec<String> = (0..4)
            .map(|v| {
                let g = standard(&format!("{graph} {v}:L"), Kind::Snort).unwrap();
                format!("snort(\"{g}\")")
            })
            .collect();
        assert_eq!(after[0], after[1]);
        let refs: Vec<&str> = after.iter().map(String::as_str).collect();
        let want: Vec<Option<Value>> = (0..4).map(|v| Some(json!({"vertex": v}))).collect();
        assert_eq!(d.targets(&refs), want);
        // A part after that no colouring gives is not matched.
        assert_eq!(d.targets(&["snort(\"0-1\")"]), [None]);
    }

    /// Hackenbush: a blue edge on the ground with a red and a green edge on top of it,
    /// and a blue loop on the ground. Cutting the bottom edge drops the two above it.
    #[test]
    fn each_cut_is_matched_to_its_edges() {
        let d = drawing(0, "hackenbush(\"0-1:B 1-2:R 1-2:G 0-0:B\")", Side::Left).unwrap();
        let e = d.record["edges"].as_array().unwrap();
        assert_eq!(e.len(), 4);
        // The two edges between 1 and 2 bend apart.
        assert_eq!(
            (e[1]["bend"].as_i64(), e[2]["bend"].as_i64()),
            (Some(0), Some(1))
        );
        // The loop at the ground starts and ends at one foot.
        assert_eq!(e[3]["a"], e[3]["b"]);
        let after = [
            "hackenbush(\"0-0:B\")",
            "hackenbush(\"0-1:B 1-2:G 0-0:B\")",
            "hackenbush(\"0-1:B 1-2:R 0-0:B\")",
            "hackenbush(\"0-1:B 1-2:R 1-2:G\")",
        ];
        let want: Vec<Option<Value>> = (0..4).map(|k| Some(json!({"edges": [k]}))).collect();
        assert_eq!(d.targets(&after), want);
        // Two equal edges side by side are one cut (the session lists it once).
        let d = drawing(0, "hackenbush(\"0-1:B 0-1:B\")", Side::Left).unwrap();
        assert_eq!(
            d.targets(&["hackenbush(\"0-1:B\")"]),
            [Some(json!({"edges": [0, 1]}))]
        );
    }

    #[test]
    fn other_parts_and_large_graphs_are_not_drawn() {
        assert!(drawing(0, "domineering(\"..|..\")", Side::Left).is_none());
        let big: Vec<String> = (0..150).map(|v| format!("{v}-{}", v + 1)).collect();
        assert!(drawing(0, &format!("snort(\"{}\")", big.join(" ")), Side::Left).is_none());
        assert!(drawing(0, "snort(\"0-1 1:Q\")", Side::Left).is_none());
    }
}
