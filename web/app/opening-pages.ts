/**
 * The pages a visitor most often opens the app on, by address, with the module of each (as the router
 * imports it, from web/) and, after it, any other module it loads at once. The build lists the chunks each needs (web/build/page-html.ts) and the server
 * names them in that page's HTML, so that a phone fetches them beside the app's entry rather than after
 * it: one round trip less before the first screen. router.test.tsx checks that the router opens each
 * address with this module.
 */
export const openingPages: Record<string, readonly [page: string, ...alsoLoaded: string[]]> = {
  '/': ['features/landing/landing-page.tsx'],
  '/login': ['features/accounts/login-page.tsx'],
  '/register': ['features/accounts/register-page.tsx'],
  // A signed-in page first checks the stored session (web/lib/auth.tsx), with this schema.
  '/dashboard': ['features/dashboard/dashboard-page.tsx', '../contract/public-user.ts'],
};

/**
 * The API reads (under /api, with their query) a signed-in person's first screen of a page makes,
 * asked for by the page's HTML with the session check, before the app's code has arrived
 * (web/build/early-answers.js). They must be the very addresses the page reads: the dashboard's test
 * checks them against its requests.
 */
export const openingReads: Record<string, readonly string[]> = {
  '/dashboard': ['/notifications?limit=20', '/payments/summary', '/committee-plans/user/groups', '/referrals/stats'],
};
