/**
 * CSV exports for the operator: GET /api/admin/exports/{kind}.csv, each with the filters of the admin
 * list it mirrors (same names, same values, same meaning), without paging: the file holds every row
 * the filter matches.
 */
import { z } from 'zod';
import { dueRangeInOrder, dueRangeMessage, stateAndDueFilters } from './instalments.ts';
import { firstValue, searchField } from './paging.ts';
import { caseInsensitiveEnum } from './plans.ts';
import { USER_FILTERS } from './users.ts';
import { WINNER_STATUSES } from './winners.ts';

export const EXPORT_KINDS = ['payments', 'defaulters', 'winners', 'plan-requests', 'commission-payments', 'users', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const id = firstValue(z.string().max(100).optional());
const month = firstValue(z.coerce.number().int().min(1).max(12).optional());
const year = firstValue(z.coerce.number().int().min(2000).max(2100).optional());
const paymentStatus = firstValue(caseInsensitiveEnum(['PENDING', 'PAID', 'REJECTED', 'OVERDUE']).optional());

/** GET /api/payments (admin). */
export const paymentsExportQuery = z.object({
  type: firstValue(caseInsensitiveEnum(['SUBSCRIPTION', 'INSTALMENT']).optional()),
  status: paymentStatus,
  groupId: id,
  planId: id,
  userId: id,
  month,
  year,
  search: searchField,
  ...stateAndDueFilters,
}).refine(dueRangeInOrder, dueRangeMessage);

/** GET /api/payments/reports?reportType=defaulters. */
export const defaultersExportQuery = z.object({ planId: id, groupId: id, month, year });

/** GET /api/winners. */
export const winnersExportQuery = z.object({
  committeeId: id,
  groupNumber: firstValue(z.string().max(20).optional()),
  month,
  year,
  status: firstValue(caseInsensitiveEnum(WINNER_STATUSES).optional()),
  search: searchField,
});

/** GET /api/plan-payments (admin). */
export const planRequestsExportQuery = z.object({ status: paymentStatus, planId: id, search: searchField });

/** GET /api/admin/commission-payments/history: the payout batches, which that list does not filter. */
export const commissionPaymentsExportQuery = z.object({});

/** GET /api/admin/users. */
export const usersExportQuery = z.object({ search: searchField, status: firstValue(caseInsensitiveEnum(USER_FILTERS).optional()) });

/** GET /api/admin/audit: dates are Asia/Karachi days, both ends included. */
export const auditExportQuery = z.object({
  actorId: id,
  action: firstValue(z.string().trim().max(60).optional()),
  entityType: firstValue(z.string().trim().max(40).optional()),
  entityId: firstValue(z.string().trim().max(100).optional()),
  from: firstValue(z.iso.date().optional()),
  to: firstValue(z.iso.date().optional()),
});

export const exportQueries = {
  payments: paymentsExportQuery,
  defaulters: defaultersExportQuery,
  winners: winnersExportQuery,
  'plan-requests': planRequestsExportQuery,
  'commission-payments': commissionPaymentsExportQuery,
  users: usersExportQuery,
  audit: auditExportQuery,
} as const satisfies Record<ExportKind, z.ZodObject>;

export type ExportFilters<K extends ExportKind> = z.output<(typeof exportQueries)[K]>;

/** The file's name: the kind and the business day (Asia/Karachi) it was made on. */
export const exportFileName = (kind: ExportKind, day: string) => `${kind}-${day}.csv`;
