/**
 * Block/Unblock User (admin document §2; §5: the reason is optional). A blocked user is signed out at
 * once and cannot sign in (RULES §3). The server's refusal (such as blocking oneself) is shown here.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import type { AdminUser } from './api.ts';

export const BLOCK_REASON_MAX_LENGTH = 500;

interface BlockUserDialogProps {
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
  /** Blocks or unblocks (the opposite of the user's state); rejects with the server's refusal. */
  onConfirm: (user: AdminUser, reason: string) => Promise<unknown>;
}

export function BlockUserDialog({ user, onOpenChange, onConfirm }: BlockUserDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The dialog keeps showing the user it was opened for while it closes.
  const [shown, setShown] = useState<AdminUser | null>(user);

  useEffect(() => {
    if (user) {
      setShown(user);
      setReason('');
      setError(null);
    }
  }, [user]);

  const blocking = !shown?.isBlocked;

  async function submit() {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(user, reason);
    } catch (failure) {
      setError(getErrorMessage(failure, t('admin.users.toast.statusFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !busy && onOpenChange(open)}
      title={blocking ? t('admin.users.block.blockTitle') : t('admin.users.block.unblockTitle')}
      description={
        shown
          ? blocking
            ? t('admin.users.block.blockDescription', { name: shown.name, email: shown.email })
            : t('admin.users.block.unblockDescription', { name: shown.name, email: shown.email })
          : undefined
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={error} />
        <FormField label={t('admin.users.block.reason')} optional hint={t('admin.users.block.reasonHint')}>
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={BLOCK_REASON_MAX_LENGTH}
              placeholder={blocking ? t('admin.users.block.reasonPlaceholder') : undefined}
            />
          )}
        </FormField>
        <DialogActions submitLabel={blocking ? t('admin.users.block.confirmBlock') : t('admin.users.block.confirmUnblock')} busy={busy} destructive={blocking} />
      </form>
    </Dialog>
  );
}
