//! The partizan game families: positions written in expressions, valued by the
//! partizan engine ([`sprague_engine::partizan`]).
//!
//! - Closed forms: Hackenbush strings ([`hackenbush`]; graphs in [`hackenbush_graph`]),
//!   the cutting game ([`cut`]),
//!   unfair subtraction ([`unfair`]).
//! - Rulesets valued from their game tree: each implements [`Ruleset`] (its moves, as
//!   [`Rules`], plus how its positions are written) in one file, and is listed once in
//!   [`visit`]; the evaluator, `value`, sums and the search then know it.
//!
//! # Adding a ruleset
//!
//! A new file `crates/games/src/partizan/NAME.rs` states the rules in its doc comment (which
//! player is Left), implements [`Rules`] (`options` for each side, and `regions` when a
//! position falls apart into independent parts) and [`Ruleset`] (`NAME`, `USAGE`,
//! `read` from a family term, `show`), with tests of published values and of the plain
//! game tree on small positions; then one line in this file's `rulesets!` list.
//! [`domineering`] is the worked example.

pub mod amazons;
pub mod clobber;
pub mod col;
pub mod component;
pub mod cram;
pub mod cut;
pub mod domineering;
pub mod fission;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod hackenbush_graph;
pub mod konane;
pub mod nogo;
pub mod snort;
pub mod stored;
#[cfg(test)]
pub(crate) mod testing;
pub mod toads;
pub mod toppling;
pub mod unfair;

use sprague_engine::partizan::Rules;
use sprague_engine::picture::Picture;
use sprague_expr::{Arg, FamilyTerm, Param, Span};
use std::hash::Hash;

/// A partizan ruleset as written in expressions: `NAME[params](args)`.
///
/// The ruleset value itself is the instance of a family of rules (e.g. the slide
/// lengths of a generalised Toads and Frogs; a unit type when there are none); equal
/// instances share one memo of region values.
pub trait Ruleset: Rules + Clone + Eq + Hash + 'static {
    /// The family's name in expressions, e.g. `domineering`.
    const NAME: &'static str;
    /// One line: how a position is written and which player is Left.
    const USAGE: &'static str;
    /// The rules in two or three sentences, for the gallery.
    const RULES: &'static str;
    /// A starting position, as an expression, for the gallery.
    const EXAMPLE: &'static str;

    /// Reads the instance (from the bracketed parameters) and the position (from the
    /// arguments) of a family term named [`Ruleset::NAME`]. On error: where, and what
    /// is wrong.
    fn read(f: &FamilyTerm) -> Result<(Self, Self::Position), (Span, String)>;

    /// The position as an expression that [`Ruleset::read`] reads back (the ruleset's
    /// usual board notation inside).
    fn show(&self, p: &Self::Position) -> String;

    /// What the characters of a board written in the ruleset's notation mean, for
    /// pictures of the board (`('.', "empty")`, …); empty for a ruleset whose
    /// positions are not boards of cells (graphs, strips written otherwise).
    const LEGEND: &'static [(char, &'static str)] = &[];

    /// For a ruleset whose moves a player may type as the board cells they change
    /// (`a1 a2`): the ruleset's name as players know it and which cells a move names,
    /// e.g. `("Domineering", "the two squares of the domino")`, for the help of
    /// `play`; `None` (the default) to say nothing.
    const MOVE_CELLS: Option<(&'static str, &'static str)> = None;

    /// How front ends draw the position `p` ([`Picture`]). The default: a board of
    /// cells with the [`Ruleset::LEGEND`] when the ruleset has one and
    /// [`Ruleset::show`] writes the position as a board (rows separated by `|`), else
    /// the position as written.
    fn picture(&self, p: &Self::Position) -> Picture {
        let shown = self.show(p);
        if !Self::LEGEND.is_empty()
            && let Some(rows) = board_rows(&shown)
        {
            return Picture::Cells {
                rows,
                legend: Self::LEGEND
                    .iter()
                    .map(|&(c, what)| (c, what.to_string()))
                    .collect(),
            };
        }
        Picture::Text(shown)
    }

    /// Whether both players always have the same moves (e.g. Cram): such a family is
    /// also an impartial family, and `solve` answers it with nim-values.
    const IMPARTIAL: bool = false;

    /// The regions of `p` for misère play, where only a part with the same game tree
    /// (or one that plays alike in every sum, in misère play too) may stand for a
    /// part: by default [`Rules::regions`], whose normal forms are such parts (a
    /// region cropped, turned or reflected, a part without moves dropped). A ruleset
    /// whose regions replace a part by one of equal normal-play value only (a green
    /// Hackenbush piece by the stalk of its nim-value) lists its parts here without
    /// that replacement.
    fn misere_regions(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        self.regions(p, out)
    }

    /// The negative of a position: the position with the players' roles swapped, so
    /// that `p + negative(p) = 0` (Clobber: the colours swapped; Domineering: the board
    /// transposed). The search cancels a region against its negative. The default,
    /// `None`, says nothing.
    fn negative(&self, _p: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// Upper bounds on how many moves Left and Right can each make in a row from `p`,
    /// the opponent never moving (`[Left's, Right's]`), when they are cheap to know
    /// (Domineering: the vertical and the horizontal dominoes that fit at once; Clobber:
    /// the opponent's stones). The search then knows `−Right's ≤ p ≤ Left's` without
    /// searching `p` (see [`sprague_engine::search::bounds`]). The default, `None`, says nothing.
    fn run_bounds(&self, _p: &Self::Position) -> Option<[u32; 2]> {
        None
    }

    /// An upper bound on the number of moves of any play from `p` (both players'
    /// moves together, in any order), when one is cheap to know (Domineering: half
    /// the empty squares; Hackenbush: the edges). The search uses it to lower a large
    /// nimber of a sum to one with the same outcome (see
    /// [`sprague_engine::search::partizan`]). The default, `None`, says nothing.
    fn height(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// How many options `side` has from `p`, `buf` (empty) being scratch space the
    /// search lends. The search asks it of every region it meets (for move ordering
    /// and to know the small ones); the default generates the options into `buf` and
    /// counts them, a ruleset may count them for less.
    fn option_count(
        &self,
        p: &Self::Position,
        side: sprague_engine::partizan::Side,
        buf: &mut Vec<Self::Position>,
    ) -> usize {
        self.options(p, side, buf);
        buf.len()
    }

    /// The value of the region `p` when a theorem gives it without its game tree
    /// (a green Hackenbush region is the nimber of its fusion and colon value, a
    /// Hackenbush stalk its sign expansion); `None` otherwise, the default. The
    /// search of sums ([`sprague_engine::search::partizan`]) puts such a value in place of the
    /// region instead of searching it, whatever its size: it must cost little
    /// (about linear in the size of `p`).
    fn closed_value(
        &self,
        _p: &Self::Position,
        _t: &mut sprague_engine::partizan::GameTable,
    ) -> Option<Result<sprague_engine::partizan::Game, sprague_core::SolveError>> {
        None
    }

    /// Every move of `side` from `p` as it is listed to a player: the position after
    /// it and, when that position does not tell the move apart (Hackenbush: parallel
    /// edges of one colour), the move in words. [`Rules::options`] may give one
    /// option for several such moves; this lists each. The default: the options,
    /// without words.
    fn listed_moves(
        &self,
        p: &Self::Position,
        side: sprague_engine::partizan::Side,
        out: &mut Vec<(Self::Position, Option<String>)>,
    ) {
        let mut opts = Vec::new();
        self.options(p, side, &mut opts);
        out.extend(opts.into_iter().map(|o| (o, None)));
    }

    /// One line for explanations: how the value was found.
    fn method(&self) -> String {
        format!("{}, from the game tree", Self::USAGE)
    }
}

/// Does something with a ruleset chosen by name at run time (see [`visit`]).
pub trait Visitor {
    /// What the visit gives.
    type Out;
    /// The visit, with the ruleset as a type.
    fn visit<R: Ruleset>(self) -> Self::Out;
}

macro_rules! rulesets {
    ($($r:ty),* $(,)?) => {
        /// Calls `v` with the ruleset named `name`; `None` if there is none.
        pub fn visit<V: Visitor>(name: &str, v: V) -> Option<V::Out> {
            $(
                if name == <$r as Ruleset>::NAME {
                    return Some(v.visit::<$r>());
                }
            )*
            None
        }

        /// The names of the rulesets valued from their game tree.
        pub const NAMES: &[&str] = &[$(<$r as Ruleset>::NAME),*];
    };
}

rulesets![
    domineering::Domineering,
    hackenbush_graph::Hackenbush,
    clobber::Clobber,
    konane::Konane,
    amazons::Amazons,
    cram::Cram,
    toads::Toads,
    snort::Snort,
    col::Col,
    toppling::Toppling,
    fission::Fission,
    nogo::NoGo,
];

/// The rows of a board written `name("row|row|…")` (or `name[…]("row")`), when the
/// text is one: every row made of letters, `.` and `#`, all of one length (graph and
/// edge-list notations have digits or `-`, and are not boards).
///
/// ```
/// let rows = sprague_games::partizan::board_rows("domineering(\"..#|...\")").unwrap();
/// assert_eq!(rows, ["..#", "..."]);
/// assert_eq!(sprague_games::partizan::board_rows("snort(\"0-1\")"), None);
/// ```
pub fn board_rows(text: &str) -> Option<Vec<String>> {
    let start = text.find("(\"")? + 2;
    let end = text.rfind("\")")?;
    let inner = text.get(start..end)?;
    if inner.is_empty()
        || !inner
            .chars()
            .all(|c| c.is_ascii_alphabetic() || matches!(c, '.' | '#' | '|'))
    {
        return None;
    }
    let rows: Vec<String> = inner.split('|').map(str::to_string).collect();
    let width = rows[0].chars().count();
    if width == 0 || rows.iter().any(|r| r.chars().count() != width) {
        return None;
    }
    Some(rows)
}

/// Every ruleset's name, [`Ruleset::RULES`] and [`Ruleset::EXAMPLE`], in the order
/// of the `rulesets!` list.
pub fn shown() -> Vec<(&'static str, &'static str, &'static str)> {
    struct Shown;
    impl Visitor for Shown {
        type Out = (&'static str, &'static str, &'static str);
        fn visit<R: Ruleset>(self) -> Self::Out {
            (R::NAME, R::RULES, R::EXAMPLE)
        }
    }
    NAMES.iter().filter_map(|n| visit(n, Shown)).collect()
}

/// Every ruleset's [`Ruleset::USAGE`], in the order of the `rulesets!` list.
pub fn usages() -> Vec<&'static str> {
    struct Usage;
    impl Visitor for Usage {
        type Out = &'static str;
        fn visit<R: Ruleset>(self) -> Self::Out {
            R::USAGE
        }
    }
    NAMES.iter().filter_map(|n| visit(n, Usage)).collect()
}

/// Every ruleset's [`Ruleset::MOVE_CELLS`] that it gives, in the order of the
/// `rulesets!` list.
///
/// ```
/// let cells = sprague_games::partizan::move_cells();
/// assert!(cells.iter().any(|(name, _)| *name == "Domineering"));
/// ```
pub fn move_cells() -> Vec<(&'static str, &'static str)> {
    struct Cells;
    impl Visitor for Cells {
        type Out = Option<(&'static str, &'static str)>;
        fn visit<R: Ruleset>(self) -> Self::Out {
            R::MOVE_CELLS
        }
    }
    NAMES
        .iter()
        .filter_map(|n| visit(n, Cells).flatten())
        .collect()
}

/// The legend of the board of the ruleset named `name` ([`Ruleset::LEGEND`]); empty
/// for a name that is no ruleset or a ruleset without boards.
///
/// ```
/// let l = sprague_games::partizan::legend("toads");
/// assert!(l.contains(&('T', "toad (Left)")));
/// assert!(sprague_games::partizan::legend("hackenbush").is_empty());
/// ```
pub fn legend(name: &str) -> &'static [(char, &'static str)] {
    struct Legend;
    impl Visitor for Legend {
        type Out = &'static [(char, &'static str)];
        fn visit<R: Ruleset>(self) -> Self::Out {
            R::LEGEND
        }
    }
    visit(name, Legend).unwrap_or(&[])
}

/// Whether `name` is a ruleset whose two players always have the same moves.
pub(crate) fn is_impartial(name: &str) -> bool {
    struct Impartial;
    impl Visitor for Impartial {
        type Out = bool;
        fn visit<R: Ruleset>(self) -> bool {
            R::IMPARTIAL
        }
    }
    visit(name, Impartial).unwrap_or(false)
}

/// The span of the `i`-th character of the string argument `s` written at `span`
/// (which includes the quotes), for errors inside a board.
pub(crate) fn char_span(span: Span, s: &str, i: usize) -> Span {
    let at = span.start + 1 + s.char_indices().nth(i).map_or(s.len(), |(b, _)| b);
    Span {
        start: at.min(span.end),
        end: span.end,
    }
}

/// The arguments of `f`, or an error with `usage` if it has none.
pub fn args<'f>(f: &'f FamilyTerm, usage: &str) -> Result<&'f [Arg], (Span, String)> {
    match f.args.as_deref() {
        Some(a) if !a.is_empty() => Ok(a),
        _ => Err((f.span, usage.to_string())),
    }
}

/// An error if `f` has bracketed parameters (for rulesets without any).
pub(crate) fn no_params(f: &FamilyTerm) -> Result<(), (Span, String)> {
    match f.params.as_deref() {
        Some(p) => Err((
            p.first().map_or(f.span, Param::span),
            format!("{} takes no [parameters]", f.name),
        )),
        None => Ok(()),
    }
}
