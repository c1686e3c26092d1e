//! `sprague play`: a game against the computer in the terminal, or driven by a
//! program through standard input (`--json` prints one JSON object per state).

use super::repl::LineReader;
use super::{Failure, LimitArgs, json, read_expr};
use sprague::core::{Outcome, Play};
use sprague::impartial::position::Position;
use sprague::impartial::sum::{Component, analyse};
use sprague::nat::Nat;
use sprague::partizan::Side;
use sprague::picture::{Picture, Piece};
use sprague::play::PlaySession;
use sprague::play::session::{self, Player, Session, SumMove};
use sprague::play::view;
use sprague::report::solve;
use std::fmt::Write as _;

mod partizan;
use std::io::{IsTerminal, Write};

/// Largest heap drawn as a row of tokens.
const DRAWN_HEAP: u64 = 40;
/// Largest board side drawn.
const DRAWN_BOARD: u64 = 12;
/// Rows of at most this many coins are drawn coin by coin (else as written).
const DRAWN_COINS: usize = 120;
/// Coins drawn on a line.
const COINS_A_LINE: usize = 20;
/// Show the numbered menu with the position when there are at most this many moves.
const SHOWN_MENU: usize = 12;
/// Moves per page of the `moves` command.
const PAGE: usize = 20;
/// Most moves in the JSON answer to `moves`.
const JSON_MOVES: usize = 1_000;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum First {
    Human,
    Computer,
    Left,
    Right,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    Left,
    Right,
}

#[derive(clap::Args)]
pub struct PlayArgs {
    /// The position, e.g. 'nim(3,4,5)'; '-' reads it from the first line of standard input.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    expr: String,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Who moves first: human or computer (default human); for a partizan position also
    /// left or right (default left).
    #[arg(long, value_enum)]
    first: Option<First>,
    /// The side you play in a partizan position: left or right (default left).
    #[arg(long = "as", value_name = "SIDE", value_enum)]
    as_side: Option<SideArg>,
    /// Print one JSON object per line for every state (and for answers and errors).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The answer to `help` on an impartial position: the generic forms of a move, then
/// each family's own words (from the games layer), then the rest.
fn help() -> String {
    let mut text = String::from(
        "Ways to move (the computer checks that the move is legal, and says what it understood):
  take K from heap H, or K H     take K from heap H (heaps are numbered from 1 as drawn)
  take K                         take K from the heap, when there is only one
  split heap H into A and B, or H A B    replace heap H by heaps A and B (a split)
",
    );
    for words in sprague::games::move_words() {
        let (form, what) = words.split_once(": ").unwrap_or((words, ""));
        let pad = 31usize.saturating_sub(form.chars().count()).max(2);
        text.push_str(&format!("  {form}{}{what}\n", " ".repeat(pad)));
    }
    text.push_str(
        "  N or #N                        the N-th move of the numbered list ('moves')
  EXPR                           the whole position after the move, e.g. nim(3,4,1)
Anything else is not played: the message lists these forms.
Commands: hint, why, undo, value, moves, show, help, quit",
    );
    text
}

/// Output: plain text (colour on a terminal) or JSON lines.
struct Out {
    json: bool,
    color: bool,
}

impl Out {
    fn bold(&self, s: &str) -> String {
        if self.color {
            format!("\x1b[1m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }

    fn emit(&self, text: &str) -> Result<(), Failure> {
        let stdout = super::stdout::stdout();
        let mut lock = stdout.lock();
        lock.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            lock.write_all(b"\n")?;
        }
        lock.flush()?;
        Ok(())
    }

    /// An event with a message: a JSON object, or the message itself.
    fn message(&self, event: &str, msg: &str) -> Result<(), Failure> {
        let msg = &sprague::expr::shorten_message(msg);
        if self.json {
            let mut s = format!("{{\"event\":\"{event}\",\"message\":");
            json::string(&mut s, msg);
            s.push('}');
            self.emit(&s)
        } else {
            self.emit(msg)
        }
    }
}

pub fn run(a: &PlayArgs) -> Result<(), Failure> {
    let mut input = LineReader::new(!a.json);
    let text = if a.expr == "-" {
        match input.read("position> ")? {
            Some(l) => l,
            None => return Err(Failure::Input("no position on standard input".into())),
        }
    } else {
        read_expr(&a.expr)?.into_string()
    };
    let out = Out {
        json: a.json,
        color: !a.json && std::io::stdout().is_terminal(),
    };
    if sprague::games::partizan::component::is_partizan(&text) == Some(true) {
        let human = match a.as_side {
            Some(SideArg::Right) => Side::Right,
            _ => Side::Left,
        };
        let first = match a.first {
            None | Some(First::Left) => Side::Left,
            Some(First::Right) => Side::Right,
            Some(First::Human) => human,
            Some(First::Computer) => sprague::play::partizan::other(human),
        };
        let play = if a.misere { Play::Misere } else { Play::Normal };
        return partizan::run(
            &text,
            first,
            human,
            play,
            a.limits.limits(),
            &out,
            &mut input,
        );
    }
    if a.as_side.is_some() || matches!(a.first, Some(First::Left | First::Right)) {
        return Err(Failure::Input(
            "--as and --first left|right are for partizan positions (Left and Right); this position is impartial: use --first human|computer".into(),
        ));
    }
    let play = if a.misere { Play::Misere } else { Play::Normal };
    let first = match a.first {
        Some(First::Computer) => Player::Computer,
        _ => Player::Human,
    };
    let mut s = Session::new(&text, play, a.limits.limits(), first)?;
    let start = s.position_text();
    let start_outcome = s.evaluate()?.outcome;
    let mut g = Impartial {
        s,
        start,
        start_outcome,
        first,
    };
    game(&mut g, &out, &mut input)
}

/// What the play loop shows of a session, in the words of its kind (impartial or
/// partizan): the loop ([`game`]) is one, the pictures, values and hints differ.
trait Front {
    /// The session played.
    type S: PlaySession;
    /// The answer to `help`.
    fn help() -> String;
    /// The session.
    fn session(&mut self) -> &mut Self::S;
    /// The first line after `sprague play:`: the start, the rule, who moves first.
    fn intro(&self) -> String;
    /// The current state (position, picture, menu).
    fn print_state(&mut self, out: &Out) -> Result<(), Failure>;
    /// The end of the game, won by `w`.
    fn end(&mut self, w: Player, out: &Out) -> Result<(), Failure>;
    /// Who just moved for the computer: `Computer:`.
    fn computer_label(&mut self) -> String;
    /// A move in words.
    fn describe(m: &<Self::S as PlaySession>::Move) -> String;
    /// The message for the typed `line` that is no move (`e` says why).
    fn not_played(line: &str, e: &str) -> String;
    fn hint(&mut self, out: &Out) -> Result<(), Failure>;
    fn why(&mut self, out: &Out) -> Result<(), Failure>;
    fn value(&mut self, out: &Out) -> Result<(), Failure>;
    fn moves(&mut self, out: &Out, page: usize) -> Result<(), Failure>;
}

/// The game loop, for impartial and partizan positions alike.
fn game<F: Front>(g: &mut F, out: &Out, input: &mut LineReader) -> Result<(), Failure> {
    if !out.json {
        out.emit(&format!("{} {}", out.bold("sprague play:"), g.intro()))?;
    }
    let mut show = true;
    loop {
        // Each turn is one command: the budgets shared by a command start afresh.
        g.session().limits().spent.reset();
        if show {
            g.print_state(out)?;
        }
        show = true;
        if let Some(w) = g.session().won_by()? {
            return g.end(w, out);
        }
        if g.session().whose_turn() == Player::Computer {
            match g.session().computer_plays()? {
                Some(m) => {
                    if !out.json {
                        let label = g.computer_label();
                        out.emit(&format!("{} {}", out.bold(&label), F::describe(&m)))?;
                    }
                }
                None => return Err(Failure::Other("the computer found no move".into())),
            }
            continue;
        }
        show = false;
        match read_command(input, out, &F::help())? {
            Command::Leave => return Ok(()),
            Command::Nothing => {}
            Command::Hint => g.hint(out)?,
            Command::Why => g.why(out)?,
            Command::Value => g.value(out)?,
            Command::Moves(page) => g.moves(out, page)?,
            Command::Show => show = true,
            Command::Undo => show = took_back(g.session().take_back(), out)?,
            Command::Move(line) => match g.session().read_move(&line) {
                Ok(m) => {
                    if !out.json {
                        out.emit(&format!("{} {}", out.bold("You:"), F::describe(&m)))?;
                    }
                    g.session().play_move(m, None)?;
                    show = true;
                }
                Err(e) => out.message("error", &F::not_played(&line, &e))?,
            },
        }
    }
}

/// An impartial game, and how it started.
struct Impartial {
    s: Session,
    start: String,
    start_outcome: Outcome,
    first: Player,
}

impl Front for Impartial {
    type S = Session;
    fn help() -> String {
        help()
    }

    fn session(&mut self) -> &mut Session {
        &mut self.s
    }

    fn intro(&self) -> String {
        let rule = match self.s.play() {
            Play::Normal => "normal play: whoever makes the last move wins",
            Play::Misere => "misère play: whoever makes the last move loses",
        };
        format!(
            "{} ({rule}); {} first. Type 'help' for the ways to move.",
            self.start,
            match self.first {
                Player::Human => "you move",
                Player::Computer => "the computer moves",
            }
        )
    }

    fn print_state(&mut self, out: &Out) -> Result<(), Failure> {
        print_state(&mut self.s, out)
    }

    fn end(&mut self, w: Player, out: &Out) -> Result<(), Failure> {
        let s = &self.s;
        let summary = format!(
            "{}, {}: {} after {} move{}; the start was {} for the first player ({}).",
            self.start,
            match s.play() {
                Play::Normal => "normal play",
                Play::Misere => "misère play",
            },
            match w {
                Player::Human => "you won",
                Player::Computer => "the computer won",
            },
            s.moves_made(),
            if s.moves_made() == 1 { "" } else { "s" },
            if self.start_outcome == Outcome::P {
                "a loss"
            } else {
                "a win"
            },
            match self.first {
                Player::Human => "you",
                Player::Computer => "the computer",
            }
        );
        if out.json {
            let mut j = String::from("{\"event\":\"end\",\"winner\":");
            json::string(&mut j, w.name());
            let _ = write!(j, ",\"moves\":{},\"summary\":", s.moves_made());
            json::string(&mut j, &summary);
            j.push('}');
            out.emit(&j)
        } else {
            let head = match w {
                Player::Human => "Game over: you win!",
                Player::Computer => "Game over: the computer wins.",
            };
            out.emit(&format!("{}\n{summary}", out.bold(head)))
        }
    }

    fn computer_label(&mut self) -> String {
        "Computer:".to_string()
    }

    fn describe(m: &SumMove) -> String {
        describe(m)
    }

    fn not_played(line: &str, e: &str) -> String {
        let e = if line.contains(['(', '+'])
            || line
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit() || c == '#')
        {
            format!("{e}.")
        } else {
            format!("{e}; commands: hint, why, undo, value, moves, show, help, quit.")
        };
        format!("{e} Nothing was played; try again.")
    }

    fn hint(&mut self, out: &Out) -> Result<(), Failure> {
        hint(&mut self.s, out)
    }

    fn why(&mut self, out: &Out) -> Result<(), Failure> {
        why(&self.s, out)
    }

    fn value(&mut self, out: &Out) -> Result<(), Failure> {
        value(&mut self.s, out)
    }

    fn moves(&mut self, out: &Out, page: usize) -> Result<(), Failure> {
        moves(&mut self.s, out, page)
    }
}

/// A line typed at the move prompt, read alike for impartial and partizan positions.
enum Command {
    /// The game ends here (end of input, or `quit`); already said.
    Leave,
    /// Nothing to do (a blank line, `help`, a bad page number); already answered.
    Nothing,
    Hint,
    Why,
    Value,
    /// `moves` or `moves P`: page P (from 1) of the moves.
    Moves(usize),
    Show,
    Undo,
    /// Anything else: a move, for the session to read.
    Move(String),
}

/// Reads the human's next line and answers what needs no session: end of input,
/// `quit`, `help` (with `help`, the ways to move) and a bad `moves` page.
fn read_command(input: &mut LineReader, out: &Out, help: &str) -> Result<Command, Failure> {
    let Some(line) = input.read("your move> ")? else {
        out.message("end_of_input", "End of input: the game is left unfinished.")?;
        return Ok(Command::Leave);
    };
    let line = line.trim();
    Ok(match line {
        "" => Command::Nothing,
        "quit" | "exit" | "q" => {
            out.message("quit", "You left the game.")?;
            Command::Leave
        }
        "help" | "?" => {
            out.message("help", help)?;
            Command::Nothing
        }
        "hint" => Command::Hint,
        "why" => Command::Why,
        "value" => Command::Value,
        "moves" => Command::Moves(1),
        _ if line.starts_with("moves ") => match line[6..].trim().parse::<usize>() {
            Ok(page) if page >= 1 => Command::Moves(page),
            _ => {
                out.message("error", "type 'moves' or 'moves P' for page P of the moves")?;
                Command::Nothing
            }
        },
        "show" => Command::Show,
        "undo" => Command::Undo,
        _ => Command::Move(line.to_string()),
    })
}

/// Says whether `undo` took a move back; true when it did (the position is then shown).
fn took_back(undone: bool, out: &Out) -> Result<bool, Failure> {
    if undone {
        out.message("undo", "Taken back.")?;
    } else {
        out.message("error", "Nothing to take back.")?;
    }
    Ok(undone)
}

/// A move in words: by heap number and sizes for a heap ("take 2 from heap 1 (3 →
/// 1)"), else the family's words and the component before and after.
fn describe(m: &SumMove) -> String {
    if m.heap.is_some() {
        m.words()
    } else {
        format!("{} ({} → {})", m.text, m.from, m.to)
    }
}

fn move_json(j: &mut String, m: &SumMove) {
    let _ = write!(j, "{{\"component\":{},\"from\":", m.component);
    json::string(j, &m.from);
    j.push_str(",\"to\":");
    json::string(j, &m.to);
    j.push_str(",\"text\":");
    json::string(j, &m.text);
    j.push_str(",\"heap\":");
    json::opt_u64(j, m.heap.as_ref().map(|&(k, _)| k as u64));
    j.push_str(",\"take\":");
    json::opt_nat(j, m.take.as_ref().filter(|_| m.heap.is_some()));
    j.push('}');
}

fn print_state(s: &mut Session, out: &Out) -> Result<(), Failure> {
    if out.json {
        let e = s.evaluate()?;
        let r = s.remoteness();
        let mut j = String::from("{\"event\":\"state\",\"position\":");
        json::string(&mut j, &s.position_text());
        j.push_str(",\"play\":");
        j.push_str(match s.play() {
            Play::Normal => "\"normal\"",
            Play::Misere => "\"misere\"",
        });
        j.push_str(",\"to_move\":");
        json::string(&mut j, s.to_move().name());
        let _ = write!(j, ",\"move_number\":{},\"last_move\":", s.moves_made());
        match &s.current().last {
            Some((who, m)) => {
                j.push_str("{\"by\":");
                json::string(&mut j, who.name());
                j.push_str(",\"move\":");
                move_json(&mut j, m);
                j.push('}');
            }
            None => j.push_str("null"),
        }
        let _ = write!(j, ",\"outcome\":\"{}\",\"grundy\":", e.outcome.letter());
        json::opt_nat(&mut j, e.grundy.as_ref());
        j.push_str(",\"remoteness\":");
        json::opt_u64(&mut j, r.map(|d| u64::from(d.remoteness)));
        let over = s.is_over();
        let _ = write!(j, ",\"over\":{over},\"winner\":");
        json::opt_string(&mut j, s.winner().map(|w| w.name()));
        j.push('}');
        return out.emit(&j);
    }
    let mut t = String::new();
    let _ = writeln!(t, "\n{} {}", out.bold("Position:"), s.position_text());
    for l in draw(s.position()) {
        let _ = writeln!(t, "  {l}");
    }
    if !s.is_over()
        && s.to_move() == Player::Human
        && let Some(menu) = s.menu().filter(|m| m.len() <= SHOWN_MENU)
    {
        let items: Vec<String> = menu
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let after = session::apply(s.position(), m)
                    .map(|p| session::position_text(&p))
                    .unwrap_or_else(|_| m.to.clone());
                format!("{}) {after}", i + 1)
            })
            .collect();
        let _ = writeln!(t, "  moves: {}", items.join("  "));
    }
    out.emit(t.trim_end())
}

/// A board with `piece` `up` rows above and `across` columns left of the corner `+`,
/// the bottom right corner as the web page draws every piece's board, a line a row
/// from the top.
fn corner_board(up: u64, across: u64, piece: char) -> Vec<String> {
    (0..=up)
        .rev()
        .map(|row| {
            let cells: String = (0..=across)
                .rev()
                .map(|col| match (row, col) {
                    (r, c) if r == up && c == across => piece,
                    (0, 0) => '+',
                    _ => '.',
                })
                .collect();
            format!("  {cells}")
        })
        .collect()
}

/// The position drawn from its pictures ([`view::drawing`]): numbered heaps as rows
/// of tokens, a small board with its piece as a grid (after the heaps of a queen's
/// board), a row of coins as `H` and `T` under the coins' numbers (after the row as
/// written), anything else as written.
pub fn draw(comps: &[Component]) -> Vec<String> {
    let mut lines = Vec::new();
    let small = |n: &Nat, max: u64| n.to_u64().filter(|&v| v <= max);
    for (d, c) in view::drawing(comps).iter().zip(comps) {
        let sizes: &[Nat] = match &d.picture {
            Picture::Heaps { sizes } => sizes,
            _ => &c.pos,
        };
        for (&k, n) in d.heaps.iter().zip(sizes) {
            let tokens = match small(n, DRAWN_HEAP) {
                Some(v) => "●".repeat(v as usize),
                None => "●●●…".to_string(),
            };
            lines.push(format!("heap {k}: {tokens} ({n})  {}", d.label));
        }
        if let Picture::Board { x, y, piece, .. } = &d.picture
            && let (Some(x), Some(y)) = (small(x, DRAWN_BOARD), small(y, DRAWN_BOARD))
        {
            match piece {
                // The queen is x columns left of the corner and y rows above it;
                // moves go right, down, or diagonally down-right.
                Piece::Queen => lines.extend(corner_board(y, x, 'Q')),
                Piece::King if d.heaps.is_empty() => {
                    lines.push(format!(
                        "{}: K moves right, down or diagonally to the corner +",
                        d.label
                    ));
                    lines.extend(corner_board(y, x, 'K'));
                }
                Piece::King => {}
            }
            continue;
        }
        if d.heaps.is_empty() {
            lines.push(c.expr());
        }
        if let Picture::Coins { heads } = &d.picture
            && heads.len() <= DRAWN_COINS
        {
            lines.extend(coin_lines(heads));
        }
    }
    lines
}

/// A row of coins, `H` heads and `T` tails, under their numbers from 1 (the numbers
/// a move names), [`COINS_A_LINE`] coins a line.
fn coin_lines(heads: &[bool]) -> Vec<String> {
    let w = heads.len().to_string().len();
    let mut lines = Vec::new();
    for (k, part) in heads.chunks(COINS_A_LINE).enumerate() {
        let first = k * COINS_A_LINE + 1;
        let numbers: Vec<String> = (first..first + part.len())
            .map(|i| format!("{i:>w$}"))
            .collect();
        let faces: Vec<String> = part
            .iter()
            .map(|&h| format!("{:>w$}", if h { 'H' } else { 'T' }))
            .collect();
        lines.push(format!("  coin  {}", numbers.join(" ")));
        lines.push(format!("        {}", faces.join(" ")));
    }
    lines
}

fn hint(s: &mut Session, out: &Out) -> Result<(), Failure> {
    let e = s.evaluate()?;
    if out.json {
        let mut j = String::from("{\"event\":\"hint\",\"outcome\":");
        json::string(&mut j, e.outcome.letter());
        j.push_str(",\"winning_moves\":[");
        for (i, m) in e.winning.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            move_json(&mut j, m);
        }
        j.push_str("]}");
        return out.emit(&j);
    }
    if e.winning.is_empty() {
        return out.emit("No winning move: the position is lost against best play. Make the game long and hope for a mistake.");
    }
    let mut t = format!(
        "Winning move{}:",
        if e.winning.len() == 1 { "" } else { "s" }
    );
    for m in e.winning.iter().take(10) {
        let _ = write!(t, "\n  {}", describe(m));
    }
    if e.winning.len() > 10 {
        let _ = write!(t, "\n  … and {} more", e.winning.len() - 10);
    }
    out.emit(&t)
}

fn why(s: &Session, out: &Out) -> Result<(), Failure> {
    let hist = s.history();
    let Some(k) = (1..hist.len())
        .rev()
        .find(|&k| matches!(hist[k].last, Some((Player::Computer, _))))
    else {
        return out.message("why", "The computer has not moved yet.");
    };
    let before = Position::from(hist[k - 1].position.as_slice());
    let Some((_, m)) = &hist[k].last else {
        return Ok(());
    };
    let mut lines = vec![format!("The computer played {}.", describe(m))];
    if let Some(r) = &hist[k].reason {
        lines.push(format!("Why: {r}."));
    }
    if let Ok(a) = analyse(&before, s.play(), s.limits(), 20)
        && let Ok(more) = solve::explain(&before, &a, s.play(), s.limits())
    {
        lines.extend(more);
    }
    if out.json {
        let mut j = String::from("{\"event\":\"why\",\"lines\":[");
        for (i, l) in lines.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            json::string(&mut j, l);
        }
        j.push_str("]}");
        out.emit(&j)
    } else {
        out.emit(&lines.join("\n"))
    }
}

fn value(s: &mut Session, out: &Out) -> Result<(), Failure> {
    let e = s.evaluate()?;
    let r = s.remoteness();
    let comps: Vec<String> = s.position().iter().map(Component::expr).collect();
    if out.json {
        let mut j = String::from("{\"event\":\"value\",\"outcome\":");
        json::string(&mut j, e.outcome.letter());
        j.push_str(",\"grundy\":");
        json::opt_nat(&mut j, e.grundy.as_ref());
        j.push_str(",\"components\":[");
        for (i, c) in comps.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            j.push_str("{\"expr\":");
            json::string(&mut j, c);
            j.push_str(",\"grundy\":");
            json::opt_nat(&mut j, e.values.get(i).and_then(Option::as_ref));
            j.push('}');
        }
        j.push_str("],\"remoteness\":");
        json::opt_u64(&mut j, r.map(|d| u64::from(d.remoteness)));
        j.push('}');
        return out.emit(&j);
    }
    let show = |v: Option<&Nat>| v.map_or("?".to_string(), Nat::to_string);
    let parts: Vec<String> = comps
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "sg({c}) = {}",
                show(e.values.get(i).and_then(Option::as_ref))
            )
        })
        .collect();
    let mut t = String::new();
    if s.play() == Play::Normal {
        let _ = writeln!(
            t,
            "nim-value: {} ({})",
            show(e.grundy.as_ref()),
            parts.join(", ")
        );
    } else {
        let _ = writeln!(t, "component values (normal play): {}", parts.join(", "));
    }
    let _ = write!(
        t,
        "outcome: {}",
        match e.outcome {
            Outcome::N => "N (the player to move wins)",
            Outcome::P => "P (the player to move loses)",
            _ => "D (a draw)",
        }
    );
    if let Some(d) = r {
        let _ = write!(
            t,
            "\nremoteness: {} (with best play the game ends after {} more move{}: the winner hurries, the loser stalls)",
            d.remoteness,
            d.remoteness,
            if d.remoteness == 1 { "" } else { "s" }
        );
    }
    out.emit(&t)
}

fn moves(s: &mut Session, out: &Out, page: usize) -> Result<(), Failure> {
    let want = if out.json {
        JSON_MOVES
    } else {
        page.saturating_mul(PAGE)
    };
    let list = match s.move_list(want) {
        Ok(l) => l,
        Err(e) => {
            return out.message(
                "error",
                &format!(
                    "cannot list the moves here ({}): type the position after your move",
                    sprague::flags::message(&e)
                ),
            );
        }
    };
    if out.json {
        let mut j = String::from("{\"event\":\"moves\",\"count\":");
        json::nat(&mut j, &list.count);
        let _ = write!(
            j,
            ",\"count_exact\":{},\"complete\":{},\"winning_first\":{},\"moves\":[",
            list.count_exact, list.complete, list.winning_first
        );
        for (i, m) in list.moves.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            move_json(&mut j, m);
        }
        j.push_str("]}");
        return out.emit(&j);
    }
    if list.complete && list.moves.len() <= session::MENU_SIZE {
        let mut t = String::from("Legal moves (type the number):");
        for (i, m) in list.moves.iter().enumerate() {
            let _ = write!(t, "\n  {:>2}) {}", i + 1, describe(m));
        }
        return out.emit(&t);
    }
    let count = if list.count_exact {
        list.count.to_string()
    } else {
        format!("at least {}", list.count)
    };
    let first = (page - 1).saturating_mul(PAGE);
    let mut t = format!("{count} legal moves");
    if list.winning_first > 0 {
        let _ = write!(
            t,
            "; the {} winning move{} first",
            list.winning_first,
            if list.winning_first == 1 { "" } else { "s" }
        );
    }
    if first >= list.moves.len() {
        let _ = write!(t, ": page {page} is past the moves numbered");
        return out.emit(&t);
    }
    let _ = write!(t, " (type the number, or the move as 'help' shows):");
    for (i, m) in list.moves.iter().enumerate().skip(first).take(PAGE) {
        let mark = if i < list.winning_first {
            " (wins)"
        } else {
            ""
        };
        let _ = write!(t, "\n  {:>4}) {}{mark}", i + 1, describe(m));
    }
    if !list.complete || list.moves.len() > first + PAGE {
        let _ = write!(t, "\n  … 'moves {}' for the next page", page + 1);
    }
    out.emit(&t)
}
