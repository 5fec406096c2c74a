import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmailOnlyBody } from '../../../contract/accounts.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/forms.ts';
import { lazySchemaResolver } from '../../lib/lazy-resolver.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { forgotPassword } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import './catalogue.ts';

/** The form's schema (contract/), fetched once someone starts filling the form in. */
const emailSchema = lazySchemaResolver(() => import('../../../contract/accounts.ts').then((module) => module.emailOnlyBody));

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.forgotPassword.pageTitle'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: emailSchema.resolver, defaultValues: { email: '' } });

  async function onSubmit(values: EmailOnlyBody) {
    setFormError(null);
    try {
      await forgotPassword(values);
      setSentTo(values.email);
    } catch (error) {
      setFormError(getErrorMessage(error, t('auth.forgotPassword.failed'), t('errors.unexpected')));
    }
  }

  if (sentTo) {
    // The server answers the same for every address, so this never reveals whether an account exists.
    return (
      <AuthLayout title={t('auth.forgotPassword.sentTitle')} icon={<MailCheck aria-hidden />}>
        <p className="text-center text-muted-foreground" role="status">
          {t('auth.forgotPassword.sentMessage', { email: sentTo })}
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button
            variant="outline"
            onClick={() => {
              reset({ email: '' });
              setSentTo(null);
            }}
          >
            {t('auth.forgotPassword.tryAnotherEmail')}
          </Button>
          <Button asChild>
            <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')} icon={<KeyRound aria-hidden />}>
      <form onSubmit={handleSubmit(onSubmit)} onFocus={emailSchema.prefetch} noValidate className="space-y-4">
        <FormAlert message={formError} />
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
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="rounded font-medium text-primary hover:underline">
            {t('auth.forgotPassword.backToLogin')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
