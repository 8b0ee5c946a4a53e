// The Para Bellum plug-in: every general's army as a grid of cards with its dice, the hands, the Battle Line, the Event, the Battle card and the alliances.

import { el } from "/static/js/dom.js";
import { animationSwitch, fadeIn, rollDice } from "/static/js/kit/animate.js";
import { cardBack, cardFace } from "/static/js/kit/card.js";
import { helpData, withHelp } from "/static/js/kit/help.js";
import { capitalized } from "/static/js/kit/log.js";
import { markIds } from "/static/js/kit/marks.js";

/** The grid around the Starting card: rows +2 (top) to −1 (bottom), columns −4 to +4. */
const ROWS = [2, 1, 0, -1];
const COLUMNS = [-4, -3, -2, -1, 0, 1, 2, 3, 4];
const WIDTH = COLUMNS.length;
/** The five legion colours: [shown name, fill, ink on it, darker shade]. */
const COLOURS = {
  gold: ["Gold", "#d4a72c", "#2b2200", "#8a6a10"],
  green: ["Green", "#3f7d3a", "#fff", "#24501f"],
  purple: ["Purple", "#6d3f95", "#fff", "#442560"],
  white: ["White", "#ece7da", "#2b2a26", "#a39c88"],
  black: ["Black", "#2e2c31", "#f3efe6", "#0f0e11"],
};
const COLOUR_ORDER = Object.keys(COLOURS);
const BANNERS = {
  strategist: ["Strategist", "St", "red"],
  field_commander: ["Field Commander", "FC", "red"],
  warlord: ["Warlord", "W", "red"],
  artifex: ["Artifex", "A", "grey"],
  veterani: ["Veterani", "V", "grey"],
  speculatore: ["Speculatore", "Sp", "grey"],
};
const DIE_NAMES = { general: "General die", red: "Centurion die", grey: "Legion die" };
const DIE_KEYS = { general: "general-die", red: "centurion-die", grey: "legion-die" };
/** The turn's phases as the status bar lists them: [phase, words, glossary key]. */
const PHASES = [
  ["army", "Army", "army-card"],
  ["actions", "Actions", "action-token"],
  ["draw", "Draw", null],
];
const COMMAND_TYPES = { order: ["Order", "order"], permanent: ["Permanent", "permanent"], special: ["Special Unit", "special-unit"] };
/** An effect's verb in words (see the card schema's vocabulary): one, many. */
const VERB_WORDS = {
  vp: (n) => `+${n} VP`,
  coins: (n) => `+${n} coin${n === 1 ? "" : "s"}`,
  draw_army: (n) => `draw ${n} Army card${n === 1 ? "" : "s"}`,
  take_command: (n) => `take ${n} Command card${n === 1 ? "" : "s"}`,
  empower: (n) => `+${n} to a Legion die`,
  rally: (n) => `+${n} to a Centurion die`,
  inspire: (n) => `+${n} to the General die`,
  reroll: () => "re-roll a Legion die",
  recruit: (kind) => `a new ${kind === "red" ? "Centurion" : "Legion"} die`,
  banner: () => "a banner",
  morale: (n) => (n ? `Morale test (+${n})` : "Morale test"),
  actions: (n) => `+${n} action token${n === 1 ? "" : "s"}`,
  disable: (what) => `disable a ${what === "any" ? "" : `${what} `}permanent`,
  eliminate: (what) => `eliminate a ${what === "any" ? "" : `${what} `}permanent`,
  free_construct: () => "a free Construct",
  harass: (n) => `opponents −${n} to a Legion die`,
};
/** The die slot an action names: a die choice, a payment by that die (and coins), a banner put on it. */
const SLOT = "(general|r\\d+|g\\d+)";
const DIE_ACTION = new RegExp(`^(?:die_${SLOT}|pay_${SLOT}_\\d+|banner_(strategist|field_commander|warlord|artifex|veterani|speculatore)_${SLOT})$`);

/** The slot a die action names ("g13", "r4", "general"), else null. */
function slotOf(kind) {
  const found = DIE_ACTION.exec(String(kind || ""));
  return found ? found[1] || found[2] || found[4] : null;
}

/** The banner a banner action adds, else null. */
function bannerOf(kind) {
  return DIE_ACTION.exec(String(kind || ""))?.[3] || null;
}

/** The glossary key of a word of the card data ("field_commander" → "field-commander"). */
function keyOf(word) {
  return String(word || "").replaceAll("_", "-");
}

/** A card's name without its colour, which the card shows ("White Velites of the Fourth" → "Velites of the Fourth"). */
function shortName(data) {
  const colour = COLOURS[data.colour]?.[0];
  return colour && String(data.name || "").startsWith(`${colour} `) ? data.name.slice(colour.length + 1) : data.name;
}

/** Cell number of (row, column): rows −1..2, columns −4..4 → 0..35. */
export function cellOf(row, column) {
  return (row + 1) * WIDTH + (column + 4);
}

/** (row, column) of a cell or a junction number. */
function rowColumn(index) {
  return [Math.floor(index / WIDTH) - 1, (index % WIDTH) - 4];
}

export default {
  // hands and face-down objectives are secret: hot-seat players get a hand-over screen between seats
  secrets: true,
  draw: drawParaBellum,
  // the steps that name no card: basic actions, Order options, payments, dice, bonuses, the end of actions
  mainActions: (legal) => legal.filter((entry) => !namesCard(entry.action) && !bannerOf(entry.action.kind)),
  // any other action under the card it names ("Place Gold Hastati (012)", a Battle Line card), a
  // banner's choices under the banner
  groupOf: (action, view) => groupName(action, view),
  round: (view) => view.observation?.round,
  // outlines what `ids` name on the drawn table (cards by token)
  mark: (root, ids, className = "marked") => markIds(root, ids, className),
};

function namesCard(action) {
  return action?.card !== undefined && action?.card !== null;
}

// The hand card picked in the browser to be placed (picking sends nothing): the cells its
// `place` actions name are lit until one is clicked, the card is clicked again, Escape is
// pressed or the position changes.
let picked = { key: "", card: null };
let redrawPicked = null;

// a phone's width: your army shows only the columns it spans (redrawn when the width crosses it)
const NARROW = window.matchMedia?.("(max-width: 600px)") || null;
NARROW?.addEventListener?.("change", () => redrawPicked?.());

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || picked.card === null || document.querySelector("#chooser")) return;
  picked = { ...picked, card: null };
  redrawPicked?.();
});

// What the previous drawing of the same game and seat showed: each die by player and slot with
// its value, and the cards in each army, to roll what changed and fade in what arrived.
const previous = { key: null, dice: new Map(), cards: new Set() };

let namesCache = { view: null, names: new Map() };

function namesOf(view) {
  if (namesCache.view !== view) namesCache = { view, names: view?.observation ? cardNames(view.observation) : new Map() };
  return namesCache.names;
}

/** Every visible card's name by token. */
function cardNames(obs) {
  const names = new Map();
  const note = (c) => c && c.card && names.set(c.card, c.name);
  for (const p of obs.players_view || []) {
    (p.army || []).forEach((a) => note(a.card));
    [...(p.hand || []), ...(p.permanents || []), ...(p.objectives || [])].forEach(note);
  }
  [...(obs.battle_line || []), obs.event, obs.battle, ...(obs.decision?.cards || [])].forEach(note);
  for (const a of obs.alliances || []) note(a.card);
  return names;
}

function named(names, token) {
  return names.has(token) ? `${names.get(token)} (${token})` : `card ${token}`;
}

const GROUP_VERBS = {
  start: "Start with",
  return: "Return",
  free: "Play for free",
  place: "Place",
  take: "Take",
  keep: "Keep",
  play: "Play",
  use: "Use",
  requisition: "Requisition",
  discard: "Discard",
  disable: "Disable",
  eliminate: "Eliminate",
};

/** The action bar's group of an action about a card: what it does to which card. */
function groupName(action, view) {
  const banner = bannerOf(action.kind);
  if (banner) return `Add the ${BANNERS[banner]?.[0] || banner} banner`;
  if (!namesCard(action)) return null;
  if (!namesOf(view).has(action.card)) {
    // a card no zone shows (a Starting card to choose): its one action's own words
    const naming = (view?.legal || []).filter((e) => e.action?.card === action.card);
    if (naming.length === 1) return naming[0].text;
  }
  const verb = GROUP_VERBS[action.kind];
  const card = named(namesOf(view), action.card);
  return verb ? `${verb} ${card}` : card;
}

/** The legal entries by the card they name, and the dice entries by slot. */
function sortEntries(legal) {
  const byCard = new Map();
  const bySlot = new Map();
  for (const entry of legal) {
    const action = entry.action;
    if (namesCard(action)) {
      if (!byCard.has(action.card)) byCard.set(action.card, []);
      byCard.get(action.card).push(entry);
    }
    const slot = namesCard(action) ? null : slotOf(action.kind);
    if (slot) {
      if (!bySlot.has(slot)) bySlot.set(slot, []);
      bySlot.get(slot).push(entry);
    }
  }
  return { byCard, bySlot };
}

/** The Para Bellum table for one seat's view. */
function drawParaBellum(view, ctx) {
  const obs = view.observation;
  const key = `${view.game?.id}:${view.seat}:${view.game?.moves}`;
  if (picked.key !== key) picked = { key, card: null };
  redrawPicked = ctx.redraw;
  const { byCard, bySlot } = sortEntries(ctx.legal);
  const players = obs.players_view || [];
  const me = players.find((p) => p.seat === view.seat) || null;
  // the cards `place` actions name: a picked hand card lights its cells; a card to place that no
  // hand shows (a Special Unit being deployed) is picked at once
  const placeable = new Map();
  for (const [card, entries] of byCard) {
    const places = entries.filter((e) => e.action.kind === "place");
    if (places.length) placeable.set(card, places);
  }
  const inHand = new Set((me?.hand || []).map((c) => c.card));
  if (picked.card !== null && !placeable.has(picked.card)) picked = { key, card: null };
  if (picked.card === null && placeable.size === 1) {
    const [only] = placeable.keys();
    if (!inHand.has(only)) picked = { key, card: only };
  }
  const t = {
    obs,
    view,
    ctx,
    me,
    entriesOf: (token) => byCard.get(token) || [],
    dieEntries: (slot) => bySlot.get(slot) || [],
    placeable,
    pick: (card) => {
      picked = { key, card: picked.card === card ? null : card };
      ctx.redraw();
    },
    pickedCard: picked.card,
    targets: new Map((placeable.get(picked.card) || []).map((e) => [Number(e.action.cell), e])),
    teams: Array.isArray(obs.teams) ? obs.teams : null,
  };
  // the others in seat order after the viewer (a spectator: everyone, the first seat at the bottom)
  const bottom = me || players[0] || null;
  const start = bottom ? players.indexOf(bottom) : 0;
  const others = players.map((_, i) => players[(start + 1 + i) % players.length]).filter((p) => p !== bottom);

  const root = el("div", {
    class: ["para-bellum", `players-${players.length}`, picked.card && "placing"],
    dataset: { round: obs.round, phase: obs.phase, seat: view.seat ?? "spectator", picked: picked.card || "", active: obs.active ?? "" },
    onclick: (event) => {
      // a click anywhere but a card, cell or button puts the picked card back
      if (picked.card === null || event.target.closest?.(".actionable, .target, button, summary, a, input, label")) return;
      if (!inHand.has(picked.card)) return;
      picked = { ...picked, card: null };
      ctx.redraw();
    },
  },
  statusBar(t),
  decision(t),
  others.length ? el("section", { class: "rivals", dataset: { count: others.length }, "aria-label": "The other generals" }, others.map((p) => general(p, t, false))) : null,
  el("div", { class: "commons" }, battleLine(t), eventAndBattle(t), t.teams ? alliances(t) : null),
  bottom ? general(bottom, t, true) : null);
  animate(root, view);
  return root;
}

// --- the round ------------------------------------------------------------------------------------

function statusBar(t) {
  const { obs, ctx } = t;
  const over = obs.phase === "over" || obs.result;
  const decks = obs.decks || {};
  return el("div", { class: "pb-status panel" },
    fact("Round", obs.round ?? "—"),
    over ? fact("Result", obs.result?.reason || "over") : null,
    !over && obs.phase === "setup" ? fact("Phase", "Set-up") : null,
    !over && obs.phase !== "setup"
      ? el("ol", { class: "steps", "aria-label": "The turn's phases" }, PHASES.map(([phase, label, key]) =>
        withHelp(el("li", { class: ["step", (obs.phase === phase || (phase === "draw" && obs.decision?.kind === "discard")) && "current"], dataset: { step: phase } }, label), key)))
      : null,
    !over && obs.active !== null && obs.active !== undefined
      ? el("span", { class: "fact active-fact" }, el("span", { class: "label" }, "Turn"), " ", el("strong", {}, capitalized(ctx.seatLabel(obs.active))))
      : null,
    !over && obs.phase === "actions" ? actionTokens(obs.actions_left) : null,
    obs.first !== null && obs.first !== undefined
      ? withHelp(el("span", { class: "fact first-fact" }, el("span", { class: "label" }, "First player"), " ", el("strong", {}, playerName(t, obs.first))), null)
      : null,
    obs.ending !== null && obs.ending !== undefined && !over
      ? withHelp(el("span", { class: "fact ending-fact" }, el("span", { class: "label" }, "Last round: ends before"), " ", el("strong", {}, playerName(t, obs.ending))), "ending-player")
      : null,
    el("span", { class: "fact decks", title: "cards left in the decks" },
      withHelp(el("span", { class: "deck", dataset: { deck: "army", count: decks.army ?? 0 } }, deckBack("army"), el("strong", {}, String(decks.army ?? 0)), " Army"), "army-card"),
      withHelp(el("span", { class: "deck", dataset: { deck: "command", count: decks.command ?? 0 } }, deckBack("command"), el("strong", {}, String(decks.command ?? 0)), " Command"), "command-card"),
      withHelp(el("span", { class: "deck", dataset: { deck: "event", count: decks.event ?? 0 } }, deckBack("event"), el("strong", {}, String(decks.event ?? 0)), " Event"), "event")),
    animationSwitch());
}

function fact(label, value, key = null) {
  return withHelp(el("span", { class: "fact" }, el("span", { class: "label" }, label), " ", el("strong", {}, String(value))), key);
}

function deckBack(kind) {
  return el("span", { class: ["deck-back", `deck-${kind}`], "aria-hidden": "true" });
}

/** The action tokens the player to move has left. */
function actionTokens(left) {
  const n = Number(left || 0);
  return withHelp(el("span", { class: "fact tokens-fact", dataset: { left: n }, title: `${n} action token${n === 1 ? "" : "s"} left` },
    el("span", { class: "label" }, "Action tokens"), " ",
    n ? Array.from({ length: n }, () => art("token", "action token")) : el("strong", {}, "none")), "action-token");
}

/** A player's name as the game gives it ("player 1 (gold)"). */
function playerName(t, seat) {
  const p = (t.obs.players_view || []).find((q) => q.seat === seat);
  return p?.label || `player ${Number(seat) + 1}`;
}

/** What is being decided, and the cards it is about when they lie nowhere else on the table. */
function decision(t) {
  const { obs, ctx, view } = t;
  const d = obs.decision;
  if (!d) return null;
  const who = d.seat ?? d.side;
  // the cards the legal actions name that are drawn nowhere else (the Starting cards to choose from)
  const shown = new Set();
  for (const p of obs.players_view || []) {
    for (const c of [...(p.hand || []), ...(p.objectives || []), ...(p.permanents || []), ...(p.known || [])]) shown.add(c.card);
    for (const a of p.army || []) shown.add(a.card?.card);
  }
  for (const c of [...(obs.battle_line || []), obs.event, obs.battle, ...(obs.alliances || []).map((a) => a.card)]) if (c) shown.add(c.card);
  const offered = [...new Set(ctx.legal.filter((e) => namesCard(e.action) && !shown.has(e.action.card)).map((e) => e.action.card))];
  const placing = t.pickedCard;
  return el("section", { id: "decision", class: "panel decision", dataset: { kind: d.kind, seat: who ?? "" } },
    el("div", { class: "decision-line" },
      who === view.seat ? el("span", { class: "badge badge-yours" }, "your decision") : null, " ",
      d.text
        ? el("span", { class: "what" }, d.text, /[.!?]$/.test(d.text) ? "" : ".")
        : [el("strong", { class: "who" }, capitalized(ctx.seatLabel(who)), ": "), el("span", { class: "what" }, String(d.kind).replaceAll("_", " "), ".")]),
    placing ? el("p", { class: "placing-hint" }, `Placing ${named(namesOf(view), placing)}: click a lit cell of your army.`) : null,
    !placing && t.placeable.size ? el("p", { class: "placing-hint" }, "Pick an Army card of your hand, then a lit cell of your army.") : null,
    offered.length ? el("div", { class: "offered" }, offered.map((token) => offeredChip(token, t))) : null);
}

/** A card no zone shows, offered by the legal actions: its actions' words, clicked to choose. */
function offeredChip(token, t) {
  const entries = t.entriesOf(token);
  const node = el("span", { class: ["offered-card", "actionable"], dataset: { card: token, mark: token }, title: entries.map((e) => `▸ ${e.text}`).join("\n") },
    entries[0]?.text || `card ${token}`, entries.length > 1 ? el("small", {}, ` (+${entries.length - 1})`) : null);
  clickable(node, (event) => t.ctx.play(entries, event, entries[0]?.text || token));
  return node;
}

// --- a general: the army, the dice, what the player holds ------------------------------------------------

/** One player's area: the army grid (large for yours), the stock, objectives, permanents, the hand. */
function general(player, t, mine) {
  const { obs, ctx, view } = t;
  const you = player.seat === view.seat;
  const relation = relationOf(player, t);
  const colour = COLOURS[player.colour] ? player.colour : null;
  const winner = obs.result?.winners?.includes(player.seat);
  const score = Array.isArray(obs.result?.scores) ? obs.result.scores[player.seat] : null;
  return el("section", {
    class: ["general", mine ? "general-large" : "general-compact", you && "yours", relation && `rel-${relation}`, obs.active === player.seat && "active", colour && `colour-${colour}`],
    dataset: { seat: player.seat, team: player.team ?? "", relation: relation ?? "", colour: player.colour ?? "" },
    "aria-label": `${player.label || `player ${player.seat + 1}`}'s army`,
  },
  el("header", { class: "general-head" },
    colour ? withHelp(el("span", { class: "colour-chip", title: `starting colour: ${COLOURS[colour][0]}` }), "colour") : null,
    el("span", { class: "general-name" }, capitalized(player.label || `player ${player.seat + 1}`)),
    el("span", { class: "general-who" }, ctx.seatWho(player.seat)),
    relation === "teammate" ? el("span", { class: "badge badge-ally" }, "teammate") : null,
    relation === "opponent" && t.teams ? el("span", { class: "badge badge-foe" }, "opponent") : null,
    player.team !== null && player.team !== undefined && t.teams ? withHelp(el("span", { class: "team-chip", dataset: { team: player.team } }, `team ${teamName(player.team)}`), "alliance") : null,
    obs.first === player.seat ? withHelp(el("span", { class: "badge badge-first" }, "first"), null) : null,
    obs.active === player.seat && !obs.result ? el("span", { class: "badge badge-turn" }, "to play") : null,
    winner ? el("span", { class: "badge badge-winner" }, "winner") : null,
    score !== null && score !== undefined ? withHelp(el("span", { class: "final-score", dataset: { score } }, `${score} points`), "victory-points") : null,
    score === null && player.score !== undefined && player.score !== null
      ? withHelp(el("span", { class: "running-score", title: "the public part of the score so far" }, `≈ ${player.score} pts`), "victory-points")
      : null),
  el("div", { class: "general-body" },
    army(player, t, mine),
    el("div", { class: "general-side" },
      stock(player, t),
      banners(player),
      objectives(player, t),
      permanents(player, t))),
  hand(player, t, mine));
}

/** "you", "teammate" or "opponent" as the viewer sees the player (null: a spectator). */
function relationOf(player, t) {
  const seat = t.view.seat;
  if (seat === null || seat === undefined) return null;
  if (player.seat === seat) return "you";
  if (t.teams) return t.teams.some((team) => team.includes(seat) && team.includes(player.seat)) ? "teammate" : "opponent";
  return "opponent";
}

/** A team as the players' labels number it ("team 1" for team 0). */
function teamName(team) {
  return String(Number(team) + 1);
}

/** Coins, VP, the blazons won (of the five), action tokens and the hand's size. */
function stock(player, t) {
  const won = new Set(player.blazons || []);
  return el("div", { class: "stock" },
    withHelp(el("span", { class: "coins", dataset: { n: player.coins ?? 0 }, title: `${player.coins ?? 0} coins` }, art("coin", "coins"), el("strong", {}, String(player.coins ?? 0))), "coin"),
    withHelp(el("span", { class: "vp", dataset: { n: player.vp ?? 0 }, title: `${player.vp ?? 0} victory points in tokens` }, art("laurel", "victory points"), el("strong", {}, String(player.vp ?? 0)), el("small", {}, " VP")), "victory-points"),
    withHelp(el("span", { class: "blazons", dataset: { won: won.size }, title: `blazons won: ${[...won].map((c) => COLOURS[c]?.[0] || c).join(", ") || "none"}` },
      COLOUR_ORDER.map((c) => el("span", { class: ["blazon", `colour-${c}`, won.has(c) ? "won" : "not-won"], dataset: { colour: c }, title: `${COLOURS[c][0]} blazon${won.has(c) ? " (won)" : ""}` }, art("blazon", `${COLOURS[c][0]} blazon`)))), "color-blazon"),
    t.obs.active === player.seat && t.obs.phase === "actions" ? actionTokensSmall(t.obs.actions_left) : null,
    player.runner !== undefined && player.runner !== null && t.teams ? withHelp(el("span", { class: "runner-pos", title: `runner on space ${player.runner}` }, art("runner", "runner"), el("strong", {}, String(player.runner))), "runner") : null,
    withHelp(el("span", { class: "hand-count", dataset: { n: player.hand_count ?? 0 }, title: `${player.hand_count ?? 0} cards in hand` },
      el("span", { class: "backs", "aria-hidden": "true" }, Array.from({ length: Math.min(Number(player.hand_count || 0), 8) }, cardBack)),
      el("strong", {}, String(player.hand_count ?? 0)), el("small", {}, " in hand")), "command-card"));
}

function actionTokensSmall(left) {
  const n = Number(left || 0);
  return withHelp(el("span", { class: "tokens-left", dataset: { left: n }, title: `${n} action token${n === 1 ? "" : "s"} left this turn` },
    n ? Array.from({ length: n }, () => art("token", "action token")) : el("small", {}, "no tokens left")), "action-token");
}

/** The banners still unused in the army (the used ones fly on dice). */
function banners(player) {
  const free = player.banners_free || [];
  if (!free.length) return null;
  return el("div", { class: "banners-free", title: "banners not yet on a die" },
    el("span", { class: "label" }, "Banners"),
    free.map((b) => withHelp(el("span", { class: ["banner-chip", `banner-${BANNERS[b]?.[2] || "grey"}`], dataset: { banner: b }, title: `${BANNERS[b]?.[0] || b} (${BANNERS[b]?.[2] || ""} die)` }, BANNERS[b]?.[0] || b), keyOf(b), "banner")));
}

/** Objectives: yours face up (the secret ones marked), others' face-up ones and a count of the rest. */
function objectives(player, t) {
  const list = player.objectives || [];
  const met = new Set(player.met || []);
  const hidden = list.filter((o) => o.hidden).length;
  const shown = list.filter((o) => !o.hidden && o.card);
  if (!shown.length && !hidden) return null;
  return el("div", { class: "objectives", dataset: { shown: shown.length, hidden } },
    withHelp(el("span", { class: "label" }, "Objectives"), "objective"),
    shown.map((o) => objectiveChip(o, met.has(o.card), t)),
    hidden ? withHelp(el("span", { class: "objective-chip face-down", dataset: { count: hidden }, title: `${hidden} objective${hidden === 1 ? "" : "s"} face down` }, cardBack(), ` ×${hidden}`), "objective") : null);
}

function objectiveChip(o, met, t) {
  const entries = t.entriesOf(o.card);
  // a secret objective stays face down until its owner meets it
  const secret = o.secret && !met;
  const node = el("span", {
    class: ["objective-chip", secret ? "secret" : "public", met && "met", o.shared && "shared", entries.length && "actionable"],
    dataset: { card: o.card, mark: o.card, ...helpData("objective") },
    title: [`${o.name} (${o.card})`, o.text, secret ? "secret: only you (and a teammate) see it" : "face up", met ? "met" : "", ...entries.map((e) => `▸ ${e.text}`)].filter(Boolean).join("\n"),
  },
  el("span", { class: "objective-name" }, o.name),
  o.points !== undefined ? el("strong", { class: "objective-points" }, ` ${o.points}`) : null,
  secret ? el("small", { class: "secret-mark" }, " secret") : null,
  o.shared ? el("small", {}, " shared") : null,
  met ? el("small", { class: "met-mark" }, " ✓") : null);
  if (entries.length) clickable(node, (event) => t.ctx.play(entries, event, o.name));
  return node;
}

/** Permanents and Special Units in play; a disabled one is turned sideways. */
function permanents(player, t) {
  const list = player.permanents || [];
  if (!list.length) return null;
  return el("div", { class: "permanents" },
    withHelp(el("span", { class: "label" }, "Permanents"), "permanent"),
    el("div", { class: "cards" }, list.map((c) => anyCard(c, t, { permanent: true }))));
}

/** The hand: yours (large, playable), a teammate's (marked as theirs), else only its backs. */
function hand(player, t, mine) {
  if (!Array.isArray(player.hand)) return knownCards(player, t);
  const you = player.seat === t.view.seat;
  const cards = player.hand;
  const armyCards = cards.filter((c) => c.kind === "army");
  const command = cards.filter((c) => c.kind !== "army");
  const title = you ? `Your hand (${cards.length})` : `${capitalized(player.label || `player ${player.seat + 1}`)}'s hand (${cards.length}) · your teammate's, shared with you`;
  return el("section", { class: ["hand", you ? "your-hand" : "teammate-hand", mine && "hand-large"], dataset: { seat: player.seat, count: cards.length }, "aria-label": title },
    el("h4", {}, title),
    cards.length
      ? el("div", { class: "hand-cards" },
        armyCards.length ? el("div", { class: "cards army-hand" }, armyCards.map((c) => handArmy(c, t, { actionable: you, theirs: !you }))) : null,
        command.length ? el("div", { class: "cards command-hand" }, command.map((c) => anyCard(c, t, { theirs: !you }))) : null)
      : el("p", { class: "help" }, you ? "Your hand is empty." : "Their hand is empty."));
}

/** Cards of another player's hand that everybody saw taken (from the Battle Line), face up. */
function knownCards(player, t) {
  const known = player.known || [];
  if (!known.length) return null;
  return el("section", { class: ["hand", "known-hand"], dataset: { seat: player.seat, count: known.length } },
    el("h4", {}, `Seen taken into their hand (${known.length} of ${player.hand_count ?? "?"})`),
    el("div", { class: "cards" }, known.map((c) => anyCard(c, t, { theirs: true, known: true }))));
}

/** An Army card in hand: its picture and colour; clicking picks it to be placed (or plays its other actions). */
function handArmy(data, t, { actionable = true, theirs = false } = {}) {
  const entries = actionable ? t.entriesOf(data.card) : [];
  const places = entries.filter((e) => e.action.kind === "place");
  const others = entries.filter((e) => e.action.kind !== "place");
  const isPicked = t.pickedCard === data.card;
  const offered = [];
  if (places.length) {
    offered.push({
      text: isPicked ? `Put back ${data.name}` : `Pick ${data.name} to place it (${places.length} cell${places.length === 1 ? "" : "s"})`,
      action: { kind: "pick" },
      run: () => t.pick(data.card),
    });
  }
  offered.push(...others);
  const node = el("div", {
    class: ["hand-card", "army-card", ...armyClasses(data), offered.length && "actionable", isPicked && "picked", theirs && "theirs"],
    dataset: { card: data.card, mark: data.card, name: data.name, places: places.length, ...helpData("army-card") },
    title: [`${data.name} (${data.card})`, armyWords(data), data.text, ...offered.map((e) => `▸ ${e.text}`)].filter(Boolean).join("\n"),
  },
  armyArt(data),
  el("span", { class: "army-name" }, shortName(data)),
  armyMarks(data),
  offered.length ? el("span", { class: "verbs" }, isPicked ? "picked: choose a cell" : places.length ? "place" : [...new Set(others.map((e) => e.action.kind))].join(" / ")) : null);
  if (offered.length) clickable(node, (event) => t.ctx.play(offered, event, data.name));
  return node;
}

/** Clicking, Enter or Space plays; a click on a piece inside plays that piece only. */
function clickable(node, play) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.addEventListener("click", (event) => {
    if (event.target.closest?.(".actionable") !== node) return;
    event.stopPropagation();
    play(event);
  });
  node.addEventListener("keydown", (event) => {
    if (event.target !== node || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    const box = node.getBoundingClientRect();
    play({ clientX: box.right, clientY: box.top });
  });
}

// --- the army grid ------------------------------------------------------------------------------------

/**
 * The army: 4 rows × 9 columns around the Starting card. Each card shows its colour, its edges
 * (the troop runs on across an open edge) and its marks; a grey slot on each Army card, the
 * General die on the Starting card, a red slot on each vertical junction of two Army cards.
 * While a hand card is picked, the cells its `place` actions name are lit.
 */
function army(player, t, mine) {
  const you = player.seat === t.view.seat;
  const byCell = new Map((player.army || []).map((a) => [Number(a.cell), a]));
  const dice = player.dice || [];
  const grey = new Map();
  const red = new Map();
  let general = null;
  for (const d of dice) {
    if (d.kind === "general" || d.slot === "general") general = d;
    else if (d.kind === "red") red.set(Number(d.junction ?? String(d.slot).slice(1)), d);
    else grey.set(Number(d.cell ?? String(d.slot).slice(1)), d);
  }
  const targets = you ? t.targets : new Map();
  // a compact army (and yours on a phone) shows the columns it spans or may span and one more
  // on each side; yours on a wider screen, the whole grid
  const used = [...byCell.keys(), ...targets.keys()].map((cell) => rowColumn(cell)[1]);
  const whole = (mine && !NARROW?.matches) || !used.length;
  const low = whole ? -4 : Math.max(-4, Math.min(...used) - 1);
  const high = whole ? 4 : Math.min(4, Math.max(...used) + 1);
  const columns = COLUMNS.filter((c) => c >= low && c <= high);
  const place = (column) => String(column - low + 1);
  const items = [];
  for (const [i, row] of ROWS.entries()) {
    for (const column of columns) {
      const cell = cellOf(row, column);
      const placed = byCell.get(cell);
      const style = { gridRow: String(2 * i + 1), gridColumn: place(column) };
      if (placed) items.push(armyCell(placed, cell, style, { grey: grey.get(cell), general: placed.card?.start || cell === cellOf(0, 0) ? general : null }, player, t, mine));
      else items.push(emptyCell(cell, row, column, style, targets.get(cell), t, (column > -4 && byCell.has(cell - 1)) || (column < 4 && byCell.has(cell + 1))));
    }
  }
  // the junctions: a red slot between two Army cards stacked in a column (none with a Special Unit)
  for (const [i, row] of ROWS.entries()) {
    if (row === -1) continue;
    for (const column of columns) {
      const below = byCell.get(cellOf(row - 1, column));
      const above = byCell.get(cellOf(row, column));
      const junction = cellOf(row - 1, column);
      const d = red.get(junction);
      const joins = below && above && below.card?.kind !== "special" && above.card?.kind !== "special";
      if (!d && !joins) continue;
      items.push(junctionSlot(d, junction, { gridRow: `${2 * i + 1} / span 3`, gridColumn: place(column) }, player, t));
    }
  }
  const grid = el("div", {
    class: ["army", mine ? "army-large" : "army-compact", targets.size && "placing"],
    role: "grid",
    "aria-label": `${player.label || "the"} army: 4 rows by 9 columns around the Starting card`,
    dataset: { cards: byCell.size, dice: dice.length, targets: targets.size, columns: columns.length },
  }, items);
  grid.style.setProperty("--columns", String(columns.length));
  return el("div", { class: "army-frame" }, grid);
}

function emptyCell(cell, row, column, style, entry, t, beside) {
  const node = el("div", {
    class: ["cell", "empty", entry && "target"],
    style,
    // beside: a card of the army to its left or right (the cell would join its row)
    dataset: { cell, row, column, beside: beside ? "true" : null },
    title: entry ? `▸ ${entry.text}` : `r${row}c${column}`,
  });
  if (entry) clickable(node, (event) => t.ctx.play([entry], event, `Place at r${row}c${column}`));
  if (entry) node.classList.add("actionable");
  return node;
}

function armyClasses(data) {
  if (data.kind === "special") return ["special-unit"];
  return [
    COLOURS[data.colour] ? `colour-${data.colour}` : "colour-none",
    `left-${data.left === "closed" ? "closed" : "open"}`,
    `right-${data.right === "closed" ? "closed" : "open"}`,
    data.full && "full",
    data.start && "starting",
  ];
}

function armyWords(data) {
  if (data.kind === "special") return "Special Unit: no colour, no die slot";
  const bits = [
    `${COLOURS[data.colour]?.[0] || data.colour || ""} Army card`,
    `left edge ${data.left || "?"}, right edge ${data.right || "?"}`,
    data.start ? "Starting card" : "",
    data.full ? "full colour" : "",
    data.cornicine ? `Cornicine (links its Legion die with the ${data.cornicine} card's)` : "",
    data.mounted ? `Mounted Commander (the ${data.mounted} Centurion)` : "",
  ];
  return bits.filter(Boolean).join(" · ");
}

/** One card of an army in its cell, with its grey slot (or the General die). */
function armyCell(placed, cell, style, { grey, general }, player, t, mine) {
  const data = placed.card || {};
  const [row, column] = rowColumn(cell);
  const entries = t.entriesOf(data.card);
  const special = data.kind === "special";
  const node = el("div", {
    class: ["cell", "army-card", ...armyClasses(data), entries.length && "actionable"],
    style,
    dataset: { cell, row, column, card: data.card, mark: data.card, colour: data.colour ?? "", left: data.left ?? "", right: data.right ?? "", ...helpData(special ? "special-unit" : data.start ? "starting-card" : "army-card") },
    title: [`${data.name} (${data.card}) at r${row}c${column}`, armyWords(data), data.text, ...entries.map((e) => `▸ ${e.text}`)].filter(Boolean).join("\n"),
  },
  armyArt(data),
  mine ? el("span", { class: "army-name" }, shortName(data)) : null,
  armyMarks(data),
  special ? null : el("span", { class: "grey-slot" }, general ? dieNode(general, player, t) : grey ? dieNode(grey, player, t) : emptySlot("grey", `g${cell}`)));
  if (entries.length) clickable(node, (event) => t.ctx.play(entries, event, data.name));
  return node;
}

/** A red slot on the junction of two stacked cards, with its Centurion die if it has one. */
function junctionSlot(d, junction, style, player, t) {
  return el("div", { class: ["junction", d ? "filled" : "empty-junction"], style, dataset: { junction }, title: d ? null : "an empty Centurion slot" },
    d ? dieNode(d, player, t) : emptySlot("red", `r${junction}`));
}

function emptySlot(kind, slot) {
  return withHelp(el("span", { class: ["slot-empty", `slot-${kind}`], dataset: { slot }, title: `an empty ${kind === "red" ? "Centurion" : "Legion"} slot` }), kind === "red" ? "centurion" : "legion");
}

/** The marks a card carries: full colour, a Cornicine (and its side), a Mounted Commander (and its edge). */
function armyMarks(data) {
  if (data.kind === "special") return el("span", { class: "marks" }, withHelp(el("span", { class: "mark special-mark", title: "Special Unit" }, art("eagle", "Special Unit")), "special-unit"));
  const marks = [
    data.start ? withHelp(el("span", { class: "mark start-mark", title: "Starting card" }, art("eagle", "Starting card")), "starting-card") : null,
    data.full ? withHelp(el("span", { class: "mark full-mark", title: "full-colour card" }, art("star", "full colour")), "full-colour") : null,
    data.cornicine ? withHelp(el("span", { class: ["mark", "cornicine-mark", `to-${data.cornicine}`], dataset: { side: data.cornicine }, title: `Cornicine: linked with the ${data.cornicine} card's Legion die` }, art("horn", "Cornicine"), el("small", {}, data.cornicine === "left" ? "◂" : "▸")), "cornicine") : null,
    data.mounted ? withHelp(el("span", { class: ["mark", "mounted-mark", `at-${data.mounted}`], dataset: { end: data.mounted }, title: `Mounted Commander: the Centurion on the ${data.mounted} edge` }, art("horse", "Mounted Commander"), el("small", {}, data.mounted === "top" ? "▴" : "▾")), "mounted-commander") : null,
  ].filter(Boolean);
  return marks.length ? el("span", { class: "marks" }, marks) : null;
}

/** A die in its slot: its colour by kind, its value as pips, its banner; clicking plays what names its slot. */
function dieNode(d, player, t) {
  const kind = d.kind === "general" || d.slot === "general" ? "general" : d.kind === "red" ? "red" : "grey";
  const slot = d.slot ?? (kind === "general" ? "general" : "");
  const mineNow = player.seat === t.view.seat || (t.obs.decision && (t.obs.decision.seat ?? t.obs.decision.side) === t.view.seat);
  const entries = mineNow ? t.dieEntries(slot) : [];
  const banner = d.banner ? BANNERS[d.banner] : null;
  const words = `${DIE_NAMES[kind]} ${slot}: ${d.value}${banner ? `, ${banner[0]} banner` : ""}`;
  const node = el("span", {
    class: ["die", "pb-die", `die-${kind}`, entries.length && "actionable", entries.length && "target"],
    dataset: { slot, kind, value: d.value, banner: d.banner ?? "", seat: player.seat, ...helpData(DIE_KEYS[kind], d.banner ? keyOf(d.banner) : null) },
    title: [words, ...entries.map((e) => `▸ ${e.text}`)].join("\n"),
  }, dieArt(kind, d.value, words), banner ? el("span", { class: ["die-banner", `banner-${banner[2]}`], title: `${banner[0]} banner` }, banner[1]) : null);
  if (entries.length) clickable(node, (event) => t.ctx.play(entries, event, `${DIE_NAMES[kind]} (${d.value})`));
  return node;
}

// --- the cards --------------------------------------------------------------------------------------

/** A Command card, objective, event or any other card view as a card face with its actions. */
function anyCard(data, t, { permanent = false, theirs = false, known = false } = {}) {
  if (data.kind === "army") return handArmy(data, t, { actionable: !theirs, theirs });
  const entries = theirs ? [] : t.entriesOf(data.card);
  const [type, key] = COMMAND_TYPES[data.kind] || [capitalized(String(data.kind || "card")), data.kind];
  const subtypes = (data.subtypes || []).map((s) => withHelp(el("span", { class: "subtype" }, s), s));
  const costs = costItems(data);
  const face = cardFace({
    id: data.card,
    name: data.name,
    type: [withHelp(el("span", {}, type), key), subtypes.length ? [" · ", subtypes.map((node, i) => (i ? [", ", node] : node))] : null],
    stats: costs.length ? [el("span", { class: "costs" }, costs)] : [],
    text: data.text || "",
    classes: ["command-card", `kind-${data.kind}`, permanent && data.disabled && "disabled", theirs && "theirs"],
    entries,
    play: (event) => t.ctx.play(entries, event, data.name),
    dataset: { ...helpData(key), disabled: data.disabled ? "true" : null },
  });
  if (permanent && data.disabled) face.querySelector(".card-head")?.append(withHelp(el("span", { class: "badge badge-disabled" }, "disabled"), "disabled"));
  if (theirs && !known) face.querySelector(".card-head")?.append(el("span", { class: "badge badge-ally" }, "theirs"));
  return face;
}

/** The cost of a card's action (a Permanent's or Special Unit's), as die chips. */
function costItems(data) {
  const cost = data.action?.cost || data.cost || [];
  return (Array.isArray(cost) ? cost : []).map(costChip);
}

function costChip(item) {
  if (item.coins) return withHelp(el("span", { class: "cost-chip cost-coins", title: `${item.coins} coins` }, art("coin", "coins"), String(item.coins)), "coin");
  const kind = item.die === "general" ? "general" : item.die === "red" ? "red" : "grey";
  const banner = item.banner ? BANNERS[item.banner]?.[0] : null;
  return withHelp(el("span", { class: ["cost-chip", `cost-${kind}`], title: `${item.pips} from a ${DIE_NAMES[kind]}${banner ? ` with the ${banner} banner` : ""}` },
    el("span", { class: ["cost-die", `die-${kind}`] }), `−${item.pips}`, banner ? el("small", {}, ` ${banner}`) : null), DIE_KEYS[kind], item.banner ? keyOf(item.banner) : null);
}

/** The Battle Line: four Command cards face up, taken by clicking when offered. */
function battleLine(t) {
  const line = t.obs.battle_line || [];
  return el("section", { class: "panel zone-panel battle-line", dataset: { zone: "battle-line", count: line.length } },
    el("h3", {}, withHelp(el("span", {}, "Battle Line"), "battle-line"), el("small", {}, ` · ${line.length} Command card${line.length === 1 ? "" : "s"}`)),
    el("div", { class: "cards" }, line.length ? line.map((c) => anyCard(c, t)) : el("p", { class: "help" }, "The Battle Line is empty.")));
}

/** The current Event and the Battle card's five bonuses, one per colour. */
function eventAndBattle(t) {
  const { obs } = t;
  const battle = obs.battle;
  return el("section", { class: "panel zone-panel war", dataset: { zone: "war" } },
    el("div", { class: "event" },
      el("h3", {}, withHelp(el("span", {}, "Event"), "event")),
      obs.event ? anyCard(obs.event, t) : el("p", { class: "help" }, "No Event revealed yet.")),
    battle ? el("div", { class: "battle", dataset: { card: battle.card, mark: battle.card } },
      el("h3", {}, withHelp(el("span", {}, "Battle card"), "battle-card"), el("small", {}, ` · ${battle.name}`)),
      el("ul", { class: "bonuses", "aria-label": "Battle Bonuses by colour" }, COLOUR_ORDER.map((c) => bonusRow(battle, c, t)))) : null);
}

/** One colour's Battle Bonus; clickable when the player may take it. */
function bonusRow(battle, colour, t) {
  const entries = t.ctx.legal.filter((e) => e.action.kind === `bonus_${colour}`);
  const node = withHelp(el("li", {
    class: ["bonus", `colour-${colour}`, entries.length && "actionable"],
    dataset: { colour },
    title: entries.map((e) => `▸ ${e.text}`).join("\n") || null,
  },
  el("span", { class: "colour-chip", title: COLOURS[colour][0] }),
  el("strong", {}, COLOURS[colour][0]), " ",
  el("span", { class: "bonus-text" }, bonusWords(battle, colour))), "battle-bonus");
  if (entries.length) clickable(node, (event) => t.ctx.play(entries, event, `${COLOURS[colour][0]} Battle Bonus`));
  return node;
}

/** A Battle card's bonus of a colour in words: the card view's own words if it gives them. */
function bonusWords(battle, colour) {
  const given = battle.bonuses?.[colour] ?? battle[colour];
  if (typeof given === "string") return given;
  if (Array.isArray(given)) return effectsWords(given);
  return "—";
}

function effectsWords(effects) {
  return effects.map((e) => {
    if (typeof e === "string") return e;
    if (e && typeof e === "object") {
      if (e.text) return e.text;
      const verb = Object.keys(e).find((k) => VERB_WORDS[k] && e[k] !== null && e[k] !== false);
      if (verb) return VERB_WORDS[verb](e[verb]);
    }
    return String(e);
  }).join(", ");
}

/** At 4 players: the teams, their Alliance cards and the runners on their tracks. */
function alliances(t) {
  const { obs } = t;
  const list = obs.alliances || [];
  return el("section", { class: "panel zone-panel alliances", dataset: { zone: "alliances", count: list.length } },
    el("h3", {}, withHelp(el("span", {}, "Teams and alliances"), "alliance")),
    (t.teams || []).map((seats, team) => {
      const alliance = list.find((a) => a.team === team) || null;
      const card = alliance?.card || null;
      const track = Number(card?.track || 0) || 4;
      const yours = seats.includes(t.view.seat);
      return el("div", { class: ["team", yours && "your-team"], dataset: { team } },
        el("h4", {}, `Team ${teamName(team)}`, yours ? el("small", {}, " · yours") : null, ": ", seats.map((s, i) => [i ? " & " : "", el("span", { class: "team-seat" }, playerName(t, s))])),
        card ? anyCard(card, t) : null,
        alliance ? el("div", { class: "tracks" }, seats.map((seat, i) => runnerTrack(seat, seats[1 - i], Number(alliance.runners?.[i] ?? 0), track, t))) : null);
    }));
}

/** One runner's track: home (0) to the teammate's end (the track's length), the runner on its space. */
function runnerTrack(seat, mate, position, length, t) {
  return withHelp(el("div", { class: "track", dataset: { seat, position, length }, title: `${playerName(t, seat)}'s runner: space ${position} of ${length}, toward ${playerName(t, mate)}` },
    el("span", { class: "track-who" }, `P${seat + 1}`),
    Array.from({ length: length + 1 }, (_, i) => el("span", { class: ["space", i === 0 && "home", i === length && "far-end", i === position && "here"], dataset: { space: i } },
      i === position ? art("runner", "runner") : null)),
    el("span", { class: "track-who" }, `P${mate + 1}`)), "runner");
}

// --- the art: troops, dice, marks ---------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

function svg(viewBox, cls, label, shapes) {
  const node = document.createElementNS(SVG, "svg");
  node.setAttribute("viewBox", viewBox);
  node.setAttribute("class", cls);
  if (label) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label);
    const title = document.createElementNS(SVG, "title");
    title.textContent = label;
    node.append(title);
  } else {
    node.setAttribute("aria-hidden", "true");
  }
  for (const [tag, attrs] of shapes) {
    const shape = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, v);
    node.append(shape);
  }
  return node;
}

/**
 * An Army card's troop: legionaries with their shields in the card's colour on a strip of
 * ground. Across an open edge the file runs on to the card's border (cut by it, as if it went on
 * into the next card); at a closed edge it ends in a standard planted short of the border.
 */
function armyArt(data) {
  if (data.kind === "special") {
    return svg("0 0 100 64", "troop", null, [
      ["rect", { x: "0", y: "46", width: "100", height: "8", fill: "#8c7b5a" }],
      ["path", { d: "M30 46 L40 22 L50 30 L60 22 L70 46z", fill: "#6b5a3a", stroke: "#2b2214", "stroke-width": "1.2" }],
      ["circle", { cx: "50", cy: "18", r: "6", fill: "#c9a227", stroke: "#5a4410", "stroke-width": "1" }],
    ]);
  }
  const [, fill, , shade] = COLOURS[data.colour] || ["", "#999", "#000", "#555"];
  const leftOpen = data.left !== "closed";
  const rightOpen = data.right !== "closed";
  const from = leftOpen ? -4 : 16;
  const to = rightOpen ? 104 : 84;
  const shapes = [["rect", { x: leftOpen ? "0" : "10", y: "47", width: String((rightOpen ? 100 : 90) - (leftOpen ? 0 : 10)), height: "7", fill: "#7a6a48", opacity: "0.85" }]];
  for (let x = from; x <= to; x += 12) {
    shapes.push(["line", { x1: String(x + 4), y1: "14", x2: String(x + 4), y2: "47", stroke: "#4a3a22", "stroke-width": "1.2" }]); // spear
    shapes.push(["circle", { cx: String(x), cy: "25", r: "4", fill: "#c8b27a", stroke: "#3a2c14", "stroke-width": "0.8" }]); // helmet
    shapes.push(["path", { d: `M${x - 3} 22.5 q3 -5 6 0`, fill: "#b3261e" }]); // crest
    shapes.push(["rect", { x: String(x - 5), y: "29", width: "10", height: "16", rx: "2", fill, stroke: shade, "stroke-width": "1.2" }]); // shield
    shapes.push(["circle", { cx: String(x), cy: "37", r: "1.8", fill: "#e8d9a0", stroke: shade, "stroke-width": "0.6" }]); // boss
  }
  for (const [open, x, dir] of [[leftOpen, 6, 1], [rightOpen, 94, -1]]) {
    if (open) continue;
    // a standard closes the file: pole, crossbar and a small vexillum
    shapes.push(["line", { x1: String(x), y1: "6", x2: String(x), y2: "54", stroke: "#3a2c14", "stroke-width": "2" }]);
    shapes.push(["rect", { x: String(dir > 0 ? x : x - 8), y: "9", width: "8", height: "9", fill: "#b3261e", stroke: "#5a120e", "stroke-width": "0.8" }]);
    shapes.push(["circle", { cx: String(x), cy: "5", r: "2.4", fill: "#d4a72c" }]);
  }
  return svg("0 0 100 64", "troop", null, shapes);
}

const PIPS = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[7, 7], [12, 12], [17, 17]],
  4: [[7, 7], [17, 7], [7, 17], [17, 17]],
  5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]],
  6: [[7, 6.5], [17, 6.5], [7, 12], [17, 12], [7, 17.5], [17, 17.5]],
};
const DIE_COLOURS = { general: ["#2f64b8", "#173a73", "#fff"], red: ["#c0392b", "#6e1a12", "#fff"], grey: ["#c9c6bf", "#5b5850", "#23211d"] };

/** A die of a kind showing `value` as pips (a value outside 1–6 is written). */
function dieArt(kind, value, label) {
  const [body, edge, pip] = DIE_COLOURS[kind];
  const shapes = [["rect", { x: "1.5", y: "1.5", width: "21", height: "21", rx: "4.5", fill: body, stroke: edge, "stroke-width": "1.5" }]];
  const n = Number(value);
  if (PIPS[n]) for (const [cx, cy] of PIPS[n]) shapes.push(["circle", { cx: String(cx), cy: String(cy), r: "2.2", fill: pip }]);
  const node = svg("0 0 24 24", "die-art", label, shapes);
  if (!PIPS[n]) {
    const text = document.createElementNS(SVG, "text");
    for (const [k, v] of Object.entries({ x: "12", y: "16.5", "text-anchor": "middle", "font-size": "12", "font-weight": "700", fill: pip })) text.setAttribute(k, v);
    text.textContent = String(value ?? "?");
    node.append(text);
  }
  return node;
}

/** Small pictures on a 24×24 grid: coins, laurels, blazons, tokens, marks. */
const ART = {
  coin: [
    ["circle", { cx: "12", cy: "12", r: "9.5", fill: "#e2b534", stroke: "#7a5a08", "stroke-width": "1.3" }],
    ["circle", { cx: "12", cy: "12", r: "6.5", fill: "none", stroke: "#a07a12", "stroke-width": "1" }],
    ["path", { d: "M10 8.5h4M12 8.5v7M10 15.5h4", stroke: "#7a5a08", "stroke-width": "1.4", fill: "none" }],
  ],
  laurel: [
    ["path", { d: "M12 20c-5-1-8-5-8-11M12 20c5-1 8-5 8-11", fill: "none", stroke: "#4f7a3a", "stroke-width": "1.6", "stroke-linecap": "round" }],
    ["path", { d: "M5 9l-2-2.5M4.6 12.5l-2.4-1M6 15.5l-2.5 0M8.5 18l-2 1M19 9l2-2.5M19.4 12.5l2.4-1M18 15.5l2.5 0M15.5 18l2 1", stroke: "#4f7a3a", "stroke-width": "2", "stroke-linecap": "round" }],
  ],
  blazon: [
    ["path", { d: "M12 2.5 4.5 5.5v6c0 4.8 3.2 8.6 7.5 10 4.3-1.4 7.5-5.2 7.5-10v-6z", fill: "currentColor", stroke: "#23211d", "stroke-width": "1.3", "stroke-linejoin": "round" }],
    ["path", { d: "M12 6v11M8.5 9.5h7", stroke: "#fff", "stroke-width": "1.3", opacity: "0.6" }],
  ],
  token: [
    ["circle", { cx: "12", cy: "12", r: "9.5", fill: "#8a3b12", stroke: "#4a1e08", "stroke-width": "1.3" }],
    ["path", { d: "M8 16l8-8M13 8h3v3", fill: "none", stroke: "#fde9c8", "stroke-width": "1.8", "stroke-linecap": "round", "stroke-linejoin": "round" }],
  ],
  runner: [
    ["circle", { cx: "13", cy: "5", r: "2.6", fill: "#23211d" }],
    ["path", { d: "M12 8l-3 6 4 2-2 6M12 8l4 4 3-1M10 13l-4 2", fill: "none", stroke: "#23211d", "stroke-width": "2.2", "stroke-linecap": "round", "stroke-linejoin": "round" }],
  ],
  eagle: [
    ["path", { d: "M12 4c1.5 0 2.5 1 2.5 2.5l5.5-2-2 4 3 1-4 2.5-2 5.5h-6l-2-5.5-4-2.5 3-1-2-4 5.5 2C9.5 5 10.5 4 12 4z", fill: "#d4a72c", stroke: "#5a4410", "stroke-width": "1", "stroke-linejoin": "round" }],
    ["path", { d: "M9 20h6", stroke: "#5a4410", "stroke-width": "1.6" }],
  ],
  star: [
    ["path", { d: "M12 2.5l2.8 6 6.5.7-4.9 4.4 1.4 6.4L12 16.8 6.2 20l1.4-6.4L2.7 9.2l6.5-.7z", fill: "#ffd84d", stroke: "#7a5a08", "stroke-width": "1.1", "stroke-linejoin": "round" }],
  ],
  horn: [
    ["path", { d: "M3 15c4 0 9-2 13-8l3-1-1 3c-2 6-8 9-13 9z", fill: "#d9b45a", stroke: "#5a4410", "stroke-width": "1.2", "stroke-linejoin": "round" }],
    ["path", { d: "M3 15v3", stroke: "#5a4410", "stroke-width": "1.6" }],
  ],
  horse: [
    ["path", { d: "M6 21l1-7c-2-1-3-3-2-5l6-6 2 2 3-1 3 4-2 2-3-1-2 3 1 9z", fill: "#7a4a22", stroke: "#2b1a0a", "stroke-width": "1.1", "stroke-linejoin": "round" }],
    ["circle", { cx: "14.5", cy: "7", r: "0.9", fill: "#fff" }],
  ],
};

function art(name, label = "") {
  return svg("0 0 24 24", `art art-${name}`, label || name, ART[name] || []);
}

// --- animations ---------------------------------------------------------------------------------------

/**
 * A die that shows a new value since the last drawing of this seat's table tumbles (a roll, a
 * raise, a payment), and a card that arrived in an army fades in (unless switched off).
 */
function animate(root, view) {
  const obs = view.observation;
  const key = `${view.game?.id}:${view.seat}`;
  const dice = new Map();
  const cards = new Set();
  for (const p of obs.players_view || []) {
    for (const d of p.dice || []) dice.set(`${p.seat}:${d.slot}`, d.value);
    for (const a of p.army || []) cards.add(`${p.seat}:${a.card?.card}`);
  }
  const same = previous.key === key;
  const before = same ? { dice: previous.dice, cards: previous.cards } : null;
  Object.assign(previous, { key, dice, cards });
  if (!before) return;
  for (const node of root.querySelectorAll(".general[data-seat] .pb-die[data-slot]")) {
    const id = `${node.dataset.seat}:${node.dataset.slot}`;
    if (before.dice.get(id) !== dice.get(id)) rollDice(node.parentElement);
  }
  for (const node of root.querySelectorAll(".general[data-seat] .army .army-card[data-card]")) {
    const seat = node.closest(".general").dataset.seat;
    if (!before.cards.has(`${seat}:${node.dataset.card}`)) fadeIn(node);
  }
}
