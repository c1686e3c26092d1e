//! Values of game expressions (SPEC §1): sums of literals (`3/4`, `*2`, `^`, `±1`…),
//! option terms `{A,B|C}`, the partizan families of [`crate::partizan`]
//! (closed forms and rulesets valued from their game tree), and impartial family
//! components, each worth the nimber of its nim-value. This is the one place where an
//! expression becomes a game of the partizan engine.
//!
//! The syntax tree is walked recursively: the parser bounds its nesting (at most
//! [`sprague_expr::MAX_NESTING`] levels of braces), so the recursion is bounded too.

use super::partizan::unfair::Unfair;
use super::partizan::{self, Ruleset, Visitor, cut, hackenbush, hackenbush_graph};
use crate::ExprError;
use num_bigint::{BigInt, Sign};
use rustc_hash::FxHashMap;
use sprague_core::nat::Nat;
use sprague_core::rational::Rational;
use sprague_core::{Bound, Limits, SolveError};
use sprague_engine::impartial::family::LoopyValue;
use sprague_engine::impartial::position::{Components, Stretch, Values};
use sprague_engine::impartial::sum::Component;
use sprague_engine::partizan::{Dyadic, Game, GameTable, Nus, Trace, TreeValues, Value};
use sprague_expr::{
    Arg, BinaryOp, CallTerm, FamilyTerm, Literal, OptionsTerm, Param, Relation, Span, Sum, Term,
    UnaryOp,
};
use std::any::{Any, TypeId};
use std::fmt;

/// Impartial components explained one by one; beyond, only their nim-sum.
const SHOWN_COMPONENTS: usize = 12;
/// Longest text of a sum in an explanation (characters); longer ones end in `…`.
const SUM_TEXT: usize = 200;

/// The text of the terms of a sum joined by ` + `, cut at [`SUM_TEXT`] characters
/// (a sum of a million terms keeps a short text).
#[derive(Default)]
struct Clipped(String, usize);

impl Clipped {
    /// Whether the text is cut already (more terms change nothing).
    fn full(&self) -> bool {
        self.1 > SUM_TEXT
    }

    /// Appends ` + term` (or `term` first), unless the text is already full.
    fn push(&mut self, term: &str) {
        let sep = if self.0.is_empty() { "" } else { " + " };
        for c in sep.chars().chain(term.chars()) {
            if self.1 > SUM_TEXT {
                return;
            }
            self.1 += 1;
            self.0.push(if self.1 > SUM_TEXT { '…' } else { c });
        }
    }
}

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// Bad input: syntax, unknown family, bad argument; with its column.
    Input(ExprError),
    /// A resource bound was reached (a `SolveError::Limit`).
    Limit(SolveError),
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueError::Input(e) => write!(f, "{e}"),
            ValueError::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ValueError {}

impl From<SolveError> for ValueError {
    fn from(e: SolveError) -> Self {
        ValueError::Limit(e)
    }
}

/// How a part of the expression got its value, for explanations.
#[derive(Clone, Debug)]
pub enum Why {
    /// An option term, with the simplification of its options.
    Options(Trace),
    /// A sum of two values, with the simplification of its options.
    Sum(Trace),
    /// A family component, with the rule used.
    Family(String),
}

/// One explained part of an expression.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The part, in expression syntax (for a sum, its two summands' texts joined).
    pub expr: String,
    /// Its value.
    pub value: Game,
    /// How the value was found.
    pub why: Why,
}

/// Two games compared by a statement `G <= H` (and the other relations of
/// [`Relation`]).
#[derive(Clone, Debug)]
pub struct Compared {
    /// The relation asked.
    pub relation: Relation,
    /// Whether it holds.
    pub holds: bool,
    /// How the two games compare: [`Relation::Eq`], [`Relation::Lt`],
    /// [`Relation::Gt`] or [`Relation::Confused`].
    pub order: Relation,
    /// The value of the left side.
    pub left: Value,
    /// The value of the right side.
    pub right: Value,
    /// The left side as written (spaces normalised).
    pub left_text: String,
    /// The right side as written (spaces normalised).
    pub right_text: String,
}

/// How `G` compares with `H` given whether `G ≤ H` (`le`) and `H ≤ G` (`ge`).
pub fn order_of(le: bool, ge: bool) -> Relation {
    match (le, ge) {
        (true, true) => Relation::Eq,
        (true, false) => Relation::Lt,
        (false, true) => Relation::Gt,
        (false, false) => Relation::Confused,
    }
}

/// Evaluates expressions into a [`GameTable`].
pub struct Evaluator<'a> {
    table: &'a mut GameTable,
    src: &'a str,
    limits: Limits,
    explain: bool,
    /// The explained parts, in the order they were evaluated.
    pub explained: Vec<Explained>,
    unfair: FxHashMap<(usize, usize), Unfair>,
    /// For each ruleset type R, its memos: a `FxHashMap<R, TreeValues<R::Position>>`.
    rulesets: FxHashMap<TypeId, Box<dyn Any>>,
    /// The variables a bare name may stand for (a worksheet's), if any.
    variables: Option<&'a Variables>,
}

/// Values named by a worksheet (`g := {1|-1}`, `x := 1/3`), each of the [`GameTable`]
/// the expressions are evaluated in: a bare name (`g + -g`) stands for its value.
pub type Variables = std::collections::BTreeMap<String, Value>;

/// Why `name` cannot name a variable, if it cannot: a variable is a name the
/// language reads as a bare name term, either lower-case (lower-case letters, digits
/// and `_`, not a literal such as `v3`) or capitalised as CGSuite's worksheets write
/// them (an upper-case letter, then letters, digits and `_`), that is neither a
/// family nor a function.
///
/// ```
/// use sprague_games::eval::variable_name_error;
/// assert_eq!(variable_name_error("g"), None);
/// assert_eq!(variable_name_error("G"), None);
/// assert_eq!(variable_name_error("Left_1"), None);
/// assert!(variable_name_error("nim").unwrap().contains("family"));
/// assert!(variable_name_error("Mean").unwrap().contains("function"));
/// assert!(variable_name_error("vv").is_some());
/// assert!(variable_name_error("gH").is_some());
/// ```
pub fn variable_name_error(name: &str) -> Option<String> {
    if let Some(f) = sprague_expr::function(name) {
        return Some(format!(
            "'{name}' is a function ({}), not a variable name",
            f.usage
        ));
    }
    if crate::known_families().contains(&name) {
        return Some(format!("'{name}' is a game family, not a variable name"));
    }
    let bare = match sprague_expr::parse(name) {
        Ok(s) => matches!(s.terms.as_slice(),
            [Term::Family(f)] if f.name == name && f.params.is_none() && f.args.is_none()),
        Err(_) => false,
    };
    let plain = match name.chars().next() {
        Some(c) if c.is_ascii_lowercase() => name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
        Some(c) if c.is_ascii_uppercase() => {
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        _ => false,
    };
    if !bare || !plain {
        return Some(format!(
            "'{name}' cannot name a variable (a name is a lower-case letter, then lower-case letters, digits or '_'; or a capital, then letters, digits or '_'; and not a game such as v or v3)"
        ));
    }
    None
}

/// Whether `name` is capitalised: a capitalised bare name is never a family, so it
/// stands for a variable (or names a function without its parentheses).
fn capitalised(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
}

/// Whether the statement names one of `variables` (as a bare name anywhere in it),
/// or a capitalised bare name (`G`), which only a variable can be.
pub fn mentions(st: &sprague_expr::Statement, variables: &Variables) -> bool {
    fn sum(s: &Sum, v: &Variables) -> bool {
        s.terms.iter().any(|t| term(t, v))
    }
    fn term(t: &Term, v: &Variables) -> bool {
        match t {
            Term::Family(f) => {
                f.params.is_none()
                    && f.args.is_none()
                    && (v.contains_key(&f.name) || capitalised(&f.name))
            }
            Term::Literal(..) => false,
            Term::Options(o) => o.left.iter().chain(&o.right).any(|s| sum(s, v)),
            Term::Unary(_, x, _) => term(x, v),
            Term::Binary(_, x, _) => term(&x.0, v) || term(&x.1, v),
            Term::Group(s, _) => sum(s, v),
            Term::Call(c) => c.args.iter().any(|s| sum(s, v)),
        }
    }
    sum(&st.sum, variables)
        || st
            .compare
            .as_ref()
            .is_some_and(|(_, _, r)| sum(r, variables))
}

/// Values of expressions read straight into a [`GameTable`]: the expression
/// language on top of the partizan engine's algebra.
pub trait ParseValue {
    /// The value of an expression without families' state bound beyond the table's:
    /// a convenience for literals and option terms.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// use sprague_games::eval::ParseValue;
    /// let mut t = GameTable::new();
    /// let g = t.parse_value("{0|*}").unwrap();
    /// assert_eq!(t.show(g), "^");
    /// assert_eq!(t.parse_value("nim(3) + *3").unwrap(), Game::ZERO);
    /// assert_eq!(t.parse_value("{0|").unwrap_err().to_string(),
    ///            "column 4: expected a game expression, '|' or '}', found end of input");
    /// ```
    fn parse_value(&mut self, src: &str) -> Result<Game, ValueError>;
}

impl ParseValue for GameTable {
    fn parse_value(&mut self, src: &str) -> Result<Game, ValueError> {
        let limits = Limits {
            max_states: self.max_states(),
            ..Limits::default()
        };
        Evaluator::new(self, src, limits, false).eval_source()
    }
}

impl<'a> Evaluator<'a> {
    /// An evaluator of `src` into `table`; impartial components are valued within
    /// `limits`; with `explain`, every part's derivation is recorded in
    /// [`Evaluator::explained`].
    ///
    /// ```
    /// use sprague_core::Limits;
    /// use sprague_games::eval::{Evaluator, Why};
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let mut ev = Evaluator::new(&mut t, "{0,*|*} + nim(2)", Limits::default(), true);
    /// let g = ev.eval_source().unwrap();
    /// let parts: Vec<String> = ev.explained.iter().map(|e| e.expr.clone()).collect();
    /// assert_eq!(parts, ["{0,*|*}", "nim(2)", "{0,*|*} + nim(2)"]);
    /// assert!(matches!(ev.explained[0].why, Why::Options(_)));
    /// assert_eq!(t.show(g), "^*2");
    /// ```
    pub fn new(table: &'a mut GameTable, src: &'a str, limits: Limits, explain: bool) -> Self {
        if limits.stop.is_some() {
            table.set_stop(limits.stop.clone());
        }
        Evaluator {
            table,
            src,
            limits,
            explain,
            explained: Vec::new(),
            unfair: FxHashMap::default(),
            rulesets: FxHashMap::default(),
            variables: None,
        }
    }

    /// The evaluator reading a bare name of `variables` as its game (which must be a
    /// game of the evaluator's table); another bare name that is no family is then
    /// an unknown variable.
    ///
    /// ```
    /// use sprague_core::Limits;
    /// use sprague_games::eval::{Evaluator, Variables};
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let mut vars = Variables::new();
    /// let g = Evaluator::new(&mut t, "{1|-1}", Limits::default(), false).eval_value().unwrap();
    /// vars.insert("g".to_string(), g);
    /// let mut ev = Evaluator::new(&mut t, "g + g + ^", Limits::default(), false).with_variables(&vars);
    /// let h = ev.eval_source().unwrap();
    /// assert_eq!(t.show(h), "^");
    /// let mut ev = Evaluator::new(&mut t, "g + h", Limits::default(), false).with_variables(&vars);
    /// let e = ev.eval_source().unwrap_err().to_string();
    /// assert!(e.starts_with("column 5: unknown variable 'h'"), "{e}");
    /// ```
    pub fn with_variables(mut self, variables: &'a Variables) -> Self {
        self.variables = Some(variables);
        self
    }

    /// Parses the source and evaluates it: a short game (a number whose denominator is
    /// not a power of two is an input error here; [`Evaluator::eval_value`] takes it).
    pub fn eval_source(&mut self) -> Result<Game, ValueError> {
        let sum = sprague_expr::parse(self.src)
            .map_err(|e| ValueError::Input(crate::game_parse_error(self.src, e)))?;
        self.eval_sum(&sum)
    }

    /// Parses the source and evaluates it: a short game plus, possibly, a number of
    /// any denominator (`1/3 + ^`).
    ///
    /// ```
    /// use sprague_core::Limits;
    /// use sprague_games::eval::Evaluator;
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let v = Evaluator::new(&mut t, "1/3 + 1/3 + *", Limits::default(), false).eval_value().unwrap();
    /// assert_eq!(t.show_value(&v, Default::default(), 100).unwrap().as_deref(), Some("2/3*"));
    /// let e = Evaluator::new(&mut t, "1/3", Limits::default(), false).eval_source().unwrap_err();
    /// assert!(e.to_string().contains("not a short game"), "{e}");
    /// ```
    pub fn eval_value(&mut self) -> Result<Value, ValueError> {
        let sum = sprague_expr::parse(self.src)
            .map_err(|e| ValueError::Input(crate::game_parse_error(self.src, e)))?;
        self.sum_value(&sum)
    }

    /// Parses the source as a statement (a sum, or two sums compared: `G <= H`) and
    /// evaluates it: the value of the sum, or for a comparison the difference `G - H`
    /// (whose outcome is the order of G and H: G ≥ H exactly when G - H ≥ 0) and the
    /// answer, decided exactly by the engine's comparison of canonical forms.
    ///
    /// ```
    /// use sprague_core::Limits;
    /// use sprague_expr::Relation;
    /// use sprague_games::eval::Evaluator;
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let mut ev = Evaluator::new(&mut t, "^ <= *", Limits::default(), false);
    /// let (d, c) = ev.eval_statement().unwrap();
    /// let c = c.unwrap();
    /// assert!(!c.holds);
    /// assert_eq!(c.order, Relation::Confused);
    /// assert_eq!(t.show(d.as_short().unwrap()), "^*");
    /// ```
    pub fn eval_statement(&mut self) -> Result<(Value, Option<Compared>), ValueError> {
        let st = sprague_expr::parse_statement(self.src)
            .map_err(|e| ValueError::Input(crate::game_parse_error(self.src, e)))?;
        let g = self.sum_value(&st.sum)?;
        let Some((relation, _, rhs)) = &st.compare else {
            return Ok((g, None));
        };
        let h = self.sum_value(rhs)?;
        let le = self.table.value_le(&g, &h)?;
        let ge = self.table.value_le(&h, &g)?;
        let d = self.table.value_sub(&g, &h)?;
        let compared = Compared {
            relation: *relation,
            holds: relation.holds(le, ge),
            order: order_of(le, ge),
            left: g,
            right: h,
            left_text: self.sum_text(&st.sum),
            right_text: self.sum_text(rhs),
        };
        Ok((d, Some(compared)))
    }

    /// The source text of a sum.
    fn sum_text(&self, sum: &Sum) -> String {
        let (Some(first), Some(last)) = (sum.terms.first(), sum.terms.last()) else {
            return String::new();
        };
        self.text(Span {
            start: first.span().start,
            end: last.span().end,
        })
    }

    /// The value of a sum, which must be a short game (see [`Evaluator::eval_value`]).
    pub fn eval_sum(&mut self, sum: &Sum) -> Result<Game, ValueError> {
        let v = self.sum_value(sum)?;
        self.short_of(&v, sum_span(sum))
    }

    /// The short game `v`, or an input error at `span` saying it is not one.
    fn short_of(&mut self, v: &Value, span: Span) -> Result<Game, ValueError> {
        if let Some(g) = v.as_short() {
            return Ok(g);
        }
        let shown = self.show_value(v);
        Err(self.input(
            span,
            &format!(
                "{shown} is not a short game (a number whose denominator is not a power of two is born on day ω); this needs a short game"
            ),
        ))
    }

    /// `v` in CGSuite notation for a message (cut short if long).
    fn show_value(&mut self, v: &Value) -> String {
        match self
            .table
            .show_value(v, Default::default(), SUM_TEXT as u64)
        {
            Ok(Some(s)) => s,
            _ => "the value".to_string(),
        }
    }

    /// The value of a sum. Numbers, ups and nimbers (every impartial component is
    /// worth a nimber) are added part by part as they come, by their closed form
    /// (`x + n·↑ + *m`, nimbers by nim-sum), without storing partial sums in the
    /// table: a sum of a million of them costs time linear in its length. The other
    /// terms are added to each other in order, then to that part, by the canonical
    /// form arithmetic; the parts of numbers whose denominator is not a power of two
    /// are added as rationals. Each term is one step of the table's work bound.
    fn sum_value(&mut self, sum: &Sum) -> Result<Value, ValueError> {
        // The number parts that are not dyadic (see `Value`).
        let mut offset = Rational::zero();
        let mut parts = Nus::default();
        // The number-up-star terms (count, and their texts for an explanation).
        let mut nus_terms = 0usize;
        let mut nus_text = Clipped::default();
        // The sum of the other terms, and its text for an explanation.
        let mut rest: Option<(Game, Clipped)> = None;
        for term in &sum.terms {
            self.table.charge(1)?;
            let nus = match term {
                Term::Literal(lit, span) => self.literal_nus(lit, *span)?,
                // An impartial family term: its nim-value, without storing its nimber.
                Term::Family(f) if is_impartial_family(&f.name) && !self.is_variable(f) => {
                    Some(Nus {
                        star: self.nim_value(f)?,
                        ..Nus::default()
                    })
                }
                _ => None,
            };
            let (nus, v) = match nus {
                Some(n) => (Some(n), Game::ZERO),
                None => {
                    let value = self.eval_term(term)?;
                    if !value.offset().is_zero() {
                        offset = offset.add(value.offset());
                    }
                    let v = value.game();
                    (self.table.as_nus(v).cloned(), v)
                }
            };
            if let Some(nus) = nus {
                parts = Nus {
                    number: parts.number.add(&nus.number),
                    up: parts
                        .up
                        .checked_add(nus.up)
                        .ok_or_else(|| ValueError::Limit(self.table.limit_error()))?,
                    star: &parts.star ^ &nus.star,
                };
                nus_terms += 1;
                if self.explain && !nus_text.full() {
                    nus_text.push(&self.text(term.span()));
                }
                continue;
            }
            rest = Some(match rest {
                None => {
                    let mut text = Clipped::default();
                    if self.explain {
                        text.push(&self.text(term.span()));
                    }
                    (v, text)
                }
                Some((a, mut text)) => {
                    if self.explain {
                        let s = self.table.add_traced(a, v)?;
                        if !text.full() {
                            text.push(&self.text(term.span()));
                        }
                        if let Some(trace) = self.table.take_traces().pop() {
                            self.note_text(text.0.clone(), s, Why::Sum(trace));
                        }
                        (s, text)
                    } else {
                        (self.table.add(a, v)?, text)
                    }
                }
            });
        }
        let p = self.table.nus(parts)?;
        if self.explain && nus_terms > 1 {
            self.note_text(
                nus_text.0.clone(),
                p,
                Why::Family(
                    "numbers, ups and nimbers add part by part (x + n·^ + *m; nimbers by nim-sum, XOR)"
                        .to_string(),
                ),
            );
        }
        let s = match rest {
            None => p,
            Some((r, _)) if nus_terms == 0 => r,
            Some((r, _)) if !self.explain => self.table.add(r, p)?,
            Some((r, mut text)) => {
                let s = self.table.add_traced(r, p)?;
                text.push(&nus_text.0);
                if let Some(trace) = self.table.take_traces().pop() {
                    self.note_text(text.0, s, Why::Sum(trace));
                }
                s
            }
        };
        if offset.is_zero() {
            return Ok(Value::short(s));
        }
        let x = self.table.rational(&offset)?;
        Ok(self.table.value_add(&x, &Value::short(s))?)
    }

    /// A literal that is a number, an up or a nimber, as its parts (`None` for `±x`).
    fn literal_nus(&self, lit: &Literal, span: Span) -> Result<Option<Nus>, ValueError> {
        Ok(match lit {
            // A number whose denominator is not a power of two is no short game.
            Literal::Number { negative, num, den } => {
                Dyadic::from_literal(*negative, num, den).map(Nus::number)
            }
            Literal::Star(n) => Some(Nus {
                star: n.clone(),
                ..Nus::default()
            }),
            Literal::Up | Literal::Down => Some(Nus {
                up: if *lit == Literal::Up { 1 } else { -1 },
                ..Nus::default()
            }),
            Literal::PlusMinus(_) => None,
            Literal::Nus {
                number,
                down,
                ups,
                star,
            } => {
                let Some(mut n) = self.literal_nus(number, span)? else {
                    return Ok(None);
                };
                let ups = ups
                    .to_u64()
                    .and_then(|u| i64::try_from(u).ok())
                    .ok_or_else(|| self.input(span, &format!("at most {} ups", i64::MAX)))?;
                n.up = if *down { -ups } else { ups };
                n.star = star.clone();
                Some(n)
            }
        })
    }

    fn eval_term(&mut self, term: &Term) -> Result<Value, ValueError> {
        match term {
            Term::Literal(lit, span) => self.literal(lit, *span),
            Term::Options(o) => self.options(o),
            Term::Family(f) => match self.variable(f)? {
                Some(v) => Ok(v),
                None => Ok(Value::short(self.family(f)?)),
            },
            Term::Unary(UnaryOp::Neg, x, _) => {
                let v = self.eval_term(x)?;
                Ok(self.table.value_neg(&v)?)
            }
            Term::Binary(BinaryOp::Times, x, span) => {
                let a = self.eval_term(&x.0)?;
                let Some(n) = self.table.value_number(&a) else {
                    return Err(
                        self.input(x.0.span(), "the multiplier of n * G must be an integer")
                    );
                };
                if !n.is_integer() {
                    return Err(
                        self.input(x.0.span(), "the multiplier of n * G must be an integer")
                    );
                }
                let b = self.eval_term(&x.1)?;
                let v = self.multiple(n.numer(), &b, *span)?;
                if self.explain
                    && let Some(g) = v.as_short()
                {
                    self.note(
                        *span,
                        g,
                        Why::Family(format!("{} copies of G added (n * G)", n.numer())),
                    );
                }
                Ok(v)
            }
            Term::Binary(BinaryOp::Ordinal, x, span) => {
                let g = self.eval_term(&x.0)?;
                let g = self.short_of(&g, x.0.span())?;
                let h = self.eval_term(&x.1)?;
                let h = self.short_of(&h, x.1.span())?;
                let v = self.table.ordinal_sum(g, h)?;
                if self.explain {
                    self.note(
                        *span,
                        v,
                        Why::Family(
                            "ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R} of the canonical forms"
                                .to_string(),
                        ),
                    );
                }
                Ok(Value::short(v))
            }
            Term::Group(sum, _) => self.sum_value(sum),
            Term::Call(c) => self.call(c),
        }
    }

    /// `n * v` (see [`multiple`]); a number part that is not dyadic is multiplied as a
    /// rational.
    fn multiple(&mut self, n: &BigInt, v: &Value, span: Span) -> Result<Value, ValueError> {
        let g = multiple(self.table, n, v.game())?
            .ok_or_else(|| self.input(span, &format!("at most {} ups", i64::MAX)))?;
        if v.offset().is_zero() {
            return Ok(Value::short(g));
        }
        let x = self
            .table
            .rational(&v.offset().mul(&Rational::int(n.clone())))?;
        Ok(self.table.value_add(&x, &Value::short(g))?)
    }

    /// A function of games (one of [`sprague_expr::FUNCTIONS`], CGSuite's names):
    ///
    /// * `Tiny(G)` = `{0||0|-G}`, `Miny(G)` = `{G|0||0}` (Siegel, *Combinatorial Game
    ///   Theory*, II.4: tiny-G and miny-G);
    /// * `NimProduct(*a, *b)`: the nim product of two nimbers (below 2^128);
    /// * `NortonMultiply(G, U)`: Norton's product G.U, for U > 0;
    /// * `Conjunctive(G, H)`, `Selective(G, H)`: the conjunctive and selective
    ///   compounds (Winning Ways, ch. 9);
    /// * `LeftOption(G, i)`, `RightOption(G, i)`: the i-th option (from 1) of the
    ///   canonical form, in the order `value` prints them;
    /// * `Mean(G)`, `Temperature(G)`, `LeftStop(G)`, `RightStop(G)`: numbers;
    ///   `AtomicWeight(G)` (all-small G), `Birthday(G)`;
    /// * `Cool(G, t)`, `Heat(G, t)`, `Overheat(G, s, t)` (t, s numbers; t ≥ 0 to cool).
    ///
    /// `Mean`, `LeftStop`, `RightStop` and `Temperature` also take a short game plus a
    /// number of any denominator (translation: `Mean(x + G) = x + Mean(G)`, the
    /// temperature unchanged unless the value is a number); the others take short
    /// games.
    fn call(&mut self, c: &CallTerm) -> Result<Value, ValueError> {
        let Some(function) = sprague_expr::function(&c.name) else {
            return Err(self.input(
                c.name_span,
                &format!(
                    "unknown function '{}' (known: {})",
                    c.name,
                    sprague_expr::FUNCTIONS.join(", ")
                ),
            ));
        };
        let arity = function.arity();
        if c.args.len() != arity {
            let usage = function.usage;
            let count = match arity {
                1 => "one argument".to_string(),
                n => format!("{n} arguments"),
            };
            return Err(self.input(c.span, &format!("{usage} takes {count}")));
        }
        let mut values = Vec::with_capacity(arity);
        for a in &c.args {
            values.push(self.sum_value(a)?);
        }
        if let Some(v) = self.call_on_values(c, &values[0])? {
            return Ok(v);
        }
        let mut args = Vec::with_capacity(arity);
        for (v, a) in values.iter().zip(&c.args) {
            args.push(self.short_of(v, sum_span(a))?);
        }
        let g = args[0];
        let v = match c.name.as_str() {
            "Tiny" => {
                let minus = self.table.neg(g)?;
                let inner = self.table.game(&[Game::ZERO], &[minus])?;
                self.table.game(&[Game::ZERO], &[inner])?
            }
            "Miny" => {
                let inner = self.table.game(&[g], &[Game::ZERO])?;
                self.table.game(&[inner], &[Game::ZERO])?
            }
            "NimProduct" => {
                let mut stars = Vec::with_capacity(2);
                for (i, &x) in args.iter().enumerate() {
                    match self.table.as_nus(x) {
                        Some(n) if n.number.is_zero() && n.up == 0 => stars.push(n.star.clone()),
                        _ => {
                            let shown = self.table.show(x);
                            return Err(self.arg_error(
                                c,
                                i,
                                &format!(
                                    "NimProduct(*a, *b) multiplies nimbers; this argument is {shown}"
                                ),
                            ));
                        }
                    }
                }
                let p = sprague_engine::partizan::nim_product_nat(&stars[0], &stars[1])
                    .ok_or_else(|| {
                        self.input(c.span, "NimProduct(*a, *b) takes nimbers below *2^128")
                    })?;
                self.table.nimber(p)?
            }
            "NortonMultiply" => match self.table.norton(g, args[1]) {
                Err(SolveError::Input(_)) => {
                    let shown = self.table.show(args[1]);
                    return Err(self.arg_error(
                        c,
                        1,
                        &format!(
                            "NortonMultiply(G, U) is defined for U > 0 only (the product depends on U's form and needs positive incentives); U is {shown}"
                        ),
                    ));
                }
                r => r?,
            },
            "Conjunctive" => {
                self.table
                    .compound(g, args[1], sprague_engine::partizan::Compound::Conjunctive)?
            }
            "Selective" => {
                self.table
                    .compound(g, args[1], sprague_engine::partizan::Compound::Selective)?
            }
            "LeftOption" | "RightOption" => {
                let i = self.small_integer(c, 1, args[1])?;
                let (l, r) = self.table.printed_options(g)?;
                let opts = if c.name == "LeftOption" { l } else { r };
                match i.checked_sub(1).and_then(|k| opts.get(k)) {
                    Some(&o) => o,
                    None => {
                        let shown = self.table.show(g);
                        let count = opts.len();
                        return Err(self.arg_error(
                            c,
                            1,
                            &format!(
                                "{}(G, i) needs 1 ≤ i ≤ {count}: {shown} has {count} {} option{}",
                                c.name,
                                if c.name == "LeftOption" {
                                    "Left"
                                } else {
                                    "Right"
                                },
                                if count == 1 { "" } else { "s" }
                            ),
                        ));
                    }
                }
            }
            "AtomicWeight" => match self.table.atomic_weight(g)? {
                Some(aw) => aw.weight,
                None => {
                    let shown = self.table.show(g);
                    return Err(self.arg_error(
                        c,
                        0,
                        &format!(
                            "AtomicWeight(G) is defined for all-small games only (every follower with a move for one player has one for the other); G is {shown}"
                        ),
                    ));
                }
            },
            "Birthday" => {
                let b = self.table.birthday(g)?;
                self.table
                    .number(Dyadic::from_bigint(num_bigint::BigInt::from(b.to_big())))?
            }
            "Cool" | "Heat" => {
                let t = self.number_arg(c, 1, args[1])?;
                if c.name == "Cool" {
                    if t.is_negative() {
                        return Err(self.arg_error(
                            c,
                            1,
                            &format!("Cool(G, t) cools by a number t ≥ 0, not {t}"),
                        ));
                    }
                    self.table.cool(g, &t)?
                } else {
                    self.table.heat(g, &t)?
                }
            }
            "Overheat" => {
                let s = self.number_arg(c, 1, args[1])?;
                let t = self.number_arg(c, 2, args[2])?;
                self.table.overheat(g, &s, &t)?
            }
            name => {
                return Err(self.input(
                    c.name_span,
                    &format!(
                        "unknown function '{name}' (known: {})",
                        sprague_expr::FUNCTIONS.join(", ")
                    ),
                ));
            }
        };
        if self.explain {
            self.note(
                c.span,
                v,
                Why::Family(format!("{}(…) by its definition", c.name)),
            );
        }
        Ok(Value::short(v))
    }

    /// The functions of one value that take a number of any denominator: `Mean`,
    /// `LeftStop`, `RightStop`, `Temperature` (`None` for the others).
    fn call_on_values(&mut self, c: &CallTerm, v: &Value) -> Result<Option<Value>, ValueError> {
        let x = match c.name.as_str() {
            "Mean" => self.table.value_mean(v)?,
            "LeftStop" | "RightStop" => {
                let (l, r) = self.table.value_stops(v)?;
                if c.name == "LeftStop" { l } else { r }
            }
            "Temperature" => {
                if v.as_short().is_none() && self.table.as_number(v.game()).is_some() {
                    let shown = self.show_value(v);
                    return Err(self.arg_error(
                        c,
                        0,
                        &format!(
                            "the temperature of the number {shown}, whose denominator is not a power of two, is no number (it lies below every -1/2^n)"
                        ),
                    ));
                }
                let t = self.table.temperature(v.game())?;
                sprague_engine::partizan::dyadic_rational(&t)
            }
            _ => return Ok(None),
        };
        let v = self.table.rational(&x)?;
        if self.explain
            && let Some(g) = v.as_short()
        {
            self.note(
                c.span,
                g,
                Why::Family(format!("{}(…) by its definition", c.name)),
            );
        }
        Ok(Some(v))
    }

    /// An input error at the `i`-th argument of a call.
    fn arg_error(&self, c: &CallTerm, i: usize, message: &str) -> ValueError {
        let span = c
            .args
            .get(i)
            .and_then(|a| a.terms.first())
            .map_or(c.span, Term::span);
        self.input(span, message)
    }

    /// The `i`-th argument of a call, which must be a number.
    fn number_arg(&mut self, c: &CallTerm, i: usize, x: Game) -> Result<Dyadic, ValueError> {
        match self.table.as_number(x) {
            Some(d) => Ok(d.clone()),
            None => {
                let shown = self.table.show(x);
                Err(self.arg_error(
                    c,
                    i,
                    &format!("{} needs a number here, not {shown}", c.name),
                ))
            }
        }
    }

    /// The `i`-th argument of a call, which must be a positive integer of a machine
    /// word (an index).
    fn small_integer(&mut self, c: &CallTerm, i: usize, x: Game) -> Result<usize, ValueError> {
        match self.table.as_number(x).and_then(Dyadic::to_i64) {
            Some(n) if n >= 1 => Ok(usize::try_from(n).unwrap_or(usize::MAX)),
            _ => {
                let shown = self.table.show(x);
                Err(self.arg_error(
                    c,
                    i,
                    &format!("{} needs an index i ≥ 1 here, not {shown}", c.name),
                ))
            }
        }
    }

    fn literal(&mut self, lit: &Literal, span: Span) -> Result<Value, ValueError> {
        Ok(match lit {
            Literal::Number { negative, num, den } => {
                let sign = if *negative { Sign::Minus } else { Sign::Plus };
                let q = Rational::new(
                    BigInt::from_biguint(sign, num.to_big()),
                    BigInt::from(den.to_big()),
                )
                .ok_or_else(|| self.input(span, "a number needs a nonzero denominator"))?;
                self.table.rational(&q)?
            }
            Literal::Star(n) => Value::short(self.table.nimber(n.clone())?),
            Literal::Up => Value::short(self.table.up(1)?),
            Literal::Down => Value::short(self.table.up(-1)?),
            Literal::PlusMinus(x) => {
                let g = self.literal(x, span)?;
                let n = self.table.value_neg(&g)?;
                self.options_of(span, vec![g], vec![n])?
            }
            Literal::Nus {
                number,
                down,
                ups,
                star,
            } => match self.literal_nus(lit, span)? {
                Some(n) => Value::short(self.table.nus(n)?),
                None => {
                    // The number part is not dyadic: it is added as a rational.
                    let x = self.literal(number, span)?;
                    let rest = Literal::Nus {
                        number: Box::new(Literal::Number {
                            negative: false,
                            num: Nat::ZERO,
                            den: Nat::from(1u64),
                        }),
                        down: *down,
                        ups: ups.clone(),
                        star: star.clone(),
                    };
                    let n = self.literal_nus(&rest, span)?.unwrap_or_default();
                    let g = self.table.nus(n)?;
                    self.table.value_add(&x, &Value::short(g))?
                }
            },
        })
    }

    fn options(&mut self, o: &OptionsTerm) -> Result<Value, ValueError> {
        let mut left = Vec::with_capacity(o.left.len());
        for s in &o.left {
            left.push(self.sum_value(s)?);
        }
        let mut right = Vec::with_capacity(o.right.len());
        for s in &o.right {
            right.push(self.sum_value(s)?);
        }
        self.options_of(o.span, left, right)
    }

    /// The game `{left | right}`. When an option is not short (a number whose
    /// denominator is not a power of two is in it), the value is still exact in two
    /// cases, else it is an input error:
    ///
    /// * every option is a number and every Left option is below every Right one:
    ///   the simplest number between them (the simplicity rule; Conway, *On Numbers
    ///   and Games*, ch. 2, for numbers of any birthday);
    /// * every option has the same number part `x` that is not dyadic (`x + A`,
    ///   `x + B`, … with short `A`, `B`), and `H = {A, … | B, …}` is not a number:
    ///   then `{x + A, … | x + B, …} = x + H` (the number translation theorem: for a
    ///   number `x` and a game `H` not equal to a number, `H + x = {H^L + x | H^R + x}`;
    ///   Siegel, *Combinatorial Game Theory*, II.3).
    fn options_of(
        &mut self,
        span: Span,
        left: Vec<Value>,
        right: Vec<Value>,
    ) -> Result<Value, ValueError> {
        let short = |v: &[Value]| v.iter().map(Value::as_short).collect::<Option<Vec<Game>>>();
        if let (Some(l), Some(r)) = (short(&left), short(&right)) {
            if self.explain {
                let g = self.table.game_traced(&l, &r)?;
                if let Some(trace) = self.table.take_traces().pop() {
                    self.note(span, g, Why::Options(trace));
                }
                return Ok(Value::short(g));
            }
            return Ok(Value::short(self.table.game(&l, &r)?));
        }
        let numbers = |t: &GameTable, v: &[Value]| {
            v.iter()
                .map(|x| t.value_number(x))
                .collect::<Option<Vec<Rational>>>()
        };
        if let (Some(l), Some(r)) = (numbers(self.table, &left), numbers(self.table, &right)) {
            let lo = l.iter().max();
            let hi = r.iter().min();
            if lo.zip(hi).is_none_or(|(a, b)| a < b) {
                let x = sprague_engine::partizan::simplest_number_between(lo, hi);
                return Ok(Value::short(self.table.number(x)?));
            }
        }
        let offset = left.first().or(right.first()).map(Value::offset).cloned();
        if let Some(x) = offset
            && left.iter().chain(&right).all(|v| *v.offset() == x)
        {
            let l: Vec<Game> = left.iter().map(Value::game).collect();
            let r: Vec<Game> = right.iter().map(Value::game).collect();
            let h = self.table.game(&l, &r)?;
            if self.table.as_number(h).is_none() {
                let x = self.table.rational(&x)?;
                return Ok(self.table.value_add(&x, &Value::short(h))?);
            }
        }
        Err(self.input(
            span,
            "options that are not short games (a number whose denominator is not a power of two) are taken only when all options are numbers with every Left one below every Right one, or when all share the same such number part and the rest is no number",
        ))
    }

    /// The value of a bare name standing for a variable, if the term is one (an
    /// unknown variable is an input error).
    fn variable(&self, f: &FamilyTerm) -> Result<Option<Value>, ValueError> {
        let Some(vars) = self.variables else {
            return Ok(None);
        };
        if !self.is_variable(f) {
            return Ok(None);
        }
        if let Some(v) = vars.get(&f.name) {
            return Ok(Some(v.clone()));
        }
        let known = if vars.is_empty() {
            "none yet".to_string()
        } else {
            let names: Vec<&str> = vars.keys().take(20).map(String::as_str).collect();
            names.join(", ") + if vars.len() > 20 { ", …" } else { "" }
        };
        Err(self.input(
            f.name_span,
            &format!(
                "unknown variable '{}': assign it first, e.g. {} := {{1|-1}} (variables: {known})",
                f.name, f.name
            ),
        ))
    }

    /// Whether the term is a bare name that stands for a variable (known or not) of
    /// the evaluator's variables.
    fn is_variable(&self, f: &FamilyTerm) -> bool {
        self.variables.is_some_and(|vars| {
            f.params.is_none()
                && f.args.is_none()
                && (vars.contains_key(&f.name) || variable_name_error(&f.name).is_none())
        })
    }

    fn family(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        match f.name.as_str() {
            "hackenbush" => self.hackenbush(f),
            "cut" => self.cut(f),
            "unfair" => self.unfair(f),
            name => match partizan::visit(name, Eval { ev: self, f }) {
                Some(v) => v,
                None => self.impartial(f),
            },
        }
    }

    /// A position of a ruleset valued from its game tree, with the memo of region
    /// values shared by the terms of equal rulesets.
    fn ruleset<R: Ruleset>(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        let (rules, p) = R::read(f).map_err(|(span, m)| self.input(span, &m))?;
        let values = memo(&mut self.rulesets, &rules);
        let v = values.value(self.table, &rules, &p)?;
        if self.explain {
            let regions = values.regions();
            self.explained.push(Explained {
                expr: self.text(f.span),
                value: v,
                why: Why::Family(format!("{}: {regions} regions valued", rules.method())),
            });
        }
        Ok(v)
    }

    fn hackenbush(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        self.no_params(f)?;
        let usage = <hackenbush_graph::Hackenbush as Ruleset>::USAGE;
        let args = self.args(f, usage)?;
        let mut total = Game::ZERO;
        for a in args {
            let Arg::Str(s, span) = a else {
                return Err(self.input(a.span(), usage));
            };
            if !hackenbush_graph::is_stalk(s) {
                let g = hackenbush_graph::Graph::parse(s)
                    .map_err(|(i, m)| self.input(partizan::char_span(*span, s, i), &m))?;
                let values = memo(&mut self.rulesets, &hackenbush_graph::Hackenbush);
                let (v, how) = hackenbush_graph::value(self.table, values, &g)?;
                if self.explain {
                    self.explained.push(Explained {
                        expr: format!("hackenbush(\"{s}\")"),
                        value: v,
                        why: Why::Family(how.text()),
                    });
                }
                total = self.table.add(total, v)?;
                continue;
            }
            let edges = hackenbush::parse(s).map_err(|i| {
                let bad = Span {
                    start: span.start + 1 + s.char_indices().nth(i).map_or(0, |(b, _)| b),
                    end: span.end,
                };
                self.input(bad, "a Hackenbush stalk has edges B (or L), R and G")
            })?;
            let v = hackenbush::value(self.table, &edges)?;
            if self.explain {
                let why = match hackenbush::sign_expansion(&edges) {
                    Some(x) => format!("sign expansion of a blue-red stalk: {x}"),
                    None => "game tree of the stalk (it has green edges)".to_string(),
                };
                let text = format!("hackenbush(\"{s}\")");
                self.explained.push(Explained {
                    expr: text,
                    value: v,
                    why: Why::Family(why),
                });
            }
            total = self.table.add(total, v)?;
        }
        Ok(total)
    }

    fn cut(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        self.no_params(f)?;
        let usage = "cut(w,h) takes the width and height of the bar, both at least 1";
        let args = self.args(f, usage)?;
        let (w, h) = match args {
            [Arg::Int(w, ws), Arg::Int(h, hs)] => {
                for (n, s) in [(w, ws), (h, hs)] {
                    if n.is_zero() {
                        return Err(self.input(*s, usage));
                    }
                }
                (w, h)
            }
            [_, _, third, ..] => return Err(self.input(third.span(), usage)),
            [a, ..] => {
                let at = args.iter().find(|a| matches!(a, Arg::Str(..))).unwrap_or(a);
                return Err(self.input(at.span(), usage));
            }
            [] => return Err(self.input(f.span, usage)),
        };
        let v = cut::value(self.table, w, h)?;
        if self.explain {
            self.explained.push(Explained {
                expr: self.text(f.span),
                value: v,
                why: Why::Family(cut::explain(w, h)),
            });
        }
        Ok(v)
    }

    fn unfair(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        let usage = "unfair[p,q] takes two integers p, q ≥ 1: Left takes 1..p, Right 1..q";
        let (p, q) = match f.params.as_deref() {
            Some([Param::Int(p, ps), Param::Int(q, qs)]) => {
                let get = |n: &Nat, s: &Span| match n.to_usize() {
                    Some(v) if v >= 1 && (v as u64) <= self.table.max_states() => Ok(v),
                    Some(v) if v >= 1 => Err(ValueError::Limit(SolveError::Limit {
                        what: format!(
                            "unfair[p,q] with a take of {v} needs more positions than the bound"
                        ),
                        bound: Bound::States,
                    })),
                    _ => Err(self.input(*s, usage)),
                };
                (get(p, ps)?, get(q, qs)?)
            }
            Some([_, _, third, ..]) => return Err(self.input(third.span(), usage)),
            Some([p, ..]) if !matches!(p, Param::Int(..)) => {
                return Err(self.input(p.span(), usage));
            }
            Some([_, q]) => return Err(self.input(q.span(), usage)),
            Some([only]) => return Err(self.input(only.span(), usage)),
            _ => return Err(self.input(f.span, usage)),
        };
        let args = self.args(f, "unfair[p,q] takes heap sizes, e.g. unfair[2,1](5,7)")?;
        let mut total = Game::ZERO;
        for a in args {
            let Arg::Int(n, _) = a else {
                return Err(self.input(a.span(), "unfair[p,q] takes heap sizes (integers)"));
            };
            let rules = self
                .unfair
                .entry((p, q))
                .or_insert_with(|| Unfair::new(p, q));
            let v = rules.value(self.table, n)?;
            if self.explain {
                let how = match rules.period() {
                    Some((a, per)) if n.to_usize().is_none_or(|k| k >= a + per) => format!(
                        "values repeat with period {per} from heap {a} (proved: a run of max(p,q) = {} values repeats, and each value depends only on the {} below it)",
                        p.max(q),
                        p.max(q)
                    ),
                    _ => "from the values of the smaller heaps".to_string(),
                };
                self.explained.push(Explained {
                    expr: format!("unfair[{p},{q}]({n})"),
                    value: v,
                    why: Why::Family(how),
                });
            }
            total = self.table.add(total, v)?;
        }
        Ok(total)
    }

    /// An impartial family term: each component is worth the nimber of its nim-value.
    fn impartial(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        let g = self.nim_value(f)?;
        Ok(self.table.nimber(g)?)
    }

    /// The nim-value of an impartial family term (the nim-sum of its components').
    fn nim_value(&mut self, f: &FamilyTerm) -> Result<Nat, ValueError> {
        let text = self.src.get(f.span.start..f.span.end).unwrap_or("");
        // The column is counted only on an error: counting it for every term of a long
        // sum would cost time quadratic in its length.
        let position = crate::position(text).map_err(|e| {
            ValueError::Input(ExprError {
                column: e.column + self.column(f.span) - 1,
                message: e.message,
            })
        })?;
        // The nim-values XOR together (Sprague–Grundy): one nimber for the whole term,
        // whatever its number of heaps.
        let mut total = Nat::ZERO;
        let mut shown = 0usize;
        for stretch in position.stretches() {
            match stretch {
                Stretch::Heaps { family, sizes } => {
                    let mut values = Values::default();
                    let batch = family
                        .heap_values(sizes, &self.limits, &mut values)
                        .map_err(|e| self.limit(f.span, e))?;
                    if batch {
                        for (v, &n) in values.iter().zip(sizes) {
                            let c = Component::heap(family, n);
                            let g = v.ok_or_else(|| self.too_costly(&c))?;
                            self.note_component(&c, &g, &mut shown)?;
                            total ^= &g;
                        }
                    } else {
                        for &n in sizes {
                            let g = self.component(f, &Component::heap(family, n), &mut shown)?;
                            total ^= &g;
                        }
                    }
                }
                Stretch::One(c) => {
                    let g = self.component(f, c, &mut shown)?;
                    total ^= &g;
                }
            }
        }
        if self.explain && shown > SHOWN_COMPONENTS {
            let v = self.table.nimber(total.clone())?;
            self.explained.push(Explained {
                expr: self.text(f.span),
                value: v,
                why: Why::Family(format!(
                    "{shown} impartial components: the nim-sum (XOR) of their nim-values is {total}"
                )),
            });
        }
        Ok(total)
    }

    /// The nim-value of one impartial component (which must not be loopy).
    fn component(
        &mut self,
        f: &FamilyTerm,
        c: &Component,
        shown: &mut usize,
    ) -> Result<Nat, ValueError> {
        if let Some(LoopyValue::Infinite(_)) = c
            .family
            .loopy_value(&c.pos, &self.limits)
            .map_err(|e| self.limit(f.span, e))?
        {
            return Err(self.input(
                f.span,
                &format!(
                    "{} has an infinite loopy value: it is not a short game",
                    c.expr()
                ),
            ));
        }
        let g = c
            .family
            .grundy(&c.pos, &self.limits)
            .map_err(|e| self.limit(f.span, e))?;
        let g = match g {
            Some(g) => g,
            None => {
                if let Some(o) = c
                    .family
                    .ordinal(&c.pos, &self.limits)
                    .map_err(|e| self.limit(f.span, e))?
                {
                    return Err(self.input(
                        f.span,
                        &format!(
                            "{} is worth the infinite ordinal {}: it has infinitely many options, so it is not a short game (solve decides it)",
                            c.expr(),
                            sprague_engine::impartial::sum::ordinal_text(&o)
                        ),
                    ));
                }
                return Err(self.too_costly(c));
            }
        };
        self.note_component(c, &g, shown)?;
        Ok(g)
    }

    /// Records a component's value for the explanation (the first few only).
    fn note_component(
        &mut self,
        c: &Component,
        g: &Nat,
        shown: &mut usize,
    ) -> Result<(), ValueError> {
        *shown += 1;
        if self.explain && *shown <= SHOWN_COMPONENTS {
            let v = self.table.nimber(g.clone())?;
            self.explained.push(Explained {
                expr: c.expr(),
                value: v,
                why: Why::Family(format!("impartial, nim-value {g}")),
            });
        }
        Ok(())
    }

    fn limit(&self, span: Span, e: SolveError) -> ValueError {
        match e {
            SolveError::Input(m) => self.input(span, &m),
            e => ValueError::Limit(e),
        }
    }

    fn too_costly(&self, c: &Component) -> ValueError {
        ValueError::Limit(
            self.limits
                .states_exceeded(&format!("the nim-value of {}", c.expr())),
        )
    }

    // ----- helpers ---------------------------------------------------------------------

    fn note(&mut self, span: Span, value: Game, why: Why) {
        let expr = self.text(span);
        self.explained.push(Explained { expr, value, why });
    }

    fn note_text(&mut self, expr: String, value: Game, why: Why) {
        self.explained.push(Explained { expr, value, why });
    }

    /// The source text of a span, with spaces normalised away where the parser allows.
    fn text(&self, span: Span) -> String {
        self.src
            .get(span.start..span.end)
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn column(&self, span: Span) -> usize {
        let end = span.start.min(self.src.len());
        self.src.get(..end).unwrap_or(self.src).chars().count() + 1
    }

    fn input(&self, span: Span, message: &str) -> ValueError {
        ValueError::Input(ExprError {
            column: self.column(span),
            message: message.to_string(),
        })
    }

    fn no_params(&self, f: &FamilyTerm) -> Result<(), ValueError> {
        match f.params.as_deref() {
            Some(p) => Err(self.input(
                p.first().map_or(f.span, Param::span),
                &format!("{} takes no [parameters]", f.name),
            )),
            None => Ok(()),
        }
    }

    fn args<'f>(&self, f: &'f FamilyTerm, usage: &str) -> Result<&'f [Arg], ValueError> {
        match f.args.as_deref() {
            Some(a) => Ok(a),
            None => Err(self.input(
                Span {
                    start: f.span.end,
                    end: f.span.end,
                },
                usage,
            )),
        }
    }
}

/// Whether a family term named `name` is valued as an impartial family of
/// [`crate`] (the names that are not partizan families).
/// `n * G`: the sum of n copies of G (of -G when n < 0), by its closed form for a
/// number-up-star and by doubling otherwise (one sum per bit of n); `None` when a
/// number-up-star would have more than `i64::MAX` ups.
///
/// ```
/// use num_bigint::BigInt;
/// use sprague_engine::partizan::GameTable;
/// use sprague_games::eval::{ParseValue, multiple};
/// let mut t = GameTable::new();
/// let g = t.parse_value("{1|0}").unwrap();
/// let three = multiple(&mut t, &BigInt::from(3), g).unwrap().unwrap();
/// assert_eq!(t.show(three), "{2|1}");
/// let up = t.parse_value("^*").unwrap();
/// let v = multiple(&mut t, &BigInt::from(-3), up).unwrap().unwrap();
/// assert_eq!(t.show(v), "v3*");
/// ```
pub fn multiple(t: &mut GameTable, n: &BigInt, g: Game) -> Result<Option<Game>, SolveError> {
    let (g, n) = if n.sign() == Sign::Minus {
        (t.neg(g)?, -n)
    } else {
        (g, n.clone())
    };
    if let Some(x) = t.as_nus(g).cloned() {
        let Some(up) = (match (i64::try_from(&n), x.up) {
            (_, 0) => Some(0),
            (Ok(k), u) => k.checked_mul(u),
            (Err(_), _) => None,
        }) else {
            return Ok(None);
        };
        let nus = Nus {
            number: x.number.mul(&Dyadic::from_bigint(n.clone())),
            up,
            star: if n.bit(0) { x.star } else { Nat::ZERO },
        };
        return Ok(Some(t.nus(nus)?));
    }
    let mut total = Game::ZERO;
    let mut power = g;
    let bits = n.bits();
    for i in 0..bits {
        if n.bit(i) {
            total = t.add(total, power)?;
        }
        if i + 1 < bits {
            power = t.add(power, power)?;
        }
    }
    Ok(Some(total))
}

/// The span of a sum, from its first term to its last.
fn sum_span(sum: &Sum) -> Span {
    Span {
        start: sum.terms.first().map_or(0, |t| t.span().start),
        end: sum.terms.last().map_or(0, |t| t.span().end),
    }
}

pub(crate) fn is_impartial_family(name: &str) -> bool {
    !matches!(name, "hackenbush" | "cut" | "unfair") && !partizan::NAMES.contains(&name)
}

/// The memo of region values of `rules` among the memos of every ruleset (one
/// `FxHashMap<R, TreeValues<R::Position>>` per ruleset type).
fn memo<'m, R: Ruleset>(
    rulesets: &'m mut FxHashMap<TypeId, Box<dyn Any>>,
    rules: &R,
) -> &'m mut TreeValues<R::Position> {
    rulesets
        .entry(TypeId::of::<R>())
        .or_insert_with(|| Box::new(FxHashMap::<R, TreeValues<R::Position>>::default()))
        .downcast_mut::<FxHashMap<R, TreeValues<R::Position>>>()
        .expect("each ruleset type has its own memos")
        .entry(rules.clone())
        .or_default()
}

/// Values a family term with the ruleset chosen by its name.
struct Eval<'e, 'a, 'f> {
    ev: &'e mut Evaluator<'a>,
    f: &'f FamilyTerm,
}

impl Visitor for Eval<'_, '_, '_> {
    type Out = Result<Game, ValueError>;
    fn visit<R: Ruleset>(self) -> Self::Out {
        self.ev.ruleset::<R>(self.f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every function of the one table is evaluated (none reaches the evaluator's
    /// "unknown function"), and a call with another number of arguments is refused with
    /// the table's usage.
    #[test]
    fn every_function_of_the_table_is_evaluated() {
        for f in sprague_expr::FUNCTION_HELP {
            let mut t = GameTable::new();
            let args = vec!["*"; f.arity()].join(", ");
            let src = format!("{}({args})", f.name);
            let r = t.parse_value(&src);
            if let Err(e) = &r {
                assert!(!e.to_string().contains("unknown function"), "{src}: {e}");
            }
            let src = format!("{}({args}, *)", f.name);
            let e = t.parse_value(&src).unwrap_err().to_string();
            assert!(e.contains(f.usage) && e.contains("takes"), "{src}: {e}");
        }
    }

    #[test]
    fn a_variable_is_its_game_and_an_unknown_one_is_pointed_at() {
        let mut t = GameTable::new();
        let mut vars = Variables::new();
        let g = t.parse_value("{2|-1}").unwrap();
        vars.insert("g".into(), Value::short(g));
        let mut ev =
            Evaluator::new(&mut t, "g + -g == 0", Limits::default(), false).with_variables(&vars);
        let (d, c) = ev.eval_statement().unwrap();
        assert!(c.unwrap().holds);
        assert_eq!(d, Value::short(Game::ZERO));
        // A variable inside braces, a function and a multiple: {g|-5} with g = {2|-1}
        // has g as its Left option (not reversible: Right wins g - {g|-5} moving first).
        let src = "LeftOption({g|-5}, 1) + 2 * g";
        let mut ev = Evaluator::new(&mut t, src, Limits::default(), false).with_variables(&vars);
        let v = ev.eval_source().unwrap();
        // Three copies of g, added by the table.
        let two = t.add(g, g).unwrap();
        let three = t.add(two, g).unwrap();
        assert_eq!(v, three);
        let mut ev =
            Evaluator::new(&mut t, "{0|gg}", Limits::default(), false).with_variables(&vars);
        let e = ev.eval_source().unwrap_err().to_string();
        assert!(e.starts_with("column 4: unknown variable 'gg'"), "{e}");
        // Without variables a bare name is an unknown family, as before.
        let e = t.parse_value("g").unwrap_err().to_string();
        assert!(e.contains("unknown game family 'g'"), "{e}");
        // A family name is still the family.
        let mut ev =
            Evaluator::new(&mut t, "nim(3) + *3", Limits::default(), false).with_variables(&vars);
        assert_eq!(ev.eval_source().unwrap(), Game::ZERO);
    }

    #[test]
    fn names_that_are_games_or_functions_are_no_variables() {
        for bad in [
            "nim", "kayles", "Mean", "Tiny", "v", "vv", "v3", "1a", "a-b", "", "g(1)", "^", "gH",
            "G-1", "G(1)", "1G", "_G", "Gé",
        ] {
            assert!(variable_name_error(bad).is_some(), "{bad}");
        }
        for good in [
            "g",
            "g1",
            "ans",
            "left_game",
            "x",
            "G",
            "G1",
            "Left_1",
            "GH",
            "V",
            "Nim",
        ] {
            assert_eq!(variable_name_error(good), None, "{good}");
        }
    }

    #[test]
    fn capitalised_names_are_variables_as_in_cgsuite_worksheets() {
        let mut t = GameTable::new();
        let mut vars = Variables::new();
        let g = t.parse_value("{2|-1}").unwrap();
        vars.insert("G".into(), Value::short(g));
        // H := G + * and G1 := G: H - G is *, and G1 == G.
        let mut ev =
            Evaluator::new(&mut t, "G + *", Limits::default(), false).with_variables(&vars);
        let h = ev.eval_source().unwrap();
        vars.insert("H".into(), Value::short(h));
        vars.insert("G1".into(), Value::short(g));
        let mut ev =
            Evaluator::new(&mut t, "H - G1 == *", Limits::default(), false).with_variables(&vars);
        let (_, c) = ev.eval_statement().unwrap();
        assert!(c.unwrap().holds);
        let mut ev =
            Evaluator::new(&mut t, "{G|Left_1}", Limits::default(), false).with_variables(&vars);
        let e = ev.eval_source().unwrap_err().to_string();
        assert!(
            e.starts_with("column 4: unknown variable 'Left_1': assign it first"),
            "{e}"
        );
        // A function without its parentheses, with variables or without.
        let mut ev =
            Evaluator::new(&mut t, "G + Mean", Limits::default(), false).with_variables(&vars);
        let e = ev.eval_source().unwrap_err().to_string();
        assert_eq!(e, "column 5: 'Mean' is a function: Mean(G)");
        let e = t.parse_value("Cool + 1").unwrap_err().to_string();
        assert_eq!(e, "column 1: 'Cool' is a function: Cool(G, t)");
        // Without variables a capitalised name is an unknown variable, not a family.
        let e = t.parse_value("^ + G").unwrap_err().to_string();
        assert!(
            e.starts_with(
                "column 5: unknown variable 'G': `sprague repl` gives names, e.g. G := {2|-1}"
            ),
            "{e}"
        );
        let e = t.parse_value("Kayles").unwrap_err().to_string();
        assert!(e.contains("did you mean the family 'kayles'?"), "{e}");
    }
}
