/**
 * The administrators' ticks against the bank statement, kept on the server (PUT
 * /api/admin/reconciliation/ticks/{paymentId}): shared by every admin and device, each with who ticked
 * and when. A box shows its new state the moment it is pressed (as this admin's tick, now) until the
 * server answers; if the server refuses, it goes back and a toast says so.
 */
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { notify } from '../../../lib/toast.ts';
import { reconciliationApi, reconciliationKeys, type EntriesFilter, type ReconciliationEntriesPage, type ReconciliationTick } from './reconciliation-api.ts';

type TickChange = { paymentId: string; ticked: boolean; press: number };
type Pressed = { tick: ReconciliationTick | null; press: number };

/** The page with one payment's tick replaced. */
const withTick = (page: ReconciliationEntriesPage | undefined, paymentId: string, tick: ReconciliationTick | null) =>
  page && { ...page, entries: page.entries.map((entry) => (entry.id === paymentId ? { ...entry, tick } : entry)) };

/** Ticks or unticks the payments of one page of entries; `shown` is the page with the ticks still on their way. */
export function useTicks(filter: EntriesFilter) {
  const { t } = useTranslation('adminCatalog');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = reconciliationKeys.entries(filter);
  const presses = useRef(0);
  const [pressed, setPressed] = useState<ReadonlyMap<string, Pressed>>(new Map());
  const mutation = useMutation({
    mutationFn: ({ paymentId, ticked }: TickChange) => reconciliationApi.tick(paymentId, ticked),
    // A reading of the page already under way would answer without this tick: it is dropped.
    onMutate: () => void queryClient.cancelQueries({ queryKey: key }),
    onSuccess: (tick, { paymentId }) => queryClient.setQueryData<ReconciliationEntriesPage>(key, (page) => withTick(page, paymentId, tick)),
    onError: (error) => notify.error(getErrorMessage(error, t('reconciliation.entries.tickFailed'))),
    onSettled: (_tick, _error, { paymentId, press }) =>
      setPressed((current) => {
        // A later press of the same box is still on its way: it stays shown.
        if (current.get(paymentId)?.press !== press) return current;
        const next = new Map(current);
        next.delete(paymentId);
        return next;
      }),
  });

  const onTick = (paymentId: string, ticked: boolean) => {
    presses.current += 1;
    const press = presses.current;
    const tick = ticked ? { byId: user?.id ?? '', byName: user?.name ?? '', at: new Date().toISOString() } : null;
    setPressed((current) => new Map(current).set(paymentId, { tick, press }));
    mutation.mutate({ paymentId, ticked, press });
  };
  const shown = (page: ReconciliationEntriesPage | undefined) =>
    page && pressed.size > 0 ? { ...page, entries: page.entries.map((entry) => (pressed.has(entry.id) ? { ...entry, tick: pressed.get(entry.id)!.tick } : entry)) } : page;
  return { onTick, shown };
}
