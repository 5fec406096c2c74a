/**
 * "Notifications on this device": subscribes this browser to push (the browser asks the person the
 * first time) and registers it with the server, or ends it. Says in words when the browser cannot, or
 * when the person blocked notifications for the site.
 */
import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchPushKey, forgetDevice, messageChannelsKey, registerDevice } from './message-channels-api.ts';
import { currentSubscription, pushSupport, PushUnavailableError, subscribeThisDevice } from './this-device.ts';

type Problem = 'unsupported' | 'blocked' | 'noWorker' | 'failed';

export function ThisDeviceSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(() => {
    const support = pushSupport();
    return support === 'supported' ? null : support;
  });
  // A problem found on pressing the switch is announced; the browser's standing state is only shown.
  const [announced, setAnnounced] = useState(false);

  useEffect(() => {
    if (pushSupport() === 'unsupported') return;
    let live = true;
    currentSubscription()
      .then((subscription) => live && setSubscribed(subscription !== null))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    const json = await subscribeThisDevice(await fetchPushKey());
    await registerDevice(json);
    notify.success(t('profile.messages.device.savedOn'));
  }

  async function turnOff() {
    const subscription = await currentSubscription();
    if (subscription) {
      // Already forgotten by the server (another person's session took it, or it expired): ended here all the same.
      await forgetDevice(subscription.endpoint).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      await subscription.unsubscribe();
    }
    notify.success(t('profile.messages.device.savedOff'));
  }

  async function change(on: boolean) {
    setBusy(true);
    setProblem(null);
    setAnnounced(false);
    try {
      await (on ? turnOn() : turnOff());
      setSubscribed(on);
    } catch (error) {
      const reason: Problem = error instanceof PushUnavailableError ? 'noWorker' : error instanceof DOMException && error.name === 'NotAllowedError' ? 'blocked' : 'failed';
      setProblem(reason);
      setAnnounced(true);
      notify.error(t(`profile.messages.device.${reason}`));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: messageChannelsKey });
    }
  }

  const unavailable = problem === 'unsupported';
  const hintId = `${id}-hint`;
  const checked = subscribed ?? false;
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={unavailable || busy || subscribed === null}
          aria-busy={busy}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
          className="size-5 shrink-0 accent-primary disabled:opacity-60"
        />
        <Label htmlFor={id} className="cursor-pointer py-2 font-medium">
          {t('profile.messages.device.label')}
        </Label>
      </div>
      <p id={hintId} className={problem ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'} role={announced ? 'alert' : undefined}>
        {problem ? t(`profile.messages.device.${problem}`) : checked ? t('profile.messages.device.hintOn') : t('profile.messages.device.hintOff')}
      </p>
    </div>
  );
}
