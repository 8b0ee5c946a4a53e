// The lobby at `/`: game boxes, the chosen game's set-up (variant, seats, options) and the stored games.

import { api, clearError, showError } from "/static/js/api.js";
import { GENERIC_PICTURE, readCatalog, seatNames } from "/static/js/catalog.js";
import { el, replace } from "/static/js/dom.js";
import { heldSeatNumbers, holdSeats } from "/static/js/seats.js";

const PLAYER_KINDS = [
  { value: "human", label: "Human" },
  { value: "random", label: "AI: Random" },
  { value: "greedy", label: "AI: Greedy" },
  { value: "mcts", label: "AI: MCTS" },
];
const DEFAULT_MCTS = "mcts:seconds=1";

/** Draws the lobby into `root`. */
export async function openLobby(root) {
  document.title = "Bellica — lobby";
  document.getElementById("subtitle").textContent = "lobby";
  const boxes = el("section", { id: "boxes", class: "panel" }, el("h2", {}, "Choose a game"));
  const setup = el("section", { id: "setup", class: "panel", hidden: true });
  const created = el("section", { id: "created", class: "panel", hidden: true });
  const gamesList = el("section", { id: "games", class: "panel" }, el("h2", {}, "Games"));
  replace(root, el("div", { id: "lobby" }, boxes, el("div", { class: "lobby-row" }, setup, created), gamesList));

  let catalog;
  try {
    catalog = readCatalog(await api.catalog());
  } catch (error) {
    showError(`Could not load the list of games: ${readable(error)}`);
    catalog = readCatalog({});
  }
  const lobby = { catalog, setup, created, gamesList };
  drawBoxes(boxes, lobby);
  refreshGames(lobby);
}

// -- game boxes ---------------------------------------------------------------------------------

function drawBoxes(section, lobby) {
  const grid = el("div", { class: "game-boxes", role: "list" });
  for (const game of lobby.catalog.games) {
    const picture = el("img", { src: game.picture, alt: "", width: "160", height: "100", loading: "lazy" });
    picture.addEventListener("error", () => {
      if (!picture.src.endsWith(GENERIC_PICTURE)) picture.src = GENERIC_PICTURE;
    }, { once: false });
    const box = el("button", {
      type: "button", class: "game-box", role: "listitem", "aria-pressed": "false", dataset: { game: game.id },
    }, picture, el("span", { class: "box-title" }, game.title), el("span", { class: "box-summary" }, sentence(game.summary)));
    box.addEventListener("click", () => {
      for (const other of grid.querySelectorAll(".game-box")) other.setAttribute("aria-pressed", String(other === box));
      openSetup(lobby, game);
    });
    grid.append(box);
  }
  if (!lobby.catalog.games.length) grid.append(el("p", { class: "help" }, "No games are available."));
  section.append(grid);
}

// -- set-up of the chosen game -------------------------------------------------------------------

function openSetup(lobby, game) {
  const { setup } = lobby;
  clearError();
  const form = el("form", { id: "new-game", autocomplete: "off", novalidate: true });
  const variants = game.variants;
  const variantSelect = el("select", { name: "variant", id: "variant" },
    variants.map((v) => el("option", { value: v.name }, v.title)));
  const scenario = el("p", { id: "scenario", class: "scenario" });
  const playersSelect = el("select", { name: "players", id: "players" });
  const playersField = field("Players", playersSelect);
  const seats = el("div", { id: "seats" });
  const options = el("div", { id: "options" });
  const seed = el("input", {
    type: "text", name: "seed", id: "seed", inputmode: "numeric", placeholder: "random", "aria-describedby": "seed-error",
  });
  const seedError = el("small", { id: "seed-error", class: "field-error", role: "status" });
  const hotseat = el("input", { type: "checkbox", name: "hotseat", id: "hotseat" });
  const create = el("button", { type: "submit", id: "create", class: "primary" }, "Create game");
  const refusal = el("p", { id: "create-error", class: "refusal", role: "alert", hidden: true });

  const currentVariant = () => variants.find((v) => v.name === variantSelect.value) || variants[0];
  const playerCount = () => {
    const counts = currentVariant()?.players || [];
    return counts.length > 1 ? Number(playersSelect.value) : counts[0] || 0;
  };

  function fillVariant() {
    const variant = currentVariant();
    scenario.textContent = sentence(variant?.description || "");
    scenario.hidden = !variant?.description;
    const counts = variant?.players || [];
    const before = playersSelect.value;
    replace(playersSelect, counts.map((n) => el("option", { value: String(n) }, String(n))));
    if (counts.map(String).includes(before)) playersSelect.value = before;
    playersField.hidden = counts.length < 2; // the variant fixes the count: nothing to choose
    const shown = game.options.filter((o) => !o.variants.length || o.variants.includes(variant?.name));
    replace(options, shown.length ? shown.map(optionField) : el("p", { class: "help" }, "This variant has no options."));
    fillSeats();
  }

  function fillSeats() {
    const names = seatNames(currentVariant(), playerCount());
    const rows = [...seats.children];
    for (let seat = rows.length; seat < names.length; seat++) seats.append(seatRow(seat, lobby.catalog.presets));
    for (let seat = names.length; seat < rows.length; seat++) rows[seat].remove();
    names.forEach((name, seat) => { seats.children[seat].querySelector(".seat-name").textContent = capitalized(name); });
  }

  function checkSeed() {
    const problem = seedProblem(seed.value, lobby.catalog.seedMaximum);
    seedError.textContent = problem || "";
    seed.setAttribute("aria-invalid", String(Boolean(problem)));
    return !problem;
  }

  variantSelect.addEventListener("change", fillVariant);
  playersSelect.addEventListener("change", fillSeats);
  seed.addEventListener("input", checkSeed);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearError();
    refusal.hidden = true;
    const seedOk = checkSeed();
    const optionsOk = [...options.querySelectorAll("[data-type=whole]")].map(checkWhole).every(Boolean);
    if (!seedOk || !optionsOk) {
      form.querySelector("[aria-invalid=true]")?.focus();
      return;
    }
    const body = {
      game: game.id,
      variant: currentVariant().name,
      players: playerCount(),
      options: optionValues(options),
      seats: [...seats.querySelectorAll(".seat-row")].map(seatSpec),
    };
    const seedText = seed.value.trim();
    if (seedText) body.seed = exactNumber(seedText);
    create.disabled = true;
    try {
      const answer = await api.createGame(body);
      showCreated(lobby, answer, hotseat.checked, seatNames(currentVariant(), body.players));
      refreshGames(lobby);
    } catch (error) {
      refusal.textContent = `The game was not created: ${readable(error)}`;
      refusal.hidden = false;
    } finally {
      create.disabled = false;
    }
  });

  replace(form,
    variants.length > 1
      ? field(variants.some((v) => v.name.startsWith("solo")) ? "Variant or scenario" : "Variant", variantSelect)
      : el("div", { class: "variant-fixed", hidden: true }, variantSelect),
    scenario,
    playersField,
    el("h3", {}, "Seats"),
    seats,
    el("h3", {}, "Options"),
    options,
    el("h3", {}, "Table"),
    el("label", { class: "check" }, hotseat, " Hot-seat: play every human seat in this browser"),
    el("label", { class: "field" }, el("span", { class: "label" }, "Seed"), seed,
      el("small", { class: "help" }, "Empty: a random seed. A chosen seed repeats a game, but whoever knows it can work out the hidden cards."),
      seedError),
    el("div", { class: "buttons" }, create),
    refusal,
  );
  replace(setup,
    el("div", { class: "setup-head" },
      el("img", { src: game.picture, alt: "", class: "setup-picture", onerror: (e) => { e.target.hidden = true; } }),
      el("div", {}, el("h2", {}, game.title), el("p", { class: "summary" }, sentence(game.summary)))),
    form);
  setup.hidden = false;
  fillVariant();
  setup.scrollIntoView({ block: "nearest" });
}

function field(label, input, help) {
  return el("label", { class: "field" }, el("span", { class: "label" }, label), input,
    help ? el("small", { class: "help" }, help) : null);
}

/** A menu for one typed option, its description once as help: a list for a choice, a bounded
 * number with − and + for a whole number, a toggle for a switch; each starts at its default. */
function optionField(option) {
  const common = { name: `option-${option.key}`, id: `option-${option.key}`, dataset: { option: option.key, type: option.type } };
  const label = capitalized(option.key.replaceAll("_", " "));
  if (option.type === "switch") {
    const box = el("input", { ...common, type: "checkbox", role: "switch", class: "toggle" });
    box.checked = Boolean(option.default);
    return el("label", { class: "field switch" },
      el("span", { class: "switch-line" }, box, el("span", { class: "label" }, label)),
      el("small", { class: "help" }, sentence(option.description)));
  }
  if (option.type === "whole") {
    const input = el("input", {
      ...common, type: "number", step: "1", min: String(option.minimum), max: String(option.maximum),
      value: String(option.default), inputmode: "numeric", dataset: { ...common.dataset, minimum: option.minimum, maximum: option.maximum },
    });
    const error = el("small", { class: "field-error", role: "status" });
    input.addEventListener("input", () => checkWhole(input));
    const step = (delta) => {
      const value = wholeValue(input.value) ?? option.default;
      input.value = String(Math.min(option.maximum, Math.max(option.minimum, value + delta)));
      checkWhole(input);
    };
    const stepper = el("span", { class: "stepper" },
      el("button", { type: "button", class: "small step", "aria-label": `${label} − 1`, onclick: () => step(-1) }, "−"),
      input,
      el("button", { type: "button", class: "small step", "aria-label": `${label} + 1`, onclick: () => step(1) }, "+"));
    return el("label", { class: "field" }, el("span", { class: "label" }, label), stepper,
      el("small", { class: "help" }, `${sentence(option.description)} From ${option.minimum} to ${option.maximum}.`), error);
  }
  const names = option.labels.length === option.choices.length ? option.labels : option.choices;
  const select = el("select", common, option.choices.map((choice, i) => el("option", { value: choice }, capitalized(names[i]))));
  select.value = String(option.default);
  return field(label, select, sentence(option.description));
}

function wholeValue(text) {
  const trimmed = String(text).trim();
  return /^[+-]?\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Marks a whole-number option that is not a whole number within its bounds; true if fine. */
function checkWhole(input) {
  const min = Number(input.dataset.minimum);
  const max = Number(input.dataset.maximum);
  const value = wholeValue(input.value);
  const ok = value !== null && value >= min && value <= max;
  const error = input.closest(".field")?.querySelector(".field-error");
  if (error) error.textContent = ok ? "" : `Enter a whole number from ${min} to ${max}.`;
  input.setAttribute("aria-invalid", String(!ok));
  return ok;
}

function optionValues(container) {
  const values = {};
  for (const input of container.querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    if (input.dataset.type === "switch") values[key] = input.checked;
    else if (input.dataset.type === "whole") values[key] = wholeValue(input.value);
    else values[key] = input.value;
  }
  return values;
}

/** What is wrong with a typed seed, in words, or null when it is empty or fine. */
export function seedProblem(text, maximum) {
  const trimmed = String(text).trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return `A seed is a whole number from 0 to ${maximum}, without signs, spaces or points.`;
  if (BigInt(trimmed) > maximum) return `That seed is too large: the largest is ${maximum}.`;
  return null;
}

/** A whole number for the request body, exact even past 2^53 (JSON.rawJSON where the browser
 * has it; the server also reads a number written as a string). */
function exactNumber(text) {
  const digits = String(BigInt(text));
  if (Number.isSafeInteger(Number(digits))) return Number(digits);
  return typeof JSON.rawJSON === "function" ? JSON.rawJSON(digits) : digits;
}

// -- seats ---------------------------------------------------------------------------------------

function seatRow(seat, presets) {
  const note = Object.fromEntries(presets.map((p) => [p.spec, p.note]));
  const kind = el("select", { name: "agent", "aria-label": `Seat ${seat}: who plays` },
    PLAYER_KINDS.map((k) => el("option", { value: k.value, title: note[k.value] || null }, k.label)));
  kind.value = seat === 0 ? "human" : "mcts";
  const mcts = presets.filter((p) => p.spec.startsWith("mcts:"));
  const strength = el("select", { name: "strength", "aria-label": `Seat ${seat}: thinking time` },
    (mcts.length ? mcts : [{ spec: DEFAULT_MCTS, label: "MCTS, 1 s per move" }]).map((p) =>
      el("option", { value: p.spec }, p.label.replace(/^MCTS, /, ""))));
  if ([...strength.options].some((o) => o.value === DEFAULT_MCTS)) strength.value = DEFAULT_MCTS;
  const showStrength = () => { strength.hidden = kind.value !== "mcts"; };
  kind.addEventListener("change", showStrength);
  showStrength();
  return el("div", { class: "seat-row", dataset: { seat } },
    el("span", { class: "seat-name" }, `Seat ${seat}`), kind, strength);
}

function seatSpec(row) {
  const kind = row.querySelector("select[name=agent]").value;
  if (kind === "human") return { kind: "human" };
  if (kind === "mcts") return { kind: "ai", agent: row.querySelector("select[name=strength]").value };
  return { kind: "ai", agent: kind };
}

// -- after creating ------------------------------------------------------------------------------

/** A link per human seat with a copy button, and a Play button. */
function showCreated(lobby, answer, hotseat, names) {
  const section = lobby.created;
  const gameId = answer.game.id;
  const humans = answer.seats.filter((s) => s.kind === "human" && s.token);
  // keep only the seats this browser plays: every human seat for hot-seat, else the first
  // (the creator's); the other links are for friends and are not remembered here
  const mine = hotseat ? humans : humans.slice(0, 1);
  holdSeats(gameId, Object.fromEntries(mine.map((s) => [s.seat, s.token])));
  const nameOf = (seat) => capitalized(names[seat] || `Seat ${seat}`);
  const labels = Object.fromEntries((answer.game.seats || []).map((s) => [s.seat, s.label]));
  const rows = answer.seats.map((s) => {
    if (s.kind !== "human") {
      return el("div", { class: "seat-link ai", dataset: { seat: s.seat } },
        el("span", { class: "seat-name" }, nameOf(s.seat)), el("span", {}, labels[s.seat] || "AI"));
    }
    const url = location.origin + s.link;
    const input = el("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": `Link for ${nameOf(s.seat)}` });
    const copy = el("button", { type: "button", class: "copy" }, "Copy");
    copy.addEventListener("click", () => copyText(input, copy));
    return el("div", { class: "seat-link", dataset: { seat: s.seat } },
      el("span", { class: "seat-name" }, nameOf(s.seat)), input, copy);
  });
  let play;
  if (!humans.length) {
    play = el("a", { id: "play", class: "button primary", href: `/game/${encodeURIComponent(gameId)}#watch` }, "Watch the AIs");
  } else if (hotseat) {
    play = el("a", { id: "play", class: "button primary", href: `/game/${encodeURIComponent(gameId)}` }, "Play (hot-seat)");
  } else {
    play = el("a", { id: "play", class: "button primary", href: humans[0].link }, `Play as ${names[humans[0].seat] || `Seat ${humans[0].seat}`}`);
  }
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

// -- the stored games ----------------------------------------------------------------------------

/** The stored games: what, who plays, status or result, and Resume (seats held here) / Watch. */
async function refreshGames(lobby) {
  const section = lobby.gamesList;
  const refresh = el("button", { type: "button", class: "small", onclick: () => refreshGames(lobby) }, "Refresh");
  let games;
  try {
    const data = await api.games();
    games = Array.isArray(data) ? data : data?.games || [];
  } catch (error) {
    replace(section, el("h2", {}, "Games ", refresh), el("p", { class: "help" }, `Could not list the games: ${readable(error)}`));
    return;
  }
  if (!games.length) {
    replace(section, el("h2", {}, "Games ", refresh), el("p", { class: "help" }, "No games yet."));
    return;
  }
  const rows = games.map((g) => gameRow(lobby.catalog, g));
  replace(section,
    el("h2", {}, "Games ", refresh, el("a", { class: "button small", href: "/replay" }, "Replay a record file")),
    el("table", { class: "games" },
      el("thead", {}, el("tr", {}, ["Game", "Players", "Moves", "Status", "Updated", ""].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)));
}

function gameRow(catalog, g) {
  const game = catalog.games.find((c) => c.id === g.game);
  const variant = game?.variants.find((v) => v.name === g.variant);
  const names = seatNames(variant, Number(g.players) || (g.seats || []).length);
  const id = encodeURIComponent(g.id);
  const held = heldSeatNumbers(g.id);
  const links = [];
  if (held.length === 1) {
    links.push(el("a", { class: "button resume", href: `/game/${id}#seat=${held[0]}` }, `Resume as ${names[held[0]] || `Seat ${held[0]}`}`));
  } else if (held.length > 1) {
    links.push(el("a", { class: "button resume", href: `/game/${id}` }, "Resume (hot-seat)"));
    for (const seat of held) links.push(el("a", { class: "button small seat", href: `/game/${id}#seat=${seat}` }, capitalized(names[seat] || `Seat ${seat}`)));
  }
  links.push(el("a", { class: "button watch", href: `/game/${id}#watch` }, g.status === "over" ? "View" : "Watch"));
  if (g.status === "over") links.push(el("a", { class: "button replay", href: `/replay/${id}` }, "Replay"));
  const players = (g.seats || []).map((s) => (s.kind === "human" ? "Human" : s.label || s.agent || "AI"));
  return el("tr", { dataset: { game: g.id, status: g.status } },
    el("td", { "data-head": "Game" }, el("strong", {}, g.title || g.game), el("br"),
      el("small", {}, variant?.title || g.variant)),
    el("td", { class: "players", "data-head": "Players" }, players.map((p) => el("span", { class: "who" }, p))),
    el("td", { class: "num", "data-head": "Moves" }, String(g.moves ?? "")),
    el("td", { class: "status", "data-head": "Status" }, statusText(g, names)),
    el("td", { "data-head": "Updated" }, el("small", {}, formatTime(g.updated))),
    el("td", {}, el("div", { class: "links" }, links)));
}

function formatTime(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function statusText(game, names) {
  if (game.status === "over") return el("span", { class: "result" }, game.result || "Over");
  const seat = game.to_move;
  if (seat === null || seat === undefined) return "Playing";
  return `${capitalized(names[seat] || `Seat ${seat}`)} to move`;
}

// -- words ---------------------------------------------------------------------------------------

/** A server refusal in words a person reads, to follow "...: ": the server's own words when it
 * sent words, never a raw JSON body. */
export function readable(error) {
  let detail = typeof error?.detail === "string" ? error.detail.trim() : "";
  // raw JSON, a huge echo, or api.js's bare "the server answered N": say it in words instead
  if (/^[[{]/.test(detail) || detail.length > 300 || /^the server answered \d+$/.test(detail)) detail = "";
  const status = error?.status;
  if (!detail) {
    if (status === 413) detail = "the request was too large";
    else if (status === 429) detail = "too many games were created from here just now; try again in a minute";
    else if (status >= 500) detail = "the server had a problem; try again";
    else if (status) detail = `the server refused it (error ${status})`;
    else detail = "the server could not be reached";
  }
  return /[.!?]$/.test(detail) ? detail : `${detail}.`; // follows a colon: no capital
}

/** Text with a capital first letter and a full stop. */
function sentence(text) {
  const trimmed = String(text || "").trim();
  if (!trimmed) return "";
  const capital = capitalized(trimmed);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function capitalized(text) {
  const value = String(text || "");
  return value.charAt(0).toUpperCase() + value.slice(1);
}
