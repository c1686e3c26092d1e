//! The interface between the engine and game families: a family turns its parsed
//! parameters into rules, and answers questions about one component of a sum.

use super::position::Values;
use crate::picture::Picture;
use smallvec::SmallVec;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};

/// A position of one component: the family's arguments (a heap size, a pair of
/// coordinates, …). Short positions are stored inline.
pub type Pos = SmallVec<[Nat; 1]>;

/// Most options of one component that [`Family::moves`] lists (larger positions are
/// answered with a `Limit` error).
pub const MAX_LISTED_MOVES: u64 = 1 << 20;

/// What one move of a component leaves: positions of the moved component's family,
/// one per component (most moves leave one; a move that splits a heap leaves two).
/// Its text is made on demand ([`Move::write_to`]).
pub type After = SmallVec<[Pos; 1]>;

/// What a move leaves when it leaves the heaps `sizes` of a heap family, one component
/// each; no heap at all is the empty heap `0` (written `name(0)`).
pub(crate) fn heaps_after(sizes: &[Nat]) -> After {
    if sizes.is_empty() {
        return smallvec::smallvec![smallvec::smallvec![Nat::ZERO]];
    }
    sizes
        .iter()
        .map(|h| smallvec::smallvec![h.clone()])
        .collect()
}

/// One move of a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The components after the move, as positions of the moved component's family.
    pub to: After,
    /// The move in words, e.g. "take 2 from the heap of 3"; empty when it was listed
    /// into a sink that asks for no words ([`MoveSink::without_words`]).
    pub text: String,
    /// For a move of a one-heap component that takes stones and leaves one heap
    /// (possibly empty): how many it takes. `None` for every other move.
    pub take: Option<Nat>,
}

impl Move {
    /// A move leaving `to`, described by `text`.
    pub fn new(to: After, text: impl Into<String>) -> Move {
        Move {
            to,
            text: text.into(),
            take: None,
        }
    }

    /// A move leaving the one component `to`, described by `text`.
    pub fn one(to: Pos, text: impl Into<String>) -> Move {
        Move::new(smallvec::smallvec![to], text)
    }

    /// A move leaving `to` whose words `text` makes are made only when `words` (say,
    /// [`MoveSink::wants_words`]).
    pub fn worded(to: After, words: bool, text: impl FnOnce() -> String) -> Move {
        Move::new(to, if words { text() } else { String::new() })
    }

    /// The same move, marked as taking `n` stones from its heap.
    pub fn with_take(mut self, n: Nat) -> Move {
        self.take = Some(n);
        self
    }

    /// Appends the position after the move in expression syntax, its components
    /// (positions of `family`, the moved component's) joined by ` + `.
    pub fn write_to(&self, family: &dyn Family, out: &mut String) {
        for (i, p) in self.to.iter().enumerate() {
            if i > 0 {
                out.push_str(" + ");
            }
            family.write_position(p, out);
        }
        if self.to.is_empty() {
            out.push('0');
        }
    }

    /// The position after the move in expression syntax (see [`Move::write_to`]).
    pub fn to_text(&self, family: &dyn Family) -> String {
        let mut s = String::new();
        self.write_to(family, &mut s);
        s
    }

    /// About the bytes the move takes: its words and its positions.
    fn footprint(&self) -> usize {
        let mut bytes = self.text.len() + std::mem::size_of::<Move>();
        for p in &self.to {
            bytes += std::mem::size_of::<Pos>();
            for a in p {
                bytes += std::mem::size_of::<Nat>() + (a.bits() / 8) as usize;
            }
        }
        bytes
    }
}

/// Most bytes of listed moves (positions and words) one [`MoveSink`] keeps: the moves
/// of a position with a million heaps each hold the whole position.
pub const MAX_LISTED_BYTES: usize = 1 << 27;

/// Collects moves up to a cap and remembers whether more were offered.
#[derive(Debug)]
pub struct MoveSink {
    /// The moves kept.
    pub moves: Vec<Move>,
    /// Most moves to keep.
    pub cap: usize,
    /// Whether a move was offered after the cap was reached.
    pub truncated: bool,
    /// Bytes of moves kept so far, at most [`MAX_LISTED_BYTES`].
    bytes: usize,
    /// Whether the moves' words are wanted.
    words: bool,
}

impl MoveSink {
    /// A sink keeping at most `cap` moves (and [`MAX_LISTED_BYTES`]), with their words.
    pub fn new(cap: usize) -> Self {
        MoveSink {
            moves: Vec::new(),
            cap,
            truncated: false,
            bytes: 0,
            words: true,
        }
    }

    /// A sink like [`MoveSink::new`] that keeps the moves without their words (for
    /// searches, which never print them): families make no text for it.
    pub fn without_words(cap: usize) -> Self {
        MoveSink {
            words: false,
            ..MoveSink::new(cap)
        }
    }

    /// Whether the sink keeps the moves' words: families that build words apart from
    /// the move skip them when it does not ([`MoveSink::offer`]).
    pub fn wants_words(&self) -> bool {
        self.words
    }

    /// Offers a move; returns `false` once the sink is full (stop enumerating).
    pub fn push(&mut self, mut m: Move) -> bool {
        if !self.words {
            m.text = String::new();
        }
        let bytes = self.bytes.saturating_add(m.footprint());
        if self.moves.len() < self.cap && bytes <= MAX_LISTED_BYTES {
            self.bytes = bytes;
            self.moves.push(m);
            true
        } else {
            self.truncated = true;
            false
        }
    }

    /// Offers the move leaving `to`, its words made by `words` only when the sink
    /// keeps them; returns `false` once the sink is full.
    pub fn offer(&mut self, to: After, words: impl FnOnce() -> String) -> bool {
        if self.moves.len() >= self.cap {
            self.truncated = true;
            return false;
        }
        let text = if self.words { words() } else { String::new() };
        self.push(Move::new(to, text))
    }

    /// [`MoveSink::offer`] for a move leaving one component.
    pub fn offer_one(&mut self, to: Pos, words: impl FnOnce() -> String) -> bool {
        self.offer(smallvec::smallvec![to], words)
    }

    /// Whether the sink is full and has seen one more move than it keeps.
    pub fn is_done(&self) -> bool {
        self.truncated
    }
}

/// The generalised Sprague–Grundy value of a position of a loopy game (Smith 1966):
/// a finite value, or ∞(K) where K is the set of finite values of its options.
///
/// A position of finite value n behaves like a Nim heap of n in sums; a position of
/// value ∞(K) is a win for the player to move exactly when 0 ∈ K, else a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyValue {
    /// A finite value.
    Finite(Nat),
    /// ∞(K): the finite values of the options, ascending and without repeats.
    Infinite(Vec<Nat>),
}

/// A game family with its parameters, e.g. `sub[1,3,4]` or `wythoff`.
///
/// The engine asks a family about single positions; it knows no family by name.
/// Families with a table of values keep it inside (behind interior mutability) so
/// that several components of one family share it.
pub trait Family {
    /// The family with its parameters in normalised form, e.g. `sub[1,3,4]`.
    fn name(&self) -> String;

    /// Checks the arguments of one component (count and range); `Err(Input)` otherwise.
    fn check(&self, pos: &Pos) -> Result<(), SolveError>;

    /// Whether [`Family::check`] accepts every single argument below 2^64, so that a
    /// long list of heaps needs no check one by one. The default: false.
    fn accepts_every_heap(&self) -> bool {
        false
    }

    /// Appends the position in expression syntax, e.g. `sub[1,3,4](10)`.
    fn write_position(&self, pos: &Pos, out: &mut String) {
        out.push_str(&self.name());
        out.push('(');
        for (i, a) in pos.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            a.write_decimal(out);
        }
        out.push(')');
    }

    /// The normal-play nim-value, or `None` when it is too costly to compute although
    /// the outcome may still be decidable (see [`Family::is_p_position`]).
    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError>;

    /// For families whose positions can repeat (loopy games): the generalised value,
    /// finite or ∞(K). Families without cycles keep the default `None`, and the engine
    /// asks [`Family::grundy`] instead.
    fn loopy_value(&self, _pos: &Pos, _limits: &Limits) -> Result<Option<LoopyValue>, SolveError> {
        Ok(None)
    }

    /// The P-positions in words, when the family knows them by a closed form (a
    /// king's: both distances even), for reports that show many positions at once
    /// (the grid of `table`). The default: `None`.
    fn p_positions_rule(&self) -> Option<String> {
        None
    }

    /// For families whose positions may be worth more than every natural number (a
    /// move that may leave parts of the position as large as it likes: the value is
    /// then an ordinal, Conway's and Smith's Sprague–Grundy theory of infinite games):
    /// the value of `pos` when it is an infinite ordinal below ω^ω, as its Cantor
    /// normal form coefficients, highest power first, the last one that of ω^0
    /// (`[2, 0, 5]` is ω²·2 + 5); `None` (the default) when the value is finite, as
    /// [`Family::grundy`] gives it. Sums add such values by XOR of the coefficients of
    /// equal powers (the nim-sum of ordinals).
    fn ordinal(&self, _pos: &Pos, _limits: &Limits) -> Result<Option<Vec<Nat>>, SolveError> {
        Ok(None)
    }

    /// Offers to `sink` every move from `pos` to a position worth the infinite ordinal
    /// `target` (coefficients as [`Family::ordinal`] writes them, the last one that of
    /// ω^0; leading zeros allowed). The default offers none: a family without infinite
    /// values has no such move.
    fn moves_to_ordinal(
        &self,
        _pos: &Pos,
        _target: &[Nat],
        _limits: &Limits,
        _sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        Ok(())
    }

    /// Misère play of `pos` alone (the whole position one component of this family),
    /// for families with a misère theory of their own: whether the player to move
    /// loses, the winning moves offered to `sink`; `None` (the default) leaves misère
    /// play to the search of the whole sum.
    fn misere_alone(
        &self,
        _pos: &Pos,
        _limits: &Limits,
        _sink: &mut MoveSink,
    ) -> Result<Option<bool>, SolveError> {
        Ok(None)
    }

    /// Lines explaining the misère answer of [`Family::misere_alone`]; empty by
    /// default.
    fn explain_misere(&self, _pos: &Pos, _limits: &Limits) -> Result<Vec<String>, SolveError> {
        Ok(Vec::new())
    }

    /// Whether the player to move loses (normal play). The default asks for the value.
    fn is_p_position(&self, pos: &Pos, limits: &Limits) -> Result<bool, SolveError> {
        match self.grundy(pos, limits)? {
            Some(g) => Ok(g.is_zero()),
            None => Err(limits.states_exceeded("this position")),
        }
    }

    /// Offers to `sink` every move from `pos` to a position of nim-value `target`.
    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError>;

    /// Offers to `sink` every move from `pos`, whatever its value (for playing, for
    /// checking a typed move and for the whole-sum searches), until the sink is full.
    /// Every family lists its moves; the default (an `Input` error) remains for rules
    /// that cannot, and callers then fall back on [`Family::moves_to_value`]. A `Limit`
    /// error says that the moves are too many to enumerate at all (the sink's cap
    /// keeps the others bounded).
    fn moves(&self, _pos: &Pos, _limits: &Limits, _sink: &mut MoveSink) -> Result<(), SolveError> {
        Err(SolveError::Input(format!(
            "listing every move is not supported for {}",
            self.name()
        )))
    }

    /// How many moves `pos` has, when the family counts them by a rule (exactly, at any
    /// size, without listing them); `None` (the default) leaves the caller to count
    /// the listed moves within its own budget.
    fn move_count(&self, _pos: &Pos, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(None)
    }

    /// The move from `pos` to `to` (a position of this family), `Ok(None)` when `to`
    /// is not reached in one move: for checking a typed move where the moves are too
    /// many to list. Families whose positions can have that many moves answer from
    /// their rules; the default (an `Input` error) sends the caller back to the listed
    /// moves.
    fn move_to(&self, _pos: &Pos, _to: &Pos, _limits: &Limits) -> Result<Option<Move>, SolveError> {
        Err(SolveError::Input(format!(
            "{} checks a move only among its listed moves",
            self.name()
        )))
    }

    /// For a run of one-heap components `name(n)`, `n` in `sizes` (as a Nim position
    /// read from a file has a million of): appends the nim-value of each to `out` and
    /// answers `Ok(true)`, without a call per heap. Families that answer one position
    /// at a time keep the default, `Ok(false)` with nothing appended.
    fn heap_values(
        &self,
        _sizes: &[u64],
        _limits: &Limits,
        _out: &mut Values,
    ) -> Result<bool, SolveError> {
        Ok(false)
    }

    /// Lines explaining the value of `pos` (a derivation or the theorem used).
    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError>;

    /// How front ends draw the position `pos` ([`Picture`]). The default: the
    /// numbered heaps as heaps ([`Family::numbered_heaps`], or the one heap of a
    /// numbered heap), else the position as written.
    fn picture(&self, pos: &Pos) -> Picture {
        if self.numbered_heaps() || (pos.len() == 1 && self.is_numbered_heap()) {
            return Picture::Heaps {
                sizes: pos.to_vec(),
            };
        }
        let mut s = String::new();
        self.write_position(pos, &mut s);
        Picture::Text(s)
    }

    /// Whether the arguments of a position are heaps a player names by number
    /// (`take 2 from heap 3`), besides those of heap families (Wythoff's two heaps,
    /// Moore's). The default: false.
    fn numbered_heaps(&self) -> bool {
        false
    }

    /// Reads a move typed in the family's own words (`2 both` for Wythoff's queen,
    /// `diag` for a king), lower-case and split at spaces, on the position `pos`:
    /// `None` when the words are not the family's; `Some(Ok(to))` the position after
    /// the move (checked against the rules by the caller); `Some(Err(message))` the
    /// family's words, but no move here (say, taking more than a heap has). A number
    /// after the words (which of several components) is the caller's, never passed
    /// here. The default: no words of its own.
    fn read_move(&self, _pos: &Pos, _words: &[&str]) -> Option<Result<Pos, String>> {
        None
    }

    /// One line of help for the words [`Family::read_move`] reads, e.g.
    /// `K both [H]: take K from both heaps`; `None` (the default) for none.
    fn move_words(&self) -> Option<&'static str> {
        None
    }

    /// Whether components are written as groups of arguments of one family (single
    /// heaps, or the pairs of `ed`), so that adjacent ones of the same family print
    /// together as `name(a,b,c)` (their arguments in order).
    fn is_heap_family(&self) -> bool {
        false
    }

    /// Whether each one-argument component is a heap of that many stones, named by
    /// its number in move texts ("take 4 from heap 2 (5 → 1)"). The default follows
    /// [`Family::is_heap_family`]; families whose arguments are not heaps (the
    /// vertices of `digraph`) answer `false`.
    fn is_numbered_heap(&self) -> bool {
        self.is_heap_family()
    }

    /// For Nim heaps: the heap size, so that sums of Nim heaps can be played misère.
    fn nim_heap<'a>(&self, _pos: &'a Pos) -> Option<&'a Nat> {
        None
    }
}

/// The check of a heap family's component: exactly one argument, the heap size.
pub fn check_one_heap(family: &str, pos: &Pos) -> Result<(), SolveError> {
    if pos.len() == 1 {
        Ok(())
    } else {
        Err(SolveError::Input(format!(
            "{family} takes heap sizes, one per component"
        )))
    }
}
