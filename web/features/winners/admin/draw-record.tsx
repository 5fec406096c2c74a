/**
 * A group's draw record for the admin (docs/draws.md; GET /api/admin/groups/{id}/draws): month by
 * month, every verifiable draw (its status, commitment, frozen eligible members, the seed once revealed,
 * the winner) and every manual choice (with the admin's reason), cancelled winners with why. The record
 * is append-only: a voided commitment and a cancelled winner stay in it.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { fetchDrawRecord, winnerKeys, type DrawEntry, type DrawRecord, type DrawRecordEntry, type ManualEntry } from './api.ts';
import { monthName } from './display.ts';
import { errorText, InfoItem, WinnerStatusBadge } from './parts.tsx';

const drawStatusTone: Record<DrawEntry['status'], BadgeTone> = { COMMITTED: 'info', DRAWN: 'success', VOID: 'neutral' };

interface DrawRecordDialogProps {
  /** The group whose record is shown; null when closed. */
  group: { id: string; groupNumber: string } | null;
  onOpenChange: (open: boolean) => void;
}

export function DrawRecordDialog({ group, onOpenChange }: DrawRecordDialogProps) {
  const { t } = useTranslation('adminWinners');
  const record = useQuery({
    queryKey: winnerKeys.drawRecord(group?.id ?? ''),
    queryFn: ({ signal }) => fetchDrawRecord(group?.id ?? '', signal),
    enabled: group !== null,
  });
  const plan = record.data?.group.planName;
  return (
    <Dialog
      open={group !== null}
      onOpenChange={onOpenChange}
      title={t('record.title', { group: group?.groupNumber ?? '' })}
      description={plan ? t('record.description', { plan }) : undefined}
      className="sm:max-w-2xl"
    >
      {record.isPending ? (
        <Spinner label={t('record.loading')} />
      ) : record.isError && !record.data ? (
        <div className="space-y-3">
          <p role="alert" className="font-medium">
            {errorText(record.error, t('record.failed'))}
          </p>
          <Button variant="outline" size="sm" onClick={() => void record.refetch()} disabled={record.isFetching}>
            {t('record.retry')}
          </Button>
        </div>
      ) : (
        <RecordMonths record={record.data} />
      )}
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="outline" className="w-full sm:w-auto">
            {t('record.close')}
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

function RecordMonths({ record }: { record: DrawRecord }) {
  const { t } = useTranslation('adminWinners');
  const months = record.months.filter((month) => month.entries.length > 0);
  if (months.length === 0) return <p className="text-sm text-muted-foreground">{t('record.empty')}</p>;
  return (
    <div className="space-y-6">
      {months.map((month) => (
        <RecordMonth key={`${month.year}-${month.month}`} month={month.month} year={month.year} entries={month.entries} />
      ))}
    </div>
  );
}

function RecordMonth({ month, year, entries }: { month: number; year: number; entries: DrawRecordEntry[] }) {
  const { t, i18n } = useTranslation('adminWinners');
  const headingId = useId();
  const period = `${monthName(month, i18n.language)} ${year}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold">
        {period}
      </h3>
      <ol aria-label={t('record.entries', { period })} className="mt-2 space-y-3">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-border p-3 sm:p-4">
            {entry.method === 'DRAW' ? <DrawItem entry={entry} /> : <ManualItem entry={entry} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function DrawItem({ entry }: { entry: DrawEntry }) {
  const { t, i18n } = useTranslation('adminWinners');
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {t('record.draw')}
        <Badge tone={drawStatusTone[entry.status]}>{t(`record.statuses.${entry.status}`)}</Badge>
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <InfoItem label={t('record.committedAt')}>{formatDateTime(entry.committedAt, i18n.language)}</InfoItem>
        <InfoItem label={t('record.eligible')}>
          {entry.eligible.length}
          {entry.eligible.length > 0 && <span className="block text-sm font-normal text-muted-foreground">{entry.eligible.map((member) => member.name).join(', ')}</span>}
        </InfoItem>
        <InfoItem label={t('record.commitment')} className="sm:col-span-2">
          <Hash value={entry.commitment} />
        </InfoItem>
        <InfoItem label={t('record.seed')} className="sm:col-span-2">
          {entry.seed ? <Hash value={entry.seed} /> : <span className="font-normal text-muted-foreground">{t('record.seedHidden')}</span>}
        </InfoItem>
        {entry.drawnAt && <InfoItem label={t('record.drawnAt')}>{formatDateTime(entry.drawnAt, i18n.language)}</InfoItem>}
        {entry.status !== 'VOID' && (
          <InfoItem label={t('record.winner')}>{entry.winner ? <WinnerLine winner={entry.winner} /> : <span className="font-normal text-muted-foreground">{t('record.noWinner')}</span>}</InfoItem>
        )}
      </dl>
    </>
  );
}

function ManualItem({ entry }: { entry: ManualEntry }) {
  const { t, i18n } = useTranslation('adminWinners');
  return (
    <>
      <p className="font-medium">{t('record.manual')}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <InfoItem label={t('record.selectedAt')}>{formatDateTime(entry.selectedAt, i18n.language)}</InfoItem>
        <InfoItem label={t('record.winner')}>
          <WinnerLine winner={entry.winner} />
        </InfoItem>
        <InfoItem label={t('record.reason')} className="sm:col-span-2">
          {entry.reason ? <span className="whitespace-pre-line">{entry.reason}</span> : <span className="font-normal text-muted-foreground">{t('record.noReason')}</span>}
        </InfoItem>
      </dl>
    </>
  );
}

function WinnerLine({ winner }: { winner: NonNullable<DrawEntry['winner']> }) {
  const { t } = useTranslation('adminWinners');
  return (
    <>
      <span className="inline-flex flex-wrap items-center gap-2">
        <span>{winner.name}</span>
        <WinnerStatusBadge status={winner.status} />
      </span>
      {winner.cancelReason && <span className="block text-sm font-normal whitespace-pre-line text-muted-foreground">{t('record.cancelled', { reason: winner.cancelReason })}</span>}
    </>
  );
}

/** A commitment or seed in full (64 hexadecimal characters), wrapped anywhere so that it fits a phone. */
function Hash({ value }: { value: string }) {
  return <code className="font-mono text-xs break-all">{value}</code>;
}
