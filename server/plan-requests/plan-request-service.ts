/**
 * Buying a plan (RULES §5): a member's subscription payment with its receipt, and the admin's review.
 * Approval is one transaction: payment PAID, membership, instalment schedule, referral activation,
 * notification, email and audit row, all or nothing.
 */
import { rupeesFromDb } from '../../contract/money.ts';
import { bankAccountMessages } from '../../contract/bank-accounts.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { findBankAccount, bankAccountSnapshot } from '../bank-accounts/bank-account-service.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal } from '../db/paging.ts';
import { addMemberToGroup } from '../groups/membership-service.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { failpoint } from '../failpoints.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { groupJoinedNotice, planApprovedEmail, planApprovedNotice, planRejectedNotice, planRejectedSubject, planRequestNewNotice } from './plan-request-texts.ts';
import { noticeEmail, type Language } from '../mail/layout.ts';
import { notifyAdmins, notifyUser } from '../notifications/notify.ts';
import { findPlan, getVisiblePlan } from '../plans/plan-service.ts';
import { accrueCommissions } from '../referrals/commission-service.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import type { ReceiptStorage } from '../receipts/receipt-storage.ts';
import type { TransferDetails, UploadedReceipt } from '../receipts/receipt-upload.ts';
import type { BusinessDay } from '../figures/figures.ts';
import { PAYMENT_SELECT, toPayment, type PaymentRow } from '../instalments/payment-view.ts';
import { tellOfMonthsOwedOnJoining } from '../reminders/months-owed-on-joining.ts';
import { planPaymentMessages } from '../../contract/plan-requests.ts';

export type PlanRequestDeps = { db: Database; storage: ReceiptStorage; signer: ReceiptLinkSigner; appUrl: string; mailQueued: () => void; today: () => BusinessDay };

/** Stores the file first, then runs fn; if fn fails, the file is removed again so nothing is left over. */
async function withStoredReceipt<T>(deps: PlanRequestDeps, receipt: UploadedReceipt | undefined, fn: (key: string | undefined) => Promise<T>): Promise<T> {
  const key = receipt ? await deps.storage.save(receipt.data, receipt.kind.extension) : undefined;
  try {
    return await fn(key);
  } catch (error) {
    if (key) await deps.storage.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * A new receipt of a plan request, and the request pointing at it with what the receipt says of its
 * transfer (the latest receipt's: a later receipt without them clears them). An earlier receipt stays.
 */
async function insertReceipt(tx: Queryable, ownerId: string, paymentId: string, file: { key: string; receipt: UploadedReceipt } | { url: string }, transfer: TransferDetails) {
  const given = [transfer.transferDate ?? null, transfer.transactionNumber ?? null];
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO receipts (owner_id, payment_id, storage_key, url, original_name, content_type, size_bytes, transfer_date, transaction_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    'url' in file
      ? [ownerId, paymentId, null, file.url, null, null, null, ...given]
      : [ownerId, paymentId, file.key, null, file.receipt.originalName, file.receipt.kind.contentType, file.receipt.data.length, ...given],
  );
  await tx.query('UPDATE payments SET receipt_id = $2, submitted_at = now(), transfer_date = $3, transaction_number = $4, updated_at = now() WHERE id = $1', [
    paymentId,
    rows[0].id,
    ...given,
  ]);
}

export async function getPlanPayment(deps: Pick<PlanRequestDeps, 'db' | 'signer'>, q: Queryable, id: string, viewer: { id: string; role: string }) {
  if (!isUuid(id)) throw notFound(planPaymentMessages.notFound);
  const { rows } = await q.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.id = $1 AND p.type = 'SUBSCRIPTION'`, [id]);
  const row = rows[0];
  // Another member's request does not exist, as far as this member can tell (RULES §12).
  if (!row || (viewer.role !== 'ADMIN' && row.user_id !== viewer.id)) throw notFound(planPaymentMessages.notFound);
  return toPayment(row, deps.signer);
}

export async function createPlanRequest(
  deps: PlanRequestDeps,
  member: Actor,
  input: { planId: string; amount: number; paymentMethod: string; notes?: string; bankAccountId?: string; receipt?: UploadedReceipt } & TransferDetails,
) {
  const payment = await withStoredReceipt(deps, input.receipt, (key) =>
    deps.db.transaction(async (tx) => {
      const plan = await getVisiblePlan(tx, input.planId, false);
      if (input.amount !== plan.monthlyAmount) throw badRequest(planPaymentMessages.wrongAmount(plan.monthlyAmount), { amount: planPaymentMessages.wrongAmount(plan.monthlyAmount) });
      let snapshot: unknown = null;
      if (input.bankAccountId) {
        const account = await findBankAccount(tx, input.bankAccountId);
        if (!account?.isActive) throw badRequest(bankAccountMessages.notActive, { bankAccountId: bankAccountMessages.notActive });
        snapshot = bankAccountSnapshot(account);
      }
      let id: string;
      try {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO payments (type, user_id, plan_id, amount, payment_method, bank_account_id, bank_account_snapshot, notes, submitted_at)
           VALUES ('SUBSCRIPTION', $1, $2, $3, $4, $5, $6::jsonb, $7, CASE WHEN $8 THEN now() END) RETURNING id`,
          [member.id, plan.id, plan.monthlyAmount, input.paymentMethod, input.bankAccountId ?? null, JSON.stringify(snapshot), input.notes ?? null, !!key],
        );
        id = rows[0].id;
      } catch (error) {
        if (isUniqueViolation(error, 'payments_one_pending_subscription')) throw conflict(planPaymentMessages.alreadyPending);
        throw error;
      }
      if (key && input.receipt) await insertReceipt(tx, member.id, id, { key, receipt: input.receipt }, input);
      await notifyAdmins(tx, { type: 'PLAN_REQUEST_NEW', text: (language) => planRequestNewNotice(language, plan.name), data: { paymentId: id, planId: plan.id } });
      return getPlanPayment(deps, tx, id, { id: member.id, role: 'USER' });
    }),
  );
  return payment;
}

/** A receipt for an open request: a file, or an http(s) URL that is stored and never fetched. */
export async function attachPlanReceipt(deps: PlanRequestDeps, member: Actor, paymentId: string, source: ({ receipt: UploadedReceipt } | { url: string }) & TransferDetails) {
  return withStoredReceipt(deps, 'receipt' in source ? source.receipt : undefined, (key) =>
    deps.db.transaction(async (tx) => {
      if (!isUuid(paymentId)) throw notFound(planPaymentMessages.notFound);
      const { rows } = await tx.query<{ user_id: string; status: string }>(`SELECT user_id, status FROM payments WHERE id = $1 AND type = 'SUBSCRIPTION' FOR UPDATE`, [paymentId]);
      if (!rows[0] || rows[0].user_id !== member.id) throw notFound(planPaymentMessages.notFound);
      if (rows[0].status !== 'PENDING') throw conflict(planPaymentMessages.processed);
      // An earlier receipt stays in the receipts table: a new one never overwrites it.
      await insertReceipt(tx, member.id, paymentId, 'url' in source ? { url: source.url } : { key: key!, receipt: source.receipt }, source);
      return getPlanPayment(deps, tx, paymentId, { id: member.id, role: 'USER' });
    }),
  );
}

type LockedPayment = { id: string; user_id: string; plan_id: string; status: string; receipt_id: string | null; payment_method: string; email: string; name: string; language: Language };

async function lockSubscription(tx: Queryable, id: string): Promise<LockedPayment> {
  if (!isUuid(id)) throw notFound(planPaymentMessages.notFound);
  const { rows } = await tx.query<LockedPayment>(
    `SELECT p.id, p.user_id, p.plan_id, p.status, p.receipt_id, p.payment_method, u.email, u.name, u.language
     FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = $1 AND p.type = 'SUBSCRIPTION' FOR UPDATE OF p`,
    [id],
  );
  if (!rows[0]) throw notFound(planPaymentMessages.notFound);
  return rows[0];
}

export async function approvePlanRequest(deps: PlanRequestDeps, admin: Actor, id: string, input: { planId?: string; groupId?: string; groupNumber?: string; notes?: string }) {
  const result = await deps.db.transaction(async (tx) => {
    // The row lock makes a second, simultaneous approval wait here and then find the request PAID.
    const payment = await lockSubscription(tx, id);
    if (payment.status !== 'PENDING') throw conflict(planPaymentMessages.processed);
    if (!payment.receipt_id) throw badRequest(planPaymentMessages.receiptNeeded);
    if (input.planId && input.planId !== payment.plan_id) throw badRequest(planPaymentMessages.planMismatch, { planId: planPaymentMessages.planMismatch });
    const plan = (await findPlan(tx, payment.plan_id))!;
    const joined = await addMemberToGroup(tx, {
      plan,
      userId: payment.user_id,
      groupId: input.groupId,
      groupNumber: input.groupNumber,
      settledBy: { paymentId: payment.id, receiptId: payment.receipt_id, paymentMethod: payment.payment_method, reviewerId: admin.id },
    });
    failpoint('plan-approve:after-seat');
    await tx.query(
      `UPDATE payments SET status = 'PAID', approved_at = now(), payment_date = now(), reviewed_by = $2, reviewed_at = now(), group_id = $3,
         admin_notes = $4, updated_at = now() WHERE id = $1`,
      [id, admin.id, joined.groupId, input.notes ?? null],
    );
    await tx.query(`UPDATE receipts SET outcome = 'ACCEPTED', reviewed_at = now(), reviewed_by = $2 WHERE id = $1`, [payment.receipt_id, admin.id]);
    // Commission accrues in the approving transaction: approved and accrued together, or neither (RULES §8).
    await accrueCommissions(tx, payment.id);
    // A referral becomes active with the referred member's first approved payment (RULES §8).
    await tx.query(`UPDATE referrals SET status = 'ACTIVE', activated_at = now() WHERE referred_user_id = $1 AND status = 'PENDING'`, [payment.user_id]);
    const notice = (language: Language) => planApprovedNotice(language, plan.name, joined.groupNumber, joined.memberNumber);
    await notifyUser(tx, payment.user_id, { type: 'PLAN_REQUEST_APPROVED', text: notice, data: { paymentId: id, groupId: joined.groupId } });
    await enqueueEmail(tx, planApprovedEmail(payment.language, payment.email, payment.name, notice(payment.language), `${deps.appUrl}/dashboard`));
    // A group that started before today: its months already due are owed at once, told of in one notice.
    await tellOfMonthsOwedOnJoining(tx, deps.today(), deps.appUrl, { userId: payment.user_id, groupId: joined.groupId, planName: plan.name, groupNumber: joined.groupNumber });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'PLAN_REQUEST_APPROVE',
      entityType: 'payment',
      entityId: id,
      before: { status: 'PENDING' },
      after: { status: 'PAID', groupId: joined.groupId, groupNumber: joined.groupNumber, memberNumber: joined.memberNumber },
      ip: admin.ip,
    });
    failpoint('plan-approve:before-commit');
    return { payment: await getPlanPayment(deps, tx, id, { id: admin.id, role: 'ADMIN' }), groupNumber: joined.groupNumber };
  });
  failpoint('plan-approve:after-commit');
  deps.mailQueued();
  return result;
}

export async function rejectPlanRequest(deps: PlanRequestDeps, admin: Actor, id: string, reason: string) {
  const payment = await deps.db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, id);
    if (locked.status !== 'PENDING') throw conflict(planPaymentMessages.processed);
    await tx.query(`UPDATE payments SET status = 'REJECTED', rejection_reason = $2, reviewed_by = $3, reviewed_at = now(), updated_at = now() WHERE id = $1`, [id, reason, admin.id]);
    if (locked.receipt_id) {
      await tx.query(`UPDATE receipts SET outcome = 'REFUSED', outcome_reason = $2, reviewed_at = now(), reviewed_by = $3 WHERE id = $1`, [locked.receipt_id, reason, admin.id]);
    }
    const plan = await findPlan(tx, locked.plan_id);
    const notice = (language: Language) => planRejectedNotice(language, plan?.name, reason);
    await notifyUser(tx, locked.user_id, { type: 'PLAN_REQUEST_REJECTED', text: notice, data: { paymentId: id } });
    const { language } = locked;
    await enqueueEmail(tx, noticeEmail(language, locked.email, locked.name, planRejectedSubject[language], notice(language).message, `${deps.appUrl}/dashboard`));
    await recordAudit(tx, { actorId: admin.id, action: 'PLAN_REQUEST_REJECT', entityType: 'payment', entityId: id, before: { status: 'PENDING' }, after: { status: 'REJECTED', rejectionReason: reason }, ip: admin.ip });
    return getPlanPayment(deps, tx, id, { id: admin.id, role: 'ADMIN' });
  });
  deps.mailQueued();
  return payment;
}

/** An admin puts a user into a plan's group directly (no subscription payment settles a month). */
export async function addUserToPlan(deps: PlanRequestDeps, admin: Actor, planId: string, input: { userId: string; groupId?: string; groupNumber?: string }) {
  const joined = await deps.db.transaction(async (tx) => {
    const plan = await findPlan(tx, planId);
    if (!plan) throw notFound('Plan not found.');
    const user = isUuid(input.userId) ? (await tx.query('SELECT 1 FROM users WHERE id = $1', [input.userId])).rowCount : 0;
    if (!user) throw notFound('User not found.');
    const joined = await addMemberToGroup(tx, { plan, userId: input.userId, groupId: input.groupId, groupNumber: input.groupNumber, nextFreeSeat: true });
    await notifyUser(tx, input.userId, {
      type: 'GROUP_JOINED',
      text: (language) => groupJoinedNotice(language, plan.name, joined.groupNumber, joined.memberNumber),
      data: { groupId: joined.groupId },
    });
    await tellOfMonthsOwedOnJoining(tx, deps.today(), deps.appUrl, { userId: input.userId, groupId: joined.groupId, planName: plan.name, groupNumber: joined.groupNumber });
    await recordAudit(tx, { actorId: admin.id, action: 'PLAN_ADD_USER', entityType: 'plan', entityId: planId, after: { userId: input.userId, ...joined }, ip: admin.ip });
    return joined;
  });
  // The notice of months owed on joining may have queued an email.
  deps.mailQueued();
  return joined;
}

export type PlanPaymentFilter = { status?: string; planId?: string; search?: string };

/**
 * The plan requests list's WHERE condition (without the word) and its parameters, on `p`, `u` and `pl`;
 * the CSV export reads it too. A malformed plan id matches nothing.
 */
export function planPaymentsWhere(viewer: { id: string; role: string }, filter: PlanPaymentFilter) {
  const where = [`p.type = 'SUBSCRIPTION'`];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (viewer.role !== 'ADMIN') add('p.user_id = ?', viewer.id);
  if (filter.status) add('p.status = ?', filter.status);
  if (filter.planId) add('p.plan_id = ?', isUuid(filter.planId) ? filter.planId : null);
  if (filter.search) {
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length} OR pl.name ILIKE $${params.length})`);
  }
  return { whereSql: where.join(' AND '), params };
}

export async function listPlanPayments(
  deps: Pick<PlanRequestDeps, 'db' | 'signer'>,
  viewer: { id: string; role: string },
  filter: PlanPaymentFilter & { limit: number; offset: number },
) {
  if (filter.planId && !isUuid(filter.planId)) return { payments: [], total: 0, exact: true, counts: emptyCounts() };
  const { whereSql, params } = planPaymentsWhere(viewer, filter);
  const { rows } = await deps.db.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE ${whereSql}
     ORDER BY p.created_at DESC, p.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, filter.offset],
  );
  const counts = await planRequestCounts(deps.db, viewer);
  // Filtered by status at most, the admin's total is one of the kept counters; otherwise it is counted.
  const kept = viewer.role === 'ADMIN' && !filter.search && !filter.planId ? keptTotal(counts, filter.status) : undefined;
  const counted =
    kept !== undefined
      ? { total: kept, exact: true }
      : await listTotal(
          deps.db,
          { rows: rows.length, limit: filter.limit, offset: filter.offset },
          `FROM payments p JOIN committee_plans pl ON pl.id = p.plan_id JOIN users u ON u.id = p.user_id WHERE ${whereSql}`,
          params,
        );
  return {
    payments: rows.map((row) => toPayment(row, deps.signer)),
    ...counted,
    counts: { total: counts.pending + counts.paid + counts.rejected + counts.overdue, pending: counts.pending, approved: counts.paid, rejected: counts.rejected + counts.overdue, revenue: counts.paidAmount },
  };
}

const emptyCounts = () => ({ total: 0, pending: 0, approved: 0, rejected: 0, revenue: 0 });

type StatusCounts = { pending: number; paid: number; rejected: number; overdue: number; paidAmount: number };
type StatusCountRow = Omit<StatusCounts, 'paidAmount'> & { paid_amount: string };

/**
 * The stat cards: how many plan requests the viewer may see are in each status, and the money of the
 * approved ones, whatever the page. The admin's are kept by the database (migration 032) and read as one
 * row; a member's are counted from their own few.
 */
async function planRequestCounts(db: Queryable, viewer: { id: string; role: string }): Promise<StatusCounts> {
  const { rows } =
    viewer.role === 'ADMIN'
      ? await db.query<StatusCountRow>(`SELECT pending, paid, rejected, overdue, paid_amount::text FROM plan_request_counts`)
      : await db.query<StatusCountRow>(
          `SELECT count(*) FILTER (WHERE status = 'PENDING')::int AS pending, count(*) FILTER (WHERE status = 'PAID')::int AS paid,
             count(*) FILTER (WHERE status = 'REJECTED')::int AS rejected, count(*) FILTER (WHERE status = 'OVERDUE')::int AS overdue,
             coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)::text AS paid_amount
           FROM payments WHERE type = 'SUBSCRIPTION' AND user_id = $1`,
          [viewer.id],
        );
  const { paid_amount, ...counts } = rows[0];
  return { ...counts, paidAmount: rupeesFromDb(paid_amount) };
}

/** The number of plan requests in a status (or in all), from the counters; undefined for a status they do not keep. */
function keptTotal(counts: StatusCounts, status: string | undefined): number | undefined {
  switch (status) {
    case undefined:
    case '':
      return counts.pending + counts.paid + counts.rejected + counts.overdue;
    case 'PENDING':
      return counts.pending;
    case 'PAID':
      return counts.paid;
    case 'REJECTED':
      return counts.rejected;
    case 'OVERDUE':
      return counts.overdue;
    default:
      return undefined;
  }
}

