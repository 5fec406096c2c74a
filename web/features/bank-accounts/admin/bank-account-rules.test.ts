import { describe, expect, it } from 'vitest';
import { accountTypeKey, bankIconKind, canSetDefault } from './bank-account-rules.ts';

describe('bank accounts', () => {
  it('picks the icon from the bank name', () => {
    expect(bankIconKind('Easypaisa')).toBe('mobile');
    expect(bankIconKind('JazzCash Wallet')).toBe('mobile');
    expect(bankIconKind('HBL')).toBe('bank');
    expect(bankIconKind('United Bank (UBL)')).toBe('bank');
    expect(bankIconKind('mcb bank')).toBe('bank');
    expect(bankIconKind('Meezan Bank')).toBe('generic');
    expect(bankIconKind('')).toBe('generic');
  });

  it("shows 'Mobile Account' as Mobile", () => {
    expect(accountTypeKey('Mobile Account')).toBe('mobile');
    expect(accountTypeKey('Current')).toBe('current');
    expect(accountTypeKey('Savings')).toBe('savings');
    expect(accountTypeKey('Something else')).toBe('other');
  });

  it('offers Set as Default only on an active account that is not the default', () => {
    expect(canSetDefault({ isActive: true, isDefault: false })).toBe(true);
    expect(canSetDefault({ isActive: true, isDefault: true })).toBe(false);
    expect(canSetDefault({ isActive: false, isDefault: false })).toBe(false);
  });
});
