// Geometry and rules of the two puzzles, on the client (the server keeps the truth; these only
// drive highlighting). Cells are indices, row by row, 0-based.

/** The symbol of a Sudoku value: 1-9, then A, B, ... */
export function symbol(v) {
  if (!v) return '';
  return v < 10 ? String(v) : String.fromCharCode(55 + v); // 10 -> 'A'
}

/** The value of a typed key for a Sudoku of this size, or 0. */
export function keyValue(key, size) {
  if (key.length !== 1) return 0;
  let v = 0;
  if (key >= '1' && key <= '9') v = key.charCodeAt(0) - 48;
  else if (/[a-z]/i.test(key)) v = key.toUpperCase().charCodeAt(0) - 55;
  return v >= 1 && v <= size ? v : 0;
}

export class SudokuGeom {
  constructor(config) {
    const n = config.size;
    this.n = n;
    this.width = n;
    this.height = n;
    this.br = config.box_rows || defaultBox(n)[0];
    this.bc = config.box_cols || defaultBox(n)[1];
    this.x = config.variant === 'x';
    this.count = n * n;
    const houses = [];
    for (let r = 0; r < n; r++) houses.push(range(n).map((c) => r * n + c));
    for (let c = 0; c < n; c++) houses.push(range(n).map((r) => r * n + c));
    for (let R = 0; R < n; R += this.br) {
      for (let C = 0; C < n; C += this.bc) {
        const h = [];
        for (let r = R; r < R + this.br; r++) for (let c = C; c < C + this.bc; c++) h.push(r * n + c);
        houses.push(h);
      }
    }
    if (this.x) {
      houses.push(range(n).map((i) => i * n + i));
      houses.push(range(n).map((i) => i * n + (n - 1 - i)));
    }
    this.houses = houses;
    this.peers = range(this.count).map(() => new Set());
    for (const h of houses) for (const a of h) for (const b of h) if (a !== b) this.peers[a].add(b);
  }
  box(r, c) { return Math.floor(r / this.br) * (this.n / this.bc) + Math.floor(c / this.bc); }
  onDiagonal(r, c) { return this.x && (r === c || r + c === this.n - 1); }
  /** Cells breaking a rule (two equal values in a house); givens are never flagged. */
  conflicts(cells, givens) {
    const out = new Set();
    for (const h of this.houses) {
      const seen = new Map();
      for (const i of h) {
        const v = cells[i];
        if (!v) continue;
        if (!seen.has(v)) seen.set(v, []);
        seen.get(v).push(i);
      }
      for (const list of seen.values()) if (list.length > 1) list.forEach((i) => out.add(i));
    }
    for (const i of [...out]) if (givens[i]) out.delete(i);
    return out;
  }
}

function defaultBox(n) {
  const r = Math.floor(Math.sqrt(n));
  for (let a = r; a >= 1; a--) if (n % a === 0) return [a, n / a];
  return [1, n];
}

export class HidatoGeom {
  constructor(config, puzzle) {
    this.width = config.width;
    this.height = config.height;
    this.numbrix = config.adjacency === 'numbrix';
    this.count = this.width * this.height;
    this.holes = puzzle.map((v) => v === -1);
    this.max = puzzle.filter((v) => v !== -1).length; // the largest number
  }
  adjacent(a, b) {
    const w = this.width;
    const dr = Math.abs(Math.floor(a / w) - Math.floor(b / w));
    const dc = Math.abs((a % w) - (b % w));
    if (a === b) return false;
    return this.numbrix ? dr + dc === 1 : dr <= 1 && dc <= 1;
  }
  neighbours(a) {
    const out = [];
    const w = this.width;
    const r = Math.floor(a / w);
    const c = a % w;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (!dr && !dc) continue;
        if (this.numbrix && dr && dc) continue;
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= this.height || cc >= w) continue;
        const i = rr * w + cc;
        if (!this.holes[i]) out.push(i);
      }
    }
    return out;
  }
  /** Where each number is (number -> list of cells). */
  positions(cells) {
    const pos = new Map();
    cells.forEach((v, i) => {
      if (v > 0) {
        if (!pos.has(v)) pos.set(v, []);
        pos.get(v).push(i);
      }
    });
    return pos;
  }
  /** Equal numbers, numbers too large, and k, k+1 both placed but not touching. */
  conflicts(cells, givens) {
    const out = new Set();
    const pos = this.positions(cells);
    for (const [v, list] of pos) {
      if (list.length > 1 || v > this.max) list.forEach((i) => out.add(i));
      const next = pos.get(v + 1);
      if (list.length === 1 && next && next.length === 1 && !this.adjacent(list[0], next[0])) {
        out.add(list[0]);
        out.add(next[0]);
      }
    }
    for (const i of [...out]) if (givens[i]) out.delete(i);
    return out;
  }
  /** The smallest number not on the board (0 when all are placed). */
  nextNumber(cells) {
    const have = new Set(cells.filter((v) => v > 0));
    for (let k = 1; k <= this.max; k++) if (!have.has(k)) return k;
    return 0;
  }
}

function range(n) { return Array.from({ length: n }, (_, i) => i); }

/** Guess the kind of a pasted puzzle: Hidato when it starts "W H" or looks like "3x2:1,0,x/...". */
export function guessKind(text) {
  const t = text.trim();
  // f-puzzles and SudokuPad links, f-puzzles JSON and Tessera's variant JSON are variant Sudoku.
  if (/^https?:\/\/\S*(f-puzzles|sudokupad|\?load=|fpuzzles)/i.test(t)) return 'variant';
  if (/^\{[\s\S]*"(grid|constraints)"/.test(t)) return 'variant';
  if (/^\d+\s*x\s*\d+\s*:/i.test(t)) return 'hidato';
  if (/^\d+[ \t]+\d+\s*\n/.test(t) || /-1/.test(t)) return 'hidato';
  return 'sudoku';
}

/** A Hidato puzzle in the URL form of docs/web.md: "3x2:1,0,x/0,0,5". */
export function hidatoUrlText(config, puzzle) {
  const rows = [];
  for (let r = 0; r < config.height; r++) {
    rows.push(puzzle.slice(r * config.width, (r + 1) * config.width).map((v) => (v === -1 ? 'x' : v)).join(','));
  }
  return `${config.width}x${config.height}:${rows.join('/')}`;
}
