/** Calls of the admin's bank accounts screen (admin document §7), with their answer shapes (contract/plans.ts). */
import type { z } from 'zod';
import type { bankAccount, bankAccountAnswer, BankAccountBody, bankAccountDeletedAnswer, bankAccountListAnswer } from '../../../../contract/bank-accounts.ts';
import { api } from '../../../lib/api-client.ts';
import { optionalText } from '../../../lib/forms.ts';

export type BankAccount = z.output<typeof bankAccount>;

export type BankStatusFilter = 'all' | 'active' | 'inactive' | 'default';

/** React Query keys of the bank accounts screen; `all` refreshes every list of it. */
export const bankAccountKeys = {
  all: ['admin-bank-accounts'] as const,
  bankAccounts: (filter: { search: string; status: BankStatusFilter }) => ['admin-bank-accounts', filter] as const,
};

export const bankAccountApi = {
  listBankAccounts: (filter: { search: string; status: BankStatusFilter }, signal?: AbortSignal) =>
    api
      .get<z.output<typeof bankAccountListAnswer>>(
        '/bank-accounts',
        { search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status },
        { signal },
      )
      .then((r) => r.data.bankAccounts),
  createBankAccount: (body: BankAccountBody) => api.post<z.output<typeof bankAccountAnswer>>('/bank-accounts', body, { retries: 0 }),
  updateBankAccount: (id: string, body: BankAccountBody) =>
    api.put<z.output<typeof bankAccountAnswer>>(`/bank-accounts/${encodeURIComponent(id)}`, body),
  // Toggling twice would undo itself: never retried.
  toggleBankAccount: (id: string) =>
    api.put<z.output<typeof bankAccountAnswer>>(`/bank-accounts/${encodeURIComponent(id)}/toggle-status`, undefined, { retries: 0 }),
  setDefaultBankAccount: (id: string) =>
    api.put<z.output<typeof bankAccountAnswer>>(`/bank-accounts/${encodeURIComponent(id)}/set-default`, undefined, { retries: 0 }),
  deleteBankAccount: (id: string) => api.delete<z.output<typeof bankAccountDeletedAnswer>>(`/bank-accounts/${encodeURIComponent(id)}`, { retries: 0 }),
};
