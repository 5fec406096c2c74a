import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, authMessages, twoFactorMessages } from '../../contract/accounts.ts';
import enServerText from '../locales/en/server-text.json';
import urServerText from '../locales/ur/server-text.json';
import urAdmin from '../locales/ur/admin.json';
import urAdminProfile from '../locales/ur/admin-profile.json';
import { currentLanguage, detectLanguage, i18n, setLanguage, textOfAnswer, textOfFieldMessage } from './i18n.ts';
import { storageKeys } from './storage-keys.ts';

describe('the first language', () => {
  const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.removeItem(storageKeys.language);
  });

  it("is the browser's first language: Urdu for any ur-*, English for anything else", () => {
    browserLanguages(['ur-PK', 'en-US']);
    expect(detectLanguage()).toBe('ur');
    browserLanguages(['UR']);
    expect(detectLanguage()).toBe('ur');
    browserLanguages(['en-GB', 'ur-PK']);
    expect(detectLanguage()).toBe('en');
    browserLanguages(['pa-PK']);
    expect(detectLanguage()).toBe('en');
  });

  it('is the choice kept in the browser when there is one, and ignores a kept value that is not a language of ours', () => {
    browserLanguages(['ur-PK']);
    window.localStorage.setItem(storageKeys.language, 'en');
    expect(detectLanguage()).toBe('en');
    window.localStorage.setItem(storageKeys.language, 'fr');
    expect(detectLanguage()).toBe('ur');
  });
});

describe('English server texts', () => {
  it('hold the shared schemas\' and the account routes\' messages word for word, under their codes', () => {
    // Every catalogue of the server is checked in the server suite (server/http/answer-codes.test.ts).
    expect(enServerText.account).toEqual(accountMessages);
    expect(enServerText.auth).toEqual(authMessages);
    expect(enServerText.twoFactor).toEqual(twoFactorMessages);
  });
});

describe('server texts in English', () => {
  it('are the server\'s words as they came, and are not downloaded for an English reader', () => {
    // Runs before any test below loads Urdu (and with it the English server texts).
    expect(i18n.exists('serverText.auth.invalidCredentials')).toBe(false);
    expect(textOfAnswer({ code: 'auth.invalidCredentials', message: authMessages.invalidCredentials })).toBe('Invalid email or password.');
    expect(textOfAnswer({ code: 'ok', message: '2 reminders sent' })).toBe('2 reminders sent');
    expect(textOfFieldMessage(accountMessages.cnicInvalid)).toBe('Please enter a valid 13-digit CNIC.');
  });
});

describe('server texts in Urdu', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('finds an answer by its code, and shows the message of a code it does not know', async () => {
    await setLanguage('ur');
    expect(textOfAnswer({ code: 'account.cnicInvalid', message: 'anything' })).toBe(urServerText.account.cnicInvalid);
    expect(textOfAnswer({ code: 'auth.invalidCredentials', message: authMessages.invalidCredentials })).toBe(urServerText.auth.invalidCredentials);
    expect(textOfAnswer({ code: 'group.full', message: 'Committee is full.' })).toBe(urServerText.group.full);
    // A text written with a value, a status's code, a success in no catalogue: the server's words.
    expect(textOfAnswer({ code: 'group.hasMembers', message: 'This group has 3 members.' })).toBe('This group has 3 members.');
    expect(textOfAnswer({ code: 'notFound', message: 'Resource not found.' })).toBe('Resource not found.');
    expect(textOfAnswer({ code: 'ok', message: '2 reminders sent' })).toBe('2 reminders sent');
    expect(textOfAnswer({ message: 'Something the server said' })).toBe('Something the server said');
  });

  it('never matches English: a known text under an unknown code is shown as it came', async () => {
    await setLanguage('ur');
    expect(textOfAnswer({ code: 'conflict', message: authMessages.invalidCredentials })).toBe(authMessages.invalidCredentials);
  });

  it('finds a field message, which has no code, by its English among the server texts', async () => {
    await setLanguage('ur');
    expect(textOfFieldMessage(accountMessages.cnicInvalid)).toBe(urServerText.account.cnicInvalid);
    expect(textOfFieldMessage(twoFactorMessages.codeInvalid)).toBe(urServerText.twoFactor.codeInvalid);
    expect(textOfFieldMessage('Something else')).toBe('Something else');
  });
});

describe('Urdu', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('loads its texts when chosen, right to left, and remembers the choice in the browser', async () => {
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('app.name')).toBe('Umrah Committee');
    await setLanguage('ur');
    expect(currentLanguage()).toBe('ur');
    expect(document.documentElement.lang).toBe('ur');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('app.name')).toBe('عمرہ کمیٹی');
    expect(window.localStorage.getItem(storageKeys.language)).toBe('ur');
    await setLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('app.name')).toBe('Umrah Committee');
  });

  it('puts every area where its English is: an admin text and a member screen text in Urdu', async () => {
    await setLanguage('ur');
    // Both read from the Urdu files themselves, not from the code under test.
    expect(i18n.t('admin.layout.title')).toBe(urAdmin.layout.title);
    expect(i18n.t('admin.profile.administratorAccess' as 'admin.layout.title')).toBe(urAdminProfile.administratorAccess);
  });

  it('isolates each value put into an Urdu sentence, so that a CNIC or an amount keeps its order; English is left as it is', async () => {
    const english = i18n.t('common.pagination.page' as 'app.name', { page: '35202-1234567-1', pages: 'PKR 5,000' });
    expect(english).not.toMatch(/[\u2066-\u2069]/);
    await setLanguage('ur');
    const urdu = i18n.t('common.pagination.page' as 'app.name', { page: '35202-1234567-1', pages: 'PKR 5,000' });
    expect(urdu).toContain('\u206835202-1234567-1\u2069');
    expect(urdu).toContain('\u2068PKR 5,000\u2069');
  });
});
