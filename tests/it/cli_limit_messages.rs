//! The whole one-line messages of limits and of bad options, word for word: the
//! library gives a typed bound and its words, the command line adds the flag that
//! raises it (`sprague-flags`), and the line reads as it always has.

use crate::common::{exit_code, sprague};
use std::path::PathBuf;

/// A file of `text` under the target's temporary directory.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_limit_messages");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn line(args: &[&str]) -> (i32, String) {
    let (code, err) = exit_code(args);
    (code, err.trim_end().to_string())
}

#[test]
fn limits_name_their_flag() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["table", "--max-states", "1000", "--to", "5000", "kayles"],
            "sprague: limit reached: printing 5001 values needs more than 1000 positions (raise it with --max-states)",
        ),
        (
            &["solve", "--max-states", "100", "domineering(8,8)"],
            "sprague: limit reached: the search needs more than 100 positions (raise it with --max-states)",
        ),
        (
            &["value", "--max-states", "100", "domineering(5,5)"],
            "sprague: limit reached: the canonical forms need more than 100 stored games and cached comparisons and sums (raise it with --max-states)",
        ),
        (
            &[
                "sweep",
                "--digits",
                "1",
                "--to",
                "100000",
                "--max-states",
                "1000",
            ],
            "sprague: limit reached: a table to heap 100000 needs more than 1000 positions (raise it with --max-states)",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(line(args), (3, want.to_string()), "{args:?}");
    }
    // A table too large for the memory allowed stops before it starts: 2 bytes a
    // value for a million heaps and more are beyond 64 KiB.
    let (code, err) = line(&[
        "table",
        "--max-memory",
        "64K",
        "--to",
        "1000000",
        "grundy_game",
    ]);
    assert_eq!(code, 3);
    assert!(
        err.starts_with(
            "sprague: limit reached: a table of grundy_game to heap 1000000 needs about "
        ) && err
            .ends_with(" of memory, more than the 64.0 KiB allowed (raise it with --max-memory)"),
        "{err}"
    );
}

#[test]
fn nash_budgets_name_their_flags() {
    // Four strategies each, none dominated: 6 pairs of rows, 6 of columns, more
    // than 10 in all.
    let g = file(
        "g.json",
        r#"{"rows": ["a","b","c","d"], "cols": ["a","b","c","d"],
            "row_payoffs": [[1,2,3,4],[4,3,2,1],[2,4,1,3],[3,1,4,2]],
            "col_payoffs": [[4,3,2,1],[1,2,3,4],[3,1,4,2],[2,4,1,3]]}"#,
    );
    let g = g.to_str().unwrap();
    assert_eq!(
        line(&["nash", "--max-pairs", "10", g]),
        (
            3,
            format!(
                "sprague: limit reached: nash: {g}: comparing strategies for dominance needs 12 pairs after 6 already examined, more than the limit of 10 (raise it with --max-pairs)"
            )
        )
    );
    let big = file(
        "big.json",
        r#"{"rows": ["a","b"], "cols": ["c","d"],
            "row_payoffs": [[1234567891234,0],[0,2]], "col_payoffs": [[2,0],[0,3]]}"#,
    );
    let big = big.to_str().unwrap();
    assert_eq!(
        line(&["nash", "--max-digits", "5", big]),
        (
            3,
            format!(
                "sprague: limit reached: nash: {big}: a payoff of the row player has 13 digits, more than the 5 allowed (raise it with --max-digits)"
            )
        )
    );
}

#[test]
fn a_limit_of_the_table_with_a_checkpoint_says_what_was_saved() {
    let ckpt = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_limit_messages_k.ckpt");
    let _ = std::fs::remove_file(&ckpt);
    let c = ckpt.to_str().unwrap();
    assert_eq!(
        line(&[
            "table",
            "--to",
            "5000",
            "--checkpoint",
            c,
            "--max-states",
            "3000",
            "kayles"
        ]),
        (
            3,
            format!(
                "sprague: limit reached: printing 5001 values needs more than 3000 positions (raise it with --max-states); 0 heaps saved in {c}"
            )
        )
    );
    // A checkpoint of more heaps than the bound allows.
    let _ = std::fs::remove_file(&ckpt);
    let out = sprague()
        .args(["table", "--to", "2000", "--checkpoint", c, "octal[0.007]"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let (code, err) = line(&[
        "table",
        "--to",
        "10",
        "--checkpoint",
        c,
        "--max-states",
        "1000",
        "octal[0.007]",
    ]);
    assert_eq!(code, 3);
    let start = format!("sprague: limit reached: checkpoint {c} holds ");
    assert!(
        err.starts_with(&start) && err.ends_with(" heaps, more than --max-states allows"),
        "{err}"
    );
    let _ = std::fs::remove_file(&ckpt);
}

#[test]
fn bad_options_are_named() {
    let never = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_limit_messages_never.db");
    let never = never.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["table", "--from", "5", "--to", "3", "kayles"],
            "sprague: --from 5 is larger than --to 3",
        ),
        (
            &["table", "--from", "5", "--to", "3", "andnim"],
            "sprague: --from 5 is larger than --to 3",
        ),
        (
            &["value", "--cool", "-1", "*"],
            "sprague: --cool: a game is cooled by a number t ≥ 0, not -1",
        ),
        (
            &["value", "--heat", "1/3", "{1|-1}"],
            "sprague: --heat: expected a number like 1, -3/4 or 1/2 (a power of two below), found '1/3'",
        ),
        (
            &["value", "--overheat", "1", "{1|-1}"],
            "sprague: --overheat: expected two numbers S,T (e.g. 1,2), found '1'",
        ),
        (
            &[
                "db",
                "build",
                "domineering",
                "--cells",
                "20",
                "--out",
                never,
            ],
            "sprague: --cells is at most 14",
        ),
        // The ruleset is checked first.
        (
            &["db", "build", "nim", "--cells", "20", "--out", never],
            "sprague: a database stores the regions of domineering or clobber, not of 'nim'",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(line(args), (2, want.to_string()), "{args:?}");
    }
    assert!(!std::path::Path::new(never).exists());
}

#[test]
fn the_factoring_budget_is_a_share_of_the_bound_on_states() {
    // RSA-100, a product of two primes of 50 digits: far beyond 50 multiplications.
    let n = "1522605027922533360535618378132637429718068114961380688657908494580122963258952897654000350692006139";
    let out = sprague()
        .args([
            "solve",
            "--explain",
            "--max-states",
            "1000",
            &format!("divisor({n})"),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "its value Ω(n) + 1 is not computed: factoring a 100-digit number needs more than the 50 modular multiplications left of the 50 allowed for the whole command (a twentieth of the bound on positions); a higher bound tries harder"
        ),
        "{text}"
    );
}
