// Compound moves: a selection (a piece picked) is sent only together with what follows it.

/**
 * The entries of a selection `entry` (one with `then`, see docs/web.md): each follow-up as one
 * move `{text, action, steps}` whose `steps` are the selection's action and then its own.
 */
export function followUps(entry) {
  return (entry.then || []).map((follow) => ({ text: follow.text, action: follow.action, steps: [entry.action, follow.action] }));
}

/** `legal` with every selection replaced by its follow-ups, for lists such as the action bar. */
export function compoundEntries(legal) {
  return (legal || []).flatMap((entry) => (Array.isArray(entry.then) && entry.then.length ? followUps(entry) : [entry]));
}
