/** Small pieces shared by the tabs of Winner Management. */
import { useEffect, useEffectEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { MONTHS, monthName, paymentTypeOf, paymentTypeTone, statusTone, winnerStatusOf } from './display.ts';

/**
 * The text of a failed call (admin document §8: the server's error text is preferred when present).
 * A refusal the server explains (4xx: 'A winner has already been selected for this group and month.',
 * 'Group not found.') is shown as it is; otherwise the screen's own message.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.status !== 401 && error.hasServerMessage) {
    return textOfAnswer(error);
  }
  return getErrorMessage(error, fallback);
}

/** Announces a failed load once per failure, the server's text first. */
export function useErrorToast(query: Pick<UseQueryResult, 'isError' | 'error' | 'errorUpdatedAt'>, fallback: string) {
  const announce = useEffectEvent(() => notify.error(errorText(query.error, fallback)));
  // Once per failure: errorUpdatedAt changes with each new one.
  useEffect(() => {
    if (query.isError) announce();
  }, [query.isError, query.errorUpdatedAt]);
}

/** A winner's status: the text says it, the colour only repeats it. Unknown values show as sent. */
export function WinnerStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('adminWinners');
  const known = winnerStatusOf(status);
  return <Badge tone={known ? statusTone[known] : 'neutral'}>{known ? t(`status.${known}`) : status}</Badge>;
}

export function PaymentTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation('adminWinners');
  const known = paymentTypeOf(type);
  return <Badge tone={known ? paymentTypeTone[known] : 'neutral'}>{known ? t(`paymentTypes.${known}`) : type}</Badge>;
}

/** The twelve months by name, after a first option (every month, or a placeholder). */
export function MonthOptions({ first }: { first: string }) {
  const { i18n } = useTranslation('adminWinners');
  return (
    <>
      <option value="">{first}</option>
      {MONTHS.map((month) => (
        <option key={month} value={month}>
          {monthName(month, i18n.language)}
        </option>
      ))}
    </>
  );
}

