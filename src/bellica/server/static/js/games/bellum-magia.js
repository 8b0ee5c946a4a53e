// The Bellum Magia plug-in: every lord's castle with its six horde lines, the human kingdom, the creatures for hire, the chests.

import { el } from "/static/js/dom.js";
import { fadeIn, animationSwitch, rollDice } from "/static/js/kit/animate.js";
import { cardBack, cardFace } from "/static/js/kit/card.js";
import { die } from "/static/js/kit/dice.js";
import { helpData, withHelp } from "/static/js/kit/help.js";
import { capitalized } from "/static/js/kit/log.js";
import { markIds } from "/static/js/kit/marks.js";

/** The day's steps: the view's phase (null: done by the engine alone), the words shown, the glossary key. */
const STEPS = [
  ["roll", "Roll", ["die"]],
  [null, "Gather", ["horde-line"]],
  [null, "Scouts", ["scouts"]],
  ["attack", "Attack", ["raid", "castle-attack"]],
  ["recruit", "Recruit", ["recruit"]],
];
/** A horde line's six values: left (production) then right (attack). */
const LEFT = ["food", "glyph", "maps"];
const RIGHT = ["swords", "magic", "thieves"];
const WORDS = {
  food: ["food", "food"],
  glyph: ["glyph", "glyphs"],
  maps: ["treasure map", "treasure maps"],
  swords: ["sword", "swords"],
  magic: ["magic sword", "magic swords"],
  thieves: ["thief", "thieves"],
  barrel: ["Barrel", "Barrels"],
  wooden: ["Wooden chest", "Wooden chests"],
  metal: ["Metal chest", "Metal chests"],
  gold: ["Gold chest", "Gold chests"],
};
const CHEST_KINDS = ["wooden", "metal", "gold"];
const RESOURCES = ["food", "glyph", "barrel"];
const MAX_BARRELS = 2;
const CHESTS_TO_END = 10;
/** What a creature of each rank costs. */
const COSTS = { goblin: "", evil: "2 food", most_evil: "1 glyph + 4 food, or 3 glyphs" };
const RANK_NAMES = { goblin: "Goblin", evil: "Evil creature", most_evil: "Most Evil creature" };
const BONUS = {
  shield: ["Shield token", "shield-token"],
  roll_again: ["Confusion spell", "roll-again"],
  magic_shield: ["Magic Shield token", "magic-shield-token"],
};
const PLACE_KINDS = { tavern: "Tavern", farm: "Farm", village: "Village", town: "Town" };
/** Recruit actions: the side and the payment each names. */
const RECRUIT = {
  recruit_left: ["left", false],
  recruit_right: ["right", false],
  recruit_left_glyphs: ["left", true],
  recruit_right_glyphs: ["right", true],
};

/** The glossary key of a word of the card data ("most_evil" → "most-evil"). */
function keyOf(word) {
  return String(word || "").replaceAll("_", "-");
}

export default {
  // a lord's chest values are its own: hot-seat players get a hand-over screen between seats
  secrets: true,
  draw: drawMagia,
  // the steps that name no piece: keep the roll, buy a round, cast Confusion, no attack, recruit no more
  mainActions: (legal) => legal.filter((entry) => entry.action.card === undefined || entry.action.card === null),
  // any other action under the piece it names ("Raid" under the Place, a recruit under its creature)
  groupOf: (action, view) => (action.card ? groupName(action, view) : null),
  round: (view) => view.observation?.day,
  // outlines what `ids` name on the drawn table (pieces by token: castles, creatures, Places, chests)
  mark: (root, ids, className = "marked") => markIds(root, ids, className),
};

// What the previous drawing of the same game and seat showed: the day and die face, and the
// pieces each castle held, to roll the die when it changed and let what arrived fade in.
const previous = { key: null, roll: null, held: new Set() };

let namesCache = { view: null, names: new Map() };

function namesOf(view) {
  if (namesCache.view !== view) namesCache = { view, names: view?.observation ? pieceNames(view.observation) : new Map() };
  return namesCache.names;
}

/** Every visible piece's name by token: castles, creatures, Places, chests. */
function pieceNames(obs) {
  const names = new Map();
  const note = (c) => c && c.card && names.set(c.card, c.name);
  for (const lord of obs.lords || []) {
    note(lord.castle);
    [...(lord.left || []), ...(lord.right || []), ...(lord.goblins || [])].forEach(note);
    for (const chest of lord.chests || []) names.set(chest.chest, `${WORDS[chest.kind]?.[0] || "chest"} of ${lord.label || `lord ${lord.seat + 1}`}`);
  }
  [...(obs.places || []), obs.tavern, ...(obs.unchosen || [])].forEach(note);
  for (const rank of ["evil", "most_evil"]) (obs.creatures?.[rank] || []).forEach(note);
  return names;
}

function named(names, token) {
  return names.has(token) ? `${names.get(token)} (${token})` : `piece ${token}`;
}

/** The action bar's group of an action about a piece: what it does to what. */
function groupName(action, view) {
  const names = namesOf(view);
  if (action.kind === "attack") return `Attack ${named(names, action.card)}`;
  if (action.kind === "steal") return "Steal a chest";
  if (action.kind === "raid") return `Raid ${named(names, action.card)}`;
  if (RECRUIT[action.kind]) return `Recruit ${named(names, action.card)}`;
  return named(names, action.card);
}

/** The legal entries by the piece they name. */
function byPiece(legal) {
  const map = new Map();
  for (const entry of legal) {
    const token = entry.action.card;
    if (token === undefined || token === null) continue;
    if (!map.has(token)) map.set(token, []);
    map.get(token).push(entry);
  }
  return map;
}

/** The Bellum Magia table for one seat's view. */
function drawMagia(view, ctx) {
  const obs = view.observation;
  const entries = byPiece(ctx.legal);
  const t = { obs, view, ctx, entriesOf: (token) => entries.get(token) || [] };
  const lords = obs.lords || [];
  const me = lords.find((lord) => lord.seat === view.seat) || null;
  // the others clockwise from the viewer (a spectator: everyone, the first lord at the bottom)
  const bottom = me || lords[0] || null;
  const start = bottom ? lords.indexOf(bottom) : 0;
  const others = lords.map((_, i) => lords[(start + 1 + i) % lords.length]).filter((lord) => lord !== bottom);

  const root = el("div", {
    class: ["magia", `players-${lords.length}`],
    dataset: { day: obs.day, phase: obs.phase, die: obs.die ?? "", seat: view.seat ?? "spectator" },
  },
  statusBar(t),
  decision(t),
  others.length ? el("section", { class: "rivals", dataset: { count: others.length }, "aria-label": "The other lords" }, others.map((lord) => castle(lord, t, false))) : null,
  el("div", { class: "commons" }, kingdom(t), creatures(t), treasury(t)),
  bottom ? castle(bottom, t, true) : null);
  animate(root, view);
  return root;
}

// --- the day ----------------------------------------------------------------------------------------

function statusBar(t) {
  const { obs } = t;
  const over = obs.phase === "over" || obs.result;
  const limit = Number(obs.day_limit) > 0 ? ` of ${obs.day_limit}` : "";
  const order = obs.order || [];
  return el("div", { class: "magia-status panel" },
    fact("Day", `${obs.day || "—"}${limit}`),
    over ? fact("Result", obs.result?.reason || "over") : null,
    !over && obs.phase === "setup" ? fact("Phase", "Set-up") : null,
    !over && obs.phase !== "setup"
      ? el("ol", { class: "steps", "aria-label": "The day's steps" }, STEPS.map(([phase, label, key]) =>
        withHelp(el("li", { class: ["step", phase && obs.phase === phase && "current"], dataset: { step: label.toLowerCase() } }, label), ...key)))
      : null,
    obs.captain !== undefined && obs.captain !== null && !over
      ? withHelp(el("span", { class: "fact captain-fact" }, el("span", { class: "label" }, "Captain"), " ", el("strong", {}, lordName(t, obs.captain))), "captain")
      : null,
    withHelp(el("span", { class: ["fact", "die-fact", obs.die && "rolled"], dataset: { face: obs.die || "" } },
      el("span", { class: "label" }, "Active line"), " ",
      obs.die ? die(obs.die) : el("strong", {}, "not rolled")), "die"),
    order.length > 1 && !over
      ? el("span", { class: "fact order", title: "Today's turn order, from the Captain" }, el("span", { class: "label" }, "Order"), " ",
        order.map((seat, i) => [i ? " → " : "", el("span", { class: ["order-lord", seat === t.view.game?.to_move && "now"] }, lordName(t, seat))]))
      : null,
    animationSwitch());
}

function fact(label, value) {
  return el("span", { class: "fact" }, el("span", { class: "label" }, label), " ", el("strong", {}, String(value)));
}

/** A lord's name: its castle's ("Grimspire"), else "lord 2". */
function lordName(t, seat) {
  const lord = (t.obs.lords || []).find((l) => l.seat === seat);
  return lord?.label || `lord ${Number(seat) + 1}`;
}

/** What is being decided, and the pieces it is about when they lie nowhere else on the table. */
function decision(t) {
  const { obs, ctx } = t;
  const d = obs.decision;
  const unchosen = obs.unchosen || [];
  const choosing = unchosen.length && (d?.kind === "choose_castle" || t.ctx.legal.some((e) => e.action.kind === "castle"));
  if (!d && !choosing) return null;
  const who = d?.seat ?? d?.side;
  const lord = (obs.lords || []).find((l) => l.seat === who);
  // the castles still to take, and the Goblins still to slide under a castle
  const goblins = d?.kind === "place_goblins" ? lord?.goblins || [] : [];
  return el("section", { id: "decision", class: "panel decision", dataset: { kind: d?.kind ?? "castle", seat: who ?? "" } },
    el("div", { class: "decision-line" },
      who === t.view.seat ? el("span", { class: "badge badge-yours" }, "your decision") : null, " ",
      // the engine words a decision with the lord's name ("Grimspire: make one attack (line 4), or none")
      d?.text
        ? el("span", { class: "what" }, d.text, ".")
        : [el("strong", { class: "who" }, capitalized(ctx.seatLabel(who)), ": "), el("span", { class: "what" }, "choose a castle.")]),
    choosing ? el("div", { class: "offered castles-offered" }, unchosen.map((c) => castleCard(c, t))) : null,
    goblins.length ? el("div", { class: "offered goblins-offered" }, goblins.map((c) => creatureCard(c, t, { placing: true }))) : null);
}

// --- a castle ----------------------------------------------------------------------------------------

/**
 * One lord's castle board: its six horde lines (the active one lit), its defence, its stock
 * and chests, the creatures under its left and right. `mine`: the large board at the bottom.
 */
function castle(lord, t, mine) {
  const { obs, ctx } = t;
  const token = lord.castle?.card;
  const attacks = token ? t.entriesOf(token).filter((e) => e.action.kind === "attack") : [];
  const you = lord.seat === t.view.seat;
  const name = lord.label || lord.castle?.name || `lord ${lord.seat + 1}`;
  const node = el("section", {
    class: ["castle", mine ? "castle-large" : "castle-compact", you && "yours", lord.seat === obs.captain && "captain", attacks.length && "actionable", attacks.length && "target"],
    dataset: { seat: lord.seat, card: token, mark: token, chests: (lord.chests || []).length, ...helpData("castle") },
    title: attacks.length ? attacks.map((e) => `▸ ${e.text}`).join("\n") : null,
    "aria-label": `${name}'s castle`,
  },
  el("header", { class: "castle-head" },
    el("span", { class: "castle-name" }, name),
    el("span", { class: "castle-who" }, ctx.seatWho(lord.seat)),
    lord.seat === obs.captain ? withHelp(el("span", { class: "badge badge-captain" }, "Captain"), "captain") : null,
    lord.attacked && !obs.result ? el("span", { class: "badge badge-done" }, "attacked today") : null,
    // the end: the richest, and every lord's wealth (the outcome's scores)
    obs.result?.winners?.includes(lord.seat) ? el("span", { class: "badge badge-winner" }, "richest") : null,
    obs.result?.wealth ? withHelp(el("span", { class: "final-wealth", dataset: { wealth: obs.result.wealth[lord.seat] } },
      `wealth ${obs.result.wealth[lord.seat]}`), "wealth") : null,
    attacks.length ? el("span", { class: "badge badge-attack" }, "attack") : null),
  el("div", { class: "castle-body" },
    mine ? under(lord, "left") : null,
    el("div", { class: "board" },
      lines(lord, obs.die),
      defence(lord)),
    mine ? under(lord, "right") : null),
  el("div", { class: "castle-foot" },
    stock(lord),
    chests(lord, t, you)),
  mine ? null : underCounts(lord));
  if (attacks.length) {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    playable(node, (event) => ctx.play(attacks, event, `Attack ${name}`));
  }
  return node;
}

/** Clicking, Enter or Space plays; a click on a piece inside (a chest) plays that piece only. */
function playable(node, play) {
  node.addEventListener("click", (event) => {
    if (event.target.closest?.(".actionable") !== node) return;
    play(event);
  });
  node.addEventListener("keydown", (event) => {
    if (event.target !== node || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    const box = node.getBoundingClientRect();
    play({ clientX: box.left + box.width / 2, clientY: box.top + 24 });
  });
}

/** The six horde lines: left production, the die face, right attack; the active line lit. */
function lines(lord, face) {
  const rows = lord.lines?.length === 6 ? lord.lines : Array.from({ length: 6 }, () => ({}));
  const head = el("tr", { class: "line-head" },
    LEFT.map((v) => el("th", { scope: "col", dataset: { value: v } }, valueArt(v))),
    el("th", { scope: "col", class: "face-col" }, withHelp(el("span", {}, "die"), "die")),
    RIGHT.map((v) => el("th", { scope: "col", dataset: { value: v } }, valueArt(v))));
  return el("table", { class: "lines", "aria-label": "Horde lines (die faces 1 to 6)", dataset: helpData("horde-line") },
    el("thead", {}, head),
    el("tbody", {}, rows.map((line, i) => el("tr", {
      class: ["line", face === i + 1 && "active"],
      dataset: { face: i + 1 },
      title: lineWords(line, i + 1),
    },
    LEFT.map((v) => cell(line, v, "left")),
    el("th", { scope: "row", class: "face-col" }, die(i + 1)),
    RIGHT.map((v) => cell(line, v, "right"))))));
}

function cell(line, value, side) {
  const n = Number(line?.[value] || 0);
  return el("td", { class: [side, n ? "some" : "none"], dataset: { value, n } }, n ? String(n) : "·");
}

function lineWords(line, face) {
  const got = [...LEFT, ...RIGHT].filter((v) => Number(line?.[v])).map((v) => amount(v, Number(line[v])));
  return `Line ${face}: ${got.join(", ") || "nothing"}`;
}

function amount(value, n) {
  const [one, many] = WORDS[value] || [value, value];
  return `${n} ${n === 1 ? one : many}`;
}

/** The castle's shield (printed and Shield tokens), Magic Shield tokens and Confusion spells. */
function defence(lord) {
  const printed = Number(lord.castle?.shield ?? 0);
  const tokens = Number(lord.shield_tokens || 0);
  const total = Number(lord.shield ?? printed + tokens);
  const magic = Number(lord.magic_shield || 0);
  const spells = Number(lord.spells || 0);
  const used = Number(lord.spells_used || 0);
  return el("div", { class: "defence" },
    withHelp(el("span", { class: "shield-total", title: `Shield ${total}: ${printed} printed + ${tokens} Shield token${tokens === 1 ? "" : "s"}` },
      art("shield", "shield"), el("strong", {}, String(total)),
      tokens ? el("small", {}, ` (${printed}+${tokens})`) : null), "shield", tokens ? "shield-token" : null),
    magic ? withHelp(el("span", { class: "magic-shield", title: `${magic} Magic Shield token${magic === 1 ? "" : "s"}: attackers need as many magic swords` },
      art("magic_shield", "magic shield"), el("strong", {}, String(magic))), "magic-shield-token") : null,
    spells ? withHelp(el("span", { class: "spells", title: `${spells} Confusion spell${spells === 1 ? "" : "s"}, ${used} used today`, dataset: { spells, used } },
      Array.from({ length: spells }, (_, i) => el("span", { class: ["spell", i < used && "used"] }, art("confusion", i < used ? "used Confusion spell" : "Confusion spell")))), "roll-again") : null);
}

/** Food, glyphs and Barrels held. */
function stock(lord) {
  return el("div", { class: "stock" }, RESOURCES.map((r) => withHelp(el("span", {
    class: ["resource", `resource-${r}`, !Number(lord[r]) && "none"],
    dataset: { resource: r, n: Number(lord[r] || 0) },
    title: r === "barrel" ? `${amount(r, Number(lord[r] || 0))} (at most ${MAX_BARRELS})` : amount(r, Number(lord[r] || 0)),
  }, art(r, WORDS[r][1]), el("strong", {}, String(lord[r] ?? 0))), r)));
}

/** The lord's chests by kind: a value where the viewer knows it, "?" otherwise; a steal target is clickable. */
function chests(lord, t, you) {
  const list = lord.chests || [];
  const count = list.length;
  // the summed value while the game goes on (at the end the castle's head shows it)
  const wealth = t.obs.result ? null : lord.wealth;
  return el("div", { class: ["chests", count >= CHESTS_TO_END - 2 && "near-end"], dataset: { count } },
    withHelp(el("span", { class: "chest-count", title: `${count} chest${count === 1 ? "" : "s"}: the game ends after an attack phase when a lord holds ${CHESTS_TO_END}` },
      el("strong", {}, String(count)), el("small", {}, `/${CHESTS_TO_END}`)), "chest"),
    list.map((chest) => chestChip(chest, t)),
    you && wealth !== null && wealth !== undefined ? withHelp(el("span", { class: "wealth", title: "your chests' summed value" }, `worth ${wealth}`), "wealth") : null,
    !you && count && wealth !== null && wealth !== undefined ? withHelp(el("span", { class: "wealth", title: "their chests' summed value" }, `worth ${wealth}`), "wealth") : null);
}

function chestChip(chest, t) {
  const known = chest.value !== null && chest.value !== undefined;
  const steals = t.entriesOf(chest.chest).filter((e) => e.action.kind === "steal");
  const kind = WORDS[chest.kind]?.[0] || "chest";
  const node = el("span", {
    class: ["chest", `chest-${chest.kind}`, known ? "known" : "unknown", steals.length && "actionable", steals.length && "target"],
    dataset: { chest: chest.chest, kind: chest.kind, mark: chest.chest, known: known ? "true" : "false", ...helpData(chest.kind, "chest") },
    title: [`${kind} ${chest.chest}: ${known ? `value ${chest.value}` : "value unknown"}`, ...steals.map((e) => `▸ ${e.text}`)].join("\n"),
  }, art(`chest_${chest.kind}`, kind), el("span", { class: "chest-value" }, known ? String(chest.value) : "?"));
  if (steals.length) {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      t.ctx.play(steals, event, `Steal ${kind} ${chest.chest}`);
    });
    node.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      event.stopPropagation();
      const box = node.getBoundingClientRect();
      t.ctx.play(steals, { clientX: box.right, clientY: box.top }, `Steal ${kind} ${chest.chest}`);
    });
  }
  return node;
}

/** The creatures slid under one side of your castle, as small cards showing that side's strip. */
function under(lord, side) {
  const list = lord[side] || [];
  return el("div", { class: ["under", `under-${side}`], dataset: { side, count: list.length } },
    withHelp(el("h4", {}, side === "left" ? "Under the left" : "Under the right", el("small", {}, ` · ${list.length}`)), side),
    list.length
      ? el("div", { class: "under-cards" }, list.map((c) => underCard(c, side)))
      : el("p", { class: "help empty" }, side === "left" ? "No creature gathers yet." : "No creature fights yet."));
}

function underCard(data, side) {
  const values = side === "left" ? LEFT : RIGHT;
  const strip = [];
  for (let face = 1; face <= 6; face++) {
    const got = values.filter((v) => Number(data[v]?.[face - 1]));
    if (got.length) strip.push(el("span", { class: "bit" }, el("span", { class: "bit-face" }, String(face)), got.map((v) => el("span", { class: "bit-value" }, String(data[v][face - 1]), art(v, WORDS[v][1])))));
  }
  return el("div", {
    class: ["under-card", `rank-${data.rank}`],
    dataset: { card: data.card, mark: data.card, ...helpData(keyOf(data.rank)) },
    title: `${data.name} (${data.card})\n${data.text || ""}`,
  },
  el("span", { class: "under-name" }, data.name),
  data.bonus && BONUS[data.bonus] ? withHelp(el("span", { class: "bonus-dot", title: `brought ${BONUS[data.bonus][0]}` }, art(data.bonus, BONUS[data.bonus][0])), BONUS[data.bonus][1]) : null,
  el("span", { class: "strip" }, strip.length ? strip : el("span", { class: "nothing" }, "nothing on this side")));
}

/** A compact castle's creatures: a count per side, their names on hover. */
function underCounts(lord) {
  const list = (side) => lord[side] || [];
  const chip = (side) => withHelp(el("span", {
    class: ["under-count", `under-count-${side}`],
    dataset: { side, count: list(side).length },
    title: list(side).length ? `Under the ${side}:\n${list(side).map((c) => `${c.name} (${c.card})`).join("\n")}` : `Nothing under the ${side}`,
  }, el("strong", {}, String(list(side).length)), ` under the ${side}`), side);
  const goblins = (lord.goblins || []).length;
  return el("div", { class: "under-counts" }, chip("left"), chip("right"),
    goblins ? withHelp(el("span", { class: "under-count to-place" }, `${goblins} Goblin${goblins === 1 ? "" : "s"} to place`), "goblin") : null);
}

// --- the kingdom, the creatures, the treasury -----------------------------------------------------------

function kingdom(t) {
  const { obs } = t;
  const pile = obs.kingdom || {};
  const places = obs.places || [];
  const left = ["farm", "village", "town"].map((k) => Number(pile[k] || 0));
  return el("section", { class: "panel zone-panel kingdom", dataset: { zone: "kingdom", places: places.length } },
    el("h3", {}, withHelp(el("span", {}, "Human kingdom"), "kingdom"),
      el("small", {}, " · ", withHelp(el("span", {}, `${places.length} Place${places.length === 1 ? "" : "s"} face up`), "place"))),
    el("div", { class: "kingdom-pile", title: "the face-down kingdom pile: farms on top, then villages, towns at the bottom" },
      el("span", { class: "pile-stack", "aria-hidden": "true" }, cardBack(), cardBack()),
      ["farm", "village", "town"].map((kind, i) => withHelp(el("span", { class: ["layer", `layer-${kind}`, !left[i] && "none"], dataset: { layer: kind, count: left[i] } },
        el("strong", {}, String(left[i])), ` ${PLACE_KINDS[kind].toLowerCase()}${left[i] === 1 ? "" : "s"}`), kind)),
      (obs.discard || []).length ? el("span", { class: "discarded" }, `${obs.discard.length} raided`) : null),
    el("div", { class: "cards places" },
      obs.tavern ? placeCard(obs.tavern, t) : null,
      places.map((p) => placeCard(p, t)),
      !places.length ? el("p", { class: "help" }, "The kingdom is bare: only the Tavern is left.") : null));
}

function placeCard(data, t) {
  const raids = t.entriesOf(data.card).filter((e) => e.action.kind === "raid");
  const placeKind = PLACE_KINDS[data.place] ? data.place : "farm";
  const face = cardFace({
    id: data.card,
    name: data.name,
    type: withHelp(el("span", {}, PLACE_KINDS[placeKind] || "Place"), placeKind),
    stats: [
      withHelp(el("span", { class: "guard guard-shield", title: `shield ${data.shield ?? 0}: needs as many swords (magic ones count)` }, art("shield", "shield"), el("strong", {}, String(data.shield ?? 0))), "shield"),
      Number(data.magic_shield) ? withHelp(el("span", { class: "guard guard-magic", title: `magic shield ${data.magic_shield}: needs as many magic swords` }, art("magic_shield", "magic shield"), el("strong", {}, String(data.magic_shield))), "magic-shield") : null,
    ].filter(Boolean),
    classes: ["place", `place-${placeKind}`],
    entries: raids,
    play: (event) => t.ctx.play(raids, event, data.name),
    dataset: helpData(placeKind),
  });
  face.querySelector(".text")?.remove();
  face.title = [face.title, data.text, data.flavour].filter(Boolean).join("\n");
  (face.querySelector(".stats") || face.querySelector(".card-type")).after(spoils(data));
  return face;
}

/** A Place's spoils: resources and chests, each with its icon. */
function spoils(data) {
  const got = [...RESOURCES, ...CHEST_KINDS].map((k) => [k, Number(data.spoils?.[k] || 0)]).filter(([, n]) => n);
  return withHelp(el("div", { class: "spoils", title: `spoils: ${got.map(([k, n]) => amount(k, n)).join(", ") || "nothing"}` },
    got.map(([k, n]) => withHelp(el("span", { class: ["spoil", `spoil-${k}`], dataset: { spoil: k, n } },
      el("strong", {}, String(n)), art(CHEST_KINDS.includes(k) ? `chest_${k}` : k, WORDS[k][1])), k))), "spoils");
}

/** The four face-up creatures under their piles, by rank, with what each rank costs. */
function creatures(t) {
  const { obs } = t;
  const rows = obs.creatures || {};
  const piles = obs.piles || {};
  return el("section", { class: "panel zone-panel market", dataset: { zone: "creatures" } },
    el("h3", {}, "Creatures for hire"),
    el("div", { class: "ranks" }, ["evil", "most_evil"].map((rank) => withHelp(el("div", { class: ["rank", `rank-${rank}`], dataset: { rank } },
      el("h4", {}, RANK_NAMES[rank], el("small", { class: "cost" }, ` · ${COSTS[rank]}`)),
      el("div", { class: "slots" }, [0, 1].map((i) => {
        const n = Number(piles[rank]?.[i] ?? 0);
        const face = rows[rank]?.[i] || null;
        return el("div", { class: "slot", dataset: { pile: n } },
          el("div", { class: ["pile", !n && "empty"], title: `${n} face down in this pile` }, n ? cardBack() : null, el("small", {}, `${n} in pile`)),
          face ? creatureCard(face, t, {}) : el("div", { class: "card empty-slot" }, "empty"));
      }))), keyOf(rank)))));
}

/**
 * A creature's card: name, rank and cost, the bonus it brings, and its two strips by die face
 * (what it adds under the left, what under the right). Clicking offers each way to recruit
 * it (or, at set-up, to slide a Goblin under a side).
 */
function creatureCard(data, t, { placing = false }) {
  const entries = t.entriesOf(data.card).filter((e) => (placing ? ["left", "right"].includes(e.action.kind) : RECRUIT[e.action.kind]));
  const bonus = data.bonus && BONUS[data.bonus];
  const face = cardFace({
    id: data.card,
    name: data.name,
    type: withHelp(el("span", {}, RANK_NAMES[data.rank] || "Creature"), keyOf(data.rank)),
    stats: bonus ? [withHelp(el("span", { class: "bonus", title: `brings ${bonus[0]}` }, art(data.bonus, bonus[0]), " ", bonus[0]), bonus[1])] : [],
    classes: ["creature", `rank-${data.rank}`],
    entries,
    play: (event) => t.ctx.play(entries, event, data.name),
    dataset: helpData(keyOf(data.rank)),
  });
  face.querySelector(".text")?.remove();
  face.title = [face.title, data.text, data.flavour].filter(Boolean).join("\n");
  (face.querySelector(".stats") || face.querySelector(".card-type")).after(strips(data));
  const verbs = face.querySelector(".verbs");
  if (verbs) verbs.textContent = placing ? "slide left / right" : recruitWords(entries);
  return face;
}

function recruitWords(entries) {
  const sides = [...new Set(entries.map((e) => RECRUIT[e.action.kind]?.[0]).filter(Boolean))];
  const glyphs = entries.some((e) => RECRUIT[e.action.kind]?.[1]);
  return `recruit ${sides.join(" / ")}${glyphs ? " (glyphs)" : ""}`;
}

/** A creature's two strips: for each die face, what it adds under the left and under the right. */
function strips(data) {
  const row = (values, side) => el("tr", { class: `strip-${side}` },
    el("th", { scope: "row", title: side === "left" ? "under the left: production" : "under the right: attack" }, side === "left" ? "L" : "R"),
    [1, 2, 3, 4, 5, 6].map((face) => {
      const got = values.filter((v) => Number(data[v]?.[face - 1]));
      return el("td", { class: got.length ? "some" : "none" }, got.length
        ? got.map((v) => el("span", { class: "bit-value", title: amount(v, Number(data[v][face - 1])) }, String(data[v][face - 1]), art(v, WORDS[v][1])))
        : "·");
    }));
  return el("table", { class: "strips", "aria-label": "What it adds by die face" },
    el("thead", {}, el("tr", {}, el("th", {}), [1, 2, 3, 4, 5, 6].map((f) => el("th", { scope: "col" }, String(f))))),
    el("tbody", {}, row(LEFT, "left"), row(RIGHT, "right")));
}

function castleCard(data, t) {
  const entries = t.entriesOf(data.card).filter((e) => e.action.kind === "castle");
  const face = cardFace({
    id: data.card,
    name: data.name,
    type: withHelp(el("span", {}, "Castle"), "castle"),
    stats: [withHelp(el("span", { class: "guard guard-shield" }, art("shield", "shield"), el("strong", {}, String(data.shield ?? 0))), "shield")],
    classes: ["castle-card"],
    entries,
    play: (event) => t.ctx.play(entries, event, data.name),
    dataset: helpData("castle"),
  });
  face.querySelector(".text")?.remove();
  face.title = [face.title, data.text, data.flavour].filter(Boolean).join("\n");
  const rows = [1, 2, 3, 4, 5, 6].map((f) => Object.fromEntries([...LEFT, ...RIGHT].map((v) => [v, Number(data[v]?.[f - 1] || 0)])));
  face.querySelector(".stats").after(lines({ lines: rows }, null));
  return face;
}

/** The chest piles (values hidden from all) and the reserve of food, glyphs and Barrels. */
function treasury(t) {
  const { obs } = t;
  const piles = obs.chest_piles || {};
  const reserve = obs.reserve || {};
  return el("section", { class: "panel zone-panel treasury", dataset: { zone: "treasury" } },
    el("h3", {}, "Chests and reserve"),
    el("div", { class: "chest-piles" }, CHEST_KINDS.map((kind) => withHelp(el("span", {
      class: ["chest-pile", `chest-${kind}`, !Number(piles[kind]) && "none"],
      dataset: { kind, count: Number(piles[kind] || 0) },
      title: `${amount(kind, Number(piles[kind] || 0))} left, face down`,
    }, art(`chest_${kind}`, WORDS[kind][0]), el("strong", {}, String(piles[kind] ?? 0)), el("small", {}, ` ${kind}`)), kind))),
    el("div", { class: "reserve" }, withHelp(el("span", { class: "label" }, "Reserve"), "reserve"), RESOURCES.map((r) => withHelp(el("span", {
      class: ["resource", `resource-${r}`, !Number(reserve[r]) && "none"],
      dataset: { resource: r, n: Number(reserve[r] || 0) },
      title: `${amount(r, Number(reserve[r] || 0))} in the reserve`,
    }, art(r, WORDS[r][1]), el("strong", {}, String(reserve[r] ?? 0))), r))));
}

// --- the drawings of values, chests and tokens ---------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
/** Each piece of art as SVG shapes on a 24×24 grid: [tag, attributes]. */
const ART = {
  food: [
    ["path", { d: "M14.5 3.5c3.6 0 6 2.6 6 5.8 0 3.9-3.6 6.2-7.4 6.2l-3.2 3.2a2.2 2.2 0 1 1-3.1-3.1l3.2-3.2C10 8.6 10.9 3.5 14.5 3.5z", fill: "#b5652b", stroke: "#5a2d10", "stroke-width": "1.2" }],
    ["path", { d: "M6.8 18.3l-1.6 1.6a1.6 1.6 0 1 1-1.2-2.7 1.6 1.6 0 1 1 2.7-1.2z", fill: "#f3ead7", stroke: "#5a2d10", "stroke-width": "1" }],
    ["path", { d: "M13.5 6.2c1.6-.6 3.4-.1 4.2 1.2", fill: "none", stroke: "#f1b47a", "stroke-width": "1.2", "stroke-linecap": "round" }],
  ],
  glyph: [
    ["path", { d: "M12 2.5l8 4.5v10l-8 4.5-8-4.5V7z", fill: "#3d3a7a", stroke: "#1c1a40", "stroke-width": "1.2", "stroke-linejoin": "round" }],
    ["path", { d: "M12 6.5v11M8.5 9l3.5 3 3.5-3M9 15l3-2.5 3 2.5", fill: "none", stroke: "#9fe7ff", "stroke-width": "1.5", "stroke-linecap": "round", "stroke-linejoin": "round" }],
  ],
  maps: [
    ["path", { d: "M4 5.5l5-2 6 2 5-2v15l-5 2-6-2-5 2z", fill: "#ecd9a8", stroke: "#6b5322", "stroke-width": "1.2", "stroke-linejoin": "round" }],
    ["path", { d: "M9 3.5v15M15 5.5v15", fill: "none", stroke: "#b89a5a", "stroke-width": "0.9" }],
    ["path", { d: "M11 10.5l3 3M14 10.5l-3 3", fill: "none", stroke: "#b3261e", "stroke-width": "1.6", "stroke-linecap": "round" }],
  ],
  swords: [
    ["path", { d: "M20.5 2.5 21 3l-.5 3.5L10 17l-3-3L17.5 3.5z", fill: "#cfd4da", stroke: "#23211d", "stroke-width": "1.3", "stroke-linejoin": "round" }],
    ["path", { d: "m5 12.5 6.5 6.5-1.6 1.6-6.5-6.5zM6.6 17.4l-3.2 3.2", fill: "#8a3b12", stroke: "#23211d", "stroke-width": "1.3", "stroke-linecap": "round", "stroke-linejoin": "round" }],
  ],
  magic: [
    ["path", { d: "M20.5 2.5 21 3l-.5 3.5L10 17l-3-3L17.5 3.5z", fill: "#c9a6ff", stroke: "#3b1f6e", "stroke-width": "1.3", "stroke-linejoin": "round" }],
    ["path", { d: "m5 12.5 6.5 6.5-1.6 1.6-6.5-6.5zM6.6 17.4l-3.2 3.2", fill: "#5b2a9e", stroke: "#23211d", "stroke-width": "1.3", "stroke-linecap": "round", "stroke-linejoin": "round" }],
    ["path", { d: "M5 2.5l.9 2.1 2.1.9-2.1.9L5 8.5l-.9-2.1L2 5.5l2.1-.9z", fill: "#ffd84d", stroke: "#8a6a00", "stroke-width": "0.6" }],
  ],
  thieves: [
    ["path", { d: "M12 2.5c-4.2 0-7 3.6-7 8.2 0 3.2 1 6.6 1 10.8h12c0-4.2 1-7.6 1-10.8 0-4.6-2.8-8.2-7-8.2z", fill: "#3a3f35", stroke: "#15170f", "stroke-width": "1.2" }],
    ["path", { d: "M7.8 11.3c1.2-1.4 7.2-1.4 8.4 0v2.4c-1.2 1-7.2 1-8.4 0z", fill: "#151512" }],
    ["circle", { cx: "10", cy: "12.4", r: "0.9", fill: "#f4e05b" }],
    ["circle", { cx: "14", cy: "12.4", r: "0.9", fill: "#f4e05b" }],
  ],
  barrel: [
    ["path", { d: "M7 3h10c1.6 2.6 2.4 5.6 2.4 9s-.8 6.4-2.4 9H7c-1.6-2.6-2.4-5.6-2.4-9S5.4 5.6 7 3z", fill: "#a8692f", stroke: "#4f2c0c", "stroke-width": "1.2", "stroke-linejoin": "round" }],
    ["path", { d: "M5.2 8h13.6M5.2 16h13.6", fill: "none", stroke: "#3b3b3b", "stroke-width": "1.6" }],
    ["path", { d: "M10 3.2v17.6M14 3.2v17.6", fill: "none", stroke: "#7d4b1f", "stroke-width": "0.8" }],
  ],
  shield: [
    ["path", { d: "M12 2 4 5v6c0 5.2 3.4 9.6 8 11 4.6-1.4 8-5.8 8-11V5z", fill: "#2462a8", stroke: "#173f6e", "stroke-width": "1.5", "stroke-linejoin": "round" }],
    ["path", { d: "M12 5.2v13.6c3-1.2 5-4.3 5-7.8V7.1z", fill: "#fff", opacity: ".35" }],
  ],
  magic_shield: [
    ["path", { d: "M12 2 4 5v6c0 5.2 3.4 9.6 8 11 4.6-1.4 8-5.8 8-11V5z", fill: "#6a35b8", stroke: "#3b1f6e", "stroke-width": "1.5", "stroke-linejoin": "round" }],
    ["path", { d: "M12 6.5l1.5 3.3 3.5.4-2.6 2.4.7 3.5-3.1-1.8-3.1 1.8.7-3.5L7 10.2l3.5-.4z", fill: "#ffe27a" }],
  ],
  confusion: [
    ["circle", { cx: "12", cy: "12", r: "9.5", fill: "#4b2b6b", stroke: "#24123a", "stroke-width": "1.2" }],
    ["path", { d: "M12 12.2c0-1 1.6-1 1.6.2 0 1.8-3.2 1.8-3.2-.6 0-2.8 4.8-3 4.8.8 0 3.8-6.4 4-6.4-.6 0-4.6 5.6-5.6 8.4-3", fill: "none", stroke: "#e6c7ff", "stroke-width": "1.4", "stroke-linecap": "round" }],
  ],
  roll_again: null, // the Roll Again token is the Confusion spell
  chest_wooden: chest("#9b6330", "#5a3512", "#c9a15a"),
  chest_metal: chest("#8d96a0", "#3d444c", "#d9dee3"),
  chest_gold: chest("#e2b534", "#7a5a08", "#fff0a8"),
};
ART.roll_again = ART.confusion;

function chest(body, edge, light) {
  return [
    ["path", { d: "M3.5 10.5h17v9.5h-17z", fill: body, stroke: edge, "stroke-width": "1.3", "stroke-linejoin": "round" }],
    ["path", { d: "M3.5 10.5V8.5C3.5 5.5 6 4 12 4s8.5 1.5 8.5 4.5v2z", fill: body, stroke: edge, "stroke-width": "1.3", "stroke-linejoin": "round" }],
    ["path", { d: "M3.5 10.5h17M8 4.6v15.4M16 4.6v15.4", fill: "none", stroke: edge, "stroke-width": "1" }],
    ["rect", { x: "10.3", y: "9", width: "3.4", height: "4.2", rx: "0.6", fill: light, stroke: edge, "stroke-width": "0.9" }],
  ];
}

/** A value's, token's or chest's picture, with `label` for screen readers and tooltips. */
function art(name, label = "") {
  const node = document.createElementNS(SVG, "svg");
  node.setAttribute("viewBox", "0 0 24 24");
  node.setAttribute("class", `art art-${name}`);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label || name);
  const title = document.createElementNS(SVG, "title");
  title.textContent = label || name;
  node.append(title);
  for (const [tag, attrs] of ART[name] || []) {
    const shape = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) shape.setAttribute(key, value);
    node.append(shape);
  }
  return node;
}

/** A horde value's picture with its glossary key. */
function valueArt(value) {
  return withHelp(el("span", { class: "value-head", title: WORDS[value][1] }, art(value, WORDS[value][1])), value);
}

// --- animations ---------------------------------------------------------------------------------------

/**
 * The die tumbles when it shows a new face (a roll or a re-roll), and a creature or chest that
 * arrived at a castle since the last drawing of this seat's table fades in (unless switched off).
 */
function animate(root, view) {
  const obs = view.observation;
  const key = `${view.game?.id}:${view.seat}`;
  const held = new Set();
  for (const lord of obs.lords || []) {
    for (const c of [...(lord.left || []), ...(lord.right || [])]) held.add(`${lord.seat}:${c.card}`);
    for (const c of lord.chests || []) held.add(`${lord.seat}:${c.chest}`);
  }
  const same = previous.key === key;
  const roll = `${obs.day}:${obs.die}`;
  const rolled = same && obs.die && roll !== previous.roll;
  const before = same ? previous.held : null;
  Object.assign(previous, { key, roll, held });
  if (rolled) rollDice(root.querySelector(".die-fact"));
  if (!before) return;
  for (const node of root.querySelectorAll(".castle[data-seat] .under-card[data-card], .castle[data-seat] .chest[data-chest]")) {
    const seat = node.closest(".castle").dataset.seat;
    const id = node.dataset.card || node.dataset.chest;
    if (!before.has(`${seat}:${id}`)) fadeIn(node);
  }
}
