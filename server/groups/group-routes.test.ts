/**
 * /api/admin/groups (RULES §4, §11, §12; admin document "Groups", §5 group form and delete): create,
 * list, update, details and delete, their audit rows, and a group's capacity when members are added.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupMessages } from '../../contract/groups.ts';
import { firstOfMonth, karachiToday } from '../business-time.ts';
import { testFactories } from '../test/factories.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signUpMember>>;
let make: ReturnType<typeof testFactories>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
  member = await signUpMember(ctx, { name: 'Group Member' });
});

const uniqueTag = () => `tag${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** A twelve-month plan with room for a hundred: groups of it start in any month. */
const createPlan = (overrides: Record<string, unknown> = {}) => make.plan({ duration: 12, maxMembers: 100, ...overrides });

const groupBody = (planId: string, overrides: Record<string, unknown> = {}) => ({
  planId,
  groupName: 'Ramadan batch',
  maxMembers: 20,
  startDate: '2030-03-01',
  isActive: true,
  ...overrides,
});

async function createGroup(planId: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/api/admin/groups/create', groupBody(planId, overrides), admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.group;
}

async function addUser(planId: string, groupId: string, userId: string) {
  return api.post(`/api/committee-plans/${planId}/add-user`, { userId, groupId }, admin.token);
}

async function auditActions(entityId: string) {
  const { rows } = await ctx.db.query<{ action: string; actor_id: string; entity_type: string; before_data: unknown; after_data: unknown }>(
    'SELECT action, actor_id, entity_type, before_data, after_data FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [entityId],
  );
  return rows;
}

async function groupRowCount(id: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_groups WHERE id = $1', [id]);
  return rows[0].n;
}

const thisMonthStart = () => firstOfMonth(karachiToday());

describe('POST /api/admin/groups/create', () => {
  it('creates a group whose end date is its start date plus the plan duration, whatever end date was sent', async () => {
    const plan = await createPlan({ duration: 12, totalAmount: 60000 });
    const res = await api.post('/api/admin/groups/create', groupBody(plan.id, { startDate: '2030-03-15', endDate: '2030-04-01' }), admin.token);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Group created successfully');
    const group = res.body.group;
    expect(res.body.group).toEqual(group);
    expect(group).toMatchObject({
      planId: plan.id,
      plan: { id: plan.id, name: plan.name, monthlyAmount: 5000, totalAmount: 60000, duration: 12 },
      groupNumber: '1',
      groupName: 'Ramadan batch',
      maxMembers: 20,
      currentMembers: 0,
      startDate: '2030-03-15',
      endDate: '2031-03-15',
      isActive: true,
      summary: { totalPending: 0, totalPaid: 0, thisMonthPaid: 0, thisMonthRemaining: 0 },
    });
    const { rows } = await ctx.db.query<{ end_date: string }>('SELECT end_date::text FROM committee_groups WHERE id = $1', [group.id]);
    expect(rows[0].end_date).toBe('2031-03-15');

    const audit = await auditActions(group.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'GROUP_CREATE', actor_id: admin.user.id, entity_type: 'group' });
    expect(audit[0].after_data).toMatchObject({ id: group.id, groupNumber: '1', endDate: '2031-03-15' });
  });

  it('keeps the end date inside a shorter month, and reads a full ISO timestamp as its date', async () => {
    const plan = await createPlan({ duration: 1, totalAmount: 5000 });
    const endOfJanuary = await createGroup(plan.id, { startDate: '2030-01-31' });
    expect(endOfJanuary.endDate).toBe('2030-02-28');
    const fromTimestamp = await createGroup(plan.id, { startDate: '2030-05-10T00:00:00.000Z' });
    expect(fromTimestamp).toMatchObject({ startDate: '2030-05-10', endDate: '2030-06-10' });
  });

  it('numbers groups 1, 2, 3 within each plan when no number is given', async () => {
    const plan = await createPlan();
    const other = await createPlan();
    expect((await createGroup(plan.id)).groupNumber).toBe('1');
    expect((await createGroup(plan.id)).groupNumber).toBe('2');
    expect((await createGroup(other.id)).groupNumber).toBe('1');
    expect((await createGroup(plan.id, { groupNumber: 'A1' })).groupNumber).toBe('A1');
    expect((await createGroup(plan.id)).groupNumber).toBe('3');
  });

  it('refuses an explicit group number already used in the same plan (409), but not in another plan', async () => {
    const plan = await createPlan();
    const first = await createGroup(plan.id, { groupNumber: 'B2' });
    const res = await api.post('/api/admin/groups/create', groupBody(plan.id, { groupNumber: 'B2', groupName: 'Duplicate' }), admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: groupMessages.numberTaken, errors: { groupNumber: groupMessages.numberTaken } });
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_groups WHERE plan_id = $1', [plan.id]);
    expect(rows[0].n).toBe(1);
    expect((await auditActions(first.id)).map((a) => a.action)).toEqual(['GROUP_CREATE']);

    const other = await createPlan();
    expect((await createGroup(other.id, { groupNumber: 'B2' })).groupNumber).toBe('B2');
  });

  it.each([
    ['planId', { planId: undefined }, groupMessages.planRequired],
    ['planId', { planId: '' }, groupMessages.planRequired],
    ['groupName', { groupName: undefined }, groupMessages.nameRequired],
    ['groupName', { groupName: '   ' }, groupMessages.nameRequired],
    ['startDate', { startDate: undefined }, groupMessages.startRequired],
    ['startDate', { startDate: '' }, groupMessages.startRequired],
    ['startDate', { startDate: 'next month' }, groupMessages.startRequired],
    ['startDate', { startDate: '2030-02-30' }, groupMessages.startRequired],
    ['maxMembers', { maxMembers: 0 }, groupMessages.maxMembersRange],
    ['maxMembers', { maxMembers: 501 }, groupMessages.maxMembersRange],
    ['maxMembers', { maxMembers: 2.5 }, groupMessages.maxMembersRange],
    ['maxMembers', { maxMembers: '20' }, groupMessages.maxMembersRange],
    ['maxMembers', { maxMembers: undefined }, groupMessages.maxMembersRange],
    ['groupNumber', { groupNumber: 'A 1' }, 'Use letters, digits and dashes, such as 1, A1 or B2'],
  ])('refuses a bad %s (%j) with 400 and the specification message', async (field, overrides, message) => {
    const plan = await createPlan();
    const res = await api.post('/api/admin/groups/create', groupBody(plan.id, overrides), admin.token);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors[field]).toBe(message);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_groups WHERE plan_id = $1', [plan.id]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a plan that does not exist with the plan message', async () => {
    for (const planId of [randomUUID(), 'not-a-uuid']) {
      const res = await api.post('/api/admin/groups/create', groupBody(planId), admin.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: groupMessages.planRequired, errors: { planId: groupMessages.planRequired } });
    }
  });

  it('reports every missing field at once and never answers 500 for odd bodies', async () => {
    const res = await api.post('/api/admin/groups/create', {}, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      planId: groupMessages.planRequired,
      groupName: groupMessages.nameRequired,
      maxMembers: groupMessages.maxMembersRange,
      startDate: groupMessages.startRequired,
    });
    for (const body of [undefined, [], { planId: 7, groupName: ['x'], maxMembers: null, startDate: 20300101 }]) {
      const odd = await api.post('/api/admin/groups/create', body, admin.token);
      expect(odd.status, JSON.stringify(body)).toBe(400);
      expect(odd.body.success).toBe(false);
    }
  });

  it('needs a session (401) and the ADMIN role (403)', async () => {
    const plan = await createPlan();
    expect((await api.post('/api/admin/groups/create', groupBody(plan.id))).status).toBe(401);
    const asMember = await api.post('/api/admin/groups/create', groupBody(plan.id), member.token);
    expect(asMember.status).toBe(403);
    expect(asMember.body.success).toBe(false);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_groups WHERE plan_id = $1', [plan.id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('GET /api/admin/groups/all', () => {
  it('searches by plan name and by group number, with 50 groups a page by default', async () => {
    const tag = uniqueTag();
    const plan = await createPlan({ name: `Makkah ${tag}` });
    const one = await createGroup(plan.id);
    const two = await createGroup(plan.id);
    const numbered = await createGroup((await createPlan()).id, { groupNumber: `Z${tag.slice(3, 12)}` });

    const byPlan = await api.get(`/api/admin/groups/all?search=${tag.toUpperCase()}`, admin.token);
    expect(byPlan.status).toBe(200);
    expect(byPlan.body.success).toBe(true);
    expect(byPlan.body.groups.map((g) => g.id)).toEqual([one.id, two.id]);
    // One copy of the list (admin document: success, groups), the page under data.
    expect(byPlan.body.data).not.toHaveProperty('groups');
    expect(byPlan.body.data.pagination).toEqual({ page: 1, limit: 50, total: 2, pages: 1, exact: true });

    const byNumber = await api.get(`/api/admin/groups/all?search=${numbered.groupNumber.toLowerCase()}&limit=50`, admin.token);
    expect(byNumber.body.groups.map((g) => g.id)).toEqual([numbered.id]);

    const paged = await api.get(`/api/admin/groups/all?search=${tag}&limit=1&page=2`, admin.token);
    expect(paged.body.groups.map((g) => g.id)).toEqual([two.id]);
    expect(paged.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2, exact: true });
  });

  it('pages by plan name, then group number (2 before 10), ties by id, each group on exactly one page', async () => {
    const tag = uniqueTag();
    // Two plans of the same name, each with a group 1: equal in every sort key but the id.
    const first = await createPlan({ name: `Tie ${tag}` });
    const second = await createPlan({ name: `Tie ${tag}` });
    const groups = [
      await createGroup(first.id, { groupNumber: '10' }),
      await createGroup(first.id, { groupNumber: '1' }),
      await createGroup(second.id, { groupNumber: '1' }),
      await createGroup(first.id, { groupNumber: '2' }),
    ];
    const [ten, oneOfFirst, oneOfSecond, two] = groups;
    const tied = [oneOfFirst.id, oneOfSecond.id].sort();
    const expected = [...tied, two.id, ten.id];
    const whole = await api.get(`/api/admin/groups/all?search=${tag}`, admin.token);
    expect(whole.body.groups.map((g) => g.id)).toEqual(expected);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await api.get(`/api/admin/groups/all?search=${tag}&limit=1&page=${page}`, admin.token);
      expect(res.body.data.pagination).toMatchObject({ total: 4, exact: true });
      paged.push(...res.body.groups.map((g) => g.id));
    }
    expect(paged).toEqual(expected);
  });

  it('filters by status in any case', async () => {
    const tag = uniqueTag();
    const plan = await createPlan({ name: `Status ${tag}` });
    const active = await createGroup(plan.id);
    const inactive = await createGroup(plan.id, { isActive: false });
    const ids = async (query: string) => (await api.get(`/api/admin/groups/all?search=${tag}&${query}`, admin.token)).body.groups.map((g) => g.id);
    expect(await ids('status=inactive')).toEqual([inactive.id]);
    expect(await ids('status=ACTIVE')).toEqual([active.id]);
    expect(await ids('status=All')).toEqual([active.id, inactive.id]);
    expect(await ids('')).toEqual([active.id, inactive.id]);
  });

  it("reports each group's figures: current members and this month's instalments", async () => {
    const tag = uniqueTag();
    const plan = await createPlan({ name: `Figures ${tag}`, monthlyAmount: 3000, duration: 6, totalAmount: 18000 });
    const group = await createGroup(plan.id, { startDate: thisMonthStart() });
    expect((await addUser(plan.id, group.id, member.user.id)).status).toBe(201);

    const res = await api.get(`/api/admin/groups/all?search=${tag}`, admin.token);
    expect(res.body.groups).toHaveLength(1);
    expect(res.body.groups[0]).toMatchObject({
      id: group.id,
      currentMembers: 1,
      maxMembers: 20,
      plan: { monthlyAmount: 3000, totalAmount: 18000, duration: 6 },
      // Only this month is due: the five months after it are scheduled, in no pending figure (RULES §6a).
      summary: { totalPending: 1, totalPaid: 0, thisMonthPaid: 0, thisMonthRemaining: 1 },
    });
  });

  it.each(['status=archived', 'limit=0', 'limit=500', 'page=-1'])('refuses a bad query %s with 400', async (query) => {
    const res = await api.get(`/api/admin/groups/all?${query}`, admin.token);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toHaveLength(1);
  });

  it('needs a session (401) and the ADMIN role (403)', async () => {
    expect((await api.get('/api/admin/groups/all')).status).toBe(401);
    expect((await api.get('/api/admin/groups/all', member.token)).status).toBe(403);
  });
});

describe('GET /api/admin/groups/plan/:id', () => {
  it("lists one plan's groups in number order", async () => {
    const plan = await createPlan();
    const one = await createGroup(plan.id);
    const two = await createGroup(plan.id);
    const ten = await createGroup(plan.id, { groupNumber: '10' });
    await createGroup((await createPlan()).id);

    const res = await api.get(`/api/admin/groups/plan/${plan.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.groups.map((g) => g.groupNumber)).toEqual(['1', '2', '10']);
    expect(res.body.data.groups.map((g) => g.id)).toEqual([one.id, two.id, ten.id]);
    // One copy of the list (admin document: data.groups).
    expect(res.body).not.toHaveProperty('groups');
    expect(res.body.data.pagination.total).toBe(3);
  });

  it('says for each group what a member approved into it now would owe at once: its past months and their sum', async () => {
    const plan = await createPlan({ monthlyAmount: 4250, duration: 12, totalAmount: 51000 });
    // Built here from the calendar alone: a group that started N months ago has N months due since its
    // first (which the plan request settles), up to the cycle's last month.
    const today = karachiToday();
    const monthsAgo = (n: number) => {
      const index = today.year * 12 + (today.month - 1) - n;
      return firstOfMonth({ year: Math.floor(index / 12), month: (index % 12) + 1 });
    };
    const threeAgo = await createGroup(plan.id, { groupNumber: '1', startDate: monthsAgo(3) });
    const thisMonth = await createGroup(plan.id, { groupNumber: '2', startDate: monthsAgo(0) });
    const later = await createGroup(plan.id, { groupNumber: '3', startDate: '2030-03-01' });
    const longAgo = await createGroup(plan.id, { groupNumber: '4', startDate: monthsAgo(20) });

    const res = await api.get(`/api/admin/groups/plan/${plan.id}`, admin.token);
    expect(res.status).toBe(200);
    const owed = Object.fromEntries(res.body.data.groups.map((g) => [g.id, g.owedOnJoining]));
    expect(owed[threeAgo.id]).toEqual({ count: 3, amount: 3 * 4250 });
    expect(owed[thisMonth.id]).toEqual({ count: 0, amount: 0 });
    expect(owed[later.id]).toEqual({ count: 0, amount: 0 });
    expect(owed[longAgo.id]).toEqual({ count: 11, amount: 11 * 4250 });

    // A member put into the group then has exactly those months due after the first (added here without a
    // plan request, so their first month is not settled and is left out).
    const joiner = await signUpMember(ctx, { name: 'Late Joiner' });
    expect((await addUser(plan.id, threeAgo.id, joiner.user.id)).status).toBe(201);
    const { rows } = await ctx.db.query<{ count: number; amount: string }>(
      `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::text AS amount FROM payments
       WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND status <> 'PAID' AND due_date > $3::date AND due_date <= $4::date`,
      [joiner.user.id, threeAgo.id, threeAgo.startDate, firstOfMonth(today)],
    );
    expect(rows[0].count).toBe(3);
    expect(Number(rows[0].amount)).toBe(3 * 4250);
  });

  it('answers an empty list for a plan without groups', async () => {
    const plan = await createPlan();
    const res = await api.get(`/api/admin/groups/plan/${plan.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.groups).toEqual([]);
  });

  it('answers 404 for an unknown or non-UUID plan id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.get(`/api/admin/groups/plan/${id}`, admin.token);
      expect(res.status, id).toBe(404);
      expect(res.body.success).toBe(false);
    }
  });

  it('needs a session (401) and the ADMIN role (403)', async () => {
    const plan = await createPlan();
    expect((await api.get(`/api/admin/groups/plan/${plan.id}`)).status).toBe(401);
    expect((await api.get(`/api/admin/groups/plan/${plan.id}`, member.token)).status).toBe(403);
  });
});

describe('PUT /api/admin/groups/:id', () => {
  it('activates and deactivates with only { isActive }, leaving everything else as it was', async () => {
    const plan = await createPlan();
    const group = await createGroup(plan.id, { startDate: '2030-06-15', maxMembers: 30, groupName: 'Summer batch' });
    const off = await api.put(`/api/admin/groups/${group.id}`, { isActive: false }, admin.token);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, message: 'Group updated successfully' });
    const { isActive: _isActive, summary: _summary, ...unchanged } = group;
    expect(off.body.data.group).toMatchObject({ ...unchanged, isActive: false });
    expect(off.body.group).toEqual(off.body.data.group);

    const on = await api.put(`/api/admin/groups/${group.id}`, { isActive: true }, admin.token);
    expect(on.body.data.group).toMatchObject({ ...unchanged, isActive: true });

    const audit = await auditActions(group.id);
    expect(audit.map((a) => a.action)).toEqual(['GROUP_CREATE', 'GROUP_UPDATE', 'GROUP_UPDATE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, entity_type: 'group', before_data: { isActive: true }, after_data: { isActive: false } });
  });

  it('keeps the reason given for a deactivation in the audit row, and refuses a reason too long (400)', async () => {
    const group = await createGroup((await createPlan()).id);
    const tooLong = await api.put(`/api/admin/groups/${group.id}`, { isActive: false, reason: 'x'.repeat(501) }, admin.token);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors)).toEqual(['reason']);
    const off = await api.put(`/api/admin/groups/${group.id}`, { isActive: false, reason: ' Paused for Ramadan ' }, admin.token);
    expect(off.status).toBe(200);
    expect(off.body.data.group).not.toHaveProperty('reason');
    const audit = await auditActions(group.id);
    expect(audit.map((a) => a.action)).toEqual(['GROUP_CREATE', 'GROUP_UPDATE']);
    expect(audit[1]).toMatchObject({ before_data: { isActive: true }, after_data: { isActive: false, reason: 'Paused for Ramadan' } });
  });

  it('updates name, capacity and start date, recomputing the end date from the plan', async () => {
    const plan = await createPlan({ duration: 10, totalAmount: 50000 });
    const group = await createGroup(plan.id);
    const res = await api.put(
      `/api/admin/groups/${group.id}`,
      { planId: plan.id, groupName: 'Renamed batch', maxMembers: 40, startDate: '2031-11-01', endDate: '2031-12-01', isActive: true, currentMembers: 39 },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.group).toMatchObject({
      id: group.id,
      groupNumber: group.groupNumber,
      groupName: 'Renamed batch',
      maxMembers: 40,
      currentMembers: 0,
      startDate: '2031-11-01',
      endDate: '2032-09-01',
    });
    const { rows } = await ctx.db.query<{ group_name: string; start_date: string; end_date: string; current_members: number }>(
      'SELECT group_name, start_date::text, end_date::text, current_members FROM committee_groups WHERE id = $1',
      [group.id],
    );
    expect(rows[0]).toEqual({ group_name: 'Renamed batch', start_date: '2031-11-01', end_date: '2032-09-01', current_members: 0 });
    expect((await auditActions(group.id)).map((a) => a.action)).toEqual(['GROUP_CREATE', 'GROUP_UPDATE']);
  });

  it('refuses a capacity below the current members and a new start date once members joined (409)', async () => {
    const plan = await createPlan();
    const group = await createGroup(plan.id, { maxMembers: 5, startDate: '2030-09-01' });
    const second = await signUpMember(ctx, { name: 'Second Member' });
    expect((await addUser(plan.id, group.id, member.user.id)).status).toBe(201);
    expect((await addUser(plan.id, group.id, second.user.id)).status).toBe(201);

    const tooSmall = await api.put(`/api/admin/groups/${group.id}`, { maxMembers: 1 }, admin.token);
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body).toMatchObject({ success: false, message: groupMessages.belowMembers, errors: { maxMembers: groupMessages.belowMembers } });
    const moved = await api.put(`/api/admin/groups/${group.id}`, { startDate: '2030-10-01' }, admin.token);
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ success: false, message: groupMessages.startLocked, errors: { startDate: groupMessages.startLocked } });

    const { rows } = await ctx.db.query<{ max_members: number; start_date: string }>('SELECT max_members, start_date::text FROM committee_groups WHERE id = $1', [group.id]);
    expect(rows[0]).toEqual({ max_members: 5, start_date: '2030-09-01' });
    expect((await auditActions(group.id)).map((a) => a.action)).toEqual(['GROUP_CREATE']);

    // The same start date and a capacity equal to the members are no change of either rule.
    const same = await api.put(`/api/admin/groups/${group.id}`, { startDate: '2030-09-01', maxMembers: 2 }, admin.token);
    expect(same.status).toBe(200);
    expect(same.body.data.group).toMatchObject({ maxMembers: 2, currentMembers: 2, startDate: '2030-09-01' });
  });

  it.each([
    ['maxMembers', { maxMembers: 0 }, groupMessages.maxMembersRange],
    ['maxMembers', { maxMembers: 501 }, groupMessages.maxMembersRange],
    ['startDate', { startDate: 'soon' }, groupMessages.startRequired],
    ['groupName', { groupName: '' }, groupMessages.nameRequired],
    ['isActive', { isActive: 'no' }, undefined],
  ])('refuses a bad %s (%j) with 400', async (field, body, message) => {
    const group = await createGroup((await createPlan()).id);
    const res = await api.put(`/api/admin/groups/${group.id}`, body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual(message ?? expect.any(String));
    expect((await auditActions(group.id)).map((a) => a.action)).toEqual(['GROUP_CREATE']);
  });

  it('answers 404 for an unknown or non-UUID id, 401 without a session and 403 for a member', async () => {
    const group = await createGroup((await createPlan()).id);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.put(`/api/admin/groups/${id}`, { isActive: false }, admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: groupMessages.notFound });
    }
    expect((await api.put(`/api/admin/groups/${group.id}`, { isActive: false })).status).toBe(401);
    expect((await api.put(`/api/admin/groups/${group.id}`, { isActive: false }, member.token)).status).toBe(403);
    const { rows } = await ctx.db.query<{ is_active: boolean }>('SELECT is_active FROM committee_groups WHERE id = $1', [group.id]);
    expect(rows[0].is_active).toBe(true);
  });
});

describe('GET /api/admin/groups/:id/details', () => {
  it("shows members, each member's instalment schedule and the group's statistics", async () => {
    const plan = await createPlan({ monthlyAmount: 2500, duration: 4, totalAmount: 10000 });
    const group = await createGroup(plan.id, { startDate: '2030-11-01' });
    const joiner = await signUpMember(ctx, { name: 'Fatima Details' });
    const added = await addUser(plan.id, group.id, joiner.user.id);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ groupId: group.id, groupNumber: group.groupNumber, memberNumber: 1 });

    const res = await api.get(`/api/admin/groups/${group.id}/details`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const details = res.body.group;
    expect(details).toMatchObject({ id: group.id, currentMembers: 1, startDate: '2030-11-01', endDate: '2031-03-01' });
    expect(details.members).toEqual([
      {
        id: expect.any(String),
        userId: joiner.user.id,
        memberNumber: 1,
        status: 'ACTIVE',
        joinedAt: expect.any(String),
        user: { name: 'Fatima Details', email: joiner.email, phone: null },
        leftAt: null,
        leftReason: null,
        movedToGroupNumber: null,
      },
    ]);
    expect(details.payments.map((p: { month: number; year: number }) => [p.year, p.month])).toEqual([
      [2030, 11],
      [2030, 12],
      [2031, 1],
      [2031, 2],
    ]);
    for (const payment of details.payments) {
      expect(payment).toMatchObject({ user: { name: 'Fatima Details' }, amount: 2500, status: 'PENDING', state: 'SCHEDULED', paymentMethod: 'BANK_TRANSFER', paymentDate: null });
    }
    // Every month lies ahead: scheduled, so in no paid, pending or due figure (RULES §6a).
    expect(details.stats).toMatchObject({
      totalPayments: 0,
      paidPayments: 0,
      pendingPayments: 0,
      overduePayments: 0,
      totalRevenue: 0,
      expectedRevenue: 0,
      collectionRate: 0,
      currentMonth: { paid: 0, pending: 0, overdue: 0 },
    });
    expect(details.stats.figures.scheduled).toEqual({ count: 4, amount: 10000 });
  });

  it('counts the instalment settled by an approved plan request in revenue and collection rate', async () => {
    const plan = await createPlan({ monthlyAmount: 4000, duration: 4, totalAmount: 16000 });
    const group = await createGroup(plan.id, { startDate: thisMonthStart() });
    const buyer = await signUpMember(ctx, { name: 'Approved Buyer' });
    const request = await api.post('/api/plan-payments', { planId: plan.id, amount: 4000 }, buyer.token);
    expect(request.status).toBe(201);
    const paymentId = request.body.data.payment.id;
    expect((await api.put(`/api/plan-payments/${paymentId}/receipt`, { receiptImage: 'https://bank.example/receipt/1' }, buyer.token)).status).toBe(200);
    const approved = await api.put(`/api/plan-payments/${paymentId}/approve`, { groupId: group.id, groupNumber: group.groupNumber }, admin.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const details = (await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).body.group;
    expect(details.members.map((m: { user: { name: string } }) => m.user.name)).toEqual(['Approved Buyer']);
    expect(details.payments).toHaveLength(4);
    expect(details.payments[0]).toMatchObject({ status: 'PAID', amount: 4000, paymentDate: expect.any(String) });
    // Only this month has come, and it is paid: 100% of what is due so far; the three months after it are scheduled.
    expect(details.stats).toMatchObject({
      totalPayments: 1,
      paidPayments: 1,
      pendingPayments: 0,
      overduePayments: 0,
      totalRevenue: 4000,
      expectedRevenue: 4000,
      collectionRate: 100,
      currentMonth: { paid: 1, pending: 0, overdue: 0 },
    });
    expect(details.stats.figures.scheduled).toEqual({ count: 3, amount: 12000 });
    expect(details.summary).toEqual({ totalPending: 0, totalPaid: 1, thisMonthPaid: 1, thisMonthRemaining: 0 });
  });

  it('answers 404 for an unknown or non-UUID id, 401 without a session and 403 for a member', async () => {
    const group = await createGroup((await createPlan()).id);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.get(`/api/admin/groups/${id}/details`, admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: groupMessages.notFound });
    }
    expect((await api.get(`/api/admin/groups/${group.id}/details`)).status).toBe(401);
    expect((await api.get(`/api/admin/groups/${group.id}/details`, member.token)).status).toBe(403);
  });

  it("carries every instalment unless a page is asked for; then the others come a page at a time, in the same order, ties by id", async () => {
    // Five members, two of them with the same name, twelve months each: 60 instalments.
    const plan = await createPlan({ monthlyAmount: 1000, duration: 12, totalAmount: 12000 });
    const group = await createGroup(plan.id, { startDate: '2031-01-01' });
    for (const name of ['Zainab Same', 'Zainab Same', 'Asad Paged', 'Mariam Paged', 'Bilal Paged']) {
      expect((await addUser(plan.id, group.id, (await signUpMember(ctx, { name })).user.id)).status).toBe(201);
    }
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT p.id FROM payments p JOIN users u ON u.id = p.user_id WHERE p.group_id = $1 AND p.type = 'INSTALMENT' ORDER BY p.year, p.month, u.name, p.id`,
      [group.id],
    );
    expect(rows).toHaveLength(60);
    const expected = rows.map((r) => r.id);

    // As the admin document's Group details dialog reads it (GET /admin/groups/{id}/details → group.payments, no page
    // asked for): every instalment of the group.
    const whole = (await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).body.group;
    expect(whole.payments.map((p: { id: string }) => p.id)).toEqual(expected);
    expect(whole.payments[0]).toMatchObject({ month: 1, year: 2031, amount: 1000, status: 'PENDING', user: { name: expect.any(String) } });
    expect(whole.paymentsPagination).toMatchObject({ page: 1, total: 60, pages: 1 });

    // The first page when one is asked for (the product's own dialog).
    const details = (await api.get(`/api/admin/groups/${group.id}/details?page=1&limit=50`, admin.token)).body.group;
    expect(details.payments.map((p: { id: string }) => p.id)).toEqual(expected.slice(0, 50));
    expect(details.paymentsPagination).toEqual({ page: 1, limit: 50, total: 60, pages: 2, exact: true });
    expect((await api.get(`/api/admin/groups/${group.id}/details?page=2`, admin.token)).body.group.payments.map((p: { id: string }) => p.id)).toEqual(expected.slice(50));
    expect((await api.get(`/api/admin/groups/${group.id}/details?limit=0`, admin.token)).status).toBe(400);
    const second = await api.get(`/api/admin/groups/${group.id}/payments?page=2`, admin.token);
    expect(second.status).toBe(200);
    expect(second.body.data.payments.map((p: { id: string }) => p.id)).toEqual(expected.slice(50));
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 50, total: 60, pages: 2, exact: true });
    expect(second.body.data.payments[0]).toMatchObject({ amount: 1000, state: 'SCHEDULED', paymentDate: null, user: { name: expect.any(String) } });

    // Pages of 7 cross the boundary between the two members of the same name and the end of the list.
    const paged: string[] = [];
    for (let page = 1; page <= 9; page++) {
      const res = await api.get(`/api/admin/groups/${group.id}/payments?page=${page}&limit=7`, admin.token);
      expect(res.body.data.pagination).toMatchObject({ page, total: 60, pages: 9 });
      paged.push(...res.body.data.payments.map((p: { id: string }) => p.id));
    }
    expect(paged).toEqual(expected);
    expect((await api.get(`/api/admin/groups/${group.id}/payments?page=10&limit=7`, admin.token)).body.data.payments).toEqual([]);
  });

  it("the group's payment pages refuse bad paging, an unknown group, no session and a member", async () => {
    const group = await createGroup((await createPlan()).id);
    for (const query of ['page=0', 'limit=101', 'page=abc']) {
      const res = await api.get(`/api/admin/groups/${group.id}/payments?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
    }
    const empty = await api.get(`/api/admin/groups/${group.id}/payments`, admin.token);
    expect(empty.body.data).toEqual({ payments: [], pagination: { page: 1, limit: 50, total: 0, pages: 1, exact: true } });
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.get(`/api/admin/groups/${id}/payments`, admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: groupMessages.notFound });
    }
    expect((await api.get(`/api/admin/groups/${group.id}/payments`)).status).toBe(401);
    expect((await api.get(`/api/admin/groups/${group.id}/payments`, member.token)).status).toBe(403);
  });
});

describe('DELETE /api/admin/groups/:id', () => {
  it('refuses to delete a group with members, with the specification message', async () => {
    const plan = await createPlan();
    const group = await createGroup(plan.id);
    expect((await addUser(plan.id, group.id, member.user.id)).status).toBe(201);
    const res = await api.delete(`/api/admin/groups/${group.id}`, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: 'This group has 1 members. Please remove all members before deleting.' });
    expect(await groupRowCount(group.id)).toBe(1);
    expect((await auditActions(group.id)).map((a) => a.action)).toEqual(['GROUP_CREATE']);
  });

  it('deletes an empty group and audits it', async () => {
    const plan = await createPlan();
    const group = await createGroup(plan.id);
    const res = await api.delete(`/api/admin/groups/${group.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'group.deleted', message: 'Group deleted successfully' });
    expect(await groupRowCount(group.id)).toBe(0);
    expect((await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).status).toBe(404);
    expect((await api.delete(`/api/admin/groups/${group.id}`, admin.token)).status).toBe(404);

    const audit = await auditActions(group.id);
    expect(audit.map((a) => a.action)).toEqual(['GROUP_CREATE', 'GROUP_DELETE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, entity_type: 'group' });
    expect(audit[1].before_data).toMatchObject({ id: group.id, groupNumber: group.groupNumber });
    // With its only group gone, the plan can be deleted again.
    expect((await api.delete(`/api/committee-plans/${plan.id}`, admin.token)).status).toBe(200);
  });

  it('answers 404 for an unknown or non-UUID id, 401 without a session and 403 for a member', async () => {
    const group = await createGroup((await createPlan()).id);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.delete(`/api/admin/groups/${id}`, admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: groupMessages.notFound });
    }
    expect((await api.delete(`/api/admin/groups/${group.id}`)).status).toBe(401);
    expect((await api.delete(`/api/admin/groups/${group.id}`, member.token)).status).toBe(403);
    expect(await groupRowCount(group.id)).toBe(1);
  });
});

describe('capacity', () => {
  it("refuses a member beyond the group's maximum with 409 'Committee is full.'", async () => {
    const plan = await createPlan({ duration: 3, totalAmount: 15000 });
    const group = await createGroup(plan.id, { maxMembers: 1 });
    const late = await signUpMember(ctx, { name: 'Late Member' });
    expect((await addUser(plan.id, group.id, member.user.id)).status).toBe(201);

    const res = await addUser(plan.id, group.id, late.user.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: 'Committee is full.' });

    const details = (await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).body.group;
    expect(details.currentMembers).toBe(1);
    expect(details.members.map((m: { userId: string }) => m.userId)).toEqual([member.user.id]);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [late.user.id]);
    expect(rows[0].n).toBe(0);
  });

  it('numbers members in order of joining and refuses the same member twice in one group', async () => {
    const plan = await createPlan({ duration: 2, totalAmount: 10000 });
    const group = await createGroup(plan.id, { maxMembers: 3 });
    const other = await signUpMember(ctx, { name: 'Other Member' });
    expect((await addUser(plan.id, group.id, member.user.id)).body.data.memberNumber).toBe(1);
    expect((await addUser(plan.id, group.id, other.user.id)).body.data.memberNumber).toBe(2);
    const again = await addUser(plan.id, group.id, member.user.id);
    expect(again.status).toBe(409);
    expect((await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).body.group.currentMembers).toBe(2);
  });
});
