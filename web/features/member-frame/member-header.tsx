/**
 * The header of every signed-in member page (member document §2 "/dashboard"): the logo, the Admin
 * Dashboard button for admins, the notification bell, the theme toggle and the account menu with
 * Profile and Logout. The same on the dashboard and on the pages opened from it, so that a member can
 * always sign out.
 */
import { useState } from 'react';
import { LayoutDashboard, LogOut, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LogoutDialog } from '../../components/logout-dialog.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button } from '../../components/ui/button.tsx';
import { MenuContent, MenuItem, MenuSeparator } from '../../components/ui/menu.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { isAdmin, useAuth } from '../../lib/auth.tsx';
import { NotificationBell } from '../notifications/index.ts';

export function MemberHeader() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <Logo to="/dashboard" />
        <div className="flex items-center gap-1">
          {user && isAdmin(user) && (
            <Button variant="outline" size="sm" asChild className="hidden sm:inline-flex">
              <Link to="/admin">
                <LayoutDashboard aria-hidden />
                {t('dashboard.adminDashboard')}
              </Link>
            </Button>
          )}
          <NotificationBell />
          <ThemeToggle />
          {user && <AccountMenu name={user.name} email={user.email} showAdminLink={isAdmin(user)} />}
        </div>
      </div>
    </header>
  );
}

function AccountMenu({ name, email, showAdminLink }: { name: string; email: string; showAdminLink: boolean }) {
  const { t } = useTranslation();
  const [logoutOpen, setLogoutOpen] = useState(false);
  return (
    <>
      {/* Not modal: the Logout item opens a dialog, which must get focus and pointer events next. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" aria-label={t('account.openMenu')} className="rounded-full p-1 hover:bg-muted">
            <UserAvatar name={name} />
          </button>
        </DropdownMenu.Trigger>
        <MenuContent>
          <div className="px-3 py-2">
            <p className="font-medium">{name}</p>
            <p className="truncate text-sm text-muted-foreground">{email}</p>
          </div>
          <MenuSeparator />
          {showAdminLink && (
            // Phones have no room for the header button, so admins find it here too.
            <MenuItem asChild className="sm:hidden">
              <Link to="/admin">
                <LayoutDashboard aria-hidden />
                {t('dashboard.adminDashboard')}
              </Link>
            </MenuItem>
          )}
          <MenuItem asChild>
            <Link to="/profile">
              <User aria-hidden />
              {t('account.profile')}
            </Link>
          </MenuItem>
          <MenuItem onSelect={() => setLogoutOpen(true)}>
            <LogOut aria-hidden />
            {t('account.logout')}
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
    </>
  );
}
