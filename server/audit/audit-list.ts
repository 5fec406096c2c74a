/** The audit list's filter as SQL, shared by its page (audit-routes.ts) and its CSV export (exports/). */
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import { idFilter } from '../db/ids.ts';

export type AuditFilter = { actorId?: string; action?: string; entityType?: string; entityId?: string; from?: string; to?: string };

/**
 * The audit list's FROM … WHERE clause (the entry `a`, its actor `u`) and its parameters $1…$6, which
 * audit_log_created_idx's order serves; the CSV export reads it too.
 */
export function auditFromWhere(q: AuditFilter) {
  const fromWhere = `FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
     WHERE ($1::uuid IS NULL OR a.actor_id = $1) AND ($2::text IS NULL OR a.action = upper($2)) AND ($3::text IS NULL OR a.entity_type = $3)
       AND ($4::text IS NULL OR a.entity_id = $4)
       AND ($5::date IS NULL OR a.created_at >= ($5::date::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'))
       AND ($6::date IS NULL OR a.created_at < (($6::date + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'))`;
  return { fromWhere, params: [idFilter(q.actorId), q.action ?? null, q.entityType ?? null, q.entityId ?? null, q.from ?? null, q.to ?? null] };
}
