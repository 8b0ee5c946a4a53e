// A square board grid with its file letters and rank numbers, turned toward one side if asked.

import { el } from "/static/js/dom.js";

/**
 * The grid of `files` (e.g. "abcdefghi") × `ranks` (a number): `cell(name, dark)` draws each
 * square, named file letter + rank. `flip` puts rank 1 at the top (the board seen from the far side).
 */
export function boardGrid({ files, ranks, cell, flip = false, id = "board", className = "", dataset = {} }) {
  const fileList = [...files];
  const rankOrder = Array.from({ length: ranks }, (_, i) => (flip ? i + 1 : ranks - i));
  const fileOrder = flip ? [...fileList].reverse() : fileList;
  const cells = [];
  for (const rank of rankOrder) {
    cells.push(el("div", { class: "coord rank" }, String(rank)));
    for (const file of fileOrder) {
      const index = fileList.indexOf(file);
      cells.push(cell(file + rank, (index + rank) % 2 === 0));
    }
  }
  cells.push(el("div", { class: "coord corner" }));
  for (const file of fileOrder) cells.push(el("div", { class: "coord file" }, file));
  const grid = el("div", { id, class: ["board-grid", className], dataset }, cells);
  grid.style.setProperty("--files", String(fileList.length));
  grid.style.setProperty("--ranks", String(ranks));
  return grid;
}
