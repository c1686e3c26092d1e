// The page's entry point: picks the view from the URL (?view=… or the path) and
// renders it into <main>. Every view keeps its state in the URL.
import { api, params, theme, withTheme, h } from "./util.js";
import { solveView } from "./solve.js";
import { playView } from "./play.js";
import { tablesView } from "./tables.js";
import { valueView } from "./value.js";
import { nashView } from "./nash.js";
import { raceView } from "./race.js";
import { galleryView } from "./gallery.js";

const VIEWS = { solve: solveView, play: playView, table: tablesView, grid: tablesView, quotient: tablesView, value: valueView, nash: nashView, race: raceView, gallery: galleryView };
const TAB_OF = { grid: "table", quotient: "table" };

/** The view named by ?view=, else by the first path segment, else solve. */
function currentView() {
  const v = params().get("view") || location.pathname.replace(/^\/+|\/+$/g, "").split("/")[0];
  return VIEWS[v] ? v : "solve";
}

let current = null;

/**
 * Applies the theme (high contrast or not) to the page, its toggle and its tabs'
 * links (which keep `theme=` as the views' URLs do).
 */
function applyTheme() {
  const on = theme() === "contrast";
  document.documentElement.dataset.theme = on ? "contrast" : "normal";
  const btn = document.getElementById("theme-toggle");
  if (btn) btn.setAttribute("aria-pressed", on ? "true" : "false");
  for (const a of document.querySelectorAll("header.top a[data-view]")) a.setAttribute("href", withTheme(`/?view=${a.dataset.view}`));
}

/** The toggle of the high-contrast theme, in the page's header. */
function themeToggle() {
  const btn = h("button", { type: "button", id: "theme-toggle", class: "theme-toggle", "aria-pressed": "false" }, "High contrast");
  btn.addEventListener("click", () => {
    const q = params();
    q.set("theme", theme() === "contrast" ? "normal" : "contrast");
    // The system's preference is the default: the URL says only a choice against it.
    const prefers = window.matchMedia?.("(prefers-contrast: more)").matches;
    if ((q.get("theme") === "contrast") === !!prefers) q.delete("theme");
    history.replaceState(null, "", location.pathname + "?" + q.toString());
    applyTheme();
  });
  document.querySelector("header.top")?.append(btn);
}

function render() {
  const name = currentView();
  const main = document.getElementById("main");
  for (const a of document.querySelectorAll(".tabs a")) {
    const on = a.dataset.view === (TAB_OF[name] || name);
    a.classList.toggle("active", on);
    if (on) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  current?.destroy?.();
  main.replaceChildren();
  current = VIEWS[name](main, name) || null;
  document.body.dataset.view = name;
  applyTheme();
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest?.("a[data-view]");
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  history.pushState(null, "", withTheme(a.getAttribute("href")));
  render();
  document.getElementById("main").focus({ preventScroll: true });
});

window.addEventListener("popstate", () => {
  if (current?.popstate?.()) return;
  render();
});

themeToggle();
applyTheme();
window.matchMedia?.("(prefers-contrast: more)").addEventListener?.("change", applyTheme);
render();
api("/api/health").then(
  (r) => (document.getElementById("version").textContent = `sprague ${r.version}`),
  () => (document.getElementById("version").textContent = "(the server does not answer)"),
);
