import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountMessages, passwordField } from '../../../contract/accounts.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { getErrorMessage, getServerMessage } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/forms.ts';
import { textOfAnswer } from '../../lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { resetPassword } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import './catalogue.ts';

/** The contract's reset body without the token, which comes from the link rather than the form. */
const newPasswordForm = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.resetPassword.pageTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '', confirmPassword: '' } });

  // A link without a token cannot reset anything: say so once, then offer a new link.
  const warned = useRef(false);
  useEffect(() => {
    if (!token && !warned.current) {
      warned.current = true;
      notify.error(t('auth.resetPassword.missingToken'));
    }
  }, [token, t]);
  if (!token) return <Navigate to="/forgot-password" replace />;

  async function onSubmit(values: z.output<typeof newPasswordForm>) {
    setFormError(null);
    try {
      const response = await resetPassword({ token: token!, ...values });
      notify.success(response.message ? textOfAnswer(response) : t('auth.resetPassword.success'));
      setDone(true);
    } catch (error) {
      setFormError(getServerMessage(error) ?? getErrorMessage(error, t('auth.resetPassword.failed'), t('errors.unexpected')));
    }
  }

  if (done) {
    return (
      <AuthLayout title={t('auth.resetPassword.successTitle')} icon={<CircleCheck aria-hidden />}>
        <p className="text-center text-muted-foreground" role="status">
          {t('auth.resetPassword.successMessage')}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/login">{t('auth.resetPassword.goToLogin')}</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.subtitle')} icon={<LockKeyhole aria-hidden />}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormAlert message={formError} />
        <FormField label={t('auth.fields.newPassword')} hint={t('auth.fields.passwordHint')} error={fieldError(errors.password)}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField label={t('auth.fields.confirmNewPassword')} error={fieldError(errors.confirmPassword)}>
          {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth.resetPassword.submitting') : t('auth.resetPassword.submit')}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="rounded font-medium text-primary hover:underline">
            {t('common.backToLogin')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
