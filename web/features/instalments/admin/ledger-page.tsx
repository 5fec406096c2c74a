/**
 * /admin/users/:id/ledger: a member's ledger (RULES §6a). Who the member is, the overall figures (owed,
 * overdue, under review, paid, scheduled, collection rate), then each group with every instalment month
 * by month: its state in words, amount, due date, when a receipt was sent, who reviewed it and when, the
 * rejection reason and the receipt (a new tab). A table on wide screens, cards on phones. Every figure is
 * the server's (GET /api/admin/users/{id}/ledger), read from the day it is asked. The member's statement
 * of all their groups downloads as a PDF. A paid month's approval can be undone, and a receipt under review
 * corrected (correction-dialogs.tsx), each with a reason.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, RefreshCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InstalmentFigures, LedgerEntry, MemberLedger } from '../../../../contract/figures.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchMemberLedger, paymentKeys } from './api.ts';
import { formatDate, formatDateTime, formatDay, formatPeriod } from './display.ts';
import { FigureTiles } from './figure-tiles.tsx';
import { RECEIPT_LINK_REFRESH_MS } from './parts.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { StateBadge, StateLegend } from './state-badge.tsx';
import { CorrectReceiptDialog, UndoApprovalDialog } from './correction-dialogs.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** Wide enough, next to the sidebar, for the ledger's eight columns. */
export const LEDGER_WIDE_QUERY = '(min-width: 1024px)';

export function AdminMemberLedgerPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('adminPayments');
  const ledger = useQuery({
    queryKey: paymentKeys.ledger(id),
    queryFn: ({ signal }) => fetchMemberLedger(id, signal),
    // Receipt links are signed for a short while: read again well before they lapse.
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  useDocumentTitle(ledger.data ? t('ledger.documentTitle', { name: ledger.data.user.name }) : t('ledger.title'));

  return (
    <div className="space-y-6">
      <Link to="/admin/users" className="inline-flex min-h-11 items-center gap-2 rounded text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t('ledger.backToUsers')}
      </Link>
      {ledger.isPending ? (
        <Spinner label={t('ledger.loading')} className="justify-center py-12" />
      ) : ledger.isError && !ledger.data ? (
        <>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('ledger.title')}</h1>
          <LoadError message={getErrorMessage(ledger.error, t('ledger.loadFailed'))} onRetry={() => void ledger.refetch()} />
        </>
      ) : (
        <LedgerView
          ledger={ledger.data}
          language={i18n.language}
          refreshing={ledger.isFetching}
          onRefresh={() => void ledger.refetch()}
        />
      )}
    </div>
  );
}

function LedgerView({ ledger, language, refreshing, onRefresh }: { ledger: MemberLedger; language: string; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('adminPayments');
  const figuresId = useId();
  const groups = groupsOf(ledger);
  const [undoing, setUndoing] = useState<LedgerEntry | null>(null);
  const [correcting, setCorrecting] = useState<LedgerEntry | null>(null);
  const act: EntryActions = { undo: setUndoing, correct: setCorrecting };
  return (
    <>
      <UndoApprovalDialog entry={undoing} onOpenChange={(open) => !open && setUndoing(null)} />
      <CorrectReceiptDialog
        entry={correcting}
        months={correcting ? ledger.entries.filter((e) => e.groupId === correcting.groupId) : []}
        onOpenChange={(open) => !open && setCorrecting(null)}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{t('ledger.heading', { name: ledger.user.name })}</h1>
          <p className="mt-1 text-sm break-all text-muted-foreground">
            {ledger.user.email}
            {ledger.user.phone ? ` · ${ledger.user.phone}` : ''}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{t('ledger.asOf', { date: formatDay(ledger.asOf, language) })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The member's statement of all their groups, as a PDF (RULES §6a). */}
          <DownloadButton
            path={`/admin/users/${encodeURIComponent(ledger.user.id)}/statement.pdf`}
            fallbackName="statement.pdf"
            label={t('ledger.downloadStatement')}
            busyLabel={t('ledger.downloadingStatement')}
            failedMessage={t('ledger.statementFailed')}
          />
          <Button variant="outline" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
            <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
            {t('page.refresh')}
          </Button>
        </div>
      </div>

      <section aria-labelledby={figuresId} className="space-y-3">
        <h2 id={figuresId} className="text-lg font-semibold">
          {t('ledger.overallTitle')}
        </h2>
        <FigureTiles figures={ledger.figures} label={t('ledger.overallTitle')} />
      </section>

      {groups.length === 0 ? (
        <EmptyState title={t('ledger.emptyTitle')} description={t('ledger.emptyText')} />
      ) : (
        <>
          <Card className="p-4">
            <StateLegend />
          </Card>
          {groups.map((group) => (
            <GroupLedger key={group.groupId} group={group} memberName={ledger.user.name} language={language} act={act} />
          ))}
        </>
      )}
    </>
  );
}

interface LedgerGroup {
  groupId: string;
  groupNumber: string;
  planName: string;
  figures: InstalmentFigures | null;
  entries: LedgerEntry[];
}

/** The groups in the server's order, each with its instalments month by month (as the server sorted them). */
function groupsOf(ledger: MemberLedger): LedgerGroup[] {
  const byId = new Map<string, LedgerGroup>();
  for (const group of ledger.groups) byId.set(group.groupId, { ...group, entries: [] });
  for (const entry of ledger.entries) {
    let group = byId.get(entry.groupId);
    if (!group) {
      group = { groupId: entry.groupId, groupNumber: entry.groupNumber, planName: entry.planName, figures: null, entries: [] };
      byId.set(entry.groupId, group);
    }
    group.entries.push(entry);
  }
  return [...byId.values()];
}

/** What the admin can do with one month: undo its approval, or correct its receipt under review. */
interface EntryActions {
  undo: (entry: LedgerEntry) => void;
  correct: (entry: LedgerEntry) => void;
}

function GroupLedger({ group, memberName, language, act }: { group: LedgerGroup; memberName: string; language: string; act: EntryActions }) {
  const { t } = useTranslation('adminPayments');
  const headingId = useId();
  const wide = useMediaQuery(LEDGER_WIDE_QUERY);
  const title = t('ledger.groupTitle', { plan: group.planName, number: group.groupNumber });
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {title}
      </h2>
      {group.figures && <FigureTiles figures={group.figures} label={t('ledger.groupFigures', { group: title })} compact />}
      {group.entries.length === 0 ? (
        <EmptyState title={t('ledger.noEntries')} />
      ) : wide ? (
        <EntryTable entries={group.entries} label={t('ledger.entriesLabel', { name: memberName, group: title })} language={language} act={act} />
      ) : (
        <ul aria-label={t('ledger.entriesLabel', { name: memberName, group: title })} className="grid gap-3 md:grid-cols-2">
          {group.entries.map((entry) => (
            <EntryCard key={entry.paymentId} entry={entry} language={language} act={act} />
          ))}
        </ul>
      )}
    </section>
  );
}

function useEntryText(language: string) {
  const { t } = useTranslation('adminPayments');
  return {
    period: (e: LedgerEntry) => formatPeriod(e.month, e.year, language),
    due: (e: LedgerEntry) => formatDay(e.dueDate, language),
    submitted: (e: LedgerEntry) => (e.submittedAt ? formatDateTime(e.submittedAt, language) : t('ledger.notSubmitted')),
    reviewed: (e: LedgerEntry) =>
      e.reviewedAt
        ? e.reviewedBy
          ? t('ledger.reviewedByOn', { name: e.reviewedBy, date: formatDateTime(e.reviewedAt, language) })
          : t('ledger.reviewedOn', { date: formatDateTime(e.reviewedAt, language) })
        : t('ledger.notReviewed'),
    paidOn: (e: LedgerEntry) => (e.paymentDate ? formatDate(e.paymentDate, language) : '–'),
  };
}

/** The receipt, opened in a new tab that gets no reference back to this page; said in words when there is none. */
function ReceiptLink({ entry, period }: { entry: LedgerEntry; period: string }) {
  const { t } = useTranslation('adminPayments');
  if (!entry.receiptUrl) return <span className="text-muted-foreground">{entry.hasReceipt ? t('ledger.receiptUnavailable') : t('ledger.noReceipt')}</span>;
  return (
    <a
      href={entry.receiptUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-9 items-center gap-1 rounded font-medium text-primary underline underline-offset-4"
    >
      <ExternalLink aria-hidden className="size-4 shrink-0" />
      {t('ledger.viewReceipt')}
      <span className="sr-only">{t('ledger.receiptOf', { period })}</span>
    </a>
  );
}

function Rejection({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('adminPayments');
  if (!entry.rejectionReason) return null;
  return <p className="mt-1 text-sm break-words text-destructive">{t('payment.rejectionReasonValue', { reason: entry.rejectionReason })}</p>;
}

/** The correction a month offers, if any: a paid month (not the plan request's) its undo, a receipt under review its fix. */
function EntryAction({ entry, period, act }: { entry: LedgerEntry; period: string; act: EntryActions }) {
  const { t } = useTranslation('adminPayments');
  if (entry.state === 'PAID' && !entry.settledByPlanRequest) {
    return (
      <Button variant="outline" size="sm" onClick={() => act.undo(entry)} aria-label={t('ledger.undoOf', { period })}>
        {t('corrections.undo')}
      </Button>
    );
  }
  if (entry.state === 'UNDER_REVIEW') {
    return (
      <Button variant="outline" size="sm" onClick={() => act.correct(entry)} aria-label={t('ledger.correctOf', { period })}>
        {t('corrections.correct')}
      </Button>
    );
  }
  return null;
}

const thClass = 'px-3 py-3 text-start font-medium';
const tdClass = 'px-3 py-3 align-top';

function EntryTable({ entries, label, language, act }: { entries: LedgerEntry[]; label: string; language: string; act: EntryActions }) {
  const { t } = useTranslation('adminPayments');
  const text = useEntryText(language);
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={thClass}>{t('ledger.columns.month')}</th>
            <th scope="col" className={cn(thClass, 'text-end')}>{t('ledger.columns.amount')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.state')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.dueDate')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.submitted')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.reviewed')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.paidOn')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.receipt')}</th>
            <th scope="col" className={thClass}>{t('ledger.columns.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.paymentId}>
              <th scope="row" className={cn(tdClass, 'text-start font-medium whitespace-nowrap')}>
                {text.period(entry)}
              </th>
              <td className={cn(tdClass, 'text-end font-medium whitespace-nowrap tabular-nums')}>{formatPkr(entry.amount)}</td>
              <td className={tdClass}>
                <StateBadge state={entry.state} />
                <Rejection entry={entry} />
              </td>
              <td className={cn(tdClass, 'whitespace-nowrap')}>{text.due(entry)}</td>
              <td className={tdClass}>{text.submitted(entry)}</td>
              <td className={tdClass}>{text.reviewed(entry)}</td>
              <td className={cn(tdClass, 'whitespace-nowrap')}>{text.paidOn(entry)}</td>
              <td className={tdClass}>
                <ReceiptLink entry={entry} period={text.period(entry)} />
              </td>
              <td className={tdClass}>
                <EntryAction entry={entry} period={text.period(entry)} act={act} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryCard({ entry, language, act }: { entry: LedgerEntry; language: string; act: EntryActions }) {
  const { t } = useTranslation('adminPayments');
  const text = useEntryText(language);
  const headingId = useId();
  return (
    <li className="min-w-0">
      <Card className="h-full p-4">
        <article aria-labelledby={headingId}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={headingId} className="font-semibold">
                {text.period(entry)}
              </h3>
              <p className="text-lg font-bold tabular-nums">{formatPkr(entry.amount)}</p>
            </div>
            <StateBadge state={entry.state} size="md" />
          </div>
          <Rejection entry={entry} />
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <InfoItem label={t('ledger.columns.dueDate')}>{text.due(entry)}</InfoItem>
            <InfoItem label={t('ledger.columns.paidOn')}>{text.paidOn(entry)}</InfoItem>
            <InfoItem label={t('ledger.columns.submitted')}>{text.submitted(entry)}</InfoItem>
            <InfoItem label={t('ledger.columns.reviewed')}>{text.reviewed(entry)}</InfoItem>
          </dl>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
            <ReceiptLink entry={entry} period={text.period(entry)} />
            <EntryAction entry={entry} period={text.period(entry)} act={act} />
          </div>
        </article>
      </Card>
    </li>
  );
}
