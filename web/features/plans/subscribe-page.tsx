import { useTranslation } from 'react-i18next';
import { MemberPageLayout } from '../../components/member-page-layout.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /user/subscribe/:planId: buying a plan (member document §2). Filled in by later work. */
export function SubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('member.subscribe.pageTitle'));
  return (
    <MemberPageLayout title={t('member.subscribe.title')}>
      <Card className="p-6 text-muted-foreground">{t('member.subscribe.placeholder')}</Card>
    </MemberPageLayout>
  );
}
