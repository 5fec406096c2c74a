import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LogIn } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '../../../contract/accounts.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { ApiError, getErrorMessage, getServerMessage } from '../../lib/api-client.ts';
import { homePathFor, useAuth } from '../../lib/auth.tsx';
import { fieldError } from '../../lib/forms.ts';
import { lazySchemaResolver } from '../../lib/lazy-resolver.ts';
import { storageKeys, writeStorage } from '../../lib/storage-keys.ts';
import { notify } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { login, readNeedsVerification, readRefusalReason, readTwoFactorRequired } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import './catalogue.ts';

/** The sign-in schema (contract/), fetched once someone starts filling the form in. */
const loginSchema = lazySchemaResolver(() => import('../../../contract/accounts.ts').then((module) => module.loginBody));

/** What a page leading here may hand over: the address just verified (/verify-email), to sign in with. */
export interface LoginPageState {
  email?: string;
}

function offeredEmail(state: unknown): string {
  const email = (state as LoginPageState | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.login.pageTitle'));
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [initialEmail] = useState(() => offeredEmail(location.state));
  const [formError, setFormError] = useState<string | null>(null);
  // A blocked or deactivated account: why, in the administrator's words (decision 050).
  const [refusalReason, setRefusalReason] = useState<string | null>(null);
  // Set once the server said the password is right and the account (an admin's) also needs a code.
  const [codeAsked, setCodeAsked] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: loginSchema.resolver, defaultValues: { email: initialEmail, password: '', code: '' } });

  useEffect(() => {
    if (codeAsked) setFocus('code');
  }, [codeAsked, setFocus]);

  // With the address already filled in, the password is what is left to type.
  useEffect(() => {
    if (initialEmail) setFocus('password');
  }, [initialEmail, setFocus]);

  // The schema has already trimmed and lowercased the email (member document §5 "Login").
  async function onSubmit(values: LoginBody) {
    setFormError(null);
    setRefusalReason(null);
    try {
      const { token, user } = await login(values);
      auth.login(token, user);
      notify.success(t('auth.login.success'));
      navigate(homePathFor(user), { replace: true });
    } catch (error) {
      const verification = error instanceof ApiError ? readNeedsVerification(error.body) : null;
      if (verification) {
        // Unverified account: remember the email so /verify-email can offer to resend the link.
        const email = verification.email ?? values.email;
        writeStorage(storageKeys.pendingVerificationEmail, email);
        const message = getServerMessage(error);
        if (message) notify.info(message);
        navigate(`/verify-email?email=${encodeURIComponent(email)}`);
        return;
      }
      if (error instanceof ApiError && readTwoFactorRequired(error.body)) {
        // The first answer only asks for the code (the field's hint says where to find it); a later
        // one says what was wrong with the code sent.
        if (codeAsked || values.code) setError('code', { message: error.message }, { shouldFocus: true });
        setCodeAsked(true);
        return;
      }
      // Wrong password, blocked or inactive account: the server's own words say what to do. A refusal
      // without words (from something in between) still says what most likely went wrong.
      const fallback = error instanceof ApiError && error.status === 401 ? t('auth.login.credentialsFailed') : t('auth.login.failed');
      setFormError(getServerMessage(error) ?? getErrorMessage(error, fallback, t('errors.unexpected')));
      const reason = error instanceof ApiError ? readRefusalReason(error.body) : null;
      setRefusalReason(reason && t('auth.login.refusalReason', { reason }));
    }
  }

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} icon={<LogIn aria-hidden />}>
      <form onSubmit={handleSubmit(onSubmit)} onFocus={loginSchema.prefetch} noValidate className="space-y-4">
        <FormAlert message={formError} detail={refusalReason} />
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
        <FormField label={t('auth.fields.password')} error={fieldError(errors.password)}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
        </FormField>
        {codeAsked && (
          <FormField
            label={t('auth.login.codeLabel')}
            hint={t('auth.login.codeHint')}
            error={fieldError(errors.code)}
          >
            {/* A 6-digit code ("123 456" as apps show it) or a recovery code (ABCDE-FGHJK): letters too, up to 16 characters with spaces. */}
            {(control) => (
              <Input {...control} {...register('code')} autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} maxLength={16} />
            )}
          </FormField>
        )}
        <div className="flex justify-end">
          <Link to="/forgot-password" className="rounded text-sm font-medium text-primary hover:underline">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.login.noAccount')}{' '}
          <Link to="/register" className="rounded font-medium text-primary hover:underline">
            {t('auth.login.register')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
