// The Nash view: a payoff grid editor (or pasted JSON) for a bimatrix game, solved by
// POST /api/nash: dominance, every equilibrium as exact fractions, and for 2×2 games
// the best-response diagram. A pasted Gambit file (.nfg, or a .efg game tree) is sent
// as it is and its answer shown: for a tree, the server's drawing, its
// subgame-perfect equilibria and the equilibria of its reduced normal form. A game of
// three or more players shows its mixed equilibria by kind (mixed.js); a small tree
// can be built by clicking (treeedit.js).
import { h, s, api, aborted, cliBox, shq, params, setParams, errorBox, download, Q, wideTable } from "./util.js";
import { mixedMany } from "./mixed.js";
import { treeEditor } from "./treeedit.js";

/** A payoff as JSON text: integers and decimals as numbers (exact text), others as strings. */
function payoffJson(v) {
  const t = String(v).trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return t;
  return JSON.stringify(t);
}

/** The game as the JSON text of `sprague nash`. */
export function gameJson(g, compact = false) {
  const sp = compact ? "" : " ";
  const mat = (m) => "[" + m.map((r) => "[" + r.map(payoffJson).join("," + sp) + "]").join("," + sp) + "]";
  return `{"rows":${sp}${JSON.stringify(g.rows)},${sp}"cols":${sp}${JSON.stringify(g.cols)},${sp}"row_payoffs":${sp}${mat(g.row_payoffs)},${sp}"col_payoffs":${sp}${mat(g.col_payoffs)}}`;
}

function normalise(g) {
  if (!g || !Array.isArray(g.row_payoffs) || !Array.isArray(g.col_payoffs)) throw new Error("the JSON needs row_payoffs and col_payoffs");
  const m = g.row_payoffs.length;
  const n = m ? g.row_payoffs[0].length : 0;
  return {
    rows: Array.from({ length: m }, (_, i) => String(g.rows?.[i] ?? `r${i + 1}`)),
    cols: Array.from({ length: n }, (_, j) => String(g.cols?.[j] ?? `c${j + 1}`)),
    row_payoffs: g.row_payoffs.map((r) => r.map(String)),
    col_payoffs: g.col_payoffs.map((r) => r.map(String)),
  };
}

/**
 * The best-response diagram of a 2×2 game: p = probability of the first row, q = of
 * the first column. The thresholds are found in exact fractions.
 */
export function bestResponse(g, equilibria) {
  const a = g.row_payoffs.map((r) => r.map(Q.parse));
  const b = g.col_payoffs.map((r) => r.map(Q.parse));
  if ([...a.flat(), ...b.flat()].some((x) => !x)) return null;
  const S = 240;
  const pad = 40;
  const X = (p) => pad + p * S;
  const Y = (q) => pad + (1 - q) * S;
  const svg = s("svg", { class: "br-diagram", viewBox: `0 0 ${S + 2 * pad} ${S + 2 * pad}`, width: S + 2 * pad, height: S + 2 * pad, role: "img", "aria-label": "best-response diagram: the row player's best responses in blue, the column player's in red; equilibria where they cross" });
  svg.append(s("rect", { x: X(0), y: Y(1), width: S, height: S, class: "br-frame" }));
  // Row: d(q) = q(a00 − a10) + (1 − q)(a01 − a11); first row best when d > 0.
  const segs = (d0, d1, horizontal) => {
    // d is linear in the other player's probability z ∈ [0, 1]: d(z) = d0 + z(d1 − d0).
    const pts = [];
    const best = (d) => (d.sign() > 0 ? 1 : d.sign() < 0 ? 0 : null);
    const slope = d1.sub(d0);
    const put = (z, own) => pts.push(horizontal ? [own, z] : [z, own]);
    if (slope.isZero()) {
      const bb = best(d0);
      if (bb === null) return { area: true };
      put(0, bb);
      put(1, bb);
      return { line: pts };
    }
    const z = d0.neg().div(slope);
    if (z.sign() <= 0 || z.cmp(new Q(1n)) >= 0) {
      const mid = d0.add(d1); // the sign at z = 1/2, where d does not vanish
      const bb = best(mid);
      put(0, bb);
      put(1, bb);
      return { line: pts, z: null };
    }
    const zf = z.num();
    const b0 = best(d0);
    const b1 = best(d1);
    put(0, b0);
    put(zf, b0);
    put(zf, b1);
    put(1, b1);
    return { line: pts, z };
  };
  const rowD0 = a[0][1].sub(a[1][1]); // q = 0
  const rowD1 = a[0][0].sub(a[1][0]); // q = 1
  const colD0 = b[1][0].sub(b[1][1]); // p = 0
  const colD1 = b[0][0].sub(b[0][1]); // p = 1
  const rowBR = segs(rowD0, rowD1, true); // points [p, q]
  const colBR = segs(colD0, colD1, false);
  const draw = (br, cls) => {
    if (br.area) return s("rect", { x: X(0), y: Y(1), width: S, height: S, class: `${cls} area` });
    return s("polyline", { points: br.line.map(([p, q]) => `${X(p)},${Y(q)}`).join(" "), class: cls });
  };
  svg.append(draw(rowBR, "br-row"), draw(colBR, "br-col"));
  for (const e of equilibria) {
    const p = Q.parse(e.row[0]);
    const q = Q.parse(e.col[0]);
    if (!p || !q) continue;
    svg.append(s("circle", { cx: X(p.num()), cy: Y(q.num()), r: 6, class: "br-eq" }, s("title", {}, `equilibrium p = ${p}, q = ${q}`)));
  }
  svg.append(s("text", { x: X(0), y: Y(0) + 16, class: "axis", "text-anchor": "middle" }, "0"));
  svg.append(s("text", { x: X(1), y: Y(0) + 16, class: "axis", "text-anchor": "middle" }, "1"));
  svg.append(s("text", { x: X(0.5), y: Y(0) + 32, class: "axis", "text-anchor": "middle" }, `p = P(row plays ${g.rows[0]})`));
  svg.append(s("text", { x: X(0) - 6, y: Y(1) + 4, class: "axis", "text-anchor": "end" }, "1"));
  svg.append(s("text", { x: 12, y: Y(0.5), class: "axis", "text-anchor": "middle", transform: `rotate(-90 12 ${Y(0.5)})` }, `q = P(column plays ${g.cols[0]})`));
  if (rowBR.z) svg.append(s("text", { x: X(1) + 4, y: Y(rowBR.z.num()) + 4, class: "axis br-row-t" }, `q=${rowBR.z}`));
  if (colBR.z) svg.append(s("text", { x: X(colBR.z.num()), y: Y(1) - 6, class: "axis br-col-t", "text-anchor": "middle" }, `p=${colBR.z}`));
  return svg;
}

/** The Nash view. */
export function nashView(root) {
  // The game of the address; without one, the first of the library's classic games
  // once they arrive (an empty 2×2 game until then).
  let game = null;
  try {
    game = normalise(JSON.parse(params().get("game") || "null"));
  } catch {
    game = null;
  }
  const fromAddress = game !== null;
  game ??= normalise({ row_payoffs: [[0, 0], [0, 0]], col_payoffs: [[0, 0], [0, 0]] });
  const out = h("section", { class: "results", "aria-live": "polite" });
  const cmd = h("div");
  const editor = h("div", { class: "nash-editor" });
  const jsonArea = h("textarea", { id: "nash-json", rows: 5, spellcheck: "false", "aria-label": "the game as JSON" });
  const jsonErr = h("p", { class: "err-msg", role: "alert" });
  const explain = h("input", { type: "checkbox", id: "nash-explain", checked: params().get("explain") !== "0" });
  explain.addEventListener("change", () => solve(true));
  // How the server finds the equilibria: every one (vertex, support) or some (lh).
  const METHODS = { vertex: "every equilibrium (vertex enumeration)", lh: "some, quickly (Lemke–Howson)", support: "every equilibrium (support enumeration, small games)" };
  const method = h("select", { id: "nash-method", "aria-label": "method" },
    Object.entries(METHODS).map(([k, t]) => h("option", { value: k }, t)));
  method.value = METHODS[params().get("method")] ? params().get("method") : "vertex";
  method.addEventListener("change", () => solve(true));

  // The tree editor's tree (its compact JSON) when the address came with one or the
  // user has changed or solved it, else null (the address stays short).
  let treeState = params().get("tree");

  function sync(push) {
    const text = gameJson(game);
    jsonArea.value = text;
    const m = method.value === "vertex" ? null : method.value;
    setParams({ view: "nash", game: gameJson(game, true), explain: explain.checked ? null : "0", method: m, tree: treeState }, push);
    cmd.replaceChildren(cliBox(`echo ${shq(text)} | sprague nash${explain.checked ? " --explain" : ""}${m ? " --method " + m : ""} -`));
  }

  function cellInput(mat, i, j, who) {
    const inp = h("input", { type: "text", class: `payoff ${who}`, value: game[mat][i][j], inputmode: "decimal", "aria-label": `${who === "rp" ? "row" : "column"} player's payoff at ${game.rows[i]}, ${game.cols[j]}` });
    inp.addEventListener("change", () => { game[mat][i][j] = inp.value.trim() || "0"; sync(false); });
    return inp;
  }

  function renderEditor() {
    const m = game.rows.length;
    const n = game.cols.length;
    const name = (arr, k, what) => {
      const inp = h("input", { type: "text", class: "strategy", value: arr[k], "aria-label": `name of ${what} ${k + 1}` });
      inp.addEventListener("change", () => { arr[k] = inp.value.trim() || `${what[0]}${k + 1}`; sync(false); });
      return inp;
    };
    const rm = (what, k) => h("button", { type: "button", class: "small", "aria-label": `remove ${what} ${k + 1}`, title: `remove ${what}`, disabled: (what === "row" ? m : n) <= 1, onclick: () => {
      if (what === "row") { game.rows.splice(k, 1); game.row_payoffs.splice(k, 1); game.col_payoffs.splice(k, 1); }
      else { game.cols.splice(k, 1); game.row_payoffs.forEach((r) => r.splice(k, 1)); game.col_payoffs.forEach((r) => r.splice(k, 1)); }
      renderEditor(); sync(false);
    } }, "×");
    const table = h("table", { class: "payoffs", id: "nash-grid" },
      h("caption", {}, "Payoffs: row player's (blue), column player's (red)"),
      h("thead", {}, h("tr", {}, h("td", {}), game.cols.map((_, j) => h("th", { scope: "col" }, name(game.cols, j, "column"), rm("column", j))))),
      h("tbody", {}, game.rows.map((_, i) => h("tr", {},
        h("th", { scope: "row" }, name(game.rows, i, "row"), rm("row", i)),
        game.cols.map((_, j) => h("td", { class: "cell-pair" }, cellInput("row_payoffs", i, j, "rp"), cellInput("col_payoffs", i, j, "cp")))))));
    editor.replaceChildren(table,
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "nash-add-row", onclick: () => { game.rows.push(`r${m + 1}`); game.row_payoffs.push(Array(n).fill("0")); game.col_payoffs.push(Array(n).fill("0")); renderEditor(); sync(false); } }, "+ row"),
        h("button", { type: "button", id: "nash-add-col", onclick: () => { game.cols.push(`c${n + 1}`); game.row_payoffs.forEach((r) => r.push("0")); game.col_payoffs.forEach((r) => r.push("0")); renderEditor(); sync(false); } }, "+ column")));
  }

  async function solve(push) {
    sync(push);
    try {
      const doc = await api("/api/nash", { explain: explain.checked, method: method.value }, { body: gameJson(game), slot: "nash" });
      out.replaceChildren(...render(doc));
    } catch (e) {
      if (!aborted(e)) out.replaceChildren(errorBox(e));
    }
  }

  function mixText(probs, names) {
    const used = probs.map((p, k) => (p === "0" ? null : [names[k], p])).filter(Boolean);
    if (used.length === 1 && used[0][1] === "1") return `${used[0][0]} (pure)`;
    return used.map(([n, p]) => `${n} with probability ${p}`).join(", ");
  }

  function render(doc) {
    const pureSet = new Set((doc.pure || []).map((e) => `${e.row},${e.col}`));
    const domRows = new Set((doc.dominated?.row || []).map((d) => d.strategy));
    const domCols = new Set((doc.dominated?.col || []).map((d) => d.strategy));
    const matrix = wideTable(h("table", { class: "payoffs result", id: "nash-result" },
      h("caption", {}, "Pure equilibria outlined; dominated strategies struck through"),
      h("thead", {}, h("tr", {}, h("td", {}), game.cols.map((c, j) => h("th", { scope: "col", class: domCols.has(j) ? "dominated" : null }, c)))),
      h("tbody", {}, game.rows.map((r, i) => h("tr", {},
        h("th", { scope: "row", class: domRows.has(i) ? "dominated" : null }, r),
        game.cols.map((_, j) => h("td", { class: pureSet.has(`${i},${j}`) ? "eq" : null },
          h("span", { class: "rp" }, game.row_payoffs[i][j]), ", ", h("span", { class: "cp" }, game.col_payoffs[i][j]))))))), "the payoff table");
    const dom = [];
    const d = doc.dominant || {};
    if (d.row !== null && d.row !== undefined) dom.push(`the row player has a dominant strategy: ${game.rows[d.row]}`);
    if (d.col !== null && d.col !== undefined) dom.push(`the column player has a dominant strategy: ${game.cols[d.col]}`);
    for (const x of doc.dominated?.row || []) dom.push(`row ${game.rows[x.strategy]} is ${x.strict ? "strictly" : "weakly"} dominated by ${game.rows[x.by]}`);
    for (const x of doc.dominated?.col || []) dom.push(`column ${game.cols[x.strategy]} is ${x.strict ? "strictly" : "weakly"} dominated by ${game.cols[x.by]}`);
    if (doc.iterated?.rounds) dom.push(`iterated elimination (${doc.iterated.rounds} round${doc.iterated.rounds > 1 ? "s" : ""}) leaves rows {${doc.iterated.row.map((k) => game.rows[k]).join(", ")}} and columns {${doc.iterated.col.map((k) => game.cols[k]).join(", ")}}`);
    const eqs = doc.mixed || [];
    const eqTable = wideTable(h("table", { class: "equilibria", id: "nash-equilibria" },
      h("caption", {}, `${eqs.length} equilibri${eqs.length === 1 ? "um" : "a"}${doc.degenerate ? " (a degenerate game: the extreme equilibria)" : ""}${doc.complete === false ? " — list may be incomplete" : ""}`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "row player plays"), h("th", { scope: "col" }, "column player plays"), h("th", { scope: "col" }, "payoffs"))),
      h("tbody", {}, eqs.map((e, k) => h("tr", {},
        h("td", {}, k + 1), h("td", {}, mixText(e.row, game.rows)), h("td", {}, mixText(e.col, game.cols)), h("td", {}, h("code", {}, `(${e.payoffs.join(", ")})`)))))), "the equilibria");
    const parts = [
      h("h3", {}, "Equilibria"), eqTable, matrix,
      h("h3", {}, "Dominance"), dom.length ? h("ul", {}, dom.map((t) => h("li", {}, t))) : h("p", {}, "No strategy is dominated."),
    ];
    if (game.rows.length === 2 && game.cols.length === 2) {
      const br = bestResponse(game, eqs);
      if (br) parts.push(h("figure", { class: "chart", id: "nash-br" }, br, h("figcaption", {}, "Best responses: blue, the row player's best p against each q; red, the column player's best q against each p. They cross at the equilibria (dots).")));
    }
    if (doc.explanation?.length) parts.push(h("section", { class: "why" }, h("h3", {}, "Why"), h("ul", { class: "explain" }, doc.explanation.map((t) => h("li", {}, t)))));
    return parts;
  }

  // The menu of examples: the library's classic games (GET /api/classics).
  let classics = [];
  const preset = h("select", { id: "nash-preset", "aria-label": "example games" },
    h("option", { value: "" }, "examples…"));
  preset.addEventListener("change", () => {
    const c = classics[Number(preset.value)];
    if (!preset.value || !c) return;
    game = normalise(c.game);
    renderEditor();
    solve(true);
  });
  const loadJson = h("button", { type: "button", id: "nash-load-json", onclick: () => {
    try {
      game = normalise(JSON.parse(jsonArea.value));
      jsonErr.textContent = "";
      renderEditor();
      solve(true);
    } catch (e) {
      jsonErr.textContent = "Not a game: " + e.message;
    }
  } }, "Use this JSON");

  const fileArea = h("textarea", { id: "nash-file", rows: 8, spellcheck: "false", "aria-label": "a Gambit .nfg or .efg file" });
  const fileOut = h("section", { class: "results", id: "nash-file-result", "aria-live": "polite" });

  /** The answer for a pasted file: the tree drawn (from the server), then the lists. */
  function renderFile(doc) {
    const parts = [];
    const ext = doc.extensive;
    if (doc.svg) {
      const svg = new DOMParser().parseFromString(doc.svg, "image/svg+xml").documentElement;
      if (svg && svg.nodeName === "svg") parts.push(h("figure", { class: "chart", id: "nash-tree" }, document.importNode(svg, true), h("figcaption", {}, "The game tree; the play of an equilibrium drawn thick, information sets dashed.")));
    }
    const names = ext?.reduced?.strategies || doc.strategies || (doc.rows ? [doc.rows, doc.cols] : null);
    if (ext) {
      const spe = ext.subgame_perfect;
      parts.push(h("h3", {}, "Subgame-perfect equilibria"));
      if (spe === null) parts.push(h("p", {}, "Not computed: backward induction needs perfect information."));
      else parts.push(h("ul", { id: "nash-spe" }, spe.map((e) => h("li", {}, `payoffs (${e.payoffs.join(", ")}); play through nodes ${e.path.join(", ")}`))));
      if (ext.reduced_note) parts.push(h("p", {}, `Reduced normal form not made: ${ext.reduced_note}`));
    }
    const label = (p, k) => (names?.[p]?.[k] ?? String(k));
    const title = ext ? "Equilibria of the reduced normal form" : "Equilibria";
    if (Array.isArray(doc.players)) {
      // Three or more players: every mixed equilibrium by kind, or the pure ones
      // when the mixed ones were not computed.
      if (Array.isArray(doc.mixed)) parts.push(h("h3", {}, title), ...mixedMany(doc, doc.players, names));
      else {
        parts.push(h("h3", {}, "Pure equilibria"),
          h("ul", { id: "nash-file-equilibria" }, (doc.pure || []).map((e) => h("li", {}, `(${e.profile.map((k, p) => label(p, k)).join(", ")}) → (${e.payoffs.join(", ")})`))));
        if (doc.note) parts.push(h("p", { class: "note" }, `Mixed equilibria not computed: ${doc.note}`));
      }
    } else if (Array.isArray(doc.mixed)) {
      parts.push(h("h3", {}, title),
        h("ul", { id: "nash-file-equilibria" }, doc.mixed.map((e) => h("li", {},
          [e.row, e.col].map((probs, p) => probs.map((x, k) => (x === "0" ? null : `${label(p, k)} ${x}`)).filter(Boolean).join(", ")).join(" against "),
          ` → (${e.payoffs.join(", ")})`))));
    } else if (Array.isArray(doc.pure)) {
      parts.push(h("h3", {}, "Pure equilibria"),
        h("ul", { id: "nash-file-equilibria" }, doc.pure.map((e) => h("li", {}, `(${e.profile.map((k, p) => label(p, k)).join(", ")}) → (${e.payoffs.join(", ")})`))));
    }
    return parts;
  }

  /** Sends the text of a game file and shows its answer in `where`. */
  async function solveText(text, where, slot) {
    try {
      const doc = await api("/api/nash", { explain: false }, { body: text, slot });
      where.replaceChildren(...renderFile(doc));
    } catch (e) {
      if (!aborted(e)) where.replaceChildren(errorBox(e));
    }
  }

  const solveFile = h("button", { type: "button", id: "nash-solve-file", onclick: () => solveText(fileArea.value, fileOut, "nash-file") }, "Solve this file");

  // The tree editor: its tree is solved like a pasted .efg file.
  const treeOut = h("section", { class: "results", id: "tree-result", "aria-live": "polite" });
  const treeCmd = h("div");
  let treeReady = false;
  const trees = treeEditor((text) => {
    treeState = trees.param();
    sync(treeReady);
    treeCmd.replaceChildren(cliBox("sprague nash tree.efg"),
      h("div", { class: "buttons" }, h("button", { type: "button", id: "tree-download", onclick: () => download("tree.efg", text, "text/plain") }, "Download tree.efg")));
    solveText(text, treeOut, "nash-tree");
  }, {
    initial: treeState,
    onChange: (param) => {
      if (!treeReady) return;
      treeState = param;
      sync(false);
    },
  });
  // A tree in the address that is not one the editor makes is replaced by its first tree.
  if (treeState !== null) treeState = trees.param();

  root.append(
    h("h2", { class: "view-title" }, "Nash equilibria of strategic games and game trees"),
    h("div", { class: "options" }, preset, method, h("label", {}, explain, " explain")),
    editor,
    h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "nash-solve", onclick: () => solve(true) }, "Find equilibria")),
    h("details", {}, h("summary", {}, "Edit or paste the JSON"), jsonArea, h("div", { class: "buttons" }, loadJson), jsonErr),
    h("details", { id: "nash-file-box" }, h("summary", {}, "Paste a Gambit file (.nfg, or a game tree .efg)"), fileArea, h("div", { class: "buttons" }, solveFile), fileOut),
    h("details", { id: "nash-tree-box", open: treeState !== null }, h("summary", {}, "Build a game tree"), trees.element, treeCmd, treeOut),
    cmd, out);
  renderEditor();
  if (fromAddress) solve(false);
  api("/api/classics").then(
    (doc) => {
      classics = doc.games.filter((c) => c.game);
      preset.append(...classics.map((c, i) => h("option", { value: String(i) }, c.name)));
      if (!fromAddress && classics.length) {
        game = normalise(classics[0].game);
        renderEditor();
      }
      if (!fromAddress) solve(false);
    },
    () => { if (!fromAddress) solve(false); });
  // A tree in the address is solved as it comes.
  if (treeState !== null) document.getElementById("tree-solve")?.click();
  treeReady = true;
}
