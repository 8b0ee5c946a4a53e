// Starts the page: `/game/{id}` opens the table, anything else the lobby.

import { openLobby } from "/static/js/lobby.js";
import { openTable } from "/static/js/table.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/game\/([^/]+)\/?$/);
if (match) {
  openTable(root, decodeURIComponent(match[1]));
} else {
  openLobby(root);
}
