// The boards of the families served through the library's traits (Killer Sudoku, KenKen, Star
// Battle), drawn from the game's `picture` and checked by its `rules` (FamilyGeom, rules-family.js):
// thick borders between regions, Killer's cages as dashed outlines inset in their cells with
// the sum on a patch in the cage's first cell, KenKen's clues ("24×", "2÷", "3−", "7+", a bare
// number for a hidden operation) in the corner, blocked cells dark. Digit families play as
// Sudoku does (DigitsBoard extends SudokuBoard: notes, auto notes, pad, keys); Star Battle's
// cells cycle empty → dot (no star) → star → empty on a tap (StarBoard). One class per family
// is made by familyBoard(kind), whose static methods fill the settings form and share links
// from OPTIONS[kind]; nothing here names a family.
import { $, state } from './state.js';
import { FamilyGeom, STAR, DOT } from './rules-family.js';
import { Board } from './board.js';
import { SudokuBoard } from './board-sudoku.js';
import { cap, fillSelect } from './settings.js';
import { place, clearCell } from './edits.js';

/** Thick region borders, the dashed cage outline and the corner clue of one cell. */
function decorate(board, td, r, c) {
  const g = board.geom;
  const w = g.width;
  const i = r * w + c;
  const other = (j, on) => on && g.region(j) !== g.region(i);
  if (other(i - 1, c > 0)) td.classList.add('bl');
  if (other(i - w, r > 0)) td.classList.add('bt');
  const extras = [];
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
    label.className = 'corner';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = corner;
    extras.push(label);
  }
  board.extraEls[i] = extras;
}

/** What every family board shares: the picture's decorations, names and the settings form. */
const FamilyParts = (Base) => class extends Base {
  tableVars(table) { table.classList.add('family'); }
  decorate(td, r, c) { decorate(this, td, r, c); }
  extras(i) { return this.extraEls[i] || []; }
  labelWhere(r, c) {
    const i = r * this.geom.width + c;
    return this.geom.cageWords(i) || (this.geom.stars ? `, region ${this.geom.region(i) + 1}` : '');
  }
  labelRules() { return ''; }

  /** "9×9 Killer Sudoku". */
  static title(c) { return `${c.width}×${c.height} ${this.options(state.options).title}`; }
  static options(options) { return options[this.kind]; }
  static fillSettings(options, wanted) {
    const o = this.options(options);
    $('size-label').textContent = 'Size';
    $('variant-label').textContent = 'Rules';
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
  helpText() {
    return 'Arrows move, type a digit to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.';
  }
}

/** Star Battle: a tap cycles empty → dot → star → empty; keys S (star), X or . (dot), 0 (clear). */
class StarBoard extends FamilyParts(Board) {
  constructor(game) {
    super(game, new FamilyGeom(game.picture, game.rules));
    this.extraEls = [];
  }
  symbol(v) { return v === STAR ? '★' : v === DOT ? '·' : ''; }
  word(v) { return v === STAR ? 'star' : v === DOT ? 'no star' : ''; }
  helpText() {
    return `Place ${this.geom.n} star${this.geom.n > 1 ? 's' : ''} in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.`;
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
    const star = mk('pad-star', '★', 'Put a star', () => this.set(state.sel, STAR));
    const dot = mk('pad-dot', '·', 'Mark no star', () => this.set(state.sel, DOT));
    const clear = mk('pad-clear', '⌫', 'Clear the cell', clearCell);
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

const made = new Map();

/** The board class of a family: its entry's board, whose static methods read OPTIONS[kind]. */
export function familyBoard(kind, options) {
  if (!made.has(kind)) {
    const Base = options[kind].entry === 'stars' ? StarBoard : DigitsBoard;
    made.set(kind, class extends Base { static kind = kind; });
  }
  return made.get(kind);
}
