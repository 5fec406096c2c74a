/**
 * Every browser-storage key the app uses, in one place. The first four are named by the
 * specification (member document §3 and §9). The page's own scripts (web/build/theme-init.js and
 * early-answers.js), which run before any module is loaded, get them written in at build.
 */
export const storageKeys = {
  authToken: 'auth_token',
  userData: 'user_data',
  theme: 'committee-theme',
  pendingVerificationEmail: 'pendingVerificationEmail',
  dashboardTab: 'dashboard-active-tab',
  /** The language chosen (lib/i18n.ts detectLanguage reads it, and a change of language writes it). */
  language: 'language',
  /**
   * A language picked with the switch while signed out: at the next sign-in it is kept and saved to the
   * account (lib/auth.tsx), rather than replaced by the account's older choice. Gone once signed in.
   */
  languageChosenSignedOut: 'language-chosen-signed-out',
  /**
   * The start of the keys of a signed-in person's last answers kept for offline use, one key per person
   * (`offline-answers:<user id>`, lib/offline-answers.ts). All are removed at sign-out.
   */
  offlineAnswers: 'offline-answers',
} as const;

/** localStorage can throw (private mode, storage disabled): a failure means "nothing stored". */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app still works for this page view.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: the value could not have been stored either.
  }
}
