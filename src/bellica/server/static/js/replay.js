// The replay viewer at `/replay/{id}`: a finished game or an uploaded record, move by move.

import { ApiError, clearError, detailText, showError } from "/static/js/api.js";
import { el, replace } from "/static/js/dom.js";
import { drawGeneric } from "/static/js/generic.js";
import { capitalized, logEntry } from "/static/js/kit/log.js";
import { markIds } from "/static/js/kit/marks.js";
import { addReplayStyles, entryMarks } from "/static/js/kit/lastturn.js";
import { heldSeats } from "/static/js/seats.js";
import { agentName, loadPlugin } from "/static/js/table.js";

const EVERYTHING = "all";
const KEPT_VIEWS = 200; // views held in the page, oldest dropped first

/** Where the table at `move` of replay `id` is asked for: uploaded ids hold a ".". */
export function atUrl(id, move, seat) {
  const base = id.includes(".") ? `/api/replays/${encodeURIComponent(id)}` : `/api/games/${encodeURIComponent(id)}`;
  const query = seat === null || seat === undefined || seat === "" ? "" : `?seat=${encodeURIComponent(seat)}`;
  return `${base}/at/${move}${query}`;
}

/** GETs JSON; a refusal becomes an ApiError with the server's words. */
export async function getJson(url, token) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(url, { headers });
  } catch (error) {
    throw new ApiError(0, `the server could not be reached (${error.message})`);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, detailText(data?.detail, response.status));
  return data;
}

/** Sends a record file to the server and opens its replay. */
export async function uploadRecord(file) {
  clearError();
  try {
    const text = await file.text();
    const response = await fetch("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, detailText(data?.detail, response.status));
    location.assign(data.link);
  } catch (error) {
    showError(`This record cannot be replayed: ${error.detail || error.message}`);
  }
}

/** A file input and a drop zone for a record file. */
function recordPicker() {
  const input = el("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  input.addEventListener("change", () => input.files[0] && uploadRecord(input.files[0]));
  return el("label", { class: "record-picker" }, "Replay a record file: ", input, el("span", { class: "help" }, " (or drop one onto the page)"));
}

function acceptDrops(target) {
  target.addEventListener("dragover", (event) => {
    event.preventDefault();
    document.body.classList.add("dropping");
  });
  target.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
  target.addEventListener("drop", (event) => {
    event.preventDefault();
    document.body.classList.remove("dropping");
    const file = event.dataTransfer?.files?.[0];
    if (file) uploadRecord(file);
  });
}

/** Opens the replay viewer in `root` (no id: only the record picker). */
export function openReplay(root, id) {
  addReplayStyles();
  acceptDrops(document.body);
  if (!id) {
    document.getElementById("subtitle").textContent = "Replays";
    replace(root, el("section", { id: "replay", class: "replay-empty" },
      el("h2", {}, "Watch a game again"),
      el("p", {}, "Pick a record file (the ", el("em", {}, "Download record"), " of a finished game) to step through it move by move."),
      recordPicker()));
    return;
  }
  new Replay(root, id).start();
}

class Replay {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    const params = new URLSearchParams(location.search);
    this.move = Number.parseInt(params.get("move") ?? "0", 10) || 0;
    this.seat = params.get("seat"); // null: the default the server picks
    const held = id.includes(".") ? {} : heldSeats(id);
    this.tokens = held;
    this.views = new Map();
    this.plugin = null;
    this.moves = 0;
    this.fullLog = [];
    this.build();
  }

  build() {
    this.slider = el("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": "Move" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    const button = (id, text, label, move) =>
      el("button", { type: "button", id, title: label, "aria-label": label, onclick: () => this.go(move()) }, text);
    this.counter = el("span", { id: "replay-move" }, "…");
    this.seatSelect = el("select", { id: "replay-seat", "aria-label": "Point of view" });
    this.seatSelect.addEventListener("change", () => this.setSeat(this.seatSelect.value));
    this.controls = el("div", { id: "replay-controls", role: "toolbar", "aria-label": "Replay" },
      button("replay-first", "«", "First move (Home)", () => 0),
      button("replay-back", "◀", "Back one move (←)", () => this.move - 1),
      this.slider,
      button("replay-forward", "▶", "Forward one move (→)", () => this.move + 1),
      button("replay-last", "»", "Last move (End)", () => this.moves),
      this.counter,
      el("label", {}, "Seen by ", this.seatSelect));
    this.drawingEl = el("div", { id: "drawing" }, el("p", { class: "help" }, "Loading the replay…"));
    this.caption = el("p", { id: "replay-caption", class: "help" });
    this.logEl = el("ol", { id: "log", class: "replay-log" });
    this.outcomeEl = el("p", { id: "replay-outcome", hidden: true });
    this.el = el("section", { id: "replay", dataset: { move: "", moves: "", seat: "" } },
      this.controls,
      this.outcomeEl,
      el("div", { class: "layout" },
        el("div", { class: "main" }, this.caption, this.drawingEl),
        el("aside", { class: "side" },
          el("div", { class: "panel log-panel" }, el("h3", {}, "Log"), this.logEl),
          el("div", { class: "panel" }, recordPicker()))));
    replace(this.root, this.el);
    this.logEl.addEventListener("click", (event) => {
      const line = event.target.closest("li[data-move]");
      if (line && line.parentElement === this.logEl) this.go(Number(line.dataset.move));
    });
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  onKey(event) {
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    const moves = { ArrowLeft: this.move - 1, ArrowRight: this.move + 1, Home: 0, End: this.moves };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.go(moves[event.key]);
  }

  /** The token to send: a seat this browser holds (the server then knows what it may show). */
  token() {
    const seats = Object.keys(this.tokens);
    if (!seats.length) return null;
    const wanted = this.seat !== null && this.tokens[this.seat] ? this.seat : seats[0];
    return this.tokens[wanted];
  }

  async fetchView(move) {
    const key = `${this.seat ?? ""}:${move}`;
    if (this.views.has(key)) return this.views.get(key);
    const view = await getJson(atUrl(this.id, move, this.seat), this.token());
    this.views.set(key, view);
    if (this.views.size > KEPT_VIEWS) this.views.delete(this.views.keys().next().value);
    return view;
  }

  async start() {
    try {
      const first = await this.fetchView(this.move);
      this.moves = first.at.moves;
      this.plugin = await loadPlugin(first.game.game);
      this.el.dataset.plugin = this.plugin.id || "generic";
      this.fillSeats(first);
      await this.loadLog();
      this.show(first);
    } catch (error) {
      replace(this.drawingEl, el("p", { class: "help" }, "This replay cannot be shown."));
      showError(error.detail || error.message);
    }
  }

  /** The whole log as the chosen point of view reads it (the view at the last move). */
  async loadLog() {
    const last = await this.fetchView(this.moves);
    this.fullLog = last.log || [];
    this.names = last.names || [];
    this.summary = last.game;
    this.final = last;
    replace(this.logEl, this.fullLog.map((entry) => logEntry(entry, (seat) => this.seatName(seat))));
  }

  /** The points of view the viewer may choose: each seat and everything once allowed. */
  fillSeats(view) {
    const over = view.at.over || this.id.includes(".");
    const choices = [];
    if (over) {
      choices.push([EVERYTHING, "Everything (nothing hidden)"]);
      (view.names || []).forEach((name, seat) => choices.push([String(seat), capitalized(name)]));
    } else if (view.seat !== null && view.seat !== undefined) {
      choices.push([String(view.seat), `${capitalized(view.names?.[view.seat] || "")} (you)`]);
    } else {
      choices.push(["", "Spectator (public information)"]);
    }
    const current = view.at.seat === null || view.at.seat === undefined ? "" : String(view.at.seat);
    replace(this.seatSelect, choices.map(([value, text]) => el("option", { value, selected: value === current }, text)));
    this.seatSelect.disabled = choices.length < 2;
    if (this.seat === null) this.seat = current || null;
  }

  seatName(seat) {
    return this.names?.[seat] || `player ${Number(seat) + 1}`;
  }

  async setSeat(seat) {
    this.seat = seat || null;
    try {
      await this.loadLog();
      this.show(await this.fetchView(this.move));
    } catch (error) {
      showError(error.detail || error.message);
    }
  }

  async go(move) {
    const target = Math.max(0, Math.min(this.moves, Math.trunc(move)));
    if (!Number.isFinite(target)) return;
    this.move = target;
    this.slider.value = String(target);
    this.counter.textContent = `Move ${target} / ${this.moves}`;
    this.wanted = target;
    try {
      const view = await this.fetchView(target);
      if (this.wanted === target) this.show(view);
    } catch (error) {
      showError(error.detail || error.message);
    }
  }

  show(view) {
    const move = view.at.move;
    this.move = move;
    const game = view.game;
    document.title = `Replay: ${game.title || game.game} — Bellica`;
    document.getElementById("subtitle").textContent =
      `Replay · ${game.title || game.game} · ${game.variant_title || game.variant} · ${game.players} player${game.players === 1 ? "" : "s"}`;
    Object.assign(this.el.dataset, { move: String(move), moves: String(this.moves), seat: view.at.seat === null ? "spectator" : String(view.at.seat) });
    this.slider.max = String(this.moves);
    this.slider.value = String(move);
    this.counter.textContent = `Move ${move} / ${this.moves}`;
    const params = new URLSearchParams({ move: String(move) });
    if (this.seat) params.set("seat", this.seat);
    history.replaceState(null, "", `${location.pathname}?${params}`);
    const entry = this.fullLog[move - 1];
    this.caption.textContent = move === 0
      ? "The table before the first move."
      : `After move ${move}: ${entry ? `${capitalized(this.seatName(entry.seat))}: ${entry.text}` : ""}`;
    this.drawTable(view);
    this.highlight(move);
    const outcome = view.outcome;
    this.outcomeEl.hidden = !outcome;
    this.outcomeEl.textContent = outcome ? outcome.headline || outcome.text || "Game over" : "";
  }

  drawTable(view) {
    const context = {
      legal: [],
      interactive: false,
      seatLabel: (seat) => this.seatLabel(seat, view),
      seatWho: (seat) => this.seatWho(seat, view),
      play: () => {},
      redraw: () => this.drawTable(view),
    };
    let node;
    try {
      node = this.plugin.draw(view, context);
    } catch (error) {
      console.error(error);
      node = drawGeneric(view, context);
    }
    replace(this.drawingEl, node);
    // what the move just made touched
    const entry = view.log?.[view.log.length - 1];
    this.drawingEl.dataset.marked = String(markIds(this.drawingEl, entry ? entryMarks(entry) : []));
  }

  seatWho(seat, view) {
    const info = view.game.seats?.[seat];
    return info?.kind === "ai" ? `AI · ${agentName(info)}` : "a player";
  }

  seatLabel(seat, view) {
    const who = this.seatWho(seat, view);
    const name = this.seatName(seat);
    return who === "a player" ? name : `${name} (${who})`;
  }

  highlight(move) {
    for (const line of this.logEl.querySelectorAll(":scope > li.current")) line.classList.remove("current");
    const line = this.logEl.querySelector(`:scope > li[data-move="${move}"]`);
    this.logEl.dataset.current = String(move);
    if (line) {
      line.classList.add("current");
      line.scrollIntoView({ block: "nearest" });
    }
  }
}
