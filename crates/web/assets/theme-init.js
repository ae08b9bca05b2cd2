// Loaded synchronously in <head>: applies the saved theme before the first paint (no flash).
try {
  const t = JSON.parse(localStorage.getItem('tessera.prefs') || '{}').theme;
  if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
} catch (e) { /* no storage: follow the system */ }
