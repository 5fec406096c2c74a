import { useEffect, useId, useState } from 'react';
import { CircleCheck, CircleX, Clock, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';
import type { DrawEntry, DrawRecord, DrawRecordMonth, DrawWinner, ManualEntry } from './api.ts';
import { useDrawRecord } from './queries.ts';
import { verifyDraw, type DrawVerification } from './verify.ts';
import './catalogue.ts';

/** What the dialog needs of the group before its record is read. */
export interface DrawRecordGroup {
  id: string;
  groupNumber: string;
  planName: string;
}

interface DrawRecordDialogProps {
  group: DrawRecordGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Draw record' (My Groups tab): every draw of the group month by month, newest first, as its member may
 * read it (GET /committee-plans/user/groups/{groupId}/draws), with the rule in plain words. A drawn
 * draw is checked here, in the browser, by the published rule (verify.ts): the line under it says in
 * words whether the winner follows from the revealed number. A manual choice says so, with its reason.
 * Read when the dialog opens; phone first: one column at 360 px, long fingerprints wrap or fold away.
 */
export function DrawRecordDialog({ group, open, onOpenChange }: DrawRecordDialogProps) {
  const { t } = useTranslation('memberWinners');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('drawRecord.title')}
      className="sm:max-w-lg"
      description={
        <>
          <span className="block font-medium text-foreground">{t('drawRecord.group', { number: group.groupNumber, plan: group.planName })}</span>
          <span className="mt-1 block">{t('drawRecord.explanation')}</span>
        </>
      }
    >
      <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm">{t('drawRecord.rule')}</p>
      {open && (
        <div className="mt-5">
          <RecordBody groupId={group.id} />
        </div>
      )}
    </Dialog>
  );
}

function RecordBody({ groupId }: { groupId: string }) {
  const { t } = useTranslation('memberWinners');
  const record = useDrawRecord(groupId);
  const loadError = <LoadError compact message={t('drawRecord.loadFailed')} onRetry={() => void record.refetch()} retrying={record.isFetching} />;
  if (!record.data) return record.isError ? loadError : <Spinner label={t('drawRecord.loading')} className="py-6" />;
  const withEntries = record.data.months.filter((month) => month.entries.length > 0);
  return (
    <div className="space-y-5">
      {/* A record once read stays on screen when a later read fails; the message says so. */}
      {record.isError && loadError}
      {withEntries.length === 0 ? <EmptyState description={t('drawRecord.empty')} /> : <Months months={withEntries} />}
    </div>
  );
}

/** 'March 2026' in the active language. */
function usePeriod() {
  const { i18n } = useTranslation('memberWinners');
  return (month: number, year: number) => `${new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1))} ${year}`;
}

function Months({ months }: { months: DrawRecord['months'] }) {
  const { t } = useTranslation('memberWinners');
  const listId = useId();
  const newestFirst = [...months].sort((a, b) => b.year - a.year || b.month - a.month);
  return (
    <section aria-labelledby={listId}>
      <h3 id={listId} className="text-sm font-semibold">
        {t('drawRecord.months')}
      </h3>
      <ol aria-labelledby={listId} className="mt-2 space-y-4">
        {newestFirst.map((month) => (
          <li key={`${month.year}-${month.month}`}>
            <RecordMonth month={month} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function RecordMonth({ month }: { month: DrawRecordMonth }) {
  const period = usePeriod();
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-3">
      <h4 id={headingId} className="font-semibold">
        {period(month.month, month.year)}
      </h4>
      {month.entries.map((entry) =>
        entry.method === 'DRAW' ? <DrawCard key={entry.id} entry={entry} year={month.year} month={month.month} /> : <ManualCard key={entry.id} entry={entry} />,
      )}
    </article>
  );
}

/** The first and last characters of a long fingerprint: '3f9a2c1b…77e0d4'. */
const shorten = (hex: string) => (hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex);

function Fingerprint({ label, value, showLabel }: { label: string; value: string; showLabel: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0">
        <code className="font-mono text-sm">{shorten(value)}</code>
        <details className="mt-1">
          <summary className="cursor-pointer text-xs font-medium text-primary">{showLabel}</summary>
          <code className="mt-1 block font-mono text-xs break-all">{value}</code>
        </details>
      </dd>
    </div>
  );
}

function DrawCard({ entry, year, month }: { entry: DrawEntry; year: number; month: number }) {
  const { t, i18n } = useTranslation('memberWinners');
  const titleId = useId();
  const eligibleId = useId();
  const verification = useVerification(entry, year, month);
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const times = [
    { key: 'committed', label: t('draw.committedAt'), value: when(entry.committedAt) },
    ...(entry.drawnAt ? [{ key: 'drawn', label: t('draw.drawnAt'), value: when(entry.drawnAt) }] : []),
  ];
  return (
    <section aria-labelledby={titleId} data-status={entry.status} className={cn('rounded-xl border p-3', entry.status === 'VOID' ? 'border-dashed border-border' : 'border-border')}>
      <h5 id={titleId} className="text-sm font-semibold">
        {t('draw.title')}
      </h5>
      {entry.status === 'VOID' && <p className="mt-1 text-sm text-muted-foreground">{t('draw.replaced')}</p>}
      <VerificationLine result={verification} status={entry.status} />
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {times.map((time) => (
          <div key={time.key} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{time.label}</dt>
            <dd className="font-medium">{time.value}</dd>
          </div>
        ))}
        <Fingerprint label={t('draw.commitment')} value={entry.commitment} showLabel={t('draw.showCommitment')} />
        {entry.seed !== null && <Fingerprint label={t('draw.seed')} value={entry.seed} showLabel={t('draw.showSeed')} />}
      </dl>
      {entry.drawnAt && <p className="mt-2 text-sm">{t('draw.drawnBy')}</p>}
      <h6 id={eligibleId} className="mt-3 text-xs font-semibold text-muted-foreground">
        {t('draw.eligible', { count: entry.eligible.length })}
      </h6>
      <ol aria-labelledby={eligibleId} className="mt-1 space-y-1 text-sm">
        {entry.eligible.map((member, index) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-muted-foreground tabular-nums">{t('draw.position', { position: member.position })}</span>
            <span className="font-medium">{member.name}</span>
            {entry.pickedIndex === index && <Badge tone="info">{t('draw.picked')}</Badge>}
          </li>
        ))}
      </ol>
      {entry.winner && <WinnerLine winner={entry.winner} />}
    </section>
  );
}

function ManualCard({ entry }: { entry: ManualEntry }) {
  const { t, i18n } = useTranslation('memberWinners');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border p-3">
      <h5 id={titleId} className="text-sm font-semibold">
        {t('manual.title')}
      </h5>
      <dl className="mt-2 text-sm">
        <dt className="text-xs text-muted-foreground">{t('manual.chosenAt')}</dt>
        <dd className="font-medium">{formatDateTime(entry.selectedAt, i18n.language)}</dd>
      </dl>
      <p className="mt-2 text-sm break-words">{entry.reason ? t('manual.reason', { reason: entry.reason }) : t('drawRecord.noReason')}</p>
      <WinnerLine winner={entry.winner} />
    </section>
  );
}

function WinnerLine({ winner }: { winner: DrawWinner }) {
  const { t } = useTranslation('memberWinners');
  const cancelled = winner.status.toUpperCase() === 'CANCELLED';
  return (
    <div className="mt-3 space-y-1 text-sm">
      <p className={cn('flex flex-wrap items-center gap-1.5 font-semibold', cancelled && 'text-muted-foreground line-through')}>
        <Trophy className="size-4 shrink-0 text-accent-text" aria-hidden />
        {winner.isYou ? t('drawRecord.winnerYou') : t('drawRecord.winner', { name: winner.name })}
      </p>
      {cancelled && (
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="danger">{t('drawRecord.cancelled')}</Badge>
          <span className="break-words">{winner.cancelReason ? t('drawRecord.cancelReason', { reason: winner.cancelReason }) : t('drawRecord.noReason')}</span>
        </p>
      )}
    </div>
  );
}

type VerificationState = DrawVerification | 'checking' | 'unavailable';

/** The draw checked in this browser; 'checking' meanwhile, 'unavailable' where Web Crypto is not offered. */
function useVerification(entry: DrawEntry, year: number, month: number): VerificationState {
  const [result, setResult] = useState<{ entry: DrawEntry; state: VerificationState } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (state: VerificationState) => {
      if (current) setResult({ entry, state });
    };
    if (!globalThis.crypto?.subtle) settle('unavailable');
    else verifyDraw({ ...entry, year, month }).then(settle, () => settle('unavailable'));
    return () => {
      current = false;
    };
  }, [entry, year, month]);
  return result?.entry === entry ? result.state : 'checking';
}

/** The check's outcome in words, with an icon and a colour that only repeat them. */
function VerificationLine({ result, status }: { result: VerificationState; status: DrawEntry['status'] }) {
  const { t } = useTranslation('memberWinners');
  const look = {
    checking: { icon: Clock, text: t('verify.checking'), className: 'text-muted-foreground' },
    unavailable: { icon: Clock, text: t('verify.unavailable'), className: 'text-muted-foreground' },
    'not-drawn-yet': { icon: Clock, text: t('verify.notDrawnYet'), className: 'text-muted-foreground' },
    verified: { icon: CircleCheck, text: status === 'VOID' ? t('verify.voidVerified') : t('verify.verified'), className: 'border-success/40 bg-success/10 text-success' },
    mismatch: { icon: CircleX, text: t('verify.mismatch'), className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  }[result];
  const Icon = look.icon;
  return (
    <div role="status" data-verification={result} className={cn('mt-2 rounded-md border border-transparent px-2 py-1.5 text-sm font-semibold', look.className)}>
      <p className="flex items-start gap-1.5">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{look.text}</span>
      </p>
      {result === 'mismatch' && <p className="mt-1 ps-5.5 text-xs font-normal text-foreground">{t('verify.mismatchDetail')}</p>}
    </div>
  );
}
