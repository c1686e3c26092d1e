// The Play view: a game against the perfect opponent. The page loads /api/play for
// each position, plays a move by loading the position after it, and asks
// /api/play/reply for the computer's move. A chart shows the remoteness after every
// move and who was winning. Impartial and partizan positions take one path: what
// differs is in the answer (a position whose players are Left and Right has a side
// to move, `to_move`, and you choose your side; misère play is for the others), and
// the options shown follow it. Pictures are drawn as SVG and moves are made by
// clicking them (stones, cells, vertices, edges) or from the list.
//
// Classroom mode (`class=1` in the URL) is a board a class plays on: the board first
// and as large as the window allows, the settings folded away, nothing of the answer
// (colours, outcome, remoteness, value) shown until the teacher presses Reveal, the
// hint only when the teacher allows it (`hints=1`), and every move playable from the
// keyboard (arrows move between the moves of the board, Enter or Space plays).
import { h, s, api, aborted, cancel, cli, cliBox, params, setParams, errorBox, example } from "./util.js";
import { exprBox } from "./exprbox.js";
import { drawComponent, heapPicture, pinsPicture, resultClass, resultWords, targetCells, boardKeys } from "./draw.js";

const other = (who) => (who === "you" ? "computer" : "you");

/** Who wins from an entry's outcome and mover: "you", "computer" or "draw" (null if unknown). */
function winnerOf(outcome, mover) {
  if (outcome === "N") return mover;
  if (outcome === "P") return other(mover);
  if (outcome === "D") return "draw";
  return null;
}

/** The value-history chart: remoteness after every move, above the line when you were winning. */
export function historyChart(entries, names = { you: "you", computer: "the computer" }) {
  const W = 640;
  const H = 220;
  const padL = 44;
  const padR = 12;
  const mid = H / 2;
  const n = entries.length;
  const maxR = Math.max(1, ...entries.map((e) => (typeof e.remoteness === "number" ? e.remoteness : 0)));
  const xs = (i) => padL + (n <= 1 ? 0 : (i * (W - padL - padR)) / Math.max(n - 1, 1));
  const ys = (e) => {
    const w = e.winner !== undefined ? e.winner : winnerOf(e.outcome, e.mover);
    const r = typeof e.remoteness === "number" ? e.remoteness : maxR;
    if (w === "you") return mid - 8 - (r / maxR) * (mid - 22);
    if (w === "computer") return mid + 8 + (r / maxR) * (mid - 22);
    return mid;
  };
  const you = names.you;
  const cpu = names.computer;
  const svg = s("svg", { class: "vhv", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `value history: remoteness after every move; above the middle line ${you} ${you === "you" ? "were" : "was"} winning, below ${cpu} was` });
  svg.append(s("rect", { x: padL, y: 4, width: W - padL - padR, height: mid - 4, class: "zone-you" }));
  svg.append(s("rect", { x: padL, y: mid, width: W - padL - padR, height: mid - 4, class: "zone-cpu" }));
  svg.append(s("line", { x1: padL, y1: mid, x2: W - padR, y2: mid, class: "midline" }));
  svg.append(s("text", { x: padL + 4, y: 16, class: "axis" }, `${you} ${you === "you" ? "are" : "is"} winning (remoteness ↑)`));
  svg.append(s("text", { x: padL + 4, y: H - 8, class: "axis" }, `${cpu} is winning (remoteness ↓)`));
  svg.append(s("text", { x: 4, y: 16, class: "axis" }, String(maxR)));
  svg.append(s("text", { x: 4, y: mid + 4, class: "axis" }, "0"));
  svg.append(s("text", { x: 4, y: H - 8, class: "axis" }, String(maxR)));
  if (n > 1) svg.append(s("polyline", { points: entries.map((e, i) => `${xs(i)},${ys(e)}`).join(" "), class: "vhv-line" }));
  entries.forEach((e, i) => {
    const w = e.winner !== undefined ? e.winner : winnerOf(e.outcome, e.mover);
    const cls = w === "you" ? "r-P" : w === "computer" ? "r-N" : w === "draw" ? "r-D" : "r-u";
    svg.append(s("circle", { cx: xs(i), cy: ys(e), r: 5, class: `vhv-dot ${cls}`, "data-ply": i },
      s("title", {}, `after ${i} move${i === 1 ? "" : "s"}: ${e.expr}; ${names[e.mover] || e.mover} to move; ${w === "draw" ? "a draw" : w ? (names[w] || w) + " winning" : "not known"}${typeof e.remoteness === "number" ? `, remoteness ${e.remoteness}` : ""}`)));
  });
  return svg;
}

/** Where a tab keeps the game being played (sessionStorage). */
const SAVED = "sprague.play";

/** The Play view. */
export function playView(root) {
  const p = params();
  const st = {
    start: p.get("start") || p.get("expr") || example("play"),
    expr: p.get("expr") || p.get("start") || example("play"),
    misere: p.get("misere") === "1",
    first: p.get("first") === "computer" ? "computer" : "you",
    side: p.get("as") === "right" ? "right" : "left",
    selection: null,
    history: [],
    doc: null,
    busy: false,
    hint: null,
    showValues: p.get("colors") !== "0",
    showP: p.get("pp") === "1",
    timer: null,
    // Classroom mode, whether the teacher allows hints in it, and whether the
    // analysis of the position shown is revealed (until the next move).
    cls: p.get("class") === "1",
    hints: p.get("hints") === "1",
    // The teacher's message for the class (shown as text above the board).
    msg: (p.get("msg") || "").slice(0, 500),
    // Two players on one screen: the computer never moves, it only judges.
    two: p.get("two") === "1",
    revealed: false,
    why: null,
    // The first position's boards (their sizes, by component) for the game played.
    boards: null,
    refocus: false,
  };
  const status = h("div", { class: "status", id: "play-status", "aria-live": "polite" });
  const lesson = h("p", { class: "lesson", id: "play-msg", role: "note", hidden: !st.msg }, st.msg);
  const pics = h("div", { class: "pictures", id: "play-board" });
  const moveList = h("ul", { class: "moves", id: "play-moves" });
  const chart = h("div", { class: "chart", id: "play-chart" });
  const log = h("ol", { class: "log", id: "play-log" });
  const cmd = h("div");
  const err = h("div");

  const box = exprBox({
    label: "Starting position",
    kind: "position",
    value: st.start,
    button: "New game",
    onSubmit: (t) => { st.start = t; newGame(); },
  });
  const misere = h("input", { type: "checkbox", id: "play-misere", checked: st.misere });
  const firstSel = h("select", { id: "play-first" },
    h("option", { value: "you", selected: st.first === "you" }, "you"),
    h("option", { value: "computer", selected: st.first === "computer" }, "the computer"));
  const firstLabel = h("span", {}, "who starts: ");
  const colors = h("input", { type: "checkbox", id: "play-colors", checked: st.showValues });
  const showP = h("input", { type: "checkbox", id: "play-pp", checked: st.showP });
  const sideSel = h("select", { id: "play-side" },
    h("option", { value: "left", selected: st.side === "left" }, "Left"),
    h("option", { value: "right", selected: st.side === "right" }, "Right"));
  sideSel.addEventListener("change", () => { st.side = sideSel.value; newGame(); });
  const misereOpt = h("label", { id: "play-misere-opt" }, misere, " misère (last move loses)");
  const sideOpt = h("label", { id: "play-side-opt" }, "your side: ", sideSel);
  misere.addEventListener("change", () => { st.misere = misere.checked; newGame(); });
  firstSel.addEventListener("change", () => { st.first = firstSel.value; newGame(); });
  colors.addEventListener("change", () => { st.showValues = colors.checked; renderState(); sync(); });
  showP.addEventListener("change", () => { st.showP = showP.checked; renderState(); sync(); });
  const classBox = h("input", { type: "checkbox", id: "play-class", checked: st.cls });
  classBox.addEventListener("change", () => { st.cls = classBox.checked; st.revealed = false; layout(); renderState(); sync(); });
  const hintsBox = h("input", { type: "checkbox", id: "play-allow-hints", checked: st.hints });
  hintsBox.addEventListener("change", () => { st.hints = hintsBox.checked; renderState(); sync(); });

  const hintBtn = h("button", { type: "button", id: "play-hint", onclick: () => hint() }, "Hint");
  const undoBtn = h("button", { type: "button", id: "play-undo", onclick: () => undo() }, "Undo");
  const newBtn = h("button", { type: "button", id: "play-new", onclick: () => { st.start = box.value || st.start; newGame(); } }, "New game");
  const revealBtn = h("button", { type: "button", id: "play-reveal-btn", class: "primary", "aria-pressed": "false", onclick: () => reveal() }, "Reveal");
  const hintOut = h("p", { class: "hint-out", "aria-live": "polite" });
  const howOut = h("p", { class: "hint", id: "play-how" });
  const revealOut = h("div", { class: "reveal", id: "play-reveal", "aria-live": "polite" });
  const legend = h("p", { class: "hint" }, "Colours say where a move leads: ",
    h("span", { class: "chip r-P" }, "green wins"), " (the opponent is left in a P-position), ",
    h("span", { class: "chip r-N" }, "red loses"), ", ", h("span", { class: "chip r-D" }, "yellow draws"), ".");
  pics.addEventListener("keydown", boardKeys);
  const busyOut = h("div", { class: "busy", id: "play-busy", role: "status", hidden: true },
    h("span", { class: "spinner", "aria-hidden": "true" }), " Working… ",
    h("button", { type: "button", id: "play-cancel", onclick: () => cancelWork() }, "Cancel"));

  /** Shows the spinner and its Cancel button once a request has taken more than 200 ms. */
  function working() {
    clearTimeout(st.busyTimer);
    st.busyTimer = setTimeout(() => { busyOut.hidden = false; }, 200);
  }

  function idle() {
    clearTimeout(st.busyTimer);
    busyOut.hidden = true;
  }

  /** Cancels the position or the computer's move being computed (the server stops when the request goes). */
  function cancelWork() {
    clearTimeout(st.timer);
    cancel("play");
    cancel("reply");
    idle();
    st.busy = false;
    hintOut.textContent = "Cancelled.";
    renderStatus();
  }

  /** Whether the analysis (colours, outcome, remoteness, value) is shown: in classroom mode once revealed. */
  function analysis() {
    return st.cls ? st.revealed : st.showValues;
  }

  /** Who `who` ("you" or "computer") is in words: with two players, Player 1 and 2 (Left and Right in a game of sides). */
  function nameOf(who) {
    if (!st.two) return who === "you" ? "you" : "the computer";
    if (hasSides()) return sideOf(who) === "left" ? "Left" : "Right";
    return who === "you" ? "Player 1" : "Player 2";
  }

  /** Whether a player at the screen may move now: the one to move, or either of two players. */
  function humanToMove() {
    return st.two || mover() === "you";
  }

  function mover() {
    return st.history.length ? st.history[st.history.length - 1].mover : st.first;
  }

  /** Whether the game's players are Left and Right (the answer names a side to move). */
  function hasSides() {
    return !!(st.doc && st.doc.to_move);
  }

  /** The options that apply to the game shown: your side for a game of Left and Right (misère play applies to every game). */
  function renderOptions() {
    // The players' names in the menu of who starts: with two players, theirs.
    firstSel.options[0].textContent = nameOf("you");
    firstSel.options[1].textContent = nameOf("computer");
    if (!st.doc) return;
    // Two players are named by their sides (Left and Right): who starts says it all.
    sideOpt.hidden = !hasSides() || st.two;
    misereOpt.hidden = false;
  }

  /** The side to move when `who` ("you" or "computer") moves (used by games of Left and Right). */
  function sideOf(who) {
    const theirs = st.side === "left" ? "right" : "left";
    return who === "you" ? st.side : theirs;
  }

  function sync() {
    const cur = st.history[st.history.length - 1];
    setParams({
      view: "play", expr: cur ? cur.expr : st.start, start: cur && cur.expr !== st.start ? st.start : null,
      misere: st.misere, first: cur ? cur.mover : st.first, as: st.side === "right" ? "right" : null,
      colors: st.showValues ? null : "0", pp: st.showP ? "1" : null,
      class: st.cls ? "1" : null, hints: st.cls && st.hints ? "1" : null,
      msg: st.msg || null, two: st.two ? "1" : null,
    });
    cmd.replaceChildren(cliBox(cli("sprague play", st.misere && "--misere", hasSides() && st.side === "right" && ["--as", "right"],
      st.first === "computer" && ["--first", "computer"], st.start)));
    save();
  }

  /** Keeps the game (its moves and values) for this tab, so that a reload resumes it. */
  function save() {
    try {
      sessionStorage.setItem(SAVED, JSON.stringify({ start: st.start, misere: st.misere, first: st.first, side: st.side, history: st.history }));
    } catch { /* storage refused: a reload starts from the URL's position */ }
  }

  /** The game saved by this tab, if it is the one the URL names (same start, rules and position). */
  function restore() {
    try {
      const g = JSON.parse(sessionStorage.getItem(SAVED) || "null");
      if (!g || g.start !== st.start || g.misere !== st.misere || !Array.isArray(g.history) || !g.history.length) return null;
      const last = g.history[g.history.length - 1];
      if (!last || last.expr !== st.expr || (g.first !== "you" && g.first !== "computer")) return null;
      return g;
    } catch {
      return null;
    }
  }

  async function load(expr, who, via) {
    st.busy = true;
    st.hint = null;
    st.revealed = false;
    st.why = null;
    hintOut.textContent = "";
    err.replaceChildren();
    working();
    try {
      const doc = await api("/api/play", { expr, misere: st.misere, side: sideOf(who) }, { slot: "play" });
      idle();
      // A result said from the mover's side: a winning move is coloured as one leading to P.
      for (const m of doc.moves) if (m.result === "win" || m.result === "lose") m.result = m.result === "win" ? "P" : "N";
      const winner = doc.mover_wins == null ? (doc.outcome === "D" ? "draw" : null) : doc.mover_wins ? who : other(who);
      st.doc = doc;
      st.selection = null;
      st.history.push({ expr: doc.position, outcome: doc.outcome, remoteness: doc.remoteness, mover: who, by: via?.by, text: via?.text, winner });
      st.busy = false;
      renderState();
      sync();
      if (who === "computer" && !doc.over && !st.two) {
        clearTimeout(st.timer);
        st.timer = setTimeout(computerMove, 350);
      }
    } catch (e) {
      if (aborted(e)) return;
      idle();
      st.busy = false;
      if (e.kind === "input") box.showError(e);
      err.replaceChildren(errorBox(e));
    }
  }

  async function computerMove() {
    if (!st.doc || st.doc.over || mover() !== "computer" || st.two) return;
    st.busy = true;
    renderStatus();
    working();
    try {
      const r = await api("/api/play/reply", { expr: st.doc.position, misere: st.misere, side: sideOf("computer") }, { slot: "reply" });
      idle();
      if (!r.move) { st.busy = false; renderStatus(); return; }
      await load(r.move.to, "you", { by: "computer", text: r.move.text, why: r.why });
    } catch (e) {
      if (aborted(e)) return;
      idle();
      st.busy = false;
      err.replaceChildren(errorBox(e));
    }
  }

  function play(m) {
    if (st.busy || !humanToMove() || st.doc?.over) return;
    // A move played from the board with the keyboard: the board takes the focus back for the next one.
    st.refocus = pics.contains(document.activeElement);
    const who = mover();
    load(m.to, other(who), { by: who, text: m.text });
  }

  /** A click on cell (r, c) of component `comp`: select it; play the move once only one fits. */
  function onCell(comp, r, c) {
    if (st.busy || !humanToMove() || !st.doc || st.doc.over) return;
    hintOut.textContent = "";
    const fits = (sel) => st.doc.moves.filter((m) => m.part === comp && targetCells(m) &&
      sel.every(([a, b]) => targetCells(m).some(([x, y]) => x === a && y === b)));
    let sel = st.selection && st.selection.component === comp ? st.selection.cells.slice() : [];
    const at = sel.findIndex(([a, b]) => a === r && b === c);
    if (at >= 0) {
      // A second click on a picked cell plays the move of exactly the cells picked, if any
      // (a coin turned alone); else it unpicks the cell.
      const same = fits(sel).filter((m) => targetCells(m).length === sel.length);
      if (same.length === 1) {
        st.selection = null;
        play(same[0]);
        return;
      }
      sel.splice(at, 1);
    } else sel.push([r, c]);
    let cands = fits(sel);
    if (!cands.length) { sel = [[r, c]]; cands = fits(sel); }
    if (!cands.length) {
      st.selection = null;
      renderState();
      hintOut.textContent = "That move is not legal here.";
      return;
    }
    const exact = cands.filter((m) => targetCells(m).length === sel.length);
    if (cands.length === 1 || (exact.length === 1 && cands.length === exact.length)) {
      st.selection = null;
      play(cands[0]);
      return;
    }
    st.selection = { component: comp, cells: sel };
    renderState();
  }

  function newGame() {
    clearTimeout(st.timer);
    st.history = [];
    st.doc = null;
    st.boards = null;
    box.value = st.start;
    load(st.start, st.first);
  }

  async function undo() {
    if (st.busy) return;
    clearTimeout(st.timer);
    // Back to the last earlier position where it was your turn.
    const h0 = st.history.slice();
    h0.pop();
    while (!st.two && h0.length && h0[h0.length - 1].mover !== "you") h0.pop();
    if (!h0.length) return;
    const target = h0.pop();
    st.history = h0;
    await load(target.expr, st.two ? target.mover : "you", { by: target.by, text: target.text });
  }

  async function hint() {
    if (!st.doc || st.doc.over || (st.cls && !st.hints)) return;
    try {
      const r = await api("/api/play/reply", { expr: st.doc.position, misere: st.misere, side: sideOf(st.two ? mover() : "you") }, { slot: "hint" });
      st.hint = r.move;
      hintOut.replaceChildren(r.move ? h("span", {}, h("strong", {}, "Hint: "), r.move.text, r.why ? ` — ${r.why}` : "") : "No move.");
      renderMoves();
    } catch (e) {
      if (!aborted(e)) hintOut.replaceChildren(errorBox(e));
    }
  }

  function renderStatus() {
    const d = st.doc;
    if (!d) { status.replaceChildren(); return; }
    const who = mover();
    const last = st.history[st.history.length - 1];
    const w = last?.winner;
    let text;
    if (st.two) {
      const name = nameOf(who);
      text = d.over ? (w === "you" || w === "computer" ? `Game over: ${nameOf(w)} won.` : w === "draw" ? "Game over: a draw." : "Game over.")
        : `${name} to move` + (analysis() ? " — " + standing(w) : "");
    } else if (d.over) {
      text = w === "you" ? "Game over: you won!" : w === "computer" ? "Game over: the computer won." : w === "draw" ? "Game over: a draw." : "Game over.";
    } else if (who === "you") {
      const side = d.to_move ? ` (you play ${d.to_move === "left" ? "Left" : "Right"})` : "";
      text = `Your move${side}` + (analysis() ? " — " + standing(w) : "");
    } else {
      text = st.busy ? "The computer is thinking…" : "The computer's move.";
    }
    // The outcome's badge only with the analysis, and never once the game is over (the words say who won).
    const badge = analysis() && !d.over ? [h("span", { class: `badge o-${d.outcome}` }, d.outcome), " "] : [];
    status.replaceChildren(
      ...badge, h("code", { id: "play-position" }, d.position), " ",
      h("span", { class: "status-text", "data-over": d.over ? "1" : "0" }, text),
      ...(d.play === "misere" ? [h("span", { class: "tag" }, "misère")] : []));
  }

  /** Who wins from here with perfect play, its remoteness and value, in words (`w`: the winner). */
  function standing(w) {
    const d = st.doc;
    const r = typeof d.remoteness === "number" ? ` (remoteness ${d.remoteness})` : "";
    const who = mover();
    const wins = st.two ? (w === who || w === other(who) ? `${nameOf(w)} can win` : "")
      : w === who ? (who === "you" ? "you can win" : "the computer can win") : w === other(who) ? `${w === "you" ? "you win" : "the computer wins"} with perfect play` : "";
    return (w === "draw" ? "perfect play draws" : wins ? wins + r : d.note || "") + (d.value ? `; value ${d.value}` : "");
  }

  /** Reveal (or hide again) the analysis of the position in classroom mode: colours, values, the winning moves and why. */
  async function reveal() {
    st.revealed = !st.revealed;
    renderState();
    const d = st.doc;
    if (!st.revealed || !d || d.over || st.why) return;
    try {
      const r = await api("/api/play/reply", { expr: d.position, misere: st.misere, side: sideOf(mover()) }, { slot: "why" });
      if (st.doc !== d) return;
      st.why = r;
      renderReveal();
    } catch (e) {
      if (!aborted(e)) revealOut.append(errorBox(e));
    }
  }

  /** The revealed analysis: who wins, the winning moves, and why the perfect player's move is good. */
  function renderReveal() {
    revealOut.replaceChildren();
    const d = st.doc;
    revealBtn.textContent = st.revealed ? "Hide the answer" : "Reveal";
    revealBtn.setAttribute("aria-pressed", st.revealed ? "true" : "false");
    if (!st.cls || !st.revealed || !d) return;
    const last = st.history[st.history.length - 1];
    const who = nameOf(mover());
    if (d.over) {
      revealOut.append(h("p", {}, "The game is over: ", who, " cannot move."));
      return;
    }
    revealOut.append(h("p", {}, h("strong", {}, "Answer: "), h("span", { class: `badge o-${d.outcome}` }, d.outcome), " ",
      `${st.two ? who + " is" : who === "you" ? "You are" : "The computer is"} to move: `, standing(last?.winner) || "not known", "."));
    const winning = d.moves.filter((m) => m.result === "P");
    revealOut.append(h("p", {}, h("strong", {}, winning.length ? "Winning moves: " : "No winning move: "),
      winning.length ? winning.map((m) => m.text).join("; ") : "every move loses against perfect play (or draws)",
      d.complete ? "" : " (among the moves listed)"));
    if (st.why) {
      revealOut.append(h("p", {}, h("strong", {}, "Why: "), st.why.move ? `${st.why.move.text} — ` : "", st.why.why || ""));
    }
  }

  function renderMoves() {
    const d = st.doc;
    moveList.replaceChildren();
    if (!d) return;
    const mine = humanToMove() && !d.over;
    for (const m of d.moves) {
      const isHint = st.hint && st.hint.to === m.to;
      const shown = analysis();
      const rem = shown && typeof m.remoteness === "number" ? `r ${m.remoteness}` : null;
      // The name starts with the text shown (the move, then its remoteness), so that it
      // can be said to pick the button, and ends with where the move leads.
      moveList.append(h("li", {}, h("button", {
        type: "button", class: `move ${shown ? resultClass(m.result) : "r-u"}${isHint ? " hinted" : ""}`,
        disabled: !mine, "data-index": m.index, "data-to": m.to,
        "aria-label": shown ? `${m.text}${rem ? `, ${rem}` : ""}: ${resultWords(m.result)}` : m.text,
        onclick: () => play(m),
      }, h("span", { class: "move-text" }, m.text), rem ? h("span", { class: "rem", title: `remoteness ${m.remoteness}` }, rem) : null)));
    }
    if (!d.complete) {
      const all = d.count == null ? "more moves" : `${d.count} moves in all`;
      moveList.append(h("li", { class: "hint" }, `… ${all}; the list is cut.`));
    }
  }

  function renderState() {
    const d = st.doc;
    renderOptions();
    renderStatus();
    hintBtn.hidden = st.cls && !st.hints;
    revealBtn.hidden = !st.cls;
    // The board is drawn afresh: a cell or coin that had the keyboard's focus (a
    // selection under way) gets it back, found by its data attributes.
    const had = pics.contains(document.activeElement) ? document.activeElement : null;
    const again = had && [...had.attributes].filter((a) => a.name.startsWith("data-"))
      .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
    pics.replaceChildren();
    if (d) {
      // Boards keep the size of the game's first position (the piece moves, the board stays).
      st.boards = st.boards || {};
      for (const dr of d.drawing || []) {
        if (dr.kind !== "board") continue;
        const b = st.boards[dr.component] || { x: 0, y: 0 };
        st.boards[dr.component] = { x: Math.max(b.x, Number(dr.x) || 0), y: Math.max(b.y, Number(dr.y) || 0) };
      }
      const ctx = { onMove: play, onCell, selection: st.selection, showValues: analysis(), showP: st.showP && !st.cls, position: d.position, boards: st.boards };
      const mine = humanToMove() && !d.over;
      const how = new Set();
      for (const dr of d.drawing || []) {
        how.add(dr.how);
        const moves = mine ? d.moves : [];
        if (dr.kind === "heaps" || dr.kind === "pins") {
          // One figure a heap (or row of pins), titled by its number across the sum.
          (dr.sizes || dr.rows).forEach((_, j) => pics.append(h("figure", { class: `pic pic-${dr.kind === "heaps" ? "heap" : "pins"}`, title: dr.how },
            dr.kind === "heaps" ? heapPicture(dr, j, moves, ctx) : pinsPicture(dr, j, moves, ctx),
            h("figcaption", {}, `heap ${dr.heaps[j] ?? j + 1} (${dr.title})`))));
        } else {
          pics.append(h("figure", { class: `pic pic-${dr.kind}`, title: dr.how }, drawComponent(dr, moves, ctx), h("figcaption", {}, dr.title)));
        }
      }
      // A board played from the list alone says so once.
      const ways = [...how].filter(Boolean);
      const listed = ways.some((w) => w.includes("in the list"));
      howOut.textContent = ways.length ? `To move: ${ways.join("; ")}${listed ? "" : "; or pick any move in the list"}.` : "";
    }
    renderMoves();
    renderReveal();
    fit();
    if (st.refocus && humanToMove() && d && !d.over) {
      st.refocus = false;
      pics.querySelector("[tabindex='0']")?.focus();
    } else if (again) {
      pics.querySelector(`${again}[tabindex='0']`)?.focus();
    }
    // The value history tells who is winning: not on the page until the analysis is shown.
    if (analysis()) {
      chart.replaceChildren(historyChart(st.history, { you: nameOf("you"), computer: nameOf("computer") }));
      if (!chartSection.isConnected) logSection.before(chartSection);
    } else {
      chart.replaceChildren();
      chartSection.remove();
    }
    log.replaceChildren(...st.history.slice(1).map((e) => h("li", {}, h("strong", {}, st.two ? `${nameOf(e.by)}: ` : e.by === "computer" ? "computer: " : "you: "), e.text || "", " → ", h("code", {}, e.expr))));
  }

  const classOpt = h("label", { class: "class-toggle" }, classBox, " classroom mode");
  const twoBox = h("input", { type: "checkbox", id: "play-two", checked: st.two });
  twoBox.addEventListener("change", () => { st.two = twoBox.checked; clearTimeout(st.timer); layout(); renderState(); sync(); if (!st.two) computerMove(); });
  const twoOpt = h("label", {}, twoBox, " two players (the computer only judges)");
  const hintsOpt = h("label", {}, hintsBox, " allow hints");
  const colorsOpt = h("label", {}, colors, " colour the moves and show the outcome");
  const showPOpt = h("label", {}, showP, " show the P-positions a board marks");
  const chartSection = h("section", {}, h("h3", {}, "Value history"), chart);
  const logSection = h("section", {}, h("h3", {}, "Moves played"), log);

  /**
   * Places the parts of the view for the mode: in classroom mode the board first (as
   * large as the window allows) with the buttons, and the settings folded away; the
   * analysis's colours legend and the options that show it are left out.
   */
  function layout() {
    document.body.classList.toggle("classroom", st.cls);
    if (st.cls) {
      root.replaceChildren(
        lesson,
        h("div", { class: "class-bar" }, status, h("div", { class: "buttons" }, revealBtn, hintBtn, undoBtn, newBtn, classOpt)),
        busyOut, hintOut, err,
        h("section", { class: "class-board", "aria-label": "the board" }, pics),
        howOut, revealOut,
        h("details", { class: "class-settings", id: "play-settings" },
          h("summary", {}, "Game and settings"),
          box.root,
          h("div", { class: "options" }, misereOpt, h("label", {}, firstLabel, firstSel), sideOpt, hintsOpt, twoOpt),
          cmd,
          h("h3", {}, "Moves"), moveList),
        chartSection, logSection);
    } else {
      root.replaceChildren(
        h("h2", { class: "view-title" }, st.two ? "Two players, the computer judging" : "Play against the perfect opponent"),
        lesson,
        box.root,
        h("div", { class: "options" }, misereOpt, h("label", {}, firstLabel, firstSel), sideOpt, colorsOpt, showPOpt, classOpt, twoOpt),
        cmd,
        howOut,
        legend,
        status,
        h("div", { class: "buttons" }, hintBtn, undoBtn, newBtn),
        busyOut, hintOut, err,
        h("div", { class: "play-grid" },
          h("section", {}, h("h3", {}, "Position"), pics),
          h("section", {}, h("h3", {}, "Moves"), moveList)),
        chartSection, logSection);
    }
  }

  /**
   * In classroom mode, scales the pictures of the board to fill the room the window
   * leaves below the buttons (and no wider than the page: on a phone a board wider
   * than the screen shrinks to its width); otherwise their own size.
   */
  function fit() {
    const svgs = [...pics.querySelectorAll("svg")];
    for (const g of svgs) { g.style.width = ""; g.style.height = ""; }
    if (!st.cls || !svgs.length || !pics.isConnected) return;
    const sizes = svgs.map((g) => g.getBoundingClientRect());
    const room = () => {
      const top = pics.getBoundingClientRect().top + window.scrollY;
      return [pics.clientWidth - 16, Math.max(160, window.innerHeight - top - 56)];
    };
    let f = 1;
    for (let pass = 0; pass < 2; pass++) {
      const [w, hgt] = room();
      const natW = Math.max(...[...pics.children].map((c) => c.getBoundingClientRect().width), 1);
      const natH = Math.max(pics.scrollHeight, 1);
      f = Math.min(f * w / natW, Math.max(1, Math.min(8, f * Math.min(w / natW, hgt / natH))));
      svgs.forEach((g, i) => { g.style.width = `${sizes[i].width * f}px`; g.style.height = `${sizes[i].height * f}px`; });
    }
  }
  const onResize = () => { clearTimeout(st.fitTimer); st.fitTimer = setTimeout(fit, 120); };
  window.addEventListener("resize", onResize);
  layout();

  // The game this tab was playing at this position resumes with its moves (a reload);
  // a URL naming a later position (with start=) resumes from it; otherwise a new game.
  const saved = restore();
  if (saved) {
    st.first = saved.first;
    firstSel.value = st.first;
    if (saved.side) { st.side = saved.side; sideSel.value = st.side; }
    const last = saved.history[saved.history.length - 1];
    st.history = saved.history.slice(0, -1);
    load(last.expr, last.mover, { by: last.by, text: last.text });
  } else if (st.expr !== st.start) {
    load(st.expr, st.first);
  } else {
    newGame();
  }
  return {
    destroy() {
      clearTimeout(st.timer);
      clearTimeout(st.fitTimer);
      clearTimeout(st.busyTimer);
      window.removeEventListener("resize", onResize);
      document.body.classList.remove("classroom");
    },
  };
}
