/**
 * "Reminder settings" of the dashboard's Groups Management card (docs/rules.md "Reminders"): how many
 * days before the due date the first reminder of an instalment goes (1 to 14), read with
 * GET /api/admin/settings/reminders and saved with PUT. The server checks the number; its field error
 * stands under the field.
 */
import { useEffect } from 'react';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReminderSettings } from '../../../../contract/reminders.ts';
import { reportFormError } from '../../../components/page-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { groupApi, groupKeys } from './api.ts';

export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 14;

export function ReminderSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('groups.reminderSettings.title')} description={t('groups.reminderSettings.description')}>
      {open && <ReminderSettingsBody onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReminderSettingsBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('adminCatalog');
  const settings = useQuery({ queryKey: groupKeys.reminderSettings(), queryFn: ({ signal }) => groupApi.reminderSettings(signal), staleTime: 0 });
  if (settings.isPending) return <Spinner label={t('groups.reminderSettings.loading')} className="justify-center py-6" />;
  if (settings.isError) return <LoadError message={getErrorMessage(settings.error, t('groups.reminderSettings.loadFailed'))} onRetry={() => void settings.refetch()} />;
  return <ReminderSettingsForm current={settings.data} onDone={onDone} />;
}

function ReminderSettingsForm({ current, onDone }: { current: ReminderSettings; onDone: () => void }) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ReminderSettings>({ defaultValues: current });
  // The field once the settings have come (the dialog opened before them, on its close button).
  useEffect(() => setFocus('daysBefore'), [setFocus]);

  const save = useMutation({
    // An emptied field is sent as it is (null): the server says what it needs.
    mutationFn: (values: ReminderSettings) => groupApi.saveReminderSettings({ daysBefore: Number.isNaN(values.daysBefore) ? (null as unknown as number) : values.daysBefore }),
    onSuccess: (answer) => {
      if (answer?.data) queryClient.setQueryData(groupKeys.reminderSettings(), answer.data);
      notify.success(t('groups.reminderSettings.saved'));
      onDone();
    },
    onError: (error) => reportFormError(error, ['daysBefore'], setError, t('groups.reminderSettings.saveFailed')),
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-4">
      <FormField label={t('groups.reminderSettings.daysBefore')} hint={t('groups.reminderSettings.daysBeforeHint')} error={fieldError(errors.daysBefore)}>
        {(control) => (
          <Input
            {...control}
            {...register('daysBefore', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={REMINDER_DAYS_MIN}
            max={REMINDER_DAYS_MAX}
            step={1}
            className="sm:w-32"
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('common.saving') : t('groups.reminderSettings.save')}
        </Button>
      </div>
    </form>
  );
}
