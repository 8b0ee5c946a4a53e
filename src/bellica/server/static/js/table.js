// The table at `/game/{id}`: live views per held seat, the game's plug-in, action bar, log, clock.

import { api, clearError, showError } from "/static/js/api.js";
import { closeChooser, openChooser } from "/static/js/chooser.js";
import { append, el, replace } from "/static/js/dom.js";
import { drawGeneric, genericPlugin } from "/static/js/generic.js";
import { ActionBar } from "/static/js/kit/actionbar.js";
import { compoundEntries } from "/static/js/kit/compound.js";
import { installHelp } from "/static/js/kit/help.js";
import { capitalized, logEntry } from "/static/js/kit/log.js";
import { LastTurnPanel } from "/static/js/kit/lastturn.js";
import { lastTurnIds, markIds } from "/static/js/kit/marks.js";
import { installRules, rulesButton } from "/static/js/kit/rules.js";
import { LiveFeed } from "/static/js/live.js";
import { heldSeats, holdSeats } from "/static/js/seats.js";

const SPECTATOR = "spectator";
const AGENT_NAMES = { random: "Random", greedy: "Greedy", mcts: "MCTS" };

/**
 * The game's plug-in, `static/js/games/<id>.js` with its `static/css/games/<id>.css`, or the
 * generic observation tree when the game has none (or it fails to load).
 */
export async function loadPlugin(gameId) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(gameId || "")) return genericPlugin;
  try {
    const module = await import(`/static/js/games/${gameId}.js`);
    const plugin = module.default;
    if (!plugin || typeof plugin.draw !== "function") return genericPlugin;
    if (!document.querySelector(`link[data-plugin="${gameId}"]`)) {
      // the table is first drawn once its stylesheet is in (no unstyled flash); a stylesheet
      // that fails to load leaves the drawing plain, never the table undrawn
      const link = el("link", { rel: "stylesheet", href: `/static/css/games/${gameId}.css`, dataset: { plugin: gameId } });
      const loaded = new Promise((done) => {
        link.addEventListener("load", done, { once: true });
        link.addEventListener("error", done, { once: true });
      });
      document.head.append(link);
      await loaded;
    }
    return { ...genericPlugin, ...plugin, id: gameId };
  } catch (error) {
    console.warn(`no drawing for ${gameId}: the generic table is shown`, error);
    return genericPlugin;
  }
}

/** An AI seat's name in words: its `label`, else made from its spec ("MCTS, 1 s per move"). */
export function agentName(info) {
  if (info?.label) return info.label;
  const [head, ...params] = String(info?.agent || "AI").split(":");
  const words = [];
  for (const param of params) {
    const [key, value] = param.split("=");
    if (key === "seconds") words.push(`${value} s per move`);
    else if (key === "iterations") words.push(`${value} iterations per move`);
    else if (key && value) words.push(`${key} ${value}`);
  }
  const name = AGENT_NAMES[head] || capitalized(head.replaceAll("_", " "));
  return words.length ? `${name}, ${words.join(", ")}` : name;
}

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
    return { seats: {}, notice: `This browser holds no key for player ${Number(seat) + 1}: you are watching.` };
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
    this.updatePending = false; // a view from the feed waits for the next frame (updateSoon)
    this.plugin = null; // the game's drawing, once loaded
    this.turnKey = null; // "moves:to_move" of the turn the clock counts
    this.turnSince = 0;
    this.build();
    this.clock = setInterval(() => this.tick(), 1000);
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
    this.clockEl = el("div", { id: "clock" });
    this.actionsEl = el("div", { id: "actions", role: "toolbar", "aria-label": "Actions" });
    this.actionBar = new ActionBar(this.actionsEl);
    this.logEl = el("ol", { id: "log" });
    this.lastTurn = new LastTurnPanel(this); // the others' turn since this seat's last action
    append(this.tableEl, [
      this.outcomeEl,
      el("div", { class: "layout" },
        el("div", { class: "main" }, this.drawingEl),
        el("aside", { class: "side" },
          el("div", { class: "panel status" }, this.turnEl, this.thinkingEl, this.clockEl, this.whoEl, rulesButton()),
          this.lastTurn.el,
          el("div", { class: "panel log-panel" }, el("h3", {}, "Log"), this.logEl))),
      this.actionsEl]);
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
      if (now < before) return;
      if (fromAction && now === before) {
        // the feed brought this move first: draw it now, before the table takes clicks again
        if (this.updatePending) this.update();
        return;
      }
    }
    this.views.set(key, view);
    // your own move shows at once; views from the feed (other seats' moves, often several
    // in a burst) are drawn once per frame, the newest only
    if (fromAction) this.update();
    else this.updateSoon();
  }

  /** Updates the table at the next frame, once however many views arrive before it. */
  updateSoon() {
    if (this.updatePending) return;
    this.updatePending = true;
    const run = () => {
      if (!this.updatePending) return; // an update came first and drew the newest view
      this.update();
    };
    // a hidden tab gets no frames: its table still follows the game
    if (document.hidden) setTimeout(run, 0);
    else requestAnimationFrame(run);
  }

  /** The view with the most moves among all the seats held (the game as it stands). */
  newest() {
    let best = null;
    for (const view of this.views.values()) if (!best || view.game.moves > best.game.moves) best = view;
    return best;
  }

  update() {
    this.updatePending = false;
    const newest = this.newest();
    if (!newest) return;
    if (!this.plugin) {
      // hot-seat needs the plug-in's `secrets` before anything is shown
      this.pluginLoading ??= loadPlugin(newest.game.game).then((plugin) => {
        this.plugin = plugin;
        this.tableEl.dataset.plugin = plugin.id || "generic";
        this.update();
      });
      return;
    }
    this.tableEl.dataset.moves = String(newest.game.moves);
    if (!this.held.length) {
      this.draw(this.views.get(SPECTATOR));
      return;
    }
    const toMove = newest.game.to_move;
    const over = Boolean(newest.outcome) || newest.game.status === "over";
    if (this.hotseat && !this.plugin.secrets) {
      // nothing is hidden (e.g. Imperio Bellum): the table simply turns to whoever moves
      if (this.held.includes(toMove) || this.shown === null) this.shown = this.held.includes(toMove) ? toMove : this.held[0];
      this.hideHandover();
      const view = this.views.get(this.shown);
      if (view) this.draw(view);
      return;
    }
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
    replace(this.logEl);
    this.logMoves = [];
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
    installRules(view.game.game);
    installHelp(view.game.game);
    // read before anything changes, while the last frame's layout still holds
    const logAtEnd = this.logEl.scrollHeight - this.logEl.scrollTop - this.logEl.clientHeight < 48;
    this.current = view;
    closeChooser();
    const game = view.game;
    document.title = `${game.title || game.game} — Bellica`;
    document.getElementById("subtitle").textContent =
      `${game.title || game.game} · ${game.variant_title || game.variant} · ${game.players} player${game.players === 1 ? "" : "s"}` +
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
    const logRestarted = this.drawLog(view.log || []);
    this.drawMarks(view);
    this.lastTurn.update(view);
    this.drawOutcome(view);
    this.tick();
    // last, so that one layout serves the whole drawing: the log follows the game unless
    // the player scrolled back through it
    if (logRestarted || logAtEnd) this.logEl.scrollTop = this.logEl.scrollHeight;
  }

  redraw() {
    if (this.current && !this.tableEl.hidden) this.draw(this.current);
  }

  /** The seat as the game names it: "the attacker", "Athens" (else "player 2"). */
  seatName(seat, view = this.current) {
    return view?.names?.[seat] || `player ${Number(seat) + 1}`;
  }

  /** Who plays the seat: "you", "AI · MCTS, 1 s per move", "this browser" or "a player". */
  seatWho(seat, view = this.current) {
    if (seat === null || seat === undefined) return "—";
    const info = view?.game?.seats?.[seat];
    if (view && seat === view.seat) return "you";
    if (info?.kind === "ai") return `AI · ${agentName(info)}`;
    if (this.held.includes(seat)) return "this browser";
    return "a player";
  }

  /** The seat's name with who plays it: "the defender (AI · Greedy)", "Athens (you)". */
  seatLabel(seat, view = this.current) {
    if (seat === null || seat === undefined) return "—";
    const who = this.seatWho(seat, view);
    const name = this.seatName(seat, view);
    return who === "a player" ? name : `${name} (${who})`;
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
        : `You play ${this.seatName(view.seat, view)}.`);
    const key = `${game.moves}:${game.to_move}`;
    if (key !== this.turnKey) {
      // the first view counts from the server's last change, later ones from their arrival
      const updated = Date.parse(game.updated || "");
      const first = this.turnKey === null && Number.isFinite(updated);
      this.turnSince = first ? Math.min(updated, Date.now()) : Date.now();
      this.turnKey = key;
    }
    const round = this.plugin?.round ? this.plugin.round(view) : view.observation?.round;
    replace(this.clockEl,
      el("span", { class: "moves" }, `Move ${game.moves}`),
      round !== undefined && round !== null ? el("span", { class: "round" }, ` · Round ${round}`) : null,
      el("span", { class: "since" }));
  }

  /** The clock line's ticking part: how long the seat to move has been thinking. */
  tick() {
    const view = this.current;
    const since = this.clockEl.querySelector(".since");
    if (!view || !since) return;
    const game = view.game;
    if (view.outcome || game.status === "over" || game.to_move === null || game.to_move === undefined) {
      since.textContent = "";
      return;
    }
    const seconds = Math.max(0, Math.floor((Date.now() - this.turnSince) / 1000));
    since.textContent = ` · ${capitalized(this.seatName(game.to_move, view))}: ${duration(seconds)}`;
    since.dataset.seconds = String(seconds);
  }

  drawActions(view) {
    const legal = compoundEntries(view.legal); // a selection is offered with each follow-up
    let prompt = "Your turn: choose on the table or here.";
    if (!legal.length) {
      prompt = "Nothing to do right now.";
      if (view.outcome) prompt = "The game is over.";
      else if (view.seat === null || view.seat === undefined) prompt = "Spectators cannot act.";
      else if (view.game.to_move !== view.seat) prompt = `Waiting for ${this.seatLabel(view.game.to_move, view)}.`;
    }
    this.actionBar.render({
      legal,
      plugin: { ...this.plugin, groupOf: (action) => this.plugin.groupOf?.(action, view) },
      prompt,
      busy: this.busy,
      act: (entry) => this.act(entry),
      position: `${view.seat}:${view.game.moves}`,
    });
  }

  drawDrawing(view) {
    const drawing = this.plugin.draw;
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
    delete this.drawingEl.dataset.past;
  }

  /** Appends the log's new entries; answers whether the list was drawn afresh. */
  drawLog(log) {
    const list = this.logEl;
    const same = this.logMoves.every((move, i) => log[i] && log[i].move === move);
    if (!same || log.length < this.logMoves.length) {
      list.replaceChildren();
      this.logMoves = [];
    }
    const first = this.logMoves.length === 0;
    for (let i = this.logMoves.length; i < log.length; i++) {
      list.append(logEntry(log[i], (seat) => this.seatName(seat)));
      this.logMoves.push(log[i].move);
      // a piece picked, then its move by the same seat: one line
      const before = log[i - 1];
      const folded = before?.selection && before.seat === log[i].seat ? list.children[i - 1] : null;
      if (folded) {
        folded.classList.add("folded");
        folded.hidden = true;
      }
    }
    list.dataset.count = String(log.length);
    return first;
  }

  /** Outlines what the last turn touched: the log's marks and the plug-in's own. */
  drawMarks(view) {
    let ids = lastTurnIds(view.log || [], view.seat);
    try {
      if (this.plugin.marks) ids = ids.concat(this.plugin.marks(view) || []);
    } catch (error) {
      console.error(error);
    }
    this.drawingEl.dataset.marked = String(markIds(this.drawingEl, ids));
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
    // each seat reads its own result ("You won", "Scenario lost: …"), a spectator the text
    const headline = outcome.headline || outcome.text || outcome.reason || "Game over";
    replace(this.outcomeEl,
      el("h2", { id: "outcome-headline" }, headline),
      el("p", { class: "outcome-text" }, outcome.text || outcome.reason || ""),
      scores ? el("p", { class: "scores" }, scores) : null,
      el("p", { class: "buttons" },
        el("a", { id: "download", class: "button primary", href: api.recordUrl(this.gameId), download: `bellica-${this.gameId}.json` }, "Download record"),
        el("a", { id: "replay-link", class: "button", href: `/replay/${encodeURIComponent(this.gameId)}` }, "Replay"),
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

  /**
   * Sends one legal action for the seat shown, or each of a compound move's `steps` in turn
   * (each with the move count the previous answer gave); a refusal shows its message and keeps
   * the table.
   */
  async act(entry) {
    const view = this.current;
    if (this.busy || !view || view.seat === null || view.seat === undefined) return;
    this.setBusy(true);
    const steps = Array.isArray(entry.steps) && entry.steps.length ? entry.steps : [entry.action];
    let moves = view.game.moves;
    try {
      let log = view.log;
      for (const [i, action] of steps.entries()) {
        let next;
        try {
          next = await api.act(this.gameId, this.tokens.get(view.seat), action, moves, log);
        } catch (error) {
          if (i === 0) throw error;
          const why = error.detail || error.message;
          throw new Error(`The piece was picked, but "${entry.text}" was refused: ${why}`);
        }
        clearError();
        moves = next.game.moves;
        log = next.log;
        this.onView(view.seat, next, { fromAction: true });
      }
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
    this.actionBar.setBusy(busy);
  }
}

/** 75 → "1:15". */
function duration(seconds) {
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
