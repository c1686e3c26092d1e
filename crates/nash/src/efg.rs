//! Gambit's extensive-game file format (`.efg`), read and written.
//!
//! A file starts with `EFG 2 R` (or the older `EFG 2 D`), the game's title in
//! double quotes, the player names in braces and an optional comment in double
//! quotes. The body lists the nodes of the tree in prefix order (a node, then the
//! subtrees of its children from the first to the last), one of three kinds:
//!
//! - `c "name" 1 "info" { "a" 1/2 "b" 1/2 } 0`: a chance node, its information set
//!   number, then (optionally) the set's name and its actions with their
//!   probabilities, then its outcome;
//! - `p "name" 2 1 "info" { "a" "b" } 0`: a personal node, its player (from 1) and
//!   information set number, then (optionally) the set's name and actions, then its
//!   outcome;
//! - `t "name" 3 "outcome" { 1, -1 }`: a terminal node and its outcome.
//!
//! An outcome is a number, 0 for none, then (optionally) its name and one payoff per
//! player in braces, separated by white space or commas. The second and later
//! times an information set or outcome appears its description may be left out;
//! given again, it must be the same. Outcomes of non-terminal nodes add to the
//! payoffs of every play through them.
//!
//! Numbers are read exactly from their text (integers, decimals such as `.25` or
//! `1e-3`, fractions `3/4`); the probabilities of every chance node are at least 0
//! and sum to exactly 1. Nothing is allocated from a count read in the file: every
//! list is as long as the tokens actually present. The tree is read with an explicit
//! stack, never by recursion; it may be at most [`MAX_DEPTH`] nodes deep.

use super::Rational;
use super::gambit::{Lexer, Tok, normalize, parse_number, quote, shorten};
use super::number::{same, show};
use super::read::ReadError;
use num_traits::{One, Signed, Zero};
use std::collections::HashMap;
use std::fmt;

/// The most levels of a tree read (the root is at depth 0): the drawing and the
/// reports follow paths from the root, so longer ones are refused as a limit.
pub const MAX_DEPTH: usize = 100_000;

/// The most nodes of a tree read (beyond, a limit like [`MAX_DEPTH`]).
pub const MAX_NODES: usize = 1_000_000;

/// A game tree read from a `.efg` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Efg {
    title: String,
    comment: String,
    players: Vec<String>,
    nodes: Vec<Node>,
    infosets: Vec<Infoset>,
    outcomes: Vec<Outcome>,
    /// Each node's index among its parent's children (0 for the root).
    actions: Vec<usize>,
    /// Each player's information sets, in order of first appearance.
    by_player: Vec<Vec<usize>>,
}

/// A node of the tree. Nodes are numbered in prefix order, the root 0: every
/// node's parent has a smaller number than it, and its subtree is the range of
/// numbers from it up to the next node not below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The node's name (often empty).
    pub name: String,
    /// The node above, `None` for the root.
    pub parent: Option<usize>,
    /// The nodes below, one per action of the information set, in order.
    pub children: Vec<usize>,
    /// The information set (an index of [`Efg::infosets`]); `None` for a terminal node.
    pub infoset: Option<usize>,
    /// The outcome (an index of [`Efg::outcomes`]), `None` for the null outcome.
    pub outcome: Option<usize>,
    /// The number of nodes above.
    pub depth: usize,
}

/// An information set: the nodes among which its player cannot tell apart, with
/// their common actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Infoset {
    /// The player (from 0), `None` for chance.
    pub player: Option<usize>,
    /// Its number in the file (unique for its player).
    pub number: u64,
    /// Its name (often empty).
    pub name: String,
    /// The names of its actions.
    pub actions: Vec<String>,
    /// The probabilities of the actions of a chance set (empty for a player's).
    pub probabilities: Vec<Rational>,
    /// Its nodes, in prefix order.
    pub nodes: Vec<usize>,
}

/// An outcome: a payoff for every player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Its number in the file (from 1).
    pub number: u64,
    /// Its name (often empty).
    pub name: String,
    /// One payoff per player.
    pub payoffs: Vec<Rational>,
}

/// Why a text is not a game tree: bad input, or a tree beyond [`MAX_DEPTH`] or
/// [`MAX_NODES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EfgError {
    /// The text is not a valid `.efg` file: where and why.
    Read(ReadError),
    /// The tree is deeper than [`MAX_DEPTH`] or has more than [`MAX_NODES`] nodes
    /// (at the line and column of the first node beyond): a limit, not bad input.
    TooDeep(ReadError),
}

impl fmt::Display for EfgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EfgError::Read(e) | EfgError::TooDeep(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EfgError {}

impl From<ReadError> for EfgError {
    fn from(e: ReadError) -> Self {
        EfgError::Read(e)
    }
}

/// Whether a text looks like a `.efg` file: its first word is `EFG`.
///
/// ```
/// use sprague_nash::efg::is_efg;
/// assert!(is_efg(" EFG 2 R \"\" { \"a\" } t \"\" 0"));
/// assert!(!is_efg("NFG 1 R \"\" { \"a\" } { 1 } 0"));
/// ```
pub fn is_efg(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with("EFG")
}

impl Efg {
    /// The title (empty if none).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The comment (empty if none).
    pub fn comment(&self) -> &str {
        &self.comment
    }

    /// The players' names, made distinct and non-empty as for `.nfg` files.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// Every node, in prefix order (the root first).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Every information set, chance's and the players', in order of first appearance.
    pub fn infosets(&self) -> &[Infoset] {
        &self.infosets
    }

    /// Every outcome, in order of first appearance.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The player of node `v` (from 0): `None` for chance and terminal nodes.
    pub fn player(&self, v: usize) -> Option<usize> {
        self.nodes[v].infoset.and_then(|h| self.infosets[h].player)
    }

    /// Whether node `v` is a chance node.
    pub fn is_chance(&self, v: usize) -> bool {
        matches!(self.nodes[v].infoset, Some(h) if self.infosets[h].player.is_none())
    }

    /// The information sets of player `p`, in order of first appearance.
    pub fn infosets_of(&self, p: usize) -> &[usize] {
        &self.by_player[p]
    }

    /// The index of `v` among its parent's children (the action taken to reach it).
    pub fn action_to(&self, v: usize) -> Option<usize> {
        self.nodes[v].parent.map(|_| self.actions[v])
    }

    /// The payoffs of the outcome of node `v` (zero for the null outcome).
    pub fn outcome_payoffs(&self, v: usize) -> Vec<Rational> {
        match self.nodes[v].outcome {
            Some(o) => self.outcomes[o].payoffs.clone(),
            None => vec![Rational::zero(); self.players.len()],
        }
    }

    /// Whether every player's information set has a single node.
    pub fn perfect_information(&self) -> bool {
        self.infosets
            .iter()
            .all(|h| h.player.is_none() || h.nodes.len() == 1)
    }

    /// The payoffs of a play that ends at node `v`: the sum of the outcomes from the
    /// root down to `v` (walking up, one step per level).
    pub fn terminal_payoff(&self, v: usize) -> Vec<Rational> {
        let mut sum = vec![Rational::zero(); self.players.len()];
        let mut at = Some(v);
        while let Some(u) = at {
            if let Some(o) = self.nodes[u].outcome {
                for (x, y) in sum.iter_mut().zip(&self.outcomes[o].payoffs) {
                    *x += y;
                }
            }
            at = self.nodes[u].parent;
        }
        sum
    }

    /// The payoffs of every terminal node (the sum of the outcomes on its path),
    /// found in one pass in prefix order with a stack of partial sums.
    pub fn terminal_payoffs(&self) -> HashMap<usize, Vec<Rational>> {
        let mut sums: Vec<Vec<Rational>> = Vec::new();
        let mut out = HashMap::new();
        for (v, node) in self.nodes.iter().enumerate() {
            sums.truncate(node.depth);
            let mut here = sums
                .last()
                .cloned()
                .unwrap_or_else(|| vec![Rational::zero(); self.players.len()]);
            if let Some(o) = node.outcome {
                for (x, y) in here.iter_mut().zip(&self.outcomes[o].payoffs) {
                    *x += y;
                }
            }
            if node.children.is_empty() {
                out.insert(v, here.clone());
            }
            sums.push(here);
        }
        out
    }
}

/// Reads a game tree from the text of a `.efg` file.
///
/// ```
/// use sprague_nash::efg::read_efg;
/// // Selten (1975), figure 2, as in Gambit's catalog/journals/ijgt/selten1975/fig2.efg.
/// let g = read_efg(r#"EFG 2 R "Selten figure 2" { "Player 1" "Player 2" }
/// p "" 1 1 "" { "R" "L" } 0
/// t "" 1 "Outcome 1" { 1, 1 }
/// p "" 2 1 "" { "R" "L" } 0
/// t "" 2 "Outcome 2" { 0, 2 }
/// p "" 1 2 "" { "r" "l" } 0
/// t "" 3 "Outcome 3" { 0, 3 }
/// t "" 4 "Outcome 4" { 2, 0 }
/// "#).unwrap();
/// assert_eq!(g.nodes().len(), 7);
/// assert!(g.perfect_information());
///
/// let e = read_efg("EFG 2 R \"\" { \"A\" }\nc \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/3 } 0\nt \"\" 0\nt \"\" 0")
///     .unwrap_err();
/// assert_eq!(e.to_string(), "line 2, column 11: the probabilities of chance's information set 1 sum to 5/6, not 1");
/// ```
pub fn read_efg(text: &str) -> Result<Efg, EfgError> {
    Reader {
        lexer: Lexer { text, pos: 0 },
        players: Vec::new(),
        infosets: Vec::new(),
        infoset_index: HashMap::new(),
        outcomes: Vec::new(),
        outcome_index: HashMap::new(),
    }
    .read()
}

/// The state of a reading.
struct Reader<'a> {
    lexer: Lexer<'a>,
    players: Vec<String>,
    infosets: Vec<Infoset>,
    /// (player + 1, or 0 for chance; number) → index.
    infoset_index: HashMap<(usize, u64), usize>,
    outcomes: Vec<Outcome>,
    outcome_index: HashMap<u64, usize>,
}

/// An optional description read by `Parser::description`: where it starts, its
/// name, where its list starts (or what stands there), and whether it had one.
struct Description {
    at: usize,
    name: Option<String>,
    open_at: usize,
    listed: bool,
}

impl<'a> Reader<'a> {
    fn error(&self, at: usize, message: String) -> ReadError {
        self.lexer.error(at, message)
    }

    /// "expected `what` or '}', found `t`" at `at`: a list's item was not one.
    fn not_item(&self, at: usize, what: &str, t: &Tok) -> ReadError {
        self.error(
            at,
            format!("expected {what} or '}}', found {}", t.describe()),
        )
    }

    fn next(&mut self) -> Result<(usize, Tok<'a>), ReadError> {
        self.lexer.next()
    }

    /// The next token without moving on.
    fn peek(&self) -> Result<(usize, Tok<'a>), ReadError> {
        self.lexer.clone().next()
    }

    fn read(mut self) -> Result<Efg, EfgError> {
        let (at, t) = self.next()?;
        if t != Tok::Word("EFG") {
            return Err(self
                .error(
                    at,
                    format!(
                        "not a Gambit .efg file: expected EFG at the start, found {}",
                        t.describe()
                    ),
                )
                .into());
        }
        let (at, t) = self.next()?;
        if t != Tok::Word("2") {
            return Err(self
                .error(
                    at,
                    format!("expected the version 2 after EFG, found {}", t.describe()),
                )
                .into());
        }
        let (at, t) = self.next()?;
        if t != Tok::Word("R") && t != Tok::Word("D") {
            return Err(self
                .error(
                    at,
                    format!("expected R (or D) after EFG 2, found {}", t.describe()),
                )
                .into());
        }
        let (at, t) = self.next()?;
        let Tok::Text(title) = t else {
            return Err(self
                .error(
                    at,
                    format!(
                        "expected the game's title (a string in double quotes), found {}",
                        t.describe()
                    ),
                )
                .into());
        };
        let (at, t) = self.next()?;
        if t != Tok::Open {
            return Err(self
                .error(
                    at,
                    format!(
                        "expected '{{' before the players' names, found {}",
                        t.describe()
                    ),
                )
                .into());
        }
        let players_at = at;
        loop {
            let (at, t) = self.next()?;
            match t {
                Tok::Text(name) => self.players.push(name),
                Tok::Close => break,
                t => {
                    return Err(self
                        .not_item(at, "a player's name (a string in double quotes)", &t)
                        .into());
                }
            }
        }
        if self.players.is_empty() {
            return Err(self
                .error(players_at, "the game has no player".into())
                .into());
        }
        let mut comment = String::new();
        if let (_, Tok::Text(c)) = self.peek()? {
            comment = c;
            self.next()?;
        }
        let nodes = self.body()?;
        let mut players = self.players;
        normalize(&mut players);
        let nodes = nodes.0;
        let mut actions = vec![0; nodes.len()];
        for node in &nodes {
            for (a, &c) in node.children.iter().enumerate() {
                actions[c] = a;
            }
        }
        let mut by_player = vec![Vec::new(); players.len()];
        for (h, set) in self.infosets.iter().enumerate() {
            if let Some(p) = set.player {
                by_player[p].push(h);
            }
        }
        Ok(Efg {
            title,
            comment,
            players,
            nodes,
            infosets: self.infosets,
            outcomes: self.outcomes,
            actions,
            by_player,
        })
    }

    /// The nodes, in prefix order, and the byte where each starts.
    fn body(&mut self) -> Result<(Vec<Node>, Vec<usize>), EfgError> {
        let mut nodes: Vec<Node> = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        // The nodes still waiting for children: (node, children still to come).
        let mut open: Vec<(usize, usize)> = Vec::new();
        loop {
            let (at, t) = self.next()?;
            if t == Tok::End {
                if nodes.is_empty() {
                    return Err(self
                        .error(at, "the game has no node (expected c, p or t)".into())
                        .into());
                }
                if let Some(&(v, left)) = open.last() {
                    return Err(self
                        .error(
                            at,
                            format!(
                                "the file ends early: the node at line {} still needs {left} more {}",
                                self.error(starts[v], String::new()).line,
                                if left == 1 { "child" } else { "children" }
                            ),
                        )
                        .into());
                }
                return Ok((nodes, starts));
            }
            if !nodes.is_empty() && open.is_empty() {
                return Err(self
                    .error(
                        at,
                        format!(
                            "expected the end of the file after the last node of the tree, found {}",
                            t.describe()
                        ),
                    )
                    .into());
            }
            let parent = open.last().map(|&(v, _)| v);
            let depth = parent.map_or(0, |p| nodes[p].depth + 1);
            if depth > MAX_DEPTH {
                return Err(EfgError::TooDeep(self.error(
                    at,
                    format!("the tree is deeper than the {MAX_DEPTH} levels allowed"),
                )));
            }
            let v = nodes.len();
            if v >= MAX_NODES {
                return Err(EfgError::TooDeep(self.error(
                    at,
                    format!("the tree has more than the {MAX_NODES} nodes allowed"),
                )));
            }
            let (name, infoset, outcome) = match t {
                Tok::Word("c") => {
                    let name = self.node_name()?;
                    let h = self.infoset(None)?;
                    (name, Some(h), self.outcome()?)
                }
                Tok::Word("p") => {
                    let name = self.node_name()?;
                    let (pat, pt) = self.next()?;
                    let player = match pt {
                        Tok::Word(w) => self.positive(pat, w, "player number")?,
                        t => {
                            return Err(self
                                .error(
                                    pat,
                                    format!("expected the player number, found {}", t.describe()),
                                )
                                .into());
                        }
                    };
                    if player as usize > self.players.len() {
                        return Err(self
                            .error(
                                pat,
                                format!(
                                    "player {player} is not among the {} players",
                                    self.players.len()
                                ),
                            )
                            .into());
                    }
                    let h = self.infoset(Some(player as usize - 1))?;
                    (name, Some(h), self.outcome()?)
                }
                Tok::Word("t") => {
                    let name = self.node_name()?;
                    (name, None, self.outcome()?)
                }
                t => {
                    return Err(self
                        .error(
                            at,
                            format!(
                                "expected a node: c (chance), p (personal) or t (terminal), found {}",
                                t.describe()
                            ),
                        )
                        .into());
                }
            };
            nodes.push(Node {
                name,
                parent,
                children: Vec::new(),
                infoset,
                outcome,
                depth,
            });
            starts.push(at);
            if let Some(h) = infoset {
                self.infosets[h].nodes.push(v);
            }
            if let Some(p) = parent {
                nodes[p].children.push(v);
                if let Some(top) = open.last_mut() {
                    top.1 -= 1;
                }
                while matches!(open.last(), Some(&(_, 0))) {
                    open.pop();
                }
            }
            if let Some(h) = infoset {
                open.push((v, self.infosets[h].actions.len()));
            }
        }
    }

    /// The node's name: a string in double quotes.
    fn node_name(&mut self) -> Result<String, ReadError> {
        let (at, t) = self.next()?;
        match t {
            Tok::Text(s) => Ok(s),
            t => Err(self.error(
                at,
                format!(
                    "expected the node's name (a string in double quotes, maybe \"\"), found {}",
                    t.describe()
                ),
            )),
        }
    }

    /// A positive integer (of at most 18 digits), `what` naming it in messages.
    fn positive(&self, at: usize, w: &str, what: &str) -> Result<u64, ReadError> {
        let n = self.natural(at, w, what)?;
        if n == 0 {
            return Err(self.error(at, format!("the {what} must be at least 1, found 0")));
        }
        Ok(n)
    }

    /// A non-negative integer (of at most 18 digits).
    fn natural(&self, at: usize, w: &str, what: &str) -> Result<u64, ReadError> {
        if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(
                at,
                format!("expected the {what} (an integer), found '{}'", shorten(w)),
            ));
        }
        let digits = w.trim_start_matches('0');
        if digits.len() > 18 {
            return Err(self.error(at, format!("the {what} {} is too large", shorten(w))));
        }
        Ok(digits.parse::<u64>().unwrap_or(0))
    }

    /// An optional description: a name in double quotes, then a list in braces
    /// whose items `item` reads (the commas between them skipped). A name must be
    /// followed by its list, `list` naming what that holds in the message.
    fn description(
        &mut self,
        list: impl FnOnce() -> String,
        mut item: impl FnMut(&mut Self, usize, Tok<'a>) -> Result<(), ReadError>,
    ) -> Result<Description, ReadError> {
        let (at, t) = self.peek()?;
        let mut name = None;
        if let Tok::Text(s) = t {
            self.next()?;
            name = Some(s);
        }
        let (open_at, t) = self.peek()?;
        if t != Tok::Open {
            if name.is_some() {
                return Err(self.error(
                    open_at,
                    format!(
                        "expected '{{' and {} after its name, found {}",
                        list(),
                        t.describe()
                    ),
                ));
            }
            return Ok(Description {
                at,
                name,
                open_at,
                listed: false,
            });
        }
        self.next()?;
        loop {
            let (at, t) = self.next()?;
            match t {
                Tok::Close => break,
                Tok::Comma => continue,
                t => item(self, at, t)?,
            }
        }
        Ok(Description {
            at,
            name,
            open_at,
            listed: true,
        })
    }

    /// An information set's number and optional description: returns its index,
    /// a new set if its number is new (whose description must then be given), else
    /// the known one (whose description, if given again, must be the same).
    fn infoset(&mut self, player: Option<usize>) -> Result<usize, ReadError> {
        let (at, t) = self.next()?;
        let number = match t {
            Tok::Word(w) => self.positive(at, w, "information set number")?,
            t => {
                return Err(self.error(
                    at,
                    format!(
                        "expected the information set number, found {}",
                        t.describe()
                    ),
                ));
            }
        };
        let whose = match player {
            None => "chance's".to_string(),
            Some(p) => format!("player {}'s", p + 1),
        };
        // The optional description: a name, then the actions in braces.
        let mut actions = Vec::new();
        let mut probabilities = Vec::new();
        let d = self.description(
            || format!("the actions of {whose} information set {number}"),
            |this, at, t| match t {
                Tok::Text(a) => {
                    actions.push(a);
                    if player.is_none() {
                        let (pat, pt) = this.next()?;
                        let Tok::Word(w) = pt else {
                            return Err(this.error(
                                pat,
                                format!(
                                    "expected the probability of the chance action {:?}, found {}",
                                    shorten(actions.last().map_or("", |s| s.as_str())),
                                    pt.describe()
                                ),
                            ));
                        };
                        let p = parse_number(w).map_err(|e| {
                            this.error(pat, format!("the probability '{}': {e}", shorten(w)))
                        })?;
                        if p.is_negative() {
                            return Err(this
                                .error(pat, format!("the probability {} is negative", show(&p))));
                        }
                        probabilities.push(p);
                    }
                    Ok(())
                }
                t => Err(this.not_item(at, "an action's name (a string in double quotes)", &t)),
            },
        )?;
        let (desc_at, name, open_at) = (d.at, d.name, d.open_at);
        let mut described = None;
        if d.listed {
            if actions.is_empty() {
                return Err(self.error(
                    open_at,
                    format!("{whose} information set {number} has no action"),
                ));
            }
            if player.is_none() {
                let sum: Rational = probabilities.iter().sum();
                if !same(&sum, &Rational::one()) {
                    return Err(self.error(
                        open_at,
                        format!(
                            "the probabilities of chance's information set {number} sum to {}, not 1",
                            show(&sum)
                        ),
                    ));
                }
            }
            described = Some((actions, probabilities));
        }
        let key = (player.map_or(0, |p| p + 1), number);
        match self.infoset_index.get(&key) {
            Some(&h) => {
                if let Some((actions, probabilities)) = described {
                    let known = &self.infosets[h];
                    let differs = actions != known.actions
                        || name.as_deref() != Some(known.name.as_str())
                        || probabilities.len() != known.probabilities.len()
                        || probabilities
                            .iter()
                            .zip(&known.probabilities)
                            .any(|(a, b)| !same(a, b));
                    if differs {
                        let what = if actions.len() != known.actions.len() {
                            format!(
                                "{} actions here, {} before",
                                actions.len(),
                                known.actions.len()
                            )
                        } else {
                            "a different description here".to_string()
                        };
                        return Err(self.error(
                            desc_at,
                            format!(
                                "{whose} information set {number} is described differently from before ({what})"
                            ),
                        ));
                    }
                }
                Ok(h)
            }
            None => {
                let Some((actions, probabilities)) = described else {
                    return Err(self.error(
                        at,
                        format!(
                            "{whose} information set {number} appears for the first time without its actions"
                        ),
                    ));
                };
                let h = self.infosets.len();
                self.infosets.push(Infoset {
                    player,
                    number,
                    name: name.unwrap_or_default(),
                    actions,
                    probabilities,
                    nodes: Vec::new(),
                });
                self.infoset_index.insert(key, h);
                Ok(h)
            }
        }
    }

    /// A node's outcome: its number and optional description (a name, then the
    /// payoffs in braces). Returns its index, `None` for the null outcome 0.
    fn outcome(&mut self) -> Result<Option<usize>, ReadError> {
        let (at, t) = self.next()?;
        let number = match t {
            Tok::Word(w) => self.natural(at, w, "outcome number")?,
            t => {
                return Err(self.error(
                    at,
                    format!(
                        "expected the outcome number (0 for none), found {}",
                        t.describe()
                    ),
                ));
            }
        };
        let mut values = Vec::new();
        let players = self.players.len();
        let d = self.description(
            || format!("the payoffs of outcome {number}"),
            |this, at, t| match t {
                Tok::Word(w) => {
                    if values.len() == players {
                        return Err(this.error(
                            at,
                            format!(
                                "outcome {number} has more payoffs than the {} players",
                                players
                            ),
                        ));
                    }
                    let v = parse_number(w)
                        .map_err(|e| this.error(at, format!("the payoff '{}': {e}", shorten(w))))?;
                    values.push(v);
                    Ok(())
                }
                t => Err(this.not_item(at, "a payoff (a number)", &t)),
            },
        )?;
        let (desc_at, name, open_at) = (d.at, d.name, d.open_at);
        let mut payoffs = None;
        if d.listed {
            if values.len() != self.players.len() {
                return Err(self.error(
                    open_at,
                    format!(
                        "outcome {number} has {} payoffs for {} players",
                        values.len(),
                        self.players.len()
                    ),
                ));
            }
            payoffs = Some(values);
        }
        if number == 0 {
            if payoffs.is_some() {
                return Err(self.error(
                    desc_at,
                    "the null outcome 0 has no name or payoffs".to_string(),
                ));
            }
            return Ok(None);
        }
        match self.outcome_index.get(&number) {
            Some(&o) => {
                if let Some(values) = payoffs {
                    let known = &self.outcomes[o];
                    let differs = name.as_deref() != Some(known.name.as_str())
                        || values.iter().zip(&known.payoffs).any(|(a, b)| !same(a, b));
                    if differs {
                        return Err(self.error(
                            desc_at,
                            format!("outcome {number} is described differently from before"),
                        ));
                    }
                }
                Ok(Some(o))
            }
            None => {
                let Some(values) = payoffs else {
                    return Err(self.error(
                        at,
                        format!("outcome {number} appears for the first time without its payoffs"),
                    ));
                };
                let o = self.outcomes.len();
                self.outcomes.push(Outcome {
                    number,
                    name: name.unwrap_or_default(),
                    payoffs: values,
                });
                self.outcome_index.insert(number, o);
                Ok(Some(o))
            }
        }
    }
}

/// A game tree as the text of a `.efg` file, which [`read_efg`] reads back as the
/// same tree (and Gambit reads too): every information set and outcome described
/// in full at each of its nodes, numbers exact (`p/q`).
///
/// ```
/// use sprague_nash::efg::{read_efg, write_efg};
/// let text = "EFG 2 R \"a \\\"b\\\"\" { \"P1\" \"P2\" }\n\"\"\n\n\
///     c \"\" 1 \"\" { \"x\" 1/3 \"y\" 2/3 } 0\n\
///     t \"\" 1 \"o\" { 1, -1/2 }\n\
///     t \"\" 0\n";
/// let g = read_efg(text).unwrap();
/// assert_eq!(write_efg(&g), text);
/// assert_eq!(read_efg(&write_efg(&g)).unwrap(), g);
/// ```
pub fn write_efg(g: &Efg) -> String {
    let mut out = String::from("EFG 2 R ");
    quote(&mut out, &g.title);
    out.push_str(" {");
    for p in &g.players {
        out.push(' ');
        quote(&mut out, p);
    }
    out.push_str(" }\n");
    quote(&mut out, &g.comment);
    out.push_str("\n\n");
    for node in &g.nodes {
        match node.infoset {
            None => out.push_str("t "),
            Some(h) => {
                let set = &g.infosets[h];
                match set.player {
                    None => out.push_str("c "),
                    Some(_) => out.push_str("p "),
                }
            }
        }
        quote(&mut out, &node.name);
        if let Some(h) = node.infoset {
            let set = &g.infosets[h];
            if let Some(p) = set.player {
                out.push_str(&format!(" {}", p + 1));
            }
            out.push_str(&format!(" {} ", set.number));
            quote(&mut out, &set.name);
            out.push_str(" {");
            for (k, a) in set.actions.iter().enumerate() {
                out.push(' ');
                quote(&mut out, a);
                if set.player.is_none() {
                    out.push(' ');
                    out.push_str(&show(&set.probabilities[k]));
                }
            }
            out.push_str(" }");
        }
        match node.outcome {
            None => out.push_str(" 0"),
            Some(o) => {
                let o = &g.outcomes[o];
                out.push_str(&format!(" {} ", o.number));
                quote(&mut out, &o.name);
                let values: Vec<String> = o.payoffs.iter().map(show).collect();
                out.push_str(&format!(" {{ {} }}", values.join(", ")));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        crate::number::parse(s).unwrap()
    }

    #[test]
    fn outcomes_of_inner_nodes_add_to_the_leaves() {
        // Two stages: a payment of 1, -1 at the root, then 2, 3 or nothing.
        let g = read_efg(
            "EFG 2 D \"\" { \"A\" \"B\" } \"stages\"\n\
             p \"root\" 1 1 \"s\" { \"x\" \"y\" } 1 \"entry\" { 1, -1 }\n\
             t \"\" 2 \"\" { 2 3 }\n\
             t \"\" 0\n",
        )
        .unwrap();
        assert_eq!(g.comment(), "stages");
        assert_eq!(g.nodes()[0].name, "root");
        let t = g.terminal_payoffs();
        assert_eq!(t[&1], vec![q("3"), q("2")]);
        assert_eq!(t[&2], vec![q("1"), q("-1")]);
        assert_eq!(g.terminal_payoff(1), t[&1]);
    }

    #[test]
    fn repeated_descriptions_may_be_left_out_or_given_the_same() {
        let text = "EFG 2 R \"\" { \"A\" \"B\" }\n\
             c \"\" 1 \"\" { \"h\" .5 \"t\" 0.5 } 0\n\
             p \"\" 2 7 \"i\" { \"l\" \"r\" } 0\n\
             t \"\" 3 \"o\" { 1/2, -.25 }\n\
             t \"\" 3\n\
             p \"\" 2 7 0\n\
             t \"\" 3 \"o\" { 0.5 -1/4 }\n\
             t \"\" 0\n";
        let g = read_efg(text).unwrap();
        assert_eq!(g.infosets().len(), 2);
        assert_eq!(g.infosets()[1].nodes, vec![1, 4]);
        assert_eq!(g.infosets()[1].number, 7);
        assert_eq!(g.outcomes().len(), 1);
        assert_eq!(g.outcomes()[0].payoffs, vec![q("1/2"), q("-1/4")]);
        assert!(!g.perfect_information());
        assert_eq!(g.infosets_of(1), [1]);
        assert!(g.is_chance(0));
        assert_eq!(g.action_to(4), Some(1));
        // Other payoffs for the same outcome are an error.
        let bad = text.replace("{ 0.5 -1/4 }", "{ 0.5 -1/3 }");
        let e = read_efg(&bad).unwrap_err();
        assert!(
            e.to_string().contains("outcome 3 is described differently"),
            "{e}"
        );
    }

    #[test]
    fn the_same_set_number_of_two_players_is_two_sets() {
        let g = read_efg(
            "EFG 2 R \"\" { \"A\" \"B\" }\n\
             p \"\" 1 1 \"\" { \"x\" } 0\n\
             p \"\" 2 1 \"\" { \"y\" \"z\" } 0\n\
             t \"\" 0\n\
             t \"\" 0\n",
        )
        .unwrap();
        assert_eq!(g.infosets().len(), 2);
        assert_eq!(g.player(1), Some(1));
    }

    #[test]
    fn players_named_alike_are_told_apart() {
        let g = read_efg("EFG 2 R \"\" { \"\" \"x\" \"x\" }\nt \"\" 0\n").unwrap();
        assert_eq!(g.players(), ["_1", "x_1", "x_2"]);
    }
}
