/**
 * /admin/payments: Payment Management (admin document §2). Five tabs: Pending Queue (count badge),
 * All Payments, Reports, Commission Payments, Bulk Actions (selected-count badge). The open tab is
 * kept in the address (?tab=…), so that a reload or a shared link opens the same one; ?report=…
 * opens the Reports tab on a given report (pending, defaulters…).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CommissionPaymentsTab } from '../../referrals/admin/index.ts';
import { AllPaymentsTab } from './all-payments-tab.tsx';
import {
  allPaymentsDefaults,
  bulkActionsDefaults,
  defaultReportFilters,
  fetchPendingQueue,
  fetchSummary,
  filtersFromParams,
  LINK_FILTER_PARAMS,
  paymentKeys,
  type PaymentFilters,
  type ReportFilters,
} from './api.ts';
import { BulkActionsTab } from './bulk-actions-tab.tsx';
import { RECEIPT_LINK_REFRESH_MS, useErrorToast } from './parts.tsx';
import { PendingQueueTab } from './pending-queue-tab.tsx';
import { REPORT_TYPES, ReportsTab, SummaryCards } from './reports-tab.tsx';

export const PAYMENT_TABS = ['queue', 'all', 'reports', 'commissions', 'bulk'] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];

export function AdminPaymentsPage() {
  const { t } = useTranslation('adminPayments');
  useDocumentTitle(t('page.title'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: PaymentTab = PAYMENT_TABS.find((candidate) => candidate === tabParam) ?? 'queue';
  const changeTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === 'queue') search.delete('tab');
    else search.set('tab', next);
    setParams(search, { replace: true });
  };

  // Each tab's filters live here, so that moving between tabs keeps them. Each tab opens on what needs
  // action: All Payments on the months due so far (not pages of months to come), Bulk Actions on the
  // receipts under review. A link may open one filtered (?tab=all&userId=…&state=owed): its filters are
  // read once, and leave the address at the first change, so that a reload keeps to the admin's own.
  const [queuePage, setQueuePage] = useState(1);
  const [allFilters, setAllFilters] = useState<PaymentFilters>(() => (tab === 'all' ? filtersFromParams(params, allPaymentsDefaults()) : allPaymentsDefaults()));
  const [bulkFilters, setBulkFilters] = useState<PaymentFilters>(() => (tab === 'bulk' ? filtersFromParams(params, bulkActionsDefaults()) : bulkActionsDefaults()));
  const forgetLinkFilters = () => {
    if (!LINK_FILTER_PARAMS.some((name) => params.has(name))) return;
    const search = new URLSearchParams(params);
    for (const name of LINK_FILTER_PARAMS) search.delete(name);
    setParams(search, { replace: true });
  };
  const changeAllFilters = (changes: Partial<PaymentFilters>) => {
    forgetLinkFilters();
    setAllFilters((current) => ({ ...current, ...changes }));
  };
  const changeBulkFilters = (changes: Partial<PaymentFilters>) => {
    forgetLinkFilters();
    setBulkFilters((current) => ({ ...current, ...changes }));
  };
  // A link may open a given report (?tab=reports&report=defaulters: the dashboard's alerts do).
  const [reportFilters, setReportFilters] = useState<ReportFilters>(() => {
    const reportType = REPORT_TYPES.find((type) => type === params.get('report'));
    return reportType ? { ...defaultReportFilters, reportType } : defaultReportFilters;
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  // Read here: its count is the Pending Queue tab's badge, whichever tab is open.
  const queue = useQuery({
    queryKey: paymentKeys.queue(queuePage),
    queryFn: ({ signal }) => fetchPendingQueue(queuePage, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  useErrorToast(queue, t('toasts.queueFailed'));
  const summary = useQuery({ queryKey: paymentKeys.summary, queryFn: ({ signal }) => fetchSummary(signal) });
  useErrorToast(summary, t('toasts.summaryFailed'));

  const pendingCount = queue.data?.pagination.total;
  const refreshing = queue.isFetching || summary.isFetching;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('page.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('page.subtitle')}</p>
        </div>
        <Button variant="outline" onClick={() => void queryClient.invalidateQueries({ queryKey: paymentKeys.all })} disabled={refreshing} aria-busy={refreshing}>
          <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
          {t('page.refresh')}
        </Button>
      </div>

      <SummaryCards summary={summary.data} label={t('summary.label')} className="mt-6" />

      <Tabs.Root value={tab} onValueChange={changeTab} className="mt-6">
        <Tabs.List aria-label={t('tabs.label')} className="flex gap-1 overflow-x-auto rounded-xl border border-border bg-card p-1">
          <TabTrigger value="queue" label={t('tabs.queue')} badge={pendingCount} badgeText={t('tabs.queueCount', { count: pendingCount ?? 0 })} badgeTone="warning" />
          <TabTrigger value="all" label={t('tabs.all')} />
          <TabTrigger value="reports" label={t('tabs.reports')} />
          <TabTrigger value="commissions" label={t('tabs.commissions')} />
          <TabTrigger
            value="bulk"
            label={t('tabs.bulk')}
            badge={selected.size > 0 ? selected.size : undefined}
            badgeText={t('tabs.bulkCount', { count: selected.size })}
            badgeTone="info"
          />
        </Tabs.List>

        <Tabs.Content value="queue" className="mt-4">
          <h2 className="sr-only">{t('tabs.queue')}</h2>
          <PendingQueueTab queue={queue} page={queuePage} onPage={setQueuePage} />
        </Tabs.Content>
        <Tabs.Content value="all" className="mt-4">
          <h2 className="sr-only">{t('tabs.all')}</h2>
          <AllPaymentsTab filters={allFilters} onFilters={changeAllFilters} onClear={() => changeAllFilters(allPaymentsDefaults())} />
        </Tabs.Content>
        <Tabs.Content value="reports" className="mt-4">
          <h2 className="sr-only">{t('tabs.reports')}</h2>
          <ReportsTab filters={reportFilters} onFilters={(changes) => setReportFilters((current) => ({ ...current, ...changes }))} />
        </Tabs.Content>
        <Tabs.Content value="commissions" className="mt-4">
          <h2 className="sr-only">{t('tabs.commissions')}</h2>
          <CommissionPaymentsTab />
        </Tabs.Content>
        <Tabs.Content value="bulk" className="mt-4">
          <h2 className="sr-only">{t('tabs.bulk')}</h2>
          <BulkActionsTab
            filters={bulkFilters}
            onFilters={changeBulkFilters}
            onClear={() => changeBulkFilters(bulkActionsDefaults())}
            selected={selected}
            onSelectedChange={setSelected}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

/**
 * A tab with an optional count. The badge is for the eye; screen readers hear the words instead
 * ("Pending Queue (3 waiting)").
 */
function TabTrigger({ value, label, badge, badgeText, badgeTone = 'neutral' }: { value: PaymentTab; label: string; badge?: number; badgeText?: string; badgeTone?: BadgeTone }) {
  return (
    <Tabs.Trigger
      value={value}
      className={cn(
        'group flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground',
        'hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground',
      )}
    >
      <span>{label}</span>
      {badge !== undefined && (
        <>
          <Badge aria-hidden tone={badgeTone} className="group-data-[state=active]:bg-primary-foreground/20 group-data-[state=active]:text-primary-foreground">
            {badge}
          </Badge>
          <span className="sr-only"> ({badgeText})</span>
        </>
      )}
    </Tabs.Trigger>
  );
}
