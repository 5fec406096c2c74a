/**
 * Simultaneous admin actions on PostgreSQL, with real parallel requests over separate connections:
 * exactly one of them takes effect (RULES §4, §5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAnswer } from '../../contract/plans.ts';
import { createTestContext, socketClient, type ApiClient, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;
let admins: Awaited<ReturnType<typeof signInAdmin>>[];
let bankAccountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
  admins = [await signInAdmin(ctx), await signInAdmin(ctx)];
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'UBL', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
});
afterAll(() => ctx.close());

async function pendingRequest(planId: string) {
  const member = await signUpMember(ctx);
  const body = multipartBody({ planId, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
  expect(res.statusCode).toBe(201);
  return { member, paymentId: res.json().payment.id as string };
}

async function newPlan(maxMembers: number) {
  const res = await api.post('/api/committee-plans', { name: `Race ${Math.random()}`, monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers }, admins[0].token, { answer: planAnswer });
  return res.body.plan.id;
}

describe('races on PostgreSQL', () => {
  it.each([1, 2, 3])('20 simultaneous approvals of one request give one membership and one schedule (round %i)', async () => {
    const planId = await newPlan(10);
    const { member, paymentId } = await pendingRequest(planId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.put(`/api/plan-payments/${paymentId}/approve`, { groupNumber: '1' }, admins[i % 2].token)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const members = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM group_members WHERE user_id = $1', [member.user.id]);
    expect(members.rows[0].n).toBe(1);
    const schedule = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND type = 'INSTALMENT'`, [member.user.id]);
    expect(schedule.rows[0].n).toBe(2);
    const audits = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1`, [paymentId]);
    expect(audits.rows[0].n).toBe(1);
  });

  it.each([1, 2, 3])('simultaneous approvals into a group with one free seat give one member (round %i)', async () => {
    const planId = await newPlan(50);
    const group = await api.post('/api/admin/groups/create', { planId, groupName: 'Last seat', maxMembers: 2, startDate: '2026-12-01' }, admins[0].token);
    const groupId = group.body.group.id;
    const first = await pendingRequest(planId);
    expect((await api.put(`/api/plan-payments/${first.paymentId}/approve`, { groupId }, admins[0].token)).status).toBe(200);

    const contenders = await Promise.all(Array.from({ length: 8 }, () => pendingRequest(planId)));
    const results = await Promise.all(contenders.map((c, i) => api.put(`/api/plan-payments/${c.paymentId}/approve`, { groupId }, admins[i % 2].token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === 'Committee is full.')).toBe(true);
    const g = await ctx.db.query<{ current_members: number; n: number }>(
      'SELECT current_members, (SELECT count(*)::int FROM group_members WHERE group_id = $1) AS n FROM committee_groups WHERE id = $1',
      [groupId],
    );
    expect(g.rows[0]).toEqual({ current_members: 2, n: 2 });
  });

  it.each([1, 2, 3])('simultaneous requests for the same plan by one member open one request (round %i)', async () => {
    const planId = await newPlan(10);
    const member = await signUpMember(ctx);
    const results = await Promise.all(Array.from({ length: 10 }, () => api.post('/api/plan-payments', { planId, amount: 1000 }, member.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it('simultaneous default changes leave exactly one default account', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await api.post('/api/bank-accounts', { accountName: `B${i}`, accountNumber: `${i}`, bankName: 'MCB', accountType: 'Savings' }, admins[0].token)).body.bankAccount.id);
    }
    await Promise.all(ids.map((id, i) => api.put(`/api/bank-accounts/${id}/set-default`, undefined, admins[i % 2].token)));
    const defaults = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_accounts WHERE is_default');
    expect(defaults.rows[0].n).toBe(1);
  });

  it.each([1, 2])('simultaneous add-user calls with only a userId fill the free seats and open one new group (round %i)', async () => {
    const planId = await newPlan(50);
    await api.post('/api/admin/groups/create', { planId, groupName: 'Three seats', maxMembers: 3, startDate: '2026-12-01' }, admins[0].token);
    const members = await Promise.all(Array.from({ length: 8 }, () => signUpMember(ctx)));
    const results = await Promise.all(members.map((m, i) => api.post(`/api/committee-plans/${planId}/add-user`, { userId: m.user.id }, admins[i % 2].token)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const groups = await ctx.db.query<{ current_members: number; max_members: number }>(
      'SELECT current_members, max_members FROM committee_groups WHERE plan_id = $1 ORDER BY created_at',
      [planId],
    );
    // Three in the first group; the five others in one new group (the plan allows 50 a group), none lost.
    expect(groups.rows.map((g) => g.current_members)).toEqual([3, 5]);
    const seats = await ctx.db.query<{ n: number; numbers: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT (group_id, member_number))::int AS numbers FROM group_members gm JOIN committee_groups g ON g.id = gm.group_id WHERE g.plan_id = $1',
      [planId],
    );
    expect(seats.rows[0]).toEqual({ n: 8, numbers: 8 });
  });
});
