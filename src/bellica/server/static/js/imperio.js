// Draws Imperio Bellum: the 9×9 board with clickable squares, and the facts of the position.

import { makePlayable } from "/static/js/chooser.js";
import { el } from "/static/js/dom.js";
import { withHelp } from "/static/js/kit/help.js";

const FILES = "abcdefghi";
const LETTERS = { headquarters: "HQ", base: "B", knight: "K", archer: "A", pikeman: "P", footsoldier: "F" };
const UNIT_ORDER = ["knight", "archer", "pikeman", "footsoldier"];
const SIDES = ["attacker", "defender"];

// A piece picked in the browser when moves start from several squares (e.g. alterations):
// its destinations are highlighted until the position changes.
let picked = { moves: -1, square: null };

/** The Imperio Bellum table: board and facts side by side. */
export function drawImperio(view, ctx) {
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
  const cells = [];
  for (let rank = 9; rank >= 1; rank--) {
    cells.push(el("div", { class: "coord rank" }, String(rank)));
    for (let file = 0; file < 9; file++) {
      const name = FILES[file] + rank;
      cells.push(square(name, (file + rank) % 2 === 0, pieces.get(name), actions.get(name), obs, ctx));
    }
  }
  cells.push(el("div", { class: "coord corner" }));
  for (const file of FILES) cells.push(el("div", { class: "coord file" }, file));
  return el("div", { id: "board", class: "imperio-board", dataset: { selected: obs.selected || "" } }, cells);
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
    dataset: { square: name, piece: piece?.piece, side: piece?.side },
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
  const events = (obs.events || []).filter((text) => !combats.some((c) => c.text === text));
  return el("div", { id: "facts", class: "panel facts" },
    el("dl", { class: "facts-list" }, rows.map(([key, value]) => [el("dt", {}, key), el("dd", {}, value)])),
    el("h4", {}, "Forces (reinforcements: K A P F)"),
    sides,
    combats.length || events.length
      ? el("div", { class: "combats" }, el("h4", {}, "Last combats"),
        el("ul", {}, combats.map((c) => el("li", { class: c.attacker_won ? "won" : "lost" }, c.text)),
          events.map((text) => el("li", {}, text))))
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
      el("li", {}, "thick ring: entrenched · faded: has acted · dashed: captured")));
}

// "2 of 50"; once the house-rule limit has run out, say so rather than "4 of 3".
function roundText(obs) {
  if (!obs.turn_limit) return String(obs.round);
  if (obs.round > obs.turn_limit) return `${obs.turn_limit} of ${obs.turn_limit} (limit reached)`;
  return `${obs.round} of ${obs.turn_limit}`;
}
