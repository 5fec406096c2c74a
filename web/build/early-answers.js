// Asks for a signed-in person's first answers as the page's HTML is read, before the app's code has
// arrived: the check of the stored session (GET /api/auth/me) and the first reads of the page opened
// (OPENING_READS, written in at build from web/app/opening-pages.ts, as STORAGE_KEYS is from
// web/lib/storage-keys.ts). On a slow phone link they are then usually here before the code is, and
// the first screen is the person's page, complete, rather than 'Authenticating...'. Written into index.html at build (web/build/page-html.ts); the app's API
// client takes each answer once (web/lib/early-answers.ts). The server's Content Security Policy
// allows the script by its hash.
(function () {
  try {
    var token = window.localStorage.getItem(STORAGE_KEYS.authToken);
    if (!token || !window.fetch) return;
    var pageReads = OPENING_READS[window.location.pathname.replace(/(.)\/+$/, '$1')] || [];
    var paths = ['/auth/me'].concat(pageReads);
    var answers = {};
    for (var i = 0; i < paths.length; i++) {
      var answer = window.fetch('/api' + paths[i], { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token }, credentials: 'same-origin' });
      answer.catch(function () {});
      answers['/api' + paths[i]] = answer;
    }
    window.__earlyAnswers = { token: token, answers: answers };
  } catch (error) {
    // No storage (a browser set to refuse it): the app asks for everything itself.
  }
})();
