//! The native part of the `sprague` Python package: thin calls into the engine's
//! library (`sprague::report`, `sprague::partizan`, `sprague::games::custom`). The
//! Python package (`sprague/__init__.py`) turns the answers into Python objects.
//!
//! Every computation runs on a Rust thread while the calling thread waits without
//! the GIL, in short slices, checking for Ctrl-C between them: an interrupt raises
//! `KeyboardInterrupt` at once and raises the computation's stop signal
//! (`Limits::stop`), which solves, tables, the partizan engine, `nash` and games
//! defined in Python obey.

use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use sprague::core::rational::Rational;
use sprague::core::{Limits, Stop};
use sprague::games::custom;
use sprague::impartial::store::ValueSlice;
use sprague::impartial::watch::TableWatch;
use sprague::nat::Nat;
use sprague::partizan::{DEFAULT_MAX_STATES, GameTable, Value, dyadic_rational};
use sprague::report::{self, Failure};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

pyo3::create_exception!(
    _sprague,
    Failed,
    PyException,
    "A computation failed: args are (kind, message), kind one of input, limit, other."
);

/// How often the waiting thread looks for Ctrl-C.
const SLICE: Duration = Duration::from_millis(20);

/// Stack of the computing threads (the engine uses explicit stacks; this is room).
const STACK: usize = 64 << 20;

thread_local! {
    /// The stop signal of the computation running on this thread, for the rules of
    /// games defined in Python.
    static STOP: RefCell<Option<Arc<Stop>>> = const { RefCell::new(None) };
}

thread_local! {
    /// The first exception raised by a Python function giving a game's options
    /// during the computation on this thread.
    static CALLBACK_ERROR: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// The Python exception of a failure: its kind and its message as the command line
/// words it (a limit names the flag that raises it).
fn failed(f: Failure) -> PyErr {
    let kind = match f {
        Failure::Input(_) => "input",
        Failure::Limit(..) => "limit",
        Failure::Interrupted(_) => "interrupted",
        Failure::Other(_) => "other",
    };
    Failed::new_err((kind, sprague::flags::failure_message(&f)))
}

/// A stop signal without a deadline, raised by Ctrl-C.
fn never() -> Arc<Stop> {
    Arc::new(Stop::after(Duration::from_secs(1 << 40)))
}

/// Waits for the answer on `rx` without the GIL, looking for Ctrl-C every slice; on
/// an interrupt raises `stop` (the computation stops where it counts its work) and
/// raises `KeyboardInterrupt`.
fn wait<T: Send>(py: Python<'_>, mut rx: Receiver<T>, stop: &Stop) -> PyResult<T> {
    loop {
        let (back, r) = py.detach(move || {
            let r = rx.recv_timeout(SLICE);
            (rx, r)
        });
        rx = back;
        match r {
            Ok(v) => return Ok(v),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.raise();
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation stopped unexpectedly (an internal error)",
                ));
            }
        }
    }
}

/// A job for a computing thread.
type WorkerJob = Box<dyn FnOnce() + Send>;

/// Most computing threads kept waiting for the next call.
const IDLE_WORKERS: usize = 8;

/// The computing threads waiting for a job, each by the sender of its queue.
static IDLE: Mutex<Vec<Sender<WorkerJob>>> = Mutex::new(Vec::new());

/// Runs `job` on an idle computing thread, or on a new one when none is idle
/// (starting a thread with its large stack costs more than a small call). A thread
/// is idle again once its job has ended, even after an interrupt, so a computation
/// still stopping never delays the next call.
fn on_worker(job: WorkerJob) -> std::io::Result<()> {
    let mut job = job;
    loop {
        let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let Some(tx) = idle else { break };
        match tx.send(job) {
            Ok(()) => return Ok(()),
            // That thread is gone: take the job back and try another.
            Err(mpsc::SendError(back)) => job = back,
        }
    }
    let (tx, rx) = mpsc::channel::<WorkerJob>();
    tx.send(job).expect("the receiver is alive");
    std::thread::Builder::new()
        .name("sprague".into())
        .stack_size(STACK)
        .spawn(move || {
            for job in rx.iter() {
                // A panic (there should be none) fails that call, not the thread.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
                if idle.len() >= IDLE_WORKERS {
                    return;
                }
                idle.push(tx.clone());
            }
        })?;
    Ok(())
}

/// Runs `f` on a computing thread and waits for it (see [`wait`]); `f` is given the stop
/// flag. Afterwards raises the first error of a game defined in Python, if any.
fn run<T: Send + 'static>(
    py: Python<'_>,
    f: impl FnOnce(&Arc<Stop>) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = never();
    let (tx, rx) = mpsc::channel();
    let flag = stop.clone();
    on_worker(Box::new(move || {
        STOP.with(|s| *s.borrow_mut() = Some(flag.clone()));
        // Nothing of an earlier call on this thread is taken for this one's.
        CALLBACK_ERROR.with(|e| e.borrow_mut().take());
        let _ = custom::take_failure();
        let out = f(&flag);
        STOP.with(|s| *s.borrow_mut() = None);
        let raised = CALLBACK_ERROR.with(|e| e.borrow_mut().take());
        let _ = tx.send((out, raised, custom::take_failure()));
    }))
    .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let (out, raised, failure) = wait(py, rx, &stop)?;
    if let Some(e) = raised {
        return Err(e);
    }
    if let Some(m) = failure {
        return Err(failed(Failure::Input(m)));
    }
    Ok(out)
}

fn limits(max_states: u64, stop: &Arc<Stop>) -> Limits {
    Limits {
        max_states,
        stop: Some(stop.clone()),
        ..Limits::default()
    }
}

/// Solves a position; the JSON document of `sprague solve --json` (`--first FIRST`
/// for a partizan position: "left" or "right").
#[pyfunction]
#[pyo3(signature = (text, misere, max_moves, explain, max_states, first = "left"))]
fn solve(
    py: Python<'_>,
    text: String,
    misere: bool,
    max_moves: usize,
    explain: bool,
    max_states: u64,
    first: &str,
) -> PyResult<String> {
    let first = match first {
        "left" => sprague::partizan::Side::Left,
        "right" => sprague::partizan::Side::Right,
        other => {
            return Err(failed(Failure::Input(format!(
                "first: expected 'left' or 'right', found '{other}'"
            ))));
        }
    };
    run(py, move |stop| {
        let o = report::solve::Options {
            misere,
            max_moves,
            explain,
            remoteness: false,
            limits: limits(max_states, stop),
        };
        report::solve::solve_first(&text, &o, first).map(|s| s.json())
    })?
    .map_err(failed)
}

/// Every family and ruleset name an expression may use, sorted.
#[pyfunction]
fn families() -> Vec<&'static str> {
    sprague::games::family_names()
}

/// The remoteness of a position when a small exhaustive search decides it (the
/// `remoteness` field of `sprague solve --json`), else None.
#[pyfunction]
#[pyo3(signature = (text, misere, max_states))]
fn remoteness(
    py: Python<'_>,
    text: String,
    misere: bool,
    max_states: u64,
) -> PyResult<Option<u32>> {
    run(py, move |stop| {
        let limits = limits(max_states, stop);
        let position = sprague::games::position(&text).map_err(Failure::from)?;
        let play = if misere {
            sprague::core::Play::Misere
        } else {
            sprague::core::Play::Normal
        };
        Ok(report::solve::remoteness(&position, play, &limits))
    })?
    .map_err(failed)
}

/// The genus and the misère canonical form of the whole position `text` (a sum's
/// are those of the sum), as `solve --misere --explain` prints them.
#[pyfunction]
#[pyo3(signature = (text, max_states))]
fn genus(py: Python<'_>, text: String, max_states: u64) -> PyResult<(String, String)> {
    run(py, move |stop| {
        let limits = limits(max_states, stop);
        let position = sprague::games::position(&text).map_err(Failure::from)?;
        let g = report::genus::genera(&position, &limits).map_err(Failure::from)?;
        let whole = g
            .into_iter()
            .last()
            .ok_or_else(|| Failure::Input("the position has no component".into()))?;
        Ok((whole.genus.to_string(), whole.form))
    })?
    .map_err(failed)
}

/// Stops a table when asked.
struct Stopper<'a>(&'a Stop);

impl TableWatch for Stopper<'_> {
    fn progress(&mut self, _values: ValueSlice<'_>, _wanted: usize) -> ControlFlow<()> {
        if self.0.is_due() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn interval(&self) -> u64 {
        1 << 16
    }
}

/// The table of a heap family as (family, from, values, period, explanation):
/// values as little-endian u64 bytes when every value fits, else as decimal
/// strings; period as (preperiod, period, proved) or None.
type TableAnswer = (
    String,
    usize,
    Result<Vec<u8>, Vec<String>>,
    Option<(usize, usize, bool)>,
    Option<Vec<String>>,
);

/// Computes a table of a heap family.
#[pyfunction]
#[pyo3(signature = (text, frm, to, explain, max_states))]
fn table<'py>(
    py: Python<'py>,
    text: String,
    frm: usize,
    to: usize,
    explain: bool,
    max_states: u64,
) -> PyResult<Bound<'py, PyTuple>> {
    let answer = run(py, move |stop| -> Result<TableAnswer, Failure> {
        let limits = limits(max_states, stop);
        let family = sprague::games::table_family(&text)?;
        if to < frm {
            return Err(Failure::Input(format!(
                "--from {frm} is larger than --to {to}"
            )));
        }
        let r = family
            .report_watched(frm, to, &limits, &mut Stopper(stop))
            .map_err(|h| match h {
                sprague::impartial::watch::TableHalt::Stopped => {
                    Failure::Interrupted("interrupted".into())
                }
                sprague::impartial::watch::TableHalt::Failed(e) => e.into(),
            })?;
        let t = report::table::tabled(&*family, frm, to, r, explain, &limits)?;
        let values = if t.report.values.iter().all(|v| v.to_u64().is_some()) {
            let mut b = Vec::with_capacity(t.report.values.len() * 8);
            for v in &t.report.values {
                b.extend_from_slice(&v.to_u64().unwrap_or(0).to_le_bytes());
            }
            Ok(b)
        } else {
            Err(t.report.values.iter().map(Nat::to_string).collect())
        };
        let period = t
            .report
            .period
            .map(|(p, proved)| (p.preperiod, p.period, proved));
        Ok((t.family, t.from, values, period, t.derivations))
    })?
    .map_err(failed)?;
    let (family, from, values, period, explanation) = answer;
    let values: Py<PyAny> = match values {
        Ok(b) => PyBytes::new(py, &b).into_any().unbind(),
        Err(v) => v.into_pyobject(py)?.into_any().unbind(),
    };
    (family, from, values, period, explanation).into_pyobject(py)
}

/// The grid of a game on two numbers (or of two heaps of a heap family), rows
/// `r0..=r1` and columns `c0..=c1`: the JSON document of `sprague table --json`.
#[pyfunction]
#[pyo3(signature = (text, r0, c0, r1, c1, max_states))]
fn grid(
    py: Python<'_>,
    text: String,
    r0: u64,
    c0: u64,
    r1: u64,
    c1: u64,
    max_states: u64,
) -> PyResult<String> {
    run(py, move |stop| -> Result<String, Failure> {
        if r1 < r0 || c1 < c0 {
            return Err(Failure::Input(format!(
                "--from {r0},{c0} is larger than --to {r1},{c1}"
            )));
        }
        let end = |n: u64| {
            n.checked_add(1)
                .ok_or_else(|| Failure::Input(format!("--to {n} is too large for a grid")))
        };
        let limits = limits(max_states, stop);
        let g = report::grid::grid(&text, r0..end(r1)?, c0..end(c1)?, &limits)?;
        Ok(g.json())
    })?
    .map_err(failed)
}

/// The misère quotient of heaps 1 to `to` of a heap game: the JSON document of
/// `sprague quotient --json`.
#[pyfunction]
#[pyo3(signature = (text, to, max_states))]
fn quotient(py: Python<'_>, text: String, to: usize, max_states: u64) -> PyResult<String> {
    run(py, move |stop| -> Result<String, Failure> {
        let limits = limits(max_states, stop);
        let q = report::quotient::compute(&text, to, &limits)?;
        Ok(report::quotient::json(&q))
    })?
    .map_err(failed)
}

/// Solves a game given as the text of a file of `sprague nash` (JSON, or a Gambit
/// `.nfg` file); its JSON answer.
#[pyfunction]
#[pyo3(signature = (game, explain, max_pairs, method))]
fn nash(
    py: Python<'_>,
    game: String,
    explain: bool,
    max_pairs: u64,
    method: String,
) -> PyResult<String> {
    let Some(method) = report::nash::Method::from_key(&method) else {
        return Err(PyValueError::new_err(format!(
            "method: {method:?} is not one of 'vertex', 'lh', 'support'"
        )));
    };
    run(py, move |stop| {
        let o = report::nash::Options {
            explain,
            max_pairs,
            method,
            stop: Some(stop.clone()),
            ..Default::default()
        };
        report::nash::nash("game", &game, &o).map(|s| s.json())
    })?
    .map_err(failed)
}

/// A game given as the text of a file of `sprague nash`, as a payoff-version Gambit
/// `.nfg` file (`sprague nash --write-nfg`).
#[pyfunction]
fn write_nfg(game: String) -> PyResult<String> {
    report::nash::write_nfg("game", &game).map_err(failed)
}

/// A game tree given as the text of a Gambit `.efg` file, written back as a `.efg`
/// file (`sprague nash --write-efg`).
#[pyfunction]
fn write_efg(game: String) -> PyResult<String> {
    report::nash::write_efg("game", &game).map_err(failed)
}

/// A normal-form game's player names, strategy names and payoffs (as text).
type NormalParts = (Vec<String>, Vec<Vec<String>>, Vec<String>);

/// A game given as the text of a file of `sprague nash` (JSON or `.nfg`) as its
/// player names, each player's strategy names and its payoffs as exact fractions
/// in text: for each profile (the first player's strategy varying fastest), every
/// player's payoff.
#[pyfunction]
fn read_normal(game: String) -> PyResult<NormalParts> {
    let g = sprague::nash::nplayer::read_normal(&game)
        .map_err(|e| failed(Failure::Input(format!("nash: game: {e}"))))?;
    let strategies = (0..g.players()).map(|p| g.names(p).to_vec()).collect();
    let payoffs = (0..g.profiles())
        .flat_map(|i| g.payoffs_at(i).iter().map(sprague::nash::number::show))
        .collect();
    Ok((g.player_names().to_vec(), strategies, payoffs))
}

/// A counting race of many players: the JSON document of `sprague race --json`.
#[pyfunction]
#[pyo3(signature = (players, moves, to, lose, ties))]
fn race(
    py: Python<'_>,
    players: usize,
    moves: Vec<u64>,
    to: u64,
    lose: bool,
    ties: String,
) -> PyResult<String> {
    use sprague::nash::counting::{Rule, TieBreak};
    let tie = match ties.as_str() {
        "smallest" => TieBreak::Smallest,
        "largest" => TieBreak::Largest,
        other => {
            return Err(failed(Failure::Input(format!(
                "race: ties: '{other}' is not smallest or largest"
            ))));
        }
    };
    run(py, move |stop| {
        let o = report::race::Options {
            players,
            moves,
            target: to,
            rule: if lose { Rule::Lose } else { Rule::Reach },
            tie,
            stop: Some(stop.clone()),
        };
        report::race::race(&o).map(|s| s.json())
    })?
    .map_err(failed)
}

// ---------------------------------------------------------------------------------
// Partizan games: one table for the whole process, on its own thread (the table is
// not shared between threads), so that games made by different calls can be added
// and compared.

struct Partizan {
    table: GameTable,
    /// The values handed out, by id (equal values have equal ids).
    games: Vec<Value>,
    ids: HashMap<Value, usize>,
}

impl Partizan {
    fn keep(&mut self, g: Value) -> usize {
        if let Some(&id) = self.ids.get(&g) {
            return id;
        }
        let id = self.games.len();
        self.games.push(g.clone());
        self.ids.insert(g, id);
        id
    }

    fn game(&self, id: usize) -> Result<Value, Failure> {
        self.games
            .get(id)
            .cloned()
            .ok_or_else(|| Failure::Other(format!("no game {id}")))
    }
}

type Job = Box<dyn FnOnce(&mut Partizan) + Send>;

fn partizan_thread() -> PyResult<Sender<Job>> {
    static SENDER: OnceLock<Mutex<Sender<Job>>> = OnceLock::new();
    let s = SENDER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        let _ = std::thread::Builder::new()
            .name("sprague-partizan".into())
            .stack_size(STACK)
            .spawn(move || {
                let mut p = Partizan {
                    table: GameTable::with_limit(DEFAULT_MAX_STATES),
                    games: Vec::new(),
                    ids: HashMap::new(),
                };
                for job in rx {
                    // A panic (there should be none) fails that call, not the thread.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut p)));
                }
            });
        Mutex::new(tx)
    });
    Ok(s.lock().unwrap_or_else(|e| e.into_inner()).clone())
}

/// Runs `f` on the partizan thread and waits for it; `f` is given the stop signal
/// that Ctrl-C raises.
fn partizan<T: Send + 'static>(
    py: Python<'_>,
    f: impl FnOnce(&mut Partizan, &Arc<Stop>) -> Result<T, Failure> + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let stop = never();
    let signal = stop.clone();
    partizan_thread()?
        .send(Box::new(move |p: &mut Partizan| {
            // The shared table's work (sums, comparisons, canonical forms) stops at
            // this call's signal, not at an earlier call's.
            p.table.set_stop(Some(signal.clone()));
            let _ = tx.send(f(p, &signal));
        }))
        .map_err(|_| PyRuntimeError::new_err("the game engine's thread is gone"))?;
    wait(py, rx, &stop)?.map_err(failed)
}

fn value_options(
    explain: bool,
    max_states: Option<u64>,
    stop: Option<Arc<Stop>>,
) -> report::value::Options {
    report::value::Options {
        explain,
        ascii: false,
        max_states,
        stop,
        ..Default::default()
    }
}

/// Evaluates a statement of `sprague value`: a short game, or two compared
/// (`G <= H`); (id, JSON of `sprague value --json`). For a comparison the game is
/// the difference `G - H` and the document has the answer in its `compare` field.
#[pyfunction]
#[pyo3(signature = (text, explain, max_states=None))]
fn value(
    py: Python<'_>,
    text: String,
    explain: bool,
    max_states: Option<u64>,
) -> PyResult<(usize, String)> {
    partizan(py, move |p, stop| {
        let o = value_options(false, max_states, Some(stop.clone()));
        let (g, _, comparison) = report::value::evaluate_statement(&mut p.table, &text, &o)?;
        let doc = if explain {
            // An explanation tells every step, so it starts from an empty table (the
            // shared one knows sums from earlier calls); the answer is the same.
            report::value::value(&text, &value_options(true, max_states, Some(stop.clone())))?
                .json()
        } else {
            let mut v = report::value::valued(&mut p.table, &g, &[], &o)?;
            v.comparison = comparison;
            v.json()
        };
        Ok((p.keep(g), doc))
    })
}

/// The JSON document of `sprague value --json` for the game `id`.
#[pyfunction]
fn value_of(py: Python<'_>, id: usize) -> PyResult<String> {
    partizan(py, move |p, _| {
        let g = p.game(id)?;
        let o = value_options(false, None, None);
        Ok(report::value::valued(&mut p.table, &g, &[], &o)?.json())
    })
}

/// The sum of two games.
#[pyfunction]
fn add(py: Python<'_>, a: usize, b: usize) -> PyResult<usize> {
    partizan(py, move |p, _| {
        let (a, b) = (p.game(a)?, p.game(b)?);
        let s = p
            .table
            .value_add(&a, &b)
            .map_err(report::value::solve_failure)?;
        Ok(p.keep(s))
    })
}

/// The negative of a game.
#[pyfunction]
fn neg(py: Python<'_>, a: usize) -> PyResult<usize> {
    partizan(py, move |p, _| {
        let a = p.game(a)?;
        let n = p
            .table
            .value_neg(&a)
            .map_err(report::value::solve_failure)?;
        Ok(p.keep(n))
    })
}

/// Compares two games: -1 (less), 0 (equal), 1 (greater) or None (confused).
#[pyfunction]
fn compare(py: Python<'_>, a: usize, b: usize) -> PyResult<Option<i8>> {
    partizan(py, move |p, _| {
        let (a, b) = (p.game(a)?, p.game(b)?);
        let d = p
            .table
            .value_sub(&a, &b)
            .map_err(report::value::solve_failure)?;
        let c = p
            .table
            .value_sign(&d)
            .map_err(report::value::solve_failure)?;
        Ok(c.map(|o| o as i8))
    })
}

/// `n * G`: n copies of the game (of its negative for n < 0); `n` in decimal.
#[pyfunction]
fn multiple(py: Python<'_>, n: String, a: usize) -> PyResult<usize> {
    let n: num_bigint::BigInt = n
        .parse()
        .map_err(|_| PyValueError::new_err(format!("not an integer: {n}")))?;
    partizan(py, move |p, _| {
        let a = p.game(a)?;
        let m = sprague::games::eval::multiple(&mut p.table, &n, a.game())
            .map_err(report::value::solve_failure)?
            .ok_or_else(|| Failure::Input(format!("at most {} ups", i64::MAX)))?;
        // A number part that is not dyadic is multiplied as a rational.
        let x = Rational::int(n).mul(a.offset());
        let x = p.table.rational(&x).map_err(report::value::solve_failure)?;
        let m = p
            .table
            .value_add(&x, &Value::short(m))
            .map_err(report::value::solve_failure)?;
        Ok(p.keep(m))
    })
}

/// How two games compare, as CGSuite writes it: `==`, `<`, `>` or `<>` (confused).
#[pyfunction]
fn order(py: Python<'_>, a: usize, b: usize) -> PyResult<&'static str> {
    partizan(py, move |p, _| {
        let (a, b) = (p.game(a)?, p.game(b)?);
        let le = p
            .table
            .value_le(&a, &b)
            .map_err(report::value::solve_failure)?;
        let ge = p
            .table
            .value_le(&b, &a)
            .map_err(report::value::solve_failure)?;
        Ok(sprague::games::eval::order_of(le, ge).symbol())
    })
}

/// A thermograph wall: (start temperature, value there, slope) per segment.
type Wall = Vec<(String, String, i64)>;

/// The thermograph of a game: (left wall, right wall, mean, temperature).
#[pyfunction]
fn thermograph(py: Python<'_>, id: usize) -> PyResult<(Wall, Wall, String, String)> {
    partizan(py, move |p, _| {
        let g = p.game(id)?;
        if !g.offset().is_zero() && p.table.as_number(g.game()).is_some() {
            return Err(Failure::Input(
                "a number whose denominator is not a power of two has no thermograph of finitely many points".to_string(),
            ));
        }
        let th = p
            .table
            .thermograph(g.game())
            .map_err(report::value::solve_failure)?;
        // The thermograph of x + G is G's moved right by the number x.
        let at = |d: &sprague::partizan::Dyadic| dyadic_rational(d).add(g.offset()).to_string();
        let wall = |w: &sprague::partizan::Wall| -> Wall {
            w.segments()
                .iter()
                .map(|(t, v, s)| (t.to_string(), at(v), *s))
                .collect()
        };
        Ok((
            wall(&th.left),
            wall(&th.right),
            at(&th.mean),
            th.temperature.to_string(),
        ))
    })
}

// ---------------------------------------------------------------------------------
// Games defined in Python.

/// Rules given by a Python function from a position to its options.
struct PyRules {
    func: Py<PyAny>,
    heap: bool,
}

fn nat_to_py(py: Python<'_>, n: &Nat) -> PyResult<Py<PyAny>> {
    match n.to_u64() {
        Some(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
        None => Ok(py
            .get_type::<pyo3::types::PyInt>()
            .call1((n.to_string(),))?
            .unbind()),
    }
}

fn py_to_nat(v: &Bound<'_, PyAny>) -> PyResult<Nat> {
    if let Ok(n) = v.extract::<u64>() {
        return Ok(Nat::from(n));
    }
    let text = v.str()?.to_string();
    if v.is_instance_of::<pyo3::types::PyInt>()
        && let Some(n) = Nat::from_decimal_bytes(text.as_bytes())
    {
        return Ok(n);
    }
    Err(PyValueError::new_err(format!(
        "a position is made of integers ≥ 0, found {}",
        v.repr()?
    )))
}

impl PyRules {
    fn call(&self, py: Python<'_>, pos: &[Nat]) -> PyResult<Vec<Vec<Nat>>> {
        let arg: Py<PyAny> = if self.heap {
            nat_to_py(py, &pos[0])?
        } else {
            let items = pos
                .iter()
                .map(|n| nat_to_py(py, n))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        };
        let answer = self.func.call1(py, (arg,))?;
        let mut out = Vec::new();
        for item in answer.bind(py).try_iter()? {
            let item = item?;
            if self.heap && item.is_instance_of::<pyo3::types::PyInt>() {
                out.push(vec![py_to_nat(&item)?]);
            } else {
                let mut o = Vec::new();
                for x in item.try_iter()? {
                    o.push(py_to_nat(&x?)?);
                }
                out.push(o);
            }
        }
        Ok(out)
    }
}

impl custom::CustomRules for PyRules {
    fn options(&self, pos: &[Nat]) -> Result<Vec<Vec<Nat>>, String> {
        let stopped = STOP.with(|s| s.borrow().as_ref().is_some_and(|f| f.is_due()));
        if stopped {
            return Err("interrupted".into());
        }
        Python::attach(|py| {
            self.call(py, pos).map_err(|e| {
                let message = e.to_string();
                CALLBACK_ERROR.with(|c| {
                    c.borrow_mut().get_or_insert(e);
                });
                message
            })
        })
    }
}

/// Defines a game in Python: `heap` games take one heap and give lists of heaps (or
/// single heaps); other games take a tuple of `arity` integers and give tuples.
#[pyfunction]
#[pyo3(signature = (name, func, heap, arity))]
fn define(name: String, func: Py<PyAny>, heap: bool, arity: usize) -> PyResult<()> {
    let kind = if heap {
        custom::Kind::Heap
    } else {
        custom::Kind::Tuple { arity }
    };
    custom::register(&name, kind, Arc::new(PyRules { func, heap }))
        .map_err(|m| failed(Failure::Input(m)))
}

/// Removes a game defined in Python.
#[pyfunction]
fn undefine(name: String) -> bool {
    custom::unregister(&name)
}

/// The native module.
#[pymodule]
fn _sprague(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("Failed", m.py().get_type::<Failed>())?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(remoteness, m)?)?;
    m.add_function(wrap_pyfunction!(genus, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(grid, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(nash, m)?)?;
    m.add_function(wrap_pyfunction!(write_nfg, m)?)?;
    m.add_function(wrap_pyfunction!(write_efg, m)?)?;
    m.add_function(wrap_pyfunction!(read_normal, m)?)?;
    m.add_function(wrap_pyfunction!(race, m)?)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(value_of, m)?)?;
    m.add_function(wrap_pyfunction!(add, m)?)?;
    m.add_function(wrap_pyfunction!(neg, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(multiple, m)?)?;
    m.add_function(wrap_pyfunction!(order, m)?)?;
    m.add_function(wrap_pyfunction!(thermograph, m)?)?;
    m.add_function(wrap_pyfunction!(define, m)?)?;
    m.add_function(wrap_pyfunction!(undefine, m)?)?;
    Ok(())
}
