// Tessera Learn: what /learn shares with the other pages (an ES module, beside the classic
// scripts of the shell and its views): the dark-mode button of the top bar.
import { initTheme } from './theme.js';

initTheme(document.getElementById('theme-toggle'));
