/** The admin dashboard's overview call (admin document §7 "Dashboard overview"), with the shape the server answers (contract/overview.ts). */
import type { z } from 'zod';
import { adminOverviewAnswer, monthlySeriesAnswer, type adminOverview, type MonthlySeries } from '../../../../contract/overview.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { adminOverviewKey } from '../../../lib/query-keys.ts';

/**
 * The dashboard's figures (admin document §3 "Dashboard overview"), the instalments' in the words of
 * RULES §6a (server/admin/overview.ts): totalPayments = paid + pending; pendingPayments = under review +
 * owed (never a future month); overduePayments = owed after the grace day; overdueMembers = members with
 * at least one overdue instalment; collectionRate = paid ÷ due so far, in whole percent.
 */
export type Overview = z.output<typeof adminOverview>;

export async function fetchOverview(signal?: AbortSignal): Promise<z.output<typeof adminOverviewAnswer>['data']> {
  const { overview, generatedAt } = readAnswer(adminOverviewAnswer, await api.get('/admin/dashboard/overview', undefined, { signal }));
  return { overview, generatedAt };
}

/** One month of the admin's charts (contract/overview.ts monthlySeries): due so far, collected, prizes paid out, members joined. */
export type SeriesMonth = MonthlySeries['months'][number];

/** The charts' months under the overview's root: whatever refreshes the overview refreshes them too. */
export const monthlySeriesKey = (months: number) => [...adminOverviewKey, 'series', months] as const;

/** GET /api/admin/dashboard/series?months=12: month by month, oldest first, the current month last. */
export async function fetchMonthlySeries(months: number, signal?: AbortSignal): Promise<SeriesMonth[]> {
  return readAnswer(monthlySeriesAnswer, await api.get('/admin/dashboard/series', { months }, { signal })).data.months;
}
