//! `sprague solve`: decide a position, list its winning moves, explain why.

use super::input::{Input, read_position_or_expr};
use super::watcher::ProgressWhen;
use super::{Failure, LimitArgs};
use sprague::games::db::Db;
use sprague::partizan::Side;
use sprague::report::solve::{Options, solve_first_db};
use std::io::Write as _;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The position, e.g. 'nim(3,4,5)', 'sub[1,3,4](10) + wythoff(3,5)' or a partizan one such as 'domineering(6,6)' or 'clobber("XOXO") + {1|-1}'; '-' reads it from standard input.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub(super) expr: String,
    /// Read EXPR as a file of positions, one per line ('-': standard input), and answer each in turn; blank lines and lines starting with '#' are skipped. Text answers are separated by a blank line; with --json, one JSON document per line.
    #[arg(long)]
    pub(super) each: bool,
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
    /// Answer EXPR for every value of a name written in its families' parameters:
    /// NAME=FROM..TO, e.g. --every k=1..100 with EXPR 'bash[k](3,5,7)'. One line per
    /// value (who wins, the nim-value of the sum) and the outcomes in one line; with
    /// --json, 'outcomes' (one letter per value) and 'grundy' (one value each). Families
    /// with a closed form for every value answer all at once; others, value by value.
    #[arg(long, value_name = "NAME=FROM..TO", conflicts_with_all = ["each", "explain", "db"])]
    pub(super) every: Option<String>,
    /// With --every: the heap sizes in FILE ('-': standard input; whole numbers
    /// separated by spaces, commas or lines, '#' comments) are the arguments of EXPR,
    /// one family written without them.
    #[arg(long, value_name = "FILE", requires = "every")]
    pub(super) heaps: Option<std::path::PathBuf>,
    /// With --every: show progress on standard error: a bar when it is a terminal
    /// (auto), also lines for logs otherwise (always), or nothing (never).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ProgressWhen::Auto, requires = "every")]
    pub(super) progress: ProgressWhen,
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
    if let Some(spec) = &a.every {
        return super::every::run(a, spec);
    }
    let db = load_db(a)?;
    if a.each {
        return each(a, db);
    }
    // A plain sum of impartial heaps (a Nim position of a million heaps) is read
    // straight from its bytes, as it comes from a pipe: one pass, without checking
    // the text first.
    let out = match read_position_or_expr(&a.expr)? {
        Input::Position(p) => plain_answer(a, p, db.as_deref())?,
        Input::Expr(e) => match sprague::games::plain_position_bytes(e.bytes()) {
            Some(p) => plain_answer(a, p, db.as_deref())?,
            None => answer_with(a, &e.text()?, db, true)?,
        },
    };
    write_out(out.as_bytes())?;
    std::mem::forget(out);
    Ok(())
}

/// The answer to a plain sum of impartial heaps; the process ends next.
fn plain_answer(
    a: &SolveArgs,
    position: sprague::impartial::position::Position,
    db: Option<&Db>,
) -> Result<String, Failure> {
    if let Some(db) = db {
        // The database is of a partizan ruleset: no term of the position is one.
        return Err(Failure::Input(db.no_term()));
    }
    let solved = sprague::report::solve::solve_position(position, &options(a))?;
    let out = if a.json {
        solved.json()
    } else {
        solved.text_with(sprague::flags::raise_with)
    };
    // Freeing a million components would only cost time.
    std::mem::forget(solved);
    Ok(out)
}

/// What `a` asks of the solver.
pub(super) fn options(a: &SolveArgs) -> Options {
    Options {
        misere: a.misere,
        max_moves: a.max_moves,
        explain: a.explain,
        remoteness: a.json,
        limits: a.limits.limits(),
    }
}

/// Most bytes of one line of a file of positions (`--each`): as many as one
/// expression may have.
const MAX_LINE_BYTES: u64 = super::input::MAX_EXPR_BYTES;

/// Answers every position of the file `a.expr` (`--each`), one per line, in order;
/// stops at the first that fails, naming its line.
fn each(a: &SolveArgs, db: Option<Arc<Db>>) -> Result<(), Failure> {
    use std::io::{BufRead, BufReader, Read};
    let (name, input): (String, Box<dyn Read>) = if a.expr == "-" {
        ("standard input".into(), Box::new(std::io::stdin().lock()))
    } else {
        let (file, _) = sprague::core::files::open_regular(std::path::Path::new(&a.expr))
            .map_err(|e| Failure::Input(format!("cannot open {}: {e}", a.expr)))?;
        (a.expr.clone(), Box::new(file))
    };
    let mut input = BufReader::new(input);
    let mut line = Vec::new();
    let mut answered = 0u64;
    for number in 1u64.. {
        line.clear();
        let read = (&mut input)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
        if read == 0 {
            break;
        }
        let at = |m: String| format!("{name}, line {number}: {m}");
        if line.len() as u64 > MAX_LINE_BYTES {
            return Err(Failure::Input(at(format!(
                "the line is longer than {} (the most an expression may have)",
                super::input::bytes_name(MAX_LINE_BYTES)
            ))));
        }
        let text = std::str::from_utf8(&line)
            .map_err(|e| Failure::Input(at(format!("not UTF-8 (byte {})", e.valid_up_to() + 1))))?
            .trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let out = answer_with(a, text, db.clone(), false).map_err(|f| match f {
            Failure::Input(m) => Failure::Input(at(m)),
            Failure::Limit(bound, m) => Failure::Limit(bound, at(m)),
            Failure::Interrupted(m) => Failure::Interrupted(at(m)),
            Failure::Other(m) => Failure::Other(at(m)),
        })?;
        if answered > 0 && !a.json {
            write_out(b"\n")?;
        }
        write_out(out.as_bytes())?;
        answered += 1;
    }
    Ok(())
}

/// The database `--db` names, loaded.
fn load_db(a: &SolveArgs) -> Result<Option<Arc<Db>>, Failure> {
    match &a.db {
        Some(path) => Ok(Some(Arc::new(super::db::load(path)?))),
        None => Ok(None),
    }
}

/// Writes `bytes` to standard output and flushes it.
fn write_out(bytes: &[u8]) -> Result<(), Failure> {
    let stdout = super::stdout::stdout();
    let mut lock = stdout.lock();
    lock.write_all(bytes)?;
    lock.flush()?;
    Ok(())
}

/// Solves `text` as `a` asks and writes the answer to standard output (the worksheet
/// of `repl`).
pub(super) fn answer(a: &SolveArgs, text: &str) -> Result<(), Failure> {
    let out = answer_with(a, text, load_db(a)?, false)?;
    write_out(out.as_bytes())
}

/// The answer to `text` as `a` asks, as text or JSON. With `last`, the process ends
/// next: the solution is not freed (freeing a million components one by one would
/// only cost time).
fn answer_with(
    a: &SolveArgs,
    text: &str,
    db: Option<Arc<Db>>,
    last: bool,
) -> Result<String, Failure> {
    let options = options(a);
    let first = match a.first {
        First::Left => Side::Left,
        First::Right => Side::Right,
    };
    let solved = solve_first_db(text, &options, first, db)?;
    let out = if a.json {
        solved.json()
    } else {
        solved.text_with(sprague::flags::raise_with)
    };
    if last {
        std::mem::forget(solved);
    }
    Ok(out)
}
