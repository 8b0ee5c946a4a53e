// The Imperio Bellum plug-in: the 9×9 board turned toward the viewer, clickable squares, the facts.

import { makePlayable } from "/static/js/chooser.js";
import { el } from "/static/js/dom.js";
import { boardGrid } from "/static/js/kit/board.js";
import { withHelp } from "/static/js/kit/help.js";
import { icon } from "/static/js/kit/icons.js";

const FILES = "abcdefghi";
const LETTERS = { headquarters: "HQ", base: "B", knight: "K", archer: "A", pikeman: "P", footsoldier: "F" };
const UNIT_ORDER = ["knight", "archer", "pikeman", "footsoldier"];
const SIDES = ["attacker", "defender"];
/** The actions that end a step or deploy a whole set-up: always on the action bar. */
const MAIN_KINDS = new Set(["ready", "reserves_ready", "alterations_done", "end_turn", "no_spawn", "formation", "preset"]);

// A piece picked in the browser when moves start from several squares (e.g. alterations):
// its destinations are highlighted until the position changes.
let picked = { moves: -1, square: null };

export default {
  // everything on the board is public: hot-seat players need no hand-over screen
  secrets: false,
  draw: drawImperio,
  mainActions: (legal) => legal.filter((entry) => MAIN_KINDS.has(entry.action.kind)),
  groupOf,
  round: (view) => roundText(view.observation),
};

/** The bar's group of an action: the piece it moves, the square it uses, or the reserves. */
function groupOf(action) {
  if (action.kind === "reinforce" || action.kind === "unreinforce") return "Reserves";
  if (action.kind === "formation" || action.kind === "preset") return "Formations";
  if (action.kind === "place") return `Place ${action.piece}s`;
  const square = action.from || action.square;
  if (square) return action.piece ? `${capitalized(action.piece)} ${square}` : `Square ${square}`;
  return null;
}

/** The Imperio Bellum table: board and facts side by side. */
function drawImperio(view, ctx) {
  const obs = view.observation;
  if (picked.moves !== view.game.moves) picked = { moves: view.game.moves, square: null };
  const actions = squareActions(ctx.legal, picked.square, (square) => {
    picked = { moves: view.game.moves, square: picked.square === square ? null : square };
    ctx.redraw();
  });
  return el("div", { class: "imperio" }, board(obs, actions, ctx), facts(obs, view, ctx));
}

/**
 * The actions each square offers: {square → {entries, roles}}. An action targets its `to`
 * square if it has one, else its `square`. When moves leave from several squares, each origin
 * offers "pick this piece" and only the picked piece's destinations are shown.
 */
function squareActions(legal, pickedSquare, pick) {
  const bySquare = new Map();
  const add = (square, entry, role) => {
    if (!bySquare.has(square)) bySquare.set(square, { entries: [], roles: new Set() });
    const slot = bySquare.get(square);
    slot.entries.push(entry);
    slot.roles.add(role);
  };
  const origins = new Set(legal.filter((e) => e.action.to && e.action.from).map((e) => e.action.from));
  const pickFirst = origins.size > 1;
  for (const entry of legal) {
    const action = entry.action;
    if (action.to) {
      if (pickFirst && action.from && action.from !== pickedSquare) continue;
      add(action.to, entry, action.kind === "attack" ? "attack" : "target");
    } else if (action.square) {
      add(action.square, entry, action.kind === "hold" ? "hold" : "source");
    }
  }
  if (pickFirst) {
    for (const origin of origins) {
      const text = origin === pickedSquare ? `Put back the piece at ${origin}` : `Pick the piece at ${origin}…`;
      add(origin, { text, action: { kind: "pick" }, run: () => pick(origin) }, "origin");
    }
  }
  return bySquare;
}

function board(obs, actions, ctx) {
  const pieces = new Map(obs.pieces.map((p) => [p.square, p]));
  return boardGrid({
    files: FILES,
    ranks: 9,
    // the defender's edge is drawn at the bottom for the defender: each army moves up its screen
    flip: obs.side === "defender",
    className: "imperio-board",
    dataset: { selected: obs.selected || "", facing: obs.side || "attacker" },
    cell: (name, dark) => square(name, dark, pieces.get(name), actions.get(name), obs, ctx),
  });
}

function square(name, dark, piece, slot, obs, ctx) {
  const roles = slot ? [...slot.roles] : [];
  const classes = ["square", dark ? "dark" : "light", ...roles];
  if (obs.selected === name) classes.push("selected");
  if (picked.square === name) classes.push("picked");
  if (roles.includes("attack")) classes.push("target");
  if (slot) classes.push("actionable");
  if (obs.base_won === name || obs.spawning_from === name) classes.push("flagged");
  const title = [name, piece ? pieceTitle(piece) : null, ...(slot ? slot.entries.map((e) => e.text) : [])]
    .filter(Boolean).join("\n");
  const node = el("div", {
    class: classes,
    dataset: { square: name, mark: name, piece: piece?.piece, side: piece?.side },
    title,
    role: slot ? "button" : null,
    tabindex: slot ? "0" : null,
  }, piece ? pieceElement(piece) : null);
  if (slot) makePlayable(node, (event) => ctx.play(slot.entries, event, name));
  return node;
}

function pieceElement(piece) {
  const classes = ["piece", piece.side, piece.piece];
  if (piece.entrenched) classes.push("entrenched");
  if (piece.acted) classes.push("acted");
  if (piece.captured) classes.push("captured");
  return withHelp(el("span", { class: classes }, LETTERS[piece.piece] || piece.piece.slice(0, 1).toUpperCase()), piece.piece);
}

function pieceTitle(piece) {
  const states = [piece.entrenched && "entrenched", piece.acted && "has acted", piece.captured && "captured"]
    .filter(Boolean);
  return `${piece.side} ${piece.piece}${states.length ? ` (${states.join(", ")})` : ""}`;
}

function seatOfSide(obs, side) {
  if (obs.attacker_seat === null || obs.attacker_seat === undefined) return null;
  return side === "attacker" ? obs.attacker_seat : 1 - obs.attacker_seat;
}

function facts(obs, view, ctx) {
  const rows = [
    ["Phase", obs.phase],
    ["Round", roundText(obs)],
    ["You", obs.side ? `the ${obs.side}` : "watching"],
    ["To move", obs.to_move ? ctx.seatLabel(obs.current_player) : "—"],
  ];
  if (obs.selected) rows.push(["Selected", obs.selected]);
  if (obs.knight_actions_left !== null && obs.knight_actions_left !== undefined) {
    rows.push(["Knight", `${obs.knight_actions_left} actions left, ${obs.knight_tiles_moved} tiles moved`]);
  }
  if (obs.base_won) rows.push(["Base won", obs.base_won]);
  if (obs.spawning_from) rows.push(["Spawning from", obs.spawning_from]);
  if (obs.phase === "alterations") rows.push(["Alterations left", String(obs.alterations_left)]);

  const sides = el("table", { class: "sides" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, "Units"), el("th", {}, "Bases"),
      UNIT_ORDER.map((kind) => el("th", { title: `${kind} reinforcements` }, LETTERS[kind])))),
    el("tbody", {}, SIDES.map((side) => el("tr", { class: side },
      el("th", {}, el("span", { class: `swatch ${side}` }), side, el("br"),
        el("small", {}, ctx.seatWho(seatOfSide(obs, side)))),
      el("td", {}, String(obs.units?.[side] ?? "")),
      el("td", {}, String(obs.bases?.[side] ?? "")),
      UNIT_ORDER.map((kind) => el("td", {}, String(obs.reinforcements?.[side]?.[kind] ?? "")))))));

  const combats = obs.last_combats || [];
  return el("div", { id: "facts", class: "panel facts" },
    el("dl", { class: "facts-list" }, rows.map(([key, value]) => [el("dt", {}, key), el("dd", {}, value)])),
    el("h4", {}, "Forces (reinforcements: K A P F)"),
    sides,
    combats.length
      ? el("div", { class: "combats" }, el("h4", {}, icon("attack", ""), " Last combats"),
        el("ul", {}, combats.map((c) => el("li", { class: c.attacker_won ? "won" : "lost" }, c.text))))
      : null,
    legend(),
    obs.position ? el("details", { class: "position" }, el("summary", {}, "Position notation"), el("pre", {}, obs.position)) : null);
}

function legend() {
  return el("details", { class: "legend" },
    el("summary", {}, "Legend"),
    el("ul", {},
      Object.entries(LETTERS).map(([kind, letter]) => el("li", {}, el("span", { class: "piece attacker mini" }, letter), ` ${kind}`)),
      el("li", {}, el("span", { class: "square-sample source" }), " a piece or square you can use"),
      el("li", {}, el("span", { class: "square-sample target" }), " a destination"),
      el("li", {}, el("span", { class: "square-sample attack" }), " an attack"),
      el("li", {}, el("span", { class: "square-sample hold" }), " hold (end the piece's action)"),
      el("li", {}, el("span", { class: "square-sample marked" }), " touched by the last turn"),
      el("li", {}, icon("ring", "entrenched"), " thick ring: entrenched · faded: has acted · dashed: captured")));
}

// "2 of 50"; once the house-rule limit has run out, say so rather than "4 of 3".
function roundText(obs) {
  if (!obs.turn_limit) return String(obs.round);
  if (obs.round > obs.turn_limit) return `${obs.turn_limit} of ${obs.turn_limit} (limit reached)`;
  return `${obs.round} of ${obs.turn_limit}`;
}

function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
