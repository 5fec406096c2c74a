/**
 * Translations. Every visible text comes from web/locales/<language>.json and
 * web/locales/<language>/<area>.json through i18next, in English (en) or Urdu (ur, right to left).
 * The document's lang and dir follow the active language (applyDocumentLanguage below), and the layout
 * uses logical (start/end) spacing, so components do not change with the direction.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { storageKeys } from './storage-keys.ts';

/**
 * One namespace per large feature area (web/locales/<language>/<area>.json), next to the shared
 * catalogue (translation): areas grow without touching each other's files. Only the shared catalogue's
 * common texts come with the first load. Every other English text comes with the code that shows it:
 * a feature's catalogue.ts registers its area when its modules load (addArea below), so the landing
 * page, the account pages, each member screen and the admin area carry only their own. Urdu comes
 * whole, in chunks of its own, only when it is chosen (loadUrdu): English readers never download it.
 * The server's texts (server-text.json) are needed only to show them in Urdu (textOfAnswer below), so
 * their English comes with Urdu too.
 */
export const resources = { en: { translation: en } } as const;
export type Language = 'en' | 'ur';
export const languages: readonly Language[] = ['en', 'ur'];
export const defaultLanguage: Language = 'en';

/**
 * Where each area file's texts go: its namespace, and the path of the group inside it (the account
 * pages' texts are the group `auth` of the shared catalogue). One table for every language, so an
 * Urdu file lands exactly where its English file does.
 */
export const areaPlacement = {
  admin: ['translation', 'admin'],
  'admin-catalog': ['adminCatalog'],
  'admin-payments': ['adminPayments'],
  'admin-profile': ['translation', 'admin', 'profile'],
  'admin-referrals': ['adminReferrals'],
  'admin-requests': ['adminRequests'],
  'admin-winners': ['adminWinners'],
  auth: ['translation', 'auth'],
  landing: ['translation', 'landing'],
  'member-payments': ['memberPayments'],
  'member-payments-screens': ['memberPayments'],
  'member-plans': ['memberPlans'],
  'member-referrals': ['memberReferrals'],
  'member-winners': ['memberWinners'],
  profile: ['translation', 'profile'],
  'server-text': ['translation', 'serverText'],
  // Read by the standalone verifier page (web/features/winners/verifier), which runs without the app.
  'verify-draw': ['verifyDraw'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type AreaFile = keyof typeof areaPlacement;

/** Reading and writing the choice may fail (storage turned off): the browser's language is used then. */
function storedLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(storageKeys.language);
    return languages.find((language) => language === stored);
  } catch {
    return undefined;
  }
}

/**
 * The visitor's earlier choice first, then the browser's first language: ur-PK, ur-IN … are Urdu, any
 * other English. Always one of ours exactly ('en-US' → 'en'): dates are written for the language as
 * spoken in Pakistan (lib/format.ts). A signed-in person's profile language wins later (lib/auth.tsx).
 */
export function detectLanguage(): Language {
  const browser = navigator.languages?.[0] ?? navigator.language ?? '';
  return storedLanguage() ?? (browser.toLowerCase().startsWith('ur') ? 'ur' : defaultLanguage);
}

void i18n
  .use(initReactI18next)
  .init({
    resources,
    lng: detectLanguage(),
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    defaultNS: 'translation',
    interpolation: {
      // Not HTML escaping (React already escapes what it renders): each value put into a right-to-left
      // text is isolated (FSI … PDI), so that a CNIC, a phone number or an amount inside an Urdu sentence
      // keeps its own order (35202-1234567-1 never becomes 1-1234567-35202), and an Urdu name inside
      // it keeps its own too. Left-to-right texts get their values as they are.
      escapeValue: true,
      escape: (value: string) => (i18n.dir() === 'rtl' ? `\u2068${value}\u2069` : value),
    },
    // The English catalogue is bundled, so initialise synchronously: the first render already has texts.
    initAsync: false,
  });

/**
 * The language chosen now, as one of ours. Read from the chosen language, not the one texts resolve
 * to: before Urdu's texts have loaded they resolve to English.
 */
export function currentLanguage(): Language {
  return (i18n.language ?? '').startsWith('ur') ? 'ur' : 'en';
}

/** Texts placed at a path inside their namespace: ['translation', 'admin', 'profile'] → { admin: { profile: texts } }. */
function placeArea(language: Language, file: AreaFile, texts: object): void {
  const [namespace, ...path] = areaPlacement[file];
  const nested = path.reduceRight<object>((inner, key) => ({ [key]: inner }), texts);
  // Merged into what is already there, never replacing a text, so the order areas load in does not matter.
  i18n.addResourceBundle(language, namespace, nested, true, false);
}

/** Registers an area's English texts; called by the area's catalogue.ts when its code loads. */
export function addArea(file: AreaFile, englishTexts: object): void {
  placeArea('en', file, englishTexts);
}

let urduLoaded: Promise<void> | undefined;

/**
 * Loads every Urdu text, the server's English texts (textOfFieldMessage finds codes by them) and the
 * Nastaliq font (once), in chunks of their own (lib/urdu.ts).
 */
export function loadUrdu(): Promise<void> {
  urduLoaded ??= import('./urdu.ts')
    .then(({ loadUrduTexts }) => loadUrduTexts())
    .then(({ urdu, englishServerTexts }) => {
      placeArea('en', 'server-text', englishServerTexts);
      for (const [area, texts] of urdu) if (area === 'shared') i18n.addResourceBundle('ur', 'translation', texts, true, false);
      else if (area in areaPlacement) placeArea('ur', area as AreaFile, texts);
    })
    .catch((error: unknown) => {
      urduLoaded = undefined;
      throw error;
    });
  return urduLoaded;
}

/**
 * Shows the app in a language: Urdu's texts and font are loaded first, so that no screen flashes
 * half-translated. The choice is kept in the browser (applyDocumentLanguage below).
 */
export async function setLanguage(language: Language): Promise<void> {
  if (language === 'ur') await loadUrdu();
  await i18n.changeLanguage(language);
}

/** Before the first render: the detected language's texts, so that an Urdu reader's first screen is Urdu. */
export async function prepareLanguage(): Promise<void> {
  if (currentLanguage() !== 'ur') return;
  // Chosen again once its texts are there, so that i18next resolves to them; English if they cannot load.
  await loadUrdu().then(
    () => i18n.changeLanguage('ur'),
    () => i18n.changeLanguage(defaultLanguage),
  );
}

/**
 * The one place that sets <html lang> and <html dir> (i18next knows that 'ur' is right-to-left), and
 * keeps the choice in the browser for the next visit.
 */
function applyDocumentLanguage(language: string): void {
  const ours = language.startsWith('ur') ? 'ur' : 'en';
  document.documentElement.lang = ours;
  document.documentElement.dir = i18n.dir(ours);
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (language) => {
  applyDocumentLanguage(language);
  try {
    window.localStorage.setItem(storageKeys.language, language.startsWith('ur') ? 'ur' : 'en');
  } catch {
    // Not kept (storage turned off): the next visit starts from the browser's language again.
  }
});

/**
 * The server answers in English, with a stable code beside each message (`auth.invalidCredentials`;
 * server/http/error-codes.ts). The texts of its catalogues are in the shared catalogue's group
 * `serverText` (locales/<language>/server-text.json), under their codes
 * (`serverText.auth.invalidCredentials`; a server test checks that the English file holds every
 * catalogue text word for word), so an answer is shown in the reader's language by its code. In English
 * the server's message is that very text, so the group is loaded only with Urdu. A code no catalogue
 * text has (a text written with a value in it, a status's code, `ok`) shows the server's message as it came.
 */
export type ServerAnswer = { code?: string; message: string };

export function textOfAnswer(answer: ServerAnswer): string {
  const key = answer.code ? `serverText.${answer.code}` : undefined;
  // A key made from the server's code, checked to exist, though typed only as a string.
  return key && i18n.exists(key) ? i18n.t(key as 'serverText.auth.loggedIn') : answer.message;
}

let codesByEnglishText: Map<string, string> | undefined;

/**
 * A field's message, which comes without a code: the shared schemas' own (the forms check with them
 * in the browser) and the server's field errors, written with the same schemas. Their English is one
 * of the catalogues' texts, so it is found in English `serverText` (the account texts first) and shown
 * in the reader's language; any other text is shown as it came.
 */
export function textOfFieldMessage(message: string): string {
  // The field messages are the English server texts themselves.
  if (currentLanguage() === defaultLanguage) return message;
  if (!codesByEnglishText) {
    const catalogues = i18n.getResource(defaultLanguage, 'translation', 'serverText') as Record<string, Record<string, string>> | undefined;
    // Not there only while Urdu is still loading: the message stays English this once.
    if (!catalogues) return message;
    codesByEnglishText = new Map();
    for (const [name, texts] of Object.entries(catalogues)) {
      // The same text in two catalogues means the same thing: the first one stays, as on the server.
      for (const [key, text] of Object.entries(texts)) if (!codesByEnglishText.has(text)) codesByEnglishText.set(text, `${name}.${key}`);
    }
  }
  const code = codesByEnglishText.get(message);
  return code ? textOfAnswer({ code, message }) : message;
}

export { i18n };
