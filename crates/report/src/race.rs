//! The answer of `sprague race`: a counting race of many players
//! ([`sprague_nash::counting`]), its coalitions that force a win and its
//! subgame-perfect play, in text and JSON. Players are numbered from 1 here.

use super::Failure;
use sprague_core::Stop;
use sprague_nash::counting::{Coalitions, Race, RaceError, Rule, SubgamePerfect, TieBreak};
use std::fmt::Write as _;
use std::sync::Arc;

/// The totals whose subgame-perfect outcome the text lists at most (the JSON
/// document lists every total).
pub const TEXT_TOTALS: usize = 200;

/// The moves of subgame-perfect play from 0 that the text shows at most.
pub const TEXT_MOVES: usize = 40;

/// The race to analyse and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The number of players.
    pub players: usize,
    /// The increments.
    pub moves: Vec<u64>,
    /// The target n.
    pub target: u64,
    /// Reach (the first to reach n wins) or Lose (the first to reach n loses).
    pub rule: Rule,
    /// The tie-break of subgame-perfect play.
    pub tie: TieBreak,
    /// A signal that ends the work early (a server's deadline, Ctrl-C).
    pub stop: Option<Arc<Stop>>,
}

/// The answer of `sprague race`.
pub struct Solved {
    race: Race,
    tie: TieBreak,
    coalitions: Coalitions,
    perfect: SubgamePerfect,
}

/// Analyses the race of `o`: every coalition, and subgame-perfect play.
///
/// ```
/// use sprague_nash::counting::{Rule, TieBreak};
/// use sprague_report::race::{Options, race};
/// let o = Options { players: 3, moves: vec![1, 2], target: 20, rule: Rule::Reach,
///     tie: TieBreak::Smallest, stop: None };
/// let s = race(&o).unwrap();
/// assert!(s.json().contains(r#""singles":[]"#));
/// ```
pub fn race(o: &Options) -> Result<Solved, Failure> {
    let failure = |e: RaceError| match e {
        RaceError::Input(m) => Failure::Input(format!("race: {m}")),
        RaceError::Limit(l) => Failure::Limit(None, format!("race: {}", l.what)),
    };
    let race = Race::new(o.players, &o.moves, o.target, o.rule).map_err(failure)?;
    let coalitions = race.coalitions(o.stop.as_ref()).map_err(failure)?;
    let perfect = race
        .subgame_perfect(o.tie, o.stop.as_ref())
        .map_err(failure)?;
    Ok(Solved {
        race,
        tie: o.tie,
        coalitions,
        perfect,
    })
}

fn rule_key(r: Rule) -> &'static str {
    match r {
        Rule::Reach => "reach",
        Rule::Lose => "lose",
    }
}

fn tie_key(t: TieBreak) -> &'static str {
    match t {
        TieBreak::Smallest => "smallest",
        TieBreak::Largest => "largest",
    }
}

/// `{1,3}` for the players 0 and 2.
fn set(members: &[usize]) -> String {
    let names: Vec<String> = members.iter().map(|p| (p + 1).to_string()).collect();
    format!("{{{}}}", names.join(","))
}

fn join(values: impl IntoIterator<Item = String>, sep: &str) -> String {
    values.into_iter().collect::<Vec<_>>().join(sep)
}

impl Solved {
    /// The plain-text answer of `race`.
    pub fn text(&self) -> String {
        let r = &self.race;
        let n = r.target();
        let mut out = String::new();
        let ending = match r.rule() {
            Rule::Reach => "wins",
            Rule::Lose => "loses (every other player wins)",
        };
        let _ = writeln!(
            out,
            "race of {} players adding {} from 0: the first to reach {n} {ending}",
            r.players(),
            join(r.moves().iter().map(u64::to_string), " or ")
        );
        let aim = match r.rule() {
            Rule::Reach => "a member reaches",
            Rule::Lose => "no member reaches",
        };
        let _ = writeln!(
            out,
            "coalitions that force that {aim} {n} (player 1 moves first):"
        );
        for s in &self.coalitions.by_size {
            let _ = write!(
                out,
                "  {} of {}: {} of {}",
                s.size,
                r.players(),
                s.forcing,
                s.total
            );
            if let Some(list) = &s.listed
                && !list.is_empty()
            {
                let _ = write!(out, ": {}", join(list.iter().map(|c| set(c)), " "));
            }
            out.push('\n');
        }
        match self.coalitions.singles.as_slice() {
            [] => out.push_str("no player forces a win alone\n"),
            [p] => {
                let _ = writeln!(out, "player {} forces a win alone", p + 1);
            }
            many => {
                let names = many.iter().map(|p| (p + 1).to_string());
                let _ = writeln!(out, "players {} each force a win alone", join(names, ", "));
            }
        }
        match self.coalitions.least_all {
            Some(k) => {
                let _ = writeln!(out, "every coalition of {k} players forces a win");
            }
            None => out.push_str("no size where every coalition forces a win\n"),
        }
        let p = &self.perfect;
        let role = match r.rule() {
            Rule::Reach => "winner",
            Rule::Lose => "loser",
        };
        let _ = writeln!(
            out,
            "subgame-perfect play (ties: {} increment): the {role} is player {}; moves {}{}",
            tie_key(self.tie),
            p.finisher[0] + 1,
            join(p.line.iter().take(TEXT_MOVES).map(u64::to_string), ", "),
            if p.line_complete && p.line.len() <= TEXT_MOVES {
                ""
            } else {
                ", ..."
            }
        );
        let shown = p.finisher.len().min(TEXT_TOTALS);
        let _ = writeln!(
            out,
            "{role} from each starting total 0 to {} (player 1 to move){}:",
            shown - 1,
            if shown < p.finisher.len() {
                " (every total in the JSON document)"
            } else {
                ""
            }
        );
        for chunk in p.finisher[..shown].chunks(25) {
            let _ = writeln!(
                out,
                "  {}",
                join(chunk.iter().map(|f| (f + 1).to_string()), " ")
            );
        }
        out
    }

    /// The JSON document of `race --json`, with a final newline.
    pub fn json(&self) -> String {
        self.document(None)
    }

    /// The document of [`Solved::json`] with only `count` starting totals from
    /// `first` in `from_total` (fewer at the end), and `from_total_first`, the total
    /// of its first entry: a page of a list that holds n entries (16 MB at the
    /// largest races).
    pub fn json_page(&self, first: usize, count: usize) -> String {
        self.document(Some((first, count)))
    }

    fn document(&self, page: Option<(usize, usize)>) -> String {
        let r = &self.race;
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\"players\":{},\"moves\":[{}],\"target\":{},\"rule\":\"{}\",\"coalitions\":[",
            r.players(),
            join(r.moves().iter().map(u64::to_string), ","),
            r.target(),
            rule_key(r.rule())
        );
        for (k, s) in self.coalitions.by_size.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"size\":{},\"total\":{},\"forcing\":{},\"listed\":",
                s.size, s.total, s.forcing
            );
            match &s.listed {
                Some(list) => {
                    let sets = list
                        .iter()
                        .map(|c| format!("[{}]", join(c.iter().map(|p| (p + 1).to_string()), ",")));
                    let _ = write!(out, "[{}]", join(sets, ","));
                }
                None => out.push_str("null"),
            }
            out.push('}');
        }
        let opt = |v: Option<usize>| match v {
            Some(x) => x.to_string(),
            None => "null".into(),
        };
        let p = &self.perfect;
        let (first, totals) = match page {
            None => (0, &p.finisher[..]),
            Some((first, count)) => {
                let first = first.min(p.finisher.len());
                let end = first.saturating_add(count).min(p.finisher.len());
                (first, &p.finisher[first..end])
            }
        };
        let first_field = match page {
            None => String::new(),
            Some(_) => format!(",\"from_total_first\":{first}"),
        };
        let _ = writeln!(
            out,
            "],\"singles\":[{}],\"least_all\":{},\"subgame_perfect\":{{\"tie_break\":\"{}\",\"finisher\":{},\"line\":[{}],\"line_complete\":{},\"from_total\":[{}]{first_field}}}}}",
            join(
                self.coalitions.singles.iter().map(|p| (p + 1).to_string()),
                ","
            ),
            opt(self.coalitions.least_all),
            tie_key(self.tie),
            p.finisher[0] + 1,
            join(p.line.iter().map(u64::to_string), ","),
            p.line_complete,
            join(totals.iter().map(|f| (f + 1).to_string()), ",")
        );
        out
    }
}
