//! The Play view on a partizan position in a real browser (headless chromium through
//! chromedriver, as in `web_browser.rs`): a Domineering board drawn as SVG, a move
//! made by clicking its two cells, and the computer's answer; a Snort graph whose
//! vertex is coloured by clicking it, and a Hackenbush graph whose edge is cut. Runs with
//! `cargo test --release --features browser-tests --test it web_browser_partizan::`.
//!
//! Rules used: in Domineering Left places vertical dominoes and Right horizontal ones
//! (Winning Ways, ch. 2), so Left's move on cells b1 and b2 fills them, and Right's
//! answer fills two cells of one row.

use crate::common::webdriver::{Browser, Server};

/// The rows of the board in `domineering("…")`.
fn rows(position: &str) -> Vec<String> {
    let inner = position
        .trim_start_matches("domineering(\"")
        .trim_end_matches("\")");
    inner.split('|').map(str::to_string).collect()
}

#[test]
fn a_domineering_move_by_clicking_two_cells_and_the_computers_answer() {
    let server = Server::start();
    let b = Browser::start(1200, 1100);
    b.goto(&format!("{}/?view=play&expr=domineering(3,4)", server.url));
    b.wait_text("#play-status", |s| s.contains("Your move (you play Left)"));
    // 12 cells drawn, each a target of some move (every cell is empty).
    assert_eq!(b.all("#play-board svg.pgrid g.pcell-g").len(), 12);
    // b2 is in two of Left's dominoes (b1-b2 and b2-b3): it is picked, nothing played.
    let b2 = b.wait("#play-board g[data-cell='b2']");
    b.js_click(&b2);
    b.wait("#play-board rect.picked");
    assert_eq!(b.all("#play-log li").len(), 0);
    let b1 = b.wait("#play-board g[data-cell='b1']");
    b.js_click(&b1);
    let log = b.wait_until("the computer's answer", || {
        let items = b.all("#play-log li");
        (items.len() == 2).then_some(items)
    });
    let mine = b.text(&log[0]);
    assert!(
        mine.starts_with("you:") && mine.contains("b1 .→#, b2 .→#"),
        "{mine}"
    );
    let reply = b.text(&log[1]);
    assert!(reply.starts_with("computer:"), "{reply}");
    b.wait_text("#play-status", |s| {
        s.contains("Your move") || s.contains("Game over")
    });
    let pos = b.text(&b.wait("#play-position"));
    let r = rows(&pos);
    // Ours: column b, rows 1 and 2. The computer's: two more cells, side by side.
    assert_eq!(&r[0][1..2], "#");
    assert_eq!(&r[1][1..2], "#");
    let filled: Vec<(usize, usize)> = r
        .iter()
        .enumerate()
        .flat_map(|(i, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(j, _)| (i, j))
        })
        .filter(|&(i, j)| !(j == 1 && i < 2))
        .collect();
    assert_eq!(filled.len(), 2, "{pos}");
    assert_eq!(filled[0].0, filled[1].0, "{pos}");
    assert_eq!(filled[0].1 + 1, filled[1].1, "{pos}");
    // The value history has a point per position.
    assert_eq!(b.all("#play-chart circle.vhv-dot").len(), 3);
}

#[test]
fn a_snort_vertex_coloured_by_clicking_it() {
    // Snort on the path 0-1-2 (Winning Ways, ch. 2: a player may not colour a vertex
    // next to one of the opponent's colour). Left colours the middle vertex: both ends
    // are then next to Left's colour, so Right has no move and Left has won.
    let server = Server::start();
    let b = Browser::start(1200, 1100);
    b.goto(&format!(
        "{}/?view=play&expr=snort(%220-1%201-2%22)",
        server.url
    ));
    b.wait_text("#play-status", |s| s.contains("Your move (you play Left)"));
    // Three vertices drawn, each one a move for Left.
    assert_eq!(b.all("#play-board svg.pgraph g.vertex-g").len(), 3);
    assert_eq!(
        b.all("#play-board svg.pgraph circle.vertex.target").len(),
        3
    );
    assert_eq!(b.all("#play-board svg.pgraph path.gedge").len(), 2);
    let middle = b.wait("#play-board g[data-vertex='1']");
    b.js_click(&middle);
    b.wait_text("#play-status", |s| s.contains("Game over: you won"));
    let log = b.all("#play-log li");
    assert_eq!(log.len(), 1);
    assert!(b.text(&log[0]).starts_with("you:"), "{}", b.text(&log[0]));
    // The position after the move is drawn with Left's colour in it, and no vertex is
    // a move any more.
    assert!(!b.all("#play-board svg.pgraph circle.vc-L").is_empty());
    assert!(
        b.all("#play-board svg.pgraph circle.vertex.target")
            .is_empty()
    );
}

#[test]
fn a_hackenbush_edge_cut_by_clicking_it() {
    // A blue edge on the ground with a red loop at its top: not a stalk, so it is
    // drawn as a graph. Left's only move cuts the blue edge, and the loop, no longer
    // connected to the ground, falls with it: Right has no move, Left has won
    // (Winning Ways, ch. 1).
    let server = Server::start();
    let b = Browser::start(1200, 1100);
    b.goto(&format!(
        "{}/?view=play&expr=hackenbush(%220-1:B%201-1:R%22)",
        server.url
    ));
    b.wait_text("#play-status", |s| s.contains("Your move (you play Left)"));
    assert_eq!(b.all("#play-board svg.hgraph path.edge").len(), 2);
    // Only Left's blue edge is a move.
    assert_eq!(b.all("#play-board svg.hgraph path.edge[tabindex]").len(), 1);
    let red = b.wait("#play-board path[data-edge='1']");
    assert_eq!(b.attr(&red, "tabindex"), None);
    let blue = b.wait("#play-board path[data-edge='0']");
    b.js_click(&blue);
    b.wait_text("#play-status", |s| s.contains("Game over: you won"));
    assert_eq!(b.all("#play-log li").len(), 1);
}

/// The screenshot of the partizan Play view in README (docs/screenshots/play-partizan.png):
/// `cargo test --release --features browser-tests --test it web_browser_partizan:: -- --ignored`.
#[test]
#[ignore]
fn screenshot() {
    let server = Server::start();
    let b = Browser::start(1100, 1000);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    b.goto(&format!("{}/?view=play&expr=domineering(4,4)", server.url));
    b.wait_text("#play-status", |s| s.contains("Your move"));
    // One move (b1 b2) and the computer's answer, then a cell picked for the next.
    let b2 = b.wait("#play-board g[data-cell='b2']");
    b.js_click(&b2);
    let b1 = b.wait("#play-board g[data-cell='b1']");
    b.js_click(&b1);
    b.wait_until("the answer", || {
        (b.all("#play-log li").len() == 2).then_some(())
    });
    b.wait_text("#play-status", |s| s.contains("Your move"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.screenshot(&dir.join("play-partizan.png"));
}

/// The screenshot of graphs in the partizan Play view in README
/// (docs/screenshots/play-graphs.png): a Snort graph (the Petersen graph) and a
/// Hackenbush house, with one vertex coloured.
/// `cargo test --release --features browser-tests --test it web_browser_partizan:: -- --ignored`.
#[test]
#[ignore]
fn screenshot_of_graphs() {
    let server = Server::start();
    let b = Browser::start(1100, 1500);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let petersen = "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5";
    let house = "0-1:B 0-2:R 1-2:G 1-3:B 2-3:R 0-0:G";
    let expr = format!("snort(\"{petersen}\") + hackenbush(\"{house}\")")
        .replace('"', "%22")
        .replace(' ', "%20")
        .replace('+', "%2B");
    b.goto(&format!("{}/?view=play&expr={expr}", server.url));
    b.wait_text("#play-status", |s| s.contains("Your move"));
    let v = b.wait("#play-board g[data-vertex='0']");
    b.js_click(&v);
    b.wait_until("the answer", || {
        (b.all("#play-log li").len() == 2).then_some(())
    });
    b.wait_text("#play-status", |s| s.contains("Your move"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.screenshot(&dir.join("play-graphs.png"));
}
