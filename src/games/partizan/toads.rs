//! Toads and Frogs: `toads("TT..FF")`, a 1 × n strip of squares, `T` a toad, `F` a
//! frog, `.` empty. Left moves the toads, to the right; Right moves the frogs, to the
//! left (Winning Ways, ch. 1). A move takes one creature of the mover and either
//! slides it one square forward into an empty square, or jumps it over one adjacent
//! creature of the opponent into the empty square just beyond. Jumps capture nothing
//! and are never forced; the player who cannot move loses.
//!
//! The generalised rules `toads[a,b](…)` and `toads[a,b,j](…)`: a creature slides any
//! number k of squares forward, a ≤ k ≤ b, over empty squares only (the k squares
//! ahead of it all empty, it lands on the k-th), or jumps over a line of 1..j
//! adjacent opponent creatures (the squares between it and its landing square all
//! hold opponents, the landing square is empty); j defaults to 1 and may be 0 (no
//! jumps). `toads[1,1]` is the game above; `toads[1,1,j]` is the jump-over-up-to-j
//! generalisation of CGSuite's `GenToadsAndFrogs(j)`.
//!
//! Reductions, each keeping the value (the strip is a sum of the parts):
//! - Frogs at the left end (a run of `F` from the first square) never move: a frog
//!   slides only into an empty square and jumps only over a toad, and no toad can come
//!   to their left (toads move right). They are removed; so are toads at the right end.
//! - A block of m = j + 1 toads followed by m frogs never moves: every creature of it
//!   has its forward square occupied; a toad may only jump over frogs, and the inner
//!   toad's j-frog jump at most would land on the block's last frog (and the outer
//!   toads face toads); the same for frogs. No creature of the block can move first,
//!   so none ever moves, and nothing crosses it (every move lands on an empty square
//!   and jumps only over the opponent's creatures adjacent to it, and the block holds
//!   no empty square): the strip is the sum of the strip up to the block's toads and
//!   the strip from its frogs, each then losing the block by the first rule.
//! - Without jumps (j = 0) no creature ever passes another, so a frog and the next
//!   creature after it, when that is a toad, move apart (the frog left, the toad
//!   right), and no creature ever enters the empty squares between them (only these
//!   two could): the strip is the sum of the strip up to the frog and the strip from
//!   the toad.

use super::{Ruleset, args, char_span};
use crate::expr::{Arg, FamilyTerm, Param, Span};
use crate::partizan::{Rules, Side};

/// Largest number of squares of a strip.
pub const MAX_SQUARES: usize = 64;

/// Largest slide length and jump length of the generalised rules.
pub const MAX_PARAM: usize = 8;

/// A strip: `b'T'`, `b'F'` or `b'.'` per square, from left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(pub Box<[u8]>);

impl Strip {
    /// Reads a strip such as `"TT..FF"` (`□` also empty). On error, the character
    /// index and what is wrong.
    ///
    /// ```
    /// use sprague::games::partizan::toads::Strip;
    /// assert_eq!(Strip::parse("t.F").unwrap(), Strip::parse("T□F").unwrap());
    /// assert!(Strip::parse("T-F").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Strip, (usize, &'static str)> {
        let mut v = Vec::new();
        for (i, ch) in s.chars().enumerate() {
            if i >= MAX_SQUARES {
                return Err((i, "a strip has at most 64 squares"));
            }
            v.push(match ch {
                'T' | 't' => b'T',
                'F' | 'f' => b'F',
                '.' | '□' => b'.',
                _ => return Err((i, "a square is 'T' (toad), 'F' (frog) or '.' (empty)")),
            });
        }
        Ok(Strip(v.into()))
    }

    /// The strip as written.
    pub fn text(&self) -> String {
        self.0.iter().map(|&c| c as char).collect()
    }
}

/// The rules: slide lengths `min_slide..=max_slide`, jumps over up to `max_jump`
/// opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Toads {
    /// Shortest slide (at least 1).
    pub min_slide: usize,
    /// Longest slide.
    pub max_slide: usize,
    /// Longest line of opponent creatures a jump crosses (0: no jumps).
    pub max_jump: usize,
}

impl Default for Toads {
    /// Toads and Frogs as in Winning Ways: slides of one square, jumps over one.
    fn default() -> Self {
        Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 1,
        }
    }
}

impl Rules for Toads {
    type Position = Strip;

    fn options(&self, p: &Strip, side: Side, out: &mut Vec<Strip>) {
        let s = &p.0;
        let n = s.len() as isize;
        let (me, them, dir) = match side {
            Side::Left => (b'T', b'F', 1isize),
            Side::Right => (b'F', b'T', -1isize),
        };
        let at = |i: isize| {
            if (0..n).contains(&i) {
                s[i as usize]
            } else {
                b'#'
            }
        };
        let mut moved = |from: isize, to: isize| {
            let mut v = s.clone();
            v[from as usize] = b'.';
            v[to as usize] = me;
            out.push(Strip(v));
        };
        for i in 0..n {
            if s[i as usize] != me {
                continue;
            }
            // Slides: the squares ahead empty up to the landing square.
            for k in 1..=self.max_slide as isize {
                if at(i + k * dir) != b'.' {
                    break;
                }
                if k >= self.min_slide as isize {
                    moved(i, i + k * dir);
                }
            }
            // Jumps: k opponents in a row, then an empty square.
            for k in 1..=self.max_jump as isize {
                if at(i + k * dir) != them {
                    break;
                }
                if at(i + (k + 1) * dir) == b'.' {
                    moved(i, i + (k + 1) * dir);
                }
            }
        }
    }

    fn regions(&self, p: &Strip, out: &mut Vec<Strip>) {
        if self.max_jump == 0 {
            // Without jumps no creature passes another: a frog and the toad after it
            // (empty squares between) move apart and nothing ever enters the squares
            // between them, so the strip falls apart there.
            let s = &p.0;
            let mut start = 0;
            let mut last_frog = None;
            for (i, &c) in s.iter().enumerate() {
                match c {
                    b'F' => last_frog = Some(i),
                    b'T' => {
                        if let Some(f) = last_frog.take() {
                            self.split_frozen(&s[start..=f], out);
                            start = i;
                        }
                    }
                    _ => {}
                }
            }
            self.split_frozen(&s[start..], out);
        } else {
            self.split_frozen(&p.0, out);
        }
    }
}

impl Toads {
    /// The parts of `s` between frozen blocks of `max_jump + 1` toads followed by as
    /// many frogs, each without its leading frogs and trailing toads.
    fn split_frozen(&self, s: &[u8], out: &mut Vec<Strip>) {
        let m = self.max_jump + 1;
        let frozen = |i: usize| {
            i + 2 * m <= s.len()
                && s[i..i + m].iter().all(|&c| c == b'T')
                && s[i + m..i + 2 * m].iter().all(|&c| c == b'F')
        };
        let mut start = 0;
        let mut i = 0;
        while i + 2 * m <= s.len() {
            if frozen(i) {
                push_trimmed(&s[start..i + m], out);
                start = i + m;
                i += 2 * m;
            } else {
                i += 1;
            }
        }
        push_trimmed(&s[start..], out);
    }
}

/// `s` without its leading frogs and trailing toads, if a creature of each side
/// remains (otherwise the part is a number that only one player moves in, still
/// pushed) or any creature remains at all.
fn push_trimmed(s: &[u8], out: &mut Vec<Strip>) {
    let a = s.iter().position(|&c| c != b'F').unwrap_or(s.len());
    let b = s
        .iter()
        .rposition(|&c| c != b'T')
        .map_or(a, |j| j + 1)
        .max(a);
    let part = &s[a..b];
    if part.iter().any(|&c| c != b'.') {
        out.push(Strip(part.into()));
    }
}

impl Ruleset for Toads {
    const NAME: &'static str = "toads";
    const USAGE: &'static str = "toads takes a strip: toads(\"TT..FF\") (T toad, F frog, . empty), at most 64 squares; Left moves the toads rightwards, Right the frogs leftwards; toads[a,b](…) or toads[a,b,j](…): slides of a..b squares, jumps over up to j opponents";

    fn read(f: &FamilyTerm) -> Result<(Toads, Strip), (Span, String)> {
        let usage = Self::USAGE;
        let mut rules = Toads::default();
        if let Some(params) = f.params.as_deref() {
            let mut nums = Vec::new();
            for p in params {
                match p {
                    Param::Int(k, span) => match k.to_usize() {
                        Some(k) if k <= MAX_PARAM => nums.push((k, *span)),
                        _ => return Err((*span, "a toads parameter is at most 8".into())),
                    },
                    other => return Err((other.span(), usage.to_string())),
                }
            }
            match nums[..] {
                [(a, sa), (b, sb)] | [(a, sa), (b, sb), _] => {
                    if a == 0 {
                        return Err((sa, "the shortest slide a is at least 1".into()));
                    }
                    if b < a {
                        return Err((sb, "the longest slide b is at least a".into()));
                    }
                    rules.min_slide = a;
                    rules.max_slide = b;
                    if let Some(&(j, _)) = nums.get(2) {
                        rules.max_jump = j;
                    }
                }
                _ => return Err((f.span, usage.to_string())),
            }
        }
        let strip = match args(f, usage)? {
            [Arg::Str(s, span)] => {
                Strip::parse(s).map_err(|(i, m)| (char_span(*span, s, i), m.to_string()))?
            }
            [a, ..] => return Err((a.span(), usage.to_string())),
            [] => return Err((f.span, usage.to_string())),
        };
        Ok((rules, strip))
    }

    fn show(&self, p: &Strip) -> String {
        let params = if *self == Toads::default() {
            String::new()
        } else if self.max_jump == 1 {
            format!("[{},{}]", self.min_slide, self.max_slide)
        } else {
            format!("[{},{},{}]", self.min_slide, self.max_slide, self.max_jump)
        };
        format!("toads{params}(\"{}\")", p.text())
    }

    fn method(&self) -> String {
        format!(
            "Toads and Frogs (Left's toads move right), from the game tree: frozen creatures at the ends and frozen blocks of {0} toads and {0} frogs split the strip into parts{1}, each valued once",
            self.max_jump + 1,
            if self.max_jump == 0 {
                ", and so does every frog followed by a toad (no jumps: nothing passes them)"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::testing::{Plain, shown_value};
    use crate::partizan::{GameTable, TreeValues};

    fn value_with(rules: Toads, s: &str) -> String {
        shown_value(&rules, &Strip::parse(s).unwrap())
    }

    fn value(s: &str) -> String {
        value_with(Toads::default(), s)
    }

    #[test]
    fn published_values() {
        // Erickson's program's help (jeffe.cs.illinois.edu, HELP_TOADS): |t f| = *,
        // |t tf| = 1/2 (Left to | ttf| = 0, Right to |tft | = 1).
        assert_eq!(value("T.F"), "*");
        assert_eq!(value("T.TF"), "1/2");
        assert_eq!(value(".TTF"), "0");
        assert_eq!(value("TFT."), "1");
        // Positions of Erickson's sample game ("New Toads and Frogs results", Games
        // of No Chance, 1996, p. 299), by hand: TF□TF = 0 (each player's only move leaves the other none: □FTTF→F□TTF and
        // TFFT□→TFF□T), TFT□F = {0|0} = *.
        assert_eq!(value("TF.TF"), "0");
        assert_eq!(value("TFT.F"), "*");
        // By hand: T□TFF: Left to □TTFF (no moves, 0), Right to TFT□F = *: {0|*},
        // which is ^ (ONAG; Winning Ways ch. 2).
        assert_eq!(value("T.TFF"), "^");
    }

    #[test]
    fn ericksons_families() {
        // Erickson's conjectures (Games of No Chance, 1996), proved by Thanatipanonda
        // ("Further hopping with Toads and Frogs", Electron. J. Combin. 18 (2011)):
        // E1: T^a □□ F^b = {{a−3|a−b}|{*|3−b}} for a > b ≥ 2;
        // E2: T^a □□□ FF = {a−2|a−2} for a ≥ 2;
        // E3: T^a □□□ FFF = a − 7/2 for a ≥ 5.
        // The formulas and ranges are the paper's (section 1, as its text reads);
        // that text as stored has lost the □ signs, so the box counts come from the
        // paper's abstract (arXiv:0804.0640), which names the families T^a□□F^b and
        // T^a□□□FFF (E1, E3). E2's count is not in the abstract: it is fixed by E2
        // itself, below — of the gaps 1 to 5 only □□□ gives {a−2|a−2} for every a.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        let mut check = |toads: usize, gap: usize, frogs: usize, want: String| {
            let s = format!(
                "{}{}{}",
                "T".repeat(toads),
                ".".repeat(gap),
                "F".repeat(frogs)
            );
            let got = v
                .value(&mut t, &Toads::default(), &Strip::parse(&s).unwrap())
                .unwrap();
            let want_g = t.parse_value(&want).unwrap();
            assert_eq!(got, want_g, "{s}: {} is not {want}", t.show(got));
        };
        for (a, b) in [(3, 2), (4, 2), (5, 2), (4, 3), (5, 3), (5, 4), (6, 3)] {
            let (x, y, z) = (a as i64 - 3, a as i64 - b as i64, 3 - b as i64);
            check(a, 2, b, format!("{{{{{x}|{y}}}|{{*|{z}}}}}"));
        }
        for a in 2..=7 {
            check(a, 3, 2, format!("{{{0}|{0}}}", a - 2));
        }
        for a in 5..=7 {
            check(a, 3, 3, format!("{a} + -7/2"));
        }
        // E2 read with another gap fails for some a in 2..=5.
        let mut t = GameTable::with_limit(50_000_000);
        let mut v = TreeValues::new();
        for gap in [1, 2, 4, 5] {
            let fits = (2..=5).all(|a: usize| {
                let s = format!("{}{}FF", "T".repeat(a), ".".repeat(gap));
                let got = v
                    .value(&mut t, &Toads::default(), &Strip::parse(&s).unwrap())
                    .unwrap();
                got == t.parse_value(&format!("{{{0}|{0}}}", a - 2)).unwrap()
            });
            assert!(!fits, "E2 would also hold with {gap} empty squares");
        }
    }

    #[test]
    fn generalised_rules_by_hand() {
        let long = Toads {
            min_slide: 1,
            max_slide: 2,
            max_jump: 1,
        };
        // A toad with two empty squares ahead slides 1 or 2: {1, 0 |} = 2 (it has two
        // moves in a row at most) — as in the plain game.
        assert_eq!(value_with(long, "T.."), "2");
        // Slides of exactly 2: T.. has one move (to ..T), T... one as well.
        let two = Toads {
            min_slide: 2,
            max_slide: 2,
            max_jump: 1,
        };
        assert_eq!(value_with(two, "T.."), "1");
        assert_eq!(value_with(two, "T..."), "1");
        assert_eq!(value_with(two, "T...."), "2");
        // Jumps over two: in TFF. the toad crosses both frogs to .FFT; with jumps
        // over one only, Left has no move there.
        let far = Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 2,
        };
        let p = Strip::parse("TFF.").unwrap();
        let mut out = Vec::new();
        far.options(&p, Side::Left, &mut out);
        assert_eq!(out, [Strip::parse(".FFT").unwrap()]);
        out.clear();
        Toads::default().options(&p, Side::Left, &mut out);
        assert!(out.is_empty());
        // Right's frogs face a frog and a toad with no square beyond: no move.
        far.options(&p, Side::Right, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn regions_equal_the_plain_tree() {
        let mut t = GameTable::with_limit(50_000_000);
        for rules in [
            Toads::default(),
            Toads {
                min_slide: 1,
                max_slide: 2,
                max_jump: 1,
            },
            Toads {
                min_slide: 2,
                max_slide: 3,
                max_jump: 0,
            },
            Toads {
                min_slide: 1,
                max_slide: 1,
                max_jump: 2,
            },
        ] {
            agree_with_plain_tree(&mut t, &rules, 8);
        }
    }

    /// Asserts that `rules` values every strip of at most `max_len` squares as its plain
    /// game tree does.
    fn agree_with_plain_tree(t: &mut GameTable, rules: &Toads, max_len: u32) {
        let mut fast = TreeValues::new();
        let mut plain = TreeValues::new();
        for n in 0..=max_len {
            for code in 0..3usize.pow(n) {
                let mut c = code;
                let s: Vec<u8> = (0..n)
                    .map(|_| {
                        let ch = b".TF"[c % 3];
                        c /= 3;
                        ch
                    })
                    .collect();
                let p = Strip(s.into());
                let want = plain.value(t, &Plain(rules), &p).unwrap();
                assert_eq!(
                    fast.value(t, rules, &p).unwrap(),
                    want,
                    "{rules:?} {}",
                    p.text()
                );
            }
        }
    }

    #[test]
    fn strips_split_at_frozen_blocks() {
        let mut parts = Vec::new();
        Toads::default().regions(&Strip::parse("FFT.TTFF.F.TT").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        assert_eq!(texts, ["T.", ".F."]);
    }

    #[test]
    fn strips_without_jumps_split_between_a_frog_and_the_next_toad() {
        let rules = Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 0,
        };
        let mut parts = Vec::new();
        rules.regions(&Strip::parse("T..F.F..T.TF.T..F").unwrap(), &mut parts);
        let texts: Vec<String> = parts.iter().map(Strip::text).collect();
        // Cut after each frog followed by a toad: "T..F.F" | "T.TF" | "T..F"; in the
        // middle part "TF" is a frozen block, leaving "T.T", whose last toad is
        // stuck behind the frozen frog and is dropped: "T.".
        assert_eq!(texts, ["T..F.F", "T.", "T..F"]);
        // With jumps the toad may jump the frog: no split there.
        let mut parts = Vec::new();
        Toads::default().regions(&Strip::parse("T.FT..F").unwrap(), &mut parts);
        assert_eq!(parts.len(), 1);
        // Every strip of up to 9 squares, slides of 1 or 1..2, against the plain tree.
        let mut t = GameTable::with_limit(50_000_000);
        for max_slide in [1, 2] {
            let rules = Toads {
                min_slide: 1,
                max_slide,
                max_jump: 0,
            };
            agree_with_plain_tree(&mut t, &rules, 9);
        }
    }

    #[test]
    fn strips_read_back() {
        for (rules, s) in [
            (Toads::default(), "TT..FF"),
            (
                Toads {
                    min_slide: 1,
                    max_slide: 3,
                    max_jump: 1,
                },
                "T.F",
            ),
            (
                Toads {
                    min_slide: 2,
                    max_slide: 2,
                    max_jump: 3,
                },
                "T..F",
            ),
        ] {
            let text = rules.show(&Strip::parse(s).unwrap());
            let (r, p) = super::super::graph::read_back::<Toads>(&text);
            assert_eq!((r, p.text()), (rules, s.to_string()), "{text}");
        }
    }
}
