// Starts the page: `/game/{id}` opens the table, `/replay[/{id}]` a replay, anything else the lobby.

import { openLobby } from "/static/js/lobby.js";
import { openReplay } from "/static/js/replay.js";
import { openTable } from "/static/js/table.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/game\/([^/]+)\/?$/);
const replay = location.pathname.match(/^\/replay(?:\/([^/]+))?\/?$/);
if (replay) {
  openReplay(root, replay[1] ? decodeURIComponent(replay[1]) : null);
} else if (match) {
  openTable(root, decodeURIComponent(match[1]));
} else {
  openLobby(root);
}
