//! A session on any position: impartial or partizan, chosen from the expression
//! ([`AnySession::open`]), played through [`PlaySession`] like either, so that a
//! front end has one path for both.

use crate::partizan::{self, other};
use crate::session::{self, MoveList, Player, SumMove};
use crate::view::Drawing;
use crate::{MoveFacts, MoveResult, PlaySession, Played, Standing};
use sprague_core::{Limits, Play, Raise, SolveError};
use sprague_engine::partizan::Side;
use sprague_engine::picture::Target;
use sprague_games::partizan::component::is_partizan;

/// How a game starts: the rule of play, who moves first, and the side that moves
/// first when the players are Left and Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// Normal or misère play.
    pub play: Play,
    /// Who moves first.
    pub first: Player,
    /// The side that moves first in a partizan position (the human plays it when
    /// `first` is the human); unused for an impartial position.
    pub side: Side,
}

/// A session on an impartial or a partizan position.
pub enum AnySession {
    /// An impartial position (Nim, octal games, Wythoff, …).
    Impartial(session::Session),
    /// A position with partizan terms (a ruleset of Left and Right, a literal game).
    Partizan(partizan::Session),
}

/// A move of an [`AnySession`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// A move of an impartial position.
    Impartial(SumMove),
    /// A move of a partizan position.
    Partizan(partizan::Move),
}

/// The error for a move of the other kind of game.
fn foreign() -> SolveError {
    SolveError::Input("the move is not one of this game".to_string())
}

impl AnySession {
    /// A session on `src`: partizan when the expression has a partizan term, else
    /// impartial. The bounds of a partizan search are named by `raise` (a front
    /// end's words for them). Errors: the expression is bad (`Input`); it is too large
    /// to read (`Limit`).
    ///
    /// ```
    /// use sprague_core::{Limits, Bound, Play};
    /// use sprague_engine::partizan::Side;
    /// use sprague_play::PlaySession;
    /// use sprague_play::any::{AnySession, Start};
    /// use sprague_play::session::Player;
    /// let start = Start { play: Play::Normal, first: Player::Human, side: Side::Right };
    /// let s = AnySession::open("domineering(2,3)", &start, Limits::default(), Bound::words).unwrap();
    /// assert_eq!(s.side_to_move(), Some(Side::Right));
    /// let s = AnySession::open("nim(3,4)", &start, Limits::default(), Bound::words).unwrap();
    /// assert_eq!(s.side_to_move(), None);
    /// ```
    pub fn open(
        src: &str,
        start: &Start,
        limits: Limits,
        raise: Raise,
    ) -> Result<Self, SolveError> {
        if is_partizan(src) == Some(true) {
            let human = match start.first {
                Player::Human => start.side,
                Player::Computer => other(start.side),
            };
            let mut s = match start.play {
                Play::Normal => partizan::Session::new(src, start.side, human, limits)?,
                Play::Misere => partizan::Session::new_misere(src, start.side, human, limits)?,
            };
            s.set_raise(raise);
            return Ok(AnySession::Partizan(s));
        }
        session::Session::new(src, start.play, limits, start.first).map(AnySession::Impartial)
    }
}

impl PlaySession for AnySession {
    type Move = AnyMove;

    fn limits(&self) -> &Limits {
        match self {
            AnySession::Impartial(s) => s.limits(),
            AnySession::Partizan(s) => s.limits(),
        }
    }

    fn position_text(&mut self) -> String {
        match self {
            AnySession::Impartial(s) => s.position_text(),
            AnySession::Partizan(s) => s.position_text(),
        }
    }

    fn whose_turn(&self) -> Player {
        match self {
            AnySession::Impartial(s) => s.whose_turn(),
            AnySession::Partizan(s) => s.whose_turn(),
        }
    }

    fn moves_made(&self) -> usize {
        match self {
            AnySession::Impartial(s) => s.moves_made(),
            AnySession::Partizan(s) => s.moves_made(),
        }
    }

    fn played(&self) -> Vec<Played<AnyMove>> {
        fn wrap<M>(p: Vec<Played<M>>, f: fn(M) -> AnyMove) -> Vec<Played<AnyMove>> {
            p.into_iter()
                .map(|p| Played {
                    by: p.by,
                    mv: f(p.mv),
                    reason: p.reason,
                })
                .collect()
        }
        match self {
            AnySession::Impartial(s) => wrap(s.played(), AnyMove::Impartial),
            AnySession::Partizan(s) => wrap(s.played(), AnyMove::Partizan),
        }
    }

    fn rule(&self) -> Play {
        match self {
            AnySession::Impartial(s) => PlaySession::rule(s),
            AnySession::Partizan(s) => PlaySession::rule(s),
        }
    }

    fn side_to_move(&self) -> Option<Side> {
        match self {
            AnySession::Impartial(s) => s.side_to_move(),
            AnySession::Partizan(s) => s.side_to_move(),
        }
    }

    fn standing(&mut self) -> Result<Standing, SolveError> {
        match self {
            AnySession::Impartial(s) => s.standing(),
            AnySession::Partizan(s) => s.standing(),
        }
    }

    fn facts(&self, m: &AnyMove) -> MoveFacts {
        match m {
            AnyMove::Impartial(m) => session::Session::facts(m),
            AnyMove::Partizan(m) => match self {
                AnySession::Partizan(s) => PlaySession::facts(s, m),
                // The facts of a move are its own: any session of its kind gives them.
                AnySession::Impartial(_) => MoveFacts {
                    component: m.part,
                    from: m.from.clone(),
                    to: m.to.clone(),
                    text: m.text.clone(),
                    heap: None,
                    take: None,
                    cells: m.cells.clone(),
                },
            },
        }
    }

    fn move_list(&mut self, cap: usize) -> Result<MoveList<AnyMove>, SolveError> {
        fn wrap<M>(l: MoveList<M>, f: fn(M) -> AnyMove) -> MoveList<AnyMove> {
            MoveList {
                moves: l.moves.into_iter().map(f).collect(),
                winning_first: l.winning_first,
                complete: l.complete,
                count: l.count,
                count_exact: l.count_exact,
            }
        }
        Ok(match self {
            AnySession::Impartial(s) => wrap(PlaySession::move_list(s, cap)?, AnyMove::Impartial),
            AnySession::Partizan(s) => wrap(s.move_list(cap)?, AnyMove::Partizan),
        })
    }

    fn move_result(&mut self, m: &AnyMove) -> Result<MoveResult, SolveError> {
        match (self, m) {
            (AnySession::Impartial(s), AnyMove::Impartial(m)) => s.move_result(m),
            (AnySession::Partizan(s), AnyMove::Partizan(m)) => s.move_result(m),
            _ => Err(foreign()),
        }
    }

    fn position_after(&mut self, m: &AnyMove) -> Result<String, SolveError> {
        match (self, m) {
            (AnySession::Impartial(s), AnyMove::Impartial(m)) => PlaySession::position_after(s, m),
            (AnySession::Partizan(s), AnyMove::Partizan(m)) => PlaySession::position_after(s, m),
            _ => Err(foreign()),
        }
    }

    fn target(&mut self, m: &AnyMove) -> Result<Option<Target>, SolveError> {
        match (self, m) {
            (AnySession::Impartial(s), AnyMove::Impartial(m)) => s.target(m),
            (AnySession::Partizan(s), AnyMove::Partizan(m)) => s.target(m),
            _ => Ok(None),
        }
    }

    fn drawing(&mut self) -> Vec<Drawing> {
        match self {
            AnySession::Impartial(s) => s.drawing(),
            AnySession::Partizan(s) => s.drawing(),
        }
    }

    fn read_move(&mut self, input: &str) -> Result<AnyMove, String> {
        match self {
            AnySession::Impartial(s) => PlaySession::read_move(s, input).map(AnyMove::Impartial),
            AnySession::Partizan(s) => PlaySession::read_move(s, input).map(AnyMove::Partizan),
        }
    }

    fn play_move(&mut self, m: AnyMove, reason: Option<String>) -> Result<(), SolveError> {
        match (self, m) {
            (AnySession::Impartial(s), AnyMove::Impartial(m)) => s.play_move(m, reason),
            (AnySession::Partizan(s), AnyMove::Partizan(m)) => s.play_move(m, reason),
            _ => Err(foreign()),
        }
    }

    fn take_back(&mut self) -> bool {
        match self {
            AnySession::Impartial(s) => s.take_back(),
            AnySession::Partizan(s) => s.take_back(),
        }
    }

    fn computer_choice(&mut self) -> Result<Option<(AnyMove, String)>, SolveError> {
        Ok(match self {
            AnySession::Impartial(s) => s
                .computer_choice()?
                .map(|(m, why)| (AnyMove::Impartial(m), why)),
            AnySession::Partizan(s) => s
                .computer_choice()?
                .map(|(m, why)| (AnyMove::Partizan(m), why)),
        })
    }

    fn game_over(&mut self) -> Result<bool, SolveError> {
        match self {
            AnySession::Impartial(s) => s.game_over(),
            AnySession::Partizan(s) => s.game_over(),
        }
    }

    fn won_by(&mut self) -> Result<Option<Player>, SolveError> {
        match self {
            AnySession::Impartial(s) => s.won_by(),
            AnySession::Partizan(s) => s.won_by(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Bound;

    fn start(play: Play, first: Player, side: Side) -> Start {
        Start { play, first, side }
    }

    #[test]
    fn the_kind_is_chosen_from_the_expression() {
        let l = Limits::default;
        let s = start(Play::Normal, Player::Human, Side::Left);
        assert!(matches!(
            AnySession::open("nim(3) + kayles(4)", &s, l(), Bound::words),
            Ok(AnySession::Impartial(_))
        ));
        for src in ["domineering(2,2)", "nim(1) + {1|-1}", "hackenbush(\"BR\")"] {
            assert!(
                matches!(
                    AnySession::open(src, &s, l(), Bound::words),
                    Ok(AnySession::Partizan(_))
                ),
                "{src}"
            );
        }
        // Misère play of a partizan position is a partizan session of misère play; a
        // bad expression keeps its column.
        let m = start(Play::Misere, Player::Human, Side::Left);
        let g = AnySession::open("{1|-1}", &m, l(), Bound::words).unwrap();
        assert_eq!(g.rule(), Play::Misere);
        assert_eq!(g.side_to_move(), Some(Side::Left));
        let e = AnySession::open("nim(3,x)", &s, l(), Bound::words)
            .err()
            .unwrap();
        assert!(e.to_string().contains("column 7"), "{e}");
    }

    #[test]
    fn the_computer_first_plays_the_other_side() {
        // 1×2 Domineering: only Right (horizontal) has a move. The computer moves
        // first as Right, then Left (the human) has no move and has lost.
        let s = start(Play::Normal, Player::Computer, Side::Right);
        let mut g =
            AnySession::open("domineering(1,2)", &s, Limits::default(), Bound::words).unwrap();
        assert_eq!(g.whose_turn(), Player::Computer);
        let m = g.computer_plays().unwrap().unwrap();
        assert_eq!(g.facts(&m).cells, [(0, 0), (0, 1)]);
        assert_eq!(g.side_to_move(), Some(Side::Left));
        assert_eq!(g.won_by().unwrap(), Some(Player::Computer));
        assert_eq!(g.played().len(), 1);
    }

    #[test]
    fn moves_of_the_other_kind_are_refused() {
        let s = start(Play::Normal, Player::Human, Side::Left);
        let mut nim = AnySession::open("nim(2)", &s, Limits::default(), Bound::words).unwrap();
        let mut dom =
            AnySession::open("domineering(2,2)", &s, Limits::default(), Bound::words).unwrap();
        let d = dom.move_list(10).unwrap().moves[0].clone();
        assert!(nim.play_move(d.clone(), None).is_err());
        assert!(nim.position_after(&d).is_err());
        assert_eq!(nim.target(&d).unwrap(), None);
        assert_eq!(nim.moves_made(), 0);
    }
}
