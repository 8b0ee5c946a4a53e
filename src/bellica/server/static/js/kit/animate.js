// Short table animations (slide, fade in, fade out, dice rolling), switchable off per browser.
//
// API: animationsOn() · setAnimations(on) · animationSwitch() (a labelled checkbox for a
// table's settings) · slide(node, dx, dy) · fadeIn(node) · fadeOut(parent, ghost) ·
// rollDice(root). Every helper does nothing when animations are off: the stored choice
// (localStorage "bellica.animations" = "off") or the system's prefers-reduced-motion.

import { el } from "/static/js/dom.js";

const KEY = "bellica.animations";
/** How long each animation lasts, in milliseconds: short enough never to slow play. */
export const DURATION = { slide: 260, fade: 320, roll: 520 };

/** Whether animations play: not switched off here and not reduced by the system. */
export function animationsOn() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null; // storage refused (private mode): the default holds
  }
  if (stored === "off") return false;
  if (stored === "on") return true;
  return !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Switches animations on or off for this browser. */
export function setAnimations(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // nothing kept: the switch holds for this page only through the checkbox
  }
}

/** A checkbox "Animations" bound to the stored choice. */
export function animationSwitch() {
  const box = el("input", { type: "checkbox", id: "animations", name: "animations" });
  box.checked = animationsOn();
  box.addEventListener("change", () => setAnimations(box.checked));
  return el("label", { class: "animation-switch" }, box, " Animations");
}

function run(node, keyframes, duration) {
  if (!node || !animationsOn() || typeof node.animate !== "function") return null;
  const animation = node.animate(keyframes, { duration, easing: "ease-out" });
  node.dataset.animating = "true";
  animation.finished.then(() => delete node.dataset.animating, () => delete node.dataset.animating);
  return animation;
}

/** Slides `node` in from (dx, dy) pixels away to where it stands. */
export function slide(node, dx, dy) {
  return run(node, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], DURATION.slide);
}

/** Fades `node` in where it stands (an arrival). */
export function fadeIn(node) {
  return run(node, [{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none" }], DURATION.fade);
}

/**
 * Fades out `ghost` (a copy of what left, e.g. a dead piece) laid over `parent`, then removes
 * it; nothing is added when animations are off.
 */
export function fadeOut(parent, ghost) {
  if (!parent || !animationsOn()) return null;
  ghost.classList.add("ghost");
  parent.append(ghost);
  const animation = run(ghost, [{ opacity: 0.9, transform: "none" }, { opacity: 0, transform: "scale(1.3)" }], DURATION.fade);
  if (!animation) ghost.remove();
  else animation.finished.then(() => ghost.remove(), () => ghost.remove());
  return animation;
}

/**
 * Cards in play, from one drawing of a seat's table to the next: a card that entered slides
 * in (class "entering"), one that took damage flashes ("hit"), and one that left fades out
 * where it was, as a ghost `ghostOf(data)` appended to `zoneOf(side)`. `cardsOf(player)`
 * lists a player's cards in play (each with `card`, and `damage`); `memory` is the drawing's
 * own record between calls ({key, inPlay}), kept per game and seat. Nothing moves the first
 * time a table is drawn, or when animations are off.
 */
export function animateCardsInPlay(root, view, memory, { cardsOf, zoneOf, ghostOf }) {
  const key = `${view.game?.id}:${view.seat}`;
  const inPlay = new Map();
  for (const player of view.observation.players || []) {
    for (const c of cardsOf(player) || []) inPlay.set(c.card, { data: c, side: player.side, damage: c.damage || 0 });
  }
  const before = memory.key === key ? memory.inPlay : null;
  memory.key = key;
  memory.inPlay = inPlay;
  if (!before || !animationsOn()) return;
  for (const node of root.querySelectorAll(".zone.play .card[data-card]")) {
    const was = before.get(node.dataset.card);
    if (!was) node.classList.add("entering");
    else if ((inPlay.get(node.dataset.card)?.damage || 0) > was.damage) node.classList.add("hit");
  }
  for (const [tokenId, was] of before) {
    if (inPlay.has(tokenId)) continue;
    const zone = zoneOf(was.side);
    if (!zone) continue;
    const ghost = ghostOf(was.data);
    ghost.classList.add("leaving");
    for (const attr of ["data-mark", "data-card", "data-help"]) ghost.removeAttribute(attr);
    ghost.dataset.left = tokenId;
    ghost.setAttribute("aria-hidden", "true");
    ghost.addEventListener("animationend", () => ghost.remove());
    zone.querySelector(":scope > .help")?.remove();
    zone.append(ghost);
  }
}

/** Rolls every `.die` under `root` (a tumble), then they show their faces. */
export function rollDice(root) {
  const dice = root ? [...root.querySelectorAll(".die")] : [];
  return dice.map((die, i) => run(die, [
    { transform: "rotate(-200deg) scale(0.4)", opacity: 0.2, filter: "blur(2px)" },
    { transform: "rotate(40deg) scale(1.15)", opacity: 1, filter: "blur(0)", offset: 0.7 },
    { transform: "none", opacity: 1 },
  ], DURATION.roll + 40 * i));
}
