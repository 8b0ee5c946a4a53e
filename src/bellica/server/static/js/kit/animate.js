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

/** Rolls every `.die` under `root` (a tumble), then they show their faces. */
export function rollDice(root) {
  const dice = root ? [...root.querySelectorAll(".die")] : [];
  return dice.map((die, i) => run(die, [
    { transform: "rotate(-200deg) scale(0.4)", opacity: 0.2, filter: "blur(2px)" },
    { transform: "rotate(40deg) scale(1.15)", opacity: 1, filter: "blur(0)", offset: 0.7 },
    { transform: "none", opacity: 1 },
  ], DURATION.roll + 40 * i));
}
