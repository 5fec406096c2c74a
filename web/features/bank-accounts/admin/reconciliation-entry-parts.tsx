/** The parts of an approved payment in reconciliation: its tick with who ticked it and when, and its references. */
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { formatDate, formatDateTime, formatMonth } from '../../../lib/format.ts';
import type { ReconciliationEntry } from './reconciliation-api.ts';

export function useEntryText() {
  const { t, i18n } = useTranslation('adminCatalog');
  const month = (entry: ReconciliationEntry) => (entry.month && entry.year ? formatMonth(entry.year, entry.month, i18n.language) : t('reconciliation.entries.none'));
  return {
    month,
    group: (entry: ReconciliationEntry) => (entry.groupNumber ? t('reconciliation.entries.groupValue', { number: entry.groupNumber }) : t('reconciliation.entries.none')),
    plan: (entry: ReconciliationEntry) => (entry.type === 'SUBSCRIPTION' ? `${entry.planName} · ${t('reconciliation.entries.planRequest')}` : entry.planName),
    // A member's plan request and month may be approved the same minute: the month (or "Plan request") tells them apart.
    tick: (entry: ReconciliationEntry) =>
      t('reconciliation.entries.tick', {
        name: entry.memberName,
        month: entry.type === 'SUBSCRIPTION' ? t('reconciliation.entries.planRequest') : month(entry),
        amount: formatPkr(entry.amount),
        time: entry.approvedAtPkt,
      }),
  };
}

export type OnTick = (paymentId: string, ticked: boolean) => void;

/** The box, described by who ticked it and when (`tickedById`, the element TickedBy writes). */
export function TickBox({ entry, onTick, label, id, tickedById }: { entry: ReconciliationEntry; onTick: OnTick; label: string; id?: string; tickedById: string }) {
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={label}
      aria-describedby={entry.tick ? tickedById : undefined}
      className="size-5 shrink-0 cursor-pointer accent-primary"
      checked={entry.tick !== null}
      onChange={(e) => onTick(entry.id, e.target.checked)}
    />
  );
}

/** "Ticked by Sara Ahmed, 28 Nov 2026, 10:05 am"; nothing while unticked. */
export function TickedBy({ entry, id }: { entry: ReconciliationEntry; id: string }) {
  const { t, i18n } = useTranslation('adminCatalog');
  if (!entry.tick) return null;
  const time = formatDateTime(entry.tick.at, i18n.language);
  return (
    <span id={id} className="block text-xs text-muted-foreground">
      {entry.tick.byName ? t('reconciliation.entries.tickedBy', { name: entry.tick.byName, time }) : t('reconciliation.entries.tickedAt', { time })}
    </span>
  );
}

/** The payment reference, what the receipt says of the transfer, and the statement line matched to it. */
export function EntryReferences({ entry }: { entry: ReconciliationEntry }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const line = entry.statementLine;
  return (
    <span className="block space-y-0.5">
      <span className="block font-mono font-semibold tracking-wider">{entry.paymentReference}</span>
      {entry.transferDate && <span className="block text-xs text-muted-foreground">{t('reconciliation.entries.transferred', { date: formatDate(entry.transferDate, i18n.language) })}</span>}
      {entry.transactionNumber && <span className="block text-xs break-all text-muted-foreground">{t('reconciliation.entries.transaction', { number: entry.transactionNumber })}</span>}
      <span className="block text-xs break-words">
        {line
          ? t('reconciliation.entries.statementLine', { line: line.line, date: formatDate(line.transferDate, i18n.language), description: line.description })
          : t('reconciliation.entries.noStatementLine')}
      </span>
    </span>
  );
}
