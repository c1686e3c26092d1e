//! Col (Winning Ways, ch. 2): players take turns colouring an uncoloured vertex of a graph, Left in her colour (`L`), Right in his (`R`); a vertex may not be coloured next to a vertex of one's own colour. The player who cannot colour a vertex loses.
//!
//! Written `col("..|.L")` on a grid (rows separated by `|`: `.` uncoloured, `L`
//! Left's colour, `R` Right's, `#` no square) or `col("0-1 1-2 2-0; 0:L")` on a graph
//! (see [`super::graph`] for the notation, and for why only the uncoloured vertices,
//! each with the players allowed to colour it, are kept, split into connected
//! components).

use super::graph::Colouring;

/// Col's rules (no parameters): the colouring game of [`super::graph`] with the
/// rule [`super::graph::Kind::Col`].
pub type Col = Colouring<false>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Ruleset;
    use crate::partizan::graph::{Graph, Kind};
    use crate::partizan::testing::shown_value;
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn value(s: &str) -> String {
        shown_value(&Col::default(), &Graph::parse(s, Kind::Col).unwrap())
    }

    #[test]
    fn values_by_hand() {
        // From the rules, by hand. One vertex: {0|0} = *.
        assert_eq!(value("."), "*");
        // Two adjacent vertices: after Left colours one, only Right may colour the
        // other (-1): {-1|1} = 0.
        assert_eq!(value(".."), "0");
        // Next to Left's colour only Right may colour: -1. L.. : Left may colour only
        // the far square (leaving -1), Right either (leaving the far square to Left
        // alone, 1, or nothing, 0): {-1|0} = -1/2.
        assert_eq!(value("L."), "-1");
        assert_eq!(value("L.."), "-1/2");
        assert_eq!(value("R.."), "1/2");
        // A path of three: Left colours an end (the rest is R.. seen from Right's
        // side, -1/2) or the middle (-2): {-1/2|1/2} = 0.
        assert_eq!(value("..."), "0");
    }

    #[test]
    fn col_values_are_numbers_or_numbers_and_star() {
        // Winning Ways, ch. 2: every Col position is a number or a number plus *.
        // Checked on every 2 × 3 and 3 × 2 board with every marking of its squares,
        // and every 3 × 3 board of uncoloured squares and holes.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        let mut check = |s: String| {
            let g = Graph::parse(&s, Kind::Col).unwrap();
            let x = v.value(&mut t, &Col::default(), &g).unwrap();
            let nus = t.as_nus(x).cloned();
            assert!(
                nus.is_some_and(|n| n.up == 0 && n.star <= sprague_core::nat::Nat::from(1u32)),
                "{s}: {}",
                t.show(x)
            );
        };
        for (rows, cols, marks) in [(2, 3, ".LR#"), (3, 2, ".LR#"), (3, 3, ".#")] {
            let m = marks.len();
            for code in 0..m.pow(rows * cols) {
                let mut c = code;
                let mut s = String::new();
                for i in 0..rows * cols {
                    if i > 0 && i % cols == 0 {
                        s.push('|');
                    }
                    s.push(marks.as_bytes()[c % m] as char);
                    c /= m;
                }
                check(s);
            }
        }
    }

    #[test]
    fn positions_read_back() {
        for s in ["..|.L", "0-1 1-2 2-0; 0:L", "L.R.|..#.", "0 1 2-3 3:R"] {
            let g = Graph::parse(s, Kind::Col).unwrap();
            let text = Col::default().show(&g);
            let (_, again) = super::super::graph::read_back::<Col>(&text);
            assert_eq!(again, g, "{s} → {text}");
        }
    }
}
