// Drawing the state: render() brings the board (through its class), the buttons and the pad up
// to date after every change; select() and focusCell() move the selection and the keyboard
// focus. Rendering is idempotent and cheap enough to run on every change.
import { $, state, COLORS, isPlaying, isPaused, saveGame } from './state.js';
import { keepSelectionInView } from './zoom.js';
import { t, setText } from './i18n.js';
import { showMode } from './mistakes.js';

/** Cells to mark as conflicts: the rules broken on the board (every cell of a clash: the
 * player's and the one it clashes with, a given too), and those the server named. */
function conflictSet() {
  const s = state;
  if (!s.game || !s.prefs.conflicts) return new Set();
  const local = s.board.geom.conflicts(s.cells, new Array(s.cells.length).fill(false));
  for (const i of s.serverConflicts) local.add(i);
  return local;
}

export function render() {
  const s = state;
  if (!s.game) return;
  const board = s.board;
  const ctx = board.renderCells(conflictSet());

  // Controls.
  const active = isPlaying();
  const finished = !(active || isPaused());
  $('quit').disabled = finished;
  $('pause').disabled = finished;
  setText($('pause'), t(isPaused() ? 'Resume' : 'Pause'));
  $('pause').setAttribute('aria-pressed', isPaused() ? 'true' : 'false');
  $('board-wrap').classList.toggle('paused', isPaused());
  $('board-wrap').classList.toggle('finished', finished);
  // The notes modes: centre notes (Notes) and corner marks (Corner), one at a time, each
  // pressed again to type digits.
  for (const [id, kind] of [['notes-toggle', 'centre'], ['corner-toggle', 'corner']]) {
    $(id).disabled = !active || !board.hasNotes;
    $(id).hidden = !board.hasNotes && id === 'corner-toggle';
    $(id).setAttribute('aria-pressed', s.notesMode === kind ? 'true' : 'false');
  }
  $('auto-notes').disabled = !active || !(board.hasNotes || board.autoDots);
  $('auto-notes').textContent = t(board.autoDots ? 'Auto dots' : 'Auto notes');
  $('auto-notes').setAttribute('aria-pressed', s.autoNotes ? 'true' : 'false');
  $('colors-toggle').disabled = !active;
  $('colors-toggle').setAttribute('aria-expanded', s.palette && active ? 'true' : 'false');
  $('palette').hidden = !(s.palette && active);
  const mark = s.colors[s.sel] || 0;
  for (let k = 0; k < COLORS.length; k++) $(`color-${k}`).setAttribute('aria-pressed', (k ? mark & (1 << k) : !mark) ? 'true' : 'false');
  $('undo').disabled = !active || !s.undo.length;
  $('redo').disabled = !active || !s.redo.length;
  $('hint').disabled = !active;
  $('check').disabled = !active;
  document.body.classList.toggle('notes-mode', !!s.notesMode);
  board.renderSide(ctx);
  showMode();
  $('pad').querySelectorAll('button').forEach((b) => { b.disabled = !active; });
}

export function focusCell() {
  const s = state;
  if (!s.game || !s.board.cellEls[s.sel] || isPaused()) return;
  s.board.cellEls[s.sel].focus({ preventScroll: false });
}

export function focusCellIfInBoard() {
  if ($('board').contains(document.activeElement)) focusCell();
}

/** Selects cell i (not a hole), and focuses it unless `focus` is false. */
export function select(i, focus = true) {
  const s = state;
  if (!s.game || i < 0 || i >= s.board.cellEls.length || s.board.cellEls[i].classList.contains('hole')) return;
  if (i !== s.sel) s.typing = null;
  s.sel = i;
  render();
  if (focus) focusCell();
  else keepSelectionInView();
  saveGame();
}

/** Moves the selection one playable cell in the direction (dr, dc), if there is one. */
export function move(dr, dc) {
  const i = state.board.step(state.sel, dr, dc);
  if (i >= 0) select(i);
}
