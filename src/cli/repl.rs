//! `sprague repl`: type expressions, see the solve summary (in the spirit of the
//! CGSuite worksheet). Line editing and history on a terminal; plain lines from a pipe.

use super::{Failure, LimitArgs, solve};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use sprague::games;
use sprague::impartial::sum::{Play, analyse};
use std::io::{BufRead, IsTerminal, Write};

#[derive(clap::Args)]
pub struct ReplArgs {
    /// Start in misère play (switch with ':misere' and ':normal').
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Lines from a terminal (with editing and history) or from a pipe (plain).
pub(super) enum LineReader {
    /// A terminal.
    Editor(Box<DefaultEditor>),
    /// A pipe or a file.
    Plain(std::io::StdinLock<'static>),
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
        LineReader::Plain(std::io::stdin().lock())
    }

    /// The next line without its end, or `None` at the end of input (or Ctrl-D/Ctrl-C).
    /// `prompt` is printed only on a terminal.
    pub(super) fn read(&mut self, prompt: &str) -> Option<String> {
        match self {
            LineReader::Editor(ed) => match ed.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = ed.add_history_entry(line.as_str());
                    }
                    Some(line)
                }
                Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
                Err(_) => None,
            },
            LineReader::Plain(input) => {
                let mut buf = Vec::new();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&buf);
                        Some(s.trim_end_matches(['\n', '\r']).to_string())
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
        let Some(line) = input.read(prompt) else {
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
        Err(e) => return format!("error: {e}\n"),
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
