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
pub mod factor;
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
    grundy_game, king, kth, lasker, moore, nim, octal, ring, seqnim, split, stair, submask,
    subtraction, treestair, wythoff,
};

use sprague_core::SolveError;
use sprague_core::nat::Nat;
use sprague_engine::impartial::family::{Family, Pos};
use sprague_engine::impartial::heap::{HeapFamily, TableFamily};
use sprague_engine::impartial::position::Position;
use sprague_engine::impartial::searched::Searched;
use sprague_engine::impartial::sum::Component;
use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily};
use sprague_expr::{Arg, FamilyTerm, Param, Span, Sum, Term};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// Every family name of the expression language, implemented or not.
pub const KNOWN_FAMILIES: &[&str] = &[
    "nim",
    "sub",
    "bash",
    "wythoff",
    "fib",
    "stair",
    "ed",
    "ring",
    "lasker",
    "split",
    "octal",
    "kayles",
    "dawson",
    "grundy_game",
    "moore",
    "andnim",
    "submask",
    "divisor",
    "adjacent",
    "king",
    "digraph",
    "geography",
    "seqnim",
    "kth",
    "circle",
    "treestair",
    "grid",
    "greenhackenbush",
    "hackenbush",
    "cut",
    "unfair",
    "domineering",
    "clobber",
    "konane",
    "amazons",
    "cram",
];

/// Every family and ruleset name an expression may use (impartial families and the
/// partizan rulesets), sorted, each once.
///
/// ```
/// let names = sprague_games::family_names();
/// assert!(names.contains(&"nim") && names.contains(&"toads"));
/// ```
pub fn family_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = KNOWN_FAMILIES
        .iter()
        .chain(partizan::NAMES)
        .copied()
        .collect();
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
/// such as a Nim position with a million heaps.
///
/// ```
/// use sprague_engine::impartial::position::Components;
/// let p = sprague_games::position("nim(3,4) + sub[1,3,4](10)").unwrap();
/// assert_eq!(p.count(), 3);
/// assert_eq!(p.component(1).expr(), "nim(4)");
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
        message: format!("expected {}, found {}{hint}", e.expected, e.found),
    }
}

/// The error for a game expression (where bare numbers are numbers) that does not
/// parse, with the lower-case name of a family written with capitals.
pub(crate) fn game_parse_error(src: &str, e: sprague_expr::ParseError) -> ExprError {
    let hint = capitalised_name_hint(src, e.column);
    ExprError {
        column: e.column,
        message: format!("expected {}, found {}{hint}", e.expected, e.found),
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
pub fn nearest_family(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    if let Some(k) = KNOWN_FAMILIES.iter().find(|k| **k == lower) {
        return Some(k);
    }
    if lower.len() >= 3
        && let Some(k) = KNOWN_FAMILIES.iter().find(|k| k.starts_with(&lower))
    {
        return Some(k);
    }
    let most = (lower.chars().count() / 3).max(1);
    KNOWN_FAMILIES
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

/// Calls `hit` for every family term of `sum` (options included) that names a file.
fn file_in_sum(sum: &Sum, hit: &mut dyn FnMut(&FamilyTerm, Span)) {
    for t in &sum.terms {
        match t {
            Term::Family(f) => {
                let string = f.params.iter().flatten().find_map(|p| match p {
                    Param::Str(s, span) => Some((s, *span)),
                    _ => None,
                });
                match (f.name.as_str(), string) {
                    ("digraph" | "geography" | "treestair", Some((_, span))) => hit(f, span),
                    ("grid", Some((s, span))) if !grid::is_inline(s) => hit(f, span),
                    _ => {}
                }
            }
            Term::Options(o) => {
                for s in o.left.iter().chain(&o.right) {
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
    match term.name.as_str() {
        "nim" => {
            reg.no_params(term)?;
            Ok(Rc::new(HeapFamily::new(nim::Nim)))
        }
        "sub" | "bash" => Ok(Rc::new(HeapFamily::new(reg.subtraction(term)?))),
        "octal" | "kayles" | "dawson" | "grundy_game" => {
            Ok(Rc::new(TakeBreakFamily::new(reg.take_break(term)?)))
        }
        "lasker" => {
            reg.no_params(term)?;
            Ok(Rc::new(HeapFamily::new(lasker::Lasker)))
        }
        "split" => {
            reg.no_params(term)?;
            Ok(Rc::new(HeapFamily::new(split::Split)))
        }
        "submask" => {
            reg.no_params(term)?;
            Ok(Rc::new(HeapFamily::new(submask::Submask)))
        }
        "divisor" => {
            reg.no_params(term)?;
            Ok(Rc::new(HeapFamily::new(divisor::DivisorRules)))
        }
        "andnim" => {
            reg.no_params(term)?;
            Ok(Rc::new(andnim::AndNimTable::new()))
        }
        "cram" => Ok(Rc::new(reg.cram_strip(term)?)),
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
        name if KNOWN_FAMILIES.contains(&name) => Err(reg.error(
            term.name_span,
            &format!("{name} is not a heap family with a table (or not supported yet)"),
        )),
        name => Err(reg.unknown(term, name)),
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
            let (path, k) = reg.treestair_params(t)?;
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
struct Registry<'a> {
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

    fn column(&self, span: Span) -> usize {
        let end = span.start.min(self.src.len());
        let prefix = self.src.get(..end).unwrap_or(self.src);
        prefix.chars().count() + 1
    }

    fn error(&self, span: Span, message: &str) -> ExprError {
        ExprError {
            column: self.column(span),
            message: message.to_string(),
        }
    }

    fn unknown(&self, term: &FamilyTerm, name: &str) -> ExprError {
        let message = match nearest_family(name) {
            Some(k) if k.eq_ignore_ascii_case(name) => {
                format!(
                    "unknown game family '{name}': did you mean '{k}'? (family names are lower case)"
                )
            }
            Some(k) => format!(
                "unknown game family '{name}': did you mean '{k}'? (known: {})",
                KNOWN_FAMILIES.join(", ")
            ),
            None => format!(
                "unknown game family '{name}' (known: {})",
                KNOWN_FAMILIES.join(", ")
            ),
        };
        self.error(term.name_span, &message)
    }

    fn build(mut self, sum: Sum) -> Result<Vec<Component>, ExprError> {
        let mut out = Vec::new();
        for mut term in sum.terms {
            match term {
                Term::Family(ref mut t) => self.family_term(t, &mut out)?,
                Term::Literal(_, span) | Term::Options(sprague_expr::OptionsTerm { span, .. }) => {
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
        if t.name == "greenhackenbush" {
            return self.green_hackenbush(t, out);
        }
        let (family, per_component) = self.family(t)?;
        if t.name == "cram" && t.params.is_none() {
            // A board written out is a string: the family reads its own arguments.
            let pos = partizan::cram::CramFamily::position(t)
                .map_err(|(span, m)| self.error(span, &m))?;
            out.push(Component { family, pos });
            return Ok(());
        }
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
    fn family(&mut self, t: &FamilyTerm) -> Result<(Rc<dyn Family>, usize), ExprError> {
        Ok(match t.name.as_str() {
            "nim" => {
                self.no_params(t)?;
                (self.shared(HeapFamily::new(nim::Nim)), 1)
            }
            "sub" | "bash" => {
                let rules = self.subtraction(t)?;
                (self.shared(HeapFamily::new(rules)), 1)
            }
            "octal" | "kayles" | "dawson" | "grundy_game" => {
                let rules = self.take_break(t)?;
                (self.shared_take_break(rules), 1)
            }
            "lasker" => {
                self.no_params(t)?;
                (self.shared(HeapFamily::new(lasker::Lasker)), 1)
            }
            "submask" => {
                self.no_params(t)?;
                (self.shared(HeapFamily::new(submask::Submask)), 1)
            }
            "divisor" => {
                self.no_params(t)?;
                (self.shared(divisor::Divisor::new()), 1)
            }
            "andnim" => {
                self.no_params(t)?;
                (self.shared(andnim::AndNim::new()), 1)
            }
            "split" => {
                self.no_params(t)?;
                (self.shared(HeapFamily::new(split::Split)), 1)
            }
            "wythoff" => {
                self.no_params(t)?;
                (self.shared(wythoff::Wythoff::default()), 0)
            }
            "king" => {
                self.no_params(t)?;
                (self.shared(king::King), 0)
            }
            "fib" => {
                self.no_params(t)?;
                (self.shared(fib::Fib::default()), 0)
            }
            "stair" => {
                self.no_params(t)?;
                (self.shared(stair::Stair), 0)
            }
            "ring" => {
                self.no_params(t)?;
                (self.shared(ring::Ring::default()), 0)
            }
            "ed" => {
                self.no_params(t)?;
                (self.shared(ed::Ed), 2)
            }
            "moore" => {
                let k = self.positive_param(
                    t,
                    "moore[k] takes one integer k ≥ 1 (the most heaps a move may take from)",
                )?;
                (self.shared(moore::Moore::new(k)), 0)
            }
            "adjacent" => {
                let m =
                    self.positive_param(t, "adjacent[m] takes one integer m ≥ 1 (take 1..m)")?;
                (self.shared(adjacent::Adjacent::new(m)), 0)
            }
            "seqnim" => {
                let m = match &t.params {
                    None => None,
                    Some(_) => Some(self.positive_param(
                        t,
                        "seqnim[m] takes one integer m ≥ 1 (the most stones per move)",
                    )?),
                };
                (self.shared(seqnim::SeqNim::new(m)), 0)
            }
            "kth" => {
                self.no_params(t)?;
                (self.shared(kth::Kth), 0)
            }
            "circle" => {
                let usage =
                    "circle[d,k] takes the radius d and the step k ≥ 1, e.g. circle[5,2](0,0)";
                match t.params.as_deref() {
                    Some([Param::Int(d, _), Param::Int(k, ks)]) => {
                        if k.is_zero() {
                            return Err(self.error(*ks, usage));
                        }
                        (self.shared(circle::Circle::new(d, k)), 0)
                    }
                    Some([p, ..]) => return Err(self.error(p.span(), usage)),
                    _ => return Err(self.error(t.span, usage)),
                }
            }
            "grid" => {
                let usage = "grid takes one parameter: the grid in quotes, rows of '.' (free) and \
                             '#' (blocked) separated by '/', or a file name, e.g. grid[\"..#/...\"](0,0)";
                match t.params.as_deref() {
                    Some([Param::Str(s, span)]) => {
                        let g = grid::Grid::new(s)
                            .map_err(|m| self.error(*span, &format!("bad grid: {m}")))?;
                        (self.shared(g), 2)
                    }
                    Some([p, ..]) => return Err(self.error(p.span(), usage)),
                    _ => return Err(self.error(t.name_span, usage)),
                }
            }
            "treestair" => {
                let (path, k) = self.treestair_params(t)?;
                (self.shared(treestair::TreeStair::new(&path, k)), 0)
            }
            "digraph" => {
                let path = self.file_param(t)?;
                (self.shared(digraph::Digraph::new(&path)), 1)
            }
            "geography" => {
                let path = self.file_param(t)?;
                (self.shared(geography::Geography::new(&path)), 0)
            }
            "greenhackenbush" => {
                self.no_params(t)?;
                (self.shared(green::GreenHackenbush::new()), 0)
            }
            "cram" if t.params.is_some() => (self.shared(self.cram_strip(t)?), 1),
            "cram" => (self.shared(partizan::cram::CramFamily::new()), 0),
            name if matches!(name, "hackenbush" | "cut" | "unfair")
                || partizan::NAMES.contains(&name) =>
            {
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
                    custom::Kind::Tuple { .. } => (self.shared(Searched::new(c)), 0),
                }
            }
            name if KNOWN_FAMILIES.contains(&name) => {
                return Err(self.error(
                    t.name_span,
                    &format!("the family '{name}' is not supported yet"),
                ));
            }
            name => return Err(self.unknown(t, name)),
        })
    }

    /// One family object per distinct name, so that components share tables.
    fn shared<F: Family + 'static>(&mut self, f: F) -> Rc<dyn Family> {
        let name = f.name();
        self.families
            .entry(name)
            .or_insert_with(|| Rc::new(f))
            .clone()
    }

    /// Like [`Registry::shared`], without building a new table when the family exists.
    fn shared_take_break(&mut self, rules: TakeBreak) -> Rc<dyn Family> {
        use sprague_engine::impartial::heap::HeapRules;
        let name = rules.name();
        self.families
            .entry(name)
            .or_insert_with(|| Rc::new(TakeBreakFamily::new(rules)))
            .clone()
    }

    /// The rules of `octal[CODE]`, `kayles`, `dawson` or `grundy_game`.
    fn take_break(&self, t: &FamilyTerm) -> Result<TakeBreak, ExprError> {
        if t.name != "octal" {
            self.no_params(t)?;
            return Ok(match t.name.as_str() {
                "kayles" => octal::kayles(),
                "dawson" => octal::dawson(),
                _ => grundy_game::grundy_game(),
            });
        }
        let params = match &t.params {
            Some(p) => p.as_slice(),
            None => {
                return Err(self.error(
                    t.name_span,
                    "octal needs a code in brackets, e.g. octal[0.137] or octal[4.07]",
                ));
            }
        };
        match params {
            [Param::Code(code, span)] => octal::octal(code).map_err(|(k, m)| ExprError {
                column: self.column(self.code_char(*span, k)),
                message: format!("bad octal code {code}: {m}"),
            }),
            [Param::Int(n, span)] => {
                let code = n.to_string();
                if code.len() == 1 {
                    octal::octal(&code)
                        .map_err(|(_, m)| self.error(*span, &format!("bad octal code {code}: {m}")))
                } else {
                    Err(self.error(
                        *span,
                        &format!("bad octal code {code}: an octal code has one digit before the point (0 or 4), as in 0.137 or 4.07"),
                    ))
                }
            }
            [other] => Err(self.error(other.span(), "octal takes a code such as 0.137 or 4.07")),
            [_, second, ..] => Err(self.error(second.span(), "octal takes one code")),
            [] => Err(self.error(t.span, "octal needs a code")),
        }
    }

    /// The span of the `k`-th character of a code written at `span` (`_` separators in
    /// the source are not part of the code).
    fn code_char(&self, span: Span, k: usize) -> Span {
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

    /// The parameters of `treestair["FILE",k]` (k = 1 when left out).
    fn treestair_params(&self, t: &FamilyTerm) -> Result<(String, u64), ExprError> {
        let usage = "treestair takes the tree file in quotes and the level k (1 ≤ k < 2^64), e.g. \
                     treestair[\"t.txt\",2](0)";
        match t.params.as_deref() {
            Some([Param::Str(path, _)]) => Ok((path.clone(), 1)),
            Some([Param::Str(path, _), Param::Int(k, ks)]) => match k.to_u64() {
                Some(k) if k >= 1 => Ok((path.clone(), k)),
                _ => Err(self.error(*ks, usage)),
            },
            Some([p, ..]) => Err(self.error(p.span(), usage)),
            _ => Err(self.error(t.name_span, usage)),
        }
    }

    /// The one parameter of a graph family: the file, e.g. `digraph["g.txt"]`.
    fn file_param(&self, t: &FamilyTerm) -> Result<String, ExprError> {
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

    fn no_params(&self, t: &FamilyTerm) -> Result<(), ExprError> {
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

    /// The components of `greenhackenbush("0-1 1-2", …)`: one graph per string.
    fn green_hackenbush(
        &mut self,
        t: &FamilyTerm,
        out: &mut Vec<Component>,
    ) -> Result<(), ExprError> {
        let (family, _) = self.family(t)?;
        let usage = "greenhackenbush takes graphs of green edges written as strings: edges U-V separated by spaces, 0 (or g) the ground, e.g. greenhackenbush(\"0-1 1-2 2-0\")";
        let args = match t.args.as_deref() {
            Some(a) if !a.is_empty() => a,
            _ => return Err(self.error(t.span, usage)),
        };
        for a in args {
            let Arg::Str(s, span) = a else {
                return Err(self.error(a.span(), usage));
            };
            let pos = green::read(s).map_err(|(i, m)| {
                self.error(partizan::char_span(*span, s, i), &format!("bad graph: {m}"))
            })?;
            out.push(Component {
                family: family.clone(),
                pos,
            });
        }
        Ok(())
    }

    /// The strips `cram[r]` (boards of `r` rows, written by their columns).
    fn cram_strip(&self, t: &FamilyTerm) -> Result<cram_strip::CramStrip, ExprError> {
        const USAGE: &str = "cram[r] takes the rows r of its boards, 1 to 64 (cram[2](5) is the 2×5 board); tables: table 'cram[2]'";
        let rows = self.positive_param(t, USAGE)?;
        rows.to_usize()
            .and_then(cram_strip::CramStrip::new)
            .ok_or_else(|| {
                let at = t.params.as_deref().map_or(t.span, |p| p[0].span());
                self.error(at, USAGE)
            })
    }

    /// The single integer parameter ≥ 1 of `t` (`moore[k]`, `adjacent[m]`).
    fn positive_param(
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

    fn subtraction(&self, t: &FamilyTerm) -> Result<subtraction::Subtraction, ExprError> {
        let Some(params) = &t.params else {
            return Err(self.error(
                t.span,
                &format!("{} needs parameters, e.g. sub[1,3,4] or bash[3]", t.name),
            ));
        };
        if t.name == "bash" {
            return match params.as_slice() {
                [Param::Int(m, s)] => {
                    subtraction::Subtraction::bash(m.clone()).map_err(|e| self.error(*s, &e))
                }
                _ => Err(self.error(params[0].span(), "bash[m] takes one integer m (take 1..m)")),
            };
        }
        let mut ranges = Vec::new();
        for p in params {
            match p {
                Param::Int(n, s) => {
                    if n.is_zero() {
                        return Err(self.error(*s, "a subtraction set may not contain 0"));
                    }
                    ranges.push((n.clone(), n.clone()));
                }
                Param::Range(l, r, s) => {
                    if l.is_zero() || l > r {
                        return Err(
                            self.error(*s, &format!("the range {l}..{r} must satisfy 1 ≤ l ≤ r"))
                        );
                    }
                    ranges.push((l.clone(), r.clone()));
                }
                other => {
                    return Err(self.error(
                        other.span(),
                        "a subtraction set holds integers and ranges l..r",
                    ));
                }
            }
        }
        subtraction::Subtraction::new(&ranges).map_err(|e| self.error(t.span, &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let big = components("nim(1_000, 100000000000000000000)")
            .ok()
            .unwrap();
        assert_eq!(show(&big).0, "nim(1000,100000000000000000000)");
        assert_eq!(components("nim(3,)").err().map(|e| e.column), Some(7));
    }
}
