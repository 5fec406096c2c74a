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

/** The parts that name an audit entry's record; each kind of record has some of them. */
export const auditSubject = z.object({
  member: z.string().optional(),
  plan: z.string().optional(),
  groupNumber: z.string().optional(),
  month: z.number().int().optional(),
  year: z.number().int().optional(),
  bank: z.string().optional(),
  account: z.string().optional(),
  /** A payment that is a plan request (buying a plan), not an instalment. */
  planRequest: z.boolean().optional(),
});
export type AuditSubject = z.output<typeof auditSubject>;

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** What the record is: its member, plan and group, month, bank account, as data; null once it is gone. */
  subject: auditSubject.nullable(),
  before: auditSnapshot.nullable(),
  after: auditSnapshot.nullable(),
  ip: z.string().nullable(),
  /** A security change (decision 047): one's own password, email or two-factor, a role, a bank account members pay into. */
  security: z.boolean(),
  /** The browser and system it was made from, for a security change ("Chrome on Windows"). */
  device: z.string().nullable(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AuditEntry = z.output<typeof auditEntry>;

export const auditPage = z.object({ entries: z.array(auditEntry), pagination });

/** GET /api/admin/audit: a page of the audit log, newest first. */
export const auditPageAnswer = z.object({ success: z.literal(true), data: auditPage });
