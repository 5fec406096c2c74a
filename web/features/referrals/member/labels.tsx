/** Display labels and small badges of this area, in the active language. */
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateIn } from '../../../lib/format.ts';
import { referralLevel, referralStatus, referralStatusTone, type ReferralStatus } from './rules.ts';
import './catalogue.ts';

export function useReferralLabels() {
  const { t, i18n } = useTranslation('memberReferrals');
  return {
    /** '1 Mar 2026', as the day it was in Karachi. */
    date: (value: string | null | undefined) => formatDateIn(i18n.language, value),
    status: (status: string | null | undefined) => t(`status.${referralStatus(status)}` as `status.${ReferralStatus}`),
    level(level: number | null | undefined): string {
      const known = referralLevel(level);
      return known ? t('common.level', { level: known }) : t('common.unknownLevel');
    },
    /** Cash, Bank Transfer, Mobile Banking in any case; any other method (an admin's own words) as sent. */
    method(method: string | null | undefined): string {
      switch ((method ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_')) {
        case 'cash':
          return t('commission.methods.cash');
        case 'bank_transfer':
          return t('commission.methods.bank_transfer');
        case 'mobile_banking':
          return t('commission.methods.mobile_banking');
        default:
          return method ?? '';
      }
    },
  };
}

export function LevelBadge({ level }: { level: number }) {
  const labels = useReferralLabels();
  return <Badge tone="info">{labels.level(level)}</Badge>;
}

/** The referral's status; screen readers hear 'Status: Active'. */
export function ReferralStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('memberReferrals');
  const labels = useReferralLabels();
  return (
    <Badge tone={referralStatusTone[referralStatus(status)]}>
      <span className="sr-only">{t('common.status')}: </span>
      <span>{labels.status(status)}</span>
    </Badge>
  );
}
