/** The member's groups with their payment schedule (member document §2 "My Groups", §3 "Group"). */
import { rupeesFromDb } from '../../contract/money.ts';
import type { Queryable } from '../db/database.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { winnersOfGroups } from '../winners/winner-service.ts';
import { receiptLinkOf } from './payment-view.ts';
import { stateJoinSql, type BusinessDay } from '../figures/figures.ts';
import type { InstalmentState } from '../../contract/figures.ts';

export async function listMemberGroups(db: Queryable, signer: ReceiptLinkSigner, day: BusinessDay, userId: string) {
  const groups = await db.query<{
    id: string; group_number: string; group_name: string; current_members: number; max_members: number; start_date: string; end_date: string;
    is_active: boolean; member_number: number; member_status: string; joined_at: Date; left_at: Date | null; moved_to_group_number: string | null;
    plan_id: string; plan_name: string; monthly_amount: string; duration: number; total_amount: string;
  }>(
    `SELECT g.id, g.group_number, g.group_name, g.current_members, g.max_members, g.start_date::text, g.end_date::text, g.is_active,
       m.member_number, m.status AS member_status, m.joined_at, m.left_at, moved.group_number AS moved_to_group_number,
       p.id AS plan_id, p.name AS plan_name, p.monthly_amount::text, p.duration, p.total_amount::text
     FROM group_members m JOIN committee_groups g ON g.id = m.group_id JOIN committee_plans p ON p.id = g.plan_id
       LEFT JOIN committee_groups moved ON moved.id = m.moved_to_group_id
     WHERE m.user_id = $1 ORDER BY m.joined_at DESC LIMIT 200`,
    [userId],
  );
  // All schedules in one query, not one per group.
  const payments = await db.query<{
    id: string; group_id: string; month: number; year: number; amount: string; status: string; payment_date: Date | null; due_date: string;
    under_review: boolean; rejection_reason: string | null; receipt_id: string | null; receipt_url: string | null; receipt_key: string | null;
    payment_reference: string; state: InstalmentState;
  }>(
    `SELECT p.id, p.group_id, p.month, p.year, p.amount::text, p.status, p.payment_date, p.due_date::text AS due_date, p.under_review,
       p.rejection_reason, p.receipt_id, r.url AS receipt_url, r.storage_key AS receipt_key, p.payment_reference, fs.state
     FROM payments p LEFT JOIN receipts r ON r.id = p.receipt_id ${stateJoinSql(day)}
     WHERE p.user_id = $1 AND p.type = 'INSTALMENT' AND p.group_id = ANY($2::uuid[]) ORDER BY p.due_date`,
    [userId, groups.rows.map((g) => g.id)],
  );
  const winners = await winnersOfGroups(db, groups.rows.map((g) => g.id));
  return groups.rows.map((g) => {
    const schedule = payments.rows.filter((p) => p.group_id === g.id);
    return {
      id: g.id,
      groupNumber: g.group_number,
      groupName: g.group_name,
      currentMembers: g.current_members,
      maxMembers: g.max_members,
      startDate: g.start_date,
      endDate: g.end_date,
      isActive: g.is_active,
      position: g.member_number,
      memberStatus: g.member_status,
      joinedAt: new Date(g.joined_at).toISOString(),
      // A group the member has left is history: when, and where they went if moved.
      leftAt: g.left_at && new Date(g.left_at).toISOString(),
      movedToGroupNumber: g.moved_to_group_number,
      plan: { id: g.plan_id, name: g.plan_name, monthlyAmount: rupeesFromDb(g.monthly_amount), duration: g.duration, totalAmount: rupeesFromDb(g.total_amount) },
      payments: schedule.map((p) => ({
        id: p.id,
        groupId: p.group_id,
        month: p.month,
        year: p.year,
        amount: rupeesFromDb(p.amount),
        status: p.status,
        underReview: p.under_review,
        // A month card shows this (RULES §6a): a future month is scheduled, never due.
        state: p.state,
        rejectionReason: p.rejection_reason,
        dueDate: p.due_date,
        paymentDate: p.payment_date && new Date(p.payment_date).toISOString(),
        receiptUrl: receiptLinkOf(p, signer),
        paymentReference: p.payment_reference,
      })),
      // A member sees who won each month in their own group: the name only, not the email.
      winners: winners
        .filter((w) => w.groupId === g.id)
        .map((w) => ({ month: w.month, year: w.year, winnerId: w.winnerId, winner: { name: w.winner.name }, amount: w.amount, selectedAt: w.selectedAt, status: w.status })),
    };
  });
}
