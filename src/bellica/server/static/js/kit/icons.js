// The client's symbols as shipped SVG files (no symbol from a system font is assumed).

import { el } from "/static/js/dom.js";

/** The icon names shipped in /static/icons/ (die-1 … die-6 and die-blank for dice). */
export const ICONS = ["shield", "sword", "attack", "damage", "charge", "any-card", "ring", "petrified", "block", "clock"];

/** <img> of icon `name` with `label` as its text for screen readers and tooltips. */
export function icon(name, label = "") {
  return el("img", {
    class: ["icon", `icon-${name}`],
    src: `/static/icons/${name}.svg`,
    alt: label,
    title: label || null,
    draggable: "false",
  });
}
