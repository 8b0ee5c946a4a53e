// Keeps one WebSocket open for one seat (or a spectator), reconnecting with backoff when it drops.

import { api } from "/static/js/api.js";

const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 8000;

/**
 * A live feed of views: `onView(view)` for every view, `onError(detail)` for an error message,
 * `onState("open" | "closed")` when the connection comes or goes.
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
        if (!this.sawView) this.onState("open");
        this.sawView = true;
        this.delay = FIRST_DELAY_MS;
        this.onView(message);
      } else if (message.type === "error") {
        this.onError(message.detail);
        // an error before any view means this token is refused: retrying would not help
        if (!this.sawView) this.stopped = true;
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
