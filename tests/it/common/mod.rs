//! Helpers shared by the end-to-end tests: run the real binary, read its JSON.

#![allow(dead_code)]

pub mod nash;
#[cfg(feature = "web")]
pub mod web;
#[cfg(feature = "browser-tests")]
pub mod webdriver;

use assert_cmd::Command;
use serde_json::Value;

/// The `sprague` binary built by cargo, with its configuration (the checkpoint key)
/// kept under the target directory rather than the user's.
pub fn sprague() -> Command {
    let mut c = Command::cargo_bin("sprague").unwrap();
    c.env(
        "XDG_CONFIG_HOME",
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("config"),
    );
    c
}

/// Runs `sprague ARGS…`, requires success, and parses the one JSON document printed.
pub fn run_json(args: &[&str]) -> Value {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `sprague solve --json ARGS…`.
pub fn solve_json(args: &[&str]) -> Value {
    let mut all = vec!["solve", "--json"];
    all.extend_from_slice(args);
    run_json(&all)
}

/// Runs `sprague ARGS…` and returns the exit code and standard error; a failing run
/// must print nothing on standard output.
pub fn exit_code(args: &[&str]) -> (i32, String) {
    let out = sprague().args(args).output().unwrap();
    assert!(out.stdout.is_empty() || out.status.success());
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
