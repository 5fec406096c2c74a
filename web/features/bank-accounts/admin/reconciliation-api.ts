/**
 * Calls of the admin's reconciliation screen (GET /api/admin/reconciliation, …/entries and PUT
 * …/ticks/{paymentId}), each answer read through its contract schema (contract/reconciliation.ts).
 */
import { reconciliationAnswer, reconciliationEntriesAnswer, reconciliationTickAnswer, type ReconciliationBy } from '../../../../contract/reconciliation.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

export type { ReconciliationAccount, ReconciliationBy, ReconciliationEntry, ReconciliationEntriesPage, ReconciliationPeriod, ReconciliationReport, ReconciliationTick } from '../../../../contract/reconciliation.ts';

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
  report: async (filter: ReconciliationFilter, signal?: AbortSignal) =>
    readAnswer(reconciliationAnswer, await api.get('/admin/reconciliation', { from: filter.from, to: filter.to, by: filter.by }, { signal })).data,
  entries: async (filter: EntriesFilter, signal?: AbortSignal) =>
    readAnswer(
      reconciliationEntriesAnswer,
      await api.get(
        '/admin/reconciliation/entries',
        { bankAccountId: filter.bankAccountId, [filter.by === 'day' ? 'date' : 'month']: filter.period, page: filter.page, limit: ENTRIES_PAGE_SIZE },
        { signal },
      ),
    ).data,
  /** Ticks or unticks an approved payment for every administrator; answers the tick as kept (null when unticked). */
  tick: async (paymentId: string, ticked: boolean) =>
    readAnswer(reconciliationTickAnswer, await api.put(`/admin/reconciliation/ticks/${encodeURIComponent(paymentId)}`, { ticked })).data.tick,
};
