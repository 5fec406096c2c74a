/**
 * The forms inside the two-factor dialogs: the password before set-up, the first code (with the QR code
 * and the key as text), new recovery codes, and turning it off.
 */
import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { stepUpMessages, twoFactorCodeField, twoFactorDisableBody, twoFactorEnableBody, type TwoFactorSetup, type TwoFactorStatus } from '../../../../contract/accounts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import type { ServerAnswer } from '../../../lib/i18n.ts';
import { createRecoveryCodes, disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './two-factor-api.ts';

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
export function SetupProofForm({ onStarted, onConflict }: { onStarted: (setup: TwoFactorSetup & { currentPassword: string }) => void; onConflict: (error: unknown) => void }) {
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
export function RecoveryCodesForm({ onMade, onConflict }: { onMade: (codes: string[]) => void; onConflict: (error: unknown) => void }) {
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

export function EnableForm({
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

export function DisableForm({ onDisabled }: { onDisabled: (status: TwoFactorStatus, answer?: ServerAnswer) => void }) {
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
