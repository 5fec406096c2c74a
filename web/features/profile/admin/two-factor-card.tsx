/**
 * "Two-factor sign-in" on /admin/profile: whether it is on; Turn on shows a QR code of the otpauth://
 * address (and the key as text, for typing in by hand) and asks for the first code; Turn off asks for
 * the password and a code. Both happen in a dialog, which keeps focus inside and gives it back on close.
 * Turning it on hands out ten recovery codes, shown once in a dialog (recovery-codes-dialog.tsx); while
 * it is on, "New recovery codes" makes a new set (the old one stops working) and shows it the same way.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  stepUpMessages,
  twoFactorCodeField,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorMessages,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../../contract/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import { textOfAnswer, type ServerAnswer } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/format.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { securityChangeKeys } from './sessions-api.ts';
import { createRecoveryCodes, disableTwoFactor, enableTwoFactor, fetchTwoFactorStatus, startTwoFactorSetup, twoFactorKeys } from './two-factor-api.ts';
import './catalogue.ts';

/** Up to 7 characters: apps show the code as "123 456", and the space is allowed. */
const CODE_INPUT_MAX_LENGTH = 7;

/** The current password, as a step-up asks for it: any text but none. */
const currentPasswordField = z.string().min(1, stepUpMessages.passwordRequired);
const setupProofForm = z.object({ currentPassword: currentPasswordField });
const recoveryCodesForm = z.object({ currentPassword: currentPasswordField, code: twoFactorCodeField });
/** The enable form asks for the code only: the password was given a step before. */
const enableForm = twoFactorEnableBody.pick({ code: true });

/**
 * Puts the server's complaints next to the fields they are about (focusing the first); answers the
 * text for the whole form when none of them fit a field.
 */
function showOnFields<T extends FieldValues>(error: unknown, fields: Path<T>[], setError: UseFormSetError<T>, fallback: string): string | null {
  return showServerFieldErrors(error, fields, setError) ? null : getErrorMessage(error, fallback);
}

export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => fetchTwoFactorStatus(signal) });
  /** The set-up waiting for its first code, with the password that started it (sent again to turn it on). */
  const [setup, setSetup] = useState<(TwoFactorSetup & { currentPassword: string }) | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  /** Turn on was pressed: the password is asked for before a secret is made. */
  const [starting, setStarting] = useState(false);
  /** Recovery codes just made, shown once; null when none are on screen. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  /** New recovery codes was pressed: the password and a code are asked for. */
  const [makingCodes, setMakingCodes] = useState(false);
  // A dialog that opens as the step before closes has no opener: these get focus back.
  const mainButton = useRef<HTMLButtonElement>(null);
  const codesButton = useRef<HTMLButtonElement>(null);

  /** A 409 means it was turned on or off elsewhere meanwhile: the dialog closes, saying why, on what is true now. */
  const conflicted = (error: unknown) => {
    setStarting(false);
    setMakingCodes(false);
    notify.error(getErrorMessage(error, t('admin.profile.twoFactor.failed')));
    void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
  };
  /** Each change made here is one of the person's security changes (the list below the sessions). */
  const refreshChanges = () => void queryClient.invalidateQueries({ queryKey: securityChangeKeys.mine });

  function changed(next: TwoFactorStatus, answer: ServerAnswer | undefined) {
    queryClient.setQueryData(twoFactorKeys.status, next);
    refreshChanges();
    notify.success(
      textOfAnswer(answer ?? (next.enabled ? { code: 'twoFactor.enabled', message: twoFactorMessages.enabled } : { code: 'twoFactor.disabled', message: twoFactorMessages.disabled })),
    );
  }

  const enabled = status.data?.enabled === true;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="two-factor-title" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <KeyRound className="size-5 text-primary" aria-hidden />
              <h2 id="two-factor-title" className="text-lg font-semibold">
                {t('admin.profile.twoFactor.title')}
              </h2>
              {status.data && (
                <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? t('admin.profile.twoFactor.on') : t('admin.profile.twoFactor.off')}</Badge>
              )}
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{t('admin.profile.twoFactor.description')}</p>
            {enabled && status.data?.enabledAt && (
              <p className="mt-1 text-sm">{t('admin.profile.twoFactor.onSince', { date: formatDate(status.data.enabledAt, i18n.language) })}</p>
            )}
          </div>
          {status.data && (
            <Button ref={mainButton} variant={enabled ? 'outline' : 'primary'} onClick={enabled ? () => setTurningOff(true) : () => setStarting(true)}>
              {enabled ? t('admin.profile.twoFactor.turnOff') : t('admin.profile.twoFactor.turnOn')}
            </Button>
          )}
        </div>
        {enabled && (
          <div className="flex flex-wrap items-start justify-between gap-3 border-t border-border pt-4">
            <div className="min-w-0 flex-1">
              <h3 className="flex items-center gap-2 font-medium">
                <LifeBuoy className="size-4 text-primary" aria-hidden />
                {t('admin.profile.twoFactor.recoveryCodes.title')}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{t('admin.profile.twoFactor.recoveryCodes.description')}</p>
            </div>
            <Button ref={codesButton} variant="outline" onClick={() => setMakingCodes(true)}>
              {t('admin.profile.twoFactor.recoveryCodes.new')}
            </Button>
          </div>
        )}
        {status.isPending && <Spinner label={t('admin.profile.twoFactor.loading')} />}
        {status.isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(status.error, t('admin.profile.twoFactor.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              {t('admin.profile.twoFactor.retry')}
            </Button>
          </div>
        )}
      </section>

      <Dialog
        open={starting}
        onOpenChange={setStarting}
        title={t('admin.profile.twoFactor.confirmTitle')}
        description={t('admin.profile.twoFactor.confirmDescription')}
      >
        {starting && (
          <SetupProofForm
            onStarted={(started) => {
              setStarting(false);
              setSetup(started);
              refreshChanges();
            }}
            onConflict={conflicted}
          />
        )}
      </Dialog>

      <Dialog
        open={makingCodes}
        onOpenChange={setMakingCodes}
        title={t('admin.profile.twoFactor.recoveryCodes.confirmTitle')}
        description={t('admin.profile.twoFactor.recoveryCodes.confirmDescription')}
      >
        {makingCodes && (
          <RecoveryCodesForm
            onMade={(codes) => {
              setMakingCodes(false);
              setRecoveryCodes(codes);
              refreshChanges();
            }}
            onConflict={conflicted}
          />
        )}
      </Dialog>

      <Dialog
        open={setup !== null}
        returnFocus={mainButton}
        onOpenChange={(open) => !open && setSetup(null)}
        title={t('admin.profile.twoFactor.setupTitle')}
        description={t('admin.profile.twoFactor.setupDescription')}
      >
        {setup && (
          <EnableForm
            setup={setup}
            onEnabled={(next, answer, codes) => {
              setSetup(null);
              changed(next, answer);
              if (codes?.length) setRecoveryCodes(codes);
            }}
          />
        )}
      </Dialog>

      <Dialog
        open={turningOff}
        onOpenChange={setTurningOff}
        title={t('admin.profile.twoFactor.turnOffTitle')}
        description={t('admin.profile.twoFactor.turnOffDescription')}
      >
        {turningOff && (
          <DisableForm
            onDisabled={(next, answer) => {
              setTurningOff(false);
              changed(next, answer);
            }}
          />
        )}
      </Dialog>

      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} returnFocus={codesButton} />
    </Card>
  );
}

/**
 * The otpauth:// address as a QR code: an SVG as a data: URL (the page's CSP allows data: images).
 * undefined while it is drawn; null when it could not be (the key shown as text still works).
 * The QR library is loaded only here: the profile page is also the members' page, and they never need it.
 */
function useQrCode(text: string): string | null | undefined {
  const [dataUrl, setDataUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => current && setDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setDataUrl(null));
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl;
}

/** A refusal that says the state changed elsewhere (409): the dialog closes on a true status. */
const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Turn on, first step: the current password, then a new secret is made. */
function SetupProofForm({ onStarted, onConflict }: { onStarted: (setup: TwoFactorSetup & { currentPassword: string }) => void; onConflict: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(setupProofForm), defaultValues: { currentPassword: '' } });

  async function onSubmit(values: { currentPassword: string }) {
    setFormError(null);
    try {
      onStarted({ ...(await startTwoFactorSetup(values.currentPassword)), currentPassword: values.currentPassword });
    } catch (error) {
      if (isConflict(error)) onConflict(error);
      else setFormError(showOnFields(error, ['currentPassword'], setError, t('admin.profile.twoFactor.failed')));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <FormField label={t('admin.profile.twoFactor.currentPassword')} error={fieldError(errors.currentPassword)}>
        {(control) => <PasswordInput {...control} {...register('currentPassword')} data-autofocus autoComplete="current-password" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('admin.profile.twoFactor.starting') : t('admin.profile.twoFactor.continue')}
        </Button>
      </div>
    </form>
  );
}

/** New recovery codes: the current password and a current code from the app. */
function RecoveryCodesForm({ onMade, onConflict }: { onMade: (codes: string[]) => void; onConflict: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(recoveryCodesForm), defaultValues: { currentPassword: '', code: '' } });

  async function onSubmit(values: z.output<typeof recoveryCodesForm>) {
    setFormError(null);
    try {
      onMade(await createRecoveryCodes(values));
    } catch (error) {
      if (isConflict(error)) onConflict(error);
      else setFormError(showOnFields(error, ['currentPassword', 'code'], setError, t('admin.profile.twoFactor.failed')));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <FormField label={t('admin.profile.twoFactor.currentPassword')} error={fieldError(errors.currentPassword)}>
        {(control) => <PasswordInput {...control} {...register('currentPassword')} data-autofocus autoComplete="current-password" />}
      </FormField>
      <FormField label={t('admin.profile.twoFactor.codeLabel')} error={fieldError(errors.code)}>
        {(control) => <Input {...control} {...register('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_INPUT_MAX_LENGTH} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('admin.profile.twoFactor.recoveryCodes.making') : t('admin.profile.twoFactor.recoveryCodes.make')}
        </Button>
      </div>
    </form>
  );
}

/** The key in groups of four, as apps that take it by hand show it; they ignore the spaces. */
const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function EnableForm({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup & { currentPassword: string };
  onEnabled: (status: TwoFactorStatus, answer?: ServerAnswer, recoveryCodes?: string[]) => void;
}) {
  const { t } = useTranslation();
  const qrCode = useQrCode(setup.otpauthUrl);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(enableForm), defaultValues: { code: '' } });

  async function onSubmit(values: { code: string }) {
    setFormError(null);
    try {
      const { status, answer, recoveryCodes } = await enableTwoFactor({ code: values.code, currentPassword: setup.currentPassword });
      onEnabled(status, answer, recoveryCodes);
    } catch (error) {
      setFormError(showOnFields(error, ['code'], setError, t('admin.profile.twoFactor.failed')));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormAlert message={formError} />
      {qrCode !== null && (
        <div className="flex justify-center">
          {qrCode ? (
            <img src={qrCode} alt={t('admin.profile.twoFactor.qrAlt')} width={192} height={192} className="size-48 rounded-lg bg-white p-1" />
          ) : (
            <Spinner className="size-48 justify-center" />
          )}
        </div>
      )}
      <FormField label={t('admin.profile.twoFactor.secretLabel')}>
        {(control) => <Input {...control} readOnly value={groupedKey(setup.secret)} autoComplete="off" spellCheck={false} className="font-mono" />}
      </FormField>
      <FormField label={t('admin.profile.twoFactor.codeLabel')} error={fieldError(errors.code)}>
        {/* Focused first (rather than the dialog's first control): the code is what the dialog asks for. */}
        {(control) => <Input {...control} {...register('code')} data-autofocus inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_INPUT_MAX_LENGTH} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('admin.profile.twoFactor.confirming') : t('admin.profile.twoFactor.confirm')}
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ onDisabled }: { onDisabled: (status: TwoFactorStatus, answer?: ServerAnswer) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(twoFactorDisableBody), defaultValues: { password: '', code: '' } });

  async function onSubmit(values: { password: string; code: string }) {
    setFormError(null);
    try {
      const { status, answer } = await disableTwoFactor(values);
      onDisabled(status, answer);
    } catch (error) {
      setFormError(showOnFields(error, ['password', 'code'], setError, t('admin.profile.twoFactor.failed')));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <FormField label={t('admin.profile.twoFactor.password')} error={fieldError(errors.password)}>
        {(control) => <PasswordInput {...control} {...register('password')} data-autofocus autoComplete="current-password" />}
      </FormField>
      <FormField label={t('admin.profile.twoFactor.codeLabel')} error={fieldError(errors.code)}>
        {(control) => <Input {...control} {...register('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_INPUT_MAX_LENGTH} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('admin.profile.twoFactor.turningOff') : t('admin.profile.twoFactor.turnOff')}
        </Button>
      </div>
    </form>
  );
}
