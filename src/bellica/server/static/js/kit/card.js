// A card face: name and number, type, cost pips, stat tokens, text, and what clicking it does.

import { makePlayable } from "/static/js/chooser.js";
import { el } from "/static/js/dom.js";
import { icon } from "/static/js/kit/icons.js";

/**
 * A card: `{id, name, type, cost: [clan], stats: [node], text, classes, entries, play, mark}`.
 * With `entries` (legal actions) it is a button: click, Enter or Space calls `play(event)`.
 */
export function cardFace({ id, name, type = "", cost = [], stats = [], text = "", classes = [], entries = [], play = null, dataset = {} }) {
  const actionable = entries.length > 0 && play;
  const node = el("div", {
    class: ["card", ...classes, actionable && "actionable"],
    dataset: { card: id, name, mark: id, ...dataset },
    title: [`${name} (${id})`, text, ...entries.map((e) => `▸ ${e.text}`)].filter(Boolean).join("\n"),
    role: actionable ? "button" : null,
    tabindex: actionable ? "0" : null,
  },
  el("div", { class: "card-head" }, el("span", { class: "name" }, name), el("span", { class: "number" }, id)),
  type ? el("div", { class: "card-type" }, type) : null,
  cost.length ? el("div", { class: "cost", title: `cost: ${cost.join(", ")}` }, cost.map(pip)) : null,
  stats.length ? el("div", { class: "stats" }, stats) : null,
  el("p", { class: "text" }, text),
  actionable ? el("div", { class: "verbs" }, [...new Set(entries.map((e) => e.action.kind.replaceAll("_", " ")))].join(" / ")) : null);
  if (actionable) makePlayable(node, play);
  return node;
}

/** A cost pip: a clan's initial on its colour, or the "any card" icon. */
export function pip(clan) {
  if (clan === "any") {
    return el("span", { class: ["pip", "clan-any"], title: "any card", dataset: { help: "ring-any" } }, icon("any-card", "any card"));
  }
  return el("span", { class: ["pip", `clan-${clan}`], title: clan, dataset: { help: `${clan} cost-ring` } }, String(clan).slice(0, 1).toUpperCase());
}

/** A face-down card (a hand seen from outside). */
export function cardBack() {
  return el("span", { class: "back" });
}
