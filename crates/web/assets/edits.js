// Edits of the grid, all undoable: change() applies a list of cell changes as one undo step,
// undo() and redo() walk the history, and the entries the keys and the pad use (enter a value,
// toggle a note, clear a cell, notes mode). place() is the one way a value goes into a cell,
// typed or from a hint (checks.js): the digit leaves its peers' notes and, with auto notes on,
// a value that goes gives its candidates back. After each edit the board is saved and redrawn,
// and a full grid is sent to the server to check. Auto notes (Sudoku) fill every empty cell's
// notes with the digits no peer holds and, while on, give a cell back its candidates when its
// digit goes; it is bookkeeping only, the server never sees it (docs/web.md). Colour marks are
// the player's own shading of cells: saved with the game, and edits in the undo history like
// digits and notes (a mark alone leaves the hint and the conflicts shown, and checks nothing);
// a cell can have several (a bit mask, bit k for COLORS[k]). Notes are of two kinds, as in
// SudokuPad: centre notes (the cell's candidates, `notes`: what auto notes fill and hints read)
// and corner marks (`corners`: the player's "this digit goes in one of these cells of the box",
// bookkeeping the server never sees, like the colours); a digit placed clears both of its cell.
import { $, state, isPlaying, saveGame, setStatus, COLORS, ALL_COLORS } from './state.js';
import { render, focusCellIfInBoard } from './view.js';
import { maybeCheck } from './checks.js';
import { checkMistakes } from './mistakes.js';
import { t } from './i18n.js';

/** Applies a list of changes {i, v, n, k, c} (new value, notes, colour marks and corner marks;
 * each optional) as one undo step; with `merge`, folds them into the last step instead (Hidato
 * typing of several digits). History entries are lists of [cell, from, to], each [value, notes,
 * marks, corners] (games saved before marks or corners were undoable have fewer: what they lack
 * stays as it is). Returns whether anything changed. */
export function change(list, merge = false) {
  const s = state;
  const entry = [];
  for (const { i, v, n, k, c } of list) {
    const from = [s.cells[i], s.notes[i], s.colors[i] || 0, s.corners[i] || 0];
    const to = [v === undefined ? from[0] : v, n === undefined ? from[1] : n, k === undefined ? from[2] : k, c === undefined ? from[3] : c];
    if (from.every((x, j) => x === to[j])) continue;
    setCell(i, to);
    entry.push([i, from, to]);
    if (touchesGrid([i, from, to])) s.wrong.delete(i);
  }
  if (!entry.length) return false;
  if (merge && s.undo.length) {
    // Hidato typing: fold the next digit into the same step.
    const last = s.undo[s.undo.length - 1];
    for (const [i, from, to] of entry) {
      const e = last.find((x) => x[0] === i);
      if (e) e[2] = to; else last.push([i, from, to]);
    }
  } else {
    s.undo.push(entry);
  }
  s.redo = [];
  afterEdit(entry.some(touchesGrid));
  return true;
}

/** Puts [value, notes, marks, corners] in cell i (what the list lacks stays as it is). */
function setCell(i, [v, n, k, c]) {
  const s = state;
  s.cells[i] = v;
  s.notes[i] = n;
  if (k !== undefined) s.colors[i] = Number.isInteger(k) && k > 0 ? k & ALL_COLORS : 0;
  if (c !== undefined) s.corners[i] = Number.isInteger(c) && c > 0 ? c : 0;
}

/** Whether a history item changes a value or the centre notes (not only colour or corner marks). */
function touchesGrid([, from, to]) {
  return from[0] !== to[0] || from[1] !== to[1];
}

/** After an edit: saved and redrawn; an edit of the grid also ends the hint and the server's
 * conflicts shown and checks a full grid (a colour mark alone does none of that). */
function afterEdit(grid = true) {
  if (grid) {
    state.serverConflicts = new Set();
    state.hint = null;
    $('hintbox').hidden = true;
  }
  saveGame();
  render();
  if (grid) { maybeCheck(); checkMistakes(); }
}

export function undo() {
  const s = state;
  if (!isPlaying() || !s.undo.length) return;
  const entry = s.undo.pop();
  for (let k = entry.length - 1; k >= 0; k--) {
    const [i, from] = entry[k];
    setCell(i, from);
  }
  s.redo.push(entry);
  s.typing = null;
  if (entry.length) s.sel = entry[0][0];
  afterEdit(entry.some(touchesGrid));
  focusCellIfInBoard();
}

export function redo() {
  const s = state;
  if (!isPlaying() || !s.redo.length) return;
  const entry = s.redo.pop();
  for (const [i, , to] of entry) setCell(i, to);
  s.undo.push(entry);
  s.typing = null;
  if (entry.length) s.sel = entry[0][0];
  afterEdit(entry.some(touchesGrid));
  focusCellIfInBoard();
}

/** Puts value v (0 clears) in the selected cell; the digit leaves its peers' notes. In notes
 * mode a digit toggles a note (centre or corner, as the mode says) instead. */
export function enter(v) {
  const s = state;
  if (!isPlaying()) return;
  const i = s.sel;
  if (s.board.givens[i]) { setStatus(t('That cell is a given; it cannot change.')); return; }
  if (s.notesMode && v) { toggleNote(v); return; }
  s.typing = null;
  place([[i, v]]);
}

/** Puts values in cells ([cell, value] pairs, in order; 0 clears) and then removes notes
 * ([cell, digit] pairs), as one undo step: what typing does and what a hint applies. Each
 * value goes in as put() says. A note removed from an empty cell without notes leaves it the
 * other candidates its digits allow (what the server took the cell's notes to be), so that the
 * removal shows and is kept. Returns whether anything changed. */
export function place(values, drops = []) {
  const s = state;
  const cells = s.cells.slice();
  const notes = s.notes.slice();
  const touched = new Set();
  for (const [i, v] of values) for (const t of put(cells, notes, i, v)) touched.add(t);
  for (const [i, d] of drops) {
    if (s.board.hasNotes && !cells[i] && !notes[i]) { notes[i] = candidates(cells, i); touched.add(i); }
    if (notes[i] & (1 << d)) { notes[i] &= ~(1 << d); touched.add(i); }
  }
  // A digit placed clears the cell's corner marks too (they are about where it could go).
  return change([...touched].map((i) => ({ i, v: cells[i], n: notes[i], ...(cells[i] ? { c: 0 } : {}) })));
}

/** The digits no peer of cell i holds in `cells`, as a notes mask. */
function candidates(cells, i) {
  const b = state.board;
  const mask = peerCandidates(cells, i);
  return b.narrow ? b.narrow(cells, i, mask, (c) => peerCandidates(cells, c)) : mask;
}

/** The digits no peer of cell i holds. */
function peerCandidates(cells, i) {
  const n = state.board.geom.n;
  let mask = ((1 << (n + 1)) - 1) & ~1;
  for (const p of state.board.peersOf(i)) if (cells[p]) mask &= ~(1 << cells[p]);
  return mask;
}

/** Value v (0 clears) into cell i of `cells` and `notes` (working copies, changed in place):
 * the cell's notes go and a digit leaves its peers' notes (row, column, box, diagonals: the
 * board's peersOf). With auto notes on, when a value `old` leaves the cell, the cell (if left
 * empty) gets its candidates back, and the empty peers get `old` back where nothing else
 * forbids it. Returns the cells touched, i first. */
function put(cells, notes, i, v) {
  const s = state;
  const old = cells[i];
  const touched = [i];
  cells[i] = v;
  notes[i] = 0;
  if (v) {
    for (const p of s.board.peersOf(i)) {
      if (notes[p] & (1 << v)) { notes[p] &= ~(1 << v); touched.push(p); }
    }
  }
  if (s.autoNotes && s.board.cageMates && old !== v) {
    // A cage's other empty cells: what the change takes from their candidates goes from their
    // notes, and what it gives back comes back (digits the player struck out stay out).
    const before = cells.slice();
    before[i] = old;
    for (const c of s.board.cageMates(i)) {
      if (cells[c] || s.board.givens[c]) continue;
      const was = candidates(before, c);
      const now = candidates(cells, c);
      const n = (notes[c] & now) | (now & ~was);
      if (n !== notes[c]) { notes[c] = n; touched.push(c); }
    }
  }
  if (!s.autoNotes || !s.board.hasNotes || !old || old === v) return touched;
  if (!v) notes[i] = candidates(cells, i);
  for (const p of s.board.peersOf(i)) {
    if (cells[p] || s.board.givens[p]) continue;
    if (!(candidates(cells, p) & (1 << old))) continue;
    notes[p] |= 1 << old;
    touched.push(p);
  }
  return touched;
}

/** Turns auto notes on (every empty cell's notes become its candidates, one undo step) or off
 * (the notes stay as they are). */
export function toggleAutoNotes() {
  const s = state;
  if (!isPlaying() || !(s.board.hasNotes || s.board.autoDots)) return;
  s.autoNotes = !s.autoNotes;
  if (s.autoNotes && s.board.autoDots) s.board.dotAround();
  else if (s.autoNotes) {
    const list = [];
    s.cells.forEach((v, i) => { if (!v && !s.board.givens[i]) list.push({ i, n: candidates(s.cells, i) }); });
    change(list);
  }
  saveGame();
  render();
  if (s.board.autoDots) setStatus(t(s.autoNotes ? 'Auto dots on: the cells around each star are marked.' : 'Auto dots off.'));
  else setStatus(t(s.autoNotes ? 'Auto notes on: every empty cell shows its candidates, kept up to date.' : 'Auto notes off: the notes stay, you keep them.'));
}

/** Toggles the pencil mark d in the selected cell, if empty: a centre note, or a corner mark
 * (`corner`, or in corner mode). */
export function toggleNote(d, corner = state.notesMode === 'corner') {
  const s = state;
  if (!isPlaying() || !s.board.hasNotes) return;
  const i = s.sel;
  if (s.board.givens[i] || s.cells[i]) return;
  if (corner) change([{ i, c: (s.corners[i] || 0) ^ (1 << d) }]);
  else change([{ i, n: s.notes[i] ^ (1 << d) }]);
}

/** A digit of the pad: it goes into the selected cell, or with "Digit first" on it is picked
 * (picked again, dropped) and each cell tapped then takes it (pickedInto). */
export function padDigit(d) {
  const s = state;
  if (!isPlaying()) return;
  if (!s.prefs.digitFirst) { enter(d); return; }
  s.picked = s.picked === d ? 0 : d;
  render();
  setStatus(s.picked ? t('{d} picked: tap the cells it goes in.', { d: s.board.symbol(d) }) : '');
}

/** Digit first: the cell just tapped (and selected) takes the picked digit (a note in a notes
 * mode); a cell that holds it already is cleared. */
export function pickedInto(i) {
  const s = state;
  if (!isPlaying() || !s.prefs.digitFirst || !s.picked || i !== s.sel) return;
  if (s.board.givens[i]) return;
  if (!s.notesMode && s.cells[i] === s.picked) { clearCell(); return; }
  enter(s.picked);
}

export function clearCell() {
  const s = state;
  if (!isPlaying()) return;
  const i = s.sel;
  if (s.board.givens[i]) return;
  s.typing = null;
  place([[i, 0]]);
}

/** Turns the notes mode `kind` ('centre' or 'corner') on, or off if it is on: digits fill
 * cells again. */
export function toggleNotesMode(kind = 'centre') {
  const s = state;
  if (!isPlaying() || !s.board.hasNotes) return;
  s.notesMode = s.notesMode === kind ? false : kind;
  saveGame();
  render();
  setStatus(t(s.notesMode === 'corner' ? 'Corner mode: digits toggle corner marks.'
    : s.notesMode ? 'Notes mode: digits toggle pencil marks.' : 'Notes mode off: digits fill cells.'));
}

/** Shows or hides the colour palette. */
export function togglePalette() {
  const s = state;
  if (!s.game) return;
  s.palette = !s.palette;
  render();
}

/** Adds the colour mark k to the selected cell or takes it away (0 clears them all), as one
 * undo step. */
export function setColor(k) {
  const s = state;
  if (!isPlaying() || !Number.isInteger(k) || k < 0 || k >= COLORS.length) return;
  s.typing = null;
  change([{ i: s.sel, k: k ? (s.colors[s.sel] || 0) ^ (1 << k) : 0 }]);
  focusCellIfInBoard();
}
