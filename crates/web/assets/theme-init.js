// Loaded synchronously in <head>, before the first paint (no flash): applies the saved theme as
// <html data-theme="dark|light">, and keeps <html data-scheme="dark|light"> to the theme in use,
// the player's choice (data-theme, also set by theme.js) or else the system's
// prefers-color-scheme. style.css writes the dark colours once, for data-scheme="dark".
(() => {
  const root = document.documentElement;
  try {
    const t = JSON.parse(localStorage.getItem('tessera.prefs') || '{}').theme;
    if (t === 'dark' || t === 'light') root.dataset.theme = t;
  } catch (e) { /* no storage: follow the system */ }
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const scheme = root.dataset.theme || (media.matches ? 'dark' : 'light');
    if (root.dataset.scheme !== scheme) root.dataset.scheme = scheme;
  };
  apply();
  media.addEventListener('change', apply);
  new MutationObserver(apply).observe(root, { attributes: true, attributeFilter: ['data-theme'] });
})();
