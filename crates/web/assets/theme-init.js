// Loaded synchronously in <head>, before the first paint, so that nothing flashes or moves:
//
// 1. The theme: applies the saved theme as <html data-theme="dark|light">, and keeps
//    <html data-scheme="dark|light"> to the theme in use, the player's choice (data-theme, also
//    set by theme.js) or else the system's prefers-color-scheme. style.css writes the dark
//    colours once, for data-scheme="dark".
// 2. The game page's board (no layout shift when the modules draw it): from the puzzle of a
//    share link or the game saved in localStorage, the board to come, as <html
//    data-board="pending" data-board-n="N"> and --cols/--rows on <html>: style.css gives the
//    empty table the size the board will have. With no game to come, data-board="none": the
//    empty board's placeholder shows from the start. With a game to come, the "New game" form is
//    folded as the parser reaches it, as game.js would fold it (app.js opens it again if no
//    game comes after all).
// 3. The page's language and direction (lang, dir on <html>; i18n.js writes the words).
// 4. The game page's modules (app.js and what it imports), fetched after the first paint
//    (loadAfterFirstPaint): nothing but this page's own HTML stands before the first paint.
//
// The server inlines this file and style.css in the pages' <head> (crates/web/src/assets.rs),
// and the Content-Security-Policy allows exactly them by their SHA-256.
(() => {
  const root = document.documentElement;
  let lang;
  try {
    const prefs = JSON.parse(localStorage.getItem('tessera.prefs') || '{}') || {};
    if (prefs.theme === 'dark' || prefs.theme === 'light') root.dataset.theme = prefs.theme;
    lang = prefs.lang;
  } catch (e) { /* no storage: follow the system */ }
  // The page's language and direction before the first paint, chosen here once (i18n.js reads
  // <html lang> and writes the words): a Hebrew page is laid out right to left from the start.
  if (!lang) {
    const first = (navigator.languages || [navigator.language || 'en']).map((l) => String(l).toLowerCase().split('-')[0])
      .find((l) => ['en', 'ko', 'he', 'iw'].includes(l));
    lang = first === 'iw' ? 'he' : first;
  }
  if (lang === 'ko' || lang === 'he') {
    root.lang = lang;
    root.dir = lang === 'he' ? 'rtl' : 'ltr';
  }
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const scheme = root.dataset.theme || (media.matches ? 'dark' : 'light');
    if (root.dataset.scheme !== scheme) root.dataset.scheme = scheme;
  };
  apply();
  media.addEventListener('change', apply);
  new MutationObserver(apply).observe(root, { attributes: true, attributeFilter: ['data-theme'] });

  // 3. The game page's modules: app.js and those it imports (a new module goes here too), all
  // fetched at once rather than one level of imports after another.
  const MODULES = ['state', 'options', 'timer', 'settings', 'game', 'boards', 'board',
    'board-sudoku', 'board-hidato', 'view', 'edits', 'checks', 'input', 'paste', 'api', 'rules',
    'board-family', 'rules-family', 'theme', 'pwa', 'offline', 'drag-hidato', 'drag-paint', 'zoom', 'i18n', 'chips',
    'mistakes'];
  if (location.pathname !== '/') return;
  loadAfterFirstPaint();
  const [w, h] = boardToCome();
  if (!(w > 0 && h > 0 && w <= 64 && h <= 64)) {
    root.dataset.board = 'none';
    return;
  }
  root.dataset.board = 'pending';
  root.dataset.boardN = String(Math.max(w, h));
  root.style.setProperty('--cols', String(w));
  root.style.setProperty('--rows', String(h));
  const fold = new MutationObserver(() => {
    const panel = document.getElementById('settings-panel');
    if (!panel) return;
    panel.open = false;
    fold.disconnect();
  });
  fold.observe(root, { childList: true, subtree: true });

  /** Fetches the game page's modules (app.js and, at once, all it imports) once the first
   * frame is painted: the page shows its form and board room without waiting for ~150 KB of
   * scripts, and a slow network draws it as soon as the HTML is in. The timer is the fallback
   * of a hidden tab, where frames do not come. */
  function loadAfterFirstPaint() {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      for (const name of MODULES) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = `/${name}.js`;
        document.head.appendChild(link);
      }
      import('/app.js');
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 250);
  }

  /** [columns, rows] of the board a share link or the saved game will draw, or [0, 0]. */
  function boardToCome() {
    const puzzle = new URLSearchParams(location.search).get('puzzle');
    if (puzzle) {
      const m = /^\s*(\d+)\s*x\s*(\d+)\s*:/i.exec(puzzle);
      if (m) return [Number(m[1]), Number(m[2])];
      const n = Math.round(Math.sqrt(puzzle.replace(/\s/g, '').length));
      return n * n === puzzle.replace(/\s/g, '').length ? [n, n] : [0, 0];
    }
    try {
      const saved = JSON.parse(localStorage.getItem('tessera.game') || 'null');
      const g = saved && saved.game;
      if (!g || !Array.isArray(g.puzzle) || (g.status !== 'playing' && g.status !== 'paused')) return [0, 0];
      const c = g.config || {};
      const cols = c.width || c.size || Math.round(Math.sqrt(g.puzzle.length));
      return [cols, c.height || c.size || Math.ceil(g.puzzle.length / cols)];
    } catch (e) {
      return [0, 0];
    }
  }
})();
