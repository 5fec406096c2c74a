/** Committee plans (RULES §4). A plan is also called a committee on the winner screens (RULES §1). */
import { planMessages, type PlanBody } from '../../contract/plans.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import { ALL_LIMIT } from '../../contract/paging.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal, type ListTotal } from '../db/paging.ts';

export type PlanRow = {
  id: string;
  name: string;
  description: string;
  package_type: string;
  monthly_amount: string;
  duration: number;
  total_amount: string;
  max_members: number;
  benefits: string[];
  is_active: boolean;
  created_at: Date;
  creator_name: string | null;
  group_count: number;
  member_count: number;
};

export const PLAN_COLUMNS = `p.id, p.name, p.description, p.package_type, p.monthly_amount::text, p.duration,
  p.total_amount::text, p.max_members, p.benefits, p.is_active, p.created_at, cu.name AS creator_name,
  (SELECT count(*)::int FROM committee_groups g WHERE g.plan_id = p.id) AS group_count,
  (SELECT coalesce(sum(g.current_members), 0)::int FROM committee_groups g WHERE g.plan_id = p.id) AS member_count`;
const PLAN_FROM = 'committee_plans p LEFT JOIN users cu ON cu.id = p.created_by';

export function toPlan(row: PlanRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    packageType: row.package_type,
    monthlyAmount: rupeesFromDb(row.monthly_amount),
    totalAmount: rupeesFromDb(row.total_amount),
    duration: row.duration,
    maxMembers: row.max_members,
    benefits: row.benefits,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    creator: row.creator_name === null ? null : { name: row.creator_name },
    groupCount: row.group_count,
    currentMembers: row.member_count,
  };
}
export type Plan = ReturnType<typeof toPlan>;

export type PlanFilter = { activeOnly: boolean; status?: 'ACTIVE' | 'INACTIVE'; search?: string; limit: number | null; offset: number };

export async function listPlans(db: Queryable, filter: PlanFilter): Promise<{ plans: Plan[] } & ListTotal> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.activeOnly || filter.status === 'ACTIVE') where.push('p.is_active');
  else if (filter.status === 'INACTIVE') where.push('NOT p.is_active');
  if (filter.search) {
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(p.name ILIKE $${params.length} OR p.description ILIKE $${params.length})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  params.push(filter.limit, filter.offset);
  const { rows } = await db.query<PlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM} ${whereSql}
     ORDER BY p.created_at DESC, p.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const counted = await listTotal(db, { rows: rows.length, limit: filter.limit ?? Infinity, offset: filter.offset }, `FROM ${PLAN_FROM} ${whereSql}`, params.slice(0, -2));
  return { plans: rows.map(toPlan), ...counted };
}

export async function findPlan(q: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<Plan | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM ${PLAN_FROM} WHERE p.id = $1 ${options.forUpdate ? 'FOR UPDATE OF p' : ''}`, [id]);
  return rows[0] && toPlan(rows[0]);
}

/** A plan a member may see: active ones only. Admins see every plan. */
/** A plan the viewer may see; asked for as a committee, a missing one is 'Committee not found.'. */
export async function getVisiblePlan(q: Queryable, id: string, isAdmin: boolean, as: 'plan' | 'committee' = 'plan'): Promise<Plan> {
  const plan = await findPlan(q, id);
  if (!plan || (!plan.isActive && !isAdmin)) throw notFound(as === 'committee' ? planMessages.committeeNotFound : planMessages.notFound);
  return plan;
}

export async function createPlan(db: Database, actor: Actor, body: PlanBody): Promise<Plan> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO committee_plans (name, description, package_type, monthly_amount, duration, total_amount, max_members, benefits, is_active, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) RETURNING id`,
      [body.name, body.description, body.packageType, body.monthlyAmount, body.duration, body.totalAmount, body.maxMembers, JSON.stringify(body.benefits), body.isActive, actor.id],
    );
    const plan = (await findPlan(tx, rows[0].id))!;
    await recordAudit(tx, { actorId: actor.id, action: 'PLAN_CREATE', entityType: 'plan', entityId: plan.id, after: plan, ip: actor.ip });
    return plan;
  });
}

async function hasPayments(q: Queryable, planId: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM payments WHERE plan_id = $1 LIMIT 1', [planId]);
  return rowCount > 0;
}

export async function updatePlan(db: Database, actor: Actor, id: string, body: PlanBody): Promise<Plan> {
  return db.transaction(async (tx) => {
    const before = await findPlan(tx, id, { forUpdate: true });
    if (!before) throw notFound(planMessages.notFound);
    const amountsChange = before.monthlyAmount !== body.monthlyAmount || before.duration !== body.duration;
    // Schedules and receipts were made for the old amounts: they cannot change under members' feet.
    if (amountsChange && (await hasPayments(tx, id))) throw conflict(planMessages.amountsLocked);
    await tx.query(
      `UPDATE committee_plans SET name = $2, description = $3, package_type = $4, monthly_amount = $5, duration = $6,
         total_amount = $7, max_members = $8, benefits = $9::jsonb, is_active = $10, updated_at = now() WHERE id = $1`,
      [id, body.name, body.description, body.packageType, body.monthlyAmount, body.duration, body.totalAmount, body.maxMembers, JSON.stringify(body.benefits), body.isActive],
    );
    // A group ends its start date plus the plan's duration (RULES §4): follow a new duration.
    if (before.duration !== body.duration) {
      await tx.query(`UPDATE committee_groups SET end_date = (start_date + make_interval(months => $2))::date, updated_at = now() WHERE plan_id = $1`, [id, body.duration]);
    }
    const after = (await findPlan(tx, id))!;
    await recordAudit(tx, { actorId: actor.id, action: 'PLAN_UPDATE', entityType: 'plan', entityId: id, before, after, ip: actor.ip });
    return after;
  });
}

export async function setPlanActive(db: Database, actor: Actor, id: string, isActive: boolean): Promise<Plan> {
  return db.transaction(async (tx) => {
    const before = await findPlan(tx, id, { forUpdate: true });
    if (!before) throw notFound(planMessages.notFound);
    await tx.query('UPDATE committee_plans SET is_active = $2, updated_at = now() WHERE id = $1', [id, isActive]);
    const after = (await findPlan(tx, id))!;
    await recordAudit(tx, { actorId: actor.id, action: isActive ? 'PLAN_ACTIVATE' : 'PLAN_DEACTIVATE', entityType: 'plan', entityId: id, before: { isActive: before.isActive }, after: { isActive }, ip: actor.ip });
    return after;
  });
}

export async function deletePlan(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findPlan(tx, id, { forUpdate: true });
    if (!before) throw notFound(planMessages.notFound);
    if (before.groupCount > 0 || (await hasPayments(tx, id))) throw conflict(planMessages.hasHistory);
    await tx.query('DELETE FROM committee_plans WHERE id = $1', [id]);
    await recordAudit(tx, { actorId: actor.id, action: 'PLAN_DELETE', entityType: 'plan', entityId: id, before, ip: actor.ip });
  });
}

/** A committee's groups with their member counts, in group-number order (1, 2, …, 10, A1). */
export async function committeeGroups(q: Queryable, planId: string) {
  const { rows } = await q.query<{ id: string; group_number: string; current_members: number; max_members: number; is_active: boolean }>(
    'SELECT id, group_number, current_members, max_members, is_active FROM committee_groups WHERE plan_id = $1 ORDER BY length(group_number), group_number',
    [planId],
  );
  return rows.map((g) => ({ id: g.id, groupNumber: g.group_number, memberCount: g.current_members, maxMembers: g.max_members, isActive: g.is_active }));
}

/** Every member of a committee's groups with their group number, up to ALL_LIMIT (asked for with include=members). */
export async function committeeMembers(q: Queryable, planId: string) {
  const { rows } = await q.query<{ id: string; user_id: string; group_id: string; group_number: string; member_number: number; status: string; joined_at: Date; name: string; email: string }>(
    `SELECT m.id, m.user_id, g.id AS group_id, g.group_number, m.member_number, m.status, m.joined_at, u.name, u.email
     FROM group_members m JOIN committee_groups g ON g.id = m.group_id JOIN users u ON u.id = m.user_id
     WHERE g.plan_id = $1 ORDER BY length(g.group_number), g.group_number, m.member_number LIMIT $2`,
    [planId, ALL_LIMIT],
  );
  return rows.map((m) => ({
    id: m.id,
    userId: m.user_id,
    groupId: m.group_id,
    groupNumber: m.group_number,
    memberNumber: m.member_number,
    status: m.status,
    joinedAt: new Date(m.joined_at).toISOString(),
    user: { name: m.name, email: m.email },
  }));
}
