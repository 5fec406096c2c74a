import { useEffect, useState } from 'react';
import { LogOut, Menu, Settings, X } from 'lucide-react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LogoutDialog } from '../../components/logout-dialog.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button } from '../../components/ui/button.tsx';
import { MenuContent, MenuItem, MenuSeparator } from '../../components/ui/menu.tsx';
import { initialsOf, UserAvatar } from '../../components/user-avatar.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { NotificationBell, type AppNotification } from '../notifications/index.ts';
import { adminNavEntries, isAdminNavEntryActive } from './admin-nav.ts';

/**
 * Where an admin's notification leads: a new plan request to its details, a new receipt to the review
 * queue, a CNIC held for review to the users waiting for that decision.
 */
function adminNotificationLink(notification: AppNotification): string | undefined {
  const paymentId = typeof notification.data?.paymentId === 'string' ? notification.data.paymentId : undefined;
  if (notification.type === 'PLAN_REQUEST_NEW' && paymentId) return `/admin/payment-detail/${encodeURIComponent(paymentId)}`;
  if (notification.type === 'INSTALMENT_SUBMITTED') return '/admin/payments';
  if (notification.type === 'CNIC_CLAIM_PENDING') return '/admin/users?status=cnic_claims';
  return undefined;
}

/** The admin area's frame (admin document §2 "Admin layout"): header, sidebar, and the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // On phones the sidebar is a drawer; moving to another page closes it.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 h-16 border-b border-border bg-card">
        <div className="flex h-full items-center gap-2 px-3 sm:px-4">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t('admin.layout.openNavigation')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden />
          </Button>
          <Logo to="/admin" compact />
          {/* On a phone the header's buttons leave little room: the title goes onto two short lines there rather than being cut to its first letter. */}
          <span className="min-w-0 text-sm leading-tight font-semibold break-words sm:truncate sm:text-base">{t('admin.layout.title')}</span>
          <div className="ms-auto flex items-center gap-1">
            <NotificationBell linkFor={adminNotificationLink} />
            <LanguageSwitch />
            <ThemeToggle />
            <AdminUserMenu />
          </div>
        </div>
      </header>

      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-e border-border bg-card lg:block">
          <AdminNav pathname={pathname} />
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 lg:hidden" />
          <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-card shadow-xl lg:hidden">
            <div className="flex items-center justify-between border-b border-border px-4 py-2">
              <Dialog.Title className="font-semibold">{t('admin.layout.title')}</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('admin.layout.closeNavigation')}>
                  <X aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
            <div className="flex-1 overflow-y-auto">
              <AdminNav pathname={pathname} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

function AdminNav({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.layout.navLabel')} className="p-3">
      <ul className="space-y-1">
        {adminNavEntries.map(({ key, to, icon: Icon }) => {
          const active = isAdminNavEntryActive(to, pathname);
          return (
            <li key={key}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                  active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden />
                {t(`admin.nav.${key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AdminUserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [logoutOpen, setLogoutOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      {/* Not modal: the Logout item opens a dialog, which must get focus and pointer events next. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" aria-label={t('admin.layout.openMenu', { initials: initialsOf(user.name) })} className="rounded-full p-1 hover:bg-muted">
            <UserAvatar name={user.name} />
          </button>
        </DropdownMenu.Trigger>
        <MenuContent>
          <div className="px-3 py-2">
            <p className="font-medium">{user.name}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <p className="mt-1 inline-block rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
              {t('admin.layout.role')}
            </p>
          </div>
          <MenuSeparator />
          <MenuItem asChild>
            <Link to="/admin/profile">
              <Settings aria-hidden />
              {t('admin.layout.profileSettings')}
            </Link>
          </MenuItem>
          <MenuItem onSelect={() => setLogoutOpen(true)}>
            <LogOut aria-hidden />
            {t('admin.layout.logout')}
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
    </>
  );
}
