//! `sprague sweep`: every octal game of up to `D` code digits, each computed to a
//! number of heaps, one line per game (CSV or JSON lines).
//!
//! The codes are listed by [`sprague_games::impartial::octal::sweep_codes`] and folded by
//! [`sprague_games::impartial::octal::fold_code`]: codes that are provably the same game share one
//! line, under their folded (simplest) code, with the others listed beside it. For
//! each game the table is extended until the octal periodicity theorem proves a
//! period or `to + 1` heaps are known (or the per-game `--max-states` bound is hit);
//! the line gives the period and preperiod when proved, else the statistics of the
//! rare and common values (the mask that makes the fewest heaps rare, their number,
//! the last rare heap) and the largest value, with the number of heaps checked.
//!
//! Each table runs on one thread, so a line depends only on the code, `to` and
//! `max_states`; games are spread over the threads and the lines are written in the
//! order of the games whatever the number of threads. Shards (`i/n`: the games whose
//! index is `i` mod `n`) partition the games; codes already written (read back from
//! an earlier output) are skipped, so an interrupted sweep continues where it stopped.

use sprague_core::{Limits, SolveError, Stop};
use sprague_engine::impartial::heap::HeapTable;
use sprague_engine::impartial::period::Period;
use sprague_engine::impartial::store::ValueSlice;
use sprague_engine::impartial::takebreak::{TakeBreak, Wording};
use sprague_games::impartial::octal::{code_text, fold_code, sweep_codes};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};

pub mod misere;
pub use misere::{MisereLimits, MisereRow, compute_misere};

/// Values of the first heaps given on each line (Flammenkamp's tables start so).
pub const FIRST_VALUES: usize = 32;

/// Largest value range (as a power of two) over which the rare/common mask is chosen.
const MASK_BITS: u32 = 20;

/// One game of a sweep: its folded code and the other codes of the same game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The index of the game in the whole sweep (before sharding).
    pub index: usize,
    /// The folded code's digits `d0, d1, …`.
    pub code: Vec<u8>,
    /// The other codes of the sweep that fold to it, in sweep order.
    pub same: Vec<Vec<u8>>,
}

/// The games of a sweep of every code with at most `digits` digits after the point
/// (and the `4.…` codes too with `with_split`), each game once, in sweep order.
///
/// ```
/// use sprague_report::sweep::games;
/// let g = games(1, false);
/// // 0.1 … 0.7: none of them is the same game as another.
/// assert_eq!(g.len(), 7);
/// assert_eq!(g[1].code, vec![0, 2]);
/// ```
pub fn games(digits: usize, with_split: bool) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    let mut at: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    for code in sweep_codes(digits, with_split) {
        let folded = fold_code(&code);
        if let Some(&k) = at.get(&folded) {
            out[k].same.push(code);
            continue;
        }
        at.insert(folded.clone(), out.len());
        let same = if folded == code {
            Vec::new()
        } else {
            vec![code]
        };
        out.push(Game {
            index: out.len(),
            code: folded,
            same,
        });
    }
    // A folded code has the same or fewer digits, each a subset of the original's
    // bits, so it comes first in sweep order: it heads its own line.
    out
}

/// The games of a misère sweep: every code of [`games`] on its own line, none folded
/// (codes fold by their normal-play values, which do not decide misère play: taking a
/// whole heap is not the same as moving to a heap of value 0).
///
/// ```
/// use sprague_report::sweep::misere_games;
/// let g = misere_games(2, false);
/// assert_eq!(g.len(), 63);
/// assert!(g.iter().all(|g| g.same.is_empty()));
/// ```
pub fn misere_games(digits: usize, with_split: bool) -> Vec<Game> {
    sweep_codes(digits, with_split)
        .into_iter()
        .enumerate()
        .map(|(index, code)| Game {
            index,
            code,
            same: Vec::new(),
        })
        .collect()
}

/// The games of shard `i` of `n`: those whose index is `i` mod `n`.
pub fn shard(games: Vec<Game>, i: usize, n: usize) -> Vec<Game> {
    games
        .into_iter()
        .filter(|g| n > 0 && g.index % n == i)
        .collect()
}

/// How a game's line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The octal periodicity theorem proves the period.
    Periodic,
    /// No period proved within the heaps asked for.
    Open,
    /// The per-game bound (`--max-states`) stopped the table first.
    Limit,
}

impl Status {
    /// The word written on the line.
    pub fn word(self) -> &'static str {
        match self {
            Status::Periodic => "periodic",
            Status::Open => "open",
            Status::Limit => "limit",
        }
    }
}

/// The rare/common statistics of a table: the mask `m` (values `v` with
/// `popcount(v & m)` even are rare) that makes the fewest heaps rare, ties going to
/// the smallest mask; heap 0 counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rare {
    /// The mask.
    pub mask: u32,
    /// The number of heaps with a rare value.
    pub heaps: usize,
    /// The last of them.
    pub last: usize,
}

/// One line of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The folded code, e.g. `0.137`.
    pub code: String,
    /// The other codes of the same game.
    pub same: Vec<String>,
    /// Proved, open, or stopped by the bound.
    pub status: Status,
    /// Heaps computed: `0..heaps`.
    pub heaps: usize,
    /// The proved period.
    pub period: Option<Period>,
    /// The largest value, and the first heap that has it.
    pub max: (u32, usize),
    /// Rare/common statistics (none when every value is 0 or the values are too wide).
    pub rare: Option<Rare>,
    /// The values of the first heaps (at most [`FIRST_VALUES`]).
    pub first: Vec<u32>,
}

/// The CSV header line, without the newline.
pub const CSV_HEADER: &str =
    "code,same,status,heaps,preperiod,period,max_value,max_heap,mask,rare_heaps,last_rare,first";

impl Row {
    /// The line in CSV (columns of [`CSV_HEADER`]; lists separated by spaces), with a
    /// newline.
    pub fn csv(&self) -> String {
        let mut s = String::new();
        let (pre, per) = match self.period {
            Some(p) => (p.preperiod.to_string(), p.period.to_string()),
            None => (String::new(), String::new()),
        };
        let (mask, rare, last) = match self.rare {
            Some(r) => (
                format!("0x{:x}", r.mask),
                r.heaps.to_string(),
                r.last.to_string(),
            ),
            None => Default::default(),
        };
        let _ = writeln!(
            s,
            "{},{},{},{},{pre},{per},{},{},{mask},{rare},{last},{}",
            self.code,
            self.same.join(" "),
            self.status.word(),
            self.heaps,
            self.max.0,
            self.max.1,
            join(&self.first)
        );
        s
    }

    /// The line as one JSON object, with a newline.
    pub fn json(&self) -> String {
        let mut s = String::new();
        let q = |v: &[String]| {
            v.iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(",")
        };
        let _ = write!(
            s,
            "{{\"code\":\"{}\",\"same\":[{}],\"status\":\"{}\",\"heaps\":{}",
            self.code,
            q(&self.same),
            self.status.word(),
            self.heaps
        );
        match self.period {
            Some(p) => {
                let _ = write!(s, ",\"preperiod\":{},\"period\":{}", p.preperiod, p.period);
            }
            None => s.push_str(",\"preperiod\":null,\"period\":null"),
        }
        let _ = write!(
            s,
            ",\"max_value\":{},\"max_heap\":{}",
            self.max.0, self.max.1
        );
        match self.rare {
            Some(r) => {
                let _ = write!(
                    s,
                    ",\"mask\":{},\"rare_heaps\":{},\"last_rare\":{}",
                    r.mask, r.heaps, r.last
                );
            }
            None => s.push_str(",\"mask\":null,\"rare_heaps\":null,\"last_rare\":null"),
        }
        let first: Vec<String> = self.first.iter().map(u32::to_string).collect();
        let _ = writeln!(s, ",\"first\":[{}]}}", first.join(","));
        s
    }
}

fn join(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// The rare/common statistics of `values` (see [`Rare`]): the number of rare heaps for
/// every mask at once, by a Walsh–Hadamard transform of the histogram of values
/// (`rare(m) = (len + W(m)) / 2`, `W(m) = Σ_v count(v)·(−1)^popcount(v & m)`).
///
/// ```
/// use sprague_report::sweep::rare_stats;
/// // Values 1 2 3 1 2 3 0: mask 1 makes the even values rare, heaps 1, 4 and 6;
/// // masks 2 and 3 also make 3 heaps rare, and ties go to the smaller mask.
/// let r = rare_stats(&[1u32, 2, 3, 1, 2, 3, 0][..]).unwrap();
/// assert_eq!((r.mask, r.heaps, r.last), (1, 3, 6));
/// ```
pub fn rare_stats<'a>(values: impl Into<ValueSlice<'a>>) -> Option<Rare> {
    let values: ValueSlice<'a> = values.into();
    if values.is_empty() {
        return None;
    }
    let max = values.max();
    if max == 0 {
        return None;
    }
    let bits = 32 - max.leading_zeros();
    if bits > MASK_BITS {
        return None;
    }
    let size = 1usize << bits;
    let mut w = vec![0i64; size];
    for v in values.iter() {
        w[v as usize] += 1;
    }
    sprague_engine::impartial::sparse::walsh_hadamard(&mut w);
    let len = values.len() as i64;
    let (mask, rare) = (1..size)
        .map(|m| (m as u32, ((len + w[m]) / 2) as usize))
        .min_by_key(|&(m, r)| (r, m))?;
    let is_rare = |v: u32| (v & mask).count_ones().is_multiple_of(2);
    let last = values
        .iter()
        .enumerate()
        .filter(|&(_, v)| is_rare(v))
        .last()
        .map_or(0, |(n, _)| n);
    Some(Rare {
        mask,
        heaps: rare,
        last,
    })
}

/// Computes one game to `to` (heaps `0..=to`) or until its period is proved, on one
/// thread, within `max_states`. `Err` only when `stop` stopped it (nothing to write).
pub fn compute(
    game: &Game,
    to: usize,
    max_states: u64,
    stop: Option<Arc<Stop>>,
) -> Result<Row, SolveError> {
    let code = code_text(&game.code);
    let rules = TakeBreak::new(format!("octal[{code}]"), &game.code, false, Wording::Heaps)
        .map_err(SolveError::Input)?;
    let limits = Limits {
        max_states,
        threads: 1,
        stop: stop.clone(),
        ..Limits::default()
    };
    let mut table = HeapTable::default();
    let result = table.extend_or_prove(&rules, to.saturating_add(1), &limits);
    if stop.as_ref().is_some_and(|s| s.is_due()) {
        return Err(limits
            .check_stop()
            .err()
            .unwrap_or_else(|| SolveError::Input("the sweep was stopped".into())));
    }
    let period = table.proved();
    let status = match (&result, period) {
        (_, Some(_)) => Status::Periodic,
        (Ok(()), None) => Status::Open,
        (Err(SolveError::Limit { .. }), None) => Status::Limit,
        (Err(e), None) => return Err(e.clone()),
    };
    let values = table.values();
    let mut max = (0u32, 0usize);
    for (n, v) in values.iter().enumerate() {
        if v > max.0 {
            max = (v, n);
        }
    }
    Ok(Row {
        code,
        same: game.same.iter().map(|c| code_text(c)).collect(),
        status,
        heaps: values.len(),
        period,
        max,
        rare: rare_stats(values),
        first: values.iter().take(FIRST_VALUES).collect(),
    })
}

/// The codes of the complete lines of an earlier output (CSV with its header, or JSON
/// lines), and the length in bytes of those complete lines (a last line without its
/// newline was cut off and does not count).
///
/// ```
/// use sprague_report::sweep::written_codes;
/// let (codes, len) = written_codes("code,same\n0.1,,x\n{\"code\":\"0.2\"}\n0.3,");
/// assert!(codes.contains("0.1") && codes.contains("0.2") && !codes.contains("0.3"));
/// assert_eq!(len, 10 + 7 + 15); // the header and two complete lines
/// ```
pub fn written_codes(text: &str) -> (HashSet<String>, usize) {
    let complete = text.rfind('\n').map_or(0, |k| k + 1);
    let mut codes = HashSet::new();
    for line in text[..complete].lines() {
        let code = if let Some(rest) = line.strip_prefix("{\"code\":\"") {
            rest.split('"').next()
        } else {
            line.split(',').next()
        };
        if let Some(c) = code.filter(|c| !c.is_empty() && *c != "code") {
            codes.insert(c.to_string());
        }
    }
    (codes, complete)
}

/// One line of a sweep: a normal-play table, or a misère quotient's orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of `sweep`.
    Table(Row),
    /// A line of `sweep --misere`.
    Misere(MisereRow),
}

impl Line {
    /// The line in CSV, with a newline.
    pub fn csv(&self) -> String {
        match self {
            Line::Table(r) => r.csv(),
            Line::Misere(r) => r.csv(),
        }
    }

    /// The line as one JSON object, with a newline.
    pub fn json(&self) -> String {
        match self {
            Line::Table(r) => r.json(),
            Line::Misere(r) => r.json(),
        }
    }

    /// The heaps computed, counted against the sweep's total budget.
    fn heaps(&self) -> usize {
        match self {
            Line::Table(r) => r.heaps,
            Line::Misere(r) => r.heaps(),
        }
    }
}

/// How a sweep ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines written.
    pub written: usize,
    /// Games skipped because their code was written before.
    pub skipped: usize,
    /// Games left undone: stopped, or not started once the total budget was spent.
    pub left: usize,
    /// Whether the total budget (heaps over all games) ran out.
    pub budget_spent: bool,
    /// The first game whose computation failed other than by a bound or the stop
    /// signal (as written in expressions, `octal[CODE]`), and why (the games after it are not written, as after a stop).
    pub failed: Option<(String, SolveError)>,
}

/// The settings of a sweep run.
pub struct Run<'a> {
    /// The games to compute, in order.
    pub games: &'a [Game],
    /// Codes written before (skipped).
    pub skip: &'a HashSet<String>,
    /// Last heap of each table.
    pub to: usize,
    /// Per-game bound (`--max-states`).
    pub max_states: u64,
    /// Heaps over all games after which no new game starts.
    pub max_total: u64,
    /// Threads (at least 1).
    pub threads: usize,
    /// Stops the games under way (Ctrl-C); the lines written stay.
    pub stop: Option<Arc<Stop>>,
    /// Misère quotients instead of normal-play tables, with these per-game bounds
    /// (`max_states` is then theirs).
    pub misere: Option<MisereLimits>,
}

/// Runs a sweep: computes the games not in `skip` on `threads` threads and hands each
/// line to `emit` in the order of the games (so the output is the same whatever the
/// number of threads), calling `progress` with the games done so far. Once `stop` is
/// raised or the total budget is spent no game starts, and lines after the first
/// game left undone are not emitted (a resumed sweep computes them again).
pub fn run(
    r: &Run<'_>,
    emit: &mut dyn FnMut(&Line) -> std::io::Result<()>,
    progress: &mut dyn FnMut(usize),
) -> std::io::Result<Summary> {
    let todo: Vec<&Game> = r
        .games
        .iter()
        .filter(|g| !r.skip.contains(&code_text(&g.code)))
        .collect();
    let mut summary = Summary {
        skipped: r.games.len() - todo.len(),
        ..Summary::default()
    };
    let next = AtomicUsize::new(0);
    let spent = AtomicU64::new(0);
    let budget_spent = Mutex::new(false);
    let failed: Mutex<Option<(String, SolveError)>> = Mutex::new(None);
    let (tx, rx) = mpsc::channel::<(usize, Option<Line>)>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(r.threads.max(1))
        .build()
        .map_err(std::io::Error::other)?;
    let stopped = || r.stop.as_ref().is_some_and(|s| s.is_due());
    let mut io_result = Ok(());
    std::thread::scope(|scope| {
        let todo = &todo;
        let (next, spent, budget_spent, failed) = (&next, &spent, &budget_spent, &failed);
        scope.spawn(move || {
            pool.scope(|s| {
                for _ in 0..r.threads.max(1) {
                    let tx = tx.clone();
                    s.spawn(move |_| {
                        loop {
                            let k = next.fetch_add(1, Ordering::SeqCst);
                            let Some(game) = todo.get(k) else { break };
                            let over = spent.load(Ordering::SeqCst) >= r.max_total;
                            if over {
                                *budget_spent.lock().unwrap_or_else(|e| e.into_inner()) = true;
                            }
                            let got = if over || stopped() {
                                None
                            } else if let Some(m) = &r.misere {
                                Some(
                                    compute_misere(game, r.to, m, r.stop.clone()).map(Line::Misere),
                                )
                            } else {
                                Some(
                                    compute(game, r.to, r.max_states, r.stop.clone())
                                        .map(Line::Table),
                                )
                            };
                            let row = match got {
                                Some(Ok(row)) => Some(row),
                                Some(Err(e)) if !stopped() => {
                                    failed
                                        .lock()
                                        .unwrap_or_else(|e| e.into_inner())
                                        .get_or_insert((
                                            format!("octal[{}]", code_text(&game.code)),
                                            e,
                                        ));
                                    None
                                }
                                _ => None,
                            };
                            if let Some(row) = &row {
                                spent.fetch_add(row.heaps() as u64, Ordering::SeqCst);
                            }
                            if tx.send((k, row)).is_err() {
                                break;
                            }
                        }
                    });
                }
            });
            drop(tx);
        });
        // Lines in order: a finished game waits for the games before it.
        let mut ready: BTreeMap<usize, Option<Line>> = BTreeMap::new();
        let mut at = 0usize;
        let mut gap = false;
        for (k, row) in rx {
            ready.insert(k, row);
            while let Some(row) = ready.remove(&at) {
                at += 1;
                if stopped() {
                    gap = true;
                }
                match row {
                    Some(row) if !gap && io_result.is_ok() => {
                        io_result = emit(&row);
                        if io_result.is_ok() {
                            summary.written += 1;
                        } else {
                            // Stop the workers: no line can be written any more.
                            if let Some(s) = &r.stop {
                                s.raise();
                            }
                            gap = true;
                        }
                    }
                    _ => gap = true,
                }
                progress(at);
            }
        }
    });
    io_result?;
    summary.left = todo.len() - summary.written;
    summary.budget_spent = *budget_spent.lock().unwrap_or_else(|e| e.into_inner());
    summary.failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rare_stats_count_every_mask() {
        // Brute force over every mask for a few tables.
        let tables: [&[u32]; 3] = [
            &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4],
            &[5, 0, 7, 7, 2],
            &[1],
        ];
        for t in tables {
            let max = *t.iter().max().unwrap();
            let size = (max + 1).next_power_of_two();
            let best = (1..size)
                .map(|m| {
                    let rare: Vec<usize> = (0..t.len())
                        .filter(|&n| (t[n] & m).count_ones().is_multiple_of(2))
                        .collect();
                    (rare.len(), m, rare.last().copied().unwrap_or(0))
                })
                .min()
                .unwrap();
            let r = rare_stats(t).unwrap();
            assert_eq!((r.heaps, r.mask, r.last), best, "{t:?}");
        }
        assert_eq!(rare_stats(&[0u32, 0, 0][..]), None);
    }

    #[test]
    fn a_game_that_fails_ends_the_sweep_with_its_reason() {
        // A digit above 15 is no code: its game fails (an input error, not a
        // bound), so the sweep says which game and why instead of ending as if done;
        // the game before it is written, the one after it is not.
        let game = |index: usize, code: &[u8]| Game {
            index,
            code: code.to_vec(),
            same: Vec::new(),
        };
        let games = [game(0, &[0, 7]), game(1, &[0, 16]), game(2, &[0, 7, 7])];
        let skip = HashSet::new();
        let run = Run {
            games: &games,
            skip: &skip,
            to: 20,
            max_states: 1_000_000,
            max_total: u64::MAX,
            threads: 2,
            stop: None,
            misere: None,
        };
        let mut lines = Vec::new();
        let summary = super::run(
            &run,
            &mut |l: &Line| {
                lines.push(l.csv());
                Ok(())
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!((summary.written, summary.left), (1, 2));
        assert!(lines[0].starts_with("0.7,"), "{lines:?}");
        let (code, e) = summary.failed.expect("the failed game");
        assert_eq!(code, format!("octal[{}]", code_text(&[0, 16])));
        assert!(matches!(e, SolveError::Input(_)), "{e:?}");
    }

    #[test]
    fn games_fold_every_code_once() {
        let g = games(2, true);
        let mut all: Vec<Vec<u8>> = Vec::new();
        for game in &g {
            all.push(game.code.clone());
            all.extend(game.same.iter().cloned());
        }
        all.sort();
        let mut codes = sweep_codes(2, true);
        codes.sort();
        assert_eq!(all, codes);
        for (k, game) in g.iter().enumerate() {
            assert_eq!(game.index, k);
            assert_eq!(fold_code(&game.code), game.code);
        }
    }
}
