import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MyGroupsPanel } from '../member-payments/my-groups-panel.tsx';
import { MemberHeader } from '../member-frame/index.ts';
import { NextDueCard } from '../member-payments/next-due-card.tsx';
import { LoadError } from '../member-payments/parts.tsx';
import { PaymentsPanel } from '../member-payments/payments-panel.tsx';
import { useMyGroups } from '../member-payments/queries.ts';
import { SummaryTiles } from '../member-payments/summary-tiles.tsx';
import { ReferralsPanel } from '../member-referrals/referrals-panel.tsx';
import { CommitteePlansPanel } from '../plans/committee-plans-panel.tsx';

/** In the specification's order; My Groups only for a member who has a group (member document §2). */
const tabs = ['groups', 'plans', 'payments', 'referrals'] as const;
export type DashboardTab = (typeof tabs)[number];

/** The last tab the member used (member document §2: remembered in browser storage), if any. */
function readSavedTab(): DashboardTab | null {
  const saved = readStorage(storageKeys.dashboardTab);
  return tabs.find((tab) => tab === saved) ?? null;
}

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

export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.pageTitle'));
  const { t: tp } = useTranslation('memberPayments');
  const { user } = useAuth();
  const [chosenTab, setChosenTab] = useState<DashboardTab | null>(readSavedTab);
  const groups = useMyGroups();
  const hasGroups = (groups.data?.length ?? 0) > 0;
  // Groups once read stay known when a later refresh fails: the member is not moved off My Groups.
  const groupsStatus = groups.data ? 'success' : groups.status;
  const activeTab = resolveDashboardTab(chosenTab, { status: groupsStatus, count: groups.data?.length ?? 0 });
  const shownTabs = tabs.filter((tab) => tab !== 'groups' || hasGroups);

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
        <section className="rounded-2xl bg-primary p-6 text-primary-foreground sm:p-8">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.greeting', { name: user.name })}</h1>
          <figure className="mt-4 max-w-2xl">
            <blockquote className="text-lg italic">{t('dashboard.quote')}</blockquote>
            <figcaption className="mt-1 text-sm font-medium">{t('dashboard.quoteSource')}</figcaption>
          </figure>
        </section>

        {/* What the member owes leads the page: the next instalment, then the summary tiles. */}
        <NextDueCard />
        <SummaryTiles />
        {groups.isError && !groups.data && (
          <div className="mt-4">
            <LoadError message={tp('groups.loadFailed')} onRetry={() => void groups.refetch()} retrying={groups.isFetching} />
          </div>
        )}

        {activeTab === null ? (
          // Only until the groups are known, for a member without a saved tab: the default depends on them.
          <Spinner label={t('common.loading')} className="mt-6 justify-center py-10" />
        ) : (
          <Tabs.Root value={activeTab} onValueChange={changeTab} className="mt-6">
            <Tabs.List aria-label={t('dashboard.tabsLabel')} className="flex gap-1 overflow-x-auto rounded-xl border border-border bg-card p-1">
              {shownTabs.map((tab) => (
                <Tabs.Trigger
                  key={tab}
                  value={tab}
                  className="flex-1 rounded-lg px-4 py-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
                >
                  {tab === 'groups' ? tp('tabs.groups') : t(`dashboard.tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {shownTabs.map((tab) => (
              <Tabs.Content key={tab} value={tab} className="mt-4">
                {tab === 'groups' ? (
                  <MyGroupsPanel />
                ) : tab === 'plans' ? (
                  <CommitteePlansPanel />
                ) : tab === 'payments' ? (
                  <PaymentsPanel />
                ) : (
                  <ReferralsPanel />
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </main>
    </div>
  );
}
