// Reads the server's catalog into one simple shape: games with variants, player counts and options.

/**
 * The catalog as {games: [{id, title, summary, variants: [{name, players}], options: [typed
 * option]}], agents: [...], presets: [{spec, label}]}.
 */
export function readCatalog(data) {
  const games = Array.isArray(data) ? data : data?.games || [];
  return {
    games: games.map(readGame),
    agents: Array.isArray(data?.agents) ? data.agents : [],
    presets: Array.isArray(data?.ai_presets) ? data.ai_presets : [],
  };
}

function readGame(game) {
  const fallbackPlayers = playerList(game.player_counts || game.players) || range(game.min_players, game.max_players);
  return {
    id: game.id,
    title: game.title || game.id,
    summary: game.summary || "",
    variants: readVariants(game.variants, fallbackPlayers, game.variant_players),
    options: readOptions(game.options),
  };
}

function readVariants(variants, fallbackPlayers, variantPlayers) {
  if (Array.isArray(variants)) {
    return variants.map((v) => {
      if (typeof v === "string") {
        return { name: v, players: playerList(variantPlayers?.[v]) || fallbackPlayers };
      }
      const name = v.name ?? v.id ?? v.variant;
      return {
        name,
        title: v.title || name,
        players: playerList(v.players ?? v.player_counts) || fallbackPlayers,
      };
    });
  }
  if (variants && typeof variants === "object") {
    return Object.entries(variants).map(([name, v]) => ({
      name,
      players: playerList(Array.isArray(v) ? v : v?.players) || fallbackPlayers,
    }));
  }
  return [{ name: "standard", players: fallbackPlayers }];
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
