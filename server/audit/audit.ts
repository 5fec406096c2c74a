/**
 * The append-only audit trail (RULES §11): every admin change writes one row in the same transaction
 * as the change itself, so a change without its row, or a row without its change, cannot exist.
 */
import type { AuditSnapshot } from '../../contract/audit.ts';
import type { Queryable } from '../db/database.ts';

export type AuditEntry = {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before?: AuditSnapshot;
  after?: AuditSnapshot;
  ip?: string;
};

export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before_data, after_data, ip)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      entry.actorId,
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.ip ?? null,
    ],
  );
}

/** Who did it and from where, as routes hand it to services. */
export type Actor = { id: string; ip?: string };
