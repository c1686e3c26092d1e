//! `sprague repl` driven through standard input: the worksheet answers as the
//! commands `solve`, `value` and `table` do. Expected results come from the rules.

use assert_cmd::Command;

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

/// The transcript of `repl` fed `script`; the run must succeed.
fn repl(script: &str) -> String {
    let out = sprague()
        .arg("repl")
        .write_stdin(script.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "{script:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The standard output of a command that succeeds.
fn command(args: &[&str]) -> String {
    let out = sprague().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn misere_subtraction_is_solved_as_solve_does() {
    // Misère sub{1,3,4} by hand from the rules: 0 is a win for the player to move (no
    // move), 1 a loss (to 0), 2 a win (to 1), 3 a loss, 4 a win, 5, 6, 7 wins (to 1,
    // 3, 3), 8 a loss (to 7, 5, 4), 9 a win (to 8), 10 a loss (to 9, 7, 6).
    let text = repl(":misere\nsub[1,3,4](10)\nsub[1,3,4](9)\n");
    assert!(!text.contains("error"), "{text}");
    assert!(
        text.contains("P: the player to move loses"),
        "misère sub[1,3,4](10) is a loss: {text}"
    );
    let solved = command(&["solve", "--misere", "sub[1,3,4](10)"]);
    assert!(text.contains(&solved), "{text}\n---\n{solved}");
    let nine = command(&["solve", "--misere", "sub[1,3,4](9)"]);
    assert!(nine.contains("N: the player to move wins"), "{nine}");
    assert!(text.contains(&nine), "{text}");
    // Back to normal play: sub[1,3,4](10) has value 1 (period 0 1 0 1 2 3 2).
    let normal = repl(":misere\n:normal\nsub[1,3,4](10)\n");
    assert!(normal.contains("nim-value: 1"), "{normal}");
}

#[test]
fn value_and_table_are_those_of_the_commands() {
    let text = repl(":value {1|-1}\n:table sub[1,3,4] 30\n:table kayles 10..12\n");
    // {1|-1} is the switch ±1: mean 0, temperature 1 (Winning Ways, ch. 6).
    assert!(text.contains("value:       ±1"), "{text}");
    assert!(text.contains("temperature: 1\n"), "{text}");
    assert!(text.contains(&command(&["value", "{1|-1}"])), "{text}");
    // Subtraction {1,3,4}: 0 1 0 1 2 3 2 repeated (Winning Ways, ch. 4).
    assert!(text.contains("      10: 1 2 3 2 0 1 0 1 2 3\n"), "{text}");
    assert!(text.contains("period: 7 from heap 0 (proved"), "{text}");
    assert!(
        text.contains(&command(&["table", "--to", "30", "sub[1,3,4]"])),
        "{text}"
    );
    // Kayles 10, 11, 12: 2 6 4 (OEIS A002186).
    assert!(text.contains("      10: 2 6 4\n"), "{text}");
    assert!(
        text.contains(&command(&["table", "--from", "10", "--to", "12", "kayles"])),
        "{text}"
    );
}

#[test]
fn mistakes_get_a_message_and_the_worksheet_goes_on() {
    let text = repl(":value\n:table sub[1,3,4]\n:table kayles 5..3\n:frobnicate\nnim(\nnim(1,1)\n");
    assert!(text.contains("error: type a game after :value"), "{text}");
    assert!(
        text.contains("error: type a family and the last heap"),
        "{text}"
    );
    assert!(
        text.contains("error: --from 5 is larger than --to 3"),
        "{text}"
    );
    assert!(text.contains("unknown command :frobnicate"), "{text}");
    assert!(text.contains("error: bad expression"), "{text}");
    // nim(1,1): 1 ⊕ 1 = 0, a loss for the player to move (Bouton).
    assert!(text.contains("P: the player to move loses"), "{text}");
    let help = repl(":help\n");
    for c in [":value", ":table", ":explain", ":misere"] {
        assert!(help.contains(c), "{help}");
    }
}
