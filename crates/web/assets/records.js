// The records page: the best time per configuration, today's daily ranking (of the
// configuration last chosen on the game page, or the form's), the top 20 of one configuration,
// and the player's own statistics (GET /api/me/stats, shown once they have played).
import { api, hms } from './api.js';
import { OPTIONS } from './options.js';
import { initTheme } from './theme.js';
import { translatePage, wireLanguage } from './i18n.js';

const $ = (id) => document.getElementById(id);
const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : '—');
/** What GET /api/options offers (options.js), Hidato shapes as "WxH"; the families served
 * through the library's traits (each with a `title`) beside Sudoku and Hidato. */
const options = {
  ...OPTIONS,
  sudoku: OPTIONS.sudoku,
  hidato: { ...OPTIONS.hidato, sizes: OPTIONS.hidato.sizes.map(({ width, height }) => `${width}x${height}`) },
};
const isFamily = (kind) => !!(options[kind] && options[kind].title);
/** A kind's name for players: a family's title, else "Sudoku", "Hidato". */
const kindName = (kind) => (isFamily(kind) ? options[kind].title : cap(kind));
/** A level's place among its kind's, easiest first (an unknown one last). */
const levelOrder = (kind, level) => {
  const i = (options[kind] ? options[kind].difficulties : []).indexOf(level);
  return i < 0 ? 99 : i;
};

function fill(sel, values, label) {
  const keep = sel.value;
  sel.replaceChildren(...values.map((v) => new Option(label(v), String(v))));
  if (values.map(String).includes(keep)) sel.value = keep;
}

function refreshForm() {
  const kind = $('rec-kind').value;
  if (isFamily(kind)) {
    $('rec-size-label').textContent = 'Size';
    $('rec-variant-label').textContent = 'Rules';
    fill($('rec-size'), options[kind].sizes, (n) => `${n}×${n}`);
    fill($('rec-variant'), ['standard'], cap);
    fill($('rec-difficulty'), options[kind].difficulties, cap);
  } else if (kind === 'sudoku') {
    $('rec-size-label').textContent = 'Size';
    $('rec-variant-label').textContent = 'Variant';
    const first = !$('rec-size').options.length || $('rec-size').value.includes('x');
    fill($('rec-size'), options.sudoku.sizes, (n) => `${n}×${n}`);
    if (first && options.sudoku.sizes.map(String).includes('9')) $('rec-size').value = '9';
    fill($('rec-variant'), options.sudoku.variants, (v) => (v === 'x' ? 'X' : cap(v)));
    fill($('rec-difficulty'), options.sudoku.difficulties, cap);
  } else {
    $('rec-size-label').textContent = 'Shape';
    $('rec-variant-label').textContent = 'Rules';
    fill($('rec-size'), options.hidato.sizes, (s) => s.replace('x', '×'));
    fill($('rec-variant'), options.hidato.adjacencies, cap);
    fill($('rec-difficulty'), options.hidato.difficulties, cap);
  }
}

/** Query of GET /api/records for a kind and a summary "config" such as "9x9 classic". */
function queryFor(kind, size, variant, difficulty) {
  if (kind === 'sudoku') return { kind, size: String(size).split('x')[0], variant, difficulty };
  if (isFamily(kind)) return { kind, size: String(size).split('x')[0], difficulty };
  const [w, h] = String(size).split('x');
  return { kind, width: w, height: h, adjacency: variant, difficulty };
}

// The column heads again, on each cell (data-label): a narrow screen shows the rows as cards
// labelled by them (style.css), since the table is wider than a phone.
const LIST_HEADS = ['Place', 'Time', 'Finished', 'Assisted'];
const BEST_HEADS = ['Puzzle', 'Configuration', 'Difficulty', 'Best time', 'Games'];
/** A table row of `texts`, each cell labelled by its column's head; `numbers(j)` says whether
 * column j holds a number; `testid` (if any) names the row for tests. */
function tableRow(texts, heads, numbers, testid) {
  const tr = document.createElement('tr');
  if (testid) tr.dataset.testid = testid;
  texts.forEach((t, j) => {
    const td = document.createElement('td');
    td.textContent = t;
    td.dataset.label = heads[j];
    if (numbers(j)) td.className = 'num';
    tr.appendChild(td);
  });
  return tr;
}

/** "9x9 classic" as shown: "9×9 classic". */
const shownConfig = (config) => String(config).replace(/(\d+)x(\d+)/, '$1×$2');

/** The rows of a ranking: place, time, when, assisted. */
function recordRows(records, testid = null) {
  return (records || []).map((r, k) => {
    const when = r.finished_at ? new Date(r.finished_at) : null;
    const cells = [String(k + 1), hms(r.seconds), when && !isNaN(when) ? when.toLocaleString() : '', r.assisted ? 'yes' : 'no'];
    return tableRow(cells, LIST_HEADS, (j) => j < 2, testid && `${testid}-${k + 1}`);
  });
}

/** Today's daily ranking of a configuration (the query of GET /api/records). */
async function showDaily(q) {
  const section = $('daily-section');
  try {
    const res = await api.dailyRecords(q);
    const rows = recordRows(res.records, 'daily-row');
    $('daily-list').tBodies[0].replaceChildren(...rows);
    $('daily-caption').textContent = `${res.date} (UTC): ${kindName(res.kind)} ${shownConfig(res.config)}, ${res.difficulty}`;
    $('daily-empty').hidden = rows.length > 0;
    section.dataset.state = rows.length ? 'shown' : 'empty';
  } catch (e) {
    $('daily-caption').textContent = `Could not load the daily ranking: ${e.message}`;
    section.dataset.state = 'error';
  }
}

/** The form's query. */
function formQuery() {
  return queryFor($('rec-kind').value, $('rec-size').value, $('rec-variant').value, $('rec-difficulty').value);
}

async function showList(q, title) {
  const table = $('records-list');
  const body = table.tBodies[0];
  $('records-status').textContent = 'Loading…';
  try {
    const res = await api.records(q);
    const rows = recordRows(res.records);
    body.replaceChildren(...rows);
    $('records-list-caption').textContent = `${title}: ${rows.length ? `${rows.length} best` : 'no results yet'}`;
    table.hidden = false;
    $('records-status').textContent = '';
  } catch (e) {
    $('records-status').textContent = `Could not load the records: ${e.message}`;
  }
}

async function loadSummary() {
  const body = $('records-summary').tBodies[0];
  try {
    const res = await api.summary();
    const best = (res.best || []).slice().sort((a, b) => a.kind.localeCompare(b.kind)
      || String(a.config).localeCompare(String(b.config), undefined, { numeric: true })
      || levelOrder(a.kind, a.difficulty) - levelOrder(b.kind, b.difficulty));
    body.replaceChildren(...best.map((b) => {
      const [shape, variant] = String(b.config).split(' ');
      // An assisted best (ranked before issue 26, when there is no unassisted one) says so.
      const best = `${hms(b.seconds)}${b.assisted ? ' (assisted)' : ''}`;
      const cells = [kindName(b.kind), shownConfig(b.config), cap(b.difficulty), best, String(b.games ?? '')];
      const testid = `best-${b.kind}-${b.config}-${b.difficulty || 'unrated'}`.replace(/\s+/g, '-');
      const tr = tableRow(cells, BEST_HEADS, (j) => j >= 3, testid);
      const td = document.createElement('td');
      if (b.difficulty) {
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'btn';
        btn.textContent = 'Top 20';
        btn.setAttribute('aria-label', `Top 20, ${b.kind} ${b.config} ${b.difficulty}`);
        btn.addEventListener('click', () => {
          $('rec-kind').value = b.kind;
          refreshForm();
          $('rec-size').value = b.kind === 'hidato' ? shape : shape.split('x')[0];
          $('rec-variant').value = variant || 'standard';
          $('rec-difficulty').value = b.difficulty;
          showList(queryFor(b.kind, shape, variant, b.difficulty), `${kindName(b.kind)} ${b.config}, ${b.difficulty}`);
        });
        td.appendChild(btn);
      }
      tr.appendChild(td);
      return tr;
    }));
    $('records-empty').hidden = best.length > 0;
  } catch (e) {
    $('records-status').textContent = `Could not load the records: ${e.message}`;
  }
}

const MINE_HEADS = ['Puzzle', 'Configuration', 'Difficulty', 'Best', 'Average', 'Solved'];

/** "My statistics": hidden when the player has played nothing (or the server cannot say);
 * data-state on the section says which (none, error, shown). */
async function loadMine() {
  let me;
  try {
    const res = await fetch('/api/me/stats', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    me = await res.json();
  } catch (e) { $('my-stats').dataset.state = 'error'; return; }
  if (!me || !(me.played > 0)) { $('my-stats').dataset.state = 'none'; return; }
  $('stat-played').textContent = String(me.played);
  $('stat-solved').textContent = String(me.solved ?? 0);
  const days = (n) => `${n ?? 0} day${n === 1 ? '' : 's'}`;
  $('stat-current-streak').textContent = days(me.current_streak);
  $('stat-best-streak').textContent = days(me.best_streak);
  const best = Array.isArray(me.best) ? me.best : [];
  // Whole seconds truncated, as everywhere (the clock, the server's `seconds`, the dialog).
  const secs = (ms) => hms(Math.floor((ms || 0) / 1000));
  $('my-best').tBodies[0].replaceChildren(...best.map((b) => {
    const cells = [kindName(b.kind), shownConfig(b.config), cap(b.difficulty), secs(b.best_ms), secs(b.average_ms), String(b.solved ?? '')];
    return tableRow(cells, MINE_HEADS, (j) => j >= 3, `mine-${b.kind}-${b.config}-${b.difficulty}`.replace(/\s+/g, '-'));
  }));
  $('my-best').hidden = best.length === 0;
  $('my-stats').hidden = false;
  $('my-stats').dataset.state = 'shown';
}

async function init() {
  translatePage();
  wireLanguage($('lang'));
  initTheme($('theme-toggle'));
  for (const kind of Object.keys(options).filter(isFamily)) $('rec-kind').add(new Option(options[kind].title, kind));
  refreshForm();
  // The configuration last chosen on the game page (its saved preferences), for the daily.
  let last = null;
  try { last = (JSON.parse(localStorage.getItem('tessera.prefs') || 'null') || {}).last; } catch (e) { last = null; }
  if (last && last.kind) {
    $('rec-kind').value = last.kind;
    refreshForm();
    for (const [id, v] of [['rec-size', last.size], ['rec-variant', last.variant], ['rec-difficulty', last.difficulty]]) {
      if (v && [...$(id).options].some((o) => o.value === String(v))) $(id).value = String(v);
    }
  }
  showDaily(formQuery());
  $('rec-daily').addEventListener('click', () => showDaily(formQuery()));
  $('rec-kind').addEventListener('change', refreshForm);
  $('records-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const kind = $('rec-kind').value;
    const q = queryFor(kind, $('rec-size').value, $('rec-variant').value, $('rec-difficulty').value);
    showList(q, `${kindName(kind)} ${$('rec-size').value} ${$('rec-variant').value}, ${$('rec-difficulty').value}`);
  });
  loadSummary();
  loadMine();
}

init();
