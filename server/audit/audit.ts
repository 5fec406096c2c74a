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
  /**
   * A security change (decision 047): one's own password, email or two-factor sign-in, an admin's change
   * of a role or of a bank account members pay into. Marked for the audit list and the person's sessions card.
   */
  security?: boolean;
  /** The browser and system of the request that made it ("Chrome on Windows"), for a security change. */
  device?: string | null;
};

export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.write(
    `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before_data, after_data, ip, security, device)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9)`,
    [
      entry.actorId,
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.ip ?? null,
      entry.security ?? false,
      entry.device ?? null,
    ],
  );
}

/** Who did it and from where (the address, and the browser's User-Agent when known), as routes hand it to services. */
export type Actor = { id: string; ip?: string; userAgent?: string };
