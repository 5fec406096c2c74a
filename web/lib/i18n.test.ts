import { describe, expect, it } from 'vitest';
import { accountMessages, authMessages, twoFactorMessages } from '../../contract/accounts.ts';
import en from '../locales/en.json';
import { i18n, translateMessage } from './i18n.ts';

describe('English catalogue', () => {
  it('holds the shared schema and server messages word for word', () => {
    expect(en.validation).toEqual(accountMessages);
    expect(en.server).toEqual(authMessages);
  });
});

describe('translateMessage', () => {
  it('looks known messages up in the catalogue and passes others through', () => {
    expect(translateMessage(accountMessages.cnicInvalid)).toBe('Please enter a valid 13-digit CNIC.');
    expect(translateMessage(authMessages.invalidCredentials)).toBe('Invalid email or password.');
    // The account pages' texts (registered here by the test setup, as by those pages).
    expect(translateMessage(twoFactorMessages.codeInvalid)).toBe('The code is not valid. Please try again.');
    expect(translateMessage('Something the server said')).toBe('Something the server said');
  });
});

describe('document language', () => {
  it('follows the active language, right-to-left for Urdu', async () => {
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    try {
      await i18n.changeLanguage('ur');
      expect(document.documentElement.lang).toBe('ur');
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(document.documentElement.dir).toBe('ltr');
  });
});
