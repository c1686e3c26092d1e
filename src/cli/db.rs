//! `sprague db`: build a database of the values of small regions of a ruleset
//! (`db build`), and say what a database file holds (`db info`).

use super::stdout::stdout;
use super::{Failure, LimitArgs, files, interrupt};
use sprague::games::db::{self, Db};
use sprague::games::partizan::stored::{MAX_CELLS, Progress, STORED, Sizes};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(clap::Subcommand)]
enum DbCommand {
    /// Value every region of a ruleset up to a size, and store the values in FILE.
    Build(BuildArgs),
    /// What a database file holds: its ruleset, regions and values.
    Info(InfoArgs),
}

#[derive(clap::Args)]
struct BuildArgs {
    /// The ruleset: domineering or clobber.
    #[arg(value_name = "RULESET")]
    ruleset: String,
    /// Every region of at most N squares (orthogonally connected).
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "shape",
        required_unless_present = "shape"
    )]
    cells: Option<usize>,
    /// Every region of every board of R rows and C columns (may be given several times).
    #[arg(long, value_name = "RxC", num_args = 1.., value_parser = parse_shape)]
    shape: Vec<(usize, usize)>,
    /// The file written (a regular file there is replaced; anything else, such as a
    /// symbolic link, is refused).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(clap::Args)]
struct InfoArgs {
    /// The database file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print one JSON document: file, ruleset, holds (which regions, in words),
    /// regions, values, bytes.
    #[arg(long)]
    json: bool,
}

/// `R x C`, e.g. `3x4`.
fn parse_shape(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a shape such as 3x4");
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}

pub fn run(a: &DbArgs) -> Result<(), Failure> {
    match &a.command {
        DbCommand::Build(b) => build(b),
        DbCommand::Info(i) => info(i),
    }
}

/// Progress on standard error (when it is a terminal), at most twice a second; stops
/// the build on Ctrl-C.
struct Shown {
    show: bool,
    last: Instant,
    shown: bool,
}

impl Progress for Shown {
    fn report(&mut self, phase: &str, done: u64, total: u64) -> bool {
        if interrupt::requested() {
            return false;
        }
        if self.show && self.last.elapsed() >= Duration::from_millis(500) {
            self.last = Instant::now();
            let line = if total > 0 {
                format!("{phase}: {done} of {total}")
            } else {
                format!("{phase}: {done}")
            };
            let _ = write!(std::io::stderr(), "\r\x1b[2Ksprague db: {line}");
            let _ = std::io::stderr().flush();
            self.shown = true;
        }
        true
    }
}

fn build(a: &BuildArgs) -> Result<(), Failure> {
    let sizes = match a.cells {
        Some(n) => Sizes::Cells(n),
        None => Sizes::Shapes(a.shape.clone()),
    };
    let limits = a.limits.limits();
    let name = a.out.display();
    // A file that cannot be replaced, or a directory where nothing can be written, is
    // found before the work (the new file made beside it is removed at once).
    files::Replacement::new(&a.out)
        .map_err(|e| Failure::Input(format!("cannot write {name}: {e}")))?;
    let mut shown = Shown {
        show: std::io::stderr().is_terminal(),
        last: Instant::now(),
        shown: false,
    };
    // The library refuses too many cells too, after an unknown ruleset; here the
    // option is named.
    if let Some(n) = a.cells
        && n > MAX_CELLS
        && STORED.contains(&a.ruleset.as_str())
    {
        return Err(Failure::Input(format!("--cells is at most {MAX_CELLS}")));
    }
    interrupt::install();
    interrupt::computing(true);
    let result = db::build(&a.ruleset, &sizes, &limits, &mut shown);
    interrupt::computing(false);
    if shown.shown {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
    let Some(bytes) = result? else {
        return Err(Failure::Interrupted(format!(
            "interrupted: nothing written to {name}"
        )));
    };
    // Checked as any reader will check it, then written whole under another name and
    // moved into place: FILE is never left half written.
    let db = Db::read(&bytes)
        .map_err(|e| Failure::Other(format!("the database built is wrong: {e}")))?;
    files::replace_with(&a.out, &bytes)
        .map_err(|e| Failure::Input(format!("cannot write {name}: {e}")))?;
    writeln!(
        stdout().lock(),
        "{}: {} ({} regions, {} values) in {} bytes written to {name}",
        db.ruleset(),
        db.sizes(),
        db.regions(),
        db.values(),
        db.bytes()
    )?;
    Ok(())
}

fn info(a: &InfoArgs) -> Result<(), Failure> {
    let db = load(&a.file)?;
    let file = a.file.display().to_string();
    let mut out = String::new();
    if a.json {
        use sprague::report::json::string;
        out.push_str("{\"file\":");
        string(&mut out, &file);
        out.push_str(",\"ruleset\":");
        string(&mut out, db.ruleset());
        out.push_str(",\"holds\":");
        string(&mut out, db.sizes());
        out.push_str(&format!(
            ",\"regions\":{},\"values\":{},\"bytes\":{}}}\n",
            db.regions(),
            db.values(),
            db.bytes()
        ));
    } else {
        out = format!(
            "file: {file}\nruleset: {}\nholds: {}\nregions: {}\n\
             values: {} distinct canonical games (with their options)\nbytes: {}\n",
            db.ruleset(),
            db.sizes(),
            db.regions(),
            db.values(),
            db.bytes()
        );
    }
    stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}

/// The database in the file `path` (`db info`, `solve --db`): a regular file, read
/// and checked as [`Db::read_from`] does; any fault is bad input naming the file.
pub(super) fn load(path: &Path) -> Result<Db, Failure> {
    let name = path.display();
    let (mut file, len) = files::open_regular(path)
        .map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
    let mut db =
        Db::read_from(&mut file, len).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    db.set_name(name.to_string());
    Ok(db)
}
