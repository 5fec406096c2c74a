/**
 * The monthly draw (RULES §9): an admin chooses a group's winner for a month from its eligible
 * members. The group row is locked while choosing, and two unique indexes make the database refuse a
 * second winner for a month or a second win for a member, whatever happens at the same moment.
 */
import { rupeesFromDb } from '../../contract/money.ts';
import { winnerMessages } from '../../contract/winners.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { karachiToday } from '../business-time.ts';
import { stateJoinSql, type BusinessDay } from '../figures/figures.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal } from '../db/paging.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { noticeEmail, periodName, type Language } from '../mail/layout.ts';
import { winnerNotice, winnerSubject } from './winner-texts.ts';
import { notifyUser } from '../notifications/notify.ts';

export type GroupRef = { id: string; plan_id: string; plan_name: string; total_amount: string; group_number: string; start_date: string; end_date: string };

export async function findGroupByNumber(q: Queryable, committeeId: string, groupNumber: string, lock = false): Promise<GroupRef> {
  if (!isUuid(committeeId)) throw notFound(winnerMessages.groupNotFound);
  const { rows } = await q.query<GroupRef>(
    `SELECT g.id, g.plan_id, p.name AS plan_name, p.total_amount::text, g.group_number, g.start_date::text, g.end_date::text
     FROM committee_groups g JOIN committee_plans p ON p.id = g.plan_id WHERE g.plan_id = $1 AND g.group_number = $2 ${lock ? 'FOR UPDATE OF g' : ''}`,
    [committeeId, groupNumber],
  );
  if (!rows[0]) throw notFound(winnerMessages.groupNotFound);
  return rows[0];
}

/** The group's cycle runs from its start month for the plan's duration (its end date is exclusive). */
export function isInCycle(group: GroupRef, year: number, month: number): boolean {
  const index = year * 12 + month;
  const [sy, sm] = group.start_date.split('-').map(Number);
  const [ey, em, ed] = group.end_date.split('-').map(Number);
  const endIndex = ey * 12 + em - (ed === 1 ? 1 : 0);
  return index >= sy * 12 + sm && index <= endIndex;
}

export async function eligibleMembers(db: Queryable, day: BusinessDay, committeeId: string, groupNumber: string) {
  const group = await findGroupByNumber(db, committeeId, groupNumber);
  // Active members without a winner record (other than a cancelled one) in this group.
  // Each says whether the member owes now and whether any of it is overdue, by the date (RULES §6a, §9).
  const { rows } = await db.query<{ user_id: string; name: string; email: string; member_number: number; has_overdue: boolean; has_owed: boolean }>(
    `SELECT m.user_id, u.name, u.email, m.member_number,
       coalesce(o.overdue, false) AS has_overdue, coalesce(o.owed, false) AS has_owed
     FROM group_members m JOIN users u ON u.id = m.user_id
     LEFT JOIN LATERAL (
       SELECT bool_or(fs.state = 'OVERDUE') AS overdue, bool_or(fs.state IN ('OWED', 'OVERDUE')) AS owed
       FROM payments p ${stateJoinSql(day)} WHERE p.group_id = m.group_id AND p.user_id = m.user_id AND p.type = 'INSTALMENT'
     ) o ON true
     WHERE m.group_id = $1 AND m.status = 'ACTIVE'
       AND NOT EXISTS (SELECT 1 FROM winners w WHERE w.group_id = m.group_id AND w.user_id = m.user_id AND w.status <> 'CANCELLED')
     ORDER BY m.member_number`,
    [group.id],
  );
  return {
    group: { id: group.id, groupNumber: group.group_number, committeeId: group.plan_id, committeeName: group.plan_name, startDate: group.start_date, endDate: group.end_date },
    eligibleMembers: rows.map((r) => ({
      userId: r.user_id,
      user: { name: r.name, email: r.email },
      memberNumber: r.member_number,
      position: r.member_number,
      hasOverdue: r.has_overdue,
      hasOwed: r.has_owed,
    })),
  };
}

type WinnerRow = {
  id: string; plan_id: string; plan_name: string; group_id: string; group_number: string; user_id: string; user_name: string; user_email: string;
  user_language: Language; month: number; year: number; amount: string; payment_type: string; status: string; notes: string | null; selected_at: Date; paid_at: Date | null; cancelled_at: Date | null;
};

const WINNER_SELECT = `SELECT w.id, w.plan_id, p.name AS plan_name, w.group_id, g.group_number, w.user_id, u.name AS user_name, u.email AS user_email,
    u.language AS user_language, w.month, w.year, w.amount::text, w.payment_type, w.status, w.notes, w.selected_at, w.paid_at, w.cancelled_at
  FROM winners w JOIN committee_plans p ON p.id = w.plan_id JOIN committee_groups g ON g.id = w.group_id JOIN users u ON u.id = w.user_id`;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function toWinner(r: WinnerRow) {
  return {
    id: r.id,
    userId: r.user_id,
    winnerId: r.user_id,
    winner: { name: r.user_name, email: r.user_email },
    committeeId: r.plan_id,
    committee: { id: r.plan_id, name: r.plan_name },
    groupId: r.group_id,
    groupNumber: r.group_number,
    month: r.month,
    year: r.year,
    amount: rupeesFromDb(r.amount),
    paymentType: r.payment_type,
    status: r.status,
    notes: r.notes,
    selectedAt: new Date(r.selected_at).toISOString(),
    paidAt: iso(r.paid_at),
    cancelledAt: iso(r.cancelled_at),
  };
}
export type Winner = ReturnType<typeof toWinner>;

async function findWinnerRow(q: Queryable, id: string): Promise<WinnerRow> {
  if (!isUuid(id)) throw notFound(winnerMessages.notFound);
  const { rows } = await q.query<WinnerRow>(`${WINNER_SELECT} WHERE w.id = $1`, [id]);
  if (!rows[0]) throw notFound(winnerMessages.notFound);
  return rows[0];
}

async function getWinner(q: Queryable, id: string): Promise<Winner> {
  return toWinner(await findWinnerRow(q, id));
}

export type WinnerDeps = { db: Database; appUrl: string; mailQueued: () => void; today: () => BusinessDay };

/**
 * While a draw of the group is committed and not drawn, nothing may change who could win it (docs/draws.md):
 * a manual winner, a winner cancelled, an entrant removed or moved. Refused with 409 `winner.commitmentOpen`;
 * the administrator voids the draw first, with a reason members read. `entrant`: refused only when that
 * member is in the frozen list. The caller holds the group's row lock, as committing does, so that a
 * commitment cannot slip in between this check and the change.
 */
export async function refuseWhileCommitted(q: Queryable, groupId: string, entrant?: string): Promise<void> {
  const { rows } = await q.query<{ eligible: { userId: string }[] }>(`SELECT eligible FROM draws WHERE group_id = $1 AND status = 'COMMITTED'`, [groupId]);
  const touched = entrant === undefined ? rows.length > 0 : rows.some((draw) => draw.eligible.some((e) => e.userId === entrant.toLowerCase()));
  if (touched) throw conflict(winnerMessages.commitmentOpen);
}


/** How a winner was chosen: by hand (with the admin's reason, if given) or by a verifiable draw. */
export type ChosenBy = { method: 'MANUAL'; reason?: string } | { method: 'DRAW'; drawId: string };

/**
 * Records the month's winner in the caller's transaction, the group row locked: the month must lie in the
 * cycle and have no winner yet, and the member must be eligible. Notifies the winner and audits.
 */
export async function insertWinner(
  tx: Queryable,
  deps: WinnerDeps,
  admin: Actor,
  group: GroupRef,
  input: { month: number; year: number; paymentType: string; userId: string },
  chosenBy: ChosenBy,
): Promise<Winner> {
  if (!isInCycle(group, input.year, input.month)) throw badRequest(winnerMessages.notInCycle, { month: winnerMessages.notInCycle });
  const taken = await tx.query(`SELECT 1 FROM winners WHERE group_id = $1 AND year = $2 AND month = $3 AND status <> 'CANCELLED'`, [group.id, input.year, input.month]);
  if (taken.rowCount > 0) throw conflict(winnerMessages.monthTaken);
  const { eligibleMembers: eligible } = await eligibleMembers(tx, deps.today(), group.plan_id, group.group_number);
  if (!eligible.some((m) => m.userId === input.userId)) throw conflict(winnerMessages.notEligible, { userId: winnerMessages.notEligible });
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO winners (plan_id, group_id, user_id, month, year, amount, payment_type, selected_by, method, reason, draw_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      group.plan_id,
      group.id,
      input.userId,
      input.month,
      input.year,
      group.total_amount,
      input.paymentType,
      admin.id,
      chosenBy.method,
      chosenBy.method === 'MANUAL' ? (chosenBy.reason ?? null) : null,
      chosenBy.method === 'DRAW' ? chosenBy.drawId : null,
    ],
  );
  const row = await findWinnerRow(tx, rows[0].id);
  const winner = toWinner(row);
  const notice = (language: Language) => winnerNotice(language, group.plan_name, group.group_number, periodName(language, input.month, input.year));
  await notifyUser(tx, input.userId, { type: 'WINNER_SELECTED', text: notice, data: { winnerId: winner.id, groupId: group.id } });
  const language = row.user_language;
  await enqueueEmail(tx, noticeEmail(language, winner.winner.email, winner.winner.name, winnerSubject[language], notice(language).message, `${deps.appUrl}/dashboard`));
  await recordAudit(tx, { actorId: admin.id, action: chosenBy.method === 'DRAW' ? 'WINNER_DRAW' : 'WINNER_SELECT', entityType: 'winner', entityId: winner.id, after: { ...winner, ...chosenBy }, ip: admin.ip });
  return winner;
}

/** The unique indexes' refusals, in the words of RULES §9. */
export function winnerConflictOf(error: unknown): unknown {
  if (isUniqueViolation(error, 'winners_one_per_group_month')) return conflict(winnerMessages.monthTaken);
  if (isUniqueViolation(error, 'winners_one_win_per_member')) return conflict(winnerMessages.notEligible);
  return error;
}

export async function selectWinner(
  deps: WinnerDeps,
  admin: Actor,
  input: { committeeId: string; groupNumber: string; month: number; year: number; paymentType: string; userId: string; reason?: string },
) {
  try {
    const winner = await deps.db.transaction(async (tx) => {
      // The lock queues simultaneous draws of one group; the unique indexes are the last word.
      const group = await findGroupByNumber(tx, input.committeeId, input.groupNumber, true);
      await refuseWhileCommitted(tx, group.id);
      return insertWinner(tx, deps, admin, group, input, { method: 'MANUAL', reason: input.reason || undefined });
    });
    deps.mailQueued();
    return winner;
  } catch (error) {
    throw winnerConflictOf(error);
  }
}

/** SELECTED → PAID or CANCELLED; PAID → CANCELLED only with a note; a cancelled record stays as it is. */
export async function changeWinnerStatus(db: Database, admin: Actor, id: string, status: string, notes: string | undefined) {
  try {
    return await db.transaction(async (tx) => {
      if (!isUuid(id)) throw notFound(winnerMessages.notFound);
      // The group's row first, as committing a draw takes it: a cancellation makes a member eligible again.
      const group = (await tx.query<{ group_id: string }>('SELECT group_id FROM winners WHERE id = $1', [id])).rows[0];
      if (!group) throw notFound(winnerMessages.notFound);
      await tx.query('SELECT 1 FROM committee_groups WHERE id = $1 FOR UPDATE', [group.group_id]);
      const { rows } = await tx.query<{ status: string; notes: string | null }>('SELECT status, notes FROM winners WHERE id = $1 FOR UPDATE', [id]);
      if (!rows[0]) throw notFound(winnerMessages.notFound);
      const from = rows[0].status;
      if (status === 'CANCELLED' && from !== 'CANCELLED') await refuseWhileCommitted(tx, group.group_id);
      if (from === 'CANCELLED') throw conflict(winnerMessages.alreadyCancelled);
      if (from === 'PAID' && status === 'SELECTED') throw conflict(winnerMessages.transitionRefused);
      if (from === 'PAID' && status === 'CANCELLED' && !notes) throw badRequest(winnerMessages.paidNeedsNote, { notes: winnerMessages.paidNeedsNote });
      await tx.query(
        `UPDATE winners SET status = $2, notes = coalesce($3, notes), updated_at = now(),
           paid_at = CASE WHEN $2 = 'PAID' AND status <> 'PAID' THEN now() ELSE paid_at END,
           cancelled_at = CASE WHEN $2 = 'CANCELLED' THEN now() ELSE cancelled_at END
         WHERE id = $1`,
        [id, status, notes ?? null],
      );
      await recordAudit(tx, {
        actorId: admin.id,
        action: status === 'CANCELLED' ? 'WINNER_CANCEL' : 'WINNER_UPDATE',
        entityType: 'winner',
        entityId: id,
        before: { status: from, notes: rows[0].notes },
        after: { status, notes: notes ?? rows[0].notes },
        ip: admin.ip,
      });
      return getWinner(tx, id);
    });
  } catch (error) {
    // Restoring a cancelled winner is refused above; this guards any path that would break the rules.
    if (isUniqueViolation(error)) throw conflict(winnerMessages.monthTaken);
    throw error;
  }
}

/**
 * A page of winners, newest period first; ties (same period and moment) are broken by id, so that pages
 * neither repeat nor skip a winner. Migration 018's indexes give this order, with or without a
 * committee, year or status.
 */
export type WinnerFilter = { committeeId?: string; groupNumber?: string; month?: number; year?: number; status?: string; search?: string };

/** The winners list's WHERE clause (`WHERE …` or empty) and its parameters, on `w`, `g`, `p` and `u`; the CSV export reads it too. */
export function winnersWhere(f: WinnerFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.committeeId) add((n) => `w.plan_id = ${n}`, isUuid(f.committeeId) ? f.committeeId : null);
  if (f.groupNumber) add((n) => `g.group_number = ${n}`, f.groupNumber);
  if (f.month) add((n) => `w.month = ${n}`, f.month);
  if (f.year) add((n) => `w.year = ${n}`, f.year);
  if (f.status) add((n) => `w.status = ${n}`, f.status);
  if (f.search) add((n) => `(u.name ILIKE ${n} OR p.name ILIKE ${n})`, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

export async function listWinners(db: Queryable, f: WinnerFilter & { limit: number; offset: number }) {
  const { whereSql, params } = winnersWhere(f);
  const { rows } = await db.query<WinnerRow>(
    `${WINNER_SELECT} ${whereSql}
     ORDER BY w.year DESC, w.month DESC, w.selected_at DESC, w.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, f.limit, f.offset],
  );
  // The count joins only what its filters read: every winner has its plan, group and user.
  const joins = [
    f.groupNumber ? 'JOIN committee_groups g ON g.id = w.group_id' : '',
    f.search ? 'JOIN committee_plans p ON p.id = w.plan_id JOIN users u ON u.id = w.user_id' : '',
  ].join(' ');
  const counted = await listTotal(db, { rows: rows.length, limit: f.limit, offset: f.offset }, `FROM winners w ${joins} ${whereSql}`, params);
  return { winners: rows.map(toWinner), ...counted };
}

/**
 * Statistics (admin document §2 Statistics tab). Totals count every record by status; amounts and the
 * monthly and per-committee rows leave cancelled selections out (no prize was given for them). One query
 * over the winners, who are few (one per group and month): grouping them is as fast as grouping totals
 * kept for them (docs/kept-figures.md).
 */
export async function winnerStatistics(db: Queryable, f: { committeeId?: string; year?: number }) {
  const params = [f.committeeId ? (isUuid(f.committeeId) ? f.committeeId : '00000000-0000-0000-0000-000000000000') : null, f.year ?? null];
  const { rows } = await db.query<{
    year: number | null; month: number | null; plan_id: string | null; name: string | null; by_month: number; by_plan: number;
    winners: number; paid: number; pending: number; cancelled: number; counted: number; amount: string;
  }>(
    `SELECT m.year, m.month, m.plan_id, p.name, GROUPING(m.year, m.month)::int AS by_month, GROUPING(m.plan_id, p.name)::int AS by_plan,
       count(*)::int AS winners,
       count(*) FILTER (WHERE m.status = 'PAID')::int AS paid,
       count(*) FILTER (WHERE m.status = 'SELECTED')::int AS pending,
       count(*) FILTER (WHERE m.status = 'CANCELLED')::int AS cancelled,
       count(*) FILTER (WHERE m.status <> 'CANCELLED')::int AS counted,
       coalesce(sum(m.amount) FILTER (WHERE m.status <> 'CANCELLED'), 0)::text AS amount
     FROM winners m JOIN committee_plans p ON p.id = m.plan_id
     WHERE ($1::uuid IS NULL OR m.plan_id = $1) AND ($2::int IS NULL OR m.year = $2)
     GROUP BY GROUPING SETS ((), (m.year, m.month), (m.plan_id, p.name))
     -- Months newest first; plans (no month) by their winners, then name.
     ORDER BY m.year DESC, m.month DESC, counted DESC, p.name`,
    params,
  );
  // GROUPING() is a bit per column left out of the row's set: 3 when both are, 0 when neither is.
  const t = rows.find((r) => r.by_month === 3 && r.by_plan === 3)!;
  const monthly = rows.filter((r) => r.by_month === 0 && r.counted > 0).slice(0, 240);
  const byCommittee = rows.filter((r) => r.by_plan === 0 && r.counted > 0).slice(0, 500);
  return {
    total: { winners: t.winners, paid: t.paid, pending: t.pending, cancelled: t.cancelled, totalAmount: rupeesFromDb(t.amount) },
    monthly: monthly.map((r) => ({ month: r.month!, year: r.year!, winnerCount: r.counted, totalAmount: rupeesFromDb(r.amount) })),
    byCommittee: byCommittee.map((r) => ({ committeeId: r.plan_id!, committeeName: r.name!, winnerCount: r.counted, totalAmount: rupeesFromDb(r.amount) })),
  };
}

/** Groups whose current month (Karachi) is in their cycle and has no winner yet. It selects nobody. */
export async function groupsAwaitingDraw(db: Queryable, today: { year: number; month: number } = karachiToday()) {
  const { rows } = await db.query<{ plan_id: string; plan_name: string; group_id: string; group_number: string; eligible: number }>(
    `SELECT p.id AS plan_id, p.name AS plan_name, g.id AS group_id, g.group_number,
       (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.status = 'ACTIVE'
          AND NOT EXISTS (SELECT 1 FROM winners x WHERE x.group_id = g.id AND x.user_id = m.user_id AND x.status <> 'CANCELLED')) AS eligible
     FROM committee_groups g JOIN committee_plans p ON p.id = g.plan_id
     WHERE g.is_active AND make_date($1, $2, 1) >= date_trunc('month', g.start_date) AND make_date($1, $2, 1) < g.end_date
       AND NOT EXISTS (SELECT 1 FROM winners w WHERE w.group_id = g.id AND w.year = $1 AND w.month = $2 AND w.status <> 'CANCELLED')
     ORDER BY p.name, length(g.group_number), g.group_number LIMIT 1000`,
    [today.year, today.month],
  );
  return {
    month: today.month,
    year: today.year,
    groups: rows.map((r) => ({ committeeId: r.plan_id, committeeName: r.plan_name, groupId: r.group_id, groupNumber: r.group_number, eligibleCount: r.eligible })),
  };
}

/** Winners a member may see on their group's month cards: the group's non-cancelled winners. */
export async function winnersOfGroups(db: Queryable, groupIds: string[]) {
  const { rows } = await db.query<WinnerRow>(`${WINNER_SELECT} WHERE w.group_id = ANY($1::uuid[]) AND w.status <> 'CANCELLED' ORDER BY w.year, w.month`, [groupIds]);
  return rows.map(toWinner);
}
