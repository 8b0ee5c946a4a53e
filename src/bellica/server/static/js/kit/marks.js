// Last-turn marks: outlines the table's elements named by ids (squares, card tokens).

/** Marks with `className` every element under `root` whose `data-mark` is one of `ids`; returns how many. */
export function markIds(root, ids, className = "marked") {
  for (const old of root.querySelectorAll(`.${className}`)) old.classList.remove(className);
  const wanted = new Set((ids || []).map(String));
  let count = 0;
  for (const node of root.querySelectorAll("[data-mark]")) {
    if (wanted.has(node.dataset.mark)) {
      node.classList.add(className);
      count += 1;
    }
  }
  return count;
}

/**
 * The ids the last turn touched, as seen by `seat`: the marks of the log entries after that
 * seat's own last entry (a spectator: the entries of the last seat that moved).
 */
export function lastTurnIds(log, seat) {
  const ids = [];
  let mover = null;
  for (let i = (log || []).length - 1; i >= 0; i--) {
    const entry = log[i];
    const who = entry.seat ?? null;
    if (seat !== null && seat !== undefined ? who === seat : mover !== null && who !== mover) break;
    if (mover === null) mover = who;
    ids.push(...(entry.marks || []));
    for (const event of entry.events || []) if (event && typeof event === "object") ids.push(...(event.marks || []));
  }
  return ids;
}
