//! `sprague solve` on a sample of the test positions of MCGS, the minimax solver for
//! sums of combinatorial games of Folkersen, Müller and Du
//! (github.com/ualberta-mueller-group/MCGS), against the outcomes written in its test
//! files. The positions and expected results are copied in `tests/data/mcgs_outcomes.txt`
//! from MCGS v1.5's `input/autotests/` files, each group under the path of the file it
//! comes from; those files name where their results come from (CGSuite 2.1.1 for most,
//! a linear Clobber solver, an SBH NoGo solver, the paper "Solving NoGo on Small
//! Rectangular Boards", or MCGS itself).
//!
//! A data line is a sum in MCGS's notation, its games separated by ` ; ` (each
//! `SECTION GAME`, SECTION the MCGS game name), then ` => ` and MCGS's solve commands:
//! `B win` means Black (Left) moving first wins, `W loss` that White (Right) moving
//! first loses. MCGS's Black is sprague's Left in every ruleset: Black places Domineering
//! dominoes vertically and splits Fission stones vertically, Black's `X` stones are
//! sprague's `X` (Clobber, NoGo), `L` (Amazons, Toppling Dominoes) or `T` (Toads and
//! Frogs, moving right); Toppling Dominoes' `#` is a green domino.

use sprague::report::solve::{Options, solve};

/// sprague's expression for one MCGS game `SECTION TEXT`.
fn translate(section: &str, text: &str) -> String {
    let swap = |s: &str, from: &[char], to: &[char]| -> String {
        s.chars()
            .map(|c| match from.iter().position(|&f| f == c) {
                Some(i) => to[i],
                None => c,
            })
            .collect()
    };
    match section {
        "clobber_1xn" | "clobber" => format!("clobber(\"{text}\")"),
        "domineering" => format!("domineering(\"{text}\")"),
        "fission" => format!("fission(\"{text}\")"),
        "nogo_1xn" | "nogo" => format!("nogo(\"{text}\")"),
        "amazons" => format!("amazons(\"{}\")", swap(text, &['X', 'O'], &['L', 'R'])),
        "toppling_dominoes" => format!(
            "toppling(\"{}\")",
            swap(text, &['X', 'O', '#'], &['L', 'R', 'G'])
        ),
        "gen_toads" => {
            // `min slide, max slide, max jump, friendly jump: board`; friendly jumps
            // (jumping one's own creatures) are not in the data.
            let (params, board) = text.split_once(':').expect("gen_toads needs ':'");
            let p: Vec<&str> = params.split(',').map(str::trim).collect();
            assert_eq!(p.len(), 4, "{text}");
            assert_eq!(
                p[3], "0",
                "friendly jumps are not sprague's Toads and Frogs"
            );
            format!(
                "toads[{},{},{}](\"{}\")",
                p[0],
                p[1],
                p[2],
                swap(board, &['X', 'O'], &['T', 'F'])
            )
        }
        "kayles" => format!("kayles({text})"),
        "integer_game" | "dyadic_rational" => text.replace(' ', ""),
        "nimber" => format!("*{text}"),
        "switch_game" => {
            // Two fractions separated by a comma and/or spaces (`21, 7/8`, `2 1`).
            let compact = text.replace(" /", "/").replace("/ ", "/");
            let parts: Vec<&str> = compact
                .split([',', ' '])
                .filter(|p| !p.is_empty())
                .collect();
            assert_eq!(parts.len(), 2, "switch_game {text}");
            format!("{{{}|{}}}", parts[0], parts[1])
        }
        "up_star" => {
            // A number n of ups (downs when negative), and possibly a star.
            let mut terms = Vec::new();
            for item in text.split_whitespace() {
                if item == "*" {
                    terms.push("*".to_string());
                } else {
                    let n: i64 = item.parse().expect("up_star count");
                    let arrow = if n > 0 { "^" } else { "v" };
                    terms.extend((0..n.abs()).map(|_| arrow.to_string()));
                }
            }
            if terms.is_empty() {
                "0".to_string()
            } else {
                terms.join(" + ")
            }
        }
        _ => panic!("no sprague ruleset for MCGS's {section}"),
    }
}

/// Whether Left and Right, each moving first, win `expr` (from its outcome class).
fn wins(expr: &str) -> (bool, bool) {
    let o = Options {
        max_moves: 0,
        ..Options::default()
    };
    let solved = solve(expr, &o).unwrap_or_else(|_| panic!("{expr}: not solved"));
    let json: serde_json::Value = serde_json::from_str(&solved.json()).unwrap();
    match json["outcome"].as_str().unwrap() {
        "L" => (true, false),
        "R" => (false, true),
        "N" => (true, true),
        "P" => (false, false),
        other => panic!("{expr}: outcome {other}"),
    }
}

#[test]
fn mcgs_test_positions_have_the_outcomes_of_its_files() {
    let data = include_str!("../data/mcgs_outcomes.txt");
    let mut source = "";
    let mut checked = std::collections::BTreeMap::<&str, usize>::new();
    for line in data.lines() {
        if let Some(path) = line.strip_prefix("# source: ") {
            source = path.split_whitespace().next().unwrap();
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (games, commands) = line.split_once(" => ").expect("' => ' in a data line");
        let expr = games
            .split(" ; ")
            .map(|g| {
                let (section, text) = g.trim().split_once(' ').expect("SECTION GAME");
                translate(section, text.trim())
            })
            .collect::<Vec<_>>()
            .join(" + ");
        let (left, right) = wins(&expr);
        for command in commands.split(',') {
            let (player, result) = command.trim().split_once(' ').expect("'B win'");
            let want = match result {
                "win" => true,
                "loss" => false,
                _ => panic!("{source}: bad result in {line}"),
            };
            let got = match player {
                "B" => left,
                "W" => right,
                _ => panic!("{source}: bad player in {line}"),
            };
            assert_eq!(got, want, "{source}: {expr}, {player} first");
        }
        *checked.entry(source).or_default() += 1;
    }
    // Every shared family is in the sample (a data file cut short fails here).
    for family in [
        "amazons_autotests",
        "basic_cgt_autotests",
        "clobber_1xn_autotests",
        "clobber_autotests",
        "domineering_autotests",
        "fission_autotests",
        "gen_toads_autotests",
        "kayles_autotests",
        "nogo_1xn_autotests",
        "nogo_autotests",
        "toppling_dominoes_autotests",
    ] {
        let n: usize = checked
            .iter()
            .filter(|(s, _)| s.contains(family))
            .map(|(_, n)| n)
            .sum();
        assert!(n >= 3, "{family}: {n} sums checked");
    }
}
