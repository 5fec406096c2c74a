/**
 * The notification bell (admin document §2 "Admin layout"; RULES §11), for the admin header and the
 * member dashboard header: the unread count on the button and a badge, and a list of the newest
 * notifications with 'Mark all as read'. Opening one marks it read. It asks the server every 30
 * seconds and when the window gets focus again.
 *
 * The bell and its count come with the page; the list's popover (its positioning library, the list,
 * the changes) is a module of its own (notification-popover.tsx), fetched when the pointer rests on the
 * bell, when the bell gets focus, once the person has started to use the page, or at the latest on the first click, which
 * then opens the list as soon as it has arrived.
 */
import { useState, type ComponentProps } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { lazyModule, prefetch, useLazyTrigger, usePrefetchOnceInUse } from '../../lib/lazy-module.ts';
import { NOTIFICATION_POLL_MS, badgeText, fetchNotifications, notificationKeys, type AppNotification } from './api.ts';

/** The bell's read: the newest notifications and the unread count. */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => fetchNotifications(signal),
  refetchInterval: NOTIFICATION_POLL_MS,
  refetchOnWindowFocus: 'always',
});

const notificationPopoverModule = lazyModule(() => import('./notification-popover.tsx'));
const prefetchOnceInUse = [notificationPopoverModule];

interface NotificationBellProps {
  /** Where opening a notification leads, if anywhere (the admin and member areas differ). */
  linkFor?: (notification: AppNotification) => string | undefined;
  className?: string;
}

export function NotificationBell({ linkFor, className }: NotificationBellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  const list = useQuery(notificationsQuery);
  const unread = list.data?.unreadCount ?? 0;
  const { loaded, triggerRef } = useLazyTrigger(notificationPopoverModule, open);
  usePrefetchOnceInUse(prefetchOnceInUse);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (next) void list.refetch();
  }

  const count = badgeText(unread);
  const bellProps: ComponentProps<typeof Button> = {
    ref: triggerRef,
    variant: 'ghost',
    size: 'icon',
    className: cn('relative', className),
    // The name holds the badge's own text ('9+' beyond nine): what is seen is what a voice user says.
    'aria-label': t('notifications.bellLabel', { count: unread, shown: count }),
    children: (
      <>
        <Bell aria-hidden />
        {count && (
          <span
            aria-hidden
            className="absolute end-1 top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground"
          >
            {count}
          </span>
        )}
      </>
    ),
  };

  if (loaded) {
    return <loaded.NotificationPopover open={open} onOpenChange={changeOpen} list={list} linkFor={linkFor} trigger={<Button {...bellProps} />} />;
  }
  // Until the popover's code is here: the same button, with the attributes its trigger will have; a
  // click opens the list once the code has arrived.
  return (
    <Button
      {...bellProps}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      data-stand-in
      onPointerEnter={() => prefetch(notificationPopoverModule)}
      onFocus={() => prefetch(notificationPopoverModule)}
      onClick={() => changeOpen(!open)}
    />
  );
}
