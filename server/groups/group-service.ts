/** Groups under a plan (RULES §4) and the members in them. */
import { groupMessages, type GroupCreateBody, type GroupUpdateBody } from '../../contract/groups.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { addMonthsToDate } from '../business-time.ts';
import { figureColumnsSql, figuresFromRow, keptInstalmentsSql, readOwedOnJoining, stateJoinSql, type BusinessDay, type FigureRow } from '../figures/figures.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal, type ListTotal } from '../db/paging.ts';
import { paginationOf } from '../../contract/paging.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { findPlan } from '../plans/plan-service.ts';
import type { InstalmentState } from '../../contract/figures.ts';

type GroupRow = {
  id: string;
  plan_id: string;
  plan_name: string;
  plan_monthly_amount: string;
  plan_total_amount: string;
  plan_duration: number;
  group_number: string;
  group_name: string;
  max_members: number;
  current_members: number;
  start_date: string;
  end_date: string;
  is_active: boolean;
  created_at: Date;
  total_pending: number;
  total_paid: number;
  month_paid: number;
  month_remaining: number;
};

// Figures are computed in the database, one query for the whole page of groups, in the words of RULES §6a:
// pending is under review or owed (never a future month); this month's remaining is its pending. $1, $2 are
// the business day's year and month. They are read from the kept totals (migration 015), a few rows a group.
/** Groups with their plan and figures; `groups` is where the groups come from (a table, or one page of it). */
const groupSelect = (day: BusinessDay, groups = 'committee_groups g') => `SELECT g.id, g.plan_id, p.name AS plan_name, p.monthly_amount::text AS plan_monthly_amount,
    p.total_amount::text AS plan_total_amount, p.duration AS plan_duration, g.group_number, g.group_name, g.max_members,
    g.current_members, g.start_date::text, g.end_date::text, g.is_active, g.created_at,
    coalesce(s.total_pending, 0)::int AS total_pending, coalesce(s.total_paid, 0)::int AS total_paid,
    coalesce(s.month_paid, 0)::int AS month_paid, coalesce(s.month_remaining, 0)::int AS month_remaining
  FROM ${groups}
  JOIN committee_plans p ON p.id = g.plan_id
  LEFT JOIN LATERAL (
    SELECT sum(pay.n) FILTER (WHERE fs.state IN ('UNDER_REVIEW', 'OWED', 'OVERDUE')) AS total_pending,
           sum(pay.n) FILTER (WHERE fs.state = 'PAID') AS total_paid,
           sum(pay.n) FILTER (WHERE fs.state = 'PAID' AND pay.year = $1 AND pay.month = $2) AS month_paid,
           sum(pay.n) FILTER (WHERE fs.state IN ('UNDER_REVIEW', 'OWED', 'OVERDUE') AND pay.year = $1 AND pay.month = $2) AS month_remaining
    FROM ${keptInstalmentsSql('group')} pay ${stateJoinSql(day, 'pay')} WHERE pay.group_id = g.id
  ) s ON true`;

function toGroup(row: GroupRow) {
  return {
    id: row.id,
    planId: row.plan_id,
    plan: {
      id: row.plan_id,
      name: row.plan_name,
      monthlyAmount: rupeesFromDb(row.plan_monthly_amount),
      totalAmount: rupeesFromDb(row.plan_total_amount),
      duration: row.plan_duration,
    },
    groupNumber: row.group_number,
    groupName: row.group_name,
    maxMembers: row.max_members,
    currentMembers: row.current_members,
    startDate: row.start_date,
    endDate: row.end_date,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    summary: { totalPending: row.total_pending, totalPaid: row.total_paid, thisMonthPaid: row.month_paid, thisMonthRemaining: row.month_remaining },
  };
}
export type Group = ReturnType<typeof toGroup>;

const thisMonthParams = (day: BusinessDay) => {
  const [year, month] = day.today.split('-').map(Number);
  return [year, month];
};

export async function listGroups(
  db: Queryable,
  day: BusinessDay,
  filter: { planId?: string; search?: string; status?: 'ACTIVE' | 'INACTIVE'; limit: number; offset: number },
): Promise<{ groups: Group[] } & ListTotal> {
  const params: unknown[] = thisMonthParams(day);
  const where: string[] = [];
  if (filter.planId) {
    if (!isUuid(filter.planId)) return { groups: [], total: 0, exact: true };
    params.push(filter.planId);
    where.push(`g.plan_id = $${params.length}`);
  }
  if (filter.status) where.push(filter.status === 'ACTIVE' ? 'g.is_active' : 'NOT g.is_active');
  if (filter.search) {
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(p.name ILIKE $${params.length} OR g.group_number ILIKE $${params.length} OR g.group_name ILIKE $${params.length})`);
  }
  params.push(filter.limit, filter.offset);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // The page is chosen first (ties by id), and only its groups get their figures.
  const order = 'p.name, length(g.group_number), g.group_number, g.id';
  const page = `(SELECT g.* FROM committee_groups g JOIN committee_plans p ON p.id = g.plan_id ${whereSql}
     ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}) g`;
  const { rows } = await db.query<GroupRow>(`${groupSelect(day, page)} ORDER BY ${order}`, params);
  const counted = await listTotal(
    db,
    { rows: rows.length, limit: filter.limit, offset: filter.offset },
    // The select's month parameters ($1, $2) are unused by the count but must still be typed.
    `FROM committee_groups g JOIN committee_plans p ON p.id = g.plan_id ${whereSql ? `${whereSql} AND` : 'WHERE'} ($1::int, $2::int) IS NOT NULL`,
    params.slice(0, -2),
  );
  return { groups: rows.map(toGroup), ...counted };
}

/** A plan's groups as the approval chooses among them: each with what a member joining it now owes at once. */
export async function listPlanGroups(db: Queryable, day: BusinessDay, filter: { planId: string; limit: number; offset: number }) {
  const { groups, ...counted } = await listGroups(db, day, filter);
  const owed = await readOwedOnJoining(db, day, groups.map((group) => group.id));
  return { groups: groups.map((group) => ({ ...group, owedOnJoining: owed.get(group.id) ?? { count: 0, amount: 0 } })), ...counted };
}

export async function findGroup(q: Queryable, id: string, day: BusinessDay): Promise<Group | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<GroupRow>(`${groupSelect(day)} WHERE g.id = $3`, [...thisMonthParams(day), id]);
  return rows[0] && toGroup(rows[0]);
}

async function nextFreeGroupNumber(q: Queryable, planId: string): Promise<string> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT coalesce(max(group_number::int), 0)::int + 1 AS n FROM committee_groups WHERE plan_id = $1 AND group_number ~ '^[0-9]{1,6}$'`,
    [planId],
  );
  return String(rows[0].n);
}

/** Creates a group; used by the admin form and by an approval into a plan that has no group yet. */
export async function insertGroup(
  tx: Queryable,
  input: { planId: string; planDuration: number; groupNumber?: string; groupName?: string; maxMembers: number; startDate: string; isActive: boolean },
): Promise<string> {
  const groupNumber = input.groupNumber ?? (await nextFreeGroupNumber(tx, input.planId));
  try {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO committee_groups (plan_id, group_number, group_name, max_members, start_date, end_date, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [input.planId, groupNumber, input.groupName ?? `Group ${groupNumber}`, input.maxMembers, input.startDate, addMonthsToDate(input.startDate, input.planDuration), input.isActive],
    );
    return rows[0].id;
  } catch (error) {
    if (isUniqueViolation(error, 'committee_groups_plan_number_key')) throw conflict(groupMessages.numberTaken, { groupNumber: groupMessages.numberTaken });
    throw error;
  }
}

export async function createGroup(db: Database, day: BusinessDay, actor: Actor, body: GroupCreateBody): Promise<Group> {
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, body.planId);
    if (!plan) throw badRequest(groupMessages.planRequired, { planId: groupMessages.planRequired });
    const id = await insertGroup(tx, { ...body, planDuration: plan.duration });
    const group = (await findGroup(tx, id, day))!;
    await recordAudit(tx, { actorId: actor.id, action: 'GROUP_CREATE', entityType: 'group', entityId: id, after: group, ip: actor.ip });
    return group;
  });
}

export async function updateGroup(db: Database, day: BusinessDay, actor: Actor, id: string, body: GroupUpdateBody): Promise<Group> {
  return db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(groupMessages.notFound);
    const locked = await tx.query('SELECT id FROM committee_groups WHERE id = $1 FOR UPDATE', [id]);
    if (locked.rowCount === 0) throw notFound(groupMessages.notFound);
    const before = (await findGroup(tx, id, day))!;
    if (body.maxMembers !== undefined && body.maxMembers < before.currentMembers) throw conflict(groupMessages.belowMembers, { maxMembers: groupMessages.belowMembers });
    const startChanges = body.startDate !== undefined && body.startDate !== before.startDate;
    // Members' schedules are built from the start month.
    if (startChanges && before.currentMembers > 0) throw conflict(groupMessages.startLocked, { startDate: groupMessages.startLocked });
    const startDate = body.startDate ?? before.startDate;
    await tx.query(
      `UPDATE committee_groups SET group_name = $2, max_members = $3, start_date = $4, end_date = $5, is_active = $6, updated_at = now() WHERE id = $1`,
      [id, body.groupName ?? before.groupName, body.maxMembers ?? before.maxMembers, startDate, addMonthsToDate(startDate, before.plan.duration), body.isActive ?? before.isActive],
    );
    const after = (await findGroup(tx, id, day))!;
    // The reason is the change's, not the group's: it lives only in the audit row.
    await recordAudit(tx, { actorId: actor.id, action: 'GROUP_UPDATE', entityType: 'group', entityId: id, before, after: body.reason ? { ...after, reason: body.reason } : after, ip: actor.ip });
    return after;
  });
}

export async function deleteGroup(db: Database, day: BusinessDay, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(groupMessages.notFound);
    const { rows } = await tx.query<{ current_members: number }>('SELECT current_members FROM committee_groups WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) throw notFound(groupMessages.notFound);
    if (rows[0].current_members > 0) throw conflict(groupMessages.hasMembers(rows[0].current_members));
    const history = await tx.query('SELECT 1 FROM group_members WHERE group_id = $1 UNION ALL SELECT 1 FROM payments WHERE group_id = $1 LIMIT 1', [id]);
    if (history.rowCount > 0) throw conflict(groupMessages.hasHistory);
    const before = await findGroup(tx, id, day);
    await tx.query('DELETE FROM committee_groups WHERE id = $1', [id]);
    await recordAudit(tx, { actorId: actor.id, action: 'GROUP_DELETE', entityType: 'group', entityId: id, before, ip: actor.ip });
  });
}

/**
 * A page of a group's instalments, month by month and by member's name. A group holds at most its members
 * times its months (a few thousand), so its count is exact and cheap; the index on the group serves both.
 */
export async function listGroupPayments(db: Queryable, day: BusinessDay, groupId: string, paging: { page: number; limit: number }) {
  // One query: no row when the group does not exist; its count once; the page's rows, or one row of nulls
  // when the page is empty.
  const result = await db.query<{ total: number; id: string | null; user_name: string; month: number; year: number; payment_method: string; amount: string; status: string; state: InstalmentState; payment_date: Date | null }>(
    `SELECT counted.total, page.*
     FROM committee_groups g
     CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM payments x WHERE x.group_id = g.id AND x.type = 'INSTALMENT') counted
     LEFT JOIN LATERAL (
       SELECT p.id, u.name AS user_name, p.month, p.year, p.payment_method, p.amount::text, p.status, fs.state, p.payment_date
       FROM payments p JOIN users u ON u.id = p.user_id ${stateJoinSql(day)} WHERE p.group_id = g.id AND p.type = 'INSTALMENT'
       ORDER BY p.year, p.month, u.name, p.id LIMIT $2 OFFSET $3) page ON true
     WHERE g.id = $1
     ORDER BY page.year, page.month, page.user_name, page.id`,
    [isUuid(groupId) ? groupId : null, paging.limit, (paging.page - 1) * paging.limit],
  );
  if (!result.rows[0]) throw notFound(groupMessages.notFound);
  const rows = result.rows.filter((r): r is (typeof r & { id: string }) => r.id !== null);
  const counted = { rows: [{ n: result.rows[0].total }] };
  return {
    payments: rows.map((p) => ({
      id: p.id,
      user: { name: p.user_name },
      month: p.month,
      year: p.year,
      paymentMethod: p.payment_method,
      amount: rupeesFromDb(p.amount),
      status: p.status,
      state: p.state,
      paymentDate: p.payment_date && new Date(p.payment_date).toISOString(),
    })),
    pagination: paginationOf(paging.page, paging.limit, counted.rows[0].n ?? 0),
  };
}

/**
 * The admin's details dialog: members, payments (the page asked for; every one for the specification's
 * client, which asks for no page) and figures (admin document §3 "Group stats"; RULES §6a).
 */
export async function getGroupDetails(db: Queryable, day: BusinessDay, id: string, paymentsPage: { page: number; limit: number }) {
  const group = await findGroup(db, id, day);
  if (!group) throw notFound(groupMessages.notFound);
  const [year, month] = thisMonthParams(day);
  const payments = await listGroupPayments(db, day, id, paymentsPage);
  // The whole group and this month alone, and the members beside them, in one query: the members'
  // list is a subquery of its own, computed once (the grand total row is there even with no payment).
  type MemberJson = {
    id: string; userId: string; name: string; email: string; phone: string | null; memberNumber: number; status: string; joinedAt: string;
    leftAt: string | null; leftReason: string | null; movedTo: string | null;
  };
  const stats = await db.query<FigureRow & { this_month: boolean | null; members: MemberJson[] }>(
    `SELECT (p.year = $2 AND p.month = $3) AS this_month, ${figureColumnsSql(day)},
       (SELECT coalesce(json_agg(json_build_object('id', m.id, 'userId', m.user_id, 'name', u.name, 'email', u.email, 'phone', u.phone,
                 'memberNumber', m.member_number, 'status', m.status, 'joinedAt', m.joined_at, 'leftAt', m.left_at, 'leftReason', m.left_reason,
                 'movedTo', t.group_number) ORDER BY m.member_number), '[]')
        FROM group_members m JOIN users u ON u.id = m.user_id LEFT JOIN committee_groups t ON t.id = m.moved_to_group_id WHERE m.group_id = $1) AS members
     FROM payments p ${stateJoinSql(day)} WHERE p.group_id = $1 AND p.type = 'INSTALMENT'
     GROUP BY ROLLUP ((p.year = $2 AND p.month = $3))`,
    [id, year, month],
  );
  const total = stats.rows.find((r) => r.this_month === null);
  const all = figuresFromRow(total);
  const thisMonth = figuresFromRow(stats.rows.find((r) => r.this_month === true));
  return {
    ...group,
    members: (total?.members ?? []).map((m) => ({
      id: m.id,
      userId: m.userId,
      memberNumber: m.memberNumber,
      status: m.status,
      joinedAt: new Date(m.joinedAt).toISOString(),
      user: { name: m.name, email: m.email, phone: m.phone },
      leftAt: m.leftAt === null ? null : new Date(m.leftAt).toISOString(),
      leftReason: m.leftReason,
      movedToGroupNumber: m.movedTo,
    })),
    payments: payments.payments,
    paymentsPagination: payments.pagination,
    stats: {
      // Paid or pending: future months are in no figure here.
      totalPayments: all.paid.count + all.pending.count,
      paidPayments: all.paid.count,
      pendingPayments: all.pending.count,
      overduePayments: all.overdue.count,
      totalRevenue: all.collected,
      // The money due so far: what the collection rate is measured against.
      expectedRevenue: all.dueSoFar.amount,
      collectionRate: all.collectionRate,
      currentMonth: { paid: thisMonth.paid.count, pending: thisMonth.pending.count, overdue: thisMonth.overdue.count },
      figures: all,
    },
  };
}
