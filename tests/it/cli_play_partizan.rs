//! `sprague play` on partizan positions, driven through standard input. Whether a
//! move wins is checked against `sprague value` (the canonical form, an engine apart
//! from the search that `play` uses) and the rules: Left moving first wins G exactly
//! when G ≰ 0, Right moving first when G ≱ 0 (Winning Ways, ch. 2). Values of small
//! boards: 2×3 Domineering is {2 | −1/2}, 2×2 is ±1 (Winning Ways; REFERENCES).

use assert_cmd::Command;
use serde_json::Value;

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

/// Runs `play --json` with `args` and `script` on standard input; the JSON lines.
fn play_json(args: &[&str], script: &str) -> Vec<Value> {
    let out = sprague()
        .arg("play")
        .arg("--json")
        .args(args)
        .write_stdin(script.to_string())
        .output()
        .unwrap();
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{args:?} {script:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The outcome class of a position from its canonical value (`sprague value`).
fn outcome(position: &str) -> String {
    let out = sprague()
        .args(["value", "--json", position])
        .output()
        .unwrap();
    assert!(out.status.success(), "{position}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["outcome"].as_str().unwrap().to_string()
}

/// Whether `side` ("left"/"right") wins `position` moving first, from its outcome.
fn wins_first(position: &str, side: &str) -> bool {
    match outcome(position).as_str() {
        "N" => true,
        "P" => false,
        "L" => side == "left",
        "R" => side == "right",
        o => panic!("outcome {o}"),
    }
}

fn other(side: &str) -> &'static str {
    if side == "left" { "right" } else { "left" }
}

fn states(events: &[Value]) -> Vec<&Value> {
    events.iter().filter(|e| e["event"] == "state").collect()
}

#[test]
fn the_computer_plays_a_winning_move_when_it_has_one() {
    // The computer plays the side that starts; whenever it wins moving first (by the
    // canonical value), the position after its move is lost for the human moving
    // first. Rulesets of every kind: boards, strips, literals and sums.
    let cases = [
        ("domineering(2,3)", "left"),
        ("domineering(2,3)", "right"),
        ("domineering(3,3)", "left"),
        ("domineering(\"...|..#|.#.\") + {1|-1}", "right"),
        ("clobber(\"XOX|OXO\")", "right"),
        ("konane(\"XO.|.OX|X..\")", "left"),
        ("toads(\"TT..FF\")", "left"),
        ("toppling(\"LRLG\")", "right"),
        ("hackenbush(\"BRG\") + hackenbush(\"RB\")", "left"),
        ("snort(\"...|...\")", "right"),
        ("amazons(\"L..|...|..R\")", "left"),
        ("{2|-1} + ^", "left"),
    ];
    let mut checked = 0;
    for (pos, computer) in cases {
        let human = other(computer);
        let events = play_json(&["--as", human, "--first", computer, pos], "quit\n");
        let st = states(&events);
        assert_eq!(st[0]["to_move"], computer, "{pos}");
        let start_wins = wins_first(pos, computer);
        assert_eq!(st[0]["mover_wins"], start_wins, "{pos}");
        if st.len() < 2 {
            // Only when the computer has no move at all.
            assert_eq!(st[0]["over"], true, "{pos}");
            continue;
        }
        let after = st[1]["position"].as_str().unwrap();
        assert_eq!(st[1]["last_move"]["by"], computer);
        if start_wins {
            assert!(
                !wins_first(after, human),
                "{pos}: the computer left {after}"
            );
            assert_eq!(st[1]["last_move"]["move"]["wins"], true);
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked}");
}

#[test]
fn every_move_listed_is_marked_as_the_canonical_value_says() {
    // The human (Left) to move: each listed move wins exactly when Right, moving
    // first after it, loses; the hint lists exactly the winning ones.
    for pos in [
        "domineering(3,3)",
        "clobber(\"XO.|OX.\")",
        "toads(\"T.T.F.F\")",
    ] {
        let events = play_json(&[pos], "moves\nhint\nquit\n");
        let moves = events.iter().find(|e| e["event"] == "moves").unwrap();
        let hint = events.iter().find(|e| e["event"] == "hint").unwrap();
        let list = moves["moves"].as_array().unwrap();
        assert!(!list.is_empty());
        let mut winning = Vec::new();
        for m in list {
            // The part after the move is the whole position here (one part).
            let after = m["to"].as_str().unwrap();
            let wins = !wins_first(after, "right");
            assert_eq!(m["wins"], wins, "{pos}: {after}");
            if wins {
                winning.push(m["index"].clone());
            }
        }
        let hinted: Vec<Value> = hint["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["index"].clone())
            .collect();
        assert_eq!(hinted, winning, "{pos}");
        assert_eq!(hint["wins"], !winning.is_empty());
    }
}

#[test]
fn moves_by_cells_by_number_and_by_position() {
    // 4×4 Domineering, Left (vertical) to move: a1 a2 is the domino at the top of
    // column a; the same move by its number in the list and by the board after it.
    let list = play_json(&["domineering(4,4)"], "moves\nquit\n");
    let moves = list.iter().find(|e| e["event"] == "moves").unwrap()["moves"]
        .as_array()
        .unwrap()
        .clone();
    let k = moves
        .iter()
        .position(|m| m["cells"] == serde_json::json!(["a1", "a2"]))
        .unwrap();
    assert_eq!(moves[k]["to"], "domineering(\"#...|#...|....|....\")");
    let script = format!(
        "a1 a2\nundo\n#{}\nundo\n#...|#...|....|....\nundo\nquit\n",
        k + 1
    );
    let events = play_json(&["domineering(4,4)"], &script);
    let st = states(&events);
    let lefts: Vec<&Value> = st
        .iter()
        .filter(|s| s["last_move"]["by"] == "left")
        .copied()
        .collect();
    assert_eq!(lefts.len(), 3);
    for l in &lefts {
        assert_eq!(l["position"], "domineering(\"#...|#...|....|....\")");
        assert_eq!(
            l["last_move"]["move"]["cells"],
            serde_json::json!(["a1", "a2"])
        );
    }
    // Each undo takes back the human's move and the computer's answer: back to the
    // start, Left to move.
    assert_eq!(events.iter().filter(|e| e["event"] == "undo").count(), 3);
    let starts: Vec<&&Value> = st.iter().filter(|s| s["move_number"] == 0).collect();
    assert_eq!(starts.len(), 4);
    assert!(starts.iter().all(|s| s["position"] == "domineering(4,4)"
        || s["position"] == "domineering(\"....|....|....|....\")"));
}

#[test]
fn illegal_moves_are_refused_with_a_message() {
    // A horizontal domino is Right's, not Left's; a1 a3 is off the board's moves.
    let events = play_json(&["domineering(2,2)"], "a1 b1\n7\nfoo\nquit\n");
    let errors: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "error")
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert_eq!(errors.len(), 3, "{events:?}");
    assert!(
        errors[0].contains("no legal move changes the cells a1 b1"),
        "{}",
        errors[0]
    );
    assert!(errors[1].contains("numbered 1 to 2"), "{}", errors[1]);
    assert!(
        errors[2].contains("not a legal move of Left"),
        "{}",
        errors[2]
    );
    assert!(errors.iter().all(|e| e.contains("Nothing was played")));
    assert_eq!(states(&events).len(), 1);
}

#[test]
fn the_game_ends_when_the_side_to_move_has_no_move() {
    // 1×2 Domineering: Left (vertical dominoes) has no move, so Left to move loses.
    let events = play_json(&["domineering(1,2)"], "");
    let end = events.last().unwrap();
    assert_eq!(end["event"], "end");
    assert_eq!(end["winner"], "right");
    assert_eq!(end["you_won"], false);
    // As Right moving first on it, the human places the only domino and wins.
    let events = play_json(
        &["--as", "right", "--first", "right", "domineering(1,2)"],
        "a1 b1\n",
    );
    let end = events.last().unwrap();
    assert_eq!(end["winner"], "right");
    assert_eq!(end["you_won"], true);
    assert_eq!(end["moves"], 1);
}

#[test]
fn a_whole_game_against_the_computer_in_text() {
    // The human (Left) always types move 1; the game ends, and 2×3 Domineering with
    // the computer (Right) starting is a win for Right moving first ({2|-1/2}).
    let out = sprague()
        .args(["play", "--first", "right", "domineering(2,3)"])
        .write_stdin("1\n1\n1\n1\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you play Left"), "{text}");
    assert!(
        text.contains("      a b c\n    1 . . .\n    2 . . ."),
        "{text}"
    );
    assert!(text.contains("Computer (Right):"), "{text}");
    assert!(text.contains("Game over: the computer wins."), "{text}");
}

#[test]
fn a_position_too_big_to_decide_still_gets_legal_moves() {
    // Within 200 states nothing about 6×6 Domineering is decided: the state says so,
    // and the computer still plays a legal domino (two cells).
    let events = play_json(
        &["--max-states", "200", "--as", "right", "domineering(6,6)"],
        "quit\n",
    );
    let st = states(&events);
    assert_eq!(st[0]["note"], "not decided within --max-states");
    assert_eq!(st[0]["outcome"], Value::Null);
    assert_eq!(st[1]["last_move"]["by"], "left");
    assert_eq!(
        st[1]["last_move"]["move"]["cells"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["play", "domineering(\"..x|.Q.\")"],
        vec!["play", "--misere", "{0|domineering(2,2)}"],
        vec!["play", "--as", "left", "nim(3)"],
        vec!["play", "--as", "up", "domineering(2,2)"],
    ] {
        let out = sprague().args(&args).write_stdin("").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("sprague: "), "{err}");
    }
}

#[test]
fn the_bound_on_states_is_named_by_its_flag_in_text_mode() {
    // The session says "not decided within the bound on positions"; the command line
    // names the flag that raises it, in the state, the hint and the computer's reason.
    let out = sprague()
        .args([
            "play",
            "--max-states",
            "50",
            "--as",
            "right",
            "domineering(5,5)",
        ])
        .write_stdin("hint\nwhy\nvalue\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("outcome not decided within --max-states"),
        "{text}"
    );
    assert!(
        text.contains("No winning move found: the position is not decided within --max-states."),
        "{text}"
    );
    assert!(
        text.contains(
            "Why: the position is not decided within --max-states: a move not known to lose."
        ),
        "{text}"
    );
    assert!(!text.contains("the bound on"), "{text}");
}

#[test]
fn misere_play_the_computer_plays_the_misere_winning_moves() {
    // Misère play: the player who cannot move wins. On 2×3 Domineering Left
    // (vertical) wins moving first by the domino of column a or c: after a1-a2,
    // Right must place b1-c1 or b2-c2, no column then has two empty cells, and Left,
    // unable to move, wins. The domino of column b leaves Right no move: she wins.
    let events = play_json(
        &[
            "--misere",
            "--as",
            "right",
            "--first",
            "computer",
            "domineering(2,3)",
        ],
        "1\n1\n1\n",
    );
    let st = states(&events);
    assert_eq!(st[0]["play"], "misere");
    assert_eq!(st[0]["outcome"], "L");
    assert_eq!(st[0]["mover_wins"], true);
    let cells = st[1]["last_move"]["move"]["cells"].as_array().unwrap();
    let columns: Vec<&str> = cells.iter().map(|c| &c.as_str().unwrap()[..1]).collect();
    assert!(columns == ["a", "a"] || columns == ["c", "c"], "{cells:?}");
    let end = events.last().unwrap();
    assert_eq!(end["event"], "end");
    assert_eq!(end["winner"], "left");
    assert_eq!(end["you_won"], false);
    // {-1, 0 |}: Left's winning move is to -1 (Right must move to 0 and Left, with no
    // move, wins); 0 would leave Right without a move, and so the winner.
    let events = play_json(
        &[
            "--misere", "--as", "right", "--first", "computer", "{-1,0|}",
        ],
        "1\n",
    );
    let st = states(&events);
    assert_eq!(st[1]["last_move"]["move"]["to"], "-1");
    // 1 = {0|} with Right to move: Right has no move and wins at once.
    let events = play_json(&["--misere", "--first", "right", "1"], "");
    let st = states(&events);
    assert_eq!(st[0]["over"], true);
    assert_eq!(st[0]["winner"], "right");
}
