/**
 * A payment's reference (decision 052) where the member pays: beside the committee's bank accounts, with
 * a button that copies it and the words that say where it goes. Written in the transfer's remarks, it
 * tells the committee which payment a line of its bank statement is.
 */
import { useId } from 'react';
import { Copy, Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import './catalogue.ts';

/** The reference, its copy button and "Write this in the transfer's remarks". `compact` sits inside another card. */
export function PaymentReference({ reference, compact = false, className }: { reference: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation('memberPlans');
  const titleId = useId();
  const instructionId = useId();
  // Its own card's heading on a page; inside a request's card (an h3), one level below.
  const Heading = compact ? 'h4' : 'h2';

  async function copy() {
    try {
      await copyToClipboard(reference);
      notify.success(t('reference.copied'));
    } catch {
      notify.error(t('reference.copyFailed'));
    }
  }

  const body = (
    <section aria-labelledby={titleId} aria-describedby={instructionId} className={cn(compact ? 'rounded-lg border border-primary/40 bg-primary-soft p-3' : 'p-5', className)}>
      <Heading id={titleId} className={cn('flex items-center gap-2 font-semibold', compact ? 'text-sm' : 'text-lg')}>
        <Hash className="size-4 shrink-0 text-primary" aria-hidden />
        {t('reference.title')}
      </Heading>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {/* Left to right in Urdu too: it is typed as it is shown. */}
        <span dir="ltr" data-testid="payment-reference" className="font-mono text-2xl font-bold tracking-[0.2em] text-primary select-all">
          {reference}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={t('reference.copy')} title={t('reference.copy')}>
          <Copy aria-hidden />
          <span aria-hidden>{t('reference.copyShort')}</span>
        </Button>
      </div>
      <p id={instructionId} className="mt-2 text-sm font-medium">
        {t('reference.instruction')}
      </p>
      {!compact && <p className="mt-1 text-sm text-muted-foreground">{t('reference.why')}</p>}
    </section>
  );
  return compact ? body : <Card>{body}</Card>;
}
