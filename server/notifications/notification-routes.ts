/** /api/notifications: the caller's own in-app notifications, newest first (RULES §11). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationListAnswer, notificationMessages, notificationReadAnswer, readAllAnswer, type AppNotification } from '../../contract/notifications.ts';
import { firstValue, paginationOf, pagingQuery } from '../../contract/paging.ts';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { currentUser, type AuthHooks } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { idParam, responses } from '../http/schemas.ts';
import { listTotal } from '../db/paging.ts';

export function registerNotificationRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const query = pagingQuery.extend({ unreadOnly: firstValue(z.enum(['true', 'false']).optional()) });

  const list = async (userId: string, page: number, limit: number, unreadOnly: boolean) => {
    const offset = (page - 1) * limit;
    const fromWhere = 'FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR read_at IS NULL)';
    const { rows } = await deps.db.query<{ id: string; type: string; title: string; message: string; data: AppNotification['data']; read_at: Date | null; created_at: Date }>(
      `SELECT id, type, title, message, data, read_at, created_at ${fromWhere} ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [userId, unreadOnly, limit, offset],
    );
    const counted = await listTotal(deps.db, { rows: rows.length, limit, offset }, fromWhere, [userId, unreadOnly]);
    // Counted from the partial index of unread notices (notifications_unread_idx): as fast as a kept count (docs/kept-figures.md).
    const unread = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
    const notifications = rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      message: r.message,
      data: r.data,
      isRead: r.read_at !== null,
      readAt: r.read_at && new Date(r.read_at).toISOString(),
      createdAt: new Date(r.created_at).toISOString(),
    }));
    const unreadCount = unread.rows[0].n;
    return { success: true as const, notifications, unreadCount, data: { notifications, unreadCount, pagination: paginationOf(page, limit, counted) } };
  };

  for (const path of ['/api/notifications', '/api/notifications/user']) {
    api.get(
      path,
      { onRequest: deps.auth.requireUser, schema: { tags: ['notifications'], summary: "The caller's notifications, newest first, with the unread count", querystring: query, response: responses({ 200: notificationListAnswer }) } },
      async (request) => list(currentUser(request).id, request.query.page, request.query.limit, request.query.unreadOnly === 'true'),
    );
  }

  api.put(
    '/api/notifications/read-all',
    { onRequest: deps.auth.requireUser, schema: { tags: ['notifications'], summary: 'Mark every notification read', response: responses({ 200: readAllAnswer }) } },
    async (request) => {
      const { rowCount } = await deps.db.write('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [currentUser(request).id]);
      return { success: true as const, message: notificationMessages.allRead, data: { count: rowCount } };
    },
  );

  api.put(
    '/api/notifications/:id/read',
    { onRequest: deps.auth.requireUser, schema: { tags: ['notifications'], summary: 'Mark one notification read', params: idParam, response: responses({ 200: notificationReadAnswer }) } },
    async (request) => {
      const { id } = request.params;
      // Another user's notification does not exist for this caller.
      const { rowCount } = isUuid(id)
        ? await deps.db.write('UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id', [id, currentUser(request).id])
        : { rowCount: 0 };
      if (rowCount === 0) throw notFound('Notification not found.');
      return { success: true as const, message: notificationMessages.read };
    },
  );
}
