// Dice: one side's roll drawn as its dice faces, with the modifiers behind the count.

import { el } from "/static/js/dom.js";
import { icon } from "/static/js/kit/icons.js";

/** One die showing `face` (1–6; any other value is written on a blank die). */
export function die(face) {
  if (Number.isInteger(face) && face >= 1 && face <= 6) {
    return el("span", { class: "die", dataset: { face } }, icon(`die-${face}`, String(face)));
  }
  return el("span", { class: "die blank", dataset: { face } }, icon("die-blank", String(face)), el("span", { class: "face" }, String(face)));
}

/** "+2" or "−1" (a true minus sign). */
export function signed(change) {
  return change < 0 ? `−${-change}` : `+${change}`;
}

/**
 * A roll `{who, base, modifiers: [[reason, change]], count, faces, total}`: who rolled, the
 * count and why ("3 = 2 base, +1 pikeman against a knight"), each die's face and the total.
 */
export function diceRoll(roll) {
  const modifiers = Array.isArray(roll.modifiers) ? roll.modifiers : [];
  const summed = (Number(roll.base) || 0) + modifiers.reduce((sum, [, change]) => sum + (Number(change) || 0), 0);
  const faces = Array.isArray(roll.faces) ? roll.faces : [];
  const why = [
    el("span", { class: "base" }, `${roll.base} base`),
    modifiers.map(([reason, change]) => el("span", { class: ["modifier", change < 0 ? "minus" : "plus"] }, `${signed(change)} ${reason}`)),
    summed !== roll.count ? el("span", { class: "modifier floor" }, `at least ${roll.count}`) : null,
  ];
  return el("div", { class: "roll", dataset: { who: roll.who, count: roll.count, total: roll.total } },
    el("span", { class: "who" }, roll.who),
    el("span", { class: "count" }, `${roll.count} ${roll.count === 1 ? "die" : "dice"}`),
    el("span", { class: "why" }, "(", why.flat().filter(Boolean).map((part, i) => (i ? [", ", part] : part)), ")"),
    faces.length ? el("span", { class: "faces" }, faces.map(die)) : null,
    el("span", { class: "total" }, `= ${roll.total}`));
}
