/**
 * Corrections of one instalment (docs/rules.md "Corrections"): undo an approval, and fix the month or the
 * amount of a receipt under review. Each runs in one transaction with its audit row and a word to the
 * member; no receipt, commission or audit row is deleted.
 */
import type { NotificationType } from '../../contract/notifications.ts';
import { correctionMessages, type ReceiptCorrection } from '../../contract/corrections.ts';
import { formatPkr } from '../../contract/money.ts';
import { instalmentMessages } from '../../contract/instalments.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { approvalUndoneNotice, receiptCorrectedNotice } from './correction-texts.ts';
import { noticeEmail, periodName, type Language, type NoticeText } from '../mail/layout.ts';
import { notifyUser } from '../notifications/notify.ts';
import { reverseCommissions } from '../referrals/commission-service.ts';
import { getPayment, type InstalmentDeps } from '../instalments/instalment-service.ts';

type LockedPayment = {
  id: string; type: string; status: string; under_review: boolean; settled_by_payment_id: string | null; receipt_id: string | null;
  user_id: string; group_id: string | null; month: number; year: number; amount: string; approved_at: Date | null; reviewed_by: string | null;
  submitted_at: Date | null; payment_method: string; bank_account_id: string | null; bank_account_snapshot: unknown; notes: string | null;
  email: string; name: string; language: Language;
};

async function lockPayment(tx: Queryable, id: string): Promise<LockedPayment> {
  if (!isUuid(id)) throw notFound(instalmentMessages.notFound);
  const { rows } = await tx.query<LockedPayment>(
    `SELECT p.id, p.type, p.status, p.under_review, p.settled_by_payment_id, p.receipt_id, p.user_id, p.group_id, p.month, p.year, p.amount::text,
       p.approved_at, p.reviewed_by, p.submitted_at, p.payment_method, p.bank_account_id, p.bank_account_snapshot, p.notes, u.email, u.name, u.language
     FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = $1 FOR UPDATE OF p`,
    [id],
  );
  if (!rows[0]) throw notFound(instalmentMessages.notFound);
  if (rows[0].type !== 'INSTALMENT') throw conflict(instalmentMessages.planRequestElsewhere);
  return rows[0];
}

/** In the app and by email, each in the member's language. */
async function tellMember(deps: InstalmentDeps, tx: Queryable, p: LockedPayment, type: NotificationType, text: (language: Language) => NoticeText, paymentId: string) {
  await notifyUser(tx, p.user_id, { type, text, data: { paymentId } });
  const { title, message } = text(p.language);
  await enqueueEmail(tx, noticeEmail(p.language, p.email, p.name, title, message, `${deps.appUrl}/dashboard`));
}

/**
 * The approval was a mistake (the money never reached the account, say): the month is refused after all,
 * with the reason, and so owed again (RULES §6a); the member must send a new receipt before it can be
 * approved again. The receipt keeps its acceptance and says who undid it and why. The commissions the
 * approval accrued are reversed by counter-entries while unpaid; once one is paid out, nothing changes.
 */
export async function undoApproval(deps: InstalmentDeps, admin: Actor, id: string, reason: string) {
  const payment = await deps.db.transaction(async (tx) => {
    const p = await lockPayment(tx, id);
    if (p.status !== 'PAID') throw conflict(correctionMessages.notApproved);
    if (p.settled_by_payment_id) throw conflict(correctionMessages.settledByPlan);
    const reversed = await reverseCommissions(tx, p.id);
    if (reversed === 'paid-out') throw conflict(correctionMessages.commissionPaidOut);
    await tx.query(
      `UPDATE payments SET status = 'REJECTED', rejection_reason = $3, approved_at = NULL, payment_date = NULL, under_review = false,
         reviewed_at = now(), reviewed_by = $2, updated_at = now() WHERE id = $1`,
      [p.id, admin.id, reason],
    );
    if (p.receipt_id) await tx.query('UPDATE receipts SET undone_at = now(), undone_by = $2, undo_reason = $3 WHERE id = $1', [p.receipt_id, admin.id, reason]);
    await tellMember(deps, tx, p, 'INSTALMENT_APPROVAL_UNDONE', (language) => approvalUndoneNotice(language, periodName(language, p.month, p.year), reason), p.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'PAYMENT_APPROVAL_UNDONE',
      entityType: 'payment',
      entityId: p.id,
      before: { status: p.status, approvedAt: p.approved_at ? new Date(p.approved_at).toISOString() : null, reviewedBy: p.reviewed_by, receiptId: p.receipt_id },
      after: { status: 'REJECTED', reason, reversedCommissions: reversed },
      ip: admin.ip,
    });
    return getPayment(deps, tx, p.id, { id: admin.id, role: 'ADMIN' });
  });
  deps.mailQueued();
  return payment;
}

/**
 * A receipt under review filed against the wrong month moves, with everything the member sent, to the right
 * month of the same group; the month it leaves gets back its earlier (refused) receipt, if any, and its own
 * status. A wrong amount becomes the instalment's amount: what the receipt pays and, once approved, what
 * is collected.
 */
export async function correctReceipt(deps: InstalmentDeps, admin: Actor, id: string, fix: ReceiptCorrection) {
  const payment = await deps.db.transaction(async (tx) => {
    const p = await lockPayment(tx, id);
    if (!p.under_review) throw conflict(correctionMessages.notUnderReview);
    let targetId = p.id;
    if (fix.month !== undefined && fix.year !== undefined) {
      if (fix.month === p.month && fix.year === p.year) throw badRequest(correctionMessages.sameMonth, { month: correctionMessages.sameMonth });
      const { rows } = await tx.query<{ id: string; status: string; under_review: boolean }>(
        `SELECT id, status, under_review FROM payments WHERE group_id = $1 AND user_id = $2 AND type = 'INSTALMENT' AND year = $3 AND month = $4 FOR UPDATE`,
        [p.group_id, p.user_id, fix.year, fix.month],
      );
      const target = rows[0];
      if (!target) throw badRequest(instalmentMessages.notInCycle, { month: instalmentMessages.notInCycle });
      if (target.status === 'PAID' || target.under_review) throw conflict(correctionMessages.monthTaken);
      targetId = target.id;
      await tx.query(
        `UPDATE payments SET receipt_id = $2, under_review = true, submitted_at = $3, payment_method = $4, bank_account_id = $5,
           bank_account_snapshot = $6::jsonb, notes = $7, updated_at = now(),
           transfer_date = (SELECT r.transfer_date FROM receipts r WHERE r.id = $2), transaction_number = (SELECT r.transaction_number FROM receipts r WHERE r.id = $2)
         WHERE id = $1`,
        [target.id, p.receipt_id, p.submitted_at, p.payment_method, p.bank_account_id, p.bank_account_snapshot === null ? null : JSON.stringify(p.bank_account_snapshot), p.notes],
      );
      await tx.query('UPDATE receipts SET payment_id = $2 WHERE id = $1', [p.receipt_id, target.id]);
      // The month it leaves: as it was before this receipt came, with its last refused receipt shown again.
      await tx.query(
        `UPDATE payments SET under_review = false, updated_at = now(), bank_account_id = NULL, bank_account_snapshot = NULL, notes = NULL,
           receipt_id = (SELECT r.id FROM receipts r WHERE r.payment_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
           submitted_at = (SELECT r.created_at FROM receipts r WHERE r.payment_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
           transfer_date = (SELECT r.transfer_date FROM receipts r WHERE r.payment_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
           transaction_number = (SELECT r.transaction_number FROM receipts r WHERE r.payment_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 1)
         WHERE id = $1`,
        [p.id],
      );
    }
    if (fix.amount !== undefined) await tx.query('UPDATE payments SET amount = $2, updated_at = now() WHERE id = $1', [targetId, fix.amount]);

    const { rows: after } = await tx.query<{ month: number; year: number; amount: string }>('SELECT month, year, amount::text FROM payments WHERE id = $1', [targetId]);
    const now = after[0];
    const amount = formatPkr(Number(now.amount));
    await tellMember(deps, tx, p, 'INSTALMENT_RECEIPT_CORRECTED', (language) => receiptCorrectedNotice(language, p, now, amount, fix.reason), targetId);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'PAYMENT_RECEIPT_CORRECTED',
      entityType: 'payment',
      entityId: targetId,
      before: { paymentId: p.id, receiptId: p.receipt_id, month: p.month, year: p.year, amount: Number(p.amount) },
      after: { paymentId: targetId, receiptId: p.receipt_id, month: now.month, year: now.year, amount: Number(now.amount), reason: fix.reason },
      ip: admin.ip,
    });
    return getPayment(deps, tx, targetId, { id: admin.id, role: 'ADMIN' });
  });
  deps.mailQueued();
  return payment;
}
