// Tokens: a number with its icon (power, damage, charges) and plain word badges.

import { el } from "/static/js/dom.js";
import { icon } from "/static/js/kit/icons.js";

/** A token: icon `name` and `value`, e.g. token("sword", 3, "power"); `extra` follows it. */
export function token(name, value, label, extra = null) {
  return el("span", { class: ["token", `token-${name}`], title: label, dataset: { token: name } },
    icon(name, label), value === null || value === undefined ? null : el("span", { class: "value" }, String(value)), extra);
}

/** A word badge ("attacking", "pillaged") in the colours of `kind`. */
export function badge(text, kind = "") {
  return el("span", { class: ["badge", kind && `badge-${kind}`] }, text);
}
