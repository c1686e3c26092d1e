//! `sprague play` for partizan positions: the human plays Left or Right (`--as`),
//! `--first` says who moves first; the one loop of [`super::game`] reads moves and
//! commands, and this module says what is shown of the library's [`Session`].

use super::{Failure, Front, JSON_MOVES, LineReader, Out, PAGE, SHOWN_MENU, game, json};
use sprague::core::{Limits, Outcome, Play};
use sprague::partizan::Side;
use sprague::play::Player;
use sprague::play::partizan::{self as pp, Analysis, Move, Session, side_name};
use std::fmt::Write as _;

/// The answer to `help` on a partizan position, with the cells a move of each board
/// ruleset names (from the games layer).
fn help() -> String {
    let mut text = String::from(
        "Ways to move (the computer checks that the move is legal, and says what it understood):
  N or #N            the N-th move of the numbered list ('moves')
  a1 a2              the move that changes these cells of a board (columns a, b, … from
                     the left, rows 1, 2, … from the top); 2:a1 a2 in the second part of
                     a sum. The cells a move names:
",
    );
    for (name, cells) in sprague::games::partizan::move_cells() {
        text.push_str(&format!("                       {name}: {cells}\n"));
    }
    text.push_str(
        "  EXPR               the part after the move, e.g. domineering(\"#.|#.\"), or just its
                     board #.|#., or the whole position after the move
Anything else is not played: the message lists these forms.
Commands: hint, why, undo, value, moves, show, help, quit",
    );
    text
}

/// The game on a partizan position.
pub(super) fn run(
    text: &str,
    first: Side,
    human: Side,
    play: Play,
    limits: Limits,
    out: &Out,
    input: &mut LineReader,
) -> Result<(), Failure> {
    let mut s = match play {
        Play::Normal => Session::new(text, first, human, limits)?,
        Play::Misere => Session::new_misere(text, first, human, limits)?,
    };
    s.set_raise(sprague::flags::raise_with);
    let start = s.position_text();
    let start_outcome = s.analyse()?.outcome;
    let mut g = Partizan {
        s,
        start,
        start_outcome,
        first,
    };
    game(&mut g, out, input)
}

/// A partizan game, and how it started.
struct Partizan {
    s: Session,
    start: String,
    start_outcome: Option<Outcome>,
    first: Side,
}

impl Front for Partizan {
    type S = Session;
    fn help() -> String {
        help()
    }

    fn session(&mut self) -> &mut Session {
        &mut self.s
    }

    fn intro(&self) -> String {
        format!(
            "{} ({}); {} moves first; you play {}. Type 'help' for the ways to move.",
            self.start,
            match self.s.play() {
                Play::Normal => "normal play: whoever makes the last move wins",
                Play::Misere => "misère play: whoever makes the last move loses",
            },
            side_name(self.first),
            side_name(self.s.human())
        )
    }

    fn print_state(&mut self, out: &Out) -> Result<(), Failure> {
        print_state(&mut self.s, out)
    }

    fn end(&mut self, w: Player, out: &Out) -> Result<(), Failure> {
        let s = &self.s;
        let human = s.human();
        let w = match w {
            Player::Human => human,
            Player::Computer => pp::other(human),
        };
        let summary = format!(
            "{}, {}: {} ({}) won after {} move{}; the start was {} with {} moving first.",
            self.start,
            play_name(s.play()),
            side_name(w),
            if w == human { "you" } else { "the computer" },
            s.moves_made(),
            if s.moves_made() == 1 { "" } else { "s" },
            match self.start_outcome {
                Some(o) => format!("of outcome class {}", o.letter()),
                None => undecided(),
            },
            side_name(self.first)
        );
        if out.json {
            let mut j = String::from("{\"event\":\"end\",\"winner\":");
            json::string(&mut j, &side_name(w).to_lowercase());
            let _ = write!(
                j,
                ",\"you_won\":{},\"moves\":{},\"summary\":",
                w == human,
                s.moves_made()
            );
            json::string(&mut j, &summary);
            j.push('}');
            out.emit(&j)
        } else {
            let head = if w == human {
                "Game over: you win!"
            } else {
                "Game over: the computer wins."
            };
            out.emit(&format!("{}\n{summary}", out.bold(head)))
        }
    }

    fn computer_label(&mut self) -> String {
        // The side that has just moved.
        format!("Computer ({}):", side_name(pp::other(self.s.to_move())))
    }

    fn describe(m: &Move) -> String {
        describe(m)
    }

    fn not_played(_line: &str, e: &str) -> String {
        format!(
            "{e}; commands: hint, why, undo, value, moves, show, help, quit. Nothing was played; try again."
        )
    }

    fn hint(&mut self, out: &Out) -> Result<(), Failure> {
        hint(&mut self.s, out)
    }

    fn why(&mut self, out: &Out) -> Result<(), Failure> {
        why(&self.s, out)
    }

    fn value(&mut self, out: &Out) -> Result<(), Failure> {
        value(&mut self.s, out)
    }

    fn moves(&mut self, out: &Out, page: usize) -> Result<(), Failure> {
        moves(&mut self.s, out, page)
    }
}

/// A move in words: the cells it changes, or the part before and after.
fn describe(m: &Move) -> String {
    if m.cells.is_empty() {
        m.text.clone()
    } else {
        format!("{} ({})", cells(m), m.text)
    }
}

/// The cells a move changes, as typed (`a1 a2`), with the part's number in a sum.
fn cells(m: &Move) -> String {
    m.cells
        .iter()
        .map(|&(r, c)| pp::cell_name(r, c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move in JSON; `index` is its number in the list (from 1), when it has one.
fn move_json(j: &mut String, index: Option<usize>, m: &Move) {
    j.push_str("{\"index\":");
    json::opt_u64(j, index.map(|i| i as u64 + 1));
    let _ = write!(j, ",\"part\":{},\"from\":", m.part);
    json::string(j, &m.from);
    j.push_str(",\"to\":");
    json::string(j, &m.to);
    j.push_str(",\"cells\":");
    let names: Vec<String> = m.cells.iter().map(|&(r, c)| pp::cell_name(r, c)).collect();
    json::strings(j, &names);
    j.push_str(",\"text\":");
    json::string(j, &m.text);
    j.push_str(",\"wins\":");
    opt_bool(j, m.wins);
    j.push('}');
}

fn opt_bool(j: &mut String, b: Option<bool>) {
    j.push_str(match b {
        Some(true) => "true",
        Some(false) => "false",
        None => "null",
    });
}

fn side_json(j: &mut String, s: Side) {
    json::string(j, &side_name(s).to_lowercase());
}

fn print_state(s: &mut Session, out: &Out) -> Result<(), Failure> {
    let position = s.position_text();
    let parts = s.parts();
    let human = s.human();
    let a: Analysis = s.analyse()?.clone();
    let over = a.moves.is_empty();
    if out.json {
        let mut j = String::from("{\"event\":\"state\",\"position\":");
        json::string(&mut j, &position);
        j.push_str(",\"play\":");
        json::string(&mut j, play_word(s.play()));
        j.push_str(",\"to_move\":");
        side_json(&mut j, a.to_move);
        j.push_str(",\"you\":");
        side_json(&mut j, human);
        let _ = write!(j, ",\"move_number\":{},\"last_move\":", s.moves_made());
        match &s.current().last {
            Some((who, m)) => {
                j.push_str("{\"by\":");
                side_json(&mut j, *who);
                j.push_str(",\"move\":");
                move_json(&mut j, None, m);
                j.push('}');
            }
            None => j.push_str("null"),
        }
        j.push_str(",\"outcome\":");
        json::opt_string(&mut j, a.outcome.map(|o| o.letter()));
        j.push_str(",\"value\":");
        json::opt_string(&mut j, a.value.as_deref());
        j.push_str(",\"mover_wins\":");
        opt_bool(&mut j, a.mover_wins);
        let _ = write!(j, ",\"over\":{over},\"winner\":");
        match s.winner()? {
            Some(w) => side_json(&mut j, w),
            None => j.push_str("null"),
        }
        j.push_str(",\"note\":");
        json::opt_string(&mut j, a.note.as_deref());
        j.push('}');
        return out.emit(&j);
    }
    let mut t = String::new();
    let _ = writeln!(t, "\n{} {position}", out.bold("Position:"));
    for (k, p) in parts.iter().enumerate() {
        if let Some(rows) = pp::board_rows(p) {
            if parts.len() > 1 {
                let _ = writeln!(t, "  part {}: {p}", k + 1);
            }
            let width = rows[0].chars().count();
            let head: Vec<String> = (0..width)
                .map(|c| {
                    let n = pp::cell_name(0, c);
                    n[..n.len() - 1].to_string()
                })
                .collect();
            let _ = writeln!(t, "      {}", head.join(" "));
            for (r, row) in rows.iter().enumerate() {
                let cells: Vec<String> = row.chars().map(String::from).collect();
                let _ = writeln!(t, "  {:>3} {}", r + 1, cells.join(" "));
            }
        }
    }
    let who = if a.to_move == human {
        "you"
    } else {
        "the computer"
    };
    let _ = write!(t, "  {} to move ({who})", side_name(a.to_move));
    match a.outcome {
        Some(o) => {
            let _ = write!(t, "; outcome {}", o.letter());
        }
        None => {
            let _ = write!(t, "; outcome {}", undecided());
        }
    }
    if let Some(v) = &a.value {
        let _ = write!(t, ", value {v}");
    }
    if !over && a.to_move == human && a.moves.len() <= SHOWN_MENU {
        let items: Vec<String> = a
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}) {}", i + 1, short(m, parts.len())))
            .collect();
        let _ = write!(t, "\n  moves: {}", items.join("  "));
    }
    out.emit(t.trim_end())
}

/// A move as it may be typed: its cells (with the part in a sum), else the part after.
fn short(m: &Move, parts: usize) -> String {
    if m.cells.is_empty() {
        m.to.clone()
    } else if parts > 1 {
        format!("{}:{}", m.part + 1, cells(m))
    } else {
        cells(m)
    }
}

fn hint(s: &mut Session, out: &Out) -> Result<(), Failure> {
    let a = s.analyse()?.clone();
    let winning: Vec<(usize, &Move)> = a
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m.wins == Some(true))
        .collect();
    if out.json {
        let mut j = String::from("{\"event\":\"hint\",\"wins\":");
        opt_bool(&mut j, a.mover_wins);
        j.push_str(",\"winning_moves\":[");
        for (k, (i, m)) in winning.iter().enumerate() {
            if k > 0 {
                j.push(',');
            }
            move_json(&mut j, Some(*i), m);
        }
        j.push_str("],\"note\":");
        json::opt_string(&mut j, a.note.as_deref());
        j.push('}');
        return out.emit(&j);
    }
    if a.mover_wins == Some(false) {
        return out.emit("No winning move: the position is lost against best play. Make the game long and hope for a mistake.");
    }
    if winning.is_empty() {
        return out.emit(&format!(
            "No winning move found: the position is {}.",
            undecided()
        ));
    }
    let mut t = format!("Winning move{}:", if winning.len() == 1 { "" } else { "s" });
    for (i, m) in winning.iter().take(10) {
        let _ = write!(t, "\n  {}) {}", i + 1, describe(m));
    }
    if winning.len() > 10 {
        let _ = write!(t, "\n  … and {} more", winning.len() - 10);
    }
    out.emit(&t)
}

fn why(s: &Session, out: &Out) -> Result<(), Failure> {
    let hist = s.history();
    let Some(k) = (1..hist.len())
        .rev()
        .find(|&k| matches!(&hist[k].last, Some((who, _)) if *who != s.human()))
    else {
        return out.message("why", "The computer has not moved yet.");
    };
    let Some((_, m)) = &hist[k].last else {
        return Ok(());
    };
    let mut lines = vec![format!("The computer played {}.", describe(m))];
    if let Some(r) = &hist[k].reason {
        lines.push(format!("Why: {r}."));
    }
    lines.push(
        "A move wins when the opponent, moving first after it, loses against every defence (a minimax search over the sum)."
            .to_string(),
    );
    if out.json {
        let mut j = String::from("{\"event\":\"why\",\"lines\":");
        json::strings(&mut j, &lines);
        j.push('}');
        out.emit(&j)
    } else {
        out.emit(&lines.join("\n"))
    }
}

fn value(s: &mut Session, out: &Out) -> Result<(), Failure> {
    let a = s.analyse()?.clone();
    if out.json {
        let mut j = String::from("{\"event\":\"value\",\"outcome\":");
        json::opt_string(&mut j, a.outcome.map(|o| o.letter()));
        j.push_str(",\"value\":");
        json::opt_string(&mut j, a.value.as_deref());
        j.push('}');
        return out.emit(&j);
    }
    let mut t = match &a.value {
        Some(v) => format!("value: {v}"),
        None if s.play() == Play::Misere => {
            "value: none in misère play (misère sums do not decompose by normal-play values)"
                .to_string()
        }
        None => format!(
            "value: not shown (more than {} stored games)",
            pp::VALUE_STATES
        ),
    };
    let undecided_words = undecided();
    let _ = write!(
        t,
        "\noutcome: {}",
        match a.outcome.map(|o| o.letter()) {
            Some("L") => "L (Left wins whoever starts)",
            Some("R") => "R (Right wins whoever starts)",
            Some("N") => "N (the player to move wins)",
            Some(_) => "P (the player to move loses)",
            None => &undecided_words,
        }
    );
    out.emit(&t)
}

fn moves(s: &mut Session, out: &Out, page: usize) -> Result<(), Failure> {
    let a = s.analyse()?.clone();
    if out.json {
        let mut j = String::from("{\"event\":\"moves\",\"count\":");
        let _ = write!(j, "{},\"moves\":[", a.moves.len());
        for (i, m) in a.moves.iter().enumerate().take(JSON_MOVES) {
            if i > 0 {
                j.push(',');
            }
            move_json(&mut j, Some(i), m);
        }
        let _ = write!(j, "],\"complete\":{}}}", a.moves.len() <= JSON_MOVES);
        return out.emit(&j);
    }
    let first = (page - 1).saturating_mul(PAGE);
    let mut t = format!(
        "{} legal move{} of {}",
        a.moves.len(),
        if a.moves.len() == 1 { "" } else { "s" },
        side_name(a.to_move)
    );
    if first >= a.moves.len() {
        let _ = write!(t, ": page {page} is past the moves numbered");
        return out.emit(&t);
    }
    let _ = write!(t, " (type the number or the cells):");
    for (i, m) in a.moves.iter().enumerate().skip(first).take(PAGE) {
        let mark = match m.wins {
            Some(true) => " (wins)",
            Some(false) => " (loses)",
            None => "",
        };
        let _ = write!(t, "\n  {:>4}) {}{mark}", i + 1, describe(m));
    }
    if a.moves.len() > first + PAGE {
        let _ = write!(t, "\n  … 'moves {}' for the next page", page + 1);
    }
    out.emit(&t)
}

/// The words for a position not decided within the bound on states, naming the flag
/// that raises it.
fn undecided() -> String {
    pp::undecided(sprague::flags::raise_with)
}

/// The rule of play in words.
fn play_name(p: Play) -> &'static str {
    match p {
        Play::Normal => "normal play",
        Play::Misere => "misère play",
    }
}

/// The rule of play in a JSON document.
fn play_word(p: Play) -> &'static str {
    match p {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}
