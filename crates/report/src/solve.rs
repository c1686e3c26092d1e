//! The answer of `sprague solve`: decide a position, list its winning moves, explain
//! why (SPEC §2).

use super::{Failure, json};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, Raise, SolveError};
use sprague_core::{Outcome, Play};
use sprague_engine::impartial::position::{Components, Position};
use sprague_engine::impartial::quotient;
use sprague_engine::impartial::sum::{
    Analysis, Component, WinningMove, analyse, heap_move_text, ordinal_text,
};
use sprague_engine::search::impartial::{GaveUp, Solver, misere, misere_loopy};
use std::fmt::Write as _;

pub mod partizan;

use sprague_engine::partizan::Side;

/// Components whose values are listed or explained one by one in plain output.
const SHOWN_COMPONENTS: usize = 12;

/// What to compute besides the answer.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// Most winning moves listed.
    pub max_moves: usize,
    /// Explain the answer (the `explanation` lines).
    pub explain: bool,
    /// Search the remoteness of small positions (the `remoteness` field).
    pub remoteness: bool,
    /// Bounds of the computation.
    pub limits: Limits,
}

/// The answer to `sprague solve`: an impartial sum (with its nim-values) or a
/// partizan one (decided by search for each player moving first).
pub enum Solved {
    /// A sum of impartial components.
    Impartial(ImpartialSolved),
    /// A sum with partizan terms.
    Partizan(partizan::PartizanSolved),
}

/// The answer for an impartial sum: the position, who wins, and every winning move.
pub struct ImpartialSolved {
    /// The components of the position.
    pub components: Position,
    /// Outcome, values and winning moves.
    pub analysis: Analysis,
    /// Normal or misère play.
    pub play: Play,
    /// The reasoning, when asked for.
    pub explanation: Option<Vec<String>>,
    /// The remoteness, when asked for and a small search decides it.
    pub remoteness: Option<u32>,
}

/// Solves the position `text` (SPEC §2); for a partizan position, Left moves first
/// (see [`solve_first`]).
///
/// ```
/// use sprague_report::solve::{Options, solve};
/// let s = solve("nim(3,4,5)", &Options { max_moves: 20, ..Options::default() }).unwrap();
/// assert!(s.json().starts_with("{\"position\":\"nim(3,4,5)\",\"play\":\"normal\",\"outcome\":\"N\",\"grundy\":2,"));
/// assert!(s.text().contains("winning moves:"));
/// ```
pub fn solve(text: &str, o: &Options) -> Result<Solved, Failure> {
    solve_first(text, o, Side::Left)
}

/// Solves the position `text` (SPEC §2) with `first` to move when it is partizan (an
/// impartial position is the same for both players). A position is partizan when a
/// term is a literal, an option term or a partizan family.
///
/// ```
/// use sprague_engine::partizan::Side;
/// use sprague_report::solve::{Options, solve_first};
/// let o = Options { max_moves: 20, ..Options::default() };
/// // 2×2 Domineering is ±1: whoever moves first wins.
/// let s = solve_first("domineering(2,2)", &o, Side::Right).unwrap();
/// assert!(s.json().contains("\"outcome\":\"N\""));
/// ```
pub fn solve_first(text: &str, o: &Options, first: Side) -> Result<Solved, Failure> {
    solve_first_db(text, o, first, None)
}

/// Like [`solve_first`], with the values of the small regions of a partizan position
/// looked up in `db` first ([`sprague_games::db`]); an input error if the position
/// has no term of the database's ruleset.
pub fn solve_first_db(
    text: &str,
    o: &Options,
    first: Side,
    db: Option<std::sync::Arc<sprague_games::db::Db>>,
) -> Result<Solved, Failure> {
    // A plain sum of impartial heaps (a Nim position of a million heaps) is read
    // once, without the syntax tree that deciding whether it is partizan would take.
    let plain = sprague_games::plain_position(text);
    if plain.is_none() && sprague_games::partizan::component::is_partizan(text) == Some(true) {
        if o.misere {
            if db.is_some() {
                return Err(Failure::Input(
                    "a database holds normal-play values, which misère play cannot use".to_string(),
                ));
            }
            return Ok(Solved::Partizan(partizan::solve_misere(
                text,
                first,
                o.max_moves,
                o.explain,
                &o.limits,
            )?));
        }
        return Ok(Solved::Partizan(partizan::solve_db(
            text,
            first,
            o.max_moves,
            o.explain,
            &o.limits,
            db,
        )?));
    }
    if let Some(db) = db {
        return Err(Failure::Input(db.no_term()));
    }
    let components = match plain {
        Some(p) => p,
        None => sprague_games::parsed_position(text)?,
    };
    solve_position(components, o)
}

/// Solves an impartial position already read (e.g. by [`sprague_games::plain_position`]).
///
/// ```
/// use sprague_report::solve::{Options, solve_position};
/// let p = sprague_games::plain_position_bytes(b"nim(3,4,5)").unwrap();
/// let o = Options { max_moves: 20, ..Options::default() };
/// assert!(solve_position(p, &o).unwrap().json().contains("\"grundy\":2"));
/// ```
pub fn solve_position(components: Position, o: &Options) -> Result<Solved, Failure> {
    let limits = &o.limits;
    let play = if o.misere { Play::Misere } else { Play::Normal };
    let analysis = match analyse(&components, play, limits, o.max_moves) {
        // Misère play has no theory beyond Nim: search the whole sum when it is small.
        Err(SolveError::Input(_)) if play == Play::Misere => {
            misere_by_quotient_or_search(&components, limits, o.max_moves)?
        }
        r => r?,
    };
    let explanation = if o.explain {
        Some(explain(&components, &analysis, play, limits)?)
    } else {
        None
    };
    let remoteness = if o.remoteness {
        remoteness(&components, play, limits)
    } else {
        None
    };
    Ok(Solved::Impartial(ImpartialSolved {
        components,
        analysis,
        play,
        explanation,
        remoteness,
    }))
}

impl Solved {
    /// The answer for an impartial sum, if it is one.
    pub fn impartial(&self) -> Option<&ImpartialSolved> {
        match self {
            Solved::Impartial(s) => Some(s),
            Solved::Partizan(_) => None,
        }
    }

    /// The JSON document of `solve --json` (SPEC §2), with a final newline.
    pub fn json(&self) -> String {
        match self {
            Solved::Impartial(s) => s.json(),
            Solved::Partizan(s) => s.json(),
        }
    }

    /// The plain-text answer of `solve`, saying in plain words how to raise a bound
    /// ([`Bound::words`]).
    pub fn text(&self) -> String {
        self.text_with(Bound::words)
    }

    /// The plain-text answer of `solve`, saying how to raise a bound with `raise`
    /// (the command line: by its flag).
    ///
    /// ```
    /// use sprague_report::solve::{solve, Options};
    /// let o = Options { max_moves: 1, ..Options::default() };
    /// let s = solve("nim(1,2,3) + nim(1,2,3,4,5,6,7) + nim(1)", &o).unwrap();
    /// assert!(s.text().contains("(raise the bound on listed moves to see more)"));
    /// assert!(s.text_with(|_| "the knob").contains("(raise the knob to see more)"));
    /// ```
    pub fn text_with(&self, raise: Raise) -> String {
        match self {
            Solved::Impartial(s) => s.text_with(raise),
            Solved::Partizan(s) => s.text_with(raise),
        }
    }
}

impl ImpartialSolved {
    /// The JSON document of `solve --json` (SPEC §2), with a final newline.
    pub fn json(&self) -> String {
        to_json(
            &self.components,
            &self.analysis,
            self.play,
            self.explanation.as_ref(),
            self.remoteness,
        )
    }

    /// The plain-text answer of `solve`, saying how to raise a bound with `raise`.
    pub fn text_with(&self, raise: Raise) -> String {
        to_text(
            &self.components,
            &self.analysis,
            self.play,
            self.explanation.as_deref().unwrap_or(&[]),
            raise,
        )
    }
}

fn to_json(
    components: &Position,
    a: &Analysis,
    play: Play,
    explanation: Option<&Vec<String>>,
    remoteness: Option<u32>,
) -> String {
    let mut out = String::with_capacity(64 + components.count() * 48);
    out.push_str("{\"position\":");
    let mut pos = String::new();
    components.write(&mut pos);
    json::string(&mut out, &pos);
    out.push_str(",\"play\":");
    out.push_str(match play {
        Play::Normal => "\"normal\"",
        Play::Misere => "\"misere\"",
    });
    let _ = write!(out, ",\"outcome\":\"{}\",\"grundy\":", a.outcome.letter());
    if a.infinite_total.is_some() {
        out.push_str("\"inf\"");
    } else {
        json::opt_nat(&mut out, a.grundy.as_ref());
    }
    if let Some(o) = a.ordinal.as_ref().filter(|_| a.grundy.is_none()) {
        // A value beyond every natural number: the ordinal, written out.
        out.push_str(",\"ordinal\":");
        json::string(&mut out, &ordinal_text(o));
    }
    out.push_str(",\"components\":[");
    let mut expr = String::new();
    for (i, (c, g)) in components.each().zip(a.values.iter()).enumerate() {
        if i > 0 {
            out.push(',');
        }
        expr.clear();
        c.family.write_position(&c.pos, &mut expr);
        out.push_str("{\"expr\":");
        json::string(&mut out, &expr);
        out.push_str(",\"grundy\":");
        let g = match play {
            Play::Normal => g,
            Play::Misere => None,
        };
        if a.infinite_of(i).is_some() {
            out.push_str("\"inf\"");
        } else {
            json::opt_nat(&mut out, g.as_ref());
        }
        out.push('}');
    }
    out.push_str("],\"winning_moves\":[");
    for (i, m) in a.winning.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let c = components.component(m.component);
        let _ = write!(out, "{{\"component\":{},\"from\":", m.component);
        json::string(&mut out, &c.expr());
        out.push_str(",\"to\":");
        json::string(&mut out, &c.after_text(&m.mv));
        out.push_str(",\"text\":");
        // The family's words, as SPEC §2 shows them; the heap is in the fields below.
        json::string(&mut out, &m.mv.text);
        // The heap number (1-based, as in the text) and the stones taken, where they
        // apply: what a contest judge asks for.
        out.push_str(",\"heap\":");
        match c.heap_size() {
            Some(_) => {
                let _ = write!(out, "{}", m.component + 1);
            }
            None => out.push_str("null"),
        }
        out.push_str(",\"take\":");
        json::opt_nat(
            &mut out,
            m.mv.take.as_ref().filter(|_| c.heap_size().is_some()),
        );
        out.push('}');
    }
    let _ = write!(out, "],\"truncated\":{}", a.truncated);
    // Only where the exhaustive search could decide it.
    if let Some(r) = remoteness {
        let _ = write!(out, ",\"remoteness\":{r}");
    }
    if let Some(lines) = explanation {
        out.push_str(",\"explanation\":");
        json::strings(&mut out, lines);
    }
    out.push_str("}\n");
    out
}

fn outcome_words(o: Outcome, play: Play) -> &'static str {
    match (o, play) {
        (Outcome::N, _) => "N: the player to move wins",
        (Outcome::P, _) => "P: the player to move loses (the other player wins)",
        (Outcome::D, _) => "D: a draw with best play",
        (Outcome::L, _) => "L: Left wins whoever starts",
        (Outcome::R, _) => "R: Right wins whoever starts",
    }
}

fn to_text(
    components: &Position,
    a: &Analysis,
    play: Play,
    explanation: &[String],
    raise: Raise,
) -> String {
    let mut out = String::new();
    let mut pos = String::new();
    let cut = components.write_up_to(&mut pos, 200);
    let mut shown = shorten(&pos, 200);
    if cut && !shown.ends_with('…') {
        shown.push('…');
    }
    let _ = writeln!(out, "position:  {shown}");
    if components.count() > 1 {
        let _ = writeln!(out, "           ({} components)", components.count());
    }
    let _ = writeln!(
        out,
        "play:      {}",
        match play {
            Play::Normal => "normal (the player who cannot move loses)",
            Play::Misere => "misère (the player who cannot move wins)",
        }
    );
    let _ = writeln!(out, "outcome:   {}", outcome_words(a.outcome, play));
    if let Some(k) = &a.infinite_total {
        let what = if components.count() == 1 {
            "an infinite loopy value".to_string()
        } else {
            format!(
                "infinite: {} of the {} components {}",
                a.infinite.len(),
                components.count(),
                if a.infinite.len() == 1 {
                    "has an infinite loopy value"
                } else {
                    "have infinite loopy values"
                }
            )
        };
        let _ = writeln!(out, "nim-value: {} ({what})", infinite_value(k));
    } else if let (Some(o), Play::Normal) = (&a.ordinal, play) {
        let _ = match &a.grundy {
            None => writeln!(
                out,
                "nim-value: none finite: the value is the infinite ordinal {}",
                ordinal_text(o)
            ),
            Some(g) => writeln!(
                out,
                "nim-value: {g} (the components' infinite ordinal values cancel)"
            ),
        };
    } else if play == Play::Normal {
        match &a.grundy {
            Some(g) => {
                let parts: Vec<String> = a
                    .values
                    .iter()
                    .take(SHOWN_COMPONENTS)
                    .map(|v| v.as_ref().map(Nat::to_string).unwrap_or_else(|| "?".into()))
                    .collect();
                if components.count() > 1 && components.count() <= SHOWN_COMPONENTS {
                    let _ = writeln!(out, "nim-value: {g} = {}", parts.join(" ⊕ "));
                } else if components.count() > SHOWN_COMPONENTS {
                    let _ = writeln!(
                        out,
                        "nim-value: {g} (XOR of {} component values)",
                        components.count()
                    );
                } else {
                    let _ = writeln!(out, "nim-value: {g}");
                }
            }
            None => {
                let _ = writeln!(
                    out,
                    "nim-value: not computed (too costly; the outcome is exact)"
                );
            }
        }
    }
    if a.outcome == Outcome::N {
        if a.winning.is_empty() {
            let _ = writeln!(
                out,
                "winning moves: none needed (no move is possible, and in misère play that wins)"
            );
        } else {
            let _ = writeln!(out, "winning moves:");
            for m in &a.winning {
                let c = components.component(m.component);
                let _ = writeln!(
                    out,
                    "  {} → {}: {}",
                    shorten(&c.expr(), 80),
                    shorten(&c.after_text(&m.mv), 80),
                    move_text(m, &c)
                );
            }
            if a.truncated {
                let _ = writeln!(
                    out,
                    "  … {} (raise {} to see more)",
                    if a.complete {
                        "more winning moves exist"
                    } else {
                        "other components may have winning moves too"
                    },
                    raise(Bound::ListedMoves)
                );
            }
        }
    } else if a.outcome == Outcome::P {
        let _ = writeln!(
            out,
            "winning moves: none — every move leaves a winning position for the opponent"
        );
    } else if a.outcome == Outcome::D {
        let _ = writeln!(
            out,
            "winning moves: none — neither player can force a win; play can go on forever"
        );
    }
    if !explanation.is_empty() {
        let _ = writeln!(out, "why:");
        for l in explanation {
            let _ = writeln!(out, "  {l}");
        }
    }
    out
}

/// The words of a winning move; a heap is named by its number, the 1-based index of
/// its component in the sum as written.
fn move_text(m: &WinningMove, c: &Component) -> String {
    match c.heap_size() {
        Some(size) => heap_move_text(m.component + 1, size, &m.mv.text, m.mv.take.as_ref()),
        None => m.mv.text.clone(),
    }
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let head: String = s.chars().take(max).collect();
    format!("{head}…")
}

/// ∞(K) written as `∞{0,2}`.
fn infinite_value(k: &[Nat]) -> String {
    let parts: Vec<String> = k.iter().map(Nat::to_string).collect();
    format!("∞{{{}}}", parts.join(","))
}

fn binary(n: &Nat, width: u64) -> String {
    (0..width.max(1))
        .rev()
        .map(|i| if n.bit(i) { '1' } else { '0' })
        .collect()
}

/// The reasoning behind the answer, in sentences.
pub fn explain(
    components: &Position,
    a: &Analysis,
    play: Play,
    limits: &Limits,
) -> Result<Vec<String>, Failure> {
    let mut lines = Vec::new();
    let all_nim = components
        .each()
        .all(|c| c.family.nim_heap(&c.pos).is_some());
    if play == Play::Misere && !all_nim {
        if components.count() == 1 {
            let c = components.component(0);
            let expr = shorten(&c.expr(), 60);
            let own = c.family.explain_misere(&c.pos, limits)?;
            if !own.is_empty() {
                lines.extend(own.into_iter().map(|l| format!("{expr}: {l}")));
                return Ok(lines);
            }
        }
        if let Some((family, sizes)) = quotient::one_family_heaps(components) {
            let largest = sizes.iter().copied().max().unwrap_or(0).max(1);
            if let Some(q) = quotient::known(&*family, largest) {
                return Ok(quotient::explain(&q, &sizes));
            }
        }
        lines.push(
            "Misère play has no general theory beyond Nim: the answer comes from an exhaustive search of the whole sum (where positions can repeat, every position is decided backwards from those without a move, and what neither player can force is a draw), and the winning moves are those that leave a position lost for the player then to move.".to_string(),
        );
        lines.extend(super::genus::explain_lines(components, limits)?);
        return Ok(lines);
    }
    if play == Play::Misere {
        lines.push(
            "Misère Nim (Bouton): play as in normal Nim unless the move would leave only heaps of size 0 or 1; then leave an odd number of 1-heaps.".to_string(),
        );
        lines.push("So the player to move loses exactly when all heaps are 0 or 1 and an odd number are 1, or some heap is 2 or more and the XOR of the heaps is 0.".to_string());
        lines.extend(super::genus::explain_lines(components, limits)?);
        return Ok(lines);
    }
    for c in components.each().take(SHOWN_COMPONENTS) {
        let expr = shorten(&c.expr(), 60);
        for l in c.family.explain(&c.pos, limits)? {
            lines.push(format!("{expr}: {l}"));
        }
    }
    if components.count() > SHOWN_COMPONENTS {
        lines.push(format!(
            "… and {} more components.",
            components.count() - SHOWN_COMPONENTS
        ));
    }
    if components.count() == 1 {
        return Ok(lines);
    }
    if let Some(k) = &a.infinite_total {
        explain_infinite(components, a, k, &mut lines);
        return Ok(lines);
    }
    if let Some(o) = &a.ordinal {
        let sum = ordinal_text(o);
        lines.push(format!(
            "Some components are worth infinite ordinals (a move there may leave parts of the position as large as it likes): values add by the nim-sum of ordinals, the XOR of the coefficients of each power of ω, here {sum}."
        ));
        lines.push(match &a.grundy {
            None => "The infinite part is not 0, so the player to move wins, and only a component worth an infinite ordinal α can make the sum 0, moving to α ⊕ the sum.".to_string(),
            Some(g) if g.is_zero() => "The nim-sum is 0: every move changes one component's value, and the opponent can always bring the sum back to 0. The player to move loses.".to_string(),
            Some(g) => format!("The infinite parts cancel: the sum is worth {g}, and the player to move wins by moving some component from its value α to α ⊕ {g} where that is smaller."),
        });
        return Ok(lines);
    }
    let Some(total) = &a.grundy else {
        if a.outcome == Outcome::P {
            lines.push("The position is a P-position: every move leads to a position from which the opponent wins.".into());
        }
        return Ok(lines);
    };
    if components.count() > 1 {
        lines.push(
            "Sprague–Grundy: a sum is worth the XOR (nim-sum) of its components' values.".into(),
        );
        if components.count() <= SHOWN_COMPONENTS {
            let width = a
                .values
                .iter()
                .flatten()
                .map(|v| v.bits())
                .max()
                .unwrap_or(1)
                .max(1);
            let parts: Vec<String> = a
                .values
                .iter()
                .flatten()
                .map(|v| format!("{v} ({})", binary(&v, width)))
                .collect();
            lines.push(format!(
                "{} = {total} ({})",
                parts.join(" ⊕ "),
                binary(total, width)
            ));
        }
        if let Some(line) = cancelled_pairs(components, a, total) {
            lines.push(line);
        }
    }
    if total.is_zero() {
        lines.push("The nim-sum is 0: every move changes one component's value and makes it non-zero, and the opponent can always bring it back to 0. The player to move loses.".into());
    } else {
        let bit = total.bits() - 1;
        let having: Vec<String> = components
            .each()
            .zip(a.values.iter())
            .filter(|(_, v)| v.as_ref().is_some_and(|v| v.bit(bit)))
            .take(SHOWN_COMPONENTS)
            .map(|(c, v)| {
                format!(
                    "{} (value {})",
                    shorten(&c.expr(), 60),
                    v.as_ref().map(Nat::to_string).unwrap_or_default()
                )
            })
            .collect();
        lines.push(format!(
            "The nim-sum {total} is not 0, so the player to move wins by moving some component from value g to g ⊕ {total}, which makes the nim-sum 0."
        ));
        lines.push(format!(
            "Its highest set bit is bit {bit} (worth 2^{bit}); every component whose value has that bit can move down to g ⊕ {total} < g: {}.",
            having.join(", ")
        ));
    }
    Ok(lines)
}

/// The simplification the notes teach: components of equal value cancel in pairs
/// (g ⊕ g = 0; two copies of one game are a second-player win, the second player
/// copying every move in the other copy) and components of value 0 drop out, leaving
/// a smaller sum of the same nim-sum. `None` when nothing cancels.
fn cancelled_pairs(components: &Position, a: &Analysis, total: &Nat) -> Option<String> {
    let values: Vec<Nat> = a.values.iter().collect::<Option<Vec<Nat>>>()?;
    let mut open: std::collections::HashMap<&Nat, usize> = std::collections::HashMap::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut zeros: Vec<usize> = Vec::new();
    let mut left = vec![false; values.len()];
    for (i, v) in values.iter().enumerate() {
        if v.is_zero() {
            zeros.push(i);
            continue;
        }
        match open.remove(v) {
            Some(j) => {
                left[j] = false;
                pairs.push((j, i));
            }
            None => {
                open.insert(v, i);
                left[i] = true;
            }
        }
    }
    if pairs.is_empty() && zeros.is_empty() {
        return None;
    }
    let name = |i: usize| shorten(&components.component(i).expr(), 60);
    let mut parts = Vec::new();
    if !pairs.is_empty() {
        let shown: Vec<String> = pairs
            .iter()
            .take(SHOWN_COMPONENTS)
            .map(|&(i, j)| format!("{} with {}", name(i), name(j)))
            .collect();
        let more = if pairs.len() > SHOWN_COMPONENTS {
            format!(" and {} more pairs", pairs.len() - SHOWN_COMPONENTS)
        } else {
            String::new()
        };
        parts.push(format!(
            "Equal values cancel in pairs (g ⊕ g = 0; two copies of one game are a second-player win: copy every move in the other copy): {}{more}",
            shown.join(", ")
        ));
    }
    if !zeros.is_empty() {
        let shown: Vec<String> = zeros
            .iter()
            .take(SHOWN_COMPONENTS)
            .map(|&i| name(i))
            .collect();
        let more = if zeros.len() > SHOWN_COMPONENTS {
            ", …"
        } else {
            ""
        };
        parts.push(format!(
            "Components of value 0 change nothing: {}{more}",
            shown.join(", ")
        ));
    }
    let rest: Vec<usize> = (0..left.len()).filter(|&i| left[i]).collect();
    let tail = if rest.is_empty() {
        "Nothing is left: the nim-sum is 0.".to_string()
    } else if let [i] = rest[..] {
        format!("What is left is {}, of value {total}.", name(i))
    } else {
        let shown: Vec<String> = rest
            .iter()
            .take(SHOWN_COMPONENTS)
            .map(|&i| name(i))
            .collect();
        let more = if rest.len() > SHOWN_COMPONENTS {
            " + …"
        } else {
            ""
        };
        let values: Vec<String> = rest
            .iter()
            .take(SHOWN_COMPONENTS)
            .map(|&i| values[i].to_string())
            .collect();
        let more_values = if rest.len() > SHOWN_COMPONENTS {
            " ⊕ …"
        } else {
            ""
        };
        format!(
            "What is left, {}{more}, has the same nim-sum: {}{more_values} = {total}.",
            shown.join(" + "),
            values.join(" ⊕ ")
        )
    };
    Some(format!("{}. {tail}", parts.join(". ")))
}

/// Smith's sum rules for a sum with infinite components.
fn explain_infinite(components: &Position, a: &Analysis, k: &[Nat], lines: &mut Vec<String>) {
    lines.push("Smith's rules for loopy sums: finite values combine by XOR; a finite value b added to ∞(K) gives ∞(K ⊕ b); two infinite values give ∞{}, a draw.".into());
    let [(i, ki)] = a.infinite.as_slice() else {
        lines.push(format!(
            "{} components have infinite values, so the sum is a draw: each player can always keep an infinite component infinite, and no move reaches a position of value 0.",
            a.infinite.len()
        ));
        return;
    };
    let mut b = Nat::ZERO;
    for v in a.values.iter().flatten() {
        b ^= &v;
    }
    let name = shorten(&components.component(*i).expr(), 60);
    lines.push(format!(
        "{name} has value {}; the other components XOR to b = {b}; the sum is {}.",
        infinite_value(ki),
        infinite_value(k)
    ));
    if a.outcome == Outcome::N {
        lines.push(format!(
            "b = {b} is in K, so the player to move wins by moving {name} to an option of value {b}: that makes the whole sum a P-position (value 0). Every other move leaves an infinite component, which is never a loss for the player to move."
        ));
    } else {
        lines.push(format!(
            "b = {b} is not in K, so no move reaches a position of value 0 and the sum is a draw: the player to move cannot win, but can always avoid losing."
        ));
    }
}

/// The positions a misère search of a whole sum may visit: a 250th of `--max-states`
/// (the search stores whole sums, not single components).
fn misere_states(limits: &Limits) -> u64 {
    (limits.max_states / 250).max(1)
}

/// Misère play of a sum of heaps of one heap game by its misère quotient
/// ([`quotient::misere`]) when the quotient up to the largest heap can be computed and
/// verified; otherwise by the whole-sum search ([`misere_by_search`]).
fn misere_by_quotient_or_search(
    components: &Position,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    match quotient::misere(components, limits, max_moves) {
        Ok(Some((a, _))) => Ok(a),
        // A limit or a candidate that failed its verification: the search may still
        // decide a small sum.
        Ok(None) | Err(_) => misere_by_search(components, limits, max_moves),
    }
}

/// Misère play of any small sum, by exhaustive search of the whole sum: the winning
/// moves are those to positions lost for the next player. An error when the search
/// cannot decide: a `Limit` when its bound was reached, else an `Input` error saying
/// why no bound helps (a loopy game, a component with too many moves).
fn misere_by_search(
    components: &Position,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    let comps = components.to_vec();
    let mut solver = Solver::new(Play::Misere, limits, misere_states(limits));
    match misere(&comps, limits, &mut solver, max_moves) {
        // Positions that repeat: retrograde analysis of every position, draws too.
        Err(_) if solver.gave_up() == GaveUp::Cycle => {
            misere_loopy(&comps, limits, misere_states(limits), max_moves)
        }
        r => r,
    }
}

/// Most components of a sum whose remoteness `solve --json` searches for.
const REMOTENESS_COMPONENTS: usize = 32;

/// Most positions the remoteness search of `solve --json` visits (or `--max-states`
/// when lower).
const REMOTENESS_STATES: u64 = 20_000;

/// The remoteness of a small position by exhaustive search, or `None`.
pub fn remoteness(components: &Position, play: Play, limits: &Limits) -> Option<u32> {
    if components.count() > REMOTENESS_COMPONENTS {
        return None;
    }
    let states = limits.max_states.min(REMOTENESS_STATES);
    Solver::new(play, limits, states)
        .decide(&components.to_vec())
        .map(|d| d.remoteness)
}
