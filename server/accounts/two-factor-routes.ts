/**
 * /api/auth/two-factor: an administrator's own opt-in two-factor sign-in (authenticator app codes).
 * Members are not offered it (403). Sign-in with a code is POST /api/auth/login (auth-routes.ts).
 * Recovery codes can be asked for by anyone signed in, and are made only with two-factor on (else 409).
 *
 * Every change here asks for more than the session (step-up, decision 047): the current password, and
 * the current code once two-factor is on; a missing or wrong one is 400 with a field error, and is
 * counted by the code throttle. Each change emails the owner a security notice.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recoveryCodesAnswer,
  recoveryCodesBody,
  twoFactorDisableBody,
  twoFactorEnableAnswer,
  twoFactorEnableBody,
  twoFactorMessages,
  twoFactorSetupAnswer,
  twoFactorSetupBody,
  twoFactorStatusAnswer,
} from '../../contract/accounts.ts';
import type { Database } from '../db/database.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import { logStepUpRefusal } from './step-up-log.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { Throttle } from '../http/throttle.ts';
import { createRecoveryCodes } from './recovery-codes.ts';
import { disableTwoFactor, enableTwoFactor, readTwoFactorStatus, startTwoFactorSetup } from './two-factor.ts';

/** Code checks per admin per window: a person mistypes a few times; guessing a 6-digit code needs far more. */
const CODE_ATTEMPTS_PER_WINDOW = 10;
const CODE_WINDOW_MS = 15 * 60_000;

export function registerTwoFactorRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; attempts: AttemptCounter; mailQueued: () => void }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };
  const codeThrottle = new Throttle(deps.attempts, 'two-factor-code', CODE_ATTEMPTS_PER_WINDOW, CODE_WINDOW_MS);
  /**
   * Counts a password or code check for the signed-in user; 429 once the window is used up (a stolen
   * session cannot guess the password or codes).
   */
  const throttleCodes = (request: FastifyRequest) => codeThrottle.admit(currentUser(request).id);
  /** The admin, their session (which stays), and the log line a lock of their second step writes. */
  const sessionActor = (request: FastifyRequest) => ({
    ...actorOf(request),
    sessionId: currentUser(request).sessionId,
    onLocked: () => logSecurityEvent(request, 'two-factor.locked'),
  });

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
        description:
          'Replaces an earlier set-up that was not confirmed. Needs `currentPassword` (400 with a field error when missing or wrong). 409 when two-factor sign-in is already on. The owner is emailed a security notice.',
        security: [{ bearer: [] }],
        body: twoFactorSetupBody,
        response: responses({ 200: twoFactorSetupAnswer }),
      },
    },
    async (request) => {
      await throttleCodes(request);
      const setup = await logStepUpRefusal(request, () => startTwoFactorSetup(deps, sessionActor(request), { password: request.body.currentPassword }));
      logSecurityEvent(request, 'two-factor.setup-started');
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
        description:
          'Needs the first `code` of the new secret and `currentPassword` (400 with a field error when missing or wrong). Answers the first set of 10 recovery codes, this once. The owner is emailed a security notice.',
        security: [{ bearer: [] }],
        body: twoFactorEnableBody,
        response: responses({ 200: twoFactorEnableAnswer }),
      },
    },
    async (request) => {
      await throttleCodes(request);
      const { status: twoFactor, recoveryCodes } = await logStepUpRefusal(request, () => enableTwoFactor(deps, sessionActor(request), request.body));
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
        description:
          'Needs `currentPassword` and a current authenticator `code` (400 with a field error when missing or wrong; 429 while the second step is locked after wrong codes). The codes are answered this once and never again. 409 when two-factor sign-in is not on. The owner is emailed a security notice.',
        security: [{ bearer: [] }],
        body: recoveryCodesBody,
        response: responses({ 200: recoveryCodesAnswer }),
      },
    },
    async (request) => {
      await throttleCodes(request);
      // Answered no-store like every API answer (app.ts): no cache keeps the codes.
      const recoveryCodes = await logStepUpRefusal(request, () => createRecoveryCodes(deps, sessionActor(request), { password: request.body.currentPassword, code: request.body.code }));
      logSecurityEvent(request, 'two-factor.recovery-codes-created');
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
        description: '400 with a field error when the password or the code is missing or wrong; 429 while the second step is locked after wrong codes. The owner is emailed a security notice.',
        security: [{ bearer: [] }],
        body: twoFactorDisableBody,
        response: responses({ 200: twoFactorStatusAnswer }),
      },
    },
    async (request) => {
      await throttleCodes(request);
      const twoFactor = await logStepUpRefusal(request, () => disableTwoFactor(deps, sessionActor(request), request.body));
      logSecurityEvent(request, 'two-factor.disabled');
      return { success: true as const, message: twoFactorMessages.disabled, twoFactor, data: { twoFactor } };
    },
  );
}
