//! What a graphical front end draws: the picture of each component of a position
//! ([`Picture`], as its family describes it), with the numbers of its heaps across
//! the sum, what each move changes in it ([`target`]), and the state of a game with
//! where each move leads ([`state`], for impartial and partizan sessions alike). The
//! grid of nim-values of a two-parameter family is a report
//! (`sprague_report::grid`).

use super::session::{self, SumMove};
use crate::{MoveFacts, MoveResult, PlaySession, Standing};
use sprague_core::nat::Nat;
use sprague_core::{Limits, Play, SolveError};
use sprague_engine::impartial::sum::Component;
use sprague_engine::partizan::Side;
use sprague_engine::picture::{Picture, Target};

/// How to draw one component of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// The component (0-based, in the order of the sum).
    pub component: usize,
    /// The numbers (from 1, across the whole sum, as moves name them: "take 2 from
    /// heap 3") of the component's heaps, in the order of its picture's heaps (of
    /// its arguments); empty when it has none.
    pub heaps: Vec<usize>,
    /// A short label: the family's name for a heap of a heap family (`sub[1,3,4]`),
    /// else the component as written.
    pub label: String,
    /// The picture.
    pub picture: Picture,
}

/// The drawing of a position, component by component: each component's picture
/// ([`sprague_engine::impartial::family::Family::picture`]) with its numbered heaps.
///
/// ```
/// use sprague_engine::picture::Picture;
/// let comps = sprague_games::components("nim(3) + wythoff(3,5)").unwrap();
/// let d = sprague_play::view::drawing(&comps);
/// assert!(matches!(&d[0].picture, Picture::Heaps { sizes } if sizes[0].to_u64() == Some(3)));
/// assert_eq!(d[0].heaps, [1]);
/// assert!(matches!(&d[1].picture, Picture::Board { .. }));
/// assert_eq!(d[1].heaps, [2, 3]);
/// ```
pub fn drawing(comps: &[Component]) -> Vec<Drawing> {
    let heaps = session::heaps(comps);
    comps
        .iter()
        .enumerate()
        .map(|(i, c)| Drawing {
            component: i,
            heaps: (0..heaps.len())
                .filter(|&k| heaps[k].0 == i)
                .map(|k| k + 1)
                .collect(),
            label: if c.family.is_heap_family() {
                c.family.name()
            } else {
                c.expr()
            },
            picture: c.family.picture(&c.pos),
        })
        .collect()
}

/// The drawing of the sum written in `src`, term by term, for a front end that shows
/// its value: each position of an impartial family as its family draws it
/// ([`drawing`]: one drawing a component, so a term of several heaps gives several),
/// each position of a partizan ruleset as its ruleset draws it, and every other term
/// (a literal, a game given by its options, an operator, a closed form) as text, as
/// written. Nothing is valued. Empty when `src` is not a sum of terms (a comparison)
/// or has no position.
///
/// ```
/// use sprague_engine::picture::Picture;
/// let d = sprague_play::view::sum_drawing("nim(3) + ^");
/// assert!(matches!(&d[0].picture, Picture::Heaps { sizes } if sizes.len() == 1));
/// assert_eq!(d[1].picture, Picture::Text("^".to_string()));
/// assert!(sprague_play::view::sum_drawing("^ + {1|0}").is_empty());
/// ```
pub fn sum_drawing(src: &str) -> Vec<Drawing> {
    use sprague_engine::search::partizan::Part;
    use sprague_games::partizan::component::{is_partizan, is_ruleset, read_sum};
    let Ok(sum) = sprague_expr::parse(src) else {
        return Vec::new();
    };
    if !sum
        .terms
        .iter()
        .any(|t| matches!(t, sprague_expr::Term::Family(_)))
    {
        return Vec::new();
    }
    let mut out: Vec<Drawing> = Vec::new();
    let mut heaps = 0;
    for term in &sum.terms {
        let text = term.to_string();
        let family = match term {
            sprague_expr::Term::Family(f) => Some(f.name.as_str()),
            _ => None,
        };
        let mut drawn = Vec::new();
        if family.is_some() && is_partizan(&text) == Some(false) {
            // An impartial position: its components as their family draws them.
            if let Ok(comps) = sprague_games::components(&text) {
                drawn = drawing(&comps);
            }
        } else if family.is_some_and(is_ruleset) {
            // A ruleset's position is read, not valued.
            let mut t = sprague_engine::partizan::GameTable::new();
            if let Ok(s) = read_sum(&mut t, &text, &Limits::default())
                && let [Part::Position(c)] = s.parts.as_slice()
            {
                drawn.push(Drawing {
                    component: 0,
                    heaps: Vec::new(),
                    label: text.clone(),
                    picture: c.picture(),
                });
            }
        }
        if drawn.is_empty() {
            drawn.push(Drawing {
                component: 0,
                heaps: Vec::new(),
                label: text.clone(),
                picture: Picture::Text(text),
            });
        }
        for mut d in drawn {
            d.component = out.len();
            for h in &mut d.heaps {
                *h += heaps;
            }
            out.push(d);
        }
        heaps = out.iter().map(|d| d.heaps.len()).sum();
    }
    out
}

/// What the move `m` of the position `comps` changes in the picture of its component
/// (found by comparing the pictures before and after it); `None` when the pictures do
/// not tell (a move that leaves several components is told only by pictures that join,
/// [`Picture::joined`]: rows of pins).
///
/// ```
/// use sprague_core::{Limits, Play, nat::Nat};
/// use sprague_engine::picture::Target;
/// use sprague_play::session::{Player, Session};
/// let mut s = Session::new("nim(3,5)", Play::Normal, Limits::default(), Player::Human).unwrap();
/// let moves = s.move_list(100).unwrap().moves;
/// let comps = s.position().to_vec();
/// // The winning move takes 2 from the heap of 5 (heap 2): 3 XOR 3 = 0.
/// let m = moves.iter().find(|m| m.to == "nim(3)").unwrap();
/// let t = sprague_play::view::target(&comps, m);
/// assert_eq!(t, Some(Target::Take { heap: 0, count: Nat::from(2u64) }));
/// ```
pub fn target(comps: &[Component], m: &SumMove) -> Option<Target> {
    let c = comps.get(m.component)?;
    let before = c.family.picture(&c.pos);
    match m.after.as_slice() {
        [to] => Picture::target(&before, &c.family.picture(to)),
        parts => {
            let after: Vec<Picture> = parts.iter().map(|p| c.family.picture(p)).collect();
            Picture::target(&before, &Picture::joined(&after)?)
        }
    }
}

/// A move as a front end shows it: its number in the list, what it is, the whole
/// position after it, where it leads and what it changes in the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move's place in the list (from 0); `None` when it is not listed.
    pub index: Option<usize>,
    /// What it is ([`PlaySession::facts`]).
    pub facts: MoveFacts,
    /// The whole position after it, in expression syntax.
    pub after: String,
    /// Where it leads.
    pub result: MoveResult,
    /// What it changes in the picture of its component.
    pub target: Option<Target>,
}

/// The state of a game as a front end shows it, for impartial and partizan
/// positions alike ([`state`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The position in expression syntax.
    pub position: String,
    /// Normal or misère play.
    pub play: Play,
    /// The side to move, when the players are Left and Right.
    pub side: Option<Side>,
    /// Outcome, remoteness, value.
    pub standing: Standing,
    /// Whether the player to move has no move.
    pub over: bool,
    /// The winning side, once the game is over and when the players are Left and
    /// Right.
    pub winner: Option<Side>,
    /// The first moves in the session's order, with where each leads.
    pub moves: Vec<MoveView>,
    /// The number of legal moves, when it is known exactly.
    pub count: Option<Nat>,
    /// Whether every legal move is listed.
    pub complete: bool,
    /// The drawing of the position, component by component.
    pub drawing: Vec<Drawing>,
}

/// The move `m` of the current position of `s` as a front end shows it; the stop
/// signal looked at after it.
fn move_view<S: PlaySession>(
    s: &mut S,
    m: &S::Move,
    index: Option<usize>,
) -> Result<MoveView, SolveError> {
    let after = s.position_after(m)?;
    let result = s.move_result(m)?;
    let target = s.target(m)?;
    s.limits().check_stop()?;
    Ok(MoveView {
        index,
        facts: s.facts(m),
        after,
        result,
        target,
    })
}

/// The state of the game `s` for a front end: the position and its standing, the
/// first `cap` moves with where each leads, and the drawing.
///
/// ```
/// use sprague_core::{Bound, Limits, Outcome, Play};
/// use sprague_engine::partizan::Side;
/// use sprague_play::any::{AnySession, Start};
/// use sprague_play::session::Player;
/// let start = Start { play: Play::Normal, first: Player::Human, side: Side::Left };
/// // Bouton: 3 ⊕ 4 = 7, a win for the player to move, by one move only (4 → 3).
/// let mut s = AnySession::open("nim(3,4)", &start, Limits::default(), Bound::words).unwrap();
/// let st = sprague_play::view::state(&mut s, 100).unwrap();
/// assert_eq!(st.standing.outcome, Some(Outcome::N));
/// assert_eq!(st.standing.value.as_deref(), Some("*7"));
/// let winning: Vec<_> = st.moves.iter().filter(|m| m.result.wins == Some(true)).collect();
/// assert_eq!(winning.len(), 1);
/// assert_eq!(winning[0].after, "nim(3,3)");
/// ```
pub fn state<S: PlaySession>(s: &mut S, cap: usize) -> Result<State, SolveError> {
    let position = s.position_text();
    let standing = s.standing()?;
    let over = s.game_over()?;
    let list = s.move_list(cap)?;
    let mut moves = Vec::with_capacity(list.moves.len());
    for (i, m) in list.moves.iter().enumerate() {
        moves.push(move_view(s, m, Some(i))?);
    }
    let side = s.side_to_move();
    let winner = match (over, side) {
        (true, Some(side)) => s.won_by()?.map(|w| {
            if w == s.whose_turn() {
                side
            } else {
                crate::partizan::other(side)
            }
        }),
        _ => None,
    };
    Ok(State {
        position,
        play: s.rule(),
        side,
        standing,
        over,
        winner,
        moves,
        count: list.count_exact.then_some(list.count),
        complete: list.complete,
        drawing: s.drawing(),
    })
}

/// The computer's choice for the player to move of `s`, as a front end shows it
/// (its place among the first `cap` moves listed), and why; `None` when there is no
/// move.
pub fn reply<S: PlaySession>(
    s: &mut S,
    cap: usize,
) -> Result<Option<(MoveView, String)>, SolveError> {
    let Some((m, why)) = s.computer_choice()? else {
        return Ok(None);
    };
    let f = s.facts(&m);
    let index = s.move_list(cap).ok().and_then(|l| {
        l.moves.iter().position(|x| {
            let g = s.facts(x);
            g.component == f.component && g.to == f.to
        })
    });
    Ok(Some((move_view(s, &m, index)?, why)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_drawn_term_by_term() {
        // Impartial terms as their families draw them, heaps numbered across the
        // sum; ruleset positions as their rulesets draw them; the rest as text.
        let d =
            sum_drawing("nim(3,4) + domineering(2,3) + {1|0} + wythoff(1,2) + hackenbush(\"BRB\")");
        let kinds: Vec<&str> = d.iter().map(|x| x.picture.kind()).collect();
        assert_eq!(kinds, ["heaps", "heaps", "cells", "text", "board", "stalk"]);
        assert_eq!(
            d.iter().map(|x| x.component).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5]
        );
        assert_eq!(d[1].heaps, [2]);
        assert_eq!(d[4].heaps, [3, 4]);
        assert!(matches!(&d[2].picture, Picture::Cells { rows, .. } if rows == &["...", "..."]));
        assert_eq!(d[3].picture, Picture::Text("{1|0}".to_string()));
        // Nothing to draw: no position, or no sum.
        for src in ["^", "{1|0} + *2", "domineering(2,2) < 1", "nim(3"] {
            assert!(sum_drawing(src).is_empty(), "{src}");
        }
    }

    #[test]
    fn drawing_numbers_heaps_across_the_sum() {
        let comps =
            sprague_games::components("nim(3,4) + moore[2](1,2) + king(4,3) + ring(1,2)").unwrap();
        let d = drawing(&comps);
        let heaps: Vec<Vec<usize>> = d.iter().map(|x| x.heaps.clone()).collect();
        assert_eq!(heaps, [vec![1], vec![2], vec![3, 4], vec![], vec![]]);
        assert!(matches!(&d[2].picture, Picture::Heaps { sizes } if sizes.len() == 2));
        assert!(matches!(&d[3].picture, Picture::Board { .. }));
        assert!(matches!(&d[4].picture, Picture::Ring { weights } if weights.len() == 2));
        assert_eq!(
            (d[0].label.as_str(), d[3].label.as_str()),
            ("nim", "king(4,3)")
        );
    }

    #[test]
    fn targets_of_moves() {
        use crate::session::{Player, Session};
        use sprague_core::Play;
        let targets = |src: &str| {
            let mut s = Session::new(src, Play::Normal, Limits::default(), Player::Human).unwrap();
            let moves = s.move_list(1000).unwrap().moves;
            let comps = s.position().to_vec();
            moves
                .iter()
                .map(|m| (m.to.clone(), target(&comps, m)))
                .collect::<Vec<_>>()
        };
        // Wythoff (3,6): the queen may go to (3,5), one row down, a P-position
        // ((⌊φ·2⌋, ⌊φ·2⌋ + 2) = (3, 5)).
        let t = targets("wythoff(3,6)");
        let to = t.iter().find(|(to, _)| to == "wythoff(3,5)").unwrap();
        assert_eq!(
            to.1,
            Some(Target::Cell {
                x: Nat::from(3u64),
                y: Nat::from(5u64)
            })
        );
        // Every move of the king, of Nim and of Kayles has a target (a row of pins
        // knocked down in the middle leaves two rows).
        assert!(
            targets("king(2,2)")
                .iter()
                .all(|(_, t)| matches!(t, Some(Target::Cell { .. })))
        );
        assert!(
            targets("nim(2,4)")
                .iter()
                .all(|(_, t)| matches!(t, Some(Target::Take { .. })))
        );
        let k = targets("kayles(5)");
        assert!(
            k.iter()
                .all(|(_, t)| matches!(t, Some(Target::Knock { .. }))),
            "{k:?}"
        );
        // Knocking down the middle pin of 5 leaves rows of 2 and 2.
        assert!(
            k.iter().any(|(to, t)| to == "kayles(2) + kayles(2)"
                && *t
                    == Some(Target::Knock {
                        row: 0,
                        from: Nat::from(2u64),
                        count: Nat::from(1u64)
                    })),
            "{k:?}"
        );
    }
}
