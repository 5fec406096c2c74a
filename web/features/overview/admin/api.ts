/** The admin dashboard's overview call (admin document §7 "Dashboard overview"), with the shape the server answers (contract/overview.ts). */
import type { z } from 'zod';
import type { adminOverview, adminOverviewAnswer } from '../../../../contract/overview.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The dashboard's figures (admin document §3 "Dashboard overview"), the instalments' in the words of
 * RULES §6a (server/admin/overview.ts): totalPayments = paid + pending; pendingPayments = under review +
 * owed (never a future month); overduePayments = owed after the grace day; overdueMembers = members with
 * at least one overdue instalment; collectionRate = paid ÷ due so far, in whole percent.
 */
export type Overview = z.output<typeof adminOverview>;

export async function fetchOverview(signal?: AbortSignal): Promise<z.output<typeof adminOverviewAnswer>['data']> {
  const body = await api.get<z.output<typeof adminOverviewAnswer>>('/admin/dashboard/overview', undefined, { signal });
  const overview = body?.data?.overview ?? body?.overview;
  if (!overview || typeof overview.totalUsers !== 'number') throw new Error('Invalid overview answer');
  return { overview, generatedAt: body?.data?.generatedAt ?? body?.generatedAt ?? new Date().toISOString() };
}
