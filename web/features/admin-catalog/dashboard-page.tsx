import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GroupsManagement } from './groups-management.tsx';

/** /admin (admin document §2 "Admin dashboard"). */
export function AdminDashboardPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('dashboard.pageTitle'));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.title')}</h1>
      {/*
        Reserved, above the groups: the title banner ('System Online', last-updated time), the alerts card
        and the System Overview counters (admin document §2) arrive with the dashboard overview work.
      */}
      <GroupsManagement />
    </div>
  );
}
