/**
 * The web app manifest (manifest.webmanifest, written by vite-plugin-pwa, vite.config.ts): what a phone
 * needs to install the app and open it as an app of its own, on the member's dashboard. Its words are
 * the catalogues' (web/locales, app.*): English as the manifest's own language, Urdu beside it as its
 * localized members (name_localized and the like), which browsers that know them show to Urdu readers.
 * Its colours are the light theme's (web/styles.css); the dark theme's bar colour is in index.html.
 */
import en from '../locales/en.json' with { type: 'json' };
import ur from '../locales/ur.json' with { type: 'json' };

/** The light theme's emerald (--primary) and page ground (--background). */
export const THEME_COLOUR = '#046c4e';
const BACKGROUND_COLOUR = '#f6f8f7';

const urdu = (value: string) => ({ ur: { value, lang: 'ur', dir: 'rtl' } });

const icon = (size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

export const appManifest = {
  id: '/',
  name: en.app.name,
  short_name: en.app.shortName,
  description: en.app.description,
  name_localized: urdu(ur.app.name),
  short_name_localized: urdu(ur.app.shortName),
  description_localized: urdu(ur.app.description),
  lang: 'en',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  categories: ['finance', 'lifestyle'],
  icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
} as const;
