//! The integration tests, built as one test binary: each file of `tests/it/` is a
//! module of it, the helpers they share are in `common`. One binary is compiled and
//! linked once against the crates, where a binary per file linked them 50 times over.
//! Run one file's tests with `cargo test --release --test it cli_db::`, or any test by
//! a part of its name. The tests of one process run on many threads: a test that
//! needs its own environment gives it to the processes it starts, never to this one.

mod common;

mod cgsuite_notation;
mod cgsuite_numbers;
mod cgsuite_ops;
mod cli;
mod cli_bounds;
mod cli_budgets;
mod cli_checkpoint;
mod cli_closed;
mod cli_coins;
mod cli_db;
mod cli_every;
mod cli_families;
#[cfg(unix)]
mod cli_files;
mod cli_genus;
mod cli_graphs;
mod cli_grid;
mod cli_hints;
mod cli_limit_messages;
mod cli_nash;
mod cli_nash_efg;
mod cli_nash_nfg;
mod cli_numth;
mod cli_octal;
mod cli_play;
mod cli_play_partizan;
mod cli_race;
mod cli_repl;
mod cli_solve_each;
mod cli_solve_partizan;
mod cli_solve_partizan_misere;
mod cli_solve_partizan_sums;
mod cli_strip_and_graph_rulesets;
mod cli_sweep;
mod cli_table_budget;
mod cli_table_stream;
mod cli_thermograph;
mod cli_value;
mod cli_value_theory;
mod contest_samples;
mod custom_families;
mod family_moves;
mod layering;
mod library_names_no_flags;
mod loopy_sums;
mod misere_cli;
mod misere_families;
mod nash_efg_props;
mod nash_games;
mod nash_methods;
mod nash_props;
mod no_family_names;
mod octal_period_soundness;
mod partizan_hackenbush;
mod partizan_laws;
mod partizan_misere_rulesets;
mod partizan_rulesets_grid;
mod partizan_theory;
mod race;
mod random_play;
mod readme_examples;
mod search_db;
mod search_mcgs;
mod stop_signal;
mod sum_laws;
mod sweep_misere;
mod sweep_tables;
mod table_resume;
#[cfg(feature = "web")]
mod web_api;
#[cfg(feature = "web")]
mod web_api_partizan;
#[cfg(feature = "browser-tests")]
mod web_browser;
#[cfg(feature = "browser-tests")]
mod web_browser_a11y;
#[cfg(feature = "browser-tests")]
mod web_browser_room;
#[cfg(feature = "browser-tests")]
mod web_browser_strategic;
#[cfg(feature = "browser-tests")]
mod web_browser_theme;
#[cfg(feature = "browser-tests")]
mod web_browser_touch;
#[cfg(feature = "web")]
mod web_race;
#[cfg(feature = "web")]
mod web_server;

/// Every file of `tests/it/` is a module above, and `tests/` holds no other test
/// file but `table_memory.rs` (which measures the peak memory of the processes it
/// starts, and so needs a small binary of its own): cargo would build a file outside
/// `tests/it/` as a binary of its own, and one inside it that is not named here would
/// never be compiled.
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(tests.join("it")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs")
            && module != "main"
            && !main.lines().any(|l| l == format!("mod {module};"))
        {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "not named in tests/it/main.rs: {missing:?}"
    );
    let outside: Vec<_> = std::fs::read_dir(&tests)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs") || p.join("main.rs").exists())
        .filter(|p| !p.ends_with("it") && !p.ends_with("table_memory.rs"))
        .collect();
    assert!(
        outside.is_empty(),
        "test files outside tests/it/: {outside:?}"
    );
}
