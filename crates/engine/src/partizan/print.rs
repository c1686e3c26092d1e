//! Canonical forms written in CGSuite's notation.
//!
//! * numbers: `0`, `3`, `-2`, `3/4`, `-5/8`;
//! * number + ups + nimber, parts side by side: `*`, `*2`, `^`, `v`, `^^`, `vv`, `^3`,
//!   `v4`, `^*`, `1/2*`, `6^*`, `73/16v9*8` (CGSuite's plain-text forms for multiples
//!   of up: `^`, `^^`, then `^n`);
//! * switches `{G^L | -G^L}` (a game equal to its negative): `±1`, `±(1*)`, `±{2,3*}`
//!   (`+-1` with [`PrintOptions::ascii`]);
//! * `x + Tiny(y)` = `{x || x | x - y}` and `x + Miny(y)` = `{x + y | x || x}` for
//!   numbers x and y > 0: `Tiny(2)`, `1Miny(1/2)`;
//! * anything else in braces, options separated by commas, with CGSuite's slash
//!   notation: a side with a single option that is itself written in braces is written
//!   in place with one more bar, `{0|{0|-2}}` → `{0||0|-2}`, `{a|{b|{c|d}}}` →
//!   `{a|||b||c|d}`.
//!
//! Options are listed in an order that depends only on the values (numbers, ups and
//! nimbers first by value, then other games by their stops), so equal games always
//! print alike. Everything is computed with explicit stacks, and the length of the text
//! is bounded by the table's state bound.

use super::dyadic::Dyadic;
use super::table::{Game, GameTable, Nus};
use rustc_hash::FxHashMap;
use sprague_core::nat::Nat;
use sprague_core::{Bound, SolveError};
use std::cmp::Ordering;
use std::hash::{DefaultHasher, Hash, Hasher};

/// Text is handed to a sink in pieces of about this many bytes.
const FLUSH_AT: usize = 1 << 13;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Write `+-` instead of `±`.
    pub ascii: bool,
}

/// The shape of a canonical game as printed.
#[derive(Clone)]
enum Shape {
    /// `±…`, with the Left options.
    Switch,
    /// `x Tiny(y)` (`tiny`) or `x Miny(y)`.
    Tiny { x: Dyadic, y: Dyadic, tiny: bool },
    /// Braces with this many bars.
    Braced { bars: usize },
}

struct Info {
    shape: Shape,
    left: Vec<Game>,
    right: Vec<Game>,
}

/// How a game is written where it appears.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Plain,
    /// In place of its parent's side: no braces.
    Inline,
    /// After `±`: compound forms in parentheses.
    Paren,
}

enum Item {
    Text(&'static str),
    Owned(String),
    Game(Game, Ctx),
}

/// Writes a number-up-star: `0`, `3/4`, `*`, `^^`, `1/2v3*2`.
///
/// ```
/// use sprague_engine::partizan::{nus_text, Dyadic, Nus};
/// let n = Nus { number: Dyadic::ratio(1, 1), up: -3, star: 2u64.into() };
/// assert_eq!(nus_text(&n), "1/2v3*2");
/// assert_eq!(nus_text(&Nus::default()), "0");
/// ```
pub fn nus_text(n: &Nus) -> String {
    let mut s = String::new();
    if !n.number.is_zero() || (n.up == 0 && n.star.is_zero()) {
        s.push_str(&n.number.to_string());
    }
    match n.up {
        0 => {}
        1 => s.push('^'),
        2 => s.push_str("^^"),
        -1 => s.push('v'),
        -2 => s.push_str("vv"),
        u if u > 0 => s.push_str(&format!("^{u}")),
        u => s.push_str(&format!("v{}", u.unsigned_abs())),
    }
    if !n.star.is_zero() {
        s.push('*');
        if n.star != Nat::Small(1) {
            s.push_str(&n.star.to_string());
        }
    }
    s
}

/// Whether a number-up-star is written with more than one part (`1*`, `^*`, `1/2^`).
fn compound(n: &Nus) -> bool {
    let parts =
        usize::from(!n.number.is_zero()) + usize::from(n.up != 0) + usize::from(!n.star.is_zero());
    parts > 1
}

impl GameTable {
    /// `g` in CGSuite notation (with `±`); see [`GameTable::show_with`]. Panics only if
    /// the text would exceed the state bound, which [`GameTable::show_with`] reports
    /// as an error instead.
    ///
    /// ```
    /// use sprague_engine::partizan::{Game, GameTable};
    /// let mut t = GameTable::new();
    /// let minus_two = t.integer(-2).unwrap();
    /// let right = t.game(&[Game::ZERO], &[minus_two]).unwrap(); // {0|-2}
    /// let g = t.game(&[Game::ZERO], &[right]).unwrap();
    /// assert_eq!(t.show(g), "Tiny(2)");
    /// let (one, two) = (t.integer(1).unwrap(), t.integer(2).unwrap());
    /// let right = t.game(&[one], &[Game::ZERO]).unwrap(); // {1|0}
    /// let h = t.game(&[two], &[right]).unwrap();
    /// assert_eq!(t.show(h), "{2||1|0}");
    /// ```
    pub fn show(&mut self, g: Game) -> String {
        match self.show_with(g, PrintOptions::default()) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    /// `g` in CGSuite notation. A `Limit` error if the text would be longer than the
    /// table's state bound (a sum of many switches can have a canonical form of
    /// exponential length).
    ///
    /// ```
    /// use sprague_engine::partizan::{GameTable, PrintOptions};
    /// let mut t = GameTable::new();
    /// let (three, minus_three) = (t.integer(3).unwrap(), t.integer(-3).unwrap());
    /// let g = t.game(&[three], &[minus_three]).unwrap();
    /// assert_eq!(t.show_with(g, PrintOptions { ascii: true }).unwrap(), "+-3");
    /// ```
    pub fn show_with(&mut self, g: Game, opts: PrintOptions) -> Result<String, SolveError> {
        let limit = self.max_states();
        match self.show_within(g, opts, limit)? {
            Some(s) => Ok(s),
            None => Err(SolveError::Limit {
                what: format!("the canonical form is longer than {limit} characters"),
                bound: Bound::States,
            }),
        }
    }

    /// `g` in CGSuite notation if it has at most `max_chars` characters (bytes),
    /// else `None` (found without writing more than `max_chars` of it).
    ///
    /// ```
    /// use sprague_engine::partizan::{GameTable, PrintOptions};
    /// let mut t = GameTable::new();
    /// let (three, minus_three) = (t.integer(3).unwrap(), t.integer(-3).unwrap());
    /// let (one, minus_one) = (t.integer(1).unwrap(), t.integer(-1).unwrap());
    /// let pm3 = t.game(&[three], &[minus_three]).unwrap();
    /// let pm1 = t.game(&[one], &[minus_one]).unwrap();
    /// let g = t.add(pm3, pm1).unwrap(); // ±3 + ±1
    /// let o = PrintOptions::default();
    /// assert_eq!(t.show_within(g, o, 100).unwrap().as_deref(), Some("±{4|2}"));
    /// assert_eq!(t.show_within(g, o, 5).unwrap(), None);
    /// ```
    pub fn show_within(
        &mut self,
        g: Game,
        opts: PrintOptions,
        max_chars: u64,
    ) -> Result<Option<String>, SolveError> {
        let mut out = String::new();
        let complete = self.write_form(g, opts, &mut |piece: &str| {
            if (out.len() + piece.len()) as u64 > max_chars {
                return false;
            }
            out.push_str(piece);
            true
        })?;
        Ok(complete.then_some(out))
    }

    /// Writes `g` in CGSuite notation piece by piece to `sink`, however long it is,
    /// holding only the game's structure in memory (not the text). `sink` returns
    /// `false` to stop; the result says whether the whole text was written.
    pub fn write_form(
        &mut self,
        g: Game,
        opts: PrintOptions,
        sink: &mut dyn FnMut(&str) -> bool,
    ) -> Result<bool, SolveError> {
        let infos = self.print_infos(g)?;
        let mut out = String::new();
        let mut stack = vec![Item::Game(g, Ctx::Plain)];
        let pm = if opts.ascii { "+-" } else { "±" };
        while let Some(item) = stack.pop() {
            match item {
                Item::Text(s) => out.push_str(s),
                Item::Owned(s) => out.push_str(&s),
                Item::Game(h, ctx) => {
                    if let Some(n) = self.as_nus(h) {
                        let paren = ctx == Ctx::Paren && compound(n);
                        if paren {
                            out.push('(');
                        }
                        out.push_str(&nus_text(n));
                        if paren {
                            out.push(')');
                        }
                    } else {
                        let info = &infos[&h];
                        // Items are pushed in reverse order of writing.
                        let mut parts: Vec<Item> = Vec::new();
                        let wrap = ctx == Ctx::Paren && !matches!(info.shape, Shape::Braced { .. });
                        if wrap {
                            parts.push(Item::Text("("));
                        }
                        match &info.shape {
                            Shape::Switch => {
                                parts.push(Item::Text(pm));
                                if let [only] = info.left[..] {
                                    parts.push(Item::Game(only, Ctx::Paren));
                                } else {
                                    parts.push(Item::Text("{"));
                                    list(&mut parts, &info.left);
                                    parts.push(Item::Text("}"));
                                }
                            }
                            Shape::Tiny { x, y, tiny } => {
                                let mut s = String::new();
                                if !x.is_zero() {
                                    s.push_str(&x.to_string());
                                }
                                s.push_str(if *tiny { "Tiny(" } else { "Miny(" });
                                s.push_str(&y.to_string());
                                s.push(')');
                                parts.push(Item::Owned(s));
                            }
                            Shape::Braced { bars } => {
                                if ctx != Ctx::Inline {
                                    parts.push(Item::Text("{"));
                                }
                                side(&mut parts, &info.left, &infos);
                                parts.push(Item::Owned("|".repeat(*bars)));
                                side(&mut parts, &info.right, &infos);
                                if ctx != Ctx::Inline {
                                    parts.push(Item::Text("}"));
                                }
                            }
                        }
                        if wrap {
                            parts.push(Item::Text(")"));
                        }
                        stack.extend(parts.into_iter().rev());
                    }
                }
            }
            if out.len() >= FLUSH_AT {
                if !sink(&out) {
                    return Ok(false);
                }
                out.clear();
            }
        }
        Ok(out.is_empty() || sink(&out))
    }

    /// The Left and Right options of `g` in the order they are printed.
    ///
    /// ```
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let g = t.nimber(3u64.into()).unwrap();
    /// let (l, _) = t.printed_options(g).unwrap();
    /// let shown: Vec<String> = l.into_iter().map(|o| t.show(o)).collect();
    /// assert_eq!(shown, ["0", "*", "*2"]);
    /// ```
    pub fn printed_options(&mut self, g: Game) -> Result<(Vec<Game>, Vec<Game>), SolveError> {
        let (l, r) = self.options(g)?;
        let keys = self.sort_keys(g)?;
        Ok((order(self, l, &keys), order(self, r, &keys)))
    }

    /// How every general follower of `g` that gets printed is written.
    fn print_infos(&mut self, g: Game) -> Result<FxHashMap<Game, Info>, SolveError> {
        let keys = self.sort_keys(g)?;
        let mut infos: FxHashMap<Game, Info> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if self.as_nus(h).is_some() || (infos.contains_key(&h) && !expanded) {
                continue;
            }
            let (l, r) = self.options(h)?;
            if !expanded {
                stack.push((h, true));
                for &o in l.iter().chain(r.iter()) {
                    if self.as_nus(o).is_none() && !infos.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            if infos.contains_key(&h) {
                continue;
            }
            let left = order(self, l, &keys);
            let right = order(self, r, &keys);
            let shape = self.shape(h, &left, &right, &infos)?;
            infos.insert(h, Info { shape, left, right });
        }
        Ok(infos)
    }

    fn shape(
        &mut self,
        h: Game,
        left: &[Game],
        right: &[Game],
        infos: &FxHashMap<Game, Info>,
    ) -> Result<Shape, SolveError> {
        if self.neg(h)? == h {
            return Ok(Shape::Switch);
        }
        // {x || x | y} = x + Tiny(x - y), and {y | x || x} = x + Miny(y - x).
        if let ([a], [b]) = (left, right) {
            if let Some(x) = self.as_number(*a).cloned()
                && self.as_nus(*b).is_none()
            {
                let (bl, br) = self.options(*b)?;
                if bl == [*a]
                    && let [c] = br[..]
                    && let Some(y) = self.as_number(c)
                    && *y < x
                {
                    let y = x.sub(y);
                    return Ok(Shape::Tiny { x, y, tiny: true });
                }
            }
            if let Some(x) = self.as_number(*b).cloned()
                && self.as_nus(*a).is_none()
            {
                let (al, ar) = self.options(*a)?;
                if ar == [*b]
                    && let [c] = al[..]
                    && let Some(y) = self.as_number(c)
                    && *y > x
                {
                    let y = y.sub(&x);
                    return Ok(Shape::Tiny { x, y, tiny: false });
                }
            }
        }
        let inner = |side: &[Game]| match side {
            [only] => match infos.get(only).map(|i| &i.shape) {
                Some(Shape::Braced { bars }) => *bars,
                _ => 0,
            },
            _ => 0,
        };
        Ok(Shape::Braced {
            bars: 1 + inner(left).max(inner(right)),
        })
    }

    /// Keys that order the followers of `g` by value-dependent data only: stops, then a
    /// hash of the structure.
    fn sort_keys(&mut self, g: Game) -> Result<FxHashMap<Game, (Dyadic, Dyadic, u64)>, SolveError> {
        let mut keys: FxHashMap<Game, (Dyadic, Dyadic, u64)> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if keys.contains_key(&h) {
                continue;
            }
            if let Some(n) = self.as_nus(h) {
                let mut hasher = DefaultHasher::new();
                n.hash(&mut hasher);
                let k = (n.number.clone(), n.number.clone(), hasher.finish());
                keys.insert(h, k);
                continue;
            }
            let (l, r) = self.options(h)?;
            if !expanded {
                stack.push((h, true));
                for &o in l.iter().chain(r.iter()) {
                    if !keys.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let mut lh: Vec<u64> = l.iter().map(|o| keys[o].2).collect();
            let mut rh: Vec<u64> = r.iter().map(|o| keys[o].2).collect();
            lh.sort_unstable();
            rh.sort_unstable();
            let mut hasher = DefaultHasher::new();
            (lh, "|", rh).hash(&mut hasher);
            let (ls, rs) = self.stops(h)?;
            keys.insert(h, (ls, rs, hasher.finish()));
        }
        Ok(keys)
    }
}

/// Sorts options for printing: number-up-stars by number, ups, nimber; then the others
/// by left stop, right stop and structure.
fn order(
    t: &GameTable,
    mut v: Vec<Game>,
    keys: &FxHashMap<Game, (Dyadic, Dyadic, u64)>,
) -> Vec<Game> {
    v.sort_by(|a, b| match (t.as_nus(*a), t.as_nus(*b)) {
        (Some(x), Some(y)) => (&x.number, x.up, &x.star).cmp(&(&y.number, y.up, &y.star)),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => keys[a].cmp(&keys[b]).then(a.cmp(b)),
    });
    v
}

/// Pushes a comma-separated list of options.
fn list(parts: &mut Vec<Item>, opts: &[Game]) {
    for (i, &o) in opts.iter().enumerate() {
        if i > 0 {
            parts.push(Item::Text(","));
        }
        parts.push(Item::Game(o, Ctx::Plain));
    }
}

/// Pushes one side of a braced game: a single braced option in place, else a list.
fn side(parts: &mut Vec<Item>, opts: &[Game], infos: &FxHashMap<Game, Info>) {
    if let [only] = opts
        && matches!(
            infos.get(only).map(|i| &i.shape),
            Some(Shape::Braced { .. })
        )
    {
        parts.push(Item::Game(*only, Ctx::Inline));
        return;
    }
    list(parts, opts);
}
