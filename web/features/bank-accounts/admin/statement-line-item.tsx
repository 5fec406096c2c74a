/**
 * One statement line in reconciliation: its day, words and money, why it was matched (or that it is
 * open), the payment it was matched to (member, month, amount, state), and, when that payment's receipt
 * waits for review, a box to keep it ticked for approval. A table row on wide screens, a card on phones.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate, formatMonth } from '../../../lib/format.ts';
import type { StatementLineView } from './statement-api.ts';
import { approvable, paymentState, useStatementText, type PaymentState } from './statement-text.ts';

export type LineSelection = { isTicked: (line: StatementLineView) => boolean; onTick: (line: StatementLineView, ticked: boolean) => void };

const tones: Record<PaymentState, BadgeTone> = { underReview: 'warning', paid: 'success', rejected: 'danger', unpaid: 'neutral' };

function useLineText() {
  const { t, i18n } = useTranslation('adminCatalog');
  return {
    amount: (line: StatementLineView) =>
      line.credit !== null ? t('reconciliation.lines.credit', { amount: formatPkr(line.credit) }) : t('reconciliation.lines.debit', { amount: formatPkr(line.debit ?? 0) }),
    date: (line: StatementLineView) => formatDate(line.transferDate, i18n.language),
    month: (payment: NonNullable<StatementLineView['match']>['payment']) =>
      payment.type === 'SUBSCRIPTION' ? t('reconciliation.lines.planRequest') : formatMonth(payment.year, payment.month, i18n.language),
    tick: (line: StatementLineView) => t('reconciliation.lines.tick', { line: line.line, name: line.match?.payment.memberName ?? '' }),
  };
}

function TickLine({ line, selection, id }: { line: StatementLineView; selection: LineSelection; id?: string }) {
  const text = useLineText();
  if (!approvable(line)) return null;
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={text.tick(line)}
      className="size-5 shrink-0 cursor-pointer accent-primary"
      checked={selection.isTicked(line)}
      onChange={(e) => selection.onTick(line, e.target.checked)}
    />
  );
}

/** The payment a line was matched to: member, month, amount and state. */
function MatchedPayment({ line }: { line: StatementLineView }) {
  const text = useLineText();
  const words = useStatementText();
  const { t } = useTranslation('adminCatalog');
  const payment = line.match?.payment;
  if (!payment) return <span className="text-muted-foreground">{t('reconciliation.lines.noPayment')}</span>;
  return (
    <span className="block space-y-1">
      <span className="block font-medium">{payment.memberName}</span>
      <span className="block text-xs text-muted-foreground">
        {text.month(payment)} · {formatPkr(payment.amount)} · <span className="font-mono">{payment.paymentReference}</span>
      </span>
      <Badge tone={tones[paymentState(payment)]}>{words.state(payment)}</Badge>
      {payment.type === 'SUBSCRIPTION' && payment.underReview && <span className="block text-xs text-muted-foreground">{t('reconciliation.lines.planRequestHint')}</span>}
    </span>
  );
}

export function LineRow({ line, selection }: { line: StatementLineView; selection: LineSelection }) {
  const text = useLineText();
  const words = useStatementText();
  return (
    <tr className={line.match ? undefined : 'bg-muted/30'}>
      <td className="px-3 py-3">
        <TickLine line={line} selection={selection} />
      </td>
      <th scope="row" className="px-3 py-3 text-start font-medium whitespace-nowrap">
        {text.date(line)}
        <span className="block text-xs font-normal text-muted-foreground">{`#${line.line}`}</span>
      </th>
      <td className="max-w-72 px-3 py-3 break-words">
        {line.description}
        {line.reference && <span className="block text-xs break-all text-muted-foreground">{line.reference}</span>}
      </td>
      <td className="px-3 py-3 text-end whitespace-nowrap tabular-nums">{text.amount(line)}</td>
      <td className="px-3 py-3">{words.why(line)}</td>
      <td className="px-3 py-3">
        <MatchedPayment line={line} />
      </td>
    </tr>
  );
}

export function LineCard({ line, selection }: { line: StatementLineView; selection: LineSelection }) {
  const { t } = useTranslation('adminCatalog');
  const text = useLineText();
  const words = useStatementText();
  const id = useId();
  return (
    <Card className="h-full p-4">
      <article aria-labelledby={`${id}-title`} className="space-y-3 text-sm">
        <div className="flex items-start gap-3">
          <TickLine line={line} selection={selection} id={id} />
          <div className="min-w-0 flex-1">
            <h4 id={`${id}-title`} className="font-semibold">
              {t('reconciliation.lines.cardTitle', { date: text.date(line), line: line.line })}
            </h4>
            <p className="text-base font-bold tabular-nums">{text.amount(line)}</p>
          </div>
        </div>
        <p className="break-words">{line.description}</p>
        {line.reference && <p className="text-xs break-all text-muted-foreground">{line.reference}</p>}
        <p className="font-medium">{words.why(line)}</p>
        <MatchedPayment line={line} />
      </article>
    </Card>
  );
}
