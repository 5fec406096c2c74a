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
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InstalmentFigures, LedgerEntry, MemberLedger } from '../../../../contract/figures.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchMemberLedger, paymentKeys } from './api.ts';
import { formatDay } from './display.ts';
import { FigureTiles } from './figure-tiles.tsx';
import { RECEIPT_LINK_REFRESH_MS } from './parts.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { StateLegend } from './state-badge.tsx';
import { CorrectReceiptDialog, UndoApprovalDialog } from './correction-dialogs.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { EntryCard, EntryTable, type EntryActions } from './ledger-entries.tsx';

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
