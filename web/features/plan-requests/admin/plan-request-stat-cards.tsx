import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { PlanPaymentCounts } from './api.ts';

/** Total, Pending, Approved, Rejected and Revenue, as the server counts them (all requests, whatever the filters). */
export function StatCards({ counts }: { counts: PlanPaymentCounts | undefined }) {
  const { t } = useTranslation('adminRequests');
  const cards = [
    { key: 'total', value: counts?.total, tone: 'text-foreground' },
    { key: 'pending', value: counts?.pending, tone: 'text-warning' },
    { key: 'approved', value: counts?.approved, tone: 'text-success' },
    { key: 'rejected', value: counts?.rejected, tone: 'text-destructive' },
  ] as const;
  return (
    <dl aria-label={t('planRequests.stats.label')} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {cards.map((card) => (
        <Card key={card.key} className="p-4">
          <dt className="text-sm text-muted-foreground">{t(`planRequests.stats.${card.key}`)}</dt>
          <dd className={cn('mt-1 text-2xl font-bold', card.tone)}>{card.value ?? '–'}</dd>
        </Card>
      ))}
      <Card className="col-span-2 p-4 sm:col-span-2 lg:col-span-1">
        <dt className="text-sm text-muted-foreground">{t('planRequests.stats.revenue')}</dt>
        <dd className="mt-1 text-2xl font-bold text-primary">{counts ? formatPkr(counts.revenue) : '–'}</dd>
      </Card>
    </dl>
  );
}
