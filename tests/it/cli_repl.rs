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

/// The transcript of `repl ARGS` fed `script`; the run must succeed.
fn repl_with(args: &[&str], script: &str) -> String {
    let out = sprague()
        .arg("repl")
        .args(args)
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
    let text =
        repl(":value\n:table sub[1,3,4]\n:table kayles 5..3\n:frobnicate\nnim(3,)\nnim(1,1)\n");
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

#[test]
fn worksheet_names_games_and_uses_them() {
    // {2|-1} is the switch 1/2 ± 3/2, so g + g = 1 and g - g = 0; g + ^ = {2^|-1^}
    // (Left's and Right's options each plus ^, none dominated or reversible).
    let text = repl("g := {2|-1}\ng + -g == 0\nh := g + ^\ng + g\nans + 1\n:vars\n");
    assert!(!text.contains("error"), "{text}");
    assert!(text.contains("g := {2|-1}\n"), "{text}");
    assert!(text.contains("compare:     g + -g == 0 is true"), "{text}");
    assert!(text.contains("h := {2^|-1^}\n"), "{text}");
    // g + g is 1, so the previous result plus 1 is 2.
    assert!(text.contains("value:       1\n"), "{text}");
    assert!(text.contains("value:       2\n"), "{text}");
    // :vars lists the names in order, ans the last game valued.
    assert!(
        text.contains("ans := 2\ng := {2|-1}\nh := {2^|-1^}\n"),
        "{text}"
    );
    // A name used by :value and by a comparison that is not equal: ^ and * are confused.
    let text = repl("u := ^\ns := *\n:value u + s\nu <> s\n");
    assert!(text.contains("value:       ^*\n"), "{text}");
    assert!(text.contains("u <> s is true"), "{text}");
    // A line without a name is still solved.
    let text = repl("g := 1\nnim(3)\n");
    assert!(text.contains("nim-value: 3"), "{text}");
}

#[test]
fn worksheet_errors_name_the_column_and_refuse_reserved_names() {
    let text = repl("g := *\ng + k\n");
    assert!(
        text.contains("error: bad expression: column 5: unknown variable 'k': assign it first"),
        "{text}"
    );
    assert!(text.contains("(variables: ans, g)"), "{text}");
    let text = repl("nim := 3\nCool := 1\nv3 := 1\ng := 1 <= 2\ng := {0,}\nans\n");
    assert!(
        text.contains("error: 'nim' is a game family, not a variable name"),
        "{text}"
    );
    assert!(
        text.contains("error: 'Cool' is a function (Cool(G, t)), not a variable name"),
        "{text}"
    );
    assert!(
        text.contains("error: 'v3' cannot name a variable"),
        "{text}"
    );
    assert!(text.contains("takes a game, not a comparison"), "{text}");
    assert!(text.contains("error: bad expression: column 4:"), "{text}");
    // Nothing was valued, so ans is unknown (and solve says so, as for any name).
    assert!(text.contains("unknown game family 'ans'"), "{text}");
}

#[test]
fn help_of_a_function_is_its_line_of_the_one_table() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/GUIDE.md")).unwrap();
    let names = sprague::expr::FUNCTIONS;
    let script: String = names.iter().map(|n| format!("help {n}\n")).collect();
    let text = repl(&script);
    for f in sprague::expr::FUNCTION_HELP {
        assert!(
            text.contains(&format!("{}: {}\n", f.usage, f.help)),
            "{}: {text}",
            f.name
        );
        // The guide's table of CGSuite notation lists every function by its call.
        assert!(
            guide.contains(&format!("`{}`", f.usage)),
            "guide lacks {}",
            f.usage
        );
    }
    assert_eq!(names.len(), sprague::expr::FUNCTION_HELP.len());
    let text = repl(":help Foo\n");
    assert!(
        text.contains("error: no function 'Foo' (functions: Tiny,"),
        "{text}"
    );
}

#[test]
fn worksheet_limits_are_messages_and_the_worksheet_goes_on() {
    // The names' games share the table bounded by --max-states: Domineering 4 x 4
    // needs more than 60 games; the names kept are still answered, :clear frees them.
    let text = repl_with(
        &["--max-states", "60"],
        "g := {2|-1}\nh := domineering(4,4)\ng\n:clear\n:vars\nk := 1\n",
    );
    assert!(
        text.contains("error: limit reached: the canonical forms need more than 60 stored games"),
        "{text}"
    );
    assert!(text.contains(":clear forgets them"), "{text}");
    assert!(text.contains("value:       {2|-1}\n"), "{text}");
    assert!(text.contains("no names yet"), "{text}");
    assert!(text.contains("k := 1\n"), "{text}");
    // At most 10000 names; a name given again is no new name.
    let mut script: String = (0..10_000)
        .map(|i| format!("g{i} := {}\n", i % 7))
        .collect();
    script.push_str("g3 := 5\nextra := 1\n:vars\n");
    let text = repl(&script);
    assert!(text.contains("g3 := 5\n"), "{text:.200}");
    // 9999 % 7 = 3; ans does not count among the names given.
    assert!(text.contains("g9999 := 3\n"), "{text:.200}");
    assert!(
        text.contains("error: limit reached: at most 10000 names in a worksheet"),
        "{}",
        &text[text.len().saturating_sub(300)..]
    );
    assert!(!text.contains("extra := 1"));
}

#[test]
fn a_form_goes_on_over_lines_while_unfinished() {
    // {1|} = 2 and {3|} = 4 (n + 1 for an integer n >= 0), and {2|4} = 3, the
    // simplest number between them: a form nested over three lines.
    let text = repl("x := { {1|} |\n  { 3 |\n} }\nx == 3\n");
    assert!(!text.contains("error"), "{text}");
    assert!(text.contains("x := 3\n"), "{text}");
    assert!(text.contains("x == 3 is true"), "{text}");
    // A trailing operator, a trailing '\' and a relation carry the form on; a blank
    // line of a pipe is a space inside it. {1|-1} is the switch ±1.
    let text = repl("n := 1 +\n2\nm := 1 \\\n+ 2\nn ==\nm\ns := {1|\n\n-1}\n");
    assert!(!text.contains("error"), "{text}");
    assert!(text.contains("n := 3\n\nm := 3\n"), "{text}");
    assert!(text.contains("n == m is true"), "{text}");
    assert!(text.contains("s := ±1\n"), "{text}");
    // A line without an open bracket or a trailing operator is a whole form; a
    // trailing '*' is the nimber star: 1 + * is 1*.
    let text = repl("t := 1 + *\nt\n");
    assert!(text.contains("t := 1*\n"), "{text}");
    // A position to solve, across lines: nim(3) + nim(3) is 3 ⊕ 3 = 0 (Bouton).
    let text = repl("nim(3) +\nnim(3)\n");
    assert!(text.contains("P: the player to move loses"), "{text}");
}

#[test]
fn errors_in_a_form_of_several_lines_name_the_line() {
    // A bracket closed by the wrong one ends the form; the parser says where.
    let text = repl(":value {1|\n-1) + 1\nk := 2\n");
    assert!(
        text.contains("error: bad expression: standard input line 2, column 3: expected"),
        "{text}"
    );
    assert!(text.contains("found ')'"), "{text}");
    // The worksheet goes on after it.
    assert!(text.contains("k := 2\n"), "{text}");
    // An unknown name on the second line of a form.
    let text = repl("g := *\nh := {0|\n  K}\n");
    assert!(
        text.contains(
            "error: bad expression: standard input line 3, column 3: unknown variable 'K'"
        ),
        "{text}"
    );
    // A form of one line keeps its column.
    let text = repl("{1|-1}}\n");
    assert!(text.contains("error: bad expression: column 7:"), "{text}");
    // More open brackets than an expression may nest end the form at once; blank
    // lines of a pipe inside a form are skipped, and the lines are still counted.
    let script = format!("x := {}\n\n2\n", "{\n".repeat(300));
    let text = repl(&script);
    assert!(
        text.contains(
            "error: bad expression: standard input line 257, column 1: expected at most 256 nested braces"
        ),
        "{text:.300}"
    );
    let text = repl("x := {1|\n\n\n  -1 + K}\n");
    assert!(
        text.contains(
            "error: bad expression: standard input line 4, column 8: unknown variable 'K'"
        ),
        "{text}"
    );
}

#[test]
fn the_input_ending_inside_a_form_is_an_error_naming_the_open_bracket() {
    let out = sprague()
        .arg("repl")
        .write_stdin("g := 1\nh := {1|\n-1 + {0|\n")
        .output()
        .unwrap();
    // As for any mistake of the worksheet: a message, and the session ends as usual.
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("g := 1\n"), "{text}");
    assert!(
        text.contains(
            "error: the input ended inside a form: '{' of standard input line 3, column 6 is not closed"
        ),
        "{text}"
    );
    let text = repl("g := 2 +\n");
    assert!(
        text.contains("error: the input ended inside a form: the last line ends with '+'"),
        "{text}"
    );
    let text = repl("g := 2 \\\n");
    assert!(text.contains("the last line ends with '\\'"), "{text}");
}

#[test]
fn a_form_longer_than_its_bound_ends_the_session_from_a_pipe() {
    // Four lines of 1 MiB (the most a line may have) keep the brace open: the fourth
    // takes the form past 4 MiB.
    let line = format!("{{{}\n", " ".repeat((1 << 20) - 1));
    let out = sprague()
        .arg("repl")
        .write_stdin(line.repeat(5))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("standard input line 4: the form begun on line 1 is longer than 4 MiB (the most a form may have)"),
        "{err}"
    );
}

#[test]
fn capitalised_names_are_variables_as_in_cgsuite() {
    // H := G + * and G1 := G: H - G is * and G1 is G whatever G is; {2|-1} is the
    // switch 1/2 ± 3/2 (no option dominated or reversible).
    let text = repl(
        "G := {2|-1}\nH := G + *\nG1 := G\nLeft_1 := {G|}\nH - G == *\nG1 == G\nG + -G\n:vars\n",
    );
    assert!(!text.contains("error"), "{text}");
    assert!(text.contains("G := {2|-1}\n"), "{text}");
    assert!(text.contains("G1 := {2|-1}\n"), "{text}");
    // {G|}: Right answers Left's move to G with -1, and -1 <= {G|} (which has no
    // Right option), so G reverses through -1, whose Left options (none) replace it:
    // {G|} = {|} = 0.
    assert!(text.contains("Left_1 := 0\n"), "{text}");
    assert!(text.contains("H - G == * is true"), "{text}");
    assert!(text.contains("G1 == G is true"), "{text}");
    assert!(text.contains("value:       0\n"), "{text}");
    assert!(text.contains(":= {2|-1}\nG1 := {2|-1}\nH := "), "{text}");
    // Unknown names and functions without parentheses.
    let text = repl("G := 1\nK + G\nMean\nMean(G)\nCool := 1\n");
    assert!(
        text.contains("error: bad expression: column 1: unknown variable 'K': assign it first, e.g. K := {1|-1} (variables: G, ans)"),
        "{text}"
    );
    assert!(
        text.contains("error: bad expression: column 1: 'Mean' is a function: Mean(G)"),
        "{text}"
    );
    // Mean(1) is 1.
    assert!(text.contains("value:       1\n"), "{text}");
    assert!(
        text.contains("error: 'Cool' is a function (Cool(G, t)), not a variable name"),
        "{text}"
    );
    // A capitalised name nobody gave, alone on a line.
    let text = repl("X\n");
    assert!(
        text.contains("error: bad expression: column 1: unknown variable 'X': assign it first"),
        "{text}"
    );
    assert!(text.contains("(variables: none yet)"), "{text}");
}
