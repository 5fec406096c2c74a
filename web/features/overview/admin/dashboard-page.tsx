import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { GroupsManagement, groupKeys } from '../../groups/admin/index.ts';
import { DashboardCharts } from './dashboard-charts.tsx';
import { DashboardOverview } from './dashboard-overview.tsx';

/** /admin (admin document §2 "Admin dashboard"). */
export function AdminDashboardPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('dashboard.pageTitle'));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.title')}</h1>
      {/* The title banner ('System Online', last-updated time), the alerts card and the System Overview (admin document §2). */}
      <Overview />
      {/* Collected against due and members joining, month by month (each with its table view). */}
      <DashboardCharts />
      <GroupsManagement />
    </div>
  );
}

/** The overview, told how many groups the Groups Management card below shows. */
function Overview() {
  return <DashboardOverview displayedGroups={useDisplayedGroupCount()} />;
}

/**
 * How many groups the Groups Management card shows now (admin document §2 "total groups (and number
 * displayed)"): read from that card's query, without asking the server again.
 */
function useDisplayedGroupCount(): number | undefined {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => {
      let newest: { at: number; count: number } | undefined;
      for (const query of cache.findAll({ queryKey: groupKeys.groupsRoot(), type: 'active' })) {
        const { data, dataUpdatedAt } = query.state;
        if (Array.isArray(data) && (!newest || dataUpdatedAt > newest.at)) newest = { at: dataUpdatedAt, count: data.length };
      }
      return newest?.count;
    },
    () => undefined,
  );
}
