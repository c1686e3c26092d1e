//! `sprague repl`: type expressions, see the solve summary (in the spirit of the
//! CGSuite worksheet). Line editing and history on a terminal; plain lines from a pipe.

use super::input::bytes_name;
use super::{Failure, LimitArgs};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use sprague::core::Play;
use sprague::games::eval::{Variables, mentions, variable_name_error};
use sprague::partizan::{DEFAULT_MAX_STATES, GameTable, PrintOptions, Value};
use sprague::report::value::{Options, evaluate_with, valued};
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

/// Most bytes of a form written on several lines (4 MiB: four of the longest lines).
const MAX_FORM_BYTES: usize = 4 * MAX_LINE_BYTES;

/// The characters that, ending a line, leave a form unfinished: the binary operators
/// and relations of the language (`+`, `-`, `:` of `G:H`, the `=` of `:=`, `==`, `<=`,
/// `>=`, `!=`, `<`, `>`, `<|`, `|>`, `≤`, `≥`, `≠`), the `|` of options and the `±` of
/// a switch. A trailing `*` is the nimber star and ends the form.
const CONTINUING: [char; 11] = ['+', '-', ':', '=', '<', '>', '|', '±', '≤', '≥', '≠'];

/// One form of the worksheet: a line, or several joined while the first leaves a
/// bracket open, ends with an operator or with `\`.
struct Form {
    /// The lines joined by single spaces (a trailing `\` removed).
    text: String,
    /// Where each line starts in `text` (a byte offset) and its number in the input.
    starts: Vec<(usize, u64)>,
    /// The brackets still open: the bracket and its byte offset in `text`.
    open: Vec<(char, usize)>,
    /// Whether a closing bracket matched no open one, or more brackets are open than
    /// an expression may nest: the form ends there, and the parser says where.
    ended: bool,
    /// Whether the last line ended with `\`.
    backslash: bool,
    /// Whether the last line ended inside a string (which cannot span lines).
    in_string: bool,
}

impl Form {
    fn new() -> Self {
        Form {
            text: String::new(),
            starts: Vec::new(),
            open: Vec::new(),
            ended: false,
            backslash: false,
            in_string: false,
        }
    }

    /// Adds line number `number` of the input.
    fn push(&mut self, line: &str, number: u64) {
        let trimmed = line.trim_end();
        self.backslash = trimmed.ends_with('\\');
        let line = if self.backslash {
            &trimmed[..trimmed.len() - 1]
        } else {
            line
        };
        if !self.starts.is_empty() {
            self.text.push(' ');
        }
        let start = self.text.len();
        self.starts.push((start, number));
        self.text.push_str(line);
        let mut quoted = false;
        for (i, c) in line.char_indices() {
            match c {
                '"' => quoted = !quoted,
                _ if quoted => {}
                '{' | '(' | '[' if self.open.len() > sprague::expr::MAX_NESTING => {
                    self.ended = true;
                }
                '{' | '(' | '[' => self.open.push((c, start + i)),
                '}' | ')' | ']' => {
                    let opening = match c {
                        '}' => '{',
                        ')' => '(',
                        _ => '[',
                    };
                    if self.open.pop().map(|(o, _)| o) != Some(opening) {
                        self.ended = true;
                    }
                }
                _ => {}
            }
        }
        self.in_string = quoted;
    }

    /// Whether the form goes on to the next line.
    fn unfinished(&self) -> bool {
        !self.ended && (!self.open.is_empty() || self.backslash || self.operator().is_some())
    }

    /// The operator that ends the form and carries it on to the next line, if any.
    fn operator(&self) -> Option<char> {
        // Only the end is trimmed: a form of many lines is not scanned again for each.
        let body = self.text.trim_end();
        let last = body.chars().next_back()?;
        // An operator alone on the first line is no form to go on with (a form of
        // several lines has more before it).
        let alone = self.lines() == 1 && body.trim_start().len() == last.len_utf8();
        (!self.in_string && !alone && CONTINUING.contains(&last)).then_some(last)
    }

    /// Why an unfinished form goes on, for a message: the innermost bracket left
    /// open, or what the last line ends with.
    fn why(&self, terminal: bool) -> String {
        if let Some(&(c, at)) = self.open.last() {
            return format!("'{c}' of {} is not closed", self.place(at, terminal));
        }
        let last = if self.backslash {
            '\\'
        } else {
            self.operator().unwrap_or(' ')
        };
        format!("the last line ends with '{last}'")
    }

    /// How many lines the form has.
    fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The line and the column (in characters, from 1) of byte offset `at` of the
    /// text: its line of standard input, or on a terminal its line of the form.
    fn place(&self, at: usize, terminal: bool) -> String {
        let k = self.starts.partition_point(|&(s, _)| s <= at).max(1) - 1;
        let (start, number) = self.starts.get(k).copied().unwrap_or((0, 1));
        let column = self
            .text
            .get(start..at)
            .map_or(1, |s| s.chars().count() + 1);
        if terminal {
            format!("line {} of the form, column {column}", k + 1)
        } else {
            format!("standard input line {number}, column {column}")
        }
    }

    /// `message` with its first `column N` (counted in `expr`, a part of the text)
    /// told as a line and a column, when the form has several lines.
    fn locate(&self, message: String, expr: &str, terminal: bool) -> String {
        if self.lines() < 2 {
            return message;
        }
        let Some(at) = message.find("column ") else {
            return message;
        };
        let digits = &message[at + "column ".len()..];
        let len = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        let Ok(column) = digits[..len].parse::<usize>() else {
            return message;
        };
        // `expr` is a slice of the text: its offset, then `column - 1` characters on.
        let base = (expr.as_ptr() as usize)
            .saturating_sub(self.text.as_ptr() as usize)
            .min(self.text.len());
        let offset = self.text[base..]
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(self.text.len(), |(i, _)| base + i);
        let end = at + "column ".len() + len;
        format!(
            "{}{}{}",
            &message[..at],
            self.place(offset, terminal),
            &message[end..]
        )
    }
}

const HELP: &str = "Type a position to solve it, e.g. nim(3,4,5) or sub[1,3,4](10) + wythoff(3,5)\n\
(as `sprague solve` does, in the current play convention).\n\
Worksheet: G := {2|-1} names a game (its canonical form); a name is capitalised as in CGSuite\n\
(G, H1, Left_1; not a function such as Mean) or lower-case (g, left_1; not a family such as nim).\n\
A line that uses a name or compares two games (G + -G == 0) is answered as `sprague value` does;\n\
ans is the last game valued.\n\
A form goes on over the next lines while a bracket is open, or when a line ends with an operator\n\
(+ - : := == <= >= < > <> <| |> |) or with \\; on a terminal a blank line gives it up.\n\
Commands:\n  \
:misere / :normal       switch the play convention (misère: the last player to move loses)\n  \
:explain EXPR           solve with the explanation (solve --explain)\n  \
:value GAME             canonical form, outcome, mean and temperature (sprague value), e.g. :value {1|-1}\n  \
:table FAMILY N         values of heaps 0..N with their period (sprague table --to N), e.g. :table sub[1,3,4] 30\n  \
:table FAMILY A..N      values of heaps A..N (sprague table --from A --to N)\n  \
:vars                   the names given and their games\n  \
:clear                  forget every name (and the games kept for them)\n  \
:help FUNCTION          what a function of games does, e.g. :help Cool\n  \
:help                   this text\n  \
:quit (or end of input) leave";

/// Most names a worksheet holds (besides `ans`).
const MAX_VARIABLES: usize = 10_000;

/// The name of the last game valued.
const PREVIOUS: &str = "ans";

/// The games of a worksheet: its names and the table that holds their games (so
/// that later lines add and compare them).
struct Worksheet {
    table: GameTable,
    variables: Variables,
    max_states: Option<u64>,
}

impl Worksheet {
    fn new(max_states: Option<u64>) -> Self {
        Worksheet {
            table: GameTable::with_limit(max_states.unwrap_or(DEFAULT_MAX_STATES)),
            variables: Variables::new(),
            max_states,
        }
    }

    /// The options of the value report.
    fn options(&self) -> Options {
        Options {
            max_states: self.max_states,
            raise: Some(sprague::flags::raise_with),
            ..Options::default()
        }
    }

    /// The value report of `text` (a game, or two games compared) with the
    /// worksheet's names; a game (not a comparison) becomes `ans`.
    fn evaluate(&mut self, text: &str) -> Result<String, Failure> {
        let o = self.options();
        let (g, explained, comparison) =
            evaluate_with(&mut self.table, Some(&self.variables), text, &o).map_err(limit_hint)?;
        let mut v = valued(&mut self.table, &g, &explained, &o).map_err(limit_hint)?;
        let compared = comparison.is_some();
        v.comparison = comparison;
        if !compared {
            self.variables.insert(PREVIOUS.to_string(), g);
        }
        Ok(v.text())
    }

    /// `:value GAME` and a line that uses a name or compares.
    fn value(&mut self, text: &str) -> Result<(), Failure> {
        if text.is_empty() {
            return needs("type a game after :value", ":value {1|-1} + ^");
        }
        let report = self.evaluate(text)?;
        let stdout = super::stdout::stdout();
        let mut lock = stdout.lock();
        lock.write_all(report.as_bytes())?;
        Ok(())
    }

    /// `name := GAME`.
    fn assign(&mut self, name: &str, text: &str) -> Result<(), Failure> {
        if let Some(m) = variable_name_error(name) {
            return Err(Failure::Input(m));
        }
        if text.is_empty() {
            return needs("type a game after :=", &format!("{name} := {{2|-1}}"));
        }
        if let Ok(st) = sprague::expr::parse_statement(text)
            && st.compare.is_some()
        {
            return Err(Failure::Input(format!(
                "{name} := takes a game, not a comparison (type the comparison alone to answer it)"
            )));
        }
        // `ans` is kept besides the names given.
        let given = self.variables.len() - usize::from(self.variables.contains_key(PREVIOUS));
        if !self.variables.contains_key(name) && name != PREVIOUS && given >= MAX_VARIABLES {
            return Err(Failure::Other(format!(
                "limit reached: at most {MAX_VARIABLES} names in a worksheet (give an old name a new game, or :clear)"
            )));
        }
        let o = self.options();
        let (g, _, _) =
            evaluate_with(&mut self.table, Some(&self.variables), text, &o).map_err(limit_hint)?;
        let shown = self.show(&g)?;
        self.variables.insert(name.to_string(), g.clone());
        self.variables.insert(PREVIOUS.to_string(), g);
        say(&format!("{name} := {shown}"))
    }

    /// The canonical form of `g`, or a note when it is too long for a line.
    fn show(&mut self, g: &Value) -> Result<String, Failure> {
        const LONGEST: u64 = 2_000;
        let form = self
            .table
            .show_value(g, PrintOptions::default(), LONGEST)
            .map_err(|e| limit_hint(Failure::from(e)))?;
        Ok(form.unwrap_or_else(|| {
            format!("(a canonical form longer than {LONGEST} characters; :value NAME reports it)")
        }))
    }

    /// `:vars`.
    fn list(&mut self) -> Result<(), Failure> {
        if self.variables.is_empty() {
            return say("no names yet (G := {2|-1} gives one)");
        }
        let names: Vec<(String, Value)> = self
            .variables
            .iter()
            .map(|(n, g)| (n.clone(), g.clone()))
            .collect();
        let mut text = String::new();
        for (name, g) in names {
            text.push_str(&format!("{name} := {}\n", self.show(&g)?));
        }
        let stdout = super::stdout::stdout();
        stdout.lock().write_all(text.as_bytes())?;
        Ok(())
    }
}

/// A limit of the worksheet's table says how to free it.
fn limit_hint(f: Failure) -> Failure {
    match f {
        Failure::Limit(..) => Failure::Other(format!(
            "limit reached: {} (the games of the worksheet's names count too; :clear forgets them)",
            sprague::flags::failure_message(&f)
        )),
        f => f,
    }
}

/// `:help NAME`: the function's line of help.
fn function_help(name: &str) -> Result<(), Failure> {
    match sprague::expr::function(name) {
        Some(f) => say(&format!("{}: {}", f.usage, f.help)),
        None => Err(Failure::Input(format!(
            "no function '{name}' (functions: {})",
            sprague::expr::FUNCTIONS.join(", ")
        ))),
    }
}

pub fn run(a: &ReplArgs) -> Result<(), Failure> {
    let mut play = if a.misere { Play::Misere } else { Play::Normal };
    let mut input = LineReader::new(true);
    let mut sheet = Worksheet::new(a.max_states);
    let stdout = super::stdout::stdout();
    if input.is_terminal() {
        writeln!(
            stdout.lock(),
            "sprague repl: type a position, ':help' for help, ':quit' to leave."
        )?;
    }
    let terminal = input.is_terminal();
    // Lines read from the input, for the places of errors in forms.
    let mut lines_read = 0u64;
    loop {
        let prompt = match play {
            Play::Normal => "sprague> ",
            Play::Misere => "sprague (misère)> ",
        };
        let Some(form) = read_form(&mut input, prompt, &mut lines_read)? else {
            break;
        };
        let form = match form {
            Got::Form(form) => form,
            Got::Dropped(message) => {
                writeln!(stdout.lock(), "{message}")?;
                continue;
            }
            Got::Unfinished(message) => {
                let mut lock = stdout.lock();
                writeln!(lock, "error: {message}")?;
                if !terminal {
                    lock.write_all(b"\n")?;
                }
                break;
            }
        };
        let line = form.text.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) if c.starts_with(':') => (c, r.trim()),
            _ if line.starts_with(':') => (line, ""),
            _ => ("", line),
        };
        let assignment = match line.split_once(":=") {
            Some((name, text)) if !line.starts_with(':') => Some((name.trim(), text.trim())),
            _ => None,
        };
        // The text given to the evaluator, where an error's column counts from.
        let expr = assignment.map_or(rest, |(_, text)| text);
        let worksheet_line = command.is_empty()
            && sprague::expr::parse_statement(line)
                .is_ok_and(|st| st.compare.is_some() || mentions(&st, &sheet.variables));
        let result = match command {
            _ if line.is_empty() => continue,
            _ if matches!(line, ":quit" | ":q" | ":exit" | "quit" | "exit") => break,
            _ if matches!(line, ":help" | "help" | ":h") => say(HELP),
            _ if let Some((name, text)) = assignment => sheet.assign(name, text),
            ":help" | ":h" => function_help(rest),
            _ if line.starts_with("help ") => function_help(line["help ".len()..].trim()),
            ":vars" if rest.is_empty() => sheet.list(),
            ":clear" if rest.is_empty() => {
                sheet = Worksheet::new(a.max_states);
                say("every name forgotten")
            }
            "" if worksheet_line => sheet.value(line),
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
            ":value" => sheet.value(rest),
            ":table" => table(rest, a.max_states),
            c => say(&format!("unknown command {c} (type :help)")),
        };
        let mut lock = stdout.lock();
        if let Err(e) = result {
            let m = match e {
                Failure::Limit(..) => {
                    format!("limit reached: {}", sprague::flags::failure_message(&e))
                }
                Failure::Input(m) => form.locate(m, expr, terminal),
                Failure::Other(m) | Failure::Interrupted(m) => m,
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

/// What [`read_form`] read.
enum Got {
    /// A whole form.
    Form(Form),
    /// A form given up on a terminal (a blank line, or too long), and what to say.
    Dropped(String),
    /// The input ended inside a form: what is unfinished.
    Unfinished(String),
}

/// The next form of the worksheet (see [`Form`]): its first line read with `prompt`,
/// the next ones with a continuation prompt as wide. `None` at the end of input. On
/// a terminal a blank line gives the unfinished form up; from a pipe it is skipped.
/// A form longer than [`MAX_FORM_BYTES`] is dropped on a terminal and is an input
/// error from a pipe.
fn read_form(
    input: &mut LineReader,
    prompt: &str,
    lines_read: &mut u64,
) -> Result<Option<Got>, Failure> {
    let terminal = input.is_terminal();
    let more = format!("{:>width$}", "... ", width = prompt.chars().count());
    let mut form = Form::new();
    let Some(line) = input.read(prompt)? else {
        return Ok(None);
    };
    *lines_read += 1;
    form.push(&line, *lines_read);
    while form.unfinished() {
        let Some(line) = input.read(&more)? else {
            return Ok(Some(Got::Unfinished(format!(
                "the input ended inside a form: {}",
                form.why(terminal)
            ))));
        };
        *lines_read += 1;
        if line.trim().is_empty() {
            if terminal {
                return Ok(Some(Got::Dropped(format!(
                    "form cancelled by the blank line ({})",
                    form.why(terminal)
                ))));
            }
            // From a pipe a blank line adds nothing to the form.
            continue;
        }
        if form.text.len() + line.len() + 1 > MAX_FORM_BYTES {
            let most = bytes_name(MAX_FORM_BYTES as u64);
            if terminal {
                return Ok(Some(Got::Dropped(format!(
                    "form dropped: it is longer than {most} (the most a form may have)"
                ))));
            }
            let first = form.starts.first().map_or(1, |&(_, n)| n);
            return Err(Failure::Input(format!(
                "standard input line {lines_read}: the form begun on line {first} is longer than {most} (the most a form may have)"
            )));
        }
        form.push(&line, *lines_read);
    }
    Ok(Some(Got::Form(form)))
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
        every: None,
        heaps: None,
        progress: super::watcher::ProgressWhen::Never,
        limits: limit_args(max_states),
    };
    super::solve::answer(&a, text)
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
        from: super::table::HeapOrPair::one(from),
        to: super::table::HeapOrPair::one(to),
        pairs: false,
        np: false,
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
