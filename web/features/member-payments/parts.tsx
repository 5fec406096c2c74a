/** Small pieces shared by the groups, the payments list and the payment page. */
import { useRef, type ReactNode } from 'react';
import { CircleAlert, ExternalLink, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { notify } from '../../lib/toast.ts';
import { safeReceiptHref } from '../plans/api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { groupPaymentStatus, groupPaymentStatusTone } from './rules.ts';

/** A month's status badge, followed by 'Under review' while a receipt waits for a decision. */
export function GroupPaymentBadges({ status, underReview, id }: { status: string; underReview?: boolean; id?: string }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  return (
    <span id={id} className="inline-flex flex-wrap gap-1.5">
      <Badge tone={groupPaymentStatusTone[groupPaymentStatus(status)]}>{labels.status(status)}</Badge>
      {underReview && <Badge tone="info">{t('status.underReview')}</Badge>}
    </span>
  );
}

/**
 * 'View Receipt': the receipt in a new tab (a short-lived signed link), or, when there is none, the
 * message 'Receipt is not available for this payment.' (member document §2, §8).
 */
export function ReceiptButton({ url, label, variant = 'outline', size = 'sm', className }: { url: string | null | undefined; label?: string } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { t } = useTranslation('memberPayments');
  const href = safeReceiptHref(url);
  const text = label ?? t('receipt.view');
  if (!href) {
    return (
      <Button variant={variant} size={size} className={className} onClick={() => notify.error(t('receipt.unavailable'))}>
        <FileText aria-hidden />
        {text}
      </Button>
    );
  }
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <FileText aria-hidden />
        {text}
        <ExternalLink aria-hidden />
        <span className="sr-only">{t('receipt.opensInNewTab')}</span>
      </a>
    </Button>
  );
}

export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('memberPayments');
  return (
    <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p role="alert" className="flex items-center gap-2 font-medium">
        <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {t('common.retry')}
      </Button>
    </Card>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <Card className="p-6 text-center text-muted-foreground">{children}</Card>;
}

/** Label and value pairs, two to a row on phones. */
export function Facts({ facts, className }: { facts: { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={className ?? 'grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3'}>
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{fact.label}</dt>
          <dd className="font-medium break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Gives focus back to the control that opened a dialog once it closes. The shared dialog returns
 * focus only to a Radix trigger; these dialogs are opened by ordinary buttons (a month card, the
 * Submit Payment button), so keyboard and screen-reader users would otherwise land on the page body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember(element: HTMLElement | null) {
      opener.current = element;
    },
    restore() {
      const element = opener.current;
      // After the dialog has gone (its focus trap would take focus back while it is there).
      setTimeout(() => {
        if (element?.isConnected) element.focus();
      }, 0);
    },
  };
}
