//! `sprague repl`: type expressions, see the solve summary (in the spirit of the
//! CGSuite worksheet). Line editing and history on a terminal; plain lines from a pipe.

use super::input::bytes_name;
use super::{Failure, LimitArgs};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use sprague::core::Play;
use std::io::{BufRead, IsTerminal, Read, Write};

#[derive(clap::Args)]
pub struct ReplArgs {
    /// Start in misère play (switch with ':misere' and ':normal').
    #[arg(long)]
    misere: bool,
    /// Most positions an exhaustive search or table may hold (default: that of each
    /// command: solve and table 50000000, value 2000000).
    #[arg(long, value_name = "N")]
    max_states: Option<u64>,
}

/// Most bytes of one input line of `repl` and `play` (1 MiB). A longer line from a
/// pipe or a file ends the program (exit 2) without reading it whole; a longer line
/// typed or pasted on a terminal is skipped with a message.
pub(super) const MAX_LINE_BYTES: usize = 1 << 20;

/// Lines from a terminal (with editing and history) or from a pipe (plain).
pub(super) enum LineReader {
    /// A terminal.
    Editor(Box<DefaultEditor>),
    /// A pipe or a file, and the number of lines read.
    Plain(std::io::StdinLock<'static>, u64),
}

impl LineReader {
    /// The editor when standard input and output are terminals, else plain lines.
    pub(super) fn new(allow_editor: bool) -> Self {
        if allow_editor
            && std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal()
            && let Ok(ed) = DefaultEditor::new()
        {
            return LineReader::Editor(Box::new(ed));
        }
        LineReader::Plain(std::io::stdin().lock(), 0)
    }

    /// The next line without its end, or `None` at the end of input (or Ctrl-D/Ctrl-C).
    /// `prompt` is printed only on a terminal. A line from a pipe longer than
    /// [`MAX_LINE_BYTES`] is an input error.
    pub(super) fn read(&mut self, prompt: &str) -> Result<Option<String>, Failure> {
        match self {
            LineReader::Editor(ed) => loop {
                return Ok(match ed.readline(prompt) {
                    Ok(line) if line.len() > MAX_LINE_BYTES => {
                        let _ = writeln!(
                            std::io::stderr(),
                            "sprague: line skipped: it is longer than {} (the most a line may have)",
                            bytes_name(MAX_LINE_BYTES as u64)
                        );
                        continue;
                    }
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = ed.add_history_entry(line.as_str());
                        }
                        Some(line)
                    }
                    Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
                    Err(_) => None,
                });
            },
            LineReader::Plain(input, count) => {
                let mut buf = Vec::new();
                let limit = MAX_LINE_BYTES as u64 + 2;
                match input.by_ref().take(limit).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => Ok(None),
                    Ok(_) => {
                        *count += 1;
                        let end = buf.strip_suffix(b"\n").unwrap_or(&buf);
                        let end = end.strip_suffix(b"\r").unwrap_or(end);
                        if end.len() > MAX_LINE_BYTES {
                            return Err(Failure::Input(format!(
                                "standard input line {count}: longer than {} (the most a line may have)",
                                bytes_name(MAX_LINE_BYTES as u64)
                            )));
                        }
                        Ok(Some(String::from_utf8_lossy(end).into_owned()))
                    }
                }
            }
        }
    }

    /// Whether lines come from a terminal.
    pub(super) fn is_terminal(&self) -> bool {
        matches!(self, LineReader::Editor(_))
    }
}

const HELP: &str = "Type a position to solve it, e.g. nim(3,4,5) or sub[1,3,4](10) + wythoff(3,5)\n\
(as `sprague solve` does, in the current play convention).\n\
Commands:\n  \
:misere / :normal       switch the play convention (misère: the last player to move loses)\n  \
:explain EXPR           solve with the explanation (solve --explain)\n  \
:value GAME             canonical form, outcome, mean and temperature (sprague value), e.g. :value {1|-1}\n  \
:table FAMILY N         values of heaps 0..N with their period (sprague table --to N), e.g. :table sub[1,3,4] 30\n  \
:table FAMILY A..N      values of heaps A..N (sprague table --from A --to N)\n  \
:help                   this text\n  \
:quit (or end of input) leave";

pub fn run(a: &ReplArgs) -> Result<(), Failure> {
    let mut play = if a.misere { Play::Misere } else { Play::Normal };
    let mut input = LineReader::new(true);
    let stdout = super::stdout::stdout();
    if input.is_terminal() {
        writeln!(
            stdout.lock(),
            "sprague repl: type a position, ':help' for help, ':quit' to leave."
        )?;
    }
    loop {
        let prompt = match play {
            Play::Normal => "sprague> ",
            Play::Misere => "sprague (misère)> ",
        };
        let Some(line) = input.read(prompt)? else {
            break;
        };
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) if c.starts_with(':') => (c, r.trim()),
            _ if line.starts_with(':') => (line, ""),
            _ => ("", line),
        };
        let result = match command {
            _ if line.is_empty() => continue,
            _ if matches!(line, ":quit" | ":q" | ":exit" | "quit" | "exit") => break,
            _ if matches!(line, ":help" | "help" | ":h") => say(HELP),
            ":misere" if rest.is_empty() => {
                play = Play::Misere;
                say("misère play: the player who makes the last move loses")
            }
            ":normal" if rest.is_empty() => {
                play = Play::Normal;
                say("normal play: the player who makes the last move wins")
            }
            "" | ":solve" => solve(rest, play, a.max_states, false),
            ":explain" => solve(rest, play, a.max_states, true),
            ":value" => value(rest, a.max_states),
            ":table" => table(rest, a.max_states),
            c => say(&format!("unknown command {c} (type :help)")),
        };
        let mut lock = stdout.lock();
        if let Err(e) = result {
            let m = match e {
                Failure::Limit(..) => {
                    format!("limit reached: {}", sprague::flags::failure_message(&e))
                }
                Failure::Input(m) | Failure::Other(m) | Failure::Interrupted(m) => m,
            };
            writeln!(lock, "error: {m}")?;
        }
        if !input.is_terminal() {
            // Separate answers in a transcript.
            lock.write_all(b"\n")?;
        }
        lock.flush()?;
    }
    Ok(())
}

/// Prints a line of the worksheet itself.
fn say(text: &str) -> Result<(), Failure> {
    let stdout = super::stdout::stdout();
    let mut lock = stdout.lock();
    writeln!(lock, "{text}")?;
    Ok(())
}

/// The bound of `--max-states` for the computing commands: the one given, else theirs.
fn limit_args(max_states: Option<u64>) -> LimitArgs {
    LimitArgs {
        max_states,
        threads: 0,
        max_memory: None,
    }
}

fn needs(what: &str, example: &str) -> Result<(), Failure> {
    Err(Failure::Input(format!("{what} (e.g. {example})")))
}

/// `sprague solve [--misere] [--explain] EXPR`.
fn solve(text: &str, play: Play, max_states: Option<u64>, explain: bool) -> Result<(), Failure> {
    if text.is_empty() {
        return needs("type a position after the command", ":explain nim(3,4,5)");
    }
    let a = super::solve::SolveArgs {
        expr: text.to_string(),
        each: false,
        misere: play == Play::Misere,
        max_moves: 20,
        json: false,
        explain,
        first: super::solve::First::Left,
        db: None,
        limits: limit_args(max_states),
    };
    super::solve::answer(&a, text)
}

/// `sprague value GAME`.
fn value(text: &str, max_states: Option<u64>) -> Result<(), Failure> {
    if text.is_empty() {
        return needs("type a game after :value", ":value {1|-1} + ^");
    }
    let a = super::value::ValueArgs {
        expr: text.to_string(),
        json: false,
        explain: false,
        ascii: false,
        max_states,
        max_chars: None,
        full: false,
        cool: None,
        heat: None,
        overheat: None,
    };
    super::value::answer(&a, text)
}

/// `sprague table --from A --to N FAMILY`, from `FAMILY N` or `FAMILY A..N`.
fn table(text: &str, max_states: Option<u64>) -> Result<(), Failure> {
    let usage = || {
        Failure::Input(
            "type a family and the last heap after :table (e.g. :table sub[1,3,4] 30, or :table kayles 10..20)"
                .into(),
        )
    };
    let (family, range) = text.rsplit_once(char::is_whitespace).ok_or_else(usage)?;
    let number = |s: &str| s.trim().replace('_', "").parse::<usize>().ok();
    let (from, to) = match range.split_once("..") {
        Some((a, b)) => (number(a), number(b)),
        None => (Some(0), number(range)),
    };
    let (Some(from), Some(to)) = (from, to) else {
        return Err(usage());
    };
    let family = family.trim();
    let a = super::table::TableArgs {
        family: family.to_string(),
        from,
        to,
        json: false,
        csv: false,
        explain: false,
        checkpoint: None,
        progress: super::watcher::ProgressWhen::Auto,
        interrupt_at: None,
        limits: limit_args(max_states),
    };
    super::table::answer(&a, family)
}
