//! Toppling Dominoes: `toppling("LRLG")`, a row of dominoes, `L` Left's (blue), `R`
//! Right's (red), `G` green (either player's). A player chooses a domino of theirs (or
//! a green one) and topples it to the left or to the right: it falls, and so does
//! every domino on that side of it, all leaving the row. The player who cannot move
//! loses (Fink, Nowakowski, Siegel, Wolfe, "Toppling conjectures", Games of No Chance
//! 4, 2015; Albert, Nowakowski, Wolfe, *Lessons in Play*). Several rows are a sum
//! (`toppling("LR") + toppling("G")`).
//!
//! The rules are the same read from either end, so a row and its reverse are one
//! region (stored as the lesser of the two).

use super::{Ruleset, args, char_span, no_params};
use sprague_engine::partizan::{Rules, Side};
use sprague_expr::{Arg, FamilyTerm, Span};

/// Largest number of dominoes of a row.
pub(crate) const MAX_DOMINOES: usize = 256;

/// A row of dominoes: `b'L'`, `b'R'` or `b'G'` each, from left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row(pub Box<[u8]>);

impl Row {
    /// Reads a row such as `"LRG"` (lower case accepted; `B` for blue is `L`). On
    /// error, the character index and what is wrong.
    ///
    /// ```
    /// use sprague_games::partizan::toppling::Row;
    /// assert_eq!(Row::parse("lrg").unwrap(), Row::parse("BRG").unwrap());
    /// assert!(Row::parse("L.R").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Row, (usize, &'static str)> {
        let mut v = Vec::new();
        for (i, ch) in s.chars().enumerate() {
            if i >= MAX_DOMINOES {
                return Err((i, "a row has at most 256 dominoes"));
            }
            v.push(match ch {
                'L' | 'l' | 'B' | 'b' => b'L',
                'R' | 'r' => b'R',
                'G' | 'g' => b'G',
                _ => {
                    return Err((
                        i,
                        "a domino is 'L' (Left's), 'R' (Right's) or 'G' (green, either's)",
                    ));
                }
            });
        }
        Ok(Row(v.into()))
    }

    /// The row as written.
    pub fn text(&self) -> String {
        self.0.iter().map(|&c| c as char).collect()
    }
}

/// Toppling Dominoes' rules (no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toppling;

impl Rules for Toppling {
    type Position = Row;

    fn options(&self, p: &Row, side: Side, out: &mut Vec<Row>) {
        let mine = if side == Side::Left { b'L' } else { b'R' };
        for (i, &d) in p.0.iter().enumerate() {
            if d == mine || d == b'G' {
                // Toppled leftwards: it and every domino to its left fall.
                out.push(Row(p.0[i + 1..].into()));
                // Rightwards.
                out.push(Row(p.0[..i].into()));
            }
        }
    }

    fn regions(&self, p: &Row, out: &mut Vec<Row>) {
        if p.0.is_empty() {
            return;
        }
        let rev: Box<[u8]> = p.0.iter().rev().copied().collect();
        out.push(if rev < p.0 { Row(rev) } else { p.clone() });
    }
}

impl Ruleset for Toppling {
    const RULES: &'static str = "Toppling Dominoes: a move topples one of your dominoes (or a green one) left or right, and every domino beyond it in that direction falls too. Whoever cannot move loses.";
    const EXAMPLE: &'static str = "toppling(\"LRGLR\")";
    const NAME: &'static str = "toppling";
    const LEGEND: &'static [(char, &'static str)] = &[
        ('L', "Left's domino"),
        ('R', "Right's domino"),
        ('G', "green domino"),
    ];
    const USAGE: &'static str = "toppling takes a row of dominoes: toppling(\"LRG\") (L Left's, R Right's, G green), at most 256; a player topples one of theirs or a green one left or right, and every domino beyond it falls too";

    fn read(f: &FamilyTerm) -> Result<(Toppling, Row), (Span, String)> {
        no_params(f)?;
        let usage = Self::USAGE;
        match args(f, usage)? {
            [Arg::Str(s, span)] => Row::parse(s)
                .map(|r| (Toppling, r))
                .map_err(|(i, m)| (char_span(*span, s, i), m.to_string())),
            [a, ..] => Err((a.span(), usage.to_string())),
            [] => Err((f.span, usage.to_string())),
        }
    }

    fn show(&self, p: &Row) -> String {
        format!("toppling(\"{}\")", p.text())
    }

    fn method(&self) -> String {
        "Toppling Dominoes (Left topples L), from the game tree: each row valued once up to reversal".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::testing::{Plain, shown_value};
    use sprague_engine::partizan::{GameTable, TreeValues};

    fn value(s: &str) -> String {
        shown_value(&Toppling, &Row::parse(s).unwrap())
    }

    #[test]
    fn values_from_the_rules() {
        // From the rules: a row of n blue dominoes is n (Left's options leave every
        // shorter blue row, Right has none: {n-1|} = n).
        for n in 1..=8 {
            assert_eq!(value(&"L".repeat(n)), n.to_string());
            assert_eq!(value(&"R".repeat(n)), format!("-{n}"));
        }
        // A green row of n: toppling one leaves every shorter green row, for either
        // player, so it is the nimber with options *0..*(n-1): *n.
        assert_eq!(value("G"), "*");
        assert_eq!(value("GG"), "*2");
        assert_eq!(value("GGGGG"), "*5");
        // By hand: LR: Left leaves R (-1) or nothing (0), Right leaves L (1) or
        // nothing: {0|0} = *.
        assert_eq!(value("LR"), "*");
        // LRL: Left leaves RL (= LR reversed, *), nothing (0), LR (*) or nothing;
        // Right leaves L (1) either way: {0,*|1}; * reverses through 0 ≤ G and
        // is dropped: {0|1} = 1/2.
        assert_eq!(value("LRL"), "1/2");
        assert_eq!(value("RLR"), "-1/2");
        // LLR: Left topples the first L leftwards (LR = *) or rightwards (nothing),
        // the second leftwards (R = -1) or rightwards (L = 1); Right topples R
        // leftwards (nothing) or rightwards (LL = 2): {1,*,0,-1|0,2} = {1|0}.
        assert_eq!(value("LLR"), "{1|0}");
    }

    #[test]
    fn reversal_equals_the_plain_tree() {
        let mut t = GameTable::with_limit(50_000_000);
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for n in 0..=8u32 {
            for code in 0..3usize.pow(n) {
                let mut c = code;
                let s: Vec<u8> = (0..n)
                    .map(|_| {
                        let ch = b"LRG"[c % 3];
                        c /= 3;
                        ch
                    })
                    .collect();
                let p = Row(s.into());
                let want = plain.value(&mut t, &Plain(&Toppling), &p).unwrap();
                assert_eq!(
                    fast.value(&mut t, &Toppling, &p).unwrap(),
                    want,
                    "{}",
                    p.text()
                );
            }
        }
    }

    #[test]
    fn rows_read_back() {
        let r = Row::parse("LRGGL").unwrap();
        let text = Toppling.show(&r);
        assert_eq!(super::super::graph::read_back::<Toppling>(&text).1, r);
    }
}
