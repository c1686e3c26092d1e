//! The impartial families, one file each: the rules of a family stated once, with its
//! closed forms or proofs; the engine ([`sprague_engine::impartial`]) supplies tables, periods,
//! sums and winning moves. The registry that builds them from expressions is
//! [`crate`].

pub mod adjacent;
pub mod andnim;
pub mod circle;
pub mod coins;
pub mod corners;
pub mod cram_strip;
pub mod digraph;
pub mod divisor;
pub mod ed;
pub mod fib;
pub mod geography;
pub mod green;
pub mod grid;
pub mod grundy_game;
pub mod jumpstair;
pub mod king;
pub mod kth;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod nullify;
pub mod octal;
pub mod ring;
pub mod seqnim;
pub mod split;
pub mod stair;
pub mod submask;
pub mod subtraction;
pub mod takeif;
#[cfg(test)]
pub(crate) mod testing;
/// The family of the walk-through in ARCHITECTURE.md, for tests only: registered in
/// the tests of this crate, its rules visible to other crates' tests with the feature
/// `toy`.
#[cfg(any(test, feature = "toy"))]
pub mod toy;
pub mod treestair;
pub mod wythoff;

use crate::{ExprError, Registry};
use sprague_engine::impartial::family::Family;
use sprague_engine::impartial::heap::TableFamily;
use sprague_engine::impartial::sum::Component;
use sprague_expr::FamilyTerm;
use std::rc::Rc;

/// A family built from a term: the family object (shared by the terms that name the
/// same family) and how many arguments make one component — 1: one component per
/// heap (`nim(3,4)` is two heaps); n > 1: one per group of n (`ed(1,2,3,4)` is two
/// pairs); 0: all the arguments form one component (`wythoff(3,5)`).
pub(crate) type Built = (Rc<dyn Family>, usize);

/// Reads a whole term into components ([`Entry::read`]).
pub(crate) type ReadTerm =
    fn(&mut Registry<'_>, &mut FamilyTerm, &mut Vec<Component>) -> Result<(), ExprError>;

/// Builds a family's table of values by heap size ([`Entry::table`]).
pub(crate) type BuildTable =
    fn(&Registry<'_>, &FamilyTerm) -> Result<Rc<dyn TableFamily>, ExprError>;

/// An impartial family as the expression language knows it: its names, its line of
/// help, and how it reads its parameters. The family's own module defines its entry
/// next to its rules; [`FAMILIES`] lists them, and the registry, the suggestions for
/// misspelt names and the command-line help are made from that list.
pub struct Entry {
    /// The names a term may use; the first is the family's own (`octal`), the others
    /// name members or variants of it (`kayles`, `dawson`).
    pub names: &'static [&'static str],
    /// The line of help: how a term is written, and the rules in a few words;
    /// `None` for a family described elsewhere (with the partizan games).
    pub usage: Option<(&'static str, &'static str)>,
    /// Builds the family from a term's name and parameters.
    pub(crate) build: fn(&mut Registry<'_>, &FamilyTerm) -> Result<Built, ExprError>,
    /// Reads the whole term into components, for a family whose arguments are not
    /// integers (`greenhackenbush("0-1 1-2")`); `None`: integer arguments, grouped as
    /// [`Built`] says.
    pub(crate) read: Option<ReadTerm>,
    /// The family's table of values by heap size, for a heap family written without
    /// arguments (`table 'sub[1,3,4]'`); `None` for a family without one.
    pub(crate) table: Option<BuildTable>,
    /// Whether a string parameter of the family names a file (to be refused where files
    /// are not read on behalf of a user, such as a server).
    pub(crate) names_file: fn(&str) -> bool,
    /// How the gallery shows the family; `None` for a family shown with another
    /// (the strips of Cram, with the partizan ruleset).
    pub shown: Option<Shown>,
}

/// The group of games a family belongs to in the gallery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The impartial games of the study notes: Nim and its relatives.
    Study,
    /// Octal and other take-and-break games.
    TakeAndBreak,
    /// The other impartial games.
    Other,
}

/// A family as the gallery shows it: its group, its rules in two or three
/// sentences, and a starting position (`None` for a family whose positions are read
/// from files).
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    /// The family's group.
    pub group: Group,
    /// The rules, in two or three sentences.
    pub rules: &'static str,
    /// A starting position, as an expression.
    pub example: Option<&'static str>,
}

impl Entry {
    /// The family's own name.
    pub fn name(&self) -> &'static str {
        self.names[0]
    }
}

/// For [`Entry::names_file`]: no parameter of the family names a file.
pub(crate) fn no_file(_: &str) -> bool {
    false
}

/// For [`Entry::names_file`]: the family's string parameter is a file.
pub(crate) fn always_file(_: &str) -> bool {
    true
}

/// Every impartial family of the expression language, in the order of the help.
pub const FAMILIES: &[Entry] = &[
    nim::ENTRY,
    subtraction::SUB,
    subtraction::BASH,
    wythoff::ENTRY,
    king::ENTRY,
    fib::ENTRY,
    stair::ENTRY,
    jumpstair::ENTRY,
    moore::ENTRY,
    ed::ENTRY,
    adjacent::ENTRY,
    ring::ENTRY,
    octal::ENTRY,
    coins::ENTRY,
    corners::ENTRY,
    grundy_game::ENTRY,
    lasker::ENTRY,
    split::ENTRY,
    andnim::ENTRY,
    submask::ENTRY,
    takeif::ENTRY,
    divisor::ENTRY,
    digraph::ENTRY,
    geography::ENTRY,
    seqnim::ENTRY,
    kth::ENTRY,
    circle::ENTRY,
    grid::ENTRY,
    nullify::ENTRY,
    treestair::ENTRY,
    green::ENTRY,
    cram_strip::ENTRY,
    #[cfg(test)]
    toy::ENTRY,
];

/// How a family reads a term in which the variable of `solve --every` stands (the
/// spans of its uses are given): `Some(l)` when the term's heap `a` is worth
/// `⌊(a mod (l+k)) / l⌋` for every value `k` of the variable, so that every value is
/// answered at once ([`crate::every`]); `None` when each value is answered by the
/// normal engine.
pub(crate) type EveryK = fn(&FamilyTerm, &[sprague_expr::Span]) -> Option<u64>;

/// The families that answer every value of a variable parameter at once, by name,
/// with their [`EveryK`]: optional, a family's own file says how.
pub(crate) const EVERY_K: &[(&str, EveryK)] = &[
    ("sub", subtraction::every_k),
    ("bash", subtraction::every_k),
];

/// The entry of the family named `name` (by any of its names).
///
/// ```
/// let e = sprague_games::impartial::entry("kayles").unwrap();
/// assert_eq!(e.name(), "octal");
/// assert!(sprague_games::impartial::entry("domineering").is_none());
/// ```
pub fn entry(name: &str) -> Option<&'static Entry> {
    FAMILIES.iter().find(|e| e.names.contains(&name))
}
