//! Parser for game expressions (SPEC §1).
//!
//! A hand-written recursive-descent parser that works on the bytes of the input: numbers
//! are converted in place (eight digits at a time while they fit in 64 bits), nothing is
//! allocated per number, and the character column of an error is only computed when an
//! error is produced. Parsing `nim(a1,…,a1000000)` (about 19 MB of text) costs about
//! 12 ms of CPU time; writing the 40 MB of `Arg`s it produces into fresh memory costs
//! about as much again.
//!
//! Lexical conventions, beyond the grammar of SPEC §1:
//!
//! * Whitespace (space, tab, `\n`, `\r`) may stand between any two tokens, e.g.
//!   `nim ( 3 , 4 )`, `3 / 4`, `- 5`, `* 2`, `1 .. 5`. It may not stand inside a
//!   token: a number, a name, an octal code (`0.137`), the range operator `..`, the
//!   `+-` of a switch, or a run of bars (`||` is one slash level 2, `| |` two bars of
//!   level 1).
//! * `_` may stand between two digits of a number (`1_000_000`), never at its start or
//!   end nor twice in a row.
//! * Partizan literals, in CGSuite's notation (every form the printer of canonical
//!   forms writes): `0`, `5`, `-3`, `3/4`, `-5/8` (the denominator must be a power of
//!   two), `*` (= `*1`), `*n`, `^` (up), `^^`, `^n` (n ups), `v`, `vv`, `vn` (downs),
//!   `↑`, `⇑`, `↓`, `⇓`, and a number, ups and a nimber side by side, without spaces
//!   between number and ups (`3*`, `1/2^`, `-1v3*2`: their sum; a leading `-` is the
//!   number's sign alone). Names made of `v`s only, or of `v` and digits, are downs
//!   unless `[` or `(` follows (`vv(3)` is a family); other names such as `vx(3)`,
//!   `v1_0` are always families.
//! * `±G` and `+-G`: the switch `{G|-G}`; `±{A,B}` and `±(A,B)` (a list without bars)
//!   are `{A,B|-A,-B}`. `±x` of a literal stays a literal.
//! * Functions of [`FUNCTIONS`]: `Tiny(G)`, `Miny(G)`; `xTiny(y)` after a number is
//!   `x + Tiny(y)`.
//! * Names: a lower-case name without `[…]` or `(…)` (`g`, `left_1`) and a
//!   capitalised name not followed by `(` or `[` (`G`, `G1`, `Left_1`, and `Mean`
//!   without its parentheses) are both a bare [`FamilyTerm`]: a worksheet's variable
//!   (or, lower-case, a family without arguments). No literal starts with a capital,
//!   so a capitalised name is never a game of the notation. A capitalised name
//!   followed by `(` must be a function; followed by `[` it is an error.
//! * Operators, CGSuite's: `-G` (negation; an even number of signs cancels), `G - H`
//!   (read as `G + (-H)`), `n * G` (n copies of G; the integer n comes first, and a
//!   `*` followed by digits is always a nimber, so `3*2` is `3 + *2`), `(…)` grouping.
//!   `+` and `-` group to the left; `*` binds more tightly. [`parse_statement`] also
//!   reads one comparison between two sums (`==`, `!=`, `<=`, `>=`, `<`, `>`, `<>`,
//!   `<|`, `|>`, `≤`, `≥`, `≠`); comparisons do not chain.
//! * `+-` (adjacent) and `±` introduce a switch only where a term starts. After a term a
//!   `+` is always the sum operator, so `a +-1` is `a + (-1)` and the switch must be
//!   written `a + +-1` or `a + ±1`.
//! * Literals are returned normalised (see [`Literal::normalized`]): `2/4` gives `1/2`,
//!   `4/2` gives `2`, `-0` gives `0` and `*0` gives the number `0`.
//! * In `{…|…}`, a longer run of bars binds more loosely (CGSuite convention):
//!   `{a||b|c}` is `{a|{b|c}}`, `{a|b||c}` is `{{a|b}|c}`. Two runs of the same length
//!   at the same level (`{a|b|c}`) are ambiguous and rejected. Either side may be
//!   empty: `{|}` is 0 and `{0|}` is 1. Each option is a whole sum (`{nim(1)+*|0}`).
//! * Nesting of options (braces and slash levels together), parentheses, signs and
//!   function calls deeper than [`MAX_NESTING`] is an error, so no input can exhaust
//!   the stack.
//! * Errors after a term may carry a hint for the usual slips ([`ParseError::hint`]).
//!
//! Errors report the 1-based column in characters counted from the start of the input
//! (a newline counts as one character); [`ParseError::line_col`] converts it to a line
//! and a column within that line for multi-line input.

use super::ast::{
    Arg, BinaryOp, CallTerm, FUNCTIONS, FamilyTerm, Literal, OptionsTerm, Param, Relation, Span,
    Statement, Sum, Term, UnaryOp,
};
use smallvec::SmallVec;
use sprague_core::nat::Nat;

/// Longest integer accepted, in characters (digits and `_`): reading decimal digits
/// costs time quadratic in their number, so the parser bounds it.
pub const MAX_DIGITS: usize = 100_000;

/// Deepest nesting of `{…|…}` accepted (braces and slash levels both count).
pub const MAX_NESTING: usize = 256;

/// A syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column (in characters) where the error is.
    pub column: usize,
    /// What was expected.
    pub expected: String,
    /// What was found.
    pub found: String,
    /// What the user may have meant, in parentheses after a space (`" (did you mean
    /// '=='?)"`), or empty.
    pub hint: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "column {}: expected {}, found {}{}",
            self.column, self.expected, self.found, self.hint
        )
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    /// The error with a hint (none if `hint` is empty).
    pub(crate) fn with_hint(mut self, hint: String) -> ParseError {
        if !hint.is_empty() {
            self.hint = format!(" ({hint})");
        }
        self
    }

    /// The error's position in `src` (the text that was parsed) as a 1-based
    /// `(line, column)` pair, where lines are separated by `\n`. For single-line input
    /// this is `(1, self.column)`.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        let mut line = 1;
        let mut col = 1;
        for c in src.chars().take(self.column.saturating_sub(1)) {
            if c == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        (line, col)
    }
}

/// Parses a sum expression (SPEC §1), e.g. `nim(3,4,5) + sub[1,3..5](10) + {1|-1}`.
///
/// ```
/// use sprague_expr::{parse, Term};
/// let sum = parse("nim(3,4) + 3/4").unwrap();
/// assert_eq!(sum.terms.len(), 2);
/// assert!(matches!(sum.terms[1], Term::Literal(..)));
/// let err = parse("nim(3,").unwrap_err();
/// assert_eq!(err.to_string(), "column 7: expected a number or a string, found end of input");
/// ```
pub fn parse(src: &str) -> Result<Sum, ParseError> {
    let mut p = Parser {
        src,
        b: src.as_bytes(),
        pos: 0,
        depth: 0,
        variable: None,
        uses: Vec::new(),
    };
    p.sum(Ctx::Top).map(|(sum, _)| sum)
}

/// Parses a sum (as [`parse`]) in which the lower-case name `variable` may stand for
/// a number in the parameters of a family: alone (`bash[k]`) or as a bound of a range
/// (`sub[2..k]`). Each use is read as the number 1 in the syntax tree, and the spans
/// of the uses are returned in order: [`substitute`] writes the text with a value in
/// their place. The name stands nowhere else (not in arguments, not in strings).
///
/// ```
/// use sprague_expr::{parse_with_variable, substitute};
/// let (sum, uses) = parse_with_variable("bash[k](3,5) + sub[2..k](9)", "k").unwrap();
/// assert_eq!((sum.terms.len(), uses.len()), (2, 2));
/// assert_eq!(substitute("bash[k](3,5) + sub[2..k](9)", &uses, "10"), "bash[10](3,5) + sub[2..10](9)");
/// assert!(parse_with_variable("nim(k)", "k").is_err());
/// ```
pub fn parse_with_variable(src: &str, variable: &str) -> Result<(Sum, Vec<Span>), ParseError> {
    let mut p = Parser {
        src,
        b: src.as_bytes(),
        pos: 0,
        depth: 0,
        variable: Some(variable),
        uses: Vec::new(),
    };
    let (sum, _) = p.sum(Ctx::Top)?;
    Ok((sum, p.uses))
}

/// `src` with `value` written in place of each span of `uses` (sorted, disjoint, as
/// [`parse_with_variable`] gives them).
pub fn substitute(src: &str, uses: &[Span], value: &str) -> String {
    let mut out = String::with_capacity(src.len() + uses.len() * value.len());
    let mut at = 0;
    for u in uses {
        out.push_str(src.get(at..u.start).unwrap_or(""));
        out.push_str(value);
        at = u.end;
    }
    out.push_str(src.get(at..).unwrap_or(""));
    out
}

/// Parses what `value` reads: a sum (as [`parse`]), or two sums compared with one of
/// the relations of CGSuite, `==`, `!=`, `<=`, `>=`, `<`, `>`, `<>` (confused), `<|`
/// (less or confused), `|>` (greater or confused); `≤`, `≥`, `≠` are read too.
///
/// ```
/// use sprague_expr::{parse_statement, Relation};
/// let s = parse_statement("^ + ^ + * > 0").unwrap();
/// assert_eq!(s.sum.terms.len(), 3);
/// assert_eq!(s.compare.map(|(r, _, _)| r), Some(Relation::Gt));
/// assert!(parse_statement("0 < ^ < 1").is_err());
/// ```
pub fn parse_statement(src: &str) -> Result<Statement, ParseError> {
    let mut p = Parser {
        src,
        b: src.as_bytes(),
        pos: 0,
        depth: 0,
        variable: None,
        uses: Vec::new(),
    };
    let (sum, _) = p.sum(Ctx::Statement)?;
    let Some((rel, len)) = p.relation() else {
        return Ok(Statement { sum, compare: None });
    };
    let span = Span {
        start: p.pos,
        end: p.pos + len,
    };
    p.pos += len;
    let (rhs, _) = p.sum(Ctx::Rhs)?;
    Ok(Statement {
        sum,
        compare: Some((rel, span, rhs)),
    })
}

/// Where a sum is being parsed: decides which tokens may follow it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// The whole input: the sum ends at the end of input.
    Top,
    /// An option inside `{…}`: the sum ends at `,`, `|` or `}`.
    Options,
    /// The left side of a statement: the sum ends at a comparison or the end of input.
    Statement,
    /// The right side of a comparison: the sum ends at the end of input.
    Rhs,
    /// Inside `( … )`: the sum ends at `)`.
    Group,
    /// An argument of a function or a list `( … , … )`: the sum ends at `,` or `)`.
    Args,
}

/// Tokens that could have continued the term just parsed (for error messages).
#[derive(Clone, Copy, Default)]
struct Cont {
    number: bool,
    slash: bool,
    params: bool,
    args: bool,
}

/// Where a list of options is, inside `{…}`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OptState {
    /// After `{` or a run of bars.
    Start,
    /// After an option.
    AfterOption,
    /// After a `,`.
    AfterComma,
}

/// The options between two separators of a `{…}`.
struct OptList {
    sums: Vec<Sum>,
    height: usize,
    span: Span,
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    /// Number of `{` currently open.
    depth: usize,
    /// The name that may stand for a number in parameters ([`parse_with_variable`]).
    variable: Option<&'a str>,
    /// Where the variable was used.
    uses: Vec<Span>,
}

const AMBIGUOUS_BARS: &str =
    "',', '}' or a different number of '|' (equal slash levels are ambiguous)";

impl<'a> Parser<'a> {
    // ----- low-level helpers -------------------------------------------------------

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.pos) {
            self.pos += 1;
        }
    }

    fn at_digit(&self) -> bool {
        matches!(self.peek(), Some(b'0'..=b'9'))
    }

    /// Whether a term can start at the current position.
    fn at_term_start(&self) -> bool {
        match self.peek() {
            Some(b'a'..=b'z' | b'0'..=b'9' | b'-' | b'*' | b'^' | b'{' | b'(') => true,
            Some(b'+') => self.b.get(self.pos + 1) == Some(&b'-'),
            Some(0xC2) => self.b.get(self.pos + 1) == Some(&0xB1),
            Some(0xE2) => arrow(&self.b[self.pos..]).is_some(),
            Some(b'A'..=b'Z') => {
                self.function_at(self.pos).is_some() || self.name_at(self.pos).is_some()
            }
            _ => false,
        }
    }

    /// An error at byte offset `at`, describing the token found there.
    fn error_at(&self, at: usize, expected: impl Into<String>) -> ParseError {
        let at = at.min(self.b.len());
        // Characters before `at`: every byte that is not a UTF-8 continuation byte.
        let column = self.b[..at].iter().filter(|&&c| c & 0xC0 != 0x80).count() + 1;
        ParseError {
            column,
            expected: expected.into(),
            found: self.describe(at),
            hint: String::new(),
        }
    }

    fn error_here(&self, expected: impl Into<String>) -> ParseError {
        self.error_at(self.pos, expected)
    }

    /// A short description of the token at byte offset `at`.
    fn describe(&self, at: usize) -> String {
        let b = self.b;
        let run = |ok: fn(u8) -> bool| {
            let end = b[at..]
                .iter()
                .position(|&c| !ok(c))
                .map_or(b.len(), |k| at + k);
            truncate(self.src.get(at..end).unwrap_or(""))
        };
        match b.get(at) {
            None => "end of input".to_string(),
            Some(b'0'..=b'9') => format!("number {}", run(|c| c.is_ascii_digit() || c == b'_')),
            Some(b'a'..=b'z') => format!(
                "'{}'",
                run(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
            ),
            Some(b'A'..=b'Z') => format!("'{}'", run(|c| c.is_ascii_alphanumeric() || c == b'_')),
            Some(b'|') => format!("'{}'", run(|c| c == b'|')),
            Some(b'"') => {
                let rest = &b[at + 1..];
                match rest.iter().position(|&c| matches!(c, b'"' | b'\n' | b'\r')) {
                    Some(k) if rest[k] == b'"' => format!(
                        "string \"{}\"",
                        truncate(self.src.get(at + 1..at + 1 + k).unwrap_or(""))
                    ),
                    _ => "'\"'".to_string(),
                }
            }
            Some(_) => match self.src.get(at..).and_then(|s| s.chars().next()) {
                Some(c) => format!("'{}'", c.escape_debug()),
                None => "an invalid character".to_string(),
            },
        }
    }

    // ----- numbers and strings -----------------------------------------------------

    /// Reads an integer starting at the current position, which must be a digit.
    #[inline(always)]
    fn int(&mut self) -> Result<Nat, ParseError> {
        match self.small_int() {
            Some(v) => Ok(Nat::Small(v)),
            None => self.int_general(),
        }
    }

    /// The common case of [`Parser::int`], returned in a register: at most 19 digits
    /// without `_`, followed by a byte that is neither a digit nor `_`. Returns `None`
    /// (without moving) for anything else.
    #[inline(always)]
    fn small_int(&mut self) -> Option<u64> {
        let b = self.b;
        let mut i = self.pos;
        let mut acc: u64 = 0;
        let mut ndig = 0;
        while ndig < 16 {
            let Some(chunk) = b.get(i..i + 8) else {
                break;
            };
            let v = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).ok()?);
            if !eight_digits(v) {
                break;
            }
            acc = acc * 100_000_000 + u64::from(parse_eight_digits(v));
            i += 8;
            ndig += 8;
        }
        while let Some(&d @ b'0'..=b'9') = b.get(i) {
            if ndig == 19 {
                return None;
            }
            acc = acc * 10 + u64::from(d - b'0');
            ndig += 1;
            i += 1;
        }
        if b.get(i) == Some(&b'_') {
            return None;
        }
        self.pos = i;
        Some(acc)
    }

    /// [`Parser::int`] for numbers with `_` separators or of 20 digits or more.
    #[inline(never)]
    fn int_general(&mut self) -> Result<Nat, ParseError> {
        let b = self.b;
        let start = self.pos;
        let mut i = start;
        let mut acc: u64 = 0;
        // Digits consumed into `acc`; 19 decimal digits always fit in a u64.
        let mut ndig = 0;
        while ndig + 8 <= 19 {
            match b.get(i..i + 8) {
                Some(chunk) => {
                    let mut word = [0u8; 8];
                    word.copy_from_slice(chunk);
                    let v = u64::from_le_bytes(word);
                    if !eight_digits(v) {
                        break;
                    }
                    acc = acc * 100_000_000 + u64::from(parse_eight_digits(v));
                    i += 8;
                    ndig += 8;
                }
                None => break,
            }
        }
        loop {
            match b.get(i) {
                Some(&d @ b'0'..=b'9') => {
                    if ndig == 19 {
                        return self.int_slow(start);
                    }
                    acc = acc * 10 + u64::from(d - b'0');
                    ndig += 1;
                    i += 1;
                }
                Some(b'_') => {
                    if !matches!(b.get(i + 1), Some(b'0'..=b'9')) {
                        return Err(self.error_at(i + 1, "a digit after '_'"));
                    }
                    i += 1;
                }
                _ => break,
            }
        }
        self.pos = i;
        Ok(Nat::Small(acc))
    }

    /// [`Parser::int`] for numbers of 20 digits or more.
    fn int_slow(&mut self, start: usize) -> Result<Nat, ParseError> {
        let end = self.digit_run_end(start)?;
        if end - start > MAX_DIGITS {
            return Err(self.error_at(start, format!("a number of at most {MAX_DIGITS} digits")));
        }
        let n = Nat::from_decimal_bytes(&self.b[start..end])
            .ok_or_else(|| self.error_at(start, "a number"))?;
        self.pos = end;
        Ok(n)
    }

    /// End of the run of digits (with single `_` between digits) starting at `start`.
    fn digit_run_end(&self, start: usize) -> Result<usize, ParseError> {
        let b = self.b;
        let mut i = start;
        loop {
            match b.get(i) {
                Some(b'0'..=b'9') => i += 1,
                Some(b'_') => {
                    if !matches!(b.get(i + 1), Some(b'0'..=b'9')) {
                        return Err(self.error_at(i + 1, "a digit after '_'"));
                    }
                    i += 1;
                }
                _ => return Ok(i),
            }
        }
    }

    /// Reads a double-quoted string starting at the current position (a `"`).
    fn string(&mut self) -> Result<(String, Span), ParseError> {
        let start = self.pos;
        let rest = &self.b[start + 1..];
        match rest.iter().position(|&c| matches!(c, b'"' | b'\n' | b'\r')) {
            Some(k) if rest[k] == b'"' => {
                let text = self.src.get(start + 1..start + 1 + k).unwrap_or("");
                self.pos = start + k + 2;
                Ok((
                    text.to_string(),
                    Span {
                        start,
                        end: self.pos,
                    },
                ))
            }
            Some(k) => Err(self.error_at(start + 1 + k, "'\"' to close the string")),
            None => Err(self.error_at(self.b.len(), "'\"' to close the string")),
        }
    }

    /// Reads a number literal (`5`, `3/4`) whose first digit is at the current position;
    /// `negative` is whether a `-` preceded it. Returns whether a `/` was read.
    fn number(&mut self, negative: bool) -> Result<(Literal, bool), ParseError> {
        let num = self.int()?;
        let save = self.pos;
        self.skip_ws();
        if self.peek() != Some(b'/') {
            self.pos = save;
            let lit = Literal::Number {
                negative,
                num,
                den: Nat::from(1u64),
            };
            return Ok((lit.normalized(), false));
        }
        self.pos += 1;
        self.skip_ws();
        if !self.at_digit() {
            return Err(self.error_here("a number"));
        }
        let den_start = self.pos;
        let den = self.int()?;
        if den.is_zero() {
            return Err(self.error_at(den_start, "a nonzero denominator"));
        }
        let lit = Literal::Number { negative, num, den };
        Ok((lit.normalized(), true))
    }

    // ----- grammar -----------------------------------------------------------------

    /// `sum := term (('+' | '-') term)*`, followed by what `ctx` allows. Returns the sum
    /// and the depth of nesting inside it. `G - H` is read as `G + (-H)`.
    ///
    /// `sum`, `term` and `options` recurse once per level of nesting, so they keep few
    /// locals and leave all other work to helpers: their frames stay small even in debug
    /// builds, where a level of nesting would otherwise take several kilobytes of stack.
    fn sum(&mut self, ctx: Ctx) -> Result<(Sum, usize), ParseError> {
        // Most sums, and nearly all options, have a single term.
        let mut terms = Vec::with_capacity(1);
        let mut height = 0;
        let mut minus = None;
        loop {
            let (term, h, cont) = self.term()?;
            terms.push(match minus {
                Some(at) => {
                    let end = term.span().end;
                    widen(negated(term), at, end)
                }
                None => term,
            });
            height = height.max(h);
            match self.after_term(ctx, cont)? {
                Some(m) => minus = m.then_some(self.pos - 1),
                None => return Ok((Sum { terms }, height)),
            }
        }
    }

    /// After a term of a sum: consumes a `+` (returns `Some(false)`) or a `-`
    /// (`Some(true)`), or returns `None` at the end of the sum.
    #[inline(never)]
    fn after_term(&mut self, ctx: Ctx, cont: Cont) -> Result<Option<bool>, ParseError> {
        self.skip_ws();
        match (self.peek(), ctx) {
            (Some(b'+'), _) => {
                self.pos += 1;
                Ok(Some(false))
            }
            (Some(b'-'), _) => {
                self.pos += 1;
                Ok(Some(true))
            }
            (None, Ctx::Top | Ctx::Statement | Ctx::Rhs)
            | (Some(b',' | b'|' | b'}'), Ctx::Options)
            | (Some(b')'), Ctx::Group)
            | (Some(b',' | b')'), Ctx::Args) => Ok(None),
            (_, Ctx::Statement) if self.relation().is_some() => Ok(None),
            _ => Err(self.after_term_error(ctx, cont)),
        }
    }

    /// The error where a term of a sum in `ctx` ended and nothing that may follow it
    /// came, with a hint for the usual slips.
    #[inline(never)]
    fn after_term_error(&self, ctx: Ctx, cont: Cont) -> ParseError {
        let e = self.error_here(expected_after(cont, ctx));
        let rel = self.relation();
        let hint = match (self.peek(), ctx) {
            (_, Ctx::Top) if rel.is_some() => {
                "comparisons such as G <= H are answered by `sprague value`".to_string()
            }
            (_, Ctx::Rhs) if rel.is_some() => {
                "comparisons do not chain: compare two games at a time".to_string()
            }
            (Some(b'='), Ctx::Statement | Ctx::Rhs) => "did you mean '=='?".to_string(),
            (Some(b'*'), _) => {
                "a multiple is written with the integer first, e.g. 3 * {1|0}".to_string()
            }
            (Some(b'.'), _) => {
                "a multiple is written n * G, e.g. 2 * ^; Norton's product G.U is NortonMultiply(G, U)"
                    .to_string()
            }
            _ => String::new(),
        };
        e.with_hint(hint)
    }

    /// The relation written at the current position, and its length in bytes.
    fn relation(&self) -> Option<(Relation, usize)> {
        let rest = &self.b[self.pos..];
        const TOKENS: [(&str, Relation); 12] = [
            ("==", Relation::Eq),
            ("!=", Relation::Ne),
            ("<=", Relation::Le),
            (">=", Relation::Ge),
            ("<>", Relation::Confused),
            ("<|", Relation::LessOrConfused),
            ("|>", Relation::GreaterOrConfused),
            ("≤", Relation::Le),
            ("≥", Relation::Ge),
            ("≠", Relation::Ne),
            ("<", Relation::Lt),
            (">", Relation::Gt),
        ];
        TOKENS
            .iter()
            .find(|(t, _)| rest.starts_with(t.as_bytes()))
            .map(|&(t, r)| (r, t.len()))
    }

    /// One term: a primary, or `n * G`. Returns it, its nesting depth and what could
    /// have continued it.
    fn term(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        self.skip_ws();
        let start = self.pos;
        let first = self.multiple()?;
        let save = self.pos;
        self.skip_ws();
        if self.peek() == Some(b':') {
            return self.ordinal(first, start);
        }
        self.pos = save;
        Ok(first)
    }

    /// `G:H:…` after its first operand, at the first `:`: ordinal sums, binding more
    /// loosely than `n * G` and more tightly than `+` (CGSuite's precedence), grouped
    /// to the left. Each link counts as a level of nesting.
    #[inline(never)]
    fn ordinal(
        &mut self,
        first: (Term, usize, Cont),
        start: usize,
    ) -> Result<(Term, usize, Cont), ParseError> {
        let (mut term, mut h, mut cont) = first;
        let mut links = 0;
        loop {
            let save = self.pos;
            self.skip_ws();
            if self.peek() != Some(b':') {
                self.pos = save;
                break;
            }
            let colon = self.pos;
            self.enter(colon)?;
            links += 1;
            self.pos += 1;
            self.skip_ws();
            if !self.at_term_start() {
                self.depth -= links;
                return Err(self.error_here("a game expression after ':'"));
            }
            let (rhs, rh, c) = self.multiple()?;
            let span = Span {
                start,
                end: self.pos,
            };
            term = Term::Binary(BinaryOp::Ordinal, Box::new((term, rhs)), span);
            h = 1 + h.max(rh);
            cont = c;
        }
        self.depth -= links;
        Ok((term, h, cont))
    }

    /// A primary, or `n * G`.
    fn multiple(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        self.skip_ws();
        let start = self.pos;
        let (term, h, cont) = self.primary()?;
        let save = self.pos;
        self.skip_ws();
        if self.peek() == Some(b'*') && self.multiplicand_follows(self.pos + 1) {
            return self.times(term, h, start);
        }
        self.pos = save;
        Ok((term, h, cont))
    }

    /// `n * G` after its integer `n` (`lhs`), at the `*`.
    #[inline(never)]
    fn times(
        &mut self,
        lhs: Term,
        h: usize,
        start: usize,
    ) -> Result<(Term, usize, Cont), ParseError> {
        let star = self.pos;
        let integer = matches!(&lhs, Term::Literal(Literal::Number { den, .. }, _) if *den == Nat::from(1u64));
        if !integer {
            let e = self.error_at(star, "'+' or '-'");
            if !matches!(lhs, Term::Literal(..)) {
                return Err(e.with_hint(
                    "a multiple is written with the integer first, e.g. 3 * {1|0}".to_string(),
                ));
            }
            let lhs_text = self.src.get(start..star).unwrap_or("").trim_end();
            let rest = self.src.get(star + 1..).unwrap_or("").trim_start();
            return Err(e.with_hint(format!(
                "did you mean '{}* + {}'? a multiple n * G needs an integer n",
                truncate(lhs_text),
                truncate(rest)
            )));
        }
        self.pos += 1;
        self.skip_ws();
        self.enter(start)?;
        let (rhs, rh, cont) = self.primary()?;
        self.depth -= 1;
        let span = Span {
            start,
            end: self.pos,
        };
        let term = Term::Binary(BinaryOp::Times, Box::new((lhs, rhs)), span);
        Ok((term, 1 + h.max(rh), cont))
    }

    /// Whether a multiplicand can start at byte `at` (after a `*`, spaces skipped): a
    /// term other than a number (`*` before digits is a nimber).
    fn multiplicand_follows(&self, mut at: usize) -> bool {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(at) {
            at += 1;
        }
        match self.b.get(at) {
            Some(b'{' | b'(' | b'^' | b'*' | b'a'..=b'z') => true,
            Some(b'A'..=b'Z') => self.function_at(at).is_some() || self.name_at(at).is_some(),
            Some(0xE2) => arrow(&self.b[at..]).is_some(),
            _ => false,
        }
    }

    /// Enters one more level of nesting at `at`, within [`MAX_NESTING`].
    fn enter(&mut self, at: usize) -> Result<(), ParseError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error_at(at, format!("at most {MAX_NESTING} nested braces")));
        }
        self.depth += 1;
        Ok(())
    }

    /// A term other than `n * G`: `{…}`, `(…)`, `-G`, `±G`, a literal, a family or a
    /// function.
    fn primary(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        self.skip_ws();
        match self.peek() {
            Some(b'{') => self.options(false).map(|(t, h, c, _)| (t, h, c)),
            Some(b'(') => self.group(),
            Some(b'-') if !self.digit_after(self.pos + 1) => self.negation(),
            Some(b'+' | 0xC2) if self.at_term_start() => self.switch(),
            Some(b'A'..=b'Z') if self.function_at(self.pos).is_some() => self.call(),
            Some(b'A'..=b'Z') if self.name_at(self.pos).is_some() => Ok(self.name()),
            _ => {
                let (term, cont) = self.leaf_term()?;
                Ok((term, 0, cont))
            }
        }
    }

    /// Whether a digit comes at byte `at`, spaces skipped.
    fn digit_after(&self, mut at: usize) -> bool {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(at) {
            at += 1;
        }
        matches!(self.b.get(at), Some(b'0'..=b'9'))
    }

    /// The length of the name of a function of [`FUNCTIONS`] at `at` followed by `(`.
    fn function_at(&self, at: usize) -> Option<usize> {
        let rest = &self.b[at..];
        let len = rest
            .iter()
            .position(|c| !c.is_ascii_alphanumeric() && *c != b'_')
            .unwrap_or(rest.len());
        let name = &rest[..len];
        (FUNCTIONS.iter().any(|f| f.as_bytes() == name) && rest.get(len) == Some(&b'('))
            .then_some(len)
    }

    /// The length of a capitalised name at `at` that stands alone (a worksheet's
    /// variable, e.g. `G`, `G1`, `Left_1`): an upper-case letter, then letters, digits
    /// and `_`, not followed by `(` or `[` (a call, or a family written with capitals,
    /// which is an error at the name).
    fn name_at(&self, at: usize) -> Option<usize> {
        let rest = &self.b[at..];
        if !rest.first().is_some_and(u8::is_ascii_uppercase) {
            return None;
        }
        let len = rest
            .iter()
            .position(|c| !c.is_ascii_alphanumeric() && *c != b'_')
            .unwrap_or(rest.len());
        let next = rest[len..]
            .iter()
            .find(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'));
        (!matches!(next, Some(b'(' | b'['))).then_some(len)
    }

    /// A capitalised name standing alone (see [`Parser::name_at`]), at the name: a
    /// bare name term, as a lower-case name without parameters or arguments.
    #[inline(never)]
    fn name(&mut self) -> (Term, usize, Cont) {
        let start = self.pos;
        let end = start + self.name_at(start).unwrap_or(0);
        self.pos = end;
        let span = Span { start, end };
        let term = FamilyTerm {
            name: self.src.get(start..end).unwrap_or("").to_string(),
            name_span: span,
            params: None,
            args: None,
            span,
        };
        (Term::Family(term), 0, Cont::default())
    }

    /// `Name(sum, …)`, at the name.
    #[inline(never)]
    fn call(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        let start = self.pos;
        let len = self.function_at(start).unwrap_or(0);
        let name_span = Span {
            start,
            end: start + len,
        };
        self.pos = start + len + 1;
        self.enter(start)?;
        let mut args = Vec::new();
        let mut height = 0;
        loop {
            let (sum, h) = self.sum(Ctx::Args)?;
            args.push(sum);
            height = height.max(h);
            // `after_term` stopped at ',' or ')'.
            let c = self.peek();
            self.pos += 1;
            if c == Some(b')') {
                break;
            }
        }
        self.depth -= 1;
        let term = Term::Call(CallTerm {
            name: self
                .src
                .get(name_span.start..name_span.end)
                .unwrap_or("")
                .to_string(),
            name_span,
            args,
            span: Span {
                start,
                end: self.pos,
            },
        });
        Ok((term, 1 + height, Cont::default()))
    }

    /// `( sum )`, at the `(`. A single term in parentheses is that term.
    #[inline(never)]
    fn group(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        let (mut sums, h, span) = self.paren_list(false)?;
        let sum = sums.pop().unwrap_or(Sum { terms: Vec::new() });
        Ok((group(sum, span), h, Cont::default()))
    }

    /// `( sum (',' sum)* )` at the `(` (one sum unless `list`), with its nesting depth
    /// and span.
    fn paren_list(&mut self, list: bool) -> Result<(Vec<Sum>, usize, Span), ParseError> {
        let start = self.pos;
        self.pos += 1;
        self.enter(start)?;
        let ctx = if list { Ctx::Args } else { Ctx::Group };
        let mut sums = Vec::new();
        let mut height = 0;
        loop {
            let (sum, h) = self.sum(ctx)?;
            sums.push(sum);
            height = height.max(h);
            let c = self.peek();
            self.pos += 1;
            if c == Some(b')') {
                break;
            }
        }
        self.depth -= 1;
        let span = Span {
            start,
            end: self.pos,
        };
        Ok((sums, 1 + height, span))
    }

    /// `-G` where `G` does not start with a digit (`-3` is a number), at the `-`. An
    /// even number of signs cancels.
    #[inline(never)]
    fn negation(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        let start = self.pos;
        let mut odd = false;
        while self.peek() == Some(b'-') && !self.digit_after(self.pos + 1) {
            self.pos += 1;
            self.skip_ws();
            odd = !odd;
        }
        if !self.at_term_start() {
            return Err(self.error_here("a number or a game expression"));
        }
        self.enter(start)?;
        let (t, h, cont) = self.primary()?;
        self.depth -= 1;
        let t = if odd { negated(t) } else { t };
        Ok((widen(t, start, self.pos), h + 1, cont))
    }

    /// `±G` or `+-G`, at the sign: the switch `{G|-G}`; `±{A,B}` and `±(A,B)` are
    /// `{A,B|-A,-B}`.
    #[inline(never)]
    fn switch(&mut self) -> Result<(Term, usize, Cont), ParseError> {
        let start = self.pos;
        self.pos += 2; // `+-` or the two bytes of `±`
        self.skip_ws();
        if self.peek() == Some(b'-') && self.digit_after(self.pos + 1) {
            self.pos += 1;
            self.skip_ws();
            let (lit, cont) = self.number_juxtaposed(true)?;
            return Ok((self.switch_of_literal(lit, start), 0, cont));
        }
        if !self.at_term_start() || matches!(self.peek(), Some(b'-' | b'+' | 0xC2)) {
            return Err(self.error_here("a number or a game expression"));
        }
        self.enter(start)?;
        let (options, h) = match self.peek() {
            Some(b'{') => match self.options(true)? {
                (Term::Options(o), h, _, true) => (o.left, h),
                (t, h, _, _) => (vec![Sum { terms: vec![t] }], h),
            },
            Some(b'(') => {
                let (sums, h, span) = self.paren_list(true)?;
                if sums.len() == 1 {
                    let one = sums.into_iter().next().unwrap_or(Sum { terms: Vec::new() });
                    match group(one, span) {
                        Term::Literal(lit, _) => {
                            self.depth -= 1;
                            let t = self.switch_of_literal(lit, start);
                            return Ok((t, 0, Cont::default()));
                        }
                        t => (vec![Sum { terms: vec![t] }], h),
                    }
                } else {
                    (sums, h)
                }
            }
            _ => {
                let (t, h, _) = self.primary()?;
                if let Term::Literal(lit, _) = t {
                    self.depth -= 1;
                    return Ok((self.switch_of_literal(lit, start), 0, Cont::default()));
                }
                (vec![Sum { terms: vec![t] }], h)
            }
        };
        self.depth -= 1;
        let right = options.iter().map(negated_sum).collect();
        let term = Term::Options(OptionsTerm {
            left: options,
            right,
            span: Span {
                start,
                end: self.pos,
            },
        });
        Ok((term, h + 1, Cont::default()))
    }

    /// `±x` for a literal `x` from `start` to here.
    fn switch_of_literal(&self, lit: Literal, start: usize) -> Term {
        let span = Span {
            start,
            end: self.pos,
        };
        Term::Literal(Literal::PlusMinus(Box::new(lit)).normalized(), span)
    }

    /// A term other than `{…}`: a family or a literal.
    #[inline(never)]
    fn leaf_term(&mut self) -> Result<(Term, Cont), ParseError> {
        let start = self.pos;
        let lit_term = |p: &Self, lit: Literal, cont: Cont| {
            let span = Span { start, end: p.pos };
            Ok((Term::Literal(lit, span), cont))
        };
        match self.peek() {
            Some(b'a'..=b'z') => self.family_or_down(),
            Some(b'0'..=b'9') => {
                let (lit, cont) = self.number_juxtaposed(false)?;
                self.with_tiny(lit, start, cont)
            }
            Some(b'-') => {
                self.pos += 1;
                self.skip_ws();
                if !self.at_digit() {
                    return Err(self.error_here("a number"));
                }
                let (lit, cont) = self.number_juxtaposed(true)?;
                self.with_tiny(lit, start, cont)
            }
            Some(b'*') => {
                self.pos += 1;
                let save = self.pos;
                self.skip_ws();
                if self.at_digit() {
                    let n = self.int()?;
                    lit_term(self, Literal::Star(n).normalized(), Cont::default())
                } else {
                    self.pos = save;
                    let cont = Cont {
                        number: true,
                        ..Cont::default()
                    };
                    lit_term(self, Literal::Star(Nat::from(1u64)), cont)
                }
            }
            Some(b'^' | 0xE2) => {
                let Some((down, ups)) = self.ups()? else {
                    return Err(self.error_here("a game expression"));
                };
                let (star, cont) = self.star_part()?;
                let lit = nus(num_lit(false, Nat::ZERO, Nat::from(1u64)), down, ups, star);
                lit_term(self, lit, cont)
            }
            _ => Err(self.error_here("a game expression")),
        }
    }

    /// A number (with `negative` its sign) and the ups and nimber written after it
    /// (`3*`, `1/2^`, `-1v3*2`), at its first digit.
    fn number_juxtaposed(&mut self, negative: bool) -> Result<(Literal, Cont), ParseError> {
        let (number, slash) = self.number(negative)?;
        let (down, ups) = self.ups()?.unwrap_or((false, Nat::ZERO));
        let (star, mut cont) = self.star_part()?;
        cont.slash = !slash && ups.is_zero() && star.is_zero() && !cont.number;
        Ok((nus(number, down, ups, star), cont))
    }

    /// `x` followed directly by `Tiny(y)` or `Miny(y)`: `x + Tiny(y)`.
    fn with_tiny(
        &mut self,
        lit: Literal,
        start: usize,
        cont: Cont,
    ) -> Result<(Term, Cont), ParseError> {
        let span = Span {
            start,
            end: self.pos,
        };
        let number = matches!(lit, Literal::Number { .. });
        if !number || self.function_at(self.pos).is_none() {
            return Ok((Term::Literal(lit, span), cont));
        }
        let (call, _, cont) = self.call()?;
        let sum = Sum {
            terms: vec![Term::Literal(lit, span), call],
        };
        let span = Span {
            start,
            end: self.pos,
        };
        Ok((Term::Group(Box::new(sum), span), cont))
    }

    /// Ups or downs written right here: `^`, `^^`, `^3`, `v`, `vv`, `v3`, `↑`, `⇑`,
    /// `↓`, `⇓`. `None` (without moving) if there are none, or if the `v`s are the
    /// start of a longer name (`vx`).
    fn ups(&mut self) -> Result<Option<(bool, Nat)>, ParseError> {
        let b = self.b;
        let start = self.pos;
        let mut count: u64 = 0;
        let mut dir = None;
        let mut marks = 0;
        loop {
            let (d, n, len) = match b.get(self.pos) {
                Some(b'^') => (false, 1, 1),
                Some(b'v') => (true, 1, 1),
                Some(0xE2) => match arrow(&b[self.pos..]) {
                    Some((d, n)) => (d, n, 3),
                    None => break,
                },
                _ => break,
            };
            if dir.is_some_and(|x| x != d) {
                break;
            }
            dir = Some(d);
            count += n;
            marks += 1;
            self.pos += len;
        }
        let Some(down) = dir else {
            return Ok(None);
        };
        let name_char = |p: &Self| matches!(p.peek(), Some(b'a'..=b'z' | b'_'));
        if b[self.pos - 1] == b'v' && name_char(self) {
            self.pos = start;
            return Ok(None);
        }
        if marks == 1 && count == 1 {
            // A count after a single arrow: `^3`, `↑3`, `v3` (after `v` without spaces,
            // and only digits: `v3` is one word, `v3x` and `v1_0` are names).
            let save = self.pos;
            if b[self.pos - 1] == b'v' {
                let end = b[save..]
                    .iter()
                    .position(|c| !matches!(c, b'a'..=b'z' | b'0'..=b'9' | b'_'))
                    .map_or(b.len(), |k| save + k);
                if !b[save..end].iter().all(u8::is_ascii_digit) {
                    self.pos = start;
                    return Ok(None);
                }
            } else {
                self.skip_ws();
            }
            if self.at_digit() {
                return Ok(Some((down, self.int()?)));
            }
            self.pos = save;
        }
        Ok(Some((down, Nat::from(count))))
    }

    /// The nimber written right here: `*` (1), `*n`, or none (0). A `*` before a
    /// multiplicand is not read (it is `n * G`).
    fn star_part(&mut self) -> Result<(Nat, Cont), ParseError> {
        let save = self.pos;
        self.skip_ws();
        if self.peek() != Some(b'*') || self.multiplicand_follows(self.pos + 1) {
            self.pos = save;
            return Ok((Nat::ZERO, Cont::default()));
        }
        self.pos += 1;
        let after = self.pos;
        self.skip_ws();
        if self.at_digit() {
            return Ok((self.int()?, Cont::default()));
        }
        self.pos = after;
        let cont = Cont {
            number: true,
            ..Cont::default()
        };
        Ok((Nat::from(1u64), cont))
    }

    /// `NAME params? args?`, or downs written `v`, `vv`, `v3` (and a nimber after them).
    fn family_or_down(&mut self) -> Result<(Term, Cont), ParseError> {
        let b = self.b;
        let start = self.pos;
        let mut end = start + 1;
        while let Some(b'a'..=b'z' | b'0'..=b'9' | b'_') = b.get(end) {
            end += 1;
        }
        let name_span = Span { start, end };
        self.pos = end;
        self.skip_ws();
        let name = &b[start..end];
        let downs = name.iter().all(|&c| c == b'v')
            || (name.len() > 1 && name[0] == b'v' && name[1].is_ascii_digit());
        if downs && !matches!(self.peek(), Some(b'[' | b'(')) {
            self.pos = start;
            if let Some((down, ups)) = self.ups()?
                && self.pos >= end
            {
                let (star, mut cont) = self.star_part()?;
                if star.is_zero() {
                    cont.params = true;
                    cont.args = true;
                }
                let lit = nus(num_lit(false, Nat::ZERO, Nat::from(1u64)), down, ups, star);
                let span = Span {
                    start,
                    end: self.pos,
                };
                return Ok((Term::Literal(lit, span), cont));
            }
            self.pos = end;
            self.skip_ws();
        }
        let mut params = None;
        let mut args = None;
        if self.peek() == Some(b'[') {
            params = Some(self.params()?);
            end = self.pos;
            self.skip_ws();
        }
        if self.peek() == Some(b'(') {
            args = Some(self.args()?);
            end = self.pos;
        }
        self.pos = end;
        let cont = Cont {
            params: params.is_none() && args.is_none(),
            args: args.is_none(),
            ..Cont::default()
        };
        let term = FamilyTerm {
            name: self.src.get(start..name_span.end).unwrap_or("").to_string(),
            name_span,
            params,
            args,
            span: Span { start, end },
        };
        Ok((Term::Family(term), cont))
    }

    /// The end of a run of code digits from `start` (decimal or hexadecimal digits,
    /// `_` between two of them), at the first other byte.
    fn code_run_end(&self, start: usize) -> Result<usize, ParseError> {
        let b = self.b;
        let mut i = start;
        loop {
            match b.get(i) {
                Some(c) if c.is_ascii_hexdigit() => i += 1,
                Some(b'_') => {
                    if !b.get(i + 1).is_some_and(u8::is_ascii_hexdigit) {
                        return Err(self.error_at(i + 1, "a digit after '_'"));
                    }
                    i += 1;
                }
                _ => return Ok(i),
            }
        }
    }

    /// A take-and-break code at `start` whose digits before the point end at
    /// `self.pos`, at the point: `'.'` and a run of digits (`0`–`9`, `A`–`F` in either
    /// case), no spaces.
    fn code_after_point(&mut self, start: usize) -> Result<Param, ParseError> {
        let b = self.b;
        self.pos += 1;
        if !self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
            return Err(self.error_here("a digit"));
        }
        self.pos = self.code_run_end(self.pos)?;
        let code: String = b[start..self.pos]
            .iter()
            .filter(|&&c| c != b'_')
            .map(|&c| char::from(c))
            .collect();
        let span = Span {
            start,
            end: self.pos,
        };
        Ok(Param::Code(code, span))
    }

    /// `'[' param (',' param)* ']'`, at the `[`.
    fn params(&mut self) -> Result<Vec<Param>, ParseError> {
        let b = self.b;
        self.pos += 1;
        let mut params = Vec::new();
        loop {
            self.skip_ws();
            let start = self.pos;
            if let Some(lo) = self.variable_use() {
                let hi = self.range_end()?;
                let span = Span {
                    start,
                    end: self.pos,
                };
                params.push(match hi {
                    Some(hi) => Param::Range(lo, hi, span),
                    None => Param::Int(lo, span),
                });
            } else {
                match self.peek() {
                    // A hexadecimal code whose digit before the point is a letter: C.4,
                    // or the letter alone (C).
                    Some(b'A'..=b'F' | b'a'..=b'f')
                        if !b
                            .get(self.pos + 1)
                            .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_') =>
                    {
                        self.pos += 1;
                        if b.get(self.pos) == Some(&b'.') {
                            params.push(self.code_after_point(start)?);
                        } else {
                            let code = char::from(b[start]).to_string();
                            let span = Span {
                                start,
                                end: self.pos,
                            };
                            params.push(Param::Code(code, span));
                        }
                    }
                    Some(b'0'..=b'9') => {
                        let n = self.int()?;
                        if b.get(self.pos) == Some(&b'.') && b.get(self.pos + 1) != Some(&b'.') {
                            // A take-and-break code such as 0.137 or 0.F7: digits '.'
                            // digits, no spaces.
                            params.push(self.code_after_point(start)?);
                        } else {
                            let hi = self.range_end()?;
                            let span = Span {
                                start,
                                end: self.pos,
                            };
                            params.push(match hi {
                                Some(hi) => Param::Range(n, hi, span),
                                None => Param::Int(n, span),
                            });
                        }
                    }
                    Some(b'"') => {
                        let (s, span) = self.string()?;
                        params.push(Param::Str(s, span));
                    }
                    _ => return Err(self.error_here("a number or a string")),
                }
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(params);
                }
                _ => return Err(self.error_here("',' or ']'")),
            }
        }
    }

    /// After the first bound of a parameter: `'..' INT` (or the variable), the upper
    /// bound of a range; `None` (nothing read) when no `..` follows.
    fn range_end(&mut self) -> Result<Option<Nat>, ParseError> {
        let save = self.pos;
        self.skip_ws();
        if self.b.get(self.pos..self.pos + 2) != Some(b"..") {
            self.pos = save;
            return Ok(None);
        }
        self.pos += 2;
        self.skip_ws();
        if let Some(n) = self.variable_use() {
            return Ok(Some(n));
        }
        if !self.at_digit() {
            return Err(self.error_here("a number"));
        }
        self.int().map(Some)
    }

    /// At a use of the variable of [`parse_with_variable`] (the whole name): reads it,
    /// records where it is and gives the number it is read as (1).
    fn variable_use(&mut self) -> Option<Nat> {
        let var = self.variable.filter(|v| !v.is_empty())?;
        let end = self.pos + var.len();
        let name_goes_on = matches!(
            self.b.get(end),
            Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_')
        );
        if self.b.get(self.pos..end) != Some(var.as_bytes()) || name_goes_on {
            return None;
        }
        self.uses.push(Span {
            start: self.pos,
            end,
        });
        self.pos = end;
        Some(Nat::from(1u64))
    }

    /// `'(' arg (',' arg)* ')'`, at the `(`.
    fn args(&mut self) -> Result<Vec<Arg>, ParseError> {
        self.pos += 1;
        let mut args = Vec::new();
        loop {
            self.skip_ws();
            let start = self.pos;
            match self.peek() {
                Some(b'0'..=b'9') => {
                    // The hot loop of `nim(a1,…,a1000000)`: build the common case
                    // straight from registers.
                    if let Some(v) = self.small_int() {
                        let span = Span {
                            start,
                            end: self.pos,
                        };
                        args.push(Arg::Int(Nat::Small(v), span));
                    } else {
                        let n = self.int_general()?;
                        let span = Span {
                            start,
                            end: self.pos,
                        };
                        args.push(Arg::Int(n, span));
                    }
                }
                Some(b'"') => {
                    let (s, span) = self.string()?;
                    args.push(Arg::Str(s, span));
                }
                _ => return Err(self.error_here("a number or a string")),
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    return Ok(args);
                }
                _ => return Err(self.error_here("',' or ')'")),
            }
        }
    }

    /// `'{' options ('|'+ options)+ '}'`, at the `{`.
    ///
    /// With `list_ok`, a brace without bars is a list of options (`±{2,3*}`): it is
    /// returned as the Left options of an options term, and the flag says so.
    fn options(&mut self, list_ok: bool) -> Result<(Term, usize, Cont, bool), ParseError> {
        let open = self.pos;
        if self.depth >= MAX_NESTING {
            return Err(self.error_at(open, format!("at most {MAX_NESTING} nested braces")));
        }
        self.depth += 1;
        self.pos += 1;
        let mut brace = Brace::new(self.pos);
        brace.list_ok = list_ok;
        while self.brace_step(&mut brace)? {
            let (sum, h) = self.sum(Ctx::Options)?;
            brace.push_option(sum, h);
        }
        self.depth -= 1;
        if brace.seps.is_empty() {
            return Ok(self.brace_list(open, brace));
        }
        self.finish_brace(open, brace)
            .map(|(t, h, c)| (t, h, c, false))
    }

    /// A closed brace without bars as a list of options.
    #[inline(never)]
    fn brace_list(&self, open: usize, mut brace: Brace) -> (Term, usize, Cont, bool) {
        let list = brace.lists.pop().map(|l| (l.sums, l.height));
        let (left, height) = list.unwrap_or_default();
        let term = Term::Options(OptionsTerm {
            left,
            right: Vec::new(),
            span: Span {
                start: open,
                end: self.pos,
            },
        });
        (term, height + 1, Cont::default(), true)
    }

    /// Reads separators, commas and the closing `}` of a brace up to the next option.
    /// Returns true when an option starts at the current position, false after `}`.
    #[inline(never)]
    fn brace_step(&mut self, brace: &mut Brace) -> Result<bool, ParseError> {
        loop {
            self.skip_ws();
            match (brace.state, self.peek()) {
                (OptState::Start | OptState::AfterOption, Some(b'|')) => {
                    let at = self.pos;
                    while self.peek() == Some(b'|') {
                        self.pos += 1;
                    }
                    let bars = self.pos - at;
                    if bars > MAX_NESTING {
                        return Err(
                            self.error_at(at, format!("at most {MAX_NESTING} bars in a slash"))
                        );
                    }
                    brace.separator(bars, at, self.pos);
                }
                (OptState::Start | OptState::AfterOption, Some(b'}'))
                    if !brace.seps.is_empty()
                        || (brace.list_ok && brace.state == OptState::AfterOption) =>
                {
                    brace.close(self.pos);
                    self.pos += 1;
                    return Ok(false);
                }
                (OptState::AfterOption, Some(b',')) => {
                    self.pos += 1;
                    brace.state = OptState::AfterComma;
                }
                (OptState::Start | OptState::AfterComma, _) if self.at_term_start() => {
                    return Ok(true);
                }
                (OptState::Start, _) if brace.seps.is_empty() => {
                    return Err(self.error_here("a game expression or '|'"));
                }
                (OptState::Start, _) => {
                    return Err(self.error_here("a game expression, '|' or '}'"));
                }
                (OptState::AfterComma, _) => return Err(self.error_here("a game expression")),
                (OptState::AfterOption, _) => return Err(self.error_here("',' or '|'")),
            }
        }
    }

    /// Checks the slash levels of a closed brace and the nesting bound, then builds its
    /// options tree.
    #[inline(never)]
    fn finish_brace(
        &self,
        open: usize,
        mut brace: Brace,
    ) -> Result<(Term, usize, Cont), ParseError> {
        let height = self.slash_height(&brace)?;
        if self.depth + height > MAX_NESTING {
            return Err(self.error_at(
                open,
                format!("at most {MAX_NESTING} nested options (braces and slash levels)"),
            ));
        }
        let n = brace.seps.len();
        let mut node = split(&mut brace.lists, &brace.seps, 0, n);
        node.span = Span {
            start: open,
            end: self.pos,
        };
        Ok((Term::Options(node), height, Cont::default()))
    }

    /// The height of the options tree of a brace (how many `{…}` deep it nests, its own
    /// node included), without building it and without recursion. In `{…}` a longer run
    /// of bars binds more loosely, so the tree is the Cartesian tree of the runs' lengths
    /// (longest at the root); two runs of the same length with only shorter runs between
    /// them would be siblings at one level, which is ambiguous and an error.
    fn slash_height(&self, brace: &Brace) -> Result<usize, ParseError> {
        const NONE: usize = usize::MAX;
        let seps = &brace.seps;
        let n = seps.len();
        if n == 1 {
            // The common case `{…|…}`.
            let inner = brace.lists.iter().map(|l| l.height).max().unwrap_or(0);
            return Ok(1 + inner);
        }
        let mut parent = vec![NONE; n];
        let mut stack: Vec<usize> = Vec::new();
        for k in 0..n {
            let mut last = NONE;
            while let Some(&top) = stack.last() {
                if seps[top].0 >= seps[k].0 {
                    break;
                }
                last = top;
                stack.pop();
            }
            if let Some(&top) = stack.last() {
                if seps[top].0 == seps[k].0 {
                    return Err(self.error_at(seps[k].1, AMBIGUOUS_BARS));
                }
                parent[k] = top;
            }
            if last != NONE {
                parent[last] = k;
            }
            stack.push(k);
        }
        // depth[k]: the number of options nodes above separator k's node.
        let mut depth = vec![NONE; n];
        let mut path = Vec::new();
        for k in 0..n {
            let mut j = k;
            while j != NONE && depth[j] == NONE {
                path.push(j);
                j = parent[j];
            }
            let mut d = if j == NONE { 0 } else { depth[j] + 1 };
            while let Some(j) = path.pop() {
                depth[j] = d;
                d += 1;
            }
        }
        // List i lies between separators i-1 and i, under the deeper of the two.
        let mut height = 0;
        for (i, list) in brace.lists.iter().enumerate() {
            let left = if i > 0 { depth[i - 1] } else { 0 };
            let right = if i < n { depth[i] } else { 0 };
            height = height.max(left.max(right) + 1 + list.height);
        }
        Ok(height)
    }
}

/// The state of a `{…}` being read: its option lists and the runs of bars between them.
struct Brace {
    lists: SmallVec<[OptList; 2]>,
    /// (number of bars, where) of each separator; `lists.len() == seps.len() + 1` once
    /// the brace is closed.
    seps: SmallVec<[(usize, usize); 1]>,
    cur: OptList,
    state: OptState,
    /// Whether the brace may close without bars (a list of options).
    list_ok: bool,
}

impl Brace {
    fn new(at: usize) -> Brace {
        Brace {
            lists: SmallVec::new(),
            seps: SmallVec::new(),
            cur: OptList::empty(at),
            state: OptState::Start,
            list_ok: false,
        }
    }

    fn push_option(&mut self, sum: Sum, height: usize) {
        let first = sum.terms.first().map_or(Span::default(), Term::span);
        let last = sum.terms.last().map_or(Span::default(), Term::span);
        if self.cur.sums.is_empty() {
            self.cur.span.start = first.start;
        }
        self.cur.span.end = last.end;
        self.cur.height = self.cur.height.max(height);
        self.cur.sums.push(sum);
        self.state = OptState::AfterOption;
    }

    /// A run of `bars` bars from `at` to `end`.
    fn separator(&mut self, bars: usize, at: usize, end: usize) {
        if self.cur.sums.is_empty() {
            self.cur.span = Span { start: at, end: at };
        }
        let list = std::mem::replace(&mut self.cur, OptList::empty(end));
        self.lists.push(list);
        self.seps.push((bars, at));
        self.state = OptState::Start;
    }

    /// The closing `}` at `at`.
    fn close(&mut self, at: usize) {
        if self.cur.sums.is_empty() {
            self.cur.span = Span { start: at, end: at };
        }
        let list = std::mem::replace(&mut self.cur, OptList::empty(at));
        self.lists.push(list);
    }
}

impl OptList {
    fn empty(at: usize) -> OptList {
        OptList {
            sums: Vec::new(),
            height: 0,
            span: Span { start: at, end: at },
        }
    }
}

/// The options node for lists `lo..=hi` (with `lo < hi`), split at the longest run of
/// bars among `seps[lo..hi]`, which [`Parser::slash_height`] has checked to be unique.
/// Recurses once per slash level, which the nesting bound limits.
fn split(lists: &mut [OptList], seps: &[(usize, usize)], lo: usize, hi: usize) -> OptionsTerm {
    let mut m = lo;
    for k in lo + 1..hi {
        if seps[k].0 > seps[m].0 {
            m = k;
        }
    }
    let (left, ls) = side(lists, seps, lo, m);
    let (right, rs) = side(lists, seps, m + 1, hi);
    OptionsTerm {
        left,
        right,
        span: Span {
            start: ls.start,
            end: rs.end,
        },
    }
}

/// One side of an options node: the options of list `lo` if `lo == hi`, else the single
/// option `{…}` made of lists `lo..=hi`.
fn side(lists: &mut [OptList], seps: &[(usize, usize)], lo: usize, hi: usize) -> (Vec<Sum>, Span) {
    if lo == hi {
        let list = &mut lists[lo];
        return (std::mem::take(&mut list.sums), list.span);
    }
    let node = split(lists, seps, lo, hi);
    let span = node.span;
    let sum = Sum {
        terms: vec![Term::Options(node)],
    };
    (vec![sum], span)
}

/// The `expected` text after a term: what could have continued it, then what may
/// follow a term in `ctx`.
fn expected_after(cont: Cont, ctx: Ctx) -> String {
    let mut items: Vec<&str> = Vec::new();
    if cont.number {
        items.push("a number");
    }
    if cont.slash {
        items.push("'/'");
    }
    if cont.params {
        items.push("'['");
    }
    if cont.args {
        items.push("'('");
    }
    items.extend(["'+'", "'-'"]);
    match ctx {
        Ctx::Top | Ctx::Rhs => items.push("end of input"),
        Ctx::Statement => items.extend(["a comparison", "end of input"]),
        Ctx::Options => items.extend(["','", "'|'", "'}'"]),
        Ctx::Group => items.push("')'"),
        Ctx::Args => items.extend(["','", "')'"]),
    }
    let (last, init) = items.split_last().unwrap_or((&"", &[]));
    if init.is_empty() {
        last.to_string()
    } else {
        format!("{} or {}", init.join(", "), last)
    }
}

/// Shortens long token texts in error messages.
fn truncate(s: &str) -> String {
    const MAX: usize = 24;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX - 4).collect();
        format!("{head}…")
    }
}

/// Most characters of a word (a run without spaces, such as an expression) kept whole
/// by [`shorten_message`].
const MAX_WORD: usize = 80;

/// A message with long numbers and long expressions shortened as parse errors show
/// tokens: a run of more than 24 digits keeps its first 20 (`12345678901234567890…`),
/// and a word of more than 80 characters keeps its first 60 and last 12 around `…`.
/// Short messages are returned unchanged.
///
/// ```
/// use sprague_expr::shorten_message;
/// let m = format!("the value of kayles({}) needs more", "7".repeat(100_000));
/// assert_eq!(shorten_message(&m), "the value of kayles(77777777777777777777…) needs more");
/// ```
pub fn shorten_message(m: &str) -> String {
    let mut digits = String::with_capacity(m.len().min(1 << 16));
    let mut run = 0..0;
    let flush = |out: &mut String, run: &std::ops::Range<usize>| {
        out.push_str(&truncate(&m[run.clone()]));
    };
    for (i, c) in m.char_indices() {
        if c.is_ascii_digit() {
            if run.is_empty() {
                run = i..i;
            }
            run.end = i + 1;
        } else {
            if !run.is_empty() {
                flush(&mut digits, &run);
                run = 0..0;
            }
            digits.push(c);
        }
    }
    if !run.is_empty() {
        flush(&mut digits, &run);
    }
    let mut out = String::with_capacity(digits.len());
    for word in digits.split_inclusive(' ') {
        let n = word.chars().count();
        if n <= MAX_WORD {
            out.push_str(word);
        } else {
            out.extend(word.chars().take(MAX_WORD - 20));
            out.push('…');
            out.extend(word.chars().skip(n - 12));
        }
    }
    out
}

/// The arrow at the start of `b`: `↑` (up, 1), `⇑` (up, 2), `↓` (down, 1), `⇓` (down,
/// 2), as (down, count).
fn arrow(b: &[u8]) -> Option<(bool, u64)> {
    match b.get(..3)? {
        [0xE2, 0x86, 0x91] => Some((false, 1)),
        [0xE2, 0x87, 0x91] => Some((false, 2)),
        [0xE2, 0x86, 0x93] => Some((true, 1)),
        [0xE2, 0x87, 0x93] => Some((true, 2)),
        _ => None,
    }
}

/// A number literal.
fn num_lit(negative: bool, num: Nat, den: Nat) -> Literal {
    Literal::Number { negative, num, den }
}

/// The literal `number + ups + *star`, in its simplest variant.
fn nus(number: Literal, down: bool, ups: Nat, star: Nat) -> Literal {
    Literal::Nus {
        number: Box::new(number),
        down,
        ups,
        star,
    }
    .normalized()
}

/// `( sum )`: a single term stands for itself.
fn group(mut sum: Sum, span: Span) -> Term {
    if sum.terms.len() == 1
        && let Some(t) = sum.terms.pop()
    {
        return widen(t, span.start, span.end);
    }
    Term::Group(Box::new(sum), span)
}

/// The term with its outer span set to `start..end` (a family keeps its own).
fn widen(t: Term, start: usize, end: usize) -> Term {
    let span = Span { start, end };
    match t {
        Term::Literal(l, _) => Term::Literal(l, span),
        Term::Unary(op, x, _) => Term::Unary(op, x, span),
        Term::Binary(op, x, _) => Term::Binary(op, x, span),
        Term::Group(x, _) => Term::Group(x, span),
        Term::Options(mut o) => {
            o.span = span;
            Term::Options(o)
        }
        Term::Call(mut c) => {
            c.span = span;
            Term::Call(c)
        }
        t @ Term::Family(_) => t,
    }
}

/// The negative of a term: literals and integer multiples are negated in place, a
/// switch `±x` is its own negative, `-(-G)` is `G`; anything else is `-G`.
pub(crate) fn negated(t: Term) -> Term {
    match t {
        Term::Literal(l, span) => Term::Literal(l.negated(), span),
        Term::Unary(UnaryOp::Neg, x, _) => *x,
        Term::Binary(BinaryOp::Times, x, span) => {
            let (n, g) = *x;
            Term::Binary(BinaryOp::Times, Box::new((negated(n), g)), span)
        }
        t => {
            let span = t.span();
            Term::Unary(UnaryOp::Neg, Box::new(t), span)
        }
    }
}

/// The negative of a sum, as one option: `-G` of its single term, else `-(G + H)`.
fn negated_sum(sum: &Sum) -> Sum {
    let term = match sum.terms.as_slice() {
        [t] => negated(t.clone()),
        _ => {
            let span = Span {
                start: sum.terms.first().map_or(0, |t| t.span().start),
                end: sum.terms.last().map_or(0, |t| t.span().end),
            };
            negated(Term::Group(Box::new(sum.clone()), span))
        }
    };
    Sum { terms: vec![term] }
}

/// Whether the eight bytes of `v` are all ASCII digits.
fn eight_digits(v: u64) -> bool {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    (v & HIGH) == ZEROS && (v.wrapping_add(0x0606_0606_0606_0606) & HIGH) == ZEROS
}

/// The value of eight ASCII digits loaded little-endian (first digit in the low byte).
fn parse_eight_digits(mut v: u64) -> u32 {
    const MASK: u64 = 0x0000_00FF_0000_00FF;
    const MUL1: u64 = 0x000F_4240_0000_0064; // 100 + (1_000_000 << 32)
    const MUL2: u64 = 0x0000_2710_0000_0001; // 1 + (10_000 << 32)
    v -= 0x3030_3030_3030_3030;
    v = v * 10 + (v >> 8);
    v = (v & MASK)
        .wrapping_mul(MUL1)
        .wrapping_add(((v >> 16) & MASK).wrapping_mul(MUL2))
        >> 32;
    v as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    fn ok(src: &str) -> Sum {
        match parse(src) {
            Ok(mut s) => {
                s.clear_spans();
                s
            }
            Err(e) => panic!("{src:?}: {e}"),
        }
    }

    fn one(src: &str) -> Term {
        let mut s = ok(src);
        assert_eq!(s.terms.len(), 1, "{src:?}");
        s.terms.pop().unwrap()
    }

    fn family(src: &str) -> FamilyTerm {
        match one(src) {
            Term::Family(f) => f,
            t => panic!("{src:?}: not a family: {t:?}"),
        }
    }

    fn lit(src: &str) -> Literal {
        match one(src) {
            Term::Literal(l, _) => l,
            t => panic!("{src:?}: not a literal: {t:?}"),
        }
    }

    fn ints(v: &[u64]) -> Option<Vec<Arg>> {
        Some(v.iter().map(|&x| Arg::Int(n(x), Span::default())).collect())
    }

    fn pint(v: u64) -> Param {
        Param::Int(n(v), Span::default())
    }

    fn fam(name: &str, params: Option<Vec<Param>>, args: Option<Vec<Arg>>) -> FamilyTerm {
        FamilyTerm {
            name: name.to_string(),
            name_span: Span::default(),
            params,
            args,
            span: Span::default(),
        }
    }

    fn num(negative: bool, numer: u64, den: u64) -> Literal {
        Literal::Number {
            negative,
            num: n(numer),
            den: n(den),
        }
    }

    fn lit_sum(l: Literal) -> Sum {
        Sum {
            terms: vec![Term::Literal(l, Span::default())],
        }
    }

    fn opts(left: Vec<Sum>, right: Vec<Sum>) -> Sum {
        Sum {
            terms: vec![Term::Options(OptionsTerm {
                left,
                right,
                span: Span::default(),
            })],
        }
    }

    /// Asserts the exact error of `src`.
    fn err(src: &str, column: usize, expected: &str, found: &str) {
        match parse(src) {
            Ok(_) => panic!("{src:?} parsed"),
            Err(e) => assert_eq!(
                (e.column, e.expected.as_str(), e.found.as_str()),
                (column, expected, found),
                "{src:?}"
            ),
        }
    }

    // ----- every family form of SPEC §1 ---------------------------------------------

    #[test]
    fn heap_families() {
        assert_eq!(family("nim(3,4,5)"), fam("nim", None, ints(&[3, 4, 5])));
        for name in [
            "lasker",
            "split",
            "kayles",
            "dawson",
            "grundy_game",
            "andnim",
            "submask",
            "divisor",
            "stair",
            "ring",
        ] {
            let src = format!("{name}(1,20)");
            assert_eq!(family(&src), fam(name, None, ints(&[1, 20])));
        }
        assert_eq!(family("ed(1,2,3,4)"), fam("ed", None, ints(&[1, 2, 3, 4])));
        assert_eq!(family("wythoff(3,5)"), fam("wythoff", None, ints(&[3, 5])));
        assert_eq!(family("fib(10)"), fam("fib", None, ints(&[10])));
        assert_eq!(family("fib(10,3)"), fam("fib", None, ints(&[10, 3])));
        assert_eq!(family("king(3,4)"), fam("king", None, ints(&[3, 4])));
        assert_eq!(family("cut(2,3)"), fam("cut", None, ints(&[2, 3])));
    }

    #[test]
    fn parameterised_families() {
        let p = |v: Vec<Param>| Some(v);
        assert_eq!(
            family("sub[1,3,4]"),
            fam("sub", p(vec![pint(1), pint(3), pint(4)]), None)
        );
        assert_eq!(
            family("sub[1..5]"),
            fam(
                "sub",
                p(vec![Param::Range(n(1), n(5), Span::default())]),
                None
            )
        );
        assert_eq!(
            family("sub[1,3..5](10)"),
            fam(
                "sub",
                p(vec![pint(1), Param::Range(n(3), n(5), Span::default())]),
                ints(&[10])
            )
        );
        assert_eq!(family("bash[3]"), fam("bash", p(vec![pint(3)]), None));
        assert_eq!(
            family("bash[3](7,8)"),
            fam("bash", p(vec![pint(3)]), ints(&[7, 8]))
        );
        assert_eq!(
            family("octal[0.137](5)"),
            fam(
                "octal",
                p(vec![Param::Code("0.137".into(), Span::default())]),
                ints(&[5])
            )
        );
        assert_eq!(
            family("octal[4.07]"),
            fam(
                "octal",
                p(vec![Param::Code("4.07".into(), Span::default())]),
                None
            )
        );
        assert_eq!(
            family("octal[0.1_3_7]"),
            fam(
                "octal",
                p(vec![Param::Code("0.137".into(), Span::default())]),
                None
            )
        );
        // Hexadecimal digits, in either case, and a letter before the point.
        for code in ["0.F7", "0.123456789ABCDEF", "4.8", "C.f7", "0.0_a", "C"] {
            let want = code.replace('_', "");
            assert_eq!(
                family(&format!("octal[{code}](3)")),
                fam(
                    "octal",
                    p(vec![Param::Code(want, Span::default())]),
                    ints(&[3])
                ),
                "{code}"
            );
        }
        assert_eq!(
            family("moore[2](1,2,3)"),
            fam("moore", p(vec![pint(2)]), ints(&[1, 2, 3]))
        );
        assert_eq!(
            family("adjacent[3](5,1)"),
            fam("adjacent", p(vec![pint(3)]), ints(&[5, 1]))
        );
        assert_eq!(
            family("unfair[1,2](3)"),
            fam("unfair", p(vec![pint(1), pint(2)]), ints(&[3]))
        );
    }

    #[test]
    fn string_families() {
        let file = |s: &str| Some(vec![Param::Str(s.into(), Span::default())]);
        assert_eq!(
            family(r#"digraph["g.txt"](0,1)"#),
            fam("digraph", file("g.txt"), ints(&[0, 1]))
        );
        assert_eq!(
            family(r#"geography["g"](0)"#),
            fam("geography", file("g"), ints(&[0]))
        );
        assert_eq!(
            family(r#"hackenbush("BBRRB")"#),
            fam(
                "hackenbush",
                None,
                Some(vec![Arg::Str("BBRRB".into(), Span::default())])
            )
        );
        assert_eq!(
            family(r#"digraph["dir/ü |,}.txt"](0)"#),
            fam("digraph", file("dir/ü |,}.txt"), ints(&[0]))
        );
        assert_eq!(
            family(r#"x[""]("")"#),
            fam(
                "x",
                file(""),
                Some(vec![Arg::Str(String::new(), Span::default())])
            )
        );
    }

    #[test]
    fn partizan_literals() {
        assert_eq!(lit("0"), num(false, 0, 1));
        assert_eq!(lit("5"), num(false, 5, 1));
        assert_eq!(lit("-3"), num(true, 3, 1));
        assert_eq!(lit("3/4"), num(false, 3, 4));
        assert_eq!(lit("-5/8"), num(true, 5, 8));
        assert_eq!(lit("*"), Literal::Star(n(1)));
        assert_eq!(lit("*2"), Literal::Star(n(2)));
        assert_eq!(lit("^"), Literal::Up);
        assert_eq!(lit("v"), Literal::Down);
        assert_eq!(lit("±1"), Literal::PlusMinus(Box::new(num(false, 1, 1))));
        assert_eq!(lit("+-1"), Literal::PlusMinus(Box::new(num(false, 1, 1))));
        assert_eq!(lit("±3/4"), Literal::PlusMinus(Box::new(num(false, 3, 4))));
        assert_eq!(lit("+-  -2"), Literal::PlusMinus(Box::new(num(true, 2, 1))));
        assert_eq!(lit("1/1"), num(false, 1, 1));
    }

    #[test]
    fn literals_are_normalised() {
        assert_eq!(lit("2/4"), num(false, 1, 2));
        assert_eq!(lit("4/2"), num(false, 2, 1));
        assert_eq!(lit("-12/16"), num(true, 3, 4));
        assert_eq!(lit("0/8"), num(false, 0, 1));
        assert_eq!(lit("-0"), num(false, 0, 1));
        assert_eq!(lit("*0"), num(false, 0, 1));
        assert_eq!(lit("*1"), Literal::Star(n(1)));
        assert_eq!(lit("*007"), Literal::Star(n(7)));
        assert_eq!(lit("±2/4"), Literal::PlusMinus(Box::new(num(false, 1, 2))));
        // 2^70 / 2^68 = 4.
        assert_eq!(
            lit("1180591620717411303424/295147905179352825856"),
            num(false, 4, 1)
        );
    }

    #[test]
    fn down_versus_family_names() {
        assert_eq!(lit("v"), Literal::Down);
        assert_eq!(family("vx(3)"), fam("vx", None, ints(&[3])));
        assert_eq!(family("v(3)"), fam("v", None, ints(&[3])));
        assert_eq!(family("v [2]"), fam("v", Some(vec![pint(2)]), None));
        assert_eq!(family("vv(1)"), fam("vv", None, ints(&[1])));
        assert_eq!(family("vx"), fam("vx", None, None));
        assert_eq!(family("v3x"), fam("v3x", None, None));
        assert_eq!(family("v_3"), fam("v_3", None, None));
        assert_eq!(
            ok("v+v"),
            Sum {
                terms: vec![
                    Term::Literal(Literal::Down, Span::default()),
                    Term::Literal(Literal::Down, Span::default())
                ]
            }
        );
    }

    #[test]
    fn capitalised_names_are_bare_names() {
        for name in ["G", "G1", "Left_1", "H", "GH", "Mean", "Tiny", "V", "X2_b"] {
            assert_eq!(family(name), fam(name, None, None), "{name}");
        }
        // The same term as a bare lower-case name: a sum, an option, a multiple, an
        // ordinal sum, an argument and both sides of a comparison.
        let bare = |name: &str| Sum {
            terms: vec![Term::Family(fam(name, None, None))],
        };
        let mut sum = ok("G + -H");
        assert_eq!(sum.terms[0], Term::Family(fam("G", None, None)));
        let neg = sum.terms.pop().unwrap();
        assert!(
            matches!(neg, Term::Unary(UnaryOp::Neg, ref x, _) if **x == Term::Family(fam("H", None, None)))
        );
        assert_eq!(ok("{G|H1}"), opts(vec![bare("G")], vec![bare("H1")]));
        assert!(matches!(one("3 * G"), Term::Binary(BinaryOp::Times, ..)));
        assert!(matches!(one("3*G"), Term::Binary(BinaryOp::Times, ..)));
        assert!(matches!(one("G:H"), Term::Binary(BinaryOp::Ordinal, ..)));
        match one("Cool(G, 1)") {
            Term::Call(c) => assert_eq!(c.args[0], bare("G")),
            t => panic!("{t:?}"),
        }
        let mut st = parse_statement("G <= H").unwrap();
        st.sum.clear_spans();
        let (rel, _, mut rhs) = st.compare.unwrap();
        rhs.clear_spans();
        assert_eq!((st.sum, rel, rhs), (bare("G"), Relation::Le, bare("H")));
        // Where the name is.
        let s = parse("1 + Left_1").unwrap();
        match &s.terms[1] {
            Term::Family(f) => assert_eq!(f.name_span, Span { start: 4, end: 10 }),
            t => panic!("{t:?}"),
        }
        // A function keeps its call; a capitalised name before '(' or '[' is no name.
        assert!(matches!(one("Mean(G)"), Term::Call(_)));
        err("G(3)", 1, "a game expression", "'G'");
        err("G [1]", 1, "a game expression", "'G'");
        err("G H", 3, "'+', '-' or end of input", "'H'");
    }

    #[test]
    fn plus_minus_versus_sum() {
        let down = Term::Literal(Literal::Down, Span::default());
        let minus_one = Term::Literal(num(true, 1, 1), Span::default());
        let pm_one = Term::Literal(
            Literal::PlusMinus(Box::new(num(false, 1, 1))),
            Span::default(),
        );
        assert_eq!(ok("v +-1").terms, vec![down.clone(), minus_one.clone()]);
        assert_eq!(ok("v + -1").terms, vec![down.clone(), minus_one]);
        assert_eq!(ok("v + +-1").terms, vec![down.clone(), pm_one.clone()]);
        assert_eq!(ok("v+±1").terms, vec![down, pm_one.clone()]);
        assert_eq!(
            ok("{+-1|±1}"),
            opts(
                vec![Sum {
                    terms: vec![pm_one.clone()]
                }],
                vec![Sum {
                    terms: vec![pm_one]
                }]
            )
        );
    }

    #[test]
    fn options() {
        let zero = || lit_sum(num(false, 0, 1));
        let one = || lit_sum(num(false, 1, 1));
        let minus_one = || lit_sum(num(true, 1, 1));
        let star = || lit_sum(Literal::Star(n(1)));
        assert_eq!(ok("{1|-1}"), opts(vec![one()], vec![minus_one()]));
        assert_eq!(ok("{|}"), opts(vec![], vec![]));
        assert_eq!(ok("{0|}"), opts(vec![zero()], vec![]));
        assert_eq!(ok("{|0}"), opts(vec![], vec![zero()]));
        assert_eq!(ok("{||}"), opts(vec![], vec![]));
        assert_eq!(ok("{0,*|0}"), opts(vec![zero(), star()], vec![zero()]));
        assert_eq!(
            ok("{nim(1)+*|0}"),
            opts(
                vec![Sum {
                    terms: vec![
                        Term::Family(fam("nim", None, ints(&[1]))),
                        Term::Literal(Literal::Star(n(1)), Span::default())
                    ]
                }],
                vec![zero()]
            )
        );
        assert_eq!(
            ok("{ {1|-1} , 0 | { | } }"),
            opts(
                vec![opts(vec![one()], vec![minus_one()]), zero()],
                vec![opts(vec![], vec![])]
            )
        );
    }

    #[test]
    fn slash_levels() {
        let a = || lit_sum(num(false, 1, 1));
        let b = || lit_sum(num(false, 2, 1));
        let c = || lit_sum(num(false, 3, 1));
        let d = || lit_sum(num(false, 4, 1));
        // {a||b|c} = {a|{b|c}}
        assert_eq!(
            ok("{1||2|3}"),
            opts(vec![a()], vec![opts(vec![b()], vec![c()])])
        );
        // {a|b||c} = {{a|b}|c}
        assert_eq!(
            ok("{1|2||3}"),
            opts(vec![opts(vec![a()], vec![b()])], vec![c()])
        );
        // {a|||b||c|d} = {a|{b|{c|d}}}
        assert_eq!(
            ok("{1|||2||3|4}"),
            opts(
                vec![a()],
                vec![opts(vec![b()], vec![opts(vec![c()], vec![d()])])]
            )
        );
        // {a|b||c|d} = {{a|b}|{c|d}}
        assert_eq!(
            ok("{1|b||3|4}".replace('b', "2").as_str()),
            opts(
                vec![opts(vec![a()], vec![b()])],
                vec![opts(vec![c()], vec![d()])]
            )
        );
        // Options lists next to slashes, and empty lists.
        assert_eq!(
            ok("{1,2||3|}"),
            opts(vec![a(), b()], vec![opts(vec![c()], vec![])])
        );
        assert_eq!(ok("{1||2|3}"), ok("{1|{2|3}}"));
        assert_eq!(ok("{1|||2||3|4}"), ok("{1|{2||3|4}}"));
    }

    #[test]
    fn sums_and_whitespace() {
        let s = ok(" nim ( 3 ,\n4 )\t+\r\n{ 1 | - 1 } + * 2 + 3 / 4 + sub [ 1 .. 5 ] ( 9 ) ");
        assert_eq!(s.terms.len(), 5);
        assert_eq!(s.terms[0], Term::Family(fam("nim", None, ints(&[3, 4]))));
        assert_eq!(
            Sum {
                terms: vec![s.terms[1].clone()]
            },
            opts(
                vec![lit_sum(num(false, 1, 1))],
                vec![lit_sum(num(true, 1, 1))]
            )
        );
        assert_eq!(
            s.terms[2],
            Term::Literal(Literal::Star(n(2)), Span::default())
        );
        assert_eq!(s.terms[3], Term::Literal(num(false, 3, 4), Span::default()));
        assert_eq!(
            s.terms[4],
            Term::Family(fam(
                "sub",
                Some(vec![Param::Range(n(1), n(5), Span::default())]),
                ints(&[9])
            ))
        );
    }

    #[test]
    fn big_integers_and_separators() {
        assert_eq!(
            family("nim(1_000_000)"),
            fam("nim", None, ints(&[1_000_000]))
        );
        assert_eq!(family("nim(007)"), fam("nim", None, ints(&[7])));
        // Separators right after a block of eight digits.
        assert_eq!(
            family("nim(12345678_9,1234567812345678_9)"),
            fam("nim", None, ints(&[123456789, 12345678123456789]))
        );
        assert_eq!(
            family("nim(1234567812345678123_4)").args,
            Some(vec![Arg::Int(
                "12345678123456781234".parse().unwrap(),
                Span::default()
            )])
        );
        assert_eq!(
            family("nim(00000000000000000000000001)"),
            fam("nim", None, ints(&[1]))
        );
        assert_eq!(
            family("nim(18446744073709551615)"),
            fam("nim", None, ints(&[u64::MAX]))
        );
        let big: Nat = "18446744073709551616".parse().unwrap();
        assert_eq!(
            family("nim(18446744073709551616)").args,
            Some(vec![Arg::Int(big, Span::default())])
        );
        let huge = format!("1{}", "0".repeat(100));
        let with_sep = format!("1{}", "_000".repeat(33)) + "0";
        assert_eq!(huge.len(), 101);
        let expect = Some(vec![Arg::Int(huge.parse().unwrap(), Span::default())]);
        assert_eq!(family(&format!("nim({huge})")).args, expect);
        assert_eq!(family(&format!("nim({with_sep})")).args, expect);
        // Every length from 1 to 40 digits, through both the fast and the slow path.
        let digits = "9876543210123456789098765432101234567890";
        for len in 1..=digits.len() {
            let d = &digits[..len];
            let f = family(&format!("nim({d},{d})"));
            let v: Nat = d.parse().unwrap();
            let arg = Arg::Int(v, Span::default());
            assert_eq!(f.args, Some(vec![arg.clone(), arg]), "{d}");
        }
    }

    #[test]
    fn spans() {
        let s = parse("nim(3) + 3/4 + {0|*} + sub[1..2, \"x\"]").unwrap();
        let Term::Family(f) = &s.terms[0] else {
            panic!()
        };
        assert_eq!(f.span, Span { start: 0, end: 6 });
        assert_eq!(f.name_span, Span { start: 0, end: 3 });
        assert_eq!(
            f.args.as_ref().unwrap()[0].span(),
            Span { start: 4, end: 5 }
        );
        assert_eq!(s.terms[1].span(), Span { start: 9, end: 12 });
        assert_eq!(s.terms[2].span(), Span { start: 15, end: 20 });
        let Term::Family(f) = &s.terms[3] else {
            panic!()
        };
        assert_eq!(f.span, Span { start: 23, end: 37 });
        let params = f.params.as_ref().unwrap();
        assert_eq!(params[0].span(), Span { start: 27, end: 31 });
        assert_eq!(params[1].span(), Span { start: 33, end: 36 });
    }

    // ----- errors ------------------------------------------------------------------

    #[test]
    fn errors_from_the_brief() {
        err("nim(3,", 7, "a number or a string", "end of input");
        err("nim(3 4)", 7, "',' or ')'", "number 4");
        err("", 1, "a game expression", "end of input");
        err("   ", 4, "a game expression", "end of input");
        err("nim(３)", 5, "a number or a string", "'３'");
        err("nim(1) + 😀", 10, "a game expression", "'😀'");
        err("😀😀 ", 1, "a game expression", "'😀'");
        // Columns count characters, not bytes: ü and ± are two bytes each.
        err(
            r#"digraph["ü.txt"](0,"#,
            20,
            "a number or a string",
            "end of input",
        );
        err("±1 + ±", 7, "a number or a game expression", "end of input");
    }

    #[test]
    fn error_messages_display_on_one_line() {
        let e = parse("nim(3,").unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 7: expected a number or a string, found end of input"
        );
        let e = parse("nim(\"a\nb\")").unwrap_err();
        assert!(!e.to_string().contains('\n'), "{e}");
    }

    #[test]
    fn integer_separator_errors() {
        err("nim(_1)", 5, "a number or a string", "'_'");
        err("nim(1_)", 7, "a digit after '_'", "')'");
        err("nim(1__2)", 7, "a digit after '_'", "'_'");
        err("5_", 3, "a digit after '_'", "end of input");
        err("_5", 1, "a game expression", "'_'");
        err("nim(12345678901234567890_)", 26, "a digit after '_'", "')'");
        err(
            "nim(12345678901234567890__1)",
            26,
            "a digit after '_'",
            "'_'",
        );
        err("octal[0._1]", 9, "a digit", "'_'");
        err("octal[0.1_]", 11, "a digit after '_'", "']'");
        err("sub[1.._2]", 8, "a number", "'_'");
    }

    #[test]
    fn literal_errors() {
        err("-5/0", 4, "a nonzero denominator", "number 0");
        err("{1/3|0/0}", 8, "a nonzero denominator", "number 0");
        err("3/", 3, "a number", "end of input");
        err("3/x", 3, "a number", "'x'");
        err("- )", 3, "a number or a game expression", "')'");
        err("-", 2, "a number or a game expression", "end of input");
        err("+ 1", 1, "a game expression", "'+'");
        err("±", 2, "a number or a game expression", "end of input");
        err("+-|", 3, "a number or a game expression", "'|'");
        err("*x", 2, "a number, '+', '-' or end of input", "'x'");
        err("3 4", 3, "'/', '+', '-' or end of input", "number 4");
        err("3/4 4", 5, "'+', '-' or end of input", "number 4");
        err("^^2", 3, "'+', '-' or end of input", "number 2");
        err("/4", 1, "a game expression", "'/'");
        err("v x", 3, "'[', '(', '+', '-' or end of input", "'x'");
        err("1 + 2 +", 8, "a game expression", "end of input");
    }

    #[test]
    fn family_errors() {
        err("nim(3) nim(4)", 8, "'+', '-' or end of input", "'nim'");
        err("nim 3", 5, "'[', '(', '+', '-' or end of input", "number 3");
        err("sub[1] 3", 8, "'(', '+', '-' or end of input", "number 3");
        err("nim(3))", 7, "'+', '-' or end of input", "')'");
        err("nim()", 5, "a number or a string", "')'");
        err("nim(3,)", 7, "a number or a string", "')'");
        err("nim(-3)", 5, "a number or a string", "'-'");
        err("nim(0.5)", 6, "',' or ')'", "'.'");
        err(
            "nim(1 123456789012345678901234567890)",
            7,
            "',' or ')'",
            "number 12345678901234567890…",
        );
        err("sub[]", 5, "a number or a string", "']'");
        err("sub[1 2]", 7, "',' or ']'", "number 2");
        err("sub[1..](3)", 8, "a number", "']'");
        err("sub[1. .2]", 7, "a digit", "' '");
        err("sub[1 .. 2 .. 3]", 12, "',' or ']'", "'.'");
        err("octal[0.](3)", 9, "a digit", "']'");
        err("octal[0.1.2]", 10, "',' or ']'", "'.'");
        err("sub[1,3", 8, "',' or ']'", "end of input");
        err("Nim(3)", 1, "a game expression", "'Nim'");
        err("Sub[1](3)", 1, "a game expression", "'Sub'");
        err("Foo (3)", 1, "a game expression", "'Foo'");
        err("nimX(3)", 4, "'[', '(', '+', '-' or end of input", "'X'");
        err("$", 1, "a game expression", "'$'");
        err("nim(\0)", 5, "a number or a string", "'\\0'");
        err("nim(\"a\" \"b\")", 9, "',' or ')'", "string \"b\"");
    }

    #[test]
    fn string_errors() {
        err(
            "digraph[\"g.txt",
            15,
            "'\"' to close the string",
            "end of input",
        );
        err(
            "hackenbush(\"BB\nR\")",
            15,
            "'\"' to close the string",
            "'\\n'",
        );
        err(
            "hackenbush(\"BB\r\nR\")",
            15,
            "'\"' to close the string",
            "'\\r'",
        );
        err(
            "hackenbush(\"",
            13,
            "'\"' to close the string",
            "end of input",
        );
        err("\"x\"", 1, "a game expression", "string \"x\"");
    }

    #[test]
    fn option_errors() {
        err("{0|1|2}", 5, AMBIGUOUS_BARS, "'|'");
        err("{0||1||2}", 6, AMBIGUOUS_BARS, "'||'");
        err("{0|1||2|3|4}", 10, AMBIGUOUS_BARS, "'|'");
        err("{0}", 3, "',' or '|'", "'}'");
        err("{}", 2, "a game expression or '|'", "'}'");
        err("{,|}", 2, "a game expression or '|'", "','");
        err("{0|1,}", 6, "a game expression", "'}'");
        err("{0|,1}", 4, "a game expression, '|' or '}'", "','");
        err("{0|^", 5, "'+', '-', ',', '|' or '}'", "end of input");
        err("{0|1", 5, "'/', '+', '-', ',', '|' or '}'", "end of input");
        err("{0|1 2}", 6, "'/', '+', '-', ',', '|' or '}'", "number 2");
        err(
            "{0|nim 2}",
            8,
            "'[', '(', '+', '-', ',', '|' or '}'",
            "number 2",
        );
        err("{0|1}}", 6, "'+', '-' or end of input", "'}'");
        err("0|1", 2, "'/', '+', '-' or end of input", "'|'");
        err("{", 2, "a game expression or '|'", "end of input");
    }

    #[test]
    fn nesting_limits() {
        let nested = |k: usize| format!("{}0{}", "{".repeat(k), "|}".repeat(k));
        assert!(parse(&nested(MAX_NESTING)).is_ok());
        err(
            &nested(MAX_NESTING + 1),
            257,
            "at most 256 nested braces",
            "'{'",
        );
        // Far deeper input fails the same way, without exhausting the stack.
        err(&nested(100_000), 257, "at most 256 nested braces", "'{'");
        err(
            &"{".repeat(1_000_000),
            257,
            "at most 256 nested braces",
            "'{'",
        );

        // A slash tree of height h: {0|…|0||…|0|0} with bar runs h, h-1, …, 1.
        let slashes = |h: usize| {
            let mut s = String::from("{0");
            for k in (1..=h).rev() {
                s.push_str(&"|".repeat(k));
                s.push('0');
            }
            s.push('}');
            s
        };
        let inside =
            |k: usize, h: usize| format!("{}{}{}", "{".repeat(k), slashes(h), "|}".repeat(k));
        assert!(parse(&slashes(MAX_NESTING)).is_ok());
        assert!(parse(&inside(200, 56)).is_ok());
        err(
            &inside(200, 57),
            201,
            "at most 256 nested options (braces and slash levels)",
            "'{'",
        );
        // Depth reached through the slash levels of an outer brace is caught at that brace.
        let mut outer = slashes(100);
        outer.replace_range(outer.len() - 2.., &nested(200));
        outer.push('}');
        err(
            &outer,
            1,
            "at most 256 nested options (braces and slash levels)",
            "'{'",
        );
        let long_bar = format!("{{0{}0}}", "|".repeat(257));
        err(
            &long_bar,
            3,
            "at most 256 bars in a slash",
            "'||||||||||||||||||||…'",
        );
        assert!(parse(&format!("{{0{}0}}", "|".repeat(256))).is_ok());
    }

    #[test]
    fn worst_case_nesting_fits_a_small_stack() {
        // 255 braces, then a slash tree of height 256 inside the innermost one: the
        // deepest recursion the parser can be driven to before it reports the error. It
        // must fit the default stack of a spawned thread (2 MiB), even in debug builds
        // (which need about 1 MiB here; release builds about 256 KiB).
        let mut src = "{".repeat(255);
        src.push_str("{0");
        for k in (1..=MAX_NESTING).rev() {
            src.push_str(&"|".repeat(k));
            src.push('0');
        }
        src.push('}');
        src.push_str(&"|}".repeat(255));
        let result = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || parse(&src).map(|_| ()))
            .unwrap()
            .join()
            .unwrap();
        let e = result.unwrap_err();
        assert_eq!(e.column, 256);
        assert_eq!(
            e.expected,
            "at most 256 nested options (braces and slash levels)"
        );
    }

    /// The slash rule applied literally: split `lists lo..=hi` at the unique longest run
    /// of bars; `None` if the longest run is not unique. Lists are written as their index.
    fn slash_reference(bars: &[usize], lo: usize, hi: usize) -> Option<String> {
        if lo == hi {
            return Some(lo.to_string());
        }
        let max = *bars[lo..hi].iter().max()?;
        let at: Vec<usize> = (lo..hi).filter(|&k| bars[k] == max).collect();
        if at.len() > 1 {
            return None;
        }
        let left = slash_reference(bars, lo, at[0])?;
        let right = slash_reference(bars, at[0] + 1, hi)?;
        Some(format!("{{{left}|{right}}}"))
    }

    proptest::proptest! {
        #[test]
        fn slash_levels_follow_the_rule(bars in proptest::collection::vec(1usize..5, 1..9)) {
            let mut src = String::from("{0");
            for (i, &b) in bars.iter().enumerate() {
                src.push_str(&"|".repeat(b));
                src.push_str(&(i + 1).to_string());
            }
            src.push('}');
            match (slash_reference(&bars, 0, bars.len()), parse(&src)) {
                (Some(expect), Ok(sum)) => {
                    let mut text = String::new();
                    crate::write_sum(&mut text, &sum);
                    proptest::prop_assert_eq!(text, expect, "{}", src);
                }
                (None, Err(e)) => proptest::prop_assert_eq!(e.expected, AMBIGUOUS_BARS),
                (expect, got) => {
                    proptest::prop_assert!(false, "{}: expected {:?}, got {:?}", src, expect, got)
                }
            }
        }
    }

    #[test]
    fn operator_nesting_is_bounded() {
        for open in ["(", "-(", "±(", "±{", "Tiny(", "3 * (", "{0|-"] {
            let src = open.repeat(100_000);
            let e = parse_statement(&src).unwrap_err();
            assert!(e.expected.contains("at most 256"), "{open}: {e}");
        }
        // Signs in a row cancel in pairs, without nesting.
        let mut src = "-".repeat(1_000_001);
        src.push('^');
        assert_eq!(lit(&src), Literal::Down);
    }

    #[test]
    fn hints() {
        let hint = |src: &str| parse_statement(src).unwrap_err().hint;
        assert_eq!(
            hint("3/2*x"),
            " (did you mean '3/2* + x'? a multiple n * G needs an integer n)"
        );
        assert_eq!(hint("^ = *"), " (did you mean '=='?)");
        assert!(hint("0 < ^ < 1").contains("do not chain"));
        assert!(hint("{1|0} * 2").contains("integer first"));
        assert!(hint("2.^").contains("n * G"));
        assert!(parse("^ <= *").unwrap_err().hint.contains("sprague value"));
        assert_eq!(hint("3 4"), "");
    }

    #[test]
    fn line_and_column() {
        let src = "nim(1)\n+ nim(2\n";
        let e = parse(src).unwrap_err();
        assert_eq!(
            (e.column, e.expected.as_str(), e.found.as_str()),
            (16, "',' or ')'", "end of input")
        );
        assert_eq!(e.line_col(src), (3, 1));
        let src = "nim(1) +\n  ü(2)";
        let e = parse(src).unwrap_err();
        assert_eq!(e.column, 12);
        assert_eq!(e.line_col(src), (2, 3));
        assert_eq!(parse("nim(").unwrap_err().line_col("nim("), (1, 5));
    }

    #[test]
    fn million_heaps() {
        let mut src = String::from("nim(");
        for i in 0..1_000_000u64 {
            if i > 0 {
                src.push(',');
            }
            let v = 1_000_000_000_000_000_000 - i * 999_999_999_999;
            src.push_str(&v.to_string());
        }
        src.push(')');
        let sum = parse(&src).unwrap();
        let Term::Family(f) = &sum.terms[0] else {
            panic!()
        };
        let args = f.args.as_ref().unwrap();
        assert_eq!(args.len(), 1_000_000);
        assert_eq!(
            args[0],
            Arg::Int(n(1_000_000_000_000_000_000), Span { start: 4, end: 23 })
        );
        assert_eq!(
            args[999_999],
            Arg::Int(
                n(1_000_000_000_000_000_000 - 999_999 * 999_999_999_999),
                args[999_999].span()
            )
        );
    }

    #[test]
    fn a_variable_stands_for_a_number_or_a_bound_in_parameters_only() {
        let src = "bash[k](3) + sub[ 2 .. k ](4) + sub[k..9, k](5) + kk[1](2)";
        let (sum, uses) = parse_with_variable(src, "k").unwrap();
        assert_eq!(sum.terms.len(), 4);
        let words: Vec<&str> = uses.iter().map(|u| &src[u.start..u.end]).collect();
        assert_eq!(words, ["k", "k", "k", "k"]);
        assert_eq!(
            substitute(src, &uses, "12"),
            "bash[12](3) + sub[ 2 .. 12 ](4) + sub[12..9, 12](5) + kk[1](2)"
        );
        let Term::Family(t) = &sum.terms[1] else {
            panic!()
        };
        assert!(
            matches!(&t.params.as_ref().unwrap()[0], Param::Range(l, h, _) if *l == Nat::from(2u64) && *h == Nat::from(1u64))
        );
        // Not a longer name, not an argument, not inside a string, not another name.
        for bad in [
            "bash[kk](3)",
            "nim(k)",
            "bash[j](3)",
            "sub[1..kx](3)",
            "bash[k1](3)",
        ] {
            assert!(parse_with_variable(bad, "k").is_err(), "{bad}");
        }
        let (_, uses) = parse_with_variable("takeif[\"x <= k\"](3)", "k").unwrap();
        assert!(uses.is_empty());
        // Without a variable the name is an error as before.
        assert!(parse("bash[k](3)").is_err());
        assert!(parse_with_variable("bash[k](3)", "").is_err());
    }
}
