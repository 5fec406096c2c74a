/** The "Auth" routes of the member specification §7, to RULES §3. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authMessages, emailOnlyBody, loginAnswer, loginBody, loginRefusalBody, meAnswer, registerBody, resetPasswordBody, verifyEmailQuery } from '../../contract/accounts.ts';
import type { AuthHooks } from '../http/auth.ts';
import { currentUser } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { responses } from '../http/schemas.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { Throttle } from '../http/throttle.ts';
import {
  loginUser,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
  type AccountDeps,
} from './account-service.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { deleteSession } from './sessions.ts';
import { findUserById, toOwnUser } from './users.ts';
import { messageAnswer } from '../../contract/answers.ts';

export type AuthRateLimits = {
  /** Attempts per client address on each account route, per window. */
  perAddress: number;
  /** Registrations and account mail (verification, reset) per email address, per window, from any address. */
  perEmail: number;
  /** Sign-in attempts per email address, per window, from all addresses together. */
  signInsPerEmail: number;
  /**
   * Sign-in attempts per email from one address, per window: lower than signInsPerEmail, so that one
   * attacker's guesses stop long before they could lock the owner (signing in elsewhere) out.
   */
  signInsPerEmailFromOneAddress: number;
  /** Password and profile changes per signed-in user, per window: a stolen session cannot guess the current password. */
  perUserChanges: number;
  windowMs: number;
};

/** 25 sign-in attempts per account in 15 minutes is 100 an hour, the most ASVS 6.3.1 allows. */
export const defaultAuthRateLimits: AuthRateLimits = {
  perAddress: 30,
  perEmail: 10,
  signInsPerEmail: 25,
  signInsPerEmailFromOneAddress: 10,
  perUserChanges: 10,
  windowMs: 15 * 60_000,
};

export function registerAuthRoutes(app: FastifyInstance, deps: AccountDeps & { auth: AuthHooks; limits: AuthRateLimits; attempts: AttemptCounter }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.limits.perAddress, timeWindow: deps.limits.windowMs };
  const emailThrottle = new Throttle(deps.attempts, 'account-mail', deps.limits.perEmail, deps.limits.windowMs);
  const signInThrottle = new Throttle(deps.attempts, 'sign-in', deps.limits.signInsPerEmail, deps.limits.windowMs);
  const signInFromAddressThrottle = new Throttle(deps.attempts, 'sign-in-from-address', deps.limits.signInsPerEmailFromOneAddress, deps.limits.windowMs);
  /** Counts an attempt for this route and email; refuses with 429 once the window is used up. */
  const throttleEmail = (route: string, email: string) => emailThrottle.admit(`${route}:${email}`);
  /**
   * Sign-in: the one address's own, smaller share of the email's window is checked first, so an
   * address that used it up no longer counts against the email, and the owner elsewhere still gets in.
   */
  const throttleSignIn = async (email: string, address: string) => {
    await signInFromAddressThrottle.admit(`${email}|${address}`);
    await signInThrottle.admit(email);
  };
  const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  api.post(
    '/api/auth/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description: 'Answers the same whether or not the email is taken; the verification link (or a note to the owner) goes by email.',
        body: registerBody,
        response: responses({ 201: messageAnswer }),
      },
    },
    async (request, reply) => {
      await throttleEmail('register', request.body.email);
      await registerUser(deps, request.body);
      logSecurityEvent(request, 'registration.requested', { email: request.body.email });
      return reply.code(201).send({ success: true, message: authMessages.registered });
    },
  );

  api.get(
    '/api/auth/verify-email',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Verify an email address with the emailed token', querystring: verifyEmailQuery, response: responses({ 200: messageAnswer }) },
    },
    async (request) => {
      const { userId, already, emailChanged } = await verifyEmail(deps, request.query.token, clientOf(request));
      if (already) return { success: true as const, message: authMessages.alreadyVerified };
      logSecurityEvent(request, 'email.verified', { userId });
      if (emailChanged) logSecurityEvent(request, 'email.changed', { userId });
      return { success: true as const, message: authMessages.verified };
    },
  );

  api.post(
    '/api/auth/resend-verification',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Send a new verification link', body: emailOnlyBody, response: responses({ 200: messageAnswer }) },
    },
    async (request) => {
      await throttleEmail('resend', request.body.email);
      await resendVerification(deps, request.body.email);
      return { success: true as const, message: authMessages.verificationSent };
    },
  );

  api.post(
    '/api/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description: 'An admin with two-factor sign-in on also sends `code`; without it, or with a wrong one, the answer is 401 with twoFactorRequired.',
        body: loginBody,
        response: { ...responses({ 200: loginAnswer }), 401: loginRefusalBody },
      },
    },
    async (request) => {
      const { email } = request.body;
      let signedIn: Awaited<ReturnType<typeof loginUser>>;
      try {
        await throttleSignIn(email, request.ip);
        signedIn = await loginUser(deps, request.body, { ...clientOf(request), onLocked: () => logSecurityEvent(request, 'two-factor.locked', { email }) });
      } catch (error) {
        if (error instanceof AppError) logSecurityEvent(request, 'sign-in.failed', { email, reason: error.message, status: error.statusCode });
        throw error;
      }
      const { token, user } = signedIn;
      logSecurityEvent(request, 'sign-in.succeeded', { userId: user.id, email });
      return { success: true as const, message: authMessages.loggedIn, token, user, data: { token, user } };
    },
  );

  api.get(
    '/api/auth/me',
    {
      onRequest: deps.auth.requireUser,
      schema: { tags: ['auth'], summary: 'The signed-in user', security: [{ bearer: [] }], response: responses({ 200: meAnswer }) },
    },
    async (request) => {
      const user = toOwnUser((await findUserById(deps.db, currentUser(request).id))!);
      return { success: true as const, user, data: { user } };
    },
  );

  api.post(
    '/api/auth/logout',
    {
      onRequest: deps.auth.requireUser,
      schema: { tags: ['auth'], summary: 'End this session', security: [{ bearer: [] }], response: responses({ 200: messageAnswer }) },
    },
    async (request) => {
      await deleteSession(deps.db, currentUser(request).sessionId);
      logSecurityEvent(request, 'signed-out');
      return { success: true as const, message: authMessages.loggedOut };
    },
  );

  api.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Email a password reset link', body: emailOnlyBody, response: responses({ 200: messageAnswer }) },
    },
    async (request) => {
      await throttleEmail('forgot', request.body.email);
      await requestPasswordReset(deps, request.body.email);
      logSecurityEvent(request, 'password.reset-requested', { email: request.body.email });
      return { success: true as const, message: authMessages.resetSent };
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Choose a new password with the emailed token', body: resetPasswordBody, response: responses({ 200: messageAnswer }) },
    },
    async (request) => {
      const userId = await resetPassword(deps, request.body);
      logSecurityEvent(request, 'password.reset', { userId });
      return { success: true as const, message: authMessages.resetDone };
    },
  );

  // The signed-in person's own sessions: GET /api/auth/sessions, DELETE /api/auth/sessions/others.
  registerSessionRoutes(app, deps);
}
