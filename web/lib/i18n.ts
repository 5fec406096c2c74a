/**
 * Translations. Every visible text comes from web/locales/<language>.json through i18next.
 * Adding Urdu means adding ur.json here: the document's lang and dir follow the active language
 * (applyDocumentLanguage below), and the layout uses logical (start/end) spacing, so components
 * do not change.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { accountMessages, authMessages, twoFactorMessages } from '../../contract/account-messages.ts';
import en from '../locales/en.json';
import enMemberPayments from '../locales/en/member-payments.json';
import enMemberPlans from '../locales/en/member-plans.json';
import enMemberReferrals from '../locales/en/member-referrals.json';

/**
 * One namespace per large feature area (web/locales/<language>/<area>.json), next to the shared
 * catalogue (translation): areas grow without touching each other's files. The admin area's
 * namespaces come with the admin area's code (features/admin/catalogue.ts, addCatalogue below):
 * members never download them.
 */
export const resources = { en: { translation: en, memberPlans: enMemberPlans, memberPayments: enMemberPayments, memberReferrals: enMemberReferrals } } as const;
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
 * The shared schemas (contract/) and the server speak English. Their known messages are
 * looked up in the catalogue (validation.* mirrors accountMessages, server.* mirrors
 * authMessages, auth.twoFactor.messages.* mirrors twoFactorMessages), so another language shows
 * them translated; unknown text is shown as it came.
 */
export function translateMessage(message: string): string {
  const validationKey = findKey(accountMessages, message);
  if (validationKey) return i18n.t(`validation.${validationKey}`);
  const serverKey = findKey(authMessages, message);
  if (serverKey) return i18n.t(`server.${serverKey}`);
  const twoFactorKey = findKey(twoFactorMessages, message);
  if (twoFactorKey) return i18n.t(`auth.twoFactor.messages.${twoFactorKey}`);
  return message;
}

function findKey<T extends Record<string, string>>(messages: T, text: string): keyof T | undefined {
  return (Object.keys(messages) as (keyof T)[]).find((key) => messages[key] === text);
}

/** Adds namespaces loaded with a part of the app (the admin area), for every language they come in. */
export function addCatalogue(byLanguage: Partial<Record<Language, Record<string, object>>>): void {
  for (const [language, namespaces] of Object.entries(byLanguage)) {
    for (const [namespace, texts] of Object.entries(namespaces ?? {})) {
      if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, texts);
    }
  }
}

export { i18n };
