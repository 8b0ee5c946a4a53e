// A small popup menu near the click that lets the player pick one of several actions.

import { el } from "/static/js/dom.js";

let open = null;

/**
 * Shows `options` ({text, pick()}) next to the click `event`; a choice calls its `pick`.
 * Escape, a click outside or closeChooser() closes it.
 */
export function openChooser(options, event, title = "Choose") {
  closeChooser();
  const menu = el("div", { id: "chooser", role: "menu" },
    el("div", { class: "chooser-title" }, title),
    options.map((option, index) => el("button", {
      type: "button",
      class: "choice",
      role: "menuitem",
      dataset: { index, kind: option.kind },
      onclick: (e) => {
        e.stopPropagation();
        closeChooser();
        option.pick();
      },
    }, option.text)),
    el("button", { type: "button", class: "choice cancel", onclick: closeChooser }, "Cancel"));
  document.body.append(menu);
  const x = event?.clientX ?? window.innerWidth / 2;
  const y = event?.clientY ?? window.innerHeight / 2;
  const box = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(8, Math.min(x + 6, window.innerWidth - box.width - 8))}px`;
  menu.style.top = `${Math.max(8, Math.min(y + 6, window.innerHeight - box.height - 8))}px`;
  const outside = (e) => {
    if (!menu.contains(e.target)) closeChooser();
  };
  const escape = (e) => {
    if (e.key === "Escape") closeChooser();
  };
  // listen from the next tick so the click that opened the menu does not close it
  setTimeout(() => {
    if (open?.menu === menu) document.addEventListener("click", outside);
  }, 0);
  document.addEventListener("keydown", escape);
  open = { menu, outside, escape };
  menu.querySelector("button")?.focus();
}

/** Closes the popup if one is open. */
export function closeChooser() {
  if (!open) return;
  open.menu.remove();
  document.removeEventListener("click", open.outside);
  document.removeEventListener("keydown", open.escape);
  open = null;
}

/**
 * Makes `node` (a square, a card) act: a click, or Enter or Space, calls `play(event)`, which
 * plays its one action or opens the chooser beside it.
 */
export function makePlayable(node, play) {
  node.addEventListener("click", play);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const box = node.getBoundingClientRect();
      play({ clientX: box.right, clientY: box.top });
    }
  });
}
