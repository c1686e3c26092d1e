//! Misère play of every impartial family of the registry: for each family
//! ([`sprague::games::impartial::FAMILIES`], so that a new family is covered without a
//! list here going stale) a few small positions, alone and in sums of two, are solved
//! with `solve --misere` (text and JSON) and played with `play --misere`, and the
//! answers are checked against a brute-force misère search written here over the
//! moves the family lists (the rules' own encoding): the player who cannot move wins,
//! so a position is lost (P) exactly when it has a move and every option is won (N).
//! Positions that can repeat (a loopy `digraph`) are decided backwards from the
//! positions without a move, and what is never decided is a draw (D). The outcome and
//! the whole set of winning moves must agree. Where the brute force cannot decide (a
//! component whose moves cannot all be listed) and the family has no misère theory of
//! its own for the position, `solve --misere` must exit 2 with one line that names the
//! family and says why.

use crate::common::sprague;
use serde_json::Value;
use sprague::core::Limits;
use sprague::games::impartial::FAMILIES;
use sprague::impartial::family::MoveSink;
use sprague::impartial::sum::Component;
use std::collections::{BTreeSet, HashMap};

/// Small positions of each family, by the family's own name (its entry's first
/// name): a family of [`FAMILIES`] without a line here fails the test. The first
/// two are also added together, and the first to itself.
const POSITIONS: &[(&str, &[&str])] = &[
    ("nim", &["nim(3,4)", "nim(2)", "nim(1,1)"]),
    ("sub", &["sub[1,3,4](10)", "sub[1,3,4](5)"]),
    ("bash", &["bash[3](7)", "bash[3](5)"]),
    ("wythoff", &["wythoff(3,5)", "wythoff(2,1)"]),
    ("king", &["king(4,3)", "king(2,2)"]),
    ("fib", &["fib(10)", "fib(4)"]),
    ("stair", &["stair(3,2,1)", "stair(1,2)"]),
    ("jumpstair", &["jumpstair(1,0,2)", "jumpstair(2,1)"]),
    ("moore", &["moore[2](1,2,3)", "moore[2](1,2)"]),
    ("ed", &["ed(3,4)", "ed(2,5)"]),
    ("adjacent", &["adjacent[3](7)", "adjacent[3](4)"]),
    ("ring", &["ring(2,3,1)", "ring(1,2)"]),
    (
        "octal",
        &[
            "octal[0.137](9)",
            "octal[0.137](4)",
            "kayles(5)",
            "dawson(6)",
        ],
    ),
    (
        "turtles",
        &[
            "turtles(\"THHTH\")",
            "turtles(\"HTH\")",
            "twins(\"THHT\")",
            "mock_turtles(\"HTHHT\")",
            "ruler(\"THTHH\")",
            "moebius(\"HTTHH\")",
            "mogul(\"HHTHT\")",
            "coins[3,4](\"THHTH\")",
        ],
    ),
    (
        "corners",
        &["corners(\"TTT/THT/TTH\")", "corners(\"HT/TH\")"],
    ),
    ("grundy_game", &["grundy_game(9)", "grundy_game(5)"]),
    ("lasker", &["lasker(5)", "lasker(3)"]),
    ("split", &["split(4)", "split(3)"]),
    ("andnim", &["andnim(6)", "andnim(5)"]),
    ("submask", &["submask(5)", "submask(6)"]),
    (
        "takeif",
        &["takeif[\"x & n == 0\"](10)", "takeif[\"x & n == 0\"](5)"],
    ),
    ("divisor", &["divisor(12)", "divisor(6)"]),
    (
        "digraph",
        &[
            "digraph[\"tests/data/loopy.txt\"](7)",
            "digraph[\"tests/data/loopy.txt\"](1)",
            "digraph[\"tests/data/loopy.txt\"](3)",
            "digraph[\"tests/data/path.txt\"](0)",
            "digraph[\"tests/data/path.txt\"](1)",
        ],
    ),
    (
        "geography",
        &[
            "geography[\"tests/data/path.txt\"](1)",
            "geography[\"tests/data/path.txt\"]",
            "geography[\"tests/data/petersen.txt\"](0)",
        ],
    ),
    ("seqnim", &["seqnim(3,5)", "seqnim(2,1)", "seqnim[2](3,2)"]),
    ("kth", &["kth(9)", "kth(5,2)"]),
    ("circle", &["circle[5,2](0,0)", "circle[5,2](2,2)"]),
    (
        "grid",
        &["grid[\"..#/.#./...\"](0,0)", "grid[\"..#/.#./...\"](1,0)"],
    ),
    (
        "nullify",
        &[
            "nullify[\"0 0/0 3\"]",
            "nullify[\"0 1/1 3\"]",
            "nullify[\"1 1/1 1\"]",
        ],
    ),
    (
        "treestair",
        &[
            "treestair[\"tests/data/christmas.txt\",1](0,1,1,2,2,3,1,4,1)",
            "treestair[\"tests/data/christmas.txt\",2](1,1,1,2,1,3,2,4,1)",
            "treestair[\"tests/data/christmas.txt\",1](0)",
        ],
    ),
    (
        "greenhackenbush",
        &[
            "greenhackenbush(\"0-1 1-2 2-0 1-3\")",
            "greenhackenbush(\"0-1 1-2\")",
        ],
    ),
    ("cram", &["cram(2,3)", "cram(1,4)"]),
];

/// Why the brute force cannot decide a position: the family (as it names itself, with
/// its parameters) of a component whose moves it did not list whole.
#[derive(Debug)]
struct Undecided(String);

/// Most moves of one component the brute force lists.
const CAP: usize = 100_000;

/// Most positions of a sum the brute force decides.
const MAX_POSITIONS: usize = 400_000;

/// The brute-force misère search: positions are multisets of components (their
/// expressions, sorted), components without a move left out.
#[derive(Default)]
struct Brute {
    /// The options of each component met, as the components each move leaves.
    moves: HashMap<String, Result<Vec<Vec<Component>>, Undecided>>,
    /// Whether the player to move wins, for each position decided (`None`: a draw).
    wins: HashMap<Vec<String>, Option<bool>>,
}

impl Brute {
    /// The moves of component `c`, as listed by its family (whole, or an error).
    fn options(&mut self, c: &Component) -> Result<&Vec<Vec<Component>>, &Undecided> {
        let key = c.expr();
        if !self.moves.contains_key(&key) {
            let mut sink = MoveSink::without_words(CAP);
            let listed = match c.family.moves(&c.pos, &Limits::default(), &mut sink) {
                Ok(()) if !sink.truncated => Ok(sink
                    .moves
                    .into_iter()
                    .map(|m| {
                        m.to.into_iter()
                            .map(|pos| Component {
                                family: c.family.clone(),
                                pos,
                            })
                            .collect()
                    })
                    .collect()),
                _ => Err(Undecided(c.family.name())),
            };
            self.moves.insert(key.clone(), listed);
        }
        self.moves[&key].as_ref()
    }

    /// The position of a sum: the expressions of its components with a move, sorted.
    fn key(&mut self, comps: &[Component]) -> Result<Vec<String>, Undecided> {
        let mut key = Vec::new();
        for c in comps {
            match self.options(c) {
                Ok(o) if o.is_empty() => {}
                Ok(_) => key.push(c.expr()),
                Err(Undecided(f)) => return Err(Undecided(f.clone())),
            }
        }
        key.sort();
        Ok(key)
    }

    /// Every position one move leaves, with the index of the component moved.
    fn children(&mut self, comps: &[Component]) -> Result<Vec<Vec<Component>>, Undecided> {
        let mut out = Vec::new();
        for (i, c) in comps.iter().enumerate() {
            let options = match self.options(c) {
                Ok(o) => o.clone(),
                Err(Undecided(f)) => return Err(Undecided(f.clone())),
            };
            for to in options {
                let mut child: Vec<Component> = comps[..i].to_vec();
                child.extend(to);
                child.extend_from_slice(&comps[i + 1..]);
                out.push(child);
            }
        }
        Ok(out)
    }

    /// The components of `comps` that have a move.
    fn live(&mut self, comps: &[Component]) -> Vec<Component> {
        comps
            .iter()
            .filter(|c| self.options(c).map_or(true, |o| !o.is_empty()))
            .cloned()
            .collect()
    }

    /// Misère play of the sum: `Some(true)` when the player to move wins,
    /// `Some(false)` when the player to move loses, `None` for a draw (positions that
    /// repeat). Every position reachable is listed, then decided backwards from the
    /// positions without a move (won: the player who cannot move wins): a position
    /// with a lost option is won, one whose every option is won is lost, and what is
    /// never decided so is a draw.
    fn wins(&mut self, comps: &[Component]) -> Result<Option<bool>, Undecided> {
        let root = self.key(comps)?;
        if let Some(&w) = self.wins.get(&root) {
            return Ok(w);
        }
        let mut index: HashMap<Vec<String>, usize> = HashMap::new();
        let mut nodes: Vec<(Vec<String>, Vec<Component>)> = Vec::new();
        let mut edges: Vec<Vec<usize>> = Vec::new();
        index.insert(root.clone(), 0);
        let live = self.live(comps);
        nodes.push((root, live));
        let mut i = 0;
        while i < nodes.len() {
            let here = nodes[i].1.clone();
            let mut out = Vec::new();
            for child in self.children(&here)? {
                let k = self.key(&child)?;
                let j = match index.get(&k) {
                    Some(&j) => j,
                    None => {
                        let j = nodes.len();
                        assert!(j < MAX_POSITIONS, "too large for the test");
                        index.insert(k.clone(), j);
                        let live = self.live(&child);
                        nodes.push((k, live));
                        j
                    }
                };
                out.push(j);
            }
            edges.push(out);
            i += 1;
        }
        let mut win: Vec<Option<bool>> = vec![None; nodes.len()];
        loop {
            let mut changed = false;
            for p in 0..nodes.len() {
                if win[p].is_some() {
                    continue;
                }
                let options = &edges[p];
                if options.iter().all(|&q| win[q] == Some(true)) {
                    // No move at all, or every option won: lost, except that a
                    // position without a move is won.
                    win[p] = Some(options.is_empty());
                    changed = true;
                } else if options.iter().any(|&q| win[q] == Some(false)) {
                    win[p] = Some(true);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for ((k, _), w) in nodes.into_iter().zip(&win) {
            self.wins.insert(k, *w);
        }
        Ok(win[0])
    }

    /// The outcome ("N", "P" or "D") and the positions (keys) every winning move
    /// leaves.
    fn answer(
        &mut self,
        comps: &[Component],
    ) -> Result<(&'static str, BTreeSet<Vec<String>>), Undecided> {
        let win = self.wins(comps)?;
        let mut winning = BTreeSet::new();
        for child in self.children(comps)? {
            if self.wins(&child)? == Some(false) {
                winning.insert(self.key(&child)?);
            }
        }
        assert_eq!(win == Some(true), !winning.is_empty());
        let outcome = match win {
            Some(true) => "N",
            Some(false) => "P",
            None => "D",
        };
        Ok((outcome, winning))
    }

    /// The position (key) that a winning move of the JSON document leaves from
    /// `comps`: the component `from` replaced by the components of `to`.
    fn after(&mut self, comps: &[Component], mv: &Value) -> Vec<String> {
        let from = mv["from"].as_str().unwrap();
        let to = mv["to"].as_str().unwrap();
        let mut rest: Vec<Component> = comps.to_vec();
        let i = rest
            .iter()
            .position(|c| c.expr() == from)
            .unwrap_or_else(|| panic!("{from} is not a component of the position"));
        rest.remove(i);
        if to != "0" {
            rest.extend(sprague::games::components(to).unwrap());
        }
        self.key(&rest).unwrap()
    }
}

/// Runs `sprague ARGS…`: the exit code, standard output and standard error.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = sprague().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Checks sprague's misère answers on position `expr` of the family `family`
/// against the brute force; says which method the test saw ("searched", "own
/// theory", "refused").
fn check(family: &str, expr: &str) -> &'static str {
    let comps = sprague::games::components(expr).unwrap_or_else(|e| panic!("{expr}: {e:?}"));
    let mut brute = Brute::default();
    let (code, out, err) = run(
        &["solve", "--misere", "--json", "--max-moves", "100000", expr],
        "",
    );
    match brute.answer(&comps) {
        Ok((outcome, winning)) => {
            assert_eq!(code, 0, "{expr}: {err}");
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["play"], "misere", "{expr}: {out}");
            assert_eq!(v["outcome"], outcome, "{expr}: {out}");
            assert_eq!(
                v["grundy"],
                Value::Null,
                "{expr}: a misère answer has no nim-value"
            );
            assert_eq!(v["truncated"], false, "{expr}");
            let moves = v["winning_moves"].as_array().unwrap();
            let got: BTreeSet<Vec<String>> = moves.iter().map(|m| brute.after(&comps, m)).collect();
            assert_eq!(got, winning, "{expr}: winning moves\n{out}");
            // The same in words.
            let (code, text, err) = run(&["solve", "--misere", expr], "");
            assert_eq!(code, 0, "{expr}: {err}");
            assert!(text.contains("play:      misère"), "{expr}: {text}");
            assert!(
                text.contains(&format!("outcome:   {outcome}:")),
                "{expr}: {text}"
            );
            // And in a game: the state and the hint agree.
            let (code, lines, err) = run(&["play", "--json", "--misere", expr], "hint\nquit\n");
            assert_eq!(code, 0, "{expr}: {err}");
            let lines: Vec<Value> = lines
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(lines[0]["outcome"], outcome, "{expr}: {lines:?}");
            if let Some(hint) = lines.iter().find(|l| l["event"] == "hint") {
                let hinted = hint["winning_moves"].as_array().unwrap();
                assert_eq!(hinted.is_empty(), outcome != "N", "{expr}: {hint}");
                for m in hinted {
                    assert!(winning.contains(&brute.after(&comps, m)), "{expr}: {m}");
                }
            } else {
                // Only a position without a move ends the game before the hint.
                assert!(
                    comps.iter().all(|c| brute.options(c).unwrap().is_empty()),
                    "{expr}: {lines:?}"
                );
            }
            "searched"
        }
        Err(why) => {
            // A family's own misère theory may answer a position alone (checked in
            // the family's tests against its game played out): the command line
            // gives its answer.
            let own = if comps.len() == 1 {
                let c = &comps[0];
                let mut sink = MoveSink::new(1);
                c.family
                    .misere_alone(&c.pos, &Limits::default(), &mut sink)
                    .unwrap()
            } else {
                None
            };
            if let Some(lost) = own {
                assert_eq!(code, 0, "{expr}: {err}");
                let v: Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["outcome"], if lost { "P" } else { "N" }, "{expr}: {out}");
                return "own theory";
            }
            assert_eq!(code, 2, "{expr} ({why:?}): exit {code}\n{out}{err}");
            assert!(out.is_empty(), "{expr}: {out}");
            assert_eq!(err.lines().count(), 1, "{expr}: one line\n{err}");
            let (name, reason) = (&why.0, "cannot all be listed");
            assert!(err.contains(family), "{expr}: the family is named\n{err}");
            assert!(
                err.contains(name.as_str()),
                "{expr}: {name} is named\n{err}"
            );
            assert!(err.contains(reason), "{expr}: the reason\n{err}");
            assert!(!err.contains("--"), "{expr}: no flag helps\n{err}");
            "refused"
        }
    }
}

#[test]
fn misere_play_of_every_family_agrees_with_brute_force() {
    let mut seen = Vec::new();
    for e in FAMILIES {
        let name = e.name();
        let Some((_, positions)) = POSITIONS.iter().find(|(n, _)| *n == name) else {
            panic!("no small positions of the family {name} in POSITIONS");
        };
        let mut sums: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
        if let [a, b, ..] = positions {
            sums.push(format!("{a} + {b}"));
        }
        sums.push(format!("{0} + {0}", positions[0]));
        for expr in &sums {
            let how = check(name, expr);
            seen.push(format!("{name}: {expr}: {how}"));
        }
    }
    // Every family is answered somewhere, and the refusals are the expected ones:
    // sums of the matrices of nullify, whose moves may set a cell to any value. The
    // loopy digraph is answered, draws included.
    for line in &seen {
        if line.ends_with("refused") {
            assert!(line.starts_with("nullify:"), "{line}\n{seen:#?}");
        }
    }
    assert!(
        seen.iter().any(|l| l.contains("loopy.txt\"](7): searched")),
        "{seen:#?}"
    );
    for e in FAMILIES {
        assert!(
            seen.iter()
                .any(|l| l.starts_with(&format!("{}: ", e.name())) && l.ends_with("searched")),
            "{} is never answered\n{seen:#?}",
            e.name()
        );
    }
}
