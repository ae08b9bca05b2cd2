// The Hidato (and Numbrix) board: holes, the next number to place with its predecessor and the
// cells it may go in, typing a number of several digits, the pad with "Next", and what the
// settings form and share links hold for a Hidato. Geometry and rules are HidatoGeom's
// (rules.js).
import { $, state, isPlaying, setStatus } from './state.js';
import { HidatoGeom, hidatoUrlText } from './rules.js';
import { Board } from './board.js';
import { LABELS, cap, fillSelect } from './settings.js';
import { change, clearCell } from './edits.js';
import { t } from './i18n.js';

/** Digits typed within this many milliseconds in the same cell make one number. */
const TYPING_MS = 2000;

export class HidatoBoard extends Board {
  constructor(game) {
    super(game, new HidatoGeom(game.config, game.puzzle));
  }

  /** The path drawn: from cell i toward each touching cell that holds its number plus or minus
   * one, a line from near its centre to the shared edge or corner (the neighbour draws the other
   * half), so that the numbers placed so far read as a path. */
  extras(i) {
    return this.links(i).map(([dx, dy]) => {
      const seg = document.createElement('i');
      seg.className = 'seg';
      seg.setAttribute('aria-hidden', 'true');
      seg.style.setProperty('--a', `${Math.atan2(dy, dx)}rad`);
      seg.style.setProperty('--l', dx && dy ? '70.71%' : '50%');
      return seg;
    });
  }
  extraKey(i) { return this.links(i).join(';'); }
  /** The directions [dx, dy] from cell i to the touching cells holding its number ± 1. */
  links(i) {
    const v = state.cells[i];
    if (!v) return [];
    const w = this.geom.width;
    return this.geom.neighbours(i)
      .filter((j) => state.cells[j] > 0 && Math.abs(state.cells[j] - v) === 1)
      .map((j) => [(j % w) - (i % w), Math.floor(j / w) - Math.floor(i / w)]);
  }

  /** A drag from a number draws the next numbers (drag-hidato.js). */
  get draws() { return true; }
  /** "(column,row)", as the server names Hidato's cells. */
  cellName(i) {
    const w = this.geom.width;
    return `(${(i % w) + 1},${Math.floor(i / w) + 1})`;
  }

  context(cells) {
    const g = this.geom;
    let reach = new Set();
    let pred = -1;
    const next = g.nextNumber(cells);
    if (next > 1) {
      const at = g.positions(cells).get(next - 1);
      if (at && at.length === 1) {
        pred = at[0];
        reach = new Set(g.neighbours(pred).filter((i) => !cells[i]));
      }
    }
    return { peers: new Set(), reach, pred, next };
  }

  helpText() {
    return t('Arrows move. Type a number (several digits in a row make one number), Backspace clears; or drag from a number through touching cells to draw the next ones. The next number to place and the cells it may go in are shown. Ctrl+Z undoes, Ctrl+Y redoes.');
  }

  // ------------------------------------------------------------ entry, pad and keys

  /** Digits typed one after another in the same cell make one number. */
  typeDigit(d) {
    if (!isPlaying()) return;
    const i = state.sel;
    if (this.givens[i]) { setStatus('That cell is a given; it cannot change.'); return; }
    const now = performance.now();
    const going = state.typing && state.typing.cell === i && now - state.typing.at < TYPING_MS;
    let v = going ? state.cells[i] * 10 + d : d;
    if (v > this.geom.max) v = d;
    if (v === 0) return;
    change([{ i, v }], going);
    state.typing = { cell: i, at: now };
  }

  /** Puts the smallest number not on the board in the selected cell. */
  placeNext() {
    const k = this.geom.nextNumber(state.cells);
    if (k && !this.givens[state.sel]) { state.typing = null; change([{ i: state.sel, v: k }]); }
  }

  buildPad(pad) {
    const mk = Board.padButton;
    const buttons = [];
    for (let d = 1; d <= 9; d++) buttons.push(mk(`pad-${d}`, String(d), t('Type {d}', { d }), () => this.typeDigit(d)));
    buttons.push(mk('pad-0', '0', t('Type {d}', { d: 0 }), () => this.typeDigit(0)));
    // No label of its own: its name is what it shows ("Next (12)"), the line under the board
    // says where that number can go (a label unlike the text fails WCAG 2.5.3 in Korean).
    const next = mk('pad-next', t('Next'), null, () => this.placeNext());
    next.setAttribute('aria-describedby', 'hidato-next');
    next.classList.add('wide');
    buttons.push(next);
    buttons.push(mk('pad-clear', '⌫', t('Clear the cell'), clearCell));
    pad.className = 'pad pad-hidato';
    pad.replaceChildren(...buttons);
  }

  /** The next number to place, under the board and on the pad's "Next". */
  renderSide(ctx) {
    const { next, pred } = ctx;
    const w = this.geom.width;
    const nx = $('hidato-next');
    nx.hidden = false;
    nx.textContent = next
      ? (pred >= 0
        ? t('Next number: {next}. It touches {prev} (row {r}, column {c}); the cells it can go in are ringed.', { next, prev: next - 1, r: Math.floor(pred / w) + 1, c: pred % w + 1 })
        : t('Next number: {next}.', { next }))
      : t('Every number is placed.');
    const nb = $('pad-next');
    if (nb) nb.textContent = next ? t('Next ({next})', { next }) : t('Next');
  }

  /** Digits type a number. */
  onKey(e) {
    if (!/^[0-9]$/.test(e.key)) return false;
    e.preventDefault();
    this.typeDigit(Number(e.key));
    return true;
  }

  // ------------------------------------------------------------ settings, share, paste

  /** "7×7 Hidato" or "7×7 Numbrix". */
  static title(c) { return `${c.width}×${c.height} ${t(c.adjacency === 'numbrix' ? 'Numbrix' : 'Hidato')}`; }

  static fillSettings(options, wanted) {
    $('size-label').textContent = t('Shape');
    $('variant-label').textContent = t('Rules');
    const sizes = options.hidato.sizes.map(({ width, height }) => `${width}x${height}`);
    fillSelect($('size'), sizes, (s) => s.replace('x', '×'), wanted.size ?? (sizes.includes($('size').value) ? $('size').value : '7x7'));
    fillSelect($('variant'), options.hidato.adjacencies, (v) => LABELS[v] || v, wanted.variant);
    fillSelect($('difficulty'), options.hidato.difficulties, cap, wanted.difficulty);
  }

  static settingsRequest(kind, difficulty) {
    const [w, h] = $('size').value.split('x').map(Number);
    return { kind, width: w, height: h, adjacency: $('variant').value, difficulty };
  }

  /** The puzzle of a share link: "3x2:1,0,x/0,0,5". */
  static shareText(game) { return hidatoUrlText(game.config, game.puzzle); }

  static shareParams(game, q) {
    if (game.config.adjacency === 'numbrix') q.set('adjacency', 'numbrix');
  }

  /** A solution of POST /api/puzzles/analyze in the "W H" then rows format. */
  static gridText(solution, puzzleText) {
    const m = /^\s*(\d+)\s*x?\s*(\d+)/i.exec(puzzleText);
    const w = m ? Number(m[1]) : Math.round(Math.sqrt(solution.length));
    const h = Math.ceil(solution.length / w);
    const pad = String(Math.max(...solution)).length + 1;
    const rows = [`${w} ${h}`];
    for (let r = 0; r < h; r++) rows.push(solution.slice(r * w, (r + 1) * w).map((v) => String(v).padStart(pad)).join('').trimStart());
    return rows.join('\n');
  }
}
