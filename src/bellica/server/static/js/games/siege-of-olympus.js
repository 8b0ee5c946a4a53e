// The Siege of Olympus plug-in: both Commanders and their minions, Tartarus, the Agora, the piles and your hand.

import { makePlayable } from "/static/js/chooser.js";
import { el } from "/static/js/dom.js";
import { animateCardsInPlay, animationSwitch } from "/static/js/kit/animate.js";
import { cardBack, cardFace } from "/static/js/kit/card.js";
import { helpData, withHelp } from "/static/js/kit/help.js";
import { icon } from "/static/js/kit/icons.js";
import { capitalized } from "/static/js/kit/log.js";
import { markIds } from "/static/js/kit/marks.js";
import { token } from "/static/js/kit/tokens.js";

/** The turn's phases: the view's name, the words shown, the glossary key. */
const PHASES = [["deploy", "Deploy", "deploy"], ["recruit", "Recruit", "recruit"], ["attack", "Attack", "attack-phase"]];
const RACES = ["olympian", "titan", "half-god", "giant", "creature"];
/** A flag's words on a card, and the glossary key that explains it. */
const FLAGS = {
  paralyzed: ["paralyzed", "paralyzed"],
  crippled: ["crippled", "crippled"],
  dodge: ["dodge", "dodge"],
  fresh: ["summon next turn", "fresh"],
  attacked: ["attacked", "attacked"],
  used: ["effect used", "used"],
};
/** The flags that mean something on a card in a hand (the others only in play or in Tartarus). */
const HAND_FLAGS = new Set(["fresh"]);
const LATEST_DEAD = 3; // Underworld cards shown while it is folded
const PIECES_PER_ARTIFACT = 3;

export default {
  // hands are secret: hot-seat players get a hand-over screen between seats
  secrets: true,
  draw: drawSiege,
  // the steps that name no card (end a phase, keep this hand, let it happen, skip, an option)
  mainActions: (legal) => legal.filter((entry) => entry.action.card === undefined || entry.action.card === null),
  // any other action under the card it names (an attack under its attacker)
  groupOf: (action, view) => (action.card ? named(namesOf(view), action.card) : null),
  round: (view) => view.observation?.round,
  // outlines what `ids` name on a drawn table (card tokens: minions, Commanders, Artifacts)
  mark: (root, ids, className = "marked") => markIds(root, ids, className),
};

// The attacker picked in the browser (picking sends nothing): the targets its legal attacks
// offer are highlighted until one is clicked, the attacker is clicked again, anything else is
// clicked, Escape is pressed or the position changes.
let picked = { key: "", attacker: null, forced: false };
let redrawPicked = null;

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || picked.attacker === null || picked.forced || document.querySelector("#chooser")) return;
  picked = { ...picked, attacker: null };
  redrawPicked?.();
});

// What the previous drawing of the same game and seat showed: each minion in play with its
// damage, to see what entered, left or was hit since.
const previous = { key: null, inPlay: new Map() };

// The table's context of the drawing under way: its `play` runs a card face's actions.
let playContext = { play: () => {} };
let turnTarget = null; // the one enemy minion this turn's attacks may hit, once set

let namesCache = { view: null, names: new Map() };

function namesOf(view) {
  if (namesCache.view !== view) namesCache = { view, names: view?.observation ? cardNames(view.observation) : new Map() };
  return namesCache.names;
}

/** Every visible card's name by token, to name attackers, targets and decisions. */
function cardNames(obs) {
  const names = new Map();
  const note = (c) => c && c.card && names.set(c.card, c.name);
  for (const p of obs.players || []) {
    note(p.commander);
    [...(p.minions || []), ...(p.known || []), ...(p.artifacts || [])].forEach(note);
  }
  for (const zone of [obs.hand, obs.tartarus, obs.agora, obs.underworld, obs.artifact_pile, obs.casting, obs.unchosen, obs.decision?.cards]) (zone || []).forEach(note);
  note(obs.olympus);
  return names;
}

function named(names, tokenId) {
  return names.has(tokenId) ? `${names.get(tokenId)} (${tokenId})` : `card ${tokenId}`;
}

/** The Siege of Olympus table for one seat's view. */
function drawSiege(view, ctx) {
  const obs = view.observation;
  const key = `${view.game?.id}:${view.seat}:${view.game?.moves}`;
  if (picked.key !== key) picked = { key, attacker: null, forced: false };
  redrawPicked = ctx.redraw;
  playContext = ctx;
  turnTarget = obs.turn?.target ?? null;
  const names = namesOf(view);
  const actions = tableActions(ctx.legal, names, (attacker) => {
    picked = { key, attacker };
    ctx.redraw();
  });
  const card = (data, options = {}) => cardElement(data, actions.entriesOf(data.card), options);

  const players = obs.players || [];
  const me = players.find((p) => p.relation === "you") || null;
  // the viewer sits at the bottom; a spectator sees the first player at the bottom
  const bottom = me || players.find((p) => p.side === obs.first) || players[0];
  const top = players.find((p) => p !== bottom) || null;

  const root = el("div", {
    class: ["siege", actions.aiming && "aiming"],
    dataset: { round: obs.round, phase: obs.phase, seat: view.seat ?? "spectator", picked: actions.aiming ? picked.attacker : "" },
    onclick: (event) => {
      // a click anywhere but a card or button puts the picked attacker back
      if (picked.attacker === null || picked.forced || event.target.closest?.(".actionable, button, summary, a, input, label")) return;
      picked = { ...picked, attacker: null };
      ctx.redraw();
    },
  },
  statusBar(obs, names, ctx),
  decision(obs, names, card, ctx, actions),
  top ? sideArea(top, obs, card, actions, ctx, "top") : null,
  commons(obs, card),
  bottom ? sideArea(bottom, obs, card, actions, ctx, "bottom") : null,
  obs.hand ? hand(obs.hand, card, actions) : null);
  animate(root, view);
  return root;
}

/**
 * The legal entries each table element offers: a card's own actions by its token, an
 * attacker's "pick" (sending nothing), and, once an attacker is picked, its attacks by target
 * token (or "commander").
 */
function tableActions(legal, names, pick) {
  const byCard = new Map();
  const attacks = new Map(); // attacker token → its attack entries
  for (const entry of legal) {
    const action = entry.action;
    if (action.card === undefined || action.card === null) continue;
    const group = action.kind === "attack" ? attacks : byCard;
    if (!group.has(action.card)) group.set(action.card, []);
    group.get(action.card).push(entry);
  }
  let attacker = attacks.has(picked.attacker) ? picked.attacker : null;
  // every choice is an attack of one minion (an Ambush): its targets are lit at once
  const forced = attacks.size === 1 && legal.every((entry) => entry.action.kind === "attack");
  if (forced) attacker = [...attacks.keys()][0];
  picked = { ...picked, attacker, forced };
  const targets = new Map();
  for (const entry of attacks.get(attacker) || []) targets.set(String(entry.action.target), entry);
  const entriesOf = (tokenId) => {
    if (attacker !== null && targets.has(tokenId)) return [targets.get(tokenId)];
    const entries = [...(byCard.get(tokenId) || [])];
    if (attacks.has(tokenId)) {
      const name = names.get(tokenId) || `card ${tokenId}`;
      if (tokenId !== attacker) entries.push({ text: `Attack with ${name}…`, action: { kind: "attack" }, run: () => pick(tokenId) });
      else if (!forced) entries.push({ text: `Put back ${name} (no attack)`, action: { kind: "put back" }, run: () => pick(null) });
    }
    return entries;
  };
  return {
    entriesOf,
    aiming: attacker !== null,
    attacker,
    forced,
    isTarget: (tokenId) => attacker !== null && targets.has(tokenId),
    commanderAttack: targets.get("commander") || null,
    usable: (tokenId) => byCard.has(tokenId) || attacks.has(tokenId),
  };
}

// --- the turn -------------------------------------------------------------------------------------

function statusBar(obs, names, ctx) {
  const turn = obs.turn || {};
  const over = obs.phase === "over" || obs.result;
  const limit = Number(obs.turn_limit) > 0 ? ` of ${obs.turn_limit}` : "";
  return el("div", { class: "siege-status panel" },
    fact("Round", `${obs.round ?? "—"}${limit}`),
    obs.phase === "setup" ? fact("Phase", obs.phase_name || "Set-up") : null,
    over ? fact("Result", obs.result?.reason || "over") : null,
    !over && obs.phase !== "setup"
      ? el("ol", { class: "phases", "aria-label": "Phases of the turn" }, PHASES.map(([phase, label, key]) =>
        withHelp(el("li", { class: ["phase", obs.phase === phase && "current"], dataset: { phase } }, label), key)))
      : null,
    obs.active !== undefined && obs.active !== null && !over ? fact("Turn", capitalized(sideName(obs, obs.active, ctx))) : null,
    !over && obs.phase !== "setup"
      ? withHelp(fact("Agora exchange", turn.exchanged ? "used" : "available", turn.exchanged ? "used" : "open"), "exchange")
      : null,
    !over && obs.phase !== "setup"
      ? withHelp(fact("Minion target", turn.target ? named(names, turn.target) : "none yet", turn.target ? "set" : ""), "attack-phase")
      : null,
    fact("Goal", `${obs.artifacts_to_win ?? 3} Artifacts`),
    animationSwitch());
}

function fact(label, value, state = "") {
  return el("span", { class: ["fact", state && `fact-${state}`] }, el("span", { class: "label" }, label), " ", el("strong", {}, String(value)));
}

/** A side's name: the seat's label ("player 1 (you)"), or the Commander's name. */
function sideName(obs, side, ctx) {
  const label = ctx.seatLabel(side);
  if (label && label !== "—") return label;
  return obs.players?.[side]?.label || `player ${side + 1}`;
}

const DECISIONS = {
  mulligan: "choose cards to return to the Deck, then keep the hand",
  choose_commander: "choose a Commander",
  choose_target: "choose a target",
  pick: "choose an option",
  leave: "choose a card to leave in the Agora",
  take: "choose a card to take from the Agora",
  ambush: "choose the enemy minion to ambush",
  disrupt_window: "decide whether to answer with a Disrupt",
  copy: "choose the minion to copy",
  race_strike: "choose the minion the race synergy destroys",
  discard_down: "discard down to 8 cards",
};
const NEGATED = { spell: "spell", effect: "effect", attack: "attack" };

function decision(obs, names, card, ctx, actions) {
  const d = obs.decision;
  const casting = obs.casting || [];
  if (!d && !casting.length) return null;
  const who = d ? d.seat ?? d.side : obs.active;
  const words = d ? d.text || `must ${DECISIONS[d.kind] || String(d.kind).replaceAll("_", " ")}` : "casts";
  const about = d?.source ? named(names, d.source) : null;
  // the cards the decision is about when they lie nowhere else on the table
  const offered = d?.cards?.length ? d.cards : d?.kind === "choose_commander" ? obs.unchosen || [] : [];
  // the engine words a decision ("Gaia: disrupt Harpy (037)'s attack, or let it happen")
  const line = d?.text
    ? el("div", { class: "decision-line" }, el("span", { class: "what" }, d.text), ".")
    : el("div", { class: "decision-line" },
      el("strong", { class: "who" }, capitalized(sideName(obs, who, ctx))), " ",
      el("span", { class: "what" }, words),
      about ? el("span", { class: "source" }, d.kind === "disrupt_window" && NEGATED[d.event] ? ` against the ${NEGATED[d.event]} of ${about}` : ` · ${about}`) : null,
      ".");
  return el("section", { id: "decision", class: "panel decision", dataset: { kind: d?.kind ?? "casting", side: d?.side ?? "" } },
    line,
    casting.length ? el("div", { class: "casting" }, el("h4", {}, "Being cast"), el("div", { class: "cards" }, casting.map((c) => card(c, { compact: true })))) : null,
    // a Commander's whole ability is worth reading before choosing it
    offered.length ? el("div", { class: "cards offered" }, offered.map((c) => card(c, { compact: c.kind !== "commander" }))) : null,
    actions.aiming
      ? el("p", { class: "aim-help" }, `${named(names, actions.attacker)} attacks: click a highlighted target${actions.forced ? "" : ", or anywhere else to put it back"}.`)
      : null);
}

// --- a side of the table --------------------------------------------------------------------------

/** One side: its Commander and what is known of its hand, and its minions in play. */
function sideArea(player, obs, card, actions, ctx, where) {
  const relation = player.relation || "other";
  const head = el("div", { class: "side-head" },
    commander(player, obs, actions, ctx),
    el("div", { class: "side-info" },
      handInfo(player, card),
      synergies(player),
      pieceProgress(player, obs)));
  const minions = player.minions || [];
  const play = el("div", { class: "zone play", dataset: { zone: "play", side: player.side } },
    minions.length ? minions.map((m) => card(m, { inPlay: true })) : el("p", { class: "help empty-zone" }, "No minions in play."));
  return el("section", {
    class: ["side-area", "panel", `side-${where}`, `rel-${relation}`],
    dataset: { side: player.side, relation },
  }, where === "top" ? [head, play] : [play, head]);
}

/** The Commander: name, health bar, ability, Artifacts taken against the goal; clickable as a target. */
function commander(player, obs, actions, ctx) {
  const data = player.commander;
  const health = Number(player.health ?? data?.health ?? 0);
  const max = Number(player.max_health ?? data?.health ?? health) || 1;
  const goal = Number(obs.artifacts_to_win ?? obs.olympus?.goal ?? 3);
  const artifacts = player.artifacts || [];
  const tokenId = data?.card;
  const enemy = player.relation === "opponent";
  let entries = tokenId ? actions.entriesOf(tokenId) : [];
  if (enemy && actions.commanderAttack) entries = [actions.commanderAttack];
  const share = Math.max(0, Math.min(1, health / max));
  const bar = el("span", { class: ["health-bar", share <= 0.25 && "low"], "aria-hidden": "true" }, el("span", { class: "fill" }));
  bar.firstChild.style.width = `${Math.round(share * 100)}%`;
  const aimed = enemy && actions.commanderAttack !== null;
  const node = el("div", {
    class: ["commander", entries.length && "actionable", aimed && "target"],
    dataset: { card: tokenId, mark: tokenId, side: player.side, ...helpData("commander") },
    title: [data ? `${data.name} (${tokenId})` : "Commander", data?.text, ...entries.map((e) => `▸ ${e.text}`)].filter(Boolean).join("\n"),
  },
  el("div", { class: "commander-head" },
    el("span", { class: "who" }, capitalized(sideName(obs, player.side, ctx))),
    player.relation ? el("span", { class: ["badge", `badge-${player.relation}`] }, player.relation === "you" ? "you" : "opponent") : null),
  data
    ? [el("div", { class: "commander-name" }, data.name),
      el("div", { class: "health", title: `health ${health} of ${max}` },
        bar, el("span", { class: "health-value" }, el("strong", {}, String(health)), ` / ${max}`))]
    : el("div", { class: "commander-name unchosen" }, "Commander not chosen yet"),
  el("div", { class: "commander-facts" },
    data ? withHelp(el("span", { class: ["ability", player.ability_used ? "used" : "ready"], title: data.text || "" },
      player.ability_used ? "Ability used" : "Ability ready"), "commander") : null,
    withHelp(el("span", { class: "artifact-count", dataset: { count: artifacts.length, goal } },
      el("strong", {}, String(artifacts.length)), ` of ${goal} Artifacts`), "artifact")),
  artifacts.length
    ? el("div", { class: "taken" }, artifacts.map((a) => el("span", { class: "artifact-chip", dataset: { card: a.card, mark: a.card }, title: a.text || a.name },
      pieceBadge(a.piece), ` ${a.name}`)))
    : null,
  entries.length ? el("div", { class: "verbs" }, [...new Set(entries.map((e) => e.action.kind.replaceAll("_", " ")))].join(" / ")) : null);
  if (entries.length) {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    makePlayable(node, (event) => ctx.play(entries, event, data?.name || "Commander"));
  }
  return node;
}

/** The hand seen from this side of the table: a count with card backs, and the cards known to all. */
function handInfo(player, card) {
  const known = player.known || [];
  const mine = player.relation === "you";
  return el("div", { class: "hand-info" },
    el("div", { class: "hand-count" },
      el("span", { class: "label" }, mine ? "Hand" : "Cards in hand"), " ",
      el("strong", {}, String(player.hand_count ?? 0)),
      !mine && player.hand_count
        ? el("span", { class: "backs", title: `${player.hand_count} cards in hand` }, Array.from({ length: Math.min(player.hand_count, 10) }, cardBack))
        : null),
    !mine && known.length
      ? el("div", { class: "known", title: "cards everyone saw arrive in this hand" }, el("span", { class: "label" }, "Known cards:"),
        el("div", { class: "cards mini" }, known.map((c) => card(c, { mini: true }))))
      : null);
}

/** The classes and races a side has three or more of, each with its help. */
function synergies(player) {
  const list = player.synergies || [];
  if (!list.length) return null;
  return el("div", { class: "synergies" }, el("span", { class: "label" }, "Synergies"),
    list.map((key) => withHelp(el("span", { class: ["synergy", RACES.includes(key) ? `race-${key}` : `class-${key}`] }, nameOf(key)), key, "synergy")));
}

/** How many pieces of each Artifact still in the pile this side's minions carry. */
function pieceProgress(player, obs) {
  const entries = Object.entries(player.pieces || {}).map(([n, count]) => [Number(n), Number(count)]).filter(([, c]) => c > 0);
  if (!entries.length) return null;
  entries.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const pile = new Map((obs.artifact_pile || []).map((a) => [Number(a.piece), a.name]));
  return el("div", { class: "pieces" }, withHelp(el("span", { class: "label" }, "Pieces"), "artifact-piece"),
    entries.map(([number, count]) => el("span", {
      class: ["piece-progress", count >= PIECES_PER_ARTIFACT - 1 && "close"],
      dataset: { piece: number, count },
      title: `${pile.get(number) || `Artifact ${number}`}: ${count} of ${PIECES_PER_ARTIFACT} pieces`,
    }, pieceBadge(number), dots(count))));
}

function dots(count, of = PIECES_PER_ARTIFACT) {
  return el("span", { class: "dots", "aria-label": `${count} of ${of}` },
    Array.from({ length: of }, (_, i) => el("span", { class: ["dot", i < count && "on"] })));
}

function pieceBadge(number, extra = "") {
  if (number === undefined || number === null) return null;
  return el("span", { class: ["piece", extra], title: `Artifact piece ${number}` }, String(number));
}

// --- the shared zones -----------------------------------------------------------------------------

function commons(obs, card) {
  const tartarus = obs.tartarus || [];
  const agora = obs.agora || [];
  // the cards left in the Agora this turn cannot be taken back the same turn
  const left = new Set([obs.turn?.left || []].flat().filter(Boolean));
  return el("div", { class: "commons" },
    el("section", { class: "panel zone-panel tartarus", dataset: { zone: "tartarus" } },
      el("h3", {}, withHelp(el("span", {}, "Tartarus"), "tartarus"), el("small", {}, " · ", withHelp(el("span", {}, `${tartarus.length} prisoner${tartarus.length === 1 ? "" : "s"}`), "prisoner"))),
      el("div", { class: "cards" }, tartarus.length ? tartarus.map((c) => card(c, { prisoner: true })) : el("p", { class: "help" }, "Empty."))),
    el("div", { class: "commons-row" },
      el("section", { class: "panel zone-panel agora", dataset: { zone: "agora" } },
        el("h3", {}, withHelp(el("span", {}, "Agora"), "agora"), el("small", {}, ` · ${agora.length} of 6`)),
        el("div", { class: "cards" }, agora.length
          ? agora.map((c) => card(c, { compact: true, note: left.has(c.card) ? "left this turn" : null }))
          : el("p", { class: "help" }, "Empty."))),
      piles(obs, card)));
}

/** The Deck, the Underworld, the Artifact pile and the Olympus card. */
function piles(obs, card) {
  const dead = obs.underworld || [];
  const drawn = dead.map((c) => card(c, { compact: true }));
  const open = drawn.some((node) => node.classList.contains("actionable"));
  // the latest cards first; folded, only the latest few show
  const newestFirst = [...drawn].reverse();
  const pile = obs.artifact_pile || [];
  const progress = new Map();
  for (const p of obs.players || []) for (const [n, c] of Object.entries(p.pieces || {})) progress.set(`${p.side}:${n}`, Number(c));
  // yours first, then the opponent's (a spectator: the first player's first)
  const sides = [...(obs.players || [])].sort((a, b) => (b.relation === "you") - (a.relation === "you") || a.side - b.side);
  return el("section", { class: "panel zone-panel piles" },
    el("div", { class: "pile-row" },
      el("div", { class: "deck", dataset: { zone: "deck", count: obs.deck_count ?? 0, ...helpData("deck") } },
        el("div", { class: "deck-stack", "aria-hidden": "true" }, el("span", {}), el("span", {}), el("span", {})),
        el("div", {}, el("strong", {}, String(obs.deck_count ?? 0)), el("small", {}, " cards in the Deck"))),
      obs.olympus ? withHelp(el("div", { class: "olympus", dataset: { card: obs.olympus.card, mark: obs.olympus.card }, title: obs.olympus.text || "" },
        el("strong", {}, obs.olympus.name || "Olympus"),
        el("small", {}, ` · take ${obs.artifacts_to_win ?? obs.olympus.goal ?? 3} Artifacts to win`)), "olympus") : null),
    el("details", { class: "underworld", dataset: { zone: "underworld", count: dead.length }, open },
      el("summary", {}, withHelp(el("span", {}, "Underworld"), "underworld"), el("small", {}, ` · ${dead.length} card${dead.length === 1 ? "" : "s"}`)),
      el("div", { class: "cards" }, newestFirst.length ? newestFirst : el("p", { class: "help" }, "Empty."))),
    dead.length && !open
      ? el("div", { class: "latest cards", "aria-label": "latest in the Underworld" },
        dead.slice(-LATEST_DEAD).reverse().map((c) => card(c, { mini: true })))
      : null,
    el("div", { class: "artifact-pile", dataset: { zone: "artifact-pile", count: pile.length } },
      el("h4", {}, withHelp(el("span", {}, "Artifact pile"), "artifact"), el("small", {}, ` · ${pile.length} left`)),
      el("ol", { class: "artifact-list" }, pile.map((a) => {
        const entries = card(a, { chipOnly: true });
        return el("li", { class: ["artifact-row", entries && "actionable-row"], dataset: { card: a.card, mark: a.card, piece: a.piece }, title: a.text || a.name },
          pieceBadge(a.piece), el("span", { class: "artifact-name" }, a.name),
          el("span", { class: "progress" }, sides.map((p) => {
            const count = progress.get(`${p.side}:${a.piece}`) || 0;
            const whose = p.relation === "you" ? "you carry" : p.relation === "opponent" ? "your opponent carries" : `${p.label || `player ${p.side + 1}`} carries`;
            return el("span", { class: ["carried", `rel-${p.relation || `side-${p.side}`}`], title: `${capitalized(whose)} ${count} of ${PIECES_PER_ARTIFACT} pieces` }, dots(count));
          })),
          entries);
      }))));
}

/** Your hand: pinned above the action bar only while one of its cards can be used now. */
function hand(cards, card, actions) {
  const usable = cards.some((c) => actions.usable(c.card));
  return el("section", { id: "hand", class: ["panel", "hand", usable && "pinned"], dataset: { pinned: usable ? "true" : "false" } },
    el("h3", {}, `Your hand (${cards.length})`),
    el("div", { class: "cards" }, cards.length ? cards.map((c) => card(c)) : el("p", { class: "help" }, "Your hand is empty.")));
}

// --- a card ---------------------------------------------------------------------------------------

/**
 * One card face: name and number, class and race, cost, attack and health with its damage,
 * artifact pieces, style, keywords, flags and text; clicking it plays its actions. `chipOnly`
 * (an artifact in the pile) gives only a button for its actions, or null.
 */
function cardElement(data, entries, { inPlay = false, prisoner = false, compact = false, mini = false, chipOnly = false, note = null } = {}) {
  const shownFlags = (data.flags || []).filter((f) => FLAGS[f] && (inPlay || prisoner || HAND_FLAGS.has(f)));
  const kind = data.kind || "minion";
  const play = (event) => playContext.play(entries, event, data.name);
  if (chipOnly) {
    if (!entries.length) return null;
    return el("button", { type: "button", class: "small actionable", dataset: { card: data.card }, onclick: play },
      [...new Set(entries.map((e) => e.text))].join(" / "));
  }
  const classes = [`kind-${kind}`, data.race && `race-${data.race}`, data.class && `class-${data.class}`];
  if (inPlay) classes.push("in-play");
  if (prisoner) classes.push("prisoner");
  if (compact || prisoner) classes.push("compact");
  if (mini) classes.push("mini");
  if (data.damage) classes.push("damaged");
  for (const flag of shownFlags) classes.push(`flag-${flag}`);
  if (picked.attacker === data.card) classes.push("picked");
  if (entries.some((e) => e.action.kind === "attack" && e.action.target !== undefined)) classes.push("target");
  if (data.playable === false) classes.push("unplayable");
  const face = cardFace({
    id: data.card,
    name: data.name,
    type: typeLine(data, kind),
    stats: mini ? [] : stats(data, kind, inPlay || prisoner),
    text: mini ? "" : data.text || "",
    classes,
    entries,
    play,
    dataset: helpData(kind === "minion" && prisoner ? "prisoner" : kind),
  });
  const tags = mini ? [] : tagsOf(data, kind);
  if (tags.length) (face.querySelector(".stats") || face.querySelector(".card-type")).after(el("div", { class: "tags" }, tags));
  if ((shownFlags.length || note) && !mini) {
    face.querySelector(".text").after(el("div", { class: "flags" }, shownFlags.map((f) =>
      withHelp(el("span", { class: ["flag", `flag-${f}`] }, FLAGS[f][0]), FLAGS[f][1])),
    note ? el("span", { class: "flag note" }, note) : null));
  }
  if (data.card === turnTarget && inPlay) face.querySelector(".card-head").after(withHelp(el("div", { class: "turn-target" }, "the turn's target"), "attack-phase"));
  if (data.copied) face.title += `\nCopied from ${named(namesCache.names, data.copied)}`;
  return face;
}

function typeLine(data, kind) {
  if (kind === "minion") {
    return el("span", {}, withHelp(el("span", { class: "class-label" }, nameOf(data.class || "neutral")), data.class),
      " · ", withHelp(el("span", { class: ["race-label", data.race && `race-${data.race}`] }, nameOf(data.race || "")), data.race));
  }
  if (kind === "spell") return withHelp(el("span", {}, data.disrupt?.length ? "Spell · Disrupt" : "Spell"), data.disrupt?.length ? "disrupt" : "spell");
  if (kind === "artifact") return withHelp(el("span", {}, `Artifact ${data.piece ?? ""}`), "artifact");
  if (kind === "commander") return withHelp(el("span", {}, "Commander"), "commander");
  if (kind === "olympus") return withHelp(el("span", {}, "Olympus"), "olympus");
  return capitalized(kind);
}

function stats(data, kind, inPlay) {
  const out = [];
  if (kind === "minion") {
    out.push(withHelp(token("ring", data.cost ?? 0, "cost"), "cost"));
    const attack = data.attack ?? data.printed_attack;
    const attackChanged = data.printed_attack !== undefined && data.attack !== data.printed_attack;
    out.push(withHelp(token("sword", attack, "attack", attackChanged ? el("small", {}, ` (${data.printed_attack})`) : null), "attack"));
    const health = Number(data.health ?? data.printed_health ?? 0);
    const damage = Number(data.damage || 0);
    const healthChanged = data.printed_health !== undefined && data.health !== data.printed_health;
    out.push(withHelp(el("span", { class: ["token", "token-health", damage && "hurt"], title: damage ? `${health - damage} of ${health} health left` : `health ${health}` },
      icon("shield", "health"), el("span", { class: "value" }, damage ? `${health - damage}/${health}` : String(health)),
      healthChanged ? el("small", {}, ` (${data.printed_health})`) : null), "health"));
    if (inPlay && damage) out.push(withHelp(token("damage", damage, "damage"), "damage"));
  } else if (kind === "commander" && data.health !== undefined) {
    out.push(withHelp(el("span", { class: ["token", "token-health"], title: "starting health" }, icon("shield", "health"), el("span", { class: "value" }, String(data.health))), "health"));
  }
  return out;
}

/** Artifact pieces, attack style and keywords as small labels, each with its help. */
function tagsOf(data, kind) {
  const tags = [];
  const pieces = Array.isArray(data.pieces) && data.pieces.length ? data.pieces : data.piece !== undefined && data.piece !== null && kind === "minion" ? [data.piece] : [];
  pieces.forEach((n, i) => tags.push(withHelp(pieceBadge(n, i > 0 || (data.piece !== undefined && Number(n) !== Number(data.piece)) ? "extra" : ""), "artifact-piece")));
  // bow has its own entry; the spell style is told in the ranged one (the "spell" key is the card type)
  if (kind === "minion" && data.style) tags.push(withHelp(el("span", { class: ["style", `style-${data.style}`] }, data.style), data.style === "spell" ? "ranged" : data.style));
  for (const word of data.keywords || []) {
    if (word === data.class || word === data.race) continue;
    tags.push(withHelp(el("span", { class: ["keyword", `kw-${word}`] }, nameOf(word)), word));
  }
  return tags;
}

function nameOf(key) {
  return String(key || "").split(/[_-]/).map((w) => (w === "god" ? w : capitalized(w))).join(key?.includes("-") ? "-" : " ");
}

// --- animations -----------------------------------------------------------------------------------

/**
 * Minions that entered play since the last drawing of this seat's table slide in, those that
 * left it fade out where they were, and one that took damage flashes (unless switched off).
 */
function animate(root, view) {
  animateCardsInPlay(root, view, previous, {
    cardsOf: (player) => player.minions,
    zoneOf: (side) => root.querySelector(`.side-area[data-side="${side}"] .zone.play`),
    ghostOf: (data) => cardElement(data, [], { inPlay: true }),
  });
}
