//! A bimatrix game: two players, finitely many named pure strategies each, and a
//! payoff to each player for every pair of strategies.

use super::Rational;
use std::fmt;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The row player, who picks a row of the payoff tables.
    Row,
    /// The column player, who picks a column.
    Col,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Row => Player::Col,
            Player::Col => Player::Row,
        }
    }

    /// `"row"` or `"col"`, as in the JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Player::Row => "row",
            Player::Col => "col",
        }
    }

    /// `"row player"` or `"column player"`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Row => "row player",
            Player::Col => "column player",
        }
    }
}

/// A finite two-player game in normal form.
///
/// `row_payoffs[i][j]` and `col_payoffs[i][j]` are what the row and the column player
/// get when the row player plays row `i` and the column player column `j`.
///
/// ```
/// use sprague_nash::{Bimatrix, Player, Rational};
/// let r = |v: i64| Rational::from_integer(v.into());
/// let pd = Bimatrix::new(
///     vec!["quiet".into(), "confess".into()],
///     vec!["quiet".into(), "confess".into()],
///     vec![vec![r(-1), r(-20)], vec![r(0), r(-8)]],
///     vec![vec![r(-1), r(0)], vec![r(-20), r(-8)]],
/// )
/// .unwrap();
/// // The column player is quiet (its strategy 0) while the row player confesses (1).
/// assert_eq!(pd.payoff(Player::Col, 0, 1), &r(-20));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bimatrix {
    rows: Vec<String>,
    cols: Vec<String>,
    row_payoffs: Vec<Vec<Rational>>,
    col_payoffs: Vec<Vec<Rational>>,
}

/// Why strategy names and payoff tables do not make a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A player has no strategy.
    NoStrategies(Player),
    /// A payoff table does not have one row per row strategy and one entry per
    /// column strategy: `player` is whose table, `row` the row (`None`: the number
    /// of rows is wrong), `found` the length found.
    Shape {
        /// Whose payoff table.
        player: Player,
        /// The row whose length is wrong, or `None` for the number of rows.
        row: Option<usize>,
        /// The length found.
        found: usize,
        /// The length expected.
        expected: usize,
    },
    /// Two strategies of one player have the same name.
    DuplicateName {
        /// Whose strategies.
        player: Player,
        /// The later of the two.
        index: usize,
        /// The earlier one.
        first: usize,
    },
    /// A strategy name is empty.
    EmptyName {
        /// Whose strategy.
        player: Player,
        /// Which one.
        index: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NoStrategies(p) => write!(
                f,
                "empty game: the {} has no strategy ({} is empty)",
                p.name(),
                names_key(*p)
            ),
            GameError::Shape {
                player,
                row: None,
                found,
                expected,
            } => write!(
                f,
                "{} has {found} rows, but rows names {}",
                table_key(*player),
                strategies(*expected)
            ),
            GameError::Shape {
                player,
                row: Some(i),
                found,
                expected,
            } => write!(
                f,
                "{}[{i}] has {found} entries, but cols names {}",
                table_key(*player),
                strategies(*expected)
            ),
            GameError::DuplicateName {
                player,
                index,
                first,
            } => write!(
                f,
                "{key}[{index}] repeats the name of {key}[{first}]",
                key = names_key(*player)
            ),
            GameError::EmptyName { player, index } => {
                write!(f, "{}[{index}] is an empty name", names_key(*player))
            }
        }
    }
}

impl std::error::Error for GameError {}

/// "1 strategy", "2 strategies".
fn strategies(k: usize) -> String {
    if k == 1 {
        "1 strategy".to_string()
    } else {
        format!("{k} strategies")
    }
}

/// The JSON key of a player's strategy names.
pub(crate) fn names_key(p: Player) -> &'static str {
    match p {
        Player::Row => "rows",
        Player::Col => "cols",
    }
}

/// The JSON key of a player's payoff table.
pub(crate) fn table_key(p: Player) -> &'static str {
    match p {
        Player::Row => "row_payoffs",
        Player::Col => "col_payoffs",
    }
}

impl Bimatrix {
    /// A game from its strategy names and its two payoff tables (one `Vec` per row
    /// strategy, one entry per column strategy). Each player needs at least one
    /// strategy; names must be non-empty and distinct for each player.
    pub fn new(
        rows: Vec<String>,
        cols: Vec<String>,
        row_payoffs: Vec<Vec<Rational>>,
        col_payoffs: Vec<Vec<Rational>>,
    ) -> Result<Bimatrix, GameError> {
        check_names(Player::Row, &rows)?;
        check_names(Player::Col, &cols)?;
        check_table(Player::Row, &row_payoffs, rows.len(), cols.len())?;
        check_table(Player::Col, &col_payoffs, rows.len(), cols.len())?;
        Ok(Bimatrix {
            rows,
            cols,
            row_payoffs,
            col_payoffs,
        })
    }

    /// The number of pure strategies of `p`.
    pub fn count(&self, p: Player) -> usize {
        self.names(p).len()
    }

    /// The strategy names of `p`.
    pub fn names(&self, p: Player) -> &[String] {
        match p {
            Player::Row => &self.rows,
            Player::Col => &self.cols,
        }
    }

    /// What `p` gets playing its strategy `own` against the opponent's `other`.
    pub fn payoff(&self, p: Player, own: usize, other: usize) -> &Rational {
        match p {
            Player::Row => &self.row_payoffs[own][other],
            Player::Col => &self.col_payoffs[other][own],
        }
    }

    /// The payoffs `(row player, column player)` when row `i` meets column `j`.
    pub fn payoffs(&self, i: usize, j: usize) -> (&Rational, &Rational) {
        (&self.row_payoffs[i][j], &self.col_payoffs[i][j])
    }

    /// The payoff table of `p`, one `Vec` per row strategy.
    pub fn table(&self, p: Player) -> &[Vec<Rational>] {
        match p {
            Player::Row => &self.row_payoffs,
            Player::Col => &self.col_payoffs,
        }
    }

    /// What `p` expects from its pure strategy `own` when the opponent plays the
    /// mixed strategy `other` (probabilities, one per opponent strategy).
    pub fn pure_against(&self, p: Player, own: usize, other: &[Rational]) -> Rational {
        other
            .iter()
            .enumerate()
            .filter(|(_, q)| !num_traits::Zero::is_zero(*q))
            .map(|(o, q)| self.payoff(p, own, o) * q)
            .sum()
    }

    /// What `p` expects when the row player plays `x` and the column player `y`.
    pub fn expected(&self, p: Player, x: &[Rational], y: &[Rational]) -> Rational {
        let (own, other) = match p {
            Player::Row => (x, y),
            Player::Col => (y, x),
        };
        own.iter()
            .enumerate()
            .filter(|(_, q)| !num_traits::Zero::is_zero(*q))
            .map(|(s, q)| self.pure_against(p, s, other) * q)
            .sum()
    }
}

fn check_names(p: Player, names: &[String]) -> Result<(), GameError> {
    if names.is_empty() {
        return Err(GameError::NoStrategies(p));
    }
    let mut seen = std::collections::HashMap::new();
    for (index, name) in names.iter().enumerate() {
        if name.is_empty() {
            return Err(GameError::EmptyName { player: p, index });
        }
        if let Some(&first) = seen.get(name.as_str()) {
            return Err(GameError::DuplicateName {
                player: p,
                index,
                first,
            });
        }
        seen.insert(name.as_str(), index);
    }
    Ok(())
}

fn check_table(p: Player, t: &[Vec<Rational>], m: usize, n: usize) -> Result<(), GameError> {
    if t.len() != m {
        return Err(GameError::Shape {
            player: p,
            row: None,
            found: t.len(),
            expected: m,
        });
    }
    for (i, row) in t.iter().enumerate() {
        if row.len() != n {
            return Err(GameError::Shape {
                player: p,
                row: Some(i),
                found: row.len(),
                expected: n,
            });
        }
    }
    Ok(())
}
