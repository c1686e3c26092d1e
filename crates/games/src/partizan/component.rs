//! Positions of every [`Ruleset`] as components of the search
//! ([`sprague_engine::search::partizan::Component`]), and sums read from expressions.
//!
//! A [`Position`] holds a ruleset instance (shared, with its memo of region values)
//! and one of its positions; [`read_sum`] turns an expression into a
//! [`Sum`]: each term of a ruleset valued from its game tree becomes a position, and
//! every other term (literals, option terms, closed forms, impartial components) its
//! canonical game.

use super::{Ruleset, Visitor, visit};
use crate::eval::{Evaluator, ValueError};
use rustc_hash::{FxHashMap, FxHasher};
use sprague_core::{Limits, SolveError};
use sprague_engine::partizan::{Game, GameTable, Side, TreeValues};
use sprague_engine::search::partizan::{Component, Part, RegionSink, Sum};
use sprague_engine::search::partizan_misere::{Forms, Negated};
use sprague_expr::{BinaryOp, FamilyTerm, Term, UnaryOp};
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Most region values a ruleset's memo holds before it is emptied (a few hundred
/// bytes each).
pub(crate) const VALUES_KEPT: usize = 1 << 20;

/// A ruleset instance with the memo of its region values.
pub struct Shared<R: Ruleset> {
    rules: R,
    values: RefCell<TreeValues<R::Position>>,
    /// Spare buffers of positions, lent out while options and regions are generated
    /// (so that the search's questions allocate nothing once warm).
    spare: RefCell<Vec<Vec<R::Position>>>,
    /// Whether the positions are played in misère play: their regions are then
    /// [`Ruleset::misere_regions`].
    misere: bool,
}

/// Most positions a spare buffer may hold and still be kept.
const SPARE_CAPACITY: usize = 4096;

impl<R: Ruleset> Shared<R> {
    /// The ruleset with an empty memo.
    fn new(rules: R, misere: bool) -> Shared<R> {
        Shared {
            rules,
            values: RefCell::new(TreeValues::new()),
            spare: RefCell::new(Vec::new()),
            misere,
        }
    }

    /// The regions of `p` for the rule of play of the positions.
    fn regions(&self, p: &R::Position, out: &mut Vec<R::Position>) {
        if self.misere {
            self.rules.misere_regions(p, out);
        } else {
            self.rules.regions(p, out);
        }
    }

    /// Calls `f` with an empty buffer (a spare one when there is one), kept for the
    /// next call afterwards. Calls may nest: each has its own buffer.
    fn with_buf<T>(&self, f: impl FnOnce(&mut Vec<R::Position>) -> T) -> T {
        let mut buf = self.spare.borrow_mut().pop().unwrap_or_default();
        let out = f(&mut buf);
        buf.clear();
        if buf.capacity() <= SPARE_CAPACITY {
            self.spare.borrow_mut().push(buf);
        }
        out
    }
}

/// A position of the ruleset `R`.
pub struct Position<R: Ruleset> {
    shared: Rc<Shared<R>>,
    pos: R::Position,
}

impl<R: Ruleset> Position<R> {
    /// The position `pos` of `rules`, with a fresh memo of values.
    pub fn new(rules: R, pos: R::Position) -> Position<R> {
        Position {
            shared: Rc::new(Shared::new(rules, false)),
            pos,
        }
    }

    /// The same ruleset (and memo) at another position.
    fn at(&self, pos: R::Position) -> Box<dyn Component> {
        Box::new(Position {
            shared: self.shared.clone(),
            pos,
        })
    }

    /// The position.
    pub fn position(&self) -> &R::Position {
        &self.pos
    }
}

impl<R: Ruleset> Component for Position<R> {
    fn options(&self, side: Side, out: &mut Vec<Box<dyn Component>>) {
        let mut opts = Vec::new();
        self.shared.rules.options(&self.pos, side, &mut opts);
        out.extend(opts.into_iter().map(|p| self.at(p)));
    }

    fn option_regions(&self, side: Side, f: &mut RegionSink<'_>) -> Result<(), SolveError> {
        // Each region is lent to `f` as a position on the stack: the search copies
        // only the regions it has not met.
        let shared = &self.shared;
        shared.with_buf(|opts| {
            shared.rules.options(&self.pos, side, opts);
            shared.with_buf(|parts| {
                for o in opts.iter() {
                    f(None)?;
                    parts.clear();
                    shared.regions(o, parts);
                    for pos in parts.drain(..) {
                        let r = Position {
                            shared: shared.clone(),
                            pos,
                        };
                        f(Some(&r))?;
                    }
                }
                Ok(())
            })
        })
    }

    fn listed_moves(&self, side: Side, out: &mut Vec<(Box<dyn Component>, Option<String>)>) {
        let mut opts = Vec::new();
        self.shared.rules.listed_moves(&self.pos, side, &mut opts);
        out.extend(opts.into_iter().map(|(p, words)| (self.at(p), words)));
    }

    fn regions(&self, out: &mut Vec<Box<dyn Component>>) {
        let mut parts = Vec::new();
        self.shared.regions(&self.pos, &mut parts);
        out.extend(parts.into_iter().map(|p| self.at(p)));
    }

    fn value(&self, t: &mut GameTable) -> Result<Game, SolveError> {
        if let Some(v) = self.shared.rules.closed_value(&self.pos, t) {
            return v;
        }
        let count = self.moves(Side::Left) + self.moves(Side::Right);
        sprague_engine::search::partizan::options_fit(self, count, t.max_states())?;
        let mut values = self.shared.values.borrow_mut();
        if values.regions() > VALUES_KEPT {
            // The memo is a cache: emptied when full, so that memory stays bounded.
            *values = TreeValues::new();
        }
        values.region(t, &self.shared.rules, &self.pos)
    }

    fn show(&self) -> String {
        self.shared.rules.show(&self.pos)
    }

    fn picture(&self) -> sprague_engine::picture::Picture {
        self.shared.rules.picture(&self.pos)
    }

    fn key_hash(&self) -> u64 {
        let mut h = FxHasher::default();
        TypeId::of::<R>().hash(&mut h);
        self.shared.rules.hash(&mut h);
        self.pos.hash(&mut h);
        h.finish()
    }

    fn key_eq(&self, other: &dyn Component) -> bool {
        other
            .as_any()
            .downcast_ref::<Position<R>>()
            .is_some_and(|o| {
                o.pos == self.pos
                    && (Rc::ptr_eq(&o.shared, &self.shared) || o.shared.rules == self.shared.rules)
            })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn Component> {
        self.at(self.pos.clone())
    }

    fn moves(&self, side: Side) -> usize {
        let shared = &self.shared;
        shared.with_buf(|buf| shared.rules.option_count(&self.pos, side, buf))
    }

    fn clone_rc(&self) -> Rc<dyn Component> {
        Rc::new(Position {
            shared: self.shared.clone(),
            pos: self.pos.clone(),
        })
    }

    fn run_bounds(&self) -> Option<[u32; 2]> {
        self.shared.rules.run_bounds(&self.pos)
    }

    fn closed_value(&self, t: &mut GameTable) -> Option<Result<Game, SolveError>> {
        self.shared.rules.closed_value(&self.pos, t)
    }

    fn height(&self) -> Option<u64> {
        self.shared.rules.height(&self.pos)
    }

    fn negative(&self) -> Option<Box<dyn Component>> {
        let n = self.shared.rules.negative(&self.pos)?;
        let mut parts = Vec::new();
        self.shared.rules.regions(&n, &mut parts);
        match <[_; 1]>::try_from(parts) {
            Ok([one]) => Some(self.at(one)),
            Err(_) => None,
        }
    }
}

/// Whether `name` is a ruleset valued from its game tree.
pub fn is_ruleset(name: &str) -> bool {
    super::NAMES.contains(&name)
}

/// Whether the expression has a term that is not impartial: a literal, an option term,
/// or a partizan family. `None` if it does not parse.
pub fn is_partizan(text: &str) -> Option<bool> {
    let sum = sprague_expr::parse(text).ok()?;
    Some(sum.terms.iter().any(|t| match t {
        Term::Family(f) => {
            (is_ruleset(&f.name) && !super::is_impartial(&f.name))
                || matches!(f.name.as_str(), "hackenbush" | "cut" | "unfair")
        }
        _ => true,
    }))
}

/// Reads the sum written in `text` into `t`: each term of a ruleset valued from its
/// game tree becomes a [`Part::Position`] (equal rulesets share one memo), every other
/// term the [`Part::Game`] of its value.
pub fn read_sum(t: &mut GameTable, text: &str, limits: &Limits) -> Result<Sum, ValueError> {
    let parsed = sprague_expr::parse(text)
        .map_err(|e| ValueError::Input(crate::game_parse_error(text, e)))?;
    let mut shared: FxHashMap<TypeId, Box<dyn Any>> = FxHashMap::default();
    let mut sum = Sum::default();
    for term in &parsed.terms {
        if let Term::Family(f) = term
            && let Some(part) = visit(
                &f.name,
                Read {
                    f,
                    shared: &mut shared,
                    misere: false,
                },
            )
        {
            let part = part.map_err(|(span, m)| {
                let column = text.get(..span.start).unwrap_or(text).chars().count() + 1;
                ValueError::Input(crate::ExprError { column, message: m })
            })?;
            sum.parts.push(Part::Position(part));
            continue;
        }
        let one = sprague_expr::Sum {
            terms: vec![term.clone()],
        };
        let g = Evaluator::new(t, text, limits.clone(), false).eval_sum(&one)?;
        sum.parts.push(Part::Game(g));
    }
    Ok(sum)
}

/// Reads a term of a ruleset chosen by name.
struct Read<'a> {
    f: &'a FamilyTerm,
    shared: &'a mut FxHashMap<TypeId, Box<dyn Any>>,
    /// Misère play ([`Ruleset::misere_regions`]).
    misere: bool,
}

impl Visitor for Read<'_> {
    type Out = Result<Box<dyn Component>, (sprague_expr::Span, String)>;
    fn visit<R: Ruleset>(self) -> Self::Out {
        let (rules, pos) = R::read(self.f)?;
        let memos = self
            .shared
            .entry(TypeId::of::<R>())
            .or_insert_with(|| Box::new(FxHashMap::<R, Rc<Shared<R>>>::default()))
            .downcast_mut::<FxHashMap<R, Rc<Shared<R>>>>()
            .expect("each ruleset type has its own memos");
        let shared = memos
            .entry(rules.clone())
            .or_insert_with(|| Rc::new(Shared::new(rules, self.misere)))
            .clone();
        Ok(Box::new(Position { shared, pos }))
    }
}

/// Reads the sum written in `text` for misère play, where a game is its game tree and
/// no value may stand for it ([`sprague_engine::search::partizan_misere`]): each term
/// of a ruleset valued from its game tree becomes a [`Part::Position`] as in
/// [`read_sum`] (`-G` of one: the position with the players' roles exchanged,
/// [`Negated`]); a game written by its options (`{-1, 0 |}`) is kept as written, its
/// options read the same way; a literal (`1/2`, `^`, `*3`) and a function of games
/// (`Tiny(2)`) are the canonical form of their value; an impartial family term
/// (`nim(3)`, an octal game) is its game tree; `n * G` is `n` copies of `G` (of `-G`
/// when `n < 0`); a parenthesised sum is its terms. Input errors: ordinal sums
/// `G:H`, terms known only by their value (`cut`, `unfair`), and positions of a
/// ruleset inside a game's options.
pub fn read_misere_sum(
    t: &mut GameTable,
    text: &str,
    limits: &Limits,
    forms: &Rc<Forms>,
) -> Result<Sum, ValueError> {
    let parsed = sprague_expr::parse(text)
        .map_err(|e| ValueError::Input(crate::game_parse_error(text, e)))?;
    let mut r = MisereReader {
        t,
        text,
        limits,
        forms,
        shared: FxHashMap::default(),
    };
    let mut sum = Sum::default();
    for term in &parsed.terms {
        r.parts(term, false, &mut sum.parts)?;
    }
    Ok(sum)
}

/// Reads the terms of a sum for misère play ([`read_misere_sum`]).
struct MisereReader<'a> {
    t: &'a mut GameTable,
    text: &'a str,
    limits: &'a Limits,
    forms: &'a Rc<Forms>,
    shared: FxHashMap<TypeId, Box<dyn Any>>,
}

impl MisereReader<'_> {
    fn input(&self, span: sprague_expr::Span, message: &str) -> ValueError {
        let column = self
            .text
            .get(..span.start)
            .unwrap_or(self.text)
            .chars()
            .count()
            + 1;
        ValueError::Input(crate::ExprError {
            column,
            message: message.to_string(),
        })
    }

    /// An error of the engine at `span`: an input error gets its column.
    fn at(&self, span: sprague_expr::Span, e: SolveError) -> ValueError {
        match e {
            SolveError::Input(m) => self.input(span, &m),
            e => ValueError::Limit(e),
        }
    }

    /// The position of a ruleset written in `f`, if `f` names a ruleset.
    fn ruleset(&mut self, f: &FamilyTerm) -> Option<Result<Box<dyn Component>, ValueError>> {
        let part = visit(
            &f.name,
            Read {
                f,
                shared: &mut self.shared,
                misere: true,
            },
        )?;
        Some(part.map_err(|(span, m)| self.input(span, &m)))
    }

    /// Appends the parts of `term` (negated when `neg`) to `out`.
    fn parts(&mut self, term: &Term, neg: bool, out: &mut Vec<Part>) -> Result<(), ValueError> {
        self.limits.check_stop()?;
        match term {
            Term::Family(f) if is_ruleset(&f.name) => {
                let c = self.ruleset(f).expect("a ruleset")?;
                out.push(Part::Position(if neg { Box::new(Negated(c)) } else { c }));
            }
            Term::Unary(UnaryOp::Neg, x, _) => self.parts(x, !neg, out)?,
            Term::Group(sum, _) => {
                for x in &sum.terms {
                    self.parts(x, neg, out)?;
                }
            }
            Term::Binary(BinaryOp::Times, x, span) => {
                let n = self.multiplier(&x.0)?;
                let mut copies = Vec::new();
                self.parts(&x.1, neg != (n < 0), &mut copies)?;
                let n = n.unsigned_abs();
                self.count(n.saturating_mul(copies.len() as u64), *span)?;
                for _ in 0..n {
                    for p in &copies {
                        out.push(match p {
                            Part::Position(c) => Part::Position(c.clone_box()),
                            Part::Game(g) => Part::Game(*g),
                        });
                    }
                }
            }
            _ => {
                let m = self.form(term)?;
                let m = if neg {
                    self.forms.neg(&m).map_err(|e| self.at(term.span(), e))?
                } else {
                    m
                };
                out.push(Part::Position(self.forms.part(m)));
            }
        }
        Ok(())
    }

    /// `Err` when `n` copies are more than `--max-states`.
    fn count(&self, n: u64, span: sprague_expr::Span) -> Result<(), ValueError> {
        if n > self.limits.max_states {
            return Err(self.at(
                span,
                self.limits
                    .states_exceeded(&format!("the {n} copies of n * G")),
            ));
        }
        Ok(())
    }

    /// The integer `n` of `n * G`.
    fn multiplier(&mut self, x: &Term) -> Result<i64, ValueError> {
        let g = self.canonical(x)?;
        let bad = || self.input(x.span(), "the multiplier of n * G must be an integer");
        let Some(n) = self.t.as_number(g) else {
            return Err(bad());
        };
        if !n.is_integer() {
            return Err(bad());
        }
        i64::try_from(&n.numerator())
            .map_err(|_| ValueError::Limit(self.limits.states_exceeded("the copies of n * G")))
    }

    /// The canonical value of one term.
    fn canonical(&mut self, x: &Term) -> Result<Game, ValueError> {
        let one = sprague_expr::Sum {
            terms: vec![x.clone()],
        };
        Evaluator::new(self.t, self.text, self.limits.clone(), false).eval_sum(&one)
    }

    /// The forms of a sum (the multisets of its terms together).
    fn sum_form(&mut self, sum: &sprague_expr::Sum) -> Result<Vec<u32>, ValueError> {
        let mut m = Vec::new();
        for x in &sum.terms {
            m.extend(self.form(x)?);
        }
        Ok(m)
    }

    /// The game of `term` as a multiset of forms.
    fn form(&mut self, term: &Term) -> Result<Vec<u32>, ValueError> {
        self.limits.check_stop()?;
        let span = term.span();
        match term {
            Term::Options(o) => {
                let mut sides = [Vec::new(), Vec::new()];
                for (side, list) in sides.iter_mut().zip([&o.left, &o.right]) {
                    for option in list {
                        side.push(self.sum_form(option)?);
                    }
                }
                let [left, right] = sides;
                self.forms.written(left, right).map_err(|e| self.at(span, e))
            }
            Term::Unary(UnaryOp::Neg, x, _) => {
                let m = self.form(x)?;
                self.forms.neg(&m).map_err(|e| self.at(span, e))
            }
            Term::Group(sum, _) => self.sum_form(sum),
            Term::Binary(BinaryOp::Times, x, _) => {
                let n = self.multiplier(&x.0)?;
                let mut g = self.form(&x.1)?;
                if n < 0 {
                    g = self.forms.neg(&g).map_err(|e| self.at(span, e))?;
                }
                let n = n.unsigned_abs();
                self.count(n.saturating_mul(g.len() as u64), span)?;
                let mut m = Vec::new();
                for _ in 0..n {
                    m.extend_from_slice(&g);
                }
                Ok(m)
            }
            Term::Binary(BinaryOp::Ordinal, ..) => Err(self.input(
                span,
                "misère play does not take ordinal sums G:H (write the game by its options)",
            )),
            Term::Family(f) if is_ruleset(&f.name) => Err(self.input(
                span,
                "in misère play a ruleset's position is a term of the sum, not part of a game's options or of a function",
            )),
            Term::Family(f) if crate::eval::is_impartial_family(&f.name) => {
                let source = self.text.get(f.span.start..f.span.end).unwrap_or("");
                let position = crate::position(source).map_err(|e| {
                    ValueError::Input(crate::ExprError {
                        column: e.column + self.text.get(..span.start).unwrap_or("").chars().count(),
                        message: e.message,
                    })
                })?;
                let mut m = Vec::new();
                for c in position.to_vec() {
                    m.extend(self.forms.impartial(&c).map_err(|e| self.at(span, e))?);
                }
                Ok(m)
            }
            Term::Family(f) => Err(self.input(
                span,
                &format!(
                    "misère play needs the moves of {}(…), which is known here only by its value",
                    f.name
                ),
            )),
            Term::Literal(..) | Term::Call(_) => {
                let g = self.canonical(term)?;
                self.forms.game(self.t, g).map_err(|e| self.at(span, e))
            }
        }
    }
}
