/**
 * /admin/referrals: Referral Management (admin document §2). Four tabs: Tree View, Commission
 * Tracking, Reports, Settings. The open tab is kept in the address (?tab=…), so that a reload or a
 * shared link opens the same one; each tab's filters live here, so that moving between tabs keeps them.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { defaultCommissionFilters, defaultReportFilters, referralKeys, type CommissionFilters, type ReportFilters, type UserOption } from './api.ts';
import { initialReportView, ReportsTab, type ReportView } from './reports-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { TrackingTab } from './tracking-tab.tsx';
import { TreeTab } from './tree-tab.tsx';

export const REFERRAL_TABS = ['tree', 'tracking', 'reports', 'settings'] as const;
export type ReferralTab = (typeof REFERRAL_TABS)[number];

export function AdminReferralsPage() {
  const { t } = useTranslation('adminReferrals');
  useDocumentTitle(t('page.title'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ReferralTab = REFERRAL_TABS.find((candidate) => candidate === tabParam) ?? 'tree';
  const changeTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === 'tree') search.delete('tab');
    else search.set('tab', next);
    setParams(search, { replace: true });
  };

  const [treeUser, setTreeUser] = useState<UserOption | null>(null);
  const [trackingUser, setTrackingUser] = useState<UserOption | null>(null);
  const [commissionFilters, setCommissionFilters] = useState<CommissionFilters>(defaultCommissionFilters);
  const [reportFilters, setReportFilters] = useState<ReportFilters>(defaultReportFilters);
  const [reportView, setReportView] = useState<ReportView>(initialReportView);
  const refresh = () =>
    // The rules form keeps what is being typed; everything else is read again.
    void queryClient.invalidateQueries({ queryKey: referralKeys.all, predicate: (query) => query.queryKey[1] !== 'rules' });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('page.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('page.subtitle')}</p>
        </div>
        <Button variant="outline" onClick={refresh}>
          <RefreshCw aria-hidden />
          {t('page.refresh')}
        </Button>
      </div>

      <Tabs.Root value={tab} onValueChange={changeTab} className="mt-6">
        <Tabs.List aria-label={t('tabs.label')} className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-card p-1 md:flex">
          {REFERRAL_TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                'flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground',
                'hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground',
              )}
            >
              {t(`tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="tree" className="mt-4">
          <h2 className="sr-only">{t('tabs.tree')}</h2>
          <TreeTab user={treeUser} onUser={setTreeUser} />
        </Tabs.Content>
        <Tabs.Content value="tracking" className="mt-4">
          <h2 className="sr-only">{t('tabs.tracking')}</h2>
          <TrackingTab
            filters={commissionFilters}
            onFilters={(changes) => setCommissionFilters((current) => ({ ...current, ...changes }))}
            user={trackingUser}
            onUser={setTrackingUser}
          />
        </Tabs.Content>
        <Tabs.Content value="reports" className="mt-4">
          <h2 className="sr-only">{t('tabs.reports')}</h2>
          <ReportsTab
            filters={reportFilters}
            onFilters={(changes) => setReportFilters((current) => ({ ...current, ...changes }))}
            view={reportView}
            onView={setReportView}
          />
        </Tabs.Content>
        <Tabs.Content value="settings" className="mt-4">
          <h2 className="sr-only">{t('tabs.settings')}</h2>
          <SettingsTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
