// The lobby at `/`: set up a new game (seats, AI strength, options) and list the stored games.

import { api, clearError, showError } from "/static/js/api.js";
import { readCatalog } from "/static/js/catalog.js";
import { el, replace } from "/static/js/dom.js";
import { heldSeatNumbers, holdSeats } from "/static/js/seats.js";

const AGENTS = [
  { value: "human", label: "Human" },
  { value: "random", label: "AI: random" },
  { value: "greedy", label: "AI: greedy" },
  { value: "mcts", label: "AI: MCTS" },
];
const THINKING_SECONDS = ["0.2", "1", "3", "10"];
const DEFAULT_SECONDS = "1";

/** Draws the lobby into `root`. */
export async function openLobby(root) {
  document.title = "Bellica — lobby";
  document.getElementById("subtitle").textContent = "lobby";
  const form = el("form", { id: "new-game", autocomplete: "off" });
  const created = el("section", { id: "created", class: "panel", hidden: true });
  const gamesList = el("section", { id: "games", class: "panel" });
  replace(root, el("div", { id: "lobby" }, el("section", { class: "panel" }, el("h2", {}, "New game"), form), created, gamesList));

  refreshGames(gamesList);
  let catalog;
  try {
    catalog = readCatalog(await api.catalog());
  } catch (error) {
    showError(`Could not load the catalog: ${error.detail || error.message}`);
    return;
  }
  buildForm(form, catalog, created);
}

function buildForm(form, catalog, created) {
  const gameSelect = el("select", { name: "game", id: "game" });
  for (const game of catalog.games) gameSelect.append(el("option", { value: game.id }, game.title));
  const variantSelect = el("select", { name: "variant", id: "variant" });
  const playersSelect = el("select", { name: "players", id: "players" });
  const summary = el("p", { class: "summary" });
  const seats = el("div", { id: "seats" });
  const options = el("div", { id: "options" });
  const hotseat = el("input", { type: "checkbox", name: "hotseat", id: "hotseat" });
  const seed = el("input", { type: "text", name: "seed", id: "seed", inputmode: "numeric", placeholder: "random" });
  const create = el("button", { type: "submit", id: "create", class: "primary" }, "Create game");

  // the catalog's words for the plain agents, shown as tooltips
  const agentHelp = Object.fromEntries(catalog.presets.map((p) => [p.spec, p.label]));
  const currentGame = () => catalog.games.find((g) => g.id === gameSelect.value);
  const currentVariant = () => currentGame()?.variants.find((v) => v.name === variantSelect.value);

  function fillVariants() {
    const game = currentGame();
    summary.textContent = game?.summary || "";
    replace(variantSelect, (game?.variants || []).map((v) =>
      el("option", { value: v.name }, `${v.title || v.name} (${v.players.join(" or ")} player${v.players.join() === "1" ? "" : "s"})`)));
    fillPlayers();
  }

  function fillOptions() {
    const variant = variantSelect.value;
    const shown = (currentGame()?.options || []).filter(
      (o) => !o.variants.length || o.variants.includes(variant));
    replace(options, shown.length ? shown.map(optionField) : el("p", { class: "help" }, "This variant has no options."));
  }

  function fillPlayers() {
    fillOptions();
    const before = playersSelect.value;
    const counts = currentVariant()?.players || [];
    replace(playersSelect, counts.map((n) => el("option", { value: String(n) }, String(n))));
    if (counts.map(String).includes(before)) playersSelect.value = before;
    fillSeats();
  }

  function fillSeats() {
    const count = Number(playersSelect.value) || 0;
    const rows = [...seats.children];
    for (let seat = rows.length; seat < count; seat++) seats.append(seatRow(seat, agentHelp));
    for (let seat = count; seat < rows.length; seat++) rows[seat].remove();
  }

  gameSelect.addEventListener("change", fillVariants);
  variantSelect.addEventListener("change", fillPlayers);
  playersSelect.addEventListener("change", fillSeats);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearError();
    const body = {
      game: gameSelect.value,
      variant: variantSelect.value,
      players: Number(playersSelect.value),
      options: optionValues(options),
      seats: [...seats.querySelectorAll(".seat-row")].map(seatSpec),
    };
    const seedText = seed.value.trim();
    if (seedText) body.seed = /^\d+$/.test(seedText) ? Number(seedText) : seedText;
    create.disabled = true;
    try {
      const answer = await api.createGame(body);
      showCreated(created, answer, hotseat.checked);
      refreshGames(document.getElementById("games"));
    } catch (error) {
      showError(`Could not create the game: ${error.detail || error.message}`);
    } finally {
      create.disabled = false;
    }
  });

  replace(
    form,
    field("Game", gameSelect),
    summary,
    el("div", { class: "row" }, field("Variant", variantSelect), field("Players", playersSelect)),
    el("h3", {}, "Seats"),
    seats,
    el("h3", {}, "Options"),
    options,
    field("Seed", seed, "empty: a random seed"),
    el("label", { class: "check" }, hotseat, " Hot-seat: play all human seats in this browser"),
    el("div", { class: "buttons" }, create),
  );
  fillVariants();
}

function field(label, input, help) {
  return el("label", { class: "field" }, el("span", { class: "label" }, label), input,
    help ? el("small", { class: "help" }, help) : null);
}

/** A menu for one typed option: a list for a choice, a bounded number for a whole number, a
 * checkbox for a switch; each starts at the option's default. */
function optionField(option) {
  const common = { name: `option-${option.key}`, dataset: { option: option.key, type: option.type } };
  const label = option.key.replaceAll("_", " ");
  if (option.type === "switch") {
    const box = el("input", { ...common, type: "checkbox" });
    box.checked = Boolean(option.default);
    return el("label", { class: "check" }, box, ` ${label}: ${option.description}`);
  }
  if (option.type === "whole") {
    const input = el("input", {
      ...common, type: "number", step: "1", min: String(option.minimum), max: String(option.maximum),
      value: String(option.default), required: true,
    });
    return field(label, input, `${option.description} (${option.minimum} to ${option.maximum})`);
  }
  const names = option.labels.length === option.choices.length ? option.labels : option.choices;
  const select = el("select", common, option.choices.map((choice, i) => el("option", { value: choice }, names[i])));
  select.value = String(option.default);
  return field(label, select, option.description);
}

function optionValues(container) {
  const values = {};
  for (const input of container.querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    if (input.dataset.type === "switch") values[key] = input.checked;
    else if (input.dataset.type === "whole") values[key] = input.value.trim();
    else values[key] = input.value;
  }
  return values;
}

function seatRow(seat, agentHelp) {
  const agent = el("select", { name: "agent", "aria-label": `Seat ${seat} player` },
    AGENTS.map((a) => el("option", { value: a.value, title: agentHelp[a.value] || null }, a.label)));
  agent.value = seat === 0 ? "human" : "mcts";
  const seconds = el("select", { name: "seconds", "aria-label": `Seat ${seat} thinking time` },
    THINKING_SECONDS.map((s) => el("option", { value: s }, `${s} s`)));
  seconds.value = DEFAULT_SECONDS;
  const showSeconds = () => { seconds.hidden = agent.value !== "mcts"; };
  agent.addEventListener("change", showSeconds);
  showSeconds();
  return el("div", { class: "seat-row", dataset: { seat } }, el("span", { class: "seat-name" }, `Seat ${seat}`), agent, seconds);
}

function seatSpec(row) {
  const agent = row.querySelector("select[name=agent]").value;
  if (agent === "human") return { kind: "human" };
  if (agent === "mcts") return { kind: "ai", agent: `mcts:seconds=${row.querySelector("select[name=seconds]").value}` };
  return { kind: "ai", agent };
}

/** After creating: a link per human seat with a copy button, and a Play button. */
function showCreated(section, answer, hotseat) {
  const gameId = answer.game.id;
  const humans = answer.seats.filter((s) => s.kind === "human" && s.token);
  // keep only the seats this browser plays: every human seat for hot-seat, else the first
  // (the creator's); the other links are for friends and are not remembered here
  const mine = hotseat ? humans : humans.slice(0, 1);
  holdSeats(gameId, Object.fromEntries(mine.map((s) => [s.seat, s.token])));
  const rows = answer.seats.map((s) => {
    if (s.kind !== "human") {
      return el("div", { class: "seat-link ai", dataset: { seat: s.seat } },
        el("span", { class: "seat-name" }, `Seat ${s.seat}`), el("span", {}, `AI (${s.agent})`));
    }
    const url = location.origin + s.link;
    const input = el("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": `Link for seat ${s.seat}` });
    const copy = el("button", { type: "button", class: "copy" }, "Copy");
    copy.addEventListener("click", () => copyText(input, copy));
    return el("div", { class: "seat-link", dataset: { seat: s.seat } },
      el("span", { class: "seat-name" }, `Seat ${s.seat}`), input, copy);
  });
  let playHref = null;
  if (humans.length) {
    playHref = hotseat ? `/game/${encodeURIComponent(gameId)}` : humans[0].link;
  }
  const play = playHref
    ? el("a", { id: "play", class: "button primary", href: playHref }, hotseat ? "Play (hot-seat)" : `Play Seat ${humans[0].seat}`)
    : el("a", { id: "play", class: "button primary", href: `/game/${encodeURIComponent(gameId)}#watch` }, "Watch the AIs");
  replace(section,
    el("h2", {}, `${answer.game.title || answer.game.game} created`),
    el("p", { class: "help" }, humans.length > 1 && !hotseat
      ? "Send each link only to the person who plays that seat: the link is their key."
      : "Links carry the seat's key: keep them to resume the game from another browser."),
    rows,
    el("div", { class: "buttons" }, play));
  section.hidden = false;
  section.scrollIntoView({ block: "nearest" });
}

async function copyText(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

/** The stored games with Resume (seats held here) and Watch buttons. */
async function refreshGames(section) {
  const refresh = el("button", { type: "button", class: "small", onclick: () => refreshGames(section) }, "Refresh");
  let games;
  try {
    const data = await api.games();
    games = Array.isArray(data) ? data : data?.games || [];
  } catch (error) {
    replace(section, el("h2", {}, "Games"), el("p", { class: "help" }, `Could not list the games: ${error.detail || error.message}`), refresh);
    return;
  }
  if (!games.length) {
    replace(section, el("h2", {}, "Games ", refresh), el("p", { class: "help" }, "No games stored yet."));
    return;
  }
  const rows = games.map((g) => {
    const id = encodeURIComponent(g.id);
    const held = heldSeatNumbers(g.id);
    const links = [];
    if (held.length === 1) {
      links.push(el("a", { class: "button resume", href: `/game/${id}#seat=${held[0]}` }, `Resume Seat ${held[0]}`));
    } else if (held.length > 1) {
      links.push(el("a", { class: "button resume", href: `/game/${id}` }, "Resume (hot-seat)"));
      for (const seat of held) links.push(el("a", { class: "button small seat", href: `/game/${id}#seat=${seat}` }, `Seat ${seat}`));
    }
    links.push(el("a", { class: "button watch", href: `/game/${id}#watch` }, "Watch"));
    if (g.status === "over") links.push(el("a", { class: "button replay", href: `/replay/${id}` }, "Replay"));
    const seats = (g.seats || []).map((s) => (s.kind === "human" ? "human" : s.agent)).join(" · ");
    return el("tr", { dataset: { game: g.id } },
      el("td", {}, el("strong", {}, g.title || g.game), el("br"), el("small", {}, `${g.variant}, ${g.players} player${g.players === 1 ? "" : "s"}`)),
      el("td", {}, seats),
      el("td", { class: "num" }, String(g.moves)),
      el("td", {}, statusText(g)),
      el("td", {}, el("small", {}, formatTime(g.updated))),
      el("td", { class: "links" }, links));
  });
  replace(section,
    el("h2", {}, "Games ", refresh, el("a", { class: "button small", href: "/replay" }, "Replay a record file")),
    el("table", { class: "games" },
      el("thead", {}, el("tr", {}, ["Game", "Seats", "Moves", "Status", "Updated", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)));
}

function formatTime(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function statusText(game) {
  if (game.status === "over") return "over";
  return game.to_move === null || game.to_move === undefined ? "playing" : `Seat ${game.to_move} to move`;
}
