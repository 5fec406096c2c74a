/** Display labels of this area: month names, dates, statuses and payment methods, in the active language. */
import { useTranslation } from 'react-i18next';
import type { InstalmentState } from '../../../../contract/figures.ts';
import { formatDateIn, formatMonthName } from '../../../lib/format.ts';
import { groupPaymentStatus, reviewStatusOf, type GroupPaymentStatus, type ReviewStatus } from './rules.ts';
import type { MemberPayment } from './api.ts';
import './catalogue.ts';

/** 'January' … 'December'; '' outside 1–12. */
export const monthNameIn = (language: string, month: number | null | undefined) => formatMonthName(month, language);


export function useMemberPaymentLabels() {
  const { t, i18n } = useTranslation('memberPayments');
  const language = i18n.language;
  return {
    monthName: (month: number | null | undefined) => monthNameIn(language, month),
    /** 'March 2026'. */
    period(month: number | null | undefined, year: number | null | undefined): string {
      const name = monthNameIn(language, month);
      return name && year ? `${name} ${year}` : '';
    },
    date: (value: string | null | undefined) => formatDateIn(language, value),
    status: (status: string | null | undefined) => t(`status.${groupPaymentStatus(status)}` as `status.${GroupPaymentStatus}`),
    /** The word of a state (RULES §6a): 'Scheduled', 'Under review', 'Owed', 'Overdue', 'Paid'. */
    state: (state: InstalmentState) => t(`state.${state}`),
    /**
     * 'N days late', 'Due today' or 'N days left', from the server's days since the due date
     * (negative while it is still to come).
     */
    lateness(daysLate: number): string {
      if (daysLate > 0) return t('nextDue.daysLate', { count: daysLate });
      if (daysLate < 0) return t('nextDue.daysLeft', { count: -daysLate });
      return t('nextDue.dueToday');
    },
    review: (payment: Pick<MemberPayment, 'reviewStatus' | 'status'>) => t(`review.${reviewStatusOf(payment)}` as `review.${ReviewStatus}`),
    /** Cash, Bank Transfer, Mobile Banking, in any case; an unknown method shows as sent. */
    method(method: string | null | undefined): string {
      switch ((method ?? '').trim().toLowerCase()) {
        case 'cash':
          return t('methods.cash');
        case 'bank_transfer':
          return t('methods.bank_transfer');
        case 'mobile_banking':
          return t('methods.mobile_banking');
        default:
          return method ?? '';
      }
    },
  };
}
