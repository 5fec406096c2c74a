import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowRightLeft, UserMinus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { StateBadge } from '../../instalments/admin/index.ts';
import type { Pagination } from '../../../../contract/paging.ts';
import { type GroupDetails, type GroupMember, type GroupPaymentRow, groupApi, groupKeys } from './api.ts';
import { formatDate } from '../../../lib/format.ts';
import { Figure, useLoadErrorToast } from '../../../components/page-parts.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ArrearsLink, Statistics } from './group-statistics.tsx';
import { SendRemindersButton } from './group-reminders.tsx';
import { MoveMemberDialog, RemoveMemberDialog } from './member-correction-dialogs.tsx';

const tabs = ['overview', 'members', 'payments', 'statistics'] as const;

const paymentTone: Record<string, BadgeTone> = { PAID: 'success', PENDING: 'warning', OVERDUE: 'danger', REJECTED: 'danger' };
const memberTone: Record<string, BadgeTone> = { ACTIVE: 'success', DROPPED: 'neutral' };

/** A group with its members, payments and statistics (admin document §2 "Group details dialog"). */
export function GroupDetailsDialog({ groupId, onOpenChange }: { groupId: string | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog open={groupId !== null} onOpenChange={onOpenChange} title={t('groups.details.title')} className="sm:max-w-3xl">
      {groupId && <GroupDetailsBody groupId={groupId} />}
    </Dialog>
  );
}

function GroupDetailsBody({ groupId }: { groupId: string }) {
  const { t } = useTranslation('adminCatalog');
  const details = useQuery({ queryKey: groupKeys.groupDetails(groupId), queryFn: ({ signal }) => groupApi.groupDetails(groupId, signal) });
  useLoadErrorToast(details.error, details.errorUpdatedAt, t('groups.toast.detailsFailed'));

  if (details.isPending) return <Spinner label={t('groups.details.loading')} className="justify-center py-10" />;
  if (details.isError) return <LoadError message={getErrorMessage(details.error, t('groups.toast.detailsFailed'))} onRetry={() => void details.refetch()} />;
  const group = details.data;

  return (
    <Tabs.Root defaultValue="overview">
      <Tabs.List aria-label={t('groups.details.tabsLabel')} className="flex gap-1 overflow-x-auto rounded-xl border border-border bg-muted/40 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="min-h-11 flex-1 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
          >
            {t(`groups.details.tabs.${tab}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="overview" className="mt-4">
        <Overview group={group} />
      </Tabs.Content>
      <Tabs.Content value="members" className="mt-4">
        <Members group={group} />
      </Tabs.Content>
      <Tabs.Content value="payments" className="mt-4">
        <Payments groupId={groupId} first={{ payments: group.payments, pagination: group.paymentsPagination }} />
      </Tabs.Content>
      <Tabs.Content value="statistics" className="mt-4">
        <Statistics group={group} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Overview({ group }: { group: GroupDetails }) {
  const { t, i18n } = useTranslation('adminCatalog');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words">{t('groups.card.title', { plan: group.plan.name, number: group.groupNumber })}</h3>
          <p className="text-sm text-muted-foreground">{group.groupName}</p>
        </div>
        <Badge tone={group.isActive ? 'success' : 'neutral'}>{group.isActive ? t('common.active') : t('common.inactive')}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/50 p-3 sm:grid-cols-3">
        <Figure label={t('groups.details.plan')}>{group.plan.name}</Figure>
        <Figure label={t('groups.details.groupNumber')}>{group.groupNumber}</Figure>
        <Figure label={t('groups.card.members')}>
          {group.currentMembers}/{group.maxMembers}
        </Figure>
        <Figure label={t('groups.card.planAmount')}>{formatPkr(group.plan.totalAmount)}</Figure>
        <Figure label={t('groups.card.monthlyAmount')}>{formatPkr(group.plan.monthlyAmount)}</Figure>
        <Figure label={t('groups.details.duration')}>{t('plans.card.months', { n: group.plan.duration })}</Figure>
        <Figure label={t('groups.card.startDate')}>{formatDate(group.startDate, i18n.language)}</Figure>
        <Figure label={t('groups.card.endDate')}>{formatDate(group.endDate, i18n.language)}</Figure>
        <Figure label={t('groups.details.created')}>{formatDate(group.createdAt, i18n.language)}</Figure>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ArrearsLink group={group} />
        {/* Reminds the members of what they owe or what falls due this month (docs/rules.md "Reminders"). */}
        <SendRemindersButton groupId={group.id} />
      </div>
    </div>
  );
}

/**
 * The group's members, ACTIVE and DROPPED (docs/rules.md "Corrections"). An active member can be moved to
 * another group of the plan or removed, each with a reason; a member who left shows where to (or that
 * they were removed), when and why, and offers no correction.
 */
function Members({ group }: { group: GroupDetails }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const [moving, setMoving] = useState<GroupMember | null>(null);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  if (group.members.length === 0) return <p className="py-6 text-center text-muted-foreground">{t('groups.details.noMembers')}</p>;
  return (
    <>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {group.members.map((member) => {
          const dropped = member.status === 'DROPPED';
          const leftOn = member.leftAt ? formatDate(member.leftAt, i18n.language) : null;
          return (
            <li key={member.id} className="space-y-3 p-3">
              <div className="flex items-start gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary" title={t('groups.details.memberNumber')}>
                  {member.memberNumber}
                </span>
                {/* The name keeps a readable width: on a phone the status goes under it rather than squeeze it. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="font-medium break-words">{member.user.name}</p>
                    <p className="text-sm break-all text-muted-foreground">{member.user.email}</p>
                    {member.user.phone && <p className="text-sm text-muted-foreground">{member.user.phone}</p>}
                    {dropped && leftOn && (
                      <p className="mt-1 text-sm break-words text-muted-foreground">
                        {member.leftReason ? t('groups.details.leftBecause', { date: leftOn, reason: member.leftReason }) : t('groups.details.left', { date: leftOn })}
                      </p>
                    )}
                  </div>
                  <div className="sm:text-end">
                    <Badge tone={memberTone[member.status] ?? 'info'}>
                      {dropped
                        ? member.movedToGroupNumber
                          ? t('groups.details.movedTo', { number: member.movedToGroupNumber })
                          : t('groups.details.removed')
                        : statusLabel(t, 'memberStatus', member.status)}
                    </Badge>
                    <p className="mt-1 text-xs text-muted-foreground">{t('groups.details.joined', { date: formatDate(member.joinedAt, i18n.language) })}</p>
                  </div>
                </div>
                {/* The member's statement of this group, as a PDF (RULES §6a). */}
                <DownloadButton
                  download={() => groupApi.downloadMemberStatement(member.userId, group.id)}
                  size="icon"
                  className="shrink-0"
                  title={t('groups.details.statementOf', { name: member.user.name })}
                  label={<span className="sr-only">{t('groups.details.statementOf', { name: member.user.name })}</span>}
                  busyLabel={<span className="sr-only">{t('groups.details.preparingStatement', { name: member.user.name })}</span>}
                  failedMessage={t('groups.toast.statementFailed')}
                />
              </div>
              {member.status === 'ACTIVE' && (
                // A row of their own under the member: on a phone the two share its width.
                <div className="flex gap-2 sm:justify-end">
                  <Button variant="outline" className="flex-1 sm:flex-none" aria-label={t('groups.details.moveLabel', { name: member.user.name })} onClick={() => setMoving(member)}>
                    <ArrowRightLeft aria-hidden />
                    {t('groups.details.move')}
                  </Button>
                  <Button variant="outline" className="flex-1 sm:flex-none" aria-label={t('groups.details.removeLabel', { name: member.user.name })} onClick={() => setRemoving(member)}>
                    <UserMinus aria-hidden />
                    {t('groups.details.remove')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {moving && <MoveMemberDialog group={group} member={moving} onClose={() => setMoving(null)} />}
      {removing && <RemoveMemberDialog group={group} member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

/**
 * The first page of payments comes with the details; "Show more" asks the server for the next one, so a
 * group of many members and months never arrives whole.
 */
function Payments({ groupId, first }: { groupId: string; first: { payments: GroupPaymentRow[]; pagination: Pagination } }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const more = useInfiniteQuery({
    queryKey: groupKeys.groupPayments(groupId),
    queryFn: ({ pageParam, signal }) => groupApi.groupPayments(groupId, pageParam, signal),
    initialPageParam: 2,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    enabled: false,
  });
  useLoadErrorToast(more.error, more.errorUpdatedAt, t('groups.toast.paymentsFailed'));
  const payments = [first.payments, ...(more.data?.pages.map((page) => page.payments) ?? [])].flat();
  const total = more.data?.pages.at(-1)?.pagination.total ?? first.pagination.total;
  const hasMore = more.data ? more.hasNextPage : first.pagination.pages > 1;
  if (payments.length === 0) return <p className="py-6 text-center text-muted-foreground">{t('groups.details.noPayments')}</p>;
  const period = (p: GroupPaymentRow) => new Date(p.year, p.month - 1, 1).toLocaleDateString(i18n.language, { month: 'short', year: 'numeric' });
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border rounded-xl border border-border">
        {payments.map((payment) => (
          <li key={payment.id} className="grid grid-cols-2 gap-x-4 gap-y-1 p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-center">
            <div className="min-w-0">
              <p className="font-medium break-words">{payment.user.name}</p>
              <p className="text-sm text-muted-foreground">
                {period(payment)} · {statusLabel(t, 'paymentMethods', payment.paymentMethod)}
              </p>
            </div>
            <p className="text-end font-semibold sm:text-start">{formatPkr(payment.amount)}</p>
            <div>
              {/* The state today in the words of RULES §6a when the server sends it; else the stored status. */}
              {payment.state ? (
                <StateBadge state={payment.state} />
              ) : (
                <Badge tone={paymentTone[payment.status] ?? 'neutral'}>{statusLabel(t, 'paymentStatus', payment.status)}</Badge>
              )}
            </div>
            <p className="text-end text-sm text-muted-foreground">{payment.paymentDate ? formatDate(payment.paymentDate, i18n.language) : t('groups.details.notPaid')}</p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('groups.details.showingPayments', { shown: payments.length, total })}
      </p>
      {hasMore && (
        <Button variant="outline" disabled={more.isFetching} onClick={() => void more.fetchNextPage()}>
          {more.isFetching ? <Spinner label={t('groups.details.loading')} /> : t('groups.details.showMore')}
        </Button>
      )}
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation<'adminCatalog'>>['t'];

/** A known status or method by its label; an unknown value is shown as it came. */
function statusLabel(t: Translate, group: 'memberStatus' | 'paymentStatus' | 'paymentMethods', value: string): string {
  const key = `groups.${group}.${value}`;
  return t(key as never, { defaultValue: value }) as string;
}
