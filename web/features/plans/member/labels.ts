/** Display labels for plan data: package types, account types, payment methods, dates. */
import { useTranslation } from 'react-i18next';
import type { PACKAGE_TYPES, PAYMENT_METHODS } from '../../../../contract/plans.ts';
import type { ACCOUNT_TYPES } from '../../../../contract/bank-accounts.ts';
import { formatDate } from '../../../lib/format.ts';
import './catalogue.ts';

/**
 * The contract's lists (contract/plans.ts), as records of their types: the compiler keeps each to
 * exactly the contract's values, and the labels do not load the contract's schemas at run time.
 */
const packageTypes = Object.keys({ economy: true, premium: true, luxury: true } satisfies Record<(typeof PACKAGE_TYPES)[number], true>) as (typeof PACKAGE_TYPES)[number][];
const accountTypes = Object.keys({ Current: true, Savings: true, 'Mobile Account': true } satisfies Record<(typeof ACCOUNT_TYPES)[number], true>) as (typeof ACCOUNT_TYPES)[number][];
const paymentMethods = Object.keys({ CASH: true, BANK_TRANSFER: true, MOBILE_BANKING: true } satisfies Record<(typeof PAYMENT_METHODS)[number], true>) as (typeof PAYMENT_METHODS)[number][];

export function usePlanLabels() {
  const { t, i18n } = useTranslation('memberPlans');

  return {
    packageType(type: string): string {
      const key = packageTypes.find((known) => known === type.trim().toLowerCase());
      return key ? t(`packageTypes.${key}`) : type;
    },
    /** Current, Savings, Mobile (for Mobile Account): member document §9. */
    accountType(type: string): string {
      const key = accountTypes.find((known) => known.toLowerCase() === type.trim().toLowerCase());
      return key ? t(`accountTypes.${key}`) : type;
    },
    paymentMethod(method: string): string {
      const key = paymentMethods.find((known) => known === method.trim().toUpperCase());
      return key ? t(`paymentMethods.${key}`) : method;
    },
    /** Written one way across the app (lib/format.ts); a value that is no date is shown as it came. */
    date: (iso: string): string => formatDate(iso, i18n.language) || iso,
  };
}
