import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountMessages, authMessages, formatCnicInput, registerBody } from '../../../contract/accounts.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { fieldError, showServerFieldErrors } from '../../lib/forms.ts';
import { textOfAnswer, currentLanguage } from '../../lib/i18n.ts';
import { storageKeys, writeStorage } from '../../lib/storage-keys.ts';
import { notify } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { register as registerAccount } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import './catalogue.ts';

/** The server's schema plus the confirmation field, which only the form has. */
const registerForm = registerBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

type RegisterField = keyof z.input<typeof registerForm>;
const serverFields: RegisterField[] = ['name', 'email', 'phone', 'cnic', 'password', 'referralCode'];

/** The CNIC field's longest text: 13 digits and two dashes (member document §9). */
const CNIC_INPUT_MAX_LENGTH = 15;

export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.register.pageTitle'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      cnic: '',
      password: '',
      confirmPassword: '',
      // A referral link is /register?ref=CODE: the code is filled in for the new member.
      referralCode: searchParams.get('ref') ?? '',
    },
  });

  async function onSubmit(values: z.output<typeof registerForm>) {
    setFormError(null);
    // The schema has trimmed and lowercased the email, reduced the CNIC to its 13 digits and
    // turned empty optional fields into undefined, which JSON leaves out of the payload.
    const { confirmPassword: _confirmation, ...payload } = values;
    try {
      // The language the page is read in: the verification email, and everything after, come in it.
      const response = await registerAccount({ ...payload, language: currentLanguage() });
      writeStorage(storageKeys.pendingVerificationEmail, payload.email);
      notify.success(textOfAnswer(response.message ? response : { code: 'auth.registered', message: authMessages.registered }));
      navigate(`/verify-email?email=${encodeURIComponent(payload.email)}`);
    } catch (error) {
      if (!showServerFieldErrors(error, serverFields, setError)) setFormError(getErrorMessage(error, t('auth.register.failed'), t('errors.unexpected')));
    }
  }

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} icon={<UserPlus aria-hidden />}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormAlert message={formError} />
        <FormField label={t('auth.fields.name')} error={fieldError(errors.name)}>
          {(control) => (
            <Input {...control} {...register('name')} autoComplete="name" placeholder={t('auth.fields.namePlaceholder')} />
          )}
        </FormField>
        <FormField label={t('auth.fields.email')} error={fieldError(errors.email)}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('auth.fields.emailPlaceholder')}
            />
          )}
        </FormField>
        <FormField label={t('auth.fields.phone')} optional error={fieldError(errors.phone)}>
          {(control) => (
            <Input
              {...control}
              {...register('phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('auth.fields.phonePlaceholder')}
            />
          )}
        </FormField>
        <FormField label={t('auth.fields.cnic')} optional hint={t('auth.fields.cnicHint')} error={fieldError(errors.cnic)}>
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
                  // Shown as 12345-1234567-1 while typing; sent as the 13 digits.
                  event.target.value = formatCnicInput(event.target.value);
                  return field.onChange(event);
                }}
              />
            );
          }}
        </FormField>
        <FormField label={t('auth.fields.password')} hint={t('auth.fields.passwordHint')} error={fieldError(errors.password)}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField label={t('auth.fields.confirmPassword')} error={fieldError(errors.confirmPassword)}>
          {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
        </FormField>
        <FormField label={t('auth.fields.referralCode')} optional hint={t('auth.fields.referralCodeHint')} error={fieldError(errors.referralCode)}>
          {(control) => <Input {...control} {...register('referralCode')} autoComplete="off" autoCapitalize="characters" />}
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className="rounded font-medium text-primary hover:underline">
            {t('auth.register.signIn')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
