//! `sprague value`: the canonical form of a short game, its outcome, mean and
//! temperature (SPEC §4).

use super::{Failure, read_expr};
use sprague::report::value::{Options, value};
use std::io::Write as _;

#[derive(clap::Args)]
pub struct ValueArgs {
    /// The game, e.g. '{1|-1} + ^', 'hackenbush("BRB")', 'cut(5,3)', 'nim(3) + ^'; '-' reads it from standard input.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub(super) expr: String,
    /// Print one JSON document: canonical, outcome, number, temperature, mean, stops, options.
    #[arg(long)]
    pub(super) json: bool,
    /// Show how each part was brought to canonical form: dominated options removed,
    /// reversible options bypassed.
    #[arg(long)]
    pub(super) explain: bool,
    /// Write ± as +- (plain ASCII, as CGSuite's text output).
    #[arg(long)]
    pub(super) ascii: bool,
    /// Most stored games and cached comparisons and sums (and characters of the
    /// canonical form) before giving up (exit 3); also bounds the tables of impartial
    /// components. Default: 2000000 for the partizan game table, and for impartial
    /// components the bound of `solve` (50000000).
    #[arg(long, value_name = "N")]
    pub(super) max_states: Option<u64>,
}

pub fn run(a: &ValueArgs) -> Result<(), Failure> {
    let text = read_expr(&a.expr)?;
    answer(a, &text)
}

/// Values `text` as `a` asks and writes the answer to standard output (the `value`
/// command, and `:value` in `repl`).
pub(super) fn answer(a: &ValueArgs, text: &str) -> Result<(), Failure> {
    let options = Options {
        explain: a.explain,
        ascii: a.ascii,
        max_states: a.max_states,
        ..Options::default()
    };
    let valued = value(text, &options)?;
    let out = if a.json { valued.json() } else { valued.text() };
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())?;
    lock.flush()?;
    Ok(())
}
