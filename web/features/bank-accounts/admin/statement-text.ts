/** How reconciliation says a statement line's match, its payment's state and a line that cannot be read. */
import { useTranslation } from 'react-i18next';
import type { StatementLineError, StatementLineView } from './statement-api.ts';

type Match = NonNullable<StatementLineView['match']>;
type Payment = Match['payment'];

/** "bilal", "ahmed" → "Bilal Ahmed": the words of the member's name as found in the line. */
const nameOf = (words: string[]) => words.map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1)).join(' ');

export type PaymentState = 'underReview' | 'paid' | 'rejected' | 'unpaid';
export function paymentState(payment: Payment): PaymentState {
  if (payment.underReview) return 'underReview';
  if (payment.status === 'PAID') return 'paid';
  if (payment.status === 'REJECTED') return 'rejected';
  return 'unpaid';
}

/** A matched line whose instalment waits for review is ticked for approval unless the admin unticks it. */
export const approvable = (line: StatementLineView) => line.match !== null && line.match.payment.underReview;
export const tickedByDefault = (line: StatementLineView) => approvable(line) && line.match?.payment.type === 'INSTALMENT';

export function useStatementText() {
  const { t } = useTranslation('adminCatalog');
  return {
    /** Why a line was matched, in words: "Reference K7PM4Q9 found", "Same amount, 1 day apart, name Bilal Ahmed found". */
    why: (line: StatementLineView) => {
      const match = line.match;
      if (!match) return line.credit === null ? t('reconciliation.lines.moneyOut') : t('reconciliation.lines.notMatched');
      if (match.method === 'REFERENCE') return t('reconciliation.lines.byReference', { reference: match.reason.reference ?? match.payment.paymentReference });
      const name = nameOf(match.reason.nameWords ?? []);
      const days = match.reason.daysApart ?? 0;
      return days === 0 ? t('reconciliation.lines.byAmountSameDay', { name }) : t('reconciliation.lines.byAmount', { count: days, name });
    },
    state: (payment: Payment) => t(`reconciliation.lines.state.${paymentState(payment)}`),
    /** "Line 7: the date “31/11/2026” does not fit the date format." */
    lineError: (error: StatementLineError) => t(`reconciliation.import.lineError.${error.reason}`, { line: error.line, value: error.value ?? '' }),
  };
}
