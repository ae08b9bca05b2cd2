// The keyboard: undo and redo anywhere on the page, pause, moving about the grid and clearing;
// the keys that put values or notes are the board class's (onKey). Keys typed in a form field
// or a dialog are left alone.
import { $, state, isPlaying, isPaused } from './state.js';
import { move, select, focusCell } from './view.js';
import { undo, redo, clearCell } from './edits.js';
import { setPaused } from './game.js';

function inField(el) {
  return el && (el.closest('input, textarea, select, [contenteditable="true"]') || el.closest('dialog'));
}

/** The page's keydown listener. */
export function onKey(e) {
  if (!state.game || e.defaultPrevented) return;
  const t = e.target;
  const inBoard = $('board').contains(t);
  const ctrl = e.ctrlKey || e.metaKey;
  if (inField(t)) return;
  // Undo and redo anywhere on the page (but in text fields); Ctrl+Home and Ctrl+End in the
  // grid go to its first and last cell.
  if (ctrl && !e.altKey) {
    if (inBoard && (e.key === 'Home' || e.key === 'End') && isPlaying()) {
      e.preventDefault();
      select(state.board.rowEdge(state.sel, e.key === 'End', true));
      return;
    }
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) { e.preventDefault(); undo(); return; }
    if (k === 'y' || (k === 'z' && e.shiftKey)) { e.preventDefault(); redo(); return; }
    return;
  }
  if (e.altKey) return;
  // Escape closes an open hint, as its Close button does.
  if (e.key === 'Escape' && !$('hintbox').hidden) {
    e.preventDefault();
    $('hintbox').hidden = true;
    focusCell();
    return;
  }
  if (isPaused() && (e.key === 'p' || e.key === 'P')) { e.preventDefault(); setPaused(false); return; }
  if (!isPlaying()) return;
  const board = state.board;
  if (inBoard) {
    const nav = {
      ArrowUp: () => move(-1, 0), ArrowDown: () => move(1, 0),
      ArrowLeft: () => move(0, -1), ArrowRight: () => move(0, 1),
      Home: () => select(board.rowEdge(state.sel, false, false)), End: () => select(board.rowEdge(state.sel, true, false)),
    }[e.key];
    if (nav) { e.preventDefault(); nav(); return; }
    if (e.key === ' ') { e.preventDefault(); clearCell(); return; }
  }
  if (e.key === 'Backspace' || e.key === 'Delete') { e.preventDefault(); clearCell(); return; }
  if (board.onKey(e)) return;
  if (e.key === 'p' || e.key === 'P') { e.preventDefault(); setPaused(true); }
}
