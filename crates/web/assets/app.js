// The game page's entry module: wires the page's controls to the modules that act on them and
// starts the page (options, then a shared puzzle, the saved game, or nothing). The page is
// plain ES modules with no build step; one state object (state.js) holds everything that
// changes:
//
//   state.js         the state object, localStorage, the status line
//   options.js       what a new game can ask for (written by the server: GET /api/options)
//   timer.js         the clock
//   settings.js      the "New game" form
//   game.js          start, load, pause, quit, resume a saved game
//   board.js         the board: table, cell classes and names, moving about
//   board-sudoku.js  what is Sudoku's: boxes, diagonals, notes, pad, keys, settings, share text
//   board-hidato.js  what is Hidato's: holes, the next number, typing numbers, pad, keys, ...
//   boards.js        the board class of each kind
//   view.js          render(), selection and focus
//   edits.js         undoable edits
//   checks.js        check, the solved dialog, hints
//   input.js         the keyboard
//   paste.js         paste and share
//   api.js, rules.js, theme.js   the API, the geometry of the puzzles, dark mode
//   drag-hidato.js   drawing a Hidato path by dragging from a number
//   drag-paint.js    painting cells by dragging along a line (Nonogram)
//   zoom.js          the magnified board for small cells
//   pwa.js, offline.js   the service worker (sw.js); games finished without the server
//   mistakes.js      the mistake modes (off, shown at once, three lives)
import { initTheme } from './theme.js';
import { $, state, isPlaying, isPaused, savePrefs, showTitle } from './state.js';
import { t, translatePage, wireLanguage, onLanguage } from './i18n.js';
import { startTimer } from './timer.js';
import { refreshSettings, settingsRequest, dailyRequest, refreshDaily } from './settings.js';
import { startGame, setPaused, quitGame, resumeSaved, inProgress, showSettings } from './game.js';
import { render, select, focusCell } from './view.js';
import { undo, redo, toggleNotesMode, toggleAutoNotes, togglePalette, setColor, pickedInto } from './edits.js';
import { check, hint, applyHint, moreHint } from './checks.js';
import { onKey } from './input.js';
import { families } from './boards.js';
import { pastePlay, pasteAnalyze, pasteVerify, copyShare, fromUrl, showQr } from './paste.js';
import './pwa.js';
import { startOfflineSync } from './offline.js';
import { wireDrag } from './drag-hidato.js';
import { wirePaint } from './drag-paint.js';
import { toggleZoom, scheduleZoom } from './zoom.js';
import { wireChips } from './chips.js';
import { setMode, showMode } from './mistakes.js';

function wire() {
  const prefs = state.prefs;
  wireChips($('kind-chips'));
  wireChips($('difficulty-chips'));
  $('kind').addEventListener('change', () => refreshSettings());
  // "Continue" while a game is in progress: the form folds back to it.
  $('settings-panel').addEventListener('toggle', () => { $('continue').hidden = !inProgress(); });
  $('continue').addEventListener('click', () => { showSettings(false); focusCell(); });
  $('size').addEventListener('change', () => refreshSettings());
  $('settings').addEventListener('change', () => {
    prefs.last = { kind: $('kind').value, size: $('size').value, variant: $('variant').value, difficulty: $('difficulty').value };
    savePrefs();
    refreshDaily();
  });
  $('settings').addEventListener('submit', (e) => { e.preventDefault(); startGame(settingsRequest()); });
  $('daily').addEventListener('click', async () => { await startGame(dailyRequest()); refreshDaily(); });
  $('quit').addEventListener('click', quitGame);
  $('pause').addEventListener('click', () => setPaused(!isPaused()));
  $('resume-cover').addEventListener('click', () => setPaused(false));
  $('notes-toggle').addEventListener('click', () => toggleNotesMode('centre'));
  $('corner-toggle').addEventListener('click', () => toggleNotesMode('corner'));
  $('auto-notes').addEventListener('click', toggleAutoNotes);
  $('colors-toggle').addEventListener('click', togglePalette);
  $('palette').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-color]');
    if (b) setColor(Number(b.dataset.color));
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('hint-apply').addEventListener('click', applyHint);
  $('hint-more').addEventListener('click', moreHint);
  $('hint-locate').addEventListener('click', () => hint(true));
  $('hint-close').addEventListener('click', () => { $('hintbox').hidden = true; focusCell(); });
  $('check').addEventListener('click', () => check(false));
  $('mistakes').addEventListener('change', (e) => setMode(e.target.value));
  showMode();
  $('digit-first').checked = !!prefs.digitFirst;
  $('digit-first').addEventListener('change', (e) => {
    prefs.digitFirst = e.target.checked;
    state.picked = 0;
    savePrefs();
    render();
  });
  $('conflicts-toggle').checked = prefs.conflicts;
  $('conflicts-toggle').addEventListener('change', (e) => {
    prefs.conflicts = e.target.checked;
    savePrefs();
    render();
  });
  $('board').addEventListener('click', (e) => {
    const td = e.target.closest('td[role="gridcell"]');
    if (!td || !state.game || isPaused()) return;
    const i = Number(td.dataset.row) * state.board.geom.width + Number(td.dataset.col);
    select(i);
    if (state.board.taps && isPlaying()) state.board.tap(i);
    else if (state.picked) pickedInto(i);
  });
  wireDrag($('board'));
  wirePaint($('board'));
  $('zoom-toggle').addEventListener('click', toggleZoom);
  window.addEventListener('resize', scheduleZoom);
  document.addEventListener('keydown', onKey);
  $('paste-play').addEventListener('click', pastePlay);
  $('paste-analyze').addEventListener('click', pasteAnalyze);
  $('paste-verify').addEventListener('click', pasteVerify);
  $('share-copy').addEventListener('click', copyShare);
  $('paste-panel').addEventListener('toggle', showQr);
  const dlg = $('solved-dialog');
  dlg.addEventListener('close', () => {
    if (dlg.returnValue === 'new') startGame(settingsRequest());
    else { showSettings(true); $('start').focus(); }
  });
  // Auto-pause when the page is hidden (another tab, a locked phone), but not when it is being
  // reloaded or left: the server keeps counting then, and the game resumes on return.
  let leaving = false;
  window.addEventListener('pagehide', () => { leaving = true; });
  // Leaving (or reloading) with a game in progress asks first; if the player stays, the page
  // goes on as before.
  window.addEventListener('beforeunload', (e) => {
    leaving = true;
    if (!inProgress()) return;
    e.preventDefault();
    e.returnValue = '';
    setTimeout(() => { leaving = false; }, 1000);
  });
  window.addEventListener('pageshow', () => { leaving = false; });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden || !isPlaying() || leaving) return;
    setTimeout(() => { if (!leaving && document.hidden && isPlaying()) setPaused(true, true); }, 50);
  });
}

/** After a change of language: what scripts wrote, written again (the form's choices, the
 * board's names, the bar above it); the status line keeps its message until the next one. */
function relabel(lang) {
  state.prefs.lang = lang;
  savePrefs();
  for (const sel of [$('kind'), $('paste-kind')]) {
    for (const o of sel.options) if (o.dataset.title) o.textContent = t(o.dataset.title);
  }
  // Sudoku and Hidato, written in the HTML, are translated with the page; the chips follow.
  refreshSettings({ size: $('size').value, variant: $('variant').value, difficulty: $('difficulty').value });
  if (state.game && state.board) {
    showTitle();
    $('board-help').textContent = t(state.board.helpText());
    state.board.buildPad($('pad'));
    render();
  }
}

async function init() {
  translatePage();
  wireLanguage($('lang'));
  onLanguage(relabel);
  initTheme($('theme-toggle'));
  wire();
  for (const [name, title] of families()) {
    for (const sel of [$('kind'), $('paste-kind')]) {
      const o = new Option(t(title), name);
      o.dataset.title = title;
      sel.add(o);
    }
  }
  const last = state.prefs.last || {};
  if (last.kind) $('kind').value = last.kind;
  refreshSettings(last);
  refreshDaily();
  if (await fromUrl()) return;
  if (await resumeSaved()) return;
  // No game yet: an empty board of the chosen size would only be noise; the help says what to do.
  $('board-wrap').classList.add('empty');
  document.querySelector('main.game').classList.add('no-game');
  delete document.documentElement.dataset.board;
  showSettings(true); // theme-init.js folded it for a game that did not come
}

startTimer();
init().finally(startOfflineSync);
