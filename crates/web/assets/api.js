// The JSON API of docs/web.md. Every call returns the parsed body or throws an ApiError whose
// message is the server's "error" text (or a plain description when the network failed).

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `request failed (${status})`);
    this.status = status;
    this.body = body || {};
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
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export const api = {
  options: () => call('GET', '/options'),
  newGame: (req) => call('POST', '/games', req),
  game: (id) => call('GET', `/games/${encodeURIComponent(id)}`),
  check: (id, cells) => call('POST', `/games/${encodeURIComponent(id)}/check`, { cells }),
  pause: (id) => call('POST', `/games/${encodeURIComponent(id)}/pause`),
  resume: (id) => call('POST', `/games/${encodeURIComponent(id)}/resume`),
  quit: (id) => call('POST', `/games/${encodeURIComponent(id)}/quit`),
  hint: (id, cells) => call('POST', `/games/${encodeURIComponent(id)}/hint`, { cells }),
  analyze: (req) => call('POST', '/puzzles/analyze', req),
  verify: (req, answer) => call('POST', '/puzzles/verify', { ...req, answer }),
  records: (q) => call('GET', '/records?' + new URLSearchParams(q)),
  summary: () => call('GET', '/records/summary'),
};

/** Seconds as hh:mm:ss. */
export function hms(seconds) {
  const s = Math.max(0, Math.floor(seconds || 0));
  const p = (n) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th"... */
export function ordinal(n) {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return n + ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
}
