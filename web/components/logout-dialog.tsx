import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth.tsx';
import { notify } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogClose } from './ui/dialog.tsx';

/**
 * 'Confirm Logout' (member document §2 /dashboard; admin document §2 layout). The session is
 * cleared here even when the server call fails, so a lost connection never keeps someone signed in.
 */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await logout();
      notify.success(t('account.logoutDialog.success'));
    } catch {
      notify.error(t('account.logoutDialog.failed'));
    } finally {
      setPending(false);
      onOpenChange(false);
      navigate('/login', { replace: true });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('account.logoutDialog.title')} description={t('account.logoutDialog.description')}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            {t('account.logoutDialog.cancel')}
          </Button>
        </DialogClose>
        <Button variant="destructive" onClick={confirm} disabled={pending}>
          {pending ? t('account.logoutDialog.pending') : t('account.logoutDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
