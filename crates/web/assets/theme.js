// Dark mode: follows prefers-color-scheme until the player chooses; the choice is kept in
// localStorage ("tessera.prefs".theme) and set as <html data-theme="dark|light">.
import { t, onLanguage } from './i18n.js';

const PREFS = 'tessera.prefs';
const media = window.matchMedia('(prefers-color-scheme: dark)');

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS) || '{}') || {}; } catch (e) { return {}; }
}

function isDark() {
  const t = document.documentElement.dataset.theme;
  return t ? t === 'dark' : media.matches;
}

export function initTheme(button) {
  const show = () => {
    const dark = isDark();
    button.setAttribute('aria-pressed', dark ? 'true' : 'false');
    button.textContent = t(dark ? 'Dark mode: on' : 'Dark mode: off');
  };
  button.addEventListener('click', () => {
    const theme = isDark() ? 'light' : 'dark';
    document.documentElement.dataset.theme = theme;
    const p = prefs();
    p.theme = theme;
    try { localStorage.setItem(PREFS, JSON.stringify(p)); } catch (e) { /* not kept */ }
    show();
  });
  media.addEventListener('change', show);
  onLanguage(show);
  show();
}
