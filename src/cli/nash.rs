//! `sprague nash`: the Nash equilibria of a bimatrix game read from a JSON file,
//! with dominance, in exact arithmetic (SPEC §5); pure equilibria of games of any
//! number of players; Gambit's `.nfg` files read and written; game trees (Gambit's
//! `.efg`): subgame-perfect equilibria, the reduced normal form and its equilibria,
//! the tree drawn as SVG.

use super::{Failure, input};
use sprague::report::nash::{
    DEFAULT_MAX_DIGITS, DEFAULT_MAX_PAIRS, DEFAULT_MAX_SPE, Method, Options, nash, write_efg,
    write_nfg,
};
use std::io::Write as _;

#[derive(clap::Args)]
pub struct NashArgs {
    /// The game: a JSON file with rows, cols, row_payoffs and col_payoffs (two players) or with players, strategies and payoffs (any number), a Gambit .nfg file, or a game tree as a Gambit .efg file (told by its first word EFG); '-' reads standard input.
    #[arg(value_name = "FILE", allow_hyphen_values = true)]
    file: String,
    /// Print one JSON document: pure, mixed, dominant, degenerate (and dominated, iterated, degeneracy, method, complete); for other than 2 players: players, strategies, pure, mixed (each with support and kind: exact, interval, continuum or unresolved; null when the game is too large for the support enumeration), complete, note, dominant, dominated, iterated.
    #[arg(long)]
    json: bool,
    /// Show the indifference equations that fix each mixed equilibrium.
    #[arg(long)]
    explain: bool,
    /// Print the game as a Gambit .nfg file (payoff version) instead of solving it; for a game tree, its reduced normal form.
    #[arg(long, conflicts_with_all = ["json", "explain"])]
    write_nfg: bool,
    /// Print the game tree (a .efg file) back as a Gambit .efg file, every information set and outcome described in full, instead of solving it.
    #[arg(long, conflicts_with_all = ["json", "explain", "write_nfg"])]
    write_efg: bool,
    /// Print the game tree (a .efg file) drawn as SVG instead of the report: the play of its first equilibrium (subgame-perfect if the tree has perfect information) drawn thick.
    #[arg(long, conflicts_with_all = ["json", "explain", "write_nfg", "write_efg"])]
    svg: bool,
    /// Most subgame-perfect equilibria of a game tree of perfect information listed; more is a limit (exit 3).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SPE)]
    max_spe: usize,
    /// How to find the equilibria: vertex (every one, by vertex enumeration of the best-response polytopes), lh (some, quickly: Lemke–Howson from each missing label), support (every one, by support enumeration: C(m+n, m) - 1 pairs of supports, small games only).
    #[arg(long, value_enum, value_name = "METHOD", default_value_t = MethodArg::Vertex)]
    method: MethodArg,
    /// Most units of work before giving up (exit 3): pairs of strategies compared for dominance, and with --method vertex each basis of the polytopes visited and each vertex matched, with lh one per 16384 entries a pivot updates in floating point, or per 1024 times the square of the numbers' 64-bit words in exact arithmetic (at least one per pivot), with support each pair of supports (and of vertices, for degenerate games). For games of other than 2 players: profiles examined (each profile once per player for pure equilibria, the other players' profiles once per pair of strategies compared for dominance), each support profile, and each corner of a box of probabilities where a polynomial is evaluated for the mixed equilibria.
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
    if a.write_efg {
        let out = write_efg(&name, &text)?;
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
        max_spe: a.max_spe,
    };
    let solved = nash(&name, &text, &options)?;
    let out = if a.svg {
        solved.svg()?
    } else if a.json {
        solved.json()
    } else {
        solved.text()
    };
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
