//! `table --genus` and the genus lines of `solve --misere --explain`. Expected values
//! come from the definitions (worked out in the comments) or from CGSuite's own tests
//! (aaron-siegel/cgsuite, GameHeapTest.scala: the misère nim-values of Kayles heaps
//! 0..20 and the genera it prints for wild heaps).

use assert_cmd::Command;

fn sprague(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_genus_table_of_kayles_is_the_published_one() {
    let out = sprague(&["table", "--genus", "--json", "--to", "20", "kayles"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["family"], "kayles");
    let misere: Vec<u64> = v["misere"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        misere,
        [
            1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0
        ]
    );
    let genus = v["genus"].as_array().unwrap();
    // Nim heaps (kayles(0..3) are *0..*3), from the definition: 0^120, 1^031, 2^20, 3^31.
    for (n, want) in [(0, "0^120"), (1, "1^031"), (2, "2^20"), (3, "3^31")] {
        assert_eq!(genus[n], want, "kayles({n})");
    }
    for (n, want) in [
        (5, "4^146"),
        (9, "4^046"),
        (11, "6^46"),
        (15, "7^57"),
        (17, "4^64"),
        (19, "2^20"),
        (20, "1^031"),
    ] {
        assert_eq!(genus[n], want, "kayles({n})");
    }
    let normal: Vec<u64> = v["normal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    // Kayles' nim-values (Guy and Smith 1956).
    assert_eq!(
        normal,
        [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1
        ]
    );
}

#[test]
fn the_text_table_has_a_line_a_heap() {
    let out = sprague(&["table", "--genus", "--from", "4", "--to", "5", "kayles"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // kayles(4) has the options *3 (kayles(3), and *1 + *2), *2 and *1 + *1 = 0:
    // {0, *2} = *1 (*2 has the option *1 = {0}), so *3, whose option *1 is {0, *2},
    // goes too, leaving *1: genus 1^031. kayles(5): 4^146.
    assert_eq!(lines[1], "4  1^031  *");
    assert!(lines[2].starts_with("5  4^146  *["), "{text}");
}

#[test]
fn solve_explains_the_genus_of_each_component_and_of_the_sum() {
    // nim(2,2): *2 + *2 is a misère P-position (γ₀ = 0); with k more heaps of 2 the
    // misère Nim position has a heap of 2, so its misère value is its XOR: 2, 0, 2, …
    let out = sprague(&["solve", "--misere", "--explain", "nim(2,2)"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("nim(2): genus 2^20, misère canonical form *2"),
        "{text}"
    );
    assert!(
        text.contains("the sum: genus 0^02, misère canonical form *[32]"),
        "{text}"
    );
    // nim(1,1): *1 + *1 = 0 in misère play.
    let out = sprague(&["solve", "--misere", "--explain", "nim(1,1)"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("the sum: genus 0^120, misère canonical form 0"),
        "{text}"
    );
}

#[test]
fn bounds_exit_3_naming_max_states_and_bad_families_exit_2() {
    let out = sprague(&[
        "table",
        "--genus",
        "--to",
        "60",
        "--max-states",
        "1000",
        "kayles",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--max-states"), "{err}");
    let out = sprague(&["table", "--genus", "--to", "5", "kayless"]);
    assert_eq!(out.status.code(), Some(2));
    let out = sprague(&["table", "--genus", "--csv", "--to", "5", "kayles"]);
    assert_eq!(out.status.code(), Some(2));
    // A bound in solve --explain leaves the genus out, with the reason: misère Nim
    // is decided by Bouton's rule, while the form of a heap of 10^5 holds 10^5 options.
    let out = sprague(&[
        "solve",
        "--misere",
        "--explain",
        "--max-states",
        "1000",
        "nim(100000)",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("genus and misère canonical form are not computed"),
        "{text}"
    );
}
