//! A [`Family`] for any game given by [`GameRules`]: values by exhaustive search.
//!
//! Families without a closed form get everything from here; families with one use
//! it for small positions and in tests, to check the closed form.

use super::exhaustive::{GameRules, GrundySearch};
use super::family::{Family, Move, MoveSink, Pos};
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use std::cell::RefCell;

/// GameRules that can be named, read from and written to expression arguments.
pub trait PositionRules: GameRules {
    /// The family with its parameters.
    fn name(&self) -> String;
    /// Reads a position from arguments, checking their count and range.
    fn decode(&self, pos: &Pos) -> Result<Self::Position, SolveError>;
    /// Writes a position back as arguments.
    fn encode(&self, p: &Self::Position) -> Pos;
    /// The move from `from` to `to` in words.
    fn describe(&self, from: &Self::Position, to: &Self::Position) -> String;
}

/// A family whose values come from a memoised exhaustive search.
pub struct ExhaustiveFamily<R: PositionRules> {
    search: RefCell<GrundySearch<R>>,
}

impl<R: PositionRules> ExhaustiveFamily<R> {
    /// A family over `rules` with an empty memo.
    pub fn new(rules: R) -> Self {
        ExhaustiveFamily {
            search: RefCell::new(GrundySearch::new(rules)),
        }
    }

    /// The value of a decoded position.
    pub fn value(&self, p: &R::Position, limits: &Limits) -> Result<u32, SolveError> {
        self.search.borrow_mut().grundy(p, limits)
    }

    /// The options of a decoded position.
    pub fn options(&self, p: &R::Position) -> Vec<R::Position> {
        self.search.borrow().options(p)
    }

    fn write(&self, p: &R::Position) -> String {
        let mut s = String::new();
        self.write_position(&self.search.borrow().rules().encode(p), &mut s);
        s
    }

    /// The move from `p` to its option `o`, in words when `words`.
    fn the_move(&self, p: &R::Position, o: &R::Position, words: bool) -> Move {
        let search = self.search.borrow();
        let text = if words {
            search.rules().describe(p, o)
        } else {
            String::new()
        };
        Move::one(search.rules().encode(o), text)
    }
}

impl<R: PositionRules> Family for ExhaustiveFamily<R> {
    fn name(&self) -> String {
        self.search.borrow().rules().name()
    }

    fn check(&self, pos: &Pos) -> Result<(), SolveError> {
        self.search.borrow().rules().decode(pos).map(|_| ())
    }

    fn grundy(&self, pos: &Pos, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        let p = self.search.borrow().rules().decode(pos)?;
        self.value(&p, limits).map(|v| Some(Nat::from(v)))
    }

    fn moves_to_value(
        &self,
        pos: &Pos,
        target: &Nat,
        limits: &Limits,
        sink: &mut MoveSink,
    ) -> Result<(), SolveError> {
        let p = self.search.borrow().rules().decode(pos)?;
        for o in self.options(&p) {
            if Nat::from(self.value(&o, limits)?) == *target
                && !sink.push(self.the_move(&p, &o, sink.wants_words()))
            {
                break;
            }
        }
        Ok(())
    }

    fn moves(&self, pos: &Pos, _limits: &Limits, sink: &mut MoveSink) -> Result<(), SolveError> {
        let p = self.search.borrow().rules().decode(pos)?;
        for o in self.options(&p) {
            if !sink.push(self.the_move(&p, &o, sink.wants_words())) {
                break;
            }
        }
        Ok(())
    }

    fn explain(&self, pos: &Pos, limits: &Limits) -> Result<Vec<String>, SolveError> {
        let p = self.search.borrow().rules().decode(pos)?;
        let v = self.value(&p, limits)?;
        let opts = self.options(&p);
        let mut names = Vec::new();
        let mut vals = Vec::new();
        for o in &opts {
            names.push(format!("sg({})", self.write(o)));
            vals.push(self.value(o, limits)?.to_string());
        }
        Ok(vec![format!(
            "sg({}) = mex{{{}}} = mex{{{}}} = {v}",
            self.write(&p),
            names.join(", "),
            vals.join(", ")
        )])
    }
}
