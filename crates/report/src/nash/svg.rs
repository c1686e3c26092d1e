//! A game tree drawn as SVG (`sprague nash --svg`): leaves side by side in prefix
//! order, each node above the middle of its children, one level per depth; the
//! actions on the edges (with their probabilities at chance), the payoffs under
//! the leaves, the nodes of an information set joined by a dashed line, and the
//! play of an equilibrium drawn thick.

use sprague_nash::efg::Efg;
use sprague_nash::number::show;
use std::fmt::Write as _;

/// The most nodes drawn: a larger tree is refused as a limit.
pub const MAX_DRAWN: usize = 2_000;

/// Horizontal distance between leaves, vertical between levels.
const DX: f64 = 96.0;
const DY: f64 = 84.0;
const MARGIN: f64 = 48.0;

/// The colours of the players' nodes, in turn.
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
];

/// Text with `&`, `<`, `>` and `"` escaped for XML.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The tree as an SVG document; `on[v]` says whether node `v` is on the
/// highlighted play (the edge into it is drawn thick). `None` when the tree has
/// more than [`MAX_DRAWN`] nodes.
pub(super) fn draw(g: &Efg, on: Option<&[bool]>) -> Option<String> {
    let nodes = g.nodes();
    if nodes.len() > MAX_DRAWN {
        return None;
    }
    // x of each node: leaves in order, the others over the middle of their children.
    let mut x = vec![0.0f64; nodes.len()];
    let mut leaves = 0usize;
    for (v, node) in nodes.iter().enumerate() {
        if node.children.is_empty() {
            x[v] = MARGIN + DX * leaves as f64;
            leaves += 1;
        }
    }
    for v in (0..nodes.len()).rev() {
        let c = &nodes[v].children;
        if let (Some(&a), Some(&b)) = (c.first(), c.last()) {
            x[v] = (x[a] + x[b]) / 2.0;
        }
    }
    let y = |v: usize| MARGIN + DY * nodes[v].depth as f64;
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let width = 2.0 * MARGIN + DX * leaves.saturating_sub(1) as f64;
    let height = 2.0 * MARGIN + DY * depth as f64 + 24.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(g.title()));
    let highlighted = |v: usize| on.is_some_and(|on| on.get(v).copied().unwrap_or(false));
    // Edges and their actions.
    for (v, node) in nodes.iter().enumerate() {
        let Some(p) = node.parent else { continue };
        let Some(h) = nodes[p].infoset else { continue };
        let set = &g.infosets()[h];
        let a = g.action_to(v).unwrap_or(0);
        let (stroke, w) = if highlighted(v) && highlighted(p) {
            ("#e6550d", 3.5)
        } else {
            ("#888888", 1.2)
        };
        let _ = writeln!(
            out,
            "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{w}\"/>",
            if w > 2.0 { "edge on" } else { "edge" },
            x[p],
            y(p),
            x[v],
            y(v)
        );
        let mut label = set.actions.get(a).cloned().unwrap_or_default();
        if let (None, Some(prob)) = (set.player, set.probabilities.get(a)) {
            let _ = write!(label, " ({})", show(prob));
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#333333\">{}</text>",
            (x[p] + x[v]) / 2.0,
            (y(p) + y(v)) / 2.0 - 4.0,
            escape(&label)
        );
    }
    // Information sets of more than one node: a dashed line through their nodes.
    for set in g.infosets() {
        if set.player.is_none() || set.nodes.len() < 2 {
            continue;
        }
        let points: Vec<String> = set
            .nodes
            .iter()
            .map(|&v| format!("{},{}", x[v], y(v)))
            .collect();
        let _ = writeln!(
            out,
            "<polyline class=\"infoset\" points=\"{}\" fill=\"none\" stroke=\"#555555\" stroke-dasharray=\"5,4\"/>",
            points.join(" ")
        );
    }
    // Nodes.
    for (v, node) in nodes.iter().enumerate() {
        let (cx, cy) = (x[v], y(v));
        match node.infoset {
            None => {
                let values: Vec<String> = g.terminal_payoff(v).iter().map(show).collect();
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"#333333\"/>",
                    cx - 4.0,
                    cy - 4.0
                );
                let _ = writeln!(
                    out,
                    "<text class=\"payoffs\" x=\"{cx}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                    cy + 20.0,
                    escape(&values.join(", "))
                );
            }
            Some(h) => match g.infosets()[h].player {
                None => {
                    let _ = writeln!(
                        out,
                        "<polygon class=\"chance\" points=\"{},{} {},{} {},{} {},{}\" fill=\"#ffffff\" stroke=\"#333333\"/>",
                        cx,
                        cy - 9.0,
                        cx + 9.0,
                        cy,
                        cx,
                        cy + 9.0,
                        cx - 9.0,
                        cy
                    );
                }
                Some(p) => {
                    let _ = writeln!(
                        out,
                        "<circle class=\"player\" cx=\"{cx}\" cy=\"{cy}\" r=\"10\" fill=\"{}\"><title>{}</title></circle>",
                        COLOURS[p % COLOURS.len()],
                        escape(&g.players()[p])
                    );
                    let _ = writeln!(
                        out,
                        "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" fill=\"#ffffff\" font-size=\"11\">{}</text>",
                        cy + 4.0,
                        p + 1
                    );
                }
            },
        }
    }
    out.push_str("</svg>\n");
    Some(out)
}
