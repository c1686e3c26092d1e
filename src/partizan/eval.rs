//! Values of game expressions (SPEC §1): sums of literals (`3/4`, `*2`, `^`, `±1`…),
//! option terms `{A,B|C}`, the partizan families `hackenbush`, `cut`, `unfair` and
//! `domineering`, and impartial family components, each worth the nimber of its
//! nim-value.
//!
//! The syntax tree is walked recursively: the parser bounds its nesting (at most
//! [`crate::expr::MAX_NESTING`] levels of braces), so the recursion is bounded too.

use super::cut;
use super::domineering::{self, Board, Domineering};
use super::dyadic::Dyadic;
use super::engine::Trace;
use super::hackenbush;
use super::table::{Game, GameTable};
use super::unfair::Unfair;
use crate::expr::{self, Arg, FamilyTerm, Literal, OptionsTerm, Param, Span, Sum, Term};
use crate::games::{self, ExprError};
use crate::impartial::family::{Limits, LoopyValue, SolveError};
use crate::nat::Nat;
use rustc_hash::FxHashMap;
use std::fmt;

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

/// Evaluates expressions into a [`GameTable`].
pub struct Evaluator<'a> {
    table: &'a mut GameTable,
    src: &'a str,
    limits: Limits,
    explain: bool,
    /// The explained parts, in the order they were evaluated.
    pub explained: Vec<Explained>,
    unfair: FxHashMap<(usize, usize), Unfair>,
    domineering: Option<Domineering>,
}

impl GameTable {
    /// The value of an expression without families' state bound beyond the table's:
    /// a convenience for literals and option terms.
    ///
    /// ```
    /// use sprague::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let g = t.parse_value("{0|*}").unwrap();
    /// assert_eq!(t.show(g), "^");
    /// assert_eq!(t.parse_value("nim(3) + *3").unwrap(), sprague::partizan::Game::ZERO);
    /// assert_eq!(t.parse_value("{0|").unwrap_err().to_string(),
    ///            "column 4: expected a game expression, '|' or '}', found end of input");
    /// ```
    pub fn parse_value(&mut self, src: &str) -> Result<Game, ValueError> {
        let limits = Limits {
            max_states: self.max_states(),
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
    /// use sprague::impartial::family::Limits;
    /// use sprague::partizan::{Evaluator, GameTable, Why};
    /// let mut t = GameTable::new();
    /// let mut ev = Evaluator::new(&mut t, "{0,*|*} + nim(2)", Limits::default(), true);
    /// let g = ev.eval_source().unwrap();
    /// let parts: Vec<String> = ev.explained.iter().map(|e| e.expr.clone()).collect();
    /// assert_eq!(parts, ["{0,*|*}", "nim(2)", "{0,*|*} + nim(2)"]);
    /// assert!(matches!(ev.explained[0].why, Why::Options(_)));
    /// assert_eq!(t.show(g), "^*2");
    /// ```
    pub fn new(table: &'a mut GameTable, src: &'a str, limits: Limits, explain: bool) -> Self {
        Evaluator {
            table,
            src,
            limits,
            explain,
            explained: Vec::new(),
            unfair: FxHashMap::default(),
            domineering: None,
        }
    }

    /// Parses the source and evaluates it.
    pub fn eval_source(&mut self) -> Result<Game, ValueError> {
        let sum = expr::parse(self.src).map_err(|e| {
            ValueError::Input(ExprError {
                column: e.column,
                message: format!("expected {}, found {}", e.expected, e.found),
            })
        })?;
        self.eval_sum(&sum)
    }

    /// The value of a sum.
    pub fn eval_sum(&mut self, sum: &Sum) -> Result<Game, ValueError> {
        let mut acc: Option<(Game, Span)> = None;
        for term in &sum.terms {
            let v = self.eval_term(term)?;
            let span = term.span();
            acc = Some(match acc {
                None => (v, span),
                Some((a, sa)) => {
                    let s = if self.explain {
                        let s = self.table.add_traced(a, v)?;
                        if let Some(trace) = self.table.take_traces().pop() {
                            let whole = Span {
                                start: sa.start,
                                end: span.end,
                            };
                            self.note(whole, s, Why::Sum(trace));
                        }
                        s
                    } else {
                        self.table.add(a, v)?
                    };
                    (
                        s,
                        Span {
                            start: sa.start,
                            end: span.end,
                        },
                    )
                }
            });
        }
        Ok(acc.map_or(Game::ZERO, |(g, _)| g))
    }

    fn eval_term(&mut self, term: &Term) -> Result<Game, ValueError> {
        match term {
            Term::Literal(lit, span) => self.literal(lit, *span),
            Term::Options(o) => self.options(o),
            Term::Family(f) => self.family(f),
        }
    }

    fn literal(&mut self, lit: &Literal, span: Span) -> Result<Game, ValueError> {
        Ok(match lit {
            Literal::Number { negative, num, den } => {
                let x = Dyadic::from_literal(*negative, num, den)
                    .ok_or_else(|| self.input(span, "the denominator must be a power of two"))?;
                self.table.number(x)?
            }
            Literal::Star(n) => self.table.nimber(n.clone())?,
            Literal::Up => self.table.up(1)?,
            Literal::Down => self.table.up(-1)?,
            Literal::PlusMinus(x) => {
                let g = self.literal(x, span)?;
                let n = self.table.neg(g)?;
                self.table.game(&[g], &[n])?
            }
        })
    }

    fn options(&mut self, o: &OptionsTerm) -> Result<Game, ValueError> {
        let mut left = Vec::with_capacity(o.left.len());
        for s in &o.left {
            left.push(self.eval_sum(s)?);
        }
        let mut right = Vec::with_capacity(o.right.len());
        for s in &o.right {
            right.push(self.eval_sum(s)?);
        }
        if self.explain {
            let g = self.table.game_traced(&left, &right)?;
            if let Some(trace) = self.table.take_traces().pop() {
                self.note(o.span, g, Why::Options(trace));
            }
            Ok(g)
        } else {
            Ok(self.table.game(&left, &right)?)
        }
    }

    fn family(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        match f.name.as_str() {
            "hackenbush" => self.hackenbush(f),
            "cut" => self.cut(f),
            "unfair" => self.unfair(f),
            "domineering" => self.domineering(f),
            _ => self.impartial(f),
        }
    }

    fn hackenbush(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        self.no_params(f)?;
        let usage = "hackenbush takes stalks written as strings of B (Left), R (Right) and G (either), e.g. hackenbush(\"BBR\")";
        let args = self.args(f, usage)?;
        let mut total = Game::ZERO;
        for a in args {
            let Arg::Str(s, span) = a else {
                return Err(self.input(a.span(), usage));
            };
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
                        flag: "--max-states",
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

    fn domineering(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        self.no_params(f)?;
        let usage = "domineering takes a board: domineering(rows,cols) for an empty one, or domineering(\"..#|...\") (rows separated by |, . empty, # filled), at most 64 squares";
        let args = self.args(f, usage)?;
        let board = match args {
            [Arg::Int(r, rs), Arg::Int(c, _)] => {
                let (Some(r), Some(c)) = (r.to_usize(), c.to_usize()) else {
                    return Err(self.input(*rs, usage));
                };
                Board::empty(r, c).ok_or_else(|| self.input(*rs, usage))?
            }
            [Arg::Str(s, span)] => Board::parse(s).map_err(|(i, m)| {
                let at = Span {
                    start: span.start + 1 + s.char_indices().nth(i).map_or(0, |(b, _)| b),
                    end: span.end,
                };
                self.input(at, m)
            })?,
            [a, ..] => return Err(self.input(a.span(), usage)),
            [] => return Err(self.input(f.span, usage)),
        };
        let d = self.domineering.get_or_insert_with(Domineering::new);
        let v = d.value(self.table, &board)?;
        if self.explain {
            let regions = d.regions();
            self.explained.push(Explained {
                expr: self.text(f.span),
                value: v,
                why: Why::Family(format!(
                    "Domineering (Left places vertical dominoes), from the game tree: {regions} regions of empty squares valued, each region once up to mirror images (at most {} squares)",
                    domineering::MAX_SQUARES
                )),
            });
        }
        Ok(v)
    }

    /// An impartial family term: each component is worth the nimber of its nim-value.
    fn impartial(&mut self, f: &FamilyTerm) -> Result<Game, ValueError> {
        let text = self.src.get(f.span.start..f.span.end).unwrap_or("");
        let offset = self.column(f.span) - 1;
        let comps = games::components(text).map_err(|e| {
            ValueError::Input(ExprError {
                column: e.column + offset,
                message: e.message,
            })
        })?;
        let mut total = Game::ZERO;
        for c in comps {
            let limit = |e: SolveError| match e {
                SolveError::Input(m) => self.input(f.span, &m),
                e => ValueError::Limit(e),
            };
            if let Some(LoopyValue::Infinite(_)) =
                c.family.loopy_value(&c.pos, &self.limits).map_err(limit)?
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
                .map_err(limit)?
                .ok_or_else(|| {
                    ValueError::Limit(
                        self.limits
                            .states_exceeded(&format!("the nim-value of {}", c.expr())),
                    )
                })?;
            let v = self.table.nimber(g.clone())?;
            if self.explain {
                self.explained.push(Explained {
                    expr: c.expr(),
                    value: v,
                    why: Why::Family(format!("impartial, nim-value {g}")),
                });
            }
            total = self.table.add(total, v)?;
        }
        Ok(total)
    }

    // ----- helpers ---------------------------------------------------------------------

    fn note(&mut self, span: Span, value: Game, why: Why) {
        let expr = self.text(span);
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
