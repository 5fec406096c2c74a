/** Small pieces shared by the tabs of Payment Management. */
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { BookOpenText, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pager as SharedPager } from '../../../components/ui/pager.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { ledgerPath } from './api.ts';
import { paymentMethodKey, statusBadges } from './display.ts';

/** Signed receipt links live 10 minutes (docs/decisions/006): the lists are re-read well before. */
export const RECEIPT_LINK_REFRESH_MS = 5 * 60_000;

/** A payment's status as badges: the text says the status, the colour only repeats it. */
export function StatusBadges({ status, underReview, className }: { status: string; underReview?: boolean; className?: string }) {
  const { t } = useTranslation('adminPayments');
  return (
    <span className={cn('inline-flex flex-wrap gap-1', className)}>
      {statusBadges(status, underReview).map((badge) => (
        <Badge key={badge.key} tone={badge.tone} className="shrink-0">
          {t(`status.${badge.key}`)}
        </Badge>
      ))}
    </span>
  );
}

/** 'Bank Transfer' for BANK_TRANSFER; a method the catalogue does not know is shown as sent. */
export function usePaymentMethodLabel() {
  const { t } = useTranslation('adminPayments');
  return (method: string | null | undefined) => {
    const key = paymentMethodKey(method);
    return key ? t(`methods.${key}`) : (method ?? '');
  };
}

/** The shared pager, named "Pages" unless the list says otherwise. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation('adminPayments');
  return <SharedPager {...props} label={props.label ?? t('pagination.label')} />;
}

/** Wide enough for a table of four or five short columns. */
export const TABLET_QUERY = '(min-width: 768px)';

/**
 * Opens a receipt in a new tab (admin document §2). The link is a short-lived signed one
 * (docs/decisions/006); the new page gets no reference back to this one.
 */
export function openReceipt(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export function ViewReceiptButton({ url, iconOnly = false }: { url: string | null | undefined; iconOnly?: boolean }) {
  const { t } = useTranslation('adminPayments');
  if (!url) return null;
  return (
    <ActionButton variant="outline" icon={<ExternalLink aria-hidden />} label={t('actions.viewReceipt')} iconOnly={iconOnly} onClick={() => openReceipt(url)} />
  );
}

/** A small button with an icon; in a table, the icon alone (its name stays the same for screen readers). */
export function ActionButton({
  icon,
  label,
  iconOnly = false,
  variant = 'outline',
  onClick,
}: {
  icon: ReactNode;
  label: string;
  iconOnly?: boolean;
  variant?: 'primary' | 'outline' | 'ghost' | 'destructive';
  onClick: () => void;
}) {
  return (
    <Button variant={variant} size="sm" onClick={onClick} aria-label={iconOnly ? label : undefined} title={iconOnly ? label : undefined} className={cn(iconOnly && 'w-9 px-0')}>
      {icon}
      {!iconOnly && label}
    </Button>
  );
}

/** Announces a failed load once per failure (admin document §8: error toasts), the server's text first. */
export function useErrorToast(query: Pick<UseQueryResult, 'isError' | 'error' | 'errorUpdatedAt'>, fallback: string) {
  const announce = useEffectEvent(() => {
    if (query.isError) notify.error(getErrorMessage(query.error, fallback));
  });
  // Once per failure: errorUpdatedAt changes with each new one.
  useEffect(() => {
    announce();
  }, [query.isError, query.errorUpdatedAt]);
}

/** After approvals empty the last page, go back to the last page that still has payments. */
export function useClampPage(page: number, data: { payments: unknown[]; pagination: { pages: number } } | undefined, onPage: (page: number) => void) {
  const lastPage = data?.pagination.pages ?? 1;
  const empty = data !== undefined && data.payments.length === 0;
  const clamp = useEffectEvent(() => {
    if (empty && page > 1) onPage(Math.min(page - 1, lastPage));
  });
  useEffect(() => {
    clamp();
  }, [empty, page, lastPage]);
}

/**
 * The member's ledger (every instalment of every group, month by month), from a payment. Its name says
 * whose: "Ledger of Ayesha Khan"; in a table, the icon alone with the same name.
 */
export function LedgerLink({ userId, name, iconOnly = false }: { userId: string; name: string; iconOnly?: boolean }) {
  const { t } = useTranslation('adminPayments');
  const label = t('actions.ledgerOf', { name });
  return (
    <Button variant="outline" size="sm" asChild className={cn(iconOnly && 'w-9 px-0')}>
      <Link to={ledgerPath(userId)} aria-label={label} title={iconOnly ? label : undefined}>
        <BookOpenText aria-hidden />
        {!iconOnly && t('actions.ledger')}
      </Link>
    </Button>
  );
}
