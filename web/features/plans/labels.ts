/** Display labels for plan data: package types, account types, payment methods, dates. */
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, PACKAGE_TYPES, PAYMENT_METHODS } from '../../../contract/plans.ts';

/** The business time zone (RULES §2): a request made at 1 am in Karachi shows that day. */
const BUSINESS_TIME_ZONE = 'Asia/Karachi';

export function usePlanLabels() {
  const { t, i18n } = useTranslation('memberPlans');
  const locale = `${i18n.language}-PK`;

  return {
    packageType(type: string): string {
      const key = PACKAGE_TYPES.find((known) => known === type.trim().toLowerCase());
      return key ? t(`packageTypes.${key}`) : type;
    },
    /** Current, Savings, Mobile (for Mobile Account): member document §9. */
    accountType(type: string): string {
      const key = ACCOUNT_TYPES.find((known) => known.toLowerCase() === type.trim().toLowerCase());
      return key ? t(`accountTypes.${key}`) : type;
    },
    paymentMethod(method: string): string {
      const key = PAYMENT_METHODS.find((known) => known === method.trim().toUpperCase());
      return key ? t(`paymentMethods.${key}`) : method;
    },
    date(iso: string): string {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      try {
        return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: BUSINESS_TIME_ZONE }).format(date);
      } catch {
        return date.toLocaleDateString();
      }
    },
  };
}
