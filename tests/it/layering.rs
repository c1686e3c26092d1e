//! The layers of the workspace, read from `cargo metadata`: each crate may depend
//! only on the crates below it, so the layering is a structure, not a convention.
//!
//! ```text
//! core ← engine ← games ← report ← flags, play ← web ← sprague (CLI and facade)
//!   ↖ expr ↙        ↑        ↑
//!   ↖ nash ──────────────────┘
//! ```
//!
//! - `core`: numbers, limits, the stop signal, typed errors — depends on no layer;
//! - `engine` (impartial, partizan, search) and `nash`: the theory, on `core` only —
//!   no expression syntax, no game family;
//! - `expr`: the expression language, on `core` only;
//! - `games`: the families and rulesets, the registry and region databases;
//! - `report`, `play`: answers and sessions built from the layers below;
//! - `flags`: the front ends' words for the library's bounds (which flag raises
//!   each);
//! - `web` and the root crate (`sprague`: the facade and the command line): the front
//!   ends.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// For each crate of the workspace, the workspace crates it may depend on (in any
/// kind: normal, build or dev).
const ALLOWED: &[(&str, &[&str])] = &[
    ("sprague-core", &[]),
    ("sprague-engine", &["sprague-core"]),
    ("sprague-nash", &["sprague-core"]),
    ("sprague-expr", &["sprague-core"]),
    (
        "sprague-games",
        &["sprague-core", "sprague-engine", "sprague-expr"],
    ),
    (
        "sprague-report",
        &[
            "sprague-core",
            "sprague-engine",
            "sprague-nash",
            "sprague-expr",
            "sprague-games",
        ],
    ),
    // The words of the front ends for the library's bounds (the flags that raise
    // them), shared by the command line, the web server and the Python package.
    ("sprague-flags", &["sprague-core", "sprague-report"]),
    (
        "sprague-play",
        &[
            "sprague-core",
            "sprague-engine",
            "sprague-expr",
            "sprague-games",
            "sprague-report",
        ],
    ),
    (
        "sprague-web",
        &[
            "sprague-core",
            "sprague-engine",
            "sprague-nash",
            "sprague-expr",
            "sprague-games",
            "sprague-report",
            "sprague-flags",
            "sprague-play",
        ],
    ),
    (
        "sprague",
        &[
            "sprague-core",
            "sprague-engine",
            "sprague-nash",
            "sprague-expr",
            "sprague-games",
            "sprague-report",
            "sprague-flags",
            "sprague-play",
            "sprague-web",
        ],
    ),
];

/// Each workspace crate and the workspace crates it depends on.
fn workspace_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let members: BTreeSet<String> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| {
            // The workspace's own crates (the Python package and the fuzz targets
            // are separate workspaces of their own).
            p["manifest_path"]
                .as_str()
                .unwrap()
                .starts_with(env!("CARGO_MANIFEST_DIR"))
        })
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["name"].as_str().unwrap().to_string())
                .filter(|d| members.contains(d))
                .collect();
            (p["name"].as_str().unwrap().to_string(), deps)
        })
        .collect()
}

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    let deps = workspace_dependencies();
    let allowed: BTreeMap<&str, BTreeSet<&str>> = ALLOWED
        .iter()
        .map(|(c, a)| (*c, a.iter().copied().collect()))
        .collect();
    // Every crate of the workspace has its place in the layers, and every layer is
    // a crate.
    let names: BTreeSet<&str> = deps.keys().map(String::as_str).collect();
    let layers: BTreeSet<&str> = allowed.keys().copied().collect();
    assert_eq!(names, layers, "the crates of the workspace and the layers");
    for (krate, on) in &deps {
        let may = &allowed[krate.as_str()];
        let wrong: Vec<&String> = on.iter().filter(|d| !may.contains(d.as_str())).collect();
        assert!(
            wrong.is_empty(),
            "{krate} depends on {wrong:?}, which are not below it"
        );
    }
}

#[test]
fn the_allowed_dependencies_form_layers() {
    // The table itself has no cycle: each crate's allowed dependencies come before
    // it in the list, so the layers are ordered.
    let mut seen = BTreeSet::new();
    for (krate, on) in ALLOWED {
        for d in *on {
            assert!(
                seen.contains(d),
                "{krate} may depend on {d}, listed after it"
            );
        }
        seen.insert(*krate);
    }
}
