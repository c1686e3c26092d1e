// The Solve view: an expression, its outcome, the nim-value of every component,
// every winning move (clicking one loads the position after it) and the explanation.
import { h, api, aborted, cli, cliBox, params, setParams, errorBox, OUTCOME_WORDS, example, wideTable } from "./util.js";
import { exprBox } from "./exprbox.js";

/** The whole position after a solve move: its component replaced by `to`. */
export function positionAfter(doc, move) {
  const parts = doc.components.map((c) => c.expr);
  parts[move.component] = move.to;
  return parts.join(" + ");
}

/** Lays out explanation lines: component prefixes bold, indented lines nested, XOR lines in monospace. */
export function explanationList(lines, names = []) {
  const list = h("ol", { class: "explain" });
  for (const line of lines) {
    const indent = /^\s+/.exec(line)?.[0].length || 0;
    const text = line.trim();
    let head = null;
    let rest = text;
    for (const n of names) {
      if (text.startsWith(n + ": ")) {
        head = n;
        rest = text.slice(n.length + 2);
        break;
      }
    }
    const mono = /^\S+ \([01]+\) ⊕ /.test(rest);
    list.append(h("li", { class: indent ? "indent" : null, style: indent ? `--indent:${Math.min(indent, 8)}` : null },
      head ? h("code", { class: "explain-head" }, head) : null,
      head ? ": " : null,
      mono ? h("code", { class: "xor" }, rest) : rest));
  }
  return list;
}

/** The Solve view. */
export function solveView(root) {
  const p = params();
  const state = {
    expr: p.get("expr") ?? example("solve"),
    misere: p.get("misere") === "1",
    explain: p.get("explain") !== "0",
  };
  const out = h("section", { class: "results", "aria-live": "polite", "aria-busy": "false" });
  const cmd = h("div");
  const box = exprBox({
    label: example("solve_label"),
    kind: "position",
    value: state.expr,
    button: "Solve",
    onSubmit: (t) => { state.expr = t; go(true); },
    onInput: (t) => { state.expr = t.trim(); sync(false); },
  });
  const misere = h("input", { type: "checkbox", id: "solve-misere", checked: state.misere });
  const explain = h("input", { type: "checkbox", id: "solve-explain", checked: state.explain });
  misere.addEventListener("change", () => { state.misere = misere.checked; go(true); });
  explain.addEventListener("change", () => { state.explain = explain.checked; go(true); });

  function sync(push) {
    setParams({ view: "solve", expr: state.expr, misere: state.misere, explain: state.explain ? null : "0" }, push);
    cmd.replaceChildren(cliBox(cli("sprague solve", state.misere && "--misere", state.explain && "--explain", state.expr)));
  }

  async function go(push) {
    sync(push);
    if (!state.expr) { out.replaceChildren(); return; }
    out.setAttribute("aria-busy", "true");
    try {
      const doc = await api("/api/solve", { expr: state.expr, misere: state.misere, explain: state.explain, max_moves: 50 }, { slot: "solve" });
      box.showError(null);
      out.replaceChildren(...renderDoc(doc));
    } catch (e) {
      if (aborted(e)) return;
      if (e.kind === "input") box.showError(e);
      // An error with a column is shown under the expression already.
      out.replaceChildren(...(e.kind === "input" && e.column ? [] : [errorBox(e)]));
      if (/partizan/.test(e.message)) {
        out.append(h("p", {}, h("a", { href: `/?view=value&expr=${encodeURIComponent(state.expr)}`, "data-view": "value", id: "to-value" }, "Evaluate it as a partizan game in the Values view →")));
      }
    } finally {
      out.setAttribute("aria-busy", "false");
    }
  }

  function load(expr) {
    state.expr = expr;
    box.value = expr;
    go(true);
  }

  function renderDoc(doc) {
    const names = doc.components.map((c) => c.expr);
    const grundy = doc.grundy === null || doc.grundy === undefined ? "not computed" : String(doc.grundy);
    const summary = h("dl", { class: "facts" },
      h("dt", {}, "position"), h("dd", {}, h("code", {}, doc.position)),
      h("dt", {}, "play"), h("dd", {}, doc.play === "misere" ? "misère (the player who makes the last move loses)" : "normal (the player who cannot move loses)"),
      h("dt", {}, "outcome"), h("dd", {}, h("span", { class: `badge o-${doc.outcome}`, id: "solve-outcome" }, doc.outcome), " ", OUTCOME_WORDS[doc.outcome]?.slice(3) || ""),
      h("dt", {}, "nim-value"), h("dd", { id: "solve-grundy" }, grundy),
      doc.remoteness !== undefined && doc.remoteness !== null ? [h("dt", {}, "remoteness"), h("dd", {}, `${doc.remoteness} moves to the end with perfect play`)] : null);
    const comps = wideTable(h("table", { class: "comps" },
      h("caption", {}, "Components"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "component"), h("th", { scope: "col" }, "nim-value"), h("th", { scope: "col" }, "binary"))),
      h("tbody", {}, doc.components.map((c, i) => h("tr", {},
        h("td", {}, i + 1), h("td", {}, h("code", {}, c.expr)),
        h("td", {}, c.grundy === null ? "—" : String(c.grundy)),
        h("td", {}, h("code", {}, typeof c.grundy === "number" ? c.grundy.toString(2) : "")),
      )))), "the components");
    const moves = doc.winning_moves || [];
    const mlist = h("ul", { class: "moves", id: "solve-moves" },
      moves.map((m) => {
        const to = positionAfter(doc, m);
        return h("li", {}, h("button", {
          type: "button", class: "move r-P", title: `load ${to}`,
          onclick: () => load(to),
        }, h("code", {}, m.from), " → ", h("code", {}, m.to), h("span", { class: "move-text" }, m.text)));
      }));
    const movesSec = h("section", {}, h("h2", {}, "Winning moves"),
      moves.length ? h("p", { class: "hint" }, "Click a move to load the position after it.") : h("p", {}, doc.outcome === "P" ? "None: every move leads to a position where the opponent wins." : doc.outcome === "D" ? "None wins; the best one can do is draw." : "None listed."),
      mlist,
      doc.truncated ? h("p", { class: "hint" }, "… more winning moves exist (the list is cut at 50).") : null,
      h("p", {}, h("a", { href: `/?view=play&expr=${encodeURIComponent(doc.position)}${state.misere ? "&misere=1" : ""}`, "data-view": "play" }, "Play this position against the computer →")));
    const res = [summary, comps, movesSec];
    if (doc.explanation?.length) {
      res.push(h("section", { class: "why" }, h("h2", {}, "Why"), explanationList(doc.explanation, names)));
    }
    return res;
  }

  root.append(
    h("h2", { class: "view-title" }, "Solve a position"),
    box.root,
    h("div", { class: "options" },
      h("label", {}, misere, " misère play (last move loses)"),
      h("label", {}, explain, " explain")),
    cmd, out);
  go(false);
  return {
    popstate() {
      const q = params();
      if (q.get("view") !== "solve") return false;
      state.expr = q.get("expr") ?? "";
      state.misere = q.get("misere") === "1";
      box.value = state.expr;
      misere.checked = state.misere;
      go(false);
      return true;
    },
  };
}
