import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminBankAccountsPage } from './bank-accounts-page.tsx';
import { answerAs, fakeApi, on } from '../../../test/api-stub.ts';
import { bankAccountAnswer, bankAccountDeletedAnswer, bankAccountListAnswer } from '../../../../contract/bank-accounts.ts';
import { makeBankAccount, renderWithProviders } from '../../../test/catalog-fixtures.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const listAccounts = (bankAccounts: ReturnType<typeof makeBankAccount>[]) =>
  on('GET', '/api/bank-accounts', () => answerAs(bankAccountListAnswer, { success: true, bankAccounts, data: { bankAccounts } }));
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('Bank Accounts page', () => {
  it('shows each card with its icon, badges and only the actions that apply', async () => {
    fakeApi(
      listAccounts([
        makeBankAccount({ id: 'a', accountName: 'Main HBL', bankName: 'HBL', isDefault: true, _count: { payments: 12 } }),
        makeBankAccount({ id: 'b', accountName: 'Wallet', bankName: 'Easypaisa', accountType: 'Mobile Account', iban: null, branchName: null }),
        makeBankAccount({ id: 'c', accountName: 'Old Meezan', bankName: 'Meezan Bank', accountType: 'Savings', isActive: false }),
      ]),
    );
    renderWithProviders(<AdminBankAccountsPage />);

    const main = await screen.findByRole('article', { name: 'Main HBL' });
    expect(main.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('bank');
    expect(within(main).getByText('Default')).toBeTruthy();
    expect(within(main).getByText('Current')).toBeTruthy();
    expect(within(main).getByText('12 payments')).toBeTruthy();
    expect(within(main).getByText('Blue Area (0123)')).toBeTruthy();
    expect(within(main).queryByRole('button', { name: 'Set as Default' })).toBeNull();

    const wallet = screen.getByRole('article', { name: 'Wallet' });
    expect(wallet.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('mobile');
    expect(within(wallet).getByText('Mobile')).toBeTruthy();
    expect(within(wallet).queryByRole('button', { name: 'Copy IBAN' })).toBeNull();
    expect(within(wallet).getByRole('button', { name: 'Set as Default' })).toBeTruthy();

    const old = screen.getByRole('article', { name: 'Old Meezan' });
    expect(old.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('generic');
    expect(within(old).getByText('Inactive')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'Set as Default' })).toBeNull();
  });

  it("copies the account number with a 'Copied' toast and a tick for 2 seconds", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    });
    fakeApi(listAccounts([makeBankAccount()]));
    renderWithProviders(<AdminBankAccountsPage />);
    const card = await screen.findByRole('article', { name: 'Umrah Committee Collections' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const button = within(card).getByRole('button', { name: 'Copy account number' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('0123-4567890123');
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(button.getAttribute('data-copied')).toBe('true');
    await act(async () => {
      vi.advanceTimersByTime(1_900);
    });
    expect(button.getAttribute('data-copied')).toBe('true');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(button.getAttribute('data-copied')).toBeNull();
  });

  it('confirms a delete with the account details and the payment count', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listAccounts([makeBankAccount({ _count: { payments: 4 } })]),
      on('DELETE', '/api/bank-accounts/bank-1', () => answerAs(bankAccountDeletedAnswer, { success: true, code: 'ok', message: 'Bank account deleted successfully', data: { message: '', kept: true } })),
    );
    renderWithProviders(<AdminBankAccountsPage />);
    const card = await screen.findByRole('article', { name: 'Umrah Committee Collections' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bank Account' });
    expect(within(dialog).getByText('Are you sure you want to delete this bank account? This action cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByText('Umrah Committee Collections')).toBeTruthy();
    expect(within(dialog).getByText('HBL')).toBeTruthy();
    expect(within(dialog).getByText('0123-4567890123')).toBeTruthy();
    expect(within(dialog).getByText('4')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bank account deleted successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('validates and creates an account', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listAccounts([]),
      on('POST', '/api/bank-accounts', () => answerAs(bankAccountAnswer, { success: true, code: 'ok', message: 'Bank account created successfully', bankAccount: makeBankAccount(), data: { message: 'Bank account created successfully', bankAccount: makeBankAccount() } }, 201)),
    );
    renderWithProviders(<AdminBankAccountsPage />);
    expect(await screen.findByRole('heading', { name: 'No bank accounts found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    await screen.findByRole('dialog', { name: 'Add Bank Account' });
    await user.click(screen.getByRole('button', { name: 'Save Account' }));
    expect(await screen.findByText('Account name is required')).toBeTruthy();
    expect(screen.getByText('Account number is required')).toBeTruthy();
    expect(screen.getByText('Bank name is required')).toBeTruthy();
    expect(screen.getByText('Account type is required')).toBeTruthy();

    await user.type(field('Account Name'), 'Collections');
    await user.type(field('Bank Name'), 'JazzCash');
    await user.selectOptions(screen.getByLabelText('Account Type'), 'Mobile Account');
    await user.type(field('Account Number'), '03001234567');
    await user.click(screen.getByRole('button', { name: 'Save Account' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      accountName: 'Collections',
      accountNumber: '03001234567',
      bankName: 'JazzCash',
      accountType: 'Mobile Account',
      isActive: true,
      isDefault: false,
    });
    expect(await screen.findByText('Bank account created successfully')).toBeTruthy();
  });

  it('sends the search and status filter to the server', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(listAccounts([]));
    renderWithProviders(<AdminBankAccountsPage />);
    await screen.findByRole('heading', { name: 'No bank accounts found' });
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Default Only');
    await user.type(screen.getByLabelText('Search bank accounts'), 'hbl');
    await waitFor(() => expect(calls.some((c) => c.search.get('search') === 'hbl' && c.search.get('status') === 'default')).toBe(true));
  });
});
