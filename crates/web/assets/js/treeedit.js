// The tree editor of the Nash view: a small game tree built by clicking — moves added
// or removed below a node, the player of each decision node (or chance), the moves'
// names and the payoffs at the leaves — written as the text of a Gambit .efg file,
// which the server reads like a pasted one. Every decision node is an information set
// of its own: the tree has perfect information.
import { h, Q } from "./util.js";

/** Most nodes of a tree built here (larger trees are pasted as .efg files). */
export const MAX_TREE_NODES = 40;

/** Most players of a tree built here. */
const MAX_PLAYERS = 4;

const leaf = (players) => ({ kind: "leaf", payoffs: Array(players).fill("0"), moves: [] });

/** A first tree: player 1 chooses L or R, then player 2 chooses l or r after L. */
function starter() {
  const pay = (a, b) => ({ kind: "leaf", payoffs: [a, b], moves: [] });
  return {
    players: 2,
    root: {
      kind: "player", player: 1, moves: [
        { name: "L", prob: "1/2", child: { kind: "player", player: 2, moves: [
          { name: "l", prob: "1/2", child: pay("3", "1") },
          { name: "r", prob: "1/2", child: pay("0", "0") },
        ] } },
        { name: "R", prob: "1/2", child: pay("2", "2") },
      ],
    },
  };
}

function count(node) {
  return 1 + node.moves.reduce((a, m) => a + count(m.child), 0);
}

/** A name quoted for a Gambit file. */
function quote(t) {
  return `"${String(t).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** A number typed in a box, checked: its text, or an Error naming where it is. */
function number(text, where) {
  const t = String(text).trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(\/\d+)?$/.test(t) || !Q.parse(t)) throw new Error(`${where}: '${t}' is not a number (write e.g. 3, -1/2 or 0.25)`);
  return t;
}

/** The tree as the text of a Gambit .efg file (nodes in depth-first order); throws on a bad number. */
export function efgText(tree, title = "a tree built in the page") {
  const names = Array.from({ length: tree.players }, (_, p) => quote(`Player ${p + 1}`));
  const lines = [`EFG 2 R ${quote(title)} { ${names.join(" ")} }`, '""', ""];
  const infosets = Array(tree.players + 1).fill(0);
  let outcomes = 0;
  const walk = (node, label) => {
    if (node.kind === "leaf") {
      outcomes += 1;
      const pays = node.payoffs.map((x, p) => number(x, `the payoff of player ${p + 1} at ${label}`));
      lines.push(`t "" ${outcomes} "" { ${pays.join(" ")} }`);
      return;
    }
    if (node.kind === "chance") {
      infosets[0] += 1;
      const moves = node.moves.map((m, k) => `${quote(m.name || `m${k + 1}`)} ${number(m.prob, `the probability of move ${k + 1} at ${label}`)}`);
      lines.push(`c "" ${infosets[0]} "" { ${moves.join(" ")} } 0`);
    } else {
      infosets[node.player] += 1;
      const moves = node.moves.map((m, k) => quote(m.name || `m${k + 1}`));
      lines.push(`p "" ${node.player} ${infosets[node.player]} "" { ${moves.join(" ")} } 0`);
    }
    node.moves.forEach((m, k) => walk(m.child, `${label} → ${m.name || `m${k + 1}`}`));
  };
  walk(tree.root, "the root");
  return lines.join("\n") + "\n";
}

/**
 * The tree in the compact form kept in the page's address: `{"p": players, "r": node}`,
 * a leaf `{"u": [payoffs]}`, a decision `{"w": player, "m": [[name, node], …]}`, chance
 * `{"w": 0, "m": [[name, probability, node], …]}`.
 */
export function treeParam(tree) {
  const enc = (node) => {
    if (node.kind === "leaf") return { u: node.payoffs };
    if (node.kind === "chance") return { w: 0, m: node.moves.map((m) => [m.name, m.prob, enc(m.child)]) };
    return { w: node.player, m: node.moves.map((m) => [m.name, enc(m.child)]) };
  };
  return JSON.stringify({ p: tree.players, r: enc(tree.root) });
}

/** The tree of a compact form (see treeParam), or null when it is not one the editor makes. */
export function treeFromParam(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  const players = doc?.p;
  if (!Number.isInteger(players) || players < 2 || players > MAX_PLAYERS) return null;
  let nodes = 0;
  const str = (x) => (typeof x === "string" || typeof x === "number" ? String(x).slice(0, 40) : null);
  // Each call counts a node first: the depth is bounded by MAX_TREE_NODES.
  const dec = (v) => {
    if (++nodes > MAX_TREE_NODES || !v || typeof v !== "object") return null;
    if (Array.isArray(v.u)) {
      if (v.u.length !== players) return null;
      const payoffs = v.u.map(str);
      return payoffs.includes(null) ? null : { kind: "leaf", payoffs, moves: [] };
    }
    if (!Number.isInteger(v.w) || v.w < 0 || v.w > players || !Array.isArray(v.m) || v.m.length === 0) return null;
    const chance = v.w === 0;
    const moves = [];
    for (const m of v.m) {
      if (!Array.isArray(m) || m.length !== (chance ? 3 : 2)) return null;
      const name = str(m[0]);
      const prob = chance ? str(m[1]) : "1/2";
      const child = dec(m[m.length - 1]);
      if (name === null || prob === null || child === null) return null;
      moves.push({ name, prob, child });
    }
    return chance ? { kind: "chance", moves } : { kind: "player", player: v.w, moves };
  };
  const root = dec(doc.r);
  return root ? { players, root } : null;
}

/**
 * The editor: `onSolve(text)` is called with the .efg text of the tree when asked to
 * solve it, `onChange(param)` after every change with the tree's compact form
 * (treeParam); it starts from the tree of the compact form `initial` when that is
 * one. Returns { element, text(), param() }.
 */
export function treeEditor(onSolve, { initial = null, onChange = () => {} } = {}) {
  let tree = (initial && treeFromParam(initial)) || starter();
  const box = h("div", { class: "tree-editor", id: "tree-editor" });
  const msg = h("p", { class: "err-msg", id: "tree-msg", role: "alert" });
  const efgOut = h("textarea", { id: "tree-efg", rows: 6, readonly: true, spellcheck: "false", "aria-label": "the tree as a Gambit .efg file" });
  const playersInput = h("input", { type: "number", id: "tree-players", min: 2, max: MAX_PLAYERS, value: tree.players, inputmode: "numeric" });
  let focusAfter = null;

  playersInput.addEventListener("change", () => {
    const k = Math.max(2, Math.min(MAX_PLAYERS, Number.parseInt(playersInput.value, 10) || 2));
    playersInput.value = k;
    const fix = (node) => {
      if (node.kind === "leaf") node.payoffs = Array.from({ length: k }, (_, p) => node.payoffs[p] ?? "0");
      if (node.kind === "player" && node.player > k) node.player = k;
      node.moves.forEach((m) => fix(m.child));
    };
    tree.players = k;
    fix(tree.root);
    render();
  });

  function addMove(node, id) {
    const n = count(tree.root);
    if (n + (node.kind === "leaf" ? 2 : 1) > MAX_TREE_NODES) {
      msg.textContent = `The editor holds at most ${MAX_TREE_NODES} nodes (this tree has ${n}); paste a larger tree as a .efg file below.`;
      return;
    }
    msg.textContent = "";
    if (node.kind === "leaf") {
      // A leaf becomes a decision node of player 1 with two moves.
      node.kind = "player";
      node.player = 1;
      node.moves = [
        { name: "a", prob: "1/2", child: leaf(tree.players) },
        { name: "b", prob: "1/2", child: leaf(tree.players) },
      ];
      delete node.payoffs;
    } else {
      const k = node.moves.length;
      node.moves.push({ name: String.fromCharCode(97 + (k % 26)) + (k >= 26 ? k : ""), prob: "0", child: leaf(tree.players) });
    }
    focusAfter = id;
    render();
  }

  function removeMove(node, k, id) {
    node.moves.splice(k, 1);
    if (node.moves.length === 0) {
      node.kind = "leaf";
      node.payoffs = Array(tree.players).fill("0");
    }
    msg.textContent = "";
    focusAfter = id;
    render();
  }

  // Each node is a list item with its own labelled controls; `path` names it.
  function nodeItem(node, path) {
    const id = `tree-node-${path.join("-") || "root"}`;
    const where = path.length ? `node ${path.map((k) => k + 1).join(".")}` : "the root";
    const parts = [];
    if (node.kind === "leaf") {
      parts.push(h("span", { class: "tree-kind" }, `Leaf (${where}): payoffs `),
        node.payoffs.map((x, p) => {
          const inp = h("input", { type: "text", class: "payoff", value: x, inputmode: "decimal", id: `${id}-pay${p + 1}`, "aria-label": `payoff of player ${p + 1} at ${where}` });
          inp.addEventListener("change", () => { node.payoffs[p] = inp.value.trim() || "0"; update(); });
          return inp;
        }));
    } else {
      const who = h("select", { id: `${id}-player`, "aria-label": `who moves at ${where}` },
        Array.from({ length: tree.players }, (_, p) => h("option", { value: String(p + 1) }, `Player ${p + 1}`)),
        h("option", { value: "chance" }, "Chance"));
      who.value = node.kind === "chance" ? "chance" : String(node.player);
      who.addEventListener("change", () => {
        if (who.value === "chance") {
          node.kind = "chance";
          // Equal chances to start with.
          node.moves.forEach((m) => (m.prob = `1/${node.moves.length}`));
        } else {
          node.kind = "player";
          node.player = Number(who.value);
        }
        focusAfter = `${id}-player`;
        render();
      });
      parts.push(h("span", { class: "tree-kind" }, `Decision (${where}): `), who);
    }
    parts.push(h("button", { type: "button", class: "small", id: `${id}-add`, "aria-label": `add a move below ${where}`, onclick: () => addMove(node, `${id}-add`) }, "+ move"));
    const children = node.moves.map((m, k) => {
      const name = h("input", { type: "text", class: "strategy", value: m.name, id: `${id}-move${k + 1}`, "aria-label": `name of move ${k + 1} at ${where}` });
      name.addEventListener("change", () => { m.name = name.value.trim() || `m${k + 1}`; update(); });
      const prob = node.kind === "chance"
        ? h("input", { type: "text", class: "payoff", value: m.prob, id: `${id}-prob${k + 1}`, "aria-label": `probability of move ${k + 1} at ${where}` })
        : null;
      prob?.addEventListener("change", () => { m.prob = prob.value.trim() || "0"; update(); });
      const rm = h("button", { type: "button", class: "small", id: `${id}-remove${k + 1}`, "aria-label": `remove move ${k + 1} at ${where} and what lies below it`, onclick: () => removeMove(node, k, `${id}-add`) }, "×");
      return h("li", {}, h("div", { class: "tree-move" }, "move ", name, prob ? [" with probability ", prob] : null, " ", rm), nodeItem(m.child, [...path, k]));
    });
    return h("div", { class: "tree-node", id }, h("div", { class: "tree-head" }, parts), children.length ? h("ul", {}, children) : null);
  }

  function update() {
    onChange(treeParam(tree));
    try {
      efgOut.value = efgText(tree);
      msg.textContent = "";
      return efgOut.value;
    } catch (e) {
      efgOut.value = "";
      msg.textContent = e.message;
      return null;
    }
  }

  function render() {
    box.replaceChildren(nodeItem(tree.root, []));
    update();
    if (focusAfter) {
      document.getElementById(focusAfter)?.focus();
      focusAfter = null;
    }
  }

  const solveBtn = h("button", { type: "button", class: "primary", id: "tree-solve", onclick: () => {
    const text = update();
    if (text !== null) onSolve(text);
  } }, "Solve this tree");
  const reset = h("button", { type: "button", id: "tree-reset", onclick: () => { tree = starter(); playersInput.value = tree.players; msg.textContent = ""; render(); } }, "Start again");
  const element = h("div", {},
    h("p", {}, `Build a tree of at most ${MAX_TREE_NODES} nodes: "+ move" adds a move below a node (a leaf becomes a decision node), × removes a move with everything below it; choose who moves at each node (or chance, with the probabilities of its moves), name the moves and type the payoffs at the leaves (integers, decimals or fractions).`),
    h("label", { for: "tree-players" }, "Players ", playersInput),
    box, msg,
    h("div", { class: "buttons" }, solveBtn, reset),
    h("details", {}, h("summary", {}, "The tree as a Gambit .efg file"), efgOut));
  render();
  return { element, text: update, param: () => treeParam(tree) };
}
