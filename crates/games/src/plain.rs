//! A plain sum of heaps read from a stream as it comes ([`read_plain`]): a Nim position
//! of a million heaps piped into `sprague solve -` is parsed through one small buffer,
//! never held whole. Input that turns out not to be plain is handed back byte for
//! byte, for the parser: the part already read is written again from what was kept of
//! it (the terms and their numbers, plus the spaces and leading zeros that writing
//! them plainly would lose).

use super::Registry;
use sprague_core::nat::Nat;
use sprague_engine::impartial::family::{Family, Pos};
use sprague_engine::impartial::position::{Components, Position, Stretch};
use sprague_engine::impartial::sum::Component;
use sprague_expr::{FamilyTerm, Span};
use std::io::{self, Read};
use std::rc::Rc;

/// Bytes read at a time.
pub const CHUNK: usize = 1 << 16;
/// Longest family name read as plain (longer ones go to the parser).
const MAX_NAME: usize = 64;
/// Most digits of a plain number (below 10^19).
const MAX_DIGITS: usize = 19;

/// What [`read_plain`] read.
pub enum Plain {
    /// A plain sum of impartial terms `name(n1,n2,…)`: its position.
    Position(Position),
    /// Any other input: all of it, byte for byte, for the parser.
    Text(Vec<u8>),
    /// More than the bound on bytes.
    TooLong,
}

/// Reads `input` to its end, at most `max` bytes, as a plain sum of impartial terms
/// (see [`super::plain_position`]) through a buffer of [`CHUNK`] bytes, with the
/// components [`super::position`] gives; anything else comes back whole as
/// [`Plain::Text`].
///
/// ```
/// use sprague_games::plain::{Plain, read_plain};
/// let Plain::Position(p) = read_plain(&mut &b"nim(3, 4) + kayles(5)"[..], 100).unwrap() else {
///     panic!()
/// };
/// assert_eq!(sprague_engine::impartial::position::Components::count(&p), 3);
/// let Plain::Text(t) = read_plain(&mut &b"nim(3) + {1|-1}"[..], 100).unwrap() else {
///     panic!()
/// };
/// assert_eq!(t, b"nim(3) + {1|-1}");
/// ```
pub fn read_plain(input: &mut dyn Read, max: u64) -> io::Result<Plain> {
    read_plain_by(input, max, CHUNK)
}

/// [`read_plain`] with reads of `chunk` bytes (tests use tiny ones).
pub(crate) fn read_plain_by(input: &mut dyn Read, max: u64, chunk: usize) -> io::Result<Plain> {
    let mut buf = vec![0u8; chunk.max(1)];
    let mut r = Reader::new();
    let mut total = 0u64;
    loop {
        let n = match input.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        total += n as u64;
        if total > max {
            return Ok(Plain::TooLong);
        }
        if n == 0 {
            return Ok(match r.finish() {
                Some(p) => Plain::Position(p),
                None => Plain::Text(r.text_so_far()),
            });
        }
        if let Err(at) = r.feed(&buf[..n]) {
            // Not plain: the text read so far, the rest of this chunk, then the rest.
            let mut text = r.text_so_far();
            text.extend_from_slice(&buf[at..n]);
            let left = max - total;
            let before = text.len();
            input.take(left + 1).read_to_end(&mut text)?;
            if (text.len() - before) as u64 > left {
                return Ok(Plain::TooLong);
            }
            return Ok(Plain::Text(text));
        }
    }
}

/// How many of the zeros that begin `digits` are not part of the number as written
/// plainly (`007`: 2, `000`: 2, `10`: 0).
fn leading_zeros(digits: &[u8]) -> usize {
    match digits.first() {
        Some(b'0') => {
            let zeros = digits.iter().take_while(|&&d| d == b'0').count();
            zeros.min(digits.len() - 1)
        }
        _ => 0,
    }
}

/// Where the reader is in the grammar
/// `ws* name ws* '(' ws* number ws* (',' ws* number ws*)* ')' ws* ('+' ws* term)*`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Before a term's name (at the start, or after `+`).
    BeforeName,
    /// In a name.
    Name,
    /// After a name, before `(`.
    AfterName,
    /// After `(` or `,`, before a number.
    BeforeNumber,
    /// In a number.
    Number,
    /// After a number, before `,` or `)`.
    AfterNumber,
    /// After a term's `)`.
    AfterTerm,
}

/// A term read whole: its name as written, whether each argument is a heap (a
/// component of its own), and how many components it gave.
struct Term {
    name: String,
    heap_args: bool,
    components: usize,
}

struct Reader {
    reg: Registry<'static>,
    out: Position,
    state: State,
    /// Bytes consumed so far.
    at: u64,
    /// The terms read whole.
    terms: Vec<Term>,
    /// Bytes that writing the terms plainly would lose, by offset: runs of spaces and
    /// leading zeros.
    extra: Vec<(u64, Vec<u8>)>,
    /// The run of spaces being read, and where it began.
    spaces: Vec<u8>,
    spaces_at: u64,
    /// The name being read, or of the term being read.
    name: Vec<u8>,
    /// The term being read: its family and arguments.
    family: Option<(Rc<dyn Family>, bool, bool)>,
    heaps: Vec<u64>,
    pos: Pos,
    /// The number being read: its digits and value, and where it began.
    digits: Vec<u8>,
    value: u64,
    number_at: u64,
}

impl Reader {
    fn new() -> Reader {
        Reader {
            reg: Registry::new(""),
            out: Position::new(),
            state: State::BeforeName,
            at: 0,
            terms: Vec::new(),
            extra: Vec::new(),
            spaces: Vec::new(),
            spaces_at: 0,
            name: Vec::new(),
            family: None,
            heaps: Vec::new(),
            pos: Pos::new(),
            digits: Vec::new(),
            value: 0,
            number_at: 0,
        }
    }

    /// Reads `b`; on input that is not plain, `Err` with the index of the first byte
    /// not consumed (the reader then holds everything before it).
    fn feed(&mut self, b: &[u8]) -> Result<(), usize> {
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            let ws = matches!(c, b' ' | b'\t' | b'\n' | b'\r');
            match self.state {
                State::Number if c.is_ascii_digit() => {
                    // The digits in a run (most of a huge input).
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    if self.digits.len() + (i - start) > MAX_DIGITS {
                        // Too long for plain: the bytes up to the first digit beyond.
                        let keep = MAX_DIGITS - self.digits.len();
                        self.take_digits(&b[start..start + keep]);
                        return Err(start + keep);
                    }
                    self.take_digits(&b[start..i]);
                    continue;
                }
                _ if ws && self.state != State::Name && self.state != State::Number => {
                    if self.spaces.is_empty() {
                        self.spaces_at = self.at + i as u64;
                    }
                    self.spaces.push(c);
                }
                State::BeforeName if c.is_ascii_lowercase() => {
                    self.end_spaces();
                    self.name.clear();
                    self.name.push(c);
                    self.state = State::Name;
                }
                State::Name if c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_' => {
                    if self.name.len() == MAX_NAME {
                        return Err(self.fail(i));
                    }
                    self.name.push(c);
                }
                State::Name if ws => {
                    self.spaces_at = self.at + i as u64;
                    self.spaces.push(c);
                    self.state = State::AfterName;
                }
                State::Name | State::AfterName if c == b'(' => {
                    self.end_spaces();
                    if !self.open() {
                        return Err(self.fail(i));
                    }
                    self.state = State::BeforeNumber;
                }
                State::BeforeNumber if c.is_ascii_digit() => {
                    self.end_spaces();
                    self.number_at = self.at + i as u64;
                    self.digits.clear();
                    self.value = 0;
                    let (n, j) = super::decimal(b, i);
                    if j == b.len() {
                        // The number may go on in the next chunk: digit by digit.
                        self.state = State::Number;
                        continue;
                    }
                    // The whole number is in this chunk (most numbers): read at once.
                    if j - i > MAX_DIGITS {
                        self.take_digits(&b[i..i + MAX_DIGITS]);
                        self.state = State::Number;
                        return Err(self.fail(i + MAX_DIGITS));
                    }
                    if !self.end_number(n, leading_zeros(&b[i..j])) {
                        self.take_digits(&b[i..j]);
                        self.state = State::Number;
                        return Err(self.fail(j));
                    }
                    self.state = State::AfterNumber;
                    i = j;
                    continue;
                }
                State::Number | State::AfterNumber if ws || c == b',' || c == b')' => {
                    if self.state == State::Number {
                        let zeros = leading_zeros(&self.digits);
                        if !self.end_number(self.value, zeros) {
                            return Err(self.fail(i));
                        }
                        self.digits.clear();
                    }
                    self.state = State::AfterNumber;
                    if ws {
                        self.spaces_at = self.at + i as u64;
                        self.spaces.push(c);
                    } else {
                        self.end_spaces();
                        if c == b',' {
                            self.state = State::BeforeNumber;
                        } else if self.close() {
                            self.state = State::AfterTerm;
                        } else {
                            return Err(self.fail(i));
                        }
                    }
                }
                State::AfterTerm if c == b'+' => {
                    self.end_spaces();
                    self.state = State::BeforeName;
                }
                _ => return Err(self.fail(i)),
            }
            i += 1;
        }
        self.at += b.len() as u64;
        Ok(())
    }

    /// Appends digits of the number being read.
    fn take_digits(&mut self, d: &[u8]) {
        for &c in d {
            self.value = self.value * 10 + u64::from(c - b'0');
        }
        self.digits.extend_from_slice(d);
    }

    /// The reader stopped at index `i` of the chunk being fed: the bytes before it are
    /// consumed.
    fn fail(&mut self, i: usize) -> usize {
        self.at += i as u64;
        i
    }

    /// Keeps a finished run of spaces.
    fn end_spaces(&mut self) {
        if !self.spaces.is_empty() {
            self.extra
                .push((self.spaces_at, std::mem::take(&mut self.spaces)));
        }
    }

    /// `(` after the name: the family (heap families and one-component families of
    /// numbers only).
    fn open(&mut self) -> bool {
        let Ok(name) = std::str::from_utf8(&self.name) else {
            return false;
        };
        let span = Span::default();
        let term = FamilyTerm {
            name: name.to_string(),
            name_span: span,
            params: None,
            args: None,
            span,
        };
        match self.reg.family(&term) {
            Ok((family, per @ (0 | 1))) => {
                let check = per == 1 && !family.accepts_every_heap();
                self.family = Some((family, per == 1, check));
                self.heaps.clear();
                self.pos.clear();
                true
            }
            _ => false,
        }
    }

    /// The end of a number `n` written with `zeros` leading zeros: an argument of the
    /// term.
    fn end_number(&mut self, n: u64, zeros: usize) -> bool {
        let Some((family, heap_args, check)) = &self.family else {
            return false;
        };
        if *heap_args {
            if *check && family.check(&smallvec::smallvec![Nat::Small(n)]).is_err() {
                return false;
            }
            self.heaps.push(n);
        } else {
            self.pos.push(Nat::Small(n));
        }
        // Leading zeros are not written again (the number is): kept aside.
        if zeros > 0 {
            self.extra.push((self.number_at, vec![b'0'; zeros]));
        }
        true
    }

    /// `)`: the term is read whole.
    fn close(&mut self) -> bool {
        let Some((family, heap_args, _)) = self.family.take() else {
            return false;
        };
        let components = if heap_args {
            let k = self.heaps.len();
            self.out
                .push_heaps(&family, std::mem::take(&mut self.heaps));
            k
        } else {
            let pos = std::mem::take(&mut self.pos);
            if family.check(&pos).is_err() {
                self.family = Some((family, heap_args, false));
                self.pos = pos;
                return false;
            }
            self.out.push(Component { family, pos });
            1
        };
        self.terms.push(Term {
            name: String::from_utf8(std::mem::take(&mut self.name)).unwrap_or_default(),
            heap_args,
            components,
        });
        true
    }

    /// The position, when the whole input was plain.
    fn finish(&mut self) -> Option<Position> {
        if self.state != State::AfterTerm {
            return None;
        }
        Some(std::mem::take(&mut self.out))
    }

    /// The bytes consumed so far, exactly as they were: the terms read whole and the
    /// term being read written plainly, with the spaces and zeros kept aside put back.
    fn text_so_far(&self) -> Vec<u8> {
        let mut w = Writer {
            out: Vec::new(),
            extra: self.extra.iter().peekable(),
        };
        let mut args = self
            .out
            .stretches()
            .flat_map(|s| -> Box<dyn Iterator<Item = Pos> + '_> {
                match s {
                    Stretch::Heaps { sizes, .. } => {
                        Box::new(sizes.iter().map(|&n| smallvec::smallvec![Nat::Small(n)]))
                    }
                    Stretch::One(c) => Box::new(std::iter::once(c.pos.clone())),
                }
            });
        for (k, t) in self.terms.iter().enumerate() {
            if k > 0 {
                w.token(b"+");
            }
            w.token(t.name.as_bytes());
            w.token(b"(");
            let numbers: Vec<Nat> = if t.heap_args {
                (0..t.components)
                    .filter_map(|_| args.next())
                    .flat_map(|p| p.into_iter())
                    .collect()
            } else {
                args.next()
                    .map(|p| p.into_iter().collect())
                    .unwrap_or_default()
            };
            for (j, n) in numbers.iter().enumerate() {
                if j > 0 {
                    w.token(b",");
                }
                w.number(n);
            }
            w.token(b")");
        }
        // The term being read.
        if !self.terms.is_empty() && self.state != State::AfterTerm {
            w.token(b"+");
        }
        match self.state {
            State::BeforeName | State::AfterTerm => {}
            State::Name | State::AfterName => w.token(&self.name),
            State::BeforeNumber | State::Number | State::AfterNumber => {
                w.token(&self.name);
                w.token(b"(");
                let numbers: Vec<Nat> = match &self.family {
                    Some((_, true, _)) => self.heaps.iter().map(|&n| Nat::Small(n)).collect(),
                    _ => self.pos.iter().cloned().collect(),
                };
                for (j, n) in numbers.iter().enumerate() {
                    if j > 0 {
                        w.token(b",");
                    }
                    w.number(n);
                }
                if self.state != State::AfterNumber && !numbers.is_empty() {
                    w.token(b",");
                }
                if self.state == State::Number {
                    w.token(&self.digits);
                }
            }
        }
        w.rest(&self.spaces)
    }
}

/// Writes tokens back, putting the bytes kept aside back at their offsets.
struct Writer<'a, I: Iterator<Item = &'a (u64, Vec<u8>)>> {
    out: Vec<u8>,
    extra: std::iter::Peekable<I>,
}

impl<'a, I: Iterator<Item = &'a (u64, Vec<u8>)>> Writer<'a, I> {
    /// The bytes kept aside that begin where the text is.
    fn put_back(&mut self) {
        while let Some((at, bytes)) = self.extra.peek() {
            if *at != self.out.len() as u64 {
                break;
            }
            self.out.extend_from_slice(bytes);
            self.extra.next();
        }
    }

    fn token(&mut self, t: &[u8]) {
        self.put_back();
        self.out.extend_from_slice(t);
    }

    fn number(&mut self, n: &Nat) {
        self.put_back();
        let mut s = String::new();
        n.write_decimal(&mut s);
        self.out.extend_from_slice(s.as_bytes());
    }

    /// The text, with the run of spaces being read last.
    fn rest(mut self, spaces: &[u8]) -> Vec<u8> {
        self.put_back();
        self.out.extend_from_slice(spaces);
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::impartial::position::Components;

    fn show(p: &Position) -> Vec<String> {
        p.each().map(|c| c.expr()).collect()
    }

    /// `text` read in chunks of every size from 1 to 9 and of [`CHUNK`]: a plain sum
    /// gives the components of [`super::super::position`], anything else itself.
    fn check(text: &[u8]) {
        let plain = std::str::from_utf8(text)
            .ok()
            .and_then(super::super::plain_position);
        for chunk in (1..=9).chain([CHUNK]) {
            match read_plain_by(&mut &text[..], 1 << 20, chunk).unwrap() {
                Plain::Position(p) => {
                    let want = plain.as_ref().unwrap_or_else(|| {
                        panic!("{:?} read as plain", String::from_utf8_lossy(text))
                    });
                    assert_eq!(show(&p), show(want), "{:?}", String::from_utf8_lossy(text));
                }
                Plain::Text(t) => {
                    assert!(
                        plain.is_none(),
                        "{:?} not read as plain",
                        String::from_utf8_lossy(text)
                    );
                    assert_eq!(
                        String::from_utf8_lossy(&t),
                        String::from_utf8_lossy(text),
                        "chunk {chunk}"
                    );
                }
                Plain::TooLong => panic!("too long"),
            }
        }
    }

    #[test]
    fn plain_sums_and_everything_else_read_in_chunks_of_any_size() {
        for text in [
            "nim(3,4,5)",
            "  nim ( 3 ,\t4 ,\n5 )  \n",
            "nim(0)+nim(007,1)",
            "nim(000) + nim(0)",
            "nim(9999999999999999999,1234567890123456789)",
            "wythoff(3,5) + nim(1) + king(4,3) + nim(2,2)",
            "nim(1)+wythoff(0,0)",
            "fib(10) + nim(2) + fib(3)",
            "",
            "   ",
            "nim()",
            "nim(3,)",
            "nim(3,,4)",
            "nim(1_000)",
            "nim(10000000000000000000)",
            "nim(0010000000000000000000)",
            "nim(3) nim(4)",
            "nim(3)+",
            "nim(3) + ",
            "sub[1,3,4](10)",
            "nim[2](3)",
            "wythoff(3)",
            "wythoff(3, 4, 5)",
            "frobnicate(3)",
            "cut(3,3)",
            "nim(\"3\")",
            "*2 + nim(3)",
            "nim(3) + {1|-1}",
            "nim(1, 2, 3) + kayles(4) + ^",
            "Nim(3)",
            "nim(3)\u{0}",
            "nim(3)é",
            "nim (3) +\n\n kayles ( 5 , 6 ) + {0|}",
            "domineering(2,2)",
            "nim(1,2,3",
            "ed(1,2,3,4)",
            "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij(3)",
        ] {
            check(text.as_bytes());
        }
        check(b"nim(3,\xff)");
    }

    #[test]
    fn random_sums_read_in_chunks_are_read_exactly() {
        // Plain sums with spaces and leading zeros anywhere, each also spoilt at a
        // random place (a byte replaced or cut off).
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let names = ["nim", "kayles", "wythoff", "fib", "lasker", "king"];
        let spaces = ["", "", "", " ", "\n", " \t "];
        for _ in 0..300 {
            let mut t = String::new();
            for k in 0..1 + next(3) {
                if k > 0 {
                    t.push_str(spaces[next(6) as usize]);
                    t.push('+');
                }
                t.push_str(spaces[next(6) as usize]);
                t.push_str(names[next(6) as usize]);
                t.push_str(spaces[next(6) as usize]);
                t.push('(');
                for a in 0..1 + next(4) {
                    if a > 0 {
                        t.push(',');
                    }
                    t.push_str(spaces[next(6) as usize]);
                    for _ in 0..next(3) {
                        t.push('0');
                    }
                    let bits = 1 + next(40);
                    t.push_str(&next(1 << bits).to_string());
                    t.push_str(spaces[next(6) as usize]);
                }
                t.push(')');
            }
            t.push_str(spaces[next(6) as usize]);
            check(t.as_bytes());
            let mut spoilt = t.clone().into_bytes();
            let at = next(spoilt.len() as u64) as usize;
            spoilt[at] = b"x,(+ 9{"[next(7) as usize];
            check(&spoilt);
            check(&t.as_bytes()[..at]);
        }
    }

    #[test]
    fn the_bound_holds_for_plain_and_other_input() {
        let text = b"nim(1,2,3,4,5,6,7,8,9) + {1|-1}";
        assert!(matches!(
            read_plain_by(&mut &text[..], 10, 4).unwrap(),
            Plain::TooLong
        ));
        assert!(matches!(
            read_plain_by(&mut &text[..], 24, 4).unwrap(),
            Plain::TooLong
        ));
        assert!(matches!(
            read_plain_by(&mut &text[..], text.len() as u64, 4).unwrap(),
            Plain::Text(t) if t == text
        ));
        let plain = b"nim(1,2,3)";
        assert!(matches!(
            read_plain_by(&mut &plain[..], 9, 3).unwrap(),
            Plain::TooLong
        ));
        assert!(matches!(
            read_plain_by(&mut &plain[..], 10, 3).unwrap(),
            Plain::Position(_)
        ));
    }
}
