//! The answer of `sprague nash`: the Nash equilibria of a bimatrix game read from a JSON file,
//! with dominance, in exact arithmetic (SPEC §5); and the pure equilibria and dominance of
//! games of any number of players, also read from Gambit's `.nfg` files.

mod many;
mod report;
mod svg;
mod tree;
mod why;

use super::{Failure, json};
use sprague_core::Stop;
pub use sprague_nash::DEFAULT_MAX_DIGITS;
pub use sprague_nash::Method;
use sprague_nash::dominance::Step;
use sprague_nash::efg::{EfgError, is_efg, read_efg};
use sprague_nash::extensive::{perfect_recall, reduced_normal_form, subgame_perfect};
use sprague_nash::nplayer::read_normal;
use sprague_nash::number::show;
use sprague_nash::{
    Bimatrix, Budget, Domination, Elimination, Equilibria, Player, PureEquilibrium, Rational,
    dominant, dominated, equilibria_by, iterated_elimination, pure_equilibria,
};
use std::fmt::Write as _;
use std::sync::Arc;

/// The default of `--max-pairs`, the units of work allowed: a random 20×20 game
/// takes some 4.6 million by vertex enumeration (bases of the polytopes visited,
/// then vertices matched), about a minute; support enumeration takes C(m+n, m) − 1,
/// 2 704 155 for 12×12.
pub const DEFAULT_MAX_PAIRS: u64 = 10_000_000;

/// The default of `--max-spe`, the subgame-perfect equilibria of a tree listed at
/// most (more is a limit, exit 3).
pub const DEFAULT_MAX_SPE: usize = 1000;

pub use sprague_nash::efg::MAX_DEPTH;
pub use svg::MAX_DRAWN;

/// What to compute besides the equilibria.
#[derive(Clone, Debug)]
pub struct Options {
    /// Show the indifference equations that fix each mixed equilibrium.
    pub explain: bool,
    /// Most units of work before giving up: pairs of strategies compared for
    /// dominance; with [`Method::Vertices`] bases of the polytopes visited and
    /// vertices matched; with [`Method::LemkeHowson`] entries updated by pivots; with
    /// [`Method::Supports`] pairs of supports (and of vertices, for degenerate games).
    pub max_pairs: u64,
    /// How to find the equilibria.
    pub method: Method,
    /// A signal that ends the work early (a server's deadline, Ctrl-C).
    pub stop: Option<Arc<Stop>>,
    /// Most decimal digits of the numbers of the exact arithmetic
    /// ([`Budget::check_sizes`]).
    pub max_digits: u64,
    /// Most subgame-perfect equilibria of a tree listed (more is a limit).
    pub max_spe: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            explain: false,
            max_pairs: DEFAULT_MAX_PAIRS,
            method: Method::default(),
            stop: None,
            max_digits: DEFAULT_MAX_DIGITS,
            max_spe: DEFAULT_MAX_SPE,
        }
    }
}

/// Solves the game given as the JSON text of SPEC §5 or as a Gambit `.nfg` file;
/// `name` names it in messages (e.g. the file's name). Games of two players get
/// every equilibrium; others their pure equilibria only.
///
/// ```
/// use sprague_report::nash::{Options, nash};
/// let game = r#"{"rows": ["quiet", "confess"], "cols": ["quiet", "confess"],
///     "row_payoffs": [[-1, -20], [0, -8]], "col_payoffs": [[-1, 0], [-20, -8]]}"#;
/// let s = nash("prisoners", game, &Options::default()).unwrap();
/// assert!(s.json().starts_with(r#"{"pure":[{"row":1,"col":1,"payoffs":["-8","-8"]}]"#));
/// ```
pub fn nash(name: &str, text: &str, o: &Options) -> Result<Solved, Failure> {
    if is_efg(text) {
        return solve_tree(name, text, o);
    }
    let game = read_normal(text).map_err(|e| Failure::Input(format!("nash: {name}: {e}")))?;
    let budget = Budget::new(o.max_pairs)
        .with_stop(o.stop.clone())
        .with_max_digits(o.max_digits);
    let limit = |e: sprague_nash::LimitExceeded| {
        Failure::Limit(Some(e.bound), format!("nash: {name}: {}", e.what))
    };
    // A `.nfg` file names its game and players; the JSON of two players does not.
    let named = sprague_nash::gambit::is_nfg(text).then(|| {
        let p = game.player_names();
        (
            game.title().to_string(),
            [0, 1].map(|k| p.get(k).cloned().unwrap_or_default()),
        )
    });
    let analysis = match game.to_bimatrix() {
        Some(two) => {
            let mut a = analyse(two, o.method, budget).map_err(limit)?;
            a.named = named;
            Kind::Two(a)
        }
        None => Kind::Many(many::analyse(game, budget).map_err(limit)?),
    };
    Ok(Solved {
        analysis,
        explain: o.explain,
        tree: None,
    })
}

/// Reads a `.efg` file: bad input is exit 2, a tree too deep exit 3.
fn read_tree(name: &str, text: &str) -> Result<sprague_nash::efg::Efg, Failure> {
    read_efg(text).map_err(|e| match e {
        EfgError::Read(e) => Failure::Input(format!("nash: {name}: {e}")),
        EfgError::TooDeep(e) => Failure::Limit(None, format!("nash: {name}: {e}")),
    })
}

/// Solves a game tree: its subgame-perfect equilibria (perfect information), then
/// its reduced normal form as any game of its number of players.
fn solve_tree(name: &str, text: &str, o: &Options) -> Result<Solved, Failure> {
    let efg = read_tree(name, text)?;
    let limit = |e: sprague_nash::LimitExceeded| {
        Failure::Limit(Some(e.bound), format!("nash: {name}: {}", e.what))
    };
    let mut budget = Budget::new(o.max_pairs)
        .with_stop(o.stop.clone())
        .with_max_digits(o.max_digits);
    let spe = subgame_perfect(&efg, o.max_spe, &mut budget).map_err(limit)?;
    let reduced = match reduced_normal_form(&efg, &mut budget) {
        Ok(r) => Ok(r),
        // A tree of perfect information is answered by backward induction alone.
        Err(e) if spe.is_some() && e.bound != sprague_core::Bound::Time => Err(e.what),
        Err(e) => return Err(limit(e)),
    };
    let left = Budget::new(o.max_pairs.saturating_sub(budget.spent()))
        .with_stop(o.stop.clone())
        .with_max_digits(o.max_digits);
    let normal = match &reduced {
        Err(_) => None,
        Ok(r) => Some(match r.game.to_bimatrix() {
            Some(two) => Kind::Two(analyse(two, o.method, left).map_err(limit)?),
            None => Kind::Many(many::analyse(r.game.clone(), left).map_err(limit)?),
        }),
    };
    let t = tree::Tree {
        recall: perfect_recall(&efg),
        efg,
        spe,
        reduced,
        behaviour: Vec::new(),
    }
    .with_behaviour(normal.as_ref());
    Ok(Solved {
        analysis: normal.unwrap_or(Kind::None),
        explain: o.explain,
        tree: Some(t),
    })
}

/// A `.efg` file read and written back (`sprague nash --write-efg`): the same
/// tree, every information set and outcome described in full, numbers exact.
///
/// ```
/// use sprague_report::nash::write_efg;
/// let tree = "EFG 2 R \"\" { \"A\" } t \"\" 1 \"\" { 0.5 }";
/// assert_eq!(write_efg("g", tree).unwrap(), "EFG 2 R \"\" { \"A\" }\n\"\"\n\nt \"\" 1 \"\" { 1/2 }\n");
/// ```
pub fn write_efg(name: &str, text: &str) -> Result<String, Failure> {
    if !is_efg(text) {
        return Err(Failure::Input(format!(
            "nash: {name}: not a game tree (a Gambit .efg file, starting with EFG)"
        )));
    }
    Ok(sprague_nash::efg::write_efg(&read_tree(name, text)?))
}

/// The game of `text` (SPEC §5 JSON or a `.nfg` file) as a payoff-version `.nfg`
/// file (`sprague nash --write-nfg`); `name` names it in messages.
///
/// ```
/// use sprague_report::nash::write_nfg;
/// let game = r#"{"rows": ["a"], "cols": ["x"], "row_payoffs": [[1]], "col_payoffs": [["3/4"]]}"#;
/// assert_eq!(
///     write_nfg("g", game).unwrap(),
///     "NFG 1 R \"\" { \"row\" \"column\" }\n{ { \"a\" } { \"x\" } }\n\n1 3/4\n"
/// );
/// ```
pub fn write_nfg(name: &str, text: &str) -> Result<String, Failure> {
    if is_efg(text) {
        let efg = read_tree(name, text)?;
        let r = reduced_normal_form(&efg, &mut Budget::new(DEFAULT_MAX_PAIRS))
            .map_err(|e| Failure::Limit(Some(e.bound), format!("nash: {name}: {}", e.what)))?;
        return Ok(sprague_nash::gambit::write_nfg(&r.game));
    }
    let game = read_normal(text).map_err(|e| Failure::Input(format!("nash: {name}: {e}")))?;
    Ok(sprague_nash::gambit::write_nfg(&game))
}

/// The answer of `sprague nash`: dominance and every equilibrium (for two players;
/// for any other number, pure equilibria only).
pub struct Solved {
    analysis: Kind,
    explain: bool,
    tree: Option<tree::Tree>,
}

/// What was found, by the number of players.
enum Kind {
    Two(Analysis),
    Many(many::Analysis),
    /// Nothing: a tree whose reduced normal form was not made.
    None,
}

impl Solved {
    /// The JSON document of `nash --json` (SPEC §5), with a final newline.
    /// For a game tree, the same document with the member `extensive` added last.
    pub fn json(&self) -> String {
        let mut out = match &self.analysis {
            Kind::Two(a) => to_json(a, self.explain),
            Kind::Many(a) => many::json(a),
            Kind::None => "{}\n".to_string(),
        };
        if let Some(t) = &self.tree {
            // Reopen the object: drop its closing brace and newline.
            while out.ends_with('\n') || out.ends_with('}') {
                let last = out.pop();
                if last == Some('}') {
                    break;
                }
            }
            if !out.ends_with('{') {
                out.push(',');
            }
            out.push_str("\"extensive\":");
            tree::json(t, &mut out);
            out.push_str("}\n");
        }
        out
    }

    /// The plain-text answer of `nash`.
    pub fn text(&self) -> String {
        let normal = match &self.analysis {
            Kind::Two(a) => Some(report::text(a, self.explain)),
            Kind::Many(a) => Some(many::text(a)),
            Kind::None => None,
        };
        match &self.tree {
            Some(t) => tree::text(t, normal),
            None => normal.unwrap_or_default(),
        }
    }

    /// Whether the game was a tree (a `.efg` file).
    pub fn is_tree(&self) -> bool {
        self.tree.is_some()
    }

    /// The game tree drawn as SVG, the play of its first equilibrium (subgame-perfect
    /// when there are such, else of the reduced normal form) drawn thick. Errs for a
    /// game that is not a tree (exit 2) and for a tree of more than [`MAX_DRAWN`]
    /// nodes (exit 3).
    pub fn svg(&self) -> Result<String, Failure> {
        let Some(t) = &self.tree else {
            return Err(Failure::Input(
                "nash: only game trees are drawn (a Gambit .efg file)".into(),
            ));
        };
        let normal = match &self.analysis {
            Kind::None => None,
            k => Some(k),
        };
        let on = t.highlighted(normal);
        svg::draw(&t.efg, on.as_deref()).ok_or_else(|| {
            Failure::Limit(
                None,
                format!(
                    "nash: the tree has {} nodes, more than the {MAX_DRAWN} drawn at most",
                    t.efg.nodes().len()
                ),
            )
        })
    }
}

/// Everything the command reports about a game.
struct Analysis {
    game: Bimatrix,
    dominant: [Option<usize>; 2],
    dominated: [Vec<Domination>; 2],
    elimination: Elimination,
    pure: Vec<PureEquilibrium>,
    all: Equilibria,
    /// The title and the two players' names of a `.nfg` file.
    named: Option<(String, [String; 2])>,
}

const PLAYERS: [Player; 2] = [Player::Row, Player::Col];

fn analyse(
    game: Bimatrix,
    method: Method,
    mut budget: Budget,
) -> Result<Analysis, sprague_nash::LimitExceeded> {
    let budget = &mut budget;
    // The numbers first: every operation on them is then short.
    budget.check_sizes(&game)?;
    // Dominance first: its budget is charged before its work, and it bounds the
    // games with one strategy against very many, where each pair of supports costs
    // a pass over all strategies.
    let dominant = [
        dominant(&game, Player::Row, budget)?,
        dominant(&game, Player::Col, budget)?,
    ];
    let dominated = [
        dominated(&game, Player::Row, budget)?,
        dominated(&game, Player::Col, budget)?,
    ];
    let elimination = iterated_elimination(&game, budget)?;
    let all = equilibria_by(&game, method, budget)?;
    let pure = pure_equilibria(&game);
    Ok(Analysis {
        game,
        dominant,
        dominated,
        elimination,
        pure,
        all,
        named: None,
    })
}

/// The JSON document of SPEC §5, with the extra fields `dominated`, `iterated`,
/// `degeneracy`, `method`, `complete` and, with `--explain`, `explanation`.
fn to_json(a: &Analysis, explain: bool) -> String {
    let mut out = String::new();
    out.push_str("{\"pure\":[");
    for (k, p) in a.pure.iter().enumerate() {
        comma(&mut out, k);
        let _ = write!(out, "{{\"row\":{},\"col\":{},\"payoffs\":", p.row, p.col);
        strings(&mut out, [&p.payoffs.0, &p.payoffs.1]);
        out.push('}');
    }
    out.push_str("],\"mixed\":[");
    for (k, e) in a.all.list.iter().enumerate() {
        comma(&mut out, k);
        out.push_str("{\"row\":");
        strings(&mut out, &e.row);
        out.push_str(",\"col\":");
        strings(&mut out, &e.col);
        out.push_str(",\"payoffs\":");
        strings(&mut out, [&e.payoffs.0, &e.payoffs.1]);
        out.push('}');
    }
    out.push_str("],\"dominant\":{");
    for (k, p) in PLAYERS.into_iter().enumerate() {
        comma(&mut out, k);
        let _ = write!(out, "\"{}\":", p.key());
        match a.dominant[k] {
            Some(s) => {
                let _ = write!(out, "{s}");
            }
            None => out.push_str("null"),
        }
    }
    // An incomplete list that showed no degeneracy proves nothing either way.
    if a.all.complete || a.all.degenerate {
        let _ = write!(out, "}},\"degenerate\":{}", a.all.degenerate);
    } else {
        out.push_str("},\"degenerate\":null");
    }
    out.push_str(",\"dominated\":{");
    for (k, p) in PLAYERS.into_iter().enumerate() {
        comma(&mut out, k);
        let _ = write!(out, "\"{}\":", p.key());
        dominated_json(
            &mut out,
            a.dominated[k].iter().map(|d| (d.strategy, d.by, d.strict)),
        );
    }
    let e = &a.elimination;
    out.push_str("},\"iterated\":{\"row\":");
    ints(&mut out, &e.rows);
    out.push_str(",\"col\":");
    ints(&mut out, &e.cols);
    let _ = write!(out, ",\"rounds\":{},\"eliminated\":[", e.rounds);
    for (
        i,
        Step {
            round,
            player,
            strategy,
            by,
        },
    ) in e.steps.iter().enumerate()
    {
        comma(&mut out, i);
        let _ = write!(
            out,
            "{{\"round\":{round},\"player\":\"{}\",\"strategy\":{strategy},\"by\":{by}}}",
            player.key()
        );
    }
    out.push_str("]},\"degeneracy\":");
    match &a.all.degeneracy {
        Some(d) => {
            let _ = write!(out, "{{\"player\":\"{}\",\"strategy\":", d.player.key());
            strings(&mut out, &d.strategy);
            out.push_str(",\"best_responses\":");
            ints(&mut out, &d.best_responses);
            out.push('}');
        }
        None => out.push_str("null"),
    }
    let _ = write!(
        out,
        ",\"method\":\"{}\",\"complete\":{}",
        a.all.method.key(),
        a.all.complete
    );
    if explain {
        out.push_str(",\"explanation\":[");
        for (k, e) in a.all.list.iter().enumerate() {
            comma(&mut out, k);
            json::string(&mut out, &why::sentence(&a.game, e));
        }
        out.push(']');
    }
    out.push_str("}\n");
    out
}

/// One player's lines of the dominance section: `  who: …` (its strictly dominant
/// strategy, `against` naming what it beats every other strategy against) and a
/// line per dominated strategy `(strategy, by, strict)`.
fn dominance_lines(
    out: &mut String,
    who: &str,
    names: &[String],
    dominant: Option<usize>,
    against: &str,
    dominated: impl IntoIterator<Item = (usize, usize, bool)>,
) {
    let dominant = match dominant {
        Some(s) if names.len() == 1 => format!("{} (its only strategy)", names[s]),
        Some(s) => format!(
            "{} is strictly dominant (better than every other strategy against {against})",
            names[s]
        ),
        None => "no strictly dominant strategy".to_string(),
    };
    let _ = writeln!(out, "  {who}: {dominant}");
    for (strategy, by, strict) in dominated {
        let _ = writeln!(
            out,
            "    {} is {} dominated by {}",
            names[strategy],
            if strict { "strictly" } else { "weakly" },
            names[by]
        );
    }
}

/// The JSON list of a player's dominated strategies `(strategy, by, strict)`.
fn dominated_json(out: &mut String, dominated: impl IntoIterator<Item = (usize, usize, bool)>) {
    out.push('[');
    for (i, (strategy, by, strict)) in dominated.into_iter().enumerate() {
        comma(out, i);
        let _ = write!(
            out,
            "{{\"strategy\":{strategy},\"by\":{by},\"strict\":{strict}}}"
        );
    }
    out.push(']');
}

fn comma(out: &mut String, index: usize) {
    if index > 0 {
        out.push(',');
    }
}

/// Appends a JSON array of indices.
fn ints(out: &mut String, values: &[usize]) {
    out.push('[');
    for (k, v) in values.iter().enumerate() {
        comma(out, k);
        let _ = write!(out, "{v}");
    }
    out.push(']');
}

/// Appends a JSON array of rationals written as strings.
fn strings<'a>(out: &mut String, values: impl IntoIterator<Item = &'a Rational>) {
    out.push('[');
    for (k, v) in values.into_iter().enumerate() {
        comma(out, k);
        json::string(out, &show(v));
    }
    out.push(']');
}
