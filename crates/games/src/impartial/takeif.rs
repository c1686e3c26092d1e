//! `takeif["RULE"](n,…)`: a heap of n stones; a move takes x stones, 1 ≤ x ≤ n, where
//! `RULE`, an expression in `n` (the heap) and `x` (the stones taken), holds — the
//! study notes' generic `check(n, x)` rule, valued by the O(n²) mex of its options:
//! `takeif["x & n == 0"]`, `takeif["n % x == 0"]`, `takeif["x <= 3"]` (Bash), `takeif["x % 2 == 1"]`.
//!
//! The rule is read once into a syntax tree: integers, `n`, `x`, parentheses, and
//! Python's operators with Python's precedence (loosest first): `or` (`||`), `and`
//! (`&&`), `not` (`!`), the comparisons `< <= > >= == !=` (which do not chain), `|`,
//! `^`, `&`, `<< >>`, `+ -`, `* / // %` (`/` and `//` divide rounding down, `%` takes
//! the sign of the divisor, as Python's), unary `-` and `~`. A rule holds when its
//! value is not 0 (comparisons are 1 or 0). Arithmetic is on 128-bit integers: a step
//! that overflows (a left shift by more than 127 included), divides by zero or shifts
//! by a negative amount makes the rule false for that x (it is never an error in the
//! middle of a table).
//!
//! No theorem proves a period for an arbitrary rule, so a period found in a table is
//! reported as observed, not proved. The values are the mex of the options' values
//! (Sprague–Grundy), computed from the heap of 0 up.

use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_engine::impartial::heap::{HeapFamily, HeapOption, HeapRules};
use std::fmt;
use std::rc::Rc;

/// Most characters in a rule.
const MAX_RULE: usize = 2_000;
/// Deepest nesting of a rule (parentheses and operators).
const MAX_DEPTH: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Or,
    And,
    Not,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitOr,
    BitXor,
    BitAnd,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Neg,
    Inv,
}

#[derive(Clone, Debug)]
enum Node {
    Num(i128),
    N,
    X,
    Unary(Op, Box<Node>),
    Binary(Op, Box<Node>, Box<Node>),
}

/// A rule read from its text.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    text: String,
    root: Node,
}

/// Why a rule could not be read: the message and the character (from 0) it is at.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct RuleError {
    pub(crate) at: usize,
    pub(crate) message: String,
}

struct Reader<'a> {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    _text: &'a str,
}

impl Rule {
    /// Reads `text`.
    pub(crate) fn parse(text: &str) -> Result<Rule, RuleError> {
        if text.chars().count() > MAX_RULE {
            return Err(RuleError {
                at: MAX_RULE,
                message: format!("a rule has at most {MAX_RULE} characters"),
            });
        }
        let mut r = Reader {
            chars: text.chars().collect(),
            pos: 0,
            depth: 0,
            _text: text,
        };
        let root = r.or()?;
        r.ws();
        if r.pos < r.chars.len() {
            return Err(r.err("an operator or the end of the rule"));
        }
        Ok(Rule {
            text: text.to_string(),
            root,
        })
    }

    /// Whether taking `x` from a heap of `n` is a move.
    pub(crate) fn allows(&self, n: i128, x: i128) -> bool {
        eval(&self.root, n, x).is_some_and(|v| v != 0)
    }
}

fn eval(e: &Node, n: i128, x: i128) -> Option<i128> {
    Some(match e {
        Node::Num(v) => *v,
        Node::N => n,
        Node::X => x,
        Node::Unary(op, a) => {
            let a = eval(a, n, x)?;
            match op {
                Op::Neg => a.checked_neg()?,
                Op::Inv => !a,
                _ => i128::from(a == 0),
            }
        }
        Node::Binary(op, a, b) => {
            let a = eval(a, n, x)?;
            // `and` and `or` look at the right side only when they need it.
            match op {
                Op::And if a == 0 => return Some(0),
                Op::Or if a != 0 => return Some(1),
                _ => {}
            }
            let b = eval(b, n, x)?;
            match op {
                Op::And | Op::Or => i128::from(b != 0),
                Op::Lt => i128::from(a < b),
                Op::Le => i128::from(a <= b),
                Op::Gt => i128::from(a > b),
                Op::Ge => i128::from(a >= b),
                Op::Eq => i128::from(a == b),
                Op::Ne => i128::from(a != b),
                Op::BitOr => a | b,
                Op::BitXor => a ^ b,
                Op::BitAnd => a & b,
                Op::Shl => {
                    let s = u32::try_from(b).ok().filter(|&s| s <= 127)?;
                    let v = a.checked_shl(s)?;
                    // An overflow loses bits: undo the shift to see.
                    if v >> s != a {
                        return None;
                    }
                    v
                }
                Op::Shr => {
                    // Python's: every bit shifted out leaves 0 (or -1 below 0).
                    let s = u32::try_from(b).ok()?;
                    a >> s.min(127)
                }
                Op::Add => a.checked_add(b)?,
                Op::Sub => a.checked_sub(b)?,
                Op::Mul => a.checked_mul(b)?,
                Op::Div => {
                    if b == 0 {
                        return None;
                    }
                    a.checked_div_euclid(b).map(|q| {
                        // Python's floor division: the Euclidean quotient, one less
                        // when the divisor is negative and there is a remainder.
                        if b < 0 && a.rem_euclid(b) != 0 {
                            q + 1
                        } else {
                            q
                        }
                    })?
                }
                Op::Mod => {
                    if b == 0 {
                        return None;
                    }
                    let r = a.checked_rem_euclid(b)?;
                    // Python's remainder has the divisor's sign.
                    if b < 0 && r != 0 { r + b } else { r }
                }
                Op::Not | Op::Neg | Op::Inv => return None,
            }
        }
    })
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    fn err(&self, expected: &str) -> RuleError {
        let found = match self.chars.get(self.pos) {
            Some(c) => format!("'{c}'"),
            None => "the end of the rule".to_string(),
        };
        RuleError {
            at: self.pos,
            message: format!("expected {expected}, found {found}"),
        }
    }

    /// Consumes `s` (after spaces) if it comes next; a word must not run on into a
    /// letter.
    fn eat(&mut self, s: &str) -> bool {
        self.ws();
        let cs: Vec<char> = s.chars().collect();
        let end = self.pos + cs.len();
        if end > self.chars.len() || self.chars[self.pos..end] != cs[..] {
            return false;
        }
        if cs[0].is_alphabetic() && self.chars.get(end).is_some_and(|c| c.is_alphanumeric()) {
            return false;
        }
        self.pos = end;
        true
    }

    fn enter(&mut self) -> Result<(), RuleError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(RuleError {
                at: self.pos,
                message: format!("a rule nests at most {MAX_DEPTH} levels"),
            });
        }
        Ok(())
    }

    fn or(&mut self) -> Result<Node, RuleError> {
        self.enter()?;
        let mut a = self.and()?;
        while self.eat("||") || self.eat("or") {
            let b = self.and()?;
            a = Node::Binary(Op::Or, Box::new(a), Box::new(b));
        }
        self.depth -= 1;
        Ok(a)
    }

    fn and(&mut self) -> Result<Node, RuleError> {
        let mut a = self.not()?;
        while self.eat("&&") || self.eat("and") {
            let b = self.not()?;
            a = Node::Binary(Op::And, Box::new(a), Box::new(b));
        }
        Ok(a)
    }

    fn not(&mut self) -> Result<Node, RuleError> {
        if self.eat("not") || (self.peek_is('!') && !self.peek2_is('=') && self.eat("!")) {
            self.enter()?;
            let a = self.not()?;
            self.depth -= 1;
            return Ok(Node::Unary(Op::Not, Box::new(a)));
        }
        self.comparison()
    }

    fn peek_is(&mut self, c: char) -> bool {
        self.ws();
        self.chars.get(self.pos) == Some(&c)
    }

    fn peek2_is(&self, c: char) -> bool {
        self.chars.get(self.pos + 1) == Some(&c)
    }

    fn comparison(&mut self) -> Result<Node, RuleError> {
        let a = self.bit_or()?;
        let Some(op) = self.comparison_op() else {
            return Ok(a);
        };
        let b = self.bit_or()?;
        let at = self.pos;
        if self.comparison_op().is_some() {
            return Err(RuleError {
                at,
                message: "comparisons do not chain: write a < b and b < c".to_string(),
            });
        }
        Ok(Node::Binary(op, Box::new(a), Box::new(b)))
    }

    fn comparison_op(&mut self) -> Option<Op> {
        for (s, op) in [
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("==", Op::Eq),
            ("!=", Op::Ne),
        ] {
            if self.eat(s) {
                return Some(op);
            }
        }
        // `<` and `>` alone (not shifts).
        self.ws();
        for (c, op) in [('<', Op::Lt), ('>', Op::Gt)] {
            if self.chars.get(self.pos) == Some(&c) && self.chars.get(self.pos + 1) != Some(&c) {
                self.pos += 1;
                return Some(op);
            }
        }
        None
    }

    fn binary(
        &mut self,
        ops: &[(&str, Op)],
        next: fn(&mut Self) -> Result<Node, RuleError>,
    ) -> Result<Node, RuleError> {
        let mut a = next(self)?;
        'more: loop {
            for &(s, op) in ops {
                // `|` and `&` are not the start of `||` and `&&`.
                let doubled = matches!(s, "|" | "&") && {
                    self.ws();
                    self.peek2_is(s.chars().next().unwrap_or(' '))
                };
                if !doubled && self.eat(s) {
                    let b = next(self)?;
                    a = Node::Binary(op, Box::new(a), Box::new(b));
                    continue 'more;
                }
            }
            return Ok(a);
        }
    }

    fn bit_or(&mut self) -> Result<Node, RuleError> {
        self.binary(&[("|", Op::BitOr)], Self::bit_xor)
    }

    fn bit_xor(&mut self) -> Result<Node, RuleError> {
        self.binary(&[("^", Op::BitXor)], Self::bit_and)
    }

    fn bit_and(&mut self) -> Result<Node, RuleError> {
        self.binary(&[("&", Op::BitAnd)], Self::shift)
    }

    fn shift(&mut self) -> Result<Node, RuleError> {
        self.binary(&[("<<", Op::Shl), (">>", Op::Shr)], Self::additive)
    }

    fn additive(&mut self) -> Result<Node, RuleError> {
        self.binary(&[("+", Op::Add), ("-", Op::Sub)], Self::multiplicative)
    }

    fn multiplicative(&mut self) -> Result<Node, RuleError> {
        self.binary(
            &[
                ("*", Op::Mul),
                ("//", Op::Div),
                ("/", Op::Div),
                ("%", Op::Mod),
            ],
            Self::unary,
        )
    }

    fn unary(&mut self) -> Result<Node, RuleError> {
        for (s, op) in [("-", Op::Neg), ("~", Op::Inv)] {
            if self.eat(s) {
                self.enter()?;
                let a = self.unary()?;
                self.depth -= 1;
                return Ok(Node::Unary(op, Box::new(a)));
            }
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Node, RuleError> {
        self.ws();
        if self.eat("(") {
            let a = self.or()?;
            if !self.eat(")") {
                return Err(self.err("')'"));
            }
            return Ok(a);
        }
        let start = self.pos;
        match self.chars.get(self.pos) {
            Some(c) if c.is_ascii_digit() => {
                while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
                    self.pos += 1;
                }
                let digits: String = self.chars[start..self.pos].iter().collect();
                let v = digits.parse::<i128>().map_err(|_| RuleError {
                    at: start,
                    message: format!("the number {digits} is too large (at most {})", i128::MAX),
                })?;
                Ok(Node::Num(v))
            }
            Some(c) if c.is_alphabetic() => {
                while self
                    .chars
                    .get(self.pos)
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_')
                {
                    self.pos += 1;
                }
                let word: String = self.chars[start..self.pos].iter().collect();
                match word.as_str() {
                    "n" => Ok(Node::N),
                    "x" => Ok(Node::X),
                    _ => Err(RuleError {
                        at: start,
                        message: format!(
                            "unknown name '{word}': a rule speaks of n (the heap) and x (the stones taken)"
                        ),
                    }),
                }
            }
            _ => Err(self.err("a number, n, x or '('")),
        }
    }
}

/// The rules of `takeif["RULE"]`.
#[derive(Clone)]
pub(crate) struct Take {
    rule: Rc<Rule>,
}

impl fmt::Debug for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "takeif[{:?}]", self.rule.text)
    }
}

impl HeapRules for Take {
    fn name(&self) -> String {
        format!("takeif[\"{}\"]", self.rule.text)
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only asked for heaps of a table, which fit a machine word.
        let Some(n) = n.to_u64() else { return };
        let heap = i128::from(n);
        for x in 1..=n {
            if self.rule.allows(heap, i128::from(x)) {
                out.push(smallvec![Nat::from(n - x)]);
            }
        }
    }

    fn option_count(&self, n: &Nat) -> Option<Nat> {
        // Counted by trying every x, so only for heaps whose options may be listed.
        let n = n.to_u64().filter(|&n| n <= 1 << 20)?;
        let heap = i128::from(n);
        let count = (1..=n)
            .filter(|&x| self.rule.allows(heap, i128::from(x)))
            .count();
        Some(Nat::from(count as u64))
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let to = option.first().cloned().unwrap_or_default();
        let take = n.checked_sub(&to).unwrap_or_default();
        format!("take {take} from the heap of {n}")
    }
}

/// `takeif["RULE"]` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["takeif"],
    usage: Some((
        "takeif[\"RULE\"](n,…)",
        "take x stones, 1 ≤ x ≤ n, where the rule in n and x holds: takeif[\"x & n == 0\"]",
    )),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A move takes x stones from a heap of n, 1 ≤ x ≤ n, where the written rule in n and x holds. Whoever cannot move loses.",
        example: Some("takeif[\"x & n == 0\"](12)"),
    }),
    build: |reg, t| {
        let rules = read(reg, t)?;
        Ok((reg.shared(HeapFamily::new(rules)), 1))
    },
    read: None,
    table: Some(|reg, t| Ok(Rc::new(HeapFamily::new(read(reg, t)?)))),
    names_file: super::no_file,
};

/// The rule of a `takeif["…"]` term.
fn read(reg: &crate::Registry<'_>, t: &sprague_expr::FamilyTerm) -> Result<Take, crate::ExprError> {
    use sprague_expr::{Param, Span};
    let usage = "takeif takes one parameter, the rule in quotes: an expression in n (the heap) and x (the stones taken), e.g. takeif[\"x & n == 0\"](10)";
    match t.params.as_deref() {
        Some([Param::Str(s, span)]) => {
            let rule = Rule::parse(s).map_err(|e| {
                // The column of the character inside the quotes.
                let off: usize = s.chars().take(e.at).map(char::len_utf8).sum();
                let at = Span {
                    start: span.start + 1 + off,
                    end: span.end,
                };
                reg.error(at, &format!("bad rule: {}", e.message))
            })?;
            Ok(Take {
                rule: Rc::new(rule),
            })
        }
        Some([p, ..]) => Err(reg.error(p.span(), usage)),
        _ => Err(reg.error(t.name_span, usage)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(s: &str) -> Rule {
        Rule::parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    /// Each rule against the same condition written in Rust, on every (n, x).
    #[test]
    fn rules_mean_what_python_would() {
        type Check = fn(i128, i128) -> bool;
        let cases: Vec<(&str, Check)> = vec![
            ("x & n == 0", |n, x| x & n == 0),
            ("n % x == 0", |n, x| n % x == 0),
            ("x <= 3", |_, x| x <= 3),
            ("x % 2 == 1 and not x > 5", |_, x| x % 2 == 1 && x <= 5),
            ("x | n == n || x == 1", |n, x| (x | n) == n || x == 1),
            ("(n - x) * 2 >= n", |n, x| (n - x) * 2 >= n),
            ("x << 2 > n ^ 5", |n, x| (x << 2) > (n ^ 5)),
            ("-x + n // 3 > ~x", |n, x| -x + n.div_euclid(3) > !x),
            ("!(x == 2) && n - x != 1", |n, x| x != 2 && n - x != 1),
            ("x * x <= n", |n, x| x * x <= n),
            ("n % (x - 1) == 0", |n, x| x != 1 && n % (x - 1) == 0),
        ];
        for (text, f) in cases {
            let r = rule(text);
            for n in 0..40 {
                for x in 1..=n.max(1) {
                    assert_eq!(r.allows(n, x), f(n, x), "{text} at n = {n}, x = {x}");
                }
            }
        }
        // Python's floor division and remainder.
        assert!(rule("-7 // 2 == -4 and -7 % 2 == 1 and 7 % -2 == -1").allows(0, 0));
    }

    #[test]
    fn a_step_that_cannot_be_done_makes_the_rule_false() {
        assert!(!rule("n / (x - x) == 0").allows(5, 1));
        assert!(!rule("x << 200 > 0").allows(5, 1));
        assert!(!rule("x << 126 > 0").allows(5, 2));
        assert!(!rule("170141183460469231731687303715884105727 + x > 0").allows(5, 1));
        assert!(rule("x >> 200 == 0 or 1").allows(5, 1));
    }

    #[test]
    fn bad_rules_say_where() {
        let err = |s: &str| Rule::parse(s).unwrap_err();
        assert_eq!(err("x & y == 0").at, 4);
        assert!(err("x & y == 0").message.contains("unknown name 'y'"));
        assert_eq!(err("x <").at, 3);
        assert!(err("1 < x < 3").message.contains("do not chain"));
        assert_eq!(err("(x").message, "expected ')', found the end of the rule");
        assert!(err(&"(".repeat(100)).message.contains("nests at most"));
        assert!(err(&"x".repeat(3000)).message.contains("at most"));
        assert!(err("x $ 2").message.contains("found '$'"));
        assert!(
            err("99999999999999999999999999999999999999999 > x")
                .message
                .contains("too large")
        );
    }

    /// The values by the mex of the rule's options, against closed forms from the
    /// rules: taking 1..3 is Bash (n mod 4); taking an odd number is n mod 2 (from an
    /// even heap every move leaves an odd one, from an odd heap taking all leaves 0);
    /// taking a submask of n (`x | n == n`) is popcount(n) (see `submask`).
    #[test]
    fn tables_match_the_closed_forms_of_the_rules() {
        use sprague_core::Limits;
        let values = |text: &str, to: u64| -> Vec<u64> {
            let f = HeapFamily::new(Take {
                rule: Rc::new(rule(text)),
            });
            let report = f.report(0, to as usize, &Limits::default()).unwrap();
            // No theorem proves a period of an arbitrary rule.
            assert!(
                report.period.as_ref().is_none_or(|(_, proved)| !proved),
                "{text}"
            );
            report.values.iter().map(|v| v.to_u64().unwrap()).collect()
        };
        let bash = values("x <= 3", 200);
        assert!(bash.iter().enumerate().all(|(n, &v)| v == n as u64 % 4));
        let odd = values("x % 2 == 1", 200);
        assert!(odd.iter().enumerate().all(|(n, &v)| v == n as u64 % 2));
        let sub = values("x | n == n", 300);
        assert!(
            sub.iter()
                .enumerate()
                .all(|(n, &v)| v == u64::from((n as u64).count_ones()))
        );
    }
}
