//! `sprague solve`: decide a position, list its winning moves, explain why.

use super::{Failure, LimitArgs, read_expr};
use sprague::partizan::Side;
use sprague::report::solve::{Options, solve_first_db};
use sprague::search::db::Db;
use std::io::Write as _;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The position, e.g. 'nim(3,4,5)', 'sub[1,3,4](10) + wythoff(3,5)' or a partizan one such as 'domineering(6,6)' or 'clobber("XOXO") + {1|-1}'; '-' reads it from standard input.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub(super) expr: String,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub(super) misere: bool,
    /// List at most N winning moves.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub(super) max_moves: usize,
    /// Print one JSON document: position, play, outcome, grundy, components, winning_moves, truncated.
    #[arg(long)]
    pub(super) json: bool,
    /// Explain the answer: the value of each component and why the moves win.
    #[arg(long)]
    pub(super) explain: bool,
    /// Partizan positions: the player to move, whose winning moves `winning_moves` lists (both players' are in `winning_moves_by_side`).
    #[arg(long, value_enum, value_name = "PLAYER", default_value_t = First::Left)]
    pub(super) first: First,
    /// Partizan positions: look the values of small regions up in this database
    /// (built by 'sprague db build') before valuing them from the game tree.
    #[arg(long, value_name = "FILE")]
    pub(super) db: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(super) limits: LimitArgs,
}

/// The player to move in a partizan position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// Left moves first.
    Left,
    /// Right moves first.
    Right,
}

pub fn run(a: &SolveArgs) -> Result<(), Failure> {
    let text = read_expr(&a.expr)?;
    answer(a, &text)
}

/// Solves `text` as `a` asks and writes the answer to standard output (the `solve`
/// command, and the worksheet of `repl`).
pub(super) fn answer(a: &SolveArgs, text: &str) -> Result<(), Failure> {
    let options = Options {
        misere: a.misere,
        max_moves: a.max_moves,
        explain: a.explain,
        remoteness: a.json,
        limits: a.limits.limits(),
    };
    let first = match a.first {
        First::Left => Side::Left,
        First::Right => Side::Right,
    };
    let db = match &a.db {
        Some(path) => Some(Arc::new(Db::load(path).map_err(Failure::Input)?)),
        None => None,
    };
    let solved = solve_first_db(text, &options, first, db)?;
    let out = if a.json { solved.json() } else { solved.text() };
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    // The process ends next: freeing a million components one by one would only
    // cost time.
    std::mem::forget(solved);
    std::mem::forget(out);
    Ok(())
}
