//! Every `sprague …` example of README.md's console blocks that reads a file runs as
//! written from the repository root, and prints the lines the README shows (lines
//! with `…` stand for omitted text and are skipped).

use std::path::Path;
use std::process::Command;

/// One example: the command line and the output lines shown under it.
struct Example {
    command: String,
    shown: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
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

/// Whether the command reads a file of the repository.
fn names_a_file(cmd: &str) -> bool {
    cmd.split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
        .any(|w| w.ends_with(".json") || w.ends_with(".txt"))
}

#[test]
fn readme_examples_with_files_run_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bin = env!("CARGO_BIN_EXE_sprague");
    let mut ran = 0;
    for e in examples(&readme) {
        if !e.command.starts_with("sprague ") || !names_a_file(&e.command) {
            continue;
        }
        // Long runs meant to be interrupted, which write files, are not examples to run.
        if e.command.contains("--checkpoint") || e.command.contains(" > ") {
            continue;
        }
        // A trailing shell comment is for the reader.
        let cmd = match e.command.find("  #") {
            Some(i) => e.command[..i].trim_end(),
            None => e.command.as_str(),
        };
        let line = format!("'{bin}' {}", &cmd["sprague ".len()..]);
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
        assert_eq!(out.status.code(), Some(want), "{cmd}:\n{text}");
        let got: Vec<&str> = text.lines().map(str::trim_end).collect();
        for l in e
            .shown
            .iter()
            .filter(|l| !l.contains('…') && !l.trim().is_empty())
        {
            assert!(
                got.contains(&l.trim_end()),
                "{cmd}: README shows\n{l}\nbut the output is\n{text}"
            );
        }
        ran += 1;
    }
    // prisoners, sexes (twice), twelve, the loopy digraph, the Petersen graph, position.txt.
    assert!(ran >= 7, "only {ran} examples with files found");
}
