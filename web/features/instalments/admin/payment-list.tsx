/**
 * A page of payments: a table on wide screens, cards on phones (admin document §2). Optionally
 * selectable (Bulk Actions) and with per-row actions.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AdminPayment } from './api.ts';
import { formatDate, formatDateTime, formatPeriod, shortId } from './display.ts';
import { StatusBadges, usePaymentMethodLabel } from './parts.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { WIDE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { isInstalmentState, StateBadge } from './state-badge.tsx';

export interface Selection {
  selected: ReadonlySet<string>;
  /** Checks or unchecks these payments. */
  set: (ids: string[], checked: boolean) => void;
}

interface PaymentListProps {
  payments: AdminPayment[];
  /** Names the table (and the list of cards) for screen readers. */
  label: string;
  selection?: Selection;
  /** The row's buttons; in the table (`compact`), secondary ones show as icons. */
  actions?: (payment: AdminPayment, compact: boolean) => ReactNode;
  /**
   * 'state': the instalment's state today in the words of RULES §6a (the reports, counted by state, and
   * the All Payments and Bulk Actions lists, filtered by state); 'status' (default): the stored status.
   */
  show?: 'status' | 'state';
}

/** The state when asked for and sent; otherwise the stored status. */
function PaymentBadges({ payment, show }: { payment: AdminPayment; show?: 'status' | 'state' }) {
  if (show === 'state' && payment.state && isInstalmentState(payment.state)) return <StateBadge state={payment.state} />;
  return <StatusBadges status={payment.status} underReview={payment.underReview} />;
}

const checkboxClass = 'size-5 shrink-0 cursor-pointer rounded border-input accent-primary';

export function PaymentList(props: PaymentListProps) {
  const isWide = useMediaQuery(WIDE_QUERY);
  return isWide ? <PaymentTable {...props} /> : <PaymentCards {...props} />;
}

function usePaymentText() {
  const { t, i18n } = useTranslation('adminPayments');
  const methodLabel = usePaymentMethodLabel();
  return {
    period: (p: AdminPayment) => formatPeriod(p.month, p.year, i18n.language) || t('payment.planRequest'),
    planGroup: (p: AdminPayment) => (p.group ? t('payment.planGroup', { plan: p.plan?.name ?? p.group.plan.name, number: p.group.groupNumber }) : (p.plan?.name ?? '')),
    method: (p: AdminPayment) => methodLabel(p.paymentMethod),
    submitted: (p: AdminPayment) => formatDateTime(p.submittedAt ?? p.createdAt, i18n.language),
    submittedDay: (p: AdminPayment) => formatDate(p.submittedAt ?? p.createdAt, i18n.language),
    selectLabel: (p: AdminPayment) => t('bulk.selectPayment', { id: shortId(p.id), name: p.user.name, period: formatPeriod(p.month, p.year, i18n.language) || t('payment.planRequest') }),
  };
}

/** 'Select all on this page': checked when every row is, mixed when some are. */
function SelectAllOnPage({ payments, selection, className }: { payments: AdminPayment[]; selection: Selection; className?: string }) {
  const { t } = useTranslation('adminPayments');
  const ids = payments.map((p) => p.id);
  const count = ids.filter((id) => selection.selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  return (
    <input
      type="checkbox"
      className={cn(checkboxClass, className)}
      aria-label={t('bulk.selectAllOnPage')}
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = count > 0 && !all;
      }}
      onChange={(event) => selection.set(ids, event.target.checked)}
    />
  );
}

function PaymentTable({ payments, label, selection, actions, show }: PaymentListProps) {
  const { t } = useTranslation('adminPayments');
  const text = usePaymentText();
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full min-w-[60rem] text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-muted/40 text-start text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {selection && (
              <th scope="col" className="w-12 px-4 py-3">
                <SelectAllOnPage payments={payments} selection={selection} />
              </th>
            )}
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.id')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.member')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.planAndGroup')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.period')}</th>
            <th scope="col" className="px-4 py-3 text-end font-medium">{t('payment.amountAndMethod')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{show === 'state' ? t('payment.state') : t('payment.status')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.submitted')}</th>
            {actions && (
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('payment.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {payments.map((payment) => {
            const checked = selection?.selected.has(payment.id) ?? false;
            return (
              <tr key={payment.id} className={cn('align-top', checked && 'bg-primary/5')}>
                {selection && (
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={text.selectLabel(payment)}
                      checked={checked}
                      onChange={(event) => selection.set([payment.id], event.target.checked)}
                    />
                  </td>
                )}
                <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{shortId(payment.id)}</td>
                <td className="max-w-56 px-4 py-3">
                  <div className="font-medium">{payment.user.name}</div>
                  <div className="truncate text-muted-foreground" title={payment.user.email}>
                    {payment.user.email}
                  </div>
                </td>
                <td className="px-4 py-3">{text.planGroup(payment)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{text.period(payment)}</td>
                <td className="px-4 py-3 text-end whitespace-nowrap">
                  <div className="font-medium">{formatPkr(payment.amount)}</div>
                  <div className="text-muted-foreground">{text.method(payment)}</div>
                </td>
                <td className="px-4 py-3">
                  <PaymentBadges payment={payment} show={show} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <time dateTime={payment.submittedAt ?? payment.createdAt} title={text.submitted(payment)}>
                    {text.submittedDay(payment)}
                  </time>
                </td>
                {actions && (
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-1.5">{actions(payment, true)}</div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PaymentCards({ payments, label, selection, actions, show }: PaymentListProps) {
  const { t } = useTranslation('adminPayments');
  return (
    <div>
      {selection && payments.length > 0 && (
        <label className="mb-3 flex min-h-11 items-center gap-3 rounded-lg border border-border bg-card px-4 text-sm font-medium">
          <SelectAllOnPage payments={payments} selection={selection} />
          <span aria-hidden>{t('bulk.selectAllOnPage')}</span>
        </label>
      )}
      <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
        {payments.map((payment) => (
          <PaymentCard key={payment.id} payment={payment} selection={selection} actions={actions} show={show} />
        ))}
      </ul>
    </div>
  );
}

function PaymentCard({ payment, selection, actions, show }: { payment: AdminPayment; selection?: Selection; actions?: PaymentListProps['actions']; show?: PaymentListProps['show'] }) {
  const { t } = useTranslation('adminPayments');
  const text = usePaymentText();
  const nameId = useId();
  const idId = useId();
  const checked = selection?.selected.has(payment.id) ?? false;
  return (
    <li className="min-w-0">
      <Card className={cn('h-full p-4', checked && 'border-primary')}>
        <article aria-labelledby={`${nameId} ${idId}`}>
          <div className="flex items-start gap-3">
            {selection && (
              <input
                type="checkbox"
                className={cn(checkboxClass, 'mt-1')}
                aria-label={text.selectLabel(payment)}
                checked={checked}
                onChange={(event) => selection.set([payment.id], event.target.checked)}
              />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 id={nameId} className="font-semibold break-words">
                    {payment.user.name}
                  </h3>
                  <p className="text-sm break-all text-muted-foreground">{payment.user.email}</p>
                </div>
                <PaymentBadges payment={payment} show={show} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                <InfoItem label={t('payment.id')}>
                  <span id={idId} className="font-mono text-xs">
                    {shortId(payment.id)}
                  </span>
                </InfoItem>
                <InfoItem label={t('payment.amount')}>
                  <span className="font-semibold">{formatPkr(payment.amount)}</span>
                </InfoItem>
                <InfoItem label={t('payment.planAndGroup')}>{text.planGroup(payment)}</InfoItem>
                <InfoItem label={t('payment.period')}>{text.period(payment)}</InfoItem>
                <InfoItem label={t('payment.method')}>{text.method(payment)}</InfoItem>
                <InfoItem label={t('payment.submitted')}>{text.submitted(payment)}</InfoItem>
              </dl>
              {payment.rejectionReason && payment.status?.toUpperCase() === 'REJECTED' && (
                <p className="mt-3 text-sm text-destructive">{t('payment.rejectionReasonValue', { reason: payment.rejectionReason })}</p>
              )}
              {actions && <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">{actions(payment, false)}</div>}
            </div>
          </div>
        </article>
      </Card>
    </li>
  );
}
