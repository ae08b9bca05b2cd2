// The Sudoku board: box borders and diagonals (Sudoku X), pencil marks, the digit pad that marks
// digits all placed, the digit and note keys, and what the settings form and share links hold
// for a Sudoku. Geometry and rules are SudokuGeom's (rules.js).
import { $, state } from './state.js';
import { SudokuGeom, symbol, keyValue } from './rules.js';
import { Board } from './board.js';
import { LABELS, cap, fillSelect } from './settings.js';
import { enter, padDigit, clearCell, toggleNote, toggleNotesMode, toggleAutoNotes } from './edits.js';
import { t, number } from './i18n.js';

export class SudokuBoard extends Board {
  /** `geom` defaults to the game's SudokuGeom (the digit families pass theirs). */
  constructor(game, geom = new SudokuGeom(game.config)) {
    super(game, geom);
  }

  get hasNotes() { return true; }
  symbol(v) { return symbol(v); }
  peersOf(i) { return this.geom.peers[i]; }

  tableVars(table) {
    table.style.setProperty('--nr', this.geom.br);
    table.style.setProperty('--nc', this.geom.bc);
  }

  decorate(td, r, c) {
    const g = this.geom;
    if (c % g.bc === 0 && c > 0) td.classList.add('bl');
    if (r % g.br === 0 && r > 0) td.classList.add('bt');
    if (g.onDiagonal(r, c)) {
      td.classList.add('diag');
      if (r === c) td.classList.add('diag-main');
      if (r + c === g.n - 1) td.classList.add('diag-anti');
    }
  }

  notesBox(mask, selVal, compact = false) {
    const box = document.createElement('span');
    box.className = compact ? 'notes compact' : 'notes';
    box.setAttribute('aria-hidden', 'true');
    for (let d = 1; d <= this.geom.n; d++) {
      if (compact && !(mask & (1 << d))) continue;
      const s = document.createElement('span');
      if (mask & (1 << d)) {
        s.textContent = symbol(d);
        if (d === selVal) s.className = 'same-note';
      }
      box.appendChild(s);
    }
    return box;
  }

  /** The slots of corner marks, in the order they fill: the four corners, then the middles of
   * the top, bottom, left and right sides (style.css places `slot-k`). */
  cornerSlots() { return [0, 1, 2, 3, 4, 5, 6, 7]; }

  /** Corner marks: the digits in ascending order in the cell's corners, then its sides; more
   * than the slots hold share the last one. */
  cornerBox(mask, selVal, i) {
    const box = document.createElement('span');
    box.className = 'corner-marks';
    box.setAttribute('aria-hidden', 'true');
    const digits = [];
    for (let d = 1; d <= this.geom.n; d++) if (mask & (1 << d)) digits.push(d);
    const slots = this.cornerSlots(i);
    slots.forEach((slot, k) => {
      const here = k === slots.length - 1 ? digits.slice(k) : digits.slice(k, k + 1);
      if (!here.length) return;
      const s = document.createElement('span');
      s.className = `slot-${slot}${here.includes(selVal) ? ' same-note' : ''}`;
      s.textContent = here.map(symbol).join('');
      box.appendChild(s);
    });
    return box;
  }

  labelCorners(mask) {
    const list = [];
    for (let d = 1; d <= this.geom.n; d++) if (mask & (1 << d)) list.push(symbol(d));
    return t(', corner marks {list}', { list: list.join(' ') });
  }

  labelWhere(r, c) { return t(', box {b}', { b: this.geom.box(r, c) + 1 }); }

  labelNotes(mask) {
    const list = [];
    for (let d = 1; d <= this.geom.n; d++) if (mask & (1 << d)) list.push(symbol(d));
    return t(', candidates {list}', { list: list.join(' ') });
  }

  labelRules(r, c) { return this.geom.onDiagonal(r, c) ? t(', on a diagonal') : ''; }

  helpText() {
    const n = this.game.config.size;
    return n > 9 ? t('Arrows move, type a digit or a letter A-{last} to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.', { last: symbol(n) })
      : t('Arrows move, type a digit to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.');
  }

  // ------------------------------------------------------------ pad and keys

  buildPad(pad) {
    const mk = Board.padButton;
    const buttons = [];
    for (let d = 1; d <= this.geom.n; d++) buttons.push(mk(`pad-${symbol(d)}`, symbol(d), t('Enter {d}', { d: symbol(d) }), () => padDigit(d)));
    const clear = mk('pad-clear', '⌫', t('Clear the cell'), clearCell);
    clear.classList.add('wide');
    buttons.push(clear);
    pad.className = `pad pad-n${this.geom.n}`;
    pad.replaceChildren(...buttons);
  }

  /** The pad's digits: those all placed are marked, the selected cell's digit too. */
  renderSide() {
    const n = this.geom.n;
    const selVal = state.picked || state.cells[state.sel];
    const counts = new Array(n + 1).fill(0);
    state.cells.forEach((v) => { if (v) counts[v]++; });
    for (let d = 1; d <= n; d++) {
      const b = $(`pad-${symbol(d)}`);
      if (!b) continue;
      const done = counts[d] >= n;
      b.classList.toggle('done', done);
      b.classList.toggle('same', d === selVal);
      // Digit first: the picked digit shows pressed.
      if (state.prefs.digitFirst) b.setAttribute('aria-pressed', d === state.picked ? 'true' : 'false');
      else b.removeAttribute('aria-pressed');
      // How many of the digit are still to place, small in the button's corner (as SudokuPad
      // and Good Sudoku show them); none once all are placed.
      const left = Math.max(0, n - counts[d]);
      // (A CSS ::before of data-left, not a text node: the button's accessible name, its
      // aria-label below, then holds all the text it shows.)
      if (done) delete b.dataset.left; else b.dataset.left = number(left);
      const what = t(state.notesMode === 'corner' ? 'Corner mark {d}' : state.notesMode ? 'Note {d}' : 'Enter {d}', { d: symbol(d) });
      b.setAttribute('aria-label', `${what}${done ? t(', all placed') : t(', {n} left', { n: number(left) })}`);
    }
    $('hidato-next').hidden = true;
  }

  /** Digits (letters past 9) fill, Shift+digit toggles a note, 0 clears, N is notes mode, K
   * corner mode, M auto notes (M is no digit even at 16x16, whose letters stop at G). */
  onKey(e) {
    const n = this.geom.n;
    // Shift+digit (or letter) toggles a note; the key code tells the digit whatever the layout.
    if (e.shiftKey) {
      const m = /^(?:Digit|Numpad)(\d)$|^Key([A-Z])$/.exec(e.code);
      const v = m ? keyValue(m[1] || m[2], n) : 0;
      if (v) { e.preventDefault(); toggleNote(v); return true; }
    }
    const v = keyValue(e.key, n);
    if (v) { e.preventDefault(); enter(v); return true; }
    if (e.key === '0') { e.preventDefault(); clearCell(); return true; }
    if (e.key === 'n' || e.key === 'N') { e.preventDefault(); toggleNotesMode(); return true; }
    // K: corner marks (no digit at any size: 16x16's letters stop at G).
    if (e.key === 'k' || e.key === 'K') { e.preventDefault(); toggleNotesMode('corner'); return true; }
    if (e.key === 'm' || e.key === 'M') { e.preventDefault(); toggleAutoNotes(); return true; }
    return false;
  }

  // ------------------------------------------------------------ settings, share, paste

  /** "9×9 Sudoku X". */
  static title(c) { return `${c.size}×${c.size} ${t(c.variant === 'x' ? 'Sudoku X' : 'Sudoku')}`; }

  /** The levels the server offers for a size, easiest first. */
  static levels(options, size) {
    return options.sudoku.levels[size] || [];
  }

  static fillSettings(options, wanted) {
    $('size-label').textContent = t('Size');
    $('variant-label').textContent = t('Variant');
    fillSelect($('size'), options.sudoku.sizes, (n) => `${n}×${n}`, wanted.size ?? ($('size').value || 9));
    if (!$('size').value) $('size').value = '9';
    fillSelect($('variant'), options.sudoku.variants, (v) => LABELS[v] || v, wanted.variant);
    fillSelect($('difficulty'), SudokuBoard.levels(options, Number($('size').value)), cap, wanted.difficulty);
  }

  static settingsRequest(kind, difficulty) {
    return { kind, size: Number($('size').value), variant: $('variant').value, difficulty };
  }

  /** The puzzle line of a share link. */
  static shareText(game) {
    return game.share || game.puzzle.map((v) => (v ? symbol(v) : '.')).join('');
  }

  /** The rules a share link carries beside the puzzle. */
  static shareParams(game, q) {
    if (game.config.variant === 'x') q.set('variant', 'x');
  }

  /** A solution of POST /api/puzzles/analyze as rows of symbols. */
  static gridText(solution) {
    const n = Math.round(Math.sqrt(solution.length));
    const rows = [];
    for (let r = 0; r < n; r++) rows.push(solution.slice(r * n, (r + 1) * n).map(symbol).join(''));
    return rows.join('\n');
  }
}
