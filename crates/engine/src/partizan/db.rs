//! Canonical games written compactly as a DAG of options, and read back.
//!
//! A [`ValueWriter`] gives every canonical game it is handed, and every game reachable
//! from it by options, a small id (in the order first met, options before the games
//! that hold them), and writes each once: a number-up-star by its three parts, any
//! other game by the ids of its Left and Right options. [`Values::read`] checks such a
//! list (every id refers to an earlier game, every length fits in what is left of the
//! bytes, so nothing is allocated beyond the size of the input) and
//! [`Values::game`] builds a game of the list in a [`GameTable`].
//!
//! The encoding of one game: a tag byte, then
//! - tag 0 (number-up-star): the numerator (a signed integer: a length byte, then that
//!   many bytes, two's complement, little-endian), the exponent of the denominator
//!   `2^k` (a varint), the multiple of up (a zigzag varint), the nimber (a length byte,
//!   then that many bytes, little-endian);
//! - tag 1 (other games): the number of Left options (a varint), their ids (varints),
//!   then the same for Right.
//!
//! Varints are LEB128: seven bits a byte, lowest first, at most ten bytes.

use super::{Dyadic, Game, GameTable, Nus};
use num_bigint::{BigInt, BigUint};
use rustc_hash::FxHashMap;
use sprague_core::SolveError;
use sprague_core::nat::Nat;

/// Longest integer (numerator or nimber) written, in bytes.
const MAX_INT_BYTES: usize = 64;

/// Appends `v` as a varint.
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// A reader of bytes that fails, rather than panics, on anything malformed.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }

    /// How many bytes are left.
    pub fn left(&self) -> usize {
        self.data.len() - self.at
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if n > self.left() {
            return Err(format!(
                "truncated: {n} bytes needed at byte {}, {} left",
                self.at,
                self.left()
            ));
        }
        let s = &self.data[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    /// The next byte.
    pub fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    /// The next varint.
    pub fn varint(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for i in 0..10 {
            let b = self.byte()?;
            let bits = u64::from(b & 0x7f);
            if i == 9 && bits > 1 {
                return Err(format!("a number at byte {} overflows 64 bits", self.at));
            }
            v |= bits << (7 * i);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(format!(
            "a number at byte {} is longer than 10 bytes",
            self.at
        ))
    }

    /// The next varint, at most `max` (`what` names it in the error).
    pub fn count(&mut self, max: u64, what: &str) -> Result<u64, String> {
        let at = self.at;
        let v = self.varint()?;
        if v > max {
            return Err(format!("{what} at byte {at} is {v}, more than {max}"));
        }
        Ok(v)
    }
}

/// Writes canonical games as a DAG of options (see the module documentation).
#[derive(Default)]
pub struct ValueWriter {
    ids: FxHashMap<Game, u32>,
    out: Vec<u8>,
}

impl ValueWriter {
    /// An empty list.
    pub fn new() -> ValueWriter {
        ValueWriter::default()
    }

    /// How many games are written.
    pub fn len(&self) -> u32 {
        self.ids.len() as u32
    }

    /// Whether no game is written.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The id of the canonical game `g` of `t`, writing it (and its options, first)
    /// when it is new. Works on an explicit stack: no recursion on the depth of `g`.
    pub fn id(&mut self, t: &mut GameTable, g: Game) -> Result<u32, SolveError> {
        if let Some(&id) = self.ids.get(&g) {
            return Ok(id);
        }
        // (game, its options once generated, whether they were pushed)
        let mut stack: Vec<(Game, bool)> = vec![(g, false)];
        while let Some(&(h, expanded)) = stack.last() {
            if self.ids.contains_key(&h) {
                stack.pop();
                continue;
            }
            if t.as_nus(h).is_some() {
                let nus = t.as_nus(h).cloned().expect("checked");
                self.write_nus(&nus)?;
                self.new_id(h)?;
                stack.pop();
                continue;
            }
            let (l, r) = t.options(h)?;
            if !expanded {
                stack.last_mut().expect("not empty").1 = true;
                for &o in l.iter().chain(&r) {
                    if !self.ids.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            self.out.push(1);
            for side in [&l, &r] {
                put_varint(&mut self.out, side.len() as u64);
                for o in side.iter() {
                    put_varint(&mut self.out, u64::from(self.ids[o]));
                }
            }
            self.new_id(h)?;
            stack.pop();
        }
        Ok(self.ids[&g])
    }

    fn new_id(&mut self, g: Game) -> Result<(), SolveError> {
        let id = u32::try_from(self.ids.len())
            .map_err(|_| SolveError::Input("more than 2^32 values".into()))?;
        self.ids.insert(g, id);
        Ok(())
    }

    fn write_nus(&mut self, n: &Nus) -> Result<(), SolveError> {
        self.out.push(0);
        let num = n.number.numerator().to_signed_bytes_le();
        let star = n.star.to_big().to_bytes_le();
        if num.len() > MAX_INT_BYTES || star.len() > MAX_INT_BYTES {
            return Err(SolveError::Input(format!(
                "a value has a part longer than {MAX_INT_BYTES} bytes"
            )));
        }
        self.out.push(num.len() as u8);
        self.out.extend_from_slice(&num);
        put_varint(&mut self.out, n.number.exponent());
        put_varint(&mut self.out, ((n.up << 1) ^ (n.up >> 63)) as u64);
        self.out.push(star.len() as u8);
        self.out.extend_from_slice(&star);
        Ok(())
    }

    /// The bytes written.
    pub fn bytes(&self) -> &[u8] {
        &self.out
    }
}

/// One game of a [`Values`] list.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    /// A number-up-star.
    Nus(Nus),
    /// Another game: its Left options `opts[start..mid]` and Right options
    /// `opts[mid..end]` (ids of earlier games).
    General { start: u32, mid: u32, end: u32 },
}

/// A list of canonical games read from the bytes of a [`ValueWriter`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Values {
    nodes: Vec<Node>,
    opts: Vec<u32>,
}

impl Values {
    /// Reads `count` games from `data` (exactly all of it); on error, what is wrong.
    pub fn read(data: &[u8], count: u32) -> Result<Values, String> {
        let mut b = Bytes::new(data);
        // Every game takes at least two bytes: no more games than that are allocated.
        if count as usize > data.len() / 2 {
            return Err(format!("{count} values cannot fit in {} bytes", data.len()));
        }
        let mut v = Values {
            nodes: Vec::with_capacity(count as usize),
            opts: Vec::new(),
        };
        for i in 0..count {
            let at = b.at;
            match b.byte()? {
                0 => {
                    let n = b.count(MAX_INT_BYTES as u64, "the length of a numerator")?;
                    let num = BigInt::from_signed_bytes_le(b.take(n as usize)?);
                    let exp = b.count(u64::from(u32::MAX), "an exponent")?;
                    let z = b.varint()?;
                    let up = ((z >> 1) as i64) ^ -((z & 1) as i64);
                    let n = b.count(MAX_INT_BYTES as u64, "the length of a nimber")?;
                    let star = Nat::from_big(BigUint::from_bytes_le(b.take(n as usize)?));
                    let number = Dyadic::new(num.clone(), exp);
                    // Written reduced: an odd numerator, or an integer.
                    if number.numerator() != num || number.exponent() != exp {
                        return Err(format!("value {i} at byte {at} is not a reduced number"));
                    }
                    v.nodes.push(Node::Nus(Nus { number, up, star }));
                }
                1 => {
                    let start = v.opts.len() as u32;
                    let mut mid = start;
                    for side in 0..2 {
                        let n = b.count(b.left() as u64, "a number of options")?;
                        for _ in 0..n {
                            let id = b.count(u64::from(i), "an option id")?;
                            if id == u64::from(i) {
                                return Err(format!(
                                    "value {i} at byte {at} has an option that is not an earlier value"
                                ));
                            }
                            v.opts.push(id as u32);
                        }
                        if side == 0 {
                            mid = v.opts.len() as u32;
                        }
                    }
                    v.nodes.push(Node::General {
                        start,
                        mid,
                        end: v.opts.len() as u32,
                    });
                }
                tag => return Err(format!("value {i} at byte {at} has an unknown tag {tag}")),
            }
        }
        if b.left() != 0 {
            return Err(format!("{} bytes after the last value", b.left()));
        }
        Ok(v)
    }

    /// How many games the list holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game `id` of the list, built in `t` (its options first, on an explicit
    /// stack); `None` if there is no such id.
    pub fn game(&self, t: &mut GameTable, id: u32) -> Result<Option<Game>, SolveError> {
        if id as usize >= self.nodes.len() {
            return Ok(None);
        }
        let mut built: FxHashMap<u32, Game> = FxHashMap::default();
        let mut stack = vec![id];
        let mut left = Vec::new();
        let mut right = Vec::new();
        while let Some(&i) = stack.last() {
            if built.contains_key(&i) {
                stack.pop();
                continue;
            }
            let g = match &self.nodes[i as usize] {
                Node::Nus(n) => t.nus(n.clone())?,
                &Node::General { start, mid, end } => {
                    let opts = &self.opts[start as usize..end as usize];
                    let missing: Vec<u32> = opts
                        .iter()
                        .copied()
                        .filter(|o| !built.contains_key(o))
                        .collect();
                    if !missing.is_empty() {
                        stack.extend(missing);
                        continue;
                    }
                    left.clear();
                    right.clear();
                    left.extend(
                        self.opts[start as usize..mid as usize]
                            .iter()
                            .map(|o| built[o]),
                    );
                    right.extend(
                        self.opts[mid as usize..end as usize]
                            .iter()
                            .map(|o| built[o]),
                    );
                    t.game(&left, &right)?
                }
            };
            built.insert(i, g);
            stack.pop();
        }
        Ok(Some(built[&id]))
    }
}
