// Builds DOM elements from a tag, a property object and children (no HTML strings, no escaping bugs).

/**
 * el("button", {class: "x", dataset: {kind: "play"}, onclick: f}, "Play") → <button ...>Play</button>
 * Props: `class` (string or list), `dataset` (object), `style` (object), `on*` (listeners),
 * `hidden`/`disabled`/... (booleans), anything else as an attribute. Children may be strings,
 * numbers, nodes, arrays of them, or null/false (skipped).
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") {
      const names = Array.isArray(value) ? value.filter(Boolean) : String(value).split(/\s+/);
      for (const name of names) if (name) node.classList.add(name);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) node.dataset[k] = v;
    } else if (key === "style") {
      Object.assign(node.style, value);
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else if (key === "value") {
      node.value = value;
    } else {
      node.setAttribute(key, value);
    }
  }
  append(node, children);
  return node;
}

/** Appends children (strings, nodes, nested arrays; null and false are skipped) to `node`. */
export function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Replaces every child of `node` with `children`. */
export function replace(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}
