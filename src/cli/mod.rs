//! Command-line front end: argument parsing, input, output and exit codes.

mod checkpoint;
mod db;
mod every;
mod files;
mod input;
mod interrupt;
mod nash;
mod play;
mod quotient;
mod race;
mod repl;
mod roots;
#[cfg(feature = "web")]
mod serve;
mod solve;
mod stdout;
mod sweep;
mod table;
mod value;
mod watcher;

use clap::{Parser, Subcommand};
use input::read_expr;
use sprague::core::Limits;

/// Exit code for success.
const EXIT_OK: i32 = 0;
/// Exit code for other failures (e.g. output errors).
const EXIT_OTHER: i32 = 1;
/// Exit code for bad input.
const EXIT_INPUT: i32 = 2;
/// Exit code for a resource limit.
const EXIT_LIMIT: i32 = 3;

/// Who wins a combinatorial game, by how much, and how: exactly.
///
/// Positions are written as sums of game families, e.g. 'nim(3,4,5)',
/// 'sub[1,3,4](10) + wythoff(3,5)'. Use '-' as EXPR to read it from standard input.
#[derive(Parser)]
#[command(name = "sprague", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decide a position: who wins, its nim-value, and every winning move.
    #[command(
        after_help = "Examples:\n  sprague solve 'nim(3,4,5)'\n  sprague solve --explain 'nim(3) + sub[1,3,4](10) + wythoff(3,5) + king(4,3)'\n  sprague solve --misere 'nim(1,1,2)'\n  sprague solve --json - < position.txt\n  sprague solve --every k=1..10 'bash[k](3,5,7)'\n  sprague solve --every k=1..500000 --heaps heaps.txt 'bash[k]'"
    )]
    Solve(solve::SolveArgs),
    /// Print the Sprague–Grundy values of a heap family, with their period; or the grid
    /// of a game on two numbers.
    #[command(
        after_help = "Examples:\n  sprague table --to 100 'sub[1,3,4]'\n  sprague table --explain --to 10 'sub[2,5]'\n  sprague table --json --from 1000 --to 1100 'bash[3]'\n  sprague table --to 10000000 --max-states 100000000 --checkpoint t.ckpt 'octal[0.007]'\n  sprague table --csv --to 4194303 --max-states 1000000000 --max-memory 2G grundy_game > g.csv\n  sprague table --to 12 wythoff\n  sprague table --np --to 9,15 king\n  sprague table --pairs --to 20 'sub[1,3,4]'\n\nA family whose positions are two numbers is shown as a grid, row i and column j\nfrom --from to --to (N, or N,M for the last row and column; at most 512 each);\n--pairs shows the sums of two heaps of a heap family the same way.\n\nCtrl-C stops a long table at the next heap (exit 130); with --checkpoint the values\ncomputed so far are kept in FILE, and the same command goes on from them. Values are\nkept in 2 bytes each while they fit; a run that would need more than --max-memory\nstops before it takes it (exit 3). Output is written as it goes."
    )]
    Table(table::TableArgs),
    /// Every octal game of up to D code digits: period or rare/common statistics, one line each.
    #[command(
        after_help = "Equivalent codes are folded: one line per game, under its simplest code, with the\nothers in the column 'same'. Lines come in the order of the games whatever --threads.\n\nExamples:\n  sprague sweep --digits 2 --to 10000\n  sprague sweep --digits 3 --to 100000 -o sweep3.csv\n  sprague sweep --digits 3 --to 100000 --json --shard 0/4 -o part0.jsonl\n\nCtrl-C stops the sweep (exit 130); with -o FILE the same command goes on from the\nlines FILE holds (or --resume FILE when writing to standard output)."
    )]
    Sweep(sweep::SweepArgs),
    /// Play a position against the computer, which plays perfectly.
    #[command(
        after_help = "Examples:\n  sprague play 'nim(3,4,5)'\n  sprague play --as right 'domineering(3,4)'\n  sprague play --first computer --misere 'nim(1,2,3)'\n  printf 'nim(3,4,1)\\nhint\\n' | sprague play --json 'nim(3,4,5)'"
    )]
    Play(play::PlayArgs),
    /// Interactive worksheet: type positions, see who wins and how.
    #[command(after_help = "Examples:\n  sprague repl\n  echo 'nim(3,4,5)' | sprague repl")]
    Repl(repl::ReplArgs),
    /// Canonical form of a short game, with its outcome, mean and temperature.
    #[command(
        after_help = "Examples:\n  sprague value '{1|-1} + {1|-1}'\n  sprague value --explain '{0,*|0}'\n  sprague value --json 'hackenbush(\"lrlrrllr\") + cut(5,2) + ^'\n  sprague value 'nim(3) + ^'"
    )]
    Value(value::ValueArgs),
    /// Nash equilibria of a normal-form game (JSON or Gambit .nfg), with dominance, in exact arithmetic: every equilibrium for two players, the pure ones for more.
    #[command(
        after_help = "Examples:\n  sprague nash prisoners.json\n  sprague nash --explain sexes.json\n  sprague nash --json --max-pairs 50000000 game.json\n  sprague nash --method lh big.json\n  sprague nash e02.nfg\n  sprague nash cafes.nfg\n  sprague nash --write-nfg game.json > game.nfg"
    )]
    Nash(nash::NashArgs),
    /// A counting race of many players: which coalitions force a win, and subgame-perfect play.
    #[command(
        after_help = "Players 1, 2, ..., M add one of the increments in turn to a total from 0; the\nfirst move that makes it at least N wins (with --lose: loses, and every other\nplayer wins). A coalition forces a win when its members together can make the\nfinisher one of them (with --lose: not one of them) whatever the others do.\n\nExamples:\n  sprague race --players 3 --moves 1,2 --to 20\n  sprague race --players 5 --moves 2,3 --to 100 --json\n  sprague race --players 4 --moves 1,3 --to 30 --lose --ties largest\n\nAt most 24 players, and target times players at most 16000000, at most 1000 increments (exit 3 beyond)."
    )]
    Race(race::RaceArgs),
    /// Outcome and nim-value of a tree game (treestair) for every root, in one pass.
    #[command(
        after_help = "Examples:\n  sprague roots 'treestair[\"tree.txt\",2]'\n  sprague roots --json 'treestair[\"tree.txt\"]'"
    )]
    Roots(roots::RootsArgs),
    /// The misère quotient of a heap game's heaps 1 to N (Plambeck–Siegel): order,
    /// presentation, P-portion, each heap's element, multiplication table.
    #[command(
        after_help = "Examples:\n  sprague quotient --to 20 'octal[0.75]'\n  sprague quotient --json --to 8 kayles\n\nThe quotient is verified on every sum of those heaps before it is printed; a\nconstruction that cannot be verified is an error (exit 2). Nothing is claimed\nabout heaps beyond N."
    )]
    Quotient(quotient::QuotientArgs),
    /// A database of the values of small regions of a ruleset, for solve --db.
    #[command(
        after_help = "Examples:\n  sprague db build domineering --cells 10 --out dom10.db\n  sprague db build clobber --shape 1x16 --out clobber-strips.db\n  sprague db info dom10.db\n  sprague solve --db dom10.db 'domineering(6,6)'\n\nCtrl-C stops a build (exit 130) and writes nothing."
    )]
    Db(db::DbArgs),
    /// The web playground: a local server with the page and a JSON API.
    #[cfg(feature = "web")]
    #[command(
        after_help = "Prints 'sprague: serving on http://127.0.0.1:PORT/' and serves until stopped (Ctrl-C).\n\nExamples:\n  sprague serve\n  sprague serve --port 0 --timeout 5 --max-concurrent 2"
    )]
    Serve(serve::ServeArgs),
}

/// Options shared by the commands that compute.
#[derive(clap::Args, Clone, Debug)]
pub struct LimitArgs {
    /// Most positions an exhaustive search or table may hold before giving up (exit 3);
    /// a table's work counts against it too. Default: 5·10^7, and for `table` at least
    /// 128 per heap up to --to, so that a table is bounded by the heaps asked for.
    #[arg(long, value_name = "N")]
    max_states: Option<u64>,
    /// Threads for long computations such as large tables (0: every core; at most 4
    /// per core); the results are the same whatever the number.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = parse_threads)]
    threads: usize,
    /// Most memory a heap table may take, e.g. 8G or 500M (K, M, G, T: powers of
    /// 1024); a run that needs more stops before it takes it (exit 3). Default: three
    /// quarters of the machine's memory, at most 8G.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
}

/// Positions of `--max-states` a `table` run may use per heap up to `--to` when the flag
/// is not given: a take-and-break table then looks at up to 4 096 pairs of heaps a heap
/// (its period proof may look twice as far), enough for the games with a sparse space
/// (Grundy's game has about 1 300 rare heaps, so about 1 300 pairs a heap), while
/// quadratic games stop and name the flag.
const TABLE_STATES_PER_HEAP: u64 = 128;

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_states: self
                .max_states
                .unwrap_or_else(|| Limits::default().max_states),
            threads: self.threads,
            max_memory: self
                .max_memory
                .unwrap_or_else(sprague::core::default_max_memory),
            ..Limits::default()
        }
    }

    /// The limits of a `table` run up to heap `to`: without `--max-states`, the bound
    /// is the larger of its default and [`TABLE_STATES_PER_HEAP`] per heap up to `to`,
    /// so the work of a long table is bounded by `--to` itself.
    fn table_limits(&self, to: usize) -> Limits {
        let mut limits = self.limits();
        if self.max_states.is_none() {
            let heaps = (to as u64).saturating_add(1);
            limits.max_states = limits
                .max_states
                .max(heaps.saturating_mul(TABLE_STATES_PER_HEAP));
        }
        limits
    }
}

/// `--threads N`: a number of threads, 0 for every core, at most
/// [`THREADS_PER_CORE`](sprague::core::THREADS_PER_CORE) per core.
fn parse_threads(text: &str) -> Result<usize, String> {
    use sprague::core::{THREADS_PER_CORE, cores, max_threads};
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of threads such as 2 (0: every core)"))?;
    let max = max_threads();
    if n > max {
        return Err(format!(
            "{n} threads is more than the {max} allowed ({THREADS_PER_CORE} per core, {} cores)",
            cores()
        ));
    }
    Ok(n)
}

/// A size in bytes: digits (`_` may separate them), then optionally K, M, G or T
/// (powers of 1024), optionally followed by B or iB: `8G`, `500M`, `1_000_000`.
fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t
        .find(|c: char| !c.is_ascii_digit() && c != '_')
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let number: String = number.chars().filter(|&c| c != '_').collect();
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => {
            return Err(format!(
                "'{text}' is not a size such as 8G, 500M or 1000000"
            ));
        }
    };
    let n: u64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a size such as 8G, 500M or 1000000"))?;
    n.checked_mul(1u64 << shift)
        .ok_or_else(|| format!("'{text}' is more than 2^64 bytes"))
}

use sprague::flags;
pub use sprague::report::Failure;
use sprague::report::json;

/// The text after the options in `sprague --help`: the families, one line each
/// (from the games layer's list), the syntax of numbers and the exit codes.
fn after_help() -> String {
    let mut text = String::from("Positions are sums of game families joined by '+':\n");
    for line in sprague::games::families_help().lines() {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(
        "Integers may have any length; '_' may separate digits.\n\n\
         Exit codes: 0 success, 2 bad input, 3 a resource limit was hit, 1 anything else (such as\n\
         a failed write to standard output; quietly for a broken pipe), 130 interrupted by\n\
         Ctrl-C (table keeps what it computed with --checkpoint FILE).\n\
         See 'sprague help <command>' for the options and examples of each command.",
    );
    text
}

/// The text before the examples of `sprague value --help`: how games are written,
/// the partizan families a line each (from the games layer's list).
fn value_help() -> String {
    let mut text = String::from(
        "Games are sums of literals (0, 3/4, -5/8, *, *2, ^, v, ±1 or +-1), options {A,B|C} (slashes: {2||1|0}),\n\
         impartial components (nim(3) is *3), and the partizan families, each with its board in quotes\n\
         (docs/GUIDE.md: Rulesets):\n",
    );
    for line in sprague::games::partizan_help().lines() {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// The text before the examples of `sprague play --help`: the ways to type a move,
/// with the words of the families that have some and the cells a move of each
/// board ruleset names (from the games layer).
fn play_help() -> String {
    let mut text = String::from(
        "Moves: 'take K from heap H' or 'K H' takes K from heap H (heaps numbered from 1 across the sum; 'take K'\n\
         when there is one heap), 'split heap H into A and B' or 'H A B' splits heap H, 'N' or '#N' picks move N of\n\
         the list ('moves'), and the whole position after the move (e.g. nim(3,4,1)) always works; the families'\n\
         own words:\n",
    );
    for words in sprague::games::move_words() {
        text.push_str("  ");
        text.push_str(words);
        text.push('\n');
    }
    text.push_str(
        "Anything else is not played.\n\
         Partizan positions (rulesets, literals like {1|-1}): --as left|right is your side, --first left|right who\n\
         starts (default Left); a move may name the board cells it changes ('a1 a2': columns a, b, … rows 1, 2, …):\n",
    );
    for (name, cells) in sprague::games::partizan::move_cells() {
        text.push_str(&format!("  {name}: {cells}\n"));
    }
    text.push_str("Commands: hint, why, undo, value, moves, show, help, quit.\n");
    text
}

/// The command line's definition, with [`after_help`] and the generated help of
/// `value` and `play` ([`value_help`], [`play_help`]) before their examples.
fn command() -> clap::Command {
    use clap::CommandFactory;
    let before = |c: clap::Command, text: String| {
        let examples = c
            .get_after_help()
            .map(|h| h.to_string())
            .unwrap_or_default();
        c.after_help(format!("{text}\n{examples}"))
    };
    Cli::command()
        .after_help(after_help())
        .mut_subcommand("value", |c| before(c, value_help()))
        .mut_subcommand("play", |c| before(c, play_help()))
}

/// Runs the command line and returns the exit code.
pub fn run() -> i32 {
    stdout::prepare();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(m) = unknown_option(&args) {
        stdout::say(&format!("sprague: {}", message(&m)));
        return EXIT_INPUT;
    }
    let parsed = command()
        .try_get_matches_from(&args)
        .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            if !e.use_stderr() {
                // --help and --version.
                let _ = e.print();
                return EXIT_OK;
            }
            stdout::say(&format!("sprague: {}", command_line_error(&e)));
            return EXIT_INPUT;
        }
    };
    let result = match cli.command {
        Command::Solve(a) => solve::run(&a),
        Command::Table(a) => table::run(&a),
        Command::Sweep(a) => sweep::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Repl(a) => repl::run(&a),
        Command::Value(a) => value::run(&a),
        Command::Nash(a) => nash::run(&a),
        Command::Race(a) => race::run(&a),
        Command::Roots(a) => roots::run(&a),
        Command::Quotient(a) => quotient::run(&a),
        Command::Db(a) => db::run(&a),
        #[cfg(feature = "web")]
        Command::Serve(a) => serve::run(&a),
    };
    // A failed write to standard output is what went wrong, unless the command failed
    // for a reason of its own (bad input, a limit, Ctrl-C); a broken pipe (its reader
    // went away, e.g. `| head`) ends it quietly.
    let result = match (stdout::failure(), result) {
        (Some(None), Ok(()) | Err(Failure::Other(_))) => return EXIT_OTHER,
        (Some(Some(f)), Ok(()) | Err(Failure::Other(_))) => Err(f),
        (_, result) => result,
    };
    let result = result.map_err(|f| match f {
        Failure::Input(m) => Failure::Input(message(&m)),
        f @ Failure::Limit(..) => Failure::Limit(None, message(&flags::failure_message(&f))),
        Failure::Other(m) => Failure::Other(message(&m)),
        Failure::Interrupted(m) => Failure::Interrupted(message(&m)),
    });
    match result {
        Ok(()) => EXIT_OK,
        Err(Failure::Input(m)) => {
            stdout::say(&format!("sprague: {m}"));
            EXIT_INPUT
        }
        Err(Failure::Limit(_, m)) => {
            stdout::say(&format!("sprague: limit reached: {m}"));
            EXIT_LIMIT
        }
        Err(Failure::Interrupted(m)) => {
            stdout::say(&format!("sprague: {m}"));
            interrupt::EXIT_INTERRUPTED
        }
        Err(Failure::Other(m)) => {
            stdout::say(&format!("sprague: {m}"));
            EXIT_OTHER
        }
    }
}

/// An argument written as an option (`--word`, `-x`) that the command does not have,
/// as a message naming it and the nearest option (`unknown option --misere-play (did
/// you mean --misere?)`). Expressions and families may begin with `-` (`-1/2`, `-`
/// for standard input), so clap takes an unknown option in their place for the
/// position and blames the real position instead; no expression begins with `-`
/// and a letter, so such an argument is an option, unless it is the value of the
/// option before it.
fn unknown_option(args: &[std::ffi::OsString]) -> Option<String> {
    let mut cmd = command();
    cmd.build();
    let mut path = vec!["sprague".to_string()];
    let mut value_next = false;
    let mut i = 1;
    while i < args.len() {
        let arg = args[i].to_string_lossy();
        i += 1;
        if value_next {
            value_next = false;
            continue;
        }
        if arg == "--" {
            return None;
        }
        if !arg.starts_with('-')
            && let Some(sub) = cmd.find_subcommand(arg.as_ref()).cloned()
        {
            path.push(arg.to_string());
            cmd = sub;
            continue;
        }
        let (known, takes_value) = if let Some(long) = arg.strip_prefix("--") {
            if !long.starts_with(|c: char| c.is_ascii_alphabetic()) {
                continue;
            }
            let (name, inline) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            let found = cmd.get_arguments().find(|a| {
                a.get_long_and_visible_aliases()
                    .is_some_and(|l| l.contains(&name))
            });
            match found {
                Some(a) => (true, !inline && a.get_action().takes_values()),
                None => {
                    let near = nearest_option(&cmd, name)
                        .map(|n| format!(" (did you mean --{n}?)"))
                        .unwrap_or_default();
                    return Some(format!(
                        "unknown option --{name}{near}; see '{} --help'",
                        path.join(" ")
                    ));
                }
            }
        } else if let Some(short) = arg.strip_prefix('-') {
            let Some(c) = short.chars().next().filter(char::is_ascii_alphabetic) else {
                continue;
            };
            let found = cmd.get_arguments().find(|a| {
                a.get_short_and_visible_aliases()
                    .is_some_and(|s| s.contains(&c))
            });
            match found {
                Some(a) => (true, short.len() == 1 && a.get_action().takes_values()),
                None => {
                    return Some(format!(
                        "unknown option -{c}; see '{} --help'",
                        path.join(" ")
                    ));
                }
            }
        } else {
            (false, false)
        };
        value_next = known && takes_value;
    }
    None
}

/// The long option of `cmd` nearest to `name`: one that begins the other, or within
/// one edit for every three letters.
fn nearest_option(cmd: &clap::Command, name: &str) -> Option<String> {
    let longs: Vec<&str> = cmd.get_arguments().filter_map(|a| a.get_long()).collect();
    if let Some(l) = longs
        .iter()
        .filter(|l| name.starts_with(**l) || l.starts_with(name))
        .max_by_key(|l| l.len())
    {
        return Some(l.to_string());
    }
    let most = (name.chars().count() / 3).max(1);
    longs
        .iter()
        .map(|l| (edit_distance(name, l), *l))
        .filter(|(d, _)| *d <= most)
        .min_by_key(|(d, _)| *d)
        .map(|(_, l)| l.to_string())
}

/// Levenshtein distance of two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// An error of the argument parser in one line: its message, its tips, and the usage
/// of the command (`unexpected argument 'x' found (usage: sprague solve [OPTIONS] <EXPR>)`).
fn command_line_error(e: &clap::Error) -> String {
    use clap::error::ErrorKind;
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        if e.render().to_string().contains("sprague db") {
            return "a db command is needed: build or info (see 'sprague db --help')".into();
        }
        return "a command is needed: solve, table, sweep, play, repl, value, nash or race (see 'sprague --help')"
            .into();
    }
    let text = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    let mut usage = None;
    for para in text.split("\n\n") {
        let para = para.trim();
        if let Some(u) = para.strip_prefix("Usage:") {
            usage = Some(u.split_whitespace().collect::<Vec<_>>().join(" "));
        } else if para.starts_with("For more information") || para.is_empty() {
            continue;
        } else {
            let para = para.strip_prefix("error:").unwrap_or(para);
            parts.push(para.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    let mut line = parts.join("; ");
    match usage {
        Some(u) => line.push_str(&format!(" (usage: {u})")),
        None => line.push_str(" (see --help)"),
    }
    message(&line)
}

/// A message made fit for one line of standard error: line breaks become spaces, and
/// long numbers and expressions are shortened ([`sprague::expr::shorten_message`]).
fn message(m: &str) -> String {
    let one_line = if m.contains(['\n', '\r']) {
        m.split(['\n', '\r'])
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        m.to_string()
    };
    sprague::expr::shorten_message(&one_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(max_states: Option<u64>) -> LimitArgs {
        LimitArgs {
            max_states,
            threads: 0,
            max_memory: None,
        }
    }

    #[test]
    fn a_table_bound_follows_to_unless_given() {
        let default = Limits::default().max_states;
        // Short tables keep the default of every command.
        assert_eq!(args(None).table_limits(1000).max_states, default);
        assert_eq!(args(None).limits().max_states, default);
        // Long ones get TABLE_STATES_PER_HEAP per heap up to --to.
        let to = (1usize << 26) - 1;
        assert_eq!(
            args(None).table_limits(to).max_states,
            (1u64 << 26) * TABLE_STATES_PER_HEAP
        );
        assert_eq!(
            args(None).table_limits(usize::MAX).max_states,
            u64::MAX,
            "saturates"
        );
        // A bound given is kept, larger or smaller.
        assert_eq!(args(Some(7)).table_limits(to).max_states, 7);
        assert_eq!(args(Some(u64::MAX)).table_limits(5).max_states, u64::MAX);
    }
}
