// Paste and share: the link to the puzzle in play, opening such a link (a query such as
// ?kind=sudoku&puzzle=...), and the panel that plays, solves and counts, or verifies an answer
// to a pasted puzzle. The text formats are each board class's (shareText, gridText).
import { api } from './api.js';
import { guessKind } from './rules.js';
import { $, state, STORE, loadJson, showTitle } from './state.js';
import { boardClass } from './boards.js';
import { startGame, resumeSaved } from './game.js';

function shareText(game) {
  return boardClass(game.kind).shareText(game);
}

function shareUrl(game) {
  const q = new URLSearchParams({ kind: game.kind, puzzle: shareText(game) });
  boardClass(game.kind).shareParams(game, q);
  // ':', ',' and '/' are allowed in a query: keep the Hidato form readable.
  return `${location.origin}/?${q.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%2F/gi, '/')}`;
}

/** Shows the link to the game in progress. */
export function updateShare() {
  $('share-link').value = state.game ? shareUrl(state.game) : '';
  showQr();
}

/** The share link's QR code (GET /api/qr), asked for only while the panel is open, so that a
 * game's start loads no picture it does not show; hidden when there is no link or the server
 * makes none (a link too long for one). */
export function showQr() {
  const img = $('share-qr');
  const link = $('share-link').value;
  if (!link) { img.hidden = true; img.removeAttribute('src'); return; }
  if (!$('paste-panel').open) return;
  const src = `/api/qr?link=${encodeURIComponent(link)}`;
  if (img.getAttribute('src') !== src) {
    img.onload = () => { img.hidden = false; };
    img.onerror = () => { img.hidden = true; };
    img.src = src;
  } else img.hidden = false;
}

/** The request for the pasted puzzle (its kind chosen or guessed). */
function pasteRequest() {
  const text = $('paste-text').value.trim();
  let kind = $('paste-kind').value;
  if (!text) throw new Error('paste a puzzle first');
  if (kind === 'auto') kind = guessKind(text);
  const family = !['sudoku', 'sudoku-x', 'hidato', 'numbrix'].includes(kind);
  const req = { kind: family ? kind : kind.startsWith('sudoku') ? 'sudoku' : 'hidato', puzzle: text };
  if (kind === 'sudoku-x') req.variant = 'x';
  if (kind === 'numbrix') req.adjacency = 'numbrix';
  return req;
}

function pasteResult(text, kind = 'info') {
  const out = $('paste-result');
  out.textContent = text;
  out.dataset.kind = kind;
}

export async function pastePlay() {
  try {
    const req = pasteRequest();
    pasteResult('Loading…');
    if (await startGame(req)) pasteResult('Playing the pasted puzzle. The link above opens it again.');
    else pasteResult($('status').textContent, 'error');
  } catch (e) {
    pasteResult(e.message, 'error');
  }
}

export async function pasteAnalyze() {
  try {
    const req = pasteRequest();
    pasteResult('Solving…');
    const res = await api.analyze(req);
    let text;
    if (res.solutions === 0) text = 'No solution.';
    else if (res.solutions >= 2 || res.unique === false) text = 'Several solutions (at least 2): not a proper puzzle.';
    else text = `Unique solution${res.difficulty ? `, level ${res.difficulty}` : ''}.`;
    if (typeof res.givens === 'number') text += ` ${res.givens} givens.`;
    if (res.solution) text += `\n${res.solutions >= 2 ? 'One solution' : 'Solution'}:\n${boardClass(req.kind).gridText(res.solution, req.puzzle)}`;
    // The server marks every game in play of a puzzle it solves assisted: the game in progress too.
    const g = state.game;
    if (res.solution && g && ['playing', 'paused'].includes(g.status) && g.kind === req.kind && String(shareText(g)).trim() === req.puzzle) {
      g.assisted = true;
      showTitle();
      text += '\nThe game in progress plays this puzzle: it is now marked assisted, so its result will not be ranked.';
    }
    pasteResult(text);
  } catch (e) {
    pasteResult(e.message, 'error');
  }
}

export async function pasteVerify() {
  try {
    const req = pasteRequest();
    const answer = $('paste-answer').value.trim();
    if (!answer) throw new Error('paste an answer to verify');
    const res = await api.verify(req, answer);
    if (res.valid) pasteResult('The answer is correct.');
    else pasteResult(`The answer is not correct:\n${(res.violations || []).map((v) => `• ${v}`).join('\n')}`, 'error');
  } catch (e) {
    pasteResult(e.message, 'error');
  }
}

export async function copyShare() {
  const link = $('share-link').value;
  if (!link) return;
  try {
    await navigator.clipboard.writeText(link);
    pasteResult('Link copied.');
  } catch (e) {
    $('share-link').select();
    pasteResult('Select the link and copy it (Ctrl+C).');
  }
}

/** Opens the puzzle of a share link (resuming it if it is the saved game); true if one. */
export async function fromUrl() {
  const q = new URLSearchParams(location.search);
  const puzzle = q.get('puzzle');
  if (!puzzle) return false;
  const kind = q.get('kind') || guessKind(puzzle);
  history.replaceState(null, '', location.pathname); // a reload resumes instead of restarting
  const saved = loadJson(STORE);
  if (saved && saved.game && saved.game.kind === kind && shareText(saved.game) === puzzle && (await resumeSaved())) return true;
  const req = { kind, puzzle };
  if (q.get('variant')) req.variant = q.get('variant');
  if (q.get('adjacency')) req.adjacency = q.get('adjacency');
  $('paste-text').value = puzzle;
  return startGame(req);
}
