// The table at `/game/{id}`: live views per held seat, hot-seat hand-over, actions, log, end screen.

import { api, clearError, showError } from "/static/js/api.js";
import { closeChooser, openChooser } from "/static/js/chooser.js";
import { append, el, replace } from "/static/js/dom.js";
import { drawBellum } from "/static/js/bellum.js";
import { drawGeneric } from "/static/js/generic.js";
import { drawImperio } from "/static/js/imperio.js";
import { installHelp } from "/static/js/kit/help.js";
import { installRules, rulesButton } from "/static/js/kit/rules.js";
import { LiveFeed } from "/static/js/live.js";
import { heldSeats, holdSeats } from "/static/js/seats.js";

/** Game-specific drawings by game id; other games get the generic observation tree. */
const DRAWINGS = { "imperio-bellum": drawImperio, bellum: drawBellum };

const SPECTATOR = "spectator";

/** Opens the table of game `gameId` in `root`. */
export function openTable(root, gameId) {
  const { seats, notice } = seatsFromLocation(gameId);
  const table = new Table(root, gameId, seats);
  if (notice) showError(notice);
  table.start();
}

/**
 * The seats this page plays: `#seat=N&token=T` stores the token and plays seat N (the token is
 * then dropped from the address bar), `#seat=N` plays stored seat N, `#watch` only watches, and
 * no fragment plays every seat this browser holds (several: hot-seat).
 */
function seatsFromLocation(gameId) {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("watch")) return { seats: {} };
  if (params.has("seat")) {
    const seat = params.get("seat");
    const token = params.get("token");
    if (token) {
      holdSeats(gameId, { [seat]: token });
      history.replaceState(null, "", `${location.pathname}#seat=${encodeURIComponent(seat)}`);
    }
    const held = heldSeats(gameId);
    if (held[seat]) return { seats: { [seat]: held[seat] } };
    return { seats: {}, notice: `This browser holds no key for Seat ${seat}: you are watching.` };
  }
  return { seats: heldSeats(gameId) };
}

class Table {
  constructor(root, gameId, seats) {
    this.root = root;
    this.gameId = gameId;
    this.tokens = new Map(Object.entries(seats).map(([seat, token]) => [Number(seat), token]));
    this.held = [...this.tokens.keys()].sort((a, b) => a - b);
    this.views = new Map(); // seat number (or SPECTATOR) → its latest view
    this.shown = null; // the seat whose table is drawn
    this.handoverTo = null; // the seat the hand-over screen waits for
    this.busy = false;
    this.feeds = [];
    this.feedStates = new Map();
    this.logMoves = []; // move numbers of the log entries drawn so far
    this.build();
  }

  get hotseat() {
    return this.held.length > 1;
  }

  build() {
    this.tableEl = el("section", { id: "table", dataset: { game: this.gameId, moves: "" } });
    this.outcomeEl = el("section", { id: "outcome", hidden: true });
    this.drawingEl = el("div", { id: "drawing" }, el("p", { class: "help" }, "Loading the table…"));
    this.turnEl = el("div", { id: "turn" }, "…");
    this.thinkingEl = el("div", { id: "thinking", hidden: true }, el("span", { class: "spinner" }), "thinking…");
    this.whoEl = el("div", { id: "who" });
    this.actionsEl = el("div", { id: "actions" });
    this.logEl = el("ol", { id: "log" });
    append(this.tableEl, [
      this.outcomeEl,
      el("div", { class: "layout" },
        el("div", { class: "main" }, this.drawingEl),
        el("aside", { class: "side" },
          el("div", { class: "panel status" }, this.turnEl, this.thinkingEl, this.whoEl, rulesButton()),
          el("div", { class: "panel" }, el("h3", {}, "Actions"), this.actionsEl),
          el("div", { class: "panel log-panel" }, el("h3", {}, "Log"), this.logEl)))]);
    this.handoverEl = el("div", { id: "handover", hidden: true });
    replace(this.root, this.tableEl, this.handoverEl);
  }

  async start() {
    const keys = this.held.length ? this.held : [SPECTATOR];
    // one plain request first: a clear message for an unknown game or a refused key
    try {
      const first = await api.view(this.gameId, this.tokenOf(keys[0]));
      this.onView(keys[0], first);
    } catch (error) {
      replace(this.drawingEl, el("p", { class: "help" }, "This table cannot be shown."));
      showError(error.detail || error.message);
      if (error.status === 404 || error.status === 403 || error.status === 401) return;
    }
    for (const key of keys) {
      const feed = new LiveFeed(this.gameId, this.tokenOf(key), {
        onView: (view) => this.onView(key, view),
        onError: (detail) => showError(String(detail)),
        onState: (state) => this.onFeedState(key, state),
      });
      this.feeds.push(feed);
      feed.start();
    }
  }

  tokenOf(key) {
    return key === SPECTATOR ? null : this.tokens.get(key);
  }

  onFeedState(key, state) {
    this.feedStates.set(key, state);
    const connection = document.getElementById("connection");
    const down = [...this.feedStates.values()].some((s) => s === "closed");
    connection.hidden = false;
    connection.textContent = down ? "reconnecting…" : "live";
    connection.className = down ? "down" : "up";
  }

  /** Keeps `view` as the latest of seat `key` unless an older one arrives late. */
  onView(key, view, { fromAction = false } = {}) {
    if (!view || view.type !== "view") return;
    const previous = this.views.get(key);
    if (previous) {
      const before = previous.game.moves;
      const now = view.game.moves;
      if (now < before || (fromAction && now === before)) return;
    }
    this.views.set(key, view);
    this.update();
  }

  /** The view with the most moves among all the seats held (the game as it stands). */
  newest() {
    let best = null;
    for (const view of this.views.values()) if (!best || view.game.moves > best.game.moves) best = view;
    return best;
  }

  update() {
    const newest = this.newest();
    if (!newest) return;
    this.tableEl.dataset.moves = String(newest.game.moves);
    if (!this.held.length) {
      this.draw(this.views.get(SPECTATOR));
      return;
    }
    const toMove = newest.game.to_move;
    const over = Boolean(newest.outcome) || newest.game.status === "over";
    if (this.shown === null) {
      // a hot-seat table opens on the hand-over screen too: the screen may face anyone
      if (this.hotseat && !over) {
        this.showHandover(this.held.includes(toMove) ? toMove : this.held[0], newest);
        return;
      }
      this.shown = this.held.includes(toMove) ? toMove : this.held[0];
    }
    if (this.hotseat && !over && toMove !== this.shown && this.held.includes(toMove)) {
      this.showHandover(toMove, newest);
      return;
    }
    this.hideHandover();
    const view = this.views.get(this.shown);
    if (view) this.draw(view);
  }

  showHandover(seat, view) {
    closeChooser();
    if (this.handoverTo === seat && !this.handoverEl.hidden) return;
    this.handoverTo = seat;
    // nothing of the previous seat may stay visible: empty the table, then hide it
    replace(this.drawingEl);
    replace(this.actionsEl);
    this.tableEl.hidden = true;
    const label = this.seatName(seat, view);
    replace(this.handoverEl,
      el("div", { class: "handover-box" },
        el("h2", {}, `Pass the device to ${label}`),
        el("p", {}, `${view.game.title || view.game.game}: `,
          view.game.to_move === seat ? `it is ${label}'s turn. ` : `${label}'s table. `,
          "The table stays hidden until they are ready."),
        el("button", { type: "button", class: "primary", onclick: () => this.takeOver(seat) }, `I am ${label} — show the table`)));
    this.handoverEl.hidden = false;
  }

  takeOver(seat) {
    this.shown = seat;
    this.handoverTo = null;
    this.update();
  }

  hideHandover() {
    if (this.handoverEl.hidden && !this.tableEl.hidden) return;
    this.handoverTo = null;
    this.handoverEl.hidden = true;
    this.tableEl.hidden = false;
  }

  /** Draws the table of one seat's view. */
  draw(view) {
    if (!view) return;
    this.current = view;
    closeChooser();
    const game = view.game;
    installRules(game.game);
    installHelp(game.game);
    document.title = `${game.title || game.game} — Bellica`;
    document.getElementById("subtitle").textContent =
      `${game.title || game.game} · ${game.variant} · ${game.players} player${game.players === 1 ? "" : "s"}` +
      // whoever chose the seed can work out every hidden card: say so
      (game.chosen_seed ? " · seed chosen by the creator" : "");
    const data = this.tableEl.dataset;
    data.moves = String(game.moves);
    data.status = game.status;
    data.seat = view.seat === null || view.seat === undefined ? "spectator" : String(view.seat);
    data.toMove = game.to_move === null || game.to_move === undefined ? "" : String(game.to_move);
    data.thinking = view.thinking ? "true" : "false";
    this.drawStatus(view);
    this.drawActions(view);
    this.drawDrawing(view);
    this.drawLog(view.log || []);
    this.drawOutcome(view);
  }

  redraw() {
    if (this.current && !this.tableEl.hidden) this.draw(this.current);
  }

  /** The seat as the game names it: "the attacker", "Athens", "Seat 2". */
  seatName(seat, view = this.current) {
    return view?.names?.[seat] || `Seat ${seat}`;
  }

  /** "the attacker (you)", "Athens (AI: greedy)" … */
  seatLabel(seat, view = this.current) {
    return this.seatWho(seat, view, this.seatName(seat, view));
  }

  /** `name` (default "Seat 1") with who plays the seat: "Seat 1 (AI: greedy)". */
  seatWho(seat, view = this.current, name = `Seat ${seat}`) {
    if (seat === null || seat === undefined) return "—";
    const info = view?.game?.seats?.[seat];
    let label = name;
    if (view && seat === view.seat) label += " (you)";
    else if (info?.kind === "ai") label += ` (AI: ${info.agent})`;
    else if (this.held.includes(seat)) label += " (this browser)";
    return label;
  }

  drawStatus(view) {
    const game = view.game;
    if (view.outcome || game.status === "over") {
      this.turnEl.textContent = "Game over";
    } else if (game.to_move === null || game.to_move === undefined) {
      this.turnEl.textContent = "Waiting…";
    } else {
      this.turnEl.textContent = `${capitalized(this.seatLabel(game.to_move, view))} to move`;
    }
    this.turnEl.classList.toggle("mine", game.to_move === view.seat && !view.outcome);
    this.thinkingEl.hidden = !view.thinking;
    this.thinkingEl.lastChild.textContent = view.thinking && game.to_move !== null
      ? `${capitalized(this.seatLabel(game.to_move, view))} is thinking…`
      : "thinking…";
    replace(this.whoEl,
      view.seat === null || view.seat === undefined
        ? "You are watching (public information only)."
        : `You play ${this.seatLabel(view.seat, view).replace(" (you)", "")}.`,
      el("br"),
      el("small", {}, `Move ${game.moves}`));
  }

  drawActions(view) {
    const legal = view.legal || [];
    if (!legal.length) {
      let message = "Nothing to do right now.";
      if (view.outcome) message = "The game is over.";
      else if (view.seat === null || view.seat === undefined) message = "Spectators cannot act.";
      else if (view.game.to_move !== view.seat) message = `Waiting for ${this.seatLabel(view.game.to_move, view)}.`;
      replace(this.actionsEl, el("p", { class: "help" }, message));
      return;
    }
    replace(this.actionsEl, legal.map((entry, index) =>
      el("button", {
        type: "button",
        class: "action",
        dataset: { index, kind: entry.action.kind },
        disabled: this.busy,
        onclick: () => this.act(entry),
      }, entry.text)));
  }

  drawDrawing(view) {
    const drawing = DRAWINGS[view.game.game] || drawGeneric;
    const context = {
      legal: view.legal || [],
      interactive: (view.legal || []).length > 0,
      seatLabel: (seat) => this.seatLabel(seat, view),
      seatWho: (seat) => this.seatWho(seat, view),
      play: (entries, event, title) => this.play(entries, event, title),
      redraw: () => this.redraw(),
    };
    let node;
    try {
      node = drawing(view, context);
    } catch (error) {
      console.error(error);
      node = el("div", {}, el("p", { class: "help" }, `The drawing failed (${error.message}); the observation:`),
        drawGeneric(view, context));
    }
    replace(this.drawingEl, node);
  }

  drawLog(log) {
    const list = this.logEl;
    const same = this.logMoves.every((move, i) => log[i] && log[i].move === move);
    if (!same || log.length < this.logMoves.length) {
      list.replaceChildren();
      this.logMoves = [];
    }
    const first = this.logMoves.length === 0;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
    for (let i = this.logMoves.length; i < log.length; i++) {
      const entry = log[i];
      list.append(el("li", { dataset: { move: entry.move, seat: entry.seat ?? "" } },
        el("span", { class: "move" }, `${entry.move}.`),
        " ",
        el("span", { class: "who" }, entry.seat === null || entry.seat === undefined ? "" : `${capitalized(this.seatName(entry.seat))}: `),
        entry.text,
        entry.events?.length ? el("ul", { class: "events" }, entry.events.map((e) => el("li", {}, e))) : null));
      this.logMoves.push(entry.move);
    }
    if (first || atBottom) list.scrollTop = list.scrollHeight;
    list.dataset.count = String(log.length);
  }

  drawOutcome(view) {
    const outcome = view.outcome;
    if (!outcome) {
      this.outcomeEl.hidden = true;
      return;
    }
    const scores = Array.isArray(outcome.scores)
      ? outcome.scores.map((score, seat) => `${this.seatLabel(seat, view)}: ${score}`).join(" · ")
      : "";
    replace(this.outcomeEl,
      el("h2", {}, "Game over"),
      el("p", { class: "outcome-text" }, outcome.text || outcome.reason || ""),
      scores ? el("p", { class: "scores" }, scores) : null,
      el("p", { class: "buttons" },
        el("a", { id: "download", class: "button primary", href: api.recordUrl(this.gameId), download: `bellica-${this.gameId}.json` }, "Download record"),
        el("a", { class: "button", href: "/" }, "Back to the lobby")));
    this.outcomeEl.classList.toggle("won", Array.isArray(outcome.winners) && outcome.winners.includes(view.seat));
    this.outcomeEl.hidden = false;
  }

  /** Acts at once for one entry, or opens a chooser for several. */
  play(entries, event, title) {
    if (this.busy || !entries.length) return;
    if (entries.length === 1) {
      this.run(entries[0]);
      return;
    }
    openChooser(entries.map((entry) => ({
      text: entry.text,
      kind: entry.action?.kind,
      pick: () => this.run(entry),
    })), event, title);
  }

  run(entry) {
    if (typeof entry.run === "function") entry.run();
    else this.act(entry);
  }

  /** Sends one legal action for the seat shown; a refusal shows its message and keeps the table. */
  async act(entry) {
    const view = this.current;
    if (this.busy || !view || view.seat === null || view.seat === undefined) return;
    this.setBusy(true);
    try {
      const next = await api.act(this.gameId, this.tokens.get(view.seat), entry.action, view.game.moves);
      clearError();
      this.onView(view.seat, next, { fromAction: true });
    } catch (error) {
      showError(error.detail || error.message);
    } finally {
      this.setBusy(false);
    }
  }

  setBusy(busy) {
    this.busy = busy;
    this.tableEl.classList.toggle("busy", busy);
    this.tableEl.dataset.busy = busy ? "true" : "false";
    for (const button of this.actionsEl.querySelectorAll("button")) button.disabled = busy;
  }
}

/** "the attacker" at the start of a line: "The attacker". */
function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
