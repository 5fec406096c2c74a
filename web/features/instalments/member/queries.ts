/** The reads of this area as React Query hooks: one cache entry each, shared by the dashboard and the pages. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchGroupLedger, fetchMyPayments, fetchPlanRequests, fetchPaymentSummary, memberPaymentKeys, RECEIPT_LINK_REFRESH_MS } from './api.ts';

/** The member's groups: one query shared with the plans tab (groups/member). */
export { useMyGroups } from '../../groups/member/index.ts';

/**
 * GET /payments/summary: one query, and so one truth, for the dashboard's tiles, the next-instalment
 * card and the Payments tab's counts (RULES §6a).
 */
export const paymentSummaryQuery = queryOptions({ queryKey: memberPaymentKeys.summary, queryFn: ({ signal }) => fetchPaymentSummary(signal) });

export function usePaymentSummary() {
  return useQuery(paymentSummaryQuery);
}

export function useMyPayments() {
  return useQuery({
    queryKey: memberPaymentKeys.list,
    queryFn: ({ signal }) => fetchMyPayments(signal),
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
}

/** One group's ledger, read only while it is shown (`enabled`): a dialog asks for it when it opens. */
export function useGroupLedger(groupId: string, enabled = true) {
  return useQuery({ queryKey: memberPaymentKeys.ledger(groupId), queryFn: ({ signal }) => fetchGroupLedger(groupId, signal), enabled });
}

/** The member's plan requests still open (PENDING): bought, waiting for a receipt or for an administrator. */
export function useOpenPlanRequests() {
  return useQuery({
    queryKey: memberPaymentKeys.planRequests,
    queryFn: ({ signal }) => fetchPlanRequests(signal),
    select: (requests) => requests.filter((request) => request.status.toUpperCase() === 'PENDING'),
  });
}
