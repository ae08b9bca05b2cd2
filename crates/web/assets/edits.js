// Edits of the grid, all undoable: change() applies a list of cell changes as one undo step,
// undo() and redo() walk the history, and the entries the keys and the pad use (enter a value,
// toggle a note, clear a cell, notes mode). After each edit the board is saved and redrawn, and
// a full grid is sent to the server to check.
import { $, state, isPlaying, saveGame, setStatus } from './state.js';
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
  change(list);
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
  change([{ i, v: 0, n: 0 }]);
}

export function toggleNotesMode() {
  const s = state;
  if (!isPlaying() || !s.board.hasNotes) return;
  s.notesMode = !s.notesMode;
  saveGame();
  render();
  setStatus(s.notesMode ? 'Notes mode: digits toggle pencil marks.' : 'Notes mode off: digits fill cells.');
}
