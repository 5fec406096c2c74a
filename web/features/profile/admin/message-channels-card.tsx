/**
 * "Messages" on the profile (the member's and the administrator's): notifications on this device, and
 * the channels for each kind of message, each change saved at once (PUT /api/profile/message-channels
 * with the whole table). In-app notifications always come.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchMessageChannels, messageChannelsKey, saveMessageChannels, type MessageChannels } from './message-channels-api.ts';
import { MessageChannelsTable, type Channel, type Kind } from './message-channels-table.tsx';
import { ThisDeviceSwitch } from './this-device-switch.tsx';

/** The table with one switch changed. */
function withChange(data: MessageChannels, kind: Kind, channel: Channel, on: boolean): MessageChannels {
  if (channel === 'email') return { ...data, emailReminders: on };
  return { ...data, choices: { ...data.choices, [kind]: { ...data.choices[kind], [channel]: on } } };
}

export function MessageChannelsCard() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: messageChannelsKey, queryFn: ({ signal }) => fetchMessageChannels(signal) });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function change(kind: Kind, channel: Channel, on: boolean) {
    if (!channels.data || saving) return;
    const next = withChange(channels.data, kind, channel, on);
    setSaving(true);
    setError(undefined);
    queryClient.setQueryData(messageChannelsKey, next);
    try {
      queryClient.setQueryData(messageChannelsKey, await saveMessageChannels({ choices: next.choices, emailReminders: next.emailReminders }));
      notify.success(t('profile.messages.saved'));
    } catch (failure) {
      const message = getErrorMessage(failure, t('profile.messages.saveFailed'));
      setError(message);
      notify.error(message);
      void queryClient.invalidateQueries({ queryKey: messageChannelsKey });
    } finally {
      setSaving(false);
    }
  }

  const availability = channels.data?.availability;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="space-y-4">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
            <BellRing className="size-5 text-primary" aria-hidden />
            {t('profile.messages.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('profile.messages.subtitle')}</p>
        </div>
        <ThisDeviceSwitch />
        <FormAlert message={error} />
        {channels.isPending ? (
          <Spinner label={t('profile.messages.loading')} />
        ) : channels.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(channels.error, t('profile.messages.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void channels.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        ) : (
          <>
            <MessageChannelsTable data={channels.data} saving={saving} onChange={(kind, channel, on) => void change(kind, channel, on)} />
            <ul className="space-y-1 text-sm text-muted-foreground">
              <li>{availability!.devices > 0 ? t('profile.messages.devices', { count: availability!.devices }) : t('profile.messages.noDevice')}</li>
              {!availability!.whatsappConfigured && !availability!.smsConfigured ? (
                <li>{t('profile.messages.phoneNotOffered')}</li>
              ) : (
                !availability!.phoneConfirmed && <li>{t('profile.messages.phoneNeeded')}</li>
              )}
            </ul>
          </>
        )}
      </section>
    </Card>
  );
}
