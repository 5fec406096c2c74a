/**
 * "Confirm phone" (decision 057): send a 6-digit code to the profile's phone (by WhatsApp or SMS, as the
 * service is set up), type it back. A new code may be asked for once the minute after the last one has
 * passed; every refusal is said in words (a wrong code with the tries it has left). Radix keeps focus in
 * the dialog; the code field takes it as soon as the code is sent.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_DIGITS } from '../../../../contract/phone-confirmation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { textOfAnswer, textOfFieldMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import type { ProfileWithPhone } from './phone-api.ts';
import { confirmPhoneCode, sendPhoneCode, triesLeftOf, type PhoneCodeSent } from './phone-api.ts';

/** The server's own words for a refusal it names (phone.sendFailed, phone.codeExpired, …), else the usual ones. */
function refusalText(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.code?.startsWith('phone.') ? textOfAnswer(failure) : getErrorMessage(failure, fallback);
}

/** Seconds until a moment, counted down once a second while it is ahead. */
function useSecondsUntil(moment: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const until = moment ? Date.parse(moment) : 0;
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function PhoneConfirmationDialog({ open, phone, onClose, onConfirmed }: { open: boolean; phone: string; onClose: () => void; onConfirmed: (user: ProfileWithPhone) => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ form?: string; code?: string } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const waitSeconds = useSecondsUntil(sent?.resendAt);
  const statusId = useId();

  useEffect(() => {
    if (sent) codeInput.current?.focus();
  }, [sent]);

  function close() {
    setSent(null);
    setCode('');
    setError(null);
    onClose();
  }

  async function send() {
    setSending(true);
    setError(null);
    try {
      const answer = await sendPhoneCode();
      setSent(answer);
      setCode('');
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors?.phone : undefined;
      setError({ form: field ? textOfFieldMessage(field) : refusalText(failure, t('profile.phone.sendFailed')) });
    } finally {
      setSending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!new RegExp(`^[0-9۰-۹٠-٩]{${PHONE_CODE_DIGITS}}$`).test(code.trim())) {
      setError({ code: t('profile.phone.codeInvalid') });
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const user = await confirmPhoneCode(code.trim());
      notify.success(t('profile.phone.confirmedToast'));
      onConfirmed(user);
      close();
    } catch (failure) {
      const triesLeft = triesLeftOf(failure);
      const field = failure instanceof ApiError ? failure.errors?.code : undefined;
      if (triesLeft === 0) setError({ code: t('profile.phone.wrongCodeLast') });
      else if (triesLeft !== undefined) setError({ code: t('profile.phone.wrongCode', { count: triesLeft }) });
      else if (field) setError({ code: textOfFieldMessage(field) });
      else setError({ form: refusalText(failure, t('profile.phone.confirmFailed')) });
      codeInput.current?.focus();
    } finally {
      setChecking(false);
    }
  }

  const channel = sent ? t(`profile.phone.channel.${sent.channel}`) : '';
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title={t('profile.phone.dialogTitle')}
      description={sent ? t('profile.phone.sentTo', { channel, phone: sent.phone }) : t('profile.phone.willSend', { phone })}
    >
      <div className="space-y-4">
        <FormAlert message={error?.form} />
        {sent ? (
          <form onSubmit={(event) => void confirm(event)} noValidate aria-label={t('profile.phone.dialogTitle')} className="space-y-4">
            <FormField label={t('profile.phone.codeLabel')} error={error?.code} hint={t('profile.phone.codeHint')}>
              {(control) => (
                <Input
                  {...control}
                  ref={codeInput}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={PHONE_CODE_DIGITS + 2}
                  className="font-mono text-lg tracking-widest"
                />
              )}
            </FormField>
            <p id={statusId} className="text-sm text-muted-foreground" aria-live="polite">
              {waitSeconds > 0 ? t('profile.phone.resendIn', { count: waitSeconds }) : t('profile.phone.resendReady')}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" disabled={waitSeconds > 0 || sending} aria-busy={sending} aria-describedby={statusId} onClick={() => void send()}>
                {sending ? t('profile.phone.sending') : t('profile.phone.resend')}
              </Button>
              <Button type="submit" disabled={checking} aria-busy={checking}>
                {checking ? t('profile.phone.confirming') : t('profile.phone.confirm')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button data-autofocus disabled={sending} aria-busy={sending} onClick={() => void send()}>
              {sending ? t('profile.phone.sending') : t('profile.phone.send')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
