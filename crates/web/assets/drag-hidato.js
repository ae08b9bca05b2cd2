// Drawing a Hidato path with a finger or the mouse (pointer events, so touch, pen and mouse
// alike): press on a number on the board (a given or one placed), then move through touching
// cells; each empty cell entered gets the next number (the one after the cell left), and a cell
// that already holds that next number (a given, or placed before) is walked onto, so a path
// runs on through the givens. A number goes only where it is not on the board already, never
// past the largest, and only into a cell touching the last one (HidatoGeom.neighbours: eight
// ways for Hidato, four for Numbrix). Moving back onto the cell before takes the last number
// placed by the drag off again. The whole drag is one undo step (the first placement opens it,
// the next ones are folded in, as Hidato typing does). The keyboard is untouched.
//
// Empty cells keep the board's `touch-action: manipulation` (a finger there scrolls or pans a
// zoomed board); numbered cells are `touch-action: none` (style.css), so a drag from a number
// draws instead of scrolling. The table captures the pointer, and the cell under it is found
// with elementFromPoint.
import { state, isPlaying, setStatus } from './state.js';
import { change } from './edits.js';
import { select } from './view.js';
import { plural } from './i18n.js';

/** Starts a drag on a number. The drag under way is held in the board (state.board.drag, not
 * at module level): { pointer, path (cells entered, the start first), placed (cells this drag
 * numbered), opened (its undo step exists), moved }, or null. */
function startDrag(board, e) {
  if (!isPlaying() || (e.pointerType === 'mouse' && e.button !== 0)) return;
  const i = cellAt(board, e.clientX, e.clientY);
  if (!e.isPrimary || i < 0 || !state.cells[i]) return;
  e.preventDefault();
  board.drag = { pointer: e.pointerId, path: [i], placed: new Set(), opened: false, moved: false };
  e.currentTarget.setPointerCapture(e.pointerId);
  state.typing = null;
  select(i, false);
}

/** A move counts for a cell only this near its centre (a fraction of its side, each way), so
 * that a diagonal stroke through a corner never enters the two cells beside the corner. */
const INNER = 0.35;

/** The playable cell at the point (x, y) of the viewport, or -1; with `inner`, only if the
 * point is in the middle of the cell (INNER). */
function cellAt(board, x, y, inner = false) {
  const el = document.elementFromPoint(x, y);
  const td = el && el.closest('td[role="gridcell"]');
  if (!td || !board.cellEls.includes(td)) return -1;
  if (inner) {
    const r = td.getBoundingClientRect();
    const far = Math.max(Math.abs(x - (r.left + r.width / 2)) / r.width, Math.abs(y - (r.top + r.height / 2)) / r.height);
    if (far > INNER) return -1;
  }
  return Number(td.dataset.row) * board.geom.width + Number(td.dataset.col);
}

function moveDrag(board, e) {
  const d = board.drag;
  if (!d || d.pointer !== e.pointerId || !isPlaying()) return;
  const j = cellAt(board, e.clientX, e.clientY, true);
  const last = d.path[d.path.length - 1];
  if (j < 0 || j === last) return;
  const cells = state.cells;
  if (d.path.length > 1 && j === d.path[d.path.length - 2]) {
    // Back onto the cell before: the number this drag put in the last cell goes.
    d.path.pop();
    if (d.placed.has(last)) { d.placed.delete(last); change([{ i: last, v: 0 }], true); }
    d.moved = true;
    select(j, false);
    return;
  }
  if (!board.geom.neighbours(last).includes(j)) return;
  const next = cells[last] + 1;
  if (next > board.geom.max) return;
  if (cells[j] === next) {
    d.path.push(j); // a given or a number placed before: the path runs on through it
  } else if (!cells[j] && !board.givens[j] && !cells.includes(next)) {
    change([{ i: j, v: next }], d.opened);
    d.opened = true;
    d.placed.add(j);
    d.path.push(j);
  } else {
    return;
  }
  d.moved = true;
  select(j, false);
}

function endDrag(board, e) {
  const d = board.drag;
  if (!d || d.pointer !== e.pointerId) return;
  board.drag = null;
  if (d.placed.size) {
    const n = d.placed.size;
    setStatus(plural(n, 'Drew 1 number (Undo takes the whole stroke back).', 'Drew {n} numbers (Undo takes the whole stroke back).'));
  }
  // The click that follows a drag is no tap on a cell (see wireDrag).
  if (d.moved) board.dragEnded = performance.now();
}

/** A click this soon after a drag ended is the drag's own. */
const CLICK_AFTER_DRAG_MS = 400;

/** Wires drawing by drag on `table` for the board of the moment (state.board, when Hidato). */
export function wireDrag(table) {
  const on = (fn) => (e) => { const b = state.board; if (b && b.draws) fn(b, e); };
  table.addEventListener('pointerdown', on(startDrag));
  table.addEventListener('pointermove', on(moveDrag));
  table.addEventListener('pointerup', on(endDrag));
  table.addEventListener('pointercancel', on(endDrag));
  // Before app.js's click on the table (a capture listener of an ancestor runs first).
  table.addEventListener('click', (e) => {
    const b = state.board;
    if (b && b.dragEnded && performance.now() - b.dragEnded < CLICK_AFTER_DRAG_MS) {
      b.dragEnded = 0;
      e.stopPropagation();
    }
  }, { capture: true });
}
