//! The answer of `sprague value`: the canonical form of a short game, its outcome, mean
//! and temperature (SPEC §4).

use super::{Failure, json};
use crate::games::eval::{Evaluator, Explained, ValueError, Why};
use crate::impartial::family::{Limits, SolveError};
use crate::impartial::sum::Outcome;
use crate::partizan::{
    DEFAULT_MAX_STATES, Game, GameTable, PrintOptions, Side, Step, Thermograph, Trace,
};
use std::fmt::Write as _;

/// Most options listed in `left_options`/`right_options` (a nimber `*m` has m).
const LISTED_OPTIONS: usize = 1000;
/// Longest game text in an explanation line.
const SHOWN_CHARS: usize = 160;
/// Most explanation lines.
const EXPLAIN_LINES: usize = 400;

/// What to compute besides the value.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Explain how each part was brought to canonical form.
    pub explain: bool,
    /// Write ± as +- (plain ASCII).
    pub ascii: bool,
    /// Most stored games (default [`DEFAULT_MAX_STATES`]); also bounds the tables of
    /// impartial components (default: the bound of `solve`).
    pub max_states: Option<u64>,
    /// A stop signal (a server's deadline) checked as the work is counted.
    pub stop: Option<std::sync::Arc<crate::impartial::family::Stop>>,
}

/// Everything `sprague value` reports about a game.
pub struct Valued {
    /// The canonical form, in CGSuite notation.
    pub canonical: String,
    /// Who wins.
    pub outcome: Outcome,
    /// The value when it is a number.
    pub number: Option<String>,
    /// (mean, temperature, left stop, right stop), unless the thermograph exceeded the
    /// bound.
    pub thermo: Option<[String; 4]>,
    /// The thermograph's walls and mast, unless it exceeded the bound.
    pub thermograph: Option<Thermogram>,
    /// Left's options in canonical form, unless too many to list.
    pub left: Option<Vec<String>>,
    /// Right's options in canonical form, unless too many to list.
    pub right: Option<Vec<String>>,
    /// How each part was brought to canonical form, when asked for.
    pub explanation: Vec<String>,
    explain: bool,
}

/// A thermograph as exact points: each wall from temperature 0 up to the mast, as
/// `(value, temperature)` pairs of dyadic rationals written as text (`"3/4"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermogram {
    /// The left wall's points, from temperature 0 up.
    pub left_wall: Vec<(String, String)>,
    /// The right wall's points, from temperature 0 up.
    pub right_wall: Vec<(String, String)>,
    /// Where the mast stands (the mean) and the temperature where it begins (0 for
    /// a number).
    pub mast: (String, String),
}

impl Thermogram {
    /// The points of a thermograph.
    pub fn of(th: &Thermograph) -> Thermogram {
        let points = |left| {
            th.wall_points(left)
                .into_iter()
                .map(|(x, t)| (x.to_string(), t.to_string()))
                .collect()
        };
        Thermogram {
            left_wall: points(true),
            right_wall: points(false),
            mast: (th.mean.to_string(), th.mast_start().to_string()),
        }
    }
}

/// Computes the value of the game `text` (SPEC §4).
///
/// ```
/// use sprague::report::value::{Options, value};
/// let v = value("{1|-1} + {1|-1}", &Options::default()).unwrap();
/// assert_eq!(v.canonical, "0");
/// assert!(v.json().starts_with("{\"canonical\":\"0\",\"outcome\":\"P\""));
/// ```
pub fn value(text: &str, o: &Options) -> Result<Valued, Failure> {
    let mut table = GameTable::with_limit(o.max_states.unwrap_or(DEFAULT_MAX_STATES));
    let (g, explained) = evaluate(&mut table, text, o)?;
    valued(&mut table, g, &explained, o)
}

/// Evaluates the game `text` into `table` (which may hold games of earlier calls, so
/// that a front end can add and compare them), with the explanation of each part when
/// `o.explain` is set.
pub fn evaluate(
    table: &mut GameTable,
    text: &str,
    o: &Options,
) -> Result<(Game, Vec<Explained>), Failure> {
    let mut limits = match o.max_states {
        Some(n) => Limits {
            max_states: n,
            ..Limits::default()
        },
        None => Limits::default(),
    };
    limits.stop = o.stop.clone();
    let mut ev = Evaluator::new(table, text, limits, o.explain);
    let g = ev.eval_source().map_err(value_failure)?;
    let explained = std::mem::take(&mut ev.explained);
    Ok((g, explained))
}

/// The document of the game `g` of `table`, e.g. one made by [`evaluate`] or by the
/// table's sums and negatives; `explained` is what [`evaluate`] gave, or empty.
pub fn valued(
    table: &mut GameTable,
    g: Game,
    explained: &[Explained],
    o: &Options,
) -> Result<Valued, Failure> {
    let opts = PrintOptions { ascii: o.ascii };
    let mut valued = report(table, g, opts, explained)?;
    valued.explain = o.explain;
    Ok(valued)
}

impl Valued {
    /// The JSON document of `value --json` (SPEC §4), with a final newline.
    pub fn json(&self) -> String {
        to_json(self, self.explain)
    }

    /// The plain-text answer of `value`.
    pub fn text(&self) -> String {
        to_text(self)
    }
}

fn value_failure(e: ValueError) -> Failure {
    match e {
        ValueError::Input(e) => Failure::Input(format!("bad expression: {e}")),
        ValueError::Limit(e) => solve_failure(e),
    }
}

/// A limit or input error of the game engine as a [`Failure`].
pub fn solve_failure(e: SolveError) -> Failure {
    match e {
        SolveError::Limit { .. } => Failure::Limit(e.to_string()),
        SolveError::Input(m) => Failure::Input(m),
    }
}

fn report(
    t: &mut GameTable,
    g: Game,
    opts: PrintOptions,
    explained: &[Explained],
) -> Result<Valued, Failure> {
    let canonical = t.show_with(g, opts).map_err(solve_failure)?;
    let outcome = t.outcome(g).map_err(solve_failure)?;
    let number = t.as_number(g).map(ToString::to_string);
    // The thermograph can need more than the bound on a huge game; the rest still
    // stands, with these fields null.
    let (thermo, thermograph) = match t.thermograph(g) {
        Ok(th) => (
            Some([
                th.mean.to_string(),
                th.temperature.to_string(),
                th.left.at(&Default::default()).to_string(),
                th.right.at(&Default::default()).to_string(),
            ]),
            Some(Thermogram::of(&th)),
        ),
        Err(SolveError::Limit { .. }) => (None, None),
        Err(e) => return Err(solve_failure(e)),
    };
    let (left, right) = if option_count(t, g) <= LISTED_OPTIONS {
        let (l, r) = t.printed_options(g).map_err(solve_failure)?;
        let mut show = |v: Vec<Game>| -> Result<Vec<String>, Failure> {
            v.into_iter()
                .map(|o| t.show_with(o, opts).map_err(solve_failure))
                .collect()
        };
        (Some(show(l)?), Some(show(r)?))
    } else {
        (None, None)
    };
    let mut explanation = Vec::new();
    for e in explained {
        explain(t, e, opts, &mut explanation);
        if explanation.len() > EXPLAIN_LINES {
            let more = explained.len();
            explanation.truncate(EXPLAIN_LINES);
            explanation.push(format!(
                "… (the explanation stops here; {more} parts in all)"
            ));
            break;
        }
    }
    Ok(Valued {
        explain: false,
        canonical,
        outcome,
        number,
        thermo,
        thermograph,
        left,
        right,
        explanation,
    })
}

/// How many options `g` has on its larger side, without listing them.
fn option_count(t: &mut GameTable, g: Game) -> usize {
    if let Some(n) = t.as_nus(g) {
        if n.up == 0 && !n.star.is_zero() {
            return n.star.to_usize().unwrap_or(usize::MAX);
        }
        return 2;
    }
    t.options(g)
        .map_or(usize::MAX, |(l, r)| l.len().max(r.len()))
}

/// A game's text for an explanation, shortened.
fn short(t: &mut GameTable, g: Game, opts: PrintOptions) -> String {
    match t.show_with(g, opts) {
        Ok(s) if s.chars().count() <= SHOWN_CHARS => s,
        Ok(s) => {
            let head: String = s.chars().take(SHOWN_CHARS - 1).collect();
            format!("{head}…")
        }
        Err(_) => "(a game too long to print)".to_string(),
    }
}

fn list(t: &mut GameTable, v: &[Game], opts: PrintOptions) -> String {
    if v.is_empty() {
        return "none".to_string();
    }
    let items: Vec<String> = v.iter().map(|&g| short(t, g, opts)).collect();
    items.join(", ")
}

fn explain(t: &mut GameTable, e: &Explained, opts: PrintOptions, out: &mut Vec<String>) {
    let value = short(t, e.value, opts);
    match &e.why {
        Why::Family(how) => out.push(format!("{} = {value}: {how}", e.expr)),
        Why::Options(trace) => {
            out.push(format!(
                "{}: Left options {}; Right options {}",
                e.expr,
                list(t, &trace.left, opts),
                list(t, &trace.right, opts)
            ));
            steps(t, trace, opts, out);
            out.push(format!("  = {value}{}", what_kind(t, e.value)));
        }
        Why::Sum(trace) => {
            if let Some(note) = trace.note {
                out.push(format!("{} = {value} ({note})", e.expr));
                return;
            }
            out.push(format!(
                "{}: the sum's Left options are {}; its Right options {}",
                e.expr,
                list(t, &trace.left, opts),
                list(t, &trace.right, opts)
            ));
            steps(t, trace, opts, out);
            out.push(format!("  = {value}{}", what_kind(t, e.value)));
        }
    }
}

fn what_kind(t: &GameTable, g: Game) -> &'static str {
    match t.as_nus(g) {
        Some(n) if n.is_number() => " (a number: the simplest between the options)",
        Some(_) => "",
        None => "",
    }
}

fn steps(t: &mut GameTable, trace: &Trace, opts: PrintOptions, out: &mut Vec<String>) {
    if trace.steps.is_empty() {
        out.push("  no option is dominated or reversible: the form is canonical".to_string());
    }
    for s in &trace.steps {
        let line = match s {
            Step::Dominated { side, option, by } => {
                let (who, rel) = match side {
                    Side::Left => ("Left", "≤"),
                    Side::Right => ("Right", "≥"),
                };
                format!(
                    "  {who} option {} is dominated: {} {rel} {}",
                    short(t, *option, opts),
                    short(t, *option, opts),
                    short(t, *by, opts)
                )
            }
            Step::Reversed {
                side,
                option,
                through,
                replacement,
            } => {
                let (who, other, rel) = match side {
                    Side::Left => ("Left", "Right", "≤ G"),
                    Side::Right => ("Right", "Left", "≥ G"),
                };
                format!(
                    "  {who} option {} is reversible: its {other} option {} {rel}; replaced by the {who} options of {}: {}",
                    short(t, *option, opts),
                    short(t, *through, opts),
                    short(t, *through, opts),
                    list(t, replacement, opts)
                )
            }
        };
        out.push(line);
    }
}

fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L: Left wins, whoever starts (G > 0)",
        Outcome::R => "R: Right wins, whoever starts (G < 0)",
        Outcome::P => "P: the second player wins (G = 0)",
        Outcome::N => "N: the first player wins (G is confused with 0)",
        Outcome::D => "D: a draw",
    }
}

fn to_text(r: &Valued) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "value:       {}", r.canonical);
    let _ = writeln!(out, "outcome:     {}", outcome_words(r.outcome));
    match &r.number {
        Some(n) => {
            let _ = writeln!(out, "number:      {n}");
        }
        None => {
            let _ = writeln!(out, "number:      none (not a number)");
        }
    }
    match &r.thermo {
        Some([mean, temp, ls, rs]) => {
            let _ = writeln!(out, "mean:        {mean}");
            let _ = writeln!(out, "temperature: {temp}");
            let _ = writeln!(out, "stops:       left {ls}, right {rs}");
        }
        None => {
            let _ = writeln!(
                out,
                "mean:        not computed (the thermograph needs more than --max-states)"
            );
        }
    }
    if let (Some(l), Some(rr)) = (&r.left, &r.right) {
        let _ = writeln!(out, "options:     {{{} | {}}}", l.join(", "), rr.join(", "));
    }
    if !r.explanation.is_empty() {
        let _ = writeln!(out, "why:");
        for l in &r.explanation {
            let _ = writeln!(out, "  {l}");
        }
    }
    out
}

fn to_json(r: &Valued, explain: bool) -> String {
    let mut out = String::with_capacity(r.canonical.len() + 256);
    out.push_str("{\"canonical\":");
    json::string(&mut out, &r.canonical);
    let _ = write!(out, ",\"outcome\":\"{}\",\"number\":", r.outcome.letter());
    opt_string(&mut out, r.number.as_deref());
    let field = |i: usize| r.thermo.as_ref().map(|t| t[i].as_str());
    out.push_str(",\"temperature\":");
    opt_string(&mut out, field(1));
    out.push_str(",\"mean\":");
    opt_string(&mut out, field(0));
    out.push_str(",\"left_stop\":");
    opt_string(&mut out, field(2));
    out.push_str(",\"right_stop\":");
    opt_string(&mut out, field(3));
    for (name, opts) in [("left_options", &r.left), ("right_options", &r.right)] {
        let _ = write!(out, ",\"{name}\":");
        match opts {
            Some(v) => json::strings(&mut out, v),
            None => out.push_str("null"),
        }
    }
    out.push_str(",\"thermograph\":");
    match &r.thermograph {
        Some(th) => {
            let points = |out: &mut String, p: &[(String, String)]| {
                out.push('[');
                for (i, (x, t)) in p.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('[');
                    json::string(out, x);
                    out.push(',');
                    json::string(out, t);
                    out.push(']');
                }
                out.push(']');
            };
            out.push_str("{\"left_wall\":");
            points(&mut out, &th.left_wall);
            out.push_str(",\"right_wall\":");
            points(&mut out, &th.right_wall);
            out.push_str(",\"mast\":{\"x\":");
            json::string(&mut out, &th.mast.0);
            out.push_str(",\"t\":");
            json::string(&mut out, &th.mast.1);
            out.push_str("}}");
        }
        None => out.push_str("null"),
    }
    if explain {
        out.push_str(",\"explanation\":");
        json::strings(&mut out, &r.explanation);
    }
    out.push_str("}\n");
    out
}

fn opt_string(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => json::string(out, s),
        None => out.push_str("null"),
    }
}
