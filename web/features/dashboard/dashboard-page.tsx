import { useEffect, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys.ts';
import { lazyModule, prefetch, useLazyModule, usePainted, usePrefetchOnceInUse, type LazyModule } from '../../lib/lazy-module.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MemberHeader } from '../member-frame/index.ts';
import { notificationsQuery } from '../notifications/index.ts';
import { myGroupsQuery } from '../groups/member/index.ts';
import { loadMyGroupsPanel, loadPaymentsPanel, NextDueCard, paymentSummaryQuery, SummaryTiles, useMyGroups, WinnerBanner } from '../instalments/member/index.ts';
import { loadReferralsPanel, referralStatsQuery, useReferralStats } from '../referrals/member/index.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { OfflineNotice } from '../../components/offline-notice.tsx';
import { useOfflineDashboard } from './offline-figures.ts';

/**
 * Each tab's panel is a module of its own: the page shows the greeting, the next instalment and the
 * tiles with the first load, the tabs a frame later, and the chosen tab's panel once its code has
 * arrived ('Loading...' in the tab until then). The panel of the saved tab is fetched as the page's code
 * runs; the default one (which depends on the groups) once the groups are known and the first view has
 * been painted; the others when the pointer rests on their tab, when their tab gets focus, or once the
 * member has started to use the page.
 */
const panels = {
  groups: lazyModule(() => loadMyGroupsPanel().then((module) => module.MyGroupsPanel)),
  plans: lazyModule(() => import('../plans/member/index.ts').then((module) => module.CommitteePlansPanel)),
  payments: lazyModule(() => loadPaymentsPanel().then((module) => module.PaymentsPanel)),
  referrals: lazyModule(() => loadReferralsPanel().then((module) => module.ReferralsPanel)),
} satisfies Record<string, LazyModule<ComponentType>>;
const prefetchOnceInUse = Object.values(panels);

/** In the specification's order; My Groups only for a member who has a group (member document §2). */
const tabs = ['groups', 'plans', 'payments', 'referrals'] as const;
export type DashboardTab = (typeof tabs)[number];

/** The last tab the member used (member document §2: remembered in browser storage), if any. */
function readSavedTab(): DashboardTab | null {
  const saved = readStorage(storageKeys.dashboardTab);
  return tabs.find((tab) => tab === saved) ?? null;
}

/** A saved tab is the one shown unless it is My Groups for a member who has none (resolveDashboardTab). */
const savedTabOnLoad = readSavedTab();
if (savedTabOnLoad) prefetch(panels[savedTabOnLoad]);

/**
 * The tab to show (member document §2): the saved one; without one, My Groups for a member with
 * groups, else Committee Plans. A saved My Groups falls back to Committee Plans when the member has
 * no group (any more), or when the groups could not be read. `null` while that is not known yet.
 */
export function resolveDashboardTab(saved: DashboardTab | null, groups: { status: 'pending' | 'error' | 'success'; count: number }): DashboardTab | null {
  if (saved && saved !== 'groups') return saved;
  if (groups.status === 'pending') return null;
  const hasGroups = groups.status === 'success' && groups.count > 0;
  return hasGroups ? 'groups' : 'plans';
}

/**
 * The reads of the dashboard's first screen, started before its first render when the app opens on it
 * (web/main.tsx): their answers, which the page's HTML already asked for (web/app/opening-pages.ts),
 * are then in the cache as it is first drawn, and the page is drawn once, complete.
 */
export function readDashboardAhead(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(notificationsQuery),
    queryClient.prefetchQuery(paymentSummaryQuery),
    queryClient.prefetchQuery(myGroupsQuery),
    queryClient.prefetchQuery(referralStatsQuery),
  ]);
}

export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.pageTitle'));
  const { t: tp } = useTranslation('memberPayments');
  const { user } = useAuth();
  // First: opened offline, the kept figures are in the cache before the page's queries read it.
  const { online, lastUpdated } = useOfflineDashboard(user?.id);
  const location = useLocation();
  const requestedTab = tabs.find((tab) => tab === new URLSearchParams(location.search).get('tab')) ?? null;
  const [chosenTab, setChosenTab] = useState<DashboardTab | null>(() => requestedTab ?? readSavedTab());
  // A link that names a tab (a notification's, member-frame/notification-links.ts) chooses it each time
  // it is followed, also when the dashboard is already open: a new navigation has a new key.
  useEffect(() => {
    if (!requestedTab) return;
    setChosenTab(requestedTab);
    writeStorage(storageKeys.dashboardTab, requestedTab);
  }, [requestedTab, location.key]);
  const groups = useMyGroups();
  const referralStats = useReferralStats();
  const hasGroups = (groups.data?.length ?? 0) > 0;
  // Groups once read stay known when a later refresh fails: the member is not moved off My Groups.
  const groupsStatus = groups.data ? 'success' : groups.status;
  const activeTab = resolveDashboardTab(chosenTab, { status: groupsStatus, count: groups.data?.length ?? 0 });
  const shownTabs = tabs.filter((tab) => tab !== 'groups' || hasGroups);
  // The tabs come a frame after the greeting, the next instalment and the tiles: the first view is
  // drawn and painted sooner on a phone, and the tabs are below it there.
  const painted = usePainted();
  const ActivePanel = useLazyModule(panels[activeTab ?? 'plans'], activeTab !== null);
  usePrefetchOnceInUse(prefetchOnceInUse);

  function changeTab(value: string) {
    const tab = tabs.find((candidate) => candidate === value);
    if (!tab) return;
    setChosenTab(tab);
    writeStorage(storageKeys.dashboardTab, tab);
  }

  if (!user) return null; // The route guard only renders this page for a signed-in person.

  return (
    <div className="min-h-dvh bg-background">
      <MemberHeader />

      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        {!online && <OfflineNotice lastUpdated={lastUpdated} />}
        <section className="rounded-2xl bg-primary p-6 text-primary-foreground sm:p-8">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.greeting', { name: user.name })}</h1>
          <figure className="mt-4 max-w-2xl">
            <blockquote className="text-lg italic">{t('dashboard.quote')}</blockquote>
            <figcaption className="mt-1 text-sm font-medium">{t('dashboard.quoteSource')}</figcaption>
          </figure>
        </section>

        {/* A win is news above all; then what the member owes: the next instalment, then the summary tiles. */}
        <WinnerBanner />
        <NextDueCard />
        <SummaryTiles referralStats={referralStats} />
        {groups.isError && !groups.data && (
          <div className="mt-4">
            <LoadError compact message={tp('groups.loadFailed')} onRetry={() => void groups.refetch()} retrying={groups.isFetching} />
          </div>
        )}

        {!painted ? null : activeTab === null ? (
          // Only until the groups are known, for a member without a saved tab: the default depends on them.
          <Spinner label={t('common.loading')} className="mt-6 justify-center py-10" />
        ) : (
          <Tabs.Root value={activeTab} onValueChange={changeTab} className="mt-6">
            {/* Two by two on phones, one row from small screens up: no tab is ever pushed off screen (Referrals was). */}
            <Tabs.List aria-label={t('dashboard.tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-card p-1 sm:flex">
              {shownTabs.map((tab) => (
                <Tabs.Trigger
                  key={tab}
                  value={tab}
                  onPointerEnter={() => prefetch(panels[tab])}
                  onFocus={() => prefetch(panels[tab])}
                  className="flex-1 rounded-lg px-3 py-2.5 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
                >
                  {tab === 'groups' ? tp('tabs.groups') : t(`dashboard.tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {shownTabs.map((tab) => (
              <Tabs.Content key={tab} value={tab} className="mt-4">
                {/* Only the chosen tab's content is drawn. */}
                {tab === activeTab && ActivePanel ? <ActivePanel /> : <Spinner label={t('common.loading')} className="justify-center py-10" />}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </main>
    </div>
  );
}
