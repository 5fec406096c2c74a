/**
 * The account calls (member document §7 "Auth"). Request bodies and answers are the shared contract's
 * types; the user in an answer is checked against the contract's schema before it is trusted.
 */
import type { z } from 'zod';
import type { EmailOnlyBody, LoginBody, loginRefusal, PublicUser, RegisterBody, ResetPasswordBody } from '../../../contract/accounts.ts';
import type { messageAnswer } from '../../../contract/answers.ts';
import { api, readAnswer } from '../../lib/api-client.ts';

/** An answer that only says what happened. */
export type MessageResponse = z.output<typeof messageAnswer>;

/**
 * The answers' schemas load beside the request they read, not with the page: the sign-in page's first
 * load stays without zod's full build (decision 041).
 */
const accountSchemas = () => import('../../../contract/accounts.ts');
const answerSchemas = () => import('../../../contract/answers.ts');

export async function login(body: LoginBody): Promise<{ token: string; user: PublicUser; message?: string }> {
  // A 401 here is a wrong password, not a dead session.
  const [{ loginAnswer }, answer] = await Promise.all([accountSchemas(), api.post('/auth/login', body, { skipUnauthorizedHandler: true })]);
  const { token, user, message } = readAnswer(loginAnswer, answer);
  return { token, user, message };
}

/** A call whose answer only says what happened, read by its schema. */
async function said(request: Promise<unknown>): Promise<MessageResponse> {
  const [{ messageAnswer }, answer] = await Promise.all([answerSchemas(), request]);
  return readAnswer(messageAnswer, answer);
}

export function register(body: RegisterBody): Promise<MessageResponse> {
  // Not retried: a repeated registration would answer "already exists" for an account just made.
  return said(api.post('/auth/register', body, { retries: 0 }));
}

export function forgotPassword(body: EmailOnlyBody): Promise<MessageResponse> {
  return said(api.post('/auth/forgot-password', body));
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  // Not retried: the reset token is single use, so a second attempt would always be refused.
  return said(api.post('/auth/reset-password', body, { retries: 0 }));
}

export function verifyEmail(token: string): Promise<MessageResponse> {
  // Not retried for the same reason: the verification token is single use.
  return said(api.get('/auth/verify-email', { token }, { retries: 0 }));
}

export function resendVerification(body: EmailOnlyBody): Promise<MessageResponse> {
  return said(api.post('/auth/resend-verification', body));
}

/** Whether a failed login answer asks for email verification first (with the email to verify). */
export function readNeedsVerification(body: unknown): { email?: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { needsVerification?: unknown; email?: unknown };
  if (record.needsVerification !== true) return null;
  return { email: typeof record.email === 'string' ? record.email : undefined };
}

/** The administrator's reason in a blocked or deactivated account's refusal, when they gave one. */
export function readRefusalReason(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const reason = (body as z.output<typeof loginRefusal>).reason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

/** Whether a failed login answer asks for a code from the authenticator app (admins with two-factor sign-in on). */
export function readTwoFactorRequired(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as z.output<typeof loginRefusal>).twoFactorRequired === true;
}
