// Draws any game's observation as a readable key/value tree (for games with no drawing of their own).

import { el } from "/static/js/dom.js";

/** The observation of `view` as nested lists; the legal actions stay in the action list. */
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
