//! The strategic games of the web playground in a real browser (the harness of
//! `web_browser`): the Race view, the mixed equilibria of a game of three players,
//! and a game tree built with the Nash view's tree editor.
//!
//! Expected values come from the rules: the race of three players adding 1 or 2 to
//! reach 3 worked out move by move, the equilibrium √2 − 1 of a symmetric game of
//! three players solved by hand, and backward induction on the tree built.

use crate::web_browser::Harness;
use serde_json::json;

/// Tab, which moves the focus on (and ends the editing of an input).
const TAB: &str = "\u{E004}";
/// Enter.
const ENTER: &str = "\u{E007}";

#[test]
fn race_view_shows_coalitions_subgame_perfect_play_and_pages_of_totals() {
    let t = Harness::new(1200, 1200);
    t.open("view=race&players=3&moves=1,2&to=3");
    // Player 1 moves to 1 or 2; player 2 reaches 3 from either: player 2 alone
    // forces a win, and so does every pair holding player 2, but not {1,3}.
    let facts = t.b.wait_text("#race-facts", |s| !s.is_empty());
    assert!(facts.contains("Player 2 forces a win alone."), "{facts}");
    assert!(
        facts.contains("Every coalition of 3 players forces a win."),
        "{facts}"
    );
    let rows = t.b.all("#race-coalitions tbody tr");
    assert_eq!(rows.len(), 3);
    let pairs = t.b.text(&rows[1]);
    assert!(
        pairs.contains("2 of 3") && pairs.contains("{1,2} {2,3}"),
        "{pairs}"
    );
    let perfect = t.b.text(&t.b.wait("#race-perfect"));
    assert!(perfect.contains("tie-break: smallest"), "{perfect}");
    assert!(perfect.contains("The winner is player 2."), "{perfect}");
    assert!(t.b.text(&t.b.wait("#race-line")).contains("1, 2"));
    // From totals 1 and 2 player 1 (to move) reaches 3 at once.
    let cells: Vec<String> =
        t.b.all("#race-totals td")
            .iter()
            .map(|c| t.b.text(c))
            .collect();
    assert_eq!(cells, ["2", "1", "1"]);
    let cli = t.b.text(&t.b.wait(".cli pre"));
    assert_eq!(cli, "$ sprague race --players 3 --moves 1,2 --to 3");

    // A longer race, typed: its totals come a page at a time, the page in the URL.
    let to = t.b.wait("#race-to");
    t.b.type_into(&to, "250");
    t.b.press(ENTER);
    t.b.wait_until("the first page", || {
        (t.b.all("#race-totals td").len() == 100).then_some(())
    });
    t.b.click(&t.b.wait("#race-next"));
    t.b.wait_until("the second page", || {
        let first = t.b.js(
            "return new URLSearchParams(location.search).get('first')",
            vec![],
        );
        (first == json!("100") && t.b.text(&t.b.wait("#race-totals th")).starts_with("100"))
            .then_some(())
    });
    assert!(t.b.text(&t.b.wait(".cli pre")).contains("--to 250"));
    // The tab is the page's.
    let tab = t.b.js(
        "return document.querySelector('.tabs a[aria-current=page]').textContent",
        vec![],
    );
    assert_eq!(tab, json!("Race"));
    // Bad input is one line, and the view goes on.
    t.b.type_into(&t.b.wait("#race-moves"), "1,x");
    t.b.press(ENTER);
    let err = t.b.wait_text(".error-box", |s| !s.is_empty());
    assert!(err.contains("'moves'"), "{err}");
    // A narrow window scrolls no sideways.
    t.b.resize(380, 800);
    t.open("view=race&players=5&moves=2,3&to=100");
    t.b.wait("#race-totals td");
    let over = t.b.js(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
        vec![],
    );
    assert!(over.as_i64().unwrap() <= 1, "{over}");
}

/// Pastes a Gambit file into the Nash view and solves it.
fn solve_file(t: &Harness, text: &str) {
    t.b.js(
        "document.querySelector('#nash-file-box').open = true; document.querySelector('#nash-file').value = arguments[0];",
        vec![json!(text)],
    );
    t.b.click(&t.b.wait("#nash-solve-file"));
}

#[test]
fn nash_view_shows_the_mixed_equilibria_of_three_players_by_kind() {
    let t = Harness::new(1200, 1200);
    t.open("view=nash");
    // Three players choose 1 or 2; 2 pays 0, 1 pays 2 when both others choose 1, −1
    // when neither does, 0 otherwise. Choosing 1 with probability p against the
    // others' p pays 2p² − (1 − p)², which is 0 at p = √2 − 1 = 0.4142135623730…:
    // an irrational equilibrium, shown as an interval around it.
    let mut root2 = String::from("NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n");
    for index in 0..8 {
        let s = [index & 1, index >> 1 & 1, index >> 2 & 1];
        for p in 0..3 {
            let on_1 = (0..3).filter(|&o| o != p && s[o] == 0).count();
            let v = if s[p] == 1 { 0 } else { [-1, 0, 2][on_1] };
            root2.push_str(&format!("{v} "));
        }
    }
    solve_file(&t, &root2);
    t.b.wait("#nash-mixed-many tbody tr");
    let rows: Vec<String> =
        t.b.all("#nash-mixed-many tbody tr")
            .iter()
            .map(|r| t.b.text(r))
            .collect();
    let boxes: Vec<&String> = rows.iter().filter(|r| r.contains("interval")).collect();
    assert_eq!(boxes.len(), 1, "{rows:?}");
    assert!(boxes[0].contains("1: [0.41421356237"), "{}", boxes[0]);
    // The pure equilibria: all choose 1 (each paid 2), all choose 2 (0 each).
    assert!(
        rows.iter()
            .any(|r| r.contains("(2, 2, 2)") && r.contains("exact (pure)")),
        "{rows:?}"
    );
    let caption = t.b.text(&t.b.wait("#nash-mixed-many caption"));
    assert!(
        caption.starts_with("3 equilibria") && !caption.contains("incomplete"),
        "{caption}"
    );
    assert!(t.b.all("#nash-incomplete").is_empty());

    // Matching pennies between B and C, A paid nothing: a segment of equilibria
    // along which only A's mixture moves; the list says it may be incomplete.
    solve_file(
        &t,
        "NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n0 1 -1  0 1 -1  0 -1 1  0 -1 1  0 -1 1  0 -1 1  0 1 -1  0 1 -1\n",
    );
    let note = t.b.wait_text("#nash-incomplete", |s| !s.is_empty());
    assert!(note.contains("may be incomplete"), "{note}");
    let rows: Vec<String> =
        t.b.all("#nash-mixed-many tbody tr")
            .iter()
            .map(|r| t.b.text(r))
            .collect();
    let segment: Vec<&String> = rows
        .iter()
        .filter(|r| r.contains("a continuum of equilibria"))
        .collect();
    assert_eq!(segment.len(), 1, "{rows:?}");
    assert!(
        segment[0].contains("only A's mixture moves"),
        "{}",
        segment[0]
    );
    assert!(segment[0].contains("1: 1/2, 2: 1/2"), "{}", segment[0]);

    // Nobody is ever paid: every profile is an equilibrium, one face, and the list
    // is complete.
    solve_file(
        &t,
        "NFG 1 R \"\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0  0 0 0\n",
    );
    let caption = t.b.wait_text("#nash-mixed-many caption", |s| {
        s.starts_with("1 equilibrium")
    });
    assert!(!caption.contains("incomplete"), "{caption}");
    let rows: Vec<String> =
        t.b.all("#nash-mixed-many tbody tr")
            .iter()
            .map(|r| t.b.text(r))
            .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0].contains("a face of equilibria") && rows[0].contains("any mixture of 1, 2"),
        "{}",
        rows[0]
    );
}

#[test]
fn a_tree_built_with_the_editor_is_solved() {
    let t = Harness::new(1200, 1400);
    t.open("view=nash");
    t.b.js(
        "document.querySelector('#nash-tree-box').open = true",
        vec![],
    );
    // The first tree: player 1 plays L or R; after L, player 2 plays l (3, 1) or
    // r (0, 0); R ends at (2, 2). Below R, by keyboard: a decision of player 2 with
    // moves a (4, 6) and b (1, 5).
    let add = t.b.wait("#tree-node-1-add");
    t.b.js(
        "arguments[0].focus()",
        vec![crate::common::webdriver::Browser::arg(&add)],
    );
    t.b.press(ENTER);
    t.b.wait("#tree-node-1-0-pay1");
    t.b.js(
        "const s = document.querySelector('#tree-node-1-player'); s.value = '2'; s.dispatchEvent(new Event('change'));",
        vec![],
    );
    for (id, v) in [
        ("#tree-node-1-0-pay1", "4"),
        ("#tree-node-1-0-pay2", "6"),
        ("#tree-node-1-1-pay1", "1"),
        ("#tree-node-1-1-pay2", "5"),
    ] {
        let input = t.b.wait(id);
        t.b.type_into(&input, v);
        t.b.press(TAB);
    }
    let efg =
        t.b.js("return document.querySelector('#tree-efg').value", vec![]);
    let efg = efg.as_str().unwrap();
    assert!(efg.starts_with("EFG 2 R"), "{efg}");
    assert!(efg.contains("p \"\" 2 2 \"\" { \"a\" \"b\" } 0"), "{efg}");
    t.b.click(&t.b.wait("#tree-solve"));
    // Backward induction: after R player 2 takes a (6 > 5), so R gives player 1 4;
    // after L player 2 takes l (1 > 0), giving player 1 3. Player 1 plays R: (4, 6).
    let spe = t.b.wait_text("#tree-result #nash-spe", |s| !s.is_empty());
    assert!(spe.contains("payoffs (4, 6)"), "{spe}");
    assert_eq!(t.b.all("#tree-result #nash-spe li").len(), 1);
    t.b.wait("#tree-result svg");
    // The equilibrium play (R, then a) is drawn thick, the other edges thin: the page's
    // own rules for pictures' edges must not make them all alike.
    let widths = t.b.js(
        "return [...document.querySelectorAll('#tree-result svg line.edge')].map(e => [e.classList.contains('on'), parseFloat(getComputedStyle(e).strokeWidth)])",
        vec![],
    );
    let widths = widths.as_array().unwrap();
    let on: Vec<f64> = widths
        .iter()
        .filter(|w| w[0].as_bool() == Some(true))
        .map(|w| w[1].as_f64().unwrap())
        .collect();
    let off: Vec<f64> = widths
        .iter()
        .filter(|w| w[0].as_bool() == Some(false))
        .map(|w| w[1].as_f64().unwrap())
        .collect();
    assert_eq!((on.len(), off.len()), (2, 4), "{widths:?}");
    assert!(
        on.iter().all(|&a| off.iter().all(|&b| a > 2.0 * b)),
        "{widths:?}"
    );
    assert!(
        t.b.text(&t.b.wait("#nash-tree-box .cli pre"))
            .contains("sprague nash tree.efg")
    );
    // The tree is in the address: a link to it shows it again, solved.
    let search = t.b.js("return location.search", vec![]);
    let search = search.as_str().unwrap().trim_start_matches('?').to_string();
    assert!(search.contains("tree="), "{search}");
    t.open("view=nash");
    t.b.wait("#nash-equilibria tbody tr");
    assert!(t.b.all("#tree-result #nash-spe").is_empty());
    t.open(&search);
    let spe = t.b.wait_text("#tree-result #nash-spe", |s| !s.is_empty());
    assert!(spe.contains("payoffs (4, 6)"), "{spe}");

    // A bad payoff is named, and nothing is sent.
    let input = t.b.wait("#tree-node-1-1-pay1");
    t.b.type_into(&input, "x");
    t.b.press(TAB);
    let msg = t.b.wait_text("#tree-msg", |s| !s.is_empty());
    assert!(
        msg.contains("payoff of player 1") && msg.contains("'x'"),
        "{msg}"
    );
    t.b.type_into(&t.b.wait("#tree-node-1-1-pay1"), "1");
    t.b.press(TAB);
    // The bound on nodes: adding moves stops with a message naming it.
    for _ in 0..40 {
        t.b.click(&t.b.wait("#tree-node-root-add"));
    }
    let msg = t.b.wait_text("#tree-msg", |s| !s.is_empty());
    assert!(msg.contains("at most 40 nodes"), "{msg}");
    let nodes = t.b.js(
        "return document.querySelectorAll('#tree-editor .tree-node').length",
        vec![],
    );
    assert_eq!(nodes, json!(40));
}

#[test]
fn nash_view_offers_the_library_classics_and_solves_them() {
    let t = Harness::new(1200, 1200);
    t.open("view=nash");
    let want: Vec<&str> = sprague::nash::classics::CLASSICS
        .iter()
        .map(|c| c.name)
        .collect();
    let menu = t.b.wait_until("the menu of classic games", || {
        let names = t.b.js(
            "return [...document.querySelectorAll('#nash-preset option')].slice(1).map(o => o.textContent)",
            vec![],
        );
        (names.as_array().map(Vec::len) == Some(want.len())).then_some(names)
    });
    assert_eq!(menu, json!(want));
    // Without a game in the address the first classic is shown and solved.
    let first =
        t.b.js("return document.querySelector('#nash-json').value", vec![]);
    let first: serde_json::Value = serde_json::from_str(first.as_str().unwrap()).unwrap();
    assert_eq!(
        first["rows"],
        json!(sprague::nash::classics::CLASSICS[0].rows)
    );
    t.b.wait("#nash-equilibria tbody tr");
    // Each classic chosen from the menu is solved. Matching pennies: a pure profile
    // always leaves one player wanting to switch, and each player is indifferent only
    // when the other plays both sides with 1/2, so the one equilibrium is (1/2, 1/2).
    // Rock, paper, scissors likewise: 1/3 each is the only profile leaving the other
    // indifferent among all three.
    for (name, share) in [
        ("Matching pennies", "1/2"),
        ("Rock, paper, scissors", "1/3"),
    ] {
        let i = want.iter().position(|&w| w == name).expect(name);
        t.b.js(
            "const s = document.querySelector('#nash-preset'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
            vec![json!(i.to_string())],
        );
        let rows = t.b.wait_until(name, || {
            let json =
                t.b.js("return document.querySelector('#nash-json').value", vec![]);
            let rows = t.b.all("#nash-equilibria tbody tr");
            let shown: String = rows.iter().map(|r| t.b.text(r) + "\n").collect();
            (json
                .as_str()
                .unwrap_or("")
                .contains(sprague::nash::classics::CLASSICS[i].rows[0])
                && rows.len() == 1
                && shown.contains(share))
            .then_some(shown)
        });
        assert!(!rows.contains("1/4"), "{rows}");
    }
}
