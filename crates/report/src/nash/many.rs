//! The answer of `sprague nash` for games of one player or of three or more:
//! dominance, iterated elimination, every pure equilibrium, and the mixed
//! equilibria of small games by support enumeration (exact where rational, proved
//! narrow intervals otherwise, continua where found).

use super::{comma, dominance_lines, dominated_json, ints, strings};
use crate::json;
use sprague_nash::mixed_many::{self, MixedAll, Mixture, Solution};
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
    /// The mixed equilibria, or why they were not computed.
    mixed: Result<MixedAll, String>,
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
    let mixed = match mixed_many::too_large(&elimination.left) {
        Some(why) => Err(why),
        None => Ok(mixed_many::mixed_among(&game, &elimination.left, budget)?),
    };
    Ok(Analysis {
        game,
        dominant,
        dominated,
        elimination,
        pure,
        mixed,
    })
}

/// What the list of mixed equilibria is, in words.
fn note(a: &Analysis) -> String {
    match &a.mixed {
        Err(why) => format!(
            "only pure equilibria are computed for this game: mixed equilibria need a support enumeration, and {why}"
        ),
        Ok(m) => {
            let mut note = format!(
                "mixed equilibria by support enumeration ({} support profiles solved, {} skipped as holding a strategy strictly dominated against the others' supports): exact where rational; otherwise an interval of width at most 2^-{} (below 1e-12) proved to hold exactly one equilibrium",
                m.supports,
                m.skipped,
                mixed_many::WIDTH_BITS
            );
            if !m.complete {
                note.push_str(
                    "; the list may be incomplete: a support with a continuum of solutions, or a multiple one, was not searched to the end",
                );
            }
            note
        }
    }
}

/// The JSON document: `players`, `pure` (each a `profile`, one strategy per
/// player, and its `payoffs`), `mixed` (null when not computed, else the list of
/// [`mixed_json`]), `complete` (whether `mixed` is every equilibrium), `note`
/// (what `mixed` is), `dominant`, `dominated` and `iterated`, each player's entry
/// in the order of the players.
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
    out.push_str("],\"mixed\":");
    match &a.mixed {
        Err(_) => out.push_str("null,\"complete\":null"),
        Ok(m) => {
            out.push('[');
            for (k, e) in m.list.iter().enumerate() {
                comma(&mut out, k);
                mixed_json(&mut out, &e.support, &e.solution);
            }
            let _ = write!(out, "],\"complete\":{}", m.complete);
        }
    }
    out.push_str(",\"note\":");
    json::string(&mut out, &note(a));
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
        let left: Vec<String> = named_sets(g, &e.left)
            .into_iter()
            .map(|(player, names)| format!("{player} {{{names}}}"))
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
    match &a.mixed {
        Err(_) => {
            let _ = writeln!(out, "mixed equilibria: not computed ({})", note(a));
        }
        Ok(m) => mixed_text(&mut out, g, m, &note(a)),
    }
    out
}

/// One mixed equilibrium in JSON: `support` (each player's strategies played),
/// `kind` and, by kind: `"exact"`: `probabilities` (each player's, one per
/// strategy) and `payoffs`; `"interval"`: `lo` and `hi` (the same shape) with
/// `payoffs_lo`, `payoffs_hi` and `checked` (whether the inequalities hold on the
/// whole box); `"continuum"`: `player` (whose mixture moves), `from` and `to`
/// (the ends of a segment of equilibria), `probabilities` and `payoffs` of a point
/// on it with this support; `"face"`: every profile whose supports lie within
/// `support` is an equilibrium, with `payoffs_lo` and `payoffs_hi` (each player's
/// least and greatest payoff over them); `"unresolved"`: `lo`, `hi` (a hull of the boxes
/// left) and `sample` (an exact equilibrium among them, `{probabilities,
/// payoffs}`, or null). Every number is an exact fraction in a string.
fn mixed_json(out: &mut String, support: &[Vec<usize>], s: &Solution) {
    out.push_str("{\"support\":[");
    for (p, l) in support.iter().enumerate() {
        comma(out, p);
        ints(out, l);
    }
    out.push_str("],\"kind\":");
    let mixture = |out: &mut String, key: &str, m: &Mixture| {
        let _ = write!(out, ",\"{key}\":[");
        for (p, l) in m.iter().enumerate() {
            comma(out, p);
            strings(out, l);
        }
        out.push(']');
    };
    let values = |out: &mut String, key: &str, v: &[sprague_nash::Rational]| {
        let _ = write!(out, ",\"{key}\":");
        strings(out, v);
    };
    match s {
        Solution::Exact {
            mixture: m,
            payoffs,
        } => {
            out.push_str("\"exact\"");
            mixture(out, "probabilities", m);
            values(out, "payoffs", payoffs);
        }
        Solution::Interval {
            lo,
            hi,
            payoffs_lo,
            payoffs_hi,
            checked,
        } => {
            out.push_str("\"interval\"");
            mixture(out, "lo", lo);
            mixture(out, "hi", hi);
            values(out, "payoffs_lo", payoffs_lo);
            values(out, "payoffs_hi", payoffs_hi);
            let _ = write!(out, ",\"checked\":{checked}");
        }
        Solution::Continuum {
            sample,
            payoffs,
            player,
            from,
            to,
        } => {
            let _ = write!(out, "\"continuum\",\"player\":{player}");
            mixture(out, "from", from);
            mixture(out, "to", to);
            mixture(out, "probabilities", sample);
            values(out, "payoffs", payoffs);
        }
        Solution::Face {
            payoffs_lo,
            payoffs_hi,
        } => {
            out.push_str("\"face\"");
            values(out, "payoffs_lo", payoffs_lo);
            values(out, "payoffs_hi", payoffs_hi);
        }
        Solution::Unresolved { lo, hi, sample } => {
            out.push_str("\"unresolved\"");
            mixture(out, "lo", lo);
            mixture(out, "hi", hi);
            out.push_str(",\"sample\":");
            match sample {
                None => out.push_str("null"),
                Some((m, p)) => {
                    out.push('{');
                    let mut inner = String::new();
                    mixture(&mut inner, "probabilities", m);
                    values(&mut inner, "payoffs", p);
                    out.push_str(&inner[1..]);
                    out.push('}');
                }
            }
        }
    }
    out.push('}');
}

/// The mixed equilibria, readably.
fn mixed_text(out: &mut String, g: &Normal, m: &MixedAll, note: &str) {
    let _ = writeln!(
        out,
        "Nash equilibria ({}; pure ones included; {note}):",
        m.list.len()
    );
    // Each player's mixture: "P1: a 2/5, b 3/5" over the strategies played.
    let exact = |x: &Mixture| -> String {
        (0..g.players())
            .map(|p| {
                let parts: Vec<String> = (0..g.count(p))
                    .filter(|&s| !num_traits::Zero::is_zero(&x[p][s]))
                    .map(|s| format!("{}={}", g.names(p)[s], show(&x[p][s])))
                    .collect();
                format!("{}: {}", g.player_names()[p], parts.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    for (k, e) in m.list.iter().enumerate() {
        let _ = write!(out, "  {}. ", k + 1);
        match &e.solution {
            Solution::Exact {
                mixture,
                payoffs: p,
            } => {
                let pure = e.support.iter().all(|s| s.len() == 1);
                let _ = writeln!(
                    out,
                    "{} → {}{}",
                    exact(mixture),
                    payoffs(p),
                    if pure { " (pure)" } else { " (exact)" }
                );
            }
            Solution::Interval {
                lo,
                hi,
                payoffs_lo,
                payoffs_hi,
                checked,
            } => {
                let parts = interval_parts(g, &e.support, lo, hi);
                let pays: Vec<String> = payoffs_lo
                    .iter()
                    .zip(payoffs_hi)
                    .map(|(l, h)| interval(l, h))
                    .collect();
                let _ = writeln!(
                    out,
                    "{} → {} (interval: irrational or not recovered exactly; one equilibrium inside, {})",
                    parts.join("; "),
                    pays.join(", "),
                    if *checked {
                        "every inequality checked on the whole box"
                    } else {
                        "an inequality is undecided within the box: a gain or a probability is 0 there"
                    }
                );
            }
            Solution::Continuum {
                sample,
                payoffs: p,
                player,
                from,
                to,
            } => {
                let _ = writeln!(
                    out,
                    "a continuum of equilibria: every point of the segment from ({}) to ({}), along which only {}'s mixture moves; e.g. {} → {}",
                    exact(from),
                    exact(to),
                    g.player_names()[*player],
                    exact(sample),
                    payoffs(p)
                );
            }
            Solution::Face {
                payoffs_lo,
                payoffs_hi,
            } => {
                let parts: Vec<String> = named_sets(g, &e.support)
                    .into_iter()
                    .map(|(player, names)| format!("{player}: {names}"))
                    .collect();
                let pays: Vec<String> = payoffs_lo
                    .iter()
                    .zip(payoffs_hi)
                    .map(|(l, h)| {
                        if l == h {
                            show(l)
                        } else {
                            format!("{} to {}", show(l), show(h))
                        }
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "a face of equilibria: every profile mixing only {} is an equilibrium → {}",
                    parts.join("; "),
                    pays.join(", ")
                );
            }
            Solution::Unresolved { lo, hi, sample } => {
                let parts = interval_parts(g, &e.support, lo, hi);
                let _ = write!(
                    out,
                    "unresolved: the equations of this support are singular (a continuum of solutions, or a multiple one) within {}",
                    parts.join("; ")
                );
                match sample {
                    Some((x, p)) => {
                        let _ = writeln!(
                            out,
                            "; an exact equilibrium there: {} → {}",
                            exact(x),
                            payoffs(p)
                        );
                    }
                    None => out.push('\n'),
                }
            }
        }
    }
}

/// `row: a=[…], b=[…]` for each player: the strategies of `support` with the
/// intervals `lo..hi` of their probabilities.
fn interval_parts(
    g: &Normal,
    support: &[Vec<usize>],
    lo: &[Vec<sprague_nash::Rational>],
    hi: &[Vec<sprague_nash::Rational>],
) -> Vec<String> {
    (0..g.players())
        .map(|p| {
            let xs: Vec<String> = support[p]
                .iter()
                .map(|&s| format!("{}={}", g.names(p)[s], interval(&lo[p][s], &hi[p][s])))
                .collect();
            format!("{}: {}", g.player_names()[p], xs.join(", "))
        })
        .collect()
}

/// Each player's name and the names of a set of its strategies, `a, b`.
fn named_sets(g: &Normal, sets: &[Vec<usize>]) -> Vec<(String, String)> {
    sets.iter()
        .enumerate()
        .map(|(p, set)| {
            let names: Vec<&str> = set.iter().map(|&s| g.names(p)[s].as_str()).collect();
            (g.player_names()[p].to_string(), names.join(", "))
        })
        .collect()
}

/// `[0.3496828868501, 0.3496828868512]`: an interval with its ends rounded
/// outwards to 13 decimals, so that it still holds the exact one.
fn interval(lo: &sprague_nash::Rational, hi: &sprague_nash::Rational) -> String {
    format!("[{}, {}]", decimal(lo, false), decimal(hi, true))
}

/// `x` rounded down (or up) to 13 decimals, as a decimal.
fn decimal(x: &sprague_nash::Rational, up: bool) -> String {
    use num_bigint::BigInt;
    let scale = BigInt::from(10u64).pow(13);
    let scaled = x * sprague_nash::Rational::from_integer(scale.clone());
    let n = if up { scaled.ceil() } else { scaled.floor() }.to_integer();
    let negative = n < BigInt::from(0);
    let digits = if negative { -n } else { n }.to_string();
    let digits = format!("{digits:0>14}");
    let (int, frac) = digits.split_at(digits.len() - 13);
    format!("{}{int}.{frac}", if negative { "-" } else { "" })
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
