//! `sprague nash`: the Nash equilibria of a bimatrix game read from a JSON file,
//! with dominance, in exact arithmetic (SPEC §5); pure equilibria of games of any
//! number of players; Gambit's `.nfg` files read and written.

use super::{Failure, input};
use sprague::report::nash::{
    DEFAULT_MAX_DIGITS, DEFAULT_MAX_PAIRS, Method, Options, nash, write_nfg,
};
use std::io::Write as _;

#[derive(clap::Args)]
pub struct NashArgs {
    /// The game: a JSON file with rows, cols, row_payoffs and col_payoffs (two players) or with players, strategies and payoffs (any number), or a Gambit .nfg file; '-' reads standard input.
    #[arg(value_name = "FILE", allow_hyphen_values = true)]
    file: String,
    /// Print one JSON document: pure, mixed, dominant, degenerate (and dominated, iterated, degeneracy, method, complete); for other than 2 players: players, strategies, pure, mixed (each with support and kind: exact, interval, continuum or unresolved; null when the game is too large for the support enumeration), complete, note, dominant, dominated, iterated.
    #[arg(long)]
    json: bool,
    /// Show the indifference equations that fix each mixed equilibrium.
    #[arg(long)]
    explain: bool,
    /// Print the game as a Gambit .nfg file (payoff version) instead of solving it.
    #[arg(long, conflicts_with_all = ["json", "explain"])]
    write_nfg: bool,
    /// How to find the equilibria: vertex (every one, by vertex enumeration of the best-response polytopes), lh (some, quickly: Lemke–Howson from each missing label), support (every one, by support enumeration: C(m+n, m) - 1 pairs of supports, small games only).
    #[arg(long, value_enum, value_name = "METHOD", default_value_t = MethodArg::Vertex)]
    method: MethodArg,
    /// Most units of work before giving up (exit 3): pairs of strategies compared for dominance, and with --method vertex each basis of the polytopes visited and each vertex matched, with lh each pivot, with support each pair of supports (and of vertices, for degenerate games). For games of other than 2 players: profiles examined (each profile once per player for pure equilibria, the other players' profiles once per pair of strategies compared for dominance), each support profile, and each corner of a box of probabilities where a polynomial is evaluated for the mixed equilibria.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PAIRS)]
    max_pairs: u64,
    /// Most decimal digits of the numbers of the exact arithmetic (exit 3 beyond): each payoff, and a bound on the integers of the support enumeration (about the number of strategies times the digits of a payoff over a common denominator).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_DIGITS)]
    max_digits: u64,
}

/// The values of `--method`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MethodArg {
    /// Every equilibrium by vertex enumeration.
    #[value(alias = "enum", alias = "vertices")]
    Vertex,
    /// Some equilibria by Lemke–Howson.
    #[value(alias = "lemke-howson")]
    Lh,
    /// Every equilibrium by support enumeration.
    #[value(alias = "supports")]
    Support,
}

pub fn run(a: &NashArgs) -> Result<(), Failure> {
    let (name, text) = read_file(&a.file)?;
    if a.write_nfg {
        let out = write_nfg(&name, &text)?;
        super::stdout::stdout().lock().write_all(out.as_bytes())?;
        return Ok(());
    }
    let options = Options {
        explain: a.explain,
        max_pairs: a.max_pairs,
        method: match a.method {
            MethodArg::Vertex => Method::Vertices,
            MethodArg::Lh => Method::LemkeHowson,
            MethodArg::Support => Method::Supports,
        },
        stop: None,
        max_digits: a.max_digits,
    };
    let solved = nash(&name, &text, &options)?;
    let out = if a.json { solved.json() } else { solved.text() };
    super::stdout::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}

/// The file's name for messages and its text (at most [`input::MAX_FILE_BYTES`]).
fn read_file(file: &str) -> Result<(String, String), Failure> {
    let (name, bytes) = input::read_file("nash", file)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok((name, text)),
        Err(e) => Err(Failure::Input(format!(
            "nash: {name}: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to() + 1
        ))),
    }
}
