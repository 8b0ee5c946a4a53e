// The Imperio Bellum plug-in: the 9×9 board turned toward the viewer, clickable squares, the facts.

import { makePlayable } from "/static/js/chooser.js";
import { el } from "/static/js/dom.js";
import { animationSwitch, fadeIn, fadeOut, rollDice, slide } from "/static/js/kit/animate.js";
import { boardGrid } from "/static/js/kit/board.js";
import { followUps } from "/static/js/kit/compound.js";
import { diceRoll } from "/static/js/kit/dice.js";
import { withHelp } from "/static/js/kit/help.js";
import { icon } from "/static/js/kit/icons.js";

const FILES = "abcdefghi";
const LETTERS = { headquarters: "HQ", base: "B", knight: "K", archer: "A", pikeman: "P", footsoldier: "F" };
const UNIT_ORDER = ["knight", "archer", "pikeman", "footsoldier"];
const SIDES = ["attacker", "defender"];
/** The actions that end a step or deploy a whole set-up: always on the action bar. */
const MAIN_KINDS = new Set(["ready", "reserves_ready", "alterations_done", "end_turn", "no_spawn", "formation", "preset"]);

const SQUARE = /\b[a-i][1-9]\b/g;

// A piece picked in the browser (looking commits nothing): its destinations and targets are
// highlighted until another piece is picked, Escape is pressed or the position changes. The
// same holds when moves start from several squares (e.g. alterations).
let picked = { key: "", square: null };
let redrawPicked = null; // redraws the table after Escape clears the pick
// The board last drawn, to animate what changed: {key, moves, facing, pieces}.
let shown = null;
/** The board last put on the page and the move it shows (see animateChanges). */
let onPage = { grid: null, moves: -1 };
let diceShown = ""; // the fight whose dice were last rolled

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || picked.square === null || document.querySelector("#chooser")) return;
  picked = { ...picked, square: null };
  redrawPicked?.();
});

export default {
  // everything on the board is public: hot-seat players need no hand-over screen
  secrets: false,
  draw: drawImperio,
  mainActions: (legal) => legal.filter((entry) => MAIN_KINDS.has(entry.action.kind)),
  groupOf,
  marks: lastTurnSquares,
  round: (view) => roundText(view.observation),
};

/**
 * The squares a log entry touched: its marks (and its events'); an entry without `marks`
 * (from a server before structured entries): the squares its words name.
 */
export function entryMarks(entry) {
  const ids = [...(entry?.marks || [])];
  for (const event of entry?.events || []) if (event && typeof event === "object") ids.push(...(event.marks || []));
  if (ids.length || Array.isArray(entry?.marks)) return ids;
  const texts = [entry?.text, ...(entry?.events || []).map((event) => (typeof event === "string" ? event : event?.text))];
  return texts.flatMap((text) => String(text ?? "").match(SQUARE) || []);
}

/**
 * The squares the last turn touched, as the view's seat sees it: the other seats' entries
 * since its own last one (a spectator: the last seat that moved), each square once.
 */
export function lastTurnSquares(view) {
  const log = view?.log || [];
  const viewer = view?.seat ?? null;
  let i = log.length - 1;
  if (viewer !== null) while (i >= 0 && (log[i].seat ?? null) === viewer) i--;
  const mover = i >= 0 ? log[i].seat ?? null : null;
  const squares = new Set();
  for (; i >= 0; i--) {
    const who = log[i].seat ?? null;
    if (viewer !== null ? who === viewer : who !== mover) break;
    for (const square of entryMarks(log[i])) squares.add(square);
  }
  return [...squares];
}

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
  const key = `${view.game.id}:${view.seat}:${view.game.moves}`;
  if (picked.key !== key) picked = { key, square: null };
  redrawPicked = ctx.redraw;
  const actions = squareActions(ctx.legal, picked.square, (square) => {
    picked = { key, square: picked.square === square ? null : square };
    ctx.redraw();
  });
  const grid = board(obs, actions, ctx);
  const node = el("div", { class: "imperio", dataset: { picked: picked.square || "" } }, grid, facts(obs, view, ctx));
  animateChanges(view, grid);
  return node;
}

/**
 * Once the new board is on the page, animates what changed since the board last drawn for
 * the same game and viewer: a piece that left a square for another nearby slides, a new one
 * fades in, one gone fades out.
 */
function animateChanges(view, grid) {
  onPage = { grid, moves: view.game.moves };
  const obs = view.observation;
  const facing = obs.side || "attacker";
  const now = new Map(obs.pieces.map((p) => [p.square, p]));
  const before = shown;
  shown = { game: view.game.id, seat: view.seat, moves: view.game.moves, facing, pieces: now };
  if (!before || before.game !== view.game.id || before.seat !== view.seat || before.facing !== facing) return;
  if (view.game.moves <= before.moves) return;
  const same = (a, b) => a && b && a.side === b.side && a.piece === b.piece;
  const left = [...before.pieces.values()].filter((p) => !same(p, now.get(p.square)));
  const arrived = [...now.values()].filter((p) => !same(p, before.pieces.get(p.square)));
  const slides = [];
  for (const piece of arrived) {
    // the nearest piece of the same kind and side that left (a step, an archer's two)
    let best = null;
    for (const gone of left) {
      if (!same(gone, piece) || slides.some(([from]) => from === gone)) continue;
      const d = distance(gone.square, piece.square);
      if (d <= 2 && (!best || d < best[1])) best = [gone, d];
    }
    if (best) slides.push([best[0], piece]);
  }
  const moves = view.game.moves;
  requestAnimationFrame(() => {
    // the board on the page now: a redraw of the same move (its HTTP answer, then its live
    // message) may have replaced this one before the frame came, and must not lose the motion
    const board = onPage.moves === moves ? onPage.grid : grid;
    if (!board.isConnected) return;
    const at = (square) => board.querySelector(`.square[data-square="${square}"]`);
    for (const [from, to] of slides) {
      const a = at(from.square)?.getBoundingClientRect();
      const node = at(to.square);
      if (a && node) {
        const b = node.getBoundingClientRect();
        slide(node.querySelector(".piece"), a.left - b.left, a.top - b.top);
      }
    }
    const slid = new Set(slides.flatMap(([from, to]) => [from, to]));
    for (const piece of arrived) if (!slid.has(piece)) fadeIn(at(piece.square)?.querySelector(".piece"));
    for (const piece of left) if (!slid.has(piece)) fadeOut(at(piece.square), pieceElement(piece));
  });
}

/** Chebyshev distance between two square names ("e4", "f6" → 2). */
function distance(a, b) {
  return Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a.slice(1)) - Number(b.slice(1))));
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
    if (Array.isArray(entry.then) && entry.then.length) {
      // a piece to look at: picking it sends nothing; its moves are sent with the pick
      const square = action.square;
      const here = square === pickedSquare;
      add(square, { text: here ? `Put back the ${action.piece} at ${square}` : `Pick the ${action.piece} at ${square}`, action: { kind: "pick" }, run: () => pick(square) }, here ? "picked" : "pick");
      if (!here) continue;
      for (const move of followUps(entry)) {
        const to = move.action.to;
        if (to) add(to, move, move.action.kind === "attack" ? "attack" : "target");
        else add(square, move, "hold");
      }
    } else if (action.to) {
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
  if (roles.includes("pick")) classes.push("source");
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
    lastFight(view),
    combats.length
      ? el("div", { class: "combats" }, el("h4", {}, icon("attack", ""), " Last combats"),
        el("ul", {}, combats.map((c) => el("li", { class: c.attacker_won ? "won" : "lost" }, c.text))))
      : null,
    legend(),
    el("details", { class: "settings" }, el("summary", {}, "Settings"), animationSwitch()),
    obs.position ? el("details", { class: "position" }, el("summary", {}, "Position notation"), el("pre", {}, obs.position)) : null);
}

/**
 * The latest fight in the log with its dice: each side's dice faces and the modifiers behind
 * its count (kit dice); a fight not shown before rolls its dice first.
 */
function lastFight(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const fights = (log[i].events || []).filter((event) => event && typeof event === "object" && event.dice?.length);
    if (!fights.length) continue;
    const node = el("div", { class: "last-fight", dataset: { move: log[i].move } },
      el("h4", {}, icon("attack", ""), ` Move ${log[i].move}`),
      fights.map((fight) => el("div", { class: "fight" }, el("p", {}, String(fight.text ?? "")), el("div", { class: "dice" }, fight.dice.map(diceRoll)))));
    const key = `${view.game.id}:${log[i].move}`;
    if (key !== diceShown) {
      const first = diceShown === "";
      diceShown = key;
      const move = log[i].move;
      // roll on the fight on the page when the frame comes (a redraw may have replaced this one)
      const onPageNow = () => (node.isConnected ? node : document.querySelector(`.imperio .last-fight[data-move="${move}"]`));
      if (!first) requestAnimationFrame(() => { const shownNode = onPageNow(); if (shownNode) rollDice(shownNode); });
    }
    return node;
  }
  return null;
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
