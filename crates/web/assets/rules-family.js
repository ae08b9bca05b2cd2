// Geometry and rules of the families served through the library's traits (Killer Sudoku,
// KenKen, Star Battle), on the client: built from the game's `picture` (regions, cages, corner
// clues, blocked cells) and `rules` (the groups whose digits differ, the cages and their clues,
// the star units, the lines of runs), exactly as the server checks them
// (crates/web/src/family/rules.rs). Cells are indices row by row; values are digits, or for stars
// 1 a star and 2 a cell marked "no star", for shading 1 shaded and 2 a cell marked empty.

/** Fillings of a cage tried for its auto notes before they give up narrowing (a few ms). */
const CAGE_NODES = 50000;

export const STAR = 1;
export const DOT = 2;
export const SHADED = 1;

/** The lengths of the runs of shaded cells along `line` (cell indices), in order. */
export function shadedRuns(cells, line) {
  const runs = [];
  let run = 0;
  for (const i of line) {
    if (cells[i] === SHADED) run++;
    else if (run) { runs.push(run); run = 0; }
  }
  if (run) runs.push(run);
  return runs;
}

/** Whether some placement of `runs` along a line keeps its marks (SHADED in a run, DOT outside,
 * 0 either way): ok[j][i] says cells i.. can hold runs j.. (rules.rs, `fits`). */
export function fits(marks, runs) {
  const n = marks.length;
  const k = runs.length;
  const dots = [0];
  marks.forEach((v, i) => dots.push(dots[i] + (v === DOT ? 1 : 0)));
  const ok = Array.from({ length: k + 1 }, () => new Array(n + 1).fill(false));
  ok[k][n] = true;
  for (let j = k; j >= 0; j--) {
    for (let i = n - 1; i >= 0; i--) {
      const empty = marks[i] !== SHADED && ok[j][i + 1];
      let start = false;
      if (j < k) {
        const end = i + runs[j];
        start = end <= n && dots[end] === dots[i] && (end === n || marks[end] !== SHADED) && ok[j + 1][Math.min(end + 1, n)];
      }
      ok[j][i] = empty || start;
    }
  }
  return ok[0][0];
}

/** Whether `values` make `target` by `op` (KenKen's − and ÷: the largest against the rest). */
export function holds(op, target, values) {
  const sum = values.reduce((a, b) => a + b, 0);
  const max = Math.max(...values);
  const product = values.reduce((a, b) => a * b, 1);
  switch (op) {
    case '+': return sum === target;
    case '−': return 2 * max >= sum && 2 * max - sum === target;
    case '×': return product === target;
    case '÷': return max > 0 && max * max === target * product;
    case '=': return values.length === 1 && sum === target;
    default: return ['+', '−', '×', '÷'].some((o) => holds(o, target, values));
  }
}

/** Words for a clue's sign, for screen readers. */
const SPOKEN = { '+': 'plus', '−': 'minus', '×': 'times', '÷': 'divided', '-': 'minus', x: 'times', '*': 'times', '/': 'divided' };

/** Whether digits a and b keep a pair's relation (crates/web/src/family/rules.rs, `Pair`). */
export function pairHolds(pair, a, b) {
  switch (pair.rel) {
    case '<': return a < b;
    case '<=': return a <= b;
    case 'diff': return Math.abs(a - b) === pair.value;
    case 'ratio': return Math.min(a, b) * pair.value === Math.max(a, b);
    case 'sum': return a + b === pair.value;
    case 'apart': return Math.abs(a - b) >= pair.value;
    case 'odd': return a % 2 === 1;
    case 'even': return a % 2 === 0;
    default: return true;
  }
}

export class FamilyGeom {
  constructor(picture, rules) {
    this.width = picture.width;
    this.height = picture.height;
    this.count = this.width * this.height;
    this.picture = picture;
    this.rules = rules;
    this.stars = rules.entry === 'stars';
    this.shade = rules.entry === 'shade';
    this.lines = rules.lines || [];
    this.n = rules.max;
    this.holes = picture.cells.map((c, i) => c.blocked || picture.regions[i] === null);
    // Peers: the cells sharing a group whose digits differ (notes lose a digit placed there).
    this.peers = Array.from({ length: this.count }, () => new Set());
    for (const g of rules.distinct) for (const a of g) for (const b of g) if (a !== b) this.peers[a].add(b);
    // Each cell's cage (its clue), for names and the cage outlines.
    this.cageOf = new Array(this.count).fill(-1);
    rules.cages.forEach((cage, k) => cage.cells.forEach((i) => { this.cageOf[i] = k; }));
  }

  region(i) { return this.picture.regions[i]; }

  /** The other cells of i's cage (none outside a cage). */
  cageMates(i) {
    const k = this.cageOf[i];
    return k < 0 ? [] : this.rules.cages[k].cells.filter((c) => c !== i);
  }

  /** The digits of `mask` that cell i can take by its cage: some filling of the cage makes its
   * clue with i's digit, each other cell within its own candidates (`cells` placed, else
   * `maskOf(c)`), cells that see each other different. The cage's search is shared by all its
   * cells (`cageSupports`): the first cell asked searches, the others of the same state read its
   * answer. Past CAGE_NODES fillings tried, `mask` as it was (more notes than needed, never fewer). */
  cageCandidates(i, mask, cells, maskOf) {
    const k = this.cageOf[i];
    if (k < 0) return mask;
    const list = this.rules.cages[k].cells;
    const doms = list.map((c) => (c === i ? mask : cells[c] > 0 ? 1 << cells[c] : maskOf(c)));
    const key = `${k}|${doms.join(',')}`;
    if (!this.supportMemo || this.supportMemo.size > 256) this.supportMemo = new Map();
    let supports = this.supportMemo.get(key);
    if (supports === undefined) {
      supports = this.cageSupports(k, doms);
      this.supportMemo.set(key, supports);
    }
    return supports ? supports[list.indexOf(i)] & mask : mask;
  }

  /** For each cell of cage k (its candidates `doms`), the digits some filling of the cage
   * supports, or null once CAGE_NODES fillings were tried. One search a digit not yet supported:
   * each filling found supports every digit in it, so a cage of m cells needs at most its
   * candidates' count of searches, most far fewer; a search stops at its first filling (digits
   * in ascending order, so that a sum cut off stops the loop). */
  cageSupports(k, doms) {
    const cage = this.rules.cages[k];
    const list = cage.cells;
    const m = list.length;
    const sum = cage.op === '+';
    const support = new Array(m).fill(0);
    const vals = new Array(m).fill(0);
    let nodes = 0;
    let capped = false;
    // Cells `d..` filled from `doms`, cell `fixed` already holding its digit in `vals`.
    const go = (d, total, fixed) => {
      if (++nodes > CAGE_NODES) { capped = true; return false; }
      if (d === m) return holds(cage.op, cage.target, vals);
      if (d === fixed) return go(d + 1, total, fixed);
      for (let v = 1; v <= this.n; v++) {
        if (!(doms[d] & (1 << v))) continue;
        // The cells still to fill after this one take 1 at least (the fixed one is in `total`).
        if (sum && total + v + (m - d - 1) - (fixed > d ? 1 : 0) > cage.target) break;
        let clash = false;
        for (let e = 0; e < m && !clash; e++) {
          clash = (e < d || e === fixed) && e !== d && vals[e] === v && this.peers[list[d]].has(list[e]);
        }
        if (clash) continue;
        vals[d] = v;
        if (go(d + 1, total + v, fixed)) return true;
        if (capped) return false;
      }
      return false;
    };
    for (let j = 0; j < m; j++) {
      for (let v = 1; v <= this.n; v++) {
        if (!(doms[j] & (1 << v)) || support[j] & (1 << v)) continue;
        vals.fill(0);
        vals[j] = v;
        // The fixed cell's digit counts in the sum from the start.
        if (go(0, v, j)) vals.forEach((x, e) => { support[e] |= 1 << x; });
        if (capped) return null;
      }
    }
    return support;
  }

  /** The dashed outline's group of a cell (Killer's cages; none where cages are the regions). */
  outline(i) { return this.picture.cages.length ? this.picture.cages[i] : null; }

  /** The cage clue of cell i as { total, op } (op: 'plus', 'minus', 'times', 'divided' or ''
   * for a bare number) for the cell's name, or null outside cages. */
  cageClue(i) {
    const k = this.cageOf[i];
    if (k < 0) return null;
    const cage = this.rules.cages[k];
    const label = this.picture.cells[cage.cells.find((c) => this.picture.cells[c].corner)]?.corner || String(cage.target);
    const m = /^(.*?)([+−×÷\-x*/]?)$/.exec(label);
    return { total: m[1], op: SPOKEN[m[2]] || '' };
  }

  /** Whether line k's shaded cells make its runs. */
  lineDone(cells, k) {
    const line = this.lines[k];
    const runs = shadedRuns(cells, line.cells);
    return runs.length === line.runs.length && runs.every((r, j) => r === line.runs[j]);
  }

  /** Whether the grid is finished: every open cell filled, every row's stars placed, or every
   * line's shaded cells making its runs. */
  complete(cells) {
    if (this.stars) return cells.filter((v) => v === STAR).length === this.n * this.height;
    if (this.shade) return this.lines.every((_, k) => this.lineDone(cells, k));
    return cells.every((v, i) => v || this.holes[i]);
  }

  /** Cells breaking a rule: a digit twice in a group, a full cage off its clue; more than K
   * stars in a unit, two stars touching; a line whose marks no placement of its runs keeps
   * (its shaded cells, or where they alone fit, its dots). Givens are never flagged alone. */
  conflicts(cells) {
    const out = new Set();
    for (const g of this.rules.distinct) {
      const seen = new Map();
      for (const i of g) {
        const v = cells[i];
        if (v > 0) seen.set(v, [...(seen.get(v) || []), i]);
      }
      for (const list of seen.values()) if (list.length > 1) list.forEach((i) => out.add(i));
    }
    for (const cage of this.rules.cages) {
      const values = cage.cells.map((i) => Math.max(cells[i], 0));
      if (values.every((v) => v > 0) && !holds(cage.op, cage.target, values)) cage.cells.forEach((i) => out.add(i));
    }
    for (const pair of this.rules.pairs || []) {
      const [a, b] = pair.cells;
      if (cells[a] > 0 && cells[b] > 0 && !pairHolds(pair, cells[a], cells[b])) { out.add(a); out.add(b); }
    }
    if (this.stars) {
      for (const unit of this.rules.units) {
        const stars = unit.filter((i) => cells[i] === STAR);
        if (stars.length > this.n) stars.forEach((i) => out.add(i));
      }
      const w = this.width;
      cells.forEach((v, i) => {
        if (v !== STAR) return;
        const r = Math.floor(i / w);
        const c = i % w;
        for (const [dr, dc] of [[0, 1], [1, -1], [1, 0], [1, 1]]) {
          const r2 = r + dr;
          const c2 = c + dc;
          if (c2 < 0 || c2 >= w || r2 >= this.height) continue;
          if (cells[r2 * w + c2] === STAR) { out.add(i); out.add(r2 * w + c2); }
        }
      });
    }
    for (const line of this.lines) {
      const marks = line.cells.map((i) => cells[i]);
      if (fits(marks, line.runs)) continue;
      const wrong = fits(marks.map((v) => (v === SHADED ? v : 0)), line.runs) ? DOT : SHADED;
      line.cells.forEach((i) => { if (cells[i] === wrong) out.add(i); });
    }
    return out;
  }

  /** The open cells touching cell i, diagonals included. */
  around(i) {
    const w = this.width;
    const r = Math.floor(i / w);
    const c = i % w;
    const out = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const r2 = r + dr;
        const c2 = c + dc;
        if ((dr || dc) && r2 >= 0 && c2 >= 0 && r2 < this.height && c2 < w && !this.holes[r2 * w + c2]) out.push(r2 * w + c2);
      }
    }
    return out;
  }
}
