/**
 * The notification bell (admin document §2 "Admin layout"; RULES §11), for the admin header and the
 * member dashboard header: the unread count on the button and a badge, and a list of the newest
 * notifications with 'Mark all as read'. Opening one marks it read. It asks the server every 30
 * seconds and when the window gets focus again.
 */
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { notify } from '../../lib/toast.ts';
import {
  NOTIFICATION_POLL_MS,
  badgeText,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  timeAgo,
  withAllRead,
  withOneRead,
  type AppNotification,
  type NotificationList,
} from './api.ts';

interface NotificationBellProps {
  /** Where opening a notification leads, if anywhere (the admin and member areas differ). */
  linkFor?: (notification: AppNotification) => string | undefined;
  className?: string;
}

export function NotificationBell({ linkFor, className }: NotificationBellProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const headingId = useId();

  const list = useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => fetchNotifications(signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
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
    if (linkFor?.(notification)) setOpen(false);
  }

  const count = badgeText(unread);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void list.refetch();
      }}
    >
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className={cn('relative', className)} aria-label={t('notifications.bellLabel', { count: unread })}>
          <Bell aria-hidden />
          {count && (
            <span
              aria-hidden
              className="absolute end-1 top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground"
            >
              {count}
            </span>
          )}
        </Button>
      </Popover.Trigger>
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
  const when = new Date(notification.createdAt);
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
          title={Number.isNaN(when.getTime()) ? undefined : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Karachi' }).format(when)}
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
