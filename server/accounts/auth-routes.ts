/** The "Auth" routes of the member specification §7, to RULES §3. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  emailOnlyBody,
  loginBody,
  publicUser,
  registerBody,
  resetPasswordBody,
  verifyEmailQuery,
} from '../../contract/accounts.ts';
import type { AuthHooks } from '../http/auth.ts';
import { currentUser } from '../http/auth.ts';
import { tooManyRequests } from '../http/errors.ts';
import { messageBody, responses } from '../http/schemas.ts';
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
import { deleteSession } from './sessions.ts';
import { findUserById, toPublicUser } from './users.ts';

export type AuthRateLimits = {
  /** Attempts per client address on each account route, per window. */
  perAddress: number;
  /** Attempts per email address on each account route, per window, from any address. */
  perEmail: number;
  windowMs: number;
};

export const defaultAuthRateLimits: AuthRateLimits = { perAddress: 30, perEmail: 10, windowMs: 15 * 60_000 };

const userBody = z.object({ success: z.literal(true), message: z.string().optional(), user: publicUser, data: z.object({ user: publicUser }) });
const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: publicUser,
  data: z.object({ token: z.string(), user: publicUser }),
});

export function registerAuthRoutes(app: FastifyInstance, deps: AccountDeps & { auth: AuthHooks; limits: AuthRateLimits }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.limits.perAddress, timeWindow: deps.limits.windowMs };
  const emailThrottle = new Throttle(deps.limits.perEmail, deps.limits.windowMs);
  /** Counts an attempt for this route and email; refuses with 429 once the window is used up. */
  const throttleEmail = (route: string, email: string) => {
    if (!emailThrottle.take(`${route}:${email}`)) throw tooManyRequests(authMessages.tooManyRequests);
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
        response: responses({ 201: messageBody }),
      },
    },
    async (request, reply) => {
      throttleEmail('register', request.body.email);
      await registerUser(deps, request.body);
      return reply.code(201).send({ success: true, message: authMessages.registered });
    },
  );

  api.get(
    '/api/auth/verify-email',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Verify an email address with the emailed token', querystring: verifyEmailQuery, response: responses({ 200: messageBody }) },
    },
    async (request) => {
      await verifyEmail(deps, request.query.token);
      return { success: true as const, message: authMessages.verified };
    },
  );

  api.post(
    '/api/auth/resend-verification',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Send a new verification link', body: emailOnlyBody, response: responses({ 200: messageBody }) },
    },
    async (request) => {
      throttleEmail('resend', request.body.email);
      await resendVerification(deps, request.body.email);
      return { success: true as const, message: authMessages.verificationSent };
    },
  );

  api.post(
    '/api/auth/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Sign in', body: loginBody, response: responses({ 200: loginResponse }) },
    },
    async (request) => {
      throttleEmail('login', request.body.email);
      const { token, user } = await loginUser(deps, request.body, clientOf(request));
      return { success: true as const, message: authMessages.loggedIn, token, user, data: { token, user } };
    },
  );

  api.get(
    '/api/auth/me',
    {
      onRequest: deps.auth.requireUser,
      schema: { tags: ['auth'], summary: 'The signed-in user', security: [{ bearer: [] }], response: responses({ 200: userBody }) },
    },
    async (request) => {
      const user = toPublicUser((await findUserById(deps.db, currentUser(request).id))!);
      return { success: true as const, user, data: { user } };
    },
  );

  api.post(
    '/api/auth/logout',
    {
      onRequest: deps.auth.requireUser,
      schema: { tags: ['auth'], summary: 'End this session', security: [{ bearer: [] }], response: responses({ 200: messageBody }) },
    },
    async (request) => {
      await deleteSession(deps.db, currentUser(request).sessionId);
      return { success: true as const, message: authMessages.loggedOut };
    },
  );

  api.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Email a password reset link', body: emailOnlyBody, response: responses({ 200: messageBody }) },
    },
    async (request) => {
      throttleEmail('forgot', request.body.email);
      await requestPasswordReset(deps, request.body.email);
      return { success: true as const, message: authMessages.resetSent };
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Choose a new password with the emailed token', body: resetPasswordBody, response: responses({ 200: messageBody }) },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { success: true as const, message: authMessages.resetDone };
    },
  );
}
