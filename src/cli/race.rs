//! `sprague race`: the counting race of many players — which coalitions force a
//! win, and subgame-perfect play (the analysis is `sprague::report::race`).

use super::Failure;
use sprague::nash::counting::{Rule, TieBreak};
use sprague::report::race::{Options, race};
use std::io::Write as _;

#[derive(clap::Args)]
pub struct RaceArgs {
    /// The number of players, at least 2; they move in turn, player 1 first.
    #[arg(long, value_name = "M")]
    players: String,
    /// The increments a player may add, positive integers separated by commas.
    #[arg(long, value_name = "A,B,...")]
    moves: String,
    /// The target n: the game ends at the first move that makes the total at least n.
    #[arg(long, value_name = "N")]
    to: String,
    /// The first to reach the target loses (every other player wins), instead of wins.
    #[arg(long)]
    lose: bool,
    /// Under subgame-perfect play, which of equally good moves a player makes: smallest or largest increment.
    #[arg(long, value_name = "RULE", default_value = "smallest")]
    ties: String,
    /// Print one JSON document: players, moves, target, rule, coalitions, singles, least_all, subgame_perfect.
    #[arg(long)]
    json: bool,
}

/// A whole number of at least `least` from the text of `flag`, or an error naming
/// the flag.
fn number(flag: &str, text: &str, least: u64) -> Result<u64, Failure> {
    match text.trim().parse::<u64>() {
        Ok(v) if v >= least => Ok(v),
        Ok(v) => Err(Failure::Input(format!(
            "race: {flag}: {v} is less than {least}"
        ))),
        Err(_) => Err(Failure::Input(format!(
            "race: {flag}: not a whole number: '{text}'"
        ))),
    }
}

pub fn run(a: &RaceArgs) -> Result<(), Failure> {
    let players = number("--players", &a.players, 2)?;
    let moves = a
        .moves
        .split(',')
        .map(|m| number("--moves", m, 1))
        .collect::<Result<Vec<u64>, Failure>>()?;
    let target = number("--to", &a.to, 1)?;
    let tie = match a.ties.as_str() {
        "smallest" => TieBreak::Smallest,
        "largest" => TieBreak::Largest,
        other => {
            return Err(Failure::Input(format!(
                "race: --ties: '{other}' is not smallest or largest"
            )));
        }
    };
    let options = Options {
        players: usize::try_from(players).unwrap_or(usize::MAX),
        moves,
        target,
        rule: if a.lose { Rule::Lose } else { Rule::Reach },
        tie,
        stop: None,
    };
    let solved = race(&options)?;
    let out = if a.json { solved.json() } else { solved.text() };
    super::stdout::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}
