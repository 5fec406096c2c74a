/**
 * One group's instalments in the member's ledger: a table on wide screens, cards on phones. Each month says
 * its state, amount, dates, review and receipt, and offers its correction (undo an approval, fix a receipt).
 */
import { useId } from 'react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../../contract/figures.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateTime, formatDay, formatPeriod } from './display.ts';
import { StateBadge } from './state-badge.tsx';

/** What the admin can do with one month: undo its approval, or correct its receipt under review. */
export interface EntryActions {
  undo: (entry: LedgerEntry) => void;
  correct: (entry: LedgerEntry) => void;
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

export function EntryTable({ entries, label, language, act }: { entries: LedgerEntry[]; label: string; language: string; act: EntryActions }) {
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

export function EntryCard({ entry, language, act }: { entry: LedgerEntry; language: string; act: EntryActions }) {
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
