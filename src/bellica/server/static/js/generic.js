// The fallback plug-in: any game's observation as a readable key/value tree.

import { el } from "/static/js/dom.js";

/** Action kinds that end a step in most games: the bar shows them as main buttons. */
const STEP_ENDING = /^(end|ready|done|keep|pass|skip|confirm|no_)|_(done|ready|end)$/;

/** The plug-in used when a game has none of its own (hidden information assumed). */
export const genericPlugin = {
  secrets: true,
  draw: drawGeneric,
  mainActions: (legal) => (legal.length <= 4 ? legal : legal.filter((entry) => STEP_ENDING.test(entry.action.kind))),
  groupOf: (action) => String(action.kind).replaceAll("_", " "),
};

/** The observation of `view` as nested lists; the legal actions stay in the action bar. */
export function drawGeneric(view) {
  return el("div", { id: "observation", class: "generic panel" },
    el("h3", {}, "What you see"),
    tree(view.observation));
}

function tree(value) {
  if (value === null || value === undefined) return el("span", { class: "null" }, "—");
  if (typeof value === "string") {
    return value.includes("\n") ? el("pre", {}, value) : el("span", { class: "string" }, value);
  }
  if (typeof value !== "object") return el("span", { class: typeof value }, String(value));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "null" }, "none");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span", { class: "list" }, value.map((v) => (v === null ? "—" : String(v))).join(", "));
    }
    return el("ol", { class: "tree-list", start: 0 }, value.map((item) => el("li", {}, tree(item))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return el("span", { class: "null" }, "none");
  return el("dl", { class: "tree" }, entries.map(([key, item]) => {
    const nested = item && typeof item === "object" && !(Array.isArray(item) && item.every((v) => v === null || typeof v !== "object"));
    return [
      el("dt", {}, key.replaceAll("_", " ")),
      el("dd", {}, nested
        ? el("details", { open: JSON.stringify(item).length < 600 }, el("summary", {}, summaryOf(item)), tree(item))
        : tree(item)),
    ];
  }));
}

function summaryOf(value) {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  const name = value.name || value.title || value.card || value.square;
  return name ? String(name) : `${Object.keys(value).length} fields`;
}
