/** Calls of the admin's bank accounts screen (admin document §7), with their answer shapes (contract/plans.ts). */
import type { z } from 'zod';
import { bankAccountAnswer, bankAccountDeletedAnswer, bankAccountListAnswer, type bankAccount, type BankAccountBody } from '../../../../contract/bank-accounts.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { optionalText } from '../../../lib/forms.ts';

export type BankAccount = z.output<typeof bankAccount>;

export type BankStatusFilter = 'all' | 'active' | 'inactive' | 'default';

/** React Query keys of the bank accounts screen; `all` refreshes every list of it. */
export const bankAccountKeys = {
  all: ['admin-bank-accounts'] as const,
  bankAccounts: (filter: { search: string; status: BankStatusFilter }) => ['admin-bank-accounts', filter] as const,
};

export const bankAccountApi = {
  listBankAccounts: async (filter: { search: string; status: BankStatusFilter }, signal?: AbortSignal) => {
    const query = { search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status };
    return readAnswer(bankAccountListAnswer, await api.get('/bank-accounts', query, { signal })).data.bankAccounts;
  },
  createBankAccount: async (body: BankAccountBody) => readAnswer(bankAccountAnswer, await api.post('/bank-accounts', body, { retries: 0 })),
  updateBankAccount: async (id: string, body: BankAccountBody) => readAnswer(bankAccountAnswer, await api.put(`/bank-accounts/${encodeURIComponent(id)}`, body)),
  // Toggling twice would undo itself: never retried.
  toggleBankAccount: async (id: string) =>
    readAnswer(bankAccountAnswer, await api.put(`/bank-accounts/${encodeURIComponent(id)}/toggle-status`, undefined, { retries: 0 })),
  setDefaultBankAccount: async (id: string) =>
    readAnswer(bankAccountAnswer, await api.put(`/bank-accounts/${encodeURIComponent(id)}/set-default`, undefined, { retries: 0 })),
  deleteBankAccount: async (id: string) => readAnswer(bankAccountDeletedAnswer, await api.delete(`/bank-accounts/${encodeURIComponent(id)}`, { retries: 0 })),
};
