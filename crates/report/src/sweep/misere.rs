//! `sprague sweep --misere`: for each octal game, the order of its misère quotient
//! (Plambeck–Siegel) after each heap `1..=to`, whether it is tame, and where it
//! stopped.
//!
//! The quotient of heaps `1..=n` is learnt and verified heap after heap by
//! [`Quotient::compute_each`], which hands over each verified quotient on the way, so
//! every order comes from one computation. The order never decreases with `n` (the
//! quotient of heaps `1..n` is a quotient of the part of the next one that the smaller
//! heaps generate), and when two bounds have the same order the quotients are the same
//! monoid, the new heap being a product of the smaller ones. So the quotient is the
//! same over the last run of equal orders, `m..=n`: "stable over heaps `m` to `n`",
//! `m` being [`Quotient::stable_from`] (nothing is claimed beyond `n`).
//!
//! *Tame* (Conway, *On Numbers and Games* ch. 12; Plambeck–Siegel's tame quotients)
//! is decided on the verified quotient: each heap is sent to a misère-Nim position (a
//! value `g ≥ 2` to the nim heap `*g`; a value 0 or 1 to `0`, `*1`, `*2 + *2` or
//! `*2 + *3`, by its own misère outcome), and the game is tame when the misère-Nim
//! rule on those positions (Bouton's: some heap of 2 or more and nim-sum 0, or none
//! and nim-sum 1) predicts every sum of its heaps. Its quotient is then that of the
//! misère-Nim positions the heaps stand for. The check is exact: the pairs (element of
//! the quotient, element of misère Nim's quotient) that sums reach form a finite
//! monoid, visited whole from the empty sum. The rule predicts every sum exactly when
//! each pair's two outcomes agree and no Nim element comes with two elements of the
//! quotient (two elements are told apart by some sum, which would then meet equal
//! Nim elements with different outcomes).

use super::Game;
use rustc_hash::FxHashMap;
use sprague_core::{Bound, Limits, SolveError, Stop};
use sprague_engine::impartial::heap::HeapTable;
use sprague_engine::impartial::quotient::{Elem, HeapStep, Quotient};
use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
use sprague_games::impartial::octal::code_text;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The CSV header line of a misère sweep, without the newline.
pub const CSV_HEADER: &str = "code,status,heaps,order,stable_from,tame,wild_from,stopped_by,orders";

/// Most elements of misère Nim's quotient the tameness check visits (beyond it the
/// column is left empty).
const TAME_ELEMENTS: usize = 1 << 16;

/// Whether a game is tame, as far as its heaps were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tame {
    /// Misère Nim's rule predicts every sum of heaps up to the last one reached.
    Tame,
    /// It does not from this heap on (the first heap at which it fails).
    Wild(usize),
}

/// One line of a misère sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereRow {
    /// The code, e.g. `0.75`.
    pub code: String,
    /// The order of the quotient of heaps `1..=n`, at index `n − 1`, for each heap
    /// reached.
    pub orders: Vec<usize>,
    /// Tame or wild up to the last heap reached (`None`: not decided, no heap reached
    /// or its nim values not computed).
    pub tame: Option<Tame>,
    /// The bound that stopped the game before the last heap asked for: its word
    /// (`states`, `memory`, `time`, `order`, …) and the message.
    pub stopped: Option<(String, String)>,
}

impl MisereRow {
    /// The last heap reached: the quotient of heaps `1..=heaps` was verified.
    pub fn heaps(&self) -> usize {
        self.orders.len()
    }

    /// The order of the quotient of heaps `1..=heaps` (1 when no heap was reached).
    pub fn order(&self) -> usize {
        self.orders.last().copied().unwrap_or(1)
    }

    /// The first heap of the last run of equal orders: the quotient is the same for
    /// every bound from it to [`MisereRow::heaps`] (0 when no heap was reached).
    pub fn stable_from(&self) -> usize {
        let last = self.order();
        let run = self.orders.iter().rev().take_while(|&&o| o == last).count();
        if run == 0 {
            0
        } else {
            self.orders.len() - run + 1
        }
    }

    /// `stable` when every heap asked for was reached, `stopped` when a bound stopped
    /// the game first.
    pub fn status(&self) -> &'static str {
        if self.stopped.is_some() {
            "stopped"
        } else {
            "stable"
        }
    }

    fn tame_word(&self) -> &'static str {
        match self.tame {
            Some(Tame::Tame) => "tame",
            Some(Tame::Wild(_)) => "wild",
            None => "",
        }
    }

    fn wild_from(&self) -> Option<usize> {
        match self.tame {
            Some(Tame::Wild(n)) => Some(n),
            _ => None,
        }
    }

    /// The orders run-length encoded: `2 6*2 8*7` is 2, 6, 6, then seven 8s.
    pub fn orders_text(&self) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < self.orders.len() {
            let o = self.orders[i];
            let run = self.orders[i..].iter().take_while(|&&x| x == o).count();
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{o}");
            if run > 1 {
                let _ = write!(out, "*{run}");
            }
            i += run;
        }
        out
    }

    /// The line in CSV (columns of [`CSV_HEADER`]), with a newline.
    pub fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{}\n",
            self.code,
            self.status(),
            self.heaps(),
            self.order(),
            self.stable_from(),
            self.tame_word(),
            self.wild_from().map(|n| n.to_string()).unwrap_or_default(),
            self.stopped.as_ref().map_or("", |s| s.0.as_str()),
            self.orders_text()
        )
    }

    /// The line as one JSON object (the orders in full, the stopping message too),
    /// with a newline.
    pub fn json(&self) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{{\"code\":\"{}\",\"status\":\"{}\",\"heaps\":{},\"order\":{},\"stable_from\":{}",
            self.code,
            self.status(),
            self.heaps(),
            self.order(),
            self.stable_from()
        );
        s.push_str(",\"tame\":");
        match self.tame {
            None => s.push_str("null"),
            Some(_) => {
                let _ = write!(s, "\"{}\"", self.tame_word());
            }
        }
        match self.wild_from() {
            Some(n) => {
                let _ = write!(s, ",\"wild_from\":{n}");
            }
            None => s.push_str(",\"wild_from\":null"),
        }
        match &self.stopped {
            Some((word, message)) => {
                s.push_str(",\"stopped_by\":");
                crate::json::string(&mut s, word);
                s.push_str(",\"message\":");
                crate::json::string(&mut s, message);
            }
            None => s.push_str(",\"stopped_by\":null,\"message\":null"),
        }
        let orders: Vec<String> = self.orders.iter().map(usize::to_string).collect();
        let _ = writeln!(s, ",\"orders\":[{}]}}", orders.join(","));
        s
    }
}

/// The word naming a bound in the column `stopped_by`.
fn bound_word(bound: Option<Bound>) -> &'static str {
    match bound {
        Some(Bound::States) => "states",
        Some(Bound::Memory) => "memory",
        Some(Bound::Time) => "time",
        Some(Bound::HeapMoves) => "heap-moves",
        Some(Bound::QuotientOrder) => "order",
        _ => "other",
    }
}

/// The settings of one misère game.
#[derive(Clone, Debug)]
pub struct MisereLimits {
    /// Per-game bound on positions and work (`--max-states`).
    pub max_states: u64,
    /// Per-game bound on memory (`--max-memory`).
    pub max_memory: u64,
    /// Per-game bound on the order: a game whose quotient grows beyond it stops there.
    pub max_order: usize,
    /// Per-game bound on the time (none: only the sweep's own stop signal).
    pub time: Option<Duration>,
}

/// Computes the quotient of one game heap by heap to `to` (on one thread), within the
/// per-game limits; a bound (or an error of the quotient's construction) stops the
/// game, and the line says which. `Err` only when `stop` stopped it (nothing to
/// write) or the code is not a game.
pub fn compute_misere(
    game: &Game,
    to: usize,
    bounds: &MisereLimits,
    stop: Option<Arc<Stop>>,
) -> Result<MisereRow, SolveError> {
    let Some(time) = bounds.time else {
        return compute_within(game, to, bounds, stop.clone(), stop);
    };
    // The game's own signal: its deadline, or the sweep's signal, whichever comes
    // first (a watcher passes the sweep's on while the game runs).
    let own = Arc::new(Stop::after(time));
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) && !own.is_due() {
                if stop.as_ref().is_some_and(|s| s.is_due()) {
                    own.raise();
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let row = compute_within(game, to, bounds, Some(Arc::clone(&own)), stop.clone());
        done.store(true, Ordering::Relaxed);
        row
    })
}

/// [`compute_misere`] with the signal `own` stopping the game (a `time` line) and
/// `sweep` the sweep (no line).
fn compute_within(
    game: &Game,
    to: usize,
    bounds: &MisereLimits,
    own: Option<Arc<Stop>>,
    stop: Option<Arc<Stop>>,
) -> Result<MisereRow, SolveError> {
    let code = code_text(&game.code);
    let rules = TakeBreak::new(format!("octal[{code}]"), &game.code, false, Wording::Heaps)
        .map_err(SolveError::Input)?;
    let limits = Limits {
        max_states: bounds.max_states,
        max_memory: bounds.max_memory,
        threads: 1,
        stop: own,
        ..Limits::default()
    };
    // The nim values, for the tameness check (a limit leaves it undecided beyond).
    let mut table = HeapTable::default();
    let table_limits = Limits {
        spent: Default::default(),
        ..limits.clone()
    };
    let _ = table.extend(&rules, to.saturating_add(1), &table_limits);
    let values: Vec<u32> = table.values().iter().collect();
    let stopped_early = || stop.as_ref().is_some_and(|s| s.is_due());
    if stopped_early() {
        return Err(stopped_error(&limits));
    }
    let family = TakeBreakFamily::new(rules);
    let mut orders = Vec::new();
    let mut tame = None;
    let mut over_order = false;
    let result = Quotient::compute_each(&family, to, &limits, &mut |step| {
        orders.push(step.order());
        if !matches!(tame, Some(Tame::Wild(_))) {
            tame = match is_tame(step, &values) {
                Some(true) => Some(Tame::Tame),
                Some(false) => Some(Tame::Wild(step.heap())),
                None => None,
            };
        }
        if step.order() > bounds.max_order {
            over_order = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if stopped_early() {
        return Err(stopped_error(&limits));
    }
    let stopped = match result {
        Ok(_) if over_order => Some((
            "order".to_string(),
            format!(
                "the misère quotient of octal[{code}] has more than {} elements with heap {}",
                bounds.max_order,
                orders.len()
            ),
        )),
        Ok(_) => None,
        Err(SolveError::Limit { bound, what }) => Some((bound_word(Some(bound)).to_string(), what)),
        // Not expected (a candidate that cannot be verified): the game's line says
        // so, and the sweep goes on.
        Err(e) => Some(("error".to_string(), e.to_string())),
    };
    Ok(MisereRow {
        code,
        orders,
        tame,
        stopped,
    })
}

/// The error of a game stopped by the sweep's own signal.
fn stopped_error(limits: &Limits) -> SolveError {
    limits
        .check_stop()
        .err()
        .unwrap_or_else(|| SolveError::Input("the sweep was stopped".into()))
}

/// An element of misère Nim's quotient: the nim-sum shifted left once, the low bit
/// set when some heap of 2 or more is present (Bouton's rule tells these apart).
type NimElem = u64;

/// The misère-Nim element of a heap of nim value `g` whose lone heap is a misère
/// P-position when `p`.
fn nim_element(g: u32, p: bool) -> NimElem {
    match (g, p) {
        // 0 (the empty game) and *2 + *2.
        (0, false) => 0,
        (0, true) => 1,
        // *1 and *2 + *3.
        (1, true) => 2,
        (1, false) => 3,
        (g, _) => u64::from(g) << 1 | 1,
    }
}

/// Whether a sum of misère-Nim image `m` is a P-position (Bouton's misère rule).
fn nim_is_p(m: NimElem) -> bool {
    m == 1 || m == 2
}

/// Whether misère Nim's rule, through [`nim_element`], predicts every sum of heaps
/// `1..=n` of the verified quotient `step` (`values`: the nim values, heap 0 first);
/// `None` when the values do not reach heap `n` or the check is too large.
pub(crate) fn is_tame(step: &HeapStep<'_>, values: &[u32]) -> Option<bool> {
    let n = step.heap();
    let mut gens: Vec<(NimElem, Elem)> = Vec::new();
    for k in 1..=n {
        let x = step.element(k)?;
        let g = *values.get(k)?;
        let pair = (nim_element(g, step.is_p(x)), x);
        if !gens.contains(&pair) {
            gens.push(pair);
        }
    }
    // Each misère-Nim element reached by sums must come with one element of the
    // quotient, of the same outcome: the sums reach the pairs (quotient, Nim) of a
    // submonoid, visited whole from the empty sum.
    let mut seen: FxHashMap<NimElem, Elem> = FxHashMap::default();
    seen.insert(0, 0);
    let mut queue: Vec<(NimElem, Elem)> = vec![(0, 0)];
    while let Some((m, q)) = queue.pop() {
        for &(gm, gq) in &gens {
            let nm = ((m >> 1 ^ gm >> 1) << 1) | ((m | gm) & 1);
            let nq = step.mul(q, gq);
            match seen.get(&nm) {
                Some(&other) if other != nq => return Some(false),
                Some(_) => {}
                None => {
                    if nim_is_p(nm) != step.is_p(nq) {
                        return Some(false);
                    }
                    if seen.len() >= TAME_ELEMENTS {
                        return None;
                    }
                    seen.insert(nm, nq);
                    queue.push((nm, nq));
                }
            }
        }
    }
    Some(true)
}
