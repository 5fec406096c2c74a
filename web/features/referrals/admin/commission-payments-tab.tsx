/**
 * The Commission Payments tab of Payment Management (admin document §2 "Commission Payments tab"):
 * month and year pickers (the current ones by default; years 2020–2030), the month's pending
 * commissions with their total, 'Process Bulk Payment', each member's total with one payment for all
 * of their commissions of the month, and the batches paid so far.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Banknote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import {
  exportCommissionPayments,
  fetchCommissionBatches,
  fetchPendingCommissions,
  payoutKeys,
  type CommissionBatch,
  type PendingCommission,
  type PendingReferrer,
} from './api.ts';
import { BulkPayDialog } from './bulk-pay-dialog.tsx';
import { CapNote, LevelBadge, Pager, TableFrame, TABLE_QUERY, tdClass, thClass, useErrorToast } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { defaultPayoutPeriod, formatDate, formatPeriod, formatRatePercent, monthName, MONTHS, PAYOUT_METHODS, PAYOUT_YEARS } from './rules.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

export function CommissionPaymentsTab() {
  const { t, i18n } = useTranslation('adminReferrals');
  const [period, setPeriodState] = useState(defaultPayoutPeriod);
  const [page, setPage] = useState(1);
  // Another month starts on its first page.
  const setPeriod = (change: (p: typeof period) => typeof period) => {
    setPeriodState(change);
    setPage(1);
  };
  const [paying, setPaying] = useState(false);
  // The member whose commissions of the month are being paid, kept while their dialog closes.
  const [payingMember, setPayingMember] = useState<PendingReferrer | null>(null);
  const [memberDialogOpen, setMemberDialogOpen] = useState(false);
  const wide = useMediaQuery(TABLE_QUERY);

  const pending = useQuery({
    queryKey: payoutKeys.pending(period.month, period.year, page),
    queryFn: ({ signal }) => fetchPendingCommissions(period.month, period.year, page, signal),
    placeholderData: keepPreviousData,
  });
  useErrorToast(pending, t('toasts.pendingFailed'));
  const batches = useQuery({ queryKey: payoutKeys.batches, queryFn: ({ signal }) => fetchCommissionBatches(signal) });

  const rows = pending.data?.commissionPayments ?? [];
  const monthCount = pending.data?.totalPayments ?? 0;
  const periodText = formatPeriod(period.month, period.year, i18n.language);
  // While another month's list is still coming, the old one must not be paid under the new month's name.
  const current = pending.isSuccess && !pending.isPlaceholderData;

  return (
    <div className="space-y-6">
      <section aria-labelledby="pending-commissions-heading" className="space-y-4">
        <Card className="space-y-4 p-4 sm:p-6">
          <div>
            <h3 id="pending-commissions-heading" className="text-lg font-semibold">
              {t('payouts.pendingTitle')}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{t('payouts.pendingText')}</p>
          </div>
          <div className="grid grid-cols-2 gap-4 sm:max-w-md">
            <FilterField label={t('payouts.month')}>
              {(id) => (
                <Select id={id} value={period.month} onChange={(event) => setPeriod((p) => ({ ...p, month: Number(event.target.value) }))}>
                  {MONTHS.map((month) => (
                    <option key={month} value={month}>
                      {monthName(month, i18n.language)}
                    </option>
                  ))}
                </Select>
              )}
            </FilterField>
            <FilterField label={t('payouts.year')}>
              {(id) => (
                <Select id={id} value={period.year} onChange={(event) => setPeriod((p) => ({ ...p, year: Number(event.target.value) }))}>
                  {PAYOUT_YEARS.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </Select>
              )}
            </FilterField>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4" aria-live="polite">
            <div>
              <p className="text-sm text-muted-foreground">{t('payouts.totalFor', { period: periodText, count: monthCount })}</p>
              <p className="text-2xl font-bold">{pending.data ? formatPkr(pending.data.totalAmount) : '–'}</p>
            </div>
            <Button onClick={() => setPaying(true)} disabled={!current || monthCount === 0}>
              <Banknote aria-hidden />
              {t('payouts.process')}
            </Button>
          </div>
          {current && (pending.data?.referrers.length ?? 0) > 0 && (
            <MemberTotals
              referrers={pending.data!.referrers}
              label={t('payouts.byMemberLabel', { period: periodText })}
              onPay={(referrer) => {
                setPayingMember(referrer);
                setMemberDialogOpen(true);
              }}
            />
          )}
        </Card>

        {pending.isPending ? (
          <Spinner label={t('common.loading')} className="justify-center py-8" />
        ) : pending.isError ? (
          <LoadError message={getErrorMessage(pending.error, t('toasts.pendingFailed'))} onRetry={() => void pending.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('payouts.emptyTitle')} description={t('payouts.emptyText', { period: periodText })} />
        ) : wide ? (
          <PendingTable rows={rows} label={t('payouts.tableLabel', { period: periodText })} />
        ) : (
          <ul aria-label={t('payouts.tableLabel', { period: periodText })} className="space-y-3">
            {rows.map((row, index) => (
              <PendingCard key={row.id ?? `${row.referralId}-${index}`} row={row} />
            ))}
          </ul>
        )}
        {pending.data && <Pager page={page} pages={pending.data.pagination.pages} onPage={setPage} label={t('payouts.pagesLabel', { period: periodText })} />}
      </section>

      <section aria-labelledby="commission-batches-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="commission-batches-heading" className="text-lg font-semibold">
            {t('payouts.historyTitle')}
          </h3>
          {/* Every payout batch: the list has no filter. */}
          <DownloadButton
            download={exportCommissionPayments}
            label={t('payouts.export.download')}
            busyLabel={t('payouts.export.downloading')}
            failedMessage={t('payouts.export.failed')}
            aria-label={t('payouts.export.label')}
            className="w-full sm:w-auto"
          />
        </div>
        {batches.isPending ? (
          <Spinner label={t('common.loading')} className="justify-center py-6" />
        ) : batches.isError ? (
          <LoadError message={getErrorMessage(batches.error, t('payouts.historyFailed'))} onRetry={() => void batches.refetch()} />
        ) : batches.data.length === 0 ? (
          <EmptyState title={t('payouts.historyEmpty')} />
        ) : (
          <ul className="space-y-3">
            {batches.data.map((batch) => (
              <BatchItem key={batch.id} batch={batch} />
            ))}
          </ul>
        )}
      </section>

      <BulkPayDialog open={paying} onOpenChange={setPaying} month={period.month} year={period.year} count={monthCount} totalAmount={pending.data?.totalAmount ?? 0} />
      <BulkPayDialog
        open={memberDialogOpen && payingMember !== null}
        onOpenChange={setMemberDialogOpen}
        month={period.month}
        year={period.year}
        count={payingMember?.count ?? 0}
        totalAmount={payingMember?.totalAmount ?? 0}
        referrer={payingMember}
      />
    </div>
  );
}

/** Each member owed commissions this month, with their count and total: one payment pays them all. */
function MemberTotals({ referrers, label, onPay }: { referrers: PendingReferrer[]; label: string; onPay: (referrer: PendingReferrer) => void }) {
  const { t } = useTranslation('adminReferrals');
  return (
    <div className="space-y-3 border-t border-border pt-4">
      <div>
        <h4 className="font-semibold">{t('payouts.byMemberTitle')}</h4>
        <p className="mt-1 text-sm text-muted-foreground">{t('payouts.byMemberText')}</p>
      </div>
      <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border">
        {referrers.map((referrer) => (
          <li key={referrer.referrerId} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-medium break-words">{referrer.referrerName}</p>
              <p className="text-sm break-all text-muted-foreground">{referrer.referrerEmail}</p>
            </div>
            <div className="flex items-center gap-3">
              <div className="text-end">
                <p className="text-sm text-muted-foreground">{t('payouts.memberCount', { count: referrer.count })}</p>
                <p className="font-semibold whitespace-nowrap">{formatPkr(referrer.totalAmount)}</p>
              </div>
              <Button size="sm" variant="outline" onClick={() => onPay(referrer)} aria-label={t('payouts.payMemberLabel', { name: referrer.referrerName })}>
                {t('payouts.payMember')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PendingTable({ rows, label }: { rows: PendingCommission[]; label: string }) {
  const { t, i18n } = useTranslation('adminReferrals');
  return (
    <TableFrame label={label}>
      <thead className="border-b border-border">
        <tr>
          <th scope="col" className={thClass}>{t('payouts.referrer')}</th>
          <th scope="col" className={thClass}>{t('payouts.referredUser')}</th>
          <th scope="col" className={thClass}>{t('common.plan')}</th>
          <th scope="col" className={thClass}>{t('common.level')}</th>
          <th scope="col" className={thClass}>{t('common.rate')}</th>
          <th scope="col" className={thClass}>{t('payouts.payment')}</th>
          <th scope="col" className={thClass}>{t('payouts.commission')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row, index) => (
          <tr key={row.id ?? `${row.referralId}-${index}`}>
            <td className={tdClass}>
              <span className="block font-medium">{row.referrerName}</span>
              <span className="block break-all text-muted-foreground">{row.referrerEmail}</span>
            </td>
            <td className={tdClass}>{row.referredUserName}</td>
            <td className={tdClass}>{row.committeeName}</td>
            <td className={tdClass}>
              <LevelBadge level={row.level} />
            </td>
            <td className={tdClass}>{formatRatePercent(row.commissionRate, i18n.language)}</td>
            <td className={tdClass}>{formatPkr(row.paymentAmount)}</td>
            <td className={`${tdClass} font-semibold`}>
              {formatPkr(row.commissionAmount)}
              <CapNote amount={row.commissionAmount} uncappedAmount={row.uncappedAmount} cappedBy={row.cappedBy} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

function PendingCard({ row }: { row: PendingCommission }) {
  const { t, i18n } = useTranslation('adminReferrals');
  return (
    <li>
      <Card className="p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold break-words">{row.referrerName}</p>
            <p className="text-sm break-all text-muted-foreground">{row.referrerEmail}</p>
          </div>
          <p className="text-end text-lg font-bold">
            <span className="whitespace-nowrap">{formatPkr(row.commissionAmount)}</span>
            <CapNote amount={row.commissionAmount} uncappedAmount={row.uncappedAmount} cappedBy={row.cappedBy} className="max-w-48" />
          </p>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <InfoItem label={t('payouts.referredUser')}>{row.referredUserName}</InfoItem>
          <InfoItem label={t('common.plan')}>{row.committeeName}</InfoItem>
          <InfoItem label={t('common.level')}>
            {t('common.levelN', { level: row.level })} · {formatRatePercent(row.commissionRate, i18n.language)}
          </InfoItem>
          <InfoItem label={t('payouts.payment')}>{formatPkr(row.paymentAmount)}</InfoItem>
        </dl>
      </Card>
    </li>
  );
}

function BatchItem({ batch }: { batch: CommissionBatch }) {
  const { t, i18n } = useTranslation('adminReferrals');
  const method = PAYOUT_METHODS.find((m) => m === batch.paymentMethod?.toUpperCase());
  const completed = (batch.status ?? '').toUpperCase() === 'COMPLETED';
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">{formatPeriod(batch.month, batch.year, i18n.language)}</p>
            <p className="text-sm text-muted-foreground">{t('payouts.batchPaidOn', { date: formatDate(batch.createdAt, i18n.language) })}</p>
          </div>
          {/* A batch's status is shown on a green badge (admin document §4). */}
          <Badge tone="success">{completed ? t('status.COMPLETED') : batch.status}</Badge>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <InfoItem label={t('payouts.batchTotal')}>
            <span className="font-semibold">{formatPkr(batch.totalAmount)}</span>
          </InfoItem>
          <InfoItem label={t('payouts.batchCount')}>{batch.totalPayments}</InfoItem>
          <InfoItem label={t('payouts.dialog.method')}>{method ? t(`methods.${method}`) : batch.paymentMethod}</InfoItem>
          <InfoItem label={t('payouts.dialog.transactionId')}>{batch.transactionId || '–'}</InfoItem>
        </dl>
      </Card>
    </li>
  );
}
