// Runs before the first paint (written into index.html at build, web/build/page-html.ts) so a dark-theme reader never sees
// a white flash. Same rule as web/lib/theme.tsx: the saved choice ('committee-theme'), otherwise
// the system preference. The server's Content Security Policy allows it by its hash (server/web-app.ts).
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem(STORAGE_KEYS.theme);
  } catch (error) {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
