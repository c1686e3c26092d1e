//! Playing a partizan position (a ruleset's board, a literal game, a sum mixing them)
//! against the computer: the session keeps the sum, who is to move, which side the
//! human plays and the history (for undo); it lists the legal moves of the side to
//! move, each with what it changes and whether it wins for the mover, and chooses the
//! computer's moves.
//!
//! # The computer's choice
//!
//! - When the side to move has a winning move (one after which the opponent, moving
//!   first, loses; decided by [`Search`]), it plays the first such move in the order
//!   of [`Sum::moves`].
//! - When every move loses, it plays the move after which the opponent has the fewest
//!   winning replies (so the opponent has the fewest ways to keep the win); ties go to
//!   the first such move. The count stops at the best count found so far, only the
//!   first [`DECIDED_MOVES`] moves are counted, and when the search cannot finish the
//!   count within `--max-states` the first move is played.
//! - When the search cannot decide the position within `--max-states`, the computer
//!   plays the first move not known to lose (the analysis says "not decided within
//!   --max-states"); it always plays a legal move.
//!
//! # Cells
//!
//! A move in a board ruleset (a position written as rows separated by `|`) changes some
//! of its cells; the session names them like a spreadsheet: columns `a`, `b`, … `z`,
//! `aa`, … from the left, rows `1`, `2`, … from the top as written (`a1` is the top
//! left cell). A typed move may name those cells (`a1 a2`: the Domineering domino on
//! them; `b1 a1`: the Clobber stone from b1 onto a1), prefixed by the part's number
//! in a sum (`2:a1 a2`).
//!
//! # Misère play
//!
//! In a session of misère play ([`Session::read_misere`]) the player who cannot move
//! wins: the same choices are made with the misère search of the whole game tree
//! ([`sprague_engine::search::partizan_misere`]), the game ends when the side to move
//! has no move, and that side wins. No value is shown (misère sums do not decompose by
//! normal-play values).
//!
//! Every search is bounded by the session's [`Limits`] (`--max-states` nodes per
//! question, the stop signal), and so is every canonical value (at most
//! [`VALUE_STATES`] stored games for the value shown).

use crate::MoveResult;
use crate::session::{MoveList, Player};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, Raise, SolveError};
use sprague_core::{Outcome, Play};
use sprague_engine::partizan::{Game, GameTable, PrintOptions, Side};
use sprague_engine::picture::{Picture, Target};
use sprague_engine::search::partizan::{Part, Search, Sum, SumMove, SumSearch};
use sprague_engine::search::partizan_misere::{self as misere, Forms};
use sprague_games::eval::ValueError;
use sprague_games::partizan::component::{read_misere_sum, read_sum};

/// Most stored games (and cached results) spent on the canonical value shown with a
/// position; a larger one is not shown.
pub const VALUE_STATES: u64 = 200_000;

/// Most moves of one position whose results are decided (one search each); the
/// results of later moves in the list are left undecided.
pub const DECIDED_MOVES: usize = 2_000;

/// The words for a position the search could not decide within the bound on states,
/// that bound named by `raise` (a front end's setting, or [`Bound::words`]).
///
/// ```
/// use sprague_core::Bound;
/// assert_eq!(
///     sprague_play::partizan::undecided(Bound::words),
///     "not decided within the bound on positions"
/// );
/// ```
pub fn undecided(raise: Raise) -> String {
    format!("not decided within {}", raise(Bound::States))
}

/// The words written for a game whose text would exceed the bound on states, that
/// bound named by `raise`.
fn too_long(raise: Raise) -> String {
    format!("(a game too long to write within {})", raise(Bound::States))
}

/// The name of a side: `Left` or `Right`.
pub fn side_name(s: Side) -> &'static str {
    match s {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

/// The other side.
pub fn other(s: Side) -> Side {
    match s {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// Reads `left` or `right` (any case).
pub fn parse_side(s: &str) -> Option<Side> {
    match s.to_ascii_lowercase().as_str() {
        "left" | "l" => Some(Side::Left),
        "right" | "r" => Some(Side::Right),
        _ => None,
    }
}

/// A legal move of the side to move, written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The index of the moved part in the sum (0-based, as written).
    pub part: usize,
    /// The part before the move.
    pub from: String,
    /// The part after the move.
    pub to: String,
    /// The cells of the part's board that the move changes, `(row, column)` from 0,
    /// when the part is a board before and after the move (empty otherwise).
    pub cells: Vec<(usize, usize)>,
    /// A short description: the cells changed with their contents before and after
    /// (`a1 .→#, a2 .→#`), else `from → to`.
    pub text: String,
    /// Whether the move wins for the mover (the opponent, moving first, then loses);
    /// `None` when the search could not decide it within the limits.
    pub wins: Option<bool>,
}

/// One state of the game: the sum, who is to move, and the move that led to it.
pub struct Turn {
    /// The sum.
    pub sum: Sum,
    /// The side to move.
    pub to_move: Side,
    /// The move that led here, and who made it.
    pub last: Option<(Side, Move)>,
    /// Why the computer chose that move, when it did.
    pub reason: Option<String>,
}

/// What the session knows about the current state.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The side to move.
    pub to_move: Side,
    /// Whether the side to move wins (`None`: not decided within the limits).
    pub mover_wins: Option<bool>,
    /// The outcome class (`L`, `R`, `N` or `P`), when decided.
    pub outcome: Option<Outcome>,
    /// The canonical value of the whole sum, when it is small enough to compute
    /// within [`VALUE_STATES`].
    pub value: Option<String>,
    /// The legal moves of the side to move, in the order of [`Sum::moves`].
    pub moves: Vec<Move>,
    /// Why something is not decided, e.g. [`UNDECIDED`].
    pub note: Option<String>,
}

/// A game of a partizan position between a human and the computer.
pub struct Session {
    t: GameTable,
    raise: Raise,
    limits: Limits,
    human: Side,
    history: Vec<Turn>,
    analysis: Option<Analysis>,
    /// The moves of the current state as the search lists them, made once.
    listed: Option<Vec<SumMove>>,
    /// Normal or misère play.
    play: Play,
}

/// The search of the session's rule of play.
fn decider<'t>(t: &'t mut GameTable, limits: &Limits, play: Play) -> Box<dyn SumSearch + 't> {
    match play {
        Play::Normal => Box::new(Search::new(t, limits)),
        Play::Misere => Box::new(misere::Search::new(t, limits)),
    }
}

/// A copy of a sum.
fn copy(sum: &Sum) -> Sum {
    Sum {
        parts: sum
            .parts
            .iter()
            .map(|p| match p {
                Part::Position(c) => Part::Position(c.clone_box()),
                Part::Game(g) => Part::Game(*g),
            })
            .collect(),
    }
}

/// A part in expression syntax.
fn show_part(t: &mut GameTable, p: &Part, raise: Raise) -> String {
    match p {
        Part::Position(c) => c.show(),
        Part::Game(g) => show_game(t, *g, raise),
    }
}

/// How a part is drawn: a position by its ruleset's picture, a canonical game as
/// written.
fn picture(t: &mut GameTable, p: &Part, raise: Raise) -> Picture {
    match p {
        Part::Position(c) => c.picture(),
        Part::Game(g) => Picture::Text(show_game(t, *g, raise)),
    }
}

/// A canonical game in CGSuite notation; a game whose text would exceed the table's
/// bound is written as such instead.
fn show_game(t: &mut GameTable, g: Game, raise: Raise) -> String {
    t.show_with(g, PrintOptions::default())
        .unwrap_or_else(|_| too_long(raise))
}

/// The sum in expression syntax (`0` when it has no parts).
pub fn sum_text(t: &mut GameTable, sum: &Sum, raise: Raise) -> String {
    if sum.parts.is_empty() {
        return "0".to_string();
    }
    let parts: Vec<String> = sum.parts.iter().map(|p| show_part(t, p, raise)).collect();
    parts.join(" + ")
}

/// The rows of a board written `name("row|row|…")` (or `name[…]("row")`), when the
/// text is one: every row made of letters, `.` and `#` (graph and edge-list
/// notations have digits or `-`, and are not boards).
pub fn board_rows(text: &str) -> Option<Vec<String>> {
    sprague_games::partizan::board_rows(text)
}

/// The name of a cell: its column as letters (`a`…`z`, `aa`, …), its row from 1.
pub fn cell_name(row: usize, col: usize) -> String {
    let mut letters = Vec::new();
    let mut c = col + 1;
    while c > 0 {
        c -= 1;
        letters.push(b'a' + (c % 26) as u8);
        c /= 26;
    }
    letters.reverse();
    format!("{}{}", String::from_utf8_lossy(&letters), row + 1)
}

/// Reads a cell name (`a1`, `ab12`): `(row, column)` from 0.
pub(crate) fn parse_cell(s: &str) -> Option<(usize, usize)> {
    let s = s.to_ascii_lowercase();
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = s.split_at(split);
    if letters.is_empty()
        || letters.len() > 3
        || !letters.bytes().all(|b| b.is_ascii_lowercase())
        || digits.len() > 4
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut col = 0usize;
    for b in letters.bytes() {
        col = col * 26 + (b - b'a') as usize + 1;
    }
    let row: usize = digits.parse().ok()?;
    if row == 0 {
        return None;
    }
    Some((row - 1, col - 1))
}

/// The cells that differ between two boards of the same shape, with their contents
/// before and after; `None` when the texts are not boards of one shape.
fn changed_cells(from: &str, to: &str) -> Option<Vec<(usize, usize, char, char)>> {
    let a = board_rows(from)?;
    let b = board_rows(to)?;
    if a.len() != b.len() || a[0].chars().count() != b[0].chars().count() {
        return None;
    }
    let mut out = Vec::new();
    for (r, (x, y)) in a.iter().zip(&b).enumerate() {
        for (c, (p, q)) in x.chars().zip(y.chars()).enumerate() {
            if p != q {
                out.push((r, c, p, q));
            }
        }
    }
    Some(out)
}

/// A move written out (its result not yet known).
fn written(t: &mut GameTable, sum: &Sum, m: &SumMove, raise: Raise) -> Move {
    let from = show_part(t, &sum.parts[m.part], raise);
    let to = show_part(t, &m.to, raise);
    let (cells, text) = match changed_cells(&from, &to) {
        Some(ch) if !ch.is_empty() => {
            let text: Vec<String> = ch
                .iter()
                .map(|&(r, c, p, q)| format!("{} {p}→{q}", cell_name(r, c)))
                .collect();
            (
                ch.iter().map(|&(r, c, _, _)| (r, c)).collect(),
                text.join(", "),
            )
        }
        _ => (Vec::new(), format!("{from} → {to}")),
    };
    Move {
        part: m.part,
        from,
        to,
        cells,
        text,
        wins: None,
    }
}

/// Whether an error is a bound of the search (on states, the factoring budget that
/// is a share of it, or memory), after which play goes on undecided; any other
/// error (a stop signal) ends the question.
fn is_bound(e: &SolveError) -> bool {
    matches!(
        e,
        SolveError::Limit {
            bound: Bound::States | Bound::Factoring | Bound::Memory,
            ..
        }
    )
}

/// The error of reading a position.
fn read_error(e: ValueError) -> SolveError {
    match e {
        ValueError::Input(e) => SolveError::Input(format!("bad expression: {e}")),
        ValueError::Limit(e) => e,
    }
}

/// `Ok(None)` for a bound of the search, the error for anything else.
fn bounded<T>(r: Result<T, SolveError>) -> Result<Option<T>, SolveError> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) if is_bound(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

impl Session {
    /// A session on the position `src` (an expression with partizan terms), with
    /// `first` to move and the human playing `human`. Errors: the expression is bad
    /// (`Input`) or too large to read (`Limit`).
    pub fn new(src: &str, first: Side, human: Side, limits: Limits) -> Result<Self, SolveError> {
        Session::read(src, first, human, limits).map_err(read_error)
    }

    /// As [`Session::new`], in misère play (the player who cannot move wins; see
    /// [`Session::read_misere`]).
    pub fn new_misere(
        src: &str,
        first: Side,
        human: Side,
        limits: Limits,
    ) -> Result<Self, SolveError> {
        Session::read_misere(src, first, human, limits).map_err(read_error)
    }

    /// Names the bounds in the session's words with `raise` (a front end's own
    /// setting, e.g. the command line's flag); by default [`Bound::words`].
    pub fn set_raise(&mut self, raise: Raise) {
        self.raise = raise;
    }

    /// As [`Session::new`], with the column of a bad expression kept in the error.
    pub fn read(src: &str, first: Side, human: Side, limits: Limits) -> Result<Self, ValueError> {
        Session::read_play(src, first, human, limits, Play::Normal)
    }

    /// As [`Session::read`], in misère play: the player who cannot move wins, and the
    /// position is read as its game tree ([`read_misere_sum`]).
    pub fn read_misere(
        src: &str,
        first: Side,
        human: Side,
        limits: Limits,
    ) -> Result<Self, ValueError> {
        Session::read_play(src, first, human, limits, Play::Misere)
    }

    fn read_play(
        src: &str,
        first: Side,
        human: Side,
        limits: Limits,
        play: Play,
    ) -> Result<Self, ValueError> {
        let mut t = GameTable::with_limit(limits.max_states);
        if limits.stop.is_some() {
            t.set_stop(limits.stop.clone());
        }
        let sum = match play {
            Play::Normal => read_sum(&mut t, src, &limits)?,
            Play::Misere => read_misere_sum(&mut t, src, &limits, &Forms::new(&limits))?,
        };
        Ok(Session {
            play,
            t,
            raise: Bound::words,
            limits,
            human,
            history: vec![Turn {
                sum,
                to_move: first,
                last: None,
                reason: None,
            }],
            analysis: None,
            listed: None,
        })
    }

    /// The limits of every question.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The side the human plays.
    pub fn human(&self) -> Side {
        self.human
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.current().to_move
    }

    /// Whether the human is to move.
    pub fn human_to_move(&self) -> bool {
        self.to_move() == self.human
    }

    /// The current state.
    pub fn current(&self) -> &Turn {
        self.history.last().expect("a session has a state")
    }

    /// Every state so far, the start first.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// Moves made so far.
    pub fn moves_made(&self) -> usize {
        self.history.len() - 1
    }

    /// The current position in expression syntax.
    pub fn position_text(&mut self) -> String {
        let sum = copy(&self.current().sum);
        sum_text(&mut self.t, &sum, self.raise)
    }

    /// The position of the state `k` of the history (0 the start).
    pub fn position_at(&mut self, k: usize) -> Option<String> {
        let sum = copy(&self.history.get(k)?.sum);
        Some(sum_text(&mut self.t, &sum, self.raise))
    }

    /// The parts of the current sum, each in expression syntax.
    pub fn parts(&mut self) -> Vec<String> {
        let sum = copy(&self.current().sum);
        sum.parts
            .iter()
            .map(|p| show_part(&mut self.t, p, self.raise))
            .collect()
    }

    /// The picture of each part of the current sum (a canonical game as written).
    pub fn pictures(&mut self) -> Vec<Picture> {
        let sum = copy(&self.current().sum);
        sum.parts
            .iter()
            .map(|p| picture(&mut self.t, p, self.raise))
            .collect()
    }

    /// The whole position after the `i`-th move of the current list.
    pub(crate) fn position_after(&mut self, i: usize) -> Result<Option<String>, SolveError> {
        self.limits.check_stop()?;
        let sum = copy(&self.current().sum);
        let side = self.to_move();
        let mut moves = sum.moves(&mut self.t, side)?;
        if i >= moves.len() {
            return Ok(None);
        }
        let m = moves.swap_remove(i);
        let after = sum.after(&m);
        Ok(Some(sum_text(&mut self.t, &after, self.raise)))
    }

    /// The analysis of the current state: outcome, value, and the legal moves with
    /// their results (computed once per state).
    pub fn analyse(&mut self) -> Result<&Analysis, SolveError> {
        if self.analysis.is_none() {
            let a = self.compute()?;
            self.analysis = Some(a);
        }
        Ok(self.analysis.as_ref().expect("just computed"))
    }

    fn compute(&mut self) -> Result<Analysis, SolveError> {
        let side = self.to_move();
        let sum = copy(&self.current().sum);
        let value = self.value(&sum)?;
        let raw = sum.moves(&mut self.t, side)?;
        let mut moves: Vec<Move> = raw
            .iter()
            .map(|m| written(&mut self.t, &sum, m, self.raise))
            .collect();
        let mut s = decider(&mut self.t, &self.limits, self.play);
        let outcome = bounded(s.outcome(&sum))?;
        let mover_wins = outcome.map(|o| {
            matches!(
                (o, side),
                (Outcome::N, _) | (Outcome::L, Side::Left) | (Outcome::R, Side::Right)
            )
        });
        let mut note = None;
        match mover_wins {
            Some(false) => moves.iter_mut().for_each(|m| m.wins = Some(false)),
            Some(true) => {
                if raw.len() > DECIDED_MOVES {
                    note = Some(format!(
                        "the results of the first {DECIDED_MOVES} moves only are decided"
                    ));
                }
                for (m, w) in raw.iter().zip(moves.iter_mut()).take(DECIDED_MOVES) {
                    let after = sum.after(m);
                    match bounded(s.wins(&after, other(side)))? {
                        Some(opp) => w.wins = Some(!opp),
                        None => {
                            note = Some(undecided(self.raise));
                            break;
                        }
                    }
                }
            }
            None => note = Some(undecided(self.raise)),
        }
        Ok(Analysis {
            to_move: side,
            mover_wins,
            outcome,
            value,
            moves,
            note,
        })
    }

    /// The canonical value of the sum, when it takes at most [`VALUE_STATES`] stored
    /// games to compute.
    fn value(&mut self, sum: &Sum) -> Result<Option<String>, SolveError> {
        if self.play == Play::Misere {
            return Ok(None);
        }
        let left = self.t.max_states().saturating_sub(self.t.states()).max(1);
        let num = VALUE_STATES.min(left);
        let g = self.t.within_share(num, left, |t| {
            let mut total = Game::ZERO;
            let mut regions = Vec::new();
            for p in &sum.parts {
                match p {
                    Part::Position(c) => {
                        regions.clear();
                        c.regions(&mut regions);
                        for r in &regions {
                            let v = r.value(t)?;
                            total = t.add(total, v)?;
                        }
                    }
                    Part::Game(g) => total = t.add(total, *g)?,
                }
            }
            Ok(total)
        })?;
        Ok(g.map(|g| show_game(&mut self.t, g, self.raise)))
    }

    /// Whether the side to move has no move (it has lost in normal play, won in
    /// misère play).
    pub fn is_over(&mut self) -> Result<bool, SolveError> {
        Ok(self.analyse()?.moves.is_empty())
    }

    /// The winner, when the game is over: the other side in normal play, the side that
    /// cannot move in misère play.
    pub fn winner(&mut self) -> Result<Option<Side>, SolveError> {
        let side = self.to_move();
        let winner = match self.play {
            Play::Normal => other(side),
            Play::Misere => side,
        };
        Ok(self.is_over()?.then_some(winner))
    }

    /// Normal or misère play.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Plays the `i`-th move of the current list; `false` if there is none.
    pub(crate) fn make_move(
        &mut self,
        i: usize,
        reason: Option<String>,
    ) -> Result<bool, SolveError> {
        let side = self.to_move();
        let sum = copy(&self.current().sum);
        let mut raw = sum.moves(&mut self.t, side)?;
        if i >= raw.len() {
            return Ok(false);
        }
        let m = raw.swap_remove(i);
        let mut written = written(&mut self.t, &sum, &m, self.raise);
        if let Some(a) = &self.analysis
            && let Some(x) = a.moves.get(i)
        {
            written.wins = x.wins;
        }
        let after = sum.after(&m);
        self.history.push(Turn {
            sum: after,
            to_move: other(side),
            last: Some((side, written)),
            reason,
        });
        self.analysis = None;
        self.listed = None;
        Ok(true)
    }

    /// Takes back the moves back to the human's previous turn (the human's move and
    /// the computer's answer); `false` when the human has not moved yet.
    pub fn undo(&mut self) -> bool {
        let Some(k) = (1..self.history.len())
            .rev()
            .find(|&k| matches!(&self.history[k].last, Some((s, _)) if *s == self.human))
        else {
            return false;
        };
        self.history.truncate(k);
        self.analysis = None;
        self.listed = None;
        true
    }

    /// The computer's choice for the side to move (see the module's documentation):
    /// the index of the move in the list, and why. `None` when there is no move.
    pub fn choose(&mut self) -> Result<Option<(usize, String)>, SolveError> {
        let a = self.analyse()?.clone();
        if a.moves.is_empty() {
            return Ok(None);
        }
        if let Some(i) = a.moves.iter().position(|m| m.wins == Some(true)) {
            return Ok(Some((
                i,
                "it wins: after it the opponent, moving first, loses".to_string(),
            )));
        }
        if a.mover_wins != Some(false) {
            let i = a.moves.iter().position(|m| m.wins.is_none()).unwrap_or(0);
            return Ok(Some((
                i,
                format!(
                    "the position is {}: a move not known to lose",
                    undecided(self.raise)
                ),
            )));
        }
        // Every move loses: the fewest winning replies for the opponent.
        let side = a.to_move;
        let sum = copy(&self.current().sum);
        let raw = sum.moves(&mut self.t, side)?;
        let mut s = decider(&mut self.t, &self.limits, self.play);
        let mut best: Option<(usize, usize)> = None;
        for (i, m) in raw.iter().enumerate().take(DECIDED_MOVES) {
            let after = sum.after(m);
            let cap = best.map_or(usize::MAX, |(_, n)| n);
            match bounded(s.winning_moves(&after, other(side), cap))? {
                Some((replies, more)) => {
                    if !more && best.is_none_or(|(_, n)| replies.len() < n) {
                        best = Some((i, replies.len()));
                    }
                }
                None => {
                    best = None;
                    break;
                }
            }
        }
        Ok(Some(match best {
            Some((i, n)) => (
                i,
                format!(
                    "every move loses against best play; this one leaves the opponent the fewest winning replies ({n})"
                ),
            ),
            None => (
                0,
                format!(
                    "every move loses against best play (the replies were {}): the first move",
                    undecided(self.raise)
                ),
            ),
        }))
    }

    /// Lets the computer move: `None` when it has no move.
    pub fn computer_move(&mut self) -> Result<Option<Move>, SolveError> {
        let Some((i, why)) = self.choose()? else {
            return Ok(None);
        };
        self.make_move(i, Some(why))?;
        Ok(self.current().last.as_ref().map(|(_, m)| m.clone()))
    }

    /// Reads a typed move: its number in the list (`3` or `#3`), the cells it changes
    /// (`a1 a2`, `2:a1 a2` in the second part of a sum), or the position after it (the
    /// part after the move, its board text, or the whole sum after). The index in the
    /// list, or a message saying why nothing matches.
    pub(crate) fn parse_move(&mut self, input: &str) -> Result<usize, String> {
        let input = input.trim();
        let moves = self.analyse().map_err(|e| e.to_string())?.moves.clone();
        if moves.is_empty() {
            return Err("no move is left".to_string());
        }
        let n = moves.len();
        let number = input.strip_prefix('#').unwrap_or(input);
        if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
            return match number.parse::<usize>() {
                Ok(k) if (1..=n).contains(&k) => Ok(k - 1),
                _ => Err(format!(
                    "there is no move {number}: the moves are numbered 1 to {n}"
                )),
            };
        }
        if let Some(cells) = parse_cells(input) {
            return pick_by_cells(&moves, cells.0, &cells.1);
        }
        let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        let want = squeeze(input);
        let board = |s: &str| {
            let a = s.find("(\"").map(|i| i + 2)?;
            let b = s.rfind("\")")?;
            s.get(a..b).map(str::to_string)
        };
        let found: Vec<usize> = (0..n)
            .filter(|&i| {
                squeeze(&moves[i].to) == want || board(&moves[i].to).is_some_and(|b| b == want)
            })
            .collect();
        if found.len() == 1 {
            return Ok(found[0]);
        }
        for i in 0..n {
            if let Ok(Some(p)) = self.position_after(i)
                && squeeze(&p) == want
            {
                return Ok(i);
            }
        }
        if found.len() > 1 {
            return Err(format!(
                "'{input}' is the result of {} moves in different parts: type the move's number",
                found.len()
            ));
        }
        Err(format!(
            "'{}' is not a legal move of {}: type its number (1 to {n}, see 'moves'), the cells it changes (e.g. a1 a2), or the position after it",
            sprague_expr::shorten_message(input),
            side_name(self.to_move())
        ))
    }
}

impl Session {
    /// The index of the move `m` in the current list, and the list as the search
    /// makes it (made once a state).
    fn locate(&mut self, m: &Move) -> Result<usize, SolveError> {
        let i = self.analyse()?.moves.iter().position(|x| x == m);
        let Some(i) = i else {
            return Err(SolveError::Input(format!(
                "{} is not a legal move here",
                m.text
            )));
        };
        if self.listed.is_none() {
            let side = self.to_move();
            let sum = copy(&self.current().sum);
            self.listed = Some(sum.moves(&mut self.t, side)?);
        }
        Ok(i)
    }
}

impl crate::PlaySession for Session {
    type Move = Move;

    fn limits(&self) -> &Limits {
        &self.limits
    }

    fn position_text(&mut self) -> String {
        Session::position_text(self)
    }

    fn whose_turn(&self) -> Player {
        self.player(self.current().to_move)
    }

    fn moves_made(&self) -> usize {
        self.history.len() - 1
    }

    fn played(&self) -> Vec<crate::Played<Move>> {
        self.history
            .iter()
            .filter_map(|t| {
                let (side, mv) = t.last.as_ref()?;
                Some(crate::Played {
                    by: self.player(*side),
                    mv: mv.clone(),
                    reason: t.reason.clone(),
                })
            })
            .collect()
    }

    fn rule(&self) -> sprague_core::Play {
        self.play
    }

    fn side_to_move(&self) -> Option<Side> {
        Some(self.to_move())
    }

    fn standing(&mut self) -> Result<crate::Standing, SolveError> {
        let a = self.analyse()?;
        Ok(crate::Standing {
            outcome: a.outcome,
            mover_wins: a.mover_wins,
            remoteness: None,
            value: a.value.clone(),
            note: a.note.clone(),
        })
    }

    fn facts(&self, m: &Move) -> crate::MoveFacts {
        crate::MoveFacts {
            component: m.part,
            from: m.from.clone(),
            to: m.to.clone(),
            text: m.text.clone(),
            heap: None,
            take: None,
            cells: m.cells.clone(),
        }
    }

    fn position_after(&mut self, m: &Move) -> Result<String, SolveError> {
        let i = self.locate(m)?;
        self.limits.check_stop()?;
        let sum = copy(&self.current().sum);
        let listed = self.listed.as_ref().expect("located");
        let after = sum.after(&listed[i]);
        Ok(sum_text(&mut self.t, &after, self.raise))
    }

    fn target(&mut self, m: &Move) -> Result<Option<Target>, SolveError> {
        let i = self.locate(m)?;
        self.limits.check_stop()?;
        let listed = self.listed.as_ref().expect("located");
        let Some(before) = self.history.last().and_then(|t| t.sum.parts.get(m.part)) else {
            return Ok(None);
        };
        let before = picture(&mut self.t, before, self.raise);
        let after = picture(&mut self.t, &listed[i].to, self.raise);
        Ok(Picture::target(&before, &after))
    }

    fn drawing(&mut self) -> Vec<crate::view::Drawing> {
        let parts = self.parts();
        let pictures = self.pictures();
        parts
            .into_iter()
            .zip(pictures)
            .enumerate()
            .map(|(i, (label, picture))| crate::view::Drawing {
                component: i,
                heaps: Vec::new(),
                label,
                picture,
            })
            .collect()
    }

    fn move_list(&mut self, cap: usize) -> Result<MoveList<Move>, SolveError> {
        let all = &self.analyse()?.moves;
        let count = all.len();
        let moves: Vec<Move> = all.iter().take(cap).cloned().collect();
        Ok(MoveList {
            complete: moves.len() == count,
            moves,
            winning_first: 0,
            count: Nat::from(count),
            count_exact: true,
        })
    }

    fn move_result(&mut self, m: &Move) -> Result<MoveResult, SolveError> {
        Ok(MoveResult {
            wins: m.wins,
            ..MoveResult::default()
        })
    }

    fn read_move(&mut self, input: &str) -> Result<Move, String> {
        let i = Session::parse_move(self, input)?;
        let a = self.analyse().map_err(|e| e.to_string())?;
        Ok(a.moves[i].clone())
    }

    fn play_move(&mut self, m: Move, reason: Option<String>) -> Result<(), SolveError> {
        let i = self.analyse()?.moves.iter().position(|x| *x == m);
        match i {
            Some(i) if Session::make_move(self, i, reason)? => Ok(()),
            _ => Err(SolveError::Input(format!(
                "{} is not a legal move here",
                m.text
            ))),
        }
    }

    fn take_back(&mut self) -> bool {
        Session::undo(self)
    }

    fn computer_choice(&mut self) -> Result<Option<(Move, String)>, SolveError> {
        let Some((i, why)) = Session::choose(self)? else {
            return Ok(None);
        };
        Ok(Some((self.analyse()?.moves[i].clone(), why)))
    }

    fn computer_plays(&mut self) -> Result<Option<Move>, SolveError> {
        Session::computer_move(self)
    }

    fn game_over(&mut self) -> Result<bool, SolveError> {
        Session::is_over(self)
    }

    fn won_by(&mut self) -> Result<Option<Player>, SolveError> {
        Ok(Session::winner(self)?.map(|s| self.player(s)))
    }
}

impl Session {
    /// Who plays the side `s`: the human or the computer.
    pub fn player(&self, s: Side) -> Player {
        if s == self.human {
            Player::Human
        } else {
            Player::Computer
        }
    }
}

/// A cell of a board: `(row, column)` from 0.
pub type Cell = (usize, usize);

/// Reads `[P:]cell cell …` (cells separated by spaces, commas or `-`): the part (from
/// 0, when given) and the cells; `None` if the text is not of that form.
pub(crate) fn parse_cells(input: &str) -> Option<(Option<usize>, Vec<Cell>)> {
    let (part, rest) = match input.split_once(':') {
        Some((p, r)) => (Some(p.trim().parse::<usize>().ok()?.checked_sub(1)?), r),
        None => (None, input),
    };
    let cells: Option<Vec<(usize, usize)>> = rest
        .split(|c: char| c.is_whitespace() || c == ',' || c == '-')
        .filter(|s| !s.is_empty())
        .map(parse_cell)
        .collect();
    let cells = cells?;
    if cells.is_empty() {
        return None;
    }
    Some((part, cells))
}

/// The move that changes the given cells (in `part`, when given): the only move
/// whose changed cells are exactly these, else the only one that changes all of them
/// (e.g. a Konane jump named by its start and end).
pub(crate) fn pick_by_cells(
    moves: &[Move],
    part: Option<usize>,
    cells: &[(usize, usize)],
) -> Result<usize, String> {
    let mut want = cells.to_vec();
    want.sort_unstable();
    want.dedup();
    let named: Vec<String> = want.iter().map(|&(r, c)| cell_name(r, c)).collect();
    let mine = |m: &Move| part.is_none_or(|p| m.part == p) && !m.cells.is_empty();
    let exact: Vec<usize> = (0..moves.len())
        .filter(|&i| {
            let mut c = moves[i].cells.clone();
            c.sort_unstable();
            mine(&moves[i]) && c == want
        })
        .collect();
    if exact.len() == 1 {
        return Ok(exact[0]);
    }
    let cover: Vec<usize> = (0..moves.len())
        .filter(|&i| mine(&moves[i]) && want.iter().all(|x| moves[i].cells.contains(x)))
        .collect();
    match (exact.len(), cover.len()) {
        (0, 1) => Ok(cover[0]),
        (0, 0) => Err(format!(
            "no legal move changes the cells {}",
            named.join(" ")
        )),
        (e, c) => Err(format!(
            "{} legal moves change the cells {}: name more cells{}, or type the move's number",
            e.max(c),
            named.join(" "),
            if part.is_none() {
                " or the part (e.g. 2:a1 a2)"
            } else {
                ""
            }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::partizan::GameTable;

    fn limits() -> Limits {
        Limits {
            max_states: 5_000_000,
            ..Limits::default()
        }
    }

    /// The canonical value of an expression, from the value engine (not the search).
    fn value_of(text: &str) -> String {
        let mut t = GameTable::new();
        let g = sprague_games::eval::Evaluator::new(&mut t, text, limits(), false)
            .eval_sum(&sprague_expr::parse(text).unwrap())
            .unwrap();
        t.show(g)
    }

    /// Whether Right moving first loses `text`: its canonical value G ≥ 0.
    fn right_loses_first(text: &str) -> bool {
        let mut t = GameTable::new();
        let g = sprague_games::eval::Evaluator::new(&mut t, text, limits(), false)
            .eval_sum(&sprague_expr::parse(text).unwrap())
            .unwrap();
        t.le(Game::ZERO, g).unwrap()
    }

    /// Whether Left moving first wins `text`: its canonical value G ≰ 0.
    fn left_wins_first(text: &str) -> bool {
        let mut t = GameTable::new();
        let g = sprague_games::eval::Evaluator::new(&mut t, text, limits(), false)
            .eval_sum(&sprague_expr::parse(text).unwrap())
            .unwrap();
        !t.le(g, Game::ZERO).unwrap()
    }

    #[test]
    fn cell_names_read_back() {
        for (r, c) in [(0, 0), (3, 25), (0, 26), (9, 51), (63, 63)] {
            assert_eq!(parse_cell(&cell_name(r, c)), Some((r, c)));
        }
        assert_eq!(cell_name(0, 0), "a1");
        assert_eq!(cell_name(1, 26), "aa2");
        assert_eq!(parse_cell("a0"), None);
        assert_eq!(parse_cell("12"), None);
    }

    #[test]
    fn moves_are_marked_by_the_canonical_values_of_what_they_leave() {
        // Every move of Left in small Domineering boards and sums: the session says a
        // move wins exactly when the canonical value of the position after it is ≥ 0
        // (Right moving first loses), as the value engine computes it.
        for src in [
            "domineering(2,3)",
            "domineering(\"...|..#|.#.\")",
            "domineering(3,3) + {1|-1}",
            "domineering(2,2) + ^",
            "clobber(\"XOX|OXO\")",
            "toads(\"TT.F.F\")",
            "konane(\"XO.|.OX|X..\")",
        ] {
            let mut s = Session::new(src, Side::Left, Side::Left, limits()).unwrap();
            let moves = s.analyse().unwrap().moves.clone();
            assert!(!moves.is_empty(), "{src}");
            for (i, m) in moves.iter().enumerate() {
                let after = s.position_after(i).unwrap().unwrap();
                assert_eq!(m.wins, Some(right_loses_first(&after)), "{src}: {after}");
            }
        }
    }

    #[test]
    fn the_computer_plays_a_winning_move_when_it_has_one() {
        // 2×3 Domineering is {2 | -1/2} (Winning Ways; REFERENCES): both players win
        // moving first. The computer as Right, to move, must leave a position ≤ 0.
        let mut s = Session::new("domineering(2,3)", Side::Right, Side::Left, limits()).unwrap();
        assert_eq!(s.analyse().unwrap().value.as_deref(), Some("{2|-1/2}"));
        assert_eq!(s.analyse().unwrap().outcome, Some(Outcome::N));
        let m = s.computer_move().unwrap().unwrap();
        assert_eq!(m.wins, Some(true));
        // Left moving first then loses: the value is ≤ 0.
        let after = s.position_text();
        assert!(!left_wins_first(&after), "{after}: {}", value_of(&after));
    }

    #[test]
    fn a_game_ends_when_the_side_to_move_has_no_move() {
        // 1×2 Domineering: Left (vertical) has no move; Right one. Left to move loses.
        let mut s = Session::new("domineering(1,2)", Side::Left, Side::Left, limits()).unwrap();
        assert!(s.is_over().unwrap());
        assert_eq!(s.winner().unwrap(), Some(Side::Right));
        // Right to move: one domino, then Left has no move.
        let mut s = Session::new("domineering(1,2)", Side::Right, Side::Left, limits()).unwrap();
        let m = s.computer_move().unwrap().unwrap();
        assert_eq!(m.cells, vec![(0, 0), (0, 1)]);
        assert_eq!(m.text, "a1 .→#, b1 .→#");
        assert_eq!(s.winner().unwrap(), Some(Side::Right));
    }

    #[test]
    fn typed_moves_by_number_cells_and_position() {
        let mut s = Session::new("domineering(2,2)", Side::Left, Side::Left, limits()).unwrap();
        // Left places vertical dominoes: columns a and b.
        let by_cells = s.parse_move("a1 a2").unwrap();
        let by_text = s.parse_move("domineering(\"#.|#.\")").unwrap();
        let by_board = s.parse_move("#.|#.").unwrap();
        assert_eq!(by_cells, by_text);
        assert_eq!(by_cells, by_board);
        assert_eq!(s.parse_move("#2").unwrap(), 1);
        assert!(s.parse_move("a1 b1").unwrap_err().contains("no legal move"));
        assert!(s.parse_move("9").unwrap_err().contains("1 to 2"));
        assert!(
            s.parse_move("xyz")
                .unwrap_err()
                .contains("not a legal move")
        );
        assert!(s.make_move(by_cells, None).unwrap());
        assert_eq!(s.position_text(), "domineering(\"#.|#.\")");
        assert!(s.undo());
        assert_eq!(s.position_text(), "domineering(\"..|..\")");
        assert!(!s.undo());
    }

    #[test]
    fn a_losing_computer_leaves_the_fewest_winning_replies() {
        // Right to move on positions of value ≥ 0 (he loses moving first): for each of
        // his moves, Left's winning replies are counted from canonical values (a reply
        // wins when the value after it is ≥ 0); the computer's move has the fewest.
        for src in [
            "domineering(2,3) + 1",
            "domineering(2,2) + 2",
            "domineering(\"...|...|..#\") + 2",
        ] {
            assert!(right_loses_first(src), "{src}");
            let mut s = Session::new(src, Side::Right, Side::Left, limits()).unwrap();
            assert_eq!(s.analyse().unwrap().mover_wins, Some(false), "{src}");
            let n = s.analyse().unwrap().moves.len();
            let mut counts = Vec::new();
            for i in 0..n {
                let after = s.position_after(i).unwrap().unwrap();
                let mut r = Session::new(&after, Side::Left, Side::Left, limits()).unwrap();
                let replies = r.analyse().unwrap().moves.len();
                let wins = (0..replies)
                    .filter(|&j| right_loses_first(&r.position_after(j).unwrap().unwrap()))
                    .count();
                counts.push(wins);
            }
            let least = *counts.iter().min().unwrap();
            let (i, why) = s.choose().unwrap().unwrap();
            assert_eq!(counts[i], least, "{src}: {counts:?}");
            assert!(
                why.contains(&format!("fewest winning replies ({least})")),
                "{why}"
            );
        }
    }

    #[test]
    fn a_bound_too_small_degrades_to_a_legal_move() {
        let l = Limits {
            max_states: 50,
            ..Limits::default()
        };
        let mut s = Session::new("domineering(5,5)", Side::Left, Side::Right, l).unwrap();
        let a = s.analyse().unwrap().clone();
        assert_eq!(a.note, Some(undecided(Bound::words)));
        assert!(a.value.is_none());
        let m = s.computer_move().unwrap().unwrap();
        assert_eq!(m.cells.len(), 2);
        assert!(
            s.current()
                .reason
                .as_deref()
                .unwrap()
                .contains(&undecided(Bound::words))
        );
    }
}
