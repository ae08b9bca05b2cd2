// The magnified board, for boards whose cells are too small to tap on a phone (16x16 Sudoku,
// 12x12 Hidato, large pasted puzzles): when the cells that fit the screen are under
// OFFER_BELOW_PX, the "Zoom" tool is shown; on, the board's cells are at least 44 px (2.75rem,
// the touch target size) and the board scrolls inside a window the size the whole board had
// (style.css `.board-wrap.zoomed`): a finger pans it (from an empty cell; a Hidato number starts
// a drag instead), the keyboard's selection scrolls into view by itself (focus), and a cell
// selected with the pad's help stays in view (`keepSelectionInView`). The choice is kept in the
// preferences (`zoom`), and applies again to the next large board.
import { $, state, savePrefs } from './state.js';

/** Cells narrower than this (CSS px) at the size that fits make the Zoom tool show. */
const OFFER_BELOW_PX = 34;

/** The width of a cell of the board as it fits the screen, unzoomed (px). */
function fittedCell() {
  const wrap = $('board-wrap');
  const table = $('board');
  const zoomed = wrap.classList.contains('zoomed');
  const { scrollLeft, scrollTop } = wrap; // lost while the window is no scroller
  if (zoomed) wrap.classList.remove('zoomed');
  const td = table.querySelector('td');
  const px = td ? td.getBoundingClientRect().width : Infinity;
  if (zoomed) {
    wrap.classList.add('zoomed');
    wrap.scrollLeft = scrollLeft;
    wrap.scrollTop = scrollTop;
  }
  return px;
}

/** Shows the Zoom tool when the board's cells are small, and zooms if the player chose so. */
export function updateZoom() {
  const button = $('zoom-toggle');
  const offered = !!state.board && fittedCell() < OFFER_BELOW_PX;
  const on = offered && !!state.prefs.zoom;
  button.hidden = !offered;
  button.setAttribute('aria-pressed', on ? 'true' : 'false');
  $('board-wrap').classList.toggle('zoomed', on);
  if (on) keepSelectionInView();
}

/** updateZoom at the next frame, once however often it is asked before (a resize, a new
 * board): its measure then costs no layout of its own, the frame needs that layout anyway. */
export function scheduleZoom() {
  if (state.zoomFrame) return;
  state.zoomFrame = requestAnimationFrame(() => {
    state.zoomFrame = 0;
    updateZoom();
  });
}

/** Turns the magnified board on or off (a preference). */
export function toggleZoom() {
  state.prefs.zoom = !state.prefs.zoom;
  savePrefs();
  updateZoom();
}

/** Scrolls the zoomed board so that the selected cell is in view. */
export function keepSelectionInView() {
  const wrap = $('board-wrap');
  const td = state.board && state.board.cellEls[state.sel];
  if (!td || !wrap.classList.contains('zoomed')) return;
  const w = wrap.getBoundingClientRect();
  const c = td.getBoundingClientRect();
  if (c.left < w.left) wrap.scrollLeft -= w.left - c.left + c.width / 2;
  else if (c.right > w.right) wrap.scrollLeft += c.right - w.right + c.width / 2;
  if (c.top < w.top) wrap.scrollTop -= w.top - c.top + c.height / 2;
  else if (c.bottom > w.bottom) wrap.scrollTop += c.bottom - w.bottom + c.height / 2;
}
