//! The classroom boards on a phone (390×844) and a tablet (768×1024) with touch:
//! chromium emulates the device (`mobileEmulation`: its screen and a finger), and the
//! tests tap the board with a touch pointer. Each board fits the width (no sideways
//! scroll), and every target of the board and of the controls is at least 44×44 CSS
//! px or has no other target within 22 px of its centre (WCAG 2.5.5, and the spacing
//! rule of 2.5.8 at 44 px). Real headless chromium (see `web_browser.rs`).
//!
//! Expected values come from the rules: Bouton's rule for Nim, the Grundy values of
//! Kayles computed from its rules (Winning Ways, ch. 4).

use crate::web_browser::{Harness, bouton, encoded, heaps, kayles_values};
use serde_json::json;

const PHONE: (u32, u32) = (390, 844);
const TABLET: (u32, u32) = (768, 1024);

/// A browser that is a phone or a tablet: its screen, its pixel ratio and touch.
fn device((w, h): (u32, u32)) -> Harness {
    let t = Harness::with_options(
        w,
        h,
        json!({"mobileEmulation": {"deviceMetrics": {
            "width": w, "height": h, "pixelRatio": 2.0, "touch": true, "mobile": true
        }}}),
    );
    // The page sees the device's width (its viewport tag asks for it) and a finger.
    t.open("view=gallery");
    t.b.wait("main > *");
    let seen = t.b.js(
        "return [innerWidth, navigator.maxTouchPoints > 0 || 'ontouchstart' in window]",
        vec![],
    );
    assert_eq!(seen[0].as_u64(), Some(w as u64), "{seen}");
    assert_eq!(seen[1], json!(true), "{seen}");
    t
}

/// The page is no wider than the window.
fn no_sideways_scroll(t: &Harness, what: &str) {
    let v = t.b.js(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]",
        vec![],
    );
    let (sw, cw) = (v[0].as_i64().unwrap(), v[1].as_i64().unwrap());
    assert!(sw <= cw, "{what}: the page is {sw} px wide in {cw}");
}

/// The targets of the board and of the controls that are too small and too crowded:
/// each visible target is measured; one smaller than 44×44 must own the point at its
/// centre and have no other target within 22 px of it (points sampled on two
/// circles). Also the targets whose `touch-action` allows a double-tap zoom.
const SMALL_TARGETS: &str = r#"
const SEL = '#play-board [tabindex="0"], .stair-choices button, header.top a, header.top button, .class-bar button, .class-bar label, .class-bar select, #play-settings summary';
const owner = (e) => {
  if (!e) return null;
  if (e.classList && e.classList.contains('edge-hit')) return e.nextElementSibling;
  return e.closest(SEL);
};
const all = [...document.querySelectorAll(SEL)].filter((e) => {
  const r = e.getBoundingClientRect();
  return (r.width || r.height) && !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden';
});
const bad = [];
let board = 0;
for (const e of all) {
  if (e.closest('#play-board')) board++;
  const name = (e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 30) + (e.closest('#play-board') ? ' (board)' : '');
  const ta = getComputedStyle(e).touchAction;
  if (ta !== 'manipulation') bad.push(`${name}: touch-action ${ta}`);
  e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const r = e.getBoundingClientRect();
  if (r.width >= 44 && r.height >= 44) continue;
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  if (owner(document.elementFromPoint(cx, cy)) !== e) { bad.push(`${name}: ${r.width.toFixed(0)}×${r.height.toFixed(0)}, its centre is not its own`); continue; }
  around: for (const rad of [11, 22]) {
    for (let k = 0; k < 16; k++) {
      const a = (k * Math.PI) / 8;
      const o = owner(document.elementFromPoint(cx + rad * Math.cos(a), cy + rad * Math.sin(a)));
      if (o && o !== e) { bad.push(`${name}: ${r.width.toFixed(0)}×${r.height.toFixed(0)}, another target ${rad} px away`); break around; }
    }
  }
}
window.scrollTo(0, 0);
return [all.length, board, bad.filter((b, i) => bad.indexOf(b) === i)];"#;

/// Every target of the board and the controls is large or alone enough for a finger;
/// returns how many targets the board has.
fn targets_are_large(t: &Harness, what: &str) -> usize {
    // The board is scaled to the window once it is drawn.
    std::thread::sleep(std::time::Duration::from_millis(400));
    let v = t.b.js(SMALL_TARGETS, vec![]);
    let (n, board) = (v[0].as_u64().unwrap(), v[1].as_u64().unwrap());
    let bad: Vec<String> = v[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    assert!(n >= 5, "{what}: only {n} targets");
    assert!(
        bad.is_empty(),
        "{what}: targets too small for a finger:\n{}",
        bad.join("\n")
    );
    board as usize
}

/// The board in classroom mode: its pictures all inside the window's width.
fn board_fits(t: &Harness, what: &str) {
    std::thread::sleep(std::time::Duration::from_millis(300));
    let v = t.b.js(
        r#"const r = [...document.querySelectorAll('#play-board svg')].map((g) => g.getBoundingClientRect());
        return [Math.min(...r.map((x) => x.left)), Math.max(...r.map((x) => x.right)), document.documentElement.clientWidth, r.length];"#,
        vec![],
    );
    let (left, right, w) = (
        v[0].as_f64().unwrap(),
        v[1].as_f64().unwrap(),
        v[2].as_f64().unwrap(),
    );
    assert!(v[3].as_u64().unwrap() > 0, "{what}: no picture");
    assert!(
        left >= -0.5 && right <= w + 0.5,
        "{what}: the board spans {left}..{right} of {w}"
    );
    no_sideways_scroll(t, what);
}

/// A whole game of Nim from nim(3,4,5), tapping Bouton's stones; the last tap wins.
fn nim_by_taps(size: (u32, u32)) {
    let t = device(size);
    t.open("view=play&expr=nim(3,4,5)&class=1");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let what = format!("nim at {size:?}");
    board_fits(&t, &what);
    assert_eq!(targets_are_large(&t, &what), 12);
    let mut plies = 0;
    loop {
        let pos = t.b.text(&t.b.wait("#play-position"));
        let (heap, take) = bouton(&heaps(&pos)).expect("Bouton's move exists");
        let stone = t.b.wait(&format!(
            "#play-board circle.stone[data-heap='{heap}'][data-take='{take}']"
        ));
        t.b.tap(&stone);
        plies += 1;
        let n = plies;
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
        board_fits(&t, &format!("{what} at {pos}"));
        targets_are_large(&t, &format!("{what} at {pos}"));
    }
    assert_eq!(t.b.all("#play-log li").len(), plies);
}

/// A whole game of Kayles from kayles(3,5), tapping pins: a knock that leaves the
/// Grundy values' sum 0 each time.
fn kayles_by_taps(size: (u32, u32)) {
    let t = device(size);
    let g = kayles_values(20);
    t.open("view=play&expr=kayles(3,5)&class=1");
    t.b.wait_text("#play-status", |s| s.contains("Your move"));
    let what = format!("kayles at {size:?}");
    board_fits(&t, &what);
    assert_eq!(targets_are_large(&t, &what), 8);
    let mut plies = 0;
    loop {
        let pos = t.b.text(&t.b.wait("#play-position"));
        let rows = heaps(&pos);
        let x = rows.iter().fold(0, |a, &n| a ^ g[n as usize]);
        assert_ne!(x, 0, "the computer left a P-position: {pos}");
        let (heap, a, k) = crate::web_browser::winning_knock(&g, &rows, x);
        let pin = |p: usize| {
            t.b.wait(&format!(
                "#play-board g.pin[data-heap='{heap}'][data-pin='{p}']"
            ))
        };
        t.b.tap(&pin(a));
        // A pin that more than one run goes through is selected first; the same pin
        // again knocks it down alone, its neighbour both.
        if !t.b.all("#play-board g.pin.picked").is_empty() {
            t.b.tap(&pin(if k == 1 { a } else { a + 1 }));
        }
        plies += 1;
        let n = plies;
        let status = t.b.wait_text("#play-status", |s| {
            (s.contains("Your move") && t.b.all("#play-log li").len() == n + 1)
                || s.contains("Game over")
        });
        let ours = t.b.text(&t.b.all("#play-log li")[n - 1]);
        assert!(ours.starts_with("you:"), "{ours}");
        // The position after the tap is the one the knock leaves.
        let mut left: Vec<u64> = rows.clone();
        let m = left.remove(heap - 1);
        left.extend([a as u64, m - a as u64 - k as u64]);
        left.retain(|&r| r > 0);
        left.sort_unstable();
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
        board_fits(&t, &format!("{what} at {pos}"));
        targets_are_large(&t, &format!("{what} at {pos}"));
    }
}

#[test]
fn a_whole_game_of_nim_by_taps_on_a_phone() {
    nim_by_taps(PHONE);
}

#[test]
fn a_whole_game_of_nim_by_taps_on_a_tablet() {
    nim_by_taps(TABLET);
}

#[test]
fn a_whole_game_of_kayles_by_taps_on_a_phone() {
    kayles_by_taps(PHONE);
}

#[test]
fn a_whole_game_of_kayles_by_taps_on_a_tablet() {
    kayles_by_taps(TABLET);
}

/// The other classroom boards: each fits the width, its targets are large enough,
/// and a tap plays (or, for a move of two cells or of a step's stones, selects).
fn boards_fit_and_take_taps(size: (u32, u32)) {
    let t = device(size);
    let boards: &[(&str, &str)] = &[
        ("wythoff(3,5)", "rect.target"),
        ("turtles(\"THHTTH\")", ".coin-g[data-coin='1']"),
        ("domineering(4,4)", "[data-cell='a1']"),
        ("stair(1,2,3)", "[data-step='1']"),
        ("hackenbush(\"BRB\")", ".edge[tabindex]"),
        ("hackenbush(\"0-1:B 1-1:R\")", ".edge[tabindex]"),
    ];
    for (expr, tap) in boards {
        let what = format!("{expr} at {size:?}");
        t.open(&format!("view=play&expr={}&class=1", encoded(expr)));
        t.b.wait_text("#play-status", |s| s.contains("Your move"));
        board_fits(&t, &what);
        assert!(targets_are_large(&t, &what) > 0, "{what}: no targets");
        // A tap on the board does something: a move, or a selection shown.
        let before = t.b.js(
            "return document.getElementById('play-board').innerHTML",
            vec![],
        );
        t.b.tap(&t.b.wait(&format!("#play-board {tap}")));
        t.b.wait_until(&format!("{what}: the tap's effect"), || {
            let now = t.b.js(
                "return document.getElementById('play-board').innerHTML",
                vec![],
            );
            (now != before || !t.b.all("#play-log li").is_empty()).then_some(())
        });
        no_sideways_scroll(&t, &what);
    }
}

#[test]
fn the_classroom_boards_fit_a_phone_and_take_taps() {
    boards_fit_and_take_taps(PHONE);
}

#[test]
fn the_classroom_boards_fit_a_tablet_and_take_taps() {
    boards_fit_and_take_taps(TABLET);
}

#[test]
fn the_page_has_a_viewport_for_phones_and_every_view_fits_one() {
    let t = device(PHONE);
    t.open("view=solve&expr=nim(3,4,5)");
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    let vp = t.b.js(
        "return document.querySelector('meta[name=viewport]')?.content || ''",
        vec![],
    );
    assert!(vp.as_str().unwrap().contains("width=device-width"), "{vp}");
    for q in [
        "view=solve&expr=nim(3,4,5)",
        "view=play&expr=nim(3,4,5)",
        "view=play&expr=kayles(3,5)&class=1&theme=contrast",
        "view=value&expr={2|-1}",
        "view=table&family=kayles&to=60",
        "view=nash",
        "view=race",
        "view=gallery",
    ] {
        t.open(q);
        t.b.wait("main > *");
        std::thread::sleep(std::time::Duration::from_millis(500));
        no_sideways_scroll(&t, q);
    }
}
