/** GET /api/admin/audit: the audit trail, filtered and paged in the database (admin only). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageAnswer, type AuditSnapshot, type AuditSubject } from '../../contract/audit.ts';
import { firstValue, paginationOf, pagingQuery } from '../../contract/paging.ts';
import type { Database } from '../db/database.ts';
import type { AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';
import { listTotal } from '../db/paging.ts';
import { auditFromWhere } from './audit-list.ts';
import { auditSubjectSql } from './audit-subjects.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit',
    {
      onRequest: deps.auth.requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'Who changed what, when, from where (admin)',
        querystring: pagingQuery.extend({
          actorId: firstValue(z.string().max(100).optional()),
          action: firstValue(z.string().trim().max(60).optional()),
          entityType: firstValue(z.string().trim().max(40).optional()),
          entityId: firstValue(z.string().trim().max(100).optional()),
          from: firstValue(z.iso.date().optional()),
          to: firstValue(z.iso.date().optional()),
          limit: pagingQuery.shape.limit.default(50),
        }),
        response: responses({ 200: auditPageAnswer }),
      },
    },
    async (request) => {
      const q = request.query;
      const offset = (q.page - 1) * q.limit;
      // audit_log_created_idx serves the order; the filters are checked along it.
      const { fromWhere, params } = auditFromWhere(q);
      const { rows } = await deps.db.query<{ id: string; action: string; entity_type: string; entity_id: string | null; before_data: AuditSnapshot | null; after_data: AuditSnapshot | null; ip: string | null; security: boolean; device: string | null; created_at: Date; actor_id: string | null; actor_name: string | null; actor_email: string | null; subject: AuditSubject | null }>(
        // The page first, in the index's order; then what each of its entries is about, in words.
        `SELECT page.*, ${auditSubjectSql('page')} AS subject FROM (
           SELECT a.id, a.action, a.entity_type, a.entity_id, a.before_data, a.after_data, a.ip, a.security, a.device, a.created_at,
             u.id AS actor_id, u.name AS actor_name, u.email AS actor_email
           ${fromWhere}
           ORDER BY a.created_at DESC, a.id LIMIT $7 OFFSET $8
         ) page
         ORDER BY page.created_at DESC, page.id`,
        [...params, q.limit, offset],
      );
      const counted = await listTotal(deps.db, { rows: rows.length, limit: q.limit, offset }, fromWhere, params);
      const entries = rows.map((r) => ({
        id: r.id,
        action: r.action,
        entityType: r.entity_type,
        entityId: r.entity_id,
        subject: r.subject,
        before: r.before_data,
        after: r.after_data,
        ip: r.ip,
        security: r.security,
        device: r.device,
        createdAt: new Date(r.created_at).toISOString(),
        actor: r.actor_id ? { id: r.actor_id, name: r.actor_name!, email: r.actor_email! } : null,
      }));
      return { success: true as const, data: { entries, pagination: paginationOf(q.page, q.limit, counted) } };
    },
  );
}
