//! The answer of `sprague value`: the canonical form of a short game, its outcome, mean
//! and temperature (SPEC §4), and beyond SPEC the thermograph's points, birthday and
//! size, orthodox moves, reduced canonical form and atomic weight; optionally of the
//! game cooled, heated or overheated. A canonical form too long to print is
//! summarised, or written as it is produced ([`write_value`]).

use super::json::opt_string;
use super::{Failure, json};
use sprague_core::Outcome;
use sprague_core::rational::Rational;
use sprague_core::{Bound, Limits, Raise, SolveError};
use sprague_engine::partizan::{
    DEFAULT_MAX_STATES, Dyadic, Game, GameTable, PrintOptions, Side, Step, Thermograph, Trace,
    Value, dyadic_rational,
};
use sprague_games::eval::{Evaluator, Explained, ValueError, Variables, Why};
use std::fmt::Write as _;

/// Most options listed in `left_options`/`right_options` (a nimber `*m` has m).
const LISTED_OPTIONS: usize = 1000;
/// Longest game text in an explanation line.
const SHOWN_CHARS: usize = 160;
/// Most explanation lines.
const EXPLAIN_LINES: usize = 400;
/// Longest canonical form printed by default (bytes); longer ones are summarised.
pub const DEFAULT_MAX_CHARS: u64 = 100_000;
/// The optional extras (reduced form, atomic weight) each get at most this fraction
/// (num, den) of what is left of the bounds, so that they never stop the report.
const EXTRA_SHARE: (u64, u64) = (1, 3);
/// The size is counted up to this many subpositions.
pub const SIZE_CAP: u64 = 100_000;

/// An operation applied to the game before it is reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transform {
    /// Cooled by t ≥ 0 (`G_t`).
    Cool(Dyadic),
    /// Heated by t (`∫^t G`).
    Heat(Dyadic),
    /// Overheated from s to t (`∫_s^t G`).
    Overheat(Dyadic, Dyadic),
}

impl Transform {
    /// The operation `kind` (`cool` by T, `heat` by T or `overheat` by S,T) from the
    /// text of its argument; bad text is an input error saying what is wrong with
    /// it (a front end adds where the text came from).
    ///
    /// ```
    /// use sprague_report::value::Transform;
    /// assert!(Transform::parse("cool", "1/2").is_ok());
    /// assert!(Transform::parse("overheat", "1,2").is_ok());
    /// assert!(Transform::parse("cool", "-1").is_err());
    /// assert!(Transform::parse("heat", "1/3").is_err());
    /// ```
    pub fn parse(kind: &str, text: &str) -> Result<Transform, Failure> {
        let number = |s: &str| {
            Dyadic::parse(s.trim()).ok_or_else(|| {
                Failure::Input(format!(
                    "expected a number like 1, -3/4 or 1/2 (a power of two below), found '{}'",
                    clip(s)
                ))
            })
        };
        match kind {
            "cool" => {
                let t = number(text)?;
                if t.is_negative() {
                    return Err(Failure::Input(format!(
                        "a game is cooled by a number t ≥ 0, not {t}"
                    )));
                }
                Ok(Transform::Cool(t))
            }
            "heat" => Ok(Transform::Heat(number(text)?)),
            _ => {
                let (a, b) = text.split_once(',').ok_or_else(|| {
                    Failure::Input(format!(
                        "expected two numbers S,T (e.g. 1,2), found '{}'",
                        clip(text)
                    ))
                })?;
                Ok(Transform::Overheat(number(a)?, number(b)?))
            }
        }
    }

    /// In words: `cooled by 1`, `heated by 2`, `overheated from 1 to 2`.
    pub fn describe(&self) -> String {
        match self {
            Transform::Cool(t) => format!("cooled by {t}"),
            Transform::Heat(t) => format!("heated by {t}"),
            Transform::Overheat(s, t) => format!("overheated from {s} to {t}"),
        }
    }

    /// Applies the operation to `g`.
    pub fn apply(&self, t: &mut GameTable, g: Game) -> Result<Game, SolveError> {
        match self {
            Transform::Cool(by) => t.cool(g, by),
            Transform::Heat(by) => t.heat(g, by),
            Transform::Overheat(s, by) => t.overheat(g, s, by),
        }
    }
}

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
    pub stop: Option<std::sync::Arc<sprague_core::Stop>>,
    /// Longest canonical form printed (bytes); a longer one is summarised. Default
    /// [`DEFAULT_MAX_CHARS`].
    pub max_chars: Option<u64>,
    /// Print the canonical form however long ([`write_value`] writes it as it is
    /// produced).
    pub full: bool,
    /// Report the game cooled, heated or overheated.
    pub transform: Option<Transform>,
    /// How the text says to raise a bound (the command line: by its flag); default
    /// [`Bound::words`].
    pub raise: Option<Raise>,
}

/// Everything `sprague value` reports about a game.
pub struct Valued {
    /// The canonical form, in CGSuite notation; `None` when it is longer than the
    /// bound on printed characters (the report is then a summary).
    pub canonical: Option<String>,
    /// The bound on printed characters that applied.
    pub max_chars: u64,
    /// How the text says to raise a bound.
    raise: Raise,
    /// The operation applied to the game, in words (`cooled by 1`).
    pub operation: Option<String>,
    /// The birthday (decimal; `ω` for a number whose denominator is not a power of
    /// two, `at least ω` for such a number plus a short game).
    pub birthday: String,
    /// Distinct canonical subpositions, unless more than [`SIZE_CAP`] (or than a third
    /// of what is left of the state bound allows).
    pub size: Option<u64>,
    /// Left's and Right's orthodox options (empty for a number), unless not computed.
    pub orthodox: Option<(Vec<String>, Vec<String>)>,
    /// The reduced canonical form.
    pub reduced: Extra<String>,
    /// The atomic weight and the far star (`*N`) it was compared with.
    pub atomic_weight: Extra<(String, String)>,
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
    /// The comparison asked (`G <= H`), if any: the report is then of `G - H`.
    pub comparison: Option<Comparison>,
    /// For a value that is no short game (a number whose denominator is not a power
    /// of two is part of it), what that means for the report; `None` for a short game.
    pub beyond: Option<String>,
}

/// A comparison `G <= H` that `value` answered (SPEC §4, field `compare`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The left side as written.
    pub left: String,
    /// The relation asked, in CGSuite's spelling (`<=`, `<>`, `<|`, …).
    pub relation: String,
    /// The right side as written.
    pub right: String,
    /// Whether the relation holds.
    pub holds: bool,
    /// How the two games compare: `==`, `<`, `>` or `<>` (confused).
    pub order: String,
}

/// An optional part of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra<T> {
    /// Computed.
    Value(T),
    /// Does not apply (the atomic weight of a game that is not all-small), or (the
    /// reduced form) too long to print.
    None,
    /// Needs more than its share of `--max-states`.
    Limit,
}

impl<T> Extra<T> {
    fn value(&self) -> Option<&T> {
        match self {
            Extra::Value(v) => Some(v),
            _ => None,
        }
    }
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
        Thermogram::shifted(th, &Rational::zero())
    }

    /// The points of a thermograph moved right by the number `x` (the thermograph of
    /// `x + G` from `G`'s: translation by a number moves every wall by `x`).
    pub fn shifted(th: &Thermograph, x: &Rational) -> Thermogram {
        let at = |d: &Dyadic| dyadic_rational(d).add(x).to_string();
        let points = |left| {
            th.wall_points(left)
                .into_iter()
                .map(|(v, t)| (at(&v), t.to_string()))
                .collect()
        };
        Thermogram {
            left_wall: points(true),
            right_wall: points(false),
            mast: (at(&th.mean), th.mast_start().to_string()),
        }
    }
}

/// Computes the value of the game `text` (SPEC §4).
///
/// ```
/// use sprague_report::value::{Options, value};
/// let v = value("{1|-1} + {1|-1}", &Options::default()).unwrap();
/// assert_eq!(v.canonical.as_deref(), Some("0"));
/// assert!(v.json().starts_with("{\"canonical\":\"0\",\"outcome\":\"P\""));
/// ```
///
/// A comparison `G <= H` (or `==`, `!=`, `>=`, `<`, `>`, `<>`, `<|`, `|>`) is answered in
/// [`Valued::comparison`], and the rest of the report is of the difference `G - H`.
///
/// ```
/// use sprague_report::value::{Options, value};
/// let v = value("^ + ^ + * > 0", &Options::default()).unwrap();
/// let c = v.comparison.as_ref().unwrap();
/// assert!(c.holds);
/// assert_eq!(c.order, ">");
/// ```
pub fn value(text: &str, o: &Options) -> Result<Valued, Failure> {
    let mut table = GameTable::with_limit(o.max_states.unwrap_or(DEFAULT_MAX_STATES));
    let (g, explained, comparison) = evaluate_statement(&mut table, text, o)?;
    let mut v = valued(&mut table, &g, &explained, o)?;
    v.comparison = comparison;
    Ok(v)
}

/// Computes the value of the game `text` and writes its document (JSON with `json`)
/// to `out`; with `o.full` a canonical form too long for `o.max_chars` is written in
/// full, piece by piece as it is produced, instead of summarised.
///
/// ```
/// use sprague_report::value::{Options, write_value};
/// let o = Options { full: true, max_chars: Some(3), ..Options::default() };
/// let mut out = Vec::new();
/// write_value("{3|-3} + {1|-1}", &o, false, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("value:       ±{4|2}\n"));
/// ```
pub fn write_value(
    text: &str,
    o: &Options,
    json: bool,
    out: &mut dyn std::io::Write,
) -> Result<(), Failure> {
    let mut table = GameTable::with_limit(o.max_states.unwrap_or(DEFAULT_MAX_STATES));
    let (g, explained, comparison) = evaluate_statement(&mut table, text, o)?;
    let (g, mut v) = transformed(&mut table, &g, &explained, o)?;
    v.comparison = comparison;
    if v.canonical.is_some() || !o.full {
        let doc = if json { v.json() } else { v.text() };
        out.write_all(doc.as_bytes())?;
        return Ok(out.flush()?);
    }
    // The text before the short part of a value that is not short (`1/3 + `).
    let (prefix, g) = match table.value_prefix(&g).map_err(solve_failure)? {
        Some((prefix, Some(h))) => (prefix, h),
        Some((prefix, None)) => (prefix, Game::ZERO),
        None => (String::new(), g.game()),
    };
    let opts = PrintOptions { ascii: o.ascii };
    if !json {
        let mut head = String::new();
        comparison_text(&v, &mut head);
        out.write_all(head.as_bytes())?;
    }
    out.write_all(if json {
        b"{\"canonical\":\""
    } else {
        b"value:       "
    })?;
    out.write_all(prefix.as_bytes())?;
    let mut failed: Option<std::io::Error> = None;
    let mut escaped = String::new();
    table
        .write_form(g, opts, &mut |piece: &str| {
            let bytes = if json {
                escaped.clear();
                json::string(&mut escaped, piece);
                &escaped.as_bytes()[1..escaped.len() - 1]
            } else {
                piece.as_bytes()
            };
            match out.write_all(bytes) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        })
        .map_err(solve_failure)?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    let rest = if json {
        let mut s = String::from("\"");
        json_rest(&v, v.explain, true, &mut s);
        s
    } else {
        let mut s = String::from("\n");
        text_rest(&v, &mut s);
        s
    };
    out.write_all(rest.as_bytes())?;
    Ok(out.flush()?)
}

/// Evaluates the game `text` into `table` (which may hold games of earlier calls, so
/// that a front end can add and compare them), with the explanation of each part when
/// `o.explain` is set.
pub fn evaluate(
    table: &mut GameTable,
    text: &str,
    o: &Options,
) -> Result<(Value, Vec<Explained>), Failure> {
    let mut limits = match o.max_states {
        Some(n) => Limits {
            max_states: n,
            ..Limits::default()
        },
        None => Limits::default(),
    };
    limits.stop = o.stop.clone();
    let mut ev = Evaluator::new(table, text, limits, o.explain);
    let g = ev.eval_value().map_err(value_failure)?;
    let explained = std::mem::take(&mut ev.explained);
    Ok((g, explained))
}

/// Like [`evaluate`] for a statement: a sum, or a comparison `G <= H`, whose game is
/// the difference `G - H` and whose answer is the [`Comparison`].
pub fn evaluate_statement(
    table: &mut GameTable,
    text: &str,
    o: &Options,
) -> Result<(Value, Vec<Explained>, Option<Comparison>), Failure> {
    evaluate_with(table, None, text, o)
}

/// Like [`evaluate_statement`], reading the bare names of `variables` (games of
/// `table`) as their games: a worksheet's `g + -g == 0`.
pub fn evaluate_with(
    table: &mut GameTable,
    variables: Option<&Variables>,
    text: &str,
    o: &Options,
) -> Result<(Value, Vec<Explained>, Option<Comparison>), Failure> {
    let mut limits = match o.max_states {
        Some(n) => Limits {
            max_states: n,
            ..Limits::default()
        },
        None => Limits::default(),
    };
    limits.stop = o.stop.clone();
    let mut ev = Evaluator::new(table, text, limits, o.explain);
    if let Some(v) = variables {
        ev = ev.with_variables(v);
    }
    let (g, compared) = ev.eval_statement().map_err(value_failure)?;
    let explained = std::mem::take(&mut ev.explained);
    let comparison = compared.map(|c| Comparison {
        left: c.left_text,
        relation: c.relation.symbol().to_string(),
        right: c.right_text,
        holds: c.holds,
        order: c.order.symbol().to_string(),
    });
    Ok((g, explained, comparison))
}

/// The document of the value `g` of `table`, e.g. one made by [`evaluate`] or by the
/// table's sums and negatives; `explained` is what [`evaluate`] gave, or empty.
pub fn valued(
    table: &mut GameTable,
    g: &Value,
    explained: &[Explained],
    o: &Options,
) -> Result<Valued, Failure> {
    Ok(transformed(table, g, explained, o)?.1)
}

/// The value reported (`g` after `o.transform`) and its document.
fn transformed(
    table: &mut GameTable,
    g: &Value,
    explained: &[Explained],
    o: &Options,
) -> Result<(Value, Valued), Failure> {
    let g = match (&o.transform, g.as_short()) {
        (Some(tr), Some(short)) => Value::short(tr.apply(table, short).map_err(solve_failure)?),
        (Some(tr), None) => {
            let what = match tr {
                Transform::Cool(_) => "cooling",
                Transform::Heat(_) => "heating",
                Transform::Overheat(..) => "overheating",
            };
            return Err(Failure::Input(format!(
                "the value is not a short game (a number whose denominator is not a power of two is part of it); {what} applies to short games"
            )));
        }
        (None, _) => g.clone(),
    };
    let opts = PrintOptions { ascii: o.ascii };
    let max_chars = o.max_chars.unwrap_or(DEFAULT_MAX_CHARS);
    let mut valued = match g.as_short() {
        Some(short) => report(table, short, opts, explained, max_chars)?,
        None => report_beyond(table, &g, opts, max_chars)?,
    };
    valued.explain = o.explain;
    valued.raise = o.raise.unwrap_or(Bound::words);
    valued.operation = o.transform.as_ref().map(Transform::describe);
    Ok((g, valued))
}

/// At most 24 characters of `s` for a message.
fn clip(s: &str) -> String {
    if s.chars().count() <= 24 {
        return s.to_string();
    }
    let head: String = s.chars().take(20).collect();
    format!("{head}…")
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
    Failure::from(e)
}

/// The report of a value that is no short game: `x + G` with `x` a number whose
/// denominator is not a power of two (see `sprague_engine::partizan::Value`). Its
/// outcome, stops, mean and thermograph are exact (translation by `x`); options,
/// size, orthodox moves, reduced form and atomic weight are of short games only.
fn report_beyond(
    t: &mut GameTable,
    v: &Value,
    opts: PrintOptions,
    max_chars: u64,
) -> Result<Valued, Failure> {
    let canonical = t.show_value(v, opts, max_chars).map_err(solve_failure)?;
    let outcome = t.value_outcome(v).map_err(solve_failure)?;
    let number = t.value_number(v);
    let (thermo, thermograph) = match (&number, t.thermograph(v.game())) {
        (Some(_), _) => (None, None),
        (None, Ok(th)) => {
            let x = v.offset();
            let at = |d: &Dyadic| dyadic_rational(d).add(x).to_string();
            (
                Some([
                    at(&th.mean),
                    th.temperature.to_string(),
                    at(&th.left.at(&Default::default())),
                    at(&th.right.at(&Default::default())),
                ]),
                Some(Thermogram::shifted(&th, x)),
            )
        }
        (None, Err(SolveError::Limit { .. })) => (None, None),
        (None, Err(e)) => return Err(solve_failure(e)),
    };
    let (birthday, beyond) = match &number {
        Some(x) => (
            "ω".to_string(),
            format!(
                "{x} is a number whose denominator is not a power of two: no short game (born on day ω, with infinitely many options)"
            ),
        ),
        None => (
            "at least ω".to_string(),
            "a short game plus a number whose denominator is not a power of two: no short game; options, size, orthodox moves and reduced form are of short games only".to_string(),
        ),
    };
    Ok(Valued {
        explain: false,
        comparison: None,
        canonical,
        max_chars,
        raise: Bound::words,
        operation: None,
        birthday,
        size: None,
        orthodox: None,
        reduced: Extra::None,
        atomic_weight: Extra::None,
        outcome,
        number: number.map(|x| x.to_string()),
        thermo,
        thermograph,
        left: None,
        right: None,
        explanation: Vec::new(),
        beyond: Some(beyond),
    })
}

fn report(
    t: &mut GameTable,
    g: Game,
    opts: PrintOptions,
    explained: &[Explained],
    max_chars: u64,
) -> Result<Valued, Failure> {
    let canonical = t.show_within(g, opts, max_chars).map_err(solve_failure)?;
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
    let birthday = t.birthday(g).map_err(solve_failure)?.to_string();
    let size = t
        .within_share(EXTRA_SHARE.0, EXTRA_SHARE.1, |t| t.size(g, SIZE_CAP))
        .map_err(solve_failure)?
        .flatten();
    let (left, right) = if option_count(t, g) <= LISTED_OPTIONS {
        let (l, r) = t.printed_options(g).map_err(solve_failure)?;
        let mut budget = max_chars;
        match (
            show_all(t, &l, opts, &mut budget)?,
            show_all(t, &r, opts, &mut budget)?,
        ) {
            (Some(l), Some(r)) => (Some(l), Some(r)),
            _ => (None, None),
        }
    } else {
        (None, None)
    };
    let orthodox = match t.within_share(EXTRA_SHARE.0, EXTRA_SHARE.1, |t| t.orthodox(g)) {
        Ok(Some(lr)) => {
            let mut budget = max_chars;
            let (l, r) = printed_order(t, g, lr)?;
            match (
                show_all(t, &l, opts, &mut budget)?,
                show_all(t, &r, opts, &mut budget)?,
            ) {
                (Some(l), Some(r)) => Some((l, r)),
                _ => None,
            }
        }
        Ok(None) => None,
        Err(e) => return Err(solve_failure(e)),
    };
    let atomic_weight = match t
        .within_share(EXTRA_SHARE.0, EXTRA_SHARE.1, |t| t.atomic_weight(g))
        .map_err(solve_failure)?
    {
        Some(Some(aw)) => match t.show_within(aw.weight, opts, max_chars) {
            Ok(Some(w)) => Extra::Value((w, format!("*{}", aw.far_star))),
            _ => Extra::Limit,
        },
        Some(None) => Extra::None,
        None => Extra::Limit,
    };
    let reduced = match t
        .within_share(EXTRA_SHARE.0, EXTRA_SHARE.1, |t| t.reduced(g))
        .map_err(solve_failure)?
    {
        Some(r) => match t.show_within(r, opts, max_chars).map_err(solve_failure)? {
            Some(text) => Extra::Value(text),
            None => Extra::None,
        },
        None => Extra::Limit,
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
        beyond: None,
        explain: false,
        comparison: None,
        canonical,
        max_chars,
        raise: Bound::words,
        operation: None,
        birthday,
        size,
        orthodox,
        reduced,
        atomic_weight,
        outcome,
        number,
        thermo,
        thermograph,
        left,
        right,
        explanation,
    })
}

/// The texts of `games` if together they fit in `budget` bytes (which they use up).
fn show_all(
    t: &mut GameTable,
    games: &[Game],
    opts: PrintOptions,
    budget: &mut u64,
) -> Result<Option<Vec<String>>, Failure> {
    let mut out = Vec::with_capacity(games.len());
    for &o in games {
        match t.show_within(o, opts, *budget).map_err(solve_failure)? {
            Some(s) => {
                *budget -= s.len() as u64;
                out.push(s);
            }
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// Some of `g`'s Left and Right options, in the order they are printed.
fn printed_order(
    t: &mut GameTable,
    g: Game,
    (left, right): (Vec<Game>, Vec<Game>),
) -> Result<(Vec<Game>, Vec<Game>), Failure> {
    let (l, r) = t.printed_options(g).map_err(solve_failure)?;
    // Linear in the options (a nimber *m has m): membership by hashing, each option
    // counted as work.
    t.charge((l.len() + r.len()) as u64)
        .map_err(solve_failure)?;
    let left: rustc_hash::FxHashSet<Game> = left.into_iter().collect();
    let right: rustc_hash::FxHashSet<Game> = right.into_iter().collect();
    Ok((
        l.into_iter().filter(|o| left.contains(o)).collect(),
        r.into_iter().filter(|o| right.contains(o)).collect(),
    ))
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
    // Only the beginning of the text is produced.
    let mut head = String::new();
    let mut more = false;
    let written = t.write_form(g, opts, &mut |piece: &str| {
        for c in piece.chars() {
            if head.chars().count() >= SHOWN_CHARS {
                more = true;
                return false;
            }
            head.push(c);
        }
        true
    });
    match written {
        Ok(_) if more => {
            let head: String = head.chars().take(SHOWN_CHARS - 1).collect();
            format!("{head}…")
        }
        Ok(_) => head,
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

/// The lines that answer a comparison, before the value of the difference.
fn comparison_text(r: &Valued, out: &mut String) {
    let Some(c) = &r.comparison else {
        return;
    };
    let words = match c.order.as_str() {
        "==" => "equal",
        "<" => "less",
        ">" => "greater",
        _ => "confused",
    };
    let _ = writeln!(
        out,
        "compare:     {} {} {} is {}; {} {} {} ({words})",
        c.left, c.relation, c.right, c.holds, c.left, c.order, c.right
    );
    let right = if c.right.contains(' ') || c.right.starts_with(['-', '+']) {
        format!("({})", c.right)
    } else {
        c.right.clone()
    };
    let _ = writeln!(out, "difference:  {} - {right}, reported below", c.left);
}

fn to_text(r: &Valued) -> String {
    let mut out = String::new();
    comparison_text(r, &mut out);
    match &r.canonical {
        Some(c) => {
            let _ = writeln!(out, "value:       {c}");
        }
        None => {
            let _ = writeln!(
                out,
                "value:       too long to print (more than {} characters; {} raises the bound)",
                r.max_chars,
                (r.raise)(Bound::PrintedChars)
            );
        }
    }
    text_rest(r, &mut out);
    out
}

/// The text answer after its first line (the value).
fn text_rest(r: &Valued, out: &mut String) {
    if let Some(op) = &r.operation {
        let _ = writeln!(out, "operation:   {op} (the value above is the result)");
    }
    let _ = writeln!(out, "outcome:     {}", outcome_words(r.outcome));
    match &r.number {
        Some(n) => {
            let _ = writeln!(out, "number:      {n}");
        }
        None => {
            let _ = writeln!(out, "number:      none (not a number)");
        }
    }
    match (&r.thermo, &r.beyond, &r.number) {
        (Some([mean, temp, ls, rs]), _, _) => {
            let _ = writeln!(out, "mean:        {mean}");
            let _ = writeln!(out, "temperature: {temp}");
            let _ = writeln!(out, "stops:       left {ls}, right {rs}");
        }
        (None, Some(_), Some(x)) => {
            let _ = writeln!(out, "mean:        {x}");
            let _ = writeln!(out, "stops:       left {x}, right {x}");
        }
        _ => {
            let _ = writeln!(
                out,
                "mean:        not computed (the thermograph needs more than {})",
                (r.raise)(Bound::States)
            );
        }
    }
    let _ = writeln!(out, "birthday:    {}", r.birthday);
    if let Some(b) = &r.beyond {
        let _ = writeln!(out, "short:       no: {b}");
        if !r.explanation.is_empty() {
            let _ = writeln!(out, "why:");
            for l in &r.explanation {
                let _ = writeln!(out, "  {l}");
            }
        }
        return;
    }
    match r.size {
        Some(n) => {
            let _ = writeln!(out, "size:        {n} distinct subpositions");
        }
        None => {
            let _ = writeln!(
                out,
                "size:        more than {SIZE_CAP} distinct subpositions (not counted)"
            );
        }
    }
    if let (Some(l), Some(rr)) = (&r.left, &r.right) {
        let _ = writeln!(out, "options:     {{{} | {}}}", l.join(", "), rr.join(", "));
    }
    match (&r.orthodox, &r.number) {
        (_, Some(_)) => {}
        (Some((l, rr)), None) => {
            let list = |v: &[String]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            let _ = writeln!(out, "orthodox:    Left {}; Right {}", list(l), list(rr));
        }
        (None, None) => {
            let _ = writeln!(
                out,
                "orthodox:    not listed (too long to print or beyond {})",
                (r.raise)(Bound::States)
            );
        }
    }
    match &r.reduced {
        Extra::Value(x) => {
            let _ = writeln!(out, "reduced:     {x}");
        }
        Extra::None => {
            let _ = writeln!(out, "reduced:     too long to print");
        }
        Extra::Limit => {
            let _ = writeln!(
                out,
                "reduced:     not computed (needs more than its share of {})",
                (r.raise)(Bound::States)
            );
        }
    }
    match &r.atomic_weight {
        Extra::Value((w, far)) => {
            let _ = writeln!(out, "atomic weight: {w} (far star {far})");
        }
        Extra::None => {
            let _ = writeln!(out, "atomic weight: none (not all-small)");
        }
        Extra::Limit => {
            let _ = writeln!(
                out,
                "atomic weight: not computed (needs more than its share of {})",
                (r.raise)(Bound::States)
            );
        }
    }
    if !r.explanation.is_empty() {
        let _ = writeln!(out, "why:");
        for l in &r.explanation {
            let _ = writeln!(out, "  {l}");
        }
    }
}

fn to_json(r: &Valued, explain: bool) -> String {
    let mut out = String::with_capacity(r.canonical.as_ref().map_or(0, String::len) + 256);
    out.push_str("{\"canonical\":");
    opt_string(&mut out, r.canonical.as_deref());
    json_rest(r, explain, false, &mut out);
    out
}

/// The JSON document after its `canonical` field; `full` when the canonical form was
/// written in full although longer than the bound.
fn json_rest(r: &Valued, explain: bool, full: bool, out: &mut String) {
    let _ = write!(out, ",\"outcome\":\"{}\",\"number\":", r.outcome.letter());
    opt_string(out, r.number.as_deref());
    // A number that is no short game has no temperature; its mean and stops are itself.
    let field = |i: usize| match (&r.thermo, &r.beyond) {
        (Some(t), _) => Some(t[i].as_str()),
        (None, Some(_)) if i != 1 => r.number.as_deref(),
        _ => None,
    };
    out.push_str(",\"temperature\":");
    opt_string(out, field(1));
    out.push_str(",\"mean\":");
    opt_string(out, field(0));
    out.push_str(",\"left_stop\":");
    opt_string(out, field(2));
    out.push_str(",\"right_stop\":");
    opt_string(out, field(3));
    for (name, opts) in [("left_options", &r.left), ("right_options", &r.right)] {
        let _ = write!(out, ",\"{name}\":");
        match opts {
            Some(v) => json::strings(out, v),
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
            points(out, &th.left_wall);
            out.push_str(",\"right_wall\":");
            points(out, &th.right_wall);
            out.push_str(",\"mast\":{\"x\":");
            json::string(out, &th.mast.0);
            out.push_str(",\"t\":");
            json::string(out, &th.mast.1);
            out.push_str("}}");
        }
        None => out.push_str("null"),
    }
    let _ = write!(out, ",\"summarised\":{}", r.canonical.is_none() && !full);
    out.push_str(",\"birthday\":");
    match r.birthday.parse::<u64>() {
        Ok(n) => {
            let _ = write!(out, "{n}");
        }
        Err(_) => json::string(out, &r.birthday),
    }
    out.push_str(",\"size\":");
    match r.size {
        Some(n) => {
            let _ = write!(out, "{n}");
        }
        None => out.push_str("null"),
    }
    out.push_str(",\"orthodox\":");
    match &r.orthodox {
        Some((l, rr)) => {
            out.push_str("{\"left\":");
            json::strings(out, l);
            out.push_str(",\"right\":");
            json::strings(out, rr);
            out.push('}');
        }
        None => out.push_str("null"),
    }
    out.push_str(",\"reduced\":");
    opt_string(out, r.reduced.value().map(String::as_str));
    out.push_str(",\"atomic_weight\":");
    opt_string(out, r.atomic_weight.value().map(|a| a.0.as_str()));
    out.push_str(",\"far_star\":");
    opt_string(out, r.atomic_weight.value().map(|a| a.1.as_str()));
    out.push_str(",\"operation\":");
    opt_string(out, r.operation.as_deref());
    if explain {
        out.push_str(",\"explanation\":");
        json::strings(out, &r.explanation);
    }
    if let Some(c) = &r.comparison {
        out.push_str(",\"compare\":{\"left\":");
        json::string(out, &c.left);
        out.push_str(",\"relation\":");
        json::string(out, &c.relation);
        out.push_str(",\"right\":");
        json::string(out, &c.right);
        let _ = write!(out, ",\"holds\":{},\"order\":", c.holds);
        json::string(out, &c.order);
        out.push('}');
    }
    out.push_str("}\n");
}
