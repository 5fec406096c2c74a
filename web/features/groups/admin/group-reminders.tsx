/**
 * "Send reminders now" in the group details dialog (docs/rules.md "Reminders", kind MANUAL): first the
 * server counts what would go (dryRun), the admin confirms "Send N reminders to M members?", then the
 * server sends them and its message is shown. When there is nobody to remind the dialog says so and
 * offers nothing to send.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { groupApi, type GroupReminders } from './api.ts';

export function SendRemindersButton({ groupId }: { groupId: string }) {
  const { t } = useTranslation('adminCatalog');
  const [preview, setPreview] = useState<GroupReminders | null>(null);

  const count = useMutation({
    mutationFn: () => groupApi.sendGroupReminders(groupId, true),
    onSuccess: (answer) => setPreview(answer),
    onError: (error) => notify.error(getErrorMessage(error, t('groups.reminders.previewFailed'))),
  });
  const send = useMutation({
    mutationFn: () => groupApi.sendGroupReminders(groupId, false),
    onSuccess: (answer) => {
      notify.success(answer.message ? textOfAnswer(answer) : t('groups.reminders.sent', { count: answer.count }));
      setPreview(null);
    },
    onError: (error) => notify.error(getErrorMessage(error, t('groups.reminders.sendFailed'))),
  });

  const close = (open: boolean) => !open && !send.isPending && setPreview(null);

  return (
    <>
      {/* Stays focusable while it counts (aria-disabled), so that focus comes back to it after the dialog. */}
      <Button
        variant="outline"
        className="w-full sm:w-auto"
        aria-disabled={count.isPending || undefined}
        aria-busy={count.isPending || undefined}
        onClick={() => !count.isPending && count.mutate()}
      >
        <BellRing aria-hidden />
        {count.isPending ? t('groups.reminders.counting') : t('groups.reminders.sendNow')}
      </Button>
      {preview && preview.count > 0 && (
        <ConfirmDialog
          open
          onOpenChange={close}
          title={t('groups.reminders.confirmTitle', {
            reminders: t('groups.reminders.reminders', { count: preview.count }),
            members: t('groups.reminders.members', { count: preview.members }),
          })}
          description={t('groups.reminders.confirmText')}
          confirmLabel={send.isPending ? t('groups.reminders.sending') : t('groups.reminders.confirm')}
          busy={send.isPending}
          onConfirm={() => send.mutate()}
        />
      )}
      {preview && preview.count === 0 && (
        <Dialog open onOpenChange={close} title={t('groups.reminders.noneTitle')} description={t('groups.reminders.noneText')}>
          <div className="mt-6 flex justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('common.ok')}</Button>
            </DialogClose>
          </div>
        </Dialog>
      )}
    </>
  );
}
