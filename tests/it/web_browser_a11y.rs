//! Accessibility of the web playground in a real browser (the harness of
//! `web_browser`): axe-core, injected into each page, checks every view against the
//! WCAG 2.0 and 2.1 rules of levels A and AA (the classroom boards too, with the
//! answer hidden and revealed, and some views in dark mode and in a phone's 390×844
//! viewport), and every control of classroom play is reached with the Tab key. The
//! ignored test `screenshots_of_the_classroom_boards` writes the pictures of
//! docs/GUIDE.md.
//!
//! axe-core comes from npm, at the version pinned in `.ci/axe/package-lock.json`:
//! `npm ci --prefix .ci/axe` (`.ci/run` does it). The environment variable
//! `AXE_CORE` may name another copy of `axe.min.js`.

use crate::web_browser::Harness;
use serde_json::{Value, json};
use std::path::PathBuf;

/// Tab, which moves the focus on.
const TAB: &str = "\u{E004}";

/// The text of axe.min.js; a clear failure naming how to install it when it is missing.
fn axe_source() -> String {
    let path = std::env::var_os("AXE_CORE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join(".ci/axe/node_modules/axe-core/axe.min.js")
        });
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "axe-core is missing ({}: {e}); install it with `npm ci --prefix .ci/axe` \
             (or run .ci/run, which does)",
            path.display()
        )
    })
}

/// The WCAG rule sets axe runs: WCAG 2.0 and 2.1, levels A and AA.
const WCAG: [&str; 4] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/// Injects axe-core into the page shown and runs it; each violation as
/// "rule id (impact): target — summary", one line per element.
fn axe_violations(t: &Harness, axe: &str) -> Vec<String> {
    // Run as WebDriver's script itself: the page's Content-Security-Policy allows no
    // inline <script>.
    t.b.js(
        &format!(
            "if (!window.axe) {{ {axe}\n;if (typeof axe !== 'undefined') window.axe = axe; }} \
             return !!window.axe;"
        ),
        vec![],
    )
    .as_bool()
    .filter(|&ok| ok)
    .expect("axe-core did not load into the page");
    let found = t.b.js_async(
        "const done = arguments[arguments.length - 1]; \
         axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']}) \
           .then(r => done(r.violations.flatMap(v => v.nodes.map(n => \
              `${v.id} (${v.impact}): ${n.target.join(' ')} — ${(n.failureSummary || v.help).replace(/\\s+/g, ' ')}`)))) \
           .catch(e => done(['axe failed: ' + e]));",
        vec![json!(WCAG)],
    );
    found
        .as_array()
        .unwrap_or_else(|| panic!("axe answered {found}"))
        .iter()
        .map(|v| v.as_str().unwrap_or("").to_string())
        .collect()
}

/// Every view, with what shows that it has drawn its answer: the solve view with its
/// results, the play view (alone and in classroom mode, on every kind of classroom
/// board), the tables (values, grid, quotient), values, Nash, Race and the gallery.
const VIEWS: [(&str, &str); 18] = [
    (
        "view=solve&expr=nim(3,4,5)%2Bwythoff(3,5)",
        "#solve-outcome",
    ),
    ("view=play&expr=nim(3,4,5)", "#play-board svg"),
    ("view=play&expr=domineering(4,4)", "#play-board svg"),
    ("view=play&expr=nim(3,4,5)&class=1", "#play-board svg"),
    ("view=table&family=sub[1,3,4]&to=30", "svg.table-chart"),
    ("view=grid&family=wythoff&size=12", "svg.heatmap"),
    ("view=quotient&family=octal[0.75]", "#main table"),
    ("view=value&expr={2|-1}", "svg.thermograph"),
    ("view=nash", "#nash-br"),
    (
        "view=race&players=3&moves=1,2&to=3",
        "#race-coalitions tbody tr",
    ),
    ("view=gallery", "#gallery-strategic .gallery-card"),
    ("view=play&expr=kayles(3,5)&class=1", "#play-board svg"),
    ("view=play&expr=wythoff(4,6)&class=1", "#play-board svg"),
    (
        "view=play&expr=mock_turtles(%22THTHH%22)&class=1",
        "#play-board svg",
    ),
    ("view=play&expr=domineering(3,3)&class=1", "#play-board svg"),
    ("view=play&expr=stair(3,1,4)&class=1", "#play-board svg"),
    (
        "view=play&expr=hackenbush(%22BRBR%22)&class=1",
        "#play-board svg",
    ),
    (
        "view=play&expr=turtles(%22THHTTHTH%22)&class=1",
        "#play-board svg",
    ),
];

/// Waits until the page has drawn the answer `css` marks (and a play view has
/// finished thinking).
fn settle(t: &Harness, query: &str, css: &str) {
    t.b.wait(css);
    if query.contains("view=play") {
        t.b.wait_text("#play-status", |s| s.contains("Your move"));
    }
    if query.contains("view=value") {
        t.b.wait_text("#value-outcome, .results", |s| !s.is_empty());
    }
    // Fonts, transitions and colours done.
    std::thread::sleep(std::time::Duration::from_millis(300));
}

/// The size of the page's viewport, in CSS pixels.
fn viewport(t: &Harness) -> (u64, u64) {
    let v =
        t.b.js("return [window.innerWidth, window.innerHeight]", vec![]);
    (v[0].as_u64().unwrap(), v[1].as_u64().unwrap())
}

/// Opens `query`, waits for its answer and adds what axe finds to `report`.
fn check(t: &Harness, axe: &str, query: &str, css: &str, what: &str, report: &mut Vec<String>) {
    t.open(query);
    settle(t, query, css);
    if what.contains("390") {
        assert_eq!(viewport(t), (390, 844), "{query}: the phone's viewport");
    }
    for v in axe_violations(t, axe) {
        report.push(format!("{query}{what}: {v}"));
    }
}

#[test]
fn every_view_passes_the_wcag_checks_of_axe_core() {
    let axe = axe_source();
    let t = Harness::new(1024, 768);
    let mut report = Vec::new();
    for (query, css) in VIEWS {
        check(&t, &axe, query, css, "", &mut report);
    }

    // Classroom mode with the answer revealed: the outcome's badge and the coloured moves.
    t.open("view=play&expr=nim(3,4,5)&class=1");
    settle(&t, "view=play", "#play-board svg");
    t.b.click(&t.b.wait("#play-reveal-btn"));
    t.b.wait_text("#play-reveal", |s| s.contains("Winning moves"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    for v in axe_violations(&t, &axe) {
        report.push(format!("classroom Nim, revealed: {v}"));
    }

    // A game under way: the log of moves and the chart of the value history.
    t.open("view=play&expr=nim(3,4,5)");
    settle(&t, "view=play", "#play-board svg");
    t.b.click(&t.b.wait("#play-moves button.move"));
    t.b.wait_until("the answer", || {
        (t.b.all("#play-log li").len() >= 2).then_some(())
    });
    t.b.wait_text("#play-status", |s| {
        s.contains("Your move") || s.contains("over")
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    for v in axe_violations(&t, &axe) {
        report.push(format!("Nim after a move: {v}"));
    }

    // Dark mode, whose colours are other.
    t.b.dark_mode(true);
    for (query, css) in [VIEWS[0], VIEWS[1], VIEWS[3], VIEWS[8], VIEWS[10]] {
        check(&t, &axe, query, css, " in dark mode", &mut report);
        let dark = t.b.js(
            "return matchMedia('(prefers-color-scheme: dark)').matches",
            vec![],
        );
        assert_eq!(dark.as_bool(), Some(true), "{query}: dark mode");
    }
    t.b.dark_mode(false);

    // The high-contrast theme, whose colours are others again.
    for (query, css) in [VIEWS[0], VIEWS[1], VIEWS[3], VIEWS[8], VIEWS[10]] {
        let query = format!("{query}&theme=contrast");
        check(&t, &axe, &query, css, " in high contrast", &mut report);
        let theme =
            t.b.js("return document.documentElement.dataset.theme", vec![]);
        assert_eq!(theme.as_str(), Some("contrast"), "{query}: the theme");
    }

    // The phone layout, where the settings, boards and tables are laid out otherwise.
    t.b.viewport(390, 844);
    for (query, css) in [
        VIEWS[0], VIEWS[3], VIEWS[4], VIEWS[8], VIEWS[10], VIEWS[14], VIEWS[15],
    ] {
        check(&t, &axe, query, css, " at 390×844", &mut report);
    }
    assert!(
        report.is_empty(),
        "{} accessibility violations (WCAG 2 A/AA, axe-core):\n{}",
        report.len(),
        report.join("\n")
    );
}

/// A description of the focused element: its tag, id and label.
fn focused(t: &Harness) -> Value {
    t.b.js(
        "const e = document.activeElement; if (!e || e === document.body) return null; \
         return {key: e.dataset.a11yKey || null, inBoard: !!e.closest('#play-board'), \
                 what: `${e.tagName.toLowerCase()}#${e.id} ${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40)}`};",
        vec![],
    )
}

#[test]
fn every_control_of_classroom_play_is_reached_with_tab() {
    let t = Harness::new(1024, 768);
    for query in [
        "view=play&expr=nim(3,4,5)&class=1",
        "view=play&expr=domineering(3,3)&class=1",
    ] {
        t.open(query);
        t.b.wait_text("#play-status", |s| s.contains("Your move"));
        // The controls a user may operate: links, buttons, form fields, the fold of the
        // settings, and whatever the page made focusable. Each gets a key to find it by.
        let controls = t.b.js(
            "const sel = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), \
               select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex=\"-1\"])'; \
             const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' \
               && !e.closest('details:not([open]) > :not(summary)'); \
             return [...document.querySelectorAll(sel)].filter(shown).map((e, i) => { \
               e.dataset.a11yKey = String(i); \
               return {key: String(i), inBoard: !!e.closest('#play-board'), \
                 what: `${e.tagName.toLowerCase()}#${e.id} ${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40)}`}; });",
            vec![],
        );
        let controls = controls.as_array().unwrap().clone();
        assert!(controls.len() > 5, "{query}: {controls:?}");
        t.b.js(
            "document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)",
            vec![],
        );
        let mut reached = std::collections::BTreeSet::new();
        let mut board = false;
        for _ in 0..(controls.len() + 20) {
            t.b.press(TAB);
            let f = focused(&t);
            if f["inBoard"].as_bool() == Some(true) {
                board = true;
            }
            if let Some(k) = f["key"].as_str() {
                reached.insert(k.to_string());
            }
        }
        // The board is one stop of the Tab key (its pieces are then chosen with the
        // arrow keys, as the keyboard test of web_browser shows); every other control
        // is a stop of its own.
        let missed: Vec<&str> = controls
            .iter()
            .filter(|c| c["inBoard"].as_bool() != Some(true))
            .filter(|c| !reached.contains(c["key"].as_str().unwrap()))
            .map(|c| c["what"].as_str().unwrap())
            .collect();
        assert!(
            missed.is_empty(),
            "{query}: not reached with Tab: {missed:?}"
        );
        assert!(board, "{query}: the board is not reached with Tab");
    }
}

/// The classroom boards of docs/GUIDE.md, at 1024×768 (a projector) and 390×844 (a
/// phone), in docs/screenshots/classroom-*.png:
/// `cargo test --release --features browser-tests --test it web_browser_a11y::screenshots -- --ignored`.
#[test]
#[ignore]
fn screenshots_of_the_classroom_boards() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let boards = [
        ("nim", "nim(3,4,5)"),
        ("kayles", "kayles(3,5)"),
        ("wythoff", "wythoff(4,6)"),
        ("coins", "turtles(\"THHTTHTH\")"),
        ("domineering", "domineering(4,4)"),
        ("staircase", "stair(3,1,4)"),
        (
            "hackenbush",
            "hackenbush(\"0-1:B 0-2:R 1-2:G 1-3:B 2-3:R\")",
        ),
        ("dawson", "dawson(4,6)"),
        ("king", "king(3,4)"),
        ("ring", "ring(1,2,3,2)"),
        ("clobber", "clobber(\"XOXO|OXOX|XOXO\")"),
        ("konane", "konane(\"XOX.|OXO.\")"),
        ("amazons", "amazons(\"L...|....|...R\")"),
        ("toads", "toads(\"TT..FF\")"),
    ];
    for (width, height) in [(1024u64, 768u64), (390, 844)] {
        let t = Harness::new(1024, 900);
        t.b.viewport(width as u32, height as u32);
        for (name, expr) in boards {
            t.open(&format!(
                "view=play&expr={}&class=1",
                crate::web_browser::encoded(expr)
            ));
            t.b.wait("#play-board svg");
            t.b.wait_text("#play-status", |s| s.contains("Your move"));
            std::thread::sleep(std::time::Duration::from_millis(300));
            assert_eq!(viewport(&t), (width, height), "{name}");
            // The window, or the page alone when it is shorter than the window.
            let file = dir.join(format!("classroom-{name}-{width}.png"));
            let tall = t.b.js(
                "return Math.ceil(document.body.getBoundingClientRect().height)",
                vec![],
            );
            if tall.as_u64().unwrap() < height {
                t.b.element_screenshot(&t.b.wait("body"), &file);
            } else {
                t.b.screenshot(&file);
            }
        }
    }
}
