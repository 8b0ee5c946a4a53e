// Help on hover, long-press and focus: a tooltip for any [data-help] element and card keywords.

import { el, replace } from "/static/js/dom.js";
import { ensureHelpStyle, rulesOf } from "/static/js/kit/rules.js";

/** Texts whose glossary words become hoverable: a card's text, or any element so marked. */
export const KEYWORD_TEXT = "[data-help-keywords], .card .text";
const SHOW_DELAY_MS = 250; // hover: a pointer passing over the table shows nothing
const HIDE_DELAY_MS = 120;
const LONG_PRESS_MS = 450; // touch: press and hold
const GAP = 6; // pixels between an element and its tooltip

let glossary = new Map(); // key → {key, term, category, text, words}
let matcher = null; // one RegExp of every marking word, longest first
let gameOf = null; // the game whose glossary is loaded
let tip = null;
let shownFor = null; // the element whose help is shown
let showTimer = 0;
let hideTimer = 0;
let press = null; // {timer, x, y} of a touch that may become a long press
let swallowClick = false;

/** `node` tagged with glossary `keys` (e.g. withHelp(piece, "knight")); returns `node`. */
export function withHelp(node, ...keys) {
  const help = keys.filter(Boolean).join(" ");
  if (node && help) node.dataset.help = help;
  return node;
}

/** The dataset that tags an element with glossary `keys`: el("span", {dataset: helpData("shield")}). */
export function helpData(...keys) {
  const help = keys.filter(Boolean).join(" ");
  return help ? { help } : {};
}

/**
 * Shows game `gameId`'s glossary on hover, long-press and focus of any `[data-help]` element, and
 * marks the glossary's words in every card text. Safe to call on every redraw.
 */
export async function installHelp(gameId) {
  ensureHelpStyle();
  if (!tip) listen();
  if (gameOf === gameId) return;
  gameOf = gameId;
  glossary = new Map();
  matcher = null;
  let doc;
  try {
    doc = await rulesOf(gameId);
  } catch (error) {
    gameOf = null; // tried again on the next call
    console.warn("no glossary:", error);
    return;
  }
  if (gameOf !== gameId) return;
  glossary = new Map(doc.glossary.map((entry) => [entry.key, entry]));
  matcher = wordMatcher(doc.glossary);
  markKeywords(document.body);
  document.documentElement.dataset.helpReady = gameId;
}

/** The help entries named by an element's `data-help` (unknown keys are left out). */
export function entriesOf(node) {
  return String(node?.dataset?.help || "").split(/\s+/).map((key) => glossary.get(key)).filter(Boolean);
}

function wordMatcher(entries) {
  const words = [];
  for (const entry of entries) for (const word of entry.words || []) words.push([word, entry.key]);
  if (!words.length) return null;
  words.sort((a, b) => b[0].length - a[0].length);
  const keyOf = new Map(words.map(([word, key]) => [word.toLowerCase(), key]));
  const pattern = words.map(([word]) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")).join("|");
  return { re: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${pattern})(?![\\p{L}\\p{N}_])`, "giu"), keyOf };
}

/** Wraps the glossary's words in every keyword text under `root` (each text once). */
function markKeywords(root) {
  if (!matcher || !root?.querySelectorAll) return;
  const texts = root.matches?.(KEYWORD_TEXT) ? [root] : [...root.querySelectorAll(KEYWORD_TEXT)];
  for (const node of texts) {
    if (node.dataset.helpMarked === gameOf) continue;
    node.dataset.helpMarked = gameOf;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const found = [];
    while (walker.nextNode()) found.push(walker.currentNode);
    for (const text of found) {
      if (text.parentElement?.closest("[data-help]") !== node.closest("[data-help]")) continue; // already tagged
      markText(text);
    }
  }
}

function markText(text) {
  const parts = [];
  let from = 0;
  for (const match of text.data.matchAll(matcher.re)) {
    const key = matcher.keyOf.get(match[0].toLowerCase().replace(/\s+/g, " "));
    if (!key) continue;
    parts.push(text.data.slice(from, match.index), el("span", { class: "help-word", dataset: { help: key } }, match[0]));
    from = match.index + match[0].length;
  }
  if (!parts.length) return;
  parts.push(text.data.slice(from));
  text.replaceWith(...parts.filter((p) => p !== ""));
}

// --- the tooltip ----------------------------------------------------------------------------------

function listen() {
  tip = el("div", { id: "help-tip", role: "tooltip", hidden: true });
  document.body.append(tip);
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    const target = event.target.closest?.("[data-help]");
    clearTimeout(hideTimer);
    if (!target) return scheduleHide();
    if (target === shownFor) return;
    clearTimeout(showTimer);
    // moving from one tagged element to the next: no new wait
    const wait = shownFor ? 0 : SHOW_DELAY_MS;
    showTimer = setTimeout(() => show(target), wait);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType === "touch") return;
    const to = event.relatedTarget;
    if (shownFor && to && shownFor.contains(to)) return;
    clearTimeout(showTimer);
    scheduleHide();
  });
  document.addEventListener("focusin", (event) => {
    // a focused square or button shows its own help, else that of the piece or token it holds
    const target = event.target.closest?.("[data-help]") || event.target.querySelector?.("[data-help]:not(.help-word)");
    if (target) show(target);
    else hide();
  });
  document.addEventListener("focusout", () => scheduleHide());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shownFor) hide();
  });
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    cancelPress();
    if (shownFor && !shownFor.contains(event.target)) hide();
    const target = event.target.closest?.("[data-help]");
    if (!target) return;
    press = {
      x: event.clientX,
      y: event.clientY,
      timer: setTimeout(() => {
        press = null;
        swallowClick = true; // the finger's release must not also play the card or square
        show(target);
      }, LONG_PRESS_MS),
    };
  });
  document.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) cancelPress();
  });
  document.addEventListener("pointerup", cancelPress);
  document.addEventListener("pointercancel", cancelPress);
  window.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  document.addEventListener("contextmenu", (event) => {
    if (swallowClick) event.preventDefault();
  });
  window.addEventListener("scroll", () => hide(), true);
  // the table redraws after every move: new card texts get their words marked, and a tooltip
  // whose element is gone goes too
  new MutationObserver((records) => {
    if (shownFor && !shownFor.isConnected) hide();
    if (!matcher) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const inside = node.closest(KEYWORD_TEXT);
        markKeywords(inside || node);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}

function cancelPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}

function scheduleHide() {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hide, HIDE_DELAY_MS);
}

function show(target) {
  const entries = entriesOf(target);
  if (!entries.length || !target.isConnected) return hide();
  clearTimeout(hideTimer);
  if (shownFor && shownFor !== target) shownFor.removeAttribute("aria-describedby");
  shownFor = target;
  replace(tip, entries.map((entry) => el("div", { class: "help-entry", dataset: { key: entry.key } },
    el("div", { class: "help-term" }, el("strong", {}, entry.term), " ", el("small", {}, entry.category)),
    el("p", {}, entry.text))));
  tip.hidden = false;
  tip.dataset.for = target.dataset.help;
  target.setAttribute("aria-describedby", "help-tip");
  place(target);
}

function hide() {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  if (!tip || tip.hidden) return;
  tip.hidden = true;
  shownFor?.removeAttribute("aria-describedby");
  shownFor = null;
}

/** Below the element, or above it when there is no room; always inside the window. */
function place(target) {
  const box = target.getBoundingClientRect();
  tip.style.left = "0px";
  tip.style.top = "0px";
  const size = tip.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  let top = box.bottom + GAP;
  if (top + size.height > height && box.top - GAP - size.height >= 0) top = box.top - GAP - size.height;
  const left = Math.max(GAP, Math.min(box.left + box.width / 2 - size.width / 2, width - size.width - GAP));
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(Math.max(GAP, top))}px`;
}
