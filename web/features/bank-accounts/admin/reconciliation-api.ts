/** Calls of the admin's reconciliation screen (GET /api/admin/reconciliation and …/entries), with their answer shapes (contract/reconciliation.ts). */
import type { z } from 'zod';
import type { reconciliationAnswer, reconciliationEntriesAnswer, ReconciliationBy } from '../../../../contract/reconciliation.ts';
import { api } from '../../../lib/api-client.ts';

export type { ReconciliationAccount, ReconciliationBy, ReconciliationEntry, ReconciliationEntriesPage, ReconciliationPeriod, ReconciliationReport } from '../../../../contract/reconciliation.ts';

export type ReconciliationFilter = { from: string; to: string; by: ReconciliationBy };
export type EntriesFilter = { bankAccountId: string; period: string; by: ReconciliationBy; page: number };

/** The payments of one period, a page at a time. */
export const ENTRIES_PAGE_SIZE = 50;

export const reconciliationKeys = {
  all: ['admin-reconciliation'] as const,
  report: (filter: ReconciliationFilter) => ['admin-reconciliation', 'report', filter] as const,
  entries: (filter: EntriesFilter) => ['admin-reconciliation', 'entries', filter] as const,
};

export const reconciliationApi = {
  report: (filter: ReconciliationFilter, signal?: AbortSignal) =>
    api.get<z.output<typeof reconciliationAnswer>>('/admin/reconciliation', { from: filter.from, to: filter.to, by: filter.by }, { signal }).then((r) => r.data),
  entries: (filter: EntriesFilter, signal?: AbortSignal) =>
    api
      .get<z.output<typeof reconciliationEntriesAnswer>>(
        '/admin/reconciliation/entries',
        { bankAccountId: filter.bankAccountId, [filter.by === 'day' ? 'date' : 'month']: filter.period, page: filter.page, limit: ENTRIES_PAGE_SIZE },
        { signal },
      )
      .then((r) => r.data),
};
