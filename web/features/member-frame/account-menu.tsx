/**
 * The member header's account menu (member-header.tsx), loaded on first use: the name and e-mail,
 * Admin Dashboard (for admins, on phones), Profile, and Logout, which asks first (LogoutDialog).
 */
import { useRef, useState, type ReactElement } from 'react';
import { LayoutDashboard, LogOut, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoutDialog } from '../../components/logout-dialog.tsx';
import { MenuContent, MenuItem, MenuSeparator } from '../../components/ui/menu.tsx';

interface AccountMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The menu was opened from the keyboard before this code had arrived: its first item takes focus,
   * as it does when the menu is opened from the keyboard later.
   */
  focusFirstItem: boolean;
  /** The avatar button, which becomes the menu's trigger. */
  trigger: ReactElement;
  name: string;
  email: string;
  showAdminLink: boolean;
}

export function AccountMenu({ open, onOpenChange, focusFirstItem, trigger, name, email, showAdminLink }: AccountMenuProps) {
  const { t } = useTranslation();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const firstItemFocused = useRef(false);
  return (
    <>
      {/* Not modal: the Logout item opens a dialog, which must get focus and pointer events next. */}
      <DropdownMenu.Root
        modal={false}
        open={open}
        onOpenChange={(next) => {
          if (!next) firstItemFocused.current = false;
          onOpenChange(next);
        }}
      >
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <MenuContent
          ref={content}
          onFocus={(event) => {
            // The menu takes focus as it opens; from the keyboard, its first item takes it instead.
            if (!focusFirstItem || event.target !== event.currentTarget || firstItemFocused.current) return;
            firstItemFocused.current = true;
            // The first item that can take focus (one hidden at this width cannot).
            for (const item of content.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []) {
              item.focus({ preventScroll: true });
              if (document.activeElement === item) break;
            }
          }}
        >
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
