import { useTranslation } from 'react-i18next';
import { MemberPageLayout } from '../../components/member-page-layout.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /user/payment/:paymentId: one monthly payment (member document §2). Filled in by later work. */
export function PaymentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('member.payment.pageTitle'));
  return (
    <MemberPageLayout title={t('member.payment.title')}>
      <Card className="p-6 text-muted-foreground">{t('member.payment.placeholder')}</Card>
    </MemberPageLayout>
  );
}
