// The "Rules" drawer: the game's own-words rules, rulings and glossary, searchable, drawn safely.

import { append, el, replace } from "/static/js/dom.js";

const STYLE = "/static/css/help.css";
const SEARCH_DELAY_MS = 150;
const loaded = new Map(); // game id → promise of {game, title, rules, glossary}
let current = null; // the game id whose rules the drawer shows
let drawer = null; // {root, body, search, count, opener}

/** The game's rules and glossary from `GET /api/rules/{id}`, fetched once per page. */
export function rulesOf(gameId) {
  if (!loaded.has(gameId)) {
    const request = fetch(`/api/rules/${encodeURIComponent(gameId)}`).then(async (answer) => {
      if (!answer.ok) throw new Error(`no rules for ${gameId} (${answer.status})`);
      return answer.json();
    });
    request.catch(() => loaded.delete(gameId)); // a failed fetch is tried again next time
    loaded.set(gameId, request);
  }
  return loaded.get(gameId);
}

/** Adds the help style sheet to the page once. */
export function ensureHelpStyle() {
  if (!document.querySelector(`link[href="${STYLE}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href: STYLE }));
  }
}

/**
 * Makes every element with `data-open-rules` open the drawer on game `gameId`'s rules (its value,
 * if any, is searched for at once). Safe to call on every redraw: the listener is added once.
 */
export function installRules(gameId) {
  ensureHelpStyle();
  if (current === null) {
    document.addEventListener("click", (event) => {
      const opener = event.target.closest?.("[data-open-rules]");
      if (!opener || !current) return;
      event.preventDefault();
      openRules(current, opener.dataset.openRules || "", opener);
    });
  }
  if (current !== gameId && drawer) drawer.root.hidden = true;
  current = gameId;
}

/** A button that opens the rules drawer. */
export function rulesButton(label = "Rules") {
  return el("button", { type: "button", class: "rules-button", dataset: { openRules: "" }, "aria-haspopup": "dialog" }, label);
}

/** Opens the drawer on `gameId`'s rules, searching for `query`; focus goes back to `opener`. */
export async function openRules(gameId, query = "", opener = null) {
  const box = drawerBox();
  box.opener = opener || document.activeElement;
  box.root.hidden = false;
  box.search.value = query;
  box.search.focus();
  if (box.root.dataset.game !== gameId) {
    box.root.dataset.game = gameId;
    box.root.dataset.ready = "false";
    replace(box.body, el("p", { class: "help" }, "Loading the rules…"));
    try {
      box.doc = await rulesOf(gameId);
    } catch (error) {
      box.doc = null;
      box.root.dataset.game = "";
      replace(box.body, el("p", { class: "help" }, `The rules cannot be shown: ${error.message}`));
      return;
    }
    box.title.textContent = `${box.doc.title}: rules`;
  }
  show(box);
  box.root.dataset.ready = "true";
}

/** Hides the drawer and gives the focus back to what opened it. */
export function closeRules() {
  if (!drawer || drawer.root.hidden) return;
  drawer.root.hidden = true;
  drawer.opener?.focus?.();
}

function drawerBox() {
  if (drawer) return drawer;
  const search = el("input", { type: "search", id: "rules-search", placeholder: "Search the rules…", "aria-label": "Search the rules", autocomplete: "off" });
  const count = el("span", { id: "rules-count", class: "help", "aria-live": "polite" });
  const title = el("h2", { id: "rules-title" }, "Rules");
  const body = el("div", { id: "rules-body", class: "rules-text" });
  const close = el("button", { type: "button", class: "rules-close", "aria-label": "Close the rules" }, "×");
  const root = el("aside", { id: "rules-drawer", role: "dialog", "aria-labelledby": "rules-title", hidden: true },
    el("header", { class: "rules-head" }, title, close),
    el("div", { class: "rules-find" }, search, count),
    body);
  drawer = { root, body, search, count, title, opener: null, doc: null, timer: 0 };
  close.addEventListener("click", closeRules);
  search.addEventListener("input", () => {
    clearTimeout(drawer.timer);
    drawer.timer = setTimeout(() => show(drawer), SEARCH_DELAY_MS);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      closeRules();
    }
  });
  document.body.append(root);
  return drawer;
}

/** Draws the rules and the glossary, keeping only what matches the search box. */
function show(box) {
  if (!box.doc) return;
  const blocks = [...markdownBlocks(box.doc.rules), ...glossaryBlocks(box.doc.glossary)];
  const query = box.search.value.trim();
  if (!query) {
    replace(box.body, blocks.map((b) => b.node));
    box.count.textContent = "";
    return;
  }
  const needle = query.toLowerCase();
  let hits = 0;
  const kept = [];
  let heading = null; // the last heading seen: shown above the first match under it
  for (const block of blocks) {
    if (block.heading) {
      heading = block;
      continue;
    }
    const found = filterBlock(block, needle);
    if (!found) continue;
    if (heading && !heading.shown) {
      heading.shown = true;
      kept.push(heading.node);
    }
    hits += highlight(block.node, needle);
    kept.push(block.node);
  }
  // a heading that matches by itself is shown even with nothing under it matching
  for (const block of blocks) {
    if (block.heading && !block.shown && block.node.textContent.toLowerCase().includes(needle)) {
      hits += highlight(block.node, needle);
      kept.splice(insertionPoint(blocks, block, kept), 0, block.node);
    }
  }
  replace(box.body, kept.length ? kept : el("p", { class: "help" }, `Nothing matches “${query}”.`));
  box.count.textContent = hits ? `${hits} match${hits === 1 ? "" : "es"}` : "no match";
}

/** Where a heading goes among the kept nodes: before the first kept node that follows it. */
function insertionPoint(blocks, heading, kept) {
  const after = blocks.slice(blocks.indexOf(heading) + 1).map((b) => b.node);
  const index = kept.findIndex((node) => after.includes(node));
  return index < 0 ? kept.length : index;
}

/** Whether a block matches; a table keeps only its matching rows (and its header). */
function filterBlock(block, needle) {
  if (!block.node.textContent.toLowerCase().includes(needle)) return false;
  const table = block.node.querySelector("table");
  for (const row of table?.tBodies[0]?.rows || []) row.hidden = !row.textContent.toLowerCase().includes(needle);
  return true;
}

/** Wraps each occurrence of `needle` in the visible text of `node` in a <mark>; the count. */
function highlight(node, needle) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  let count = 0;
  for (const text of texts) {
    if (text.parentElement?.closest("tr[hidden]")) continue;
    const lower = text.data.toLowerCase();
    let at = lower.indexOf(needle);
    if (at < 0) continue;
    const parts = [];
    let from = 0;
    while (at >= 0) {
      parts.push(text.data.slice(from, at), el("mark", {}, text.data.slice(at, at + needle.length)));
      count += 1;
      from = at + needle.length;
      at = lower.indexOf(needle, from);
    }
    parts.push(text.data.slice(from));
    text.replaceWith(...parts.filter((p) => p !== ""));
  }
  return count;
}

function glossaryBlocks(entries = []) {
  if (!entries.length) return [];
  const heading = el("h2", { id: "rules-glossary" }, "Glossary");
  return [{ node: heading, heading: true }, ...entries.map((entry) => ({
    node: el("dl", { class: "glossary-entry", dataset: { key: entry.key } },
      el("dt", {}, entry.term, " ", el("small", {}, entry.category)),
      el("dd", {}, entry.text)),
  }))];
}

// --- a small Markdown renderer: headings, paragraphs, lists, tables, emphasis, code -------------
// It builds elements and text nodes only, so nothing in the text can become markup.

/** The blocks of a Markdown text: [{node, heading}], in order. */
export function markdownBlocks(text) {
  const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
    } else if (/^\s*```/.test(line)) {
      const code = [];
      i += 1;
      while (i < lines.length && !/^\s*```/.test(lines[i])) code.push(lines[i++]);
      i += 1; // the closing fence
      blocks.push({ node: el("pre", {}, el("code", {}, code.join("\n"))) });
    } else if (/^#{1,6}\s/.test(line)) {
      const level = line.match(/^#+/)[0].length;
      const words = line.replace(/^#+\s*/, "").replace(/\s+#+\s*$/, "");
      blocks.push({ node: el(`h${Math.min(level + 1, 6)}`, {}, inline(words)), heading: true });
      i += 1;
    } else if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      blocks.push({ node: table(rows) });
    } else if (listItem(line)) {
      const ordered = /^\s*\d+[.)]\s/.test(line);
      const items = [];
      while (i < lines.length && lines[i].trim()) {
        if (listItem(lines[i])) items.push(lines[i].replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ""));
        else items[items.length - 1] += " " + lines[i].trim(); // a wrapped line of the item
        i += 1;
      }
      blocks.push({ node: el(ordered ? "ol" : "ul", {}, items.map((item) => el("li", {}, inline(item)))) });
    } else {
      const words = [];
      while (i < lines.length && lines[i].trim() && !startsBlock(lines, i)) words.push(lines[i++].trim());
      blocks.push({ node: el("p", {}, inline(words.join(" "))) });
    }
  }
  return blocks;
}

/** The Markdown text as a fragment of elements. */
export function renderMarkdown(text) {
  return append(document.createDocumentFragment(), markdownBlocks(text).map((b) => b.node));
}

function listItem(line) {
  return /^\s*(?:[-*+]|\d+[.)])\s+/.test(line);
}

function startsBlock(lines, i) {
  const line = lines[i];
  return /^#{1,6}\s/.test(line) || /^\s*```/.test(line) || listItem(line) || /^\s*\|/.test(line);
}

function table(rows) {
  const cells = (row) => {
    const inner = row.trim().replace(/^\|/, "").replace(/\|$/, "");
    return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replaceAll("\\|", "|"));
  };
  const [head, , ...body] = rows;
  return el("div", { class: "rules-table" }, el("table", {},
    el("thead", {}, el("tr", {}, cells(head).map((c) => el("th", {}, inline(c))))),
    el("tbody", {}, body.map((row) => el("tr", {}, cells(row).map((c) => el("td", {}, inline(c))))))));
}

const INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|(?<![\w])_([^_\s][^_]*)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** The inline Markdown of `text` as nodes: `code`, **strong**, *emphasis*, [link](text only). */
export function inline(text) {
  const out = [];
  let from = 0;
  for (const match of String(text).matchAll(INLINE)) {
    if (match.index > from) out.push(match.input.slice(from, match.index));
    const [, ticks, code, strong, strong2, em, em2, label] = match;
    if (ticks) out.push(el("code", {}, code.trim() ? code.replace(/^ (.*) $/, "$1") : code));
    else if (strong || strong2) out.push(el("strong", {}, inline(strong || strong2)));
    else if (em || em2) out.push(el("em", {}, inline(em || em2)));
    else out.push(el("span", { class: "link-text" }, inline(label))); // links point into the repository: text only
    from = match.index + match[0].length;
  }
  if (from < String(text).length) out.push(String(text).slice(from));
  return out;
}
