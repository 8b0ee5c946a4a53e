// Remembers, in localStorage, the seat tokens this browser holds for each game.

const PREFIX = "bellica:seats:";

/** The seats this browser holds for a game: {seat: token}. */
export function heldSeats(gameId) {
  try {
    const data = JSON.parse(localStorage.getItem(PREFIX + gameId) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** Adds seats ({seat: token}) to what this browser holds for a game. */
export function holdSeats(gameId, seats) {
  const held = { ...heldSeats(gameId) };
  for (const [seat, token] of Object.entries(seats)) if (token) held[seat] = token;
  try {
    localStorage.setItem(PREFIX + gameId, JSON.stringify(held));
  } catch {
    // storage full or disabled: the links still work, only resuming from the lobby does not
  }
  return held;
}

/** The seat numbers held for a game, in order. */
export function heldSeatNumbers(gameId) {
  return Object.keys(heldSeats(gameId)).map(Number).sort((a, b) => a - b);
}
