//! Game families and the registry that turns parsed expressions into components.
//!
//! Each family states its rules once in its own module; the engine
//! ([`crate::impartial`]) does the rest.

pub mod andnim;
pub mod bits;
pub mod divisor;
pub mod factor;
pub mod king;
pub mod nim;
pub mod submask;
pub mod subtraction;
pub mod wythoff;

use crate::expr::{self, Arg, FamilyTerm, Param, Span, Sum, Term};
use crate::impartial::family::{Family, Pos, SolveError};
use crate::impartial::heap::{HeapFamily, TableFamily};
use crate::impartial::sum::Component;
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
    "hackenbush",
    "cut",
    "unfair",
];

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
/// let c = sprague::games::components("nim(3,4) + sub[1,3,4](10)").unwrap();
/// assert_eq!(c.len(), 3);
/// assert_eq!(c[2].expr(), "sub[1,3,4](10)");
/// ```
pub fn components(src: &str) -> Result<Vec<Component>, ExprError> {
    let sum = expr::parse(src).map_err(|e| ExprError {
        column: e.column,
        message: format!("expected {}, found {}", e.expected, e.found),
    })?;
    Registry::new(src).build(sum)
}

/// Parses a heap family written without arguments (`sub[1,3,4]`) for tables.
///
/// ```
/// let f = sprague::games::table_family("bash[3]").unwrap();
/// assert_eq!(f.name(), "bash[3]");
/// ```
pub fn table_family(src: &str) -> Result<Rc<dyn TableFamily>, ExprError> {
    let sum = expr::parse(src).map_err(|e| ExprError {
        column: e.column,
        message: format!("expected {}, found {}", e.expected, e.found),
    })?;
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
        name if KNOWN_FAMILIES.contains(&name) => Err(reg.error(
            term.name_span,
            &format!("{name} is not a heap family with a table (or not supported yet)"),
        )),
        name => Err(reg.unknown(term, name)),
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
        self.error(
            term.name_span,
            &format!(
                "unknown game family '{name}' (known: {})",
                KNOWN_FAMILIES.join(", ")
            ),
        )
    }

    fn build(mut self, sum: Sum) -> Result<Vec<Component>, ExprError> {
        let mut out = Vec::new();
        for mut term in sum.terms {
            match term {
                Term::Family(ref mut t) => self.family_term(t, &mut out)?,
                Term::Literal(_, span) | Term::Options(expr::OptionsTerm { span, .. }) => {
                    return Err(
                        self.error(span, "partizan game values are not supported yet in solve")
                    );
                }
            }
        }
        Ok(out)
    }

    fn family_term(
        &mut self,
        t: &mut FamilyTerm,
        out: &mut Vec<Component>,
    ) -> Result<(), ExprError> {
        let (family, heap_args): (Rc<dyn Family>, bool) = match t.name.as_str() {
            "nim" => {
                self.no_params(t)?;
                (self.shared(HeapFamily::new(nim::Nim)), true)
            }
            "sub" | "bash" => {
                let rules = self.subtraction(t)?;
                (self.shared(HeapFamily::new(rules)), true)
            }
            "submask" => {
                self.no_params(t)?;
                (self.shared(HeapFamily::new(submask::Submask)), true)
            }
            "divisor" => {
                self.no_params(t)?;
                (self.shared(divisor::Divisor::new()), true)
            }
            "andnim" => {
                self.no_params(t)?;
                (self.shared(andnim::AndNim::new()), true)
            }
            "wythoff" => {
                self.no_params(t)?;
                (self.shared(wythoff::Wythoff::default()), false)
            }
            "king" => {
                self.no_params(t)?;
                (self.shared(king::King), false)
            }
            name if KNOWN_FAMILIES.contains(&name) => {
                return Err(self.error(
                    t.name_span,
                    &format!("the family '{name}' is not supported yet"),
                ));
            }
            name => return Err(self.unknown(t, name)),
        };
        let args = self.int_args(t)?;
        if heap_args {
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

    /// One family object per distinct name, so that components share tables.
    fn shared<F: Family + 'static>(&mut self, f: F) -> Rc<dyn Family> {
        let name = f.name();
        self.families
            .entry(name)
            .or_insert_with(|| Rc::new(f))
            .clone()
    }

    fn solve_error(&self, span: Span, e: SolveError) -> ExprError {
        self.error(span, &e.to_string())
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
