// The opponents' last turn: a summary of what they did since your last action, a way to step through it.

import { ApiError, detailText, showError } from "/static/js/api.js";
import { el, replace } from "/static/js/dom.js";
import { capitalized, logEntry } from "/static/js/kit/log.js";
import { markIds } from "/static/js/kit/marks.js";

/** Adds the replay stylesheet (which holds this panel's style too) once. */
export function addReplayStyles() {
  if (document.querySelector("link[data-replay]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/css/replay.css", dataset: { replay: "1" } }));
}

/** The ids an entry touched: its own marks and its events'. */
export function entryMarks(entry) {
  const ids = [...(entry?.marks || [])];
  for (const event of entry?.events || []) if (event && typeof event === "object") ids.push(...(event.marks || []));
  return ids;
}

/** The entries since `seat`'s last action, when the others made them (none: `seat` acted last). */
export function sinceLastAction(log, seat) {
  const entries = log || [];
  let i = entries.length;
  while (i > 0 && (entries[i - 1].seat ?? null) !== seat) i--;
  // a piece picked and then moved by the same seat reads as one move: the pick is left out
  return entries.slice(i).filter((entry, k, rest) => !(entry.selection && rest[k + 1]?.seat === entry.seat));
}

// What a summary counts, by the event's kind (the games name them; unknown kinds are not counted).
const KINDS = [
  [/death|dies|killed|destroy/, "death", "deaths"],
  [/play/, "card played", "cards played"],
  [/base|district|pillage|capture|conquer/, "base or district taken", "bases or districts taken"],
];

/** "12 moves · 2 fights · 1 death" for a list of entries. */
export function summaryLine(entries) {
  const parts = [`${entries.length} move${entries.length === 1 ? "" : "s"}`];
  let fights = 0;
  const counts = new Map();
  for (const entry of entries) {
    for (const event of entry.events || []) {
      if (!event || typeof event !== "object") continue;
      if ((event.dice || []).length) fights += 1;
      const kind = String(event.kind || "");
      for (const [pattern, one, many] of KINDS) {
        if (pattern.test(kind)) counts.set(one, [many, (counts.get(one)?.[1] || 0) + 1]);
      }
    }
  }
  if (fights) parts.push(`${fights} fight${fights === 1 ? "" : "s"}`);
  for (const [one, [many, count]] of counts) parts.push(`${count} ${count === 1 ? one : many}`);
  return parts.join(" · ");
}

/**
 * The table's last-turn panel. `host` is the table: its `gameId`, `tokens` (seat → token),
 * `current` view, `drawingEl`, `seatName(seat)`, `drawDrawing(view)` and `redraw()`.
 */
export class LastTurnPanel {
  constructor(host) {
    this.host = host;
    this.entries = [];
    this.step = -1; // index in entries shown on the table; -1: now
    this.key = null;
    this.el = el("div", { id: "last-turn", class: "panel last-turn", hidden: true });
    addReplayStyles();
  }

  /** Shows the panel when it is the viewer's turn again after others moved. */
  update(view) {
    const seat = view.seat ?? null;
    const mine = seat !== null && view.game.to_move === seat && (view.legal || []).length > 0 && !view.outcome;
    const entries = mine ? sinceLastAction(view.log, seat) : [];
    if (!entries.length) {
      this.el.hidden = true;
      this.entries = [];
      this.step = -1;
      return;
    }
    const key = `${seat}:${view.game.moves}`;
    if (key !== this.key) {
      this.key = key;
      this.step = -1;
    }
    this.entries = entries;
    this.render();
  }

  render() {
    const entries = this.entries;
    const who = [...new Set(entries.map((entry) => entry.seat))]
      .map((seat) => capitalized(this.host.seatName(seat)))
      .join(", ");
    const stepping = this.step >= 0;
    const entry = stepping ? entries[this.step] : null;
    replace(this.el,
      el("h3", {}, "Their last turn"),
      el("p", { class: "last-turn-summary" }, `${who}: ${summaryLine(entries)}`),
      el("ol", { class: "last-turn-entries" }, entries.map((item, i) => {
        const line = logEntry(item, (seat) => this.host.seatName(seat));
        if (i === this.step) line.classList.add("current");
        return line;
      })),
      el("p", { class: "last-turn-step" },
        el("button", { type: "button", id: "last-turn-back", disabled: this.step === 0, onclick: () => this.stepTo(stepping ? this.step - 1 : entries.length - 1) }, "◀"),
        el("button", { type: "button", id: "last-turn-forward", disabled: !stepping, onclick: () => this.stepTo(this.step + 1) }, "▶"),
        el("button", { type: "button", id: "last-turn-start", hidden: stepping, onclick: () => this.stepTo(0) }, "Step through"),
        el("button", { type: "button", id: "last-turn-now", hidden: !stepping, onclick: () => this.stepTo(-1) }, "Back to now"),
        el("span", { class: "help", id: "last-turn-where" },
          stepping ? ` move ${entry.move} (${this.step + 1} of ${entries.length})` : "")));
    this.el.hidden = false;
    this.el.dataset.step = String(this.step);
    this.el.dataset.count = String(entries.length);
  }

  /** Shows the table after entry `index` of the turn (-1 or past the end: the table now). */
  async stepTo(index) {
    if (index < 0 || index >= this.entries.length) {
      this.step = -1;
      this.render();
      this.host.redraw();
      return;
    }
    this.step = index;
    this.render();
    const entry = this.entries[index];
    try {
      const view = await this.pastView(entry.move);
      if (this.step !== index) return;
      this.host.drawDrawing({ ...view, legal: [] });
      this.host.drawingEl.dataset.past = String(entry.move);
      this.host.drawingEl.dataset.marked = String(markIds(this.host.drawingEl, entryMarks(entry)));
    } catch (error) {
      this.step = -1;
      this.render();
      showError(error.detail || error.message);
    }
  }

  /** The seat's view at `move`, as the server says it was shown then. */
  async pastView(move) {
    const host = this.host;
    const seat = host.current?.seat;
    const headers = { Accept: "application/json" };
    const token = host.tokens.get(seat);
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`/api/games/${encodeURIComponent(host.gameId)}/at/${move}`, { headers });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, detailText(data?.detail, response.status));
    return data;
  }
}
