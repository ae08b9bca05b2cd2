// The boards of the families served through the library's traits (Killer Sudoku, KenKen, Star
// Battle), drawn from the game's `picture` and checked by its `rules` (FamilyGeom, rules-family.js):
// thick borders between regions, Killer's cages as dashed outlines inset in their cells with
// the sum on a patch in the cage's first cell, KenKen's clues ("24×", "2÷", "3−", "7+", a bare
// number for a hidden operation) in the corner, blocked cells dark, Kakuro's clue blocks split by
// their diagonal with the across sum above it and the down sum below (the `sums` marks). Digit
// families play as Sudoku does (DigitsBoard extends SudokuBoard: notes, auto notes, pad, keys);
// Star Battle's cells cycle empty → dot (no star) → star → empty on a tap (StarBoard); Nonogram's
// cells empty → shaded → dot (marked empty) → empty (ShadeBoard), its runs drawn left of each row
// and above each column from the picture's `runs` marks, a line's clue greyed once its shaded
// cells make it. One class per family is made by familyBoard(kind), whose static methods fill the
// settings form and share links from OPTIONS[kind]; nothing here names a family. A picture's
// marks (variant Sudoku: lines, dots, outside clues in a frame) are drawn in SVG in each cell,
// under its digit (markViews), and in each blocked cell (decorateHole).
import { $, state } from './state.js';
import { FamilyGeom, STAR, DOT, SHADED } from './rules-family.js';
import { Board } from './board.js';
import { SudokuBoard } from './board-sudoku.js';
import { cap, fillSelect } from './settings.js';
import { place, clearCell } from './edits.js';
import { t, plural, number } from './i18n.js';

/** Thick region borders, the dashed cage outline and the corner clue of one cell. */
function decorate(board, td, r, c) {
  const g = board.geom;
  const w = g.width;
  const i = r * w + c;
  const other = (j, on) => on && g.region(j) !== g.region(i);
  if (other(i - 1, c > 0)) td.classList.add('bl');
  if (other(i - w, r > 0)) td.classList.add('bt');
  if (board.tints) td.classList.add(`tint-${board.tints.get(g.region(i))}`);
  const extras = markViews(board, r, c);
  if (g.picture.frame && (r === 0 || c === 0 || r === g.height - 1 || c === w - 1)) td.classList.add('edge');
  if (board.runs) {
    if (c === 0 && board.runs.has(`r${r}`)) extras.push(runsView(board, `r${r}`, 'runs-row'));
    if (r === 0 && board.runs.has(`c${c}`)) extras.push(runsView(board, `c${c}`, 'runs-col'));
    if (c > 0 && c % 5 === 0) td.classList.add('b5l');
    if (r > 0 && r % 5 === 0) td.classList.add('b5t');
  }
  const cage = g.outline(i);
  if (cage !== null && cage !== undefined) {
    const out = document.createElement('span');
    out.className = 'cage';
    out.setAttribute('aria-hidden', 'true');
    const edge = (j, on) => !on || g.outline(j) !== cage;
    if (edge(i - w, r > 0)) out.classList.add('ct');
    if (edge(i + w, r < g.height - 1)) out.classList.add('cb');
    if (edge(i - 1, c > 0)) out.classList.add('cl');
    if (edge(i + 1, c < w - 1)) out.classList.add('cr');
    extras.push(out);
  }
  const corner = g.picture.cells[i].corner;
  if (corner) {
    const label = document.createElement('span');
    label.className = corner.length > 3 ? 'corner long' : 'corner';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = corner;
    extras.push(label);
  }
  board.extraEls[i] = extras;
}

/** The runs of a line beside the grid (Nonogram): one number each, read from the grid outwards
 * in the line's order (a row's left to right, a column's top to bottom); `0` for none. Kept in
 * board.clueEls by the line's key (`r3`, `c0`) so that a line made greys its clue. */
function runsView(board, key, where) {
  const box = document.createElement('span');
  box.className = `runs ${where}`;
  box.setAttribute('aria-hidden', 'true');
  const runs = board.runs.get(key);
  // The numbers are drawn from data-n by CSS (board.css): the cell's spoken name says the
  // clues, and text in the cell that its name leaves out would be read as a mismatch.
  for (const n of runs.length ? runs : [0]) {
    const one = document.createElement('span');
    one.dataset.n = String(n);
    box.appendChild(one);
  }
  board.clueEls.set(key, box);
  return box;
}

/** The runs marks of a picture by line key (`r3` a row, `c0` a column), or null without. */
function runsOf(picture) {
  const marks = (picture.marks || []).filter((m) => m.kind === 'runs');
  if (!marks.length) return null;
  return new Map(marks.map((m) => [m.clue[1] < 0 ? `r${m.clue[0]}` : `c${m.clue[1]}`, m.runs]));
}

/** Tints (0..TINTS-1) for the regions of a board whose regions are the puzzle (Star Battle), so
 * that no two touching regions share one: greedy colouring, the regions with most neighbours
 * first (a map of regions needs at most four; greedy rarely needs more than five). */
const TINTS = 6;
function regionTints(g) {
  const w = g.width;
  const near = new Map();
  const link = (a, b) => {
    if (a === b || a === null || a === undefined || b === null || b === undefined) return;
    if (!near.has(a)) near.set(a, new Set());
    if (!near.has(b)) near.set(b, new Set());
    near.get(a).add(b);
    near.get(b).add(a);
  };
  for (let i = 0; i < w * g.height; i++) {
    near.has(g.region(i)) || near.set(g.region(i), new Set());
    if (i % w < w - 1) link(g.region(i), g.region(i + 1));
    if (i + w < w * g.height) link(g.region(i), g.region(i + w));
  }
  const order = [...near.keys()].sort((a, b) => near.get(b).size - near.get(a).size || a - b);
  const tints = new Map();
  order.forEach((region, k) => {
    const used = new Set([...near.get(region)].map((x) => tints.get(x)));
    let t = 0;
    while (t < TINTS && used.has(t)) t++;
    tints.set(region, t < TINTS ? t : k % TINTS);
  });
  return tints;
}

/** What every family board shares: the picture's decorations, names and the settings form. */
const FamilyParts = (Base) => class extends Base {
  /** Names of a hint's cells as the server writes them: a row's cells side by side as a range
   * ("r11c6-r11c8"), then a column's ("r3c5-r9c5"), the rest alone; by first cell. */
  cellsNamed(cells) {
    const w = this.geom.width;
    const left = new Set(cells);
    const ranges = [];
    for (const step of [1, w]) {
      for (const i of [...left].sort((a, b) => a - b)) {
        if (!left.has(i) || (left.has(i - step) && (step === w || i % w !== 0))) continue;
        let end = i;
        while (left.has(end + step) && (step === w || (end + 1) % w !== 0)) end += step;
        if (end === i) continue;
        for (let k = i; k <= end; k += step) left.delete(k);
        ranges.push([i, `${this.cellName(i)}-${this.cellName(end)}`]);
      }
    }
    for (const i of left) ranges.push([i, this.cellName(i)]);
    return ranges.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
  }
  build(table) {
    this.marksId = defineMarks(this.geom.picture);
    this.tints = this.geom.stars ? regionTints(this.geom) : null;
    this.runs = runsOf(this.geom.picture);
    this.clueEls = new Map();
    super.build(table);
  }
  tableVars(table) {
    table.classList.add('family');
    if (this.runs) {
      // Runs beside the grid: room for the longest row clue on the left and the tallest column
      // clue above, in cells (a number a bit under half a cell wide, a third more with two
      // digits), counted in the cells' size so that the whole fits the room.
      const rows = [...this.runs].filter(([k]) => k[0] === 'r').map(([, runs]) => runs);
      const cols = [...this.runs].filter(([k]) => k[0] === 'c').map(([, runs]) => runs);
      const wide = Math.max(1, ...rows.map((runs) => runs.reduce((a, n) => a + (n > 9 ? 0.62 : 0.45), 0.25)));
      const tall = Math.max(1, ...cols.map((runs) => runs.length * 0.5 + 0.25));
      table.classList.add('runs');
      table.style.setProperty('--clue-w', wide.toFixed(2));
      table.style.setProperty('--clue-h', tall.toFixed(2));
      table.style.setProperty('--cols', (this.geom.width + wide).toFixed(2));
      table.style.setProperty('--rows', (this.geom.height + tall).toFixed(2));
      return;
    }
    if (this.geom.picture.marks?.length) table.classList.add('marked');
    // Clues outside the grid: a frame one cell wide, the cells sized for two more of each.
    if (this.geom.picture.frame) {
      table.classList.add('framed');
      table.style.setProperty('--cols', this.geom.width + 2);
      table.style.setProperty('--rows', this.geom.height + 2);
    }
  }
  decorate(td, r, c) { decorate(this, td, r, c); }
  /** A blocked cell shows its square of the marks (a clue block's sums); it is never redrawn. */
  decorateHole(td, r, c) { td.replaceChildren(...markViews(this, r, c)); }
  extras(i) { return this.extraEls[i] || []; }
  /** Corner marks keep off the top left and top middle of a cell with a clue there. */
  cornerSlots(i) { return this.geom.picture.cells[i].corner ? [1, 2, 3, 5, 6, 7] : [0, 1, 2, 3, 4, 5, 6, 7]; }
  labelWhere(r, c) {
    const i = r * this.geom.width + c;
    const clue = this.geom.cageClue(i);
    if (clue) {
      const v = { total: clue.total };
      switch (clue.op) {
        case 'plus': return t(', cage {total} plus', v);
        case 'minus': return t(', cage {total} minus', v);
        case 'times': return t(', cage {total} times', v);
        case 'divided': return t(', cage {total} divided', v);
        default: return t(', cage {total}', v);
      }
    }
    if (this.runs) {
      const words = (runs) => (runs.length ? runs.map((n) => number(n)).join(' ') : number(0));
      return t(', clues {row} and {column}', { row: words(this.runs.get(`r${r}`) || []), column: words(this.runs.get(`c${c}`) || []) });
    }
    return this.geom.stars ? t(', region {n}', { n: number(this.geom.region(i) + 1) }) : '';
  }
  labelRules() { return ''; }

  /** "9×9 Killer Sudoku". */
  static title(c) { return `${c.width}×${c.height} ${t(this.options(state.options).title)}`; }
  static options(options) { return options[this.kind]; }
  static fillSettings(options, wanted) {
    const o = this.options(options);
    $('size-label').textContent = t('Size');
    $('variant-label').textContent = t('Rules');
    fillSelect($('size'), o.sizes, (n) => `${n}×${n}`, wanted.size ?? $('size').value);
    if (!$('size').value) $('size').value = String(o.sizes[Math.floor(o.sizes.length / 2)]);
    fillSelect($('variant'), ['standard'], () => 'Standard', 'standard');
    fillSelect($('difficulty'), o.levels[$('size').value] || o.difficulties, cap, wanted.difficulty);
  }
  static settingsRequest(kind, difficulty) { return { kind, size: Number($('size').value), difficulty }; }
  /** The puzzle's janko text. */
  static shareText(game) { return game.share || ''; }
  static shareParams() {}
  /** A solution of POST /api/puzzles/analyze as rows. */
  static gridText(solution) {
    const n = Math.round(Math.sqrt(solution.length));
    const sym = (v) => (v === -1 ? '#' : v === STAR ? '*' : v === DOT ? '-' : String(v));
    const rows = [];
    for (let r = 0; r < n; r++) rows.push(solution.slice(r * n, (r + 1) * n).map(sym).join(' '));
    return rows.join('\n');
  }
};

/** Killer Sudoku and KenKen: Sudoku's play (notes, auto notes, pad, keys) on the picture. */
class DigitsBoard extends FamilyParts(SudokuBoard) {
  constructor(game) {
    super(game, new FamilyGeom(game.picture, game.rules));
    this.extraEls = [];
  }
  symbol(v) { return v > 0 ? String(v) : ''; }
  /** Auto notes know the cages: a digit no filling of the cell's cage makes its clue with is
   * left out (a one-cell cage "5" gets 5 alone). */
  narrow(cells, i, mask, maskOf) { return this.geom.cageCandidates(i, mask, cells, maskOf); }
  cageMates(i) { return this.geom.cageMates(i); }
  helpText() {
    return t('Arrows move, type a digit to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.');
  }
}

/** Star Battle: a tap cycles empty → dot → star → empty; keys S (star), X or . (dot), 0 (clear). */
class StarBoard extends FamilyParts(Board) {
  constructor(game) {
    super(game, new FamilyGeom(game.picture, game.rules));
    this.extraEls = [];
  }
  symbol(v) { return v === STAR ? '★' : v === DOT ? '·' : ''; }
  word(v) { return v === STAR ? t('star') : v === DOT ? t('no star') : ''; }
  /** "10×10 Star Battle, 2★ a line and region, hard": the count of stars is part of the puzzle. */
  rulesWords() { return t(', {n}★ a line and region', { n: number(this.geom.n) }); }
  helpText() {
    return plural(this.geom.n, 'Place 1 star in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.',
      'Place {n} stars in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.');
  }
  /** Puts v in cell i as one undo step; with auto dots, a star dots its empty neighbours. */
  set(i, v) {
    const list = [[i, v]];
    if (v === STAR && state.autoNotes) for (const j of this.geom.around(i)) if (!state.cells[j]) list.push([j, DOT]);
    place(list);
  }
  /** The next state of a tap: empty → dot → star → empty. */
  tap(i) {
    const v = state.cells[i];
    this.set(i, v === 0 ? DOT : v === DOT ? STAR : 0);
  }
  buildPad(pad) {
    const mk = Board.padButton;
    const star = mk('pad-star', '★', t('Put a star'), () => this.set(state.sel, STAR));
    const dot = mk('pad-dot', '·', t('Mark no star'), () => this.set(state.sel, DOT));
    const clear = mk('pad-clear', '⌫', t('Clear the cell'), clearCell);
    pad.className = 'pad pad-stars';
    pad.replaceChildren(star, dot, clear);
  }
  get taps() { return true; }
  get autoDots() { return true; }
  /** Auto dots turned on: the empty cells around every star get a dot, as one undo step. */
  dotAround() {
    const list = [];
    state.cells.forEach((v, i) => { if (v === STAR) for (const j of this.geom.around(i)) if (!state.cells[j]) list.push([j, DOT]); });
    place(list);
  }
  isFull(cells) { return this.geom.complete(cells); }
  renderSide() { $('hidato-next').hidden = true; }
  onKey(e) {
    const k = e.key.toLowerCase();
    const i = state.sel;
    if (k === 's' || k === '*') { e.preventDefault(); this.set(i, STAR); return true; }
    if (k === 'x' || k === '.') { e.preventDefault(); this.set(i, DOT); return true; }
    if (k === '0') { e.preventDefault(); clearCell(); return true; }
    if (k === 'enter') { e.preventDefault(); this.tap(i); return true; }
    if (k === 'm') { e.preventDefault(); $('auto-notes').click(); return true; }
    return false;
  }
}

/** Nonogram: a tap cycles empty → shaded → dot (marked empty) → empty, a drag along a line
 * paints what its first tap would (drag-paint.js); keys F or # (shade), X or . (dot), 0
 * (clear). A line whose shaded cells make its runs has its clue greyed. */
class ShadeBoard extends FamilyParts(Board) {
  constructor(game) {
    super(game, new FamilyGeom(game.picture, game.rules));
    this.extraEls = [];
    // Each rule line's key, to grey the clue drawn for it: a row's cells share a row.
    const w = this.geom.width;
    this.lineKeys = this.geom.lines.map((line) => {
      const [a, b] = line.cells;
      return b === undefined || Math.floor(a / w) === Math.floor(b / w) ? `r${Math.floor(a / w)}` : `c${a % w}`;
    });
  }
  symbol(v) { return v === DOT ? '·' : ''; }
  word(v) { return v === SHADED ? t('shaded') : v === DOT ? t('marked empty') : ''; }
  helpText() {
    return t('Shade cells so that every row and column shows runs of the lengths its clue gives, in order, with at least one empty cell between two runs. Tap a cell (or press Enter) to cycle: shaded, dot (empty), clear; drag along a row or column to paint several. F shades, X or . marks empty, 0 clears. A clue turns grey once its line is made.');
  }
  renderCells(conflicts) {
    const ctx = super.renderCells(conflicts);
    this.cellEls.forEach((td, i) => td.classList.toggle('shaded', state.cells[i] === SHADED));
    this.geom.lines.forEach((_, k) => {
      this.clueEls.get(this.lineKeys[k])?.classList.toggle('done', this.geom.lineDone(state.cells, k));
    });
    return ctx;
  }
  set(i, v) { place([[i, v]]); }
  /** What a tap makes of a cell holding v: empty → shaded → dot → empty. */
  next(v) { return v === 0 ? SHADED : v === SHADED ? DOT : 0; }
  tap(i) { this.set(i, this.next(state.cells[i])); }
  /** A drag along a row or column paints (drag-paint.js). */
  get paints() { return true; }
  buildPad(pad) {
    const mk = Board.padButton;
    const shade = mk('pad-shade', '■', t('Shade the cell'), () => this.set(state.sel, SHADED));
    const dot = mk('pad-dot', '·', t('Mark the cell empty'), () => this.set(state.sel, DOT));
    const clear = mk('pad-clear', '⌫', t('Clear the cell'), clearCell);
    pad.className = 'pad pad-stars';
    pad.replaceChildren(shade, dot, clear);
  }
  get taps() { return true; }
  isFull(cells) { return this.geom.complete(cells); }
  renderSide() { $('hidato-next').hidden = true; }
  onKey(e) {
    const k = e.key.toLowerCase();
    const i = state.sel;
    if (k === 'f' || k === '#') { e.preventDefault(); this.set(i, SHADED); return true; }
    if (k === 'x' || k === '.') { e.preventDefault(); this.set(i, DOT); return true; }
    if (k === '0') { e.preventDefault(); clearCell(); return true; }
    if (k === 'enter') { e.preventDefault(); this.tap(i); return true; }
    return false;
  }
  /** A solution as rows: `#` shaded, `.` empty (the answer's text form). */
  static gridText(solution) {
    const n = Math.round(Math.sqrt(solution.length));
    const rows = [];
    for (let r = 0; r < n; r++) rows.push(solution.slice(r * n, (r + 1) * n).map((v) => (v === SHADED ? '#' : '.')).join(''));
    return rows.join('\n');
  }
}

const BOARDS = { stars: StarBoard, shade: ShadeBoard, digits: DigitsBoard };

const made = new Map();

/** The board class of a family: its entry's board, whose static methods read OPTIONS[kind]. */
export function familyBoard(kind, options) {
  if (!made.has(kind)) {
    const Base = BOARDS[options[kind].entry] || DigitsBoard;
    made.set(kind, class extends Base { static kind = kind; });
  }
  return made.get(kind);
}

// ------------------------------------------------------------ marks (variant Sudoku)
// The picture's marks drawn in SVG in grid units (a cell is 1): one group defined once in a
// hidden <svg>, shown in every cell by a <use> whose viewBox is that cell's square, so each cell
// clips its own part (a line's piece, half an edge dot). The cell's SVG sits over its background
// (selection and peers stay visible through the lines' transparency) and under its digit and
// notes; clues outside the grid are drawn in the frame by the edge cells, which let them out.

const SVGNS = 'http://www.w3.org/2000/svg';
let marksSerial = 0;

const pt = ([r, c]) => [c + 0.5, r + 0.5];
const path = (cells) => cells.map((s, k) => `${k ? 'L' : 'M'}${pt(s)[0]} ${pt(s)[1]}`).join('');
const esc = (t) => String(t).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const text = (x, y, size, words, cls = '') =>
  `<text class="mk-text ${cls}" x="${x}" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central">${esc(words)}</text>`;

/** The bounds [x0, y0, x1, y1] of cells' squares. */
function bounds(cells) {
  const rs = cells.map((s) => s[0]);
  const cs = cells.map((s) => s[1]);
  return [Math.min(...cs), Math.min(...rs), Math.max(...cs) + 1, Math.max(...rs) + 1];
}

/** One mark as SVG markup in grid units. */
function markSvg(m, w, h) {
  const color = m.color ? ` style="stroke:${esc(m.color)}"` : '';
  switch (m.kind) {
    case 'shade':
      return m.cells.map(([r, c]) => `<rect class="mk-shade mk-${m.what} g${m.group % 3}" x="${c}" y="${r}" width="1" height="1"/>`).join('');
    case 'diagonal':
      return m.positive ? `<path class="mk-diag" d="M0 ${h}L${w} 0"/>` : `<path class="mk-diag" d="M0 0L${w} ${h}"/>`;
    case 'line': {
      const d = path(m.cells);
      const [bx, by] = pt(m.cells[0]);
      if (m.line === 'thermometer' || m.line === 'slow-thermometer') {
        const hollow = m.line === 'slow-thermometer' ? `<path class="mk-slow" d="${d}"/>` : '';
        return `<g class="mk-thermo"><path d="${d}"/><circle cx="${bx}" cy="${by}" r="0.38"/></g>${hollow}`;
      }
      if (m.line === 'between') {
        const [ex, ey] = pt(m.cells[m.cells.length - 1]);
        return `<path class="mk-line mk-between" d="${d}"/><circle class="mk-end" cx="${bx}" cy="${by}" r="0.4"/><circle class="mk-end" cx="${ex}" cy="${ey}" r="0.4"/>`;
      }
      return `<path class="mk-line mk-${m.line}" d="${d}"${color}/>`;
    }
    case 'arrow': {
      let out = '';
      for (const line of m.lines) {
        if (!line.length) continue;
        const first = line[0];
        const from = m.circle.reduce((a, s) => (Math.abs(s[0] - first[0]) + Math.abs(s[1] - first[1]) < Math.abs(a[0] - first[0]) + Math.abs(a[1] - first[1]) ? s : a), m.circle[0]);
        const cells = [from, ...line];
        const [bx, by] = pt(cells[cells.length - 1]);
        const [ax, ay] = pt(cells[cells.length - 2]);
        const len = Math.hypot(bx - ax, by - ay) || 1;
        const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
        const k = 0.28;
        const [c, s] = [Math.cos(0.7), Math.sin(0.7)];
        const l = [bx - k * (ux * c - uy * s), by - k * (uy * c + ux * s)];
        const r = [bx - k * (ux * c + uy * s), by - k * (uy * c - ux * s)];
        out += `<path class="mk-arrow" d="${path(cells)}M${l[0]} ${l[1]}L${bx} ${by}L${r[0]} ${r[1]}"/>`;
      }
      const [x0, y0, x1, y1] = bounds(m.circle);
      return `${out}<rect class="mk-bulb" x="${x0 + 0.08}" y="${y0 + 0.08}" width="${x1 - x0 - 0.16}" height="${y1 - y0 - 0.16}" rx="0.42"/>`;
    }
    case 'dot': {
      const [[r1, c1], [r2, c2]] = m.cells;
      const [x, y] = [(c1 + c2) / 2 + 0.5, (r1 + r2) / 2 + 0.5];
      const label = m.value !== undefined ? text(x, y, 0.17, m.value, m.black ? 'on-dark' : '') : '';
      return `<circle class="mk-dot ${m.black ? 'black' : 'white'}" cx="${x}" cy="${y}" r="0.12"/>${label}`;
    }
    case 'edge-text': {
      const [[r1, c1], [r2, c2]] = m.cells;
      const [x, y] = [(c1 + c2) / 2 + 0.5, (r1 + r2) / 2 + 0.5];
      return `<circle class="mk-patch" cx="${x}" cy="${y}" r="0.15"/>${text(x, y, 0.28, m.text, 'bold')}`;
    }
    case 'cell-shape': {
      const [x, y] = pt(m.cell);
      return m.shape === 'circle'
        ? `<circle class="mk-parity" cx="${x}" cy="${y}" r="0.4"/>`
        : `<rect class="mk-parity" x="${x - 0.38}" y="${y - 0.38}" width="0.76" height="0.76"/>`;
    }
    case 'quadruple': {
      const x = Math.min(...m.cells.map((s) => s[1])) + 1;
      const y = Math.min(...m.cells.map((s) => s[0])) + 1;
      const top = m.values.slice(0, 2).join(' ');
      const bottom = m.values.slice(2).join(' ');
      const words = bottom ? text(x, y - 0.09, 0.15, top) + text(x, y + 0.1, 0.15, bottom) : text(x, y, 0.17, top);
      return `<circle class="mk-quad" cx="${x}" cy="${y}" r="0.27"/>${words}`;
    }
    case 'extremum': {
      const [x, y] = pt(m.cell);
      const [near, far] = [0.33, 0.43];
      const [tip, base] = m.maximum ? [far, near] : [near, far];
      let d = '';
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        d += `M${x + dx * base - dy * 0.1} ${y + dy * base + dx * 0.1}L${x + dx * tip} ${y + dy * tip}L${x + dx * base + dy * 0.1} ${y + dy * base - dx * 0.1}`;
      }
      return `<path class="mk-chevron" d="${d}"/>`;
    }
    case 'little-killer': {
      const [x, y] = pt(m.clue);
      const [dx, dy] = [m.step[1], m.step[0]];
      const [fx, fy, tx, ty] = [x + dx * 0.22, y + dy * 0.22, x + dx * 0.42, y + dy * 0.42];
      return `${text(x - dx * 0.12, y - dy * 0.12, 0.34, m.sum, 'clue')}<path class="mk-clue-arrow" d="M${fx} ${fy}L${tx} ${ty}M${tx - dx * 0.1} ${ty}L${tx} ${ty}L${tx} ${ty - dy * 0.1}"/>`;
    }
    case 'outside': {
      const [x, y] = pt(m.clue);
      return text(x, y, 0.42, m.value, 'clue');
    }
    case 'sums': {
      // A clue block split from its top left to its bottom right: the across sum in the upper
      // right triangle, the down sum in the lower left one, light on the dark block.
      const [r, c] = m.cell;
      const across = m.right !== undefined ? text(c + 0.69, r + 0.3, 0.36, m.right, 'mk-sums-text') : '';
      const down = m.down !== undefined ? text(c + 0.31, r + 0.7, 0.36, m.down, 'mk-sums-text') : '';
      return `<path class="mk-sums-line" d="M${c} ${r}L${c + 1} ${r + 1}"/>${across}${down}`;
    }
    case 'cosmetic': {
      if (!m.cells.length) return '';
      const [x0, y0, x1, y1] = bounds(m.cells);
      const style = m.color ? ` style="stroke:${esc(m.color)}"` : '';
      const shape = m.shape === 'circle'
        ? `<circle class="mk-cosmetic" cx="${(x0 + x1) / 2}" cy="${(y0 + y1) / 2}" r="${Math.min(x1 - x0, y1 - y0) / 2 - 0.1}"${style}/>`
        : `<rect class="mk-cosmetic" x="${x0 + 0.1}" y="${y0 + 0.1}" width="${x1 - x0 - 0.2}" height="${y1 - y0 - 0.2}"${style}/>`;
      return shape + (m.text ? text((x0 + x1) / 2, (y0 + y1) / 2, 0.35, m.text) : '');
    }
    case 'text': {
      if (!m.cells.length) return '';
      const [x0, y0, x1, y1] = bounds(m.cells);
      return text((x0 + x1) / 2, (y0 + y1) / 2, 0.3, m.text);
    }
    default:
      return '';
  }
}

/** The hidden <svg> defining the picture's marks as one group; its id, or null without marks. */
function defineMarks(picture) {
  // Runs are drawn as text beside the grid (runsView), not in the SVG.
  const marks = (picture.marks || []).filter((m) => m.kind !== 'runs');
  document.getElementById('family-marks')?.remove();
  if (!marks.length) return null;
  const id = `family-marks-${++marksSerial}`;
  const defs = document.createElementNS(SVGNS, 'svg');
  defs.id = 'family-marks';
  defs.setAttribute('aria-hidden', 'true');
  defs.setAttribute('class', 'family-marks-defs');
  // Shading first, then lines, then what sits on edges and corners, then the clues outside and
  // the sums of clue blocks.
  const order = ['shade', 'diagonal', 'cell-shape', 'cosmetic', 'line', 'arrow', 'dot', 'edge-text', 'quadruple', 'extremum', 'text', 'little-killer', 'outside', 'sums'];
  const sorted = [...marks].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  defs.innerHTML = `<defs><g id="${id}">${sorted.map((m) => markSvg(m, picture.width, picture.height)).join('')}</g></defs>`;
  document.body.appendChild(defs);
  return id;
}

/** An SVG showing the square of grid cell (r, c) of the marks `id`; `where` places it. */
function markView(id, r, c, where = '') {
  const svg = document.createElementNS(SVGNS, 'svg');
  svg.setAttribute('class', `marks ${where}`);
  svg.setAttribute('viewBox', `${c} ${r} 1 1`);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVGNS, 'use');
  use.setAttribute('href', `#${id}`);
  svg.appendChild(use);
  return svg;
}

/** The marks' views of cell (r, c): its own square and, on the edge of a framed grid, the
 * frame's squares beside it (above, below, left, right, and the corners). */
function markViews(board, r, c) {
  const id = board.marksId;
  if (!id) return [];
  const views = [markView(id, r, c)];
  const g = board.geom;
  if (!g.picture.frame) return views;
  const last = [g.height - 1, g.width - 1];
  const dr = r === 0 ? [-1] : r === last[0] ? [1] : [];
  const dc = c === 0 ? [-1] : c === last[1] ? [1] : [];
  for (const a of dr) views.push(markView(id, r + a, c, `out r${a}`));
  for (const b of dc) views.push(markView(id, r, c + b, `out c${b}`));
  for (const a of dr) for (const b of dc) views.push(markView(id, r + a, c + b, `out r${a} c${b}`));
  return views;
}
