// The Tables view: a heap family's values as a chart with the preperiod and the
// period marked (view=table), and the nim-values of two-parameter positions as a heat
// map with the P-positions highlighted (view=grid). Both download as CSV or JSON.
import { h, s, api, aborted, cli, cliBox, params, setParams, errorBox, download, example, wideTable } from "./util.js";
import { exprBox } from "./exprbox.js";
import { explanationList } from "./solve.js";

/** The chart of value against heap size. */
export function tableChart(doc) {
  const vals = doc.values;
  const from = Number(doc.from);
  const n = vals.length;
  const W = Math.max(480, Math.min(1400, n * 12 + 60));
  const H = 240;
  const padL = 36;
  const padB = 30;
  const padT = 26;
  const maxV = Math.max(1, ...vals);
  const bw = (W - padL - 8) / Math.max(n, 1);
  const xs = (i) => padL + i * bw;
  const ys = (v) => H - padB - (v / maxV) * (H - padB - padT);
  const svg = s("svg", { class: "table-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `values of ${doc.family} for heaps ${from} to ${from + n - 1}` });
  const per = doc.period;
  if (per) {
    const pre = Number(per.preperiod);
    const p = Number(per.period);
    // The preperiod: shaded.
    if (pre > from) {
      const end = Math.min(n, pre - from);
      svg.append(s("rect", { x: xs(0), y: padT - 14, width: end * bw, height: H - padB - padT + 14, class: "preperiod" }, s("title", {}, `preperiod: heaps before ${pre}`)));
      if (end > 2) svg.append(s("text", { x: xs(0) + 3, y: padT - 4, class: "axis" }, "preperiod"));
    }
    // Period blocks: alternate shading and a tick at each block start.
    if (p > 0) {
      let k = 0;
      for (let b = pre; b < from + n; b += p, k++) {
        if (b + p <= from) continue;
        const i0 = Math.max(0, b - from);
        const i1 = Math.min(n, b + p - from);
        svg.append(s("rect", { x: xs(i0), y: padT - 14, width: (i1 - i0) * bw, height: H - padB - padT + 14, class: "period-block" + (k % 2 ? " odd" : "") }));
        if (b >= from) svg.append(s("line", { x1: xs(i0), y1: padT - 14, x2: xs(i0), y2: H - padB, class: "period-mark" }, s("title", {}, `a period of ${p} starts at heap ${b}`)));
        if (k === 0 && b >= from && (i1 - i0) * bw > 50) svg.append(s("text", { x: xs(i0) + 3, y: padT - 4, class: "axis" }, `period ${p}`));
        if (k > 2000) break;
      }
    }
  }
  svg.append(s("line", { x1: padL, y1: H - padB, x2: W - 4, y2: H - padB, class: "axisline" }));
  svg.append(s("line", { x1: padL, y1: padT, x2: padL, y2: H - padB, class: "axisline" }));
  for (let v = 0; v <= maxV; v += Math.max(1, Math.ceil(maxV / 6))) {
    svg.append(s("text", { x: padL - 5, y: ys(v) + 4, class: "axis", "text-anchor": "end" }, v));
    svg.append(s("line", { x1: padL, y1: ys(v), x2: W - 4, y2: ys(v), class: "gridline" }));
  }
  const step = Math.max(1, Math.ceil(n / 20));
  vals.forEach((v, i) => {
    const heap = from + i;
    svg.append(s("rect", { x: xs(i) + bw * 0.15, y: ys(v), width: bw * 0.7, height: H - padB - ys(v), class: "bar" + (v === 0 ? " zero" : "") }, s("title", {}, `sg(${heap}) = ${v}`)));
    if (v === 0) svg.append(s("circle", { cx: xs(i) + bw / 2, cy: H - padB, r: Math.min(3, bw / 3), class: "p-dot" }));
    if (i % step === 0) svg.append(s("text", { x: xs(i) + bw / 2, y: H - padB + 14, class: "axis", "text-anchor": "middle" }, heap));
  });
  svg.append(s("text", { x: W - 6, y: H - 4, class: "axis", "text-anchor": "end" }, "heap size →"));
  return svg;
}

function periodText(doc) {
  const p = doc.period;
  if (!p) return "period: none found in the computed range";
  return `period: ${p.period} from heap ${p.preperiod} ` + (p.proved ? "(proved: the rules guarantee the pattern continues forever)" : "(not proved: observed in the computed range only)");
}

const PALETTE = (v, max) => {
  if (v === 0) return "#111";
  const t = max <= 1 ? 1 : (v - 1) / (max - 1);
  const hue = 210 - 190 * t;
  return `hsl(${hue.toFixed(0)} 70% ${(78 - 30 * t).toFixed(0)}%)`;
};

/** The heat map of a grid document: nim-value colours, P-positions (zeros) black. */
export function heatMap(doc, onCell) {
  const R = doc.values.length;
  const C = R ? doc.values[0].length : 0;
  const cell = Math.max(2, Math.min(24, Math.floor(560 / Math.max(R, C, 1))));
  const pad = 28;
  const W = C * cell + pad + 4;
  const H = R * cell + pad + 4;
  const maxV = Math.max(1, ...doc.values.map((r) => Math.max(...r.map((v) => (typeof v === "number" ? v : 0)))));
  const svg = s("svg", { class: "heatmap", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": `nim-values of ${doc.family} for rows 0 to ${R - 1} and columns 0 to ${C - 1}; the P-positions (value 0) are black` });
  // Row i at the top, as the API numbers them; a canvas image for large maps.
  if (R * C > 12000) {
    const cv = document.createElement("canvas");
    cv.width = C;
    cv.height = R;
    const g = cv.getContext("2d");
    for (let i = 0; i < R; i++) for (let j = 0; j < C; j++) {
      g.fillStyle = PALETTE(doc.values[i][j], maxV);
      g.fillRect(j, i, 1, 1);
    }
    svg.append(s("image", { href: cv.toDataURL(), x: pad, y: pad, width: C * cell, height: R * cell, class: "pixelated", preserveAspectRatio: "none" }));
  } else {
    for (let i = 0; i < R; i++) for (let j = 0; j < C; j++) {
      const v = doc.values[i][j];
      const r = s("rect", { x: pad + j * cell, y: pad + i * cell, width: cell, height: cell, fill: PALETTE(v, maxV), class: v === 0 ? "hm p" : "hm", "data-i": i, "data-j": j },
        s("title", {}, `${cellText(doc.cell, i, j)} (row ${i}, column ${j}): ${v}${v === 0 ? " — a P-position" : ""}`));
      if (onCell) r.addEventListener("click", () => onCell(i, j));
      svg.append(r);
      if (cell >= 18) svg.append(s("text", { x: pad + j * cell + cell / 2, y: pad + i * cell + cell / 2 + 4, class: "hm-num" + (v === 0 ? " on-dark" : ""), "text-anchor": "middle" }, v));
    }
  }
  const tick = Math.max(1, Math.ceil(Math.max(R, C) / 10));
  for (let j = 0; j < C; j += tick) svg.append(s("text", { x: pad + j * cell + cell / 2, y: pad - 6, class: "axis", "text-anchor": "middle" }, j));
  for (let i = 0; i < R; i += tick) svg.append(s("text", { x: pad - 4, y: pad + i * cell + cell / 2 + 4, class: "axis", "text-anchor": "end" }, i));
  return svg;
}

/** The position of a cell: the grid document's `cell` with row `i` and column `j` in place of `{i}` and `{j}`. */
function cellText(cell, i, j) {
  return String(cell ?? "").replaceAll("{i}", String(i)).replaceAll("{j}", String(j));
}

/** The Tables view (view=table, view=grid and view=quotient). */
export function tablesView(root, name) {
  const p = params();
  const st = {
    mode: name === "grid" || name === "quotient" ? name : "table",
    family: p.get("family") || (name === "grid" ? example("grid") : name === "quotient" ? example("quotient") : example("table")),
    from: p.get("from") || "0",
    to: p.get("to") || "60",
    size: p.get("size") || "32",
    heaps: p.get("heaps") || "8",
    explain: p.get("explain") === "1",
  };
  const out = h("section", { class: "results", "aria-live": "polite" });
  const cmd = h("div");
  const tabTable = h("button", { type: "button", role: "tab", id: "tab-table", "aria-selected": String(st.mode === "table"), onclick: () => switchMode("table") }, "Heap table");
  const tabGrid = h("button", { type: "button", role: "tab", id: "tab-grid", "aria-selected": String(st.mode === "grid"), onclick: () => switchMode("grid") }, "Grid of two parameters");
  const tabQuotient = h("button", { type: "button", role: "tab", id: "tab-quotient", "aria-selected": String(st.mode === "quotient"), onclick: () => switchMode("quotient") }, "Misère quotient");
  const box = exprBox({
    label: example("family_label"),
    kind: "family",
    value: st.family,
    button: "Show",
    onSubmit: (t) => { st.family = t; go(true); },
    onInput: (t) => { st.family = t.trim(); },
  });
  // The family box checks as a family of the heap table; the grid accepts families
  // on pairs too, and says how each cell is written (its document's `cell`).
  const num = (id, label, key, min, max) => {
    const inp = h("input", { type: "number", id, min, max, value: st[key], inputmode: "numeric" });
    inp.addEventListener("change", () => { st[key] = inp.value; go(true); });
    return h("label", { class: "num" }, label, " ", inp);
  };
  const fromIn = num("table-from", "from", "from", 0, undefined);
  const toIn = num("table-to", "to", "to", 0, undefined);
  const sizeIn = num("grid-size", "size", "size", 1, 512);
  const explain = h("input", { type: "checkbox", id: "table-explain", checked: st.explain });
  explain.addEventListener("change", () => { st.explain = explain.checked; go(true); });
  const tableOpts = h("div", { class: "options" }, fromIn, toIn, h("label", {}, explain, " explain each value"));
  const gridOpts = h("div", { class: "options" }, sizeIn, h("span", { class: "hint" }, "rows and columns 0 … size − 1"));
  const heapsIn = num("quotient-to", "heaps 1 to", "heaps", 1, 1000);
  const quotientOpts = h("div", { class: "options" }, heapsIn, h("span", { class: "hint" }, "the misère quotient of these heaps, verified on every sum of them"));

  function switchMode(m) {
    if (m === st.mode) return;
    st.mode = m;
    if (m === "grid" && !st.family) st.family = example("grid");
    if (m === "quotient" && !st.family) st.family = example("quotient");
    go(true);
  }

  function sync(push) {
    tabTable.setAttribute("aria-selected", String(st.mode === "table"));
    tabGrid.setAttribute("aria-selected", String(st.mode === "grid"));
    tabQuotient.setAttribute("aria-selected", String(st.mode === "quotient"));
    tableOpts.hidden = st.mode !== "table";
    gridOpts.hidden = st.mode !== "grid";
    quotientOpts.hidden = st.mode !== "quotient";
    box.setKind(st.mode === "table" ? "family" : null);
    if (st.mode === "table") {
      setParams({ view: "table", family: st.family, from: st.from !== "0" ? st.from : null, to: st.to, explain: st.explain }, push);
      cmd.replaceChildren(cliBox(cli("sprague table", st.explain && "--explain", st.from !== "0" && ["--from", st.from], "--to", st.to, st.family)));
    } else if (st.mode === "quotient") {
      setParams({ view: "quotient", family: st.family, heaps: st.heaps }, push);
      cmd.replaceChildren(cliBox(cli("sprague quotient", "--to", st.heaps, st.family)));
    } else {
      setParams({ view: "grid", family: st.family, size: st.size }, push);
      gridCommand();
    }
  }

  /** The command of the grid (the same document), and of its last cell once the grid of this family says how a cell is written. */
  function gridCommand() {
    const n = Math.max(0, st.size - 1);
    const known = st.cell && st.cell.family === st.family;
    cmd.replaceChildren(cliBox(cli("sprague table", "--pairs", "--to", String(n), st.family)),
      ...(known ? [cliBox(cli("sprague solve", cellText(st.cell.template, n, n)))] : []),
      h("p", { class: "hint" }, "Each cell is the nim-value of its position (" + (known ? "the position above for its row and column; " : "") + "click a cell to solve it)."));
  }

  async function go(push) {
    sync(push);
    if (!st.family) return;
    out.setAttribute("aria-busy", "true");
    try {
      if (st.mode === "table") {
        const doc = await api("/api/table", { family: st.family, from: st.from, to: st.to, explain: st.explain }, { slot: "tables" });
        box.showError(null);
        out.replaceChildren(...renderTable(doc));
      } else if (st.mode === "quotient") {
        const doc = await api("/api/quotient", { family: st.family, to: st.heaps }, { slot: "tables" });
        box.showError(null);
        out.replaceChildren(...renderQuotient(doc));
      } else {
        const doc = await api("/api/grid", { family: st.family, rows: st.size, cols: st.size }, { slot: "tables" });
        box.showError(null);
        st.cell = { family: doc.family, template: doc.cell };
        gridCommand();
        out.replaceChildren(...renderGrid(doc));
      }
    } catch (e) {
      if (aborted(e)) return;
      if (e.kind === "input" && e.column) box.showError(e);
      out.replaceChildren(errorBox(e));
    } finally {
      out.setAttribute("aria-busy", "false");
    }
  }

  function renderTable(doc) {
    const from = Number(doc.from);
    const name = `${doc.family.replace(/[^A-Za-z0-9_.,-]+/g, "_").replace(/_+$/, "")}_${from}-${from + doc.values.length - 1}`;
    const csv = "heap,value\n" + doc.values.map((v, i) => `${from + i},${v}`).join("\n") + "\n";
    const rows = [];
    for (let i = 0; i < doc.values.length; i += 10) {
      rows.push(h("tr", {}, h("th", { scope: "row" }, from + i), doc.values.slice(i, i + 10).map((v) => h("td", { class: v === 0 ? "zero" : null }, v))));
    }
    return [
      h("p", { class: "period-line", id: "table-period", "data-proved": doc.period ? String(!!doc.period.proved) : "none" },
        h("strong", {}, doc.family), ": ", periodText(doc)),
      h("figure", { class: "chart" }, tableChart(doc),
        h("figcaption", {}, "Sprague–Grundy value against heap size; black dots mark the P-positions (value 0), the shaded part is the preperiod, alternating bands are periods.")),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "dl-csv", onclick: () => download(name + ".csv", csv, "text/csv") }, "Download CSV"),
        h("button", { type: "button", id: "dl-json", onclick: () => download(name + ".json", JSON.stringify(doc, null, 2) + "\n", "application/json") }, "Download JSON")),
      wideTable(h("table", { class: "values" }, h("caption", {}, "Values, ten per row"),
        h("thead", {}, h("tr", {}, h("th", {}, "heap"), [...Array(10).keys()].map((k) => h("th", { scope: "col" }, "+" + k)))),
        h("tbody", {}, rows)), "the table of values"),
      doc.explanation?.length ? h("section", { class: "why" }, h("h3", {}, "How each value is found"), explanationList(doc.explanation)) : null,
    ].filter(Boolean);
  }

  function renderGrid(doc) {
    const name = `${doc.family.replace(/[^A-Za-z0-9_.,-]+/g, "_").replace(/_+$/, "")}_grid_${doc.rows}x${doc.cols}`;
    const csv = doc.values.map((r) => r.join(",")).join("\n") + "\n";
    const ps = [];
    doc.values.forEach((r, i) => r.forEach((v, j) => { if (v === 0 && ps.length < 40) ps.push(`(${i},${j})`); }));
    return [
      h("figure", { class: "chart" }, heatMap(doc, (i, j) => {
        history.pushState(null, "", `/?view=solve&expr=${encodeURIComponent(cellText(doc.cell, i, j))}`);
        dispatchEvent(new PopStateEvent("popstate"));
      }), h("figcaption", { id: "grid-caption" }, `Nim-values of ${cellText(doc.cell, "i", "j")}: row i, column j (from 0). Black cells are the P-positions; the lighter the colour, the smaller the value.`)),
      h("p", {}, "P-positions: ", h("code", { id: "grid-ppos" }, ps.join(" ")), ps.length >= 40 ? " …" : ""),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "dl-csv", onclick: () => download(name + ".csv", csv, "text/csv") }, "Download CSV"),
        h("button", { type: "button", id: "dl-json", onclick: () => download(name + ".json", JSON.stringify(doc) + "\n", "application/json") }, "Download JSON")),
    ];
  }

  function renderQuotient(doc) {
    const name = `${doc.family.replace(/[^A-Za-z0-9_.,-]+/g, "_").replace(/_+$/, "")}_quotient_${doc.to}`;
    const inP = new Set(doc.p_portion);
    const word = (w) => h("td", { class: inP.has(w) ? "zero" : null }, w);
    const parts = [
      h("p", { id: "quotient-summary" }, h("strong", {}, doc.family), `: heaps 1 to ${doc.to}, a quotient of order ${doc.order}, stable over heaps ${doc.stable_from} to ${doc.to}.`),
      h("p", {}, "Presentation: ", h("code", { id: "quotient-presentation" },
        `⟨${doc.generators.map((_, i) => String.fromCharCode(97 + i)).join(", ")} | ${doc.relations.join(", ")}⟩`)),
      h("p", {}, "P-portion (the player to move loses): ", h("code", { id: "quotient-p" }, doc.p_portion.join(", "))),
      wideTable(h("table", { class: "values", id: "quotient-heaps" }, h("caption", {}, "The element of each heap (shaded: in the P-portion)"),
        h("thead", {}, h("tr", {}, h("th", {}, "heap"), h("th", {}, "element"))),
        h("tbody", {}, doc.heaps.map((w, i) => h("tr", {}, h("th", { scope: "row" }, i + 1), word(w))))), "the element of each heap"),
    ];
    if (doc.table) {
      parts.push(wideTable(h("table", { class: "values", id: "quotient-table" }, h("caption", {}, "Multiplication"),
        h("thead", {}, h("tr", {}, h("th", {}, "×"), doc.elements.map((w) => h("th", { scope: "col" }, w)))),
        h("tbody", {}, doc.table.map((row, a) => h("tr", {}, h("th", { scope: "row" }, doc.elements[a]), row.map((b) => word(doc.elements[b])))))), "the multiplication table"));
    }
    parts.push(h("div", { class: "buttons" },
      h("button", { type: "button", id: "dl-json", onclick: () => download(name + ".json", JSON.stringify(doc) + "\n", "application/json") }, "Download JSON")));
    return parts;
  }

  root.append(
    h("h2", { class: "view-title" }, "Tables and pictures of values"),
    h("div", { class: "subtabs", role: "tablist", "aria-label": "kind of table" }, tabTable, tabGrid, tabQuotient),
    box.root, tableOpts, gridOpts, quotientOpts, cmd, out);
  go(false);
  return {
    popstate() {
      const q = params();
      const v = q.get("view");
      if (v !== "table" && v !== "grid" && v !== "quotient") return false;
      st.mode = v;
      st.family = q.get("family") || st.family;
      box.value = st.family;
      go(false);
      return true;
    },
  };
}
