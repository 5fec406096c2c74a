/**
 * /admin/profile (admin document §2 "Profile"): name, email, the role badge with 'Administrator
 * Access', member since; Edit Profile to change name, email, phone and CNIC and, optionally, the
 * password (current, new with show/hide, confirm). Saved through the API: the profile by PUT
 * /api/profile, the password by PUT /api/profile/password (other devices are signed out). A new email
 * or password asks for the current password, and the authenticator code when two-factor is on (step-up).
 * Below, the opt-in two-factor sign-in (two-factor-card.tsx, administrators), and the sessions
 * (sessions-card.tsx, everyone): where they are signed in, and signing out the other devices.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CircleCheck, Pencil, ShieldCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { authMessages, formatCnicInput, type PublicUser } from '../../../../contract/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { formatCnic, formatDate, formatDateTime } from '../../../lib/format.ts';
import { changePassword, fetchProfile, profileKeys, saveProfile } from './api.ts';
import { emailChanges, formValuesOf, needsStepUp, passwordPart, profileFormFor, profilePart, wantsPasswordChange, type ProfileFormInput, type ProfileFormValues } from './profile-form.ts';
import { SecurityChangesPanel } from './security-changes.tsx';
import { securityChangeKeys } from './sessions-api.ts';
import { fetchTwoFactorStatus, twoFactorKeys } from './two-factor-api.ts';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import './catalogue.ts';

type FormField = keyof ProfileFormInput;
const profileFields: FormField[] = ['name', 'email', 'phone', 'cnic', 'currentPassword', 'code'];
const passwordFields: FormField[] = ['currentPassword', 'newPassword', 'confirmPassword', 'code'];
/** Conflicts the server reports as a message only, and the field each belongs to. */
const conflictFields: Partial<Record<string, FormField>> = { [authMessages.emailTaken]: 'email', [authMessages.cnicTaken]: 'cnic' };
/** 13 digits and two dashes. */
const CNIC_INPUT_MAX_LENGTH = 15;

export function AdminProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.pageTitle'));
  const { user: signedIn } = useAuth();
  const profile = useQuery({ queryKey: profileKeys.me, queryFn: ({ signal }) => fetchProfile(signal) });
  // The signed-in user is shown at once; the server's fresh copy replaces it when it arrives.
  const user = profile.data ?? signedIn;
  const [editing, setEditing] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the form puts the focus back on Edit Profile.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('profile.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('profile.subtitle')}</p>
      </div>

      {notices.length > 0 && (
        <div role="status" className="flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <div className="flex-1 space-y-1">
            {notices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </div>
          <button type="button" onClick={() => setNotices([])} aria-label={t('profile.dismiss')} className="rounded p-1 text-muted-foreground hover:bg-muted">
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}

      {!user ? (
        profile.isError ? (
          <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
            <p className="font-medium">{getErrorMessage(profile.error, t('profile.loadFailed'))}</p>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          </Card>
        ) : (
          <Spinner label={t('profile.loading')} className="justify-center py-10" />
        )
      ) : (
        <>
          <ProfileSummary user={user} />
          {editing ? (
            <ProfileEditForm
              user={user}
              onCancel={() => setEditing(false)}
              onSaved={(messages) => {
                setNotices(messages);
                setEditing(false);
              }}
              onNotice={setNotices}
            />
          ) : (
            <ProfileDetails
              user={user}
              editButton={editButton}
              onEdit={() => {
                setNotices([]);
                setEditing(true);
              }}
            />
          )}
          {/* Offered to administrators only; the server refuses it to members. */}
          {user.role === 'ADMIN' && <TwoFactorCard />}
          <SessionsCard />
          <SecurityChangesPanel />
        </>
      )}
    </div>
  );
}

function ProfileSummary({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const admin = user.role === 'ADMIN';
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="scale-125 sm:ms-1">
          <UserAvatar name={user.name} />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold break-words">{user.name}</h2>
          <p className="break-all text-muted-foreground">{user.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={admin ? 'info' : 'neutral'}>{t(`profile.roles.${user.role}`)}</Badge>
            {admin && (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                <ShieldCheck className="size-4" aria-hidden />
                {t('admin.profile.administratorAccess')}
              </span>
            )}
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden />
          {t('profile.memberSince', { date: formatDate(user.createdAt, i18n.language) })}
        </p>
      </div>
    </Card>
  );
}

function ProfileDetails({ user, onEdit, editButton }: { user: PublicUser; onEdit: () => void; editButton: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useTranslation();
  const notProvided = <span className="text-muted-foreground">{t('profile.notProvided')}</span>;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="profile-details-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-details-title" className="text-lg font-semibold">
            {t('profile.details')}
          </h2>
          <Button ref={editButton} onClick={onEdit}>
            <Pencil aria-hidden />
            {t('profile.edit')}
          </Button>
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Detail label={t('profile.fields.name')}>{user.name}</Detail>
          <Detail label={t('profile.fields.email')}>{user.email}</Detail>
          <Detail label={t('profile.fields.phone')}>{user.phone || notProvided}</Detail>
          <Detail label={t('profile.fields.cnic')}>{user.cnic ? formatCnic(user.cnic) : notProvided}</Detail>
          <Detail label={t('profile.fields.referralCode')}>
            <span className="font-mono">{user.referralCode}</span>
          </Detail>
          <Detail label={t('profile.fields.lastLogin')}>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : notProvided}</Detail>
        </dl>
      </section>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}

function ProfileEditForm({
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
