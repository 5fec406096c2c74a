import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import './catalogue.ts';

/**
 * What happens after a member is drawn (RULES §9): an administrator arranges the prize with them, and
 * nothing in the rules ends their schedule (RULES §6: one instalment for every month of the cycle), so
 * the text says the instalments go on. It says nothing the rules do not.
 */
export function WinnerNextSteps({ className }: { className?: string }) {
  const { t } = useTranslation('memberPayments');
  return (
    <div role="note" aria-label={t('groups.nextStepsTitle')} className={cn('rounded-lg border border-success/40 bg-success/10 p-3 text-sm', className)}>
      <p className="flex items-center gap-2 font-semibold">
        <Trophy className="size-4 shrink-0 text-accent-text" aria-hidden />
        {t('groups.nextStepsTitle')}
      </p>
      <ul className="mt-1.5 list-disc space-y-1 ps-5">
        <li>{t('groups.nextStepsContact')}</li>
        <li>{t('groups.nextStepsInstalments')}</li>
      </ul>
    </div>
  );
}
