// The Gallery view: every game sprague knows, grouped, each with its rules, a
// picture of a starting position and links to play it, its table or its values.
// Everything shown comes from /api/gallery (the library's registries).
import { api, h, errorBox, scrollable } from "./util.js";
import { drawComponent } from "./draw.js";

/** A link to another view of the page (followed without reloading it). */
function viewLink(view, query, text, cls) {
  const q = new URLSearchParams({ view, ...query });
  return h("a", { href: `/?${q}`, "data-view": view, class: cls }, text);
}

/** The family term of a starting position, without its arguments (`sub[1,3,4]`). */
function familyOf(example) {
  return example.replace(/\(.*$/s, "");
}

function card(g) {
  const links = [];
  if (g.example) {
    links.push(viewLink("play", { expr: g.example }, "Play", "gallery-play"));
    if (g.table) links.push(viewLink("table", { family: familyOf(g.example) }, "Table", "gallery-table"));
    if (g.partizan) links.push(viewLink("value", { expr: g.example }, "Values", "gallery-value"));
  }
  if (g.game) links.push(viewLink("nash", { game: JSON.stringify(g.game) }, "Equilibria", "gallery-nash"));
  const pics = (g.drawing || []).map((d) => scrollable(h("div", { class: "gallery-picture" }, drawComponent(d, [], {})), `${g.name}: a starting position`));
  return h("article", { class: "gallery-card", "data-family": g.name },
    h("h3", {}, g.name, g.names.length > 1 ? h("span", { class: "aka" }, ` (also ${g.names.slice(1).join(", ")})`) : ""),
    h("p", { class: "gallery-rules" }, g.rules),
    pics,
    g.example ? h("p", {}, "Starting position: ", h("code", {}, g.example)) : (g.game ? "" : h("p", {}, "Its positions are read from files (command line only).")),
    h("p", { class: "gallery-links" }, links.flatMap((a, i) => (i ? [" · ", a] : [a]))));
}

/** The Gallery view. */
export function galleryView(root) {
  const out = h("section", { class: "gallery", id: "gallery", "aria-busy": "true" }, h("p", {}, "Loading the games…"));
  root.append(h("h2", {}, "Gallery of games"), out);
  api("/api/gallery").then(
    (doc) => {
      out.replaceChildren(...doc.groups.map((grp) =>
        h("section", { class: "gallery-group", id: `gallery-${grp.key}` },
          h("h2", {}, grp.title),
          h("div", { class: "gallery-cards" }, grp.games.map(card)))));
      out.setAttribute("aria-busy", "false");
    },
    (e) => { out.replaceChildren(errorBox(e)); out.setAttribute("aria-busy", "false"); });
}
