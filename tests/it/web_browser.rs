//! The web playground in a real browser: a headless chromium driven through
//! chromedriver (WebDriver) against `sprague serve --port 0`; the Play view on
//! impartial and partizan positions alike. Needs the Debian
//! packages `chromium` and `chromium-driver`; runs with
//! `cargo test --release --features browser-tests`.
//!
//! Expected values come from the rules and published results: Bouton's rule for
//! Nim, Wythoff's pairs (⌊kφ⌋, ⌊kφ⌋ + k), the period 7 of the subtraction game
//! {1, 3, 4} (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4: values 0 1 0 1 2 3 2
//! repeating), the thermograph of {2 | −1} (walls from 2 and −1 meeting at
//! temperature 3/2 above the mean 1/2), and the three equilibria of the Battle of
//! the sexes.

use crate::common::webdriver::{Browser, Server};
use serde_json::json;
use std::sync::Mutex;

/// One browser at a time: the machine is small and chromium is heavy.
static SERIAL: Mutex<()> = Mutex::new(());

/// A server and a browser for one test; both end when it is dropped.
pub(crate) struct Harness {
    // The browser first: its session ends before the server stops.
    pub(crate) b: Browser,
    server: Server,
    _lock: std::sync::MutexGuard<'static, ()>,
}

impl Harness {
    pub(crate) fn new(width: u32, height: u32) -> Harness {
        let lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        let server = Server::start();
        let b = Browser::start(width, height);
        Harness {
            b,
            server,
            _lock: lock,
        }
    }

    /// A harness whose browser has more of chromium's options (see `Browser::start_with`).
    pub(crate) fn with_options(width: u32, height: u32, options: serde_json::Value) -> Harness {
        let lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        let server = Server::start();
        let b = Browser::start_with(width, height, options);
        Harness {
            b,
            server,
            _lock: lock,
        }
    }

    pub(crate) fn open(&self, query: &str) {
        self.b.goto(&format!("{}/?{query}", self.server.url));
    }
}

/// The numbers in a position like `nim(1,4,5)`.
pub(crate) fn heaps(expr: &str) -> Vec<u64> {
    expr.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect()
}

#[test]
fn solve_view_shows_errors_at_their_column_and_plays_a_winning_move() {
    let t = Harness::new(1200, 1000);
    t.open("view=solve&expr=nim(3,4,5)");
    // Bouton: 3 ⊕ 4 ⊕ 5 = 2, an N-position; the only winning move takes 2 from the 3.
    assert_eq!(t.b.wait_text("#solve-outcome", |s| !s.is_empty()), "N");
    assert_eq!(t.b.wait_text("#solve-grundy", |s| !s.is_empty()), "2");
    let moves = t.b.all("#solve-moves button");
    assert_eq!(moves.len(), 1);
    assert!(
        t.b.text(&moves[0]).contains("take 2"),
        "{}",
        t.b.text(&moves[0])
    );
    let cli = t.b.text(&t.b.wait(".cli pre"));
    assert_eq!(cli, "$ sprague solve --explain 'nim(3,4,5)'");

    // Typing a bad expression marks the column of the bad character: 'x' is the 7th.
    let input = t.b.wait("input.expr-input");
    t.b.type_into(&input, "nim(3,x,5)");
    let mark = t.b.wait("mark.err-at");
    assert_eq!(t.b.text(&mark), "x");
    assert_eq!(t.b.attr(&mark, "data-column").as_deref(), Some("7"));
    assert_eq!(t.b.attr(&input, "aria-invalid").as_deref(), Some("true"));
    assert!(t.b.text(&t.b.wait(".err-msg")).contains("column 7"));

    // A good expression clears the error; solving it works.
    t.b.type_into(&input, "nim(3,4,5)");
    t.b.wait_until("the error to clear", || {
        t.b.all("mark.err-at").is_empty().then_some(())
    });
    // Clicking the winning move loads the position after it: 1 ⊕ 4 ⊕ 5 = 0, a P-position.
    t.b.click(&t.b.wait("#solve-moves button"));
    t.b.wait_text("#solve-outcome", |s| s == "P");
    let url = t.b.js("return location.search", vec![]);
    let url = url.as_str().unwrap();
    assert!(url.contains("view=solve"), "{url}");
    let expr = t.b.js(
        "return new URLSearchParams(location.search).get('expr')",
        vec![],
    );
    let mut h = heaps(expr.as_str().unwrap());
    h.sort();
    assert_eq!(h, vec![1, 4, 5]);
}

#[test]
fn play_view_by_clicking_stones_until_the_end() {
    let t = Harness::new(1200, 1200);
    t.open("view=play&expr=nim(3,4,5)");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    // The stones drawn are the heaps of the position: 3 + 4 + 5.
    assert_eq!(t.b.all("#play-board circle.stone").len(), 12);
    // The one winning move (Bouton) takes 2 from the heap of 3: the 2nd stone from the right.
    let winning = t.b.all("#play-board circle.stone[aria-label*='(winning)']");
    assert_eq!(winning.len(), 1);
    assert_eq!(t.b.attr(&winning[0], "data-take").as_deref(), Some("2"));
    let mut total = 12;
    let mut plies = 0;
    loop {
        let stone = t.b.all("#play-board circle.stone[aria-label*='(winning)']");
        assert_eq!(stone.len(), 1, "exactly one winning take on the board");
        let take: u64 = t.b.attr(&stone[0], "data-take").unwrap().parse().unwrap();
        t.b.js_click(&stone[0]);
        total -= take;
        plies += 1;
        // The computer answers (or the game is over after our move).
        let n = plies;
        let log = t.b.wait_until("the move log", || {
            let items = t.b.all("#play-log li");
            (items.len() > n || (total == 0 && items.len() == n)).then_some(items)
        });
        let status = t.b.wait_text("#play-status", |s| {
            s.contains("Your move") || s.contains("Game over")
        });
        if total == 0 {
            assert!(status.contains("you won"), "{status}");
            break;
        }
        let reply = t.b.text(&log[n]);
        assert!(reply.starts_with("computer:"), "{reply}");
        plies += 1;
        // The position shown is the one after both moves; the computer took at least one.
        let pos = t.b.text(&t.b.wait("#play-position"));
        let now: u64 = heaps(&pos).iter().sum();
        assert!(now < total, "{pos} after {total}");
        total = now;
        assert_eq!(
            t.b.all("#play-board circle.stone").len() as u64,
            total,
            "{pos}"
        );
        if total == 0 {
            panic!("the computer took the last stone from a losing position: {pos}");
        }
        assert!(plies < 40);
    }
    // One dot in the value history per position, the first one green (you could win).
    let dots = t.b.all("#play-chart circle.vhv-dot");
    assert_eq!(dots.len(), plies + 1);
    assert!(
        t.b.attr(&dots[0], "class").unwrap().contains("r-P"),
        "the first position is a win for you"
    );
    // Undo is not possible after the end only in the sense that it goes back: it does.
    t.b.click(&t.b.wait("#play-undo"));
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
}

#[test]
fn play_view_keeps_the_game_across_a_reload() {
    let t = Harness::new(1000, 900);
    t.open("view=play&expr=nim(3,4,5)");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    // Bouton's winning move (take 2 from the heap of 3), then the computer's answer.
    let stone = t.b.all("#play-board circle.stone[aria-label*='(winning)']");
    t.b.js_click(&stone[0]);
    t.b.wait_until("the computer's answer", || {
        (t.b.all("#play-log li").len() == 2).then_some(())
    });
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let before: Vec<String> =
        t.b.all("#play-log li")
            .iter()
            .map(|e| t.b.text(e))
            .collect();
    t.b.js("location.reload();", vec![]);
    // The same two moves, the same position and three points of value history.
    let after = t.b.wait_until("the moves after the reload", || {
        let items = t.b.all("#play-log li");
        (items.len() == 2).then(|| items.iter().map(|e| t.b.text(e)).collect::<Vec<_>>())
    });
    assert_eq!(after, before);
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(t.b.all("#play-chart circle.vhv-dot").len(), 3);
    // Undo goes back through the restored moves to the start.
    t.b.click(&t.b.wait("#play-undo"));
    t.b.wait_until("the start again", || {
        (t.b.all("#play-log li").is_empty()).then_some(())
    });
    let pos = t.b.text(&t.b.wait("#play-position"));
    assert_eq!(heaps(&pos), vec![3, 4, 5]);
}

/// What of the answer the Play view shows: the colour classes of results and outcomes,
/// a hinted move, and words of the analysis in its text or its labels (empty when
/// nothing).
fn answer_shown(t: &Harness) -> Vec<String> {
    let v = t.b.js(
        r#"const m = document.getElementById('main');
        const bad = [];
        for (const c of ['r-P', 'r-N', 'r-D', 'o-P', 'o-N', 'o-D', 'o-L', 'o-R', 'badge', 'hinted', 'vhv'])
          if (m.querySelector('.' + c)) bad.push('class ' + c);
        const labels = [...m.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
        const text = (m.textContent + ' ' + labels.join(' ')).toLowerCase();
        for (const w of ['remoteness', 'winning', 'losing', 'can win', 'perfect play', 'value', 'p-position', 'outcome', 'answer'])
          if (text.includes(w)) bad.push('word ' + w);
        const hint = document.getElementById('play-hint');
        if (hint && hint.isConnected && !hint.hidden) bad.push('the hint button');
        return bad;"#,
        vec![],
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Bouton's winning move in Nim: (heap number from 1, stones to take), or None from a
/// P-position.
pub(crate) fn bouton(h: &[u64]) -> Option<(usize, u64)> {
    let x = h.iter().fold(0, |a, b| a ^ b);
    if x == 0 {
        return None;
    }
    h.iter()
        .enumerate()
        .find(|&(_, &n)| n ^ x < n)
        .map(|(i, &n)| (i + 1, n - (n ^ x)))
}

/// The board's pictures fill the room of a 1024×768 window: the board starts near the
/// top and is most of its height or width, and ends inside it.
fn board_fills_the_window(t: &Harness) {
    let v = t.b.js(
        r#"const r = [...document.querySelectorAll('#play-board svg')].map((g) => g.getBoundingClientRect());
        const top = Math.min(...r.map((x) => x.top)), bottom = Math.max(...r.map((x) => x.bottom));
        const left = Math.min(...r.map((x) => x.left)), right = Math.max(...r.map((x) => x.right));
        return [top, bottom, right - left, innerWidth, innerHeight];"#,
        vec![],
    );
    let n: Vec<f64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    let (top, bottom, width, w, h) = (n[0], n[1], n[2], n[3], n[4]);
    assert!(top < 0.3 * h, "the board starts at {top} px of {h}");
    assert!(bottom <= h + 1.0, "the board ends at {bottom} px of {h}");
    assert!(
        bottom - top >= 0.45 * h || width >= 0.6 * w,
        "the board is {width}×{} px in a {w}×{h} window",
        bottom - top
    );
}

#[test]
fn classroom_nim_by_clicking_with_the_answer_only_after_reveal() {
    let t = Harness::new(1024, 768);
    t.open("view=play&expr=nim(3,4,5)&class=1");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    board_fills_the_window(&t);
    assert_eq!(answer_shown(&t), Vec::<String>::new());
    // The settings are folded away; the line on how to move is the one of Nim's heaps.
    assert!(t.b.attr(&t.b.wait("#play-settings"), "open").is_none());
    let how = t.b.text(&t.b.wait("#play-how"));
    assert!(how.contains("stone"), "{how}");

    // Reveal: 3 ⊕ 4 ⊕ 5 = 2, the mover wins, and the one winning move (Bouton) takes 2
    // from the heap of 3.
    t.b.click(&t.b.wait("#play-reveal-btn"));
    let shown =
        t.b.wait_text("#play-reveal", |s| s.contains("Winning moves"));
    assert!(shown.contains("take 2 from heap 1"), "{shown}");
    assert!(shown.contains("remoteness"), "{shown}");
    t.b.wait_text("#play-reveal", |s| s.contains("Why"));
    assert!(t.b.text(&t.b.wait("#play-status")).contains("you can win"));
    let green = t.b.all("#play-board circle.stone[aria-label*='(winning)']");
    assert_eq!(green.len(), 1);
    assert_eq!(t.b.attr(&green[0], "data-take").as_deref(), Some("2"));
    // Hidden again, the answer leaves the page.
    t.b.click(&t.b.wait("#play-reveal-btn"));
    t.b.wait_until("the answer to go", || {
        answer_shown(&t).is_empty().then_some(())
    });

    // The whole game by clicking Bouton's moves; nothing of the answer on the page.
    let mut plies = 0;
    loop {
        let pos = t.b.text(&t.b.wait("#play-position"));
        let (heap, take) = bouton(&heaps(&pos)).expect("Bouton's move exists");
        assert_eq!(answer_shown(&t), Vec::<String>::new(), "at {pos}");
        let stone = t.b.wait(&format!(
            "#play-board circle.stone[data-heap='{heap}'][data-take='{take}']"
        ));
        t.b.js_click(&stone);
        plies += 1;
        let n = plies;
        t.b.wait_until("the move log", || {
            (t.b.all("#play-log li").len() >= n).then_some(())
        });
        let status = t.b.wait_text("#play-status", |s| {
            (s.contains("Your move") && t.b.all("#play-log li").len() == n + 1)
                || s.contains("Game over")
        });
        if status.contains("Game over") {
            assert!(status.contains("you won"), "{status}");
            break;
        }
        plies += 1;
        assert!(plies < 40);
    }
    // A won game says so in words, without an outcome badge.
    assert!(t.b.all("#play-status .badge").is_empty());
    assert_eq!(answer_shown(&t), Vec::<String>::new());
}

#[test]
fn classroom_nim_played_with_the_keyboard() {
    let t = Harness::new(1024, 768);
    // 1 ⊕ 2 = 3: the winning move takes 1 from the heap of 2, to (1, 1).
    t.open("view=play&expr=nim(1,2)&class=1");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    t.b.js(
        "document.querySelector('#play-board [tabindex=\"0\"]').focus()",
        vec![],
    );
    let focused = || {
        t.b.js(
            "const e = document.activeElement; return e && e.closest('#play-board') ? `${e.dataset.heap}/${e.dataset.take}` : null",
            vec![],
        )
    };
    // The stones in order: heap 1 take 1; heap 2 take 2, take 1. Arrows move along them.
    assert_eq!(focused(), json!("1/1"));
    t.b.press("\u{E014}");
    assert_eq!(focused(), json!("2/2"));
    t.b.press("\u{E014}");
    assert_eq!(focused(), json!("2/1"));
    t.b.press("\u{E012}");
    t.b.press("\u{E014}");
    assert_eq!(focused(), json!("2/1"));
    t.b.press("\u{E007}");
    // The computer takes one of the two stones; the board takes the focus back.
    t.b.wait_until("the computer's answer", || {
        (t.b.all("#play-log li").len() == 2).then_some(())
    });
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    t.b.wait_until("the focus on the board", || {
        (!focused().is_null()).then_some(())
    });
    assert_eq!(answer_shown(&t), Vec::<String>::new());
    // Space takes the last stone.
    t.b.press("\u{E00D}");
    let status = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(status.contains("you won"), "{status}");
}

/// A knock that leaves a P-position in rows of Kayles pins whose nim-values (`g`)
/// have the sum `x` ≠ 0: the row (from 1), the pins left standing before the run, and
/// the pins knocked down (1 or 2).
pub(crate) fn winning_knock(g: &[u64], rows: &[u64], x: u64) -> (usize, usize, usize) {
    rows.iter()
        .enumerate()
        .find_map(|(i, &n)| {
            let n = n as usize;
            (1..=2.min(n)).find_map(|k| {
                (0..=n - k)
                    .find(|&a| g[a] ^ g[n - a - k] == x ^ g[n])
                    .map(|a| (i + 1, a, k))
            })
        })
        .expect("a winning knock")
}

/// Kayles values from the rules (Winning Ways, ch. 4): a move knocks down one pin or two
/// adjacent pins of a row, leaving the pins on either side as rows.
pub(crate) fn kayles_values(up_to: usize) -> Vec<u64> {
    let mut g = vec![0u64; up_to + 1];
    for n in 1..=up_to {
        let mut seen = Vec::new();
        for k in 1..=2.min(n) {
            for a in 0..=n - k {
                seen.push(g[a] ^ g[n - a - k]);
            }
        }
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

#[test]
fn classroom_kayles_by_clicking_pins() {
    let t = Harness::new(1024, 768);
    let g = kayles_values(20);
    t.open("view=play&expr=kayles(3,5)&class=1");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    // Rows of pins, not heaps of stones: 3 + 5 pins.
    assert_eq!(t.b.all("#play-board g.pin").len(), 8);
    assert!(t.b.all("#play-board circle.stone").is_empty());
    board_fills_the_window(&t);
    assert_eq!(answer_shown(&t), Vec::<String>::new());
    // Revealed: 3 ⊕ 4 = 7 ≠ 0, the mover wins; some pins are on winning runs.
    t.b.click(&t.b.wait("#play-reveal-btn"));
    let shown =
        t.b.wait_text("#play-reveal", |s| s.contains("Winning moves"));
    assert!(shown.contains("knock down"), "{shown}");
    assert!(!t.b.all("#play-board g.pin.r-P").is_empty());
    t.b.click(&t.b.wait("#play-reveal-btn"));

    let mut plies = 0;
    loop {
        let pos = t.b.text(&t.b.wait("#play-position"));
        let rows = heaps(&pos);
        let x = rows.iter().fold(0, |a, &n| a ^ g[n as usize]);
        assert_ne!(x, 0, "the computer left a P-position: {pos}");
        // A knock of k pins after the first a of a row that leaves a P-position.
        let (heap, a, k) = winning_knock(&g, &rows, x);
        assert_eq!(answer_shown(&t), Vec::<String>::new(), "at {pos}");
        let pin = |p: usize| {
            t.b.wait(&format!(
                "#play-board g.pin[data-heap='{heap}'][data-pin='{p}']"
            ))
        };
        t.b.js_click(&pin(a));
        // A pin that more than one run goes through is selected first; the same pin
        // again knocks it down alone, its neighbour both.
        if !t.b.all("#play-board g.pin.picked").is_empty() {
            t.b.js_click(&pin(if k == 1 { a } else { a + 1 }));
        }
        plies += 1;
        let n = plies;
        let status = t.b.wait_text("#play-status", |s| {
            (s.contains("Your move") && t.b.all("#play-log li").len() == n + 1)
                || s.contains("Game over")
        });
        let log = t.b.all("#play-log li");
        assert!(t.b.text(&log[n - 1]).starts_with("you:"), "at {pos}");
        // The position after our move is the one the knock leaves.
        let mut left: Vec<u64> = rows.clone();
        let m = left.remove(heap - 1);
        left.extend(
            [a as u64, m - a as u64 - k as u64]
                .into_iter()
                .filter(|&r| r > 0),
        );
        left.retain(|&r| r > 0);
        left.sort_unstable();
        let ours = t.b.text(&log[n - 1]);
        let mut after = heaps(ours.rsplit('→').next().unwrap());
        after.retain(|&r| r > 0);
        after.sort_unstable();
        assert_eq!(after, left, "{ours}");
        if status.contains("Game over") {
            assert!(status.contains("you won"), "{status}");
            break;
        }
        plies += 1;
        assert!(plies < 20);
    }
    assert!(t.b.all("#play-status .badge").is_empty());
    assert_eq!(answer_shown(&t), Vec::<String>::new());
}

#[test]
fn wythoff_and_king_boards_keep_their_size_and_one_orientation() {
    let t = Harness::new(1024, 768);
    let view_box = || {
        t.b.attr(&t.b.wait("#play-board svg.board"), "viewBox")
            .unwrap()
    };
    let rect_x = |to: &str| -> f64 {
        let r =
            t.b.wait(&format!("#play-board rect.target[data-to='{to}']"));
        t.b.attr(&r, "x").unwrap().parse().unwrap()
    };
    let rect_y = |to: &str| -> f64 {
        let r =
            t.b.wait(&format!("#play-board rect.target[data-to='{to}']"));
        t.b.attr(&r, "y").unwrap().parse().unwrap()
    };
    for expr in ["wythoff(3,3)", "king(3,3)"] {
        t.open(&format!("view=play&expr={expr}"));
        t.b.wait_text("#play-status", |s| s.contains("Your move"));
        // One column toward the corner is to the right, one row toward it below.
        assert!(rect_x("2,3") > rect_x("3,2"), "{expr}");
        assert!(rect_y("3,2") > rect_y("2,3"), "{expr}");
    }
    // The board of wythoff(4,6) keeps its size after a move and the answer.
    t.open("view=play&expr=wythoff(4,6)");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let before = view_box();
    t.b.js_click(&t.b.wait("#play-board rect.target[data-to='3,5']"));
    t.b.wait_until("the computer's answer", || {
        (t.b.all("#play-log li").len() == 2).then_some(())
    });
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(view_box(), before);
}

#[test]
fn a_slow_position_shows_a_spinner_and_can_be_cancelled() {
    let t = Harness::new(1024, 768);
    // Every move of 6×6 Domineering valued: seconds of work.
    t.open("view=play&expr=domineering(6,6)");
    t.b.wait_until("the spinner", || {
        (t.b.js(
            "return !document.getElementById('play-busy').hidden",
            vec![],
        ) == json!(true))
        .then_some(())
    });
    t.b.click(&t.b.wait("#play-cancel"));
    assert_eq!(
        t.b.js("return document.getElementById('play-busy').hidden", vec![]),
        json!(true)
    );
    assert!(t.b.text(&t.b.wait(".hint-out")).contains("Cancelled"));
    // The page goes on: a new game answers.
    let input = t.b.wait("input.expr-input");
    t.b.type_into(&input, "nim(3,4,5)");
    t.b.click(&t.b.wait("#play-new"));
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(
        t.b.js("return document.getElementById('play-busy').hidden", vec![]),
        json!(true)
    );
}

#[test]
fn classroom_mode_and_the_colours_stay_across_a_reload() {
    let t = Harness::new(1024, 768);
    t.open("view=play&expr=nim(3,4,5)");
    t.b.wait_text("#play-status", |s| s.contains("you can win"));
    // Colours off: kept in the URL, so a reload keeps them off.
    t.b.click(&t.b.wait("#play-colors"));
    t.b.wait_until("colours off in the URL", || {
        t.b.js("return location.search", vec![])
            .as_str()
            .unwrap()
            .contains("colors=0")
            .then_some(())
    });
    t.b.js("location.reload();", vec![]);
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(
        t.b.js(
            "return document.getElementById('play-colors').checked",
            vec![]
        ),
        json!(false)
    );
    assert!(t.b.all("#play-board .r-P").is_empty());
    assert!(!t.b.text(&t.b.wait("#play-status")).contains("remoteness"));

    // Classroom mode from its toggle, then hints allowed: both survive a reload.
    t.b.click(&t.b.wait("#play-class"));
    t.b.wait("#play-settings");
    assert!(t.b.js("return document.getElementById('play-hint').hidden", vec![]) == json!(true));
    t.b.click(&t.b.wait("#play-settings summary"));
    t.b.click(&t.b.wait("#play-allow-hints"));
    t.b.js("location.reload();", vec![]);
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let url = t.b.js("return location.search", vec![]);
    let url = url.as_str().unwrap();
    assert!(url.contains("class=1") && url.contains("hints=1"), "{url}");
    t.b.wait("#play-settings");
    assert_eq!(
        t.b.js(
            "return document.getElementById('play-class').checked",
            vec![]
        ),
        json!(true)
    );
    assert_eq!(
        t.b.js("return document.getElementById('play-hint').hidden", vec![]),
        json!(false)
    );
    // The teacher's hint: Bouton's move.
    t.b.click(&t.b.wait("#play-hint"));
    let hint = t.b.wait_text(".hint-out", |s| s.starts_with("Hint"));
    assert!(hint.contains("take 2 from heap 1"), "{hint}");
}

#[test]
fn play_view_wythoff_board_and_computer_first() {
    let t = Harness::new(1200, 1200);
    // Wythoff's pairs: (0,0), (1,2), (3,5), (4,7), … From (4,6) the only move to a
    // pair is taking 1 from both heaps, to (3,5).
    t.open("view=play&expr=wythoff(4,6)");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let green =
        t.b.all("#play-board rect.target.r-P")
            .iter()
            .map(|e| t.b.attr(e, "data-to").unwrap())
            .collect::<Vec<_>>();
    assert_eq!(green, vec!["3,5"]);
    // The hint is the computer's own choice: the one winning move.
    t.b.click(&t.b.wait("#play-hint"));
    let hint = t.b.wait_text(".hint-out", |s| s.starts_with("Hint"));
    assert!(hint.contains("take 1 from both heaps"), "{hint}");
    assert_eq!(t.b.all("#play-moves button.hinted").len(), 1);
    // Played with the keyboard: the cell takes the focus, Enter plays it.
    let cell = t.b.wait("#play-board rect.target[data-to='3,5']");
    t.b.js("arguments[0].focus()", vec![Browser::arg(&cell)]);
    t.b.press("\u{E007}");
    t.b.wait_until("the computer's answer", || {
        (t.b.all("#play-log li").len() == 2).then_some(())
    });
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let pos = t.b.text(&t.b.wait("#play-position"));
    assert!(pos.starts_with("wythoff("), "{pos}");

    // The computer starts: from the P-position (3,5) it must move, and leaves an N-position.
    t.open("view=play&expr=wythoff(3,5)&first=computer");
    t.b.wait_until("the computer's first move", || {
        (t.b.all("#play-log li").len() == 1).then_some(())
    });
    let status = t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert!(status.contains("you can win"), "{status}");
    // The P-positions of Wythoff's game, when asked, are marked on the board.
    t.b.click(&t.b.wait("#play-pp"));
    t.b.wait("#play-board rect.pmark");
}

#[test]
fn play_view_misere() {
    let t = Harness::new(1200, 1000);
    // Misère Nim with heaps of at most 1 (Bouton): the player to move loses exactly
    // when the number of heaps of 1 is odd. nim(1,1) is a win: take one heap.
    t.open("view=play&expr=nim(1,1)&misere=1");
    let status = t.b.wait_text("#play-status", |s| s.contains("Your move"));
    // An impartial game: misère play is an option, a side is not.
    assert_eq!(t.b.all("#play-misere-opt:not([hidden])").len(), 1);
    assert_eq!(t.b.all("#play-side-opt[hidden]").len(), 1);
    assert!(status.contains("you can win"), "{status}");
    assert!(status.contains("misère"), "{status}");
    let winning = t.b.all("#play-board circle.stone[aria-label*='(winning)']");
    assert_eq!(winning.len(), 2);
    t.b.js_click(&winning[0]);
    let status = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(status.contains("you won"), "{status}");
    assert_eq!(t.b.all("#play-log li").len(), 2);
}

#[test]
fn play_view_misere_of_a_partizan_position() {
    let t = Harness::new(1200, 1000);
    // Misère Domineering on 2×3, Left (vertical) to move. Left's domino in column a
    // (or c) leaves two rows of two cells with column a filled: Right must place a
    // horizontal domino in one row, after which no column has two empty cells, so
    // Left cannot move and wins (misère play: the player who cannot move wins).
    t.open("view=play&expr=domineering(2,3)&misere=1");
    let status = t.b.wait_text("#play-status", |s| s.contains("Your move"));
    // A game of Left and Right: your side and misère play are both options.
    assert_eq!(t.b.all("#play-misere-opt:not([hidden])").len(), 1);
    assert_eq!(t.b.all("#play-side-opt:not([hidden])").len(), 1);
    assert!(status.contains("you can win"), "{status}");
    assert!(status.contains("misère"), "{status}");
    // a1 is in one domino of Left's only (a1-a2): clicking it plays that domino.
    let a1 = t.b.wait("#play-board g[data-cell='a1']");
    t.b.js_click(&a1);
    let status = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(status.contains("you won"), "{status}");
    assert_eq!(t.b.all("#play-log li").len(), 2);
    // Unticking misère play starts the normal game on the same board.
    t.b.click(&t.b.wait("#play-misere"));
    let status = t.b.wait_text("#play-status", |s| {
        s.contains("Your move") && !s.contains("misère")
    });
    assert!(!status.contains("Game over"), "{status}");
}

// The Play view on partizan positions: a Domineering board drawn as SVG, a move made
// by clicking its two cells, and the computer's answer; a Snort graph whose vertex is
// coloured by clicking it, and a Hackenbush graph whose edge is cut. In Domineering
// Left places vertical dominoes and Right horizontal ones (Winning Ways, ch. 2), so
// Left's move on cells b1 and b2 fills them, and Right's answer fills two cells of
// one row.

/// The rows of the board in `domineering("…")`.
fn rows(position: &str) -> Vec<String> {
    let inner = position
        .trim_start_matches("domineering(\"")
        .trim_end_matches("\")");
    inner.split('|').map(str::to_string).collect()
}

#[test]
fn a_domineering_move_by_clicking_two_cells_and_the_computers_answer() {
    let t = Harness::new(1200, 1100);
    let b = &t.b;
    b.goto(&format!(
        "{}/?view=play&expr=domineering(3,4)",
        t.server.url
    ));
    b.wait_text("#play-status", |s| s.contains("Your move (you play Left)"));
    // A game of Left and Right: your side is an option, and so is misère play.
    assert_eq!(b.all("#play-side-opt:not([hidden])").len(), 1);
    assert_eq!(b.all("#play-misere-opt:not([hidden])").len(), 1);
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
    let t = Harness::new(1200, 1100);
    let b = &t.b;
    b.goto(&format!(
        "{}/?view=play&expr=snort(%220-1%201-2%22)",
        t.server.url
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
    let t = Harness::new(1200, 1100);
    let b = &t.b;
    b.goto(&format!(
        "{}/?view=play&expr=hackenbush(%220-1:B%201-1:R%22)",
        t.server.url
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

#[test]
fn a_token_placed_and_moved_by_clicking_vertices() {
    // Geography on the path 0–1–2 before the token is placed: the path has no perfect
    // matching and a maximum matching misses vertex 0, so placing the token there
    // wins (Fraenkel–Scheinerman–Ullman): the computer must step to 1, and the token
    // goes on to 2, where the computer is stuck.
    let t = Harness::new(1200, 1100);
    let b = &t.b;
    b.goto(&format!(
        "{}/?view=play&expr=geography[%220-1%201-2%22]",
        t.server.url
    ));
    b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(b.all("#play-board svg.walk g.vertex-g").len(), 3);
    // Every vertex is a placement.
    assert_eq!(b.all("#play-board svg.walk circle.vertex.target").len(), 3);
    let first = b.wait("#play-board g[data-vertex='0']");
    b.js_click(&first);
    b.wait_text("#play-status", |s| s.contains("Your move"));
    // The computer moved the token to 1; the token is drawn there, 0 and 1 visited.
    assert_eq!(b.all("#play-board svg.walk circle.vertex.visited").len(), 2);
    let last = b.wait("#play-board g[data-vertex='2']");
    b.js_click(&last);
    b.wait_text("#play-status", |s| s.contains("Game over: you won"));
    assert_eq!(b.all("#play-log li").len(), 3);
}

#[test]
fn a_matrix_cell_lowered_by_clicking_it() {
    // The 1×2 matrix 0 1 (Codeforces 1451F): one anti-diagonal XORs to 1, and the
    // only listed move that changes cell (0,1) takes its stone, leaving every cell 0.
    let t = Harness::new(1200, 1100);
    let b = &t.b;
    b.goto(&format!(
        "{}/?view=play&expr=nullify[%220%201%22]",
        t.server.url
    ));
    b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(b.all("#play-board svg.numbers g.pcell-g").len(), 2);
    let cell = b.wait("#play-board g[data-row='0'][data-col='1']");
    b.js_click(&cell);
    b.wait_text("#play-status", |s| s.contains("Game over: you won"));
    let log = b.all("#play-log li");
    assert_eq!(log.len(), 1);
    assert!(
        b.text(&log[0]).contains("start 0 1 take 1"),
        "{}",
        b.text(&log[0])
    );
}

/// The screenshot of the partizan Play view in README (docs/screenshots/play-partizan.png):
/// `cargo test --release --features browser-tests --test it web_browser:: -- --ignored screenshot_`.
#[test]
#[ignore]
fn screenshot_partizan() {
    let t = Harness::new(1100, 1000);
    let b = &t.b;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    b.goto(&format!(
        "{}/?view=play&expr=domineering(4,4)",
        t.server.url
    ));
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
/// `cargo test --release --features browser-tests --test it web_browser:: -- --ignored screenshot_`.
#[test]
#[ignore]
fn screenshot_of_graphs() {
    let t = Harness::new(1100, 1500);
    let b = &t.b;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let petersen = "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5";
    let house = "0-1:B 0-2:R 1-2:G 1-3:B 2-3:R 0-0:G";
    let expr = format!("snort(\"{petersen}\") + hackenbush(\"{house}\")")
        .replace('"', "%22")
        .replace(' ', "%20")
        .replace('+', "%2B");
    b.goto(&format!("{}/?view=play&expr={expr}", t.server.url));
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

#[test]
fn table_view_marks_the_period_and_downloads() {
    let t = Harness::new(1200, 1000);
    t.open("view=table&family=sub[1,3,4]&to=30");
    let line = t.b.wait_text("#table-period", |s| s.contains("period"));
    assert!(line.contains("period: 7 from heap 0"), "{line}");
    let p = t.b.wait("#table-period");
    assert_eq!(t.b.attr(&p, "data-proved").as_deref(), Some("true"));
    // Period blocks start at 0, 7, 14, 21, 28.
    assert_eq!(t.b.all("svg.table-chart line.period-mark").len(), 5);
    assert_eq!(t.b.all("svg.table-chart rect.bar").len(), 31);
    let first = t.b.js(
        "return [...document.querySelectorAll('table.values tbody tr:first-child td')].map(td => td.textContent).join(' ')",
        vec![],
    );
    assert_eq!(first.as_str().unwrap(), "0 1 0 1 2 3 2 0 1 0");
    // The CSV download is made in the page from the JSON (the file is caught
    // before the browser saves it).
    let csv = t.b.js(
        "const blobs = []; const names = []; \
         const make = URL.createObjectURL, click = HTMLAnchorElement.prototype.click; \
         URL.createObjectURL = (b) => { blobs.push(b); return make(b); }; \
         HTMLAnchorElement.prototype.click = function () { names.push(this.download); }; \
         document.getElementById('dl-csv').click(); \
         URL.createObjectURL = make; HTMLAnchorElement.prototype.click = click; \
         return blobs[0].text().then((t) => names[0] + '\\n' + t)",
        vec![],
    );
    let csv = csv.as_str().unwrap();
    assert!(
        csv.starts_with("sub_1,3,4_0-30.csv\nheap,value\n0,0\n1,1\n2,0\n3,1\n4,2\n5,3\n6,2\n7,0\n"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 1 + 1 + 31);
    // An error in the family shows at its column.
    let input = t.b.wait("input.expr-input");
    t.b.type_into(&input, "sub[1,,3]");
    let mark = t.b.wait("mark.err-at");
    assert_eq!(t.b.attr(&mark, "data-column").as_deref(), Some("7"));
}

#[test]
fn grid_view_heat_map_of_wythoff() {
    let t = Harness::new(1200, 1000);
    t.open("view=grid&family=wythoff&size=12");
    t.b.wait("svg.heatmap rect.hm");
    assert_eq!(t.b.all("svg.heatmap rect.hm").len(), 144);
    let zeros = t.b.js(
        "return [...document.querySelectorAll('svg.heatmap rect.hm.p')].map(r => r.dataset.i + ',' + r.dataset.j).sort()",
        vec![],
    );
    // Wythoff's pairs below 12 and their mirror images.
    let mut want: Vec<String> = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
        .iter()
        .flat_map(|&(a, b)| [format!("{a},{b}"), format!("{b},{a}")])
        .collect();
    want.sort();
    want.dedup();
    assert_eq!(zeros, json!(want));
    // Each cell names its position, and a click solves it.
    let cell = t.b.wait("svg.heatmap rect.hm[data-i='1'][data-j='2']");
    let title = t.b.js(
        "return document.querySelector(\"svg.heatmap rect.hm[data-i='1'][data-j='2'] title\").textContent",
        vec![],
    );
    assert!(
        title.as_str().unwrap().starts_with("wythoff(1,2) "),
        "{title}"
    );
    assert!(
        t.b.wait_text("#grid-caption", |s| !s.is_empty())
            .contains("wythoff(i,j)")
    );
    // The grid's own command prints the same document, first of the commands shown.
    let cli = t.b.text(&t.b.wait(".cli pre"));
    assert_eq!(cli, "$ sprague table --pairs --to 11 wythoff");
    t.b.js_click(&cell);
    // Wythoff's pair (1, 2) is a P-position.
    t.b.wait_text("#solve-outcome", |s| s == "P");
    let params = t.b.js(
        "const q = new URLSearchParams(location.search); return [q.get('view'), q.get('expr')]",
        vec![],
    );
    assert_eq!(params, json!(["solve", "wythoff(1,2)"]));
    // A heap family: a cell is the sum of two heaps.
    t.open("view=grid&family=nim&size=4");
    assert!(
        t.b.wait_text("#grid-caption", |s| !s.is_empty())
            .contains("nim(i) + nim(j)")
    );
}

#[test]
fn quotient_view_of_a_heap_game() {
    let t = Harness::new(1200, 1000);
    t.open("view=quotient&family=octal[0.75]&heaps=10");
    // Plambeck (INTEGERS 5 (2005) G5): 0.75's quotient has eight elements, so its
    // multiplication table is drawn, eight rows of eight.
    let summary = t.b.wait_text("#quotient-summary", |s| !s.is_empty());
    assert!(summary.contains("order 8"), "{summary}");
    assert_eq!(t.b.all("#quotient-table tbody tr").len(), 8);
    assert_eq!(t.b.all("#quotient-heaps tbody tr").len(), 10);
    let cli = t.b.text(&t.b.wait(".cli pre"));
    assert_eq!(cli, "$ sprague quotient --to 10 'octal[0.75]'");
    // The tab leads back to the heap table.
    let tab = t.b.wait("#tab-table");
    t.b.js_click(&tab);
    t.b.wait("#table-period");
}

#[test]
fn value_view_draws_the_thermograph() {
    let t = Harness::new(1200, 1000);
    t.open("view=value&expr={2|-1}");
    assert_eq!(
        t.b.wait_text("#value-canonical", |s| !s.is_empty()),
        "{2|-1}"
    );
    t.b.wait("#value-thermograph svg.thermograph");
    assert_eq!(t.b.all("svg.thermograph .left-wall").len(), 1);
    assert_eq!(t.b.all("svg.thermograph .right-wall").len(), 1);
    assert_eq!(t.b.all("svg.thermograph line.mast").len(), 1);
    // Left is drawn on the left: the wall from 2 starts left of the wall from −1,
    // and the mast stands between them.
    let xs = t.b.js(
        "const f = (q) => { const p = document.querySelector(q); \
           return p.tagName === 'circle' ? [+p.getAttribute('cx')] : p.getAttribute('points').trim().split(/\\s+/).map(s => +s.split(',')[0]); }; \
         return [Math.min(...f('.left-wall')), Math.max(...f('.right-wall')), +document.querySelector('line.mast').getAttribute('x1')]",
        vec![],
    );
    let xs: Vec<f64> = xs
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(xs[0] < xs[2] && xs[2] < xs[1], "{xs:?}");
    let text = t.b.js(
        "return document.querySelector('svg.thermograph').textContent",
        vec![],
    );
    assert!(text.as_str().unwrap().contains("3/2"), "{text}");
    // A Hackenbush string of the expression is drawn: a stalk of three edges.
    t.open("view=value&expr=hackenbush(\"BRB\")");
    t.b.wait("#value-pictures svg.stalk");
    assert_eq!(t.b.all("#value-pictures svg.stalk line.edge").len(), 3);
    assert_eq!(t.b.all("#value-pictures svg.stalk line.edge-R").len(), 1);
}

#[test]
fn value_view_draws_the_components_of_the_sum() {
    let t = Harness::new(1200, 1000);
    // A Domineering board of 2 rows and 3 columns: six empty cells, no move offered.
    t.open("view=value&expr=domineering(2,3)");
    t.b.wait("#value-pictures svg.pgrid");
    assert_eq!(t.b.all("#value-pictures svg.pgrid g.pcell-g").len(), 6);
    assert!(t.b.all("#value-pictures g.pcell-g[tabindex]").is_empty());
    // A heap of three stones and a literal, each in its figure, in order.
    t.open("view=value&expr=nim(3)%20%2B%20%5E");
    t.b.wait("#value-pictures svg.heap");
    assert_eq!(t.b.all("#value-pictures svg.heap circle.stone").len(), 3);
    let texts = t.b.js(
        "return [...document.querySelectorAll('#value-pictures figure')].map(f => f.className + ':' + (f.querySelector('code.term')?.textContent ?? ''))",
        vec![],
    );
    assert_eq!(texts, json!(["pic pic-heaps:", "pic pic-text:^"]));
    // A literal alone: nothing to draw.
    t.open("view=value&expr={1|0}");
    t.b.wait_text("#value-canonical", |s| s == "{1|0}");
    assert!(t.b.all("#value-pictures").is_empty());
}

#[test]
fn value_view_answers_a_comparison() {
    let t = Harness::new(1200, 1000);
    // ^ and * are confused (Winning Ways ch. 3); the report is of ^ - * = ^*.
    t.open("view=value&expr=%5E%20%3C%3D%20*");
    assert_eq!(
        t.b.wait_text("#value-compare", |s| !s.is_empty()),
        "^ <= * is false: ^ <> * (confused). Below: the difference ^ - *."
    );
    assert_eq!(t.b.wait_text("#value-canonical", |s| !s.is_empty()), "^*");
    // A game alone has no comparison.
    t.open("view=value&expr={1|0}");
    t.b.wait_text("#value-canonical", |s| s == "{1|0}");
    assert!(t.b.all("#value-compare").is_empty());
    // A comparison typed into the box (no error under it) and evaluated with Enter:
    // Cool({3|-3}, 1) = {2|-2} = ±2 and the ordinal sum 1:1 = {1|} = 2 are confused
    // (±2 - 2 = {0|-4}: whoever moves first wins). The thermograph is the
    // difference's.
    let input = t.b.wait("input.expr-input");
    t.b.type_into(&input, "Cool({3|-3}, 1) <= 1:1");
    t.b.wait_until("the check to pass", || {
        (t.b.attr(&input, "aria-invalid").is_none() && t.b.all(".err-msg").is_empty()).then_some(())
    });
    t.b.press("\u{E007}");
    assert_eq!(
        t.b.wait_text("#value-compare", |s| s.starts_with("Cool")),
        "Cool({3|-3}, 1) <= 1:1 is false: Cool({3|-3}, 1) <> 1:1 (confused). Below: the difference Cool({3|-3}, 1) - 1:1."
    );
    assert_eq!(
        t.b.wait_text("#value-canonical", |s| s == "{0|-4}"),
        "{0|-4}"
    );
    t.b.wait("#value-thermograph svg.thermograph");
    let expr = t.b.js(
        "return new URLSearchParams(location.search).get('expr')",
        vec![],
    );
    assert_eq!(expr, json!("Cool({3|-3}, 1) <= 1:1"));
}

#[test]
fn nash_view_lists_every_equilibrium() {
    let t = Harness::new(1200, 1200);
    let game = r#"{"rows":["opera","football"],"cols":["opera","football"],"row_payoffs":[[3,0],[0,2]],"col_payoffs":[[2,0],[0,3]]}"#;
    t.open(&format!(
        "view=nash&game={}",
        game.replace('"', "%22")
            .replace('[', "%5B")
            .replace(']', "%5D")
    ));
    t.b.wait("#nash-equilibria tbody tr");
    let rows = t.b.all("#nash-equilibria tbody tr");
    assert_eq!(rows.len(), 3);
    let all: String = rows.iter().map(|r| t.b.text(r) + "\n").collect();
    // The mixed equilibrium: the row player plays opera with 3/5, the column player with 2/5.
    assert!(all.contains("3/5") && all.contains("2/5"), "{all}");
    assert_eq!(t.b.all("#nash-br svg circle.br-eq").len(), 3);
    assert_eq!(t.b.all("#nash-result td.eq").len(), 2);
    // A third row: the grid grows, the diagram (2×2 only) goes away.
    t.b.click(&t.b.wait("#nash-add-row"));
    assert_eq!(t.b.all("#nash-grid tbody tr").len(), 3);
    t.b.click(&t.b.wait("#nash-solve"));
    t.b.wait_until("the 3×2 answer", || {
        (t.b.all("#nash-result tbody tr").len() == 3).then_some(())
    });
    assert!(t.b.all("#nash-br").is_empty());
}

#[test]
fn nash_view_passes_the_method_and_says_when_the_list_may_be_incomplete() {
    let t = Harness::new(1200, 1200);
    let game = r#"{"rows":["opera","football"],"cols":["opera","football"],"row_payoffs":[[3,0],[0,2]],"col_payoffs":[[2,0],[0,3]]}"#;
    t.open(&format!(
        "view=nash&method=lh&game={}",
        game.replace('"', "%22")
            .replace('[', "%5B")
            .replace(']', "%5D")
    ));
    let caption = || t.b.text(&t.b.wait("#nash-equilibria caption"));
    t.b.wait_until("the Lemke–Howson answer", || {
        caption().contains("list may be incomplete").then_some(())
    });
    let command = t.b.js("return document.querySelector('.cli, pre, code') && document.body.textContent.includes('--method lh')", vec![]);
    assert_eq!(command, json!(true));
    // Every equilibrium by vertex enumeration: 3, and a complete list.
    t.b.js(
        "const s = document.querySelector('#nash-method'); s.value = 'vertex'; s.dispatchEvent(new Event('change'));",
        vec![],
    );
    t.b.wait_until("the complete list", || {
        let c = caption();
        (c.starts_with("3 equilibria") && !c.contains("incomplete")).then_some(())
    });
    let method = t.b.js(
        "return new URLSearchParams(location.search).get('method')",
        vec![],
    );
    assert_eq!(method, json!(null));
}

/// Pastes the game tree of the repository's file `path` into the Nash view's file
/// box and solves it.
pub(crate) fn paste_and_solve_tree(t: &Harness, path: &str) {
    let tree = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    t.b.js(
        "document.querySelector('#nash-file-box').open = true; document.querySelector('#nash-file').value = arguments[0];",
        vec![serde_json::Value::String(tree)],
    );
    t.b.click(&t.b.wait("#nash-solve-file"));
}

#[test]
fn nash_view_solves_a_pasted_game_tree() {
    let t = Harness::new(1200, 1200);
    t.open("view=nash");
    paste_and_solve_tree(&t, "examples/nash/entry.efg");
    // The server's drawing, the thick play, and the one subgame-perfect equilibrium.
    t.b.wait("#nash-tree svg");
    assert_eq!(t.b.all("#nash-tree svg line.on").len(), 2);
    let spe = t.b.wait_text("#nash-spe", |s| !s.is_empty());
    assert!(spe.contains("payoffs (1, 1)"), "{spe}");
    assert_eq!(t.b.all("#nash-file-equilibria li").len(), 3);
}

#[test]
fn narrow_window_has_no_sideways_scroll() {
    let t = Harness::new(380, 800);
    for q in [
        "view=solve&expr=nim(3,4,5)",
        "view=play&expr=nim(3,4,5)",
        "view=value&expr={2|-1}",
        "view=table&family=kayles&to=60",
        "view=grid&family=wythoff&size=32",
        "view=nash",
    ] {
        t.open(q);
        t.b.wait(".results > *, #play-board > *");
        let over = t.b.js(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
            vec![],
        );
        assert!(over.as_i64().unwrap() <= 1, "{q}: {over}");
    }
    // Keyboard: the tabs are links and the first one can be focused.
    let focused = t.b.js(
        "document.querySelector('.tabs a').focus(); return document.activeElement.textContent",
        vec![],
    );
    assert_eq!(focused.as_str().unwrap(), "Solve");
}

/// Writes docs/screenshots/*.png, one per view (run with `--ignored screenshots`).
#[test]
#[ignore]
fn screenshots() {
    let t = Harness::new(1100, 1000);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let shots: [(&str, &str, &str); 7] = [
        (
            "solve",
            "view=solve&expr=nim(3,4,5)%2Bwythoff(3,5)",
            "#solve-outcome",
        ),
        (
            "play",
            "view=play&expr=nim(3,5,7)%2Bwythoff(3,5)",
            "#play-board svg",
        ),
        (
            "table",
            "view=table&family=kayles&to=100",
            "svg.table-chart",
        ),
        ("grid", "view=grid&family=wythoff&size=64", "svg.heatmap"),
        (
            "value",
            "view=value&expr={1|0}%2B{3|-2}%2Bhackenbush(%22BRB%22)",
            "svg.thermograph",
        ),
        ("nash", "view=nash", "#nash-br"),
        ("error", "view=solve&expr=nim(3,x,5)", "#solve-outcome"),
    ];
    for (name, q, css) in shots {
        t.open(q);
        if name == "error" {
            let input = t.b.wait("input.expr-input");
            t.b.type_into(&input, "nim(3,4) + wythoff(2,x)");
            t.b.wait("mark.err-at");
        } else {
            t.b.wait(css);
        }
        if name == "play" {
            // One move, so the value history has something to show.
            let s =
                t.b.wait("#play-board circle.stone[aria-label*='(winning)']");
            t.b.js_click(&s);
            t.b.wait_until("the answer", || {
                (t.b.all("#play-log li").len() == 2).then_some(())
            });
            t.b.wait_text("#play-status", |s| s.contains("Your move"));
            // Show what hovering a stone looks like.
            t.b.js(
                "const s = document.querySelector('#play-board circle.stone.can'); s && s.dispatchEvent(new MouseEvent('mouseenter'));",
                vec![],
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        t.b.screenshot(&dir.join(format!("{name}.png")));
    }
    t.b.resize(400, 900);
    t.open("view=solve&expr=nim(3,4,5)");
    t.b.wait("#solve-outcome");
    std::thread::sleep(std::time::Duration::from_millis(300));
    t.b.screenshot(&dir.join("narrow.png"));
}

#[test]
fn gallery_lists_the_games_and_a_play_link_opens_the_game() {
    let t = Harness::new(1200, 900);
    t.open("view=gallery");
    t.b.wait("#gallery-strategic .gallery-card");
    // Every family of the library's registries has a card.
    let cards: Vec<String> =
        t.b.all(".gallery-card")
            .iter()
            .map(|c| t.b.attr(c, "data-family").unwrap_or_default())
            .collect();
    for f in [
        "nim",
        "octal",
        "wythoff",
        "fib",
        "stair",
        "domineering",
        "cut",
    ] {
        assert!(cards.iter().any(|c| c == f), "{f} has no card: {cards:?}");
    }
    // Nim's card draws its starting position, 3 + 4 + 5 stones.
    assert_eq!(
        t.b.all(".gallery-card[data-family='nim'] circle.stone")
            .len(),
        12
    );
    assert!(
        !t.b.all(".gallery-card[data-family='domineering'] .gallery-value")
            .is_empty()
    );
    let link =
        t.b.wait(".gallery-card[data-family='wythoff'] a.gallery-play");
    t.b.click(&link);
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let pos = t.b.text(&t.b.wait("#play-position"));
    assert!(pos.contains("wythoff(3,5)"), "{pos}");
}

/// A query parameter's value, percent-encoded.
pub(crate) fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn a_lesson_link_shows_its_message_as_text_above_the_board() {
    let t = Harness::new(1200, 900);
    t.open(&format!(
        "view=play&expr=nim(1,2)&class=1&msg={}",
        encoded("Find the winning move")
    ));
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(t.b.text(&t.b.wait("#play-msg")), "Find the winning move");
    // Above the board, in classroom mode too.
    let above = t.b.js(
        "return document.getElementById('play-msg').getBoundingClientRect().bottom <= document.getElementById('play-board').getBoundingClientRect().top",
        vec![],
    );
    assert_eq!(above, json!(true));
    assert!(t.b.text(&t.b.wait("#play-position")).contains("nim(1,2)"));
    assert!(t.b.attr(&t.b.wait("#play-settings"), "open").is_none());

    // Characters of HTML are shown as they are written, never read as markup.
    let msg = "<b>Bold</b> & <img src=x onerror=\"window.pwned=1\"> 3 < 4";
    t.open(&format!("view=play&expr=nim(3,4,5)&msg={}", encoded(msg)));
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    assert_eq!(t.b.text(&t.b.wait("#play-msg")), msg);
    let markup = t.b.js(
        "const m = document.getElementById('play-msg'); return [m.children.length, window.pwned === undefined, m.textContent]",
        vec![],
    );
    assert_eq!(markup, json!([0, true, msg]));
    // The message stays in the URL as moves are played.
    let stone = t.b.all("#play-board circle.stone");
    t.b.click(&stone[0]);
    t.b.wait_until("two moves", || {
        (t.b.all("#play-log li").len() == 2).then_some(())
    });
    let url = t.b.js(
        "return new URLSearchParams(location.search).get('msg')",
        vec![],
    );
    assert_eq!(url, json!(msg));
}

#[test]
fn two_players_play_a_whole_game_of_nim_by_clicks_and_the_computer_only_judges() {
    let t = Harness::new(1200, 900);
    t.open("view=play&expr=nim(1,2)&two=1&class=1");
    t.b.wait_text("#play-status", |s| s.contains("Player 1 to move"));
    // Player 1 takes the whole heap of 2 (a losing move: Player 2 then takes the
    // last stone). Every move is a click and no move is the computer's: two clicks,
    // two moves in the log.
    let plays = [
        ("2", "2", "nim(1,0)", "Player 2 to move"),
        ("1", "1", "nim(0,0)", ""),
    ];
    for (n, (heap, take, pos, next)) in plays.iter().enumerate() {
        let stone = t.b.wait(&format!(
            "#play-board circle.stone[data-heap='{heap}'][data-take='{take}']"
        ));
        t.b.click(&stone);
        t.b.wait_until("the move", || {
            (t.b.all("#play-log li").len() == n + 1).then_some(())
        });
        if !next.is_empty() {
            t.b.wait_text("#play-status", |s| s.contains(next));
        }
        let shown = t.b.text(&t.b.wait("#play-position"));
        assert_eq!(&shown, pos, "after move {n}");
    }
    // Player 2 took the last stone: the judge says so, and nobody moved for Player 2
    // but the clicks.
    let status = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(status.contains("Player 2 won"), "{status}");
    let log: Vec<String> =
        t.b.all("#play-log li")
            .iter()
            .map(|e| t.b.text(e))
            .collect();
    assert_eq!(log.len(), 2, "{log:?}");
    assert!(
        log[0].starts_with("Player 1:") && log[1].starts_with("Player 2:"),
        "{log:?}"
    );
    assert!(log.iter().all(|l| !l.contains("computer")), "{log:?}");
}

#[test]
fn two_players_of_a_partizan_game_are_left_and_right() {
    let t = Harness::new(1200, 900);
    // A 1×2 strip for Left, who places vertical dominoes, has no move; a 2×1 one
    // has one: Left moves, then Right (horizontal) cannot, and Left has won.
    t.open("view=play&expr=domineering(2,1)&two=1");
    t.b.wait_text("#play-status", |s| s.contains("Left to move"));
    let moves = t.b.all("#play-moves button.move");
    assert_eq!(moves.len(), 1);
    t.b.click(&moves[0]);
    let status = t.b.wait_text("#play-status", |s| s.contains("Game over"));
    assert!(status.contains("Left won"), "{status}");
    let log: Vec<String> =
        t.b.all("#play-log li")
            .iter()
            .map(|e| t.b.text(e))
            .collect();
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].starts_with("Left:"), "{log:?}");
}

#[test]
fn two_players_are_told_when_a_move_is_not_legal() {
    let t = Harness::new(1200, 900);
    // Left places vertical dominoes: on this board only a1–a2; b2 is in none.
    t.open(&format!(
        "view=play&expr={}&two=1",
        encoded("domineering(\".#|..\")")
    ));
    t.b.wait_text("#play-status", |s| s.contains("Left to move"));
    t.b.click(&t.b.wait("#play-board [data-cell='b2']"));
    t.b.wait_text(".hint-out", |s| s.contains("not legal"));
    assert!(t.b.all("#play-log li").is_empty());
    assert!(t.b.text(&t.b.wait("#play-status")).contains("Left to move"));
    // The legal move is played, and Right (horizontal) is to move.
    t.b.click(&t.b.wait("#play-board [data-cell='a1']"));
    t.b.wait_until("Left's move", || {
        (t.b.all("#play-log li").len() == 1).then_some(())
    });
    t.b.wait_text(".hint-out", |s| !s.contains("not legal"));
    let status = t.b.wait_text("#play-status", |s| {
        s.contains("Game over") || s.contains("Right to move")
    });
    // After a1–a2 only b2 is left: Right cannot move, and Left has won.
    assert!(status.contains("Left won"), "{status}");
}
