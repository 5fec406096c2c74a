/**
 * Putting a member into a group (RULES §4, §5, §6): a seat under a row lock, the next member number,
 * and the member's instalment schedule. Always called inside the caller's transaction.
 */
import { correctionMessages } from '../../contract/corrections.ts';
import { groupMessages, membershipMessages } from '../../contract/groups.ts';
import { firstOfMonth, karachiToday } from '../business-time.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest, conflict } from '../http/errors.ts';
import type { Plan } from '../plans/plan-service.ts';
import { insertGroup } from './group-service.ts';

type LockedGroup = { id: string; group_number: string; max_members: number; current_members: number; next_member_number: number; start_date: string; is_active: boolean };

/**
 * The group a member joins: the chosen one (locked FOR UPDATE, so simultaneous joins queue for its
 * seats), or a new one with the given number when the plan has none yet. With `nextFreeSeat` and no
 * choice, the lowest-numbered active group with a free seat, or a new group with the next free number
 * when every group is full (the admin document's add-user with only a userId).
 */
async function lockTargetGroup(tx: Queryable, plan: Plan, choice: { groupId?: string; groupNumber?: string; nextFreeSeat?: boolean }): Promise<LockedGroup> {
  const lockById = async (id: string) => {
    const { rows } = await tx.query<LockedGroup & { plan_id: string }>(
      `SELECT id, plan_id, group_number, max_members, current_members, next_member_number, start_date::text, is_active
       FROM committee_groups WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  };
  if (choice.groupId) {
    const group = isUuid(choice.groupId) ? await lockById(choice.groupId) : undefined;
    if (!group || group.plan_id !== plan.id) throw badRequest(membershipMessages.groupNotInPlan, { groupId: membershipMessages.groupNotInPlan });
    return group;
  }
  if (choice.nextFreeSeat && !choice.groupNumber) return lockNextFreeSeat(tx, plan, lockById);
  const { rows: existing } = await tx.query<{ id: string }>('SELECT id FROM committee_groups WHERE plan_id = $1 LIMIT 1', [plan.id]);
  // The admin document: the group id is required when the plan has groups.
  if (existing.length > 0) throw badRequest(membershipMessages.groupRequired, { groupId: membershipMessages.groupRequired });
  if (!choice.groupNumber) throw badRequest(membershipMessages.groupNumberRequired, { groupNumber: membershipMessages.groupNumberRequired });
  const today = karachiToday();
  const id = await insertGroup(tx, {
    planId: plan.id,
    planDuration: plan.duration,
    groupNumber: choice.groupNumber,
    groupName: `${plan.name} - Group ${choice.groupNumber}`,
    maxMembers: Math.min(plan.maxMembers, 500),
    startDate: firstOfMonth(today),
    isActive: true,
  });
  return (await lockById(id))!;
}

/**
 * The plan's row is locked first: simultaneous placements into one plan queue there, so that two of
 * them never both take the last seat of a group or both open a new group.
 */
async function lockNextFreeSeat(tx: Queryable, plan: Plan, lockById: (id: string) => Promise<LockedGroup | undefined>): Promise<LockedGroup> {
  await tx.query('SELECT 1 FROM committee_plans WHERE id = $1 FOR UPDATE', [plan.id]);
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM committee_groups
     WHERE plan_id = $1 AND is_active AND current_members < max_members
     ORDER BY (group_number ~ '^[0-9]{1,9}$') DESC, CASE WHEN group_number ~ '^[0-9]{1,9}$' THEN group_number::int END, group_number
     LIMIT 1`,
    [plan.id],
  );
  if (rows[0]) return (await lockById(rows[0].id))!;
  const id = await insertGroup(tx, {
    planId: plan.id,
    planDuration: plan.duration,
    maxMembers: Math.min(plan.maxMembers, 500),
    startDate: firstOfMonth(karachiToday()),
    isActive: true,
  });
  return (await lockById(id))!;
}

export type JoinedGroup = { groupId: string; groupNumber: string; memberNumber: number; firstInstalmentId: string };

export async function addMemberToGroup(
  tx: Queryable,
  input: {
    plan: Plan;
    userId: string;
    groupId?: string;
    groupNumber?: string;
    /** Without a group or number: the next free seat of the plan (lockTargetGroup). */
    nextFreeSeat?: boolean;
    /** The approved subscription payment that settles the first month (RULES §6), if any. */
    settledBy?: { paymentId: string; receiptId: string | null; paymentMethod: string; reviewerId: string };
  },
): Promise<JoinedGroup> {
  const group = await lockTargetGroup(tx, input.plan, input);
  if (!group.is_active) throw conflict(membershipMessages.groupInactive);
  const { rows: before } = await tx.query<{ status: string }>('SELECT status FROM group_members WHERE group_id = $1 AND user_id = $2', [group.id, input.userId]);
  // A member who left the group stays listed in it (server/corrections), with their months already due.
  if (before[0]) throw conflict(before[0].status === 'ACTIVE' ? membershipMessages.alreadyMember : correctionMessages.removedBefore);
  if (group.current_members >= group.max_members) throw conflict(groupMessages.full);

  const memberNumber = group.next_member_number;
  await tx.query('INSERT INTO group_members (group_id, user_id, member_number) VALUES ($1, $2, $3)', [group.id, input.userId, memberNumber]);
  // The CHECK on current_members refuses this update if a seat was somehow taken twice.
  await tx.query(
    'UPDATE committee_groups SET current_members = current_members + 1, next_member_number = next_member_number + 1, updated_at = now() WHERE id = $1',
    [group.id],
  );

  // One instalment for each month of the cycle, due on the first of its month; the first settled
  // by the subscription payment when there is one.
  const settled = input.settledBy;
  await tx.query(
    `INSERT INTO payments (type, user_id, plan_id, group_id, month, year, due_date, amount, status, payment_method,
        receipt_id, payment_date, approved_at, reviewed_by, settled_by_payment_id, submitted_at)
     SELECT 'INSTALMENT', $1, $2, $3, extract(month FROM d)::int, extract(year FROM d)::int, d, $4,
        CASE WHEN n = 0 AND $6::uuid IS NOT NULL THEN 'PAID' ELSE 'PENDING' END,
        CASE WHEN n = 0 AND $6::uuid IS NOT NULL THEN $7 ELSE 'BANK_TRANSFER' END,
        CASE WHEN n = 0 THEN $8::uuid END,
        CASE WHEN n = 0 AND $6::uuid IS NOT NULL THEN now() END,
        CASE WHEN n = 0 AND $6::uuid IS NOT NULL THEN now() END,
        CASE WHEN n = 0 THEN $9::uuid END,
        CASE WHEN n = 0 THEN $6::uuid END,
        CASE WHEN n = 0 AND $6::uuid IS NOT NULL THEN now() END
     FROM generate_series(0, $5 - 1) AS n,
          LATERAL (SELECT (date_trunc('month', $10::date) + make_interval(months => n))::date AS d) AS due`,
    [
      input.userId,
      input.plan.id,
      group.id,
      input.plan.monthlyAmount,
      input.plan.duration,
      settled?.paymentId ?? null,
      settled?.paymentMethod ?? 'BANK_TRANSFER',
      settled?.receiptId ?? null,
      settled?.reviewerId ?? null,
      group.start_date,
    ],
  );
  const first = await tx.query<{ id: string }>(
    `SELECT id FROM payments WHERE group_id = $1 AND user_id = $2 AND type = 'INSTALMENT' ORDER BY due_date LIMIT 1`,
    [group.id, input.userId],
  );
  return { groupId: group.id, groupNumber: group.group_number, memberNumber, firstInstalmentId: first.rows[0].id };
}
