// The fixed action bar: the phase's main buttons always in sight, every other action grouped.

import { el, replace } from "/static/js/dom.js";

/**
 * Draws into `root` (the bar fixed to the bottom of the window). `render` takes the legal
 * entries, the plug-in (its `mainActions(legal)` and `groupOf(action)`), a prompt, whether the
 * table is busy, `act(entry)` and a `position` key (a new one resets the drawer). Escape closes the drawer of other actions.
 */
export class ActionBar {
  constructor(root) {
    this.root = root;
    this.open = false; // the drawer of other actions
    this.openGroups = new Set(); // group labels the player opened, kept across redraws
    this.onResize = () => document.documentElement.style.setProperty("--actionbar-height", `${this.root.offsetHeight}px`);
    new ResizeObserver(this.onResize).observe(root);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.open && !document.querySelector("#chooser")) this.setOpen(false);
    });
  }

  render({ legal, plugin, prompt, busy, act, position }) {
    const main = legal.length ? mainOf(plugin, legal) : [];
    if (position !== this.position) {
      // a new position: the drawer opens by itself only when it holds every choice
      this.position = position;
      this.open = main.length === 0 && legal.length > 0;
    }
    const mainSet = new Set(main);
    const groups = new Map();
    for (const entry of legal) {
      if (mainSet.has(entry)) continue;
      const label = groupOf(plugin, entry.action) || "Other actions";
      if (!groups.has(label)) groups.set(label, []);
      groups.get(label).push(entry);
    }
    const rest = legal.length - main.length;
    if (!rest) this.open = false;
    const button = (entry, isMain) => el("button", {
      type: "button",
      class: ["action", isMain && "main", isMain && "primary"],
      dataset: { index: legal.indexOf(entry), kind: entry.action.kind },
      disabled: busy,
      onclick: () => act(entry),
    }, entry.text);
    const single = groups.size === 1;
    this.drawer = el("div", { class: "drawer", id: "more-actions", hidden: !this.open },
      [...groups].map(([label, entries]) => el("details", {
        class: "group",
        dataset: { group: label },
        open: single || this.openGroups.has(label),
        ontoggle: (event) => (event.target.open ? this.openGroups.add(label) : this.openGroups.delete(label)),
      },
      el("summary", {}, label, el("span", { class: "count" }, ` (${entries.length})`)),
      el("div", { class: "group-actions" }, entries.map((entry) => button(entry, false))))));
    this.toggle = rest
      ? el("button", {
        type: "button",
        class: "more",
        "aria-expanded": this.open ? "true" : "false",
        "aria-controls": "more-actions",
        onclick: () => this.setOpen(!this.open),
      }, `${this.open ? "Hide" : "More"} actions (${rest})`)
      : null;
    replace(this.root,
      this.drawer,
      el("div", { class: "bar" },
        el("span", { class: "prompt", id: "prompt" }, prompt),
        el("span", { class: "main-actions" }, main.map((entry) => button(entry, true))),
        this.toggle));
    this.onResize();
  }

  setOpen(open) {
    this.open = open;
    if (!this.drawer) return;
    this.drawer.hidden = !open;
    if (this.toggle) {
      this.toggle.setAttribute("aria-expanded", open ? "true" : "false");
      this.toggle.textContent = this.toggle.textContent.replace(/^(Hide|More)/, open ? "Hide" : "More");
      if (!open) this.toggle.focus();
    }
    if (open) this.drawer.querySelector("summary, button")?.focus();
    this.onResize();
  }

  setBusy(busy) {
    for (const button of this.root.querySelectorAll("button.action")) button.disabled = busy;
  }
}

function mainOf(plugin, legal) {
  try {
    const main = plugin.mainActions ? plugin.mainActions(legal) : [];
    return Array.isArray(main) ? main.filter((entry) => legal.includes(entry)) : [];
  } catch (error) {
    console.error(error);
    return [];
  }
}

function groupOf(plugin, action) {
  try {
    return plugin.groupOf ? plugin.groupOf(action) : null;
  } catch (error) {
    console.error(error);
    return null;
  }
}
