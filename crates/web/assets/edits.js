// Edits of the grid, all undoable: change() applies a list of cell changes as one undo step,
// undo() and redo() walk the history, and the entries the keys and the pad use (enter a value,
// toggle a note, clear a cell, notes mode). After each edit the board is saved and redrawn, and
// a full grid is sent to the server to check. Auto notes (Sudoku) fill every empty cell's notes
// with the digits no peer holds and, while on, give a cell back its candidates when its digit
// goes; it is bookkeeping only, the server never sees it (docs/web.md). Colour marks are the
// player's own shading of cells: saved with the game, outside the undo history.
import { $, state, isPlaying, saveGame, setStatus, COLORS } from './state.js';
import { render, focusCellIfInBoard } from './view.js';
import { maybeCheck } from './checks.js';

/** Applies a list of changes {i, v, n} (new value and notes) as one undo step; with `merge`,
 * folds them into the last step instead (Hidato typing of several digits). */
export function change(list, merge = false) {
  const s = state;
  const entry = [];
  for (const { i, v, n } of list) {
    const from = [s.cells[i], s.notes[i]];
    const to = [v === undefined ? s.cells[i] : v, n === undefined ? s.notes[i] : n];
    if (from[0] === to[0] && from[1] === to[1]) continue;
    s.cells[i] = to[0];
    s.notes[i] = to[1];
    entry.push([i, from, to]);
    s.wrong.delete(i);
  }
  if (!entry.length) return;
  if (merge && s.undo.length) {
    // Hidato typing: fold the next digit into the same step.
    const last = s.undo[s.undo.length - 1];
    for (const [i, , to] of entry) {
      const e = last.find((x) => x[0] === i);
      if (e) e[2] = to; else last.push([i, [0, 0], to]);
    }
  } else {
    s.undo.push(entry);
  }
  s.redo = [];
  afterEdit();
}

function afterEdit() {
  state.serverConflicts = new Set();
  state.hint = null;
  $('hintbox').hidden = true;
  saveGame();
  render();
  maybeCheck();
}

export function undo() {
  const s = state;
  if (!isPlaying() || !s.undo.length) return;
  const entry = s.undo.pop();
  for (let k = entry.length - 1; k >= 0; k--) {
    const [i, from] = entry[k];
    s.cells[i] = from[0];
    s.notes[i] = from[1];
  }
  s.redo.push(entry);
  s.typing = null;
  if (entry.length) s.sel = entry[0][0];
  afterEdit();
  focusCellIfInBoard();
}

export function redo() {
  const s = state;
  if (!isPlaying() || !s.redo.length) return;
  const entry = s.redo.pop();
  for (const [i, , to] of entry) {
    s.cells[i] = to[0];
    s.notes[i] = to[1];
  }
  s.undo.push(entry);
  s.typing = null;
  if (entry.length) s.sel = entry[0][0];
  afterEdit();
  focusCellIfInBoard();
}

/** Puts value v (0 clears) in the selected cell; the digit leaves its peers' notes. In notes
 * mode a digit toggles a note instead. */
export function enter(v) {
  const s = state;
  if (!isPlaying()) return;
  const i = s.sel;
  if (s.board.givens[i]) { setStatus('That cell is a given; it cannot change.'); return; }
  if (s.notesMode && v) { toggleNote(v); return; }
  const list = [{ i, v, n: 0 }];
  if (v) {
    for (const p of s.board.peersOf(i)) if (s.notes[p] & (1 << v)) list.push({ i: p, n: s.notes[p] & ~(1 << v) });
  }
  s.typing = null;
  change(s.autoNotes ? withRestored(list, i, s.cells[i], v) : list);
}

/** The digits no peer of cell i holds in `cells`, as a notes mask. */
function candidates(cells, i) {
  const n = state.board.geom.n;
  let mask = ((1 << (n + 1)) - 1) & ~1;
  for (const p of state.board.peersOf(i)) if (cells[p]) mask &= ~(1 << cells[p]);
  return mask;
}

/** Auto notes: cell i's value goes from `old` to `v` (0 clears). When `old` leaves the cell,
 * the cell (if left empty) gets its candidates back, and the empty peers get `old` back where
 * nothing else forbids it. Returns `list` with those changes added. */
function withRestored(list, i, old, v) {
  const s = state;
  if (!old || old === v || !s.board.hasNotes) return list;
  const after = s.cells.slice();
  after[i] = v;
  const out = list.map((x) => ({ ...x }));
  if (!v) out[0].n = candidates(after, i);
  for (const p of s.board.peersOf(i)) {
    if (after[p] || s.board.givens[p]) continue;
    const cand = candidates(after, p);
    if (!(cand & (1 << old))) continue;
    const e = out.find((x) => x.i === p);
    const base = e ? e.n : s.notes[p];
    if (e) e.n = base | (1 << old); else out.push({ i: p, n: base | (1 << old) });
  }
  return out;
}

/** Turns auto notes on (every empty cell's notes become its candidates, one undo step) or off
 * (the notes stay as they are). */
export function toggleAutoNotes() {
  const s = state;
  if (!isPlaying() || !s.board.hasNotes) return;
  s.autoNotes = !s.autoNotes;
  if (s.autoNotes) {
    const list = [];
    s.cells.forEach((v, i) => { if (!v && !s.board.givens[i]) list.push({ i, n: candidates(s.cells, i) }); });
    change(list);
  }
  saveGame();
  render();
  setStatus(s.autoNotes ? 'Auto notes on: every empty cell shows its candidates, kept up to date.' : 'Auto notes off: the notes stay, you keep them.');
}

/** Toggles the pencil mark d in the selected cell, if empty. */
export function toggleNote(d) {
  const s = state;
  if (!isPlaying() || !s.board.hasNotes) return;
  const i = s.sel;
  if (s.board.givens[i] || s.cells[i]) return;
  change([{ i, n: s.notes[i] ^ (1 << d) }]);
}

export function clearCell() {
  const s = state;
  if (!isPlaying()) return;
  const i = s.sel;
  if (s.board.givens[i]) return;
  s.typing = null;
  const list = [{ i, v: 0, n: 0 }];
  change(s.autoNotes ? withRestored(list, i, s.cells[i], 0) : list);
}

export function toggleNotesMode() {
  const s = state;
  if (!isPlaying() || !s.board.hasNotes) return;
  s.notesMode = !s.notesMode;
  saveGame();
  render();
  setStatus(s.notesMode ? 'Notes mode: digits toggle pencil marks.' : 'Notes mode off: digits fill cells.');
}

/** Shows or hides the colour palette. */
export function togglePalette() {
  const s = state;
  if (!s.game) return;
  s.palette = !s.palette;
  render();
}

/** Gives the selected cell the colour mark k (0 clears it). */
export function setColor(k) {
  const s = state;
  if (!isPlaying() || k < 0 || k >= COLORS.length) return;
  s.colors[s.sel] = k;
  saveGame();
  render();
  focusCellIfInBoard();
}
