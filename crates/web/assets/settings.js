// The "New game" form: the choices offered (state.options: GET /api/options, which the server
// writes into options.js) and the request it makes. What each kind offers and asks for is the business
// of its board class (board-sudoku.js, board-hidato.js); this module only dispatches on the
// chosen kind. The "Daily puzzle" button plays today's daily of the chosen configuration; the
// line under the form (daily-info) says its date and, once solved, the player's time and place.
import { api, hms } from './api.js';
import { $, state } from './state.js';
import { boardClass } from './boards.js';
import { t, plural, ordinal, number, date, setText } from './i18n.js';
import { syncChips } from './chips.js';

/** Names of variants and adjacencies in the selects. */
export const LABELS = { classic: 'Classic', x: 'X (diagonals)', hidato: 'Hidato', numbrix: 'Numbrix' }; // the card above says how they differ

/** "easy" -> "Easy". */
/** A level's name for the form: translated, or in English capitalised ("easy" -> "Easy"). */
export const cap = (d) => { const w = t(d); return w !== d ? w : d.charAt(0).toUpperCase() + d.slice(1); };

/** Replaces the options of a select, keeping `wanted` (else the current value) if offered. */
export function fillSelect(sel, values, label, wanted) {
  const keep = wanted !== undefined ? String(wanted) : sel.value;
  sel.replaceChildren(...values.map((v) => new Option(t(label(v)), String(v))));
  if (values.map(String).includes(keep)) sel.value = keep;
}

/** Fills size, variant and difficulty for the chosen kind (`wanted` holds saved choices), draws
 * the chips and says the kind's rules beside its example. */
export function refreshSettings(wanted = {}) {
  const kind = $('kind').value;
  boardClass(kind).fillSettings(state.options, wanted);
  syncChips($('kind-chips'));
  syncChips($('difficulty-chips'));
  about(kind);
}

/** The chosen kind's card: its rules in two sentences (the library's words, translated) and a
 * small solved example (GET /api/examples/KIND, drawn by the server as books draw it). */
function about(kind) {
  const options = state.options[kind];
  const title = [...$('kind').options].find((o) => o.value === kind)?.textContent || kind;
  setText($('about-rules'), options && options.rules ? t(options.rules) : '');
  const img = $('about-example');
  const src = `/api/examples/${encodeURIComponent(kind)}`;
  if (img.getAttribute('src') !== src) img.src = src;
  img.alt = t('A solved example of {title}', { title });
}

/** The POST /api/games body of the form. */
export function settingsRequest() {
  return boardClass($('kind').value).settingsRequest($('kind').value, $('difficulty').value);
}

/** The POST /api/games body of today's daily puzzle of the form's configuration. */
export function dailyRequest() {
  return { ...settingsRequest(), daily: true };
}

let dailyAsked = 0;

/** Asks the server about today's daily of the chosen configuration and says it under the form
 * (nothing when the server cannot be reached). */
export async function refreshDaily() {
  const asked = ++dailyAsked;
  const info = $('daily-info');
  const req = settingsRequest();
  const q = Object.fromEntries(Object.entries(req).filter(([, v]) => v !== undefined && v !== null));
  try {
    const d = await api.daily(q);
    if (asked !== dailyAsked) return;
    const others = plural(d.results, '1 player has solved it', '{n} players have solved it');
    const day = date(d.date);
    if (d.solved) {
      info.textContent = d.place
        ? t('Daily puzzle of {date} (UTC): you solved it in {time}, {place} of {of}. A new one comes at midnight UTC.', { date: day, time: hms(d.seconds), place: ordinal(d.place), of: number(d.results) })
        : t('Daily puzzle of {date} (UTC): you solved it in {time}. A new one comes at midnight UTC.', { date: day, time: hms(d.seconds) });
      info.dataset.state = 'solved';
    } else {
      info.textContent = t(d.played ? 'Daily puzzle of {date} (UTC): started; {others}.' : 'Daily puzzle of {date} (UTC); {others}.', { date: day, others });
      info.dataset.state = d.played ? 'playing' : 'new';
    }
    $('daily').disabled = !!d.solved;
    $('daily').title = d.solved ? t('You solved this daily puzzle already') : '';
  } catch (e) {
    if (asked !== dailyAsked) return;
    info.textContent = '';
    delete info.dataset.state;
    $('daily').disabled = false;
  }
}
