// An expression input that asks /api/check as the user types and shows the error
// under the expression, with the offending column underlined and a caret below it.
import { h, api, aborted, debounce } from "./util.js";

let counter = 0;

/**
 * Makes a labelled expression box. `kind` is position | value | family.
 * `onSubmit(text)` runs on Enter or the button; `onInput(text)` on every change.
 * Returns { root, input, get value(), set value(v), check() }.
 */
export function exprBox({ label, kind: kind0, value = "", placeholder = "", button = "Solve", onSubmit, onInput }) {
  let kind = kind0;
  const id = `expr-${kind}-${++counter}`;
  const errId = id + "-err";
  const input = h("input", {
    id, type: "text", class: "expr-input", value, placeholder,
    spellcheck: "false", autocomplete: "off", autocapitalize: "off",
    "aria-describedby": errId, "data-kind": kind,
  });
  const mirror = h("div", { class: "expr-error", id: errId, "aria-live": "polite" });
  const btn = h("button", { type: "submit", class: "primary" }, button);
  const form = h("form", { class: "expr-form", onsubmit: (ev) => { ev.preventDefault(); onSubmit?.(input.value.trim()); } },
    h("label", { for: id }, label),
    h("div", { class: "expr-row" }, input, btn),
    mirror);

  function showError(text, err) {
    mirror.replaceChildren();
    input.removeAttribute("aria-invalid");
    if (!err) return;
    input.setAttribute("aria-invalid", "true");
    const col = err.column;
    if (col && col >= 1 && col <= text.length + 1) {
      const i = col - 1;
      const at = text.slice(i, i + 1) || " ";
      mirror.append(
        h("pre", { class: "expr-mirror", "aria-hidden": "true" },
          h("span", {}, text.slice(0, i)), h("mark", { class: "err-at", "data-column": col }, at), h("span", {}, text.slice(i + 1))),
        h("pre", { class: "expr-caret", "aria-hidden": "true" }, " ".repeat(i) + "^"));
    }
    mirror.append(h("p", { class: "err-msg" }, err.message));
  }

  async function check() {
    const text = input.value;
    if (!text.trim() || !kind) { showError(text, null); return true; }
    try {
      const r = await api("/api/check", { expr: text, kind }, { slot: id });
      if (input.value !== text) return false;
      showError(text, r.ok ? null : r.error);
      return r.ok;
    } catch (e) {
      if (aborted(e)) return false;
      showError(text, e);
      return false;
    }
  }
  const later = debounce(check, 250);
  input.addEventListener("input", () => { onInput?.(input.value); later(); });

  return {
    root: form,
    input,
    check,
    setKind: (k) => { kind = k; },
    showError: (e) => showError(input.value, e),
    get value() { return input.value.trim(); },
    set value(v) { input.value = v; },
  };
}
