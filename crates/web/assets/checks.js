// Asking the server about the grid: check (by the button, or by itself when the grid is full
// and breaks no rule), the solved dialog, and hints (shown, then applied as one undoable step).
// The server knows the solution; the page sends the cells, and for a hint its notes too, so
// that the hint is about what the player sees (a step applied is never offered again). On a
// grid with a mistake the hint only says there is one; "Show where" asks for one wrong cell.
// A hint teaches in three stages, as Good Sudoku's do: where to look (its houses, cage or cells
// shaded on the board), then the technique's name with the pattern ringed, then the move in
// words with the candidates it removes; "Show more" (or Hint again) goes on, and "Apply this
// step" is there at every stage for a player who only wants the move.
import { api, ApiError, hms } from './api.js';
import { $, state, STORE, isPlaying, saveGame, saveJson, setStatus, showTitle } from './state.js';
import { setClock } from './timer.js';
import { render, focusCell } from './view.js';
import { place } from './edits.js';
import { finishOffline } from './offline.js'; // i13-pwa: offline play
import { refreshDaily } from './settings.js';
import { STAR } from './rules-family.js';
import { t, plural, ordinal, number, date, list, currentLang } from './i18n.js';

/** Checks with the server when every cell is filled and no rule is broken. */
export async function maybeCheck() {
  const s = state;
  if (!isPlaying()) return;
  if (!s.board.isFull(s.cells)) return;
  if (s.board.geom.conflicts(s.cells, new Array(s.cells.length).fill(false)).size) {
    setStatus(t('Every cell is filled, but some break a rule.'));
    return;
  }
  await check(true);
}

/** The cells as the API wants them (-1 for holes). */
function sendCells() {
  return state.cells.map((v, i) => (state.board.isHole(i) ? -1 : v));
}

export async function check(auto = false) {
  const s = state;
  if (!isPlaying() || s.checking) return;
  s.checking = true;
  const id = s.game.id;
  try {
    const res = await api.check(id, sendCells());
    if (!s.game || s.game.id !== id) return;
    if (res.solved) { finish(res); return; }
    if (typeof res.seconds === 'number') setClock(res.seconds, true);
    s.serverConflicts = new Set(res.conflicts || []);
    render();
    const nc = (res.conflicts || []).length;
    const empty = s.cells.filter((v, i) => !v && !s.board.isHole(i)).length;
    if (nc && s.prefs.conflicts) setStatus(plural(nc, '1 cell breaks a rule (marked).', '{n} cells break a rule (marked).'));
    else if (nc) setStatus(plural(nc, '1 cell breaks a rule.', '{n} cells break a rule.'));
    else if (!res.complete) setStatus(auto ? '' : plural(empty, 'No rule broken so far; 1 cell to fill.', 'No rule broken so far; {n} cells to fill.'));
    else setStatus(t('The grid is full but not a solution of this puzzle.'));
  } catch (e) {
    if (e instanceof ApiError && e.status === 0 && finishOffline(sendCells())) return; // i13-pwa: offline play
    setStatus(t('Check failed: {error}', { error: e.message }), 'error');
  } finally {
    s.checking = false;
  }
}

/** Why a solved game is not on the leaderboard, in a player's words, by the check's `unranked`
 * key (the server's `reason` carries the figures, for logs and scripts). */
const UNRANKED = {
  offline: 'Finished offline, so the server could not time it: kept in your history, not ranked.',
  pasted: 'Puzzles you paste are not ranked: they could be any puzzle. Kept in your history.',
  'too-fast': 'Faster than the best human times for this puzzle, so it is kept in your history but not ranked.',
  assisted: 'A hint or the solver helped with this puzzle: kept in your history, not ranked.',
  'daily-taken': 'You (or someone on your network) already have a ranked result for today\'s daily. This one is kept, not ranked.',
  'address-cap': 'Your network already holds the most places one address may have in this top 20. Kept, not ranked.',
};

/** UNRANKED's words in the page's language (the catalogues key them `unranked:KEY`). */
function unranked(key) {
  if (!UNRANKED[key]) return '';
  const words = t(`unranked:${key}`);
  return words === `unranked:${key}` ? UNRANKED[key] : words;
}

function finish(res) {
  const s = state;
  s.game.status = 'solved';
  setClock(res.seconds, false);
  saveJson(STORE, null);
  s.hint = null;
  render();
  const time = hms(res.seconds);
  $('solved-time').textContent = time;
  $('solved-place').textContent = res.place ? (res.of ? t('{place} of {of}', { place: ordinal(res.place), of: number(res.of) }) : ordinal(res.place)) : '-';
  // A daily's place is in that day's daily ranking.
  $('solved-daily').hidden = !s.game.daily;
  $('solved-daily').textContent = s.game.daily ? t('Daily puzzle of {date}: your place in its ranking', { date: date(s.game.daily) }) : '';
  if (s.game.daily) refreshDaily();
  // Why a result is not ranked, in the server's words (the check's `reason`, "not ranked: ...").
  const reason = String(res.reason || '');
  const assisted = !!s.game.assisted || (res.ranked === false && /^not ranked: assisted/.test(reason));
  $('solved-assisted').hidden = !assisted;
  $('solved-note').textContent = res.ranked === false ? unranked(res.unranked) : '';
  setStatus(res.place ? t('Solved in {time}, {place} place.', { time, place: ordinal(res.place) }) : t('Solved in {time}.', { time }));
  $('hintbox').hidden = true;
  // The celebration: a wave of colour across the board from its top left corner, then the
  // dialog; without motion (the player's prefers-reduced-motion), the dialog at once.
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const board = $('board');
  for (const td of board.querySelectorAll('td[role="gridcell"]')) {
    td.style.setProperty('--wave', String(Number(td.dataset.row) + Number(td.dataset.col)));
  }
  board.classList.remove('celebrate');
  if (!still) {
    void board.offsetWidth; // restarts the animation of a board celebrated before
    board.classList.add('celebrate');
  }
  const dlg = $('solved-dialog');
  setTimeout(() => { if (!dlg.open && s.game && s.game.status === 'solved') dlg.showModal(); }, still ? 0 : 700);
}

// ---------------------------------------------------------------- hints

/** Asks for the next step; `locate`: the grid has a mistake, show one wrong cell. */
export async function hint(locate = false) {
  const s = state;
  if (!isPlaying()) return;
  if (locate !== true && s.hint && s.hint.stage < 3 && !$('hintbox').hidden) {
    moreHint();
    return;
  }
  const id = s.game.id;
  $('hint').disabled = true;
  try {
    const res = await api.hint(id, sendCells(), sendNotes(), locate === true);
    if (!s.game || s.game.id !== id) return;
    assisted();
    s.wrong = new Set();
    const words = res.explanation || t('No further step found.');
    const placements = res.placements || [];
    const eliminations = res.eliminations || [];
    const teaches = !['reveal', 'none', ''].includes(res.technique || '');
    // The technique's name leads, unless the explanation already opens with it (the chains'
    // do: "Alternating inference chain: ..." was printed twice).
    const named = res.technique && !words.toLowerCase().startsWith(res.technique.toLowerCase());
    const technique = teaches ? techniqueName(res.technique) : '';
    let move;
    let why = '';
    if (currentLang() === 'en' || !teaches) {
      const tech = named ? `${technique}: ` : '';
      const changes = res.changes ? `${/[.!?)]$/.test(words) ? '' : '.'} ${res.changes}` : '';
      // A bare reveal in another language: its cell and value in the page's words.
      move = teaches || currentLang() === 'en' ? tech + words + changes
        : `${t('No rule finds the next step here.')} ${moveWords(placements, eliminations)}`;
    } else {
      // Korean and Hebrew: the technique and the move in the page's language, the library's
      // explanation of why under them in English (marked lang="en"), until it has its own.
      move = `${technique}: ${moveWords(placements, eliminations)}`;
      why = words;
    }
    s.hint = {
      cells: new Set([...(res.cells || []), ...placements.map((p) => p[0])]),
      area: new Set(res.area || []),
      houses: res.houses || [],
      placements,
      eliminations,
      targets: new Set(eliminations.map((e) => e[0])),
      chain: Array.isArray(res.chain) ? res.chain : [],
      technique,
      move,
      why,
      canApply: placements.length + eliminations.length > 0,
      // A bare reveal has nothing to look for: its cell, then the move.
      stage: placements.length + eliminations.length > 0 ? 1 : 3,
    };
    showStage();
    saveGame();
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.body && e.body.mistake) {
      // The server says there is a mistake (and where, if asked): help all the same.
      assisted();
      s.hint = null;
      s.wrong = new Set(e.body.wrong || []);
      if (s.wrong.size) {
        const i = [...s.wrong][0];
        const r = Math.floor(i / s.board.geom.width) + 1;
        const c = (i % s.board.geom.width) + 1;
        const words = s.cells[i]
          ? 'The cell at row {r}, column {c} holds a wrong value (marked with a cross). Fix it and ask again.'
          : 'The cell at row {r}, column {c} has notes that leave out its answer (marked with a cross). Fix it and ask again.';
        showHint(t(words, { r, c }), false);
      } else {
        showHint(t('There is a mistake on the board: a value, or notes that leave out the answer. Look again, or press "Show where" to see one wrong cell.'), false, true);
      }
    } else {
      showHint(t('No hint: {error}', { error: e.message }), false);
    }
  } finally {
    render();
  }
}

/** The game is assisted from now on (the server marked it so). */
function assisted() {
  state.game.assisted = true;
  showTitle();
}

/** The notes as the API wants them (per cell, the values pencilled in), or null for a board
 * without notes. */
function sendNotes() {
  const s = state;
  if (!s.board.hasNotes) return null;
  const n = s.board.geom.n;
  return s.cells.map((v, i) => {
    const list = [];
    if (!v) for (let d = 1; d <= n; d++) if (s.notes[i] & (1 << d)) list.push(d);
    return list;
  });
}

function showHint(text, canApply, canLocate = false, more = '', why = '') {
  $('hintbox').hidden = false;
  $('hintbox').scrollIntoView({ block: 'nearest' });
  $('hint-text').textContent = text;
  $('hint-why').hidden = !why;
  $('hint-why-text').textContent = why;
  $('hint-apply').hidden = !canApply;
  $('hint-locate').hidden = !canLocate;
  $('hint-more').hidden = !more;
  $('hint-more').textContent = more;
}

/** Where the hint says to look, in words: "row 3 and box 2", else "the shaded cells". */
function whereWords(h) {
  const names = {
    row: 'row {n}', column: 'column {n}', box: 'box {n}', region: 'region {n}',
    'main diagonal': 'the main diagonal', 'anti-diagonal': 'the anti-diagonal',
  };
  const parts = h.houses.filter(([kind]) => names[kind]).map(([kind, n]) => t(names[kind], { n: number(n) }));
  return parts.length ? t('Look at {where}.', { where: list(parts) }) : t('Look at the shaded cells.');
}

/** The hint's text and buttons at its stage (1: where, 2: which technique, 3: the move). */
function showStage() {
  const h = state.hint;
  if (!h) return;
  if (h.stage === 2 && !h.technique) h.stage = 3;
  const where = whereWords(h);
  if (h.stage === 1) {
    showHint(where, h.canApply, false, h.technique ? t('Which technique?') : t('Show the move'));
  } else if (h.stage === 2) {
    showHint(`${where} ${t('Technique: {name}.', { name: h.technique })}`, h.canApply, false, t('Show the move'));
  } else {
    showHint(h.move, h.canApply, false, '', h.why);
  }
}

/** A technique's name in the page's language (the catalogues key them `technique:NAME`, in
 * lower case), with a capital; the library's English name where a catalogue lacks it. */
function techniqueName(name) {
  const key = `technique:${String(name).toLowerCase()}`;
  const words = t(key);
  const shown = words === key ? String(name) : words;
  return `${shown.charAt(0).toUpperCase()}${shown.slice(1)}`;
}

/** What applying a step changes, in the page's words, from its placements and eliminations
 * (the server's `changes` is English): what placing does by itself (the placed cells' notes, a
 * placed value in its peers' notes) is left out as the server leaves it out, removals are
 * grouped by cell and, when long, counted. */
function moveWords(placements, eliminations) {
  const b = state.board;
  const name = (i) => b.cellName(i);
  const sentences = [];
  const groups = (pairs) => {
    const out = new Map();
    for (const [i, v] of pairs) out.set(v, [...(out.get(v) || []), i]);
    return out;
  };
  for (const [v, cells] of groups(placements)) {
    const where = list(b.cellsNamed(cells));
    if (b.geom.stars && v === STAR) sentences.push(t('Put a star in {cells}.', { cells: where }));
    else if (b.geom.stars) sentences.push(t('Mark {cells} as no star.', { cells: where }));
    else if (b.geom.shade && v === STAR) sentences.push(t('Shade {cells}.', { cells: where }));
    else if (b.geom.shade) sentences.push(t('Mark {cells} as empty.', { cells: where }));
    else sentences.push(t('Place {v} in {cells}.', { v: b.symbol(v), cells: where }));
  }
  const placed = new Map(placements.map(([i, v]) => [i, v]));
  const implied = ([i, v]) => placed.has(i) || placements.some(([p, pv]) => pv === v && b.peersOf(p).has(i));
  const byCell = new Map();
  for (const e of eliminations) if (!implied(e)) byCell.set(e[0], [...(byCell.get(e[0]) || []), e[1]]);
  const same = new Map();
  for (const [i, values] of byCell) {
    const k = [...new Set(values)].sort((x, y) => x - y).map((v) => b.symbol(v));
    const key = k.join(',');
    same.set(key, { values: k, cells: [...(same.get(key)?.cells || []), name(i)] });
  }
  const removals = [...same.values()].map(({ values, cells }) => t('Remove {values} from the notes of {cells}.', { values: list(values), cells: list(cells) }));
  if (removals.join(' ').length <= 80) sentences.push(...removals);
  else {
    const n = [...same.values()].reduce((a, g) => a + g.values.length * g.cells.length, 0);
    sentences.push(t('Remove {n} candidates from {m} cells, ringed.', { n: number(n), m: number(byCell.size) }));
  }
  return sentences.join(' ');
}

/** The hint's next stage. */
export function moreHint() {
  const h = state.hint;
  if (!h || h.stage >= 3) return;
  h.stage += 1;
  showStage();
  render();
}

/** Applies the hint shown as one undo step: its placements go in as typed digits do (edits.js
 * place(): the digits leave the peers' notes, auto notes kept up to date), then the candidates
 * it removes leave the notes (a cell without notes first gets the candidates its digits allow,
 * as the server took them, so that the step is not offered again). */
export function applyHint() {
  const s = state;
  if (!s.hint || !isPlaying()) return;
  if (s.hint.placements.length) s.sel = s.hint.placements[0][0];
  s.typing = null;
  if (!place(s.hint.placements, s.hint.eliminations)) { s.hint = null; render(); }
  $('hintbox').hidden = true;
  focusCell();
}
