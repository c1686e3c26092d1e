// The mixed equilibria of a game of any number of players as `sprague nash --json`
// lists them (support enumeration): exact ones as fractions, certified intervals as
// intervals, continua and unresolved supports labelled, and a note when the list may
// be incomplete.
import { h, wideTable } from "./util.js";

/** Decimal places of the ends of an interval, as the command line shows them (rounded outward: the interval shown holds the one sent). */
const PLACES = 13;

/** `x` (a fraction "n/d" or an integer) as a decimal of PLACES places, rounded down or up. */
export function decimal(x, up) {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(x).trim());
  if (!m) return String(x);
  const n = BigInt(m[1]);
  const d = BigInt(m[2] || "1");
  const scale = 10n ** BigInt(PLACES);
  let q = (n * scale) / d; // truncated toward zero
  const exact = q * d === n * scale;
  if (!exact && up && n > 0n) q += 1n;
  if (!exact && !up && n < 0n) q -= 1n;
  const neg = q < 0n;
  const digits = (neg ? -q : q).toString().padStart(PLACES + 1, "0");
  const text = `${digits.slice(0, -PLACES)}.${digits.slice(-PLACES)}`.replace(/\.?0+$/, "");
  return (neg ? "-" : "") + (text === "" ? "0" : text);
}

/** `[lo, hi]` with decimal ends rounded outward. */
function interval(lo, hi) {
  return `[${decimal(lo, false)}, ${decimal(hi, true)}]`;
}

/** One player's mixture: the strategies played with their probabilities, "(pure)" for one. */
function mixture(probs, names) {
  const used = probs.map((p, k) => (p === "0" ? null : [names[k], p])).filter(Boolean);
  if (used.length === 1 && used[0][1] === "1") return `${used[0][0]} (pure)`;
  return used.map(([n, p]) => `${n}: ${p}`).join(", ");
}

/** One player's box: each strategy of its support with the interval of its probability. */
function box(lo, hi, support, names) {
  return support.map((k) => `${names[k]}: ${interval(lo[k], hi[k])}`).join(", ");
}

const KIND_TEXT = {
  exact: "exact",
  interval: "interval: irrational or not recovered exactly; exactly one equilibrium inside",
  continuum: "a continuum of equilibria",
  face: "a face of equilibria: every profile mixing only these strategies",
  unresolved: "unresolved support",
};

/**
 * The table of the mixed equilibria `doc.mixed` (each with `support` and `kind`) of a
 * game whose players are `players` and strategies `strategies`, with the note of
 * what the list is and whether it is complete.
 */
export function mixedMany(doc, players, strategies) {
  const list = doc.mixed;
  const parts = [];
  const caption = `${list.length} equilibri${list.length === 1 ? "um" : "a"} (pure ones included)${doc.complete === false ? " — the list may be incomplete" : ""}`;
  const rows = list.map((e, i) => {
    const cells = [];
    let payoffs;
    let kind = KIND_TEXT[e.kind] || e.kind;
    if (e.kind === "exact") {
      players.forEach((_, p) => cells.push(mixture(e.probabilities[p], strategies[p])));
      payoffs = `(${e.payoffs.join(", ")})`;
      if (e.support.every((s) => s.length === 1)) kind = "exact (pure)";
    } else if (e.kind === "interval") {
      players.forEach((_, p) => cells.push(box(e.lo[p], e.hi[p], e.support[p], strategies[p])));
      payoffs = e.payoffs_lo.map((lo, p) => interval(lo, e.payoffs_hi[p])).join(", ");
      if (!e.checked) kind += " (the inequalities of the other strategies were not proved on the whole box)";
    } else if (e.kind === "continuum") {
      players.forEach((_, p) => {
        const moves = p === e.player;
        cells.push(moves
          ? `moves from ${mixture(e.from[p], strategies[p])} to ${mixture(e.to[p], strategies[p])}`
          : mixture(e.probabilities[p], strategies[p]));
      });
      payoffs = `(${e.payoffs.join(", ")}) at the point ${players.map((_, p) => mixture(e.probabilities[p], strategies[p])).join("; ")}`;
      kind += `: every point of the segment, along which only ${players[e.player]}'s mixture moves`;
    } else if (e.kind === "face") {
      players.forEach((_, p) => cells.push(`any mixture of ${e.support[p].map((s) => strategies[p][s]).join(", ")}`));
      payoffs = e.payoffs_lo.map((lo, p) => (lo === e.payoffs_hi[p] ? lo : `${lo} to ${e.payoffs_hi[p]}`)).join(", ");
    } else if (e.kind === "unresolved") {
      players.forEach((_, p) => cells.push(box(e.lo[p], e.hi[p], e.support[p], strategies[p])));
      payoffs = e.sample ? `(${e.sample.payoffs.join(", ")}) at one exact equilibrium inside` : "—";
      kind += ": its equations are singular (a continuum of solutions, or a multiple one); equilibria lie within these bounds";
    } else {
      players.forEach(() => cells.push("—"));
      payoffs = "—";
    }
    return h("tr", { class: `kind-${e.kind}` },
      h("td", {}, i + 1),
      cells.map((c) => h("td", {}, c)),
      h("td", {}, payoffs),
      h("td", { class: "eq-kind" }, kind));
  });
  parts.push(wideTable(h("table", { class: "equilibria", id: "nash-mixed-many" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), players.map((p) => h("th", { scope: "col" }, `${p} plays`)), h("th", { scope: "col" }, "payoffs"), h("th", { scope: "col" }, "kind"))),
    h("tbody", {}, rows)), "the equilibria"));
  if (doc.complete === false) parts.push(h("p", { class: "note incomplete", id: "nash-incomplete", role: "note" }, "The list may be incomplete: a support with a continuum of solutions, or a multiple one, was not searched to the end."));
  if (doc.note) parts.push(h("p", { class: "note" }, doc.note));
  return parts;
}
