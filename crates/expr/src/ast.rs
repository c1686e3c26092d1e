//! The syntax tree of game expressions (SPEC §1).

use sprague_core::nat::Nat;

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A disjunctive sum of terms: `term + term + …`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sum {
    /// The summands, in source order.
    pub terms: Vec<Term>,
}

/// One summand of a sum.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// A family applied to parameters and arguments, e.g. `sub[1,3,4](10)`.
    Family(FamilyTerm),
    /// A game literal of partizan notation: `0`, `3/4`, `-5/8`, `*`, `*3`, `^`, `v`, `±1`.
    Literal(Literal, Span),
    /// A game given by its options: `{A,B|C}` (slash levels `||` nest to the right).
    Options(OptionsTerm),
}

/// `NAME [params] (args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyTerm {
    /// The family name, e.g. `nim`.
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// The bracketed parameters, if any (`sub[1,3..5]`).
    pub params: Option<Vec<Param>>,
    /// The parenthesised arguments, if any (`nim(3,4)`).
    pub args: Option<Vec<Arg>>,
    /// The whole term.
    pub span: Span,
}

/// A bracketed parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// An integer, e.g. `4`.
    Int(Nat, Span),
    /// An inclusive range `l..r`.
    Range(Nat, Nat, Span),
    /// An octal code such as `0.137` or `4.07`, kept as written (without `_`).
    Code(String, Span),
    /// A double-quoted string (quotes removed, no escapes).
    Str(String, Span),
}

/// A parenthesised argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// An integer.
    Int(Nat, Span),
    /// A double-quoted string.
    Str(String, Span),
}

/// A partizan literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// A dyadic rational `num/den` (den a power of two, den ≥ 1, reduced form not required);
    /// integers have `den == 1`. `negative` is the sign.
    Number {
        /// Whether there is a leading `-`.
        negative: bool,
        /// Numerator magnitude.
        num: Nat,
        /// Denominator (1 for integers).
        den: Nat,
    },
    /// `*n` (`*` alone is `*1`; `*0` is 0).
    Star(Nat),
    /// `^` (up).
    Up,
    /// `v` (down).
    Down,
    /// `±x` or `+-x`: the switch `{x|-x}`.
    PlusMinus(Box<Literal>),
}

/// `{L1,L2,…|R1,R2,…}`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionsTerm {
    /// Left's options.
    pub left: Vec<Sum>,
    /// Right's options.
    pub right: Vec<Sum>,
    /// The whole term.
    pub span: Span,
}

impl Param {
    /// Where the parameter is.
    pub fn span(&self) -> Span {
        match self {
            Param::Int(_, s) | Param::Range(_, _, s) | Param::Code(_, s) | Param::Str(_, s) => *s,
        }
    }
}

impl Arg {
    /// Where the argument is.
    pub fn span(&self) -> Span {
        match self {
            Arg::Int(_, s) | Arg::Str(_, s) => *s,
        }
    }
}

impl Term {
    /// Where the term is.
    pub fn span(&self) -> Span {
        match self {
            Term::Family(f) => f.span,
            Term::Literal(_, s) => *s,
            Term::Options(o) => o.span,
        }
    }
}

impl Sum {
    /// Resets every span in the expression to `Span::default()`, so that two
    /// expressions can be compared by structure alone (e.g. a parse of the printed form
    /// against the original parse).
    pub fn clear_spans(&mut self) {
        for t in &mut self.terms {
            t.clear_spans();
        }
    }
}

impl Term {
    /// Resets every span in the term to `Span::default()` (see [`Sum::clear_spans`]).
    pub fn clear_spans(&mut self) {
        match self {
            Term::Family(f) => {
                f.name_span = Span::default();
                f.span = Span::default();
                for p in f.params.iter_mut().flatten() {
                    match p {
                        Param::Int(_, s)
                        | Param::Range(_, _, s)
                        | Param::Code(_, s)
                        | Param::Str(_, s) => *s = Span::default(),
                    }
                }
                for a in f.args.iter_mut().flatten() {
                    match a {
                        Arg::Int(_, s) | Arg::Str(_, s) => *s = Span::default(),
                    }
                }
            }
            Term::Literal(_, s) => *s = Span::default(),
            Term::Options(o) => {
                o.span = Span::default();
                for s in o.left.iter_mut().chain(o.right.iter_mut()) {
                    s.clear_spans();
                }
            }
        }
    }
}

impl Literal {
    /// The canonical spelling of the same literal: dyadic fractions reduced (`2/4` →
    /// `1/2`, `4/2` → `2`), no sign on zero, `*0` → `0`; applied inside `±` too.
    /// Denominators that are not powers of two (which the parser never produces) are
    /// only reduced by their common factors of two.
    pub(crate) fn normalized(&self) -> Literal {
        match self {
            Literal::Number { negative, num, den } => {
                if num.is_zero() {
                    return Literal::Number {
                        negative: false,
                        num: Nat::ZERO,
                        den: Nat::from(1u64),
                    };
                }
                let k = if den.is_zero() {
                    0
                } else {
                    trailing_zeros(num).min(trailing_zeros(den))
                };
                Literal::Number {
                    negative: *negative,
                    num: shr(num, k),
                    den: shr(den, k),
                }
            }
            Literal::Star(n) if n.is_zero() => Literal::Number {
                negative: false,
                num: Nat::ZERO,
                den: Nat::from(1u64),
            },
            Literal::PlusMinus(x) => Literal::PlusMinus(Box::new(x.normalized())),
            other => other.clone(),
        }
    }
}

/// Number of trailing zero bits of a non-zero `n` (0 for zero).
fn trailing_zeros(n: &Nat) -> u64 {
    match n {
        Nat::Small(0) => 0,
        Nat::Small(v) => u64::from(v.trailing_zeros()),
        Nat::Big(b) => b.trailing_zeros().unwrap_or(0),
    }
}

/// `n >> k`.
fn shr(n: &Nat, k: u64) -> Nat {
    match n {
        _ if k == 0 => n.clone(),
        Nat::Small(v) => Nat::Small(if k >= 64 { 0 } else { v >> k }),
        Nat::Big(b) => Nat::from_big(&**b >> k),
    }
}
