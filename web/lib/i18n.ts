/**
 * Translations. Every visible text comes from web/locales/<language>.json through i18next.
 * Adding Urdu means adding ur.json here: the document's lang and dir follow the active language
 * (applyDocumentLanguage below), and the layout uses logical (start/end) spacing, so components
 * do not change.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/**
 * One namespace per large feature area (web/locales/<language>/<area>.json), next to the shared
 * catalogue (translation): areas grow without touching each other's files. Only the shared catalogue's
 * common texts come with the first load. Every other text comes with the code that shows it: a
 * feature's catalogue.ts registers its texts when its modules load (addCatalogue, addTexts below), so
 * the landing page, the account pages, each member screen and the admin area carry only their own.
 */
export const resources = { en: { translation: en } } as const;
export type Language = keyof typeof resources;
export const defaultLanguage: Language = 'en';

void i18n.use(initReactI18next).init({
  resources,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  defaultNS: 'translation',
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  // The catalogue is bundled, so initialise synchronously: the first render already has texts.
  initAsync: false,
  // Keeps the browser console (and test output) free of the library's promotional notice.
  showSupportNotice: false,
});

/** The one place that sets <html lang> and <html dir>; i18next knows that 'ur' is right-to-left. */
function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/**
 * The shared schemas (contract/) and the server speak English. Their known messages are looked up in
 * the English catalogue, whose groups hold them word for word (validation.* mirrors accountMessages,
 * server.* mirrors authMessages, auth.twoFactor.messages.* mirrors twoFactorMessages; tests check each),
 * so another language shows them translated; unknown text is shown as it came. Looking them up in the
 * catalogue rather than in contract/ keeps the schemas' module out of the first page. A group whose
 * texts have not been loaded yet (the two-factor messages come with the account pages and the admin
 * area, which are where those messages are answered) passes its messages through unchanged.
 */
const messageGroups = ['validation', 'server', 'auth.twoFactor.messages'] as const;

export function translateMessage(message: string): string {
  for (const group of messageGroups) {
    const english: unknown = i18n.getResource(defaultLanguage, 'translation', group);
    if (!english || typeof english !== 'object') continue;
    const key = Object.keys(english).find((candidate) => (english as Record<string, unknown>)[candidate] === message);
    // A key just found in the catalogue, though typed only as a string.
    if (key) return i18n.t(`${group}.${key}` as 'validation.nameRequired');
  }
  return message;
}

/**
 * Adds namespaces loaded with a part of the app (the admin area, a member screen), for every language
 * they come in. Merged into what is already there, so the order in which parts load does not matter.
 */
export function addCatalogue(byLanguage: Partial<Record<Language, Record<string, object>>>): void {
  for (const [language, namespaces] of Object.entries(byLanguage)) {
    for (const [namespace, texts] of Object.entries(namespaces ?? {})) i18n.addResourceBundle(language, namespace, texts, true, false);
  }
}

/**
 * Adds groups of texts to a namespace that is already there, such as `auth` in the shared catalogue
 * (translation) with the account pages, or the Payments tab's texts in memberPayments with that tab:
 * their keys stay where they are (auth.login.title), merged in beside the groups already there and
 * never replacing a text.
 */
export function addTexts(namespace: string, byLanguage: Partial<Record<Language, Record<string, object>>>): void {
  for (const [language, groups] of Object.entries(byLanguage)) {
    if (groups) i18n.addResourceBundle(language, namespace, groups, true, false);
  }
}

export { i18n };
