//! Comparison, sums, negation and canonical forms, without recursion.
//!
//! Every operation is a *job* on an explicit stack. A job looks its sub-results up in
//! the table's caches; when one is missing it pushes the jobs that compute it and waits
//! below them, and resumes once they are done. So the depth of a game never touches the
//! call stack, and every comparison and sum is computed once per table: a sum of
//! switches costs one canonical simplification per pair of followers, not one per path
//! through the game tree.
//!
//! The rules (Conway, *On Numbers and Games*; Siegel, *Combinatorial Game Theory*, ch. II):
//!
//! * `G ≤ H` unless some `G^L ≥ H` or some `H^R ≤ G`. When one side is a number x and the
//!   other is not equal to a number, only the other side's options matter (number
//!   avoidance): `x ≤ G` iff no `G^R ≤ x`, and `G ≤ x` iff no `G^L ≥ x`.
//! * `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, and for a number x and a G that
//!   is not a number, `x + G = {x + G^L | x + G^R}` (number translation), so that large
//!   numbers are never taken apart.
//! * Canonical form: remove dominated options (a Left option `A ≤ B` for another Left
//!   option B; a Right option `A ≥ B`), and bypass reversible ones (a Left option A
//!   with some `A^R ≤ G` is replaced by the Left options of that `A^R`; dually for
//!   Right), until neither applies.
//! * Numbers, ups and nimbers add and compare in closed form:
//!   `x + n·↑ + *m ≥ 0` iff `x > 0`, or `x = 0` and (`m = 0`, `n ≥ 0`) or
//!   (`m = 1`, `n ≥ 2`) or (`m ≥ 2`, `n ≥ 1`).

use super::dyadic::Dyadic;
use super::formal::Formal;
use super::table::{Game, GameTable, Nus, Options, sorted};
use sprague_core::Outcome;
use sprague_core::SolveError;
use sprague_core::nat::Nat;
use std::cmp::Ordering;
use std::rc::Rc;

/// Left or Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Left (Blue, positive).
    Left,
    /// Right (Red, negative).
    Right,
}

/// One step of a canonical simplification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An option dominated by another option of the same player: for Left,
    /// `option ≤ by`; for Right, `option ≥ by`.
    Dominated {
        /// Whose option.
        side: Side,
        /// The option removed.
        option: Game,
        /// The option that dominates it.
        by: Game,
    },
    /// A reversible option, bypassed: for Left, `through` is a Right option of `option`
    /// with `through ≤ G`, and `option` is replaced by the Left options of `through`
    /// (dually for Right).
    Reversed {
        /// Whose option.
        side: Side,
        /// The option bypassed.
        option: Game,
        /// The reversing option of `option`.
        through: Game,
        /// What replaces `option`.
        replacement: Vec<Game>,
    },
}

/// How a game was brought to canonical form: the options it started from, the steps
/// taken, and the result. Recorded for games built with [`GameTable::game_traced`] and
/// sums computed with [`GameTable::add_traced`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The Left options before simplification (canonical games).
    pub left: Vec<Game>,
    /// The Right options before simplification.
    pub right: Vec<Game>,
    /// The simplification steps, in order.
    pub steps: Vec<Step>,
    /// The canonical form.
    pub result: Game,
    /// How the result was obtained when it needed no simplification (e.g. a sum of
    /// numbers, ups and nimbers added part by part).
    pub note: Option<&'static str>,
}

/// One pending computation.
pub(crate) enum Job {
    /// `a ≤ b`, into the comparison cache; `cursor` is how far the scan of options got.
    Le { a: Game, b: Game, cursor: usize },
    /// `-g`, into the negation cache.
    Neg(Game),
    /// `a + b`, into the sum cache; `canon` once the options of the sum are known.
    Add {
        a: Game,
        b: Game,
        canon: Option<Box<Canon>>,
        trace: bool,
    },
    /// The canonical form of a form, recorded as its resolution.
    Simplify(Box<Canon>),
}

/// The simplification of a form `{left | right}` in progress.
pub(crate) struct Canon {
    left: Vec<Game>,
    right: Vec<Game>,
    /// The form being simplified; every intermediate form equals it, so reversibility is
    /// always tested against it.
    form: Game,
    reversal: bool,
    /// While removing dominated options: the options of each side kept so far, and the
    /// next option of each side to compare with them.
    kept: [Vec<Game>; 2],
    next: [usize; 2],
    trace: Option<Trace>,
}

impl GameTable {
    // ----- public operations ---------------------------------------------------------

    /// The canonical form of `{left | right}`, whose options are canonical games.
    ///
    /// ```
    /// use sprague_engine::partizan::{GameTable, Game};
    /// let mut t = GameTable::new();
    /// let star = t.game(&[Game::ZERO], &[Game::ZERO]).unwrap();
    /// let up = t.game(&[Game::ZERO], &[star]).unwrap();
    /// assert_eq!(t.show(star), "*");
    /// assert_eq!(t.show(up), "^");
    /// assert_eq!(t.game(&[], &[]).unwrap(), Game::ZERO);
    /// ```
    pub fn game(&mut self, left: &[Game], right: &[Game]) -> Result<Game, SolveError> {
        self.build(left, right, false)
    }

    /// Like [`GameTable::game`], and records how the form was simplified (see
    /// [`GameTable::take_traces`]).
    pub fn game_traced(&mut self, left: &[Game], right: &[Game]) -> Result<Game, SolveError> {
        self.build(left, right, true)
    }

    /// The traces recorded since the last call, oldest first.
    pub fn take_traces(&mut self) -> Vec<Trace> {
        std::mem::take(&mut self.traces)
    }

    fn build(&mut self, left: &[Game], right: &[Game], trace: bool) -> Result<Game, SolveError> {
        self.charge((left.len() + right.len()) as u64)?;
        let left = sorted(left.to_vec());
        let right = sorted(right.to_vec());
        let form = match self.find_general(&left, &right) {
            Some(g) => match self.resolved(g) {
                Some(c) if !trace => return Ok(c),
                _ => g,
            },
            None => self.insert_general(left.clone(), right.clone(), true)?,
        };
        if !self.is_form(form) && !trace {
            return Ok(form);
        }
        let canon = Canon::new(&left, &right, form, trace);
        self.run(Job::Simplify(Box::new(canon)))?;
        Ok(self.resolved(form).unwrap_or(form))
    }

    /// `a + b`, canonical.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let one = t.integer(1).unwrap();
    /// let minus_one = t.integer(-1).unwrap();
    /// let pm = t.game(&[one], &[minus_one]).unwrap(); // ±1
    /// assert_eq!(t.add(pm, pm).unwrap(), Game::ZERO);
    /// ```
    pub fn add(&mut self, a: Game, b: Game) -> Result<Game, SolveError> {
        self.sum(a, b, false)
    }

    /// Like [`GameTable::add`], and records the simplification of the sum's options
    /// (see [`GameTable::take_traces`]).
    pub fn add_traced(&mut self, a: Game, b: Game) -> Result<Game, SolveError> {
        self.sum(a, b, true)
    }

    fn sum(&mut self, a: Game, b: Game, trace: bool) -> Result<Game, SolveError> {
        if !trace {
            return self.add_with(a, b, true);
        }
        self.run(Job::Add {
            a,
            b,
            canon: None,
            trace,
        })?;
        Ok(self.add_known(a, b)?.expect("the sum was computed"))
    }

    /// `a + b` without dropping terms that cancel (the formal sums are still looked up
    /// and remembered).
    pub(crate) fn add_plain(&mut self, a: Game, b: Game) -> Result<Game, SolveError> {
        self.add_with(a, b, false)
    }

    /// `a + b`: known, found from the formal sums of `a` and `b` (with `reassociate`,
    /// by adding the terms left when some cancel), or computed from the options.
    fn add_with(&mut self, a: Game, b: Game, reassociate: bool) -> Result<Game, SolveError> {
        if let Some(s) = self.add_known(a, b)? {
            return Ok(s);
        }
        let terms = match self.add_formal(a, b, reassociate)? {
            Formal::Known(s) => {
                self.count(1)?;
                self.add_cache.insert(key(a, b), s);
                return Ok(s);
            }
            Formal::Compute(terms) => terms,
        };
        self.run(Job::Add {
            a,
            b,
            canon: None,
            trace: false,
        })?;
        let s = self.add_known(a, b)?.expect("the sum was computed");
        if let Some(t) = terms {
            self.remember_terms(s, t)?;
        }
        Ok(s)
    }

    /// `-g`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let two = t.integer(2).unwrap();
    /// let minus_half = t.number(Dyadic::ratio(-1, 1)).unwrap();
    /// let switch = t.game(&[two], &[minus_half]).unwrap(); // {2|-1/2}
    /// let up = t.up(1).unwrap();
    /// let g = t.add(switch, up).unwrap();
    /// let n = t.neg(g).unwrap();
    /// assert_eq!(t.show(n), "{1/2v|-2v}");
    /// ```
    pub fn neg(&mut self, g: Game) -> Result<Game, SolveError> {
        if let Some(n) = self.neg_known(g)? {
            return Ok(n);
        }
        self.run(Job::Neg(g))?;
        let n = self.neg_cache[&g];
        self.remember_negative(g, n)?;
        Ok(n)
    }

    /// `a - b`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let one = t.integer(1).unwrap();
    /// let one_star = t.add(one, star).unwrap();
    /// let two = t.integer(2).unwrap();
    /// let two_star = t.add(two, star).unwrap();
    /// let three = t.integer(3).unwrap();
    /// let inner = t.game(&[two_star], &[one_star]).unwrap();
    /// let g = t.game(&[three], &[inner]).unwrap(); // {3||2*|1*}
    /// assert_eq!(t.sub(g, g).unwrap(), Game::ZERO);
    /// ```
    pub fn sub(&mut self, a: Game, b: Game) -> Result<Game, SolveError> {
        let nb = self.neg(b)?;
        self.add(a, nb)
    }

    /// Whether `a ≤ b`.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let zero = Game::ZERO;
    /// assert!(t.le(zero, up).unwrap() && !t.le(up, zero).unwrap());
    /// assert!(!t.le(star, up).unwrap() && !t.le(up, star).unwrap()); // ^ || *
    /// ```
    pub fn le(&mut self, a: Game, b: Game) -> Result<bool, SolveError> {
        if let Some(v) = self.le_known(a, b) {
            return Ok(v);
        }
        self.run(Job::Le { a, b, cursor: 0 })?;
        Ok(self.le_cache[&(a, b)])
    }

    /// How `a` compares with `b`: `Some(ordering)`, or `None` when they are confused
    /// (incomparable).
    ///
    /// ```
    /// use sprague_engine::partizan::GameTable;
    /// use std::cmp::Ordering;
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let double_up = t.add(up, up).unwrap();
    /// assert_eq!(t.compare(up, star).unwrap(), None); // ^ || *
    /// assert_eq!(t.compare(double_up, star).unwrap(), Some(Ordering::Greater)); // ^^ > *
    /// ```
    pub fn compare(&mut self, a: Game, b: Game) -> Result<Option<Ordering>, SolveError> {
        if a == b {
            return Ok(Some(Ordering::Equal));
        }
        let le = self.le(a, b)?;
        let ge = self.le(b, a)?;
        Ok(match (le, ge) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        })
    }

    /// The outcome class: `L` (Left wins whoever starts, G > 0), `R` (G < 0), `P` (the
    /// second player wins, G = 0) or `N` (the first player wins, G confused with 0).
    ///
    /// ```
    /// use sprague_core::Outcome;
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let star = t.nimber(1u64.into()).unwrap();
    /// let up_star = t.add(up, star).unwrap();
    /// assert_eq!(t.outcome(up_star).unwrap(), Outcome::N);
    /// let double_up_star = t.add(up_star, up).unwrap();
    /// assert_eq!(t.outcome(double_up_star).unwrap(), Outcome::L);
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm = t.game(&[one], &[minus_one]).unwrap();
    /// let pm_pm = t.add(pm, pm).unwrap();
    /// assert_eq!(t.outcome(pm_pm).unwrap(), Outcome::P);
    /// let minus_half = t.number(Dyadic::ratio(-1, 1)).unwrap();
    /// assert_eq!(t.outcome(minus_half).unwrap(), Outcome::R);
    /// ```
    pub fn outcome(&mut self, g: Game) -> Result<Outcome, SolveError> {
        Ok(match self.compare(g, Game::ZERO)? {
            Some(Ordering::Equal) => Outcome::P,
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            None => Outcome::N,
        })
    }

    // ----- known results ---------------------------------------------------------------

    /// `a ≤ b` when it is cached or follows from a closed form.
    pub(crate) fn le_known(&self, a: Game, b: Game) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
            return Some(nus_le(x, y));
        }
        // Stops are monotone, and separated stops decide: a ≤ b needs LS(a) ≤ LS(b) and
        // RS(a) ≤ RS(b), and LS(a) < RS(b) gives a < b.
        if let (Some((la, ra)), Some((lb, rb))) = (self.stops_of(a), self.stops_of(b)) {
            if la > lb || ra > rb {
                return Some(false);
            }
            if la < rb {
                return Some(true);
            }
        }
        self.le_cache.get(&(a, b)).copied()
    }

    /// `a + b` when it is cached or follows from a closed form (stored).
    fn add_known(&mut self, a: Game, b: Game) -> Result<Option<Game>, SolveError> {
        if a == Game::ZERO {
            return Ok(Some(b));
        }
        if b == Game::ZERO {
            return Ok(Some(a));
        }
        if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
            let s = Nus {
                number: x.number.add(&y.number),
                up: x.up.checked_add(y.up).ok_or_else(|| self.limit_error())?,
                star: &x.star ^ &y.star,
            };
            return self.nus(s).map(Some);
        }
        Ok(self.add_cache.get(&key(a, b)).copied())
    }

    fn neg_known(&mut self, g: Game) -> Result<Option<Game>, SolveError> {
        if let Some(x) = self.as_nus(g) {
            let n = Nus {
                number: x.number.neg(),
                up: x.up.checked_neg().ok_or_else(|| self.limit_error())?,
                star: x.star.clone(),
            };
            return self.nus(n).map(Some);
        }
        Ok(self.neg_cache.get(&g).copied())
    }

    // ----- the job machine -------------------------------------------------------------

    /// Runs `job` and everything it needs.
    pub(crate) fn run(&mut self, job: Job) -> Result<(), SolveError> {
        let mut stack = vec![job];
        let mut deps = Vec::new();
        while let Some(mut job) = stack.pop() {
            self.charge(1)?;
            let done = match &mut job {
                Job::Le { a, b, cursor } => self.le_step(*a, *b, cursor, &mut deps)?,
                Job::Neg(g) => self.neg_step(*g, &mut deps)?,
                Job::Add { a, b, canon, trace } => {
                    self.add_step(*a, *b, canon, *trace, &mut deps)?
                }
                Job::Simplify(c) => {
                    let done = self.canon_step(c, &mut deps)?;
                    if let Some(result) = done {
                        self.resolve(c.form, result)?;
                    }
                    done.is_some()
                }
            };
            if !done {
                debug_assert!(!deps.is_empty(), "a waiting job must wait for something");
                stack.push(job);
                stack.append(&mut deps);
            }
        }
        Ok(())
    }

    /// One step of `a ≤ b`: `true` once the answer is cached.
    fn le_step(
        &mut self,
        a: Game,
        b: Game,
        cursor: &mut usize,
        deps: &mut Vec<Job>,
    ) -> Result<bool, SolveError> {
        if self.le_known(a, b).is_some() {
            return Ok(true);
        }
        // Number avoidance: against a game that is not equal to a number (a canonical
        // general node never is), only that game's options matter.
        let a_num = self.is_number(a);
        let b_num = self.is_number(b);
        let skip_a = a_num && !b_num && !self.is_form(b);
        let skip_b = b_num && !a_num && !self.is_form(a);
        let al: Options = if skip_a {
            Rc::from(Vec::new())
        } else {
            self.left_of(a)?
        };
        let br: Options = if skip_b {
            Rc::from(Vec::new())
        } else {
            self.right_of(b)?
        };
        let n = al.len() + br.len();
        self.charge(n.saturating_sub(*cursor) as u64)?;
        let mut answer = true;
        for i in *cursor..n {
            // a ≤ b fails if some a^L ≥ b or some b^R ≤ a.
            let (x, y) = if i < al.len() {
                (b, al[i])
            } else {
                (br[i - al.len()], a)
            };
            match self.le_known(x, y) {
                None => {
                    *cursor = i;
                    deps.push(Job::Le {
                        a: x,
                        b: y,
                        cursor: 0,
                    });
                    return Ok(false);
                }
                Some(true) => {
                    answer = false;
                    break;
                }
                Some(false) => {}
            }
        }
        self.count(1)?;
        self.le_cache.insert((a, b), answer);
        Ok(true)
    }

    /// One step of `-g`.
    fn neg_step(&mut self, g: Game, deps: &mut Vec<Job>) -> Result<bool, SolveError> {
        if self.neg_known(g)?.is_some() {
            return Ok(true);
        }
        let left = self.left_of(g)?;
        let right = self.right_of(g)?;
        self.charge((left.len() + right.len()) as u64)?;
        let mut waiting = false;
        for &o in left.iter().chain(right.iter()) {
            if self.neg_known(o)?.is_none() {
                deps.push(Job::Neg(o));
                waiting = true;
            }
        }
        if waiting {
            return Ok(false);
        }
        // The negative of a canonical form is canonical: {-G^R | -G^L}.
        let nl = sorted(right.iter().map(|o| self.neg_cache_or_nus(*o)).collect());
        let nr = sorted(left.iter().map(|o| self.neg_cache_or_nus(*o)).collect());
        let n = match self.find_general(&nl, &nr) {
            Some(n) => {
                self.mark_canonical(n);
                n
            }
            None => self.insert_general(nl, nr, false)?,
        };
        self.count(2)?;
        self.neg_cache.insert(g, n);
        self.neg_cache.insert(n, g);
        Ok(true)
    }

    /// The negative of `g`, known to be cached or a number-up-star.
    fn neg_cache_or_nus(&mut self, g: Game) -> Game {
        match self.neg_known(g) {
            Ok(Some(n)) => n,
            _ => unreachable!("negatives of the options are known"),
        }
    }

    /// One step of `a + b`.
    fn add_step(
        &mut self,
        a: Game,
        b: Game,
        canon: &mut Option<Box<Canon>>,
        trace: bool,
        deps: &mut Vec<Job>,
    ) -> Result<bool, SolveError> {
        if canon.is_none() {
            if let Some(s) = self.add_known(a, b)? {
                if trace {
                    self.traces.push(Trace {
                        left: Vec::new(),
                        right: Vec::new(),
                        steps: Vec::new(),
                        result: s,
                        note: Some(self.sum_note(a, b)),
                    });
                }
                if a != Game::ZERO && b != Game::ZERO {
                    self.count(1)?;
                    self.add_cache.insert(key(a, b), s);
                }
                return Ok(true);
            }
            let (lp, rp) = self.sum_option_pairs(a, b)?;
            let mut waiting = false;
            for &(x, y) in lp.iter().chain(rp.iter()) {
                if self.add_known(x, y)?.is_none() {
                    deps.push(Job::Add {
                        a: x,
                        b: y,
                        canon: None,
                        trace: false,
                    });
                    waiting = true;
                }
            }
            if waiting {
                return Ok(false);
            }
            let mut sums = |pairs: &[(Game, Game)]| -> Result<Vec<Game>, SolveError> {
                pairs
                    .iter()
                    .map(|&(x, y)| Ok(self.add_known(x, y)?.expect("computed")))
                    .collect()
            };
            let left = sorted(sums(&lp)?);
            let right = sorted(sums(&rp)?);
            let form = match self.find_general(&left, &right) {
                Some(g) => match self.resolved(g) {
                    Some(c) if !trace => {
                        self.count(1)?;
                        self.add_cache.insert(key(a, b), c);
                        return Ok(true);
                    }
                    _ => g,
                },
                None => self.insert_general(left.clone(), right.clone(), true)?,
            };
            *canon = Some(Box::new(Canon::new(&left, &right, form, trace)));
        }
        let c = canon.as_mut().expect("set above");
        match self.canon_step(c, deps)? {
            Some(result) => {
                let form = c.form;
                self.resolve(form, result)?;
                self.count(1)?;
                self.add_cache.insert(key(a, b), result);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Why a sum needed no simplification.
    fn sum_note(&self, a: Game, b: Game) -> &'static str {
        if a == Game::ZERO || b == Game::ZERO {
            "adding 0 changes nothing"
        } else if self.as_nus(a).is_some() && self.as_nus(b).is_some() {
            "numbers, ups and nimbers add part by part (x + n·^ + *m)"
        } else {
            "known from an earlier sum"
        }
    }

    /// The pairs whose sums are the Left and Right options of `a + b`.
    #[allow(clippy::type_complexity)]
    fn sum_option_pairs(
        &mut self,
        a: Game,
        b: Game,
    ) -> Result<(Vec<(Game, Game)>, Vec<(Game, Game)>), SolveError> {
        // Number translation: x + G = {x + G^L | x + G^R} when G is not a number.
        for (x, g) in [(a, b), (b, a)] {
            if self.is_number(x) && !self.is_number(g) {
                let gl = self.left_of(g)?;
                let gr = self.right_of(g)?;
                let lp = gl.iter().map(|&o| (x, o)).collect();
                let rp = gr.iter().map(|&o| (x, o)).collect();
                return Ok((lp, rp));
            }
        }
        let al = self.left_of(a)?;
        let ar = self.right_of(a)?;
        let bl = self.left_of(b)?;
        let br = self.right_of(b)?;
        let mut lp: Vec<(Game, Game)> = al.iter().map(|&o| (o, b)).collect();
        lp.extend(bl.iter().map(|&o| (a, o)));
        let mut rp: Vec<(Game, Game)> = ar.iter().map(|&o| (o, b)).collect();
        rp.extend(br.iter().map(|&o| (a, o)));
        self.count((lp.len() + rp.len()) as u64 / 8)?;
        self.charge((lp.len() + rp.len()) as u64)?;
        Ok((lp, rp))
    }

    // ----- canonical simplification ----------------------------------------------------

    /// One step of a simplification: `Some(result)` once the canonical form is known.
    fn canon_step(
        &mut self,
        c: &mut Canon,
        deps: &mut Vec<Job>,
    ) -> Result<Option<Game>, SolveError> {
        loop {
            if !c.reversal {
                // Dominated options: each option in turn is compared with the options
                // kept so far (the undominated ones), a batch of comparisons at a time.
                for side in 0..2 {
                    let list = if side == 0 { &c.left } else { &c.right };
                    while c.next[side] < list.len() {
                        let x = list[c.next[side]];
                        self.charge(4 * c.kept[side].len() as u64 + 1)?;
                        let mut waiting = false;
                        for &m in &c.kept[side] {
                            for (a, b) in [(x, m), (m, x)] {
                                if self.le_known(a, b).is_none() {
                                    deps.push(Job::Le { a, b, cursor: 0 });
                                    waiting = true;
                                }
                            }
                        }
                        if waiting {
                            return Ok(None);
                        }
                        // For Left, x is dominated by m when x ≤ m; for Right when
                        // x ≥ m. Distinct canonical games are never equal.
                        let below = |t: &Self, a: Game, b: Game| {
                            let (a, b) = if side == 0 { (a, b) } else { (b, a) };
                            t.le_known(a, b) == Some(true)
                        };
                        let who = if side == 0 { Side::Left } else { Side::Right };
                        let kept = &mut c.kept[side];
                        if let Some(&by) = kept.iter().find(|&&m| below(self, x, m)) {
                            if let Some(t) = &mut c.trace {
                                t.steps.push(Step::Dominated {
                                    side: who,
                                    option: x,
                                    by,
                                });
                            }
                        } else {
                            kept.retain(|&m| {
                                let dominated = below(self, m, x);
                                if dominated && let Some(t) = &mut c.trace {
                                    t.steps.push(Step::Dominated {
                                        side: who,
                                        option: m,
                                        by: x,
                                    });
                                }
                                !dominated
                            });
                            kept.push(x);
                        }
                        c.next[side] += 1;
                    }
                }
                c.left = std::mem::take(&mut c.kept[0]);
                c.right = std::mem::take(&mut c.kept[1]);
                c.left.sort_unstable();
                c.right.sort_unstable();
                c.next = [0, 0];
                c.reversal = true;
            }
            // Reversible options: a Left option A with some A^R ≤ G, a Right option B
            // with some B^L ≥ G.
            let form = c.form;
            let mut waiting = false;
            let options: usize = c.left.len() + c.right.len();
            self.charge(options as u64)?;
            for &x in &c.left {
                let xr = self.right_of(x)?;
                self.charge(xr.len() as u64)?;
                for &xr in xr.iter() {
                    if self.le_known(xr, form).is_none() {
                        deps.push(Job::Le {
                            a: xr,
                            b: form,
                            cursor: 0,
                        });
                        waiting = true;
                    }
                }
            }
            for &x in &c.right {
                let xl = self.left_of(x)?;
                self.charge(xl.len() as u64)?;
                for &xl in xl.iter() {
                    if self.le_known(form, xl).is_none() {
                        deps.push(Job::Le {
                            a: form,
                            b: xl,
                            cursor: 0,
                        });
                        waiting = true;
                    }
                }
            }
            if waiting {
                return Ok(None);
            }
            let mut changed = false;
            let mut steps = Vec::new();
            let mut new_left = Vec::with_capacity(c.left.len());
            for &x in &c.left {
                let xr = self.right_of(x)?;
                match xr.iter().find(|&&r| self.le_known(r, form) == Some(true)) {
                    Some(&through) => {
                        let replacement = self.left_of(through)?.to_vec();
                        new_left.extend_from_slice(&replacement);
                        steps.push(Step::Reversed {
                            side: Side::Left,
                            option: x,
                            through,
                            replacement,
                        });
                        changed = true;
                    }
                    None => new_left.push(x),
                }
            }
            let mut new_right = Vec::with_capacity(c.right.len());
            for &x in &c.right {
                let xl = self.left_of(x)?;
                match xl.iter().find(|&&l| self.le_known(form, l) == Some(true)) {
                    Some(&through) => {
                        let replacement = self.right_of(through)?.to_vec();
                        new_right.extend_from_slice(&replacement);
                        steps.push(Step::Reversed {
                            side: Side::Right,
                            option: x,
                            through,
                            replacement,
                        });
                        changed = true;
                    }
                    None => new_right.push(x),
                }
            }
            if let Some(t) = &mut c.trace {
                t.steps.extend(steps);
            }
            if !changed {
                let result = self.finish(c)?;
                if let Some(mut t) = c.trace.take() {
                    t.result = result;
                    self.traces.push(t);
                }
                return Ok(Some(result));
            }
            new_left.sort_unstable();
            new_left.dedup();
            new_right.sort_unstable();
            new_right.dedup();
            c.left = new_left;
            c.right = new_right;
            c.reversal = false;
        }
    }

    /// Stores the canonical form `{c.left | c.right}` (no dominated or reversible
    /// options): as a number or number-up-star when it is one, else as a general node.
    fn finish(&mut self, c: &Canon) -> Result<Game, SolveError> {
        let (left, right) = (&c.left, &c.right);
        // A number: all options numbers, Left's below Right's.
        let nums = |t: &Self, v: &[Game]| -> Option<Vec<Dyadic>> {
            v.iter().map(|&g| t.as_number(g).cloned()).collect()
        };
        if let (Some(l), Some(r)) = (nums(self, left), nums(self, right)) {
            let lo = l.iter().max();
            let hi = r.iter().min();
            let ordered = match (lo, hi) {
                (Some(a), Some(b)) => a < b,
                _ => true,
            };
            if ordered && l.len() <= 1 && r.len() <= 1 {
                return self.number(Dyadic::simplest_between(lo, hi));
            }
        }
        if let Some(g) = self.as_nus_form(left, right)? {
            return Ok(g);
        }
        let l = sorted(left.clone());
        let r = sorted(right.clone());
        let form = c.form;
        if self.nodes[form.index()].left.as_deref() == Some(&l[..])
            && self.nodes[form.index()].right.as_deref() == Some(&r[..])
        {
            self.mark_canonical(form);
            return Ok(form);
        }
        match self.find_general(&l, &r) {
            Some(g) => {
                self.mark_canonical(g);
                Ok(g)
            }
            None => self.insert_general(l, r, false),
        }
    }

    /// The number-up-star whose canonical options are exactly `left` and `right`, if
    /// any: `x + *m` has `{x + *j, j < m}` on both sides; `x + n·↑ + *m` with `n ≥ 1`
    /// has the single Right option `x + (n-1)·↑ + *(m⊕1)`, and dually for `n ≤ -1`.
    fn as_nus_form(&mut self, left: &[Game], right: &[Game]) -> Result<Option<Game>, SolveError> {
        let mut candidates = Vec::new();
        if !left.is_empty() && left == right {
            let first = self.as_nus(left[0]).cloned();
            if let Some(f) = first
                && f.up == 0
            {
                candidates.push(Nus {
                    number: f.number,
                    up: 0,
                    star: Nat::from(left.len()),
                });
            }
        }
        if let [r] = right
            && let Some(n) = self.as_nus(*r).cloned()
            && n.up >= 0
            && let Some(up) = n.up.checked_add(1)
        {
            candidates.push(Nus {
                number: n.number,
                up,
                star: &n.star ^ &Nat::Small(1),
            });
        }
        if let [l] = left
            && let Some(n) = self.as_nus(*l).cloned()
            && n.up <= 0
            && let Some(up) = n.up.checked_sub(1)
        {
            candidates.push(Nus {
                number: n.number,
                up,
                star: &n.star ^ &Nat::Small(1),
            });
        }
        for cand in candidates {
            if cand.is_number() {
                continue;
            }
            let g = self.nus(cand)?;
            let gl = self.left_of(g)?;
            let gr = self.right_of(g)?;
            if gl[..] == *left && gr[..] == *right {
                return Ok(Some(g));
            }
        }
        Ok(None)
    }
}

impl Canon {
    fn new(left: &[Game], right: &[Game], form: Game, trace: bool) -> Canon {
        Canon {
            left: left.to_vec(),
            right: right.to_vec(),
            form,
            reversal: false,
            kept: [Vec::new(), Vec::new()],
            next: [0, 0],
            trace: trace.then(|| Trace {
                left: left.to_vec(),
                right: right.to_vec(),
                steps: Vec::new(),
                result: form,
                note: None,
            }),
        }
    }
}

/// The cache key of a sum (commutative): the smaller id first.
fn key(a: Game, b: Game) -> (Game, Game) {
    if a <= b { (a, b) } else { (b, a) }
}

/// `x ≤ y` for number-up-stars, in closed form.
pub(crate) fn nus_le(x: &Nus, y: &Nus) -> bool {
    match x.number.cmp(&y.number) {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => {
            // 0 ≤ d·↑ + *s with d = y.up - x.up and s = x.star ⊕ y.star.
            let d = i128::from(y.up) - i128::from(x.up);
            let s = &x.star ^ &y.star;
            match s {
                Nat::Small(0) => d >= 0,
                Nat::Small(1) => d >= 2,
                _ => d >= 1,
            }
        }
    }
}
