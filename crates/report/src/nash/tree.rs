//! The answer of `sprague nash` for a game tree (Gambit's `.efg`): the
//! subgame-perfect equilibria of a tree of perfect information, the reduced normal
//! form and its equilibria (for two players every one, with the behaviour
//! strategies they give; else the pure ones), and the tree drawn as SVG.

use super::Kind;
use crate::json;
use sprague_nash::efg::Efg;
use sprague_nash::extensive::{Reduced, Spe, behaviour};
use sprague_nash::number::show;
use sprague_nash::{Player, Rational};
use std::fmt::Write as _;

/// What is reported of a tree.
pub(super) struct Tree {
    pub(super) efg: Efg,
    /// Why the tree lacks perfect recall (`None`: it has it).
    pub(super) recall: Option<String>,
    /// Every subgame-perfect equilibrium (`None`: not of perfect information).
    pub(super) spe: Option<Vec<Spe>>,
    /// The reduced normal form, or why it was not made.
    pub(super) reduced: Result<Reduced, String>,
    /// For each equilibrium of a two-player reduced form: each player's behaviour
    /// strategy (per information set, `None` where unreached).
    pub(super) behaviour: Vec<[Behaviour; 2]>,
}

/// A player's behaviour strategy: at each of their information sets, the
/// probability of each action, `None` where their play never reaches it.
pub(super) type Behaviour = Vec<Option<Vec<Rational>>>;

impl Tree {
    /// The behaviour strategies of every equilibrium of a two-player reduced form.
    pub(super) fn with_behaviour(mut self, normal: Option<&Kind>) -> Tree {
        if let (Ok(r), Some(Kind::Two(a))) = (&self.reduced, normal) {
            self.behaviour = a
                .all
                .list
                .iter()
                .map(|e| {
                    [
                        behaviour(&self.efg, r, 0, e.strategy(Player::Row)),
                        behaviour(&self.efg, r, 1, e.strategy(Player::Col)),
                    ]
                })
                .collect();
        }
        self
    }

    /// The number of nodes that end the game.
    fn terminals(&self) -> usize {
        self.efg
            .nodes()
            .iter()
            .filter(|n| n.children.is_empty())
            .count()
    }

    /// Whether node `v` is reached in the highlighted play: the first
    /// subgame-perfect equilibrium, else the first equilibrium of the reduced form
    /// (its behaviour strategies for two players, its pure profile for more).
    pub(super) fn highlighted(&self, normal: Option<&Kind>) -> Option<Vec<bool>> {
        let g = &self.efg;
        if let Some(first) = self.spe.as_ref().and_then(|l| l.first()) {
            let mut on = vec![false; g.nodes().len()];
            for v in first.path(g) {
                on[v] = true;
            }
            return Some(on);
        }
        let r = self.reduced.as_ref().ok()?;
        // The probability with which each player takes each action at each set.
        let take: Vec<Behaviour> = match normal? {
            Kind::Two(_) => self.behaviour.first()?.to_vec(),
            Kind::Many(a) => {
                let profile = a.first_pure()?;
                (0..g.players().len())
                    .map(|p| {
                        r.strategies[p][profile[p]]
                            .iter()
                            .map(|a| {
                                a.map(|a| {
                                    let mut v = vec![Rational::from_integer(0.into()); a + 1];
                                    v[a] = Rational::from_integer(1.into());
                                    v
                                })
                            })
                            .collect()
                    })
                    .collect()
            }
            Kind::None => return None,
        };
        let mut position = vec![usize::MAX; g.infosets().len()];
        for sets in &r.infosets {
            for (i, &h) in sets.iter().enumerate() {
                position[h] = i;
            }
        }
        let mut on = vec![false; g.nodes().len()];
        on[0] = true;
        for (v, node) in g.nodes().iter().enumerate().skip(1) {
            let Some(parent) = node.parent else { continue };
            if !on[parent] {
                continue;
            }
            let a = g.action_to(v).unwrap_or(0);
            let Some(h) = g.nodes()[parent].infoset else {
                continue;
            };
            let set = &g.infosets()[h];
            on[v] = match set.player {
                None => set
                    .probabilities
                    .get(a)
                    .is_some_and(|p| *p.numer() != 0.into()),
                Some(p) => take
                    .get(p)
                    .and_then(|b| b.get(position[h]))
                    .and_then(|x| x.as_ref())
                    .and_then(|probs| probs.get(a))
                    .is_some_and(|x| *x.numer() != 0.into()),
            };
        }
        Some(on)
    }
}

/// The most moves of one player, or of one play, written out in the text.
const SHOWN_MOVES: usize = 40;

/// `parts` joined by `sep`, at most [`SHOWN_MOVES`] of them, then how many more.
fn join_some(parts: &[String], sep: &str) -> String {
    if parts.len() <= SHOWN_MOVES {
        return parts.join(sep);
    }
    format!(
        "{}{sep}… ({} more)",
        parts[..SHOWN_MOVES].join(sep),
        parts.len() - SHOWN_MOVES
    )
}

/// A node's name in the report: its name in the file, else its number.
fn node_label(g: &Efg, v: usize) -> String {
    let name = &g.nodes()[v].name;
    if name.is_empty() {
        format!("node {v}")
    } else {
        format!("node {v} {name:?}")
    }
}

/// Who moves at `v`, in words.
fn mover(g: &Efg, v: usize) -> String {
    match g.player(v) {
        Some(p) => g.players()[p].clone(),
        None => "chance".into(),
    }
}

/// The moves of a play that reaches the nodes of `on`: each player's action, each
/// chance branch of positive probability.
fn play(g: &Efg, spe: &Spe) -> String {
    let mut parts = Vec::new();
    for v in spe.path(g) {
        let node = &g.nodes()[v];
        let Some(h) = node.infoset else { continue };
        let set = &g.infosets()[h];
        match spe.choices[v] {
            Some(a) => parts.push(format!("{} {}", mover(g, v), set.actions[a])),
            None => {
                let branches: Vec<String> = set
                    .actions
                    .iter()
                    .zip(&set.probabilities)
                    .filter(|(_, p)| *p.numer() != 0.into())
                    .map(|(a, p)| format!("{a} {}", show(p)))
                    .collect();
                parts.push(format!("chance ({})", branches.join(", ")));
            }
        }
    }
    if parts.is_empty() {
        "(no move)".into()
    } else {
        join_some(&parts, " → ")
    }
}

/// Each player's strategy in an equilibrium: the action at each of their
/// information sets, in order.
fn spe_strategies(g: &Efg, spe: &Spe) -> Vec<Vec<usize>> {
    (0..g.players().len())
        .map(|p| {
            g.infosets_of(p)
                .iter()
                .map(|&h| {
                    let v = g.infosets()[h].nodes[0];
                    spe.choices[v].unwrap_or(0)
                })
                .collect()
        })
        .collect()
}

/// The readable report: the tree, its subgame-perfect equilibria, then the
/// report of its reduced normal form (`normal`, when made) and the behaviour
/// strategies.
pub(super) fn text(t: &Tree, normal: Option<String>) -> String {
    let g = &t.efg;
    let mut out = String::new();
    let n = g.players().len();
    let depth = g.nodes().iter().map(|x| x.depth).max().unwrap_or(0);
    let _ = writeln!(
        out,
        "game tree: {n} {} ({}), {} nodes ({} terminal), depth {depth}",
        if n == 1 { "player" } else { "players" },
        g.players().join(", "),
        g.nodes().len(),
        t.terminals()
    );
    if !g.title().is_empty() {
        let _ = writeln!(out, "title: {}", g.title());
    }
    let _ = writeln!(
        out,
        "perfect information: {}; perfect recall: {}",
        if t.spe.is_some() { "yes" } else { "no" },
        match &t.recall {
            None => "yes".to_string(),
            Some(why) => format!("no ({why})"),
        }
    );
    out.push('\n');
    match &t.spe {
        None => out.push_str(
            "subgame-perfect equilibria: not computed (backward induction needs perfect information)\n",
        ),
        Some(list) => {
            let _ = writeln!(
                out,
                "subgame-perfect equilibria in pure strategies (backward induction, every tie followed): {}",
                list.len()
            );
            for (k, spe) in list.iter().enumerate() {
                let values: Vec<String> = spe.payoffs.iter().map(show).collect();
                let _ = writeln!(out, "  {}. payoffs {}", k + 1, values.join(", "));
                for (p, actions) in spe_strategies(g, spe).iter().enumerate() {
                    let sets = g.infosets_of(p);
                    let moves: Vec<String> = sets
                        .iter()
                        .zip(actions)
                        .map(|(&h, &a)| {
                            let set = &g.infosets()[h];
                            let at = set.nodes[0];
                            format!("{}: {}", node_label(g, at), set.actions[a])
                        })
                        .collect();
                    let _ = writeln!(
                        out,
                        "     {}: {}",
                        g.players()[p],
                        if moves.is_empty() {
                            "(no move)".to_string()
                        } else {
                            join_some(&moves, "; ")
                        }
                    );
                }
                let _ = writeln!(out, "     play: {}", play(g, spe));
            }
        }
    }
    out.push('\n');
    match &t.reduced {
        Err(why) => {
            let _ = writeln!(out, "reduced normal form: not made ({why})");
        }
        Ok(r) => {
            out.push_str(
                "reduced normal form (strategies named by their action at each information set, * where the player's own moves exclude it):\n",
            );
            for p in 0..n {
                let sets: Vec<String> = r.infosets[p]
                    .iter()
                    .map(|&h| g.infosets()[h].number.to_string())
                    .collect();
                let _ = writeln!(
                    out,
                    "  {}: {} ({}; information sets {})",
                    g.players()[p],
                    r.game.count(p),
                    r.game.names(p).join(", "),
                    if sets.is_empty() {
                        "none".to_string()
                    } else {
                        sets.join(", ")
                    }
                );
            }
            out.push('\n');
            if let Some(normal) = normal {
                out.push_str(&normal);
            }
            if !t.behaviour.is_empty() {
                out.push('\n');
                out.push_str("behaviour strategies of the equilibria (at each information set, the probability of each action; unreached where the player's own strategy never leads there):\n");
                for (k, b) in t.behaviour.iter().enumerate() {
                    let _ = writeln!(out, "  {}.", k + 1);
                    for (p, sets) in b.iter().enumerate() {
                        let parts: Vec<String> = r.infosets[p]
                            .iter()
                            .zip(sets)
                            .map(|(&h, probs)| {
                                let set = &g.infosets()[h];
                                match probs {
                                    None => format!("set {}: unreached", set.number),
                                    Some(probs) => {
                                        let each: Vec<String> = set
                                            .actions
                                            .iter()
                                            .zip(probs)
                                            .map(|(a, x)| format!("{a} {}", show(x)))
                                            .collect();
                                        format!("set {}: {}", set.number, each.join(", "))
                                    }
                                }
                            })
                            .collect();
                        let _ = writeln!(
                            out,
                            "     {}: {}",
                            g.players()[p],
                            if parts.is_empty() {
                                "(no move)".to_string()
                            } else {
                                join_some(&parts, "; ")
                            }
                        );
                    }
                }
                if t.recall.is_some() {
                    out.push_str("  (without perfect recall these need not give the same play as the mixed strategies)\n");
                }
            }
        }
    }
    out
}

/// The `extensive` member of the JSON document.
pub(super) fn json(t: &Tree, out: &mut String) {
    let g = &t.efg;
    out.push_str("{\"title\":");
    json::string(out, g.title());
    out.push_str(",\"players\":");
    json::strings(out, g.players());
    let depth = g.nodes().iter().map(|x| x.depth).max().unwrap_or(0);
    let _ = write!(
        out,
        ",\"nodes\":{},\"terminal\":{},\"depth\":{depth},\"perfect_information\":{},\"perfect_recall\":{},\"recall\":",
        g.nodes().len(),
        t.terminals(),
        t.spe.is_some(),
        t.recall.is_none()
    );
    match &t.recall {
        None => out.push_str("null"),
        Some(why) => json::string(out, why),
    }
    out.push_str(",\"subgame_perfect\":");
    match &t.spe {
        None => out.push_str("null"),
        Some(list) => {
            out.push('[');
            for (k, spe) in list.iter().enumerate() {
                super::comma(out, k);
                out.push_str("{\"payoffs\":");
                super::strings(out, &spe.payoffs);
                out.push_str(",\"strategies\":[");
                for (p, actions) in spe_strategies(g, spe).iter().enumerate() {
                    super::comma(out, p);
                    super::ints(out, actions);
                }
                out.push_str("],\"path\":");
                super::ints(out, &spe.path(g));
                out.push('}');
            }
            out.push(']');
        }
    }
    out.push_str(",\"reduced\":");
    match &t.reduced {
        Err(why) => {
            out.push_str("null,\"reduced_note\":");
            json::string(out, why);
        }
        Ok(r) => {
            out.push_str("{\"strategies\":[");
            for p in 0..g.players().len() {
                super::comma(out, p);
                json::strings(out, r.game.names(p));
            }
            out.push_str("],\"infosets\":[");
            for (p, sets) in r.infosets.iter().enumerate() {
                super::comma(out, p);
                let numbers: Vec<usize> = sets
                    .iter()
                    .map(|&h| g.infosets()[h].number as usize)
                    .collect();
                super::ints(out, &numbers);
            }
            out.push_str("]},\"reduced_note\":null");
        }
    }
    out.push_str(",\"behaviour\":");
    if t.behaviour.is_empty() && !(t.reduced.is_ok() && g.players().len() == 2) {
        out.push_str("null");
    } else {
        out.push('[');
        for (k, b) in t.behaviour.iter().enumerate() {
            super::comma(out, k);
            out.push('[');
            for (p, sets) in b.iter().enumerate() {
                super::comma(out, p);
                out.push('[');
                for (i, probs) in sets.iter().enumerate() {
                    super::comma(out, i);
                    match probs {
                        None => out.push_str("null"),
                        Some(probs) => super::strings(out, probs),
                    }
                }
                out.push(']');
            }
            out.push(']');
        }
        out.push(']');
    }
    out.push('}');
}
