//! `sprague value`: the canonical form of a short game, its outcome, mean and
//! temperature (SPEC §4), and beyond SPEC its thermograph, birthday, size, orthodox
//! moves, reduced canonical form and atomic weight; optionally of the game cooled,
//! heated or overheated.

use super::{Failure, read_expr};
use sprague::report::value::{Options, Transform, write_value};

#[derive(clap::Args)]
pub struct ValueArgs {
    /// The game, e.g. '{1|-1} + ^', 'hackenbush("BRB")', 'cut(5,3)', 'nim(3) + ^'; '-' reads it from standard input.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub(super) expr: String,
    /// Print one JSON document: canonical, outcome, number, temperature, mean, stops,
    /// options, thermograph, birthday, size, orthodox moves, reduced form, atomic weight.
    #[arg(long)]
    pub(super) json: bool,
    /// Show how each part was brought to canonical form: dominated options removed,
    /// reversible options bypassed.
    #[arg(long)]
    pub(super) explain: bool,
    /// Write ± as +- (plain ASCII, as CGSuite's text output).
    #[arg(long)]
    pub(super) ascii: bool,
    /// Most stored games and cached comparisons and sums before giving up (exit 3); also
    /// bounds the tables of impartial components. Default: 2000000 for the partizan game
    /// table, and for impartial components the bound of `solve` (50000000).
    #[arg(long, value_name = "N")]
    pub(super) max_states: Option<u64>,
    /// Longest canonical form printed, in bytes (default 100000); a longer one is
    /// summarised (size, birthday, stops, temperature, mean, outcome).
    #[arg(long, value_name = "N")]
    pub(super) max_chars: Option<u64>,
    /// Print the canonical form however long it is (written out as it is produced).
    #[arg(long)]
    pub(super) full: bool,
    /// Report the game cooled by T ≥ 0 (a dyadic number such as 1 or 1/2).
    #[arg(long, value_name = "T", allow_hyphen_values = true, conflicts_with_all = ["heat", "overheat"])]
    pub(super) cool: Option<String>,
    /// Report the game heated by T.
    #[arg(
        long,
        value_name = "T",
        allow_hyphen_values = true,
        conflicts_with = "overheat"
    )]
    pub(super) heat: Option<String>,
    /// Report the game overheated from S to T (integers n become n·S, every other
    /// game {T + G^L | -T + G^R}).
    #[arg(long, value_name = "S,T", allow_hyphen_values = true)]
    pub(super) overheat: Option<String>,
}

pub fn run(a: &ValueArgs) -> Result<(), Failure> {
    let text = read_expr(&a.expr)?;
    answer(a, &text)
}

/// The operation of the option `--KIND TEXT`; bad text is an error naming the option.
fn transform(kind: &str, text: &str) -> Result<Transform, Failure> {
    Transform::parse(kind, text).map_err(|f| match f {
        Failure::Input(m) => Failure::Input(format!("--{kind}: {m}")),
        f => f,
    })
}

/// Values `text` as `a` asks and writes the answer to standard output (the `value`
/// command, and `:value` in `repl`).
pub(super) fn answer(a: &ValueArgs, text: &str) -> Result<(), Failure> {
    let transform = match (&a.cool, &a.heat, &a.overheat) {
        (Some(t), _, _) => Some(transform("cool", t)?),
        (_, Some(t), _) => Some(transform("heat", t)?),
        (_, _, Some(st)) => Some(transform("overheat", st)?),
        _ => None,
    };
    let options = Options {
        explain: a.explain,
        ascii: a.ascii,
        max_states: a.max_states,
        max_chars: a.max_chars,
        full: a.full,
        transform,
        raise: Some(sprague::flags::raise_with),
        ..Options::default()
    };
    let stdout = super::stdout::stdout();
    let mut lock = stdout.lock();
    write_value(text, &options, a.json, &mut lock)
}
