/**
 * Commissions (RULES §8): accrued inside the transaction that approves a payment, one per referral
 * level above the payer, with the rules in force stored alongside; paid in monthly batches so that no
 * commission is ever paid twice; confirmed by the member who received it.
 */
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import { ALL_LIMIT } from '../../contract/paging.ts';
import { commissionMessages, type CommissionRules, type CommissionStatus } from '../../contract/referrals.ts';
import { formatPkr, rupeesFromDb } from '../../contract/money.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { karachiToday } from '../business-time.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { failpoint } from '../failpoints.ts';
import { conflict, notFound } from '../http/errors.ts';
import { notifyUser } from '../notifications/notify.ts';
import { commissionPaidNotice } from './referral-texts.ts';

type RulesRow = { id: string; level1_rate: string; level2_rate: string; level3_rate: string; minimum_commission: string; maximum_commission: string };

export async function currentRules(q: Queryable): Promise<CommissionRules & { id: string }> {
  const { rows } = await q.query<RulesRow>('SELECT * FROM commission_rules ORDER BY created_at DESC, id DESC LIMIT 1');
  const r = rows[0];
  return {
    id: r.id,
    level1Rate: Number(r.level1_rate),
    level2Rate: Number(r.level2_rate),
    level3Rate: Number(r.level3_rate),
    minimumCommission: rupeesFromDb(r.minimum_commission),
    maximumCommission: rupeesFromDb(r.maximum_commission),
  };
}

/** New rules apply to approvals from now on; commissions already accrued keep theirs. */
export async function updateRules(db: Database, admin: Actor, rules: CommissionRules) {
  return db.transaction(async (tx) => {
    const before = await currentRules(tx);
    await tx.query(
      `INSERT INTO commission_rules (level1_rate, level2_rate, level3_rate, minimum_commission, maximum_commission, created_by) VALUES ($1, $2, $3, $4, $5, $6)`,
      [rules.level1Rate, rules.level2Rate, rules.level3Rate, rules.minimumCommission, rules.maximumCommission, admin.id],
    );
    const after = await currentRules(tx);
    const { id: _before, ...beforeRules } = before;
    await recordAudit(tx, { actorId: admin.id, action: 'COMMISSION_RULES_UPDATE', entityType: 'commission_rules', entityId: after.id, before: beforeRules, after: rules, ip: admin.ip });
    return after;
  });
}

/**
 * Called in the approving transaction. The computation is one statement over the payer's referral
 * rows and the rules in force: amount × rate, rounded half-up to the paisa, bounded by the minimum and
 * maximum; a level whose rate is 0 earns nothing. A payment accrues at most once per level.
 */
export async function accrueCommissions(tx: Queryable, paymentId: string): Promise<void> {
  const today = karachiToday();
  await tx.query(
    `INSERT INTO commissions (referral_id, referrer_id, referred_user_id, payment_id, plan_id, level, payment_amount, rate, amount, rules_id, accrued_year, accrued_month)
     SELECT r.id, r.referrer_id, r.referred_user_id, p.id, p.plan_id, r.level, p.amount, x.rate,
            LEAST(GREATEST(round(p.amount * x.rate, 2), rules.minimum_commission), rules.maximum_commission), rules.id, $2, $3
     FROM payments p
     JOIN referrals r ON r.referred_user_id = p.user_id
     CROSS JOIN (SELECT * FROM commission_rules ORDER BY created_at DESC, id DESC LIMIT 1) rules
     CROSS JOIN LATERAL (SELECT CASE r.level WHEN 1 THEN rules.level1_rate WHEN 2 THEN rules.level2_rate ELSE rules.level3_rate END AS rate) x
     WHERE p.id = $1 AND x.rate > 0
     ON CONFLICT (payment_id, level) WHERE reverses_commission_id IS NULL AND reversed_at IS NULL DO NOTHING`,
    [paymentId, today.year, today.month],
  );
}

/**
 * An approval undone (server/corrections): each live commission the payment accrued gets a counter-entry
 * of the opposite amount in the same accrual month, so the month's batch nets the two; the original is
 * marked reversed. Nothing changes when one of them is already paid out ('paid-out'): money paid to a
 * referrer is not taken back here. Answers the ids reversed.
 */
export async function reverseCommissions(tx: Queryable, paymentId: string): Promise<string[] | 'paid-out'> {
  const { rows } = await tx.query<{ id: string; status: string }>(
    `SELECT id, status FROM commissions WHERE payment_id = $1 AND reverses_commission_id IS NULL AND reversed_at IS NULL ORDER BY id FOR UPDATE`,
    [paymentId],
  );
  if (rows.some((r) => r.status !== 'PENDING')) return 'paid-out';
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return ids;
  await tx.query('UPDATE commissions SET reversed_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  await tx.query(
    `INSERT INTO commissions (referral_id, referrer_id, referred_user_id, payment_id, plan_id, level, payment_amount, rate, amount, rules_id,
       accrued_year, accrued_month, reverses_commission_id)
     SELECT referral_id, referrer_id, referred_user_id, payment_id, plan_id, level, payment_amount, rate, -amount, rules_id, accrued_year, accrued_month, id
     FROM commissions WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return ids;
}

/**
 * A commission bounded by the rules' minimum or maximum says so (RULES §8): what amount × rate came to,
 * and which bound changed it. The rate and payment are stored with the commission, so this is exact.
 */
// A counter-entry (an undone approval) carries the opposite of what it reverses: its uncapped amount too.
const UNCAPPED_SQL = `(CASE WHEN c.reverses_commission_id IS NULL THEN 1 ELSE -1 END * round(c.payment_amount * c.rate, 2))::text AS uncapped_amount,
  c.reverses_commission_id IS NOT NULL AS reversal`;
function capOf(r: { amount: string; uncapped_amount: string; reversal: boolean }) {
  const amount = Math.abs(rupeesFromDb(r.amount));
  const uncapped = Math.abs(rupeesFromDb(r.uncapped_amount));
  return {
    uncappedAmount: rupeesFromDb(r.uncapped_amount),
    cappedBy: amount < uncapped ? ('MAXIMUM' as const) : amount > uncapped ? ('MINIMUM' as const) : null,
    reversal: r.reversal,
  };
}

type PendingRow = {
  id: string; referral_id: string; plan_id: string; plan_name: string; referrer_id: string; referrer_name: string; referrer_email: string;
  referred_name: string; level: number; rate: string; payment_amount: string; amount: string; uncapped_amount: string; reversal: boolean; accrued_at: Date;
};

/**
 * One page of a month's unpaid commissions, in the order they accrued (an index serves it: migration
 * 016), and the month's count and total over all of them (what a batch would pay), summed in the database.
 */
export async function pendingCommissions(q: Queryable, period: { month: number; year: number }, page: { limit: number; offset: number } = { limit: ALL_LIMIT, offset: 0 }) {
  const { rows } = await q.query<PendingRow>(
    `SELECT c.id, c.referral_id, c.plan_id, p.name AS plan_name, c.referrer_id, ref.name AS referrer_name, ref.email AS referrer_email,
       u.name AS referred_name, c.level, c.rate::text, c.payment_amount::text, c.amount::text, ${UNCAPPED_SQL}, c.accrued_at
     FROM commissions c JOIN users ref ON ref.id = c.referrer_id JOIN users u ON u.id = c.referred_user_id JOIN committee_plans p ON p.id = c.plan_id
     WHERE c.status = 'PENDING' AND c.accrued_year = $1 AND c.accrued_month = $2
     ORDER BY c.accrued_at, c.id LIMIT $3 OFFSET $4`,
    [period.year, period.month, page.limit, page.offset],
  );
  // The count and total from the moves kept per month (migration 038), not from every commission of it.
  const totals = await q.query<{ n: number; amount: string }>(
    `SELECT coalesce(sum(pending_count), 0)::int AS n, coalesce(sum(pending_amount), 0)::text AS amount
     FROM commission_month_moves WHERE accrued_year = $1 AND accrued_month = $2`,
    [period.year, period.month],
  );
  const commissionPayments = rows.map((r) => ({
    id: r.id,
    referralId: r.referral_id,
    committeeId: r.plan_id,
    committeeName: r.plan_name,
    referrerId: r.referrer_id,
    referrerName: r.referrer_name,
    referrerEmail: r.referrer_email,
    referredUserName: r.referred_name,
    level: r.level,
    commissionRate: Number(r.rate),
    paymentAmount: rupeesFromDb(r.payment_amount),
    commissionAmount: rupeesFromDb(r.amount),
    ...capOf(r),
    accruedAt: new Date(r.accrued_at).toISOString(),
  }));
  const referrers = await pendingByReferrer(q, period);
  return { commissionPayments, referrers, totalPayments: totals.rows[0].n, totalAmount: rupeesFromDb(totals.rows[0].amount) };
}

/** How many members a month's list names with their totals; far more than a month has. */
const REFERRERS_LIMIT = 1000;

/**
 * A month's unpaid commissions summed per member, by name: what paying one member pays. Grouped over the
 * month's unpaid commissions alone (the index of migration 016 finds them), never over the whole table.
 */
async function pendingByReferrer(q: Queryable, period: { month: number; year: number }) {
  const { rows } = await q.query<{ referrer_id: string; name: string; email: string; n: number; amount: string }>(
    `SELECT s.referrer_id, u.name, u.email, s.n, s.amount::text
     FROM (SELECT c.referrer_id, count(*)::int AS n, sum(c.amount) AS amount FROM commissions c
           WHERE c.status = 'PENDING' AND c.accrued_year = $1 AND c.accrued_month = $2 GROUP BY c.referrer_id) s
     JOIN users u ON u.id = s.referrer_id
     ORDER BY u.name, u.id LIMIT ${REFERRERS_LIMIT}`,
    [period.year, period.month],
  );
  return rows.map((r) => ({ referrerId: r.referrer_id, referrerName: r.name, referrerEmail: r.email, count: r.n, totalAmount: rupeesFromDb(r.amount) }));
}

/**
 * Pays a month's pending commissions as one batch, or with `referrerId` only that member's. The update
 * takes only rows still PENDING: a second batch for the same month (or member and month), sent twice or
 * at the same moment, finds nothing left and is refused.
 */
export async function payCommissionBatch(
  db: Database,
  admin: Actor,
  input: { month: number; year: number; paymentMethod: string; transactionId?: string; notes?: string; referrerId?: string },
) {
  const referrerId = input.referrerId ?? null;
  const batch = await db.transaction(async (tx) => {
    if (referrerId) {
      const { rows: member } = await tx.query('SELECT 1 FROM users WHERE id = $1', [referrerId]);
      if (member.length === 0) throw notFound(commissionMessages.memberNotFound);
    }
    const { rows: batchRows } = await tx.query<{ id: string }>(
      `INSERT INTO commission_batches (month, year, payment_method, transaction_id, notes, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [input.month, input.year, input.paymentMethod, input.transactionId ?? null, input.notes ?? null, admin.id],
    );
    const batchId = batchRows[0].id;
    const { rows: paid } = await tx.query<{ referrer_id: string; amount: string }>(
      `UPDATE commissions SET status = 'PAID', batch_id = $1, paid_at = now(), payment_method = $2, transaction_id = $3
       WHERE status = 'PENDING' AND accrued_year = $4 AND accrued_month = $5 AND ($6::uuid IS NULL OR referrer_id = $6)
       RETURNING referrer_id, amount::text`,
      [batchId, input.paymentMethod, input.transactionId ?? null, input.year, input.month, referrerId],
    );
    if (paid.length === 0) throw conflict(referrerId ? commissionMessages.nothingToPayMember : commissionMessages.nothingToPay);
    failpoint('commission-batch:after-mark-paid');
    const { rows: totals } = await tx.query<{ n: number; total: string }>(
      `UPDATE commission_batches SET total_payments = s.n, total_amount = s.total
       FROM (SELECT count(*)::int AS n, sum(amount) AS total FROM commissions WHERE batch_id = $1) s
       WHERE id = $1 RETURNING s.n, s.total::text`,
      [batchId],
    );
    // One notification per referrer, with their own total.
    const byReferrer = new Map<string, number>();
    for (const row of paid) byReferrer.set(row.referrer_id, (byReferrer.get(row.referrer_id) ?? 0) + Math.round(Number(row.amount) * 100));
    for (const [userId, paisa] of byReferrer) {
      const amount = formatPkr(paisa / 100);
      await notifyUser(tx, userId, { type: 'COMMISSION_PAID', text: (language) => commissionPaidNotice(language, amount), data: { batchId } });
    }
    const totalAmount = rupeesFromDb(totals[0].total);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'COMMISSION_BATCH_PAY',
      entityType: 'commission_batch',
      entityId: batchId,
      after: { month: input.month, year: input.year, referrerId, totalPayments: totals[0].n, totalAmount, paymentMethod: input.paymentMethod, transactionId: input.transactionId ?? null },
      ip: admin.ip,
    });
    failpoint('commission-batch:before-commit');
    return { batchId, totalPayments: totals[0].n, totalAmount };
  });
  failpoint('commission-batch:after-commit');
  return batch;
}

export async function batchHistory(q: Queryable, limit: number, offset: number) {
  const { rows } = await q.query<{ id: string; month: number; year: number; total_payments: number; total_amount: string; status: 'COMPLETED'; payment_method: string; transaction_id: string | null; notes: string | null; created_at: Date; admin_name: string | null }>(
    `SELECT b.*, b.total_amount::text AS total_amount, u.name AS admin_name FROM commission_batches b LEFT JOIN users u ON u.id = b.created_by
     ORDER BY b.created_at DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows.map((b) => ({
    id: b.id,
    month: b.month,
    year: b.year,
    totalPayments: b.total_payments,
    totalAmount: rupeesFromDb(b.total_amount),
    status: b.status,
    paymentMethod: b.payment_method,
    transactionId: b.transaction_id,
    notes: b.notes,
    createdAt: new Date(b.created_at).toISOString(),
    paidBy: b.admin_name,
  }));
}

type MemberCommissionRow = {
  id: string; amount: string; status: CommissionStatus; user_confirmed: boolean; confirmed_at: Date | null; user_notes: string | null; payment_method: string | null;
  transaction_id: string | null; paid_at: Date | null; accrued_at: Date; level: number; rate: string; referred_name: string; plan_name: string;
  uncapped_amount: string;
  reversal: boolean;
};

const MEMBER_COMMISSION_SELECT = `SELECT c.id, c.amount::text, c.status, c.user_confirmed, c.confirmed_at, c.user_notes, c.payment_method, c.transaction_id,
    c.paid_at, c.accrued_at, c.level, c.rate::text, u.name AS referred_name, p.name AS plan_name, ${UNCAPPED_SQL}
  FROM commissions c JOIN users u ON u.id = c.referred_user_id JOIN committee_plans p ON p.id = c.plan_id`;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function toCommissionPayment(r: MemberCommissionRow) {
  return {
    id: r.id,
    amount: rupeesFromDb(r.amount),
    ...capOf(r),
    status: r.status,
    userConfirmed: r.user_confirmed,
    confirmedAt: iso(r.confirmed_at),
    userNotes: r.user_notes,
    paymentMethod: r.payment_method,
    transactionId: r.transaction_id,
    paidAt: iso(r.paid_at),
    paymentDate: iso(r.paid_at),
    createdAt: new Date(r.accrued_at).toISOString(),
    referral: { level: r.level, commissionRate: Number(r.rate), referredUser: { name: r.referred_name } },
    committee: { name: r.plan_name },
  };
}

/** The member's paid commissions, to confirm receipt of (member document §3 "Commission payment"). */
export async function memberCommissionPayments(q: Queryable, userId: string) {
  const { rows } = await q.query<MemberCommissionRow>(`${MEMBER_COMMISSION_SELECT} WHERE c.referrer_id = $1 AND c.status = 'PAID' ORDER BY c.paid_at DESC LIMIT 1000`, [userId]);
  return rows.map(toCommissionPayment);
}

/** Confirming twice changes nothing: the first confirmation and its notes stand. */
export async function confirmCommissionPayment(db: Database, userId: string, id: string, notes: string | undefined) {
  if (!isUuid(id)) throw notFound(commissionMessages.notFound);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ referrer_id: string; status: string }>('SELECT referrer_id, status FROM commissions WHERE id = $1 FOR UPDATE', [id]);
    // Another member's commission, or one not paid yet, is not a payment this member can confirm.
    if (!rows[0] || rows[0].referrer_id !== userId || rows[0].status !== 'PAID') throw notFound(commissionMessages.notFound);
    await tx.query('UPDATE commissions SET user_confirmed = true, confirmed_at = now(), user_notes = $2 WHERE id = $1 AND NOT user_confirmed', [id, notes ?? null]);
    const { rows: after } = await tx.query<MemberCommissionRow>(`${MEMBER_COMMISSION_SELECT} WHERE c.id = $1`, [id]);
    return toCommissionPayment(after[0]);
  });
}

export async function commissionHistory(q: Queryable, f: { userId?: string; status?: string; level?: number; startDate?: string; endDate?: string; limit: number; offset: number }) {
  const filters = [f.userId ?? null, f.status ?? null, f.level ?? null, f.startDate ?? null, f.endDate ?? null];
  const where = `WHERE ($1::uuid IS NULL OR c.referrer_id = $1) AND ($2::text IS NULL OR c.status = $2) AND ($3::int IS NULL OR c.level = $3)
       AND ($4::date IS NULL OR c.accrued_at >= ($4::date::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'))
       AND ($5::date IS NULL OR c.accrued_at < (($5::date + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'))`;
  const { rows } = await q.query<MemberCommissionRow>(`${MEMBER_COMMISSION_SELECT} ${where} ORDER BY c.accrued_at DESC, c.id LIMIT $6 OFFSET $7`, [...filters, f.limit, f.offset]);
  // Unfiltered, the kept totals rather than a sum over every commission: one referrer's all-time row
  // (migration 017), or everyone's from the rows kept per month (migration 038). Any other filter sums
  // the commissions it matches.
  const unfiltered = f.status === undefined && f.level === undefined && f.startDate === undefined && f.endDate === undefined;
  const totals = !unfiltered
    ? await q.query<{ n: number; amount: string }>(`SELECT count(*)::int AS n, coalesce(sum(c.amount), 0)::text AS amount FROM commissions c ${where}`, filters)
    : f.userId
      ? await q.query<{ n: number; amount: string }>(
          `SELECT coalesce(sum(n), 0)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM referrer_totals WHERE year = 0 AND month = 0 AND referrer_id = $1`,
          [f.userId],
        )
      : await q.query<{ n: number; amount: string }>('SELECT coalesce(sum(all_count), 0)::int AS n, coalesce(sum(all_amount), 0)::text AS amount FROM commission_month_moves');
  return { commissions: rows.map(toCommissionPayment), total: totals.rows[0].n, totalCommission: rupeesFromDb(totals.rows[0].amount) };
}
