/**
 * Corrections of a membership (docs/rules.md "Corrections"): remove a member from a group, or move them to
 * another group of the same plan. The membership stays listed as DROPPED with when and why, the seat is
 * freed, and the audit row holds what changed. A winner stays where they won, and a receipt under review
 * is decided first, so neither correction can change a draw or a review under way.
 */
import type { NotificationType } from '../../contract/notifications.ts';
import { correctionMessages } from '../../contract/corrections.ts';
import { groupMessages, membershipMessages } from '../../contract/groups.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { memberMovedNotice, memberRemovedNotice } from './correction-texts.ts';
import { noticeEmail, type Language, type NoticeText } from '../mail/layout.ts';
import { notifyUser } from '../notifications/notify.ts';
import { businessDateSql, type BusinessDay } from '../figures/figures.ts';
import { refuseWhileCommitted } from '../winners/winner-service.ts';

export type MembershipCorrectionDeps = { db: Database; today: () => BusinessDay; appUrl: string; mailQueued: () => void };

type LockedGroup = { id: string; plan_id: string; group_number: string; max_members: number; current_members: number; next_member_number: number; start_date: string; is_active: boolean };
type Membership = { id: string; member_number: number; status: string; email: string; name: string; language: Language };

/** The groups locked in id order, so two corrections over the same pair of groups cannot deadlock. */
async function lockGroups(tx: Queryable, ids: string[]): Promise<Map<string, LockedGroup>> {
  const { rows } = await tx.query<LockedGroup>(
    `SELECT id, plan_id, group_number, max_members, current_members, next_member_number, start_date::text, is_active
     FROM committee_groups WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [ids.filter(isUuid)],
  );
  return new Map(rows.map((g) => [g.id, g]));
}

/** The member's active membership of the group, checked for what a correction may not touch. */
async function movableMembership(tx: Queryable, groupId: string, userId: string): Promise<Membership> {
  const { rows } = await tx.query<Membership>(
    `SELECT m.id, m.member_number, m.status, u.email, u.name, u.language FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1 AND m.user_id = $2 FOR UPDATE OF m`,
    [groupId, userId],
  );
  const membership = rows[0];
  if (!membership || membership.status !== 'ACTIVE') throw notFound(correctionMessages.notMember);
  const { rowCount: won } = await tx.query(`SELECT 1 FROM winners WHERE group_id = $1 AND user_id = $2 AND status <> 'CANCELLED'`, [groupId, userId]);
  if (won > 0) throw conflict(correctionMessages.winnerStays);
  // An entrant of a committed draw stays until it is drawn or voided (docs/draws.md): the group is locked.
  await refuseWhileCommitted(tx, groupId, userId);
  const { rowCount: waiting } = await tx.query(`SELECT 1 FROM payments WHERE group_id = $1 AND user_id = $2 AND type = 'INSTALMENT' AND under_review`, [groupId, userId]);
  if (waiting > 0) throw conflict(correctionMessages.receiptWaiting);
  return membership;
}

async function leaveGroup(tx: Queryable, groupId: string, membershipId: string, reason: string, movedTo: string | null) {
  await tx.query(`UPDATE group_members SET status = 'DROPPED', left_at = now(), left_reason = $2, moved_to_group_id = $3 WHERE id = $1`, [membershipId, reason, movedTo]);
  await tx.query('UPDATE committee_groups SET current_members = current_members - 1, updated_at = now() WHERE id = $1', [groupId]);
}

/** In the app and by email, each in the member's language. */
async function tellMember(
  deps: MembershipCorrectionDeps,
  tx: Queryable,
  userId: string,
  m: Membership,
  type: NotificationType,
  text: (language: Language) => NoticeText,
  groupId: string,
) {
  await notifyUser(tx, userId, { type, text, data: { groupId } });
  const { title, message } = text(m.language);
  await enqueueEmail(tx, noticeEmail(m.language, m.email, m.name, title, message, `${deps.appUrl}/dashboard`));
}

/**
 * The months to come (due date after today) with nothing paid in them leave the schedule; the months
 * already due stay, owed until paid (RULES §6a). A receipt once refused for one of those months stays
 * with its member, no longer tied to a month; the audit row lists every month taken off.
 */
export async function removeMember(deps: MembershipCorrectionDeps, admin: Actor, groupId: string, userId: string, reason: string) {
  const result = await deps.db.transaction(async (tx) => {
    const group = (await lockGroups(tx, [groupId])).get(groupId);
    if (!group) throw notFound(groupMessages.notFound);
    if (!isUuid(userId)) throw notFound(correctionMessages.notMember);
    const membership = await movableMembership(tx, groupId, userId);
    const { rows: cancelled } = await tx.query<{ id: string; month: number; year: number; amount: string; status: string; receipt_id: string | null }>(
      `SELECT id, month, year, amount::text, status, receipt_id FROM payments
       WHERE group_id = $1 AND user_id = $2 AND type = 'INSTALMENT' AND status <> 'PAID' AND due_date > ${businessDateSql(deps.today())}
       ORDER BY due_date`,
      [groupId, userId],
    );
    const ids = cancelled.map((p) => p.id);
    if (ids.length > 0) {
      await tx.query('UPDATE receipts SET payment_id = NULL WHERE payment_id = ANY($1::uuid[])', [ids]);
      await tx.query('DELETE FROM payments WHERE id = ANY($1::uuid[])', [ids]);
    }
    await leaveGroup(tx, groupId, membership.id, reason, null);
    await tellMember(deps, tx, userId, membership, 'GROUP_MEMBER_REMOVED', (language) => memberRemovedNotice(language, group.group_number, reason), groupId);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'GROUP_MEMBER_REMOVE',
      entityType: 'group',
      entityId: groupId,
      before: { userId, memberNumber: membership.member_number, status: 'ACTIVE' },
      after: {
        userId,
        status: 'DROPPED',
        reason,
        cancelledInstalments: cancelled.map((p) => ({ id: p.id, month: p.month, year: p.year, amount: Number(p.amount), status: p.status, receiptId: p.receipt_id })),
      },
      ip: admin.ip,
    });
    return { userId, groupId, cancelledInstalments: cancelled.length };
  });
  deps.mailQueued();
  return result;
}

/**
 * The member takes the next number of a group of the same plan, and their whole schedule goes with them,
 * re-dated to the new group's months in order: the n-th instalment becomes the new group's n-th month,
 * paid months staying paid with their receipts, approvals and commissions.
 */
export async function moveMember(deps: MembershipCorrectionDeps, admin: Actor, groupId: string, userId: string, input: { toGroupId: string; reason: string }) {
  if (input.toGroupId === groupId) throw badRequest(correctionMessages.sameGroup, { toGroupId: correctionMessages.sameGroup });
  const result = await deps.db.transaction(async (tx) => {
    const groups = await lockGroups(tx, [groupId, input.toGroupId]);
    const from = groups.get(groupId);
    if (!from) throw notFound(groupMessages.notFound);
    if (!isUuid(userId)) throw notFound(correctionMessages.notMember);
    const to = groups.get(input.toGroupId);
    if (!to) throw badRequest(groupMessages.notFound, { toGroupId: groupMessages.notFound });
    if (to.plan_id !== from.plan_id) throw badRequest(correctionMessages.otherPlan, { toGroupId: correctionMessages.otherPlan });
    const membership = await movableMembership(tx, groupId, userId);
    if (!to.is_active) throw conflict(membershipMessages.groupInactive);
    const { rows: before } = await tx.query<{ status: string }>('SELECT status FROM group_members WHERE group_id = $1 AND user_id = $2', [to.id, userId]);
    if (before[0]) throw conflict(before[0].status === 'ACTIVE' ? membershipMessages.alreadyMember : correctionMessages.removedBefore);
    if (to.current_members >= to.max_members) throw conflict(groupMessages.full);

    await leaveGroup(tx, from.id, membership.id, input.reason, to.id);
    const memberNumber = to.next_member_number;
    await tx.query('INSERT INTO group_members (group_id, user_id, member_number) VALUES ($1, $2, $3)', [to.id, userId, memberNumber]);
    await tx.query('UPDATE committee_groups SET current_members = current_members + 1, next_member_number = next_member_number + 1, updated_at = now() WHERE id = $1', [to.id]);
    const { rows: moved } = await tx.query<{ id: string; from_month: number; from_year: number; month: number; year: number; status: string }>(
      `WITH ordered AS (
         SELECT id, month AS from_month, year AS from_year, (row_number() OVER (ORDER BY due_date, year, month) - 1)::int AS n
         FROM payments WHERE group_id = $1 AND user_id = $2 AND type = 'INSTALMENT')
       UPDATE payments p SET group_id = $3, due_date = d.due, month = extract(month FROM d.due)::int, year = extract(year FROM d.due)::int, updated_at = now()
       FROM ordered o CROSS JOIN LATERAL (SELECT (date_trunc('month', $4::date) + make_interval(months => o.n))::date AS due) d
       WHERE p.id = o.id
       RETURNING p.id, o.from_month, o.from_year, p.month, p.year, p.status`,
      [from.id, userId, to.id, to.start_date],
    );
    const paidMonthsCarried = moved.filter((p) => p.status === 'PAID').length;
    await tellMember(
      deps,
      tx,
      userId,
      membership,
      'GROUP_MEMBER_MOVED',
      (language) => memberMovedNotice(language, from.group_number, to.group_number, input.reason),
      to.id,
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'GROUP_MEMBER_MOVE',
      entityType: 'group',
      entityId: from.id,
      before: { userId, groupId: from.id, memberNumber: membership.member_number },
      after: {
        userId,
        groupId: to.id,
        memberNumber,
        reason: input.reason,
        instalments: moved.map((p) => ({ id: p.id, from: `${p.from_year}-${String(p.from_month).padStart(2, '0')}`, to: `${p.year}-${String(p.month).padStart(2, '0')}`, status: p.status })),
      },
      ip: admin.ip,
    });
    return { userId, fromGroupId: from.id, groupId: to.id, groupNumber: to.group_number, memberNumber, paidMonthsCarried };
  });
  deps.mailQueued();
  return result;
}
