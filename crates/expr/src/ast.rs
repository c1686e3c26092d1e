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
    /// A family applied to parameters and arguments, e.g. `sub[1,3,4](10)`; without
    /// them, a bare name: a family (`kayles`) or a worksheet's variable (`g`, `G1`;
    /// a capitalised name is always a variable's).
    Family(FamilyTerm),
    /// A game literal of partizan notation: `0`, `3/4`, `-5/8`, `*`, `*3`, `^`, `v`, `±1`.
    Literal(Literal, Span),
    /// A game given by its options: `{A,B|C}` (slash levels `||` nest to the right).
    Options(OptionsTerm),
    /// An operator applied to one term: `-G`.
    Unary(UnaryOp, Box<Term>, Span),
    /// An operator applied to two terms, binding more tightly than `+`: `3 * G`.
    Binary(BinaryOp, Box<(Term, Term)>, Span),
    /// A parenthesised sum of two terms or more: `(G + H)`.
    Group(Box<Sum>, Span),
    /// A function of games: `Tiny(2)`.
    Call(CallTerm),
}

/// An operator of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// The negative `-G`: Left's and Right's roles exchanged.
    Neg,
}

/// An operator of two operands that binds more tightly than `+` and `-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `n * G`: the sum of `n` copies of `G` (of `-G` when `n < 0`), `n` an integer.
    Times,
    /// `G:H`: the ordinal sum (G's options, and G:H' for the options H' of H).
    Ordinal,
}

/// A function of games the language knows: its name (CGSuite's where it has one), how
/// it is called and one line of help. [`FUNCTION_HELP`] is the one list of them: the
/// parser's [`FUNCTIONS`], the evaluator's arities, `repl`'s `help NAME` and the guide's
/// table are all read from it (a test compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    /// The name, e.g. `Tiny`.
    pub name: &'static str,
    /// The call with its parameters, e.g. `Cool(G, t)`.
    pub usage: &'static str,
    /// What it gives, in one line.
    pub help: &'static str,
}

impl Function {
    /// How many arguments the function takes (those of its [`Function::usage`]).
    pub fn arity(&self) -> usize {
        self.usage.matches(',').count() + 1
    }
}

/// Every function of games, with its call and line of help.
pub const FUNCTION_HELP: [Function; 17] = [
    Function {
        name: "Tiny",
        usage: "Tiny(G)",
        help: "tiny-G = {0||0|-G}",
    },
    Function {
        name: "Miny",
        usage: "Miny(G)",
        help: "miny-G = {G|0||0}",
    },
    Function {
        name: "NimProduct",
        usage: "NimProduct(*a, *b)",
        help: "the nim product of two nimbers below 2^128: NimProduct(*4, *4) = *6",
    },
    Function {
        name: "NortonMultiply",
        usage: "NortonMultiply(G, U)",
        help: "Norton's product G.U, for U > 0",
    },
    Function {
        name: "Conjunctive",
        usage: "Conjunctive(G, H)",
        help: "the conjunctive compound: move in every component; it ends when one ends",
    },
    Function {
        name: "Selective",
        usage: "Selective(G, H)",
        help: "the selective compound: move in one component or more",
    },
    Function {
        name: "LeftOption",
        usage: "LeftOption(G, i)",
        help: "the i-th Left option (from 1) of G's canonical form, as value prints them",
    },
    Function {
        name: "RightOption",
        usage: "RightOption(G, i)",
        help: "the i-th Right option (from 1) of G's canonical form, as value prints them",
    },
    Function {
        name: "Mean",
        usage: "Mean(G)",
        help: "the mean value of G (a number)",
    },
    Function {
        name: "Temperature",
        usage: "Temperature(G)",
        help: "the temperature of G (a number; a number's is negative)",
    },
    Function {
        name: "LeftStop",
        usage: "LeftStop(G)",
        help: "the left stop of G (a number)",
    },
    Function {
        name: "RightStop",
        usage: "RightStop(G)",
        help: "the right stop of G (a number)",
    },
    Function {
        name: "AtomicWeight",
        usage: "AtomicWeight(G)",
        help: "the atomic weight of an all-small game G (a game)",
    },
    Function {
        name: "Birthday",
        usage: "Birthday(G)",
        help: "the birthday of G (an integer)",
    },
    Function {
        name: "Cool",
        usage: "Cool(G, t)",
        help: "G cooled by the number t >= 0",
    },
    Function {
        name: "Heat",
        usage: "Heat(G, t)",
        help: "G heated by the number t",
    },
    Function {
        name: "Overheat",
        usage: "Overheat(G, s, t)",
        help: "G overheated from s to t (numbers)",
    },
];

/// The functions of games the language knows, by name (CGSuite's names where it has
/// them): the names of [`FUNCTION_HELP`].
pub const FUNCTIONS: [&str; FUNCTION_HELP.len()] = {
    let mut names = [""; FUNCTION_HELP.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = FUNCTION_HELP[i].name;
        i += 1;
    }
    names
};

/// The entry of [`FUNCTION_HELP`] named `name`, if any.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTION_HELP.iter().find(|f| f.name == name)
}

/// `Name(G, …)`: a function (one of [`FUNCTIONS`]) applied to games.
#[derive(Clone, Debug, PartialEq)]
pub struct CallTerm {
    /// The function's name, e.g. `Tiny`.
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// The arguments, each a sum.
    pub args: Vec<Sum>,
    /// The whole term.
    pub span: Span,
}

/// How two games compare, as written between them: `G <= H`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `==`: equal.
    Eq,
    /// `!=`: not equal.
    Ne,
    /// `<=`: less than or equal.
    Le,
    /// `>=`: greater than or equal.
    Ge,
    /// `<`: less than.
    Lt,
    /// `>`: greater than.
    Gt,
    /// `<>`: confused with (incomparable).
    Confused,
    /// `<|`: less than or confused with (not `>=`).
    LessOrConfused,
    /// `|>`: greater than or confused with (not `<=`).
    GreaterOrConfused,
}

impl Relation {
    /// Every relation, in the order of [`Relation::symbol`]'s table.
    pub const ALL: [Relation; 9] = [
        Relation::Eq,
        Relation::Ne,
        Relation::Le,
        Relation::Ge,
        Relation::Lt,
        Relation::Gt,
        Relation::Confused,
        Relation::LessOrConfused,
        Relation::GreaterOrConfused,
    ];

    /// How the relation is written (CGSuite's spelling): `==`, `!=`, `<=`, `>=`, `<`,
    /// `>`, `<>`, `<|`, `|>`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Eq => "==",
            Relation::Ne => "!=",
            Relation::Le => "<=",
            Relation::Ge => ">=",
            Relation::Lt => "<",
            Relation::Gt => ">",
            Relation::Confused => "<>",
            Relation::LessOrConfused => "<|",
            Relation::GreaterOrConfused => "|>",
        }
    }

    /// Whether the relation holds when `G ≤ H` is `le` and `H ≤ G` is `ge`.
    pub fn holds(self, le: bool, ge: bool) -> bool {
        match self {
            Relation::Eq => le && ge,
            Relation::Ne => !(le && ge),
            Relation::Le => le,
            Relation::Ge => ge,
            Relation::Lt => le && !ge,
            Relation::Gt => ge && !le,
            Relation::Confused => !le && !ge,
            Relation::LessOrConfused => !ge,
            Relation::GreaterOrConfused => !le,
        }
    }
}

/// A whole expression of `value`: a sum, or two sums compared (`G <= H`).
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// The sum, or the left side of the comparison.
    pub sum: Sum,
    /// The relation, where it is written and the right side, if any.
    pub compare: Option<(Relation, Span, Sum)>,
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
    /// A rational `num/den` (den ≥ 1, reduced form not required; a power of two for
    /// the number of a short game); integers have `den == 1`. `negative` is the sign.
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
    /// A number, ups and a nimber written side by side as CGSuite prints them, with at
    /// least two of the three parts (a single part is `Number`, `Up`, `Down` or
    /// `Star`): `3*` (= 3 + *), `1/2^`, `^^`, `v3*2`, `-1^` (the sign is the number's).
    Nus {
        /// The number part, a `Literal::Number`.
        number: Box<Literal>,
        /// Whether the ups are downs.
        down: bool,
        /// How many ups (or downs).
        ups: Nat,
        /// The nimber part (`0` for none).
        star: Nat,
    },
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
            Term::Unary(_, _, s) | Term::Binary(_, _, s) | Term::Group(_, s) => *s,
            Term::Call(c) => c.span,
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
            Term::Unary(_, t, s) => {
                *s = Span::default();
                t.clear_spans();
            }
            Term::Binary(_, ts, s) => {
                *s = Span::default();
                ts.0.clear_spans();
                ts.1.clear_spans();
            }
            Term::Group(sum, s) => {
                *s = Span::default();
                sum.clear_spans();
            }
            Term::Call(c) => {
                c.name_span = Span::default();
                c.span = Span::default();
                for a in &mut c.args {
                    a.clear_spans();
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
            Literal::Nus {
                number,
                down,
                ups,
                star,
            } => {
                let number = number.normalized();
                let no_number = matches!(&number, Literal::Number { num, .. } if num.is_zero());
                match (no_number, ups.is_zero(), star.is_zero()) {
                    (_, true, true) => number,
                    (true, true, false) => Literal::Star(star.clone()),
                    (true, false, true) if *ups == Nat::from(1u64) => {
                        if *down {
                            Literal::Down
                        } else {
                            Literal::Up
                        }
                    }
                    _ => Literal::Nus {
                        number: Box::new(number),
                        down: *down && !ups.is_zero(),
                        ups: ups.clone(),
                        star: star.clone(),
                    },
                }
            }
            other => other.clone(),
        }
    }
}

impl Literal {
    /// The negative of the literal: `-x`, ups and downs exchanged; a nimber and a
    /// switch `±x` are their own negatives.
    pub fn negated(&self) -> Literal {
        match self {
            Literal::Number { negative, num, den } => Literal::Number {
                negative: !negative && !num.is_zero(),
                num: num.clone(),
                den: den.clone(),
            },
            Literal::Up => Literal::Down,
            Literal::Down => Literal::Up,
            Literal::Nus {
                number,
                down,
                ups,
                star,
            } => Literal::Nus {
                number: Box::new(number.negated()),
                down: !down && !ups.is_zero(),
                ups: ups.clone(),
                star: star.clone(),
            },
            Literal::Star(_) | Literal::PlusMinus(_) => self.clone(),
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
