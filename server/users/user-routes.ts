/**
 * User administration: /api/admin/users… (admin document §7) and the /api/users… endpoints of the
 * member document, which behave the same way and are for administrators only (RULES §3, §12).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { firstValue, paginationOf, pagingQuery, searchField } from '../../contract/paging.ts';
import { caseInsensitiveEnum } from '../../contract/plans.ts';
import {
  adminSetPasswordBody,
  adminUser,
  adminUserAnswer,
  adminUserUpdateBody,
  cnicClaimDecisionBody,
  USER_FILTERS,
  userBlockBody,
  userCountersAnswer,
  userListAnswer,
  userMessages,
  userStatusBody,
} from '../../contract/users.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import { idParam, responses } from '../http/schemas.ts';
import { resolveCnicClaim } from './cnic-claims.ts';
import { getAdminUser, listUsers, setUserActive, setUserBlocked, setUserPassword, updateUserByAdmin, userCounters } from './user-admin-service.ts';
import { messageAnswer } from '../../contract/answers.ts';

const listQuery = pagingQuery.extend({ search: searchField, status: firstValue(caseInsensitiveEnum(USER_FILTERS).optional()), limit: pagingQuery.shape.limit.default(50) });

export function registerUserRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; appUrl: string; mailQueued: () => void }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };
  const one = (user: z.output<typeof adminUser>, message?: string) => ({ success: true as const, message, user, data: { user } });

  for (const prefix of ['/api/admin/users', '/api/users']) {
    api.get(prefix, { ...admin, schema: { tags: ['users'], summary: 'Users with search, filter and figures (admin)', querystring: listQuery, response: responses({ 200: userListAnswer }) } }, async (request) => {
      const { page, limit, search, status } = request.query;
      const { users, counters: c, ...counted } = await listUsers(deps.db, { search, filter: status === 'ALL' ? undefined : status, limit, offset: (page - 1) * limit });
      return { success: true as const, users, data: { counters: c, pagination: paginationOf(page, limit, counted) } };
    });

    api.get(`${prefix}/:id`, { ...admin, schema: { tags: ['users'], summary: 'One user (admin)', params: idParam, response: responses({ 200: adminUserAnswer }) } }, async (request) =>
      one(await getAdminUser(deps.db, request.params.id)),
    );

    api.put(
      `${prefix}/:id`,
      {
        ...admin,
        schema: {
          tags: ['users'],
          summary: 'Edit name, email, phone and role (admin)',
          description: 'A change of role is a security change: marked in the audit log, and every admin is emailed a security notice.',
          params: idParam,
          body: adminUserUpdateBody,
          response: responses({ 200: adminUserAnswer }),
        },
      },
      async (request) => {
        const { user, roleChanged } = await updateUserByAdmin(deps.db, actorOf(request), request.params.id, request.body);
        if (roleChanged) {
          deps.mailQueued();
          logSecurityEvent(request, 'role.changed', { userId: request.params.id });
        }
        return one(user, 'User updated successfully');
      },
    );

    api.put(`${prefix}/:id/status`, { ...admin, schema: { tags: ['users'], summary: 'Activate or deactivate, with an optional reason the member reads at sign-in (admin)', params: idParam, body: userStatusBody, response: responses({ 200: adminUserAnswer }) } }, async (request) => {
      const user = await setUserActive(deps.db, actorOf(request), request.params.id, request.body.isActive, request.body.reason);
      return one(user, `User ${request.body.isActive ? 'activated' : 'deactivated'} successfully`);
    });
  }

  api.put(
    '/api/admin/users/:id/block',
    { ...admin, schema: { tags: ['users'], summary: 'Block or unblock, with an optional reason the member reads at sign-in (admin)', params: idParam, body: userBlockBody, response: responses({ 200: adminUserAnswer }) } },
    async (request) => {
      const user = await setUserBlocked(deps.db, actorOf(request), request.params.id, request.body.isBlocked, request.body.reason);
      return one(user, `User ${request.body.isBlocked ? 'blocked' : 'unblocked'} successfully`);
    },
  );

  api.put(
    '/api/admin/users/:id/cnic-claim',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Give a held CNIC to the user who asked for it, or dismiss the request (admin)',
        params: idParam,
        body: cnicClaimDecisionBody,
        response: responses({ 200: adminUserAnswer }),
      },
    },
    async (request) => {
      const { decision } = request.body;
      const user = await resolveCnicClaim(deps.db, actorOf(request), request.params.id, decision, deps.appUrl);
      // Giving it away emails the account that had it.
      if (decision === 'GRANT') deps.mailQueued();
      return one(user, decision === 'GRANT' ? userMessages.cnicClaimGranted : userMessages.cnicClaimDismissed);
    },
  );

  api.put(
    '/api/users/:id/password',
    { ...admin, schema: { tags: ['users'], summary: "Set a user's password; their sessions end (admin)", params: idParam, body: adminSetPasswordBody, response: responses({ 200: messageAnswer }) } },
    async (request) => {
      await setUserPassword(deps.db, actorOf(request), request.params.id, request.body.password);
      return { success: true as const, message: userMessages.passwordSet };
    },
  );

  api.get(
    '/api/users/stats/overview',
    { ...admin, schema: { tags: ['users'], summary: 'How many users are active, inactive and blocked (admin)', response: responses({ 200: userCountersAnswer }) } },
    async () => ({ success: true as const, data: await userCounters(deps.db) }),
  );
}
