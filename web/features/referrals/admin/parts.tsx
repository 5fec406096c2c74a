/** Small pieces shared by the tabs of Referral Management and the Commission Payments tab. */
import { useEffect, useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { formatPkr } from '../../../../contract/money.ts';
import type { CappedBy } from './api.ts';
import { statusTone } from './rules.ts';

/** One figure with its name. */
export function StatTile({ label, value, tone, className }: { label: string; value: ReactNode; tone?: 'success' | 'warning' | 'info'; className?: string }) {
  return (
    <div className={cn('min-w-0 rounded-xl border border-border bg-card p-4', className)}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-xl font-bold break-words',
          tone === 'success' && 'text-success',
          tone === 'warning' && 'text-warning',
          tone === 'info' && 'text-primary',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** 'Pending', 'Active', 'Paid', 'Completed'; a status the catalogue does not know is shown as sent. */
export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const { t } = useTranslation('adminReferrals');
  const upper = (status ?? '').toUpperCase();
  const known = upper === 'PENDING' || upper === 'ACTIVE' || upper === 'PAID' || upper === 'COMPLETED';
  return (
    <Badge tone={statusTone(upper)} className={cn('shrink-0', className)}>
      {known ? t(`status.${upper}`) : (status ?? t('status.unknown'))}
    </Badge>
  );
}

export function LevelBadge({ level }: { level: number }) {
  const { t } = useTranslation('adminReferrals');
  return (
    <Badge tone="info" className="shrink-0">
      {t('common.levelN', { level })}
    </Badge>
  );
}

export { Pager } from '../../../components/ui/pager.tsx';

/** Announces a failed load once per failure (admin document §8: error toasts), the server's text first. */
export function useErrorToast(query: Pick<UseQueryResult, 'isError' | 'error' | 'errorUpdatedAt'>, fallback: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt !== shown.current) {
      shown.current = query.errorUpdatedAt;
      notify.error(getErrorMessage(query.error, fallback));
    }
  }, [query.isError, query.error, query.errorUpdatedAt, fallback]);
}

/** Wide enough for a table of seven or eight short columns next to the sidebar. */
export const TABLE_QUERY = '(min-width: 1024px)';

/** A table that scrolls sideways inside its card rather than widening the page. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-start text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </Card>
  );
}

export const thClass = 'px-4 py-3 text-start text-xs font-semibold tracking-wide text-muted-foreground uppercase';
export const tdClass = 'px-4 py-3 align-top';

/**
 * Says when a commission was bounded by the rules (RULES §8): "Capped at the maximum of PKR 1,000 (was
 * PKR 1,250)" or "Raised to the minimum of PKR 500 (was PKR 320)". The amount paid is the bound itself.
 * Nothing when the commission was not bounded, or the server did not say.
 */
export function CapNote({ amount, uncappedAmount, cappedBy, className }: { amount: number; uncappedAmount?: number; cappedBy?: CappedBy; className?: string }) {
  const { t } = useTranslation('adminReferrals');
  if ((cappedBy !== 'MAXIMUM' && cappedBy !== 'MINIMUM') || typeof uncappedAmount !== 'number') return null;
  const values = { amount: formatPkr(amount), uncapped: formatPkr(uncappedAmount) };
  return (
    <span className={cn('block text-xs font-normal text-muted-foreground', className)}>
      {cappedBy === 'MAXIMUM' ? t('caps.maximum', values) : t('caps.minimum', values)}
    </span>
  );
}
