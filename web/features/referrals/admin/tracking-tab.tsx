/**
 * Commission Tracking (admin document §2 "Referral Management", §3 "Commission history item"):
 * every commission, or one earner's, filtered by status, level and dates, with the total the
 * filters give. A failed load is shown here and not toasted (admin document §8: history load errors
 * are only logged).
 */
import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchCommissionHistory, referralKeys, type CommissionFilters, type CommissionItem, type LevelFilter, type UserOption } from './api.ts';
import { CapNote, LevelBadge, Pager, StatusBadge, TableFrame, TABLE_QUERY, tdClass, thClass } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { COMMISSION_LEVELS, formatDate, formatRatePercent } from './rules.ts';
import { UserPicker } from './user-picker.tsx';
import { totalLabel } from '../../../lib/paging.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

export function TrackingTab({
  filters,
  onFilters,
  user,
  onUser,
}: {
  filters: CommissionFilters;
  /** Any change but the page's starts again at page 1. */
  onFilters: (changes: Partial<CommissionFilters>) => void;
  user: UserOption | null;
  onUser: (user: UserOption | null) => void;
}) {
  const { t } = useTranslation('adminReferrals');
  const wide = useMediaQuery(TABLE_QUERY);
  const history = useQuery({
    queryKey: referralKeys.history(filters),
    queryFn: ({ signal }) => fetchCommissionHistory(filters, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (history.isError) console.error('Failed to load commission history', history.error);
  }, [history.isError, history.error]);
  const change = (changes: Partial<CommissionFilters>) => onFilters({ ...changes, page: 1 });
  const filtered = filters.status !== 'all' || filters.level !== 0 || filters.startDate !== '' || filters.endDate !== '' || filters.userId !== '';

  return (
    <div className="space-y-4">
      <Card className="space-y-4 p-4 sm:p-6">
        <h3 className="text-base font-semibold">{t('common.filters')}</h3>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FilterField label={t('common.status')}>
            {(id) => (
              <Select id={id} value={filters.status} onChange={(event) => change({ status: event.target.value as CommissionFilters['status'] })}>
                <option value="all">{t('common.allStatuses')}</option>
                <option value="PENDING">{t('status.PENDING')}</option>
                <option value="PAID">{t('status.PAID')}</option>
              </Select>
            )}
          </FilterField>
          <LevelSelect value={filters.level} onChange={(level) => change({ level })} />
          <FilterField label={t('common.from')}>
            {(id) => <Input id={id} type="date" value={filters.startDate} max={filters.endDate || undefined} onChange={(event) => change({ startDate: event.target.value })} />}
          </FilterField>
          <FilterField label={t('common.to')}>
            {(id) => <Input id={id} type="date" value={filters.endDate} min={filters.startDate || undefined} onChange={(event) => change({ endDate: event.target.value })} />}
          </FilterField>
        </div>
        <UserPicker
          label={t('tracking.earner')}
          selected={user}
          clearLabel={t('tracking.allUsers')}
          onSelect={(next) => {
            onUser(next);
            change({ userId: next?.id ?? '' });
          }}
        />
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onUser(null);
              change({ status: 'all', level: 0, startDate: '', endDate: '', userId: '' });
            }}
          >
            {t('common.clearFilters')}
          </Button>
        )}
      </Card>

      {history.isPending ? (
        <Spinner label={t('common.loading')} className="justify-center py-8" />
      ) : history.isError ? (
        <LoadError message={t('toasts.historyFailed')} onRetry={() => void history.refetch()} />
      ) : (
        <>
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4" aria-live="polite">
            <p className="text-sm text-muted-foreground">{t('tracking.count', { count: history.data.pagination.total, total: totalLabel(history.data.pagination) })}</p>
            <p className="text-lg font-bold">
              {t('tracking.total')} <span className="text-primary">{formatPkr(history.data.totalCommission)}</span>
            </p>
          </Card>
          {history.data.commissions.length === 0 ? (
            <EmptyState title={t('tracking.emptyTitle')} description={filtered ? t('tracking.emptyFiltered') : t('tracking.emptyText')} />
          ) : wide ? (
            <CommissionTable commissions={history.data.commissions} />
          ) : (
            <ul className="space-y-3">
              {history.data.commissions.map((commission) => (
                <CommissionCard key={commission.id} commission={commission} />
              ))}
            </ul>
          )}
          <Pager page={filters.page} pages={history.data.pagination.pages} onPage={(page) => onFilters({ page })} label={t('tracking.pages')} />
        </>
      )}
    </div>
  );
}

export function LevelSelect({ value, onChange }: { value: LevelFilter; onChange: (level: LevelFilter) => void }) {
  const { t } = useTranslation('adminReferrals');
  return (
    <FilterField label={t('common.level')}>
      {(id) => (
        <Select id={id} value={value} onChange={(event) => onChange(Number(event.target.value) as LevelFilter)}>
          <option value={0}>{t('common.allLevels')}</option>
          {COMMISSION_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t('common.levelN', { level })}
            </option>
          ))}
        </Select>
      )}
    </FilterField>
  );
}

function CommissionTable({ commissions }: { commissions: CommissionItem[] }) {
  const { t, i18n } = useTranslation('adminReferrals');
  return (
    <TableFrame label={t('tracking.tableLabel')}>
      <thead className="border-b border-border">
        <tr>
          <th scope="col" className={thClass}>{t('tracking.accrued')}</th>
          <th scope="col" className={thClass}>{t('tracking.referredUser')}</th>
          <th scope="col" className={thClass}>{t('common.plan')}</th>
          <th scope="col" className={thClass}>{t('common.level')}</th>
          <th scope="col" className={thClass}>{t('common.rate')}</th>
          <th scope="col" className={thClass}>{t('common.amount')}</th>
          <th scope="col" className={thClass}>{t('common.status')}</th>
          <th scope="col" className={thClass}>{t('tracking.paidOn')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {commissions.map((c) => (
          <tr key={c.id}>
            <td className={tdClass}>{formatDate(c.createdAt, i18n.language)}</td>
            <td className={tdClass}>{c.referral.referredUser?.name ?? '–'}</td>
            <td className={tdClass}>{c.committee.name}</td>
            <td className={tdClass}>
              <LevelBadge level={c.referral.level} />
            </td>
            <td className={tdClass}>{formatRatePercent(c.referral.commissionRate, i18n.language)}</td>
            <td className={`${tdClass} font-semibold`}>
              {formatPkr(c.amount)}
              <CapNote amount={c.amount} uncappedAmount={c.uncappedAmount} cappedBy={c.cappedBy} />
            </td>
            <td className={tdClass}>
              <StatusBadge status={c.status} />
            </td>
            <td className={tdClass}>{formatDate(c.paymentDate, i18n.language) || '–'}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

function CommissionCard({ commission: c }: { commission: CommissionItem }) {
  const { t, i18n } = useTranslation('adminReferrals');
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-lg font-bold">{formatPkr(c.amount)}</p>
            <CapNote amount={c.amount} uncappedAmount={c.uncappedAmount} cappedBy={c.cappedBy} />
            <p className="text-sm text-muted-foreground">{c.committee.name}</p>
          </div>
          <div className="flex flex-wrap gap-1">
            <LevelBadge level={c.referral.level} />
            <StatusBadge status={c.status} />
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <InfoItem label={t('tracking.referredUser')}>{c.referral.referredUser?.name ?? '–'}</InfoItem>
          <InfoItem label={t('common.rate')}>{formatRatePercent(c.referral.commissionRate, i18n.language)}</InfoItem>
          <InfoItem label={t('tracking.accrued')}>{formatDate(c.createdAt, i18n.language)}</InfoItem>
          <InfoItem label={t('tracking.paidOn')}>{formatDate(c.paymentDate, i18n.language) || '–'}</InfoItem>
        </dl>
      </Card>
    </li>
  );
}
