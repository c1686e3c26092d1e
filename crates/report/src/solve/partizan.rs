//! The answer of `sprague solve` for partizan positions and sums: who wins moving
//! first for each player, the outcome class, and every winning move of each player,
//! found by the search of [`sprague_engine::search::partizan`]; in misère play (the
//! player who cannot move wins) by the search of the whole game tree of
//! [`sprague_engine::search::partizan_misere`].

use super::super::{Failure, json};
use sprague_core::{Bound, Limits, Raise};
use sprague_core::{Outcome, Play};
use sprague_engine::partizan::{Game, GameTable, Side};
use sprague_engine::search::partizan::{Config, Part, RegionValues, Search, Stats, Sum, SumSearch};
use sprague_engine::search::partizan_misere::{self as misere, Forms};
use sprague_games::db::Db;
use sprague_games::eval::ValueError;
use sprague_games::partizan::component::{read_misere_sum, read_sum};
use std::fmt::Write as _;
use std::sync::Arc;

/// One winning move, written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winning {
    /// The index of the moved part in the sum as written.
    pub component: usize,
    /// The part before the move.
    pub from: String,
    /// The part after the move.
    pub to: String,
    /// The move in words when `to` does not tell it apart from another move
    /// (Hackenbush: `cutting edge 5, 0-1:R`).
    pub words: Option<String>,
}

impl Winning {
    /// The move in a sentence: `Left moves A to B`, with its words when it has them
    /// (`Right moves A to B (cutting edge 5, 0-1:R)`).
    pub fn text(&self, side: Side) -> String {
        let mut s = format!("{} moves {} to {}", side_name(side), self.from, self.to);
        if let Some(w) = &self.words {
            s.push_str(&format!(" ({w})"));
        }
        s
    }
}

/// The winning moves of one player moving first.
#[derive(Clone, Debug, Default)]
pub struct SideMoves {
    /// Whether the player wins moving first.
    pub wins: bool,
    /// The winning moves (at most `--max-moves`).
    pub moves: Vec<Winning>,
    /// Whether more winning moves exist.
    pub truncated: bool,
    /// Whether the player has no move at all (in misère play such a player wins).
    pub stuck: bool,
}

/// The answer for a partizan sum.
#[derive(Clone, Debug)]
pub struct PartizanSolved {
    /// The parts of the sum as written (positions, or canonical games).
    pub parts: Vec<String>,
    /// The canonical value of each part that is a canonical game or a position whose
    /// regions all have values by a theorem (a green Hackenbush graph: a nimber);
    /// `None` for the other positions, whose values the search does not compute.
    pub values: Vec<Option<String>>,
    /// The value of the whole sum, when every part has one.
    pub total: Option<String>,
    /// Normal or misère play.
    pub play: Play,
    /// `L`, `R`, `N` or `P`.
    pub outcome: Outcome,
    /// The player to move, whose winning moves are `winning_moves` in the document.
    pub first: Side,
    /// Left moving first.
    pub left: SideMoves,
    /// Right moving first.
    pub right: SideMoves,
    /// The work of the search.
    pub stats: Stats,
    /// The explanation, when asked for.
    pub explanation: Option<Vec<String>>,
}

fn side_name(s: Side) -> &'static str {
    if s == Side::Left { "Left" } else { "Right" }
}

/// Solves the partizan sum `text` with `first` to move.
pub fn solve(
    text: &str,
    first: Side,
    max_moves: usize,
    explain: bool,
    limits: &Limits,
) -> Result<PartizanSolved, Failure> {
    solve_db(text, first, max_moves, explain, limits, None)
}

/// Like [`solve`], with the values of small regions looked up in `db` first; an input
/// error if no term of the sum is of the database's ruleset.
pub(crate) fn solve_db(
    text: &str,
    first: Side,
    max_moves: usize,
    explain: bool,
    limits: &Limits,
    db: Option<Arc<Db>>,
) -> Result<PartizanSolved, Failure> {
    let mut t = GameTable::with_limit(limits.max_states);
    let sum = read_sum(&mut t, text, limits).map_err(|e| match e {
        ValueError::Input(e) => Failure::Input(format!("bad expression: {e}")),
        ValueError::Limit(e) => Failure::from(e),
    })?;
    if let Some(db) = &db
        && !sum
            .parts
            .iter()
            .any(|p| matches!(p, Part::Position(c) if db.applies(&**c)))
    {
        return Err(Failure::Input(db.no_term()));
    }
    let config = Config {
        db: db.map(|d| d as Arc<dyn RegionValues>),
        ..Config::new(limits)
    };
    let mut s = Search::with_config(&mut t, limits, config);
    let (outcome, left, right) = both_sides(&mut s, &sum, max_moves)?;
    let stats = s.stats();
    let parts = sum.parts.iter().map(|p| show(&mut t, p)).collect();
    let games: Vec<Option<Game>> = sum.parts.iter().map(|p| part_value(&mut t, p)).collect();
    let mut total = Some(Game::ZERO);
    for g in &games {
        total = match (total, g) {
            (Some(a), Some(b)) => t.add(a, *b).ok(),
            _ => None,
        };
    }
    let total = total.map(|g| t.show(g));
    let values = games.iter().map(|g| g.map(|g| t.show(g))).collect();
    let explanation = explain.then(|| {
        vec![
            format!(
                "A minimax search over the sum decided both players moving first: {} positions searched, {} regions met, {} of them small enough to be replaced by their canonical values.",
                stats.nodes, stats.regions, stats.valued
            ),
            format!(
                "Left moving first {}; Right moving first {}: the outcome class is {}.",
                if left.wins { "wins" } else { "loses" },
                if right.wins { "wins" } else { "loses" },
                outcome.letter()
            ),
            "A winning move leaves a sum that the opponent, moving first, loses.".to_string(),
        ]
    });
    Ok(PartizanSolved {
        parts,
        values,
        total,
        play: Play::Normal,
        outcome,
        first,
        left,
        right,
        stats,
        explanation,
    })
}

/// Solves the partizan sum `text` in misère play (the player who cannot move wins)
/// with `first` to move: the search of the whole game tree
/// ([`sprague_engine::search::partizan_misere`]); no part has a value (misère sums do
/// not decompose by normal-play values).
pub fn solve_misere(
    text: &str,
    first: Side,
    max_moves: usize,
    explain: bool,
    limits: &Limits,
) -> Result<PartizanSolved, Failure> {
    let mut t = GameTable::with_limit(limits.max_states);
    let forms = Forms::new(limits);
    let sum = read_misere_sum(&mut t, text, limits, &forms).map_err(|e| match e {
        ValueError::Input(e) => Failure::Input(format!("bad expression: {e}")),
        ValueError::Limit(e) => Failure::from(e),
    })?;
    let mut s = misere::Search::new(&mut t, limits);
    let (outcome, left, right) = both_sides(&mut s, &sum, max_moves)?;
    let ms = s.stats();
    let stats = Stats {
        nodes: ms.nodes,
        regions: ms.regions,
        ..Stats::default()
    };
    let parts = sum.parts.iter().map(|p| show(&mut t, p)).collect();
    let explanation = explain.then(|| {
        vec![
            format!(
                "Misère play: a player who cannot move wins. Misère sums do not decompose by normal-play values, so a search of the whole game tree decided both players moving first: {} positions searched, {} regions met.",
                stats.nodes, stats.regions
            ),
            format!(
                "Left moving first {}; Right moving first {}: the misère outcome class is {}.",
                if left.wins { "wins" } else { "loses" },
                if right.wins { "wins" } else { "loses" },
                outcome.letter()
            ),
            "A winning move leaves a sum that the opponent, moving first, loses; a player with no move wins at once.".to_string(),
        ]
    });
    Ok(PartizanSolved {
        values: vec![None; sum.parts.len()],
        parts,
        total: None,
        play: Play::Misere,
        outcome,
        first,
        left,
        right,
        stats,
        explanation,
    })
}

/// The value of a part: a canonical game as written, or a position whose regions all
/// have values by a theorem ([`sprague_engine::search::partizan::Component::closed_value`]).
fn part_value(t: &mut GameTable, p: &Part) -> Option<Game> {
    match p {
        Part::Game(g) => Some(*g),
        Part::Position(c) => {
            let mut regions = Vec::new();
            c.regions(&mut regions);
            let mut v = Game::ZERO;
            for r in &regions {
                let g = r.closed_value(t)?.ok()?;
                v = t.add(v, g).ok()?;
            }
            Some(v)
        }
    }
}

fn show(t: &mut GameTable, p: &Part) -> String {
    match p {
        Part::Position(c) => c.show(),
        Part::Game(g) => t.show(*g),
    }
}

/// The outcome of `sum` and each side's winning moves (at most `max_moves`), Left's
/// then Right's, in normal or misère play as `s` searches.
fn both_sides(
    s: &mut dyn SumSearch,
    sum: &Sum,
    max_moves: usize,
) -> Result<(Outcome, SideMoves, SideMoves), Failure> {
    let outcome = s.outcome(sum)?;
    let mut sides = [Side::Left, Side::Right].into_iter().map(|side| {
        let (moves, truncated) = s.winning_moves(sum, side, max_moves)?;
        let stuck = s.play() == Play::Misere && sum.listed_moves(s.table(), side)?.is_empty();
        let moves = moves
            .iter()
            .map(|m| Winning {
                component: m.part,
                from: show(s.table(), &sum.parts[m.part]),
                to: show(s.table(), &m.to),
                words: m.words.clone(),
            })
            .collect();
        let wins = matches!(
            (outcome, side),
            (Outcome::N, _) | (Outcome::L, Side::Left) | (Outcome::R, Side::Right)
        );
        Ok::<_, Failure>(SideMoves {
            wins,
            moves,
            truncated,
            stuck,
        })
    });
    let left = sides.next().expect("two sides")?;
    let right = sides.next().expect("two sides")?;
    Ok((outcome, left, right))
}

impl PartizanSolved {
    /// The moves of `side`.
    pub fn side(&self, side: Side) -> &SideMoves {
        if side == Side::Left {
            &self.left
        } else {
            &self.right
        }
    }

    /// The JSON document (SPEC §2, with the partizan fields), with a final newline.
    pub fn json(&self) -> String {
        let mut out = String::from("{\"position\":");
        json::string(&mut out, &self.parts.join(" + "));
        let _ = write!(
            out,
            ",\"play\":\"{}\",\"outcome\":\"{}\",\"grundy\":null,\"value\":",
            if self.play == Play::Misere {
                "misere"
            } else {
                "normal"
            },
            self.outcome.letter(),
        );
        match &self.total {
            Some(v) => json::string(&mut out, v),
            None => out.push_str("null"),
        }
        let _ = write!(
            out,
            ",\"first\":\"{}\",\"components\":[",
            side_name(self.first).to_lowercase()
        );
        for (i, (p, v)) in self.parts.iter().zip(&self.values).enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"expr\":");
            json::string(&mut out, p);
            out.push_str(",\"value\":");
            match v {
                Some(v) => json::string(&mut out, v),
                None => out.push_str("null"),
            }
            out.push('}');
        }
        out.push_str("],\"winning_moves\":");
        let mine = self.side(self.first);
        moves_json(&mut out, self.first, mine);
        let _ = write!(out, ",\"truncated\":{}", mine.truncated);
        out.push_str(",\"winning_moves_by_side\":{");
        for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let m = self.side(side);
            let _ = write!(
                out,
                "\"{}\":{{\"wins\":{},\"moves\":",
                side_name(side).to_lowercase(),
                m.wins
            );
            moves_json(&mut out, side, m);
            let _ = write!(out, ",\"truncated\":{}}}", m.truncated);
        }
        let _ = write!(
            out,
            "}},\"search\":{{\"nodes\":{},\"regions\":{},\"valued\":{}}}",
            self.stats.nodes, self.stats.regions, self.stats.valued
        );
        if let Some(lines) = &self.explanation {
            out.push_str(",\"explanation\":");
            json::strings(&mut out, lines);
        }
        out.push_str("}\n");
        out
    }

    /// The plain-text answer, saying how to raise a bound with `raise` (the command
    /// line: by its flag).
    pub fn text_with(&self, raise: Raise) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "position:  {}", shorten(&self.parts.join(" + "), 200));
        if self.parts.len() > 1 {
            let _ = writeln!(out, "           ({} components)", self.parts.len());
        }
        let _ = match self.play {
            Play::Misere => writeln!(out, "play:      misère (the player who cannot move wins)"),
            Play::Normal => writeln!(out, "play:      normal (the player who cannot move loses)"),
        };
        let words = match self.outcome {
            Outcome::L => "L: Left wins whoever starts",
            Outcome::R => "R: Right wins whoever starts",
            Outcome::N => "N: the player to move wins",
            _ => "P: the player to move loses (the other player wins)",
        };
        let _ = writeln!(out, "outcome:   {words}");
        if let Some(v) = &self.total {
            let _ = writeln!(out, "value:     {}", shorten(v, 200));
        }
        for side in [self.first, other(self.first)] {
            let m = self.side(side);
            let name = side_name(side);
            if !m.wins {
                let _ = writeln!(
                    out,
                    "{name} moving first loses: every move leaves a winning position for the opponent"
                );
                continue;
            }
            if m.stuck && self.play == Play::Misere {
                let _ = writeln!(out, "{name} moving first wins: {name} has no move");
                continue;
            }
            if m.moves.is_empty() {
                let _ = writeln!(out, "{name} moving first wins");
                continue;
            }
            let _ = writeln!(out, "winning moves for {name} moving first:");
            for w in &m.moves {
                let _ = write!(out, "  {} → {}", shorten(&w.from, 80), shorten(&w.to, 80));
                let _ = match &w.words {
                    Some(words) => writeln!(out, " ({words})"),
                    None => writeln!(out),
                };
            }
            if m.truncated {
                let _ = writeln!(
                    out,
                    "  … more winning moves exist (raise {} to see more)",
                    raise(Bound::ListedMoves)
                );
            }
        }
        if let Some(lines) = &self.explanation {
            let _ = writeln!(out, "why:");
            for l in lines {
                let _ = writeln!(out, "  {l}");
            }
        }
        out
    }
}

fn other(s: Side) -> Side {
    if s == Side::Left {
        Side::Right
    } else {
        Side::Left
    }
}

fn moves_json(out: &mut String, side: Side, m: &SideMoves) {
    out.push('[');
    for (i, w) in m.moves.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"component\":{},\"from\":", w.component);
        json::string(out, &w.from);
        out.push_str(",\"to\":");
        json::string(out, &w.to);
        out.push_str(",\"text\":");
        json::string(out, &w.text(side));
        out.push('}');
    }
    out.push(']');
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let head: String = s.chars().take(max).collect();
    format!("{head}…")
}
