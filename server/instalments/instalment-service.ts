/**
 * Monthly instalments (RULES §6): the member submits a receipt for a month of their own group; an
 * admin approves (PAID), rejects (the receipt is kept, refused, with its reason) or marks it overdue.
 */
import { instalmentMessages, PAYMENT_YEAR_MAX, PAYMENT_YEAR_MIN, type AdminPaymentStatus, type MemberPaymentView, type PaymentReceipt, type PaymentView } from '../../contract/instalments.ts';
import { bankAccountMessages } from '../../contract/bank-accounts.ts';
import { formatPkr } from '../../contract/money.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { bankAccountSnapshot, findBankAccount } from '../bank-accounts/bank-account-service.ts';
import type { Database, Queryable } from '../db/database.ts';
import { listTotal } from '../db/paging.ts';
import { idFilter, isUuid } from '../db/ids.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { failpoint } from '../failpoints.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { instalmentDecisionNotice, instalmentSubmittedNotice } from './instalment-texts.ts';
import { noticeEmail, periodName, type Language } from '../mail/layout.ts';
import { notifyAdmins, notifyUser } from '../notifications/notify.ts';
import { accrueCommissions } from '../referrals/commission-service.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import type { ReceiptStorage } from '../receipts/receipt-storage.ts';
import type { TransferDetails, UploadedReceipt } from '../receipts/receipt-upload.ts';
import { dueMonthBounds, type InstalmentFigures, type InstalmentState, type NextDue } from '../../contract/figures.ts';
import { addAmounts, rupeesFromDb } from '../../contract/money.ts';
import { figureColumnsSql, figuresFromRow, instalmentStatesNarrowingSql, instalmentStateSql, readKeptFigures, stateJoinSql, type BusinessDay, type FigureRow } from '../figures/figures.ts';
import { paymentSelect, toPayment, type PaymentRow } from './payment-view.ts';
import { memberSearchSql, memberSearchTerms } from '../users/member-search.ts';

export type InstalmentDeps = {
  db: Database;
  storage: ReceiptStorage;
  signer: ReceiptLinkSigner;
  appUrl: string;
  mailQueued: () => void;
  /** The business day figures are read on (RULES §6a); the clock tests control. */
  today: () => BusinessDay;
};

export async function getPayment(deps: Pick<InstalmentDeps, 'signer' | 'today'>, q: Queryable, id: string, viewer: { id: string; role: string }) {
  if (!isUuid(id)) throw notFound(instalmentMessages.notFound);
  const { rows } = await q.query<PaymentRow>(`${paymentSelect(deps.today())} WHERE p.id = $1`, [id]);
  if (!rows[0] || (viewer.role !== 'ADMIN' && rows[0].user_id !== viewer.id)) throw notFound(instalmentMessages.notFound);
  return toPayment(rows[0], deps.signer);
}

/** A member's receipt for one month of their own group (POST /api/payments). */
export async function submitInstalment(
  deps: InstalmentDeps,
  member: Actor,
  input: { groupId: string; month: number; year: number; amount: number; paymentMethod: string; bankAccountId: string; notes?: string; receipt: UploadedReceipt } & TransferDetails,
) {
  if (input.year < PAYMENT_YEAR_MIN || input.year > PAYMENT_YEAR_MAX) throw badRequest(instalmentMessages.yearRange, { year: instalmentMessages.yearRange });
  const key = await deps.storage.save(input.receipt.data, input.receipt.kind.extension);
  try {
    const payment = await deps.db.transaction(async (tx) => {
      // Only an active member of the group may pay into it; any other group does not exist for them.
      const member_ = isUuid(input.groupId)
        ? await tx.query(`SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2 AND status = 'ACTIVE'`, [input.groupId, member.id])
        : { rowCount: 0 };
      if (member_.rowCount === 0) throw notFound('Group not found.');
      const { rows } = await tx.query<{ id: string; status: string; under_review: boolean; amount: string; group_number: string }>(
        `SELECT p.id, p.status, p.under_review, p.amount::text, g.group_number FROM payments p JOIN committee_groups g ON g.id = p.group_id
         WHERE p.group_id = $1 AND p.user_id = $2 AND p.type = 'INSTALMENT' AND p.year = $3 AND p.month = $4 FOR UPDATE OF p`,
        [input.groupId, member.id, input.year, input.month],
      );
      const instalment = rows[0];
      if (!instalment) throw badRequest(instalmentMessages.notInCycle, { month: instalmentMessages.notInCycle });
      if (instalment.status === 'PAID' || instalment.under_review) throw conflict(instalmentMessages.alreadyExists);
      if (Number(instalment.amount) !== input.amount) {
        const message = `${instalmentMessages.wrongAmount} (${formatPkr(Number(instalment.amount))})`;
        throw badRequest(message, { amount: message });
      }
      const account = await findBankAccount(tx, input.bankAccountId);
      if (!account?.isActive) throw badRequest(bankAccountMessages.notActive, { bankAccountId: bankAccountMessages.notActive });
      // A new receipt row: an earlier, refused receipt of this month stays as it was.
      const transfer = [input.transferDate ?? null, input.transactionNumber ?? null];
      const receipt = await tx.query<{ id: string }>(
        `INSERT INTO receipts (owner_id, payment_id, storage_key, original_name, content_type, size_bytes, payment_method, transfer_date, transaction_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [member.id, instalment.id, key, input.receipt.originalName, input.receipt.kind.contentType, input.receipt.data.length, input.paymentMethod, ...transfer],
      );
      // The transfer's day and number are the latest receipt's: a later receipt without them clears them.
      await tx.query(
        `UPDATE payments SET receipt_id = $2, under_review = true, submitted_at = now(), payment_method = $3, bank_account_id = $4,
           bank_account_snapshot = $5::jsonb, notes = $6, transfer_date = $7, transaction_number = $8, updated_at = now() WHERE id = $1`,
        [instalment.id, receipt.rows[0].id, input.paymentMethod, account.id, JSON.stringify(bankAccountSnapshot(account)), input.notes ?? null, ...transfer],
      );
      await notifyAdmins(tx, {
        type: 'INSTALMENT_SUBMITTED',
        text: (language) => instalmentSubmittedNotice(language, input.month, input.year, instalment.group_number),
        data: { paymentId: instalment.id },
      });
      return getPayment(deps, tx, instalment.id, { id: member.id, role: 'USER' });
    });
    return payment;
  } catch (error) {
    await deps.storage.remove(key).catch(() => {});
    throw error;
  }
}

type LockedInstalment = { id: string; type: string; status: string; under_review: boolean; receipt_id: string | null; user_id: string; month: number; year: number; email: string; name: string; language: Language };

/**
 * Which moves an admin may make (admin document §4; RULES §6). Approval is undone only as a correction (server/corrections); a
 * rejection refuses a submitted receipt, so there must be one under review.
 */
export function refusalOf(current: { status: string; under_review: boolean; type: string }, target: AdminPaymentStatus): string | undefined {
  if (current.type !== 'INSTALMENT') return instalmentMessages.planRequestElsewhere;
  if (current.status === 'PAID') return instalmentMessages.alreadyPaid;
  if (target === 'REJECTED' && !current.under_review) return instalmentMessages.nothingToRefuse;
  // Approval is of a receipt under review: a month nobody has paid cannot be approved by mistake in
  // a bulk move, and a refused receipt needs a new one first (so reject and approve cannot both win).
  if (target === 'PAID' && !current.under_review) return current.status === 'REJECTED' ? instalmentMessages.needsNewReceipt : instalmentMessages.nothingToApprove;
  if (target === 'OVERDUE' && current.status === 'OVERDUE') return instalmentMessages.notAllowed;
  return undefined;
}

/** Applies one allowed move inside the caller's transaction, with its notification, email and audit row. */
async function applyStatus(deps: InstalmentDeps, tx: Queryable, admin: Actor, p: LockedInstalment, target: AdminPaymentStatus, reason: string | undefined, auditAfter: Record<string, unknown> = {}) {
  if (target === 'PAID') {
    await tx.query(
      `UPDATE payments SET status = 'PAID', payment_date = now(), approved_at = now(), under_review = false, reviewed_at = now(), reviewed_by = $2,
         rejection_reason = NULL, admin_notes = coalesce($3, admin_notes), updated_at = now() WHERE id = $1`,
      [p.id, admin.id, reason ?? null],
    );
    if (p.receipt_id) await tx.query(`UPDATE receipts SET outcome = 'ACCEPTED', reviewed_at = now(), reviewed_by = $2 WHERE id = $1`, [p.receipt_id, admin.id]);
    await accrueCommissions(tx, p.id);
    await tx.query(`UPDATE referrals SET status = 'ACTIVE', activated_at = now() WHERE referred_user_id = $1 AND status = 'PENDING'`, [p.user_id]);
  } else if (target === 'REJECTED') {
    await tx.query(
      `UPDATE payments SET status = 'REJECTED', under_review = false, reviewed_at = now(), reviewed_by = $2, rejection_reason = $3, updated_at = now() WHERE id = $1`,
      [p.id, admin.id, reason],
    );
    await tx.query(`UPDATE receipts SET outcome = 'REFUSED', outcome_reason = $2, reviewed_at = now(), reviewed_by = $3 WHERE id = $1`, [p.receipt_id, reason, admin.id]);
  } else {
    // The member is told here, so the overdue job does not tell them again.
    await tx.query(
      `UPDATE payments SET status = 'OVERDUE', under_review = false, reviewed_by = $2, admin_notes = coalesce($3, admin_notes), overdue_notified_at = coalesce(overdue_notified_at, now()), updated_at = now() WHERE id = $1`,
      [p.id, admin.id, reason ?? null],
    );
  }
  const type = ({ PAID: 'INSTALMENT_APPROVED', REJECTED: 'INSTALMENT_REJECTED', OVERDUE: 'INSTALMENT_OVERDUE' } as const)[target];
  const notice = (language: Language) => instalmentDecisionNotice(language, target, periodName(language, p.month, p.year), reason);
  await notifyUser(tx, p.user_id, { type, text: notice, data: { paymentId: p.id } });
  const { title, message } = notice(p.language);
  await enqueueEmail(tx, noticeEmail(p.language, p.email, p.name, title, message, `${deps.appUrl}/dashboard`));
  await recordAudit(tx, {
    actorId: admin.id,
    action: `PAYMENT_${target}`,
    entityType: 'payment',
    entityId: p.id,
    before: { status: p.status, underReview: p.under_review },
    after: { status: target, reason: reason ?? null, ...auditAfter },
    ip: admin.ip,
  });
}

const LOCK_INSTALMENTS = `SELECT p.id, p.type, p.status, p.under_review, p.receipt_id, p.user_id, p.month, p.year, u.email, u.name, u.language
  FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`;

export async function changePaymentStatus(deps: InstalmentDeps, admin: Actor, id: string, target: AdminPaymentStatus, reason: string | undefined) {
  if (target === 'REJECTED' && !reason) throw badRequest(instalmentMessages.reasonRequired, { reason: instalmentMessages.reasonRequired });
  const payment = await deps.db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(instalmentMessages.notFound);
    const { rows } = await tx.query<LockedInstalment>(LOCK_INSTALMENTS, [[id]]);
    if (!rows[0]) throw notFound(instalmentMessages.notFound);
    const refusal = refusalOf(rows[0], target);
    if (refusal) throw conflict(refusal);
    await applyStatus(deps, tx, admin, rows[0], target, reason);
    return getPayment(deps, tx, id, { id: admin.id, role: 'ADMIN' });
  });
  deps.mailQueued();
  return payment;
}

/** One transaction; a payment whose move is not allowed is left as it is and counted apart (RULES §6). */
export async function bulkChangeStatus(deps: InstalmentDeps, admin: Actor, ids: string[], target: AdminPaymentStatus, reason: string | undefined) {
  if (target === 'REJECTED' && !reason) throw badRequest(instalmentMessages.reasonRequired, { notes: instalmentMessages.reasonRequired });
  const unique = [...new Set(ids)];
  const result = await deps.db.transaction(async (tx) => {
    // Locked in id order, so two bulk changes over overlapping sets cannot deadlock.
    const { rows } = await tx.query<LockedInstalment>(LOCK_INSTALMENTS, [unique.filter(isUuid)]);
    let count = 0;
    const refused: { id: string; reason: string }[] = unique.filter((id) => !rows.some((r) => r.id === id)).map((id) => ({ id, reason: instalmentMessages.notFound }));
    for (const row of rows) {
      const refusal = refusalOf(row, target);
      if (refusal) {
        refused.push({ id: row.id, reason: refusal });
        continue;
      }
      await applyStatus(deps, tx, admin, row, target, reason);
      count++;
      if (count === 1) failpoint('bulk-status:after-first');
    }
    failpoint('bulk-status:before-commit');
    return { count, refused };
  });
  failpoint('bulk-status:after-commit');
  if (result.count > 0) deps.mailQueued();
  return result;
}

/**
 * Approves instalments under review matched to a bank statement's lines (bank-statements/), in one
 * transaction: each is approved as an admin's approval is, and its audit row says how (`auditAfter`).
 * One that no longer waits for review is left as it is and counted apart.
 */
export async function approveInstalmentsByReconciliation(deps: InstalmentDeps, admin: Actor, ids: string[], auditAfter: (id: string) => Record<string, unknown>) {
  const result = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<LockedInstalment>(LOCK_INSTALMENTS, [ids.filter(isUuid)]);
    let count = 0;
    const refused: { id: string }[] = ids.filter((id) => !rows.some((row) => row.id === id)).map((id) => ({ id }));
    for (const row of rows) {
      if (row.type !== 'INSTALMENT' || !row.under_review || refusalOf(row, 'PAID')) {
        refused.push({ id: row.id });
        continue;
      }
      await applyStatus(deps, tx, admin, row, 'PAID', undefined, auditAfter(row.id));
      count++;
    }
    return { count, refused };
  });
  if (result.count > 0) deps.mailQueued();
  return result;
}

export type PaymentFilter = {
  type?: 'SUBSCRIPTION' | 'INSTALMENT';
  status?: string;
  groupId?: string;
  planId?: string;
  userId?: string;
  month?: number;
  year?: number;
  search?: string;
  underReview?: boolean;
  submittedOnly?: boolean;
  /** Only instalments in these states on the business day (RULES §6a). */
  states?: InstalmentState[];
  /** Due from the first of this month (YYYY-MM) to the end of that one, both included. */
  dueFrom?: string;
  dueTo?: string;
  limit: number;
  offset: number;
};

/** The payments lists' WHERE clause (`WHERE …` or empty) and its parameters, on `p`, `u`, `pl` and `g`; the CSV export reads it too. */
export function whereOf(day: BusinessDay, viewer: { id: string; role: string }, f: Omit<PaymentFilter, 'limit' | 'offset'>) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (viewer.role !== 'ADMIN') add((n) => `p.user_id = ${n}`, viewer.id);
  else if (f.userId) add((n) => `p.user_id = ${n}`, isUuid(f.userId) ? f.userId : null);
  if (f.type) add((n) => `p.type = ${n}`, f.type);
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  if (f.groupId) add((n) => `p.group_id = ${n}`, isUuid(f.groupId) ? f.groupId : null);
  if (f.planId) add((n) => `p.plan_id = ${n}`, isUuid(f.planId) ? f.planId : null);
  if (f.month) add((n) => `p.month = ${n}`, f.month);
  if (f.year) add((n) => `p.year = ${n}`, f.year);
  if (f.underReview) where.push('p.under_review');
  if (f.dueFrom) add((n) => `p.due_date >= ${n}::date`, dueMonthBounds(f.dueFrom).first);
  if (f.dueTo) add((n) => `p.due_date < ${n}::date`, dueMonthBounds(f.dueTo).next);
  if (f.states) {
    add((n) => `${instalmentStateSql(day)} = ANY(${n}::text[])`, f.states);
    if (f.type === 'INSTALMENT') where.push(instalmentStatesNarrowingSql(day, f.states));
  }
  // The history of what was sent or decided: not the months still waiting for a receipt.
  if (f.submittedOnly) where.push(`(p.submitted_at IS NOT NULL OR p.status <> 'PENDING')`);
  if (f.search) {
    // The member as the users list finds them (phone however typed, CNIC with or without dashes), or the plan or group.
    const [text, phone, cnic] = memberSearchTerms(f.search);
    params.push(text, phone, cnic);
    const [t, ph, c] = [params.length - 2, params.length - 1, params.length].map((i) => `$${i}`);
    where.push(`(${memberSearchSql('u', [t, ph, c])} OR pl.name ILIKE ${t} OR g.group_number ILIKE ${t})`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** One page of payments, in an order an index serves (migration 013); no total. */
export async function paymentsPage(deps: Pick<InstalmentDeps, 'db' | 'signer' | 'today'>, viewer: { id: string; role: string }, filter: PaymentFilter, order: 'recent' | 'due' | 'approved' = 'recent') {
  const day = deps.today();
  const { sql, params } = whereOf(day, viewer, filter);
  // 'due': oldest due first; 'approved': the latest approved first; ties by id. Each is the order of an
  // index (migrations 013 and 023).
  const orderBy = filter.underReview ? 'p.submitted_at' : order === 'due' ? 'p.due_date' : order === 'approved' ? 'p.approved_at DESC NULLS LAST' : 'coalesce(p.submitted_at, p.created_at) DESC';
  const { rows } = await deps.db.query<PaymentRow>(
    `${paymentSelect(day)} ${sql}
     ORDER BY ${orderBy}, p.id
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, filter.offset],
  );
  return { payments: rows.map((row) => toPayment(row, deps.signer)), where: sql, params };
}

/** A page of payments and the list's total (db/paging.ts: exact up to its ceiling). */
/** A payment as a member's own list shows it: the member document's lowercase words beside the stored codes. */
export function asMemberListItem(payment: PaymentView): MemberPaymentView {
  return {
    ...payment,
    status: payment.reviewStatus,
    statusCode: payment.status,
    paymentMethod: payment.paymentMethod.toLowerCase() as MemberPaymentView['paymentMethod'],
    paymentMethodCode: payment.paymentMethod,
    receiptData: payment.receiptUrl,
  };
}

export async function listPayments(deps: Pick<InstalmentDeps, 'db' | 'signer' | 'today'>, viewer: { id: string; role: string }, filter: PaymentFilter, order: 'recent' | 'due' = 'recent') {
  const { payments, where, params } = await paymentsPage(deps, viewer, filter, order);
  // Plan and member are required of every payment: their joins matter to the count only for a search.
  const joins = filter.search ? 'JOIN committee_plans pl ON pl.id = p.plan_id JOIN users u ON u.id = p.user_id LEFT JOIN committee_groups g ON g.id = p.group_id' : '';
  const counted = await listTotal(deps.db, { rows: payments.length, limit: filter.limit, offset: filter.offset }, `FROM payments p ${joins} ${where}`, params);
  return { payments, ...counted };
}

/**
 * Counts and amounts (admin document §3 "Payments summary"; member document §2 tiles and §7 cards), in
 * the words of RULES §6a: `pending` is what is under review or owed (never a future month), `overdue`
 * what is owed after the grace day, `total` what is paid or pending. The full figures come with them.
 */
export async function paymentsSummary(db: Queryable, day: BusinessDay, viewer: { id: string; role: string }, filter: Omit<PaymentFilter, 'limit' | 'offset'>) {
  // The admin's instalments, whole or by plan, group, month or year: from the kept totals (migration 015).
  const { type, planId, groupId, month, year, ...narrower } = filter;
  if (viewer.role === 'ADMIN' && type === 'INSTALMENT' && Object.values(narrower).every((v) => v === undefined || v === false)) {
    return summaryOf(await readKeptFigures(db, day, { planId: idFilter(planId), groupId: idFilter(groupId), month: month || null, year: year || null }));
  }
  const { sql, params } = whereOf(day, viewer, filter);
  // The first instalment is settled by the subscription payment: when both kinds are summed, count that money once.
  const scope = filter.type ? sql : `${sql ? `${sql} AND` : 'WHERE'} p.settled_by_payment_id IS NULL`;
  const { rows } = await db.query<FigureRow>(
    `SELECT ${figureColumnsSql(day)}
     FROM payments p JOIN committee_plans pl ON pl.id = p.plan_id JOIN users u ON u.id = p.user_id
     LEFT JOIN committee_groups g ON g.id = p.group_id ${stateJoinSql(day)} ${scope}`,
    params,
  );
  return summaryOf(figuresFromRow(rows[0]));
}

export function summaryOf(f: InstalmentFigures) {
  return {
    counts: { total: f.paid.count + f.pending.count, paid: f.paid.count, pending: f.pending.count, overdue: f.overdue.count, underReview: f.underReview.count, owed: f.owed.count },
    amounts: { total: addAmounts(f.paid.amount, f.pending.amount), paid: f.paid.amount, pending: f.pending.amount, overdue: f.overdue.amount, underReview: f.underReview.amount, owed: f.owed.amount },
    figures: f,
  };
}

/**
 * What a member's dashboard leads with: the next instalment (the earliest owed one, else the next
 * scheduled one), what is owed now, what is paid and what remains of the cycle (owed included).
 */
export async function memberPosition(db: Queryable, day: BusinessDay, userId: string) {
  const summary = await paymentsSummary(db, day, { id: userId, role: 'USER' }, { type: 'INSTALMENT' });
  const { rows } = await db.query<{ id: string; group_id: string; group_number: string; plan_name: string; month: number; year: number; amount: string; due_date: string; days_late: number; state: InstalmentState }>(
    `SELECT p.id, p.group_id, g.group_number, pl.name AS plan_name, p.month, p.year, p.amount::text, p.due_date::text AS due_date,
       (DATE '${day.today}' - p.due_date)::int AS days_late, fs.state
     FROM payments p JOIN committee_groups g ON g.id = p.group_id JOIN committee_plans pl ON pl.id = p.plan_id ${stateJoinSql(day)}
     WHERE p.user_id = $1 AND p.type = 'INSTALMENT' AND fs.state IN ('OWED', 'OVERDUE', 'SCHEDULED')
     ORDER BY fs.state = 'SCHEDULED', p.due_date, g.group_number, p.id LIMIT 1`,
    [userId],
  );
  const n = rows[0];
  const nextDue: NextDue | null = n
    ? { paymentId: n.id, groupId: n.group_id, groupNumber: n.group_number, planName: n.plan_name, month: n.month, year: n.year, amount: rupeesFromDb(n.amount), dueDate: n.due_date, daysLate: n.days_late, state: n.state }
    : null;
  const f = summary.figures;
  return {
    ...summary,
    nextDue,
    owed: f.owed,
    paid: f.paid,
    remaining: { count: f.scheduled.count + f.pending.count, amount: addAmounts(f.scheduled.amount, f.pending.amount) },
  };
}

/** Every receipt ever sent for a payment, newest first, with what became of it (RULES §6). */
export async function paymentHistory(deps: Pick<InstalmentDeps, 'db' | 'signer' | 'today'>, viewer: { id: string; role: string }, id: string) {
  const payment = await getPayment(deps, deps.db, id, viewer);
  // The first instalment shares the subscription's receipt, which belongs to the subscription payment.
  const { rows } = await deps.db.query<{
    id: string; current: boolean; url: string | null; storage_key: string | null; original_name: string | null; content_type: string | null;
    outcome: 'ACCEPTED' | 'REFUSED' | null; outcome_reason: string | null; created_at: Date; reviewed_at: Date | null; payment_method: string | null;
  }>(
    `SELECT r.id, r.id = p.receipt_id AS current, r.url, r.storage_key, r.original_name, r.content_type, r.outcome, r.outcome_reason,
       r.created_at, r.reviewed_at, r.payment_method
     FROM payments p JOIN receipts r ON r.payment_id = p.id OR r.id = p.receipt_id
     WHERE p.id = $1 ORDER BY r.created_at DESC LIMIT 100`,
    [id],
  );
  return {
    payment,
    receipts: rows.map((r): PaymentReceipt => ({
      id: r.id,
      submittedAt: new Date(r.created_at).toISOString(),
      // Not yet decided: under review if it is the payment's current receipt, otherwise replaced by a newer one.
      outcome: r.outcome ?? (r.current ? 'UNDER_REVIEW' : 'REPLACED'),
      reason: r.outcome_reason,
      reviewedAt: r.reviewed_at && new Date(r.reviewed_at).toISOString(),
      fileName: r.original_name,
      contentType: r.content_type,
      paymentMethod: r.payment_method,
      receiptUrl: r.url ?? (r.storage_key ? deps.signer.linkFor(r.id) : null),
    })),
  };
}
