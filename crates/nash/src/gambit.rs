//! Gambit's strategic-game file format (`.nfg`), read and written.
//!
//! A file starts with `NFG 1 R` (or the older `NFG 1 D`), the game's title in
//! double quotes, the player names in braces, then the strategies: either how many
//! each player has (`{ 3 2 }`, named `1`, `2`, …) or their names
//! (`{ { "a" "b" "c" } { "x" "y" } }`), then an optional comment in double quotes.
//! The body has one of two forms:
//!
//! - the payoff version: for every profile, one payoff per player (in the order of
//!   the players), the profiles listed with the first player's strategy varying
//!   fastest:
//!
//!   ```text
//!   NFG 1 R "Selten (IJGT, 75), Figure 2, normal form"
//!   { "Player 1" "Player 2" } { 3 2 }
//!
//!   1 1 0 2 0 2 1 1 0 3 2 0
//!   ```
//!
//! - the outcome version: a braced list of outcomes `{ "name" p1 p2 … }` (payoffs
//!   optionally separated by commas), numbered from 1, then one outcome number per
//!   profile in the same order, 0 standing for the null outcome (every payoff 0).
//!
//! Tokens are separated by white space; braces, commas and strings need none. A
//! string's `\"` stands for `"` and `\\` for `\` (how Gambit writes them); any other
//! backslash is kept as it is. Payoffs are integers, decimals (`1.5`, `.5`, `2e-3`)
//! or fractions (`3/4`), all read exactly from their text. Names that are empty or
//! repeated are made distinct as Gambit does: each such `x` becomes `x_1`, `x_2`, …
//! (the first `_n` not already a name).
//!
//! Everything is bounded by the text: the numbers of strategies must fit the
//! payoffs actually present before anything is made from them.

use super::Rational;
use super::nplayer::{Normal, profile_count};
use super::number::{self, show};
use super::read::ReadError;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// Whether a text looks like a `.nfg` file (its first word is `NFG`) rather than
/// JSON.
///
/// ```
/// use sprague_nash::gambit::is_nfg;
/// assert!(is_nfg("\n NFG 1 R \"\" { \"a\" } { 1 } 0"));
/// assert!(!is_nfg("{\"rows\": []}"));
/// ```
pub fn is_nfg(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with("NFG")
}

/// Reads a game from the text of a `.nfg` file (either version).
///
/// ```
/// use sprague_nash::gambit::read_nfg;
/// // Gambit's contrib/games/e02.nfg (Selten 1975, figure 2).
/// let g = read_nfg(r#"NFG 1 R "Selten (IJGT, 75), Figure 2, normal form"
/// { "Player 1" "Player 2" } { 3 2 }
///
/// 1 1 0 2 0 2 1 1 0 3 2 0
/// "#).unwrap();
/// assert_eq!(g.players(), 2);
/// // Player 1's third strategy against player 2's second: payoffs 2, 0.
/// assert_eq!(g.payoff(&[2, 1], 0).to_string(), "2");
/// assert_eq!(g.names(0), ["1", "2", "3"]);
///
/// let e = read_nfg("NFG 1 R \"\" { \"A\" \"B\" } { 2 2 }\n1 2 3").unwrap_err();
/// assert_eq!((e.line, e.column), (2, 6));
/// ```
pub fn read_nfg(text: &str) -> Result<Normal, ReadError> {
    Parser {
        lexer: Lexer { text, pos: 0 },
    }
    .game()
}

/// A game as the text of a payoff-version `.nfg` file, which [`read_nfg`] reads
/// back as the same game (and Gambit reads too).
///
/// ```
/// use sprague_nash::gambit::{read_nfg, write_nfg};
/// use sprague_nash::nplayer::Normal;
/// use sprague_nash::Rational;
/// let half = Rational::new(1.into(), 2.into());
/// let g = Normal::new(
///     vec!["say \"hi\"".into(), "C:\\".into()],
///     vec![vec!["a".into()], vec!["x".into()]],
///     vec![half.clone(), -half],
/// )
/// .unwrap();
/// let text = write_nfg(&g);
/// assert_eq!(text, "NFG 1 R \"\" { \"say \\\"hi\\\"\" \"C:\\\\\" }\n{ { \"a\" } { \"x\" } }\n\n1/2 -1/2\n");
/// assert_eq!(read_nfg(&text).unwrap(), g);
/// ```
pub fn write_nfg(game: &Normal) -> String {
    let mut out = String::from("NFG 1 R ");
    quote(&mut out, game.title());
    out.push_str(" {");
    for name in game.player_names() {
        out.push(' ');
        quote(&mut out, name);
    }
    out.push_str(" }\n{");
    for p in 0..game.players() {
        out.push_str(" {");
        for name in game.names(p) {
            out.push(' ');
            quote(&mut out, name);
        }
        out.push_str(" }");
    }
    out.push_str(" }\n");
    if !game.comment().is_empty() {
        quote(&mut out, game.comment());
        out.push('\n');
    }
    out.push('\n');
    for index in 0..game.profiles() {
        let values: Vec<String> = game.payoffs_at(index).iter().map(show).collect();
        let _ = writeln!(out, "{}", values.join(" "));
    }
    out
}

/// Appends `s` in double quotes, with `\` and `"` escaped by a backslash.
pub(crate) fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

/// A token of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    Open,
    Close,
    Comma,
    /// A string in double quotes, its escapes resolved.
    Text(String),
    /// Anything else up to white space, a brace, a comma or a quote: a number or
    /// a word such as `NFG`.
    Word(&'a str),
    End,
}

impl Tok<'_> {
    /// The token in words, for messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Open => "'{'".into(),
            Tok::Close => "'}'".into(),
            Tok::Comma => "','".into(),
            Tok::Text(s) => format!("the string {:?}", shorten(s)),
            Tok::Word(w) => format!("'{}'", shorten(w)),
            Tok::End => "the end of the file".into(),
        }
    }
}

/// At most 40 characters of `s`, with `…` when cut.
pub(crate) fn shorten(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

#[derive(Clone)]
pub(crate) struct Lexer<'a> {
    pub(crate) text: &'a str,
    pub(crate) pos: usize,
}

impl<'a> Lexer<'a> {
    /// An error at byte `at` of the text.
    pub(crate) fn error(&self, at: usize, message: String) -> ReadError {
        let before = &self.text[..at.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        ReadError {
            line,
            column: before[start..].chars().count() + 1,
            message,
        }
    }

    /// The next token and the byte where it starts.
    pub(crate) fn next(&mut self) -> Result<(usize, Tok<'a>), ReadError> {
        let rest = &self.text[self.pos..];
        let skipped = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
                .len();
        self.pos += skipped;
        let start = self.pos;
        let rest = &self.text[start..];
        let Some(c) = rest.chars().next() else {
            return Ok((start, Tok::End));
        };
        let single = match c {
            '{' => Some(Tok::Open),
            '}' => Some(Tok::Close),
            ',' => Some(Tok::Comma),
            _ => None,
        };
        if let Some(t) = single {
            self.pos += 1;
            return Ok((start, t));
        }
        if c == '"' {
            let mut s = String::new();
            let mut chars = rest.char_indices().skip(1);
            while let Some((i, c)) = chars.next() {
                match c {
                    '"' => {
                        self.pos = start + i + 1;
                        return Ok((start, Tok::Text(s)));
                    }
                    '\\' => match chars.next() {
                        Some((_, e @ ('"' | '\\'))) => s.push(e),
                        Some((_, e)) => {
                            s.push('\\');
                            s.push(e);
                        }
                        None => break,
                    },
                    _ => s.push(c),
                }
            }
            return Err(self.error(
                start,
                "a string that is never closed (no ending '\"')".into(),
            ));
        }
        let len = rest
            .find(|c: char| c.is_whitespace() || matches!(c, '{' | '}' | ',' | '"'))
            .unwrap_or(rest.len());
        self.pos += len;
        Ok((start, Tok::Word(&rest[..len])))
    }

    /// How many tokens are left, from here to the end (without moving on).
    fn count_rest(&self) -> Result<usize, ReadError> {
        let mut copy = self.clone();
        let mut k = 0;
        while copy.next()?.1 != Tok::End {
            k += 1;
        }
        Ok(k)
    }
}

struct Parser<'a> {
    lexer: Lexer<'a>,
}

impl<'a> Parser<'a> {
    fn error(&self, at: usize, message: String) -> ReadError {
        self.lexer.error(at, message)
    }

    fn next(&mut self) -> Result<(usize, Tok<'a>), ReadError> {
        self.lexer.next()
    }

    /// The next token, which must be `want`; else an error saying `expected`.
    fn expect(&mut self, want: Tok<'_>, expected: &str) -> Result<usize, ReadError> {
        let (at, t) = self.next()?;
        if t != want {
            return Err(self.error(at, format!("expected {expected}, found {}", t.describe())));
        }
        Ok(at)
    }

    fn game(mut self) -> Result<Normal, ReadError> {
        let (at, t) = self.next()?;
        if t != Tok::Word("NFG") {
            return Err(self.error(
                at,
                format!(
                    "not a Gambit .nfg file: expected NFG at the start, found {}",
                    t.describe()
                ),
            ));
        }
        let (at, t) = self.next()?;
        if t != Tok::Word("1") {
            return Err(self.error(
                at,
                format!("expected the version 1 after NFG, found {}", t.describe()),
            ));
        }
        let (at, t) = self.next()?;
        if t != Tok::Word("R") && t != Tok::Word("D") {
            return Err(self.error(
                at,
                format!("expected R (or D) after NFG 1, found {}", t.describe()),
            ));
        }
        let (at, t) = self.next()?;
        let Tok::Text(title) = t else {
            return Err(self.error(
                at,
                format!(
                    "expected the game's title (a string in double quotes), found {}",
                    t.describe()
                ),
            ));
        };
        // The players.
        let players_at = self.expect(Tok::Open, "'{' before the players' names")?;
        let mut players = Vec::new();
        loop {
            let (at, t) = self.next()?;
            match t {
                Tok::Text(name) => players.push(name),
                Tok::Close => break,
                t => {
                    return Err(self.error(
                        at,
                        format!(
                            "expected a player's name (a string in double quotes) or '}}', found {}",
                            t.describe()
                        ),
                    ));
                }
            }
        }
        if players.is_empty() {
            return Err(self.error(players_at, "the game has no player".into()));
        }
        let n = players.len();
        // The strategies: counts or names.
        self.expect(Tok::Open, "'{' before the strategies")?;
        let (first_at, first) = self.next()?;
        let mut strategies: Vec<Vec<String>> = Vec::new();
        let mut counts: Vec<(usize, usize)> = Vec::new();
        if first == Tok::Open {
            let (mut at, mut t) = (first_at, first);
            loop {
                match t {
                    Tok::Open if strategies.len() < n => {}
                    Tok::Close if strategies.len() == n => break,
                    Tok::Close => {
                        return Err(self.error(
                            at,
                            format!(
                                "strategies listed for {} of the {n} players",
                                strategies.len()
                            ),
                        ));
                    }
                    t => {
                        let want = if strategies.len() < n {
                            "'{' and the names of the next player's strategies"
                        } else {
                            "'}' after the strategies of every player"
                        };
                        return Err(
                            self.error(at, format!("expected {want}, found {}", t.describe()))
                        );
                    }
                }
                let list_at = at;
                let mut names = Vec::new();
                loop {
                    let (at, t) = self.next()?;
                    match t {
                        Tok::Text(name) => names.push(name),
                        Tok::Close => break,
                        t => {
                            return Err(self.error(
                                at,
                                format!(
                                    "expected a strategy's name (a string in double quotes) or '}}', found {}",
                                    t.describe()
                                ),
                            ));
                        }
                    }
                }
                if names.is_empty() {
                    return Err(self.error(
                        list_at,
                        format!("player {} has no strategy", strategies.len() + 1),
                    ));
                }
                counts.push((list_at, names.len()));
                strategies.push(names);
                (at, t) = self.next()?;
            }
        } else {
            let (mut at, mut t) = (first_at, first);
            loop {
                match t {
                    Tok::Word(w) if counts.len() < n => {
                        let k = self.count(at, w, counts.len() + 1)?;
                        counts.push((at, k));
                    }
                    Tok::Close if counts.len() == n => break,
                    Tok::Close => {
                        return Err(self.error(
                            at,
                            format!(
                                "numbers of strategies given for {} of the {n} players",
                                counts.len()
                            ),
                        ));
                    }
                    t => {
                        let want = if counts.len() < n {
                            "the number of strategies of the next player"
                        } else {
                            "'}' after the numbers of strategies of every player"
                        };
                        return Err(
                            self.error(at, format!("expected {want}, found {}", t.describe()))
                        );
                    }
                }
                (at, t) = self.next()?;
            }
        }
        // The optional comment, then the body.
        let (mut at, mut t) = self.next()?;
        let mut comment = String::new();
        if let Tok::Text(c) = t {
            comment = c;
            (at, t) = self.next()?;
        }
        let profiles = profile_count(counts.iter().map(|c| c.1));
        let payoffs = match t {
            Tok::Open => self.outcome_body(n, profiles, &counts)?,
            Tok::Word(_) => {
                // Back to the first payoff, to count them.
                self.lexer.pos = at;
                self.payoff_body(n, profiles, &counts)?
            }
            t => {
                return Err(self.error(
                    at,
                    format!(
                        "expected the payoffs (numbers) or '{{' and a list of outcomes, found {}",
                        t.describe()
                    ),
                ));
            }
        };
        let (at, t) = self.next()?;
        if t != Tok::End {
            return Err(self.error(
                at,
                format!(
                    "expected the end of the file after the last profile, found {}",
                    t.describe()
                ),
            ));
        }
        if strategies.is_empty() {
            strategies = counts
                .iter()
                .map(|&(_, k)| (1..=k).map(|s| s.to_string()).collect())
                .collect();
        }
        normalize(&mut players);
        for names in &mut strategies {
            normalize(names);
        }
        Normal::new(players, strategies, payoffs)
            .map(|g| g.with_title(title, comment))
            .map_err(|e| self.error(0, e.to_string()))
    }

    /// A number of strategies: a positive integer (a number too large to be
    /// counted becomes `usize::MAX`, refused later against the payoffs present).
    fn count(&self, at: usize, w: &str, player: usize) -> Result<usize, ReadError> {
        if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(
                at,
                format!(
                    "expected the number of strategies of player {player} (a positive integer), found '{}'",
                    shorten(w)
                ),
            ));
        }
        let k = w.parse::<usize>().unwrap_or(usize::MAX);
        if k == 0 {
            return Err(self.error(at, format!("player {player} has no strategy (0)")));
        }
        Ok(k)
    }

    /// "2 players with 3 × 2 strategies".
    fn shape(n: usize, counts: &[(usize, usize)]) -> String {
        let ks: Vec<String> = counts.iter().map(|c| c.1.to_string()).collect();
        format!(
            "{n} {} with {} strategies",
            if n == 1 { "player" } else { "players" },
            ks.join(" × ")
        )
    }

    /// `Err` unless at least `needed` tokens are left (`None`: too many to count);
    /// `what` names them.
    fn check_left(
        &self,
        needed: Option<usize>,
        n: usize,
        counts: &[(usize, usize)],
        what: &str,
    ) -> Result<usize, ReadError> {
        let left = self.lexer.count_rest()?;
        match needed {
            Some(k) if k <= left => Ok(k),
            _ => {
                let need =
                    needed.map_or_else(|| "more than can be counted".into(), |k| k.to_string());
                let end = self.lexer.text.len();
                Err(self.error(
                    end,
                    format!(
                        "the file ends after {left} {what}, but {} need {need}",
                        Self::shape(n, counts)
                    ),
                ))
            }
        }
    }

    fn payoff_body(
        &mut self,
        n: usize,
        profiles: Option<usize>,
        counts: &[(usize, usize)],
    ) -> Result<Vec<Rational>, ReadError> {
        let needed = profiles.and_then(|p| p.checked_mul(n));
        let needed = self.check_left(needed, n, counts, "payoffs")?;
        let mut payoffs = Vec::with_capacity(needed);
        for _ in 0..needed {
            let (at, t) = self.next()?;
            payoffs.push(self.number(at, &t, "a payoff")?);
        }
        Ok(payoffs)
    }

    /// A payoff: a word holding a number.
    fn number(&self, at: usize, t: &Tok<'_>, what: &str) -> Result<Rational, ReadError> {
        let Tok::Word(w) = t else {
            return Err(self.error(
                at,
                format!("expected {what} (a number), found {}", t.describe()),
            ));
        };
        parse_number(w)
            .map_err(|e| self.error(at, format!("'{}' is not a number: {e}", shorten(w))))
    }

    fn outcome_body(
        &mut self,
        n: usize,
        profiles: Option<usize>,
        counts: &[(usize, usize)],
    ) -> Result<Vec<Rational>, ReadError> {
        let mut outcomes: Vec<Vec<Rational>> = Vec::new();
        loop {
            let (at, t) = self.next()?;
            match t {
                Tok::Open => {}
                Tok::Close => break,
                t => {
                    return Err(self.error(
                        at,
                        format!(
                            "expected '{{' and an outcome, or '}}' after the outcomes, found {}",
                            t.describe()
                        ),
                    ));
                }
            }
            let (at, t) = self.next()?;
            if !matches!(t, Tok::Text(_)) {
                return Err(self.error(
                    at,
                    format!(
                        "expected the name of outcome {} (a string in double quotes), found {}",
                        outcomes.len() + 1,
                        t.describe()
                    ),
                ));
            }
            let mut values = Vec::new();
            let mut t = self.next()?;
            for _ in 0..n {
                values.push(self.number(t.0, &t.1, "a payoff of the outcome")?);
                t = self.next()?;
                if t.1 == Tok::Comma {
                    t = self.next()?;
                }
            }
            if t.1 != Tok::Close {
                return Err(self.error(
                    t.0,
                    format!(
                        "expected '}}' after the {n} payoffs of outcome {}, found {}",
                        outcomes.len() + 1,
                        t.1.describe()
                    ),
                ));
            }
            outcomes.push(values);
        }
        let needed = self.check_left(profiles, n, counts, "outcome numbers")?;
        let zero = Rational::from_integer(0.into());
        let mut payoffs = Vec::with_capacity(needed.saturating_mul(n));
        for _ in 0..needed {
            let (at, t) = self.next()?;
            let k = match &t {
                Tok::Word(w) if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) => {
                    w.parse::<usize>().ok().filter(|&k| k <= outcomes.len())
                }
                _ => {
                    return Err(self.error(
                        at,
                        format!("expected an outcome number, found {}", t.describe()),
                    ));
                }
            };
            match k {
                Some(0) => payoffs.extend(std::iter::repeat_n(zero.clone(), n)),
                Some(k) => payoffs.extend(outcomes[k - 1].iter().cloned()),
                None => {
                    return Err(self.error(
                        at,
                        format!(
                            "outcome number {} is not among the {} outcomes listed (0 is the null outcome)",
                            t.describe(),
                            outcomes.len()
                        ),
                    ));
                }
            }
        }
        Ok(payoffs)
    }
}

/// A number as Gambit writes them: [`number::parse`]'s forms, and also decimals
/// such as `.5` or `1.` (with no digit on one side of the point).
pub(crate) fn parse_number(w: &str) -> Result<Rational, number::NumberError> {
    if w.contains('/') || !w.contains('.') {
        return number::parse(w);
    }
    let (sign, rest) = match w.as_bytes()[0] {
        b'+' | b'-' => (&w[..1], &w[1..]),
        _ => ("", w),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return Err(number::NumberError::Malformed);
    }
    let int = if int.is_empty() { "0" } else { int };
    let frac = if frac.is_empty() { "0" } else { frac };
    number::parse(&format!("{sign}{int}.{frac}{exponent}"))
}

/// Makes empty or repeated names distinct, as Gambit does: each such name `x`
/// becomes `x_1`, `x_2`, … (skipping any already taken).
pub(crate) fn normalize(names: &mut [String]) {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for name in names.iter() {
        *counts.entry(name.clone()).or_default() += 1;
    }
    let mut used: HashSet<String> = names.iter().cloned().collect();
    let mut last: HashMap<String, usize> = HashMap::new();
    for name in names.iter_mut() {
        if counts[name.as_str()] == 1 && !name.is_empty() {
            continue;
        }
        let k = last.entry(name.clone()).or_default();
        let candidate = loop {
            *k += 1;
            let c = format!("{name}_{k}");
            if !used.contains(&c) {
                break c;
            }
        };
        used.insert(candidate.clone());
        *name = candidate;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read_nfg(text).unwrap_err().to_string()
    }

    const HEAD: &str = "NFG 1 R \"t\" { \"A\" \"B\" } { 2 2 }\n";

    #[test]
    fn numbers_are_exact() {
        let g = read_nfg(&format!("{HEAD}1.5 -3/4 .5 2. 1e2 -0.125E1 +7 0")).unwrap();
        let all: Vec<String> = (0..4)
            .flat_map(|i| g.payoffs_at(i).iter().map(show).collect::<Vec<_>>())
            .collect();
        assert_eq!(all, ["3/2", "-3/4", "1/2", "2", "100", "-5/4", "7", "0"]);
    }

    #[test]
    fn names_are_made_distinct_like_gambit() {
        let mut v: Vec<String> = ["x", "x", "x_1", "", "y"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        normalize(&mut v);
        assert_eq!(v, ["x_2", "x_3", "x_1", "_1", "y"]);
    }

    #[test]
    fn strings_keep_unknown_escapes() {
        let g =
            read_nfg("NFG 1 R \"\" { \"a\\\"b\" \"c\\\\d\" \"e\\nf\" } { 1 1 1 } 0 0 0").unwrap();
        assert_eq!(g.player_names(), ["a\"b", "c\\d", "e\\nf"]);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            err(""),
            "line 1, column 1: not a Gambit .nfg file: expected NFG at the start, found the end of the file"
        );
        assert_eq!(
            err("NFG 2 R"),
            "line 1, column 5: expected the version 1 after NFG, found '2'"
        );
        assert_eq!(
            err("NFG 1 X"),
            "line 1, column 7: expected R (or D) after NFG 1, found 'X'"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { } { }"),
            "line 1, column 13: the game has no player"
        );
        assert_eq!(
            err(&format!("{HEAD}1 2 3")),
            "line 2, column 6: the file ends after 3 payoffs, but 2 players with 2 × 2 strategies need 8"
        );
        assert_eq!(
            err(&format!("{HEAD}1 2 3 4 5 6 7 8 9")),
            "line 2, column 17: expected the end of the file after the last profile, found '9'"
        );
        assert_eq!(
            err(&format!("{HEAD}1 2 3 x 5 6 7 8")),
            "line 2, column 7: 'x' is not a number: expected an integer, a decimal such as -0.25 or 1e3, or a fraction such as \"3/4\""
        );
        assert_eq!(
            err(&format!("{HEAD}1 2 3 1/0 5 6 7 8")),
            "line 2, column 7: '1/0' is not a number: the denominator is zero"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" \"B\" } { 2 0 } 1"),
            "line 1, column 29: player 2 has no strategy (0)"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" \"B\" } { 2 } 1"),
            "line 1, column 29: numbers of strategies given for 1 of the 2 players"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" } { { \"a\" } { \"b\" } } 1"),
            "line 1, column 31: expected '}' after the strategies of every player, found '{'"
        );
        assert_eq!(
            err("NFG 1 R \"t\n{ A } { 1 } 1"),
            "line 1, column 9: a string that is never closed (no ending '\"')"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" } { 2.5 } 1"),
            "line 1, column 23: expected the number of strategies of player 1 (a positive integer), found '2.5'"
        );
        // A string with a line break is shown on one line.
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" } { 1 } \"c\" \"two\nlines\" 1"),
            "line 1, column 31: expected the payoffs (numbers) or '{' and a list of outcomes, found the string \"two\\nlines\""
        );
        // Outcomes.
        let o = "NFG 1 R \"t\" { \"A\" \"B\" } { 1 2 }\n{ { \"o\" 1, 2 } }\n";
        assert_eq!(
            err(&format!("{o}1 2")),
            "line 3, column 3: outcome number '2' is not among the 1 outcomes listed (0 is the null outcome)"
        );
        assert_eq!(
            err(&format!("{o}1")),
            "line 3, column 2: the file ends after 1 outcome numbers, but 2 players with 1 × 2 strategies need 2"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" \"B\" } { 1 2 }\n{ { \"o\" 1 } }\n1 1"),
            "line 2, column 11: expected a payoff of the outcome (a number), found '}'"
        );
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" \"B\" } { 1 2 }\n{ { \"o\" 1 2 3 } }\n1 1"),
            "line 2, column 13: expected '}' after the 2 payoffs of outcome 1, found '3'"
        );
    }

    #[test]
    fn every_cut_or_change_of_a_file_is_read_or_refused() {
        // Every prefix of a file of each version, and each with one byte changed
        // into each of a few troublesome ones: an answer, never a panic, and errors
        // on one line, within the text.
        let files = [
            "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { { \"a\" \"b\" } { \"x\" } { \"u\" \"v\" } } \"c\"\n1 2 3 4 5 6 7 8 9 -1/2 .5 1e1\n",
            "NFG 1 D \"t\" { \"A\" \"B\" } { 1 2 }\n{ { \"o\" 1, 2 } { \"p\" 3 4 } }\n2 0\n",
        ];
        for file in files {
            assert!(read_nfg(file).is_ok());
            for cut in (0..=file.len()).filter(|&i| file.is_char_boundary(i)) {
                check(&file[..cut]);
                for b in ["{", "}", ",", "\"", "\\", "0", "9", " ", "é", "/"] {
                    if cut < file.len() {
                        check(&format!("{}{b}{}", &file[..cut], &file[cut + 1..]));
                    }
                }
            }
        }

        fn check(text: &str) {
            if let Err(e) = read_nfg(text) {
                assert!(!e.to_string().contains('\n'), "{e}");
                assert!(e.line <= text.lines().count() + 1, "{e}");
            }
        }
    }

    #[test]
    fn huge_counts_are_refused_before_anything_is_made() {
        assert_eq!(
            err("NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 100000 100000 100000 }\n1 2 3"),
            "line 2, column 6: the file ends after 3 payoffs, but 3 players with 100000 × 100000 × 100000 strategies need 3000000000000000"
        );
        assert!(
            err("NFG 1 R \"t\" { \"A\" \"B\" } { 99999999999999999999999 4 }\n1 2 3")
                .ends_with("need more than can be counted")
        );
        assert!(
            err("NFG 1 R \"t\" { \"A\" \"B\" } { 4294967296 4294967296 }\n{ }\n1 2 3")
                .ends_with("need more than can be counted")
        );
    }
}
