// SVG pictures of positions for the Play and Values views, drawn by the kind of picture the
// server sends (heaps, pins, board, ring, stairs, cells, coins, stalk, graph, walk, numbers, text); a move is
// found by its target, what it changes in the picture. Moves are coloured by
// what they lead to: green when the position after it is P (a winning move),
// red when it is N (a losing move), yellow for a draw.
import { h, s } from "./util.js";

/** CSS class of a move from its result (outcome of the position after it). */
export function resultClass(result) {
  return result === "P" ? "r-P" : result === "N" ? "r-N" : result === "D" ? "r-D" : "r-u";
}

/** Words for a move's result, from the mover's side. */
export function resultWords(result) {
  return result === "P" ? "winning" : result === "N" ? "losing" : result === "D" ? "draw" : "not known";
}

/** The component a move is of (impartial moves name a component, partizan ones a part). */
function compOf(m) {
  return m.component ?? m.part;
}

/** The moves of component `c` whose target is of kind `kind`. */
function targeted(moves, c, kind) {
  return moves.filter((m) => compOf(m) === c && m.target && m.target.kind === kind);
}

/**
 * The cells a move changes ([row, col] pairs), from its target: a board's cells, or
 * the entries of a row (the coins a move turns) as cells of row 0; null for other moves.
 */
export function targetCells(m) {
  if (m.target && m.target.kind === "entries") return m.target.entries.map((i) => [0, i]);
  return m.target && m.target.kind === "cells" ? m.target.cells : null;
}

/** A move's words, with where it leads only when the analysis is shown (`ctx.showValues`). */
function moveLabel(m, ctx) {
  return ctx && ctx.showValues ? `${m.text} (${resultWords(m.result)})` : m.text;
}

/**
 * Arrow keys on a board move the focus between its moves (the elements that take the
 * focus, in order; up and down by row on a board of cells); Enter or Space plays.
 */
export function boardKeys(ev) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
  const board = ev.currentTarget;
  if (!step || !board.contains(ev.target)) return;
  const all = [...board.querySelectorAll("[tabindex='0']")];
  const at = all.indexOf(ev.target);
  if (at < 0) return;
  ev.preventDefault();
  const { row, col } = ev.target.dataset || {};
  if ((ev.key === "ArrowUp" || ev.key === "ArrowDown") && row !== undefined && col !== undefined) {
    const up = Number(row) + step;
    const same = all.find((e) => e.dataset.col === col && Number(e.dataset.row) === up && e.closest("svg") === ev.target.closest("svg"));
    if (same) { same.focus(); return; }
  }
  all[(at + step + all.length) % all.length].focus();
}

function activate(el, f) {
  el.addEventListener("click", f);
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      f();
    }
  });
}

const MAX_STONES = 48;

/** Heap `j` of a heaps picture: clicking the k-th stone from the right takes k stones. */
export function heapPicture(d, j, moves, ctx) {
  const n = Number(d.sizes[j]);
  if (!Number.isSafeInteger(n) || n > MAX_STONES) {
    return h("p", { class: "big-heap" }, `A heap of ${d.sizes[j]} stones (too many to draw: use the list of moves).`);
  }
  const takes = targeted(moves, d.component, "take").filter((m) => m.target.heap === j);
  const r = 14;
  const gap = 5;
  const w = Math.max(1, n) * (2 * r + gap) + gap;
  const svg = s("svg", { class: "heap", viewBox: `0 0 ${w} ${2 * r + 10}`, width: w, height: 2 * r + 10, role: "group", "aria-label": `heap of ${n}` });
  const stones = [];
  const clear = () => stones.forEach((c) => c.classList.remove("take", "r-P", "r-N", "r-D", "r-u"));
  for (let i = 0; i < n; i++) {
    const k = n - i;
    const move = takes.find((m) => Number(m.target.count) === k);
    const c = s("circle", { cx: gap + r + i * (2 * r + gap), cy: r + 5, r, class: "stone" + (move ? " can" : "") });
    stones.push(c);
    if (move) {
      c.setAttribute("tabindex", "0");
      c.setAttribute("role", "button");
      c.setAttribute("aria-label", `take ${k}: ${moveLabel(move, ctx)}`);
      c.dataset.take = k;
      c.dataset.component = d.component;
      if (d.heaps && d.heaps[j] !== undefined) c.dataset.heap = d.heaps[j];
      c.append(s("title", {}, moveLabel(move, ctx)));
      const show = () => {
        clear();
        for (let j = i; j < n; j++) stones[j].classList.add("take", ctx.showValues ? resultClass(move.result) : "r-u");
      };
      c.addEventListener("mouseenter", show);
      c.addEventListener("focus", show);
      c.addEventListener("mouseleave", clear);
      c.addEventListener("blur", clear);
      activate(c, () => ctx.onMove(move));
    }
    svg.append(c);
  }
  return svg;
}

const MAX_PINS = 60;

/**
 * The runs of pins (first pin, how many) of a row of `n` that the knocks among `moves`
 * knock down, each with its move: a knock counted from either end of the row leaves
 * the same rows.
 */
function knockRuns(moves, c, row, n) {
  const runs = [];
  for (const m of targeted(moves, c, "knock")) {
    if (m.target.row !== row) continue;
    const k = Number(m.target.count);
    const from = Number(m.target.from);
    for (const a of new Set([from, n - from - k])) if (a >= 0 && a + k <= n) runs.push({ a, k, m });
  }
  return runs;
}

/**
 * Rows of pins (`kind: "pins"`), row `row` of the picture: clicking a pin selects it;
 * clicking it again knocks it down alone, clicking a pin next to the selection knocks
 * the run down; a click that only one run fits plays it at once. With the analysis
 * shown, a pin that some winning run knocks down is green, one that every run through
 * it loses red.
 */
export function pinsPicture(d, row, moves, ctx) {
  const n = Number(d.rows[row]);
  if (!Number.isSafeInteger(n) || n > MAX_PINS) {
    return h("p", { class: "big-heap" }, `A row of ${d.rows[row]} pins (too many to draw: use the list of moves).`);
  }
  const runs = knockRuns(moves, d.component, row, n);
  const w = 26;
  const H = 66;
  const W = Math.max(1, n) * w + 8;
  const svg = s("svg", { class: "pins", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "group", "aria-label": `a row of ${n} pins` });
  svg.append(s("line", { x1: 2, y1: H - 4, x2: W - 2, y2: H - 4, class: "lane" }));
  const pins = [];
  let sel = null;
  const covering = (lo, hi) => runs.filter((r) => r.a <= lo && hi < r.a + r.k);
  const mark = () => pins.forEach((g, i) => g.classList.toggle("picked", !!sel && sel[0] <= i && i <= sel[1]));
  const choose = (lo, hi) => {
    const fits = covering(lo, hi);
    if (!fits.length) return false;
    const exact = fits.filter((r) => r.a === lo && r.k === hi - lo + 1);
    if (fits.length === 1 || (exact.length && fits.length === exact.length)) {
      sel = null;
      mark();
      ctx.onMove(fits[0].m);
    } else {
      sel = [lo, hi];
      mark();
    }
    return true;
  };
  const click = (p) => {
    if (sel && sel[0] <= p && p <= sel[1]) {
      const exact = runs.find((r) => r.a === sel[0] && r.k === sel[1] - sel[0] + 1);
      sel = null;
      mark();
      if (exact) ctx.onMove(exact.m);
      return;
    }
    if (sel && choose(Math.min(sel[0], p), Math.max(sel[1], p))) return;
    sel = null;
    if (!choose(p, p)) mark();
  };
  for (let i = 0; i < n; i++) {
    const through = covering(i, i);
    const cx = 4 + i * w + w / 2;
    const cls = ["pin"];
    if (through.length) {
      cls.push("can");
      if (ctx.showValues) cls.push(through.some((r) => r.m.result === "P") ? "r-P" : targetClass(through.map((r) => r.m), ctx));
    }
    const g = s("g", { class: cls.join(" "), "data-pin": i, "data-component": d.component });
    if (d.heaps && d.heaps[row] !== undefined) g.dataset.heap = d.heaps[row];
    // The pin's whole lane answers a click or a tap, not only the pin's narrow shape.
    if (through.length) g.append(s("rect", { x: cx - w / 2, y: 0, width: w, height: H, class: "hit" }));
    g.append(s("ellipse", { cx, cy: H - 22, rx: 8, ry: 17, class: "pin-body" }));
    g.append(s("circle", { cx, cy: 13, r: 7, class: "pin-head" }));
    g.append(s("title", {}, `pin ${i + 1} of ${n}`));
    if (through.length) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `pin ${i + 1} of ${n}`);
      activate(g, () => click(i));
    }
    pins.push(g);
    svg.append(g);
  }
  return svg;
}

/**
 * A board of (X+1)×(Y+1) cells, its corner (0, 0) bottom-right, with the piece at
 * (x, y) and its targets: the board is drawn as large as `X` and `Y` say (the first
 * position's, so that it does not shrink as the piece moves).
 */
function gridPicture({ x, y, X, Y, label, targets, pmarks, piece }) {
  const cell = Math.max(22, Math.min(56, Math.floor(480 / Math.max(X + 1, Y + 1))));
  const W = (X + 1) * cell + 24;
  const H = (Y + 1) * cell + 24;
  const px = (i) => 4 + (X - i) * cell;
  const py = (j) => 4 + (Y - j) * cell;
  const svg = s("svg", { class: "board", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "group", "aria-label": label });
  for (let i = 0; i <= X; i++) {
    for (let j = 0; j <= Y; j++) {
      svg.append(s("rect", { x: px(i), y: py(j), width: cell, height: cell, class: "cell" + ((i + j) % 2 ? " dark" : "") + (i > x || j > y ? " past" : "") }));
    }
  }
  for (const [i, j] of pmarks || []) {
    if (i <= X && j <= Y) svg.append(s("rect", { x: px(i) + 3, y: py(j) + 3, width: cell - 6, height: cell - 6, class: "pmark" }, s("title", {}, `(${i}, ${j}) is a P-position`)));
  }
  for (const t of targets) {
    const r = s("rect", { x: px(t.i) + 1, y: py(t.j) + 1, width: cell - 2, height: cell - 2, class: "target " + t.cls, tabindex: 0, role: "button", "aria-label": t.label, "data-to": `${t.i},${t.j}` }, s("title", {}, t.label));
    activate(r, t.go);
    svg.append(r);
  }
  svg.append(s("text", { x: px(x) + cell / 2, y: py(y) + cell * 0.72, class: "piece", "text-anchor": "middle", style: `font-size: ${Math.round(cell * 0.7)}px` }, piece));
  for (let i = 0; i <= X; i++) svg.append(s("text", { x: px(i) + cell / 2, y: H - 6, class: "axis", "text-anchor": "middle" }, i % 5 === 0 || i === X ? i : ""));
  for (let j = 0; j <= Y; j++) svg.append(s("text", { x: W - 2, y: py(j) + cell / 2 + 4, class: "axis", "text-anchor": "end" }, j % 5 === 0 || j === Y ? j : ""));
  return svg;
}

const MAX_BOARD = 40;

/**
 * A piece on a board, moving toward its corner (every piece's corner drawn
 * bottom-right): clicking a highlighted cell moves it there. `ctx.boards` may give the
 * board's size by component (the game's first position), else it ends at the piece.
 */
function boardPicture(d, moves, ctx) {
  const x = Number(d.x);
  const y = Number(d.y);
  const queen = d.piece === "queen";
  if (!(x <= MAX_BOARD && y <= MAX_BOARD)) return h("p", {}, `A ${d.piece} at (${d.x}, ${d.y}) (too far to draw: use the list of moves).`);
  const size = ctx.boards?.[d.component];
  const X = size && size.x <= MAX_BOARD ? Math.max(x, size.x) : x;
  const Y = size && size.y <= MAX_BOARD ? Math.max(y, size.y) : y;
  const targets = targeted(moves, d.component, "cell").map((m) => (
    { i: Number(m.target.x), j: Number(m.target.y), cls: ctx.showValues ? resultClass(m.result) : "r-u", label: moveLabel(m, ctx), go: () => ctx.onMove(m) }));
  return gridPicture({
    x, y, X, Y, piece: queen ? "♛" : "♚",
    pmarks: ctx.showP ? d.marks : null,
    label: `${d.title}: a ${d.piece} ${x} columns and ${y} rows from the corner; ${d.how}`,
    targets,
  });
}

function ringPicture(d) {
  const w = d.weights.map(String);
  const n = w.length;
  const R = 70;
  const cx = 100;
  const cy = 95;
  const pt = (i) => [cx + R * Math.sin((2 * Math.PI * i) / n), cy - R * Math.cos((2 * Math.PI * i) / n)];
  const svg = s("svg", { class: "ring", viewBox: "0 0 200 190", width: 200, height: 190, role: "img", "aria-label": `${d.title}: a ring of ${n} edges with weights ${w.join(", ")}; the coin is on the top vertex` });
  for (let i = 0; i < n; i++) {
    const [x1, y1] = pt(i);
    const [x2, y2] = pt((i + 1) % n);
    svg.append(s("line", { x1, y1, x2, y2, class: "edge" + (w[i] === "0" ? " zero" : "") }));
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const ox = (mx - cx) * 0.22;
    const oy = (my - cy) * 0.22;
    svg.append(s("text", { x: mx + ox, y: my + oy + 4, class: "weight", "text-anchor": "middle" }, w[i]));
  }
  for (let i = 0; i < n; i++) {
    const [x, y] = pt(i);
    svg.append(s("circle", { cx: x, cy: y, r: 4, class: "vertex" }));
  }
  const [x0, y0] = pt(0);
  svg.append(s("circle", { cx: x0, cy: y0, r: 9, class: "coin" }, s("title", {}, "the coin")));
  return svg;
}

/**
 * A staircase (`kind: "stairs"`): steps rising to the right, each with its stones.
 * Stones only go down, so a move takes them from the highest step it changes. Clicking
 * a step plays its move when it has one; otherwise its moves are offered as buttons
 * under the picture (each with its words), one of which is played.
 */
function stairPicture(d, moves, ctx) {
  const steps = d.steps.map(Number);
  const n = steps.length;
  const sw = 72;
  const sh = 22;
  const maxDraw = 10;
  const r = 9;
  const tallest = Math.min(maxDraw, Math.max(0, ...steps));
  const H = n * sh + tallest * (2 * r + 2) + 34;
  const W = (n + 1) * sw + 10;
  const svg = s("svg", { class: "stair", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "group", "aria-label": `staircase with ${steps.join(", ")} stones on steps 1 to ${n}` });
  const ground = H - 16;
  const from = (m) => Math.max(...m.target.entries);
  const all = targeted(moves, d.component, "entries").filter((m) => m.target.entries.length);
  const choices = h("div", { class: "stair-choices", role: "group", "aria-label": "moves from the step chosen", hidden: true });
  svg.append(s("line", { x1: 0, y1: ground, x2: W, y2: ground, class: "ground" }));
  svg.append(s("text", { x: 4 + sw / 2, y: H - 2, class: "axis", "text-anchor": "middle" }, "ground"));
  const groups = [];
  for (let i = 1; i <= n; i++) {
    const x = 4 + i * sw;
    const top = ground - i * sh;
    const mine = all.filter((m) => from(m) === i - 1);
    const cls = ["step-g"];
    if (mine.length) cls.push("can", targetClass(mine, ctx));
    const g = s("g", { class: cls.join(" "), "data-step": i, "data-component": d.component });
    g.append(s("rect", { x, y: top, width: sw - 2, height: ground - top, class: "step" + (i % 2 ? " odd" : "") }));
    const k = steps[i - 1];
    if (k <= maxDraw) {
      for (let j = 0; j < k; j++) g.append(s("circle", { cx: x + sw / 2 - 1, cy: top - r - 1 - j * (2 * r + 2), r, class: "stone" }));
    } else {
      g.append(s("circle", { cx: x + sw / 2 - 1, cy: top - r - 1, r, class: "stone" }));
      g.append(s("text", { x: x + sw / 2 - 1, y: top - 2 * r - 6, class: "count", "text-anchor": "middle" }, `×${k}`));
    }
    g.append(s("title", {}, `step ${i}: ${k} stone${k === 1 ? "" : "s"}`));
    svg.append(g);
    svg.append(s("text", { x: x + sw / 2, y: H - 2, class: "axis", "text-anchor": "middle" }, `step ${i}`));
    groups.push(g);
    if (!mine.length) continue;
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", `step ${i}, ${k} stone${k === 1 ? "" : "s"}: ${mine.length === 1 ? moveLabel(mine[0], ctx) : `${mine.length} moves`}`);
    activate(g, () => {
      if (mine.length === 1) { ctx.onMove(mine[0]); return; }
      groups.forEach((o) => o.classList.toggle("picked", o === g));
      choices.replaceChildren(...mine.map((m) => h("button", {
        type: "button", class: `move ${ctx.showValues ? resultClass(m.result) : "r-u"}`, "data-to": m.to, onclick: () => ctx.onMove(m),
      }, moveLabel(m, ctx))));
      choices.hidden = false;
    });
  }
  return all.length ? h("div", { class: "stair-wrap" }, svg, choices) : svg;
}

/** The moves of component `c` that change every cell of `sel` (cells as [row, col]). */
function consistent(moves, c, sel) {
  return targeted(moves, c, "cells").filter((m) =>
    sel.every(([r, q]) => m.target.cells.some(([a, b]) => a === r && b === q)));
}

/**
 * A board of cells (`kind: "cells"`): cells with their pieces, drawn from the rows of
 * cell characters and their legend; `#` squares shaded. Clicking cells selects them;
 * when one move changes every selected cell it is played. Cells a move may still use
 * are outlined, coloured when every such move wins (green) or loses (red).
 */
function partizanGrid(d, moves, ctx) {
  const rows = d.rows || [];
  const R = rows.length;
  const C = R ? [...rows[0]].length : 0;
  // Cells as large as a board of eight fits in 480 px, and no smaller than 34 px.
  const S = Math.max(34, Math.min(72, Math.floor(480 / Math.max(1, R, C))));
  const svg = s("svg", { class: "pgrid", viewBox: `0 0 ${C * S + 24} ${R * S + 20}`, width: Math.min(640, C * S + 24), role: "img", "aria-label": `${d.title}: board` });
  const sel = (ctx.selection && ctx.selection.component === d.component) ? ctx.selection.cells : [];
  const cands = consistent(moves, d.component, sel);
  const cellOf = (r, c) => cands.filter((m) => m.target.cells.some(([a, b]) => a === r && b === c));
  for (let c = 0; c < C; c++) {
    svg.append(s("text", { x: 20 + c * S + S / 2, y: 12, class: "axis", "text-anchor": "middle" }, String.fromCharCode(97 + (c % 26))));
  }
  rows.forEach((row, r) => {
    svg.append(s("text", { x: 2, y: 16 + r * S + S / 2 + 4, class: "axis" }, String(r + 1)));
    [...row].forEach((ch, c) => {
      const x = 20 + c * S;
      const y = 16 + r * S;
      const picked = sel.some(([a, b]) => a === r && b === c);
      const through = cellOf(r, c);
      const results = new Set(through.map((m) => m.result));
      const cls = ["pcell", `pc-${ch === "." ? "empty" : ch === "#" ? "filled" : ch}`];
      if (through.length) cls.push("target", results.size === 1 && ctx.showValues ? resultClass([...results][0]) : "r-u");
      if (picked) cls.push("picked");
      const g = s("g", { class: "pcell-g", "data-row": r, "data-col": c, "data-cell": `${String.fromCharCode(97 + (c % 26))}${r + 1}` });
      g.append(s("rect", { x, y, width: S - 2, height: S - 2, rx: 3, class: cls.join(" ") }));
      if (ch !== "." && ch !== "#") {
        // The piece's class also says its legend's first word (`is-heads`, `is-tails`): pieces of one letter differ between boards.
        const word = String((d.legend || {})[ch] || "").toLowerCase().match(/^[a-z]+/)?.[0];
        g.append(s("circle", { cx: x + S / 2 - 1, cy: y + S / 2 - 1, r: S / 2 - 7, class: `piece piece-${ch}${word ? ` is-${word}` : ""}` }));
        g.append(s("text", { x: x + S / 2 - 1, y: y + S / 2 + 4, class: "piece-label", "text-anchor": "middle", style: `font-size: ${Math.round(S / 3)}px` }, ch));
      }
      g.append(s("title", {}, `${String.fromCharCode(97 + (c % 26))}${r + 1}: ${(d.legend || {})[ch] || ch}`));
      if (moves.length) {
        g.setAttribute("tabindex", "0");
        activate(g, () => ctx.onCell && ctx.onCell(d.component, r, c));
      }
      svg.append(g);
    });
  });
  return svg;
}

const MAX_COINS = 240;
const COINS_A_LINE = 16;

/**
 * A row of coins (`kind: "coins"`, `coins` a string of `H` heads and `T` tails):
 * coins numbered from 1 at the left, COINS_A_LINE a line. Clicking coins selects
 * them (as the cells of a board, `ctx.onCell` with row 0); when one move turns every
 * selected coin it is played, and a selected coin clicked again plays the move that
 * turns exactly the coins selected. Coins a move may still turn are ringed, coloured
 * when every such move wins (green) or loses (red).
 */
function coinsPicture(d, moves, ctx) {
  const faces = [...(d.coins || "")];
  const n = faces.length;
  if (n > MAX_COINS) {
    return h("p", { class: "big-heap" }, `A row of ${n} coins (too many to draw: use the list of moves).`);
  }
  const R = 24;
  const P = 2 * R + 14;
  const LH = 2 * R + 34;
  const per = Math.min(COINS_A_LINE, Math.max(1, n));
  const W = per * P + 8;
  const H = Math.max(1, Math.ceil(n / per)) * LH + 4;
  const heads = faces.filter((f) => f === "H").length;
  const svg = s("svg", { class: "coins", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "group", "aria-label": `${d.title}: a row of ${n} coins, ${heads} heads` });
  const sel = (ctx.selection && ctx.selection.component === d.component) ? ctx.selection.cells.map(([, i]) => i) : [];
  const cands = targeted(moves, d.component, "entries").filter((m) => sel.every((i) => m.target.entries.includes(i)));
  faces.forEach((f, i) => {
    const cx = 4 + (i % per) * P + P / 2;
    const cy = 6 + Math.floor(i / per) * LH + R;
    const through = cands.filter((m) => m.target.entries.includes(i));
    const picked = sel.includes(i);
    const face = f === "H" ? "heads" : "tails";
    const cls = ["coin-g", face];
    if (through.length) cls.push("can", targetClass(through, ctx));
    if (picked) cls.push("picked");
    const g = s("g", { class: cls.join(" "), "data-coin": i + 1, "data-component": d.component });
    g.append(s("circle", { cx, cy, r: R + 5, class: "coin-ring" }));
    g.append(s("circle", { cx, cy, r: R, class: "coin-face" }));

    const what = `coin ${i + 1}: ${face}${picked ? ", chosen" : ""}`;
    g.append(s("title", {}, what));
    if (moves.length) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", what);
      activate(g, () => ctx.onCell && ctx.onCell(d.component, 0, i));
    }
    // The letter and the number are drawn over the coin but outside its button,
    // whose name says them (clicks go through the letter to the coin).
    svg.append(g,
      s("text", { x: cx, y: cy + 7, class: `coin-letter ${face}`, "text-anchor": "middle", "aria-hidden": "true" }, f === "H" ? "H" : "T"),
      s("text", { x: cx, y: cy + R + 22, class: "coin-number", "text-anchor": "middle", "aria-hidden": "true" }, String(i + 1)));
  });
  return svg;
}

/** A stalk (`kind: "stalk"`): edges from the ground up, B blue (Left's), R red (Right's), G green (either's). */
function stalkPicture(d, moves, ctx) {
  const edges = [...(d.colours || "")];
  const cuts = targeted(moves, d.component, "cut");
  // Edges as long as a stalk of six fits in 300 px, and no shorter than 26 px.
  const E = Math.max(26, Math.min(56, Math.floor(300 / Math.max(1, edges.length))));
  const H = edges.length * E + 30;
  const svg = s("svg", { class: "stalk", viewBox: `0 0 80 ${H}`, width: Math.round(80 * (E / 26)), role: "img", "aria-label": `${d.title}: a stalk ${d.colours}` });
  svg.append(s("line", { x1: 5, y1: H - 10, x2: 75, y2: H - 10, class: "ground" }));
  edges.forEach((c, i) => {
    const y1 = H - 10 - i * E;
    const y2 = y1 - E;
    const severs = cuts.filter((m) => m.target.edge === i);
    const cls = ["edge", `edge-${c}`];
    if (severs.length && ctx.showValues) cls.push(resultClass(severs[0].result));
    const line = s("line", { x1: 40, y1, x2: 40, y2, class: cls.join(" "), "data-edge": i + 1 }, s("title", {}, `edge ${i + 1} (${c})`));
    if (severs.length) {
      line.setAttribute("tabindex", "0");
      activate(line, () => ctx.onMove(severs[0]));
      // A wide invisible twin under the edge takes a finger's tap for it.
      const hit = s("line", { x1: 40, y1, x2: 40, y2, class: "edge-hit" });
      hit.addEventListener("click", () => ctx.onMove(severs[0]));
      svg.append(hit);
    }
    svg.append(line);
    svg.append(s("circle", { cx: 40, cy: y2, r: 3, class: "node" }));
  });
  return svg;
}

/** The path of an edge from (x1, y1) to (x2, y2), bent sideways by `bend` (parallel edges); a loop when both ends are one point. */
function edgePath(x1, y1, x2, y2, bend, up) {
  if (x1 === x2 && y1 === y2) {
    const r = 9 + 5 * Math.abs(bend);
    const dy = up ? -2 * r : 2 * r;
    return `M ${x1} ${y1} C ${x1 - r} ${y1 + dy}, ${x1 + r} ${y1 + dy}, ${x1} ${y1}`;
  }
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  // Edges along one row bend a little even alone, to pass beside the vertices between their ends.
  const b = bend * 16 + (y1 === y2 && Math.abs(x2 - x1) > 40 ? 14 : 0);
  const cx = mx - ((y2 - y1) / len) * b;
  const cy = my + ((x2 - x1) / len) * b;
  return `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`;
}

/** The outline class of a target: the colour of its moves' result when they all agree. */
function targetClass(ms, ctx) {
  const results = new Set(ms.map((m) => m.result));
  return results.size === 1 && ctx.showValues ? resultClass([...results][0]) : "r-u";
}

/**
 * A graph of vertices to colour (`kind: "graph"`, not on the ground): its vertices
 * where the library laid them out (rows by distance, `x` in half columns), coloured L
 * or R or not yet. Clicking an uncoloured vertex colours it: a move whose target
 * names that vertex.
 */
function graphPicture(d, moves, ctx) {
  const S = 44;
  const pad = 22;
  const vs = d.vertices || [];
  const W = Math.max(1, ...vs.map((v) => v.x)) * (S / 2) + 2 * pad;
  const H = Math.max(0, ...vs.map((v) => v.y)) * S + 2 * pad;
  const svg = s("svg", { class: "pgraph", viewBox: `0 0 ${W} ${H}`, width: Math.min(560, W), role: "img", "aria-label": `${d.title}: graph` });
  const px = (v) => pad + v.x * (S / 2);
  const py = (v) => pad + v.y * S;
  for (const { a, b } of d.edges || []) {
    svg.append(s("path", { d: edgePath(px(vs[a]), py(vs[a]), px(vs[b]), py(vs[b]), 0, true), class: "gedge" }));
  }
  const colours = targeted(moves, d.component, "colour");
  vs.forEach((v, i) => {
    const mine = colours.filter((m) => m.target.vertices.includes(i));
    const cls = ["vertex", v.colour ? `vc-${v.colour}` : "vc-none"];
    if (mine.length) cls.push("target", targetClass(mine, ctx));
    const g = s("g", { class: "vertex-g", "data-vertex": i });
    g.append(s("circle", { cx: px(v), cy: py(v), r: 13, class: cls.join(" ") }));
    g.append(s("text", { x: px(v), y: py(v) + 4, class: "vertex-label", "text-anchor": "middle" }, v.colour || String(i)));
    const words = { L: "Left's colour", R: "Right's colour" };
    g.append(s("title", {}, `vertex ${i}: ${v.colour ? words[v.colour] || v.colour : "uncoloured"}${mine.length ? ` — ${moveLabel(mine[0], ctx)}` : ""}`));
    if (mine.length) {
      g.setAttribute("tabindex", "0");
      activate(g, () => ctx.onMove(mine[0]));
    }
    svg.append(g);
  });
  return svg;
}

/**
 * A graph on the ground (`kind: "graph"`, `grounded`): edges standing on the ground
 * line, drawn upwards where the library laid them out. Clicking an edge cuts it: the
 * move whose target is that edge.
 */
function groundedPicture(d, moves, ctx) {
  const vs = d.vertices || [];
  // Rows as tall as a graph of six rows (or twelve half columns) fits in 300 px, and no less than 46 px.
  const S = Math.max(46, Math.min(90, Math.floor(300 / Math.max(1, ...vs.map((v) => v.y), ...vs.map((v) => v.x / 2)))));
  const pad = 20;
  const W = Math.max(1, ...vs.map((v) => v.x)) * (S / 2) + 2 * pad;
  const H = Math.max(1, ...vs.map((v) => v.y)) * S + 2 * pad + 10;
  const svg = s("svg", { class: "stalk hgraph", viewBox: `0 0 ${W} ${H}`, width: Math.min(640, W), role: "img", "aria-label": `${d.title}: edges on the ground` });
  const px = (v) => pad + v.x * (S / 2);
  const py = (v) => H - pad - v.y * S;
  svg.append(s("line", { x1: 4, y1: H - pad, x2: W - 4, y2: H - pad, class: "ground" }));
  (d.edges || []).forEach((e, k) => {
    const a = vs[e.a];
    const b = vs[e.b];
    const mine = targeted(moves, d.component, "cut").filter((m) => m.target.edge === k);
    const cls = ["edge", `edge-${e.colour}`];
    if (mine.length && ctx.showValues) cls.push(targetClass(mine, ctx));
    const path = s("path", { d: edgePath(px(a), py(a), px(b), py(b), e.bend, true), class: cls.join(" "), "data-edge": k },
      s("title", {}, `edge ${k + 1} (${e.colour})${mine.length ? ` — ${moveLabel(mine[0], ctx)}` : ""}`));
    if (mine.length) {
      path.setAttribute("tabindex", "0");
      activate(path, () => ctx.onMove(mine[0]));
      // A wide invisible twin under the edge takes a finger's tap for it.
      const hit = s("path", { d: path.getAttribute("d"), class: "edge-hit" });
      hit.addEventListener("click", () => ctx.onMove(mine[0]));
      svg.append(hit);
    }
    svg.append(path);
  });
  for (const v of vs) if (!v.ground) svg.append(s("circle", { cx: px(v), cy: py(v), r: 3.5, class: "node" }));
  return svg;
}

/**
 * A token walking on a graph (`kind: "walk"`): the graph where the library laid it
 * out, the visited vertices shaded, the token on its vertex (or not yet placed).
 * Clicking a vertex puts the token there: the move whose target names that vertex.
 */
function walkPicture(d, moves, ctx) {
  const S = 44;
  const pad = 22;
  const vs = d.vertices || [];
  const W = Math.max(1, ...vs.map((v) => v.x)) * (S / 2) + 2 * pad;
  const H = Math.max(0, ...vs.map((v) => v.y)) * S + 2 * pad;
  const where = d.token == null ? "the token is not placed yet" : `the token is on vertex ${vs[d.token]?.name}`;
  const svg = s("svg", { class: "pgraph walk", viewBox: `0 0 ${W} ${H}`, width: Math.min(560, W), role: "img", "aria-label": `${d.title}: graph; ${where}` });
  const px = (v) => pad + v.x * (S / 2);
  const py = (v) => pad + v.y * S;
  for (const { a, b } of d.edges || []) {
    svg.append(s("path", { d: edgePath(px(vs[a]), py(vs[a]), px(vs[b]), py(vs[b]), 0, true), class: "gedge" }));
  }
  const visited = new Set(d.visited || []);
  const puts = targeted(moves, d.component, "token");
  vs.forEach((v, i) => {
    const mine = puts.filter((m) => m.target.vertex === i);
    const cls = ["vertex", visited.has(i) ? "visited" : "vc-none"];
    if (mine.length) cls.push("target", targetClass(mine, ctx));
    const g = s("g", { class: "vertex-g", "data-vertex": i });
    g.append(s("circle", { cx: px(v), cy: py(v), r: 13, class: cls.join(" ") }));
    if (d.token === i) g.append(s("circle", { cx: px(v), cy: py(v), r: 8, class: "coin" }));
    g.append(s("text", { x: px(v), y: py(v) + 4, class: "vertex-label", "text-anchor": "middle" }, String(v.name)));
    g.append(s("title", {}, `vertex ${v.name}${d.token === i ? ": the token" : visited.has(i) ? ": visited" : ""}${mine.length ? ` — ${moveLabel(mine[0], ctx)}` : ""}`));
    if (mine.length) {
      g.setAttribute("tabindex", "0");
      activate(g, () => ctx.onMove(mine[0]));
    }
    svg.append(g);
  });
  return svg;
}

/** A number of a cell, shortened when long (the whole number in its title). */
function shortNumber(n) {
  const t = String(n);
  return t.length <= 6 ? t : `${t.slice(0, 4)}…`;
}

/**
 * A matrix of numbers (`kind: "numbers"`): clicking cells selects them, and the
 * move that changes every selected cell is played once it is the only one (as on a
 * board of cells); cells a listed move changes are outlined.
 */
function numbersPicture(d, moves, ctx) {
  const rows = d.rows || [];
  const R = rows.length;
  const C = R ? rows[0].length : 0;
  const S = 40;
  const svg = s("svg", { class: "pgrid numbers", viewBox: `0 0 ${C * S + 24} ${R * S + 20}`, width: Math.min(560, C * S + 24), role: "img", "aria-label": `${d.title}: a ${R}×${C} matrix` });
  const sel = (ctx.selection && ctx.selection.component === d.component) ? ctx.selection.cells : [];
  const cands = consistent(moves, d.component, sel);
  for (let c = 0; c < C; c++) svg.append(s("text", { x: 20 + c * S + S / 2, y: 12, class: "axis", "text-anchor": "middle" }, String(c)));
  rows.forEach((row, r) => {
    svg.append(s("text", { x: 2, y: 16 + r * S + S / 2 + 4, class: "axis" }, String(r)));
    row.forEach((n, c) => {
      const x = 20 + c * S;
      const y = 16 + r * S;
      const through = cands.filter((m) => m.target.cells.some(([a, b]) => a === r && b === c));
      const cls = ["pcell", String(n) === "0" ? "zero" : "pc-number"];
      if (through.length) cls.push("target", targetClass(through, ctx));
      if (sel.some(([a, b]) => a === r && b === c)) cls.push("picked");
      const g = s("g", { class: "pcell-g", "data-row": r, "data-col": c });
      g.append(s("rect", { x, y, width: S - 2, height: S - 2, rx: 3, class: cls.join(" ") }));
      g.append(s("text", { x: x + S / 2 - 1, y: y + S / 2 + 4, class: "cell-number", "text-anchor": "middle" }, shortNumber(n)));
      g.append(s("title", {}, `(${r},${c}): ${n}`));
      if (moves.length) {
        g.setAttribute("tabindex", "0");
        activate(g, () => ctx.onCell && ctx.onCell(d.component, r, c));
      }
      svg.append(g);
    });
  });
  return svg;
}

/**
 * The picture of one component of a play state (one heap `j` of a heaps picture is
 * drawn by `heapPicture`). `ctx` holds onMove(move), onCell, selection, showValues
 * and showP (the P-positions a board marks).
 */
export function drawComponent(d, moves, ctx) {
  switch (d.kind) {
    case "heaps": return h("div", {}, d.sizes.map((_, j) => heapPicture(d, j, moves, ctx)));
    case "pins": return h("div", {}, d.rows.map((_, j) => pinsPicture(d, j, moves, ctx)));
    case "board": return boardPicture(d, moves, ctx);
    case "ring": return ringPicture(d);
    case "stairs": return stairPicture(d, moves, ctx);
    case "cells": return partizanGrid(d, moves, ctx);
    case "coins": return coinsPicture(d, moves, ctx);
    case "stalk": return stalkPicture(d, moves, ctx);
    case "graph": return d.grounded ? groundedPicture(d, moves, ctx) : graphPicture(d, moves, ctx);
    case "walk": return walkPicture(d, moves, ctx);
    case "numbers": return numbersPicture(d, moves, ctx);
    default: return h("code", { class: "term" }, d.text ?? JSON.stringify(d));
  }
}
