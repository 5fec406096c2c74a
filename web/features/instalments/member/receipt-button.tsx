/** 'View Receipt', shared by the payments list, a month's details and the payment page. */
import { ExternalLink, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/toast.ts';
import { safeReceiptHref } from '../../plans/member/index.ts';
import './catalogue.ts';

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
