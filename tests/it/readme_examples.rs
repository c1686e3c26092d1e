//! Every `sprague …` example of the console blocks of README.md and docs/GUIDE.md runs
//! as written from the repository root, and prints the lines the document shows
//! (lines with `…` stand for omitted text and are skipped).
//!
//! A console block holds commands (`$ ` lines) and, under each, lines of its output.
//! The lines shown must be lines of the output, in the order shown (trailing spaces
//! aside); a block may show part of the output.
//!
//! An example runs when one of the stages of its command line is `sprague` (the
//! binary under test takes its place), except where running it here would not be
//! the example: the server (`sprague serve`, and `curl` to it), installing
//! (`pip`), long runs meant to be interrupted (`--checkpoint`) and commands that
//! write files (` > `).

use std::path::Path;
use std::process::Command;

/// One example: the command line and the output lines shown under it.
struct Example {
    command: String,
    shown: Vec<String>,
}

/// The examples of the console blocks of `doc`, in order.
fn examples(doc: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Example {
                command: cmd.to_string(),
                shown: Vec::new(),
            });
        } else if let Some(e) = out.last_mut() {
            e.shown.push(line.to_string());
        }
    }
    out
}

/// The command without a trailing shell comment (`  # …`), which is for the reader.
fn without_comment(cmd: &str) -> &str {
    match cmd.find("  #") {
        Some(i) => cmd[..i].trim_end(),
        None => cmd,
    }
}

/// The command line with every stage that runs `sprague` running the binary `bin`
/// instead; `None` when no stage runs it, or when the example is not one to run here.
fn runnable(cmd: &str, bin: &str) -> Option<String> {
    let cmd = without_comment(cmd);
    let skipped = ["sprague serve", "curl ", "pip ", "--checkpoint", " > "];
    if skipped.iter().any(|s| cmd.contains(s)) {
        return None;
    }
    let quoted = format!("'{bin}' ");
    let line = if let Some(rest) = cmd.strip_prefix("sprague ") {
        format!("{quoted}{rest}")
    } else if cmd.contains("| sprague ") {
        cmd.replace("| sprague ", &format!("| {quoted}"))
    } else {
        return None;
    };
    Some(line)
}

/// Whether the command reads a file of the repository.
fn names_a_file(cmd: &str) -> bool {
    cmd.split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
        .any(|w| w.ends_with(".json") || w.ends_with(".txt"))
}

/// Runs every runnable example of the document `name`; returns how many ran, how
/// many of them read a file of the repository, and what differed from the document.
fn run_examples(name: &str) -> (usize, usize, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join(name)).unwrap();
    let bin = env!("CARGO_BIN_EXE_sprague");
    let (mut ran, mut with_files, mut wrong) = (0, 0, Vec::new());
    for e in examples(&doc) {
        let Some(line) = runnable(&e.command, bin) else {
            continue;
        };
        let cmd = without_comment(&e.command);
        let out = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .current_dir(root)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let limit = e
            .shown
            .iter()
            .any(|l| l.starts_with("sprague: limit reached"));
        let want = if limit { 3 } else { 0 };
        if out.status.code() != Some(want) {
            wrong.push(format!(
                "{name}: {cmd}: exit {:?}, not {want}:\n{text}",
                out.status.code()
            ));
        }
        // The lines shown come in the output, in the order shown.
        let mut got = text.lines().map(str::trim_end);
        for l in e
            .shown
            .iter()
            .filter(|l| !l.contains('…') && !l.trim().is_empty())
        {
            if !got.any(|g| g == l.trim_end()) {
                wrong.push(format!(
                    "{name}: {cmd}: the document shows\n{l}\nbut the output is not that, \
                     or not in that order:\n{text}"
                ));
                break;
            }
        }
        ran += 1;
        if names_a_file(cmd) {
            with_files += 1;
        }
    }
    (ran, with_files, wrong)
}

#[test]
fn readme_examples_run_as_written() {
    let (ran, _, wrong) = run_examples("README.md");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(ran >= 5, "only {ran} examples found in README.md");
}

#[test]
fn guide_examples_run_as_written() {
    let (ran, with_files, wrong) = run_examples("docs/GUIDE.md");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(ran >= 40, "only {ran} examples found in docs/GUIDE.md");
    // prisoners, sexes (twice), twelve, the loopy digraph, the Petersen graph,
    // position.txt, christmas.txt.
    assert!(
        with_files >= 8,
        "only {with_files} examples with files found in docs/GUIDE.md"
    );
}

#[test]
fn skipped_examples_are_the_ones_meant() {
    let bin = "/bin/sprague";
    assert_eq!(
        runnable("sprague solve 'nim(3)'   # a comment", bin).as_deref(),
        Some("'/bin/sprague' solve 'nim(3)'")
    );
    assert_eq!(
        runnable("printf '1 2\\n' | sprague play 'nim(1,3)'", bin).as_deref(),
        Some("printf '1 2\\n' | '/bin/sprague' play 'nim(1,3)'")
    );
    assert_eq!(runnable("sprague serve", bin), None);
    assert_eq!(runnable("pip install ./python", bin), None);
    assert_eq!(
        runnable("sprague table --checkpoint t.ckpt kayles", bin),
        None
    );
    assert_eq!(runnable("sprague table kayles > t.json", bin), None);
    assert_eq!(runnable("echo $?", bin), None);
}
