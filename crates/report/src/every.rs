//! The answer of `sprague solve --every k=FROM..TO EXPR`: a one-parameter family (a
//! name `k` standing for a number in the parameters of the expression's families,
//! `bash[k](3,5,7)`) answered for every value of `k` in a range — who wins and the
//! nim-value of the whole sum, one row per value.
//!
//! Two ways, chosen by the families ([`sprague_games::every`]):
//!
//! - **at once** when every term is a family that knows its values for every `k`
//!   (`bash[k]`, `sub[1..k]`, `sub[l..k]`, normal play): the nim-values of the whole
//!   range at the cost of a harmonic sum ([`sprague_games::every::mod_floor_every`]),
//!   with the expression checked at the first `k` by the normal engine;
//! - **each** otherwise: the expression with each value in place of `k`, answered by
//!   [`crate::solve`] in turn, under the command's budget of work (correct for any
//!   family, impartial or partizan, normal or misère play; not fast).

use crate::solve::{Options, Solved, solve};
use crate::{Failure, json};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Outcome, Play};
use sprague_games::every::{Template, mod_floor_every, template};
use std::fmt::Write as _;

/// Largest value of the variable (and of `FROM`): `2^62`, so that `l + k` stays far
/// from overflowing.
pub const MAX_VALUE: u64 = 1 << 62;

/// The variable and its values, as `k=1..100` writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The name (lower case).
    pub variable: String,
    /// The first value.
    pub from: u64,
    /// The last value (inclusive).
    pub to: u64,
}

impl Range {
    /// Reads `NAME=FROM..TO` (or `NAME=V` for one value).
    ///
    /// ```
    /// use sprague_report::every::Range;
    /// let r = Range::parse("k=1..10").unwrap();
    /// assert_eq!((r.variable.as_str(), r.from, r.to), ("k", 1, 10));
    /// assert!(Range::parse("k=10..1").is_err());
    /// assert!(Range::parse("K=1..3").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Range, Failure> {
        let bad = |why: &str| {
            Failure::Input(format!(
                "'{spec}': {why} (write NAME=FROM..TO, e.g. k=1..100)"
            ))
        };
        let Some((name, range)) = spec.split_once('=') else {
            return Err(bad("no '='"));
        };
        let name = name.trim();
        let mut chars = name.chars();
        let good_name = chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !good_name {
            return Err(bad(&format!(
                "'{name}' is not a name of lower-case letters, digits and '_'"
            )));
        }
        let range = range.trim();
        if range.is_empty() {
            return Err(bad("the range is empty"));
        }
        let (lo, hi) = range.split_once("..").unwrap_or((range, range));
        let number = |s: &str, which: &str| -> Result<u64, Failure> {
            let s = s.trim();
            if s.is_empty() {
                return Err(bad(&format!("the range has no {which} value")));
            }
            if !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(&format!("'{s}' is not a whole number")));
            }
            match s.parse::<u64>() {
                Ok(v) if v <= MAX_VALUE => Ok(v),
                _ => Err(bad(&format!(
                    "{} is out of range: values go up to 2^62 = {MAX_VALUE}",
                    sprague_expr::shorten_message(s)
                ))),
            }
        };
        let (from, to) = (number(lo, "first")?, number(hi, "last")?);
        if from > to {
            return Err(Failure::Input(format!(
                "'{spec}': the range is reversed, its first value above its last \
                 (write {name}={to}..{from})"
            )));
        }
        Ok(Range {
            variable: name.to_string(),
            from,
            to,
        })
    }

    /// The number of values.
    pub fn count(&self) -> u64 {
        self.to - self.from + 1
    }
}

/// `expr`, one family term written without arguments (`bash[k]`), with the heap
/// sizes of `heaps` (the text of a file named `name`: whole numbers separated by
/// spaces, commas or line breaks; `#` starts a comment to the end of its line) as its
/// arguments.
///
/// ```
/// use sprague_report::every::with_heaps;
/// assert_eq!(with_heaps("bash[k]", "k", b"3 5\n7, 9 # four heaps\n", "h.txt").unwrap(), "bash[k](3,5,7,9)");
/// let e = with_heaps("bash[k]", "k", b"3\n5 x\n", "h.txt").unwrap_err();
/// assert!(e.message().contains("h.txt, line 2, column 3"));
/// ```
pub fn with_heaps(expr: &str, variable: &str, heaps: &[u8], name: &str) -> Result<String, Failure> {
    let one_term = match sprague_expr::parse_with_variable(expr, variable) {
        Ok((sum, _)) => match sum.terms.as_slice() {
            [sprague_expr::Term::Family(t)] => t.args.is_none(),
            _ => false,
        },
        Err(_) => false,
    };
    if !one_term {
        return Err(Failure::Input(format!(
            "with a file of heaps, the expression is one family written without its \
             arguments (e.g. 'bash[{variable}]'); the heaps of {name} are its arguments"
        )));
    }
    let mut out = String::with_capacity(expr.len() + heaps.len() + 2);
    out.push_str(expr.trim_end());
    out.push('(');
    let mut count = 0u64;
    let (mut line, mut column) = (1usize, 1usize);
    let mut i = 0;
    while i < heaps.len() {
        let c = heaps[i];
        match c {
            b'\n' => {
                line += 1;
                column = 1;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | b',' => {}
            b'#' => {
                while i < heaps.len() && heaps[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'0'..=b'9' => {
                if count > 0 {
                    out.push(',');
                }
                while let Some(&d @ b'0'..=b'9') = heaps.get(i) {
                    out.push(char::from(d));
                    i += 1;
                    column += 1;
                }
                count += 1;
                continue;
            }
            _ => {
                let found = std::str::from_utf8(&heaps[i..heaps.len().min(i + 4)])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .map_or_else(|| format!("byte {c:#04x}"), |ch| format!("'{ch}'"));
                return Err(Failure::Input(format!(
                    "{name}, line {line}, column {column}: expected a heap size (a whole number), found {found}"
                )));
            }
        }
        i += 1;
        column += 1;
    }
    if count == 0 {
        return Err(Failure::Input(format!("{name}: no heap sizes in it")));
    }
    out.push(')');
    Ok(out)
}

/// How the values were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every value at once, by the families' closed forms.
    AtOnce,
    /// Each value in turn, by the normal engine.
    Each,
}

impl Method {
    /// The word of the JSON document.
    pub fn word(self) -> &'static str {
        match self {
            Method::AtOnce => "at_once",
            Method::Each => "each",
        }
    }
}

/// The answer for one value of the variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Who wins.
    pub outcome: Outcome,
    /// The nim-value of the whole sum (normal play), when known.
    pub grundy: Option<Nat>,
    /// Whether the value is infinite (a loopy sum).
    pub infinite: bool,
}

/// The answer of `solve --every`: one [`Row`] per value of the variable.
pub struct Every {
    /// The expression as written, with the variable in it.
    pub position: String,
    /// The variable and its values.
    pub range: Range,
    /// Normal or misère play.
    pub play: Play,
    /// How the values were found.
    pub method: Method,
    /// One row per value, from `range.from` up.
    pub rows: Vec<Row>,
}

/// Bytes a row takes, with its share of the answer's text, for the check against
/// `--max-memory` before the rows are made.
const ROW_BYTES: u64 = std::mem::size_of::<Row>() as u64 + 40;

/// Answers `text` for every value of `range` (see the module documentation).
/// `progress` is told the values done and their number from time to time.
///
/// ```
/// use sprague_report::every::{Method, Range, every};
/// use sprague_report::solve::Options;
/// let r = Range::parse("k=1..4").unwrap();
/// let e = every("bash[k](3,5,7)", &r, &Options::default(), &mut |_, _| {}).unwrap();
/// assert_eq!(e.method, Method::AtOnce);
/// assert_eq!(e.outcomes(), "NNNN");
/// let e = every("sub[1,k](3,5,7)", &r, &Options::default(), &mut |_, _| {}).unwrap();
/// assert_eq!(e.method, Method::Each);
/// ```
pub fn every(
    text: &str,
    range: &Range,
    o: &Options,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Every, Failure> {
    let limits = &o.limits;
    let count = range.count();
    if count > limits.max_states {
        return Err(Failure::Limit(
            Some(Bound::States),
            format!(
                "the range {}={}..{} holds {count} values, more than {} positions (one answer each)",
                range.variable, range.from, range.to, limits.max_states
            ),
        ));
    }
    let bytes = count.saturating_mul(ROW_BYTES);
    if bytes > limits.max_memory {
        return Err(limits
            .memory_exceeded(&format!("the answers for {count} values"), bytes)
            .into());
    }
    let t = template(text, &range.variable)?;
    let play = if o.misere { Play::Misere } else { Play::Normal };
    let fast = if o.misere { None } else { t.fast() };
    let (method, rows) = match fast {
        Some(groups) => {
            // The expression at the first value, by the normal engine: the same
            // errors as each value in turn would give (a range l..k with k < l, …).
            sprague_games::parsed_position(&t.at(range.from))
                .map_err(|e| at_value(range, range.from, &t, e.into()))?;
            let mut total = vec![0u64; count as usize];
            let all = count * groups.len() as u64;
            for (i, g) in groups.iter().enumerate() {
                let before = count * i as u64;
                let values =
                    mod_floor_every(g.l, &g.heaps, range.from, range.to, limits, &mut |done| {
                        progress(before + done, all)
                    })
                    .map_err(Failure::from)?;
                for (t, v) in total.iter_mut().zip(values) {
                    *t ^= v;
                }
            }
            let rows = total
                .into_iter()
                .map(|v| Row {
                    outcome: if v == 0 { Outcome::P } else { Outcome::N },
                    grundy: Some(Nat::from(v)),
                    infinite: false,
                })
                .collect();
            (Method::AtOnce, rows)
        }
        None => (Method::Each, each(&t, range, o, progress)?),
    };
    Ok(Every {
        position: text.trim().to_string(),
        range: range.clone(),
        play,
        method,
        rows,
    })
}

/// Each value in turn, by [`solve`].
fn each(
    t: &Template,
    range: &Range,
    o: &Options,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<Row>, Failure> {
    let one = Options {
        max_moves: 0,
        explain: false,
        remoteness: false,
        ..o.clone()
    };
    let mut rows = Vec::with_capacity(range.count() as usize);
    for k in range.from..=range.to {
        o.limits.check_stop().map_err(Failure::from)?;
        let solved = solve(&t.at(k), &one).map_err(|f| at_value(range, k, t, f))?;
        rows.push(match solved {
            Solved::Impartial(s) => Row {
                outcome: s.analysis.outcome,
                grundy: s.analysis.grundy.clone(),
                infinite: s.analysis.infinite_total.is_some(),
            },
            Solved::Partizan(p) => Row {
                outcome: p.outcome,
                grundy: None,
                infinite: false,
            },
        });
        progress(k - range.from + 1, range.count());
    }
    Ok(rows)
}

/// `f` for the value `k`: its message says the value and the expression then.
fn at_value(range: &Range, k: u64, t: &Template, f: Failure) -> Failure {
    let shown = sprague_expr::shorten_message(&t.at(k));
    let say = |m: &str| format!("{}={k} ({shown}): {m}", range.variable);
    match f {
        Failure::Input(m) => Failure::Input(say(&m)),
        Failure::Limit(b, m) => Failure::Limit(b, say(&m)),
        Failure::Other(m) => Failure::Other(say(&m)),
        Failure::Interrupted(m) => Failure::Interrupted(say(&m)),
    }
}

impl Every {
    /// The outcome for each value, one letter each (`N`: the player to move wins).
    pub fn outcomes(&self) -> String {
        self.rows.iter().map(|r| r.outcome.letter()).collect()
    }

    /// The JSON document, with a final newline: `position`, `variable`, `from`, `to`,
    /// `play`, `method` (`at_once` or `each`), `outcomes` (one letter per value) and
    /// `grundy` (one nim-value per value: an integer, `"inf"` or null).
    pub fn json(&self) -> String {
        let mut out = String::with_capacity(self.position.len() + self.rows.len() * 12 + 128);
        out.push_str("{\"position\":");
        json::string(&mut out, &self.position);
        out.push_str(",\"variable\":");
        json::string(&mut out, &self.range.variable);
        let _ = write!(
            out,
            ",\"from\":{},\"to\":{},\"play\":\"{}\",\"method\":\"{}\",\"outcomes\":",
            self.range.from,
            self.range.to,
            match self.play {
                Play::Normal => "normal",
                Play::Misere => "misere",
            },
            self.method.word()
        );
        json::string(&mut out, &self.outcomes());
        out.push_str(",\"grundy\":[");
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if r.infinite {
                out.push_str("\"inf\"");
            } else {
                json::opt_nat(&mut out, r.grundy.as_ref());
            }
        }
        out.push_str("]}\n");
        out
    }

    /// The plain-text answer: a header, a line `k=V: OUTCOME VALUE` per value, and the
    /// outcomes in one line.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.rows.len() * 16 + 256);
        let r = &self.range;
        let _ = writeln!(
            out,
            "{} for {}={}..{}{}, {}: who wins (N: the player to move, P: the other) and the nim-value",
            sprague_expr::shorten_message(&self.position),
            r.variable,
            r.from,
            r.to,
            if self.play == Play::Misere {
                " (misère play)"
            } else {
                ""
            },
            match self.method {
                Method::AtOnce => "every value at once",
                Method::Each => "each value in turn",
            }
        );
        for (k, row) in (r.from..).zip(&self.rows) {
            let _ = write!(out, "{}={k}: {} ", r.variable, row.outcome.letter());
            match (&row.grundy, row.infinite) {
                (_, true) => out.push_str("inf"),
                (Some(g), false) => {
                    let _ = write!(out, "{g}");
                }
                (None, false) => out.push('-'),
            }
            out.push('\n');
        }
        let _ = writeln!(out, "outcomes: {}", self.outcomes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every multiset of at most 3 heaps from 0..=8, written as arguments.
    fn small_sums() -> Vec<String> {
        let mut out = Vec::new();
        for a in 0..=8 {
            out.push(format!("{a}"));
            for b in a..=8 {
                out.push(format!("{a},{b}"));
                for c in b..=8 {
                    out.push(format!("{a},{b},{c}"));
                }
            }
        }
        out
    }

    #[test]
    fn every_value_at_once_matches_the_normal_engine_for_each_value() {
        let o = Options::default();
        for family in ["bash[k]", "sub[1..k]", "sub[2..k]", "sub[3 .. k]"] {
            let from = match family {
                "sub[2..k]" => 2,
                "sub[3 .. k]" => 3,
                _ => 1,
            };
            let r = Range::parse(&format!("k={from}..11")).unwrap();
            for heaps in small_sums() {
                let text = format!("{family}({heaps})");
                let e = every(&text, &r, &o, &mut |_, _| {}).unwrap();
                assert_eq!(e.method, Method::AtOnce, "{text}");
                // The engine, one value at a time, from the text with the value in it.
                let t = template(&text, "k").unwrap();
                let expected = each(&t, &r, &o, &mut |_, _| {}).unwrap();
                assert_eq!(e.rows, expected, "{text}");
            }
        }
        // Two families of different l in one sum.
        let text = "bash[k](4,9) + sub[2..k](7,3,12)";
        let r = Range::parse("k=2..20").unwrap();
        let e = every(text, &r, &o, &mut |_, _| {}).unwrap();
        assert_eq!(e.method, Method::AtOnce);
        let expected = each(&template(text, "k").unwrap(), &r, &o, &mut |_, _| {}).unwrap();
        assert_eq!(e.rows, expected);
    }

    #[test]
    fn other_families_and_misere_play_take_each_value_in_turn() {
        let o = Options::default();
        let r = Range::parse("k=1..4").unwrap();
        // sub[1,k](5): k=1 is take 1 (5 odd: N); k=2: sg(5) of {1,2} = 5 mod 3 = 2 (N);
        // k=3: {1,3}: sg = n mod 2 → 1 (N); k=4: {1,4}: period 5 (0,1,0,1,2) → sg(5)=0 (P).
        let e = every("sub[1,k](5)", &r, &o, &mut |_, _| {}).unwrap();
        assert_eq!((e.method, e.outcomes().as_str()), (Method::Each, "NNNP"));
        let misere = Options {
            misere: true,
            ..Options::default()
        };
        // Misère bash[k](1): the mover must take the last stone and loses, whatever k.
        let e = every("bash[k](1)", &r, &misere, &mut |_, _| {}).unwrap();
        assert_eq!((e.method, e.outcomes().as_str()), (Method::Each, "PPPP"));
    }

    #[test]
    fn bad_ranges_and_expressions_say_what_and_where() {
        for bad in [
            "k",
            "k=",
            "k=..3",
            "k=3..",
            "k=5..1",
            "K=1..3",
            "k=1..x",
            "k=1..99999999999999999999",
        ] {
            assert!(matches!(Range::parse(bad), Err(Failure::Input(_))), "{bad}");
        }
        let o = Options::default();
        let r = Range::parse("k=1..3").unwrap();
        let e = every("bash[3](4)", &r, &o, &mut |_, _| {}).err().unwrap();
        assert!(e.message().contains("k stands in no parameter"), "{e}");
        // sub[3..k] at k = 1 is an empty range: said at the first value, either way.
        let e = every("sub[3..k](4)", &r, &o, &mut |_, _| {}).err().unwrap();
        assert!(e.message().starts_with("k=1 (sub[3..1](4)):"), "{e}");
        let huge = Range::parse("k=1..1000000000000").unwrap();
        let e = every("bash[k](4)", &huge, &o, &mut |_, _| {})
            .err()
            .unwrap();
        assert!(matches!(e, Failure::Limit(Some(Bound::States), _)), "{e}");
    }
}
