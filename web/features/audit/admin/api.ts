/**
 * The audit trail (RULES §11; server/audit/audit-routes.ts): GET /api/admin/audit, filtered and paged
 * by the server, newest first.
 */
import type { z } from 'zod';
import { auditPageAnswer, type auditPage } from '../../../../contract/audit.ts';
import { userListAnswer, type AdminUser } from '../../../../contract/users.ts';
import { api, readAnswer, type QueryParams } from '../../../lib/api-client.ts';

export type { AuditEntry } from '../../../../contract/audit.ts';

export interface AuditFilters {
  action: string;
  entityType: string;
  entityId: string;
  actorId: string;
  /** YYYY-MM-DD, a day in Pakistan (the server reads it in Asia/Karachi). */
  from: string;
  to: string;
  page: number;
}

export const emptyAuditFilters: AuditFilters = { action: '', entityType: '', entityId: '', actorId: '', from: '', to: '', page: 1 };

export type AuditPage = z.output<typeof auditPage>;

export const AUDIT_PAGE_SIZE = 25;

/** The actions the server records today (a new one shows under its own code). */
export const KNOWN_ACTIONS = [
  'USER_UPDATE',
  'USER_ACTIVATE',
  'USER_DEACTIVATE',
  'USER_BLOCK',
  'USER_UNBLOCK',
  'USER_SET_PASSWORD',
  'CNIC_CLAIM',
  'CNIC_CLAIM_GRANT',
  'CNIC_CLAIM_DISMISS',
  'CNIC_REMOVE',
  'PLAN_CREATE',
  'PLAN_UPDATE',
  'PLAN_ACTIVATE',
  'PLAN_DEACTIVATE',
  'PLAN_DELETE',
  'PLAN_ADD_USER',
  'PLAN_REQUEST_APPROVE',
  'PLAN_REQUEST_REJECT',
  'GROUP_CREATE',
  'GROUP_UPDATE',
  'GROUP_DELETE',
  'GROUP_MEMBER_REMOVE',
  'GROUP_MEMBER_MOVE',
  'PAYMENT_PAID',
  'PAYMENT_REJECTED',
  'PAYMENT_OVERDUE',
  'PAYMENT_APPROVAL_UNDONE',
  'PAYMENT_RECEIPT_CORRECTED',
  'BANK_ACCOUNT_CREATE',
  'BANK_ACCOUNT_UPDATE',
  'BANK_ACCOUNT_TOGGLE',
  'BANK_ACCOUNT_SET_DEFAULT',
  'BANK_ACCOUNT_DELETE',
  'BANK_STATEMENT_IMPORT',
  'RECONCILIATION_TICK',
  'RECONCILIATION_UNTICK',
  'COMMISSION_RULES_UPDATE',
  'COMMISSION_BATCH_PAY',
  'WINNER_SELECT',
  'WINNER_UPDATE',
  'WINNER_CANCEL',
  'WINNER_DRAW',
  'DRAW_COMMIT',
  'DRAW',
  'DATA_EXPORT',
  'TWO_FACTOR_SETUP',
  'TWO_FACTOR_ENABLE',
  'TWO_FACTOR_DISABLE',
  'TWO_FACTOR_RECOVERY_CODES',
  'TWO_FACTOR_RECOVERY_CODE_USED',
  'TWO_FACTOR_LOCKED',
  'PASSWORD_CHANGE',
  'EMAIL_CHANGE_REQUEST',
  'EMAIL_CHANGE',
  'SESSIONS_SIGN_OUT_OTHERS',
  'REMINDERS_SEND',
  'REMINDER_SETTINGS_UPDATE',
  'PHONE_CODE_SENT',
  'PHONE_CONFIRM',
  'REMINDER_EMAILS_OFF',
] as const;
export type KnownAction = (typeof KNOWN_ACTIONS)[number];
export const isKnownAction = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

/** The kinds of record the server names in entries. */
export const ENTITY_TYPES = ['user', 'plan', 'group', 'payment', 'bank_account', 'commission_rules', 'commission_batch', 'winner', 'draw', 'export', 'settings'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const isKnownEntityType = (type: string): type is EntityType => (ENTITY_TYPES as readonly string[]).includes(type);

export const auditKeys = {
  all: ['admin-audit'] as const,
  list: (filters: AuditFilters) => ['admin-audit', 'list', filters] as const,
  actors: (search: string) => ['admin-audit', 'actors', search] as const,
};

/** The query string of a filtered page; empty filters are left out. */
export function auditParams(filters: AuditFilters): QueryParams {
  const text = (value: string) => value.trim() || undefined;
  return {
    action: text(filters.action)?.toUpperCase(),
    entityType: text(filters.entityType),
    entityId: text(filters.entityId),
    actorId: text(filters.actorId),
    from: text(filters.from),
    to: text(filters.to),
    page: filters.page,
    limit: AUDIT_PAGE_SIZE,
  };
}

/** GET /api/admin/exports/audit.csv: every entry the filters show (no pages), saved as a file. */
export function exportAudit(filters: AuditFilters) {
  const { page: _page, limit: _limit, ...query } = auditParams(filters);
  return api.download('/admin/exports/audit.csv', query, { fallbackName: 'audit.csv' });
}

export async function fetchAudit(filters: AuditFilters, signal?: AbortSignal): Promise<AuditPage> {
  return readAnswer(auditPageAnswer, await api.get('/admin/audit', auditParams(filters), { signal })).data;
}

/** Someone who may have made a change: what the actor search shows of GET /admin/users. */
export type ActorOption = Pick<AdminUser, 'id' | 'name' | 'email' | 'role'>;

/** People matching a name or email, to choose whose actions to show. */
export async function searchActors(search: string, signal?: AbortSignal): Promise<ActorOption[]> {
  const { users } = readAnswer(userListAnswer, await api.get('/admin/users', { search, limit: 8 }, { signal }));
  // Administrators first: only they make audited changes.
  return [...users].sort((a, b) => Number(b.role === 'ADMIN') - Number(a.role === 'ADMIN'));
}

/** An id as the server stores ids (a UUID): pasted into the actor box, it is used as it is. */
export const looksLikeId = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text.trim());
