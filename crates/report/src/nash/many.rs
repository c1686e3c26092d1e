//! The answer of `sprague nash` for games of one player or of three or more:
//! dominance, iterated elimination and every pure equilibrium (mixed equilibria
//! are computed for two players only, and the answer says so).

use super::{comma, dominance_lines, dominated_json, ints, strings};
use crate::json;
use sprague_nash::nplayer::{
    Dominated, Eliminated, PureProfile, dominant, dominated, iterated_elimination, pure_equilibria,
};
use sprague_nash::number::show;
use sprague_nash::{Budget, LimitExceeded, Normal};
use std::fmt::Write as _;

/// Games with more profiles than this are reported without their table.
const SHOWN_PROFILES: usize = 64;

/// Everything the command reports about a game of other than two players.
pub(super) struct Analysis {
    game: Normal,
    dominant: Vec<Option<usize>>,
    dominated: Vec<Vec<Dominated>>,
    elimination: Eliminated,
    pure: Vec<PureProfile>,
}

impl Analysis {
    /// The first pure equilibrium's profile, if any.
    pub(super) fn first_pure(&self) -> Option<&[usize]> {
        self.pure.first().map(|p| p.profile.as_slice())
    }
}

pub(super) fn analyse(game: Normal, mut budget: Budget) -> Result<Analysis, LimitExceeded> {
    let budget = &mut budget;
    game.check_sizes(budget)?;
    let n = game.players();
    let dominant = (0..n)
        .map(|p| dominant(&game, p, budget))
        .collect::<Result<Vec<_>, _>>()?;
    let dominated = (0..n)
        .map(|p| dominated(&game, p, budget))
        .collect::<Result<Vec<_>, _>>()?;
    let elimination = iterated_elimination(&game, budget)?;
    let pure = pure_equilibria(&game, budget)?;
    Ok(Analysis {
        game,
        dominant,
        dominated,
        elimination,
        pure,
    })
}

/// Why no mixed equilibrium is listed.
fn only_pure(n: usize) -> String {
    format!(
        "only pure equilibria are computed for games of {n} {}: mixed equilibria are computed for two players only",
        if n == 1 { "player" } else { "players" }
    )
}

/// The JSON document: `players`, `pure` (each a `profile`, one strategy per
/// player, and its `payoffs`), `mixed` (null: not computed), `note` (saying so),
/// `dominant`, `dominated` and `iterated`, each player's entry in the order of the
/// players.
pub(super) fn json(a: &Analysis) -> String {
    let g = &a.game;
    let mut out = String::from("{\"players\":");
    json::strings(&mut out, g.player_names());
    out.push_str(",\"strategies\":[");
    for p in 0..g.players() {
        comma(&mut out, p);
        json::strings(&mut out, g.names(p));
    }
    out.push_str("],\"pure\":[");
    for (k, e) in a.pure.iter().enumerate() {
        comma(&mut out, k);
        out.push_str("{\"profile\":");
        ints(&mut out, &e.profile);
        out.push_str(",\"payoffs\":");
        strings(&mut out, &e.payoffs);
        out.push('}');
    }
    out.push_str("],\"mixed\":null,\"note\":");
    json::string(&mut out, &only_pure(g.players()));
    out.push_str(",\"dominant\":[");
    for (p, d) in a.dominant.iter().enumerate() {
        comma(&mut out, p);
        match d {
            Some(s) => {
                let _ = write!(out, "{s}");
            }
            None => out.push_str("null"),
        }
    }
    out.push_str("],\"dominated\":[");
    for (p, list) in a.dominated.iter().enumerate() {
        comma(&mut out, p);
        dominated_json(&mut out, list.iter().map(|d| (d.strategy, d.by, d.strict)));
    }
    let e = &a.elimination;
    out.push_str("],\"iterated\":{\"left\":[");
    for (p, left) in e.left.iter().enumerate() {
        comma(&mut out, p);
        ints(&mut out, left);
    }
    let _ = write!(out, "],\"rounds\":{},\"eliminated\":[", e.rounds);
    for (i, s) in e.steps.iter().enumerate() {
        comma(&mut out, i);
        let _ = write!(
            out,
            "{{\"round\":{},\"player\":{},\"strategy\":{},\"by\":{}}}",
            s.round, s.player, s.strategy, s.by
        );
    }
    out.push_str("]}}\n");
    out
}

/// The readable report.
pub(super) fn text(a: &Analysis) -> String {
    let g = &a.game;
    let n = g.players();
    let mut out = String::new();
    let counts: Vec<String> = (0..n).map(|p| g.count(p).to_string()).collect();
    let _ = writeln!(
        out,
        "game: {n} {}, {} strategies ({} {})",
        if n == 1 { "player" } else { "players" },
        counts.join(" × "),
        g.profiles(),
        if g.profiles() == 1 {
            "profile"
        } else {
            "profiles"
        }
    );
    if !g.title().is_empty() {
        let _ = writeln!(out, "title: {}", g.title());
    }
    for p in 0..n {
        let _ = writeln!(
            out,
            "  player {} ({}): {}",
            p + 1,
            g.player_names()[p],
            g.names(p).join(", ")
        );
    }
    if g.profiles() <= SHOWN_PROFILES {
        out.push_str("payoffs (one line per profile, the players' payoffs in order):\n");
        for index in 0..g.profiles() {
            let _ = writeln!(
                out,
                "  {} → {}",
                profile(g, &g.profile(index)),
                payoffs(g.payoffs_at(index))
            );
        }
    } else {
        out.push_str("(payoff table not shown: too large)\n");
    }
    out.push('\n');
    out.push_str("dominance (between pure strategies):\n");
    for p in 0..n {
        dominance_lines(
            &mut out,
            &g.player_names()[p],
            g.names(p),
            a.dominant[p],
            "every profile of the others",
            a.dominated[p].iter().map(|d| (d.strategy, d.by, d.strict)),
        );
    }
    let e = &a.elimination;
    out.push_str("iterated elimination of strictly dominated strategies:");
    if e.steps.is_empty() {
        out.push_str(" nothing to remove\n");
    } else {
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
                        g.player_names()[s.player],
                        names[s.strategy],
                        names[s.by]
                    )
                })
                .collect();
            let _ = writeln!(out, "  round {round}: {}", removed.join("; "));
        }
        let left: Vec<String> = e
            .left
            .iter()
            .enumerate()
            .map(|(p, left)| {
                let names: Vec<&str> = left.iter().map(|&s| g.names(p)[s].as_str()).collect();
                format!("{} {{{}}}", g.player_names()[p], names.join(", "))
            })
            .collect();
        let _ = writeln!(
            out,
            "  left: {}{}",
            left.join(" × "),
            if e.left.iter().all(|l| l.len() == 1) {
                " (solvable by dominance)"
            } else {
                ""
            }
        );
    }
    out.push('\n');
    if a.pure.is_empty() {
        out.push_str("pure equilibria: none\n");
    } else {
        let _ = writeln!(
            out,
            "pure equilibria ({}; no player gains by changing strategy alone):",
            a.pure.len()
        );
        for e in &a.pure {
            let _ = writeln!(
                out,
                "  {} → {}",
                profile(g, &e.profile),
                payoffs(&e.payoffs)
            );
        }
    }
    out.push('\n');
    let _ = writeln!(out, "mixed equilibria: not computed ({})", only_pure(n));
    out
}

/// "(a, x, u)": a profile by the strategies' names.
fn profile(g: &Normal, profile: &[usize]) -> String {
    let names: Vec<&str> = profile
        .iter()
        .enumerate()
        .map(|(p, &s)| g.names(p)[s].as_str())
        .collect();
    format!("({})", names.join(", "))
}

/// "1, -3/4, 0".
fn payoffs(values: &[sprague_nash::Rational]) -> String {
    values.iter().map(show).collect::<Vec<_>>().join(", ")
}
