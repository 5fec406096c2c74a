/**
 * A group's draw record as every reader sees it (docs/draws.md): the member in their dialog, the
 * administrator in theirs and anyone at a published link. The three differ only in the names the
 * server gives (full names to the administrator, first name and initial to the others). For each draw,
 * every input the rule hashes: the rule's version, the commitment, the seed once revealed, the exact
 * text hashed, each entrant's position, name and id in the rule's order, and the index picked; when a
 * committed draw may be drawn; why and when a void one ended. Each revealed draw is checked here, in
 * the browser (verify.ts). The record can be saved as the page read it, and checked elsewhere.
 *
 * Phone first: one column at 360 px; ids, fingerprints and the hashed text wrap anywhere.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { CircleCheck, CircleX, Clock, Download, ExternalLink, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatMonth } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { DrawEntry, DrawRecord, DrawRecordMonth, DrawWinner, ManualEntry } from './api.ts';
import { verifyDraw, type DrawVerification } from './verify.ts';
import './catalogue.ts';

/** The page's standalone check of a draw record (a page of its own, served beside the app). */
export const VERIFIER_PATH = '/verify-draw.html';

/** Heading levels from the record's own top heading down; 2 on a page under its title, 3 inside a dialog. */
type Level = 2 | 3;
function Heading({ level, id, className, children }: { level: number; id?: string; className?: string; children: ReactNode }) {
  const Tag = `h${Math.min(level, 6)}` as 'h2';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** Every month with an entry, newest first; 'No draws yet' when there is none. */
export function DrawRecordView({ record, headingLevel = 3 }: { record: DrawRecord; headingLevel?: Level }) {
  const { t } = useTranslation('memberWinners');
  const listId = useId();
  const months = record.months.filter((month) => month.entries.length > 0).sort((a, b) => b.year - a.year || b.month - a.month);
  if (months.length === 0) return <EmptyState description={t('drawRecord.empty')} />;
  return (
    <section aria-labelledby={listId}>
      <Heading level={headingLevel} id={listId} className="text-sm font-semibold">
        {t('drawRecord.months')}
      </Heading>
      <ol aria-labelledby={listId} className="mt-2 space-y-4">
        {months.map((month) => (
          <li key={`${month.year}-${month.month}`}>
            <RecordMonth month={month} level={headingLevel + 1} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function RecordMonth({ month, level }: { month: DrawRecordMonth; level: number }) {
  const { i18n } = useTranslation('memberWinners');
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="min-w-0 space-y-3">
      <Heading level={level} id={headingId} className="font-semibold">
        {formatMonth(month.year, month.month, i18n.language)}
      </Heading>
      {month.entries.map((entry) =>
        entry.method === 'DRAW' ? (
          <DrawCard key={entry.id} entry={entry} year={month.year} month={month.month} level={level + 1} />
        ) : (
          <ManualCard key={entry.id} entry={entry} level={level + 1} />
        ),
      )}
    </article>
  );
}

/** The first and last characters of a long fingerprint: '3f9a2c1b…77e0d4'. */
const shorten = (hex: string) => (hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex);

/**
 * Text to copy by hand (an id, a fingerprint, the text hashed): monospace, left to right in an Urdu page
 * too (its punctuation stays where it is), wrapped anywhere, selected whole by one tap.
 */
function Exact({ value, className }: { value: string; className?: string }) {
  return (
    <code dir="ltr" className={cn('block font-mono text-xs break-all select-all', className)}>
      {value}
    </code>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

function Fingerprint({ label, value, showLabel }: { label: string; value: string; showLabel: string }) {
  return (
    <Fact label={label} wide>
      <code dir="ltr" className="font-mono text-sm font-normal">
        {shorten(value)}
      </code>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs font-medium text-primary">{showLabel}</summary>
        <Exact value={value} className="mt-1 font-normal" />
      </details>
    </Fact>
  );
}

const statusTone: Record<DrawEntry['status'], BadgeTone> = { COMMITTED: 'info', DRAWN: 'success', VOID: 'neutral' };

function DrawCard({ entry, year, month, level }: { entry: DrawEntry; year: number; month: number; level: number }) {
  const { t, i18n } = useTranslation('memberWinners');
  const titleId = useId();
  const eligibleId = useId();
  const verification = useVerification(entry, year, month);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <section aria-labelledby={titleId} data-status={entry.status} className={cn('min-w-0 rounded-xl border p-3', entry.status === 'VOID' ? 'border-dashed border-border' : 'border-border')}>
      <div className="flex flex-wrap items-center gap-2">
        <Heading level={level} id={titleId} className="text-sm font-semibold">
          {t('draw.title')}
        </Heading>
        <Badge tone={statusTone[entry.status]}>{t(`draw.statuses.${entry.status}`)}</Badge>
      </div>
      {entry.status === 'COMMITTED' && (
        <p className="mt-1 flex items-start gap-1.5 text-sm font-medium">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('draw.drawableAt', { at: when(entry.drawableAt) })}</span>
        </p>
      )}
      {entry.status === 'VOID' && <VoidCause entry={entry} />}
      <VerificationLine result={verification} entry={entry} />
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label={t('draw.committedAt')}>{when(entry.committedAt)}</Fact>
        {entry.drawnAt && <Fact label={t('draw.drawnAt')}>{when(entry.drawnAt)}</Fact>}
        {entry.voidedAt && <Fact label={t('draw.voidedAt')}>{when(entry.voidedAt)}</Fact>}
        <Fact label={t('draw.ruleVersion')}>{entry.ruleVersion}</Fact>
        <Fingerprint label={t('draw.commitment')} value={entry.commitment} showLabel={t('draw.showCommitment')} />
        {entry.seed !== null && <Fingerprint label={t('draw.seed')} value={entry.seed} showLabel={t('draw.showSeed')} />}
        {entry.drawInput !== null && (
          <Fact label={t('draw.hashedText')} wide>
            <details>
              <summary className="cursor-pointer text-xs font-medium text-primary">{t('draw.showHashedText')}</summary>
              <Exact value={entry.drawInput} className="mt-1 font-normal" />
            </details>
          </Fact>
        )}
        {entry.pickedIndex !== null && <Fact label={t('draw.pickedIndex')}>{t('draw.pickedIndexValue', { index: entry.pickedIndex })}</Fact>}
      </dl>
      {entry.drawnAt && <p className="mt-2 text-sm">{t('draw.drawnBy')}</p>}
      <Heading level={level + 1} id={eligibleId} className="mt-3 text-xs font-semibold text-muted-foreground">
        {t('draw.eligible', { count: entry.eligible.length })}
      </Heading>
      <ol aria-labelledby={eligibleId} className="mt-1 space-y-2 text-sm">
        {entry.eligible.map((member, index) => (
          <li key={member.userId} className="min-w-0">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="text-muted-foreground tabular-nums">{t('draw.position', { position: member.position })}</span>
              <span className="font-medium">{member.name}</span>
              {entry.pickedIndex === index && <Badge tone="info">{t('draw.picked')}</Badge>}
            </span>
            <span className="mt-0.5 flex min-w-0 items-baseline gap-1 text-xs text-muted-foreground">
              <span className="shrink-0">{t('draw.memberId')}</span>
              <Exact value={member.userId} className="min-w-0 text-foreground" />
            </span>
          </li>
        ))}
      </ol>
      {entry.winner && <WinnerLine winner={entry.winner} />}
    </section>
  );
}

/** Why a void draw ended, in words. */
export function VoidCause({ entry }: { entry: DrawEntry }) {
  const { t } = useTranslation('memberWinners');
  const text =
    entry.voidCause === 'ADMIN'
      ? entry.voidReason
        ? t('draw.voidedByAdmin', { reason: entry.voidReason })
        : t('draw.voidedByAdminNoReason')
      : entry.voidCause === 'INELIGIBLE'
        ? t('draw.voidIneligible')
        : t('draw.replaced');
  return <p className="mt-1 text-sm font-medium break-words whitespace-pre-line">{text}</p>;
}

function ManualCard({ entry, level }: { entry: ManualEntry; level: number }) {
  const { t, i18n } = useTranslation('memberWinners');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-xl border border-border p-3">
      <Heading level={level} id={titleId} className="text-sm font-semibold">
        {t('manual.title')}
      </Heading>
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
function VerificationLine({ result, entry }: { result: VerificationState; entry: DrawEntry }) {
  const { t } = useTranslation('memberWinners');
  const verified = entry.status === 'DRAWN' ? t('verify.verified') : entry.voidCause === 'INELIGIBLE' ? t('verify.ineligibleVerified') : t('verify.voidVerified');
  const look = {
    checking: { icon: Clock, text: t('verify.checking'), className: 'text-muted-foreground' },
    unavailable: { icon: Clock, text: t('verify.unavailable'), className: 'text-muted-foreground' },
    'not-drawn-yet': { icon: Clock, text: t('verify.notDrawnYet'), className: 'text-muted-foreground' },
    verified: { icon: CircleCheck, text: verified, className: 'border-success/40 bg-success/10 text-success' },
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

/** The name a saved record takes: draw-record-group-A1.json. */
export function recordFileName(groupNumber: string): string {
  return `draw-record-group-${groupNumber.replace(/[^A-Za-z0-9_-]+/g, '-')}.json`;
}

/**
 * 'Download the record (JSON)': saves exactly the record this page read (the answer's `data`), to be
 * checked with any tool; and 'Check it without this app': the standalone check, in a new tab.
 */
export function RecordTools({ record, className }: { record: DrawRecord; className?: string }) {
  const { t } = useTranslation('memberWinners');
  const download = () => saveFile(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }), recordFileName(record.group.groupNumber));
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap', className)}>
      <Button variant="outline" size="sm" onClick={download}>
        <Download aria-hidden />
        {t('drawRecord.download')}
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={VERIFIER_PATH} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden className="rtl:-scale-x-100" />
          {t('drawRecord.verifier')}
          <span className="sr-only">{t('drawRecord.newTab')}</span>
        </a>
      </Button>
    </div>
  );
}
