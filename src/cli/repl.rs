//! `sprague repl`: type expressions, see the solve summary (in the spirit of the
//! CGSuite worksheet). Line editing and history on a terminal; plain lines from a pipe.

use super::input::bytes_name;
use super::{Failure, LimitArgs, solve};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use sprague::expr::shorten_message;
use sprague::games;
use sprague::impartial::sum::{Play, analyse};
use std::io::{BufRead, IsTerminal, Read, Write};

#[derive(clap::Args)]
pub struct ReplArgs {
    /// Start in misère play (switch with ':misere' and ':normal').
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    limits: LimitArgs,
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
                        eprintln!(
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

const HELP: &str = "Type a position to solve it, e.g. nim(3,4,5) or sub[1,3,4](10) + wythoff(3,5).\n\
Commands: :misere / :normal switch the play convention, :explain EXPR solves with the explanation,\n\
:help shows this, :quit (or end of input) leaves.";

pub fn run(a: &ReplArgs) -> Result<(), Failure> {
    let limits = a.limits.limits();
    let mut play = if a.misere { Play::Misere } else { Play::Normal };
    let mut input = LineReader::new(true);
    let stdout = std::io::stdout();
    if input.is_terminal() {
        println!("sprague repl: type a position, ':help' for help, ':quit' to leave.");
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
        let mut out = String::new();
        let (explain, text) = match line {
            "" => continue,
            ":quit" | ":q" | ":exit" | "quit" | "exit" => break,
            ":help" | "help" | ":h" => {
                out.push_str(HELP);
                out.push('\n');
                (false, "")
            }
            ":misere" => {
                play = Play::Misere;
                out.push_str("misère play: the player who makes the last move loses\n");
                (false, "")
            }
            ":normal" => {
                play = Play::Normal;
                out.push_str("normal play: the player who makes the last move wins\n");
                (false, "")
            }
            l if l.starts_with(":explain") => (true, l[":explain".len()..].trim()),
            l if l.starts_with(':') => {
                out.push_str(&format!("unknown command {l} (type :help)\n"));
                (false, "")
            }
            l => (false, l),
        };
        if !text.is_empty() {
            out.push_str(&summary(text, play, &limits, explain));
        }
        let mut lock = stdout.lock();
        lock.write_all(out.as_bytes())?;
        if !input.is_terminal() {
            // Separate answers in a transcript.
            lock.write_all(b"\n")?;
        }
        lock.flush()?;
    }
    Ok(())
}

/// The solve summary of one expression, or the error in one line.
fn summary(
    text: &str,
    play: Play,
    limits: &sprague::impartial::family::Limits,
    explain: bool,
) -> String {
    let comps = match games::position(text) {
        Ok(c) => c,
        Err(e) => return format!("error: bad expression: {e}\n"),
    };
    let a = match analyse(&comps, play, limits, 20) {
        Ok(a) => a,
        Err(e) => return format!("error: {}\n", shorten_message(&e.to_string())),
    };
    let lines = if explain {
        solve::explain(&comps, &a, play, limits).unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut out = solve::to_text(&comps, &a, play, &lines);
    if let Some(r) = solve::remoteness(&comps, play, limits) {
        out.push_str(&format!("remoteness: {r}\n"));
    }
    out
}
