/**
 * "Reminders" on the member's /profile (docs/rules.md "Reminders"): the in-app reminders before and on
 * the due date always come; this switch turns the reminder emails on or off, saved at once with
 * PUT /api/profile (the current name, email, phone and CNIC go with it, as the profile form sends them).
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { textOfFieldMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchReminderProfile, reminderProfileKey, saveEmailReminders } from './api.ts';

export function EmailRemindersCard() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: reminderProfileKey, queryFn: ({ signal }) => fetchReminderProfile(signal) });
  const [saving, setSaving] = useState<boolean | null>(null);
  const [error, setError] = useState<{ field?: string; form?: string } | null>(null);

  async function change(on: boolean) {
    const user = profile.data;
    if (!user || saving !== null) return;
    setError(null);
    setSaving(on);
    try {
      const saved = await saveEmailReminders(user, on);
      queryClient.setQueryData(reminderProfileKey, saved ?? { ...user, emailReminders: on });
      notify.success(on ? t('profile.reminders.savedOn') : t('profile.reminders.savedOff'));
    } catch (failure) {
      const message = getErrorMessage(failure, t('profile.reminders.saveFailed'));
      notify.error(message);
      const field = failure instanceof ApiError ? failure.errors?.emailReminders : undefined;
      setError(field ? { field: textOfFieldMessage(field) } : { form: message });
    } finally {
      setSaving(null);
      void queryClient.invalidateQueries({ queryKey: reminderProfileKey });
    }
  }

  const checked = saving ?? profile.data?.emailReminders ?? true;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="space-y-4">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <BellRing className="size-5 text-primary" aria-hidden />
          {t('profile.reminders.title')}
        </h2>
        <FormAlert message={error?.form} />
        {profile.isPending ? (
          <Spinner label={t('profile.reminders.loading')} />
        ) : profile.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(profile.error, t('profile.reminders.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        ) : (
          <div>
            <div className="flex min-h-11 items-center gap-3">
              <input
                id={id}
                type="checkbox"
                role="switch"
                checked={checked}
                aria-checked={checked}
                disabled={saving !== null}
                aria-busy={saving !== null}
                aria-invalid={error?.field ? true : undefined}
                aria-describedby={error?.field ? `${errorId} ${hintId}` : hintId}
                onChange={(event) => void change(event.target.checked)}
                className="size-5 shrink-0 accent-primary disabled:opacity-60"
              />
              <Label htmlFor={id} className="cursor-pointer py-2">
                {t('profile.reminders.emailReminders')}
              </Label>
              {/* The state in words too, not only the box's mark. */}
              <span className="ms-auto text-sm text-muted-foreground" aria-hidden>
                {saving !== null ? t('profile.saving') : checked ? t('profile.reminders.on') : t('profile.reminders.off')}
              </span>
            </div>
            <p id={hintId} className="text-sm text-muted-foreground">
              {t('profile.reminders.hint')}
            </p>
            {error?.field && (
              <p id={errorId} className="mt-1 text-sm font-medium text-destructive">
                {error.field}
              </p>
            )}
          </div>
        )}
      </section>
    </Card>
  );
}
