//! Game families and the registry that turns parsed expressions into components.
//!
//! Each family states its rules once in its own module, grouped by kind:
//! [`impartial`] and [`partizan`]; the engines ([`sprague_engine::impartial`],
//! [`sprague_engine::partizan`]) do the rest.

pub mod bits;
pub mod custom;
pub mod db;
#[cfg(test)]
mod engine_tests;
pub mod eval;
pub mod every;
pub mod factor;
pub mod gallery;
pub mod graph_file;
pub mod impartial;
pub mod matching;
pub mod partizan;
pub mod plain;

// The paths from before the families were grouped by kind (`games::nim`), kept so that
// code written against them still compiles.
#[doc(hidden)]
pub use impartial::{
    adjacent, andnim, circle, cram_strip, digraph, divisor, ed, fib, geography, green, grid,
    grundy_game, jumpstair, king, kth, lasker, moore, nim, nullify, octal, ring, seqnim, split,
    stair, submask, subtraction, treestair, wythoff,
};

use sprague_core::SolveError;
use sprague_core::nat::Nat;
use sprague_engine::impartial::exhaustive_family::ExhaustiveFamily;
use sprague_engine::impartial::family::{Family, Pos};
use sprague_engine::impartial::heap::{HeapFamily, TableFamily};
use sprague_engine::impartial::position::Position;
use sprague_engine::impartial::sum::Component;
use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily};
use sprague_expr::{Arg, FamilyTerm, Param, Span, Sum, Term};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// The partizan families written as literals of the value language (valued by
/// closed forms rather than as rulesets).
const PARTIZAN_LITERALS: &[&str] = &["hackenbush", "cut", "unfair"];

/// Every family name of the expression language: the impartial families (in the
/// order of [`impartial::FAMILIES`]), then the partizan ones, each once.
///
/// ```
/// let names = sprague_games::known_families();
/// assert_eq!(names[0], "nim");
/// assert!(names.contains(&"kayles") && names.contains(&"toads") && names.contains(&"cut"));
/// ```
pub fn known_families() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    let all = impartial::FAMILIES
        .iter()
        .flat_map(|e| e.names.iter())
        .chain(PARTIZAN_LITERALS)
        .chain(partizan::NAMES);
    for n in all {
        if !names.contains(n) {
            names.push(n);
        }
    }
    names
}

/// The help on the impartial families, a line each: how a term is written and the
/// rules in a few words, from [`impartial::FAMILIES`].
///
/// ```
/// let help = sprague_games::families_help();
/// assert!(help.lines().next().unwrap().starts_with("nim(a,…)"));
/// ```
pub fn families_help() -> String {
    let mut out = String::new();
    for (syntax, rules) in impartial::FAMILIES.iter().filter_map(|e| e.usage) {
        let pad = 16usize.saturating_sub(syntax.chars().count() + 1);
        out.push_str(syntax);
        out.push_str(&" ".repeat(pad + 1));
        out.push_str(rules);
        out.push('\n');
    }
    out
}

/// The help on the partizan families, a line each: how a position is written and
/// which player is Left, from each ruleset's [`partizan::Ruleset::USAGE`] (in the
/// order of the `rulesets!` list) and the literals valued by closed forms
/// ([`partizan::cut::USAGE`], [`partizan::unfair::USAGE`]).
///
/// ```
/// let help = sprague_games::partizan_help();
/// assert!(help.lines().any(|l| l.starts_with("domineering takes a board")));
/// assert!(help.lines().any(|l| l.starts_with("cut takes")));
/// ```
pub fn partizan_help() -> String {
    let mut out = String::new();
    for usage in partizan::usages()
        .into_iter()
        .chain([partizan::cut::USAGE, partizan::unfair::USAGE])
    {
        out.push_str(usage);
        out.push('\n');
    }
    out
}

/// The words a player may type for a move of an impartial family
/// ([`sprague_engine::impartial::family::Family::move_words`]), a line each, once
/// each, in the order of [`impartial::FAMILIES`]: each family is built as its bare
/// name reads (`wythoff`, `king`: default parameters), or else with the one string
/// parameter `"0"` (`geography["0"]`, a graph of one vertex; `nullify["0"]`, a
/// matrix of one cell; a file name for others, which building does not read); a
/// family built in neither way has no words of its own here.
///
/// ```
/// let words = sprague_games::move_words();
/// assert!(words.iter().any(|w| w.contains("both")));
/// assert!(words.iter().any(|w| w.starts_with("place V")));
/// ```
pub fn move_words() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let at = Span { start: 0, end: 0 };
    for e in impartial::FAMILIES {
        let mut reg = Registry::new(e.name());
        let mut t = FamilyTerm {
            name: e.name().to_string(),
            name_span: at,
            params: None,
            args: None,
            span: at,
        };
        let built = (e.build)(&mut reg, &t).or_else(|_| {
            t.params = Some(vec![Param::Str("0".into(), at)]);
            (e.build)(&mut reg, &t)
        });
        if let Ok((family, _)) = built
            && let Some(w) = family.move_words()
            && !out.contains(&w)
        {
            out.push(w);
        }
    }
    out
}

/// Every family and ruleset name an expression may use (impartial families and the
/// partizan rulesets), sorted, each once.
///
/// ```
/// let names = sprague_games::family_names();
/// assert!(names.contains(&"nim") && names.contains(&"toads"));
/// ```
pub fn family_names() -> Vec<&'static str> {
    let mut names = known_families();
    names.sort_unstable();
    names.dedup();
    names
}

/// The decimal number whose digits begin at `b[i]`, and the index after them. Eight
/// digits at a time where eight follow (one 64-bit word: a heap size of 19 digits
/// costs three steps instead of nineteen); the number wraps modulo 2^64, so callers
/// bound the count of digits.
fn decimal(b: &[u8], mut i: usize) -> (u64, usize) {
    const ZEROS: u64 = u64::from_le_bytes([b'0'; 8]);
    const HIGH: u64 = u64::from_le_bytes([0xf0; 8]);
    const SIXES: u64 = u64::from_le_bytes([6; 8]);
    let mut n = 0u64;
    while let Some(word) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        // Every byte in '0'..='9': its high half is 3, also after adding 6.
        if w & HIGH != ZEROS || w.wrapping_add(SIXES) & HIGH != ZEROS {
            break;
        }
        // The eight digits (the first in the lowest byte) combined in pairs, fours,
        // then the eight.
        let w = w - ZEROS;
        let w = (w & 0x000f_000f_000f_000f) * 10 + ((w >> 8) & 0x000f_000f_000f_000f);
        let w = (w & 0x0000_00ff_0000_00ff) * 100 + ((w >> 16) & 0x0000_00ff_0000_00ff);
        let w = (w & 0x0000_0000_0000_ffff) * 10_000 + ((w >> 32) & 0x0000_0000_0000_ffff);
        n = n.wrapping_mul(100_000_000).wrapping_add(w);
        i += 8;
    }
    while let Some(&d @ b'0'..=b'9') = b.get(i) {
        n = n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
        i += 1;
    }
    (n, i)
}

/// An expression that cannot be turned into a position: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// 1-based character column in the expression.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ExprError {}

/// Parses `src` and builds its components.
///
/// ```
/// let c = sprague_games::components("nim(3,4) + sub[1,3,4](10)").unwrap();
/// assert_eq!(c.len(), 3);
/// assert_eq!(c[2].expr(), "sub[1,3,4](10)");
/// ```
pub fn components(src: &str) -> Result<Vec<Component>, ExprError> {
    match Registry::new(src).build_plain(src.as_bytes()) {
        Some(position) => Ok(position.to_vec()),
        None => parse_and_build(src),
    }
}

/// Parses `src` into a compactly stored [`Position`]: the way to read a huge sum
/// such as a Nim position with a million heaps. Neighbouring heaps of one family share
/// a run, and are written together again.
///
/// ```
/// use sprague_engine::impartial::position::Components;
/// let p = sprague_games::position("nim(3,4) + sub[1,3,4](10)").unwrap();
/// assert_eq!(p.count(), 3);
/// assert_eq!(p.component(1).expr(), "nim(4)");
/// let p = sprague_games::position("nim(3,4) + wythoff(1,2) + nim(5)").unwrap();
/// assert_eq!((p.count(), p.run_count()), (4, 3));
/// assert_eq!(p.component(2).expr(), "wythoff(1,2)");
/// assert_eq!(p.to_string(), "nim(3,4) + wythoff(1,2) + nim(5)");
/// ```
pub fn position(src: &str) -> Result<Position, ExprError> {
    match plain_position(src) {
        Some(position) => Ok(position),
        None => parsed_position(src),
    }
}

/// The position of `src` when it is a plain sum of impartial terms `name(n1,n2,…)`
/// without parameters whose arguments are numbers below 10^19 (a Nim position with a
/// million heaps), read without a syntax tree; `None` for any other text (then
/// [`parsed_position`] reads it, or says what is wrong). A position read this way
/// is impartial.
///
/// ```
/// assert!(sprague_games::plain_position("nim(3,4) + kayles(5)").is_some());
/// assert!(sprague_games::plain_position("nim(3) + {1|-1}").is_none());
/// assert!(sprague_games::plain_position("domineering(2,2)").is_none());
/// ```
pub fn plain_position(src: &str) -> Option<Position> {
    plain_position_bytes(src.as_bytes())
}

/// [`plain_position`] of text not yet checked to be UTF-8 (a plain sum is ASCII): a
/// huge input is read once, without a pass to check it first.
///
/// ```
/// assert!(sprague_games::plain_position_bytes(b"nim(3,4)").is_some());
/// assert!(sprague_games::plain_position_bytes(b"nim(3,\xff)").is_none());
/// ```
pub fn plain_position_bytes(src: &[u8]) -> Option<Position> {
    // The registry's text serves its error messages, which this path never gives.
    Registry::new("").build_plain(src)
}

/// Like [`position`], always through the syntax tree (for text that
/// [`plain_position`] does not read).
pub fn parsed_position(src: &str) -> Result<Position, ExprError> {
    parse_and_build(src).map(Position::from)
}

fn parse_and_build(src: &str) -> Result<Vec<Component>, ExprError> {
    let sum = sprague_expr::parse(src).map_err(|e| parse_error(src, e))?;
    Registry::new(src).build(sum)
}

/// The error for text that does not parse, with a suggestion for the usual slips.
fn parse_error(src: &str, e: sprague_expr::ParseError) -> ExprError {
    let hint = bare_numbers_hint(src);
    if hint.is_empty() {
        return game_parse_error(src, e);
    }
    ExprError {
        column: e.column,
        message: format!("expected {}, found {}{}{hint}", e.expected, e.found, e.hint),
    }
}

/// The error for a game expression (where bare numbers are numbers) that does not
/// parse, with the lower-case name of a family written with capitals.
pub(crate) fn game_parse_error(src: &str, e: sprague_expr::ParseError) -> ExprError {
    let hint = capitalised_name_hint(src, e.column);
    ExprError {
        column: e.column,
        message: format!("expected {}, found {}{}{hint}", e.expected, e.found, e.hint),
    }
}

/// For a family name written with capitals where the parser stopped (`Nim(3)`): the
/// lower-case name it is close to.
fn capitalised_name_hint(src: &str, column: usize) -> String {
    let word: String = src
        .chars()
        .skip(column.saturating_sub(1))
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .take(64)
        .collect();
    if !word.starts_with(|c: char| c.is_ascii_uppercase()) {
        return String::new();
    }
    match nearest_family(&word) {
        Some(k) => format!(" (did you mean '{k}'? family names are lower case)"),
        None => String::new(),
    }
}

/// The message for a capitalised bare name that stands for nothing: a function
/// written without its parentheses, or an unknown variable (with the family it may
/// have meant, written with a capital).
pub(crate) fn capitalised_unknown(name: &str) -> String {
    if let Some(f) = sprague_expr::function(name) {
        return format!("'{name}' is a function: {}", f.usage);
    }
    let lower = name.to_ascii_lowercase();
    match known_families().iter().find(|k| **k == lower) {
        Some(k) => format!(
            "unknown variable '{name}' (did you mean the family '{k}'? family names are lower case)"
        ),
        None => format!(
            "unknown variable '{name}': `sprague repl` gives names, e.g. {name} := {{2|-1}}"
        ),
    }
}

/// Most heaps quoted in the suggestion for a position of bare numbers.
const QUOTED_HEAPS: usize = 8;

/// For a position typed as bare numbers (`3 6 9`, `3,6,9`): the hint to write the
/// heaps of a family, `nim(3,6,9)`; otherwise nothing.
fn bare_numbers_hint(src: &str) -> String {
    let numbers = src
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty());
    let mut quoted = Vec::new();
    let mut count = 0usize;
    for w in numbers {
        if !w.bytes().all(|b| b.is_ascii_digit() || b == b'_')
            || !w.starts_with(|c: char| c.is_ascii_digit())
        {
            return String::new();
        }
        if quoted.len() < QUOTED_HEAPS {
            quoted.push(w);
        }
        count += 1;
    }
    if count < 2 {
        return String::new();
    }
    let more = if count > quoted.len() { ",…" } else { "" };
    format!(
        " (bare numbers are not a position: for Nim heaps write nim({}{more}), or name another family, e.g. sub[1,3,4]({}{more}))",
        quoted.join(","),
        quoted.join(",")
    )
}

/// The known family name closest to `name`, when it is close: the same name in
/// lower case, a name `name` begins (at least 3 letters), or one within a small edit
/// distance (one edit for every three letters, at least one).
pub(crate) fn nearest_family(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let known = known_families();
    if let Some(k) = known.iter().find(|k| **k == lower) {
        return Some(k);
    }
    if lower.len() >= 3
        && let Some(k) = known.iter().find(|k| k.starts_with(&lower))
    {
        return Some(k);
    }
    let most = (lower.chars().count() / 3).max(1);
    known
        .iter()
        .map(|k| (edit_distance(&lower, k), *k))
        .filter(|(d, _)| *d <= most)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Levenshtein distance (insertions, deletions, substitutions) of two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// Where `src` names a file (`digraph["g.txt"]`, `geography["g.txt"]`,
/// `treestair["t.txt",k]`, or `grid["FILE"]` with a file name instead of inline rows),
/// as an error for front ends that must not read files on behalf of their users (a
/// server): `None` when no term of the expression, options included, names a file,
/// or when `src` does not parse (building it reports that).
///
/// ```
/// let e = sprague_games::file_reference("nim(3) + digraph[\"g.txt\"](0)").unwrap();
/// assert_eq!(e.column, 18);
/// assert!(sprague_games::file_reference("grid[\"..#/...\"](0,0)").is_none());
/// ```
pub fn file_reference(src: &str) -> Option<ExprError> {
    let sum = sprague_expr::parse(src).ok()?;
    let reg = Registry::new(src);
    let mut found = None;
    file_in_sum(&sum, &mut |t: &FamilyTerm, span: Span| {
        if found.is_none() {
            found = Some(reg.error(
                span,
                &format!(
                    "{} reads a file, and files are not read here: give the position inline",
                    t.name
                ),
            ));
        }
    });
    found
}

/// [`file_in_sum`] of one term.
fn file_in_term(t: &Term, hit: &mut dyn FnMut(&FamilyTerm, Span)) {
    file_in_sum(
        &Sum {
            terms: vec![t.clone()],
        },
        hit,
    );
}

/// Calls `hit` for every family term of `sum` (options included) that names a file.
fn file_in_sum(sum: &Sum, hit: &mut dyn FnMut(&FamilyTerm, Span)) {
    for t in &sum.terms {
        match t {
            Term::Family(f) => {
                let string = f.params.iter().flatten().find_map(|p| match p {
                    Param::Str(s, span) => Some((s, *span)),
                    _ => None,
                });
                if let (Some(e), Some((s, span))) = (impartial::entry(&f.name), string)
                    && (e.names_file)(s)
                {
                    hit(f, span);
                }
            }
            Term::Options(o) => {
                for s in o.left.iter().chain(&o.right) {
                    file_in_sum(s, hit);
                }
            }
            Term::Unary(_, x, _) => file_in_term(x, hit),
            Term::Binary(_, x, _) => {
                file_in_term(&x.0, hit);
                file_in_term(&x.1, hit);
            }
            Term::Group(s, _) => file_in_sum(s, hit),
            Term::Call(c) => {
                for s in &c.args {
                    file_in_sum(s, hit);
                }
            }
            Term::Literal(..) => {}
        }
    }
}

/// Parses a heap family written without arguments (`sub[1,3,4]`) for tables.
///
/// ```
/// let f = sprague_games::table_family("bash[3]").unwrap();
/// assert_eq!(f.name(), "bash[3]");
/// ```
pub fn table_family(src: &str) -> Result<Rc<dyn TableFamily>, ExprError> {
    let sum = sprague_expr::parse(src).map_err(|e| parse_error(src, e))?;
    let reg = Registry::new(src);
    let term = match sum.terms.as_slice() {
        [Term::Family(t)] => t,
        [t] => return Err(reg.error(t.span(), "a table needs a heap family such as sub[1,3,4]")),
        _ => {
            return Err(ExprError {
                column: 1,
                message: "a table is of one family, not a sum".into(),
            });
        }
    };
    if let Some(args) = &term.args {
        let span = args.first().map(Arg::span).unwrap_or(term.span);
        return Err(reg.error(span, "write the family without heap sizes, e.g. sub[1,3,4]"));
    }
    if let Some(table) = impartial::entry(&term.name).and_then(|e| e.table) {
        return table(&reg, term);
    }
    match term.name.as_str() {
        name if let Some(c) = custom::lookup(name) => {
            reg.no_params(term)?;
            match c.kind {
                custom::Kind::Heap => Ok(Rc::new(HeapFamily::new(c))),
                custom::Kind::Tuple { .. } => Err(reg.error(
                    term.name_span,
                    &format!("{name} is a game on tuples, not a heap family with a table"),
                )),
            }
        }
        name if known_families().contains(&name) => Err(reg.error(
            term.name_span,
            &format!("{name} is not a heap family with a table (or not supported yet)"),
        )),
        name => Err(reg.unknown(term, name)),
    }
}

/// A family as a grid of two numbers takes it ([`grid_family`]).
pub struct GridFamily {
    /// The family.
    pub family: Rc<dyn Family>,
    /// Whether each argument is a component of its own (a heap family: the cell of
    /// row i, column j is the sum `F(i) + F(j)`); otherwise the two numbers form one
    /// position, `F(i,j)`.
    pub heaps: bool,
}

/// Parses a family written without arguments (`wythoff`, `moore[2]`, `nim`) for a
/// grid of two numbers: a family whose positions are pairs of numbers, or whose
/// arguments are one component each (then a cell is the sum of two of them). Which
/// pairs are positions is the family's own [`Family::check`].
///
/// ```
/// let g = sprague_games::grid_family("moore[2]").unwrap();
/// assert_eq!((g.family.name(), g.heaps), ("moore[2]".to_string(), false));
/// assert!(sprague_games::grid_family("nim").unwrap().heaps);
/// assert!(sprague_games::grid_family("wythoff(1,2)").is_err());
/// ```
pub fn grid_family(src: &str) -> Result<GridFamily, ExprError> {
    let sum = sprague_expr::parse(src).map_err(|e| parse_error(src, e))?;
    let mut reg = Registry::new(src);
    let usage = "a grid is of a game on two numbers, such as wythoff or moore[2], or of a heap family such as nim";
    let term = match sum.terms.as_slice() {
        [Term::Family(t)] => t,
        [t] => return Err(reg.error(t.span(), usage)),
        _ => {
            return Err(ExprError {
                column: 1,
                message: "a grid is of one family, not a sum".into(),
            });
        }
    };
    if let Some(args) = &term.args {
        let span = args.first().map(Arg::span).unwrap_or(term.span);
        return Err(reg.error(
            span,
            "write the family without its numbers, e.g. wythoff or sub[1,3,4]",
        ));
    }
    if impartial::entry(&term.name).is_some_and(|e| e.read.is_some()) {
        return Err(reg.error(term.name_span, usage));
    }
    match reg.family(term)? {
        (family, 1) => Ok(GridFamily {
            family,
            heaps: true,
        }),
        (family, 0 | 2) => Ok(GridFamily {
            family,
            heaps: false,
        }),
        _ => Err(reg.error(term.name_span, usage)),
    }
}

/// Parses `treestair["FILE",k]`, written without a root, for the values at every root.
///
/// ```
/// let t = sprague_games::tree_family("treestair[\"t.txt\",2]").unwrap();
/// use sprague_engine::impartial::family::Family;
/// assert_eq!(t.name(), "treestair[\"t.txt\",2]");
/// ```
pub fn tree_family(src: &str) -> Result<treestair::TreeStair, ExprError> {
    let sum = sprague_expr::parse(src).map_err(|e| ExprError {
        column: e.column,
        message: format!("expected {}, found {}", e.expected, e.found),
    })?;
    let reg = Registry::new(src);
    match sum.terms.as_slice() {
        [Term::Family(t)] if t.name == "treestair" => {
            if let Some(args) = &t.args {
                let span = args.first().map(Arg::span).unwrap_or(t.span);
                return Err(reg.error(
                    span,
                    "write the family without a root, e.g. treestair[\"t.txt\",2]",
                ));
            }
            let (path, k) = treestair::read_params(&reg, t)?;
            Ok(treestair::TreeStair::new(&path, k))
        }
        [t] => Err(reg.error(
            t.span(),
            "expected a tree family such as treestair[\"t.txt\",2]",
        )),
        _ => Err(ExprError {
            column: 1,
            message: "expected one tree family such as treestair[\"t.txt\",2], not a sum".into(),
        }),
    }
}

/// Builds components from parsed terms, sharing one family object per family.
pub(crate) struct Registry<'a> {
    src: &'a str,
    families: HashMap<String, Rc<dyn Family>>,
}

impl<'a> Registry<'a> {
    fn new(src: &'a str) -> Self {
        Registry {
            src,
            families: HashMap::new(),
        }
    }

    pub(crate) fn column(&self, span: Span) -> usize {
        let end = span.start.min(self.src.len());
        let prefix = self.src.get(..end).unwrap_or(self.src);
        prefix.chars().count() + 1
    }

    pub(crate) fn error(&self, span: Span, message: &str) -> ExprError {
        ExprError {
            column: self.column(span),
            message: message.to_string(),
        }
    }

    fn unknown(&self, term: &FamilyTerm, name: &str) -> ExprError {
        if name.starts_with(|c: char| c.is_ascii_uppercase()) && term.args.is_none() {
            // A capitalised bare name is never a family: a function without its
            // parentheses, or a variable that no worksheet gave here.
            return self.error(term.name_span, &capitalised_unknown(name));
        }
        if let Some(f) = sprague_expr::FUNCTIONS
            .iter()
            .find(|f| f.eq_ignore_ascii_case(name))
        {
            let message = format!(
                "unknown game family '{name}': did you mean the function {f}(G)? (functions of games are capitalised)"
            );
            return self.error(term.name_span, &message);
        }
        let message = match nearest_family(name) {
            Some(k) if k.eq_ignore_ascii_case(name) => {
                format!(
                    "unknown game family '{name}': did you mean '{k}'? (family names are lower case)"
                )
            }
            Some(k) => format!(
                "unknown game family '{name}': did you mean '{k}'? (known: {})",
                known_families().join(", ")
            ),
            None => format!(
                "unknown game family '{name}' (known: {})",
                known_families().join(", ")
            ),
        };
        self.error(term.name_span, &message)
    }

    fn build(mut self, sum: Sum) -> Result<Vec<Component>, ExprError> {
        let mut out = Vec::new();
        for mut term in sum.terms {
            match term {
                Term::Family(ref mut t) => self.family_term(t, &mut out)?,
                ref t => {
                    let span = t.span();
                    return Err(
                        self.error(span, "a partizan game: `sprague value` gives its value and outcome (solve decides impartial positions)")
                    );
                }
            }
        }
        Ok(out)
    }

    /// A fast path for the common huge input, a sum of terms `name(n1,n2,…)` without
    /// parameters whose arguments are decimal numbers below 10^19 (such as a Nim
    /// position with a million heaps): reads the text directly, without a syntax tree.
    /// Gives the same components as [`Registry::build`]; returns `None` for any other
    /// input and on any error, so that the parser reads it and reports errors.
    fn build_plain(&mut self, b: &[u8]) -> Option<Position> {
        fn skip_ws(b: &[u8], mut i: usize) -> usize {
            while let Some(b' ' | b'\t' | b'\n' | b'\r') = b.get(i) {
                i += 1;
            }
            i
        }
        let mut out = Position::new();
        let mut i = skip_ws(b, 0);
        loop {
            let start = i;
            if !matches!(b.get(i), Some(b'a'..=b'z')) {
                return None;
            }
            while let Some(b'a'..=b'z' | b'0'..=b'9' | b'_') = b.get(i) {
                i += 1;
            }
            let span = Span { start, end: i };
            let term = FamilyTerm {
                // The bytes of a name are ASCII.
                name: std::str::from_utf8(&b[start..i]).ok()?.to_string(),
                name_span: span,
                params: None,
                args: None,
                span,
            };
            i = skip_ws(b, i);
            if b.get(i) != Some(&b'(') {
                return None;
            }
            // A family that reads its own arguments (strings, boards) is read by the
            // parser, which gives its errors.
            if impartial::entry(&term.name).is_some_and(|e| e.read.is_some()) {
                return None;
            }
            let (family, per_component) = self.family(&term).ok()?;
            if per_component > 1 {
                return None;
            }
            let heap_args = per_component == 1;
            let check_heaps = heap_args && !family.accepts_every_heap();
            let mut pos = Pos::new();
            let mut heaps = Vec::new();
            loop {
                i = skip_ws(b, i + 1);
                let digits = i;
                let n;
                (n, i) = decimal(b, i);
                if !(1..=19).contains(&(i - digits)) {
                    return None;
                }
                i = skip_ws(b, i);
                if heap_args {
                    if check_heaps {
                        let pos: Pos = smallvec::smallvec![Nat::Small(n)];
                        family.check(&pos).ok()?;
                    }
                    heaps.push(n);
                } else {
                    pos.push(Nat::Small(n));
                }
                match b.get(i) {
                    Some(b',') => {}
                    Some(b')') => break,
                    _ => return None,
                }
            }
            if heap_args {
                out.push_heaps(&family, heaps);
            } else {
                family.check(&pos).ok()?;
                out.push(Component { family, pos });
            }
            i = skip_ws(b, i + 1);
            match b.get(i) {
                None => return Some(out),
                Some(b'+') => i = skip_ws(b, i + 1),
                Some(_) => return None,
            }
        }
    }

    fn family_term(
        &mut self,
        t: &mut FamilyTerm,
        out: &mut Vec<Component>,
    ) -> Result<(), ExprError> {
        if let Some(read) = impartial::entry(&t.name).and_then(|e| e.read) {
            return read(self, t, out);
        }
        let (family, per_component) = self.family(t)?;
        self.push_args(t, family, per_component, out)
    }

    /// The components of a term with integer arguments, `per_component` of them to a
    /// component (see [`impartial::Built`]).
    pub(crate) fn push_args(
        &self,
        t: &mut FamilyTerm,
        family: Rc<dyn Family>,
        per_component: usize,
        out: &mut Vec<Component>,
    ) -> Result<(), ExprError> {
        let args = self.int_args(t)?;
        if per_component == 1 {
            // One component per heap; the arguments are moved, not copied.
            out.reserve(args.len());
            for a in args {
                let span = a.span();
                let Arg::Int(n, _) = a else {
                    unreachable!("checked by int_args")
                };
                let pos: Pos = smallvec::smallvec![n];
                family.check(&pos).map_err(|e| self.solve_error(span, e))?;
                out.push(Component {
                    family: family.clone(),
                    pos,
                });
            }
        } else if per_component > 1 {
            // One component per group of arguments (ed: one per pair).
            if args.len() % per_component != 0 {
                let span = args.last().map(Arg::span).unwrap_or(t.span);
                return Err(self.error(
                    span,
                    &format!(
                        "{} takes groups of {per_component} arguments, one group per component; \
                         found {} arguments",
                        t.name,
                        args.len()
                    ),
                ));
            }
            out.reserve(args.len() / per_component);
            let mut pos = Pos::new();
            let mut start = None;
            for a in args {
                let span = a.span();
                start.get_or_insert(span);
                let Arg::Int(n, _) = a else {
                    unreachable!("checked by int_args")
                };
                pos.push(n);
                if pos.len() == per_component {
                    let pos = std::mem::take(&mut pos);
                    let at = start.take().unwrap_or(span);
                    family.check(&pos).map_err(|e| self.solve_error(at, e))?;
                    out.push(Component {
                        family: family.clone(),
                        pos,
                    });
                }
            }
        } else {
            let span = t.span;
            let pos: Pos = args
                .into_iter()
                .filter_map(|a| match a {
                    Arg::Int(n, _) => Some(n),
                    Arg::Str(..) => None,
                })
                .collect();
            family.check(&pos).map_err(|e| self.solve_error(span, e))?;
            out.push(Component { family, pos });
        }
        Ok(())
    }

    /// The family of a term (one object per family, shared by its terms), and whether
    /// its arguments are heaps, one component each.
    /// The family of a term, and how many arguments make one component (1: one per
    /// heap; 2: one per pair; 0: all the arguments form one component).
    fn family(&mut self, t: &FamilyTerm) -> Result<impartial::Built, ExprError> {
        if let Some(e) = impartial::entry(&t.name) {
            return (e.build)(self, t);
        }
        Ok(match t.name.as_str() {
            name if PARTIZAN_LITERALS.contains(&name) || partizan::NAMES.contains(&name) => {
                return Err(self.error(
                    t.name_span,
                    &format!(
                        "{} is a partizan game: `sprague value` gives its value and outcome \
                         (solve decides impartial positions)",
                        t.name
                    ),
                ));
            }
            name if let Some(c) = custom::lookup(name) => {
                self.no_params(t)?;
                match c.kind {
                    custom::Kind::Heap => (self.shared(HeapFamily::new(c)), 1),
                    custom::Kind::Tuple { .. } => (self.shared(ExhaustiveFamily::new(c)), 0),
                }
            }
            name => return Err(self.unknown(t, name)),
        })
    }

    /// One family object per distinct name, so that components share tables.
    pub(crate) fn shared<F: Family + 'static>(&mut self, f: F) -> Rc<dyn Family> {
        let name = f.name();
        self.families
            .entry(name)
            .or_insert_with(|| Rc::new(f))
            .clone()
    }

    /// Like [`Registry::shared`], without building a new table when the family exists.
    pub(crate) fn shared_take_break(&mut self, rules: TakeBreak) -> Rc<dyn Family> {
        use sprague_engine::impartial::heap::HeapRules;
        let name = rules.name();
        self.families
            .entry(name)
            .or_insert_with(|| Rc::new(TakeBreakFamily::new(rules)))
            .clone()
    }

    /// The span of the `k`-th character of a code written at `span` (`_` separators in
    /// the source are not part of the code).
    pub(crate) fn code_char(&self, span: Span, k: usize) -> Span {
        let text = self.src.get(span.start..span.end).unwrap_or("");
        let mut seen = 0;
        for (off, c) in text.char_indices() {
            if c == '_' {
                continue;
            }
            if seen == k {
                return Span {
                    start: span.start + off,
                    end: span.start + off + c.len_utf8(),
                };
            }
            seen += 1;
        }
        span
    }

    fn solve_error(&self, span: Span, e: SolveError) -> ExprError {
        self.error(span, &e.to_string())
    }

    /// The one parameter of a graph family: the file, e.g. `digraph["g.txt"]`.
    pub(crate) fn file_param(&self, t: &FamilyTerm) -> Result<String, ExprError> {
        match t.params.as_deref() {
            Some([Param::Str(path, span)]) if path.is_empty() => Err(self.error(
                *span,
                &format!(
                    "the graph file name is empty: write the path of a graph file, e.g. {}[\"g.txt\"]",
                    t.name
                ),
            )),
            Some([Param::Str(path, _)]) => Ok(path.clone()),
            Some([p, ..]) => Err(self.error(
                p.span(),
                &format!(
                    "{} takes one parameter: the graph file in quotes, e.g. {}[\"g.txt\"]",
                    t.name, t.name
                ),
            )),
            _ => Err(self.error(
                t.name_span,
                &format!(
                    "{} needs the graph file, e.g. {}[\"g.txt\"](0)",
                    t.name, t.name
                ),
            )),
        }
    }

    pub(crate) fn no_params(&self, t: &FamilyTerm) -> Result<(), ExprError> {
        match &t.params {
            Some(p) => Err(self.error(
                p.first().map(Param::span).unwrap_or(t.span),
                &format!("{} takes no [parameters]", t.name),
            )),
            None => Ok(()),
        }
    }

    /// Takes the arguments out of `t`, checking that they are all integers.
    fn int_args(&self, t: &mut FamilyTerm) -> Result<Vec<Arg>, ExprError> {
        let Some(args) = t.args.take() else {
            let at = Span {
                start: t.span.end,
                end: t.span.end,
            };
            return Err(self.error(
                at,
                &format!(
                    "{} needs a position in parentheses, e.g. {}(…)",
                    t.name, t.name
                ),
            ));
        };
        if let Some(Arg::Str(_, s)) = args.iter().find(|a| matches!(a, Arg::Str(..))) {
            return Err(self.error(*s, &format!("{} takes integers", t.name)));
        }
        Ok(args)
    }

    /// The single integer parameter ≥ 1 of `t` (`moore[k]`, `adjacent[m]`).
    pub(crate) fn positive_param(
        &self,
        t: &FamilyTerm,
        usage: &str,
    ) -> Result<sprague_core::nat::Nat, ExprError> {
        match t.params.as_deref() {
            Some([Param::Int(k, s)]) => {
                if k.is_zero() {
                    Err(self.error(*s, usage))
                } else {
                    Ok(k.clone())
                }
            }
            Some(ps) if !ps.is_empty() => Err(self.error(ps[0].span(), usage)),
            _ => Err(self.error(t.span, usage)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_words_are_those_of_the_registered_families() {
        // The toy family (registered in tests only) brings its words to the list;
        // every family of a sample position has its words listed.
        let words = move_words();
        assert!(
            words.contains(
                &"nibble [H] or bite [H]: take one or two stones from a toy heap (heap H)"
            )
        );
        for sample in [
            "toy(3)",
            "wythoff(3,5)",
            "king(2,2)",
            "nim(3)",
            "sub[1,2](4)",
            "jumpstair(1,0,2)",
            "geography[\"0-1\"](0)",
            "nullify[\"1 2\"]",
            "turtles(\"HTH\")",
            "coins[3,4](\"HTH\")",
            "corners(\"HT/TH\")",
        ] {
            for c in components(sample).unwrap() {
                if let Some(w) = c.family.move_words() {
                    assert!(words.contains(&w), "{sample}: {w}");
                }
            }
        }
        assert_eq!(words.len(), 8, "{words:?}");
    }

    #[test]
    fn the_partizan_help_has_a_line_for_each_partizan_family() {
        let help = partizan_help();
        let lines: Vec<&str> = help.lines().collect();
        let names: Vec<&str> = partizan::NAMES
            .iter()
            .chain(PARTIZAN_LITERALS)
            .copied()
            .filter(|n| *n != "hackenbush")
            .chain(["hackenbush"])
            .collect();
        for n in &names {
            assert_eq!(
                lines
                    .iter()
                    .filter(|l| l.starts_with(&format!("{n} takes")))
                    .count(),
                1,
                "{n}: {help}"
            );
        }
        assert_eq!(lines.len(), partizan::NAMES.len() + 2, "{help}");
    }
    use sprague_engine::impartial::sum::write_sum;

    /// The components through the parser and the syntax tree.
    fn parsed(src: &str) -> Vec<Component> {
        let sum = sprague_expr::parse(src).expect(src);
        Registry::new(src).build(sum).expect(src)
    }

    fn show(components: &[Component]) -> (String, Vec<String>) {
        let mut s = String::new();
        write_sum(components, &mut s);
        (s, components.iter().map(Component::expr).collect())
    }

    #[test]
    fn near_names_are_suggested_and_far_ones_are_not() {
        assert_eq!(nearest_family("Nim"), Some("nim"));
        assert_eq!(nearest_family("KAYLES"), Some("kayles"));
        assert_eq!(nearest_family("kayle"), Some("kayles"));
        assert_eq!(nearest_family("wytoff"), Some("wythoff"));
        assert_eq!(nearest_family("grundy"), Some("grundy_game"));
        assert_eq!(nearest_family("lasper"), Some("lasker"));
        assert_eq!(nearest_family("chess"), None);
        assert_eq!(nearest_family("x"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "nim"), 3);
    }

    #[test]
    fn bare_numbers_are_pointed_to_a_family() {
        assert!(bare_numbers_hint("3 6 9").contains("nim(3,6,9)"));
        assert!(bare_numbers_hint(" 3, 6 ,9\n").contains("nim(3,6,9)"));
        let many = (1..=20)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(bare_numbers_hint(&many).contains("nim(1,2,3,4,5,6,7,8,…)"));
        assert_eq!(bare_numbers_hint("7"), "");
        assert_eq!(bare_numbers_hint("nim 3 4"), "");
    }

    #[test]
    fn decimal_numbers_are_read_eight_digits_at_a_time_exactly() {
        // Every length from 1 to 19 digits, every digit in every place, and the
        // numbers ending at the end of the text or before another byte.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for len in 1..=19usize {
            for round in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mut digits: String = (0..len)
                    .map(|k| char::from(b'0' + ((x >> (3 * (k % 20))) % 10) as u8))
                    .collect();
                if round < 10 {
                    // One digit everywhere, 0 through 9.
                    digits = std::iter::repeat_n(char::from(b'0' + round as u8), len).collect();
                }
                let want: u64 = digits.parse().unwrap();
                for tail in ["", ")", ",12", "/", ":"] {
                    let text = format!("({digits}{tail}");
                    assert_eq!(decimal(text.as_bytes(), 1), (want, 1 + len), "{text}");
                }
            }
        }
        assert_eq!(decimal(b"x", 0), (0, 0));
        assert_eq!(decimal(b"18446744073709551615", 0).0, u64::MAX);
    }

    #[test]
    fn plain_sums_skip_the_syntax_tree_with_the_same_components() {
        for src in [
            "nim(3,4,5)",
            "  nim ( 3 ,\t4 ,\n5 )  ",
            "nim(0)+nim(007,1)",
            "nim(9999999999999999999,1234567890123456789)",
            "nim(12345678,123456789,1234567890123456,0000000000000000001)",
            "wythoff(3,5) + nim(1) + king(4,3) + nim(2,2)",
            "nim(1)+wythoff(0,0)",
        ] {
            let fast = Registry::new(src)
                .build_plain(src.as_bytes())
                .expect(src)
                .to_vec();
            assert_eq!(show(&fast), show(&parsed(src)), "{src}");
            // Components of one family share one family object.
            for (a, b) in fast.iter().zip(fast.iter().skip(1)) {
                if a.family.name() == b.family.name() {
                    assert!(Rc::ptr_eq(&a.family, &b.family), "{src}");
                }
            }
        }
    }

    #[test]
    fn a_run_of_heaps_has_the_values_of_its_heaps_one_by_one() {
        use sprague_core::Limits;
        use sprague_engine::impartial::position::Values;
        let limits = Limits::default();
        let sizes: Vec<u64> = (1..150).chain([1000, 20_000]).collect();
        for name in [
            "nim",
            "sub[1,3,4]",
            "bash[3]",
            "sub[2..5]",
            "octal[0.07]",
            "kayles",
            "dawson",
            "grundy_game",
            "lasker",
            "split",
            "submask",
            "divisor",
            "andnim",
        ] {
            let src = format!("{name}(1)");
            let one = components(&src).unwrap();
            let family = &one[0].family;
            let mut batch = Values::default();
            if !family.heap_values(&sizes, &limits, &mut batch).unwrap() {
                assert!(batch.is_empty(), "{name}");
                continue;
            }
            let each: Values = sizes
                .iter()
                .map(|&n| {
                    let c = Component::heap(family, n);
                    c.family.grundy(&c.pos, &limits).unwrap()
                })
                .collect();
            assert_eq!(batch, each, "{name}");
        }
    }

    #[test]
    fn plain_sums_are_stored_as_runs_of_heaps() {
        use sprague_engine::impartial::position::{Components, Stretch};
        let p = position("nim(3,4) + nim(5) + wythoff(1,2) + sub[1,2](6,7)").unwrap();
        let runs: Vec<String> = p
            .stretches()
            .map(|s| match s {
                Stretch::Heaps { family, sizes } => format!("{}{sizes:?}", family.name()),
                Stretch::One(c) => c.expr(),
            })
            .collect();
        assert_eq!(runs, ["nim[3, 4, 5]", "wythoff(1,2)", "sub[1,2][6, 7]"]);
        assert_eq!(p.count(), 6);
    }

    #[test]
    fn other_input_goes_through_the_parser() {
        for src in [
            "",
            "nim()",
            "nim(3,)",
            "nim(1_000)",
            "nim(10000000000000000000)",
            "nim(12345678901234567890123)",
            "nim(1234567812345678/)",
            "nim(3) nim(4)",
            "nim(3)+",
            "sub[1,3,4](10)",
            "nim[2](3)",
            "wythoff(3)",
            "frobnicate(3)",
            "cut(3,3)",
            "nim(\"3\")",
            "*2 + nim(3)",
            "Nim(3)",
            "nim(3)\u{0}",
        ] {
            assert!(
                Registry::new(src).build_plain(src.as_bytes()).is_none(),
                "{src:?}"
            );
        }
        // A family that reads its own arguments refuses integers as the parser does.
        for src in ["greenhackenbush(0,1)", "nim(1) + greenhackenbush(0,1)"] {
            assert!(
                Registry::new(src).build_plain(src.as_bytes()).is_none(),
                "{src:?}"
            );
            assert!(components(src).is_err(), "{src}");
        }
        let big = components("nim(1_000, 100000000000000000000)")
            .ok()
            .unwrap();
        assert_eq!(show(&big).0, "nim(1000,100000000000000000000)");
        assert_eq!(components("nim(3,)").err().map(|e| e.column), Some(7));
    }
}
