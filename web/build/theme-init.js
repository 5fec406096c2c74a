// Runs before the first paint (a blocking script in index.html) so a dark-theme reader never sees
// a white flash. Same rule as web/lib/theme.tsx: the saved choice ('committee-theme'), otherwise
// the system preference. A separate file rather than inline code, so a strict Content Security
// Policy (script-src 'self') still allows it.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('committee-theme');
  } catch (error) {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
