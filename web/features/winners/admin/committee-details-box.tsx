import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { Committee, CommitteeDetails } from './api.ts';

/** Monthly amount, total members, number of groups and status of the chosen committee. */
export function CommitteeDetailsBox({ committee, details }: { committee: Committee; details?: CommitteeDetails }) {
  const { t } = useTranslation('adminWinners');
  const status = (details?.status ?? committee.status ?? '').toUpperCase();
  const groupCount = details?.groups.length ?? committee.groupCount;
  return (
    <Card className="h-fit p-4 sm:p-6" role="region" aria-label={t('selection.details.title')}>
      <h2 className="text-lg font-semibold">{t('selection.details.title')}</h2>
      <p className="mt-1 font-medium break-words text-muted-foreground">{committee.name}</p>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <InfoItem label={t('selection.details.monthlyAmount')}>{formatPkr(details?.monthlyAmount ?? committee.monthlyAmount)}</InfoItem>
        <InfoItem label={t('selection.details.totalMembers')}>{details?.currentMembers ?? committee.currentMembers}</InfoItem>
        <InfoItem label={t('selection.details.groups')}>{groupCount ?? '—'}</InfoItem>
        <InfoItem label={t('selection.details.status')}>
          <Badge tone={status === 'ACTIVE' ? 'success' : 'neutral'}>
            {status === 'ACTIVE' || status === 'INACTIVE' ? t(`selection.details.statuses.${status}`) : status}
          </Badge>
        </InfoItem>
      </dl>
    </Card>
  );
}
