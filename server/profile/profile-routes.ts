/** /api/profile: the signed-in user reads and edits their own account, chooses their language, and changes their password. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody, languageBody, languageUpdatedAnswer, profileAnswer, profileBody, profileUpdatedAnswer, userMessages } from '../../contract/users.ts';
import { findUserById } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { Throttle } from '../http/throttle.ts';
import { responses } from '../http/schemas.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import { logStepUpRefusal } from '../accounts/step-up-log.ts';
import { changePassword, setLanguage, toProfileUser, updateProfile } from './profile-service.ts';
import { messageAnswer } from '../../contract/answers.ts';

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthHooks; appUrl: string; mailQueued: () => void; limits: { perUserChanges: number; windowMs: number }; attempts: AttemptCounter },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  // A session left open or stolen must not become a way to guess the current password, or to send
  // confirmation mail to any address without end.
  const changeThrottle = new Throttle(deps.attempts, 'profile-change', deps.limits.perUserChanges, deps.limits.windowMs);
  const throttleChanges = (request: FastifyRequest) => changeThrottle.admit(currentUser(request).id);
  /** The person, their session (which stays), and the log line a lock of their second step writes. */
  const stepUpActor = (request: FastifyRequest) => ({
    ...actorOf(request),
    sessionId: currentUser(request).sessionId,
    onLocked: () => logSecurityEvent(request, 'two-factor.locked'),
  });

  api.get(
    '/api/profile',
    { ...member, schema: { tags: ['profile'], summary: 'My account', response: responses({ 200: profileAnswer }) } },
    async (request) => {
      const user = toProfileUser((await findUserById(deps.db, currentUser(request).id))!);
      return { success: true as const, user, data: { user } };
    },
  );

  api.put(
    '/api/profile',
    {
      ...member,
      schema: {
        tags: ['profile'],
        summary: 'Update my name, phone and CNIC; a new email is confirmed by a link sent to it',
        description:
          'A new email also needs `currentPassword`, and `code` when two-factor sign-in is on (400 with a field error when missing or wrong; 429 while the second step is locked). The current address is sent a security notice.',
        body: profileBody,
        response: responses({ 200: profileUpdatedAnswer }),
      },
    },
    async (request) => {
      await throttleChanges(request);
      const { user, emailChangePending } = await logStepUpRefusal(request, () => updateProfile(deps, stepUpActor(request), request.body));
      if (emailChangePending) logSecurityEvent(request, 'email.change-requested', { email: request.body.email });
      const message = emailChangePending ? `${userMessages.profileUpdated} ${userMessages.emailChangeSent}` : userMessages.profileUpdated;
      return { success: true as const, message, user, data: { user, emailChangePending } };
    },
  );

  // Not throttled with the profile changes: it sends no mail and guesses nothing.
  api.put(
    '/api/profile/language',
    {
      ...member,
      schema: { tags: ['profile'], summary: 'Choose the language of my emails and notifications (en or ur)', body: languageBody, response: responses({ 200: languageUpdatedAnswer }) },
    },
    async (request) => {
      const user = await setLanguage(deps.db, currentUser(request).id, request.body.language);
      return { success: true as const, message: userMessages.languageUpdated, user, data: { user } };
    },
  );

  api.put(
    '/api/profile/password',
    {
      ...member,
      schema: {
        tags: ['profile'],
        summary: 'Change my password (other sessions end)',
        description:
          'Needs `currentPassword`, and `code` when two-factor sign-in is on (400 with a field error when missing or wrong; 429 while the second step is locked). The owner is emailed a security notice.',
        body: changePasswordBody,
        response: responses({ 200: messageAnswer }),
      },
    },
    async (request) => {
      await throttleChanges(request);
      await logStepUpRefusal(request, () => changePassword(deps, stepUpActor(request), request.body));
      logSecurityEvent(request, 'password.changed');
      return { success: true as const, message: userMessages.passwordChanged };
    },
  );
}
