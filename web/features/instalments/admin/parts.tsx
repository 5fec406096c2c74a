/** Small pieces shared by the tabs of Payment Management. */
import { useEffect, useEffectEvent, useId, useSyncExternalStore, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { BookOpenText, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pager as SharedPager } from '../../../components/ui/pager.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
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

/** One label and value of a description list (<dl>). */
export function InfoItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-foreground">{children}</dd>
    </div>
  );
}

/** A labelled filter control. */
export function FilterField({ label, children, className }: { label: string; children: (id: string) => ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

/** The shared pager, named "Pages" unless the list says otherwise. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation('adminPayments');
  return <SharedPager {...props} label={props.label ?? t('pagination.label')} />;
}

/** Wide enough, next to the sidebar, for the nine columns of a payments table. */
export const WIDE_QUERY = '(min-width: 1280px)';
/** Wide enough for a table of four or five short columns. */
export const TABLET_QUERY = '(min-width: 768px)';

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Tables on wide screens, cards on phones. Only one of the two is rendered, so that every control
 * exists once (for keyboards, screen readers and tests alike).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

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
