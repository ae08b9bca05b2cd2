// A game finished while the server cannot be reached. The server checks a grid and measures
// the time, so the page cannot finish a game alone; when a check fails for want of a network
// and the grid is full and breaks no rule (a puzzle here has one solution, so it is solved),
// the grid and the time shown are kept in localStorage ("tessera.pending", one entry per game)
// and the player is told "Saved, will be checked when online". The entry is sent as a check
// with `"offline": true` when the network is back: on the `online` event, on the next load,
// and every PENDING_RETRY_MS while some are waiting. The server cannot vouch for the time of
// such a game, so it stores it unranked (docs/web.md "Offline play"). An entry leaves only
// when the server has answered about it.
import { api, ApiError, hms } from './api.js';
import { t, ordinal } from './i18n.js';
import { state, STORE, saveJson, loadJson, setStatus } from './state.js';
import { seconds, setClock } from './timer.js';
import { render } from './view.js';

export const PENDING = 'tessera.pending';
const PENDING_RETRY_MS = 30000;

/** The results waiting to be sent: [{ id, cells, seconds, at, describe }]. */
export function pending() {
  const list = loadJson(PENDING);
  return Array.isArray(list) ? list.filter((p) => p && typeof p.id === 'string' && Array.isArray(p.cells)) : [];
}

function savePending(list) {
  saveJson(PENDING, list.length ? list : null);
}

/**
 * Called when a check of `cells` failed because the server cannot be reached: if the grid is
 * full and breaks no rule, keeps the result for later, ends the game on the page and returns
 * true; else returns false (the caller says the check failed).
 */
export function finishOffline(cells) {
  const s = state;
  if (!s.game || !s.board) return false;
  const full = s.board.isFull(cells);
  if (!full || s.board.geom.conflicts(s.cells, new Array(s.cells.length).fill(false)).size) return false;
  const entry = { id: s.game.id, cells, seconds: Math.floor(seconds()), at: Date.now(), describe: s.board.describe() };
  savePending([...pending().filter((p) => p.id !== entry.id), entry]);
  s.game.status = 'solved';
  setClock(entry.seconds, false);
  saveJson(STORE, null);
  s.hint = null;
  render();
  setStatus(t('Saved, will be checked when online (finished offline, so unranked).'));
  return true;
}

let sending = false;

/** Sends the waiting results, oldest first; stops at the first that cannot reach the server. */
export async function sendPending() {
  if (sending) return;
  sending = true;
  try {
    for (const entry of pending()) {
      let text;
      try {
        const res = await api.check(entry.id, entry.cells, true);
        if (res.solved) {
          const what = entry.describe || t('game');
          text = res.place
            ? t('Your {what} finished offline was checked: solved in {time}, {place} place.', { what, time: hms(res.seconds), place: ordinal(res.place) })
            : t('Your {what} finished offline was checked: solved in {time}, unranked.', { what, time: hms(res.seconds) });
        } else {
          text = t('Your {what} finished offline was checked: the server says it is not solved.', { what: entry.describe || t('game') });
        }
        setStatus(text);
      } catch (e) {
        if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) {
          setStatus(t('A game you finished offline is saved, and will be checked when online.'));
          return;
        }
        // The server answered, and no longer takes this result (the game ended or is unknown).
        setStatus(t('Your game finished offline could not be recorded: {error}', { error: e.message }), 'error');
      }
      savePending(pending().filter((p) => p.id !== entry.id));
    }
  } finally {
    sending = false;
  }
}

/** Sends the waiting results now, when the browser is back online, and now and then. */
export function startOfflineSync() {
  window.addEventListener('online', () => { sendPending(); });
  setInterval(() => { if (pending().length) sendPending(); }, PENDING_RETRY_MS);
  if (pending().length) sendPending();
}
