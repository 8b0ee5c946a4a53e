// Reads the server's catalog into one simple shape: games with variants, seats, options and AI strengths.

const DEFAULT_SEED_BITS = 63;

/**
 * The catalog as {games: [{id, title, summary, picture, variants: [{name, title, description,
 * players, seats: {count: [names]}}], options: [typed option]}], agents, presets: [{spec, label,
 * note}], seedMaximum: BigInt}.
 */
export function readCatalog(data) {
  const games = Array.isArray(data) ? data : data?.games || [];
  const bits = Number.isInteger(data?.seed_bits) && data.seed_bits > 0 ? data.seed_bits : DEFAULT_SEED_BITS;
  return {
    games: games.filter((g) => g && typeof g.id === "string").map(readGame),
    agents: Array.isArray(data?.agents) ? data.agents : [],
    presets: readPresets(data?.ai_presets),
    seedMaximum: (1n << BigInt(bits)) - 1n,
  };
}

/** Where a game's box picture lives (by id, so a new game edits no shared file), and the
 * generic picture shown when a game has none. */
export function boxPicture(gameId) {
  return `/static/games/${encodeURIComponent(gameId)}/box.svg`;
}
export const GENERIC_PICTURE = "/static/games/box.svg";

/** The names of a variant's seats for `count` players: the game's own ("the player",
 * "Seat 1 (team 1)") where it gives them, else "Seat N". */
export function seatNames(variant, count) {
  const names = variant?.seats?.[String(count)];
  return Array.from({ length: count }, (_, n) => (Array.isArray(names) && names[n]) || `Seat ${n}`);
}

function readGame(game) {
  const fallbackPlayers = playerList(game.player_counts || game.players) || range(game.min_players, game.max_players);
  return {
    id: game.id,
    title: game.title || game.id,
    summary: game.summary || "",
    picture: boxPicture(game.id),
    variants: readVariants(game.variants, fallbackPlayers),
    options: readOptions(game.options),
  };
}

function readVariants(variants, fallbackPlayers) {
  if (!Array.isArray(variants) || !variants.length) {
    return [{ name: "standard", title: "standard", description: "", players: fallbackPlayers, seats: {} }];
  }
  return variants.map((v) => {
    const name = typeof v === "string" ? v : v.name;
    return {
      name,
      title: v.title || name,
      description: v.description || "",
      players: playerList(v.players) || fallbackPlayers,
      seats: v.seats && typeof v.seats === "object" ? v.seats : {},
    };
  });
}

/** Typed options as the server describes them: {key, type: "whole" | "choice" | "switch",
 * description, default, minimum/maximum or choices/labels, variants (empty: all)}. */
function readOptions(options) {
  if (!Array.isArray(options)) return [];
  return options.filter((o) => o && typeof o.key === "string").map((o) => ({
    key: o.key,
    type: o.type,
    description: o.description || "",
    default: o.default,
    minimum: o.minimum,
    maximum: o.maximum,
    choices: Array.isArray(o.choices) ? o.choices : [],
    labels: Array.isArray(o.labels) ? o.labels : [],
    variants: Array.isArray(o.variants) ? o.variants : [],
  }));
}

function readPresets(presets) {
  if (!Array.isArray(presets)) return [];
  return presets.filter((p) => p && typeof p.spec === "string").map((p) => ({
    spec: p.spec,
    label: p.label || p.spec,
    note: p.note || "",
  }));
}

function playerList(value) {
  if (Array.isArray(value) && value.length) return value.map(Number);
  if (typeof value === "number") return [value];
  return null;
}

function range(low, high) {
  const out = [];
  for (let n = low || 2; n <= (high || low || 2); n++) out.push(n);
  return out;
}
