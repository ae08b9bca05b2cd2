// The one state object of the game page, and where it is kept: `state` holds the game in
// progress (the server's game, the grid, notes, undo and redo history, selection), the board
// drawing it, the transient marks (hint, mistakes, server conflicts), the clock, the options and
// the player's preferences. Every other module reads and writes this object; nothing else is
// mutable at module level. This module imports only options.js (written by the server, the
// configurations and the library's levels) and i18n.js (the words), which import nothing, so it is
// safe at the root of
// the module graph (the others import each other in cycles, which only works for bindings used
// at run time, never at load time).

import { OPTIONS } from './options.js';
import { t, date, setText } from './i18n.js';

export const $ = (id) => document.getElementById(id);
export const STORE = 'tessera.game';
export const PREFS = 'tessera.prefs';
const MAX_HISTORY = 1000;
/** The colour marks a cell can have (index 1..4; 0 is none), named as the cell's label says. */
export const COLORS = ['', 'rose', 'amber', 'violet', 'teal'];
/** All the colour marks a cell can have, as a mask (bit k for COLORS[k], k >= 1). */
export const ALL_COLORS = ((1 << COLORS.length) - 1) & ~1;

export const state = {
  /** What a new game can ask for: GET /api/options, as options.js carries it. */
  options: OPTIONS,
  /** The saved preferences: { conflicts, mistakes, digitFirst, last, zoom } (theme.js keeps the theme in the same record). */
  prefs: loadJson(PREFS) || {},

  // The game in progress; `game` is null until one is loaded. Saved by saveGame().
  game: null, // the server's game object (status changed here as play goes)
  cells: [],
  notes: [], // per cell, a bit mask of pencil marks (bit d for the digit d): the centre notes
  corners: [], // per cell, a bit mask of corner marks (SudokuPad's: where a digit can go in a box)
  undo: [], // entries: lists of [cell, [value, notes, mark, corners] before, [...] after]
  redo: [],
  sel: 0, // the selected cell
  notesMode: false, // false (digits), 'centre' (notes) or 'corner' (corner marks)
  autoNotes: false, // Sudoku: notes filled with candidates and kept up to date (edits.js)
  colors: [], // per cell, its colour marks as a mask (bit k for COLORS[k]; 0: none); in the history too
  palette: false, // the colour palette is shown
  picked: 0, // digit first: the digit picked on the pad (0: none)
  /** The mistake modes (mistakes.js): mistakes found (`made`) and which ('cell:value'). */
  mistakes: { made: 0, seen: [] },

  /** The board drawing the game (board-sudoku.js or board-hidato.js); null without a game. */
  board: null,
  /** The last hint: { cells: Set, placements, eliminations, targets: Set }. */
  hint: null,
  /** Mistakes reported by the server with a refused hint. */
  wrong: new Set(),
  /** Conflicts reported by the last check, shown until the next edit. */
  serverConflicts: new Set(),
  /** Hidato multi-digit entry: { cell, at }. */
  typing: null,
  /** A check is under way (one at a time). */
  checking: false,
  /** The time played: `base` seconds at `at` (performance.now()), counting when `running`. */
  clock: { base: 0, at: 0, running: false },
  /** The game was loaded or paused without the server: game.js tells the server when it is back. */
  offline: false,
  /** The frame that will update the zoomed board (zoom.js scheduleZoom), or 0. */
  zoomFrame: 0,
};
if (state.prefs.conflicts === undefined) state.prefs.conflicts = true;

export const isPlaying = () => !!state.game && state.game.status === 'playing';
export const isPaused = () => !!state.game && state.game.status === 'paused';

/** What is played, for the bar above the board: the board's description, "(assisted)" after it
 * once a hint was used (after the date for a daily), and for a daily "Daily puzzle of DATE" on a line before it (the bar
 * shows both lines, small, so that a phone sees the date; style.css `.gameinfo.daily`). */
export function gameTitle() {
  const g = state.game;
  if (!g || !state.board) return '';
  const assisted = g.assisted ? ` ${t('(assisted)')}` : '';
  // A daily has two lines already: "(assisted)" goes on the date's, which is short.
  return g.daily
    ? `${t('Daily puzzle of {date}', { date: date(g.daily) })}${assisted}\n${state.board.describe()}`
    : state.board.describe() + assisted;
}

/** Writes gameTitle() in the bar above the board. */
export function showTitle() {
  const el = $('gameinfo');
  if (!state.game) return;
  setText(el, gameTitle());
  el.classList.toggle('daily', !!(state.game && state.game.daily));
}

export function setStatus(text, kind = 'info') {
  const el = $('status');
  el.textContent = text;
  el.dataset.kind = kind;
}

// ---------------------------------------------------------------- storage

export function loadJson(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch (e) { return null; }
}

export function saveJson(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (e) { /* storage full or off: play on without it */ }
}

export function savePrefs() {
  // theme.js writes the theme into the same object: keep it.
  const cur = loadJson(PREFS) || {};
  saveJson(PREFS, { ...cur, conflicts: state.prefs.conflicts, mistakes: state.prefs.mistakes, digitFirst: !!state.prefs.digitFirst, last: state.prefs.last, zoom: !!state.prefs.zoom });
}

export function saveGame() {
  const s = state;
  if (!s.game) return;
  if (s.undo.length > MAX_HISTORY) s.undo.splice(0, s.undo.length - MAX_HISTORY);
  saveJson(STORE, { v: 2, game: s.game, cells: s.cells, notes: s.notes, corners: s.corners, undo: s.undo, redo: s.redo, sel: s.sel, notesMode: s.notesMode, autoNotes: s.autoNotes, colors: s.colors, mistakes: s.mistakes, clock: savedClock() });
}

/** The clock as saved: the seconds shown now, whether it runs, and the wall-clock time of
 * saving (Date.now(), which outlives the page, unlike performance.now()), so that a reload
 * without the server shows the time the server would (game.js `savedSeconds`). */
function savedClock() {
  const c = state.clock;
  const seconds = c.base + (c.running ? (performance.now() - c.at) / 1000 : 0);
  return { seconds, running: c.running, at: Date.now() };
}
