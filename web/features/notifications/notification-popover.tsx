/**
 * The bell's list of notifications (notification-bell.tsx), loaded on first use: the popover, the
 * newest notifications with 'Mark all as read', and opening one, which marks it read.
 */
import { useId, type ReactElement, type ReactNode } from 'react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { BellOff, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/toast.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  timeAgo,
  withAllRead,
  withOneRead,
  type AppNotification,
  type NotificationList,
} from './api.ts';

interface NotificationPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's list query: the bell shows its count, the popover its notifications. */
  list: UseQueryResult<NotificationList>;
  linkFor?: (notification: AppNotification) => string | undefined;
  /** The bell button, which becomes the popover's trigger. */
  trigger: ReactElement;
}

export function NotificationPopover({ open, onOpenChange, list, linkFor, trigger }: NotificationPopoverProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const unread = list.data?.unreadCount ?? 0;

  /** Shows the change at once; puts the list back if the server refuses it. */
  const optimistic = (change: (list: NotificationList) => NotificationList) => async () => {
    await queryClient.cancelQueries({ queryKey: notificationKeys.list });
    const previous = queryClient.getQueryData<NotificationList>(notificationKeys.list);
    if (previous) queryClient.setQueryData(notificationKeys.list, change(previous));
    return { previous };
  };
  const rollback = (error: unknown, context: { previous?: NotificationList } | undefined) => {
    if (context?.previous) queryClient.setQueryData(notificationKeys.list, context.previous);
    notify.error(getErrorMessage(error, t('notifications.updateFailed')));
  };
  const settle = () => queryClient.invalidateQueries({ queryKey: notificationKeys.list });

  const markOne = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => optimistic((current) => withOneRead(current, id))(),
    onError: (error, _id, context) => rollback(error, context),
    onSettled: settle,
  });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: optimistic(withAllRead),
    onError: (error, _nothing, context) => rollback(error, context),
    onSettled: settle,
  });

  function openNotification(notification: AppNotification) {
    if (!notification.isRead) markOne.mutate(notification.id);
    if (linkFor?.(notification)) onOpenChange(false);
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-card text-card-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <div className="min-w-0">
              <h2 id={headingId} className="font-semibold">
                {t('notifications.title')}
              </h2>
              <p className="text-xs text-muted-foreground">{unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allCaughtUp')}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending} aria-busy={markAll.isPending}>
              <CheckCheck aria-hidden />
              {t('notifications.markAllRead')}
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <Spinner label={t('notifications.loading')} className="justify-center py-8" />
            ) : !list.data ? (
              <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm">
                <p>{t('notifications.loadFailed')}</p>
                <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                  {t('notifications.retry')}
                </Button>
              </div>
            ) : list.data.notifications.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
                <BellOff className="size-8" aria-hidden />
                <p className="font-medium text-foreground">{t('notifications.empty')}</p>
                <p>{t('notifications.emptyHint')}</p>
              </div>
            ) : (
              <ul aria-label={t('notifications.listLabel')} className="divide-y divide-border">
                {list.data.notifications.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} to={linkFor?.(notification)} onOpen={() => openNotification(notification)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItem({ notification, to, onOpen }: { notification: AppNotification; to?: string; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const unread = !notification.isRead;
  const body: ReactNode = (
    <>
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden />
      <span className="min-w-0 flex-1">
        {unread && <span className="sr-only">{t('notifications.unread')}: </span>}
        <span className={cn('block break-words', unread ? 'font-semibold' : 'font-medium text-muted-foreground')}>{notification.title}</span>
        <span className="mt-0.5 block text-sm break-words text-muted-foreground">{notification.message}</span>
        <time
          className="mt-1 block text-xs text-muted-foreground"
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt, i18n.language) || undefined}
        >
          {timeAgo(notification.createdAt, i18n.language)}
        </time>
      </span>
    </>
  );
  const classes = cn('flex w-full gap-3 px-4 py-3 text-start hover:bg-muted focus-visible:bg-muted', unread && 'bg-primary/5');
  return to ? (
    <Link to={to} onClick={onOpen} className={classes}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={classes}>
      {body}
    </button>
  );
}
