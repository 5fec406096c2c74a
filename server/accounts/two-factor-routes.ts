/**
 * /api/auth/two-factor: an administrator's own opt-in two-factor sign-in (authenticator app codes).
 * Members are not offered it (403). Sign-in with a code is POST /api/auth/login (auth-routes.ts).
 * Recovery codes can be asked for by anyone signed in, and are made only with two-factor on (else 409).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recoveryCodesAnswer,
  twoFactorDisableBody,
  twoFactorEnableAnswer,
  twoFactorEnableBody,
  twoFactorMessages,
  twoFactorSetupAnswer,
  twoFactorStatusAnswer,
} from '../../contract/accounts.ts';
import type { Database } from '../db/database.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { Throttle } from '../http/throttle.ts';
import { createRecoveryCodes } from './recovery-codes.ts';
import { disableTwoFactor, enableTwoFactor, readTwoFactorStatus, startTwoFactorSetup } from './two-factor.ts';

/** Code checks per admin per window: a person mistypes a few times; guessing a 6-digit code needs far more. */
const CODE_ATTEMPTS_PER_WINDOW = 10;
const CODE_WINDOW_MS = 15 * 60_000;

export function registerTwoFactorRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; attempts: AttemptCounter }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };
  const codeThrottle = new Throttle(deps.attempts, 'two-factor-code', CODE_ATTEMPTS_PER_WINDOW, CODE_WINDOW_MS);
  /** Counts a code check for the signed-in admin; 429 once the window is used up (a stolen session cannot guess codes). */
  const throttleCodes = (request: FastifyRequest) => codeThrottle.admit(currentUser(request).id);
  const sessionActor = (request: FastifyRequest) => ({ ...actorOf(request), sessionId: currentUser(request).sessionId });

  api.get(
    '/api/auth/two-factor',
    { ...admin, schema: { tags: ['auth'], summary: 'Whether two-factor sign-in is on for me (admin)', security: [{ bearer: [] }], response: responses({ 200: twoFactorStatusAnswer }) } },
    async (request) => {
      const twoFactor = await readTwoFactorStatus(deps.db, currentUser(request).id);
      return { success: true as const, twoFactor, data: { twoFactor } };
    },
  );

  api.post(
    '/api/auth/two-factor/setup',
    {
      ...admin,
      schema: {
        tags: ['auth'],
        summary: 'Start setting up two-factor sign-in: a new secret and its otpauth:// address (admin)',
        description: 'Replaces an earlier set-up that was not confirmed. 409 when two-factor sign-in is already on.',
        security: [{ bearer: [] }],
        response: responses({ 200: twoFactorSetupAnswer }),
      },
    },
    async (request) => {
      const setup = await startTwoFactorSetup(deps.db, actorOf(request));
      return { success: true as const, message: twoFactorMessages.setupStarted, ...setup, data: setup };
    },
  );

  api.post(
    '/api/auth/two-factor/enable',
    {
      ...admin,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with a first code from the authenticator app (admin; other sessions end)',
        description: 'Answers the first set of 10 recovery codes, this once.',
        security: [{ bearer: [] }],
        body: twoFactorEnableBody,
        response: responses({ 200: twoFactorEnableAnswer }),
      },
    },
    async (request) => {
      await throttleCodes(request);
      const { status: twoFactor, recoveryCodes } = await enableTwoFactor(deps.db, sessionActor(request), request.body.code);
      logSecurityEvent(request, 'two-factor.enabled');
      return { success: true as const, message: twoFactorMessages.enabled, twoFactor, recoveryCodes, data: { twoFactor, recoveryCodes } };
    },
  );

  api.post(
    '/api/auth/two-factor/recovery-codes',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Make a new set of 10 single-use recovery codes (the earlier set stops working)',
        description: 'The codes are answered this once and never again. 409 when two-factor sign-in is not on.',
        security: [{ bearer: [] }],
        response: responses({ 200: recoveryCodesAnswer }),
      },
    },
    async (request) => {
      // Answered no-store like every API answer (app.ts): no cache keeps the codes.
      const recoveryCodes = await createRecoveryCodes(deps.db, actorOf(request));
      return { success: true as const, message: twoFactorMessages.recoveryCodesCreated, recoveryCodes, data: { recoveryCodes } };
    },
  );

  api.post(
    '/api/auth/two-factor/disable',
    {
      ...admin,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off with the password and a current code (admin; other sessions end)',
        security: [{ bearer: [] }],
        body: twoFactorDisableBody,
        response: responses({ 200: twoFactorStatusAnswer }),
      },
    },
    async (request) => {
      await throttleCodes(request);
      const twoFactor = await disableTwoFactor(deps.db, sessionActor(request), request.body);
      logSecurityEvent(request, 'two-factor.disabled');
      return { success: true as const, message: twoFactorMessages.disabled, twoFactor, data: { twoFactor } };
    },
  );
}
