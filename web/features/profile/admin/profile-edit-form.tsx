/**
 * Edit Profile: name, email, phone and CNIC and, optionally, a new password; a new email or password asks
 * for the current password, and the authenticator code when two-factor is on (step-up).
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authMessages, formatCnicInput, type PublicUser } from '../../../../contract/accounts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { changePassword, profileKeys, saveProfile } from './api.ts';
import { emailChanges, formValuesOf, needsStepUp, passwordPart, profileFormFor, profilePart, wantsPasswordChange, type ProfileFormInput, type ProfileFormValues } from './profile-form.ts';
import { securityChangeKeys } from './sessions-api.ts';
import { fetchTwoFactorStatus, twoFactorKeys } from './two-factor-api.ts';

type FormField = keyof ProfileFormInput;
const profileFields: FormField[] = ['name', 'email', 'phone', 'cnic', 'currentPassword', 'code'];
const passwordFields: FormField[] = ['currentPassword', 'newPassword', 'confirmPassword', 'code'];
/** Conflicts the server reports as a message only, and the field each belongs to. */
const conflictFields: Partial<Record<string, FormField>> = { [authMessages.emailTaken]: 'email', [authMessages.cnicTaken]: 'cnic' };
/** 13 digits and two dashes. */
const CNIC_INPUT_MAX_LENGTH = 15;
export function ProfileEditForm({
  user,
  onCancel,
  onSaved,
  onNotice,
}: {
  user: PublicUser;
  onCancel: () => void;
  onSaved: (notices: string[]) => void;
  onNotice: (notices: string[]) => void;
}) {
  const { t } = useTranslation();
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // Only administrators can have two-factor sign-in; theirs decides whether a code is asked for.
  const twoFactor = useQuery({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => fetchTwoFactorStatus(signal), enabled: user.role === 'ADMIN' });
  const twoFactorOn = twoFactor.data?.enabled === true;
  const form = useMemo(() => profileFormFor(user.email, twoFactorOn), [user.email, twoFactorOn]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({ resolver: zodResolver(form), defaultValues: formValuesOf(user) });
  const stepUp = needsStepUp({ email: watch('email'), newPassword: watch('newPassword'), confirmPassword: watch('confirmPassword') }, user.email);

  useEffect(() => setFocus('name'), [setFocus]);

  function failed(error: unknown, fields: FormField[]) {
    const message = getErrorMessage(error, t('profile.updateFailed'));
    notify.error(message);
    if (!showServerFieldErrors(error, fields, setError, (conflict) => conflictFields[conflict.message])) setFormError(message);
  }

  async function onSubmit(values: ProfileFormValues) {
    setFormError(null);
    const notices: string[] = [];
    // A code from the app is used once: two changes that each ask for one cannot share it.
    if (twoFactorOn && wantsPasswordChange(values) && emailChanges(values.email, user.email)) {
      setFormError(t('profile.oneAtATime'));
      return;
    }
    let proven = values;

    // The password first: when the current one is wrong, nothing at all has changed.
    if (wantsPasswordChange(values)) {
      try {
        await changePassword(passwordPart(values, twoFactorOn));
      } catch (error) {
        failed(error, passwordFields);
        return;
      }
      notices.push(t('profile.passwordChanged'));
      passwordFields.forEach((field) => resetField(field, { defaultValue: '' }));
      // A new email asked for with it is proven by the password as it now is.
      proven = { ...values, currentPassword: values.newPassword };
    }

    try {
      const saved = await saveProfile(profilePart(proven, user.email, twoFactorOn));
      if (saved.user) queryClient.setQueryData(profileKeys.me, saved.user);
      if (saved.emailChangePending) notices.push(t('profile.emailChangePending', { email: values.email }));
    } catch (error) {
      if (notices.length > 0) onNotice([...notices, t('profile.profileNotSaved')]);
      failed(error, profileFields);
      return;
    }

    notify.success(t('profile.updated'));
    // The header shows the new name.
    await refresh();
    void queryClient.invalidateQueries({ queryKey: profileKeys.me });
    void queryClient.invalidateQueries({ queryKey: securityChangeKeys.mine });
    onSaved(notices);
  }

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="profile-edit-title" className="space-y-6">
        <h2 id="profile-edit-title" className="text-lg font-semibold">
          {t('profile.editTitle')}
        </h2>
        <FormAlert message={formError} />
        <fieldset className="space-y-4">
          <legend className="mb-2 font-medium">{t('profile.personalInfo')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('profile.fields.name')} error={fieldError(errors.name)}>
              {(control) => <Input {...control} {...register('name')} autoComplete="name" maxLength={100} />}
            </FormField>
            <FormField label={t('profile.fields.email')} hint={t('profile.emailHint')} error={fieldError(errors.email)}>
              {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" maxLength={254} />}
            </FormField>
            <FormField label={t('profile.fields.phone')} optional error={fieldError(errors.phone)}>
              {(control) => <Input {...control} {...register('phone')} type="tel" autoComplete="tel" maxLength={20} placeholder={t('auth.fields.phonePlaceholder')} />}
            </FormField>
            <FormField label={t('profile.fields.cnic')} optional hint={t('auth.fields.cnicHint')} error={fieldError(errors.cnic)}>
              {(control) => {
                const field = register('cnic');
                return (
                  <Input
                    {...control}
                    {...field}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={CNIC_INPUT_MAX_LENGTH}
                    placeholder={t('auth.fields.cnicPlaceholder')}
                    onChange={(event) => {
                      event.target.value = formatCnicInput(event.target.value);
                      return field.onChange(event);
                    }}
                  />
                );
              }}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="space-y-4 border-t border-border pt-5">
          <legend className="font-medium">{t('profile.changePassword')}</legend>
          <p className="text-sm text-muted-foreground">{t('profile.changePasswordHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('profile.newPassword')} hint={t('auth.fields.passwordHint')} error={fieldError(errors.newPassword)}>
              {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
            </FormField>
            <FormField label={t('profile.confirmPassword')} error={fieldError(errors.confirmPassword)}>
              {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="space-y-4 border-t border-border pt-5" aria-describedby="profile-step-up-hint">
          <legend className="font-medium">{t('profile.confirmChange')}</legend>
          <p id="profile-step-up-hint" className="text-sm text-muted-foreground">
            {t('profile.confirmChangeHint')}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('profile.currentPassword')} error={fieldError(errors.currentPassword)}>
              {(control) => <PasswordInput {...control} {...register('currentPassword')} aria-required={stepUp} autoComplete="current-password" />}
            </FormField>
            {twoFactorOn && (
              <FormField label={t('profile.code')} error={fieldError(errors.code)}>
                {(control) => <Input {...control} {...register('code')} aria-required={stepUp} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />}
              </FormField>
            )}
          </div>
        </fieldset>

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
