/**
 * What each CSV export reads: the rows of an admin list under the same filter (each list's own WHERE
 * building), in the list's order, a batch at a time by keyset on that order (the key ends with the
 * unique id), so that an export of any size holds one batch in memory. Plain SQL through Queryable:
 * the same on PGlite and PostgreSQL. Times are written in Asia/Karachi by the database.
 */
import type { ExportFilters, ExportKind } from '../../contract/exports.ts';
import { auditFromWhere } from '../audit/audit-list.ts';
import { auditSubjectSql, subjectText } from '../audit/audit-subjects.ts';
import type { AuditSubject } from '../../contract/audit.ts';
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import type { Queryable, Row } from '../db/database.ts';
import { isOverdueSql, instalmentStateSql, overdueCutoffSql, type BusinessDay } from '../figures/figures.ts';
import { whereOf as paymentsWhere } from '../instalments/instalment-service.ts';
import { statesOfFilter } from '../../contract/figures.ts';
import { SCOPE as REPORT_SCOPE, scopeParams as reportScopeParams } from '../instalments/instalment-reports.ts';
import { planPaymentsWhere } from '../plan-requests/plan-request-service.ts';
import { USER_FIGURE_COLUMNS, userFiguresSql, usersWhere } from '../users/user-admin-service.ts';
import { winnersWhere } from '../winners/winner-service.ts';
import { amountCell, typedCell } from '../lib/csv.ts';

export type Cell = string | number | null;

/** The records of one export, a batch at a time (their header row, in the reader's language, is export-headers.ts's). */
export type ExportSource = { batches: AsyncGenerator<Cell[][], void, undefined> };

/** Rows per query: small enough to keep memory flat, large enough that round trips do not dominate. */
export const EXPORT_BATCH = 1000;

const ADMIN = { id: '', role: 'ADMIN' };
const ZONE = BUSINESS_TIME_ZONE.replace(/[^A-Za-z_/]/g, '');

/** SQL: a moment as its Asia/Karachi date and time, to the second ("2026-03-31 17:00:00"); NULL stays NULL. */
const pkt = (expr: string) => `to_char(${expr} AT TIME ZONE '${ZONE}', 'YYYY-MM-DD HH24:MI:SS')`;

/** A WHERE clause (`WHERE …` or empty) with one more condition. */
const andWhere = (whereSql: string, condition: string) => (whereSql ? `${whereSql} AND ${condition}` : `WHERE ${condition}`);

/**
 * SQL: past a row in the order `at DESC, id` (the lists' newest-first order): the bound `at <= k` is
 * said outright so that the index serves it. The key's moment travels as text, to the microsecond.
 */
const afterNewest = (at: string, id: string, k: string, kid: string) => `${at} <= ${k}::timestamptz AND (${at} < ${k}::timestamptz OR ${id} > ${kid}::uuid)`;

/** Pages through a query by keyset: `fetch` reads up to `limit` rows after the given last row. */
async function* keyset<R extends Row>(fetch: (after: R | undefined, limit: number) => Promise<R[]>, cells: (row: R) => Cell[]): AsyncGenerator<Cell[][], void, undefined> {
  let after: R | undefined;
  for (;;) {
    const rows = await fetch(after, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map(cells);
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1];
  }
}

/** Parameters of one query: `add` appends a value and names its placeholder. */
function paramsFrom(initial: unknown[]) {
  const params = [...initial];
  return { params, add: (value: unknown) => `$${params.push(value)}` };
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

type PaymentExportRow = {
  id: string; k_at: string; type: string; name: string; email: string; phone: string | null; plan_name: string; group_number: string | null;
  month: number | null; year: number | null; due_date: string | null; amount: string; status: string; state: string | null; payment_method: string;
  submitted: string | null; approved: string | null; rejection_reason: string | null; notes: string | null; admin_notes: string | null;
  payment_reference: string; transfer_date: string | null; transaction_number: string | null;
};

/** GET /api/payments (admin): every payment the filter matches, newest activity first. */
function payments(db: Queryable, day: BusinessDay, f: ExportFilters<'payments'>): ExportSource {
  // As the list reads its filters: a state (RULES §6a words) means instalments in those states.
  const { state, ...filters } = f;
  const { sql, params: base } = paymentsWhere(day, ADMIN, { ...filters, type: filters.type ?? (state ? 'INSTALMENT' : undefined), states: state ? statesOfFilter[state] : undefined });
  const at = 'coalesce(p.submitted_at, p.created_at)';
  return {
    batches: keyset<PaymentExportRow>(
      async (after, limit) => {
        const { params, add } = paramsFrom(base);
        const where = after ? andWhere(sql, afterNewest(at, 'p.id', add(after.k_at), add(after.id))) : sql;
        const { rows } = await db.query<PaymentExportRow>(
          `SELECT p.id, ${at}::text AS k_at, p.type, u.name, u.email, u.phone, pl.name AS plan_name, g.group_number, p.month, p.year, p.due_date::text AS due_date,
             p.amount::text AS amount, p.status, ${instalmentStateSql(day)} AS state, p.payment_method, ${pkt('p.submitted_at')} AS submitted,
             ${pkt('p.approved_at')} AS approved, p.rejection_reason, p.notes, p.admin_notes,
             p.payment_reference, p.transfer_date::text AS transfer_date, p.transaction_number
           FROM payments p JOIN committee_plans pl ON pl.id = p.plan_id JOIN users u ON u.id = p.user_id LEFT JOIN committee_groups g ON g.id = p.group_id
           ${where}
           ORDER BY ${at} DESC, p.id LIMIT ${add(limit)}`,
          params,
        );
        return rows;
      },
      (r) => [r.id, typedCell(r.payment_reference), r.type, r.name, r.email, typedCell(r.phone), r.plan_name, r.group_number, r.month, r.year, r.due_date,
        amountCell(r.amount), r.status, r.state, r.payment_method, r.transfer_date, typedCell(r.transaction_number), r.submitted, r.approved, r.rejection_reason,
        r.notes, r.admin_notes],
    ),
  };
}

type DefaulterExportRow = { user_id: string; oldest_due: string; name: string; email: string; phone: string | null; overdue_count: number; overdue_amount: string };

/**
 * The defaulters report: one row per member with an overdue instalment (figures.ts decides which are),
 * their count and sum, the longest overdue first. Without a filter it pages through each member's
 * oldest unpaid month (migration 022), as the report does; with one, through that scope's overdue
 * instalments summed per member.
 */
function defaulters(db: Queryable, day: BusinessDay, f: ExportFilters<'defaulters'>): ExportSource {
  const filtered = Boolean(f.planId || f.groupId || f.month || f.year);
  return {
    batches: keyset<DefaulterExportRow>(
      async (after, limit) => {
        if (!filtered) {
          const { params, add } = paramsFrom([]);
          const past = after ? `AND (m.due_date, m.user_id) > (${add(after.oldest_due)}::date, ${add(after.user_id)}::uuid)` : '';
          const { rows } = await db.query<DefaulterExportRow>(
            `SELECT m.user_id, m.due_date::text AS oldest_due, u.name, u.email, u.phone, o.overdue_count, o.overdue_amount
             FROM member_oldest_unpaid m JOIN users u ON u.id = m.user_id
             CROSS JOIN LATERAL (SELECT count(*)::int AS overdue_count, sum(p.amount)::text AS overdue_amount
                                 FROM payments p WHERE p.user_id = m.user_id AND ${isOverdueSql(day)}) o
             WHERE m.due_date < ${overdueCutoffSql(day)} ${past}
             ORDER BY m.due_date, m.user_id LIMIT ${add(limit)}`,
            params,
          );
          return rows;
        }
        const { params, add } = paramsFrom(reportScopeParams(f));
        const past = after ? `WHERE (d.oldest_due, d.user_id) > (${add(after.oldest_due)}::date, ${add(after.user_id)}::uuid)` : '';
        const { rows } = await db.query<DefaulterExportRow>(
          `WITH d AS (
             SELECT p.user_id, count(*)::int AS overdue_count, sum(p.amount) AS overdue_amount, min(p.due_date) AS oldest_due
             FROM payments p WHERE ${REPORT_SCOPE} AND ${isOverdueSql(day)} GROUP BY p.user_id)
           SELECT d.user_id, d.oldest_due::text AS oldest_due, u.name, u.email, u.phone, d.overdue_count, d.overdue_amount::text AS overdue_amount
           FROM d JOIN users u ON u.id = d.user_id ${past}
           ORDER BY d.oldest_due, d.user_id LIMIT ${add(limit)}`,
          params,
        );
        return rows;
      },
      (r) => [r.user_id, r.name, r.email, typedCell(r.phone), r.overdue_count, amountCell(r.overdue_amount), r.oldest_due],
    ),
  };
}

type WinnerExportRow = {
  id: string; year: number; month: number; k_at: string; name: string; email: string; plan_name: string; group_number: string; amount: string;
  payment_type: string; status: string; method: string; selected: string; paid: string | null; cancelled: string | null; notes: string | null;
};

/** GET /api/winners: newest period first, as the list (migration 018's indexes). */
function winners(db: Queryable, _day: BusinessDay, f: ExportFilters<'winners'>): ExportSource {
  const { whereSql, params: base } = winnersWhere(f);
  return {
    batches: keyset<WinnerExportRow>(
      async (after, limit) => {
        const { params, add } = paramsFrom(base);
        let where = whereSql;
        if (after) {
          const key = `(${add(after.year)}::int, ${add(after.month)}::int, ${add(after.k_at)}::timestamptz)`;
          where = andWhere(where, `(w.year, w.month, w.selected_at) <= ${key} AND ((w.year, w.month, w.selected_at) < ${key} OR w.id > ${add(after.id)}::uuid)`);
        }
        const { rows } = await db.query<WinnerExportRow>(
          `SELECT w.id, w.year, w.month, w.selected_at::text AS k_at, u.name, u.email, p.name AS plan_name, g.group_number, w.amount::text AS amount,
             w.payment_type, w.status, w.method, ${pkt('w.selected_at')} AS selected, ${pkt('w.paid_at')} AS paid, ${pkt('w.cancelled_at')} AS cancelled, w.notes
           FROM winners w JOIN committee_plans p ON p.id = w.plan_id JOIN committee_groups g ON g.id = w.group_id JOIN users u ON u.id = w.user_id
           ${where}
           ORDER BY w.year DESC, w.month DESC, w.selected_at DESC, w.id LIMIT ${add(limit)}`,
          params,
        );
        return rows;
      },
      (r) => [r.id, r.name, r.email, r.plan_name, r.group_number, r.month, r.year, amountCell(r.amount), r.payment_type, r.status, r.method,
        r.selected, r.paid, r.cancelled, r.notes],
    ),
  };
}

type PlanRequestExportRow = {
  id: string; k_at: string; name: string; email: string; phone: string | null; plan_name: string; amount: string; status: string; payment_method: string;
  has_receipt: boolean; group_number: string | null; requested: string; submitted: string | null; approved: string | null; rejection_reason: string | null; notes: string | null;
  payment_reference: string; transfer_date: string | null; transaction_number: string | null;
};

/** GET /api/plan-payments (admin): plan requests, newest first (migration 013's subscription indexes). */
function planRequests(db: Queryable, _day: BusinessDay, f: ExportFilters<'plan-requests'>): ExportSource {
  const { whereSql, params: base } = planPaymentsWhere(ADMIN, f);
  return {
    batches: keyset<PlanRequestExportRow>(
      async (after, limit) => {
        const { params, add } = paramsFrom(base);
        const past = after ? `AND ${afterNewest('p.created_at', 'p.id', add(after.k_at), add(after.id))}` : '';
        const { rows } = await db.query<PlanRequestExportRow>(
          `SELECT p.id, p.created_at::text AS k_at, u.name, u.email, u.phone, pl.name AS plan_name, p.amount::text AS amount, p.status, p.payment_method,
             p.receipt_id IS NOT NULL AS has_receipt, g.group_number, ${pkt('p.created_at')} AS requested, ${pkt('p.submitted_at')} AS submitted,
             ${pkt('p.approved_at')} AS approved, p.rejection_reason, p.notes, p.payment_reference, p.transfer_date::text AS transfer_date, p.transaction_number
           FROM payments p JOIN committee_plans pl ON pl.id = p.plan_id JOIN users u ON u.id = p.user_id LEFT JOIN committee_groups g ON g.id = p.group_id
           WHERE ${whereSql} ${past}
           ORDER BY p.created_at DESC, p.id LIMIT ${add(limit)}`,
          params,
        );
        return rows;
      },
      (r) => [r.id, typedCell(r.payment_reference), r.name, r.email, typedCell(r.phone), r.plan_name, amountCell(r.amount), r.status, r.payment_method,
        yesNo(r.has_receipt), r.transfer_date, typedCell(r.transaction_number), r.group_number, r.requested, r.submitted, r.approved, r.rejection_reason, r.notes],
    ),
  };
}

type BatchExportRow = {
  id: string; k_at: string; month: number; year: number; total_payments: number; total_amount: string; status: string; payment_method: string;
  transaction_id: string | null; notes: string | null; paid: string; admin_name: string | null;
};

/** GET /api/admin/commission-payments/history: the payout batches, newest first. */
function commissionPayments(db: Queryable): ExportSource {
  return {
    batches: keyset<BatchExportRow>(
      async (after, limit) => {
        const { params, add } = paramsFrom([]);
        const where = after ? `WHERE ${afterNewest('b.created_at', 'b.id', add(after.k_at), add(after.id))}` : '';
        const { rows } = await db.query<BatchExportRow>(
          `SELECT b.id, b.created_at::text AS k_at, b.month, b.year, b.total_payments, b.total_amount::text AS total_amount, b.status, b.payment_method,
             b.transaction_id, b.notes, ${pkt('b.created_at')} AS paid, u.name AS admin_name
           FROM commission_batches b LEFT JOIN users u ON u.id = b.created_by
           ${where}
           ORDER BY b.created_at DESC, b.id LIMIT ${add(limit)}`,
          params,
        );
        return rows;
      },
      (r) => [r.id, r.month, r.year, r.total_payments, amountCell(r.total_amount), r.status, r.payment_method, typedCell(r.transaction_id), r.notes, r.paid, r.admin_name],
    ),
  };
}

type UserExportRow = {
  id: string; k_at: string; name: string; email: string; phone: string | null; cnic: string | null; role: string; is_active: boolean; is_blocked: boolean;
  blocked_reason: string | null; verified: boolean; referral_code: string; total_committees: number; active_committees: number; total_payments: number;
  paid_amount: string; registered: string; last_login: string | null;
};

/** GET /api/admin/users: newest first (users_created_at_idx), each with the list's figures. */
function users(db: Queryable, _day: BusinessDay, f: ExportFilters<'users'>): ExportSource {
  const { whereSql, params: base } = usersWhere({ search: f.search, filter: f.status === 'ALL' ? undefined : f.status });
  return {
    batches: keyset<UserExportRow>(
      async (after, limit) => {
        const { params, add } = paramsFrom(base);
        const where = after ? andWhere(whereSql, afterNewest('u.created_at', 'u.id', add(after.k_at), add(after.id))) : whereSql;
        const { rows } = await db.query<UserExportRow>(
          `WITH listed AS (SELECT * FROM users u ${where} ORDER BY u.created_at DESC, u.id LIMIT ${add(limit)})
           SELECT u.id, u.created_at::text AS k_at, u.name, u.email, u.phone, u.cnic, u.role, u.is_active, u.is_blocked, u.blocked_reason,
             u.email_verified_at IS NOT NULL AS verified, u.referral_code, ${USER_FIGURE_COLUMNS},
             ${pkt('u.created_at')} AS registered, ${pkt('u.last_login_at')} AS last_login
           FROM listed u ${userFiguresSql('u')}
           ORDER BY u.created_at DESC, u.id`,
          params,
        );
        return rows;
      },
      (r) => [r.id, r.name, r.email, typedCell(r.phone), typedCell(r.cnic), r.role, r.is_blocked ? 'Blocked' : r.is_active ? 'Active' : 'Inactive', r.blocked_reason, yesNo(r.verified),
        r.referral_code, r.total_committees, r.active_committees, r.total_payments, amountCell(r.paid_amount), r.registered, r.last_login],
    ),
  };
}

type AuditExportRow = {
  id: string; k_at: string; at: string; actor_id: string | null; actor_name: string | null; actor_email: string | null; action: string; entity_type: string;
  entity_id: string | null; subject: AuditSubject | null; ip: string | null; before_data: string | null; after_data: string | null;
};

/** GET /api/admin/audit: newest first (audit_log_created_idx); before and after as JSON text. */
function audit(db: Queryable, _day: BusinessDay, f: ExportFilters<'audit'>): ExportSource {
  const { fromWhere, params: base } = auditFromWhere(f);
  return {
    batches: keyset<AuditExportRow>(
      async (after, limit) => {
        const { params, add } = paramsFrom(base);
        const past = after ? `AND ${afterNewest('a.created_at', 'a.id', add(after.k_at), add(after.id))}` : '';
        const { rows } = await db.query<AuditExportRow>(
          `SELECT a.id, a.created_at::text AS k_at, ${pkt('a.created_at')} AS at, u.id AS actor_id, u.name AS actor_name, u.email AS actor_email,
             a.action, a.entity_type, a.entity_id, ${auditSubjectSql()} AS subject, a.ip, a.before_data::text AS before_data, a.after_data::text AS after_data
           ${fromWhere} ${past}
           ORDER BY a.created_at DESC, a.id LIMIT ${add(limit)}`,
          params,
        );
        return rows;
      },
      (r) => [r.id, r.at, r.actor_id, r.actor_name, r.actor_email, r.action, r.entity_type, r.entity_id, subjectText(r.subject), r.ip, r.before_data, r.after_data],
    ),
  };
}

export const exportSources: { [K in ExportKind]: (db: Queryable, day: BusinessDay, filters: ExportFilters<K>) => ExportSource } = {
  payments,
  defaulters,
  winners,
  'plan-requests': planRequests,
  'commission-payments': commissionPayments,
  users,
  audit,
};
