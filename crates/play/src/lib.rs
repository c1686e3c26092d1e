//! Playing a position against the computer: the game session (position, history,
//! undo, reading typed moves, the computer's choice). The searches it asks live in
//! the engine layer ([`sprague_engine::search::impartial`]).
//!
//! Front ends (the `play` and `repl` commands, or a web playground) drive a
//! [`session::Session`] (or, for partizan positions, a [`partizan::Session`]) through
//! [`PlaySession`], which both implement, and print what it reports; [`any::AnySession`]
//! is either, chosen from the expression; [`view`] says what a graphical front end
//! draws.

use sprague_core::nat::Nat;
use sprague_core::{Limits, Outcome, Play, SolveError};
use sprague_engine::partizan::Side;
use sprague_engine::picture::Target;

pub mod any;
pub mod partizan;
/// The whole-sum search, now [`sprague_engine::search::impartial`]; kept under this name so
/// that code written against it still compiles.
pub mod remoteness {
    pub use sprague_engine::search::impartial::{Decided, GaveUp, Solver, remoteness};
}
pub mod session;
pub mod view;

pub use session::{MoveList, Player};

/// What a session knows of where a move leads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveResult {
    /// Whether the move wins for the player making it; `None`: not decided.
    pub wins: Option<bool>,
    /// The outcome of the position after the move, for the player then to move,
    /// when the session decides it.
    pub outcome_after: Option<Outcome>,
    /// The remoteness of the position after the move, when the search decides it.
    pub remoteness: Option<u32>,
}

/// A move made in a session: who made it and, for the computer's, why.
#[derive(Clone, Debug)]
pub struct Played<M> {
    /// Who made the move.
    pub by: Player,
    /// The move.
    pub mv: M,
    /// Why the computer chose it.
    pub reason: Option<String>,
}

/// What a front end shows of a move, whatever the kind of game: the component it is
/// made in, the component before and after it, and the words for it; the fields a
/// kind of move does not have are empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The component (the part of a partizan sum) moved in, 0-based as written.
    pub component: usize,
    /// The component before the move, in expression syntax.
    pub from: String,
    /// The component after the move, in expression syntax (may be a sum).
    pub to: String,
    /// The move in words, as a list of moves shows it.
    pub text: String,
    /// For a move of a one-heap component: the heap's number across the sum, from 1.
    pub heap: Option<usize>,
    /// For a move taking stones from that heap: how many.
    pub take: Option<Nat>,
    /// The cells of the component's board that the move changes, `(row, column)`
    /// from 0 (see [`partizan::cell_name`]); empty when it is no board.
    pub cells: Vec<(usize, usize)>,
}

/// What a session knows of its current position, for a front end to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// The outcome class: for the player to move (`N`, `P`, `D`) in an impartial
    /// game, `L`, `R`, `N` or `P` in a partizan one; `None` when not decided.
    pub outcome: Option<Outcome>,
    /// Whether the player to move wins against best play; `None` when not decided
    /// or drawn.
    pub mover_wins: Option<bool>,
    /// The remoteness of the position, when the search decides it.
    pub remoteness: Option<u32>,
    /// The value of the position, when it is known and small: the nim-value of an
    /// impartial position under normal play (`0`, `*`, `*2`, …), the canonical value
    /// of a partizan one (CGSuite notation).
    pub value: Option<String>,
    /// Why something is not decided.
    pub note: Option<String>,
}

/// A game between a human and the computer, impartial ([`session::Session`]) or
/// partizan ([`partizan::Session`]): what every front end asks of a session. The
/// sessions' own methods give what is particular to each (nim-values and misère play;
/// sides, canonical values and board cells).
pub trait PlaySession {
    /// A move of the session, as listed, typed and played.
    type Move: Clone;

    /// The limits of every question.
    fn limits(&self) -> &Limits;

    /// The current position in expression syntax.
    fn position_text(&mut self) -> String;

    /// Who is to move.
    fn whose_turn(&self) -> Player;

    /// Moves made so far.
    fn moves_made(&self) -> usize;

    /// The moves made so far, the first first.
    fn played(&self) -> Vec<Played<Self::Move>>;

    /// Normal or misère play (a partizan game is played under the normal rule).
    fn rule(&self) -> Play;

    /// The side to move, when the players are Left and Right (a partizan game).
    fn side_to_move(&self) -> Option<Side>;

    /// What the session knows of the current position: outcome, remoteness, value.
    fn standing(&mut self) -> Result<Standing, SolveError>;

    /// What a front end shows of the move `m`.
    fn facts(&self, m: &Self::Move) -> MoveFacts;

    /// The whole position after the move `m` of the current position, in expression
    /// syntax.
    fn position_after(&mut self, m: &Self::Move) -> Result<String, SolveError>;

    /// What the move `m` changes in the picture of its component (found by comparing
    /// the pictures before and after it); `None` when the pictures do not tell.
    fn target(&mut self, m: &Self::Move) -> Result<Option<Target>, SolveError>;

    /// The drawing of the current position, component by component.
    fn drawing(&mut self) -> Vec<view::Drawing>;

    /// The legal moves in the order they are numbered (from 1), at most `cap` (the
    /// session may number fewer, see [`MoveList`]).
    fn move_list(&mut self, cap: usize) -> Result<MoveList<Self::Move>, SolveError>;

    /// Where the move `m` of the current position leads.
    fn move_result(&mut self, m: &Self::Move) -> Result<MoveResult, SolveError>;

    /// Reads a typed move; the message says why it is none (nothing is guessed).
    fn read_move(&mut self, input: &str) -> Result<Self::Move, String>;

    /// Makes the move `m` (legal in the current position) for the player to move,
    /// with the computer's reason for it.
    fn play_move(&mut self, m: Self::Move, reason: Option<String>) -> Result<(), SolveError>;

    /// Takes back moves until the human is to move again (their last move and the
    /// computer's answer); whether anything was taken back.
    fn take_back(&mut self) -> bool;

    /// The computer's choice for the player to move and why; `None` when there is
    /// no move.
    fn computer_choice(&mut self) -> Result<Option<(Self::Move, String)>, SolveError>;

    /// Chooses and makes the computer's move; `None` when there is no move.
    fn computer_plays(&mut self) -> Result<Option<Self::Move>, SolveError> {
        let Some((m, why)) = self.computer_choice()? else {
            return Ok(None);
        };
        self.play_move(m.clone(), Some(why))?;
        Ok(Some(m))
    }

    /// Whether the game is over (the player to move has no move).
    fn game_over(&mut self) -> Result<bool, SolveError>;

    /// The winner, once the game is over.
    fn won_by(&mut self) -> Result<Option<Player>, SolveError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Play;
    use sprague_engine::partizan::Side;

    /// Plays a game through the interface alone: the human the first move listed,
    /// the computer its choice. The winner, and the moves made.
    fn play_out<S: PlaySession>(s: &mut S) -> (Player, usize) {
        for _ in 0..100 {
            if let Some(w) = s.won_by().unwrap() {
                assert!(s.game_over().unwrap());
                return (w, s.moves_made());
            }
            match s.whose_turn() {
                Player::Human => {
                    let m = s.move_list(1).unwrap().moves[0].clone();
                    s.play_move(m, None).unwrap();
                }
                Player::Computer => {
                    s.computer_plays().unwrap().unwrap();
                }
            }
        }
        panic!("no end");
    }

    #[test]
    fn both_sessions_play_through_one_interface() {
        // nim(1,2): 1 ⊕ 2 ≠ 0, the player to move (the computer) wins (Bouton).
        let mut s = session::Session::new(
            "nim(1,2)",
            Play::Normal,
            Limits::default(),
            Player::Computer,
        )
        .unwrap();
        let (w, n) = play_out(&mut s);
        assert_eq!(w, Player::Computer);
        let played = s.played();
        assert_eq!(played.len(), n);
        assert_eq!(played[0].by, Player::Computer);
        assert!(played[0].reason.is_some());
        assert_eq!(s.rule(), Play::Normal);
        assert_eq!(s.side_to_move(), None);
        assert!(s.take_back());
        assert_eq!(s.whose_turn(), Player::Human);
        // 2×3 Domineering is {2 | -1/2} (Winning Ways): Right moving first wins; the
        // computer plays Right and starts.
        let mut p = partizan::Session::new(
            "domineering(2,3)",
            Side::Right,
            Side::Left,
            Limits::default(),
        )
        .unwrap();
        assert_eq!(p.whose_turn(), Player::Computer);
        let (w, _) = play_out(&mut p);
        assert_eq!(w, Player::Computer);
        // A typed move is read and made through the interface too.
        let mut p = partizan::Session::new(
            "domineering(2,2)",
            Side::Left,
            Side::Left,
            Limits::default(),
        )
        .unwrap();
        let m = p.read_move("a1 a2").unwrap();
        assert_eq!(p.move_result(&m).unwrap().wins, m.wins);
        p.play_move(m, None).unwrap();
        assert_eq!(p.position_text(), "domineering(\"#.|#.\")");
    }
}
