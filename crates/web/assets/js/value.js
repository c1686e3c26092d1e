// The Values view: canonical form, outcome, mean, temperature and stops of a short
// partizan game, its thermograph drawn from the exact `thermograph` field (Left's
// direction, positive values, drawn to the LEFT as usual in CGT), and the pictures
// of the components of the sum, as the document gives them.
import { h, s, api, aborted, cli, cliBox, params, setParams, errorBox, Q, OUTCOME_WORDS, example } from "./util.js";
import { exprBox } from "./exprbox.js";
import { explanationList } from "./solve.js";
import { drawComponent } from "./draw.js";

/** The thermograph as SVG: left wall, right wall and mast; Left's side on the left. */
export function thermograph(tg) {
  const P = ([x, t]) => ({ x: Q.parse(x), t: Q.parse(t), sx: String(x), st: String(t) });
  const left = (tg.left_wall || []).map(P).filter((p) => p.x && p.t);
  const right = (tg.right_wall || []).map(P).filter((p) => p.x && p.t);
  const m = { x: Q.parse(tg.mast?.x ?? "0") || new Q(0n), t: Q.parse(tg.mast?.t ?? "0") || new Q(0n) };
  const all = [...left, ...right, m];
  const xsN = all.map((p) => p.x.num());
  const tsN = all.map((p) => p.t.num());
  const tTop = Math.max(...tsN, 0) + Math.max(1, (Math.max(...tsN, 0) - Math.min(...tsN, 0)) * 0.5);
  const tBot = Math.min(...tsN, 0);
  let xHi = Math.max(...xsN);
  let xLo = Math.min(...xsN);
  const spanX = Math.max(xHi - xLo, 1);
  xHi += spanX * 0.25;
  xLo -= spanX * 0.25;
  const W = 420;
  const H = 300;
  const pad = { l: 30, r: 30, t: 20, b: 40 };
  const unit = Math.min((W - pad.l - pad.r) / (xHi - xLo), (H - pad.t - pad.b) / (tTop - tBot));
  const midX = (xHi + xLo) / 2;
  // Left (positive x) to the left: screen x decreases as x grows.
  const X = (x) => W / 2 - (x - midX) * unit;
  const T = (t) => H - pad.b - (t - tBot) * unit;
  const svg = s("svg", { class: "thermograph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `thermograph: mast at ${m.x} from temperature ${m.t}; Left's side is drawn on the left` });
  svg.append(s("line", { x1: 4, y1: T(0), x2: W - 4, y2: T(0), class: "axisline" }));
  svg.append(s("text", { x: 6, y: T(0) + 30, class: "axis" }, "← Left (positive)"));
  svg.append(s("text", { x: W - 6, y: T(0) + 30, class: "axis", "text-anchor": "end" }, "Right (negative) →"));
  svg.append(s("text", { x: X(midX) + 4, y: pad.t - 6, class: "axis" }, "temperature ↑"));
  const poly = (pts, cls) => {
    const sorted = pts.slice().sort((a, b) => a.t.cmp(b.t));
    if (sorted.length === 1) return s("circle", { cx: X(sorted[0].x.num()), cy: T(sorted[0].t.num()), r: 3, class: cls });
    return s("polyline", { points: sorted.map((p) => `${X(p.x.num())},${T(p.t.num())}`).join(" "), class: cls });
  };
  svg.append(poly(left, "wall left-wall"));
  svg.append(poly(right, "wall right-wall"));
  svg.append(s("line", { x1: X(m.x.num()), y1: T(m.t.num()), x2: X(m.x.num()), y2: T(tTop) + 6, class: "mast" }));
  svg.append(s("polygon", { points: `${X(m.x.num())},${T(tTop) - 2} ${X(m.x.num()) - 5},${T(tTop) + 8} ${X(m.x.num()) + 5},${T(tTop) + 8}`, class: "mast-head" }));
  // Labels: every distinct x at t = 0 and the mast's temperature.
  const seen = new Set();
  for (const p of [...left, ...right]) {
    if (!p.t.isZero() || seen.has(p.sx)) continue;
    seen.add(p.sx);
    svg.append(s("line", { x1: X(p.x.num()), y1: T(0) - 3, x2: X(p.x.num()), y2: T(0) + 3, class: "axisline" }));
    svg.append(s("text", { x: X(p.x.num()), y: T(0) + 15, class: "axis", "text-anchor": "middle" }, p.sx));
  }
  if (!seen.has(String(m.x))) svg.append(s("text", { x: X(m.x.num()), y: T(0) + 15, class: "axis mast-label", "text-anchor": "middle" }, `mean ${m.x}`));
  svg.append(s("line", { x1: X(m.x.num()) - 6, y1: T(m.t.num()), x2: X(m.x.num()) + 6, y2: T(m.t.num()), class: "axisline" }));
  svg.append(s("text", { x: X(m.x.num()) + 8, y: T(m.t.num()) + 4, class: "axis" }, `t = ${m.t}`));
  return svg;
}

/** The pictures of the components of the sum (the document's `pictures`), drawn as the Play view draws them. */
export function sumPictures(pictures) {
  const ctx = { onMove: () => {}, showValues: false, showP: false };
  return (pictures || []).map((d) => h("figure", { class: `pic pic-${d.kind}`, "data-component": d.component },
    drawComponent(d, [], ctx), h("figcaption", {}, d.title)));
}

/** How two games compare, in words, by the document's `order`. */
const ORDER_WORDS = { "==": "equal", "<": "less", ">": "greater", "<>": "confused" };

/** The answer to a comparison `G <= H` (the document's `compare`), or null. */
export function comparison(c) {
  if (!c) return null;
  const right = /^[-+]| /.test(c.right) ? `(${c.right})` : c.right;
  return h("p", { class: "compare", id: "value-compare" },
    h("code", {}, `${c.left} ${c.relation} ${c.right}`), ` is ${c.holds}: `,
    h("code", {}, `${c.left} ${c.order} ${c.right}`), ` (${ORDER_WORDS[c.order] ?? c.order}). `,
    "Below: the difference ", h("code", {}, `${c.left} - ${right}`), ".");
}

/** The Values view. */
export function valueView(root) {
  const p = params();
  const st = { expr: p.get("expr") ?? example("value"), explain: p.get("explain") === "1", ascii: p.get("ascii") === "1" };
  const out = h("section", { class: "results", "aria-live": "polite" });
  const cmd = h("div");
  const box = exprBox({
    label: example("value_label"),
    kind: "value", value: st.expr, button: "Evaluate",
    onSubmit: (t) => { st.expr = t; go(true); },
    onInput: (t) => { st.expr = t.trim(); sync(false); },
  });
  const explain = h("input", { type: "checkbox", id: "value-explain", checked: st.explain });
  const ascii = h("input", { type: "checkbox", id: "value-ascii", checked: st.ascii });
  explain.addEventListener("change", () => { st.explain = explain.checked; go(true); });
  ascii.addEventListener("change", () => { st.ascii = ascii.checked; go(true); });

  function sync(push) {
    setParams({ view: "value", expr: st.expr, explain: st.explain, ascii: st.ascii }, push);
    cmd.replaceChildren(cliBox(cli("sprague value", st.explain && "--explain", st.ascii && "--ascii", st.expr)));
  }

  async function go(push) {
    sync(push);
    if (!st.expr) return;
    try {
      const doc = await api("/api/value", { expr: st.expr, explain: st.explain, ascii: st.ascii }, { slot: "value" });
      box.showError(null);
      out.replaceChildren(...render(doc));
    } catch (e) {
      if (aborted(e)) return;
      if (e.kind === "input") box.showError(e);
      // An error with a column is shown under the expression already.
      out.replaceChildren(...(e.kind === "input" && e.column ? [] : [errorBox(e)]));
    }
  }

  function render(doc) {
    const opt = (xs) => (xs == null ? "—" : xs.length ? xs.map((x, i) => [i ? ", " : "", h("code", {}, x)]) : "none");
    const facts = h("dl", { class: "facts" },
      h("dt", {}, "canonical form"), h("dd", {}, doc.canonical == null
        ? `too long to print (summarised; born on day ${doc.birthday})`
        : h("code", { class: "canonical", id: "value-canonical" }, doc.canonical)),
      h("dt", {}, "outcome"), h("dd", {}, h("span", { class: `badge o-${doc.outcome}` }, doc.outcome), " ", OUTCOME_WORDS[doc.outcome]?.slice(3) || ""),
      h("dt", {}, "number"), h("dd", {}, doc.number ?? "not a number"),
      h("dt", {}, "mean"), h("dd", {}, doc.mean ?? "—"),
      h("dt", {}, "temperature"), h("dd", {}, doc.temperature ?? "—"),
      h("dt", {}, "stops"), h("dd", {}, `Left stop ${doc.left_stop ?? "—"}, Right stop ${doc.right_stop ?? "—"}`),
      h("dt", {}, "Left options"), h("dd", {}, opt(doc.left_options)),
      h("dt", {}, "Right options"), h("dd", {}, opt(doc.right_options)),
      h("dt", {}, "birthday"), h("dd", {}, String(doc.birthday ?? "—")),
      h("dt", {}, "orthodox moves"), h("dd", {}, doc.orthodox
        ? ["Left ", opt(doc.orthodox.left), "; Right ", opt(doc.orthodox.right)]
        : "—"),
      h("dt", {}, "reduced form"), h("dd", {}, doc.reduced == null ? "—" : h("code", {}, doc.reduced)),
      h("dt", {}, "atomic weight"), h("dd", {}, doc.atomic_weight == null
        ? "— (not all-small)"
        : [h("code", {}, doc.atomic_weight), ` (far star ${doc.far_star})`]));
    const tg = doc.thermograph
      ? h("figure", { class: "chart", id: "value-thermograph" }, thermograph(doc.thermograph),
        h("figcaption", {}, "Thermograph: the left wall (blue) is Left's stop and the right wall (red) Right's stop as the game is cooled by t; they meet at the temperature, where the mast rises at the mean. Left's direction is drawn to the left."))
      : h("p", { class: "hint" }, "No thermograph for this game (not computed).");
    const pics = sumPictures(doc.pictures);
    return [
      comparison(doc.compare),
      facts, tg,
      pics.length ? h("section", {}, h("h3", {}, "The games"), h("div", { class: "pictures", id: "value-pictures" }, pics)) : null,
      doc.explanation?.length ? h("section", { class: "why" }, h("h3", {}, "How the canonical form was found"), explanationList(doc.explanation)) : null,
    ].filter(Boolean);
  }

  root.append(
    h("h2", { class: "view-title" }, "Value of a partizan game"),
    box.root,
    h("div", { class: "options" }, h("label", {}, explain, " explain"), h("label", {}, ascii, " ASCII (+- for ±)")),
    cmd, out);
  go(false);
  return {
    popstate() {
      const q = params();
      if (q.get("view") !== "value") return false;
      st.expr = q.get("expr") ?? "";
      box.value = st.expr;
      go(false);
      return true;
    },
  };
}
