import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpenText, RefreshCw } from 'lucide-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { lazyModule, useLazyModule, usePrefetchOnceInUse } from '../../../lib/lazy-module.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { memberPaymentKeys, type MemberGroup } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { useReturnFocus } from './parts.tsx';
import { Facts } from '../../../components/ui/facts.tsx';
import { useMyGroups } from './queries.ts';
import { monthsCompleted, monthsRemaining, progressPercent, sortByMonth } from './rules.ts';
import { MonthCard } from './month-card.tsx';
import { WinnerNextSteps } from './winner-next-steps.tsx';
import './catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { DrawRecordButton } from '../../winners/member/index.ts';

/**
 * A month's details dialog is a module of its own (with the dialog library), fetched once the member has
 * started to use the page, or at the latest when a month is opened: it opens once it is here.
 */
const monthDetailsDialog = lazyModule(() => import('./month-details-dialog.tsx'));
/** The group's ledger dialog, the same way. */
const groupLedgerDialog = lazyModule(() => import('./group-ledger.tsx'));
const prefetchOnceInUse = [monthDetailsDialog, groupLedgerDialog];

/** The dashboard's My Groups tab (member document §2): each group with its payment schedule. */
export function MyGroupsPanel() {
  const { t } = useTranslation('memberPayments');
  const headingId = useId();
  const queryClient = useQueryClient();
  const groups = useMyGroups();
  const { user } = useAuth();
  const location = useLocation();
  // A link may name one group (a notification of a win or of joining): that group is brought into view.
  const linkedGroupId = new URLSearchParams(location.search).get('group');
  usePrefetchOnceInUse(prefetchOnceInUse);

  function refresh() {
    void groups.refetch();
    // The tiles count the same payments.
    void queryClient.invalidateQueries({ queryKey: memberPaymentKeys.summary });
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('groups.title')}
        </h2>
        <Button variant="outline" size="sm" onClick={refresh} disabled={groups.isFetching} aria-busy={groups.isFetching || undefined}>
          <RefreshCw className={cn(groups.isFetching && 'animate-spin')} aria-hidden />
          {t('groups.refresh')}
        </Button>
      </div>
      {groups.isError && <LoadError compact message={t('groups.loadFailed')} onRetry={() => void groups.refetch()} retrying={groups.isFetching} />}
      {/* Groups once read stay on screen when a later refresh fails; the message above says so. */}
      {!groups.data ? (
        groups.isPending && <Spinner label={t('groups.loading')} className="py-6" />
      ) : groups.data.length === 0 ? (
        <EmptyState description={t('groups.empty')} />
      ) : (
        <ul className="space-y-6">
          {groups.data.map((group) => (
            <li key={group.id}>
              {group.memberStatus === 'DROPPED' ? (
                <LeftGroupCard group={group} />
              ) : (
                <GroupCard group={group} currentUserId={user?.id} linkedBy={group.id === linkedGroupId ? location.key : undefined} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A group the member has left, as history: moved on to another group of the plan (their months went
 * with them) or removed, and when. Nothing in it is theirs to pay any more.
 */
function LeftGroupCard({ group }: { group: MemberGroup }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const titleId = useId();
  const date = labels.date(group.leftAt) || '—';
  return (
    <Card className="p-4 sm:p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold">
            {t('groups.groupTitle', { number: group.groupNumber })}
          </h3>
          <p className="text-sm text-muted-foreground">{group.plan.name}</p>
        </div>
        <Badge tone="neutral">{group.movedToGroupNumber ? t('groups.movedOn', { date }) : t('groups.leftOn', { date })}</Badge>
      </div>
      <p className="mt-3 text-sm break-words">
        {group.movedToGroupNumber ? t('groups.movedNote', { number: group.movedToGroupNumber }) : t('groups.leftNote')}
      </p>
    </Card>
  );
}

/** `linkedBy`: the key of the navigation whose link named this group; each such navigation shows it again. */
function GroupCard({ group, currentUserId, linkedBy }: { group: MemberGroup; currentUserId: string | undefined; linkedBy?: string }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const titleId = useId();
  const scheduleId = useId();
  const [openPaymentId, setOpenPaymentId] = useState<string | null>(null);
  const focus = useReturnFocus();
  const payments = sortByMonth(group.payments ?? []);
  const progress = progressPercent(payments);
  const openPayment = payments.find((payment) => payment.id === openPaymentId) ?? null;
  const dialog = useLazyModule(monthDetailsDialog, openPayment !== null);
  const [ledgerOpen, setLedgerOpen] = useState(false);
  const ledgerDialog = useLazyModule(groupLedgerDialog, ledgerOpen);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!linkedBy || !cardRef.current) return;
    // Focus (for a keyboard or a screen reader) without the jump, then a scroll that puts its top in view.
    cardRef.current.focus({ preventScroll: true });
    // The scroll waits for the next frame: the router puts a new address at the top of the page as it
    // settles, and the card's scroll must come after that, not before.
    const frame = requestAnimationFrame(() => cardRef.current?.scrollIntoView?.({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [linkedBy]);
  const wonHere = currentUserId !== undefined && (group.winners ?? []).some((winner) => winner.winnerId === currentUserId);

  const facts = [
    { label: t('groups.members'), value: t('groups.membersValue', { current: group.currentMembers, max: group.maxMembers }) },
    { label: t('groups.position'), value: t('groups.positionValue', { position: group.position }) },
    { label: t('groups.monthlyAmount'), value: formatPkr(group.plan.monthlyAmount) },
    { label: t('groups.startDate'), value: labels.date(group.startDate) || '—' },
    { label: t('groups.endDate'), value: labels.date(group.endDate) || '—' },
    { label: t('groups.monthsCompleted'), value: monthsCompleted(payments) },
    { label: t('groups.monthsRemaining'), value: monthsRemaining(payments) },
  ];

  return (
    <Card ref={cardRef} tabIndex={-1} className="scroll-mt-4 p-4 outline-none sm:p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold">
            {t('groups.groupTitle', { number: group.groupNumber })}
          </h3>
          <p className="text-sm text-muted-foreground">{group.plan.name}</p>
        </div>
        {/* A fixed label (member document §2). */}
        <Badge tone="success">{t('groups.active')}</Badge>
      </div>

      <Facts facts={facts} className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4" />

      {/* A winner is told what comes next where they look first, not only inside the month's details. */}
      {wonHere && <WinnerNextSteps className="mt-4" />}

      <div className="mt-4">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">{t('groups.progress')}</span>
          <span className="font-semibold" aria-hidden>
            {t('groups.progressValue', { percent: progress })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('groups.progressLabel', { number: group.groupNumber })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={t('groups.progressValue', { percent: progress })}
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          aria-haspopup="dialog"
          onClick={(event) => {
            focus.remember(event.currentTarget);
            setLedgerOpen(true);
          }}
        >
          <BookOpenText aria-hidden />
          {t('ledger.open')}
        </Button>
        <DrawRecordButton group={{ id: group.id, groupNumber: group.groupNumber, planName: group.plan.name }} className="w-full sm:w-auto" />
        {/* The member's statement of this group, as a PDF (RULES §6a). */}
        <DownloadButton
          size="sm"
          className="w-full sm:w-auto"
          path={`/committee-plans/user/groups/${encodeURIComponent(group.id)}/statement.pdf`}
          fallbackName="statement.pdf"
          label={t('statement.download')}
          busyLabel={t('statement.downloading')}
          failedMessage={t('statement.failed')}
          aria-describedby={titleId}
        />
      </div>

      <h4 id={scheduleId} className="mt-5 text-sm font-semibold">
        {t('groups.schedule')}
      </h4>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('groups.noSchedule')}</p>
      ) : (
        <ul aria-labelledby={scheduleId} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {payments.map((payment) => (
            <li key={payment.id}>
              <MonthCard
                group={group}
                payment={payment}
                currentUserId={currentUserId}
                onOpen={(card) => {
                  focus.remember(card);
                  setOpenPaymentId(payment.id);
                }}
              />
            </li>
          ))}
        </ul>
      )}

      {dialog && (
        <dialog.MonthDetailsDialog
          group={group}
          payment={openPayment}
          currentUserId={currentUserId}
          onOpenChange={(open) => {
            if (open) return;
            setOpenPaymentId(null);
            focus.restore();
          }}
        />
      )}
      {ledgerDialog && (
        <ledgerDialog.GroupLedgerDialog
          group={group}
          open={ledgerOpen}
          onOpenChange={(open) => {
            if (open) return;
            setLedgerOpen(false);
            focus.restore();
          }}
        />
      )}
    </Card>
  );
}
