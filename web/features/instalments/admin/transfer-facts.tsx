/**
 * What an administrator reviewing a receipt reads of its transfer (decision 052): the payment's
 * reference, which a bank statement line should carry, the day the member says the money was sent and
 * the bank's transaction number. Shown for instalments here and for plan requests (plan-requests/admin).
 */
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../../contract/instalments.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { formatDate } from '../../../lib/format.ts';

type Transfer = Partial<Pick<PaymentView, 'paymentReference' | 'transferDate' | 'transactionNumber'>>;

/** Three items of the caller's description list (<dl>). */
export function TransferFacts({ payment }: { payment: Transfer }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const notGiven = <span className="text-muted-foreground">{t('transferDetails.notGiven')}</span>;
  return (
    <>
      <InfoItem label={t('transferDetails.reference')}>
        {payment.paymentReference ? (
          <span dir="ltr" className="font-mono font-semibold tracking-wider">
            {payment.paymentReference}
          </span>
        ) : (
          notGiven
        )}
      </InfoItem>
      <InfoItem label={t('transferDetails.transferDate')}>
        {payment.transferDate ? <time dateTime={payment.transferDate}>{formatDate(payment.transferDate, i18n.language)}</time> : notGiven}
      </InfoItem>
      <InfoItem label={t('transferDetails.transactionNumber')} className="[&_dd]:break-all">
        {payment.transactionNumber ? (
          <bdi dir="ltr" className="font-mono">
            {payment.transactionNumber}
          </bdi>
        ) : (
          notGiven
        )}
      </InfoItem>
    </>
  );
}
