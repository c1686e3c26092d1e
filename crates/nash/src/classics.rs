//! A few classic strategic games (two players, each choosing at once among a few
//! strategies), with their rules in a sentence or two, for galleries and examples.

/// A classic two-player game in strategic form.
#[derive(Clone, Copy, Debug)]
pub struct Classic {
    /// The game's usual name.
    pub name: &'static str,
    /// The rules, in two or three sentences.
    pub rules: &'static str,
    /// The row player's strategies.
    pub rows: &'static [&'static str],
    /// The column player's strategies.
    pub cols: &'static [&'static str],
    /// The row player's payoffs, by row then column.
    pub row_payoffs: &'static [&'static [i64]],
    /// The column player's payoffs, by row then column.
    pub col_payoffs: &'static [&'static [i64]],
}

/// The classic games, best known first.
pub const CLASSICS: &[Classic] = &[
    Classic {
        name: "Prisoner's dilemma",
        rules: "Two suspects each choose to stay quiet or confess. Confessing is better for each whatever the other does, yet both are better off if both stay quiet.",
        rows: &["quiet", "confess"],
        cols: &["quiet", "confess"],
        row_payoffs: &[&[-1, -20], &[0, -8]],
        col_payoffs: &[&[-1, 0], &[-20, -8]],
    },
    Classic {
        name: "Battle of the sexes",
        rules: "Two friends each choose the opera or football. Each prefers a different one, but both prefer being together to being apart.",
        rows: &["opera", "football"],
        cols: &["opera", "football"],
        row_payoffs: &[&[3, 0], &[0, 2]],
        col_payoffs: &[&[2, 0], &[0, 3]],
    },
    Classic {
        name: "Matching pennies",
        rules: "Each player shows heads or tails. The row player wins a point from the other when the coins match, and loses one when they differ.",
        rows: &["heads", "tails"],
        cols: &["heads", "tails"],
        row_payoffs: &[&[1, -1], &[-1, 1]],
        col_payoffs: &[&[-1, 1], &[1, -1]],
    },
    Classic {
        name: "Rock, paper, scissors",
        rules: "Each player shows rock, paper or scissors. Paper beats rock, scissors beat paper and rock beats scissors; the winner takes a point from the loser.",
        rows: &["rock", "paper", "scissors"],
        cols: &["rock", "paper", "scissors"],
        row_payoffs: &[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]],
        col_payoffs: &[&[0, 1, -1], &[-1, 0, 1], &[1, -1, 0]],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payoffs_have_a_row_and_a_column_per_strategy() {
        for c in CLASSICS {
            for m in [c.row_payoffs, c.col_payoffs] {
                assert_eq!(m.len(), c.rows.len(), "{}", c.name);
                assert!(m.iter().all(|r| r.len() == c.cols.len()), "{}", c.name);
            }
        }
    }

    #[test]
    fn zero_sum_games_are_zero_sum_and_the_dilemma_is_one() {
        // Matching pennies and rock-paper-scissors are zero-sum (their rules: one
        // player's point is the other's); in the dilemma confessing dominates.
        for c in CLASSICS
            .iter()
            .filter(|c| c.name.contains("pennies") || c.name.contains("Rock"))
        {
            for (r, q) in c.row_payoffs.iter().zip(c.col_payoffs) {
                assert!(
                    r.iter().zip(q.iter()).all(|(a, b)| a + b == 0),
                    "{}",
                    c.name
                );
            }
        }
        let d = &CLASSICS[0];
        for j in 0..2 {
            assert!(d.row_payoffs[1][j] > d.row_payoffs[0][j]);
            assert!(d.col_payoffs[j][1] > d.col_payoffs[j][0]);
        }
    }
}
