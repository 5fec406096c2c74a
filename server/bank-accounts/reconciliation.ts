/**
 * Reconciliation by bank account (RULES §6a, §10): what was approved into each account the members pay
 * into, per day or month of Asia/Karachi, beside the receipts sent into it that still wait for review;
 * and one period's approved payments, for the operator to tick against the bank statement.
 *
 * Approved money is a payment whose state is PAID (figures/figures.ts), by its approval time. Each
 * payment of money is counted once: a plan request's money is the request's own row; the first
 * instalment it settles (settled_by_payment_id) is the same money and is left out. Waiting money is a
 * payment UNDER_REVIEW with a receipt, by the time the receipt was sent. The report's figures are read
 * from the moves kept per account and Karachi day (migration 037, which writes these two tests on one
 * row); a period's entries are read from the index of approved payments (migrations 027 and 035).
 */
import { addAmounts, rupeesFromDb } from '../../contract/money.ts';
import { reconciliationMessages, type ReconciliationAccount, type ReconciliationBy, type ReconciliationEntriesPage, type ReconciliationEntry, type ReconciliationReport, type ReconciliationTick } from '../../contract/reconciliation.ts';
import { bankAccountMessages } from '../../contract/bank-accounts.ts';
import { paginationOf } from '../../contract/paging.ts';
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import type { Database, Queryable } from '../db/database.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUuid } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { businessDayOf, instalmentStateSql } from '../figures/figures.ts';

const ZONE = `'${BUSINESS_TIME_ZONE}'`;

/**
 * The state SQL of figures.ts. PAID and UNDER_REVIEW do not depend on the business day (only the states
 * of an unpaid month without a receipt do), so the day it is read on changes nothing here.
 */
const stateSql = (p = 'p') => instalmentStateSql(businessDayOf(new Date(), 10), p);

/** SQL: payment `p` is approved money of an account, one row per payment of money (the partial index's own condition first). */
const approvedSql = (p = 'p') => `${p}.status = 'PAID' AND ${p}.settled_by_payment_id IS NULL AND ${stateSql(p)} = 'PAID'`;
/** SQL: moment `column` falls on the Karachi days $from…$to, both included. */
const withinDaysSql = (column: string, from: string, to: string) =>
  `${column} >= (${from}::date::timestamp AT TIME ZONE ${ZONE}) AND ${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;

type AccountRow = { id: string; account_name: string; account_number: string; bank_name: string; is_active: boolean; is_deleted: boolean };
type PeriodRow = { account_id: string; period: string; approved_count: number; approved_amount: string; waiting_count: number; waiting_amount: string };

/** The accounts members pay into: every one not deleted, and a deleted one that has received payments (its history stays). */
async function accountsOf(db: Queryable, bankAccountId: string | undefined): Promise<AccountRow[]> {
  if (bankAccountId !== undefined && !isUuid(bankAccountId)) throw notFound(bankAccountMessages.notFound);
  const { rows } = await db.query<AccountRow>(
    `SELECT b.id, b.account_name, b.account_number, b.bank_name, b.is_active, b.deleted_at IS NOT NULL AS is_deleted
     FROM bank_accounts b
     WHERE ${bankAccountId ? 'b.id = $1' : '(b.deleted_at IS NULL OR b.payment_count > 0)'}
     ORDER BY b.deleted_at IS NOT NULL, b.is_default DESC, b.created_at, b.id LIMIT 500`,
    bankAccountId ? [bankAccountId] : [],
  );
  if (bankAccountId && rows.length === 0) throw notFound(bankAccountMessages.notFound);
  return rows;
}

const pair = (count: number, amount: string) => ({ count: Number(count), amount: rupeesFromDb(amount) });

export async function reconciliationReport(
  db: Queryable,
  query: { bankAccountId?: string; from: string; to: string; by: ReconciliationBy },
): Promise<ReconciliationReport> {
  const accounts = await accountsOf(db, query.bankAccountId);
  // The moves of the period's days (migration 037), at most one row per account and day once folded.
  const period = query.by === 'day' ? `to_char(m.day, 'YYYY-MM-DD')` : `to_char(m.day, 'YYYY-MM')`;
  const { rows } = accounts.length
    ? await db.query<PeriodRow>(
        `SELECT m.bank_account_id AS account_id, ${period} AS period,
                sum(m.approved_count)::int AS approved_count, sum(m.approved_amount)::text AS approved_amount,
                sum(m.waiting_count)::int AS waiting_count, sum(m.waiting_amount)::text AS waiting_amount
         FROM account_day_moves m
         WHERE m.bank_account_id = ANY($1::uuid[]) AND m.day BETWEEN $2::date AND $3::date
         GROUP BY m.bank_account_id, ${period}
         HAVING sum(m.approved_count) <> 0 OR sum(m.waiting_count) <> 0
         ORDER BY m.bank_account_id, ${period}`,
        [accounts.map((a) => a.id), query.from, query.to],
      )
    : { rows: [] as PeriodRow[] };

  const byAccount = new Map<string, PeriodRow[]>();
  for (const row of rows) byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row]);

  const result: ReconciliationAccount[] = accounts.map((a) => {
    const periods = (byAccount.get(a.id) ?? []).map((r) => ({
      period: r.period,
      approved: pair(r.approved_count, r.approved_amount),
      waiting: pair(r.waiting_count, r.waiting_amount),
    }));
    // The totals are the sums of the rows shown (RULES §6a), added exactly.
    const total = (key: 'approved' | 'waiting') => ({
      count: periods.reduce((n, p) => n + p[key].count, 0),
      amount: addAmounts(...periods.map((p) => p[key].amount)),
    });
    return {
      bankAccount: { id: a.id, accountName: a.account_name, accountNumber: a.account_number, bankName: a.bank_name, isActive: a.is_active, isDeleted: a.is_deleted },
      periods,
      totals: { approved: total('approved'), waiting: total('waiting') },
    };
  });
  return { from: query.from, to: query.to, by: query.by, accounts: result };
}

type EntryRow = {
  id: string;
  type: 'INSTALMENT' | 'SUBSCRIPTION';
  member_name: string;
  plan_name: string;
  group_number: string | null;
  month: number | null;
  year: number | null;
  amount: string;
  approved_at: Date | string;
  approved_at_pkt: string;
  payment_method: string;
  reference: string | null;
  notes: string | null;
  payment_reference: string;
  transfer_date: string | null;
  transaction_number: string | null;
  line_id: string | null;
  line_number: number | null;
  line_date: string | null;
  line_description: string | null;
  ticked_by: string | null;
  ticked_by_name: string | null;
  ticked_at: Date | string | null;
};

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** One day's or month's approved payments into one account, in the order they were approved, one page of them. */
export async function reconciliationEntries(
  db: Queryable,
  query: { bankAccountId: string; date?: string; month?: string; page: number; limit: number },
): Promise<ReconciliationEntriesPage> {
  await accountsOf(db, query.bankAccountId);
  const [from, to, period] = query.date ? [query.date, query.date, query.date] : [`${query.month}-01`, lastDayOf(query.month!), query.month!];
  const where = `p.bank_account_id = $1 AND ${withinDaysSql('p.approved_at', '$2', '$3')} AND ${approvedSql()}`;
  const params = [query.bankAccountId, from, to];

  const totals = await db.query<{ n: number; amount: string }>(
    `SELECT coalesce(sum(m.approved_count), 0)::int AS n, coalesce(sum(m.approved_amount), 0)::text AS amount
     FROM account_day_moves m WHERE m.bank_account_id = $1 AND m.day BETWEEN $2::date AND $3::date`,
    params,
  );
  const count = Number(totals.rows[0]?.n ?? 0);
  const offset = (query.page - 1) * query.limit;
  const { rows } = await db.query<EntryRow>(
    `SELECT p.id, p.type, u.name AS member_name, pl.name AS plan_name, g.group_number,
            coalesce(p.month, s.month)::int AS month, coalesce(p.year, s.year)::int AS year, p.amount::text AS amount,
            p.approved_at, to_char(p.approved_at AT TIME ZONE ${ZONE}, 'YYYY-MM-DD HH24:MI') AS approved_at_pkt,
            p.payment_method, coalesce(r.original_name, r.url) AS reference, p.notes,
            p.payment_reference, to_char(p.transfer_date, 'YYYY-MM-DD') AS transfer_date, p.transaction_number,
            l.id AS line_id, l.line_number, to_char(l.transfer_date, 'YYYY-MM-DD') AS line_date, l.description AS line_description,
            t.ticked_by, tu.name AS ticked_by_name, t.ticked_at
     FROM (SELECT p.* FROM payments p WHERE ${where} ORDER BY p.approved_at, p.id LIMIT ${query.limit} OFFSET ${offset}) p
     LEFT JOIN statement_matches sm ON sm.payment_id = p.id
     LEFT JOIN bank_statement_lines l ON l.id = sm.line_id
     LEFT JOIN reconciliation_ticks t ON t.payment_id = p.id
     LEFT JOIN users tu ON tu.id = t.ticked_by
     JOIN users u ON u.id = p.user_id
     JOIN committee_plans pl ON pl.id = p.plan_id
     LEFT JOIN committee_groups g ON g.id = p.group_id
     LEFT JOIN receipts r ON r.id = p.receipt_id
     -- A plan request pays for the first month it settles.
     LEFT JOIN LATERAL (SELECT s.month, s.year FROM payments s WHERE p.type = 'SUBSCRIPTION' AND s.settled_by_payment_id = p.id LIMIT 1) s ON true
     ORDER BY p.approved_at, p.id`,
    params,
  );
  const entries: ReconciliationEntry[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    memberName: r.member_name,
    planName: r.plan_name,
    groupNumber: r.group_number,
    month: r.month,
    year: r.year,
    amount: rupeesFromDb(r.amount),
    approvedAt: new Date(r.approved_at).toISOString(),
    approvedAtPkt: r.approved_at_pkt,
    paymentMethod: r.payment_method,
    reference: r.reference,
    notes: r.notes,
    paymentReference: r.payment_reference,
    transferDate: r.transfer_date,
    transactionNumber: r.transaction_number,
    statementLine: r.line_id === null ? null : { id: r.line_id, line: r.line_number!, transferDate: r.line_date!, description: r.line_description! },
    tick: r.ticked_by === null ? null : { byId: r.ticked_by, byName: r.ticked_by_name ?? '', at: new Date(r.ticked_at!).toISOString() },
  }));
  return {
    bankAccountId: query.bankAccountId,
    period,
    entries,
    totals: { count, amount: rupeesFromDb(totals.rows[0]?.amount ?? '0') },
    pagination: paginationOf(query.page, query.limit, count),
  };
}

/**
 * Ticks or unticks an approved payment as checked against the bank statement: shared by every admin,
 * and each change is in the audit trail. Ticking a ticked payment keeps the first tick.
 */
export async function setReconciliationTick(db: Database, actor: Actor, paymentId: string, ticked: boolean): Promise<ReconciliationTick | null> {
  return db.transaction(async (tx) => {
    if (!isUuid(paymentId)) throw notFound(reconciliationMessages.paymentNotFound);
    const { rows } = await tx.query<{ id: string }>(`SELECT p.id FROM payments p WHERE p.id = $1 AND ${approvedSql()} FOR UPDATE OF p`, [paymentId]);
    if (!rows[0]) throw notFound(reconciliationMessages.paymentNotFound);
    const changed = ticked
      ? await tx.write('INSERT INTO reconciliation_ticks (payment_id, ticked_by) VALUES ($1, $2) ON CONFLICT (payment_id) DO NOTHING', [paymentId, actor.id])
      : await tx.write('DELETE FROM reconciliation_ticks WHERE payment_id = $1', [paymentId]);
    if (changed.rowCount > 0) {
      await recordAudit(tx, { actorId: actor.id, ip: actor.ip, action: ticked ? 'RECONCILIATION_TICK' : 'RECONCILIATION_UNTICK', entityType: 'payment', entityId: paymentId, after: { ticked } });
    }
    const { rows: tick } = await tx.query<{ ticked_by: string; name: string; ticked_at: Date }>(
      'SELECT t.ticked_by, u.name, t.ticked_at FROM reconciliation_ticks t JOIN users u ON u.id = t.ticked_by WHERE t.payment_id = $1',
      [paymentId],
    );
    return tick[0] ? { byId: tick[0].ticked_by, byName: tick[0].name, at: tick[0].ticked_at.toISOString() } : null;
  });
}

/** SQL: the Karachi day payment `p`'s money was transferred: the receipt's, else the day it was sent. */
const transferDaySql = `coalesce(p.transfer_date, (p.submitted_at AT TIME ZONE ${ZONE})::date)`;

/**
 * Per transfer day or month: the statement's credit lines, matched and open, and the approved payments
 * into the account transferred then that no line matches. Periods with none of either are left out.
 */
export async function statementReconciliation(db: Queryable, query: { bankAccountId: string; from: string; to: string; by: ReconciliationBy }) {
  await accountsOf(db, query.bankAccountId);
  const period = (column: string) => (query.by === 'day' ? `to_char(${column}, 'YYYY-MM-DD')` : `to_char(${column}, 'YYYY-MM')`);
  const { rows } = await db.query<{ period: string; lines: number; matched: number; unmatched_count: number; unmatched_amount: string }>(
    `WITH lines AS (
       SELECT ${period('l.transfer_date')} AS period, count(*)::int AS lines, count(m.line_id)::int AS matched
         FROM bank_statement_lines l LEFT JOIN statement_matches m ON m.line_id = l.id
        WHERE l.bank_account_id = $1 AND l.credit IS NOT NULL AND l.transfer_date BETWEEN $2::date AND $3::date
        GROUP BY 1),
     unmatched AS (
       SELECT ${period(transferDaySql)} AS period, count(*)::int AS n, sum(p.amount)::text AS amount
         FROM payments p
        WHERE p.bank_account_id = $1 AND ${approvedSql()} AND ${transferDaySql} BETWEEN $2::date AND $3::date
          AND NOT EXISTS (SELECT 1 FROM statement_matches m WHERE m.payment_id = p.id)
        GROUP BY 1)
     SELECT coalesce(l.period, u.period) AS period, coalesce(l.lines, 0) AS lines, coalesce(l.matched, 0) AS matched,
            coalesce(u.n, 0) AS unmatched_count, coalesce(u.amount, '0') AS unmatched_amount
       FROM lines l FULL JOIN unmatched u ON u.period = l.period
      ORDER BY 1`,
    [query.bankAccountId, query.from, query.to],
  );
  const periods = rows.map((row) => ({
    period: row.period,
    lines: row.lines,
    matched: row.matched,
    open: row.lines - row.matched,
    approvedWithoutLine: pair(row.unmatched_count, row.unmatched_amount),
  }));
  const totals = {
    lines: periods.reduce((sum, p) => sum + p.lines, 0),
    matched: periods.reduce((sum, p) => sum + p.matched, 0),
    open: periods.reduce((sum, p) => sum + p.open, 0),
    approvedWithoutLine: { count: periods.reduce((sum, p) => sum + p.approvedWithoutLine.count, 0), amount: addAmounts(...periods.map((p) => p.approvedWithoutLine.amount)) },
  };
  return { bankAccountId: query.bankAccountId, from: query.from, to: query.to, by: query.by, periods, totals };
}
