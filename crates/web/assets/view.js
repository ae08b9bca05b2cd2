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

/** A hint's chain (X-chain, XY-chain, AIC), drawn over the board from its second stage on, as
 * SudokuPad and Hodoku draw them: a ring round each node (its candidate's place in the cell's
 * notes), strong links solid, weak links dashed. An SVG over the table in the board's own frame
 * (offsets, not screen positions, so that it scrolls with a zoomed board); redrawn only when the
 * chain or the board's size changes. */
function drawChain() {
  const s = state;
  const wrap = $('board-wrap');
  const table = $('board');
  const h = s.hint;
  const nodes = h && (h.stage || 3) >= 2 && Array.isArray(h.chain) ? h.chain : [];
  let svg = $('chain');
  if (!nodes.length || !s.board.cellEls.length) { if (svg) svg.remove(); return; }
  const key = `${JSON.stringify(nodes)}|${table.offsetWidth}x${table.offsetHeight}|${table.offsetLeft},${table.offsetTop}`;
  if (svg && svg.dataset.key === key) return;
  const NS = 'http://www.w3.org/2000/svg';
  if (!svg) {
    svg = document.createElementNS(NS, 'svg');
    svg.id = 'chain';
    svg.dataset.testid = 'chain';
    svg.setAttribute('class', 'chain');
    svg.setAttribute('aria-hidden', 'true');
    wrap.appendChild(svg);
  }
  svg.dataset.key = key;
  const g = s.board.geom;
  const bc = g.bc || Math.ceil(Math.sqrt(g.n || 9));
  const br = g.br || Math.ceil((g.n || 9) / bc);
  const at = ([cell, d]) => {
    const td = s.board.cellEls[cell];
    const w = td.offsetWidth / bc;
    const hgt = td.offsetHeight / br;
    return {
      x: table.offsetLeft + td.offsetLeft + ((d - 1) % bc + 0.5) * w,
      y: table.offsetTop + td.offsetTop + (Math.floor((d - 1) / bc) + 0.5) * hgt,
      r: Math.min(w, hgt) * 0.48,
    };
  };
  const points = nodes.map(at);
  svg.setAttribute('width', String(table.offsetLeft + table.offsetWidth));
  svg.setAttribute('height', String(table.offsetTop + table.offsetHeight));
  const parts = [];
  points.forEach((a, k) => {
    if (k + 1 >= points.length) return;
    const b = points[k + 1];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    // From ring to ring, not across the digits.
    const line = document.createElementNS(NS, 'line');
    line.setAttribute('x1', (a.x + (dx * a.r) / len).toFixed(1));
    line.setAttribute('y1', (a.y + (dy * a.r) / len).toFixed(1));
    line.setAttribute('x2', (b.x - (dx * b.r) / len).toFixed(1));
    line.setAttribute('y2', (b.y - (dy * b.r) / len).toFixed(1));
    line.setAttribute('class', k % 2 === 0 ? 'strong' : 'weak');
    parts.push(line);
  });
  for (const p of points) {
    const ring = document.createElementNS(NS, 'circle');
    ring.setAttribute('cx', p.x.toFixed(1));
    ring.setAttribute('cy', p.y.toFixed(1));
    ring.setAttribute('r', p.r.toFixed(1));
    parts.push(ring);
  }
  svg.replaceChildren(...parts);
}

export function render() {
  const s = state;
  if (!s.game) return;
  const board = s.board;
  const ctx = board.renderCells(conflictSet());
  drawChain();

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
  $('digit-first-help').hidden = !s.prefs.digitFirst;
  $('digit-first').disabled = !board.hasNotes;
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
