//! Who wins, and under which convention: the outcome classes of a position and
//! normal or misère play.

/// Who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// Neither can force a win (loopy games).
    D,
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
}

impl Outcome {
    /// The outcome of a partizan position from whether Left wins moving first and
    /// whether Right does.
    ///
    /// ```
    /// use sprague_core::Outcome;
    /// assert_eq!(Outcome::of_partizan(true, false), Outcome::L);
    /// assert_eq!(Outcome::of_partizan(false, false), Outcome::P);
    /// ```
    pub fn of_partizan(left_wins_first: bool, right_wins_first: bool) -> Outcome {
        match (left_wins_first, right_wins_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// The one-letter name used in JSON.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
            Outcome::L => "L",
            Outcome::R => "R",
        }
    }
}

/// Normal play (the player who cannot move loses) or misère play (that player wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The last player to move wins.
    Normal,
    /// The last player to move loses.
    Misere,
}
