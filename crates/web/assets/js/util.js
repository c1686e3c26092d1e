// Small helpers shared by the views: DOM building, the API client, URL state,
// shell quoting, downloads and exact fractions for drawing.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** An HTML element: h("p", {class: "x", onclick: f}, "text", child). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, same conventions as h. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Calls f at most once per `ms` of quiet. */
export function debounce(f, ms) {
  let t = null;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => f(...args), ms);
  };
}

/** An error answered by the server: kind, message, column (1-based or null), HTTP status. */
export class ApiError extends Error {
  constructor(kind, message, column, status) {
    super(message);
    this.kind = kind;
    this.column = column ?? null;
    this.status = status;
  }
}

const inflight = new Map();

/**
 * GET (or POST with `body`) an API route; resolves to the JSON document or rejects
 * with ApiError. A later call with the same `slot` aborts the earlier one.
 */
export async function api(path, params = {}, { body = null, slot = null } = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    q.set(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  }
  const url = path + (q.toString() ? "?" + q : "");
  let ctrl = null;
  if (slot) {
    inflight.get(slot)?.abort();
    ctrl = new AbortController();
    inflight.set(slot, ctrl);
  }
  let res;
  try {
    res = await fetch(url, {
      method: body === null ? "GET" : "POST",
      headers: body === null ? {} : { "Content-Type": "application/json" },
      body: body === null ? undefined : body,
      signal: ctrl?.signal,
    });
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError("network", "the server did not answer (is `sprague serve` running?)", null, 0);
  }
  let doc = null;
  try {
    doc = await res.json();
  } catch {
    throw new ApiError("internal", `the server answered HTTP ${res.status} without JSON`, null, res.status);
  }
  if (!res.ok || (doc && doc.error && doc.ok !== false)) {
    const e = doc?.error || {};
    throw new ApiError(e.kind || "internal", e.message || `HTTP ${res.status}`, e.column, res.status);
  }
  return doc;
}

/** Aborts the request running in `slot`, if any (its call rejects as aborted). */
export function cancel(slot) {
  inflight.get(slot)?.abort();
  inflight.delete(slot);
}

/** True when the error is an aborted (superseded) request, which is not shown. */
export function aborted(e) {
  return e && e.name === "AbortError";
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shq(word) {
  if (/^[A-Za-z0-9_.,:/=+-]+$/.test(word)) return word;
  return "'" + word.replace(/'/g, "'\\''") + "'";
}

/** The equivalent command line, from its words. */
export function cli(...words) {
  return words
    .flat()
    .filter((w) => w !== null && w !== undefined && w !== false && w !== "")
    .map((w, i) => (i === 0 ? w : shq(String(w))))
    .join(" ");
}

/** The current URL's query parameters. */
export function params() {
  return new URLSearchParams(location.search);
}

/**
 * The page's theme: "contrast" (white and yellow on black, thick outlines, for a dark
 * room) from `theme=contrast` in the URL, or from the system's `prefers-contrast: more`
 * unless the URL says `theme=normal`; else null.
 */
export function theme() {
  const t = params().get("theme");
  if (t === "contrast" || t === "normal") return t === "contrast" ? "contrast" : null;
  return window.matchMedia?.("(prefers-contrast: more)").matches ? "contrast" : null;
}

/** The URL parameter that keeps the theme chosen in the page: `theme=contrast`, `theme=normal` or none. */
export function themeParam() {
  const t = params().get("theme");
  return t === "contrast" || t === "normal" ? t : null;
}

/** A link of the page (`/?view=…`) with the theme chosen kept in it. */
export function withTheme(href) {
  const t = themeParam();
  if (!t || !href.startsWith("/?")) return href;
  const q = new URLSearchParams(href.slice(2));
  q.set("theme", t);
  return "/?" + q.toString();
}

/** Writes the view's state into the URL (the theme chosen kept); `push` adds a history entry. */
export function setParams(obj, push = false) {
  const q = new URLSearchParams();
  const t = themeParam();
  if (t && !("theme" in obj)) obj = { ...obj, theme: t };
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === null || v === "" || v === false) continue;
    q.set(k, v === true ? "1" : String(v));
  }
  const url = location.pathname + "?" + q.toString().replace(/%2C/g, ",").replace(/%28/g, "(").replace(/%29/g, ")");
  if (url === location.pathname + location.search) return;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

/** Offers `text` as a file download named `name`. */
export function download(name, text, type) {
  const blob = new Blob([text], { type });
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => {
    URL.revokeObjectURL(a.href);
    a.remove();
  }, 0);
}

/** Boxes that scroll (what they hold is wider or taller than they are) take the focus. */
const scrollWatch = typeof ResizeObserver === "function" ? new ResizeObserver((seen) => {
  for (const { target: el } of seen) {
    if (!el.isConnected) { scrollWatch.unobserve(el); continue; }
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) el.setAttribute("tabindex", "0");
    else el.removeAttribute("tabindex");
  }
}) : null;

/**
 * Makes `el`, a box that may scroll, reachable with the Tab key while it scrolls (its
 * content can then be scrolled with the arrow keys), named `label` for screen readers.
 */
export function scrollable(el, label) {
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", label);
  scrollWatch?.observe(el);
  return el;
}

/**
 * A table in a box of its own that scrolls sideways when the table is wider than the
 * page (a phone), reachable with the Tab key while it does, named `label`.
 */
export function wideTable(table, label) {
  return scrollable(h("div", { class: "table-wrap" }, table), label);
}

/** A box showing a shell command, with a copy button. */
export function cliBox(command) {
  const code = h("code", { class: "cli-text" }, command);
  const btn = h("button", {
    type: "button",
    class: "small",
    "aria-label": "copy the command",
    onclick: () => navigator.clipboard?.writeText(command).then(() => {
      btn.textContent = "copied";
      btn.setAttribute("aria-label", "copied the command");
    }, () => {}),
  }, "copy");
  return h("div", { class: "cli", role: "group", "aria-label": "equivalent command" },
    h("span", { class: "cli-label" }, "CLI"), scrollable(h("pre", {}, "$ ", code), "the command"), btn);
}

function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** An exact rational with BigInt parts (always reduced, positive denominator). */
export class Q {
  constructor(n, d = 1n) {
    if (d === 0n) throw new Error("zero denominator");
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }
  /** Parses "3", "-3/4", "0.25", or a JSON number. Returns null when it is not a rational. */
  static parse(x) {
    if (typeof x === "number") x = String(x);
    if (typeof x !== "string") return null;
    const t = x.trim();
    let m = /^([+-]?\d+)\s*\/\s*(\d+)$/.exec(t);
    if (m) return BigInt(m[2]) === 0n ? null : new Q(BigInt(m[1]), BigInt(m[2]));
    m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(t);
    if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
    const digits = (m[2] || "0") + (m[3] || "");
    let n = BigInt(digits) * (m[1] === "-" ? -1n : 1n);
    let d = 10n ** BigInt((m[3] || "").length);
    const e = Number(m[4] || 0);
    if (Math.abs(e) > 400) return null;
    if (e > 0) n *= 10n ** BigInt(e);
    else if (e < 0) d *= 10n ** BigInt(-e);
    return new Q(n, d);
  }
  add(o) { return new Q(this.n * o.d + o.n * this.d, this.d * o.d); }
  sub(o) { return new Q(this.n * o.d - o.n * this.d, this.d * o.d); }
  mul(o) { return new Q(this.n * o.n, this.d * o.d); }
  div(o) { return new Q(this.n * o.d, this.d * o.n); }
  neg() { return new Q(-this.n, this.d); }
  sign() { return this.n > 0n ? 1 : this.n < 0n ? -1 : 0; }
  cmp(o) { return this.sub(o).sign(); }
  isZero() { return this.n === 0n; }
  /** A float for placing things on screen only. */
  num() { return Number(this.n) / Number(this.d); }
  toString() { return this.d === 1n ? String(this.n) : `${this.n}/${this.d}`; }
}

/** The outcome letter in words, for the player to move (impartial) or for Left/Right. */
export const OUTCOME_WORDS = {
  N: "N: the player to move wins",
  P: "P: the player to move loses",
  D: "D: a draw with perfect play",
  L: "L: Left wins whoever starts",
  R: "R: Right wins whoever starts",
};

/** Renders an error box for an ApiError. */
export function errorBox(e) {
  const kinds = { input: "Bad input", limit: "Limit reached", busy: "Server busy", timeout: "Timed out", internal: "Internal error", network: "No connection" };
  return h("div", { class: "error-box", role: "alert" },
    h("strong", {}, (kinds[e.kind] || "Error") + ": "), e.message);
}

/** An example expression of the page (its starting positions and hints), from the served HTML. */
export function example(name) {
  try {
    return JSON.parse(document.getElementById("examples").textContent)[name] ?? "";
  } catch {
    return "";
  }
}
