import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX, Mail } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailOnlyBody, type EmailOnlyBody } from '../../../contract/accounts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getErrorMessage, getServerMessage } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/forms.ts';
import { textOfAnswer } from '../../lib/i18n.ts';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../lib/storage-keys.ts';
import { notify } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { resendVerification, verifyEmail, type MessageResponse } from './api.ts';
import { AuthLayout } from './auth-layout.tsx';
import type { LoginPageState } from './login-page.tsx';
import './catalogue.ts';

/** After a successful verification the page moves on to /login by itself (member document §9). */
export const REDIRECT_AFTER_VERIFY_MS = 3_000;

/**
 * A verification token works once. React's StrictMode (and any remount) would run the effect
 * again, so each token's call is made once per page load and shared by every caller.
 */
const verifications = new Map<string, Promise<MessageResponse>>();
function verifyOnce(token: string): Promise<MessageResponse> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
  }
  return pending;
}

type VerifyState = { kind: 'verifying' } | { kind: 'success'; message: string } | { kind: 'error'; message: string } | { kind: 'check-email' };

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // A new token in the address starts afresh.
  return <VerifyEmail key={token ?? ''} token={token} emailParam={searchParams.get('email')} />;
}

function VerifyEmail({ token, emailParam }: { token: string | null; emailParam: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.verifyEmail.pageTitle'));
  const navigate = useNavigate();
  const [state, setState] = useState<VerifyState>(token ? { kind: 'verifying' } : { kind: 'check-email' });
  const [promptOpen, setPromptOpen] = useState(false);
  const [resending, setResending] = useState(false);

  const knownEmail = validEmail(emailParam) ?? validEmail(readStorage(storageKeys.pendingVerificationEmail));
  // The address being verified, kept past the success (which forgets the remembered one): the sign-in
  // form that follows is filled in with it.
  const [verifiedEmail] = useState(knownEmail);
  const loginState: LoginPageState = { email: verifiedEmail };

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyOnce(token).then(
      (response) => {
        removeStorage(storageKeys.pendingVerificationEmail);
        if (current) setState({ kind: 'success', message: response.message ? textOfAnswer(response) : t('auth.verifyEmail.successMessage') });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'error', message: getServerMessage(error) ?? getErrorMessage(error, t('auth.verifyEmail.failed'), t('auth.verifyEmail.unexpected')) });
      },
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate('/login', { replace: true, state: { email: verifiedEmail } satisfies LoginPageState }), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate, verifiedEmail]);

  async function resend(email: string) {
    setResending(true);
    try {
      await resendVerification({ email });
      writeStorage(storageKeys.pendingVerificationEmail, email);
      notify.success(t('auth.verifyEmail.resendSuccess'));
    } catch (error) {
      notify.error(getErrorMessage(error, t('auth.verifyEmail.resendFailed'), t('auth.verifyEmail.resendUnexpected')));
    } finally {
      setResending(false);
    }
  }

  function onResendClick() {
    // The address to send to: the link's, else the one remembered at registration or login, else ask.
    if (knownEmail) void resend(knownEmail);
    else setPromptOpen(true);
  }

  const resendButton = (
    <Button onClick={onResendClick} disabled={resending} className="w-full">
      {resending ? t('auth.verifyEmail.resending') : t('auth.verifyEmail.resend')}
    </Button>
  );
  const prompt = (
    <EmailPrompt
      open={promptOpen}
      onOpenChange={setPromptOpen}
      onSubmit={(email) => {
        setPromptOpen(false);
        void resend(email);
      }}
    />
  );

  switch (state.kind) {
    case 'verifying':
      return (
        <AuthLayout title={t('auth.verifyEmail.verifyingTitle')}>
          <Spinner label={t('auth.verifyEmail.verifyingMessage')} className="justify-center" />
        </AuthLayout>
      );
    case 'success':
      return (
        <AuthLayout title={t('auth.verifyEmail.successTitle')} icon={<CircleCheck aria-hidden />}>
          <div role="status" className="space-y-2 text-center">
            <p>{state.message}</p>
            <p className="text-sm text-muted-foreground">{t('auth.verifyEmail.redirecting')}</p>
          </div>
          <Button asChild className="mt-6 w-full">
            <Link to="/login" state={loginState} replace>
              {t('auth.verifyEmail.goToLogin')}
            </Link>
          </Button>
        </AuthLayout>
      );
    case 'error':
      return (
        <AuthLayout title={t('auth.verifyEmail.errorTitle')} icon={<CircleX aria-hidden />}>
          <p role="alert" className="text-center text-muted-foreground">
            {state.message}
          </p>
          <div className="mt-6 flex flex-col gap-2">
            {resendButton}
            <Button variant="outline" asChild>
              <Link to="/login">{t('common.backToLogin')}</Link>
            </Button>
          </div>
          {prompt}
        </AuthLayout>
      );
    case 'check-email':
      return (
        <AuthLayout title={t('auth.verifyEmail.checkEmailTitle')} icon={<Mail aria-hidden />}>
          <div className="space-y-2 text-center text-muted-foreground">
            <p>{knownEmail ? t('auth.verifyEmail.sentTo', { email: knownEmail }) : t('auth.verifyEmail.sentToYou')}</p>
            <p>{t('auth.verifyEmail.expiry')}</p>
            <p className="text-sm">{t('auth.verifyEmail.noEmail')}</p>
          </div>
          <div className="mt-6 flex flex-col gap-2">
            {resendButton}
            <Button variant="outline" asChild>
              <Link to="/login">{t('common.backToLogin')}</Link>
            </Button>
          </div>
          {prompt}
        </AuthLayout>
      );
  }
}

function validEmail(value: string | null): string | undefined {
  const parsed = emailOnlyBody.safeParse({ email: value ?? '' });
  return parsed.success ? parsed.data.email : undefined;
}

/** Asks for the address to resend the link to. Cancel closes it and sends nothing. */
function EmailPrompt({ open, onOpenChange, onSubmit }: { open: boolean; onOpenChange: (open: boolean) => void; onSubmit: (email: string) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyBody), defaultValues: { email: '' } });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('auth.verifyEmail.promptTitle')} description={t('auth.verifyEmail.promptDescription')}>
      <form onSubmit={handleSubmit((values: EmailOnlyBody) => onSubmit(values.email))} noValidate className="space-y-4">
        <FormField label={t('auth.fields.email')} error={fieldError(errors.email)}>
          {(control) => (
            <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" placeholder={t('auth.fields.emailPlaceholder')} />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit">{t('auth.verifyEmail.promptSubmit')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
