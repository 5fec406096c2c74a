/** The audit trail (RULES §11) as the admin reads it: GET /api/admin/audit. */
import { z } from 'zod';
import { jsonObject } from './json.ts';
import { pagination } from './paging.ts';

/**
 * What a changed record held before or after a change, as it was written: any JSON object (the
 * fields differ by kind of record). Never a secret: the writers leave those out.
 */
export const auditSnapshot = jsonObject;
export type AuditSnapshot = z.output<typeof auditSnapshot>;

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: auditSnapshot.nullable(),
  after: auditSnapshot.nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AuditEntry = z.output<typeof auditEntry>;

export const auditPage = z.object({ entries: z.array(auditEntry), pagination });
