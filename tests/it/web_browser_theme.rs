//! The high-contrast theme of the web playground (white and yellow on black, for a
//! projector in a dark room): from `theme=contrast` in the URL, from the header's
//! toggle, or from the system's `prefers-contrast: more`. Real headless chromium (see
//! `web_browser.rs` for the harness).
//!
//! Expected values come from WCAG 2.x: the relative luminance of an sRGB colour and
//! the contrast ratio (L1 + 0.05) / (L2 + 0.05); level AAA asks 7:1 of text, and 3:1
//! of the marks of graphics (non-text contrast).

use crate::web_browser::{Harness, encoded};
use serde_json::{Value, json};

/// An sRGB colour with alpha, each part in 0..=1.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rgba([f64; 4]);

/// Parses a computed CSS colour: `rgb(r, g, b)`, `rgba(r, g, b, a)` or
/// `color(srgb r g b / a)` (what `color-mix` computes to).
fn parse(css: &str) -> Rgba {
    let css = css.trim();
    let nums: Vec<f64> = css
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter_map(|w| w.parse().ok())
        .collect();
    let (scale, n) = if css.starts_with("color(srgb") {
        (1.0, nums)
    } else if css.starts_with("rgb") {
        (255.0, nums)
    } else if css == "transparent" {
        return Rgba([0.0, 0.0, 0.0, 0.0]);
    } else {
        panic!("a colour not understood: {css:?}")
    };
    assert!(n.len() >= 3, "{css:?}");
    Rgba([
        n[0] / scale,
        n[1] / scale,
        n[2] / scale,
        n.get(3).copied().unwrap_or(1.0),
    ])
}

/// `top` painted over the opaque `under`.
fn over(top: Rgba, under: Rgba) -> Rgba {
    let a = top.0[3];
    Rgba([
        top.0[0] * a + under.0[0] * (1.0 - a),
        top.0[1] * a + under.0[1] * (1.0 - a),
        top.0[2] * a + under.0[2] * (1.0 - a),
        1.0,
    ])
}

/// WCAG relative luminance.
fn luminance(c: Rgba) -> f64 {
    let lin = |v: f64| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
}

/// WCAG contrast ratio of two opaque colours.
fn ratio(a: Rgba, b: Rgba) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn the_contrast_ratio_follows_wcag() {
    // Black on white is 21:1, a colour on itself 1:1; #767676 on white is the
    // well-known 4.54:1 (the lightest grey that passes AA).
    let white = parse("rgb(255, 255, 255)");
    let black = parse("rgb(0, 0, 0)");
    assert!((ratio(white, black) - 21.0).abs() < 1e-9);
    assert!((ratio(black, black) - 1.0).abs() < 1e-9);
    let grey = parse("rgb(118, 118, 118)");
    assert!((ratio(grey, white) - 4.54).abs() < 0.01);
    assert_eq!(
        parse("color(srgb 1 0.5 0 / 0.25)"),
        Rgba([1.0, 0.5, 0.0, 0.25])
    );
    assert_eq!(over(parse("rgba(0, 0, 0, 0)"), white), white);
}

/// For each visible element matching one of `selectors` that shows text of its own
/// (and `body`): its selector, its text, its colour and the background colours from
/// it up to the root.
const TEXT_COLOURS: &str = r#"
const out = [];
const seen = new Set();
const own = (e) => {
  if (e === document.body) return 'body';
  if (e.matches('input, select, textarea')) return e.value || e.placeholder || '';
  return [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
};
for (const sel of arguments[0]) {
  for (const e of document.querySelectorAll(sel)) {
    if (seen.has(e)) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || e.closest('[hidden], .skip, .cli')) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    const text = own(e);
    if (!text) continue;
    seen.add(e);
    const bgs = [];
    for (let x = e; x; x = x.parentElement) bgs.push(getComputedStyle(x).backgroundColor);
    out.push([sel, text.slice(0, 40), getComputedStyle(e).color, bgs]);
  }
}
return out;"#;

/// The elements of the page whose text has less than `min`:1 against its background.
fn low_contrast(t: &Harness, selectors: &[&str], min: f64) -> (usize, Vec<String>) {
    let v = t.b.js(TEXT_COLOURS, vec![json!(selectors)]);
    let rows = v.as_array().unwrap();
    let mut bad = Vec::new();
    for row in rows {
        let sel = row[0].as_str().unwrap();
        let text = row[1].as_str().unwrap();
        let fg = parse(row[2].as_str().unwrap());
        // The canvas under everything is white; paint the backgrounds from the root in.
        let mut bg = Rgba([1.0, 1.0, 1.0, 1.0]);
        for b in row[3].as_array().unwrap().iter().rev() {
            bg = over(parse(b.as_str().unwrap()), bg);
        }
        let r = ratio(over(fg, bg), bg);
        if r < min {
            bad.push(format!(
                "{sel} {text:?}: {r:.2} ({} on {bg:?})",
                row[2].as_str().unwrap()
            ));
        }
    }
    (rows.len(), bad)
}

/// The key elements of every view, checked for 7:1.
const KEY_TEXT: &[&str] = &[
    "body",
    "button",
    "#play-status",
    "#play-status *",
    ".chip",
    ".badge",
    "#play-moves .move-text",
    "#play-moves .move .rem",
    "#play-moves li",
    ".tabs a",
    "header.top h1 a",
    ".hint",
    "label",
    "summary",
    "select",
    "input",
    "th",
    "td",
    "dt",
    "dd",
    "figcaption",
    "caption",
    "a",
    "h2",
    "h3",
    "p",
    "li",
    "code",
    ".lesson",
];

fn theme_of(t: &Harness) -> String {
    t.b.js(
        "return document.documentElement.dataset.theme || ''",
        vec![],
    )
    .as_str()
    .unwrap()
    .to_string()
}

fn url_of(t: &Harness) -> String {
    t.b.js("return location.href", vec![])
        .as_str()
        .unwrap()
        .to_string()
}

fn background_of_body(t: &Harness) -> Rgba {
    parse(
        t.b.js(
            "return getComputedStyle(document.body).backgroundColor",
            vec![],
        )
        .as_str()
        .unwrap(),
    )
}

const BLACK: Rgba = Rgba([0.0, 0.0, 0.0, 1.0]);

#[test]
fn theme_contrast_in_the_url_gives_a_black_page() {
    let t = Harness::new(1024, 768);
    t.open("view=play&expr=nim(3,4,5)&theme=contrast");
    t.b.wait_text("#play-status", |s| s.contains("move"));
    assert_eq!(theme_of(&t), "contrast");
    assert_eq!(background_of_body(&t), BLACK);
    let toggle = t.b.wait("#theme-toggle");
    assert_eq!(t.b.attr(&toggle, "aria-pressed").as_deref(), Some("true"));
    // The body's text is white.
    let fg = parse(
        t.b.js("return getComputedStyle(document.body).color", vec![])
            .as_str()
            .unwrap(),
    );
    assert!(ratio(fg, BLACK) >= 20.0, "{fg:?}");
    // The theme is set by a classic script in the head, before the first paint (the
    // modules run after it): no white flash in a dark room.
    let early = t.b.js(
        "return !!document.querySelector('head script[src=\"/js/theme-early.js\"]:not([type=module]):not([async]):not([defer])')",
        vec![],
    );
    assert_eq!(early, json!(true));
    // Without it the page is the usual one.
    t.open("view=play&expr=nim(3,4,5)");
    t.b.wait_text("#play-status", |s| s.contains("move"));
    assert_eq!(theme_of(&t), "normal");
    assert_ne!(background_of_body(&t), BLACK);
    assert_eq!(
        t.b.attr(&t.b.wait("#theme-toggle"), "aria-pressed")
            .as_deref(),
        Some("false")
    );
}

#[test]
fn the_toggle_turns_the_theme_on_and_off_and_the_url_keeps_it() {
    let t = Harness::new(1200, 900);
    t.open("view=solve&expr=nim(3,4,5)");
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    assert_eq!(theme_of(&t), "normal");
    t.b.click(&t.b.wait("#theme-toggle"));
    assert_eq!(theme_of(&t), "contrast");
    assert_eq!(background_of_body(&t), BLACK);
    assert!(url_of(&t).contains("theme=contrast"), "{}", url_of(&t));
    // The solve view's own state stays in the URL beside it.
    assert!(url_of(&t).contains("view=solve"), "{}", url_of(&t));
    // Every tab's link keeps it, and following one keeps it.
    for a in t.b.all(".tabs a") {
        let href = t.b.attr(&a, "href").unwrap();
        assert!(href.contains("theme=contrast"), "{href}");
    }
    t.b.click(&t.b.wait(".tabs a[data-view='play']"));
    t.b.wait_text("#play-status", |s| s.contains("move"));
    assert!(url_of(&t).contains("view=play"), "{}", url_of(&t));
    assert!(url_of(&t).contains("theme=contrast"), "{}", url_of(&t));
    assert_eq!(theme_of(&t), "contrast");
    // A move rewrites the view's state in the URL: the theme stays.
    let before = url_of(&t);
    t.b.click(&t.b.wait("#play-moves button.move"));
    t.b.wait_until("the move in the URL", || {
        (url_of(&t) != before).then_some(())
    });
    assert!(url_of(&t).contains("theme=contrast"), "{}", url_of(&t));
    // A link inside a view (the Solve view's "play this position") keeps it too.
    t.b.click(&t.b.wait(".tabs a[data-view='solve']"));
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    t.b.click(&t.b.wait("a[data-view='play']:not(.tabs a)"));
    t.b.wait_text("#play-status", |s| s.contains("move"));
    assert!(url_of(&t).contains("theme=contrast"), "{}", url_of(&t));
    // Back in the history, and a reload: still on.
    t.b.js("history.back()", vec![]);
    t.b.wait("#solve-outcome");
    assert_eq!(theme_of(&t), "contrast");
    t.b.goto(&url_of(&t));
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    assert_eq!(theme_of(&t), "contrast");
    // Off again: the page, the URL and the links forget it.
    t.b.click(&t.b.wait("#theme-toggle"));
    assert_eq!(theme_of(&t), "normal");
    assert_ne!(background_of_body(&t), BLACK);
    assert!(!url_of(&t).contains("theme="), "{}", url_of(&t));
    for a in t.b.all(".tabs a") {
        let href = t.b.attr(&a, "href").unwrap();
        assert!(!href.contains("theme="), "{href}");
    }
    assert_eq!(
        t.b.attr(&t.b.wait("#theme-toggle"), "aria-pressed")
            .as_deref(),
        Some("false")
    );
}

#[test]
fn text_has_a_contrast_of_seven_to_one_in_every_view() {
    let t = Harness::new(1200, 1000);
    let pages: Vec<(String, &str)> = vec![
        // The Play view with its colours: chips, the outcome badge, the move list.
        ("view=play&expr=nim(3,4,5)".into(), "#play-moves .move-text"),
        // Classroom mode with a message, after the answer is revealed.
        (
            format!(
                "view=play&expr=kayles(3,5)&class=1&msg={}",
                encoded("Who wins?")
            ),
            "#play-status",
        ),
        (
            "view=play&expr=domineering(3,3)".into(),
            "#play-moves .move-text",
        ),
        ("view=solve&expr=nim(3,4,5)".into(), "#solve-moves button"),
        ("view=value&expr={2|-1}".into(), ".results svg"),
        ("view=table&family=sub[1,3,4]&to=30".into(), ".results svg"),
        ("view=grid&family=wythoff&size=16".into(), ".results svg"),
        ("view=nash".into(), ".results table"),
        ("view=race".into(), "main button"),
        ("view=gallery".into(), ".gallery-card"),
    ];
    let mut failures = Vec::new();
    for (q, ready) in &pages {
        t.open(&format!("{q}&theme=contrast"));
        t.b.wait(ready);
        if q.contains("class=1") {
            t.b.click(&t.b.wait("#play-reveal-btn"));
            t.b.wait_text("#play-reveal", |s| s.contains("Winning moves"));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert_eq!(theme_of(&t), "contrast", "{q}");
        let (n, bad) = low_contrast(&t, KEY_TEXT, 7.0);
        assert!(n >= 10, "{q}: only {n} elements with text");
        failures.extend(bad.into_iter().map(|b| format!("{q}: {b}")));
    }
    // The status line, chips, badges and the move list were among those checked.
    t.open("view=play&expr=nim(3,4,5)&theme=contrast");
    t.b.wait("#play-moves .move-text");
    for css in [
        "#play-status .badge",
        "#play-status .status-text",
        ".chip.r-P",
        ".chip.r-N",
        ".chip.r-D",
        "#play-moves .move.r-P .move-text",
        "#play-moves .move.r-N .move-text",
    ] {
        assert!(!t.b.all(css).is_empty(), "no {css}");
    }
    assert!(
        failures.is_empty(),
        "text under 7:1 in the contrast theme:\n{}",
        failures.join("\n")
    );
}

/// For each visible mark of a board: its class and the best contrast of its fill or
/// stroke against the page's black.
const MARKS: &str = r#"
const out = [];
for (const e of document.querySelectorAll(arguments[0])) {
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) continue;
  const cs = getComputedStyle(e);
  out.push([e.getAttribute('class'), cs.fill, cs.stroke, parseFloat(cs.strokeWidth) || 0, parseFloat(cs.fillOpacity), cs.strokeDasharray]);
}
return out;"#;

fn marks(t: &Harness, css: &str) -> Vec<Value> {
    t.b.js(MARKS, vec![json!(css)]).as_array().unwrap().clone()
}

/// The contrast against black of a mark: its fill or its stroke, whichever shows more.
fn mark_contrast(m: &Value) -> f64 {
    let paint = |s: &str| -> Option<Rgba> {
        if s == "none" || s.starts_with("url(") {
            None
        } else {
            Some(parse(s))
        }
    };
    let mut best = 1.0f64;
    if let Some(f) = paint(m[1].as_str().unwrap()) {
        let f = Rgba([
            f.0[0],
            f.0[1],
            f.0[2],
            f.0[3] * m[4].as_f64().unwrap_or(1.0),
        ]);
        best = best.max(ratio(over(f, BLACK), BLACK));
    }
    if m[3].as_f64().unwrap() > 0.0
        && let Some(s) = paint(m[2].as_str().unwrap())
    {
        best = best.max(ratio(over(s, BLACK), BLACK));
    }
    best
}

#[test]
fn every_board_is_visible_on_black_and_left_and_right_differ_without_colour() {
    let t = Harness::new(1200, 1000);
    let boards: &[(&str, &str)] = &[
        ("nim(3,4,5)", "circle.stone"),
        ("kayles(3,5)", "g.pin .pin-body, g.pin .pin-head"),
        ("wythoff(3,5)", "rect.cell, rect.target"),
        ("turtles(\"THHTTHTH\")", ".coin-face"),
        ("domineering(3,3)", ".pcell"),
        ("stair(1,2,3)", ".step, circle.stone"),
        ("hackenbush(\"BRB\")", ".edge"),
        ("hackenbush(\"0-1:B 1-1:R\")", ".edge"),
        ("snort(\"0-1 1-2 2-3\")", ".vertex"),
    ];
    for (expr, css) in boards {
        t.open(&format!(
            "view=play&expr={}&class=1&theme=contrast",
            encoded(expr)
        ));
        t.b.wait_text("#play-status", |s| s.contains("move"));
        let ms = marks(
            &t,
            &format!("#play-board {}", css.replace(", ", ", #play-board ")),
        );
        assert!(!ms.is_empty(), "{expr}: no {css}");
        for m in &ms {
            let c = mark_contrast(m);
            assert!(c >= 3.0, "{expr}: {m} shows {c:.2}:1 on black");
        }
    }
    // Hackenbush: Left's (blue) edges solid, Right's (red) dashed.
    t.open(&format!(
        "view=play&expr={}&class=1&theme=contrast",
        encoded("hackenbush(\"BRB\")")
    ));
    t.b.wait_text("#play-status", |s| s.contains("move"));
    let dash = |css: &str| {
        t.b.js(
            "return getComputedStyle(document.querySelector(arguments[0])).strokeDasharray",
            vec![json!(css)],
        )
        .as_str()
        .unwrap()
        .to_string()
    };
    assert_eq!(dash("#play-board .edge-B"), "none");
    assert_ne!(dash("#play-board .edge-R"), "none");
    // Domineering: Left's and Right's pieces once placed, one filled and one outlined.
    t.open(&format!(
        "view=value&expr={}&theme=contrast",
        encoded("hackenbush(\"BRB\")")
    ));
    t.b.wait(".results svg");
    let blue = t.b.all(".hb-blue");
    let red = t.b.all(".hb-red");
    if !blue.is_empty() && !red.is_empty() {
        assert_eq!(dash(".hb-blue"), "none");
        assert_ne!(dash(".hb-red"), "none");
    }
    // The thermograph: Right's wall dashed, Left's solid.
    t.open("view=value&expr={2|-1}&theme=contrast");
    t.b.wait(".thermograph");
    assert_eq!(dash(".thermograph .left-wall"), "none");
    assert_ne!(dash(".thermograph .right-wall"), "none");
}

#[test]
fn the_systems_preference_for_more_contrast_is_the_default() {
    let t = Harness::new(1024, 768);
    t.open("view=solve&expr=nim(3,4,5)");
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    // Chromium emulates `prefers-contrast: more` through its DevTools protocol, which
    // chromedriver passes on; a driver without it cannot test this (then say so).
    let emulated = t.b.cdp(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-contrast", "value": "more"}]}),
    );
    if let Err((status, text)) = emulated {
        eprintln!("skipped: chromedriver cannot emulate prefers-contrast ({status}: {text})");
        return;
    }
    let matches = t.b.js(
        "return matchMedia('(prefers-contrast: more)').matches",
        vec![],
    );
    if matches != json!(true) {
        eprintln!("skipped: chromium does not emulate prefers-contrast");
        return;
    }
    // The page follows a change of the preference at once, and a new page starts in it.
    t.b.wait_until("the theme to follow", || {
        (theme_of(&t) == "contrast").then_some(())
    });
    t.open("view=solve&expr=nim(3,4,5)");
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    assert_eq!(theme_of(&t), "contrast");
    assert_eq!(background_of_body(&t), BLACK);
    assert!(!url_of(&t).contains("theme="), "{}", url_of(&t));
    // Turned off, the URL says so against the system's preference, and keeps saying it.
    t.b.click(&t.b.wait("#theme-toggle"));
    assert_eq!(theme_of(&t), "normal");
    assert!(url_of(&t).contains("theme=normal"), "{}", url_of(&t));
    t.b.goto(&url_of(&t));
    t.b.wait_text("#solve-outcome", |s| !s.is_empty());
    assert_eq!(theme_of(&t), "normal");
    // On again: the preference says it, the URL need not.
    t.b.click(&t.b.wait("#theme-toggle"));
    assert_eq!(theme_of(&t), "contrast");
    assert!(!url_of(&t).contains("theme="), "{}", url_of(&t));
}

#[test]
fn the_nash_views_game_tree_is_drawn_in_light_ink_on_black() {
    let t = Harness::new(1200, 1200);
    t.open("view=nash&theme=contrast");
    crate::web_browser::paste_and_solve_tree(&t, "examples/nash/entry.efg");
    t.b.wait("#nash-tree svg text");
    // Each text of the drawing against what is under it: a player's number against
    // its circle, every other text against the black of the drawing.
    let v = t.b.js(
        r#"const svg = document.querySelector('#nash-tree svg');
        const out = [['svg', getComputedStyle(svg).backgroundColor, 'rgb(0, 0, 0)']];
        for (const e of svg.querySelectorAll('text')) {
          const under = e.previousElementSibling?.matches('circle.player') ? getComputedStyle(e.previousElementSibling).fill : 'rgb(0, 0, 0)';
          out.push([e.textContent, getComputedStyle(e).fill, under]);
        }
        for (const e of svg.querySelectorAll('line, polyline, rect, polygon, circle')) {
          const cs = getComputedStyle(e);
          out.push(['mark ' + e.tagName, cs.stroke !== 'none' && parseFloat(cs.strokeWidth) > 0 ? cs.stroke : cs.fill, 'rgb(0, 0, 0)']);
        }
        return out;"#,
        vec![],
    );
    let rows = v.as_array().unwrap();
    assert_eq!(parse(rows[0][1].as_str().unwrap()), BLACK);
    assert!(rows.len() > 5, "{v}");
    for r in &rows[1..] {
        let (what, ink, under) = (
            r[0].as_str().unwrap(),
            parse(r[1].as_str().unwrap()),
            parse(r[2].as_str().unwrap()),
        );
        let min = if what.starts_with("mark ") { 3.0 } else { 7.0 };
        let c = ratio(over(ink, under), over(under, BLACK));
        assert!(c >= min, "{what:?}: {c:.2}:1 ({r})");
    }
}
