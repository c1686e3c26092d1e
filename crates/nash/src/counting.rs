//! The counting race of many players: m ≥ 2 players in turn (player 1, 2, …, m,
//! 1, …) add one of a finite set of positive increments to a running total that
//! starts at 0.
//!
//! Definitions (the rules of [`Race`]):
//!
//! - **Reach** ([`Rule::Reach`]): the game ends at the first move that makes the
//!   total at least the target n; the player who made it (the *finisher*) wins, every
//!   other player loses.
//! - **Lose** ([`Rule::Lose`]): the game ends the same way, but the finisher is the
//!   one loser; every other player wins (avoiding being the finisher is all a player
//!   wants).
//! - **A coalition C forces a win** when its members, playing together, can make the
//!   game end as they want whatever the others do: under Reach, that the finisher is
//!   a member of C; under Lose, that the finisher is *not* a member of C. This is a
//!   two-team game, solved exactly by backward induction over (total, player to move):
//!   time O(n·m·|increments|) and n·m bytes per coalition ([`Race::forces`]). Under
//!   Reach the property grows with C (a larger coalition controls more moves and
//!   wants less); under Lose it does not (the coalition of all players always loses).
//! - **Subgame-perfect play** ([`Race::subgame_perfect`]): each player, at each
//!   total, picks among the moves after which it wins under subgame-perfect play from
//!   then on if there are any, and among all its moves otherwise; the
//!   [`TieBreak`] picks one of those: the smallest increment (the default) or the
//!   largest. The game is the same for every player up to renaming, so the finisher
//!   from a total depends only on who moves there: one number per total.
//!
//! Study notes claim that for n large enough every coalition of more than ⌊m/2⌋
//! players forces a win (under Reach), so no single player can. Computed (the
//! example `race_study`, figures in the guide's section on `sprague race`): for
//! m = 3 to 6 and increments {1,2}, {1,3}, {2,3} it holds for every n from a point
//! (at most 47) up to 2000; nothing is claimed beyond, and no proof is given. Under
//! Lose it fails for every n when m is even, every increment is odd and 1 is one of
//! them: a player who moves only at totals of the parity of n (all increments odd, m
//! even: each player moves at totals of one parity) is never at n − 1 and can always
//! add 1, so it never finishes, and the coalition of all the others cannot force
//! that the finisher is outside it.
//!
//! ```
//! use sprague_nash::counting::{Race, Rule};
//! // Two players, moves 1 or 2, whoever reaches 6 wins: 6 is a multiple of 3, so the
//! // first player loses (Bachet), and the coalition {player 2} forces a win.
//! let race = Race::new(2, &[1, 2], 6, Rule::Reach).unwrap();
//! assert!(!race.forces(&[0], None).unwrap());
//! assert!(race.forces(&[1], None).unwrap());
//! ```

use crate::LimitExceeded;
use sprague_core::{Bound, Stop};
use std::sync::Arc;

/// Most players of a race (coalitions are sets of players kept as bits).
pub const MAX_PLAYERS: usize = 24;

/// Most cells (totals × players) of the table of one coalition: n·m bytes each time,
/// so a coalition's table takes at most 16 MB (subgame-perfect play takes 3 bytes a
/// total, the listed outcomes one byte a total).
pub const MAX_CELLS: u64 = 16_000_000;

/// Most distinct increments of a race.
pub const MAX_MOVES: usize = 1000;

/// The moves of subgame-perfect play from 0 that are kept at most.
pub const MAX_LINE: usize = 200;

/// Most steps (cells × increments, over every coalition) of a whole analysis of
/// coalitions ([`Race::coalitions`]): a few seconds of work.
pub const MAX_STEPS: u64 = 4_000_000_000;

/// Coalitions of one size are listed one by one when there are at most this many
/// that force a win.
pub const MAX_LISTED: usize = 12;

/// How the game ends and who wins it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The first move that makes the total at least n wins.
    Reach,
    /// The first move that makes the total at least n loses; every other player wins.
    Lose,
}

/// Which of several equally good moves a player makes under subgame-perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TieBreak {
    /// The smallest increment.
    #[default]
    Smallest,
    /// The largest increment.
    Largest,
}

/// A counting race: its players, increments, target and rule.
#[derive(Clone, Debug)]
pub struct Race {
    players: usize,
    moves: Vec<u64>,
    target: u64,
    rule: Rule,
}

/// Why a race could not be built or analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceError {
    /// Bad input, in words.
    Input(String),
    /// A bound of this module (or the stop signal) was reached.
    Limit(LimitExceeded),
}

impl From<LimitExceeded> for RaceError {
    fn from(e: LimitExceeded) -> Self {
        RaceError::Limit(e)
    }
}

/// How many coalitions of one size force a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeCount {
    /// The number of players in each coalition.
    pub size: usize,
    /// How many coalitions of that size there are: C(m, size).
    pub total: u64,
    /// How many of them force a win.
    pub forcing: u64,
    /// Those that force a win (players numbered from 0), in increasing order of their
    /// bits, when there are at most [`MAX_LISTED`].
    pub listed: Option<Vec<Vec<usize>>>,
}

/// Which coalitions force a win from the start (total 0, player 1 to move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coalitions {
    /// One entry for each size 1 to m.
    pub by_size: Vec<SizeCount>,
    /// The players (numbered from 0) who force a win alone. Under Reach there is at
    /// most one (two disjoint coalitions cannot both make the finisher one of their
    /// own); under Lose there may be several (each avoids finishing).
    pub singles: Vec<usize>,
    /// The least size k such that every coalition of size k forces a win.
    pub least_all: Option<usize>,
}

/// The outcome of subgame-perfect play from each starting total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubgamePerfect {
    /// For each starting total t = 0 … n−1 with player 1 (numbered 0) to move, the
    /// finisher under subgame-perfect play (numbered from 0): the winner under Reach,
    /// the loser under Lose.
    pub finisher: Vec<u8>,
    /// The increments of subgame-perfect play from total 0, move by move, at most
    /// [`MAX_LINE`] of them.
    pub line: Vec<u64>,
    /// Whether `line` is the whole game (not cut at [`MAX_LINE`] moves).
    pub line_complete: bool,
}

impl Race {
    /// The race of `players` players with these increments (any order, repeats
    /// ignored) to the target `target` under `rule`; an error for fewer than 2
    /// players, no increment, a zero increment or a zero target, and a limit beyond
    /// [`MAX_PLAYERS`] or [`MAX_CELLS`].
    pub fn new(players: usize, moves: &[u64], target: u64, rule: Rule) -> Result<Race, RaceError> {
        if players < 2 {
            return Err(RaceError::Input(format!(
                "the players must be at least 2, not {players}"
            )));
        }
        if moves.is_empty() {
            return Err(RaceError::Input("at least one increment is needed".into()));
        }
        if moves.contains(&0) {
            return Err(RaceError::Input(
                "increments must be positive integers, not 0".into(),
            ));
        }
        if target == 0 {
            return Err(RaceError::Input("the target must be at least 1".into()));
        }
        if players > MAX_PLAYERS {
            return Err(RaceError::Limit(LimitExceeded {
                bound: Bound::States,
                what: format!("{players} players are more than the {MAX_PLAYERS} a race may have"),
            }));
        }
        let cells = u128::from(target) * players as u128;
        if cells > u128::from(MAX_CELLS) {
            return Err(RaceError::Limit(LimitExceeded {
                bound: Bound::Memory,
                what: format!(
                    "target {target} with {players} players needs a table of {cells} cells (target × players), more than the bound of {MAX_CELLS}"
                ),
            }));
        }
        let mut moves: Vec<u64> = moves.iter().map(|&d| d.min(target)).collect();
        moves.sort_unstable();
        moves.dedup();
        if moves.len() > MAX_MOVES {
            return Err(RaceError::Limit(LimitExceeded {
                bound: Bound::States,
                what: format!(
                    "{} distinct increments are more than the {MAX_MOVES} a race may have",
                    moves.len()
                ),
            }));
        }
        Ok(Race {
            players,
            moves,
            target,
            rule,
        })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The increments, in increasing order (an increment above the target counts as
    /// the target: both end the game from any total).
    pub fn moves(&self) -> &[u64] {
        &self.moves
    }

    /// The target n.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether the coalition of these players (numbered from 0) forces a win from the
    /// start: total 0, player 0 to move.
    pub fn forces(&self, members: &[usize], stop: Option<&Arc<Stop>>) -> Result<bool, RaceError> {
        let mut bits = 0u32;
        for &p in members {
            if p >= self.players {
                return Err(RaceError::Input(format!(
                    "player {} is not one of the {} players",
                    p + 1,
                    self.players
                )));
            }
            bits |= 1 << p;
        }
        let mut table = Vec::new();
        self.coalition_table(bits, &mut table, stop)?;
        Ok(table[0])
    }

    /// The stop signal is looked at every this many totals: about a million steps
    /// (cells × increments) of work, a small part of a second.
    fn check_every(&self) -> usize {
        ((1usize << 20) / (self.players * self.moves.len())).max(1)
    }

    /// Whether the coalition `bits` forces a win from (total t, player p), for every
    /// t < n and p, in `table[t·m + p]`.
    fn coalition_table(
        &self,
        bits: u32,
        table: &mut Vec<bool>,
        stop: Option<&Arc<Stop>>,
    ) -> Result<(), LimitExceeded> {
        let m = self.players;
        let n = self.target as usize;
        table.clear();
        table.resize(n * m, false);
        check(stop)?;
        let every = self.check_every();
        for t in (0..n).rev() {
            if t % every == 0 {
                check(stop)?;
            }
            for p in 0..m {
                let member = bits >> p & 1 == 1;
                // The coalition's result when player p ends the game.
                let end = match self.rule {
                    Rule::Reach => member,
                    Rule::Lose => !member,
                };
                let next = (p + 1) % m;
                let value = |d: &u64| {
                    let after = t as u64 + d;
                    if after >= self.target {
                        end
                    } else {
                        table[after as usize * m + next]
                    }
                };
                table[t * m + p] = if member {
                    self.moves.iter().any(value)
                } else {
                    self.moves.iter().all(value)
                };
            }
        }
        Ok(())
    }

    /// Which coalitions force a win from the start, for every coalition of every size;
    /// a limit when that takes more than [`MAX_STEPS`] steps, or at the stop signal.
    pub fn coalitions(&self, stop: Option<&Arc<Stop>>) -> Result<Coalitions, RaceError> {
        let m = self.players;
        // Every coalition, and each single player once more for `singles`.
        let steps = ((1u128 << m) + m as u128)
            .saturating_mul(u128::from(self.target))
            .saturating_mul(m as u128)
            .saturating_mul(self.moves.len() as u128);
        if steps > u128::from(MAX_STEPS) {
            return Err(RaceError::Limit(LimitExceeded {
                bound: Bound::States,
                what: format!(
                    "the {} coalitions of {m} players to target {} with {} increments need {steps} steps, more than the bound of {MAX_STEPS}",
                    1u64 << m,
                    self.target,
                    self.moves.len()
                ),
            }));
        }
        let mut by_size: Vec<SizeCount> = (1..=m)
            .map(|size| SizeCount {
                size,
                total: binomial(m as u64, size as u64),
                forcing: 0,
                listed: Some(Vec::new()),
            })
            .collect();
        let mut table = Vec::new();
        for bits in 1u32..(1u32 << m) {
            self.coalition_table(bits, &mut table, stop)?;
            if !table[0] {
                continue;
            }
            let members: Vec<usize> = (0..m).filter(|p| bits >> p & 1 == 1).collect();
            let entry = &mut by_size[members.len() - 1];
            entry.forcing += 1;
            if let Some(list) = &mut entry.listed {
                if list.len() < MAX_LISTED {
                    list.push(members);
                } else {
                    entry.listed = None;
                }
            }
        }
        let mut singles = Vec::new();
        for p in 0..m {
            self.coalition_table(1 << p, &mut table, stop)?;
            if table[0] {
                singles.push(p);
            }
        }
        let least_all = by_size
            .iter()
            .find(|s| s.forcing == s.total)
            .map(|s| s.size);
        Ok(Coalitions {
            by_size,
            singles,
            least_all,
        })
    }

    /// Subgame-perfect play with the tie-break `tie`: the finisher from each starting
    /// total, and the line of play from 0. O(n·|increments|) time and O(n) memory:
    /// the game looks the same to every player, so the finisher is kept relative to
    /// the player to move.
    pub fn subgame_perfect(
        &self,
        tie: TieBreak,
        stop: Option<&Arc<Stop>>,
    ) -> Result<SubgamePerfect, RaceError> {
        let m = self.players;
        let n = self.target as usize;
        // rel[t]: how many places after the player to move at t the finisher sits;
        // best[t]: the increment played at t.
        let mut rel = vec![0u8; n];
        let mut best = vec![0u16; n];
        let every = self.check_every();
        for t in (0..n).rev() {
            if t % every == 0 {
                check(stop)?;
            }
            let outcome = |d: u64| {
                let after = t as u64 + d;
                if after >= self.target {
                    0
                } else {
                    (1 + usize::from(rel[after as usize])) % m
                }
            };
            let wins = |r: usize| match self.rule {
                Rule::Reach => r == 0,
                Rule::Lose => r != 0,
            };
            let any_win = self.moves.iter().any(|&d| wins(outcome(d)));
            let mut candidates =
                (0..self.moves.len()).filter(|&i| !any_win || wins(outcome(self.moves[i])));
            let chosen = match tie {
                TieBreak::Smallest => candidates.next(),
                TieBreak::Largest => candidates.next_back(),
            };
            // The increments are not empty, so some move is always chosen; at most
            // MAX_MOVES of them and MAX_PLAYERS players fit the narrow cells.
            let i = chosen.unwrap_or(0);
            best[t] = i as u16;
            rel[t] = outcome(self.moves[i]) as u8;
        }
        let mut line = Vec::new();
        let mut t = 0usize;
        while t < n && line.len() < MAX_LINE {
            let d = self.moves[usize::from(best[t])];
            line.push(d);
            t = t.saturating_add(d as usize);
        }
        Ok(SubgamePerfect {
            finisher: rel,
            line,
            line_complete: t >= n,
        })
    }
}

/// `Err` at the stop signal.
fn check(stop: Option<&Arc<Stop>>) -> Result<(), LimitExceeded> {
    match stop {
        Some(s) if s.is_due() => Err(LimitExceeded {
            bound: Bound::Time,
            what: s.error().to_string(),
        }),
        _ => Ok(()),
    }
}

/// C(n, k), for n ≤ [`MAX_PLAYERS`].
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}
