/**
 * /api/committee-plans (RULES §4, §11, §12; admin document "Committee Plans" and §5): listing and
 * visibility, the admin's create, update, activate, deactivate and delete, their audit rows, and
 * the add-user route only as the way to give a plan groups and payments.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUserToPlanAnswer } from '../../contract/plan-requests.ts';
import type { z } from 'zod';
import { planAnswer, planListAnswer, planMessages, type plan as planSchema } from '../../contract/plans.ts';
import { addMonthsToDate } from '../business-time.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  member = await signUpMember(ctx, { name: 'Plan Member' });
});

/** A word no other test uses, to find a test's own plans among everything the file created. */
const uniqueTag = () => `tag${randomUUID().replace(/-/g, '').slice(0, 10)}`;

const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Umrah Plan ${uniqueTag()}`,
  description: 'Fifteen days in Makkah and Madinah',
  monthlyAmount: 5000,
  duration: 30,
  totalAmount: 150000,
  maxMembers: 200,
  benefits: ['Visa processing', 'Return air ticket'],
  ...overrides,
});

/** A plan as the API answers it. */
type PlanJson = z.output<typeof planSchema>;

async function createPlan(overrides: Record<string, unknown> = {}): Promise<PlanJson> {
  const res = await api.post('/api/committee-plans', planBody(overrides), admin.token, { answer: planAnswer });
  expect(res.status).toBe(201);
  return res.body.data.plan;
}

async function createInactivePlan(overrides: Record<string, unknown> = {}): Promise<PlanJson> {
  return createPlan({ ...overrides, isActive: false });
}

/** Puts a user into the plan through the admin route; the plan then has a group and a payment schedule. */
async function addUserToPlan(planId: string, userId: string, body: Record<string, unknown> = { groupNumber: '1' }) {
  const res = await api.post(`/api/committee-plans/${planId}/add-user`, { userId, ...body }, admin.token, { answer: addUserToPlanAnswer });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function auditRows(entityId: string) {
  const { rows } = await ctx.db.query<{ action: string; actor_id: string; entity_type: string; entity_id: string; before_data: unknown; after_data: unknown }>(
    'SELECT action, actor_id, entity_type, entity_id, before_data, after_data FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [entityId],
  );
  return rows;
}

async function planRowCount(id: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_plans WHERE id = $1', [id]);
  return rows[0].n;
}

const names = (plans: { name: string }[]) => plans.map((p) => p.name).sort();

describe('GET /api/committee-plans', () => {
  it('shows visitors and members active plans only, even when they ask for inactive ones', async () => {
    const tag = uniqueTag();
    const active = await createPlan({ name: `Active ${tag}` });
    await createInactivePlan({ name: `Inactive ${tag}` });

    const visitor = await api.get(`/api/committee-plans?search=${tag}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.success).toBe(true);
    expect(names(visitor.body.data.plans)).toEqual([active.name]);
    expect(visitor.body).not.toHaveProperty('plans');

    for (const query of ['includeInactive=true&status=all', 'includeInactive=true', 'status=inactive', 'status=ALL']) {
      for (const token of [undefined, member.token]) {
        const res = await api.get(`/api/committee-plans?search=${tag}&${query}`, token);
        expect(res.status).toBe(200);
        expect(names(res.body.data.plans), `${query} as ${token ? 'member' : 'visitor'}`).toEqual([active.name]);
        expect(names(res.body.data.plans)).toEqual([active.name]);
        expect(res.body.data.pagination.total).toBe(1);
      }
    }
  });

  it('shows an admin every plan with includeInactive=true&status=all, and filters by status in any case', async () => {
    const tag = uniqueTag();
    const active = await createPlan({ name: `Active ${tag}` });
    const inactive = await createInactivePlan({ name: `Inactive ${tag}` });

    const all = await api.get(`/api/committee-plans?search=${tag}&includeInactive=true&status=all`, admin.token, { answer: planListAnswer });
    expect(all.status).toBe(200);
    expect(names(all.body.data.plans)).toEqual(names([active, inactive]));
    expect(all.body).not.toHaveProperty('plans');
    expect(all.body.data.pagination.total).toBe(2);

    const onlyInactive = await api.get(`/api/committee-plans?search=${tag}&status=inactive`, admin.token);
    expect(names(onlyInactive.body.data.plans)).toEqual([inactive.name]);
    const onlyInactiveUpper = await api.get(`/api/committee-plans?search=${tag}&includeInactive=true&status=INACTIVE`, admin.token);
    expect(names(onlyInactiveUpper.body.data.plans)).toEqual([inactive.name]);
    const onlyActive = await api.get(`/api/committee-plans?search=${tag}&includeInactive=true&status=Active`, admin.token);
    expect(names(onlyActive.body.data.plans)).toEqual([active.name]);
    // Without asking, an admin gets the same list as everybody: active plans.
    const plain = await api.get(`/api/committee-plans?search=${tag}`, admin.token);
    expect(names(plain.body.data.plans)).toEqual([active.name]);
  });

  it('searches names and descriptions, case-insensitively, with % and _ taken literally', async () => {
    const tag = uniqueTag();
    const byName = await createPlan({ name: `Gold ${tag} Makkah`, description: 'nothing special' });
    const byDescription = await createPlan({ name: `Silver plan ${uniqueTag()}`, description: `Includes ${tag} ziyarat tours` });
    await createPlan({ name: `Other ${uniqueTag()}`, description: 'unrelated' });

    const res = await api.get(`/api/committee-plans?search=${tag.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(names(res.body.data.plans)).toEqual(names([byName, byDescription]));

    const nameOnly = await api.get(`/api/committee-plans?search=${encodeURIComponent(`gold ${tag}`)}`);
    expect(names(nameOnly.body.data.plans)).toEqual([byName.name]);

    const literal = await createPlan({ name: `Rate 100%_${tag}` });
    const wildcard = await api.get(`/api/committee-plans?search=${encodeURIComponent(`%_${tag}`)}`);
    expect(names(wildcard.body.data.plans)).toEqual([literal.name]);
    const underscore = await api.get(`/api/committee-plans?search=${encodeURIComponent(`Gold_${tag}`)}`);
    expect(underscore.body.data.plans).toEqual([]);
  });

  it('pages with page and limit, newest first, and reports the pagination', async () => {
    const tag = uniqueTag();
    const first = await createPlan({ name: `Paged 1 ${tag}` });
    const second = await createPlan({ name: `Paged 2 ${tag}` });
    const third = await createPlan({ name: `Paged 3 ${tag}` });

    const page1 = await api.get(`/api/committee-plans?search=${tag}&limit=2&page=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, exact: true });
    expect(page1.body.data.plans.map((p: PlanJson) => p.id)).toEqual([third.id, second.id]);

    const page2 = await api.get(`/api/committee-plans?search=${tag}&limit=2&page=2`);
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, exact: true });
    expect(page2.body.data.plans.map((p: PlanJson) => p.id)).toEqual([first.id]);

    const all = await api.get(`/api/committee-plans?search=${tag}&limit=all`);
    expect(all.body.data.plans).toHaveLength(3);
  });

  it.each([
    ['page', 'page=0'],
    ['page', 'page=abc'],
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['includeInactive', 'includeInactive=maybe'],
    ['status', 'status=archived'],
  ])('refuses a bad %s in the query (%s) with 400 and a field error', async (field, query) => {
    const res = await api.get(`/api/committee-plans?${query}`, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors[field]).toEqual(expect.any(String));
  });

  it('answers 401 for a dead session instead of treating the caller as a visitor', async () => {
    const res = await api.get('/api/committee-plans', 'not-a-live-session-token-1234567890');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('GET /api/committee-plans/:id', () => {
  it('shows an active plan to anybody', async () => {
    const plan = await createPlan();
    for (const token of [undefined, member.token, admin.token]) {
      const res = await api.get(`/api/committee-plans/${plan.id}`, token, { answer: planAnswer });
      expect(res.status).toBe(200);
      expect(res.body.plan).toMatchObject({ id: plan.id, name: plan.name, isActive: true });
      expect(res.body.data.plan).toEqual(res.body.plan);
    }
  });

  it('hides an inactive plan from members and visitors (404) but not from an admin', async () => {
    const plan = await createInactivePlan();
    for (const token of [undefined, member.token]) {
      const res = await api.get(`/api/committee-plans/${plan.id}`, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: planMessages.notFound });
    }
    const asAdmin = await api.get(`/api/committee-plans/${plan.id}`, admin.token, { answer: planAnswer });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.plan).toMatchObject({ id: plan.id, isActive: false });
  });

  it.each([randomUUID(), 'not-a-uuid', '12345'])('answers 404 for an unknown id %s', async (id) => {
    const res = await api.get(`/api/committee-plans/${id}`, admin.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: planMessages.notFound });
  });
});

describe('POST /api/committee-plans', () => {
  it('creates a plan with its creator, the defaults, and without empty benefit lines, and audits it once', async () => {
    const body = planBody({ benefits: ['  Visa processing ', '', '   ', 'Hotel near Haram'] });
    const res = await api.post('/api/committee-plans', body, admin.token, { answer: planAnswer });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Committee plan created successfully');
    const plan = res.body.data.plan;
    expect(res.body.plan).toEqual(plan);
    expect(plan).toMatchObject({
      name: body.name,
      description: body.description,
      packageType: 'economy',
      monthlyAmount: 5000,
      duration: 30,
      totalAmount: 150000,
      maxMembers: 200,
      benefits: ['Visa processing', 'Hotel near Haram'],
      isActive: true,
      creator: { name: 'Admin User' },
      groupCount: 0,
      currentMembers: 0,
    });
    expect(plan.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(plan.createdAt).toISOString()).toBe(plan.createdAt);

    const { rows } = await ctx.db.query<{ monthly_amount: string; total_amount: string; created_by: string; package_type: string }>(
      'SELECT monthly_amount::text, total_amount::text, created_by, package_type FROM committee_plans WHERE id = $1',
      [plan.id],
    );
    expect(rows).toEqual([{ monthly_amount: '5000.00', total_amount: '150000.00', created_by: admin.user.id, package_type: 'economy' }]);

    const audit = await auditRows(plan.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'PLAN_CREATE', actor_id: admin.user.id, entity_type: 'plan', entity_id: plan.id });
    expect(audit[0].after_data).toMatchObject({ id: plan.id, name: body.name, monthlyAmount: 5000 });
  });

  it('keeps paisa exactly and accepts a one-month plan', async () => {
    const plan = await createPlan({ monthlyAmount: 1234.56, duration: 1, totalAmount: 1234.56 });
    expect(plan).toMatchObject({ monthlyAmount: 1234.56, totalAmount: 1234.56, duration: 1 });
    const odd = await createPlan({ monthlyAmount: 0.1, duration: 3, totalAmount: 0.3 });
    expect(odd).toMatchObject({ monthlyAmount: 0.1, totalAmount: 0.3 });
  });

  it.each([
    ['PREMIUM', 'premium'],
    [' Luxury ', 'luxury'],
    ['economy', 'economy'],
  ])('accepts packageType %j in any case as %s', async (packageType, stored) => {
    const plan = await createPlan({ packageType });
    expect(plan.packageType).toBe(stored);
  });

  it('ignores fields a client may not set', async () => {
    const forgedId = randomUUID();
    const plan = await createPlan({ id: forgedId, creator: { name: 'Somebody Else' }, groupCount: 9, currentMembers: 5, createdBy: member.user.id });
    expect(plan.id).not.toBe(forgedId);
    expect(plan).toMatchObject({ creator: { name: 'Admin User' }, groupCount: 0, currentMembers: 0 });
  });

  it.each([
    ['totalAmount', { totalAmount: 149999 }, planMessages.totalMismatch],
    ['totalAmount', { monthlyAmount: 5000, duration: 12, totalAmount: 150000 }, planMessages.totalMismatch],
    ['duration', { duration: 0, totalAmount: 0 }, planMessages.durationRange],
    ['duration', { duration: 121, totalAmount: 605000 }, planMessages.durationRange],
    ['duration', { duration: 1.5, totalAmount: 7500 }, planMessages.durationRange],
    ['monthlyAmount', { monthlyAmount: 0, totalAmount: 0 }, planMessages.monthlyRequired],
    ['monthlyAmount', { monthlyAmount: -100, totalAmount: -3000 }, planMessages.monthlyRequired],
    ['monthlyAmount', { monthlyAmount: 100.005, duration: 2, totalAmount: 200.01 }, 'Amounts can have at most two decimal places.'],
    ['maxMembers', { maxMembers: 0 }, planMessages.maxMembersRange],
    ['name', { name: '   ' }, planMessages.nameRequired],
    ['name', { name: undefined }, planMessages.nameRequired],
  ])('refuses a bad %s (%j) with 400 and its message', async (field, overrides, message) => {
    const body = planBody(overrides);
    const res = await api.post('/api/committee-plans', body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors[field]).toBe(message);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_plans WHERE name = $1', [String(body.name ?? '').trim()]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses an unknown packageType with 400 naming the allowed ones', async () => {
    const res = await api.post('/api/committee-plans', planBody({ packageType: 'gold' }), admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors.packageType).toMatch(/economy/);
    expect(res.body.errors.packageType).toMatch(/premium/);
    expect(res.body.errors.packageType).toMatch(/luxury/);
  });

  it('answers wrong types and bodies with 400 and one error per field, never 500', async () => {
    const res = await api.post(
      '/api/committee-plans',
      { name: 42, monthlyAmount: '5000', duration: '30', totalAmount: null, maxMembers: 'many', benefits: 'Visa', isActive: 'yes' },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['benefits', 'duration', 'isActive', 'maxMembers', 'monthlyAmount', 'name', 'totalAmount']);

    for (const body of [undefined, [], [planBody()]]) {
      const odd = await api.post('/api/committee-plans', body, admin.token);
      expect(odd.status, JSON.stringify(body)).toBe(400);
      expect(odd.body.success).toBe(false);
    }
  });

  it('needs a session (401) and the ADMIN role (403), whatever the body', async () => {
    const body = planBody();
    const visitor = await api.post('/api/committee-plans', body);
    expect(visitor.status).toBe(401);
    const asMember = await api.post('/api/committee-plans', body, member.token);
    expect(asMember.status).toBe(403);
    expect(asMember.body.success).toBe(false);
    const invalidAsMember = await api.post('/api/committee-plans', { name: '' }, member.token);
    expect(invalidAsMember.status).toBe(403);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM committee_plans WHERE name = $1', [body.name]);
    expect(rows[0].n).toBe(0);
  });
});

describe('PUT /api/committee-plans/:id', () => {
  it('updates every field of the form and audits the change with before and after', async () => {
    const plan = await createPlan();
    const body = planBody({
      name: `Renamed ${uniqueTag()}`,
      description: 'Now with ziyarat',
      packageType: 'Luxury',
      monthlyAmount: 7500,
      duration: 24,
      totalAmount: 180000,
      maxMembers: 50,
      benefits: ['Five-star hotel', ''],
      isActive: false,
    });
    const res = await api.put(`/api/committee-plans/${plan.id}`, body, admin.token, { answer: planAnswer });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Committee plan updated successfully');
    expect(res.body.data.plan).toMatchObject({
      id: plan.id,
      name: body.name,
      description: 'Now with ziyarat',
      packageType: 'luxury',
      monthlyAmount: 7500,
      duration: 24,
      totalAmount: 180000,
      maxMembers: 50,
      benefits: ['Five-star hotel'],
      isActive: false,
      creator: { name: 'Admin User' },
    });
    expect(res.body.plan).toEqual(res.body.data.plan);
    const stored = await api.get(`/api/committee-plans/${plan.id}`, admin.token);
    expect(stored.body.plan).toEqual(res.body.data.plan);

    const audit = await auditRows(plan.id);
    expect(audit.map((a) => a.action)).toEqual(['PLAN_CREATE', 'PLAN_UPDATE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, entity_id: plan.id });
    expect(audit[1].before_data).toMatchObject({ name: plan.name, monthlyAmount: 5000 });
    expect(audit[1].after_data).toMatchObject({ name: body.name, monthlyAmount: 7500 });
  });

  it('refuses a bad body with 400, changes nothing and writes no audit row', async () => {
    const plan = await createPlan();
    const res = await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: 'Changed', totalAmount: 1 }), admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors.totalAmount).toBe(planMessages.totalMismatch);
    const bad = await api.put(`/api/committee-plans/${plan.id}`, { duration: 'long' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.duration).toBe(planMessages.durationRange);
    expect((await api.get(`/api/committee-plans/${plan.id}`)).body.plan.name).toBe(plan.name);
    expect((await auditRows(plan.id)).map((a) => a.action)).toEqual(['PLAN_CREATE']);
  });

  it('refuses to change the amounts or duration of a plan that has payments (409), but allows other changes', async () => {
    const plan = await createPlan({ monthlyAmount: 2000, duration: 10, totalAmount: 20000 });
    await addUserToPlan(plan.id, member.user.id);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE plan_id = $1', [plan.id]);
    expect(rows[0].n).toBe(10);

    const monthly = await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: plan.name, monthlyAmount: 3000, duration: 10, totalAmount: 30000 }), admin.token);
    expect(monthly.status).toBe(409);
    expect(monthly.body).toMatchObject({ success: false, message: planMessages.amountsLocked });
    const duration = await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: plan.name, monthlyAmount: 2000, duration: 12, totalAmount: 24000 }), admin.token);
    expect(duration.status).toBe(409);
    expect(duration.body.message).toBe(planMessages.amountsLocked);

    const renamed = await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: 'Still 2000 a month', monthlyAmount: 2000, duration: 10, totalAmount: 20000 }), admin.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.plan).toMatchObject({ name: 'Still 2000 a month', monthlyAmount: 2000, duration: 10, groupCount: 1, currentMembers: 1 });
    expect((await auditRows(plan.id)).filter((a) => a.action === 'PLAN_UPDATE')).toHaveLength(1);
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.put(`/api/committee-plans/${id}`, planBody(), admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: planMessages.notFound });
    }
  });

  it('needs a session (401) and the ADMIN role (403)', async () => {
    const plan = await createPlan();
    expect((await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: 'Hijacked' }))).status).toBe(401);
    expect((await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: 'Hijacked' }), member.token)).status).toBe(403);
    expect((await api.get(`/api/committee-plans/${plan.id}`)).body.plan.name).toBe(plan.name);
    expect((await auditRows(plan.id)).map((a) => a.action)).toEqual(['PLAN_CREATE']);
  });

  it("keeps its groups' end dates at start date plus the plan's duration when the duration changes", async () => {
    const plan = await createPlan({ monthlyAmount: 1000, duration: 12, totalAmount: 12000 });
    const created = await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Empty group', maxMembers: 10, startDate: '2030-01-01' }, admin.token);
    expect(created.status).toBe(201);
    expect(created.body.group.endDate).toBe('2031-01-01');

    const res = await api.put(`/api/committee-plans/${plan.id}`, planBody({ name: plan.name, monthlyAmount: 1000, duration: 6, totalAmount: 6000 }), admin.token);
    expect(res.status).toBe(200);
    const details = await api.get(`/api/admin/groups/${created.body.group.id}/details`, admin.token);
    expect(details.body.group.plan.duration).toBe(6);
    expect(details.body.group.endDate).toBe(addMonthsToDate('2030-01-01', 6));
  });
});

describe('PUT /api/committee-plans/:id/activate and /deactivate', () => {
  it('deactivates a plan, hiding it from members, and activates it again, auditing each change', async () => {
    const plan = await createPlan();
    const off = await api.put(`/api/committee-plans/${plan.id}/deactivate`, undefined, admin.token, { answer: planAnswer });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Plan deactivated successfully');
    expect(off.body.data.plan).toMatchObject({ id: plan.id, isActive: false });
    expect((await api.get(`/api/committee-plans/${plan.id}`, member.token)).status).toBe(404);
    expect((await api.get(`/api/committee-plans?search=${encodeURIComponent(plan.name)}`, member.token)).body.data.plans).toEqual([]);

    const on = await api.put(`/api/committee-plans/${plan.id}/activate`, undefined, admin.token, { answer: planAnswer });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe('Plan activated successfully');
    expect(on.body.plan).toMatchObject({ id: plan.id, isActive: true });
    expect((await api.get(`/api/committee-plans/${plan.id}`, member.token)).status).toBe(200);

    const audit = await auditRows(plan.id);
    expect(audit.map((a) => a.action)).toEqual(['PLAN_CREATE', 'PLAN_DEACTIVATE', 'PLAN_ACTIVATE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, entity_id: plan.id, before_data: { isActive: true }, after_data: { isActive: false } });
    expect(audit[2]).toMatchObject({ actor_id: admin.user.id, entity_id: plan.id, before_data: { isActive: false }, after_data: { isActive: true } });
  });

  it.each(['activate', 'deactivate'])('/%s answers 404 for an unknown id, 401 without a session and 403 for a member', async (action) => {
    const plan = await createPlan();
    expect((await api.put(`/api/committee-plans/${randomUUID()}/${action}`, undefined, admin.token)).status).toBe(404);
    expect((await api.put(`/api/committee-plans/not-a-uuid/${action}`, undefined, admin.token)).status).toBe(404);
    expect((await api.put(`/api/committee-plans/${plan.id}/${action}`)).status).toBe(401);
    expect((await api.put(`/api/committee-plans/${plan.id}/${action}`, undefined, member.token)).status).toBe(403);
    expect((await auditRows(plan.id)).map((a) => a.action)).toEqual(['PLAN_CREATE']);
  });
});

describe('DELETE /api/committee-plans/:id', () => {
  it('deletes a plan without groups or payments for good, and audits it', async () => {
    const plan = await createPlan();
    const res = await api.delete(`/api/committee-plans/${plan.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'plan.deleted', message: 'Committee plan deleted successfully' });
    expect(await planRowCount(plan.id)).toBe(0);
    expect((await api.get(`/api/committee-plans/${plan.id}`, admin.token)).status).toBe(404);
    expect((await api.delete(`/api/committee-plans/${plan.id}`, admin.token)).status).toBe(404);

    const audit = await auditRows(plan.id);
    expect(audit.map((a) => a.action)).toEqual(['PLAN_CREATE', 'PLAN_DELETE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, entity_type: 'plan', entity_id: plan.id });
    expect(audit[1].before_data).toMatchObject({ id: plan.id, name: plan.name });
  });

  it('refuses to delete a plan that has a group (409) and keeps it', async () => {
    const plan = await createPlan();
    const group = await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Group one', maxMembers: 20, startDate: '2030-01-01' }, admin.token);
    expect(group.status).toBe(201);
    const res = await api.delete(`/api/committee-plans/${plan.id}`, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: 'This plan has groups or payments and cannot be deleted. Deactivate it instead.' });
    expect(await planRowCount(plan.id)).toBe(1);
    expect((await auditRows(plan.id)).map((a) => a.action)).toEqual(['PLAN_CREATE']);
  });

  it('refuses to delete a plan with a member and their payments (409)', async () => {
    const plan = await createPlan();
    await addUserToPlan(plan.id, member.user.id);
    const res = await api.delete(`/api/committee-plans/${plan.id}`, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(planMessages.hasHistory);
    expect(await planRowCount(plan.id)).toBe(1);
  });

  it('refuses to delete a plan that has only a plan request, without any group (409)', async () => {
    const plan = await createPlan();
    const request = await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, member.token);
    expect(request.status).toBe(201);
    const res = await api.delete(`/api/committee-plans/${plan.id}`, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(planMessages.hasHistory);
    expect(await planRowCount(plan.id)).toBe(1);
  });

  it('answers 404 for an unknown id, 401 without a session and 403 for a member', async () => {
    const plan = await createPlan();
    expect((await api.delete(`/api/committee-plans/${randomUUID()}`, admin.token)).status).toBe(404);
    expect((await api.delete('/api/committee-plans/not-a-uuid', admin.token)).status).toBe(404);
    expect((await api.delete(`/api/committee-plans/${plan.id}`)).status).toBe(401);
    const asMember = await api.delete(`/api/committee-plans/${plan.id}`, member.token);
    expect(asMember.status).toBe(403);
    expect(await planRowCount(plan.id)).toBe(1);
  });
});
