/**
 * Winner Management (admin document §2 "Management tab"): filters and search (applied by the server),
 * the count, and the winners a page at a time as a table on wide screens and cards on phones, each
 * with Update and (unless cancelled) Cancel.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WINNER_STATUSES } from '../../../../contract/winners.ts';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { totalLabel } from '../../../lib/paging.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { exportWinners, fetchWinners, winnerKeys, type Committee, type Winner, type WinnerFilters, type WinnerQuery, type WinnerStatus } from './api.ts';
import { lastTenYears, winnerStatusOf } from './display.ts';
import { MonthOptions, useErrorToast } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { CancelWinnerDialog, UpdateWinnerDialog } from './winner-dialogs.tsx';
import { WinnerList } from './winner-list.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The page of the list and the filters it was chosen under: other filters or another search start again at page 1. */
export interface WinnerPaging {
  page: number;
  key: string;
}

export const firstWinnerPage: WinnerPaging = { page: 1, key: '' };

interface ManagementTabProps {
  committees: Committee[];
  filters: WinnerFilters;
  onFilters: (changes: Partial<WinnerFilters>) => void;
  search: string;
  onSearch: (search: string) => void;
  /** Kept by the page, like the filters, so that moving between tabs keeps the page. */
  paging: WinnerPaging;
  onPaging: (paging: WinnerPaging) => void;
}

export function ManagementTab({ committees, filters, onFilters, search, onSearch, paging, onPaging }: ManagementTabProps) {
  const { t } = useTranslation('adminWinners');
  const [updating, setUpdating] = useState<Winner | null>(null);
  const [cancelling, setCancelling] = useState<Winner | null>(null);

  // The server searches every winner, not only the page shown; it is asked once typing pauses.
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const key = JSON.stringify([filters.committeeId, filters.month, filters.year, filters.status, settledSearch]);
  const page = paging.key === key ? paging.page : 1;
  const setPage = (next: number) => onPaging({ page: next, key });
  const query: WinnerQuery = { ...filters, search: settledSearch, page };

  const list = useQuery({
    queryKey: winnerKeys.list(query),
    queryFn: ({ signal }) => fetchWinners(query, signal),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list, t('toasts.loadWinnersFailed'));

  const winners = list.data?.winners ?? [];
  const pagination = list.data?.pagination;
  const filtered = settledSearch !== '' || filters.committeeId !== '' || filters.month > 0 || filters.year > 0 || filters.status !== '';

  // A page left empty (its last winners changed status under a status filter) steps back to one that has winners.
  const emptyPage = list.data !== undefined && !list.isPlaceholderData && winners.length === 0 && page > 1;
  const stepBack = useEffectEvent(() => setPage(Math.max(1, Math.min(page - 1, pagination?.pages ?? 1))));
  useEffect(() => {
    if (emptyPage) stepBack();
  }, [emptyPage]);

  return (
    <div className="space-y-4">
      <WinnerFiltersForm committees={committees} filters={filters} onFilters={onFilters} search={search} onSearch={onSearch} />
      {/* Every winner the list's filters and search match, not only this page. */}
      <div className="flex justify-end">
        <DownloadButton
          download={() => exportWinners({ ...filters, search: settledSearch })}
          label={t('manage.export.download')}
          busyLabel={t('manage.export.downloading')}
          failedMessage={t('manage.export.failed')}
          aria-label={t('manage.export.label')}
          className="w-full sm:w-auto"
        />
      </div>

      <section aria-label={t('manage.listLabel')} aria-busy={list.isFetching}>
        {list.isPending ? (
          <Spinner label={t('manage.loading')} className="justify-center py-12" />
        ) : list.isError && !list.data ? (
          <LoadError message={t('toasts.loadWinnersFailed')} retryLabel={t('manage.retry')} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {pagination && !pagination.exact ? t('manage.countAtLeast', { total: totalLabel(pagination) }) : t('manage.count', { count: pagination?.total ?? winners.length })}
            </p>
            {winners.length === 0 ? (
              <EmptyState title={t('manage.empty')} description={filtered ? t('manage.emptyFilteredHint') : t('manage.emptyHint')} />
            ) : (
              <>
                <WinnerList winners={winners} onUpdate={setUpdating} onCancel={setCancelling} />
                {pagination && <Pager page={page} pages={pagination.pages} onPage={setPage} label={t('manage.pages')} />}
              </>
            )}
          </>
        )}
      </section>

      <UpdateWinnerDialog winner={updating} onOpenChange={(open) => !open && setUpdating(null)} />
      <CancelWinnerDialog winner={cancelling} onOpenChange={(open) => !open && setCancelling(null)} />
    </div>
  );
}

function WinnerFiltersForm({ committees, filters, onFilters, search, onSearch }: Pick<ManagementTabProps, 'committees' | 'filters' | 'onFilters' | 'search' | 'onSearch'>) {
  const { t } = useTranslation('adminWinners');
  const years = lastTenYears();
  return (
    <Card className="p-4">
      <form role="search" aria-label={t('manage.filtersLabel')} onSubmit={(event) => event.preventDefault()} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <FilterField label={t('manage.search')} className="col-span-2 lg:col-span-1">
          {(id) => (
            <Input id={id} type="search" value={search} onChange={(event) => onSearch(event.target.value)} placeholder={t('manage.searchPlaceholder')} maxLength={100} />
          )}
        </FilterField>
        <FilterField label={t('manage.committee')} className="col-span-2 lg:col-span-1">
          {(id) => (
            <Select id={id} value={filters.committeeId} onChange={(event) => onFilters({ committeeId: event.target.value })}>
              <option value="">{t('manage.allCommittees')}</option>
              {committees.map((committee) => (
                <option key={committee.id} value={committee.id}>
                  {committee.name}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        <FilterField label={t('manage.month')}>
          {(id) => (
            <Select id={id} value={filters.month ? String(filters.month) : ''} onChange={(event) => onFilters({ month: Number(event.target.value) || 0 })}>
              <MonthOptions first={t('months.all')} />
            </Select>
          )}
        </FilterField>
        <FilterField label={t('manage.year')}>
          {(id) => (
            <Select id={id} value={filters.year ? String(filters.year) : ''} onChange={(event) => onFilters({ year: Number(event.target.value) || 0 })}>
              <option value="">{t('manage.allYears')}</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        <FilterField label={t('manage.status')} className="col-span-2 lg:col-span-1">
          {(id) => (
            <Select id={id} value={filters.status} onChange={(event) => onFilters({ status: (winnerStatusOf(event.target.value) ?? '') as '' | WinnerStatus })}>
              <option value="">{t('manage.allStatuses')}</option>
              {WINNER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
      </form>
    </Card>
  );
}
