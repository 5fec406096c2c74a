/**
 * The administrators' ticks against the bank statement, kept on the server (PUT
 * /api/admin/reconciliation/ticks/{paymentId}): shared by every admin and device, each with who ticked
 * and when. A tick shows at once and is taken back, with a toast saying so, if the server refuses it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { notify } from '../../../lib/toast.ts';
import { reconciliationApi, reconciliationKeys, type EntriesFilter, type ReconciliationEntriesPage, type ReconciliationTick } from './reconciliation-api.ts';

type TickChange = { paymentId: string; ticked: boolean };

/** The page with one payment's tick replaced. */
const withTick = (page: ReconciliationEntriesPage | undefined, paymentId: string, tick: ReconciliationTick | null) =>
  page && { ...page, entries: page.entries.map((entry) => (entry.id === paymentId ? { ...entry, tick } : entry)) };

/** Ticks or unticks the payments of one page of entries, in its cached answer first. */
export function useTickPayment(filter: EntriesFilter) {
  const { t } = useTranslation('adminCatalog');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = reconciliationKeys.entries(filter);
  const mutation = useMutation({
    mutationFn: ({ paymentId, ticked }: TickChange) => reconciliationApi.tick(paymentId, ticked),
    onMutate: async ({ paymentId, ticked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReconciliationEntriesPage>(key)?.entries.find((entry) => entry.id === paymentId)?.tick ?? null;
      const mine = ticked ? { byId: user?.id ?? '', byName: user?.name ?? '', at: new Date().toISOString() } : null;
      queryClient.setQueryData<ReconciliationEntriesPage>(key, (page) => withTick(page, paymentId, mine));
      return { before };
    },
    onError: (error, { paymentId }, context) => {
      // Only this payment's tick goes back: other ticks made meanwhile stay.
      queryClient.setQueryData<ReconciliationEntriesPage>(key, (page) => withTick(page, paymentId, context?.before ?? null));
      notify.error(getErrorMessage(error, t('reconciliation.entries.tickFailed')));
    },
    onSuccess: (tick, { paymentId }) => queryClient.setQueryData<ReconciliationEntriesPage>(key, (page) => withTick(page, paymentId, tick)),
  });
  return (paymentId: string, ticked: boolean) => mutation.mutate({ paymentId, ticked });
}
