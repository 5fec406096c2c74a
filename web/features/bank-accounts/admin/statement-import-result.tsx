/** An import under way (how much of the file has gone) and done (lines read, added, already there, matched). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { Facts } from '../../../components/ui/facts.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { StatementImported } from './statement-api.ts';

export function ImportProgress({ sent }: { sent: number }) {
  const { t } = useTranslation('adminCatalog');
  const percent = Math.round(sent * 100);
  return (
    <div className="space-y-1">
      <progress value={percent} max={100} aria-label={t('reconciliation.import.progress')} className="h-2 w-full accent-primary" />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {percent < 100 ? t('reconciliation.import.sending', { percent }) : t('reconciliation.import.matching')}
      </p>
    </div>
  );
}

export function ImportResult({ result }: { result: StatementImported }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const heading = useRef<HTMLHeadingElement>(null);
  // The Import button is gone: the result takes the focus, and a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  const { import: done, matching } = result;
  const days = done.firstDate && done.lastDate ? t('reconciliation.import.result.daysValue', { from: formatDate(done.firstDate, i18n.language), to: formatDate(done.lastDate, i18n.language) }) : '—';
  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('reconciliation.import.result.title', { file: done.fileName })}
      </h3>
      <Facts
        facts={[
          { label: t('reconciliation.import.result.lines'), value: done.lines },
          { label: t('reconciliation.import.result.added'), value: done.added },
          { label: t('reconciliation.import.result.alreadyImported'), value: done.alreadyImported },
          { label: t('reconciliation.import.result.days'), value: days },
          { label: t('reconciliation.import.result.byReference'), value: matching.byReference },
          { label: t('reconciliation.import.result.byAmountDateName'), value: matching.byAmountDateName },
          { label: t('reconciliation.import.result.open'), value: matching.open },
        ]}
      />
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>{t('common.close')}</Button>
        </DialogClose>
      </div>
    </div>
  );
}
