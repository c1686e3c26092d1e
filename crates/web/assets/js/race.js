// The Race view: the counting race of many players (GET /api/race, the document of
// `sprague race --json`): which coalitions force a win, subgame-perfect play with its
// tie-break, and the finisher from each starting total, a page at a time.
import { h, api, aborted, cli, cliBox, params, setParams, errorBox } from "./util.js";

/** Starting totals shown on one page. */
const PAGE = 100;

/** `{1,3}`: a coalition, its players numbered from 1. */
const set = (members) => `{${members.join(",")}}`;

/** The Race view. */
export function raceView(root) {
  const q = params();
  const field = (id, label, value, attrs = {}) => {
    const inp = h("input", { id, name: id, value, spellcheck: "false", ...attrs });
    return [inp, h("label", { for: id }, label, " ", inp)];
  };
  const [players, playersLabel] = field("race-players", "Players", q.get("players") || "3", { type: "number", min: 2, max: 24, inputmode: "numeric" });
  const [moves, movesLabel] = field("race-moves", "Increments (comma-separated)", q.get("moves") || "1,2", { type: "text", inputmode: "numeric" });
  const [target, targetLabel] = field("race-to", "Target n", q.get("to") || "20", { type: "number", min: 1, inputmode: "numeric" });
  const rule = h("select", { id: "race-rule" },
    h("option", { value: "reach" }, "the first to reach n wins"),
    h("option", { value: "lose" }, "the first to reach n loses"));
  rule.value = q.get("lose") === "1" ? "lose" : "reach";
  const ties = h("select", { id: "race-ties" },
    h("option", { value: "smallest" }, "the smallest increment"),
    h("option", { value: "largest" }, "the largest increment"));
  ties.value = q.get("ties") === "largest" ? "largest" : "smallest";
  let first = Math.max(0, Number.parseInt(q.get("first") || "0", 10) || 0);

  const cmd = h("div");
  const out = h("section", { class: "results", id: "race-result", "aria-live": "polite" });

  function state() {
    return {
      players: players.value.trim(),
      moves: moves.value.replace(/\s+/g, ""),
      to: target.value.trim(),
      lose: rule.value === "lose",
      ties: ties.value,
    };
  }

  function sync(push) {
    const st = state();
    setParams({ view: "race", players: st.players, moves: st.moves, to: st.to, lose: st.lose, ties: st.ties === "smallest" ? null : st.ties, first: first || null }, push);
    cmd.replaceChildren(cliBox(cli("sprague race", "--players", st.players, "--moves", st.moves, "--to", st.to, st.lose ? "--lose" : null, st.ties === "smallest" ? null : ["--ties", st.ties])));
  }

  async function solve(push) {
    sync(push);
    const st = state();
    try {
      const doc = await api("/api/race", { players: st.players, moves: st.moves, to: st.to, lose: st.lose, ties: st.ties, first, count: PAGE }, { slot: "race" });
      out.replaceChildren(...render(doc));
    } catch (e) {
      if (!aborted(e)) out.replaceChildren(errorBox(e));
    }
  }

  function render(doc) {
    const n = doc.target;
    const reach = doc.rule === "reach";
    const role = reach ? "winner" : "loser";
    const parts = [
      h("p", { id: "race-summary" }, `${doc.players} players add ${doc.moves.join(" or ")} in turn to a total from 0, player 1 first; the first move that makes it at least ${n} ${reach ? "wins" : "loses (every other player wins)"}.`),
      h("h3", {}, "Coalitions that force a win"),
      h("p", {}, reach
        ? `A coalition forces a win when its members, playing together, can make a member reach ${n} whatever the others do.`
        : `A coalition forces a win when its members, playing together, can make sure no member reaches ${n} first whatever the others do.`),
    ];
    parts.push(h("div", { class: "scroll-x" }, h("table", { class: "race-coalitions", id: "race-coalitions" },
      h("caption", {}, "Coalitions by size, from the start (total 0, player 1 to move)"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "size"), h("th", { scope: "col" }, "forcing a win"), h("th", { scope: "col" }, "which"))),
      h("tbody", {}, doc.coalitions.map((c) => h("tr", {},
        h("th", { scope: "row" }, c.size),
        h("td", {}, `${c.forcing} of ${c.total}`),
        h("td", {}, c.listed === null ? `(${c.forcing} coalitions, too many to list)` : c.listed.length ? c.listed.map(set).join(" ") : "none")))))));
    const singles = doc.singles;
    parts.push(h("ul", { id: "race-facts" },
      h("li", {}, singles.length === 0 ? "No player forces a win alone." : singles.length === 1 ? `Player ${singles[0]} forces a win alone.` : `Players ${singles.join(", ")} each force a win alone.`),
      h("li", {}, doc.least_all === null ? "At no size does every coalition force a win." : `Every coalition of ${doc.least_all} players forces a win.`)));

    const sp = doc.subgame_perfect;
    parts.push(h("h3", {}, "Subgame-perfect play"),
      h("p", { id: "race-perfect" },
        `Each player picks among the moves after which it wins with subgame-perfect play from then on (among all its moves when there is none); of equally good moves it makes ${sp.tie_break === "smallest" ? "the smallest" : "the largest"} increment (tie-break: ${sp.tie_break}). `,
        h("strong", {}, `The ${role} is player ${sp.finisher}.`)),
      h("p", { id: "race-line" }, `The moves from 0: ${sp.line.join(", ")}${sp.line_complete ? "" : ", … (the first " + sp.line.length + " moves)"}.`));

    // The finisher from each starting total (player 1 to move there), a page at a time.
    const from = sp.from_total_first;
    const shown = sp.from_total;
    const last = from + shown.length - 1;
    // Buttons to the pages before and after, when there are any.
    const page = (to, id, text) => h("button", { type: "button", id, onclick: () => { first = to; solve(true); } }, text);
    const prev = from > 0 ? page(Math.max(0, from - PAGE), "race-prev", `← totals ${Math.max(0, from - PAGE)} to ${from - 1}`) : null;
    const next = last + 1 < n ? page(last + 1, "race-next", `totals ${last + 1} to ${Math.min(n - 1, last + PAGE)} →`) : null;
    const rows = [];
    for (let k = 0; k < shown.length; k += 10) {
      const base = from + k;
      rows.push(h("tr", {}, h("th", { scope: "row" }, `${base}–${Math.min(base + 9, last)}`),
        shown.slice(k, k + 10).map((f, i) => h("td", { title: `from total ${base + i}: player ${f}` }, f))));
    }
    parts.push(h("h3", {}, `The ${role} from each starting total`),
      h("p", {}, `With player 1 to move at the starting total; totals ${from} to ${last} of 0 to ${n - 1}.`),
      h("div", { class: "scroll-x" }, h("table", { class: "race-totals", id: "race-totals" },
        h("caption", {}, `${role} (player number) from totals ${from} to ${last}; each row holds ten consecutive totals`),
        h("tbody", {}, rows))),
      prev || next ? h("div", { class: "buttons", role: "group", "aria-label": "pages of starting totals" }, prev, next) : null);
    return parts;
  }

  const go = () => { first = 0; solve(true); };
  for (const inp of [players, moves, target]) inp.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go(); });
  rule.addEventListener("change", go);
  ties.addEventListener("change", go);

  root.append(
    h("h2", { class: "view-title" }, "A counting race of many players"),
    h("p", {}, "Players take turns adding one of the increments to a running total; who can force a win, and what happens when everyone plays to win?"),
    h("div", { class: "options race-form" }, playersLabel, movesLabel, targetLabel,
      h("label", { for: "race-rule" }, "Rule ", rule),
      h("label", { for: "race-ties" }, "Ties: ", ties)),
    h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "race-solve", onclick: go }, "Analyse")),
    cmd, out);
  solve(false);
  return {
    // Back and forward keep the view: read the state from the URL again.
    popstate() {
      if (params().get("view") !== "race") return false;
      const p = params();
      players.value = p.get("players") || "3";
      moves.value = p.get("moves") || "1,2";
      target.value = p.get("to") || "20";
      rule.value = p.get("lose") === "1" ? "lose" : "reach";
      ties.value = p.get("ties") === "largest" ? "largest" : "smallest";
      first = Math.max(0, Number.parseInt(p.get("first") || "0", 10) || 0);
      solve(false);
      return true;
    },
  };
}
