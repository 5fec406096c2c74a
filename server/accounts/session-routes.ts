/**
 * /api/auth/sessions: the signed-in person's own sessions (the devices where they are signed in), and
 * signing out every other one; /api/auth/security-changes: their recent security changes, from the
 * audit trail. Any role; never another person's sessions or changes, never a token.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securityChangesAnswer, sessionMessages, sessionsAnswer, signOutOthersAnswer } from '../../contract/accounts.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';
import { deleteOtherSessions, listUserSessions } from './sessions.ts';
import { listSecurityChanges } from './security-notices.ts';

export function registerSessionRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: deps.auth.requireUser };

  api.get(
    '/api/auth/sessions',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'My sessions: where I am signed in, this one first (marked current), then newest first',
        security: [{ bearer: [] }],
        response: responses({ 200: sessionsAnswer }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const sessions = await listUserSessions(deps.db, user.id, user.sessionId);
      return { success: true as const, sessions, data: { sessions } };
    },
  );

  api.get(
    '/api/auth/security-changes',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'My recent security changes: password, email, two-factor, recovery codes, a lock after wrong codes, my role (newest first, at most 10)',
        security: [{ bearer: [] }],
        response: responses({ 200: securityChangesAnswer }),
      },
    },
    async (request) => {
      const changes = await listSecurityChanges(deps.db, currentUser(request).id);
      return { success: true as const, changes, data: { changes } };
    },
  );

  api.delete(
    '/api/auth/sessions/others',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign out every other session of mine; this one stays',
        description: 'The ended sessions are refused (401) from their next request, on every server.',
        security: [{ bearer: [] }],
        response: responses({ 200: signOutOthersAnswer }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const actor = actorOf(request);
      const count = await deps.db.transaction(async (tx) => {
        const ended = await deleteOtherSessions(tx, user.id, user.sessionId);
        if (ended > 0) {
          await recordAudit(tx, { actorId: user.id, action: 'SESSIONS_SIGN_OUT_OTHERS', entityType: 'user', entityId: user.id, after: { endedSessions: ended }, ip: actor.ip });
        }
        return ended;
      });
      return { success: true as const, message: sessionMessages.othersSignedOut, count, data: { count } };
    },
  );
}
