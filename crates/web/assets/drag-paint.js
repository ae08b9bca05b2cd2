// Painting cells by dragging (pointer events: touch, pen and mouse alike), for the boards whose
// cells hold one of two marks (Nonogram's ShadeBoard, `board.paints`): press on a cell and move
// along its row or column; every cell entered that holds what the first cell held gets what a
// tap would have given the first cell (empty → shaded, shaded → dot, dot → empty), so a stroke
// shades a run, dots a gap or clears either, as nonogram apps do. The stroke keeps to the line
// of its first move (a wobble into the next row does not paint it), and goes back over nothing:
// a cell painted stays painted until the stroke ends. The whole stroke is one undo step. A press
// and release on one cell is left to the click that follows (the board's tap).
//
// The board's cells are `touch-action: none` (board.css `.board.runs`), so a finger paints
// instead of scrolling, but on a zoomed board, where a finger pans. The table captures the
// pointer, and the cell under it is found with elementFromPoint.
import { state, isPlaying, setStatus } from './state.js';
import { change } from './edits.js';
import { select } from './view.js';
import { t, number } from './i18n.js';

/** A move counts for a cell only this near its centre (a fraction of its side, each way). */
const INNER = 0.42;

/** The playable cell at the point (x, y) of the viewport, or -1 (only near its centre). */
function cellAt(board, x, y) {
  const el = document.elementFromPoint(x, y);
  const td = el && el.closest('td[role="gridcell"]');
  if (!td || !board.cellEls.includes(td)) return -1;
  const r = td.getBoundingClientRect();
  const far = Math.max(Math.abs(x - (r.left + r.width / 2)) / r.width, Math.abs(y - (r.top + r.height / 2)) / r.height);
  return far > INNER ? -1 : Number(td.dataset.row) * board.geom.width + Number(td.dataset.col);
}

/** Whether a finger pans here rather than paints (the zoomed board). */
function panning(e) {
  return e.pointerType === 'touch' && !!e.currentTarget.closest('.board-wrap.zoomed');
}

/** Starts a stroke. Held in the board (state.board.stroke): { pointer, start, from (what the
 * first cell held), to (what the stroke paints), along ('row', 'col' or null before the first
 * move), painted (cells changed) }, or null. */
function startPaint(board, e) {
  if (!isPlaying() || (e.pointerType === 'mouse' && e.button !== 0) || !e.isPrimary || panning(e)) return;
  const i = cellAt(board, e.clientX, e.clientY);
  if (i < 0) return;
  const from = state.cells[i];
  board.stroke = { pointer: e.pointerId, start: i, from, to: board.next(from), along: null, painted: new Set() };
  e.currentTarget.setPointerCapture(e.pointerId);
}

function movePaint(board, e) {
  const s = board.stroke;
  if (!s || s.pointer !== e.pointerId || !isPlaying()) return;
  const j = cellAt(board, e.clientX, e.clientY);
  if (j < 0 || j === s.start || s.painted.has(j)) return;
  const w = board.geom.width;
  const [r0, c0, r, c] = [Math.floor(s.start / w), s.start % w, Math.floor(j / w), j % w];
  if (!s.along) {
    if (r !== r0 && c !== c0) return;
    s.along = r === r0 ? 'row' : 'col';
  }
  // The cells from the start to j along the stroke's line (a fast move may skip some).
  if ((s.along === 'row' && r !== r0) || (s.along === 'col' && c !== c0)) return;
  const step = s.along === 'row' ? Math.sign(c - c0) : Math.sign(r - r0) * w;
  const list = [];
  for (let k = s.start; ; k += step) {
    if (!s.painted.has(k) && state.cells[k] === s.from && !board.givens[k]) {
      s.painted.add(k);
      list.push({ i: k, v: s.to });
    }
    if (k === j) break;
  }
  if (list.length) change(list, s.painted.size > list.length);
  select(j, false);
}

function endPaint(board, e) {
  const s = board.stroke;
  if (!s || s.pointer !== e.pointerId) return;
  board.stroke = null;
  if (s.painted.size > 1) {
    setStatus(t('Painted {n} cells (Undo takes the whole stroke back).', { n: number(s.painted.size) }));
    // The click that follows is the stroke's own, not a tap on its last cell.
    board.paintEnded = performance.now();
  }
}

/** A click this soon after a stroke ended is the stroke's own. */
const CLICK_AFTER_STROKE_MS = 400;

/** Wires painting by drag on `table` for the board of the moment (state.board, when it paints). */
export function wirePaint(table) {
  const on = (fn) => (e) => { const b = state.board; if (b && b.paints) fn(b, e); };
  table.addEventListener('pointerdown', on(startPaint));
  table.addEventListener('pointermove', on(movePaint));
  table.addEventListener('pointerup', on(endPaint));
  table.addEventListener('pointercancel', on(endPaint));
  table.addEventListener('click', (e) => {
    const b = state.board;
    if (b && b.paintEnded && performance.now() - b.paintEnded < CLICK_AFTER_STROKE_MS) {
      b.paintEnded = 0;
      e.stopPropagation();
    }
  }, { capture: true });
}
