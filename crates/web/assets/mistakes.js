// Mistake modes, a player's choice kept with the preferences (prefs.mistakes): 'off' (the
// default), 'instant' (a value against the solution is crossed out as soon as it is placed, as
// sudoku.com and the NYT can) and 'lives' (the same, and the third mistake ends the game). Only
// the server knows the solution: after each value placed the page sends the grid (POST
// /api/games/{id}/mistakes), and that marks the game assisted, as a hint does (whether a value
// is right is knowledge of the answer: a script could place one value at a time and ask); the
// choice says so beside it. One question at a time; values changed meanwhile ask again when it
// is answered. A value found wrong costs one life once (that cell with that value), however
// often it is typed again; the count is saved with the game.
import { api, ApiError } from './api.js';
import { $, state, isPlaying, saveGame, setStatus, showTitle, STORE, saveJson, savePrefs } from './state.js';
import { render } from './view.js';
import { seconds, setClock } from './timer.js';
import { showSettings } from './game.js';
import { t, plural, number } from './i18n.js';

/** Lives in 'lives' mode. */
export const LIVES = 3;
const MODES = ['off', 'instant', 'lives'];

/** The player's mode. */
export const mode = () => (MODES.includes(state.prefs.mistakes) ? state.prefs.mistakes : 'off');

/** The questions' bookkeeping (not saved): the grid last asked about, one in flight, another due. */
const asking = { asked: '', busy: false, again: false, retry: 0 };

/** Sets the mode (from the choice beside the board); an active mode looks at the grid at once. */
export function setMode(m) {
  state.prefs.mistakes = MODES.includes(m) ? m : 'off';
  savePrefs();
  showMode();
  asking.asked = '';
  checkMistakes();
}

/** The choice, its note and the lives left, as the state says. */
export function showMode() {
  const m = mode();
  if ($('mistakes').value !== m) $('mistakes').value = m;
  $('mistakes-note').hidden = m === 'off';
  const lives = $('lives');
  const show = m === 'lives' && !!state.game && !!state.board;
  lives.hidden = !show;
  if (show) {
    const left = Math.max(0, LIVES - state.mistakes.made);
    lives.textContent = '♥'.repeat(left) + '♡'.repeat(LIVES - left);
    lives.setAttribute('aria-label', plural(left, '1 life left', '{n} lives left'));
  }
}

/** After an edit of the grid: asks the server about the values if a mode is on and the values
 * changed since the last question. */
export function checkMistakes() {
  const s = state;
  if (!isPlaying() || mode() === 'off' || !s.board) return;
  const key = s.cells.join(',');
  if (key === asking.asked) return;
  if (asking.busy) { asking.again = true; return; }
  ask(key);
}

async function ask(key) {
  const s = state;
  const id = s.game.id;
  const sent = s.cells.slice();
  asking.busy = true;
  try {
    const res = await api.mistakes(id, sent.map((v, i) => (s.board.isHole(i) ? -1 : v)));
    asking.asked = key;
    if (!s.game || s.game.id !== id || !isPlaying()) return;
    if (!s.game.assisted) { s.game.assisted = true; showTitle(); }
    // Only what is still on the board as it was sent.
    const wrong = (res.wrong || []).filter((i) => s.cells[i] === sent[i] && sent[i] > 0);
    const seen = new Set(s.mistakes.seen);
    const fresh = wrong.filter((i) => !seen.has(`${i}:${sent[i]}`));
    for (const i of wrong) s.wrong.add(i);
    for (const i of fresh) seen.add(`${i}:${sent[i]}`);
    s.mistakes.seen = [...seen];
    s.mistakes.made += fresh.length;
    saveGame();
    render();
    showMode();
    if (fresh.length && mode() === 'lives' && s.mistakes.made >= LIVES) { await outOfLives(id); return; }
    if (fresh.length) {
      setStatus(mode() === 'lives'
        ? plural(LIVES - s.mistakes.made, 'A mistake (crossed out): 1 life left.', 'A mistake (crossed out): {n} lives left.')
        : plural(fresh.length, 'A mistake: that value is not the answer (crossed out).', '{n} mistakes: those values are not the answer (crossed out).'));
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) {
      // The checks' bucket is empty (a fast typist): ask again when it refills.
      clearTimeout(asking.retry);
      asking.retry = setTimeout(checkMistakes, Math.min(10000, e.retryAfter || 1500));
    } else if (e instanceof ApiError && e.status === 0) {
      setStatus(t('Offline: mistakes are shown when the server is back.'));
    } else if (!(e instanceof ApiError && e.status === 409)) {
      setStatus(t('Could not look for mistakes: {error}', { error: e.message }), 'error');
    }
  } finally {
    asking.busy = false;
    if (asking.again) { asking.again = false; checkMistakes(); }
  }
}

/** The last life gone: the game ends as a quit one does (the server is told). */
async function outOfLives(id) {
  const s = state;
  s.game.status = 'quit';
  setClock(seconds(), false);
  saveJson(STORE, null);
  render();
  showSettings(true);
  setStatus(t('{n} mistakes: the game is over. Press Start for a new puzzle.', { n: number(LIVES) }), 'error');
  try { await api.quit(id); } catch (e) { /* the server ends it by itself when it expires */ }
}
