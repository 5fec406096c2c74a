/**
 * /admin/winners: Winner Management (admin document §2). The banner (§1: monthly selection per
 * group, no duplicates until all members have won, complete tracking, automatic notifications),
 * three info tiles and three tabs: Winner Selection, Winner Management, Statistics. The open tab is
 * kept in the address (?tab=…), so that a reload or a shared link opens the same one.
 */
import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellRing, CalendarClock, CheckCircle2, ShieldCheck, Trophy } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { defaultWinnerFilters, fetchCommittees, winnerKeys, type StatisticsFilters, type WinnerFilters } from './api.ts';
import { currentYear, type SelectionForm } from './display.ts';
import { firstWinnerPage, ManagementTab, type WinnerPaging } from './management-tab.tsx';
import { useErrorToast } from './parts.tsx';
import { initialSelectionForm, SelectionTab } from './selection-tab.tsx';
import { StatisticsTab } from './statistics-tab.tsx';

export const WINNER_TABS = ['select', 'manage', 'statistics'] as const;
export type WinnerTab = (typeof WINNER_TABS)[number];

export function AdminWinnersPage() {
  const { t } = useTranslation('adminWinners');
  useDocumentTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: WinnerTab = WINNER_TABS.find((candidate) => candidate === tabParam) ?? 'select';
  const changeTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === 'select') search.delete('tab');
    else search.set('tab', next);
    setParams(search, { replace: true });
  };

  // Each tab's choices live here, so that moving between tabs keeps them.
  const [selectionForm, setSelectionForm] = useState<SelectionForm>(initialSelectionForm);
  const [winnerFilters, setWinnerFilters] = useState<WinnerFilters>(defaultWinnerFilters);
  const [search, setSearch] = useState('');
  const [winnerPaging, setWinnerPaging] = useState<WinnerPaging>(firstWinnerPage);
  const [statisticsFilters, setStatisticsFilters] = useState<StatisticsFilters>(() => ({ committeeId: '', year: currentYear() }));

  const committees = useQuery({ queryKey: winnerKeys.committees, queryFn: ({ signal }) => fetchCommittees(signal) });
  useErrorToast(committees, t('toasts.loadCommitteesFailed'));
  const committeeList = committees.data ?? [];

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('page.subtitle')}</p>

      <Banner />
      <InfoTiles />

      <Tabs.Root value={tab} onValueChange={changeTab} className="mt-6">
        <Tabs.List aria-label={t('tabs.label')} className="flex gap-1 overflow-x-auto rounded-xl border border-border bg-card p-1">
          <TabTrigger value="select" label={t('tabs.select')} />
          <TabTrigger value="manage" label={t('tabs.manage')} />
          <TabTrigger value="statistics" label={t('tabs.statistics')} />
        </Tabs.List>

        <Tabs.Content value="select" className="mt-4">
          <SelectionTab committees={committeeList} committeesLoading={committees.isPending} form={selectionForm} onForm={setSelectionForm} />
        </Tabs.Content>
        <Tabs.Content value="manage" className="mt-4">
          <h2 className="sr-only">{t('tabs.manage')}</h2>
          <ManagementTab
            committees={committeeList}
            filters={winnerFilters}
            onFilters={(changes) => setWinnerFilters((current) => ({ ...current, ...changes }))}
            search={search}
            onSearch={setSearch}
            paging={winnerPaging}
            onPaging={setWinnerPaging}
          />
        </Tabs.Content>
        <Tabs.Content value="statistics" className="mt-4">
          <h2 className="sr-only">{t('tabs.statistics')}</h2>
          <StatisticsTab
            committees={committeeList}
            filters={statisticsFilters}
            onFilters={(changes) => setStatisticsFilters((current) => ({ ...current, ...changes }))}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function TabTrigger({ value, label }: { value: WinnerTab; label: string }) {
  return (
    <Tabs.Trigger
      value={value}
      className={cn(
        // Three tabs fit a phone's width when their names may wrap.
        'flex min-h-11 flex-1 items-center justify-center rounded-lg px-2 py-2 text-center text-sm leading-tight font-medium text-muted-foreground sm:px-4 sm:whitespace-nowrap',
        'hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground',
      )}
    >
      {label}
    </Tabs.Trigger>
  );
}

/** The banner (admin document §1). */
function Banner() {
  const { t } = useTranslation('adminWinners');
  const titleId = useId();
  const points = [t('banner.monthly'), t('banner.noDuplicates'), t('banner.tracking'), t('banner.notifications')];
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-2xl bg-primary p-5 text-primary-foreground shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <Trophy className="mt-0.5 size-7 shrink-0" aria-hidden />
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold sm:text-xl">
            {t('banner.title')}
          </h2>
          <ul aria-label={t('banner.label')} className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Selection Process: Monthly; Duplicate Logic: No Duplicates; Notifications: Auto-Send (admin document §2). */
function InfoTiles() {
  const { t } = useTranslation('adminWinners');
  return (
    <dl aria-label={t('tiles.label')} className="mt-4 grid gap-2 sm:grid-cols-3 sm:gap-3">
      <Tile icon={<CalendarClock aria-hidden />} label={t('tiles.process')} value={t('tiles.processValue')} />
      <Tile icon={<ShieldCheck aria-hidden />} label={t('tiles.duplicates')} value={t('tiles.duplicatesValue')} />
      <Tile icon={<BellRing aria-hidden />} label={t('tiles.notifications')} value={t('tiles.notificationsValue')} />
    </dl>
  );
}

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    // One line each on phones, so that the form is not pushed far down; a small card from sm up.
    <Card className="flex items-center justify-between gap-3 px-4 py-3 sm:block sm:p-4">
      <dt className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary [&_svg]:size-4">{icon}</span>
        {label}
      </dt>
      <dd className="font-semibold sm:mt-2 sm:text-lg">{value}</dd>
    </Card>
  );
}
