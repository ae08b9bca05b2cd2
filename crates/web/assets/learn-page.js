// Tessera Learn: what /learn shares with the other pages (an ES module, beside the classic
// scripts of the shell and its views): the top bar's words in the player's language (chosen on
// the game page; the Learn views themselves are in English for now) and dark-mode button.
import { initTheme } from './theme.js';
import { translatePage, wireLanguage } from './i18n.js';

translatePage();
wireLanguage(document.getElementById('lang'));
initTheme(document.getElementById('theme-toggle'));
