// One log entry: the action in words and what it caused, events as strings or objects with dice.

import { el } from "/static/js/dom.js";
import { diceRoll } from "/static/js/kit/dice.js";

/** The <li> of `entry` {move, seat, text, events, marks?}; `seatName(seat)` names its player. */
export function logEntry(entry, seatName) {
  const seat = entry.seat ?? null;
  // a quiet event only repeats its entry's words (its marks still count, see marks.js)
  const events = (Array.isArray(entry.events) ? entry.events : []).filter((event) => !event?.quiet);
  return el("li", { dataset: { move: entry.move, seat: seat ?? "" } },
    el("span", { class: "move" }, `${entry.move}.`),
    " ",
    seat === null ? null : el("span", { class: "who" }, `${capitalized(seatName(seat))}: `),
    String(entry.text ?? ""),
    events.length ? el("ul", { class: "events" }, events.map(logEvent)) : null);
}

/** One event: a string, or `{kind, text, dice?}` drawn with its dice. */
export function logEvent(event) {
  if (event === null || typeof event !== "object") return el("li", {}, String(event ?? ""));
  const dice = Array.isArray(event.dice) ? event.dice : [];
  return el("li", { class: ["event", event.kind && `event-${event.kind}`], dataset: { kind: event.kind } },
    String(event.text ?? ""),
    dice.length ? el("div", { class: "dice" }, dice.map(diceRoll)) : null);
}

/** "the attacker" at the start of a line: "The attacker". */
export function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
