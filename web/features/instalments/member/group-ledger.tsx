import { useId, useState } from 'react';
import { ChevronDown, ChevronUp, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatPkr } from '../../../../contract/money.ts';
import type { GroupLedger, GroupLedgerMonth, MemberGroup } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { useGroupLedger } from './queries.ts';
import { StateBadge } from './state-badge.tsx';
import './catalogue.ts';

interface GroupLedgerDialogProps {
  group: Pick<MemberGroup, 'id' | 'groupNumber' | 'plan'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Group ledger' (My Groups tab): the group's money month by month, as its member may read it (GET
 * /committee-plans/user/groups/{groupId}/ledger): the totals so far, then each month that has come with
 * what was due, collected, paid out and the running balance, its winner ('You' for the reader) and the
 * reader's own instalment, marked by a border and in words. Months still to come wait behind a button.
 * Read when the dialog opens; phone first: one column of month cards at 360 px.
 */
export function GroupLedgerDialog({ group, open, onOpenChange }: GroupLedgerDialogProps) {
  const { t } = useTranslation('memberPayments');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('ledger.title')}
      className="sm:max-w-lg"
      description={
        <>
          <span className="block font-medium text-foreground">{t('ledger.group', { number: group.groupNumber, plan: group.plan.name })}</span>
          <span className="mt-1 block">{t('ledger.explanation')}</span>
        </>
      }
    >
      {open && <LedgerBody groupId={group.id} />}
    </Dialog>
  );
}

function LedgerBody({ groupId }: { groupId: string }) {
  const { t } = useTranslation('memberPayments');
  const ledger = useGroupLedger(groupId);
  if (!ledger.data) {
    if (ledger.isError) return <LoadError compact message={t('ledger.loadFailed')} onRetry={() => void ledger.refetch()} retrying={ledger.isFetching} />;
    return <Spinner label={t('ledger.loading')} className="py-6" />;
  }
  return (
    <div className="space-y-5">
      {/* A ledger once read stays on screen when a later read fails; the message says so. */}
      {ledger.isError && <LoadError compact message={t('ledger.loadFailed')} onRetry={() => void ledger.refetch()} retrying={ledger.isFetching} />}
      {ledger.data.months.length === 0 ? <EmptyState description={t('ledger.empty')} /> : <Ledger ledger={ledger.data} />}
    </div>
  );
}

function Ledger({ ledger }: { ledger: GroupLedger }) {
  const { t } = useTranslation('memberPayments');
  const totalsId = useId();
  const monthsId = useId();
  const upcomingId = useId();
  const [showUpcoming, setShowUpcoming] = useState(false);
  const months = [...ledger.months].sort((a, b) => a.index - b.index);
  const come = months.filter((month) => !month.scheduled);
  const upcoming = months.filter((month) => month.scheduled);

  const totals = [
    { key: 'due', label: t('ledger.dueSoFar'), value: ledger.totals.due },
    { key: 'collected', label: t('ledger.collected'), value: ledger.totals.collected },
    { key: 'paidOut', label: t('ledger.paidOut'), value: ledger.totals.paidOut },
    { key: 'held', label: t('ledger.held'), value: ledger.totals.held },
  ];

  return (
    <>
      <section aria-labelledby={totalsId}>
        <h3 id={totalsId} className="text-sm font-semibold">
          {t('ledger.totals')}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2">
          {totals.map((total) => (
            <div key={total.key} className="min-w-0 rounded-lg border border-border p-3">
              <dt className="text-xs text-muted-foreground">{total.label}</dt>
              <dd className="font-semibold break-words tabular-nums">{formatPkr(total.value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={monthsId}>
        <h3 id={monthsId} className="text-sm font-semibold">
          {t('ledger.months')}
        </h3>
        {come.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('ledger.noMonthYet')}</p>
        ) : (
          <ol aria-labelledby={monthsId} className="mt-2 space-y-3">
            {come.map((month) => (
              <li key={`${month.year}-${month.month}`}>
                <LedgerMonth month={month} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {upcoming.length > 0 && (
        <section aria-labelledby={upcomingId}>
          <h3 id={upcomingId} className="sr-only">
            {t('ledger.upcoming')}
          </h3>
          <Button variant="outline" size="sm" className="w-full" aria-expanded={showUpcoming} aria-controls={showUpcoming ? `${upcomingId}-list` : undefined} onClick={() => setShowUpcoming((shown) => !shown)}>
            {showUpcoming ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {showUpcoming ? t('ledger.hideUpcoming') : t('ledger.showUpcoming')}
          </Button>
          {showUpcoming && (
            <ol id={`${upcomingId}-list`} aria-labelledby={upcomingId} className="mt-3 space-y-3">
              {upcoming.map((month) => (
                <li key={`${month.year}-${month.month}`}>
                  <LedgerMonth month={month} />
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </>
  );
}

/**
 * One month: its name as a heading, then its figures as labelled terms, its winner and the reader's own
 * instalment (a left border and the words 'Your instalment', with the state as a word). A month still to
 * come says when it falls due instead of figures that are all nothing yet.
 */
function LedgerMonth({ month }: { month: GroupLedgerMonth }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const headingId = useId();
  const figures = [
    { key: 'due', label: t('ledger.due'), value: month.due },
    { key: 'collected', label: t('ledger.collected'), value: month.collected },
    { key: 'paidOut', label: t('ledger.paidOut'), value: month.paidOut },
    { key: 'balance', label: t('ledger.balance'), value: month.balance },
  ];
  return (
    <article
      aria-labelledby={headingId}
      data-scheduled={month.scheduled || undefined}
      className={cn('rounded-xl border p-3', month.scheduled ? 'border-dashed border-border' : 'border-border')}
    >
      <h4 id={headingId} className="font-semibold">{labels.period(month.month, month.year)}</h4>
      {month.scheduled ? (
        <p className="text-sm text-muted-foreground">{t('ledger.dueOn', { date: labels.date(month.dueDate) })}</p>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {figures.map((figure) => (
            <div key={figure.key} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="font-medium break-words tabular-nums">{formatPkr(figure.value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {month.winner && (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold">
          <Trophy className="size-4 shrink-0 text-accent-text" aria-hidden />
          {month.winner.isYou ? t('ledger.winnerYou') : t('ledger.winner', { name: month.winner.name })}
        </p>
      )}
      {month.own && (
        <div className="mt-3 rounded-md border-s-4 border-primary bg-muted/40 py-2 ps-3 pe-2 text-sm">
          <p className="font-semibold">{t('ledger.yourInstalment')}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <StateBadge state={month.own.state} />
            <span className="tabular-nums">{t('ledger.yourAmount', { amount: formatPkr(month.own.amount) })}</span>
          </p>
        </div>
      )}
    </article>
  );
}
