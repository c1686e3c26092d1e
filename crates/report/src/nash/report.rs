//! The readable report of `sprague nash`.

use super::why;
use super::{Analysis, PLAYERS, dominance_lines};
use sprague_nash::number::show;
use sprague_nash::{Bimatrix, Equilibrium, Player, Rational};
use std::fmt::Write as _;

/// Games with more strategies than this per player are reported without their table.
const SHOWN_TABLE: usize = 30;

/// The whole report.
pub fn text(a: &Analysis, explain: bool) -> String {
    let g = &a.game;
    let mut out = String::new();
    let (m, n) = (g.count(Player::Row), g.count(Player::Col));
    let _ = writeln!(
        out,
        "game: {m} row {} × {n} column {}",
        plural(m, "strategy", "strategies"),
        plural(n, "strategy", "strategies")
    );
    if let Some((title, [row, col])) = &a.named {
        if !title.is_empty() {
            let _ = writeln!(out, "title: {title}");
        }
        let _ = writeln!(out, "row player: {row}; column player: {col}");
    }
    if m <= SHOWN_TABLE && n <= SHOWN_TABLE {
        out.push_str("payoffs (row player, column player):\n");
        table(&mut out, g);
    } else {
        out.push_str("(payoff table not shown: too large)\n");
    }
    out.push('\n');
    dominance(&mut out, a);
    out.push('\n');
    pure(&mut out, a);
    out.push('\n');
    all(&mut out, a, explain);
    out
}

fn plural<'a>(k: usize, one: &'a str, many: &'a str) -> &'a str {
    if k == 1 { one } else { many }
}

/// The payoff table, one cell per pair: "row payoff, column payoff".
fn table(out: &mut String, g: &Bimatrix) {
    let rows = g.names(Player::Row);
    let cols = g.names(Player::Col);
    let cells: Vec<Vec<String>> = (0..rows.len())
        .map(|i| {
            (0..cols.len())
                .map(|j| {
                    let (a, b) = g.payoffs(i, j);
                    format!("{}, {}", show(a), show(b))
                })
                .collect()
        })
        .collect();
    let width = |s: &str| s.chars().count();
    let first = rows.iter().map(|r| width(r)).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols.len())
        .map(|j| {
            cells
                .iter()
                .map(|row| width(&row[j]))
                .chain([width(&cols[j])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w.saturating_sub(width(s))));
    let mut line = format!("  {}", pad("", first));
    for (c, w) in cols.iter().zip(&widths) {
        line.push_str("   ");
        line.push_str(&pad(c, *w));
    }
    let _ = writeln!(out, "{}", line.trim_end());
    for (r, row) in rows.iter().zip(&cells) {
        let mut line = format!("  {}", pad(r, first));
        for (cell, w) in row.iter().zip(&widths) {
            line.push_str("   ");
            line.push_str(&pad(cell, *w));
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn dominance(out: &mut String, a: &Analysis) {
    let g = &a.game;
    out.push_str("dominance (between pure strategies):\n");
    for (k, p) in PLAYERS.into_iter().enumerate() {
        let against = format!(
            "every {} strategy",
            p.other().key().replace("col", "column")
        );
        dominance_lines(
            out,
            p.name(),
            g.names(p),
            a.dominant[k],
            &against,
            a.dominated[k].iter().map(|d| (d.strategy, d.by, d.strict)),
        );
    }
    let e = &a.elimination;
    out.push_str("iterated elimination of strictly dominated strategies:");
    if e.steps.is_empty() {
        out.push_str(" nothing to remove\n");
        return;
    }
    out.push('\n');
    for round in 1..=e.rounds {
        let removed: Vec<String> = e
            .steps
            .iter()
            .filter(|s| s.round == round)
            .map(|s| {
                let names = g.names(s.player);
                format!(
                    "{} drops {} (dominated by {})",
                    s.player.name(),
                    names[s.strategy],
                    names[s.by]
                )
            })
            .collect();
        let _ = writeln!(out, "  round {round}: {}", removed.join("; "));
    }
    let list = |p: Player, left: &[usize]| {
        left.iter()
            .map(|&s| g.names(p)[s].as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "  left: rows {{{}}} × columns {{{}}}{}",
        list(Player::Row, &e.rows),
        list(Player::Col, &e.cols),
        if e.rows.len() == 1 && e.cols.len() == 1 {
            " (solvable by dominance)"
        } else {
            ""
        }
    );
}

fn pure(out: &mut String, a: &Analysis) {
    if a.pure.is_empty() {
        out.push_str("pure equilibria: none\n");
        return;
    }
    let _ = writeln!(out, "pure equilibria ({}):", a.pure.len());
    for p in &a.pure {
        let _ = writeln!(
            out,
            "  ({}, {}) → {}, {}: {}",
            a.game.names(Player::Row)[p.row],
            a.game.names(Player::Col)[p.col],
            show(&p.payoffs.0),
            show(&p.payoffs.1),
            why::pure_reason(&a.game, p.row, p.col)
        );
    }
}

fn all(out: &mut String, a: &Analysis, explain: bool) {
    let g = &a.game;
    let count = a.all.list.len();
    match &a.all.degeneracy {
        None if !a.all.complete => {
            let _ = writeln!(
                out,
                "Nash equilibria found by Lemke–Howson ({count}; the paths from each missing label, so the list may not be every equilibrium):"
            );
        }
        None => {
            let _ = writeln!(
                out,
                "Nash equilibria ({count}; the game is non-degenerate, so this is every equilibrium):"
            );
        }
        Some(d) => {
            let p = d.player;
            let best: Vec<&str> = d
                .best_responses
                .iter()
                .map(|&s| g.names(p.other())[s].as_str())
                .collect();
            let used = d
                .strategy
                .iter()
                .filter(|q| !num_traits::Zero::is_zero(*q))
                .count();
            let (what, uses) = if used == 1 {
                (
                    mix(g, p, &d.strategy),
                    "the one strategy it plays".to_string(),
                )
            } else {
                (
                    format!("mix {}", mix(g, p, &d.strategy)),
                    format!("the {used} strategies that mix plays"),
                )
            };
            let found = if a.all.complete {
                ""
            } else {
                " found by Lemke–Howson, not necessarily all of them"
            };
            let _ = writeln!(
                out,
                "Nash equilibria: {count} extreme {}{found} (the game is degenerate: against the {}'s {what} the {} has {} best responses ({}), more than {uses}; equilibria then form convex sets, listed here by their extreme points)",
                plural(count, "equilibrium", "equilibria"),
                p.name(),
                p.other().name(),
                best.len(),
                why::join_and(&best),
            );
        }
    }
    for (k, e) in a.all.list.iter().enumerate() {
        let _ = write!(out, "  {}. ", k + 1);
        match e.pure() {
            Some((i, j)) => {
                let _ = writeln!(
                    out,
                    "({}, {}) → {}, {} (pure)",
                    g.names(Player::Row)[i],
                    g.names(Player::Col)[j],
                    show(&e.payoffs.0),
                    show(&e.payoffs.1)
                );
                continue;
            }
            None => {
                let _ = writeln!(
                    out,
                    "row player: {}; column player: {} → expected {}, {}",
                    mix(g, Player::Row, &e.row),
                    mix(g, Player::Col, &e.col),
                    show(&e.payoffs.0),
                    show(&e.payoffs.1)
                );
            }
        }
        let _ = writeln!(out, "     why: {}", why::reason(g, e));
        if explain {
            equations(out, g, e);
        }
    }
}

fn equations(out: &mut String, g: &Bimatrix, e: &Equilibrium) {
    for s in why::systems(g, e) {
        let _ = writeln!(out, "     {}", s.heading);
        for eq in &s.equations {
            let _ = writeln!(out, "       {eq}");
        }
        let _ = writeln!(out, "       ⇒ {}", s.solution);
    }
}

/// A mixed strategy by names: "opera 3/5, football 2/5" (unused strategies left
/// out), or just the name of a pure strategy.
fn mix(g: &Bimatrix, p: Player, probabilities: &[Rational]) -> String {
    if let Some(s) = probabilities.iter().position(num_traits::One::is_one) {
        return g.names(p)[s].clone();
    }
    probabilities
        .iter()
        .enumerate()
        .filter(|(_, q)| !num_traits::Zero::is_zero(*q))
        .map(|(s, q)| format!("{} {}", g.names(p)[s], show(q)))
        .collect::<Vec<_>>()
        .join(", ")
}
