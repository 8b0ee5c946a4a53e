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
 * The ids the last turn touched, as `seat` sees it: the marks of the other seats' entries
 * since that seat's own (its own latest entries are skipped); a spectator (null): the
 * entries of the last seat that moved.
 */
export function lastTurnIds(log, seat) {
  const entries = log || [];
  const viewer = seat === undefined ? null : seat;
  let i = entries.length - 1;
  if (viewer !== null) while (i >= 0 && (entries[i].seat ?? null) === viewer) i--;
  const mover = i >= 0 ? entries[i].seat ?? null : null;
  const ids = [];
  for (; i >= 0; i--) {
    const who = entries[i].seat ?? null;
    if (viewer !== null ? who === viewer : who !== mover) break;
    ids.push(...(entries[i].marks || []));
    for (const event of entries[i].events || []) if (event && typeof event === "object") ids.push(...(event.marks || []));
  }
  return ids;
}
