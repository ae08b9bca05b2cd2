// The game page: settings, board, keyboard and pad, notes, undo and redo, timer and pause,
// hints, the solved dialog, paste and share, and the saved game (localStorage).
import { api, ApiError, hms, ordinal } from './api.js';
import { SudokuGeom, HidatoGeom, symbol, keyValue, guessKind, hidatoUrlText } from './rules.js';
import { initTheme } from './theme.js';

const $ = (id) => document.getElementById(id);
const STORE = 'tessera.game';
const PREFS = 'tessera.prefs';
const MAX_HISTORY = 1000;
const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme', 'diabolical'];
const DEFAULT_OPTIONS = {
  sudoku: { sizes: [4, 6, 9, 16], variants: ['classic', 'x'], difficulties: LEVELS, bySize: null },
  hidato: { sizes: ['5x5', '7x7', '9x9', '12x12'], adjacencies: ['hidato', 'numbrix'], difficulties: ['easy', 'medium', 'hard', 'expert'] },
};
const LABELS = { classic: 'Classic', x: 'X (diagonals)', hidato: 'Hidato (8 neighbours)', numbrix: 'Numbrix (4 neighbours)' };

let options = DEFAULT_OPTIONS;
const prefs = loadJson(PREFS) || {};
if (prefs.conflicts === undefined) prefs.conflicts = true;

// The game in progress.
let S = null; // { game, cells, notes, undo, redo, sel, notesMode }
let geom = null;
let givens = [];
let cellEls = [];
let hintState = null; // { cells: Set, placements, eliminations }
let wrongCells = new Set();
let serverConflicts = new Set();
let typing = null; // Hidato multi-digit entry: { cell, at }
let checking = false;
const clock = { base: 0, at: 0, running: false };

// ---------------------------------------------------------------- storage

function loadJson(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch (e) { return null; }
}
function saveJson(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (e) { /* storage full or off: play on without it */ }
}
function savePrefs() {
  // theme.js writes the theme into the same object: keep it.
  const cur = loadJson(PREFS) || {};
  saveJson(PREFS, { ...cur, conflicts: prefs.conflicts, last: prefs.last });
}
function saveGame() {
  if (!S) return;
  if (S.undo.length > MAX_HISTORY) S.undo.splice(0, S.undo.length - MAX_HISTORY);
  saveJson(STORE, { v: 1, game: S.game, cells: S.cells, notes: S.notes, undo: S.undo, redo: S.redo, sel: S.sel, notesMode: S.notesMode });
}

// ---------------------------------------------------------------- status and timer

function setStatus(text, kind = 'info') {
  const el = $('status');
  el.textContent = text;
  el.dataset.kind = kind;
}

function seconds() {
  return clock.base + (clock.running ? (performance.now() - clock.at) / 1000 : 0);
}
function setClock(base, running) {
  clock.base = base;
  clock.at = performance.now();
  clock.running = running;
  tick();
}
function tick() { $('timer').textContent = hms(seconds()); }
setInterval(tick, 250);

const isPlaying = () => S && S.game.status === 'playing';
const isPaused = () => S && S.game.status === 'paused';
const isSudoku = () => S && S.game.kind === 'sudoku';

// ---------------------------------------------------------------- settings

function normOptions(o) {
  const s = (o && o.sudoku) || {};
  const h = (o && o.hidato) || {};
  const shape = (x) => (typeof x === 'string' ? x : Array.isArray(x) ? `${x[0]}x${x[1]}` : typeof x === 'number' ? `${x}x${x}` : `${x.width}x${x.height}`);
  return {
    sudoku: {
      sizes: s.sizes || DEFAULT_OPTIONS.sudoku.sizes,
      variants: s.variants || DEFAULT_OPTIONS.sudoku.variants,
      difficulties: s.difficulties || LEVELS,
      bySize: s.levels || s.difficulties_by_size || null,
    },
    hidato: {
      sizes: (h.sizes || h.shapes || DEFAULT_OPTIONS.hidato.sizes).map(shape),
      adjacencies: h.adjacencies || h.adjacency || h.variants || DEFAULT_OPTIONS.hidato.adjacencies,
      difficulties: h.difficulties || DEFAULT_OPTIONS.hidato.difficulties,
    },
  };
}

function fillSelect(sel, values, label, wanted) {
  const keep = wanted !== undefined ? String(wanted) : sel.value;
  sel.replaceChildren(...values.map((v) => new Option(label(v), String(v))));
  if (values.map(String).includes(keep)) sel.value = keep;
}

function sudokuLevels(size) {
  const o = options.sudoku;
  if (o.bySize && o.bySize[size]) return o.bySize[size];
  // docs/web.md: 4x4 and 6x6 go up to hard at most.
  if (size < 9) return o.difficulties.filter((d) => LEVELS.indexOf(d) <= 2);
  return o.difficulties;
}

function refreshSettings(wanted = {}) {
  const kind = $('kind').value;
  const cap = (d) => d.charAt(0).toUpperCase() + d.slice(1);
  if (kind === 'sudoku') {
    $('size-label').textContent = 'Size';
    $('variant-label').textContent = 'Variant';
    fillSelect($('size'), options.sudoku.sizes, (n) => `${n}×${n}`, wanted.size ?? ($('size').value || 9));
    if (!$('size').value) $('size').value = '9';
    fillSelect($('variant'), options.sudoku.variants, (v) => LABELS[v] || v, wanted.variant);
    fillSelect($('difficulty'), sudokuLevels(Number($('size').value)), cap, wanted.difficulty);
  } else {
    $('size-label').textContent = 'Shape';
    $('variant-label').textContent = 'Rules';
    fillSelect($('size'), options.hidato.sizes, (s) => s.replace('x', '×'), wanted.size ?? (options.hidato.sizes.includes($('size').value) ? $('size').value : '7x7'));
    fillSelect($('variant'), options.hidato.adjacencies, (v) => LABELS[v] || v, wanted.variant);
    fillSelect($('difficulty'), options.hidato.difficulties, cap, wanted.difficulty);
  }
}

function settingsRequest() {
  const kind = $('kind').value;
  const difficulty = $('difficulty').value;
  if (kind === 'sudoku') {
    return { kind, size: Number($('size').value), variant: $('variant').value, difficulty };
  }
  const [w, h] = $('size').value.split('x').map(Number);
  return { kind, width: w, height: h, adjacency: $('variant').value, difficulty };
}

// ---------------------------------------------------------------- game life cycle

async function startGame(req) {
  $('start').disabled = true;
  setStatus('Making a puzzle…');
  const old = S && (isPlaying() || isPaused()) ? S.game.id : null;
  try {
    const game = await api.newGame(req);
    if (old && old !== game.id) api.quit(old).catch(() => {});
    loadGame(game, null);
    setStatus(`New ${describe(game)}. Good luck!`);
    focusCell();
    return true;
  } catch (e) {
    setStatus(`Could not start a game: ${e.message}`, 'error');
    return false;
  } finally {
    $('start').disabled = false;
  }
}

function describe(game) {
  const c = game.config || {};
  const what = game.kind === 'sudoku'
    ? `${c.size}×${c.size} Sudoku${c.variant === 'x' ? ' X' : ''}`
    : `${c.width}×${c.height} ${c.adjacency === 'numbrix' ? 'Numbrix' : 'Hidato'}`;
  return `${what}${game.difficulty ? `, ${game.difficulty}` : ''}`;
}

function loadGame(game, saved) {
  const n = game.puzzle.length;
  geom = game.kind === 'sudoku' ? new SudokuGeom(game.config) : new HidatoGeom(game.config, game.puzzle);
  givens = game.puzzle.map((v) => v > 0);
  const ok = saved && saved.cells && saved.cells.length === n;
  S = {
    game,
    cells: ok ? saved.cells.map((v, i) => (givens[i] ? game.puzzle[i] : v)) : game.puzzle.map((v) => Math.max(0, v)),
    notes: ok && saved.notes ? saved.notes : new Array(n).fill(0),
    undo: ok && saved.undo ? saved.undo : [],
    redo: ok && saved.redo ? saved.redo : [],
    sel: ok && saved.sel >= 0 && saved.sel < n ? saved.sel : firstCell(game),
    notesMode: ok ? !!saved.notesMode : false,
  };
  if (game.kind === 'hidato') S.notesMode = false;
  if (geom.holes && geom.holes[S.sel]) S.sel = firstCell(game);
  hintState = null;
  wrongCells = new Set();
  serverConflicts = new Set();
  typing = null;
  setClock(game.seconds || 0, game.status === 'playing');
  $('gameinfo').textContent = describe(game) + (game.assisted ? ' (assisted)' : '');
  $('hintbox').hidden = true;
  $('board-wrap').classList.remove('empty');
  $('board-help').textContent = game.kind === 'sudoku'
    ? `Arrows move, type ${game.config.size > 9 ? `a digit or a letter A-${symbol(game.config.size)}` : 'a digit'} to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark. Ctrl+Z undoes, Ctrl+Y redoes.`
    : 'Arrows move. Type a number (several digits in a row make one number), Backspace clears. The next number to place and the cells it may go in are shown. Ctrl+Z undoes, Ctrl+Y redoes.';
  buildBoard();
  buildPad();
  updateShare();
  saveGame();
  render();
}

function firstCell(game) {
  const i = game.puzzle.findIndex((v) => v === 0);
  if (i >= 0) return i;
  const j = game.puzzle.findIndex((v) => v !== -1);
  return Math.max(0, j);
}

async function setPaused(paused, auto = false) {
  if (!S || (paused ? !isPlaying() : !isPaused())) return;
  const id = S.game.id;
  // Show the change at once; the server's answer sets the clock.
  S.game.status = paused ? 'paused' : 'playing';
  setClock(seconds(), !paused);
  render();
  saveGame();
  try {
    const res = paused ? await api.pause(id) : await api.resume(id);
    if (S && S.game.id === id && typeof res.seconds === 'number') setClock(res.seconds, !res.paused);
    if (!paused) focusCell();
    setStatus(paused ? (auto ? 'Paused while the page was hidden.' : 'Paused.') : 'Playing.');
  } catch (e) {
    setStatus(`Could not ${paused ? 'pause' : 'resume'}: ${e.message}`, 'error');
  }
}

async function quitGame() {
  if (!S || !(isPlaying() || isPaused())) return;
  const id = S.game.id;
  S.game.status = 'quit';
  setClock(seconds(), false);
  saveJson(STORE, null);
  render();
  try {
    await api.quit(id);
    setStatus('Game over: you quit. Press Start for a new puzzle.');
  } catch (e) {
    setStatus(`Quit: ${e.message}`, 'error');
  }
}

async function resumeSaved() {
  const saved = loadJson(STORE);
  if (!saved || !saved.game || !saved.game.id) return false;
  try {
    const game = await api.game(saved.game.id);
    const same = JSON.stringify(game.puzzle) === JSON.stringify(saved.game.puzzle);
    if (same && (game.status === 'playing' || game.status === 'paused')) {
      loadGame(game, saved);
      setStatus(game.status === 'paused' ? 'Welcome back. Your game is paused: press Resume.' : 'Welcome back: your game goes on.');
      return true;
    }
    saveJson(STORE, null);
    if (same) setStatus(`Your last game has ended (${game.status}). Press Start for a new one.`);
    return false;
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) {
      // Offline: show the saved board, frozen, until the server answers again.
      loadGame({ ...saved.game, status: 'paused' }, saved);
      setStatus('The server cannot be reached; your saved game is shown paused. Reload to try again.', 'error');
      return true;
    }
    saveJson(STORE, null);
    return false;
  }
}

// ---------------------------------------------------------------- board

function buildBoard() {
  const table = $('board');
  const w = geom.width;
  const h = geom.height;
  table.replaceChildren();
  table.className = `board ${S.game.kind} n${Math.max(w, h)}`;
  table.style.setProperty('--cols', w);
  table.style.setProperty('--rows', h);
  table.style.setProperty('--n', Math.max(w, h));
  if (isSudoku()) {
    table.style.setProperty('--nr', geom.br);
    table.style.setProperty('--nc', geom.bc);
  }
  table.setAttribute('aria-rowcount', h);
  table.setAttribute('aria-colcount', w);
  table.setAttribute('aria-label', describe(S.game));
  const tbody = document.createElement('tbody');
  cellEls = [];
  for (let r = 0; r < h; r++) {
    const tr = document.createElement('tr');
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      const td = document.createElement('td');
      if (geom.holes && geom.holes[i]) {
        td.className = 'hole';
        td.setAttribute('role', 'presentation');
        td.setAttribute('aria-hidden', 'true');
      } else {
        td.setAttribute('role', 'gridcell');
        td.dataset.row = r;
        td.dataset.col = c;
        td.dataset.testid = `cell-${r}-${c}`;
        td.tabIndex = -1;
        if (givens[i]) {
          td.classList.add('given');
          td.setAttribute('aria-readonly', 'true');
        }
        if (isSudoku()) {
          if (c % geom.bc === 0 && c > 0) td.classList.add('bl');
          if (r % geom.br === 0 && r > 0) td.classList.add('bt');
          if (geom.onDiagonal(r, c)) {
            td.classList.add('diag');
            if (r === c) td.classList.add('diag-main');
            if (r + c === geom.n - 1) td.classList.add('diag-anti');
          }
        }
      }
      cellEls.push(td);
      tr.appendChild(td);
    }
    tbody.appendChild(tr);
  }
  table.appendChild(tbody);
}

function conflictSet() {
  if (!S || !prefs.conflicts) return new Set();
  const local = geom.conflicts(S.cells, givens);
  for (const i of serverConflicts) if (!givens[i]) local.add(i);
  return local;
}

function render() {
  if (!S) return;
  const conflicts = conflictSet();
  const sel = S.sel;
  const selVal = S.cells[sel];
  const finished = !(isPlaying() || isPaused());
  const sudoku = isSudoku();
  const w = geom.width;
  let reach = new Set();
  let pred = -1;
  let next = 0;
  if (!sudoku) {
    next = geom.nextNumber(S.cells);
    if (next > 1) {
      const at = geom.positions(S.cells).get(next - 1);
      if (at && at.length === 1) {
        pred = at[0];
        reach = new Set(geom.neighbours(pred).filter((i) => !S.cells[i]));
      }
    }
  }
  const peers = sudoku ? geom.peers[sel] : new Set();
  cellEls.forEach((td, i) => {
    if (td.classList.contains('hole')) return;
    const v = S.cells[i];
    const r = Math.floor(i / w);
    const c = i % w;
    const cls = td.classList;
    cls.toggle('selected', i === sel);
    cls.toggle('peer', peers.has(i));
    cls.toggle('same', !!selVal && v === selVal && i !== sel);
    cls.toggle('conflict', conflicts.has(i));
    cls.toggle('hint', !!hintState && hintState.cells.has(i));
    cls.toggle('wrong', wrongCells.has(i));
    cls.toggle('hint-target', !!hintState && hintState.targets.has(i) && !hintState.cells.has(i));
    cls.toggle('reach', reach.has(i));
    cls.toggle('pred', i === pred);
    cls.toggle('filled', !!v);
    td.tabIndex = i === sel ? 0 : -1;
    // Content.
    const key = `${v}|${S.notes[i]}|${selVal}`;
    if (td.dataset.key !== key) {
      td.dataset.key = key;
      if (v) {
        const span = document.createElement('span');
        span.className = 'v';
        span.textContent = sudoku ? symbol(v) : String(v);
        td.replaceChildren(span);
      } else if (sudoku && S.notes[i]) {
        const box = document.createElement('span');
        box.className = 'notes';
        box.setAttribute('aria-hidden', 'true');
        for (let d = 1; d <= geom.n; d++) {
          const s = document.createElement('span');
          if (S.notes[i] & (1 << d)) {
            s.textContent = symbol(d);
            if (d === selVal) s.className = 'same-note';
          }
          box.appendChild(s);
        }
        td.replaceChildren(box);
      } else {
        td.replaceChildren();
      }
    }
    // Name: position and state, in words.
    let label = `Row ${r + 1}, column ${c + 1}`;
    if (sudoku) label += `, box ${geom.box(r, c) + 1}`;
    if (v) label += givens[i] ? `, given ${sudoku ? symbol(v) : v}` : `, ${sudoku ? symbol(v) : v}`;
    else {
      label += ', empty';
      if (sudoku && S.notes[i]) {
        const list = [];
        for (let d = 1; d <= geom.n; d++) if (S.notes[i] & (1 << d)) list.push(symbol(d));
        label += `, candidates ${list.join(' ')}`;
      }
    }
    if (sudoku && geom.onDiagonal(r, c)) label += ', on a diagonal';
    if (conflicts.has(i)) label += ', conflict';
    if (wrongCells.has(i)) label += ', mistake';
    if (hintState && hintState.cells.has(i)) label += ', hint';
    if (hintState && hintState.targets.has(i)) {
      const gone = hintState.eliminations.filter((e) => e[0] === i).map((e) => (sudoku ? symbol(e[1]) : e[1]));
      label += `, the hint removes candidate${gone.length > 1 ? 's' : ''} ${gone.join(' ')}`;
    }
    if (reach.has(i)) label += `, touches ${next - 1}`;
    if (td.getAttribute('aria-label') !== label) td.setAttribute('aria-label', label);
    td.setAttribute('aria-selected', i === sel ? 'true' : 'false');
  });

  // Controls.
  const active = isPlaying();
  $('quit').disabled = !(active || isPaused());
  $('pause').disabled = !(active || isPaused());
  $('pause').textContent = isPaused() ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', isPaused() ? 'true' : 'false');
  $('board-wrap').classList.toggle('paused', isPaused());
  $('board-wrap').classList.toggle('finished', finished);
  $('notes-toggle').disabled = !active || !sudoku;
  $('notes-toggle').setAttribute('aria-pressed', S.notesMode ? 'true' : 'false');
  $('notes-toggle').textContent = S.notesMode ? 'Notes: on' : 'Notes: off';
  $('undo').disabled = !active || !S.undo.length;
  $('redo').disabled = !active || !S.redo.length;
  $('hint').disabled = !active;
  $('check').disabled = !active;
  document.body.classList.toggle('notes-mode', S.notesMode);
  // Pad: mark digits that are all placed.
  if (sudoku) {
    const counts = new Array(geom.n + 1).fill(0);
    S.cells.forEach((v) => { if (v) counts[v]++; });
    for (let d = 1; d <= geom.n; d++) {
      const b = $(`pad-${symbol(d)}`);
      if (!b) continue;
      const done = counts[d] >= geom.n;
      b.classList.toggle('done', done);
      b.classList.toggle('same', d === selVal);
      b.setAttribute('aria-label', `${S.notesMode ? 'Note' : 'Enter'} ${symbol(d)}${done ? ', all placed' : ''}`);
    }
  }
  $('pad').querySelectorAll('button').forEach((b) => { b.disabled = !active; });
  const nx = $('hidato-next');
  nx.hidden = sudoku;
  if (!sudoku) {
    nx.textContent = next
      ? (pred >= 0
        ? `Next number: ${next}. It touches ${next - 1} (row ${Math.floor(pred / w) + 1}, column ${pred % w + 1}); the cells it can go in are ringed.`
        : `Next number: ${next}.`)
      : 'Every number is placed.';
    const nb = $('pad-next');
    if (nb) nb.textContent = next ? `Next (${next})` : 'Next';
  }
}

function focusCell() {
  if (!S || !cellEls[S.sel] || isPaused()) return;
  cellEls[S.sel].focus({ preventScroll: false });
}

function select(i, focus = true) {
  if (!S || i < 0 || i >= cellEls.length || cellEls[i].classList.contains('hole')) return;
  if (i !== S.sel) typing = null;
  S.sel = i;
  render();
  if (focus) focusCell();
  saveGame();
}

function move(dr, dc) {
  const w = geom.width;
  const h = geom.height;
  let r = Math.floor(S.sel / w);
  let c = S.sel % w;
  for (;;) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r >= h || c >= w) return;
    const i = r * w + c;
    if (!(geom.holes && geom.holes[i])) { select(i); return; }
  }
}

function rowEdge(i, end, whole) {
  const w = geom.width;
  const cand = [];
  if (whole) for (let k = 0; k < geom.count; k++) cand.push(k);
  else { const r = Math.floor(i / w); for (let c = 0; c < w; c++) cand.push(r * w + c); }
  const ok = cand.filter((k) => !(geom.holes && geom.holes[k]));
  return end ? ok[ok.length - 1] : ok[0];
}

// ---------------------------------------------------------------- edits (undoable)

/** Apply a list of changes {i, v, n} (new value and notes); returns the undo entry. */
function change(list, merge = false) {
  const entry = [];
  for (const { i, v, n } of list) {
    const from = [S.cells[i], S.notes[i]];
    const to = [v === undefined ? S.cells[i] : v, n === undefined ? S.notes[i] : n];
    if (from[0] === to[0] && from[1] === to[1]) continue;
    S.cells[i] = to[0];
    S.notes[i] = to[1];
    entry.push([i, from, to]);
    wrongCells.delete(i);
  }
  if (!entry.length) return;
  if (merge && S.undo.length) {
    // Hidato typing: fold the next digit into the same step.
    const last = S.undo[S.undo.length - 1];
    for (const [i, , to] of entry) {
      const e = last.find((x) => x[0] === i);
      if (e) e[2] = to; else last.push([i, [0, 0], to]);
    }
  } else {
    S.undo.push(entry);
  }
  S.redo = [];
  afterEdit();
}

function afterEdit() {
  serverConflicts = new Set();
  hintState = null;
  $('hintbox').hidden = true;
  saveGame();
  render();
  maybeCheck();
}

function undo() {
  if (!isPlaying() || !S.undo.length) return;
  const entry = S.undo.pop();
  for (let k = entry.length - 1; k >= 0; k--) {
    const [i, from] = entry[k];
    S.cells[i] = from[0];
    S.notes[i] = from[1];
  }
  S.redo.push(entry);
  typing = null;
  if (entry.length) S.sel = entry[0][0];
  afterEdit();
  focusCellIfInBoard();
}

function redo() {
  if (!isPlaying() || !S.redo.length) return;
  const entry = S.redo.pop();
  for (const [i, , to] of entry) {
    S.cells[i] = to[0];
    S.notes[i] = to[1];
  }
  S.undo.push(entry);
  typing = null;
  if (entry.length) S.sel = entry[0][0];
  afterEdit();
  focusCellIfInBoard();
}

function focusCellIfInBoard() {
  if ($('board').contains(document.activeElement)) focusCell();
}

/** Put value v (0 clears) in the selected cell; the digit leaves its peers' notes. */
function enter(v) {
  if (!isPlaying()) return;
  const i = S.sel;
  if (givens[i]) { setStatus('That cell is a given; it cannot change.'); return; }
  if (isSudoku() && S.notesMode && v) { toggleNote(v); return; }
  const list = [{ i, v, n: 0 }];
  if (isSudoku() && v) {
    for (const p of geom.peers[i]) if (S.notes[p] & (1 << v)) list.push({ i: p, n: S.notes[p] & ~(1 << v) });
  }
  typing = null;
  change(list);
}

function toggleNote(d) {
  if (!isPlaying() || !isSudoku()) return;
  const i = S.sel;
  if (givens[i] || S.cells[i]) return;
  change([{ i, n: S.notes[i] ^ (1 << d) }]);
}

/** Hidato: digits typed one after another make one number. */
function typeDigit(d) {
  if (!isPlaying()) return;
  const i = S.sel;
  if (givens[i]) { setStatus('That cell is a given; it cannot change.'); return; }
  const now = performance.now();
  const going = typing && typing.cell === i && now - typing.at < 2000;
  let v = going ? S.cells[i] * 10 + d : d;
  if (v > geom.max) v = d;
  if (v === 0) return;
  change([{ i, v }], going);
  typing = { cell: i, at: now };
}

function clearCell() {
  if (!isPlaying()) return;
  const i = S.sel;
  if (givens[i]) return;
  typing = null;
  change([{ i, v: 0, n: 0 }]);
}

// ---------------------------------------------------------------- checking and solving

async function maybeCheck() {
  if (!isPlaying()) return;
  const full = S.cells.every((v, i) => v !== 0 || (geom.holes && geom.holes[i]));
  if (!full) return;
  if (geom.conflicts(S.cells, new Array(S.cells.length).fill(false)).size) {
    setStatus('Every cell is filled, but some break a rule.');
    return;
  }
  await check(true);
}

function sendCells() {
  return S.cells.map((v, i) => (geom.holes && geom.holes[i] ? -1 : v));
}

async function check(auto = false) {
  if (!isPlaying() || checking) return;
  checking = true;
  const id = S.game.id;
  try {
    const res = await api.check(id, sendCells());
    if (!S || S.game.id !== id) return;
    if (res.solved) { finish(res); return; }
    if (typeof res.seconds === 'number') setClock(res.seconds, true);
    serverConflicts = new Set(res.conflicts || []);
    render();
    const nc = (res.conflicts || []).length;
    const empty = S.cells.filter((v, i) => !v && !(geom.holes && geom.holes[i])).length;
    if (nc) setStatus(`${nc} cell${nc > 1 ? 's break' : ' breaks'} a rule${prefs.conflicts ? ' (marked)' : ''}.`);
    else if (!res.complete) setStatus(auto ? '' : `No rule broken so far; ${empty} cell${empty === 1 ? '' : 's'} to fill.`);
    else setStatus('The grid is full but not a solution of this puzzle.');
  } catch (e) {
    setStatus(`Check failed: ${e.message}`, 'error');
  } finally {
    checking = false;
  }
}

function finish(res) {
  S.game.status = 'solved';
  setClock(res.seconds, false);
  saveJson(STORE, null);
  hintState = null;
  render();
  const time = hms(res.seconds);
  $('solved-time').textContent = time;
  $('solved-place').textContent = res.place ? `${ordinal(res.place)}${res.of ? ` of ${res.of}` : ''}` : '-';
  $('solved-note').textContent = S.game.assisted ? 'Hints were used: the result is marked assisted.' : '';
  setStatus(`Solved in ${time}${res.place ? `, ${ordinal(res.place)} place` : ''}.`);
  const dlg = $('solved-dialog');
  if (!dlg.open) dlg.showModal();
}

// ---------------------------------------------------------------- hints

async function hint() {
  if (!isPlaying()) return;
  const id = S.game.id;
  $('hint').disabled = true;
  try {
    const res = await api.hint(id, sendCells());
    if (!S || S.game.id !== id) return;
    S.game.assisted = true;
    $('gameinfo').textContent = describe(S.game) + ' (assisted)';
    wrongCells = new Set();
    hintState = {
      cells: new Set([...(res.cells || []), ...(res.placements || []).map((p) => p[0])]),
      placements: res.placements || [],
      eliminations: res.eliminations || [],
      targets: new Set((res.eliminations || []).map((e) => e[0])),
    };
    const tech = res.technique ? `${res.technique.charAt(0).toUpperCase()}${res.technique.slice(1)}: ` : '';
    showHint(tech + (res.explanation || 'No further step found.'), hintState.placements.length + hintState.eliminations.length > 0);
    saveGame();
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) {
      wrongCells = new Set(e.body.wrong || []);
      hintState = null;
      const n = wrongCells.size;
      showHint(`There is a mistake first: ${n ? `${n} cell${n > 1 ? 's do' : ' does'} not match the solution (marked with a cross).` : e.message} Fix ${n > 1 ? 'them' : 'it'} and ask again.`, false);
    } else {
      showHint(`No hint: ${e.message}`, false);
    }
  } finally {
    render();
  }
}

function showHint(text, canApply) {
  $('hintbox').hidden = false;
  $('hint-text').textContent = text;
  $('hint-apply').hidden = !canApply;
}

function applyHint() {
  if (!hintState || !isPlaying()) return;
  const list = [];
  const notes = S.notes.slice();
  for (const [i, d] of hintState.placements) {
    list.push({ i, v: d, n: 0 });
    if (isSudoku()) for (const p of geom.peers[i]) if (notes[p] & (1 << d)) { notes[p] &= ~(1 << d); list.push({ i: p, n: notes[p] }); }
  }
  for (const [i, d] of hintState.eliminations) {
    if (notes[i] & (1 << d)) { notes[i] &= ~(1 << d); list.push({ i, n: notes[i] }); }
  }
  if (hintState.placements.length) S.sel = hintState.placements[0][0];
  change(list);
  if (!list.length) { hintState = null; render(); }
  $('hintbox').hidden = true;
  focusCell();
}

// ---------------------------------------------------------------- pad

function buildPad() {
  const pad = $('pad');
  const buttons = [];
  const mk = (id, text, label, fn) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = id;
    b.dataset.testid = id;
    b.className = 'btn pad-btn';
    b.textContent = text;
    if (label) b.setAttribute('aria-label', label);
    b.addEventListener('click', fn);
    buttons.push(b);
    return b;
  };
  if (isSudoku()) {
    for (let d = 1; d <= geom.n; d++) mk(`pad-${symbol(d)}`, symbol(d), `Enter ${symbol(d)}`, () => enter(d));
    mk('pad-clear', '⌫', 'Clear the cell', clearCell).classList.add('wide');
  } else {
    for (let d = 1; d <= 9; d++) mk(`pad-${d}`, String(d), `Type ${d}`, () => typeDigit(d));
    mk('pad-0', '0', 'Type 0', () => typeDigit(0));
    mk('pad-next', 'Next', 'Place the next number', () => {
      const k = geom.nextNumber(S.cells);
      if (k && !givens[S.sel]) { typing = null; change([{ i: S.sel, v: k }]); }
    }).classList.add('wide');
    mk('pad-clear', '⌫', 'Clear the cell', clearCell);
  }
  pad.className = `pad ${isSudoku() ? `pad-n${geom.n}` : 'pad-hidato'}`;
  pad.replaceChildren(...buttons);
}

// ---------------------------------------------------------------- keyboard

function inField(el) {
  return el && (el.closest('input, textarea, select, [contenteditable="true"]') || el.closest('dialog'));
}

function onKey(e) {
  if (!S || e.defaultPrevented) return;
  const t = e.target;
  const inBoard = $('board').contains(t);
  const ctrl = e.ctrlKey || e.metaKey;
  if (inField(t)) return;
  // Undo and redo anywhere on the page (but in text fields).
  if (ctrl && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) { e.preventDefault(); undo(); return; }
    if (k === 'y' || (k === 'z' && e.shiftKey)) { e.preventDefault(); redo(); return; }
    return;
  }
  if (e.altKey) return;
  if (isPaused() && (e.key === 'p' || e.key === 'P')) { e.preventDefault(); setPaused(false); return; }
  if (!isPlaying()) return;
  if (inBoard) {
    const nav = {
      ArrowUp: () => move(-1, 0), ArrowDown: () => move(1, 0),
      ArrowLeft: () => move(0, -1), ArrowRight: () => move(0, 1),
      Home: () => select(rowEdge(S.sel, false, e.ctrlKey)), End: () => select(rowEdge(S.sel, true, e.ctrlKey)),
    }[e.key];
    if (nav) { e.preventDefault(); nav(); return; }
    if (e.key === ' ') { e.preventDefault(); clearCell(); return; }
  }
  if (e.key === 'Backspace' || e.key === 'Delete') { e.preventDefault(); clearCell(); return; }
  if (isSudoku()) {
    // Shift+digit (or letter) toggles a note; the key code tells the digit whatever the layout.
    if (e.shiftKey) {
      const m = /^(?:Digit|Numpad)(\d)$|^Key([A-Z])$/.exec(e.code);
      const v = m ? keyValue(m[1] || m[2], geom.n) : 0;
      if (v) { e.preventDefault(); toggleNote(v); return; }
    }
    const v = keyValue(e.key, geom.n);
    if (v) { e.preventDefault(); enter(v); return; }
    if (e.key === '0') { e.preventDefault(); clearCell(); return; }
    if (e.key === 'n' || e.key === 'N') { e.preventDefault(); toggleNotesMode(); return; }
  } else if (/^[0-9]$/.test(e.key)) {
    e.preventDefault();
    typeDigit(Number(e.key));
    return;
  }
  if (e.key === 'p' || e.key === 'P') { e.preventDefault(); setPaused(true); }
}

function toggleNotesMode() {
  if (!isPlaying() || !isSudoku()) return;
  S.notesMode = !S.notesMode;
  saveGame();
  render();
  setStatus(S.notesMode ? 'Notes mode: digits toggle pencil marks.' : 'Notes mode off: digits fill cells.');
}

// ---------------------------------------------------------------- paste and share

function shareText(game) {
  if (game.kind === 'hidato') return hidatoUrlText(game.config, game.puzzle);
  return game.share || game.puzzle.map((v) => (v ? symbol(v) : '.')).join('');
}

function shareUrl(game) {
  const q = new URLSearchParams({ kind: game.kind, puzzle: shareText(game) });
  if (game.kind === 'sudoku' && game.config.variant === 'x') q.set('variant', 'x');
  if (game.kind === 'hidato' && game.config.adjacency === 'numbrix') q.set('adjacency', 'numbrix');
  // ':', ',' and '/' are allowed in a query: keep the Hidato form readable.
  return `${location.origin}/?${q.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%2F/gi, '/')}`;
}

function updateShare() {
  $('share-link').value = S ? shareUrl(S.game) : '';
}

function pasteRequest() {
  const text = $('paste-text').value.trim();
  let kind = $('paste-kind').value;
  if (!text) throw new Error('paste a puzzle first');
  if (kind === 'auto') kind = guessKind(text);
  const req = { kind: kind.startsWith('sudoku') ? 'sudoku' : 'hidato', puzzle: text };
  if (kind === 'sudoku-x') req.variant = 'x';
  if (kind === 'numbrix') req.adjacency = 'numbrix';
  return req;
}

function pasteResult(text, kind = 'info') {
  const out = $('paste-result');
  out.textContent = text;
  out.dataset.kind = kind;
}

function gridText(kind, solution, puzzleText) {
  if (!solution) return '';
  if (kind === 'sudoku') {
    const n = Math.round(Math.sqrt(solution.length));
    const rows = [];
    for (let r = 0; r < n; r++) rows.push(solution.slice(r * n, (r + 1) * n).map(symbol).join(''));
    return rows.join('\n');
  }
  const m = /^\s*(\d+)\s*x?\s*(\d+)/i.exec(puzzleText);
  const w = m ? Number(m[1]) : Math.round(Math.sqrt(solution.length));
  const h = Math.ceil(solution.length / w);
  const pad = String(Math.max(...solution)).length + 1;
  const rows = [`${w} ${h}`];
  for (let r = 0; r < h; r++) rows.push(solution.slice(r * w, (r + 1) * w).map((v) => String(v).padStart(pad)).join('').trimStart());
  return rows.join('\n');
}

async function pastePlay() {
  try {
    const req = pasteRequest();
    pasteResult('Loading…');
    if (await startGame(req)) pasteResult('Playing the pasted puzzle. The link above opens it again.');
    else pasteResult($('status').textContent, 'error');
  } catch (e) {
    pasteResult(e.message, 'error');
  }
}

async function pasteAnalyze() {
  try {
    const req = pasteRequest();
    pasteResult('Solving…');
    const res = await api.analyze(req);
    let text;
    if (res.solutions === 0) text = 'No solution.';
    else if (res.solutions >= 2 || res.unique === false) text = 'Several solutions (at least 2): not a proper puzzle.';
    else text = `Unique solution${res.difficulty ? `, level ${res.difficulty}` : ''}.`;
    if (typeof res.givens === 'number') text += ` ${res.givens} givens.`;
    if (res.solution) text += `\n${res.solutions >= 2 ? 'One solution' : 'Solution'}:\n${gridText(req.kind, res.solution, req.puzzle)}`;
    pasteResult(text);
  } catch (e) {
    pasteResult(e.message, 'error');
  }
}

async function pasteVerify() {
  try {
    const req = pasteRequest();
    const answer = $('paste-answer').value.trim();
    if (!answer) throw new Error('paste an answer to verify');
    const res = await api.verify(req, answer);
    if (res.valid) pasteResult('The answer is correct.');
    else pasteResult(`The answer is not correct:\n${(res.violations || []).map((v) => `• ${v}`).join('\n')}`, 'error');
  } catch (e) {
    pasteResult(e.message, 'error');
  }
}

async function copyShare() {
  const link = $('share-link').value;
  if (!link) return;
  try {
    await navigator.clipboard.writeText(link);
    pasteResult('Link copied.');
  } catch (e) {
    $('share-link').select();
    pasteResult('Select the link and copy it (Ctrl+C).');
  }
}

async function fromUrl() {
  const q = new URLSearchParams(location.search);
  const puzzle = q.get('puzzle');
  if (!puzzle) return false;
  const kind = q.get('kind') || guessKind(puzzle);
  history.replaceState(null, '', location.pathname); // a reload resumes instead of restarting
  const saved = loadJson(STORE);
  if (saved && saved.game && saved.game.kind === kind && shareText(saved.game) === puzzle && (await resumeSaved())) return true;
  const req = { kind, puzzle };
  if (q.get('variant')) req.variant = q.get('variant');
  if (q.get('adjacency')) req.adjacency = q.get('adjacency');
  $('paste-text').value = puzzle;
  return startGame(req);
}

// ---------------------------------------------------------------- wiring

function wire() {
  $('kind').addEventListener('change', () => refreshSettings());
  $('size').addEventListener('change', () => refreshSettings());
  $('settings').addEventListener('change', () => {
    prefs.last = { kind: $('kind').value, size: $('size').value, variant: $('variant').value, difficulty: $('difficulty').value };
    savePrefs();
  });
  $('settings').addEventListener('submit', (e) => { e.preventDefault(); startGame(settingsRequest()); });
  $('quit').addEventListener('click', quitGame);
  $('pause').addEventListener('click', () => setPaused(!isPaused()));
  $('resume-cover').addEventListener('click', () => setPaused(false));
  $('notes-toggle').addEventListener('click', toggleNotesMode);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('hint-apply').addEventListener('click', applyHint);
  $('check').addEventListener('click', () => check(false));
  $('conflicts-toggle').checked = prefs.conflicts;
  $('conflicts-toggle').addEventListener('change', (e) => {
    prefs.conflicts = e.target.checked;
    savePrefs();
    render();
  });
  $('board').addEventListener('click', (e) => {
    const td = e.target.closest('td[role="gridcell"]');
    if (td && S && !isPaused()) select(Number(td.dataset.row) * geom.width + Number(td.dataset.col));
  });
  document.addEventListener('keydown', onKey);
  $('paste-play').addEventListener('click', pastePlay);
  $('paste-analyze').addEventListener('click', pasteAnalyze);
  $('paste-verify').addEventListener('click', pasteVerify);
  $('share-copy').addEventListener('click', copyShare);
  const dlg = $('solved-dialog');
  dlg.addEventListener('close', () => {
    if (dlg.returnValue === 'new') startGame(settingsRequest());
    else $('start').focus();
  });
  // Auto-pause when the page is hidden (another tab, a locked phone), but not when it is being
  // reloaded or left: the server keeps counting then, and the game resumes on return.
  let leaving = false;
  window.addEventListener('pagehide', () => { leaving = true; });
  window.addEventListener('beforeunload', () => { leaving = true; });
  window.addEventListener('pageshow', () => { leaving = false; });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden || !isPlaying() || leaving) return;
    setTimeout(() => { if (!leaving && document.hidden && isPlaying()) setPaused(true, true); }, 50);
  });
}

async function init() {
  initTheme($('theme-toggle'));
  wire();
  try { options = normOptions(await api.options()); } catch (e) { options = DEFAULT_OPTIONS; }
  const last = prefs.last || {};
  if (last.kind) $('kind').value = last.kind;
  refreshSettings(last);
  if (await fromUrl()) return;
  if (await resumeSaved()) return;
  // No game yet: an empty board of the chosen size would only be noise; the help says what to do.
  $('board-wrap').classList.add('empty');
}

init();
