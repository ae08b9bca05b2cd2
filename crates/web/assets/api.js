// The JSON API of docs/web.md. Every call returns the parsed body or throws an ApiError whose
// message is the server's "error" text (or a plain description when the network failed: status
// 0, see offline.js for what the game does then).
//
// A new game from the pool is retried while the server answers 503 (the configuration's pool
// is still empty): after Retry-After when the server sends it, else with a doubling delay,
// saying "Preparing puzzles…" in the status line meanwhile, for at most NEW_GAME_PATIENCE_MS.

export class ApiError extends Error {
  constructor(status, body, retryAfter = null) {
    super((body && body.error) || `request failed (${status})`);
    this.status = status;
    this.body = body || {};
    /** Milliseconds the server asked to wait (Retry-After), or null. */
    this.retryAfter = retryAfter;
  }
}

/** Milliseconds of a Retry-After header (seconds or an HTTP date), or null. */
export function retryAfterMs(value, now = Date.now()) {
  if (!value) return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const NEW_GAME_PATIENCE_MS = 120000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 16000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Says something in the game page's status line (there is none on the records page). */
function say(text) {
  const el = document.getElementById('status');
  if (!el) return;
  el.textContent = text;
  el.dataset.kind = 'info';
}

/** POST /api/games, retried while the pool of a configuration is empty (503). */
async function newGame(req) {
  const started = Date.now();
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call('POST', '/games', req);
    } catch (e) {
      const fromPool = !(req && req.puzzle);
      if (!(e instanceof ApiError) || e.status !== 503 || !fromPool) throw e;
      const wait = Math.min(Math.max(e.retryAfter ?? delay, 250), MAX_DELAY_MS);
      if (Date.now() - started + wait > NEW_GAME_PATIENCE_MS) throw e;
      delay = Math.min(delay * 2, MAX_DELAY_MS);
      say(`Preparing puzzles… (trying again in ${Math.max(1, Math.round(wait / 1000))} s, attempt ${attempt + 1})`);
      await sleep(wait);
    }
  }
}

async function call(method, path, body) {
  const init = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch('/api' + path, init);
  } catch (e) {
    throw new ApiError(0, { error: 'the server cannot be reached' });
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch (e) { data = { error: text.slice(0, 200) }; }
  }
  if (!res.ok) throw new ApiError(res.status, data, retryAfterMs(res.headers.get('retry-after')));
  return data;
}

export const api = {
  newGame,
  game: (id) => call('GET', `/games/${encodeURIComponent(id)}`),
  /** `offline`: the grid was finished while the server could not be reached (offline.js). */
  check: (id, cells, offline = false) =>
    call('POST', `/games/${encodeURIComponent(id)}/check`, offline ? { cells, offline: true } : { cells }),
  pause: (id) => call('POST', `/games/${encodeURIComponent(id)}/pause`),
  resume: (id) => call('POST', `/games/${encodeURIComponent(id)}/resume`),
  quit: (id) => call('POST', `/games/${encodeURIComponent(id)}/quit`),
  /** The next step on the grid as the player sees it: `notes` (per cell, the values pencilled
   * in; null for a board without notes); `locate`: on a grid with a mistake, name one wrong cell
   * (counted as help, as every hint is). */
  hint: (id, cells, notes, locate = false) =>
    call('POST', `/games/${encodeURIComponent(id)}/hint`, {
      cells, ...(notes ? { notes } : {}), ...(locate ? { locate_mistake: true } : {}),
    }),
  /** The filled cells whose value is not the answer (the mistake modes: the game is then
   * assisted). */
  mistakes: (id, cells) => call('POST', `/games/${encodeURIComponent(id)}/mistakes`, { cells }),
  analyze: (req) => call('POST', '/puzzles/analyze', req),
  verify: (req, answer) => call('POST', '/puzzles/verify', { ...req, answer }),
  records: (q) => call('GET', '/records?' + new URLSearchParams(q)),
  summary: () => call('GET', '/records/summary'),
  /** Today's daily puzzle of a configuration (the query of GET /api/records) and the player's standing. */
  daily: (q) => call('GET', '/daily?' + new URLSearchParams(q)),
  /** The ranking of a daily: `q` as for records, with `date` (default today). */
  dailyRecords: (q) => call('GET', '/daily/records?' + new URLSearchParams(q)),
};

/** Seconds as hh:mm:ss. */
export function hms(seconds) {
  const s = Math.max(0, Math.floor(seconds || 0));
  const p = (n) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

