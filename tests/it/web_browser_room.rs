//! The Play view as a class sees it: two players named on one screen, boards drawn
//! at the size of the window, a high-contrast theme for a dark room, and phones.
//! Real headless chromium (see `web_browser.rs` for the harness).
//!
//! Expected values come from the rules: Nim's last stone wins, so the player who
//! takes the only stone of `nim(1)` has won.

use crate::web_browser::Harness;
use serde_json::json;

/// Enter, which plays or chooses what has the focus.
const ENTER: &str = "\u{E007}";

/// The texts of the options of a `<select>`.
fn options(t: &Harness, css: &str) -> Vec<String> {
    t.b.wait(css);
    t.b.js(
        "return [...document.querySelector(arguments[0]).options].map((o) => o.textContent)",
        vec![serde_json::json!(css)],
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|v| v.as_str().unwrap().to_string())
    .collect()
}

#[test]
fn two_players_are_named_in_who_starts_and_in_the_status() {
    let t = Harness::new(1200, 900);
    // One stone: whoever starts takes it and wins.
    t.open("view=play&expr=nim(1)&two=1&first=computer");
    let status = t.b.wait_text("#play-status", |s| s.contains("to move"));
    assert!(status.contains("Player 2 to move"), "{status}");
    assert_eq!(options(&t, "#play-first"), ["Player 1", "Player 2"]);
    t.b.click(&t.b.wait("#play-moves button.move"));
    let over = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(over.contains("Player 2 won"), "{over}");
    assert!(
        !over.contains("you") && !over.contains("computer"),
        "{over}"
    );
    // Player 1 starts a new game from the menu, takes the stone and wins.
    t.b.js(
        "const s = document.getElementById('play-first'); s.value = 'you'; s.dispatchEvent(new Event('change'));",
        vec![],
    );
    t.b.wait_text("#play-status", |s| s.contains("Player 1 to move"));
    t.b.click(&t.b.wait("#play-moves button.move"));
    let over = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(over.contains("Player 1 won"), "{over}");
    // Without two players the menu is yours and the computer's.
    t.open("view=play&expr=nim(1)");
    t.b.wait_text("#play-status", |s| s.contains("move"));
    assert_eq!(options(&t, "#play-first"), ["you", "the computer"]);
    // Two players of a game of Left and Right are Left and Right, in the menu too.
    t.open("view=play&expr=domineering(2,1)&two=1");
    t.b.wait_text("#play-status", |s| s.contains("Left to move"));
    assert_eq!(options(&t, "#play-first"), ["Left", "Right"]);
}

/// The bounding box of the board's pictures and the window: `[left, top, right,
/// bottom, innerWidth, innerHeight, scrollWidth]`.
fn board_box(t: &Harness) -> Vec<f64> {
    t.b.js(
        r#"const r = [...document.querySelectorAll('#play-board svg')].map((g) => g.getBoundingClientRect());
        return [Math.min(...r.map((x) => x.left)), Math.min(...r.map((x) => x.top)),
          Math.max(...r.map((x) => x.right)), Math.max(...r.map((x) => x.bottom)),
          innerWidth, innerHeight, document.documentElement.scrollWidth];"#,
        vec![],
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|x| x.as_f64().unwrap())
    .collect()
}

/// The board is at least `share` of the window's width and wholly in the window.
fn board_is_large_and_visible(t: &Harness, what: &str, share: f64) {
    // The board is scaled once it is drawn (and again after a resize).
    std::thread::sleep(std::time::Duration::from_millis(400));
    let b = board_box(t);
    let (left, top, right, bottom, w, h, sw) = (b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
    assert!(
        right - left >= share * w,
        "{what}: the board is {} px wide of {w}",
        right - left
    );
    assert!(
        left >= -1.0 && top >= -1.0,
        "{what}: the board starts at ({left}, {top})"
    );
    assert!(
        right <= w + 1.0 && bottom <= h + 1.0,
        "{what}: the board ends at ({right}, {bottom}) in {w}×{h}"
    );
    assert!(sw <= w + 1.0, "{what}: the page is {sw} px wide in {w}");
}

#[test]
fn a_row_of_coins_fills_a_classroom_window_and_a_coin_is_turned_by_clicks() {
    let t = Harness::new(1024, 768);
    // Turning Turtles: a move turns a coin from heads to tails, and maybe one coin to
    // its left either way. Coin 8 is heads: clicked twice, it is turned alone.
    t.open(&format!(
        "view=play&expr={}&class=1",
        crate::web_browser::encoded("turtles(\"THHTTHTH\")")
    ));
    t.b.wait_text("#play-status", |s| s.contains("move"));
    board_is_large_and_visible(&t, "coins", 0.6);
    let coin = t.b.wait("#play-board [data-coin='8']");
    t.b.click(&coin);
    t.b.click(&t.b.wait("#play-board [data-coin='8'].picked"));
    t.b.wait_until("the move", || {
        (!t.b.all("#play-log li").is_empty()).then_some(())
    });
    let first = t.b.text(&t.b.all("#play-log li")[0]);
    assert!(first.contains("THHTTHTT"), "{first}");
}

/// The faces of the coins drawn (`H` or `T` each) and their numbers, in order.
fn coins(t: &Harness) -> (String, Vec<String>) {
    let faces: String =
        t.b.all("#play-board .coins .coin-letter")
            .iter()
            .map(|e| t.b.text(e))
            .collect();
    let numbers =
        t.b.all("#play-board .coins .coin-number")
            .iter()
            .map(|e| t.b.text(e))
            .collect();
    (faces, numbers)
}

/// Clicks coin `k` (numbered from 1) of the board, once it is drawn with `css` too.
fn click_coin(t: &Harness, k: usize, css: &str) {
    t.b.click(&t.b.wait(&format!("#play-board .coin-g[data-coin='{k}']{css}")));
}

/// The moves played so far, as the log lists them.
fn played(t: &Harness, count: usize) -> Vec<String> {
    t.b.wait_until("the move", || {
        let l = t.b.all("#play-log li");
        (l.len() >= count).then(|| l.iter().map(|e| t.b.text(e)).collect())
    })
}

#[test]
fn a_whole_game_of_coins_is_played_by_clicking_coins_in_a_classroom() {
    let t = Harness::new(1024, 768);
    // Turning Turtles with two players: a move turns one coin from heads to tails and
    // perhaps one coin to its left, either way. The last move wins.
    t.open(&format!(
        "view=play&expr={}&class=1&two=1",
        crate::web_browser::encoded("turtles(\"THHTH\")")
    ));
    t.b.wait_text("#play-status", |s| s.contains("Player 1 to move"));
    board_is_large_and_visible(&t, "a row of five coins", 0.6);
    let (faces, numbers) = coins(&t);
    assert_eq!(faces, "THHTH");
    assert_eq!(numbers, ["1", "2", "3", "4", "5"]);
    // Player 1 turns coins 5 and 1: coin 5 alone fits five moves ({5}, {1, 5}, …,
    // {4, 5}), so it is chosen and nothing is played; coin 1 then leaves one.
    click_coin(&t, 5, "");
    t.b.wait("#play-board .coin-g[data-coin='5'].picked");
    assert!(t.b.all("#play-log li").is_empty());
    click_coin(&t, 1, "");
    let log = played(&t, 1);
    assert!(log[0].contains("turtles(\"HHHTT\")"), "{log:?}");
    t.b.wait_text("#play-status", |s| s.contains("Player 2 to move"));
    assert_eq!(coins(&t).0, "HHHTT");
    // Player 2 turns coin 3 alone: chosen, then clicked again.
    click_coin(&t, 3, "");
    click_coin(&t, 3, ".picked");
    let log = played(&t, 2);
    assert!(log[1].contains("turtles(\"HHTTT\")"), "{log:?}");
    assert_eq!(coins(&t).0, "HHTTT");
    // A tails coin turns only with a head to its right, and coin 4 has none: no move
    // turns it.
    click_coin(&t, 4, "");
    t.b.wait_text(".hint-out", |s| s.contains("not legal"));
    // Player 1 turns coins 2 and 1, both heads: no head is left, and Player 1 has
    // made the last move.
    click_coin(&t, 2, "");
    click_coin(&t, 1, "");
    let log = played(&t, 3);
    assert!(log[2].contains("turtles(\"TTTTT\")"), "{log:?}");
    let over = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(over.contains("Player 1 won"), "{over}");
    assert_eq!(coins(&t).0, "TTTTT");
    // No move is left: no coin takes a click.
    assert!(t.b.all("#play-board .coin-g[tabindex='0']").is_empty());
}

#[test]
fn a_staircase_fills_a_classroom_window_and_stones_are_moved_by_clicks() {
    let t = Harness::new(1024, 768);
    // Staircase Nim: one stone on step 1 goes to the ground, the only move from step 1.
    t.open("view=play&expr=stair(1,2,3)&class=1");
    t.b.wait_text("#play-status", |s| s.contains("move"));
    board_is_large_and_visible(&t, "stairs", 0.6);
    // The board follows the window.
    let wide = board_box(&t);
    t.b.resize(800, 600);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let narrow = board_box(&t);
    assert!(
        narrow[2] - narrow[0] < wide[2] - wide[0],
        "{wide:?} → {narrow:?}"
    );
    // A shorter window leaves less room: the board is smaller, and still all visible.
    board_is_large_and_visible(&t, "stairs, 800×600", 0.35);
    // Step 3 has three stones: moving one, two or three to step 2 are offered.
    t.b.click(&t.b.wait("#play-board [data-step='3']"));
    let offered = t.b.all(".stair-choices button");
    assert_eq!(offered.len(), 3);
    assert!(t.b.all("#play-log li").is_empty());
    t.b.click(&t.b.wait("#play-board [data-step='1']"));
    t.b.wait_until("the move", || {
        (!t.b.all("#play-log li").is_empty()).then_some(())
    });
    let first = t.b.text(&t.b.all("#play-log li")[0]);
    assert!(first.contains("stair(0,2,3)"), "{first}");
}

#[test]
fn coins_are_chosen_and_turned_with_the_keyboard_alone() {
    // Turning Turtles, `THHTH`: coin 5 alone fits five moves ({5}, {1, 5}, …, {4, 5}),
    // so Enter on it chooses it; the board is drawn afresh and the focus stays on
    // coin 5, where a second Enter plays the move of coin 5 alone.
    let t = Harness::new(1024, 768);
    t.open(&format!(
        "view=play&expr={}&class=1&two=1",
        crate::web_browser::encoded("turtles(\"THHTH\")")
    ));
    t.b.wait_text("#play-status", |s| s.contains("Player 1 to move"));
    let focused = || {
        t.b.js(
            "const e = document.activeElement; return e && e.dataset ? (e.dataset.coin || null) : null",
            vec![],
        )
    };
    t.b.js(
        "document.querySelector(\"#play-board .coin-g[data-coin='5']\").focus()",
        vec![],
    );
    assert_eq!(focused(), json!("5"));
    t.b.press(ENTER);
    t.b.wait("#play-board .coin-g[data-coin='5'].picked");
    assert!(t.b.all("#play-log li").is_empty());
    assert_eq!(focused(), json!("5"), "the focus left the chosen coin");
    t.b.press(ENTER);
    let log = played(&t, 1);
    assert!(log[0].contains("turtles(\"THHTT\")"), "{log:?}");
}

#[test]
fn a_board_played_from_the_list_says_so_once() {
    // The ring's coin is moved by picking a move in the list: the sentence on how to
    // move names the list once, not a second time as "or pick any move in the list".
    let t = Harness::new(1024, 768);
    t.open(&format!(
        "view=play&expr={}&class=1",
        crate::web_browser::encoded("ring(1,2,3,2)")
    ));
    let how = t.b.wait_text("#play-how", |s| s.starts_with("To move"));
    assert_eq!(how.matches("in the list").count(), 1, "{how}");
    // A board played by clicks still offers the list as well.
    t.open(&format!(
        "view=play&expr={}&class=1",
        crate::web_browser::encoded("nim(3,4)")
    ));
    let how = t.b.wait_text("#play-how", |s| s.starts_with("To move"));
    assert!(how.ends_with("; or pick any move in the list."), "{how}");
}
