// The life of a game: start one (POST /api/games), load it into the state and draw its board,
// pause and resume, quit, and resume the game saved in localStorage after a reload. Without the
// server, a reload resumes the saved game as it was (playing or paused) with the clock it had
// plus the time since it was saved while it ran (the server counts on during a reload too), says
// "Offline", and tells the server when it answers again (`syncWithServer`: the server's clock,
// and a pause or resume made offline). Starting or quitting while a game is in progress
// asks first (confirmDiscard: a native <dialog> whose default is Cancel); the "New game" form
// folds away while a game is played and opens again when it ends.
import { api, ApiError } from './api.js';
import { $, state, STORE, COLORS, ALL_COLORS, isPlaying, isPaused, loadJson, saveGame, saveJson, setStatus, showTitle } from './state.js';
import { seconds, setClock } from './timer.js';
import { boardFor } from './boards.js';
import { render, focusCell } from './view.js';
import { updateShare } from './paste.js';
import { scheduleZoom } from './zoom.js';
import { t, date, setText } from './i18n.js';
import { checkMistakes } from './mistakes.js';

/** Whether a game is going on (playing or paused): ending it asks first. */
export const inProgress = () => isPlaying() || isPaused();

/** Asks whether to end the game in progress: true for `okLabel`, false for Cancel or Escape. */
export function confirmDiscard(title, okLabel) {
  const dlg = $('confirm-dialog');
  if (dlg.open) return Promise.resolve(false);
  setText($('confirm-title'), t(title));
  setText($('confirm-text'), t('The game in progress ({what}, {time}) ends and counts as quit.', { what: state.board.describe(), time: $('timer').textContent }));
  setText($('confirm-ok'), t(okLabel));
  dlg.returnValue = '';
  return new Promise((resolve) => {
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true });
    dlg.showModal();
    $('confirm-cancel').focus();
  });
}

/** Folds the "New game" form (while playing) or opens it (no game going on). */
export function showSettings(open) {
  $('settings-panel').open = open;
}

/** Starts a new game (quitting the one in progress once the new one is there, after asking);
 * true if done. */
export async function startGame(req) {
  const old = state.game && inProgress() ? state.game.id : null;
  if (old && !(await confirmDiscard('Start a new game?', 'Start a new game'))) {
    focusCell();
    return false;
  }
  $('start').disabled = true;
  setStatus(t('Making a puzzle…'));
  try {
    const game = await api.newGame(req);
    if (old && old !== game.id) api.quit(old).catch(() => {});
    loadGame(game, null);
    setStatus(game.daily ? t('The daily puzzle of {date}. Good luck!', { date: date(game.daily) }) : t('New {what}. Good luck!', { what: state.board.describe() }));
    focusCell();
    return true;
  } catch (e) {
    setStatus(t('Could not start a game: {error}', { error: e.message }), 'error');
    return false;
  } finally {
    $('start').disabled = false;
  }
}

/** Makes `game` the game in progress, with the grid and history of `saved` if they fit. */
function loadGame(game, saved) {
  const s = state;
  const n = game.puzzle.length;
  const board = boardFor(game);
  const givens = board.givens;
  const ok = saved && saved.cells && saved.cells.length === n;
  s.game = game;
  s.board = board;
  s.cells = ok ? saved.cells.map((v, i) => (givens[i] ? game.puzzle[i] : v)) : game.puzzle.map((v) => Math.max(0, v));
  s.notes = ok && saved.notes ? saved.notes : new Array(n).fill(0);
  s.corners = ok && Array.isArray(saved.corners) && saved.corners.length === n
    ? saved.corners.map((m) => (Number.isInteger(m) && m > 0 ? m : 0)) : new Array(n).fill(0);
  // A game saved before a cell could have several colours (v1) has one colour's index per cell,
  // in the history too: as masks.
  const mask = ok && saved.v === 1 ? (k) => (Number.isInteger(k) && k > 0 && k < COLORS.length ? 1 << k : 0) : (k) => k;
  const history = (list) => (Array.isArray(list) ? list : []).map((entry) => entry.map(([i, from, to]) => [i,
    from.length > 2 ? [from[0], from[1], mask(from[2]), ...from.slice(3)] : from,
    to.length > 2 ? [to[0], to[1], mask(to[2]), ...to.slice(3)] : to]));
  const kept = (list) => (saved.v === 1 ? history(list) : Array.isArray(list) ? list : []);
  s.undo = ok ? kept(saved.undo) : [];
  s.redo = ok ? kept(saved.redo) : [];
  s.sel = ok && saved.sel >= 0 && saved.sel < n ? saved.sel : firstCell(game);
  // Notes mode: 'centre' or 'corner' (a game saved before corner marks has true for centre).
  s.notesMode = ok && board.hasNotes && saved.notesMode ? (saved.notesMode === 'corner' ? 'corner' : 'centre') : false;
  s.autoNotes = ok && board.hasNotes ? !!saved.autoNotes : false;
  s.colors = ok && Array.isArray(saved.colors) && saved.colors.length === n
    ? saved.colors.map((k) => (Number.isInteger(mask(k)) && mask(k) > 0 ? mask(k) & ALL_COLORS : 0)) : new Array(n).fill(0);
  const m = ok && saved.mistakes && typeof saved.mistakes === 'object' ? saved.mistakes : {};
  s.mistakes = {
    made: Number.isInteger(m.made) && m.made > 0 ? m.made : 0,
    seen: Array.isArray(m.seen) ? m.seen.filter((x) => typeof x === 'string').slice(0, n * 64) : [],
  };
  if (board.isHole(s.sel)) s.sel = firstCell(game);
  s.hint = null;
  s.wrong = new Set();
  s.serverConflicts = new Set();
  s.typing = null;
  s.picked = 0;
  setClock(game.seconds || 0, game.status === 'playing');
  showTitle();
  $('hintbox').hidden = true;
  $('board-wrap').classList.remove('empty');
  document.querySelector('main.game').classList.remove('no-game');
  delete document.documentElement.dataset.board; // theme-init.js's guess has served
  showSettings(game.status !== 'playing' && game.status !== 'paused');
  setText($('board-help'), t(board.helpText()));
  board.build($('board'));
  board.buildPad($('pad'));
  scheduleZoom();
  updateShare();
  saveGame();
  render();
  // The crosses of a game already assisted come back (a new game is asked about at its first
  // value: until then it is not assisted).
  if (game.assisted) checkMistakes();
}

/** The first empty cell, else the first cell that is not a hole. */
function firstCell(game) {
  const i = game.puzzle.findIndex((v) => v === 0);
  if (i >= 0) return i;
  const j = game.puzzle.findIndex((v) => v !== -1);
  return Math.max(0, j);
}

/** Pauses or resumes; `auto` when the page pauses itself because it was hidden. */
export async function setPaused(paused, auto = false) {
  const s = state;
  if (!s.game || (paused ? !isPlaying() : !isPaused())) return;
  const id = s.game.id;
  // Show the change at once; the server's answer sets the clock.
  s.game.status = paused ? 'paused' : 'playing';
  setClock(seconds(), !paused);
  render();
  saveGame();
  try {
    const res = paused ? await api.pause(id) : await api.resume(id);
    if (s.game && s.game.id === id && typeof res.seconds === 'number') setClock(res.seconds, !res.paused);
    if (!paused) focusCell();
    setStatus(t(paused ? (auto ? 'Paused while the page was hidden.' : 'Paused.') : 'Playing.'));
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) {
      // Without the server the page pauses or resumes alone, and tells the server when it is back.
      if (!paused) focusCell();
      goneOffline(t(paused ? 'Paused here' : 'Playing'));
      return;
    }
    setStatus(t(paused ? 'Could not pause: {error}' : 'Could not resume: {error}', { error: e.message }), 'error');
  }
}

/** How often the page asks whether the server is back, while it is offline. */
const SYNC_RETRY_MS = 15000;

/** The server cannot be reached: says so (after `what`, "Playing" or "Paused here") and tries
 * again when the browser is back online and every SYNC_RETRY_MS. */
function goneOffline(what) {
  setStatus(t('{what}. Offline: the server cannot be reached; the game goes on here and is told to the server when it is back.', { what }), 'offline');
  if (state.offline) return;
  state.offline = true;
  window.addEventListener('online', syncWithServer);
  const timer = setInterval(() => { if (state.offline) syncWithServer(); else clearInterval(timer); }, SYNC_RETRY_MS);
}

/** The seconds played of a saved game, now: those saved, plus the time since while it ran. */
function savedSeconds(saved) {
  const c = saved.clock;
  if (!c || typeof c.seconds !== 'number' || typeof c.at !== 'number') return saved.game.seconds || 0;
  return c.seconds + (c.running ? Math.max(0, (Date.now() - c.at) / 1000) : 0);
}

/** Back online: the server's clock, and a pause or resume made offline, for the game shown. */
export async function syncWithServer() {
  const s = state;
  if (!s.offline || !s.game) return;
  const id = s.game.id;
  try {
    let game = await api.game(id);
    if (!s.game || s.game.id !== id) return;
    if (game.status !== 'playing' && game.status !== 'paused') {
      s.offline = false;
      if (inProgress()) {
        s.game.status = game.status;
        setClock(seconds(), false);
        saveJson(STORE, null);
        render();
        showSettings(true);
      }
      setStatus(t('Back online: the server says this game has ended ({status}). Press Start for a new one.', { status: game.status }));
      return;
    }
    const wanted = s.game.status;
    if ((wanted === 'paused') !== (game.status === 'paused') && inProgress()) {
      game = wanted === 'paused' ? await api.pause(id) : await api.resume(id);
    }
    s.offline = false;
    if (s.game && s.game.id === id && typeof game.seconds === 'number') setClock(game.seconds, isPlaying());
    saveGame();
    setStatus(t('Back online: the game is in step with the server.'));
  } catch (e) {
    if (!(e instanceof ApiError) || e.status === 0) return; // still offline: tried again later
    s.offline = false;
    setStatus(t('Back online, but the server says: {error}', { error: e.message }), 'error');
  }
}

export async function quitGame() {
  const s = state;
  if (!s.game || !inProgress()) return;
  if (!(await confirmDiscard('Quit this game?', 'Quit the game'))) { focusCell(); return; }
  if (!s.game || !inProgress()) return;
  const id = s.game.id;
  s.game.status = 'quit';
  setClock(seconds(), false);
  saveJson(STORE, null);
  render();
  showSettings(true);
  try {
    await api.quit(id);
    setStatus(t('Game over: you quit. Press Start for a new puzzle.'));
  } catch (e) {
    setStatus(t('Quit: {error}', { error: e.message }), 'error');
  }
}

/** Resumes the game saved in localStorage if the server still has it going; true if so. */
export async function resumeSaved() {
  const saved = loadJson(STORE);
  if (!saved || !saved.game || !saved.game.id) return false;
  try {
    let game = await api.game(saved.game.id);
    // A paused game comes without its puzzle (the server hides it while the clock is stopped):
    // the saved copy stands in for it until Resume.
    if (game.status === 'paused' && game.puzzle === null) {
      game = { ...game, puzzle: saved.game.puzzle, share: saved.game.share };
    }
    const same = JSON.stringify(game.puzzle) === JSON.stringify(saved.game.puzzle);
    if (same && (game.status === 'playing' || game.status === 'paused')) {
      loadGame(game, saved);
      setStatus(t(game.status === 'paused' ? 'Welcome back. Your game is paused: press Resume.' : 'Welcome back: your game goes on.'));
      return true;
    }
    saveJson(STORE, null);
    if (same) setStatus(t('Your last game has ended ({status}). Press Start for a new one.', { status: game.status }));
    return false;
  } catch (e) {
    if (e instanceof ApiError && e.status === 0 && (saved.game.status === 'playing' || saved.game.status === 'paused')) {
      // Offline: the saved game as it was, with its clock; the server is told when it is back.
      loadGame({ ...saved.game, seconds: savedSeconds(saved) }, saved);
      goneOffline(saved.game.status === 'paused' ? 'Welcome back: your game is paused' : 'Welcome back: your game goes on');
      return true;
    }
    saveJson(STORE, null);
    return false;
  }
}
