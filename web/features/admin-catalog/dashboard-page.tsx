import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DashboardOverview } from '../admin-users/dashboard-overview.tsx';
import { GroupsManagement } from './groups-management.tsx';

/** /admin (admin document §2 "Admin dashboard"). */
export function AdminDashboardPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('dashboard.pageTitle'));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.title')}</h1>
      {/* The title banner ('System Online', last-updated time), the alerts card and the System Overview (admin document §2). */}
      <DashboardOverview />
      <GroupsManagement />
    </div>
  );
}
