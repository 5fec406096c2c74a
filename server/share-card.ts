/**
 * What a link to the landing or registration page shows when it is pasted into WhatsApp, Facebook or
 * X: Open Graph and Twitter card tags, written into the page the server sends for those addresses
 * (web-app.ts), since the apps that draw the preview do not run the page's script. A referral link
 * (/register?ref=CODE) is the registration page. The picture is web/public/share-card.png (drawn by
 * scripts/share-card.ts); every address in the tags is absolute, under the configured APP_URL.
 */

/** The picture every shared page shows, as the build copies it to the app's root. */
export const SHARE_IMAGE = { path: '/share-card.png', width: 1200, height: 630, type: 'image/png' } as const;

const SITE_NAME = 'Umrah Committee';
const IMAGE_ALT = 'Umrah Committee: interest-free savings committees for Umrah';

/** The pages that carry a card, by address, with their own title and description. */
const sharedPages: Record<string, { title: string; description: string }> = {
  '/': {
    title: 'Umrah Committee – Interest-free savings committees for Umrah',
    description: 'Save together for Umrah in a Shariah-compliant rotating committee: a fixed monthly amount in PKR, no interest, and each month a member of the group is chosen to travel.',
  },
  '/register': {
    title: 'Join Umrah Committee – save for your Umrah, interest-free',
    description: 'You are invited to join an interest-free savings committee for Umrah. Register free, pick a plan, pay a fixed monthly amount, and each month a member of your group travels.',
  },
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The addresses (without query) whose page carries a card. */
export const sharedPagePaths = Object.keys(sharedPages);

/** The card's tags for an address, or '' when the page has none. `appUrl` is the site's root, without a trailing slash. */
export function shareTagsFor(pathname: string, appUrl: string): string {
  const page = sharedPages[pathname];
  if (!page) return '';
  const url = `${appUrl}${pathname === '/' ? '/' : pathname}`;
  const image = `${appUrl}${SHARE_IMAGE.path}`;
  const properties: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', SITE_NAME],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:url', url],
    ['og:image', image],
    ['og:image:type', SHARE_IMAGE.type],
    ['og:image:width', String(SHARE_IMAGE.width)],
    ['og:image:height', String(SHARE_IMAGE.height)],
    ['og:image:alt', IMAGE_ALT],
    ['og:locale', 'en_GB'],
    ['og:locale:alternate', 'ur_PK'],
  ];
  const names: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', page.title],
    ['twitter:description', page.description],
    ['twitter:image', image],
    ['twitter:image:alt', IMAGE_ALT],
  ];
  return [
    ...properties.map(([key, value]) => `<meta property="${key}" content="${escapeAttribute(value)}">`),
    ...names.map(([key, value]) => `<meta name="${key}" content="${escapeAttribute(value)}">`),
  ].join('\n    ');
}
