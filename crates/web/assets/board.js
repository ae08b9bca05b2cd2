// The board of a game: the <table role="grid"> and its cells, their classes and spoken names,
// and moving about the grid. What differs between puzzles (box borders and diagonals, pencil
// marks, the next Hidato number, the pad, the keys, the settings form, share links) is asked of
// the subclass through the hooks below: SudokuBoard (board-sudoku.js) and HidatoBoard
// (board-hidato.js), each over its geometry class of rules.js. This class never tests the kind.
import { state, COLORS } from './state.js';
import { t, word } from './i18n.js';

export class Board {
  /** `geom` is the game's SudokuGeom or HidatoGeom (rules.js). */
  constructor(game, geom) {
    this.game = game;
    this.geom = geom;
    this.givens = game.puzzle.map((v) => v > 0);
    this.cellEls = [];
  }

  // ------------------------------------------------------------ hooks (defaults)

  /** Whether the puzzle has pencil marks (and a notes mode). */
  get hasNotes() { return false; }
  /** The text of a value in a cell. */
  symbol(v) { return String(v); }
  /** A value in words, for a cell's name (Star Battle: "star", "no star"). */
  word(v) { return this.symbol(v); }
  /** Cells whose notes lose a digit placed in cell i. */
  peersOf() { return new Set(); }
  /** What the highlighting of one render needs: peers of the selection, and for Hidato the
   * next number, the cell of its predecessor (`pred`) and the free cells touching it (`reach`). */
  context(cells, sel) { return { peers: this.peersOf(sel), reach: new Set(), pred: -1, next: 0 }; }
  /** CSS variables of the table beyond its size. */
  tableVars() {}
  /** Classes of a playable cell from its place (box borders, diagonals). */
  decorate() {}
  /** What a hole shows from its place (a clue block's sums); holes are never redrawn. */
  decorateHole() {}
  /** The pencil marks of an empty cell (an element), or null; `compact` when corner marks
   * share the cell (the centre notes then a small line in the middle, as SudokuPad draws them). */
  notesBox() { return null; }
  /** The corner marks of an empty cell (an element), or null. */
  cornerBox() { return null; }
  /** Words naming the corner marks of an empty cell. */
  labelCorners() { return ''; }
  /** A cell's name in a hint's words: "r4c7" (Hidato: "(7,4)", column first, as the server's). */
  cellName(i) {
    const w = this.geom.width;
    return `r${Math.floor(i / w) + 1}c${(i % w) + 1}`;
  }
  /** Names of a hint's cells, one each (a family board joins neighbours into ranges). */
  cellsNamed(cells) {
    return cells.map((i) => this.cellName(i));
  }
  /** Words after "Row r, column c" naming the cell's place (", box 3"). */
  labelWhere() { return ''; }
  /** Words naming the pencil marks of an empty cell. */
  labelNotes() { return ''; }
  /** Words naming rules attached to the cell's place (", on a diagonal"). */
  labelRules() { return ''; }
  /** Elements kept in a cell under its value or notes (cage outlines, corner clues). */
  extras() { return []; }
  /** Whether the grid is finished, so that the page asks the server to check it. */
  isFull(cells) { return cells.every((v, i) => v !== 0 || this.isHole(i)); }
  /** Star Battle: a tap on cell i changes it (else a tap selects). */
  get taps() { return false; }
  /** Hidato: a drag from a number draws a path of the next numbers (drag-hidato.js). */
  get draws() { return false; }
  /** Nonogram: a drag along a row or column paints its cells (drag-paint.js). */
  get paints() { return false; }
  /** Star Battle: the "Auto notes" button marks the cells around each star instead. */
  get autoDots() { return false; }

  // ------------------------------------------------------------ the table

  isHole(i) { return !!(this.geom.holes && this.geom.holes[i]); }

  /** "9×9 Sudoku X, hard": the puzzle in words. */
  describe() {
    const game = this.game;
    return `${this.constructor.title(game.config || {})}${this.rulesWords()}${game.difficulty ? `, ${word(game.difficulty)}` : ''}`;
  }

  /** What the title leaves out of the rules, for the description (Star Battle's star count). */
  rulesWords() { return ''; }

  /** Builds the cells of the table (its previous content goes). */
  build(table) {
    const w = this.geom.width;
    const h = this.geom.height;
    table.replaceChildren();
    table.className = `board ${this.game.kind} n${Math.max(w, h)}`;
    table.style.setProperty('--cols', w);
    table.style.setProperty('--rows', h);
    table.style.setProperty('--n', Math.max(w, h));
    this.tableVars(table);
    table.setAttribute('aria-rowcount', h);
    table.setAttribute('aria-colcount', w);
    table.setAttribute('aria-label', this.describe());
    const tbody = document.createElement('tbody');
    this.cellEls = [];
    for (let r = 0; r < h; r++) {
      const tr = document.createElement('tr');
      for (let c = 0; c < w; c++) {
        const i = r * w + c;
        const td = document.createElement('td');
        if (this.isHole(i)) {
          td.className = 'hole';
          td.setAttribute('role', 'presentation');
          td.setAttribute('aria-hidden', 'true');
          this.decorateHole(td, r, c);
        } else {
          td.setAttribute('role', 'gridcell');
          td.dataset.row = r;
          td.dataset.col = c;
          td.dataset.testid = `cell-${r}-${c}`;
          td.tabIndex = -1;
          if (this.givens[i]) {
            td.classList.add('given');
            td.setAttribute('aria-readonly', 'true');
          }
          this.decorate(td, r, c);
        }
        this.cellEls.push(td);
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
  }

  /** Brings every cell up to date with the state; returns the context for renderSide. */
  renderCells(conflicts) {
    const s = state;
    const sel = s.sel;
    // The digit whose cells are shown: the picked one (digit first), else the selected cell's.
    const selVal = s.picked || s.cells[sel];
    const w = this.geom.width;
    const ctx = this.context(s.cells, sel);
    const hint = s.hint;
    this.cellEls.forEach((td, i) => {
      if (td.classList.contains('hole')) return;
      const v = s.cells[i];
      const r = Math.floor(i / w);
      const c = i % w;
      const cls = td.classList;
      cls.toggle('selected', i === sel);
      cls.toggle('peer', ctx.peers.has(i));
      cls.toggle('same', !!selVal && v === selVal && i !== sel);
      cls.toggle('conflict', conflicts.has(i));
      // The hint's stages (checks.js): where to look, then its pattern, then what it removes.
      const stage = hint ? hint.stage || 3 : 0;
      cls.toggle('hint-area', stage > 0 && !!hint.area && hint.area.has(i));
      cls.toggle('hint', stage >= 2 && hint.cells.has(i));
      cls.toggle('wrong', s.wrong.has(i));
      cls.toggle('hint-target', stage >= 3 && hint.targets.has(i) && !hint.cells.has(i));
      cls.toggle('reach', ctx.reach.has(i));
      cls.toggle('pred', i === ctx.pred);
      cls.toggle('filled', !!v);
      // Colour marks: one colour as data-color="k", several as stripes (data-color="multi").
      const mark = s.colors[i] || 0;
      const marks = COLORS.map((_, k) => k).filter((k) => k && mark & (1 << k));
      const shade = marks.length > 1 ? 'multi' : String(marks[0] || 0);
      if ((td.dataset.color || '0') !== shade) {
        if (marks.length) td.dataset.color = shade; else delete td.dataset.color;
        if (marks.length > 1) {
          const step = 100 / marks.length;
          td.style.setProperty('--marks', `linear-gradient(135deg, ${marks.map((k, j) => `var(--mark-${k}) ${j * step}% ${(j + 1) * step}%`).join(', ')})`);
        } else td.style.removeProperty('--marks');
      }
      td.tabIndex = i === sel ? 0 : -1;
      // Content.
      const corners = v ? 0 : s.corners[i] || 0;
      const key = `${v}|${s.notes[i]}|${corners}|${selVal}|${this.extraKey ? this.extraKey(i) : ''}`;
      if (td.dataset.key !== key) {
        td.dataset.key = key;
        if (v) {
          const span = document.createElement('span');
          span.className = 'v';
          span.textContent = this.symbol(v);
          td.replaceChildren(...this.extras(i), span);
        } else {
          const box = s.notes[i] ? this.notesBox(s.notes[i], selVal, corners !== 0) : null;
          const around = corners ? this.cornerBox(corners, selVal, i) : null;
          td.replaceChildren(...this.extras(i), ...(box ? [box] : []), ...(around ? [around] : []));
        }
      }
      // Name: position and state, in words.
      let label = `${t('Row {r}, column {c}', { r: r + 1, c: c + 1 })}${this.labelWhere(r, c)}`;
      if (v) label += this.givens[i] ? t(', given {v}', { v: this.word(v) }) : `, ${this.word(v)}`;
      else label += `${t(', empty')}${s.notes[i] ? this.labelNotes(s.notes[i]) : ''}${corners ? this.labelCorners(corners) : ''}`;
      label += this.labelRules(r, c);
      if (marks.length) label += t(', marked {colour}', { colour: marks.map((k) => t(COLORS[k])).join(', ') });
      if (conflicts.has(i)) label += t(', conflict');
      if (s.wrong.has(i)) label += t(', mistake');
      if (stage && hint.area && hint.area.has(i) && !(stage >= 2 && hint.cells.has(i))) label += t(', where the hint looks');
      if (stage >= 2 && hint.cells.has(i)) label += t(', hint');
      if (stage >= 3 && hint.targets.has(i)) {
        const gone = hint.eliminations.filter((e) => e[0] === i).map((e) => this.symbol(e[1]));
        label += t(gone.length > 1 ? ', the hint removes candidates {list}' : ', the hint removes candidate {list}', { list: gone.join(' ') });
      }
      if (ctx.reach.has(i)) label += t(', touches {n}', { n: ctx.next - 1 });
      if (td.getAttribute('aria-label') !== label) td.setAttribute('aria-label', label);
      td.setAttribute('aria-selected', i === sel ? 'true' : 'false');
    });
    return ctx;
  }

  // ------------------------------------------------------------ moving about

  /** The next playable cell from i in the direction (dr, dc), skipping holes; -1 at the edge. */
  step(i, dr, dc) {
    const w = this.geom.width;
    const h = this.geom.height;
    let r = Math.floor(i / w);
    let c = i % w;
    for (;;) {
      r += dr;
      c += dc;
      if (r < 0 || c < 0 || r >= h || c >= w) return -1;
      const k = r * w + c;
      if (!this.isHole(k)) return k;
    }
  }

  /** The first (or last, if `end`) playable cell of i's row, or of the whole grid. */
  rowEdge(i, end, whole) {
    const w = this.geom.width;
    const cand = [];
    if (whole) for (let k = 0; k < this.geom.count; k++) cand.push(k);
    else { const r = Math.floor(i / w); for (let c = 0; c < w; c++) cand.push(r * w + c); }
    const ok = cand.filter((k) => !this.isHole(k));
    return end ? ok[ok.length - 1] : ok[0];
  }

  // ------------------------------------------------------------ pad

  /** A pad button with a test id equal to its id. */
  static padButton(id, text, label, fn) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = id;
    b.dataset.testid = id;
    b.className = 'btn pad-btn';
    b.textContent = text;
    if (label) b.setAttribute('aria-label', label);
    b.addEventListener('click', fn);
    return b;
  }
}
