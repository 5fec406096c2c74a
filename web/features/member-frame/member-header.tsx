/**
 * The header of every signed-in member page (member document §2 "/dashboard"): the logo, the Admin
 * Dashboard button for admins, the notification bell, the theme toggle and the account menu with
 * Profile and Logout. The same on the dashboard and on the pages opened from it, so that a member can
 * always sign out.
 *
 * The header's buttons come with the page; the account menu (its positioning library, the menu, the
 * Logout dialog) is a module of its own (account-menu.tsx), fetched when the pointer rests on the
 * avatar, when the avatar gets focus, once the person has started to use the page, or at the latest on the first press,
 * which then opens the menu as soon as it has arrived. So is the bell's list (notifications/).
 */
import { useState, type ComponentProps, type KeyboardEvent, type PointerEvent } from 'react';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button } from '../../components/ui/button.tsx';
import { initialsOf, UserAvatar } from '../../components/user-avatar.tsx';
import { isAdmin, useAuth } from '../../lib/auth.tsx';
import { lazyModule, prefetch, useLazyTrigger, usePrefetchOnceInUse } from '../../lib/lazy-module.ts';
import { NotificationBell } from '../notifications/index.ts';
import { memberNotificationLink } from './notification-links.ts';

export function MemberHeader() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        {/* On a phone the header holds five controls: the name is left to screen readers there. */}
        <Logo to="/dashboard" compact="phone" />
        <div className="flex items-center gap-1">
          {user && isAdmin(user) && (
            <Button variant="outline" size="sm" asChild className="hidden sm:inline-flex">
              <Link to="/admin">
                <LayoutDashboard aria-hidden />
                {t('dashboard.adminDashboard')}
              </Link>
            </Button>
          )}
          <NotificationBell linkFor={memberNotificationLink} />
          <LanguageSwitch />
          <ThemeToggle />
          {user && <AccountMenu name={user.name} email={user.email} showAdminLink={isAdmin(user)} />}
        </div>
      </div>
    </header>
  );
}

const accountMenuModule = lazyModule(() => import('./account-menu.tsx'));
const prefetchOnceInUse = [accountMenuModule];

function AccountMenu({ name, email, showAdminLink }: { name: string; email: string; showAdminLink: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [openedByKeyboard, setOpenedByKeyboard] = useState(false);
  const { loaded, triggerRef } = useLazyTrigger(accountMenuModule, open);
  usePrefetchOnceInUse(prefetchOnceInUse);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) setOpenedByKeyboard(false);
  }

  const buttonProps: ComponentProps<'button'> = {
    ref: triggerRef,
    type: 'button',
    'aria-label': t('account.openMenu', { initials: initialsOf(name) }),
    className: 'rounded-full p-1 hover:bg-muted',
    children: <UserAvatar name={name} />,
  };

  if (loaded) {
    return (
      <loaded.AccountMenu
        open={open}
        onOpenChange={changeOpen}
        focusFirstItem={openedByKeyboard}
        trigger={<button {...buttonProps} />}
        name={name}
        email={email}
        showAdminLink={showAdminLink}
      />
    );
  }

  // Until the menu's code is here: the same button, with the attributes and the keys of the menu's
  // trigger (it opens on press, as the menu's trigger does); the menu opens once the code has arrived.
  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (event.button !== 0 || event.ctrlKey) return;
    // Focus goes into the menu when it opens, not to the button.
    if (!open) event.preventDefault();
    setOpenedByKeyboard(false);
    changeOpen(!open);
  }
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = event.key === 'ArrowDown' ? true : event.key === 'Enter' || event.key === ' ' ? !open : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setOpenedByKeyboard(true);
    changeOpen(next);
  }
  return (
    <button
      {...buttonProps}
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      data-stand-in
      onPointerEnter={() => prefetch(accountMenuModule)}
      onFocus={() => prefetch(accountMenuModule)}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
