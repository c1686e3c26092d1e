//! Snort (Winning Ways, ch. 2): players take turns colouring an uncoloured vertex of a graph, Left in her colour (`L`), Right in his (`R`); a vertex may not be coloured next to a vertex of the opponent's colour. The player who cannot colour a vertex loses.
//!
//! Written `snort("..|.L")` on a grid (rows separated by `|`: `.` uncoloured, `L`
//! Left's colour, `R` Right's, `#` no square) or `snort("0-1 1-2 2-0; 0:L")` on a graph
//! (see [`super::graph`] for the notation, and for why only the uncoloured vertices,
//! each with the players allowed to colour it, are kept, split into connected
//! components).

use super::graph::Colouring;

/// Snort's rules (no parameters): the colouring game of [`super::graph`] with the
/// rule [`super::graph::Kind::Snort`].
pub type Snort = Colouring<true>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Ruleset;
    use crate::partizan::graph::{Graph, Kind};
    use crate::partizan::testing::shown_value;

    fn value(s: &str) -> String {
        shown_value(&Snort::default(), &Graph::parse(s, Kind::Snort).unwrap())
    }

    #[test]
    fn values_by_hand() {
        // From the rules, by hand. One vertex: either player colours it, {0|0} = *.
        assert_eq!(value("."), "*");
        // Two adjacent vertices: after Left colours one, only Left may colour the
        // other (1), and the same for Right: {1|-1} = ±1 (Winning Ways ch. 2: Snort is
        // hot, each move reserving the neighbours).
        assert_eq!(value(".."), "±1");
        assert_eq!(value("0-1"), "±1");
        // A path of three: Left colours the middle and owns both ends (2), or an end,
        // leaving a vertex only she may colour next to a free one, {1|0}, dominated:
        // {2|-2} = ±2.
        assert_eq!(value("..."), "±2");
        // Next to Left's colour only Left may colour: 1; the pair L.. is {1|0}.
        assert_eq!(value("L."), "1");
        assert_eq!(value("L.."), "{1|0}");
        assert_eq!(value("R."), "-1");
        // Squares that are not there are no vertices: two separate single squares.
        assert_eq!(value(".#."), "0");
        // A vertex next to both colours is nobody's.
        assert_eq!(value("L.R"), "0");
        // A triangle: the first colour forbids both others to the opponent, who can
        // never move; the mover then colours one more: {2|-2}... by hand: Left colours
        // a vertex, the two others are Left's only and adjacent: 2 moves left for
        // Left (colouring one of them does not forbid the other to Left): 2. So ±2.
        assert_eq!(value("0-1 1-2 2-0"), "±2");
    }

    #[test]
    fn positions_read_back() {
        for s in ["..|.L", "0-1 1-2 2-0; 0:L", "L.R.|..#.", "0 1 2-3 3:R"] {
            let g = Graph::parse(s, Kind::Snort).unwrap();
            let text = Snort::default().show(&g);
            let (_, again) = super::super::graph::read_back::<Snort>(&text);
            assert_eq!(again, g, "{s} → {text}");
        }
    }
}
