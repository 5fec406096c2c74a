/** How the reconciliation screen names a period and a bank account, and when it shows tables. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatMonth } from '../../../lib/format.ts';
import type { ReconciliationAccount } from './reconciliation-api.ts';

/** Wide enough for the tables; phones get cards. */
export const TABLE_QUERY = '(min-width: 1024px)';

export function usePeriodLabel() {
  const { i18n } = useTranslation('adminCatalog');
  return (period: string) => (period.length === 7 ? formatMonth(Number(period.slice(0, 4)), Number(period.slice(5, 7)), i18n.language) : formatDate(period, i18n.language));
}

export function useAccountLabel() {
  const { t } = useTranslation('adminCatalog');
  return ({ bankAccount: a }: ReconciliationAccount) => {
    const label = t('reconciliation.accountOption', { bank: a.bankName, number: a.accountNumber, name: a.accountName });
    if (a.isDeleted) return t('reconciliation.accountDeleted', { account: label });
    return a.isActive ? label : t('reconciliation.accountInactive', { account: label });
  };
}
