/**
 * The admin pages (admin document §2). Each shows its title and what it is for; the real
 * content replaces the placeholder card as each area is built.
 */
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type AdminPageKey =
  | 'dashboard'
  | 'committeePlans'
  | 'users'
  | 'payments'
  | 'planRequests'
  | 'referrals'
  | 'winners'
  | 'bankAccounts'
  | 'paymentDetail'
  | 'profile';

function AdminPlaceholderPage({ page }: { page: AdminPageKey }) {
  const { t } = useTranslation();
  const title = t(`admin.pages.${page}.title`);
  useDocumentTitle(title);
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <Card className="mt-6 p-6 text-muted-foreground">{t(`admin.pages.${page}.description`)}</Card>
    </>
  );
}

export const AdminDashboardPage = () => <AdminPlaceholderPage page="dashboard" />;
export const AdminCommitteePlansPage = () => <AdminPlaceholderPage page="committeePlans" />;
export const AdminUsersPage = () => <AdminPlaceholderPage page="users" />;
export const AdminPaymentsPage = () => <AdminPlaceholderPage page="payments" />;
export const AdminPlanRequestsPage = () => <AdminPlaceholderPage page="planRequests" />;
export const AdminReferralsPage = () => <AdminPlaceholderPage page="referrals" />;
export const AdminWinnersPage = () => <AdminPlaceholderPage page="winners" />;
export const AdminBankAccountsPage = () => <AdminPlaceholderPage page="bankAccounts" />;
export const AdminPaymentDetailPage = () => <AdminPlaceholderPage page="paymentDetail" />;
export const AdminProfilePage = () => <AdminPlaceholderPage page="profile" />;
