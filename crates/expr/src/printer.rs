//! Writes expressions back in normalised form.
//!
//! The normalised form has no spaces except `" + "` between terms; integers are written
//! without `_` and without leading zeros; literals are written as in CGSuite (`0`, `3/4`
//! reduced, `-5/8`, `*`, `*3`, `^`, `v`, `±1`); options are written with nested braces
//! (`{a|{b|c}}`), never with slash levels. For every expression `e` that [`parse`]
//! accepts, `parse(print(e))` equals `parse(e)` up to spans.
//!
//! Trees built by hand that the parser could not have produced may print as text that
//! does not parse back: an empty sum prints as `0`, an empty parameter or argument list
//! as `[]`/`()`, a string containing `"` or a newline verbatim, `±` of a non-number
//! literal as `±` followed by that literal.
//!
//! [`parse`]: super::parse

use super::ast::{Arg, BinaryOp, Literal, Param, Statement, Sum, Term, UnaryOp};
use sprague_core::nat::Nat;
use std::fmt;

/// Appends the normalised form of a sum: its terms joined by `" + "` (`0` if empty).
pub fn write_sum(out: &mut String, sum: &Sum) {
    with_bytes(out, |buf| sum_bytes(buf, sum));
}

/// Appends the normalised form of a term, e.g. `nim(3,4)`, `sub[1,3..5](10)`, `3/4`,
/// `{0,*|0}`.
pub fn write_term(out: &mut String, term: &Term) {
    with_bytes(out, |buf| term_bytes(buf, term));
}

/// Appends the CGSuite form of a literal: `0`, `3/4` (reduced), `-5/8`, `*`, `*3`, `^`,
/// `v`, `±1`.
pub fn write_literal(out: &mut String, lit: &Literal) {
    with_bytes(out, |buf| literal_bytes(buf, lit));
}

/// Runs `f` on the bytes of `out`. The printer works on bytes so that a position with
/// a million heaps prints quickly; it only ever appends whole UTF-8 strings.
fn with_bytes(out: &mut String, f: impl FnOnce(&mut Vec<u8>)) {
    let mut buf = std::mem::take(out).into_bytes();
    f(&mut buf);
    *out = match String::from_utf8(buf) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
}

fn sum_bytes(out: &mut Vec<u8>, sum: &Sum) {
    if sum.terms.is_empty() {
        out.push(b'0');
    }
    for (i, term) in sum.terms.iter().enumerate() {
        match term {
            Term::Unary(UnaryOp::Neg, x, _) if i > 0 => {
                out.extend_from_slice(b" - ");
                operand_bytes(out, x);
            }
            _ => {
                if i > 0 {
                    out.extend_from_slice(b" + ");
                }
                term_bytes(out, term);
            }
        }
    }
}

/// Appends a statement: its sum, and the comparison if any (`G <= H`).
pub fn write_statement(out: &mut String, st: &Statement) {
    with_bytes(out, |buf| {
        sum_bytes(buf, &st.sum);
        if let Some((rel, _, rhs)) = &st.compare {
            buf.push(b' ');
            buf.extend_from_slice(rel.symbol().as_bytes());
            buf.push(b' ');
            sum_bytes(buf, rhs);
        }
    });
}

/// Appends the operand of an operator, in parentheses unless it reads back as one
/// term there: `-nim(3)`, `3 * ^`, `3 * (1/2)`, `-(^ + *)`.
fn operand_bytes(out: &mut Vec<u8>, t: &Term) {
    let plain = match t {
        Term::Family(_) | Term::Options(_) | Term::Group(..) | Term::Call(_) => true,
        Term::Literal(l, _) => match l.normalized() {
            Literal::Star(_) | Literal::Up | Literal::Down => true,
            Literal::Nus { number, .. } => {
                matches!(*number, Literal::Number { ref num, .. } if num.is_zero())
            }
            _ => false,
        },
        Term::Unary(..) | Term::Binary(..) => false,
    };
    if !plain {
        out.push(b'(');
    }
    term_bytes(out, t);
    if !plain {
        out.push(b')');
    }
}

/// Appends an operand of `G:H`: every term but a sum or an ordinal sum on the right
/// reads back as one operand there.
fn ordinal_operand(out: &mut Vec<u8>, t: &Term, left: bool) {
    let plain = left || !matches!(t, Term::Binary(BinaryOp::Ordinal, ..));
    if !plain {
        out.push(b'(');
    }
    term_bytes(out, t);
    if !plain {
        out.push(b')');
    }
}

fn term_bytes(out: &mut Vec<u8>, term: &Term) {
    match term {
        Term::Family(f) => {
            out.extend_from_slice(f.name.as_bytes());
            if let Some(params) = &f.params {
                out.push(b'[');
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    param_bytes(out, p);
                }
                out.push(b']');
            }
            if let Some(args) = &f.args {
                out.push(b'(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    match a {
                        Arg::Int(n, _) => nat_bytes(out, n),
                        Arg::Str(s, _) => str_bytes(out, s),
                    }
                }
                out.push(b')');
            }
        }
        Term::Literal(lit, _) => literal_bytes(out, lit),
        Term::Options(o) => {
            out.push(b'{');
            options_bytes(out, &o.left);
            out.push(b'|');
            options_bytes(out, &o.right);
            out.push(b'}');
        }
        Term::Unary(UnaryOp::Neg, x, _) => {
            out.push(b'-');
            operand_bytes(out, x);
        }
        Term::Binary(BinaryOp::Times, x, _) => {
            term_bytes(out, &x.0);
            out.extend_from_slice(b" * ");
            operand_bytes(out, &x.1);
        }
        Term::Binary(BinaryOp::Ordinal, x, _) => {
            ordinal_operand(out, &x.0, true);
            out.push(b':');
            ordinal_operand(out, &x.1, false);
        }
        Term::Group(sum, _) => {
            out.push(b'(');
            sum_bytes(out, sum);
            out.push(b')');
        }
        Term::Call(c) => {
            out.extend_from_slice(c.name.as_bytes());
            out.push(b'(');
            options_bytes(out, &c.args);
            out.push(b')');
        }
    }
}

fn literal_bytes(out: &mut Vec<u8>, lit: &Literal) {
    match lit.normalized() {
        Literal::Number { negative, num, den } => {
            if negative && !num.is_zero() {
                out.push(b'-');
            }
            nat_bytes(out, &num);
            if den != Nat::from(1u64) {
                out.push(b'/');
                nat_bytes(out, &den);
            }
        }
        Literal::Star(n) => {
            out.push(b'*');
            if n != Nat::from(1u64) {
                nat_bytes(out, &n);
            }
        }
        Literal::Up => out.push(b'^'),
        Literal::Down => out.push(b'v'),
        Literal::PlusMinus(x) => {
            out.extend_from_slice("±".as_bytes());
            let paren = matches!(*x, Literal::Nus { .. } | Literal::PlusMinus(_));
            if paren {
                out.push(b'(');
            }
            literal_bytes(out, &x);
            if paren {
                out.push(b')');
            }
        }
        Literal::Nus {
            number,
            down,
            ups,
            star,
        } => {
            if !matches!(*number, Literal::Number { ref num, .. } if num.is_zero()) {
                literal_bytes(out, &number);
            }
            let arrow = if down { b'v' } else { b'^' };
            if ups == Nat::from(2u64) {
                out.extend_from_slice(&[arrow, arrow]);
            } else if !ups.is_zero() {
                out.push(arrow);
                if ups != Nat::from(1u64) {
                    nat_bytes(out, &ups);
                }
            }
            if !star.is_zero() {
                out.push(b'*');
                if star != Nat::from(1u64) {
                    nat_bytes(out, &star);
                }
            }
        }
    }
}

fn options_bytes(out: &mut Vec<u8>, options: &[Sum]) {
    for (i, s) in options.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        sum_bytes(out, s);
    }
}

fn param_bytes(out: &mut Vec<u8>, p: &Param) {
    match p {
        Param::Int(n, _) => nat_bytes(out, n),
        Param::Range(lo, hi, _) => {
            nat_bytes(out, lo);
            out.extend_from_slice(b"..");
            nat_bytes(out, hi);
        }
        Param::Code(c, _) => out.extend_from_slice(c.as_bytes()),
        Param::Str(s, _) => str_bytes(out, s),
    }
}

fn str_bytes(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// Two-digit decimal strings "00" to "99", back to back.
const PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// Appends a natural number in decimal, two digits at a time for values below 2^64.
fn nat_bytes(out: &mut Vec<u8>, n: &Nat) {
    match n {
        Nat::Small(v) => {
            let mut buf = [0u8; 20];
            let mut i = buf.len();
            let mut v = *v;
            while v >= 100 {
                let k = (v % 100) as usize * 2;
                v /= 100;
                i -= 2;
                buf[i..i + 2].copy_from_slice(&PAIRS[k..k + 2]);
            }
            if v >= 10 {
                let k = v as usize * 2;
                i -= 2;
                buf[i..i + 2].copy_from_slice(&PAIRS[k..k + 2]);
            } else {
                i -= 1;
                buf[i] = b'0' + v as u8;
            }
            out.extend_from_slice(&buf[i..]);
        }
        Nat::Big(_) => out.extend_from_slice(n.to_string().as_bytes()),
    }
}

impl fmt::Display for Sum {
    /// The normalised form (see [`write_sum`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_sum(&mut s, self);
        f.write_str(&s)
    }
}

impl fmt::Display for Term {
    /// The normalised form (see [`write_term`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_term(&mut s, self);
        f.write_str(&s)
    }
}

impl fmt::Display for Literal {
    /// The CGSuite form (see [`write_literal`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_literal(&mut s, self);
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{FamilyTerm, OptionsTerm, Span};
    use crate::parse;
    use proptest::prelude::*;

    fn print(src: &str) -> String {
        let sum = parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
        let mut out = String::new();
        write_sum(&mut out, &sum);
        out
    }

    fn lit(l: Literal) -> String {
        let mut out = String::new();
        write_literal(&mut out, &l);
        out
    }

    fn number(negative: bool, num: u64, den: u64) -> Literal {
        Literal::Number {
            negative,
            num: Nat::from(num),
            den: Nat::from(den),
        }
    }

    #[test]
    fn families_print_without_spaces() {
        assert_eq!(print(" nim ( 3 , 4,5 ) "), "nim(3,4,5)");
        assert_eq!(print("sub[1, 3 .. 5](10)"), "sub[1,3..5](10)");
        assert_eq!(print("sub [ 1 , 3 , 4 ]"), "sub[1,3,4]");
        assert_eq!(print("octal[0.137](4)"), "octal[0.137](4)");
        assert_eq!(print("octal[0.1_37](4)"), "octal[0.137](4)");
        assert_eq!(
            print(r#"digraph[ "g.txt" ]( 0 ,1)"#),
            r#"digraph["g.txt"](0,1)"#
        );
        assert_eq!(print(r#"hackenbush("BBRRB")"#), r#"hackenbush("BBRRB")"#);
        assert_eq!(print("nim(007, 1_000, 0)"), "nim(7,1000,0)");
        assert_eq!(
            print("nim(123_456_789_012_345_678_901_234_567_890)"),
            "nim(123456789012345678901234567890)"
        );
        assert_eq!(
            print("nim(18446744073709551615)"),
            "nim(18446744073709551615)"
        );
        assert_eq!(print("wythoff(3,5)+fib(10,3)"), "wythoff(3,5) + fib(10,3)");
        assert_eq!(
            print("unfair[1,2](3)\n+\ncut(2,3)"),
            "unfair[1,2](3) + cut(2,3)"
        );
        assert_eq!(print("vx"), "vx");
    }

    #[test]
    fn literals_print_as_cgsuite() {
        assert_eq!(print("0"), "0");
        assert_eq!(print("-0"), "0");
        assert_eq!(print("3/4"), "3/4");
        assert_eq!(print("2/4"), "1/2");
        assert_eq!(print("4/2"), "2");
        assert_eq!(print("- 5/8"), "-5/8");
        assert_eq!(print("*"), "*");
        assert_eq!(print("*1"), "*");
        assert_eq!(print("*0"), "0");
        assert_eq!(print("* 3"), "*3");
        assert_eq!(print("^"), "^");
        assert_eq!(print("v"), "v");
        assert_eq!(print("+-1"), "±1");
        assert_eq!(print("±2/4"), "±1/2");
        assert_eq!(print("v +-1"), "v + -1");
        assert_eq!(print("v + +-1"), "v + ±1");
        // Trees built by hand are normalised too.
        assert_eq!(lit(Literal::Star(Nat::ZERO)), "0");
        assert_eq!(lit(Literal::Star(Nat::from(1u64))), "*");
        assert_eq!(lit(Literal::Star(Nat::from(12u64))), "*12");
        assert_eq!(lit(number(true, 6, 4)), "-3/2");
        assert_eq!(lit(number(true, 0, 8)), "0");
        assert_eq!(lit(number(false, 8, 8)), "1");
        assert_eq!(lit(number(true, 7, 1)), "-7");
        assert_eq!(
            lit(Literal::PlusMinus(Box::new(number(false, 4, 8)))),
            "±1/2"
        );
        assert_eq!(number(true, 5, 8).to_string(), "-5/8");
    }

    #[test]
    fn options_print_with_nested_braces() {
        assert_eq!(print("{1|-1}"), "{1|-1}");
        assert_eq!(print("{ 0 , * | 0 }"), "{0,*|0}");
        assert_eq!(print("{|}"), "{|}");
        assert_eq!(print("{0|}"), "{0|}");
        assert_eq!(print("{0||1|2}"), "{0|{1|2}}");
        assert_eq!(print("{0|1||2}"), "{{0|1}|2}");
        assert_eq!(print("{0|||1||2|3}"), "{0|{1|{2|3}}}");
        assert_eq!(print("{nim(1)+*|0}"), "{nim(1) + *|0}");
        assert_eq!(print("{{1|-1}|}"), "{{1|-1}|}");
    }

    #[test]
    fn hand_built_edge_cases() {
        let mut out = String::from("x = ");
        write_sum(&mut out, &Sum { terms: vec![] });
        assert_eq!(out, "x = 0");
        let t = Term::Family(FamilyTerm {
            name: "sub".into(),
            name_span: Span::default(),
            params: Some(vec![Param::Range(
                Nat::from(1u64),
                Nat::from(5u64),
                Span::default(),
            )]),
            args: None,
            span: Span::default(),
        });
        assert_eq!(t.to_string(), "sub[1..5]");
        let t = Term::Options(OptionsTerm {
            left: vec![],
            right: vec![Sum {
                terms: vec![t.clone(), t],
            }],
            span: Span::default(),
        });
        assert_eq!(t.to_string(), "{|sub[1..5] + sub[1..5]}");
    }

    #[test]
    fn printing_a_million_heaps_round_trips() {
        let mut src = String::from("nim(");
        for i in 0..1_000_000u64 {
            if i > 0 {
                src.push(',');
            }
            src.push_str(&(i * 1_000_000_000_007).to_string());
        }
        src.push(')');
        assert_eq!(print(&src), src);
    }

    // ----- round trip: parse(print(e)) == e, up to spans -----------------------------

    fn nat() -> impl Strategy<Value = Nat> {
        prop_oneof![
            (0u64..20).prop_map(Nat::from),
            any::<u64>().prop_map(Nat::from),
            "[1-9][0-9]{19,40}".prop_map(|s| s.parse().unwrap()),
        ]
    }

    fn number_literal() -> impl Strategy<Value = Literal> {
        (any::<bool>(), nat(), 0u32..70).prop_map(|(negative, num, k)| {
            let den = Nat::from_big(num_bigint::BigUint::from(1u8) << k);
            Literal::Number { negative, num, den }.normalized()
        })
    }

    fn literal() -> impl Strategy<Value = Literal> {
        prop_oneof![
            number_literal(),
            nat().prop_map(|n| Literal::Star(n).normalized()),
            Just(Literal::Up),
            Just(Literal::Down),
            number_literal().prop_map(|x| Literal::PlusMinus(Box::new(x))),
        ]
    }

    fn string() -> impl Strategy<Value = String> {
        "[^\"\n\r]{0,8}"
    }

    fn param() -> impl Strategy<Value = Param> {
        let s = Span::default();
        prop_oneof![
            nat().prop_map(move |n| Param::Int(n, s)),
            (nat(), nat()).prop_map(move |(a, b)| Param::Range(a, b, s)),
            "[0-9]{1,2}\\.[0-9]{1,5}".prop_map(move |c| Param::Code(c, s)),
            string().prop_map(move |c| Param::Str(c, s)),
        ]
    }

    fn arg() -> impl Strategy<Value = Arg> {
        let s = Span::default();
        prop_oneof![
            nat().prop_map(move |n| Arg::Int(n, s)),
            string().prop_map(move |c| Arg::Str(c, s)),
        ]
    }

    fn family() -> impl Strategy<Value = FamilyTerm> {
        (
            "[a-z][a-z0-9_]{0,6}",
            proptest::option::of(proptest::collection::vec(param(), 1..4)),
            proptest::option::of(proptest::collection::vec(arg(), 1..5)),
        )
            .prop_filter("a bare `v`, `vv`, `v3` is down", |(name, p, a)| {
                let downs = name.bytes().all(|c| c == b'v')
                    || (name.len() > 1
                        && name.starts_with('v')
                        && name[1..].bytes().all(|c| c.is_ascii_digit()));
                !downs || p.is_some() || a.is_some()
            })
            .prop_map(|(name, params, args)| FamilyTerm {
                name,
                name_span: Span::default(),
                params,
                args,
                span: Span::default(),
            })
    }

    fn term() -> impl Strategy<Value = Term> {
        let leaf = prop_oneof![
            family().prop_map(Term::Family),
            literal().prop_map(|l| Term::Literal(l, Span::default())),
        ];
        leaf.prop_recursive(6, 64, 4, |inner| {
            let sum = proptest::collection::vec(inner, 1..3).prop_map(|terms| Sum { terms });
            let side = proptest::collection::vec(sum, 0..3);
            (side.clone(), side).prop_map(|(left, right)| {
                Term::Options(OptionsTerm {
                    left,
                    right,
                    span: Span::default(),
                })
            })
        })
    }

    fn sum() -> impl Strategy<Value = Sum> {
        proptest::collection::vec(term(), 1..4).prop_map(|terms| Sum { terms })
    }

    /// Writes a tree in a random but equivalent surface form: random whitespace between
    /// tokens, `_` separators and leading zeros in integers, unreduced fractions, `+-`
    /// for `±`, `*1` for `*`.
    struct Messy {
        seed: u64,
        out: String,
    }

    impl Messy {
        fn next(&mut self, k: u64) -> u64 {
            self.seed = self
                .seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.seed >> 33) % k
        }

        fn ws(&mut self) {
            let w = [" ", "", "\n", "\t ", "", "\r\n"][self.next(6) as usize];
            self.out.push_str(w);
        }

        fn tok(&mut self, t: &str) {
            self.ws();
            self.out.push_str(t);
        }

        fn nat(&mut self, n: &Nat) {
            self.ws();
            let digits = n.to_string();
            if self.next(4) == 0 {
                self.out.push_str("00");
            }
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && self.next(5) == 0 {
                    self.out.push('_');
                }
                self.out.push(c);
            }
        }

        fn number(&mut self, negative: bool, num: &Nat, den: &Nat) {
            if negative || (num.is_zero() && self.next(4) == 0) {
                self.tok("-");
            }
            let j = self.next(3) as u32;
            let scale = Nat::from(1u64 << j);
            let mul = |a: &Nat| Nat::from_big(a.to_big() * scale.to_big());
            let (num, den) = (mul(num), mul(den));
            self.nat(&num);
            if den != Nat::from(1u64) || self.next(3) == 0 {
                self.tok("/");
                self.nat(&den);
            }
        }

        fn literal(&mut self, l: &Literal) {
            match l {
                Literal::Number { negative, num, den } => self.number(*negative, num, den),
                Literal::Star(n) => {
                    self.tok("*");
                    if *n != Nat::from(1u64) || self.next(2) == 0 {
                        self.nat(n);
                    }
                }
                Literal::Up => self.tok("^"),
                Literal::Down => self.tok("v"),
                Literal::PlusMinus(x) => {
                    let pm = if self.next(2) == 0 { "±" } else { "+-" };
                    self.tok(pm);
                    self.literal(x);
                }
                Literal::Nus { .. } => self.tok(&l.to_string()),
            }
        }

        fn sum(&mut self, s: &Sum) {
            for (i, t) in s.terms.iter().enumerate() {
                if i > 0 {
                    self.tok("+");
                    // `+` directly followed by `+-` would still be read as a sum and a
                    // switch, but keep a space so that `+` `-` never merge.
                    self.out.push(' ');
                }
                self.term(t);
            }
        }

        fn list<T>(&mut self, items: &[T], mut f: impl FnMut(&mut Self, &T)) {
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    self.tok(",");
                }
                f(self, x);
            }
        }

        fn term(&mut self, t: &Term) {
            match t {
                Term::Family(f) => {
                    self.tok(&f.name);
                    if let Some(ps) = &f.params {
                        self.tok("[");
                        self.list(ps, |m, p| match p {
                            Param::Int(n, _) => m.nat(n),
                            Param::Range(a, b, _) => {
                                m.nat(a);
                                m.tok("..");
                                m.nat(b);
                            }
                            Param::Code(c, _) => m.tok(c),
                            Param::Str(s, _) => m.tok(&format!("\"{s}\"")),
                        });
                        self.tok("]");
                    }
                    if let Some(args) = &f.args {
                        self.tok("(");
                        self.list(args, |m, a| match a {
                            Arg::Int(n, _) => m.nat(n),
                            Arg::Str(s, _) => m.tok(&format!("\"{s}\"")),
                        });
                        self.tok(")");
                    }
                }
                Term::Literal(l, _) => self.literal(l),
                Term::Options(o) => {
                    self.tok("{");
                    self.list(&o.left, |m, s| m.sum(s));
                    self.tok("|");
                    self.list(&o.right, |m, s| m.sum(s));
                    self.tok("}");
                }
                t => self.tok(&t.to_string()),
            }
        }
    }

    proptest! {
        #[test]
        fn messy_text_parses_to_the_tree(tree in sum(), seed in any::<u64>()) {
            let mut m = Messy { seed, out: String::new() };
            m.sum(&tree);
            m.ws();
            let text = m.out;
            let mut back = parse(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
            back.clear_spans();
            prop_assert_eq!(back, tree, "{:?}", text);
        }

        #[test]
        fn printed_trees_parse_back(tree in sum()) {
            let mut text = String::new();
            write_sum(&mut text, &tree);
            let mut back = parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            back.clear_spans();
            prop_assert_eq!(back, tree, "{}", text);
        }
    }

    proptest! {
        // Most random strings do not parse; many cases make sure that enough do.
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn parse_print_parse_is_stable(
            src in "([a-z]{1,3}|[0-9_]{1,3}|Tiny\\(|Miny\\(|[-+*^v±↑⇓/,.|{}()\\[\\]\" ]){0,24}"
        ) {
            if let Ok(mut first) = parse(&src) {
                let text = first.to_string();
                let mut second = parse(&text).map_err(|e| TestCaseError::fail(format!("{src:?} printed as {text:?}: {e}")))?;
                prop_assert_eq!(second.to_string(), text.clone());
                first.clear_spans();
                second.clear_spans();
                prop_assert_eq!(first, second, "{:?} printed as {:?}", src, text);
            }
        }
    }
}
