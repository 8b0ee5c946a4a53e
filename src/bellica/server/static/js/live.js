// Keeps one WebSocket open for one seat (or a spectator), reconnecting with backoff when it drops.

import { api } from "/static/js/api.js";

const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 8000;

/**
 * A live feed of views: `onView(view)` for every view, `onError(detail)` for an error message,
 * `onState("open" | "closed")` when the connection comes or goes.
 *
 * The server sends the whole log in a connection's first view only; later views carry the new
 * entries from move `log_from`, which the feed appends, so every view handed on has the whole log.
 */
export class LiveFeed {
  constructor(gameId, token, { onView, onError, onState }) {
    this.gameId = gameId;
    this.token = token || null;
    this.onView = onView;
    this.onError = onError || (() => {});
    this.onState = onState || (() => {});
    this.delay = FIRST_DELAY_MS;
    this.socket = null;
    this.stopped = false;
    this.sawView = false;
    this.timer = null;
    this.log = [];
  }

  /** The whole log after `message`, or null when it does not follow what this feed has. */
  merge(message) {
    const from = message.log_from;
    if (from === undefined || from === 1) return message.log;
    if (from - 1 > this.log.length) return null;
    return this.log.slice(0, from - 1).concat(message.log);
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }

  connect() {
    if (this.stopped) return;
    const socket = new WebSocket(api.liveUrl(this.gameId));
    this.socket = socket;
    this.sawView = false;
    this.log = [];
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ token: this.token }));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view") {
        const log = this.merge(message);
        if (log === null) {
          socket.close(); // entries went missing: a new connection starts from the whole log
          return;
        }
        this.log = log;
        message.log = log;
        delete message.log_from;
        if (!this.sawView) this.onState("open");
        this.sawView = true;
        this.delay = FIRST_DELAY_MS;
        this.onView(message);
      } else if (message.type === "error") {
        this.onError(message.detail);
        // an error before any view means this token is refused: retrying would not help,
        // unless the game or this address has all the connections it may (429): try later
        if (!this.sawView && message.status !== 429) this.stopped = true;
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.onState("closed");
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    });
  }
}
