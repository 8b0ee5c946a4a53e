// The Bellum plug-in: cities, Olympus and Legends stacks, every player's cards and your hand.

import { el } from "/static/js/dom.js";
import { animateCardsInPlay, animationSwitch } from "/static/js/kit/animate.js";
import { cardBack, cardFace } from "/static/js/kit/card.js";
import { helpData, withHelp } from "/static/js/kit/help.js";
import { icon } from "/static/js/kit/icons.js";
import { capitalized } from "/static/js/kit/log.js";
import { markIds } from "/static/js/kit/marks.js";
import { badge, token } from "/static/js/kit/tokens.js";

const ROMAN = ["I", "II", "III", "IV"];

export default {
  // hands are hidden: hot-seat players get a hand-over screen between seats
  secrets: true,
  draw: drawBellum,
  // the steps that name no card (end the phase, keep this hand, draw, no block) stay in sight
  mainActions: (legal) => legal.filter((entry) => entry.action.card === undefined || entry.action.card === null),
  groupOf: (action, view) => (action.card ? named(namesOf(view), action.card) : null),
  round: (view) => view.observation?.round,
  // the last turn's marks beyond the log's: the attackers and blockers of the assault under way
  marks: (view) => [...(view.observation?.attackers || []), ...(view.observation?.blocks || []).flat()],
  // outlines what `ids` name on the drawn table (card tokens, "district:<team>:<number>")
  mark: (root, ids, className = "marked") => markIds(root, ids, className),
};

// What the previous drawing of the same game and seat showed: each card in play with its
// damage, to see what entered, left or was hit since.
const previous = { key: null, inPlay: new Map() };

let namesCache = { view: null, names: new Map() };

function namesOf(view) {
  if (namesCache.view !== view) namesCache = { view, names: view?.observation ? cardNames(view.observation) : new Map() };
  return namesCache.names;
}

/** The Bellum table for one seat's view. */
function drawBellum(view, ctx) {
  const obs = view.observation;
  const cardActions = groupByCard(ctx.legal);
  const names = namesOf(view);
  const mySide = obs.players.find((p) => p.hand !== undefined && p.seat === view.seat);
  const card = (data, options = {}) => cardElement(data, cardActions.get(data.card), ctx, options);
  const battlefields = obs.olympus.length;
  // your own battlefield first, then your teammate's
  const order = obs.olympus.map((_, index) => index);
  if (mySide) order.sort((a, b) => (b === (mySide.battlefield ?? 0)) - (a === (mySide.battlefield ?? 0)));

  const root = el("div", { class: "bellum", dataset: { round: obs.round, phase: obs.phase, seat: view.seat ?? "spectator" } },
    statusBar(obs, ctx),
    obs.scenario ? scenario(obs.scenario, card) : null,
    decision(obs, names, card, ctx),
    combat(obs, names, card),
    order.map((index) =>
      battlefield(index, battlefields, obs.olympus[index], obs.players.filter((p) => (p.battlefield ?? 0) === index), mySide, obs, card, ctx)),
    mySide ? hand(mySide, card, cardActions) : null,
    el("div", { class: "commons" },
      el("section", { class: "panel legends-market" },
        stacks("Legends", obs.legends, card, "legends"),
        obs.market?.length ? el("div", { class: "market" }, el("h4", {}, "Market"), el("div", { class: "cards" }, obs.market.map((c) => card(c)))) : null,
        el("p", { class: "stock" }, `Stock: ${obs.stock?.length ?? 0} cards`)),
      cities(obs)));
  animate(root, view, ctx);
  return root;
}

/**
 * Cards that entered play since the last drawing of this seat's table slide in, cards that
 * left it fade out where they were, and a card that took damage flashes (unless switched off).
 */
function animate(root, view, ctx) {
  animateCardsInPlay(root, view, previous, {
    cardsOf: (player) => player.play,
    zoneOf: (side) => root.querySelector(`.player[data-side="${side}"] .zone.play`),
    ghostOf: (data) => cardElement(data, [], ctx, { inPlay: true }),
  });
}

/** Legal entries by the card they name: {token → [entries]}. */
function groupByCard(legal) {
  const groups = new Map();
  for (const entry of legal) {
    const token = entry.action.card;
    if (token === undefined || token === null) continue;
    if (!groups.has(token)) groups.set(token, []);
    groups.get(token).push(entry);
  }
  return groups;
}

/** Every visible card's name by token, to name attackers, blockers and decisions. */
function cardNames(obs) {
  const names = new Map();
  const note = (c) => c && c.card && names.set(c.card, c.name);
  for (const p of obs.players) [...(p.play || []), ...(p.hand || []), ...(p.discard || [])].forEach(note);
  for (const pile of [...obs.olympus.flat(), ...obs.legends]) note(pile?.top);
  [...(obs.market || []), ...(obs.resolving || []), ...(obs.scenario?.reinforcements || [])].forEach(note);
  if (obs.decision?.cards) obs.decision.cards.forEach(note);
  return names;
}

function named(names, token) {
  return names.has(token) ? `${names.get(token)} (${token})` : `card ${token}`;
}

function statusBar(obs, ctx) {
  return el("div", { class: "bellum-status panel" },
    fact("Round", obs.round),
    fact("Phase", obs.phase),
    fact("Active team", obs.active_team),
    fact("To play", obs.to_play === null || obs.to_play === undefined ? "—" : ctx.seatLabel(obs.to_play)),
    obs.cities.filter((c) => c.city).map((c) => fact(c.city, `${c.pillaged}/4 pillaged`)),
    obs.strategy_used ? fact("Strategy", "used this turn") : null,
    obs.result ? fact("Result", obs.result.reason) : null,
    animationSwitch());
}

function fact(label, value) {
  return el("span", { class: "fact" }, el("span", { class: "label" }, label), " ", el("strong", {}, String(value)));
}

/** The solo scenario: its objective and each counter it turns on, with its value now. */
function scenario(info, card) {
  const counters = Array.isArray(info.counters) ? info.counters : [];
  return el("section", { id: "scenario-panel", class: "panel scenario" },
    el("h3", {}, el("span", { class: "scenario-kind" }, "Solo scenario · "), info.title),
    info.objective ? el("p", { class: "objective" }, info.objective) : null,
    scenarioRules(info.rules),
    counters.length
      ? el("ul", { class: "counters" }, counters.map((c) => el("li", { class: "counter", dataset: { counter: c.name, value: c.value } },
        el("span", { class: "counter-value" }, String(c.value), Number(c.limit) > 0 ? el("small", {}, ` / ${c.limit}`) : null),
        el("span", { class: "counter-name" }, c.name),
        meter(c.value, c.limit),
        el("small", { class: "counter-means" }, c.means))))
      : null,
    info.reinforcements?.length
      ? el("div", {}, el("h4", {}, "Reinforcements"), el("div", { class: "cards" }, info.reinforcements.map((c) => card(c))))
      : null);
}

/** The scenario's own rules, folded under their count (open once a player opens them). */
function scenarioRules(rules) {
  const list = Array.isArray(rules) ? rules : [];
  if (!list.length) return null;
  return el("details", { class: "scenario-rules", open: scenarioRulesOpen || null, ontoggle: (e) => { scenarioRulesOpen = e.target.open; } },
    el("summary", {}, `Scenario rules (${list.length})`),
    el("ul", {}, list.map((rule) => el("li", {}, rule))));
}
let scenarioRulesOpen = false; // the table is drawn again after every move: keep it as the player left it

/** A bar filled to value/limit (none without a limit above 0). */
function meter(value, limit) {
  if (!(Number(limit) > 0)) return null;
  const share = Math.max(0, Math.min(1, Number(value) / Number(limit)));
  const bar = el("span", { class: "meter", "aria-hidden": "true" }, el("span", { class: "fill" }));
  bar.firstChild.style.width = `${Math.round(share * 100)}%`;
  return bar;
}

const DECISIONS = {
  target: "choose a target for",
  use: "decide whether to use",
  pay: "pay for",
  block: "decide how to block",
  look: "look at the top of a deck",
  order: "order the abilities that trigger together",
  sacrifice: "sacrifice creatures",
  flee: "choose who flees",
  remove: "choose a card to remove",
  discard: "discard cards",
  answer: "decide whether to answer",
  pillage_more: "decide whether to pillage two districts",
  hercules_blocker: "choose which Hells creature blocks Hercules",
  achilles_target: "choose which attacker Achilles blocks",
};

function decision(obs, names, card, ctx) {
  const d = obs.decision;
  if (!d) return null;
  const about = d.source || d.card;
  return el("section", { id: "decision", class: "panel decision", dataset: { kind: d.kind } },
    el("strong", {}, capitalized(ctx.seatLabel(d.seat))), ` must ${DECISIONS[d.kind] || d.kind}`,
    about ? ` ${named(names, about)}` : "",
    ".",
    d.cards?.length ? el("div", { class: "cards" }, d.cards.map((c) => card(c))) : null);
}

function combat(obs, names, card) {
  const resolving = obs.resolving || [];
  const attackers = obs.attackers || [];
  if (!resolving.length && !attackers.length) return null;
  const blockedBy = new Map();
  for (const [attacker, blocker] of obs.blocks || []) {
    if (!blockedBy.has(attacker)) blockedBy.set(attacker, []);
    blockedBy.get(attacker).push(blocker);
  }
  return el("section", { id: "combat", class: "panel combat" },
    resolving.length ? el("div", {}, el("h4", {}, "Resolving"), el("div", { class: "cards" }, resolving.map((c) => card(c)))) : null,
    attackers.length
      ? el("div", {}, el("h4", {}, "Assault"),
        el("ul", { class: "attackers" }, attackers.map((token) => {
          const blockers = blockedBy.get(token) || [];
          return el("li", { dataset: { attacker: token } }, icon("attack", "attacker"), ` ${named(names, token)}`,
            blockers.length ? ` — blocked by ${blockers.map((b) => named(names, b)).join(", ")}` : " — unblocked");
        })))
      : null);
}

function cities(obs) {
  const withCity = obs.cities.filter((city) => city.city);
  if (!withCity.length) return null; // the solo scenarios have no cities
  return el("section", { class: "panel cities" }, el("h3", {}, "Cities"),
    el("div", { class: "city-row" }, withCity.map((city) =>
      el("div", { class: "city", dataset: { team: city.team } },
        el("h4", {}, city.city || `Team ${city.team}`, el("small", {}, ` team ${city.team}`)),
        el("p", { class: "city-facts" }, `Pillaged ${city.pillaged}/4 · Strategy charges: ${city.strategy}`),
        city.districts?.length
          ? el("ol", { class: "districts" }, city.districts.map((d) =>
            el("li", { class: ["district", d.pillaged && "pillaged"], title: d.text, dataset: { district: d.district, mark: `district:${city.team}:${d.district}` } },
              el("span", { class: "district-name" }, d.name.replace(/^.* - /, "")),
              d.pillaged ? el("span", { class: "badge" }, "pillaged") : null,
              el("small", {}, d.text))))
          : el("p", { class: "help" }, "No districts in this scenario.")))));
}

function stacks(title, piles, card, className) {
  if (!piles?.some((pile) => pile.count > 0)) return null; // e.g. the solo scenarios
  return el("div", { class: ["stacks", className] }, el("h4", {}, title),
    el("div", { class: "stack-row" }, piles.map((pile, index) =>
      el("div", { class: "stack", dataset: { stack: pile.stack || ROMAN[index] } },
        el("div", { class: "stack-label" }, `${pile.stack || ROMAN[index]} · ${pile.count} left`),
        pile.top ? card(pile.top) : el("div", { class: "card empty" }, "empty")))));
}

/** One battlefield: the enemy across the Olympus stacks, your side (or your teammate's) below. */
function battlefield(index, count, piles, players, mySide, obs, card, ctx) {
  const friendly = (p) => p === mySide || p.relation === "teammate";
  const across = players.filter((p) => !friendly(p));
  const near = players.filter(friendly);
  const yours = mySide && players.includes(mySide);
  const ally = !yours && near.length > 0;
  return el("section", { class: ["battlefield", "panel", yours && "yours", ally && "allied"], dataset: { battlefield: index } },
    el("h3", {}, count > 1 ? `Battlefield ${index + 1}` : "Battlefield",
      count > 1 && yours ? el("small", {}, " · yours") : null,
      ally ? el("small", {}, " · your ally's") : null),
    across.map((p) => playerArea(p, obs, card, ctx)),
    stacks("Olympus", piles, card, "olympus"),
    near.map((p) => playerArea(p, obs, card, ctx)));
}

/** A player's name: the seat's label, or the scenario's opponent by name ("The Hells"). */
function playerLabel(player, obs, ctx) {
  const name = player.scripted ? obs.scenario?.opponent || "the scenario's opponent" : ctx.seatLabel(player.seat);
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

const RELATION_BADGES = { you: ["you", "you"], teammate: ["ally", "ally"], enemy: ["enemy", "enemy"] };

function playerArea(player, obs, card, ctx) {
  const city = obs.cities.find((c) => c.team === player.team)?.city;
  const mine = player.hand !== undefined;
  // a teammate's cards are framed as an ally's, an enemy's as an enemy's (null: a spectator)
  const relation = player.relation ?? null;
  const [word, kind] = RELATION_BADGES[relation] || [];
  return el("div", { class: ["player", mine ? "me" : "other", relation && `rel-${relation}`, relation === "teammate" && "ally", relation === "enemy" && "enemy"], dataset: { seat: player.seat ?? "", side: player.side, team: player.team, relation: relation ?? "" } },
    el("div", { class: "player-head" },
      word ? badge(word, kind) : null,
      el("strong", {}, playerLabel(player, obs, ctx)),
      el("span", {}, ` · team ${player.team}${city ? ` (${city})` : ""}`),
      el("span", { class: "counts" },
        ` · hand ${player.hand_count} · deck ${player.deck_count} · discard ${player.discard?.length ?? 0}`),
      !mine && player.hand_count ? el("span", { class: "backs", title: `${player.hand_count} cards in hand` },
        Array.from({ length: Math.min(player.hand_count, 10) }, cardBack)) : null),
    el("div", { class: "zone play" },
      player.play?.length ? player.play.map((c) => card(c, { inPlay: true })) : el("p", { class: "help" }, "No cards in play.")),
    player.discard?.length ? discardPile(player.discard, card) : null);
}

/** A discard pile, folded unless one of its cards can be chosen now. */
function discardPile(cards, card) {
  const drawn = cards.map((c) => card(c));
  const open = drawn.some((node) => node.classList.contains("actionable"));
  return el("details", { class: "discard", open },
    el("summary", {}, `Discard pile (${cards.length})`),
    el("div", { class: "cards" }, drawn));
}

/** Your hand: pinned to the bottom of the window only while one of its cards can be used now,
 * so it never covers your creatures when the decision is about them (e.g. choosing a blocker). */
function hand(player, card, cardActions) {
  const usable = player.hand.some((c) => cardActions.has(c.card));
  return el("section", { id: "hand", class: ["panel", "hand", usable && "pinned"], dataset: { pinned: usable ? "true" : "false" } },
    el("h3", {}, `Your hand (${player.hand.length})`),
    el("div", { class: "cards" }, player.hand.length ? player.hand.map((c) => card(c)) : el("p", { class: "help" }, "Your hand is empty.")));
}

/** One card with its cost, power, tokens and text; clicking it plays its actions. */
function cardElement(data, entries = [], ctx, { inPlay = false } = {}) {
  const classes = [`kind-${data.kind}`, data.clan && `clan-${data.clan}`];
  if (data.attacking) classes.push("attacking");
  if (data.blocking) classes.push("blocking");
  if (data.petrified) classes.push("petrified");
  if (data.shield) classes.push("shielded");
  if (data.damage) classes.push("damaged");
  const power = data.power ?? data.printed_power;
  const stats = [];
  if (power !== undefined && power !== null) {
    const changed = data.power !== undefined && data.printed_power !== undefined && data.power !== data.printed_power;
    stats.push(withHelp(token("sword", power, "power", changed ? el("small", {}, ` (${data.printed_power})`) : null), "power"));
  }
  if (inPlay && data.damage) stats.push(withHelp(token("damage", data.damage, "damage"), "damage"));
  if (data.shield) stats.push(withHelp(token("shield", null, "shield"), "shield"));
  if (data.charges) stats.push(withHelp(token("charge", data.charges, "charges"), "charge"));
  if (data.petrified) stats.push(withHelp(el("span", { class: "petrified-badge" }, icon("petrified", ""), "petrified"), "petrified"));
  if (data.attacking) stats.push(el("span", { class: "state" }, "attacking"));
  if (data.blocking) stats.push(el("span", { class: "state" }, "blocking"));
  const face = cardFace({
    id: data.card,
    name: data.name,
    type: [data.kind, data.clan].filter(Boolean).join(" · "),
    cost: data.cost || [],
    stats,
    text: data.text || "",
    classes,
    entries: entries || [],
    play: (event) => ctx.play(entries, event, data.name),
    dataset: helpData(data.kind, data.clan),
  });
  return face;
}

